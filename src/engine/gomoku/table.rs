//! The search's memory, of a fixed size however long it runs: the transposition table (one
//! position's score, bound, depth and best move a slot, shared by the search's threads) and
//! the sets of positions a threat search has refuted. Memory is taken when first written, so
//! a search that never stores (the quick checks around the main search) costs nothing.

use crate::engine::shared_table::{self, Packed};

/// What a search found about one position.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Entry {
    pub depth: i32,
    pub score: i32,
    pub bound: Bound,
    pub best: usize,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Bound {
    Exact,
    Lower,
    Upper,
}

impl Bound {
    /// What a search's `score` is, given the window (`alpha`, `beta`) it searched in.
    pub fn of(score: i32, alpha: i32, beta: i32) -> Bound {
        if score >= beta {
            Bound::Lower
        } else if score > alpha {
            Bound::Exact
        } else {
            Bound::Upper
        }
    }
}

impl Entry {
    /// Whether this score settles a search in the window (`alpha`, `beta`) by itself.
    pub fn settles(&self, alpha: i32, beta: i32) -> bool {
        match self.bound {
            Bound::Exact => true,
            Bound::Lower => self.score >= beta,
            Bound::Upper => self.score <= alpha,
        }
    }
}

/// Packed as the score, the move, the depth (within `i8`) and the bound (never 0, so an entry
/// never packs to an empty slot).
impl Packed for Entry {
    fn pack(self) -> u64 {
        let depth = self.depth.clamp(i32::from(i8::MIN), i32::from(i8::MAX)) as i8;
        let bound: u64 = match self.bound {
            Bound::Exact => 1,
            Bound::Lower => 2,
            Bound::Upper => 3,
        };
        u64::from(self.score as u32)
            | u64::from(self.best as u16) << 32
            | u64::from(depth as u8) << 48
            | bound << 56
    }

    fn unpack(data: u64) -> Entry {
        Entry {
            score: data as u32 as i32,
            best: usize::from((data >> 32) as u16),
            depth: i32::from((data >> 48) as u8 as i8),
            bound: match data >> 56 {
                1 => Bound::Exact,
                2 => Bound::Lower,
                _ => Bound::Upper,
            },
        }
    }

    fn depth(&self) -> i32 {
        self.depth
    }
}

/// The Gomoku search's table: one for all its threads.
pub type Table = shared_table::Table<Entry>;

/// A set of position keys of a fixed size: a key may be forgotten when another takes its slot
/// (a threat search then searches that position again), never wrongly remembered.
pub struct Keys {
    slots: Vec<u64>,
    size: usize,
}

impl Keys {
    /// A set of `size` slots (rounded down to a power of two, at least one).
    pub fn new(size: usize) -> Keys {
        Keys {
            slots: vec![],
            size: 1 << size.max(1).ilog2(),
        }
    }

    fn index(&self, key: u64) -> usize {
        (key as usize) & (self.size - 1)
    }

    pub fn contains(&self, key: u64) -> bool {
        // Key 0 is the empty slot's; a position hashing to 0 is simply not remembered.
        key != 0 && self.slots.get(self.index(key)) == Some(&key)
    }

    pub fn insert(&mut self, key: u64) {
        if self.slots.is_empty() {
            self.slots = vec![0; self.size];
        }
        let i = self.index(key);
        self.slots[i] = key;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_entry_survives_packing() {
        for (depth, score, bound, best) in [
            (12, -999_990, Bound::Lower, 624),
            (-3, 1_000_000, Bound::Exact, 0),
            (200, 17, Bound::Upper, 300),
        ] {
            let e = Entry {
                depth,
                score,
                bound,
                best,
            };
            let back = Entry::unpack(e.pack());
            assert_eq!(back.depth, depth.min(127));
            assert_eq!((back.score, back.bound, back.best), (score, bound, best));
            assert_ne!(e.pack(), 0);
        }
    }

    #[test]
    fn a_key_set_forgets_but_never_invents() {
        let mut k = Keys::new(4);
        assert!(!k.contains(3));
        k.insert(3);
        assert!(k.contains(3));
        k.insert(7);
        assert!(k.contains(7) && !k.contains(3));
        k.insert(0);
        assert!(!k.contains(0));
    }
}
