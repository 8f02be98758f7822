//! What Reversi's searches keep in the shared transposition table
//! ([`crate::engine::shared_table`]), and the position hash that indexes it.

use crate::engine::shared_table::{self, Packed};

/// What is known about a position: its score lies in `lower..=upper` at `depth`, and the move
/// that was best (or `NO_MOVE`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Entry {
    pub lower: i16,
    pub upper: i16,
    pub depth: u8,
    pub best: u8,
}

/// `Entry::best` when no move is known.
pub const NO_MOVE: u8 = 64;

impl Entry {
    /// Uses what the entry knows in a search of `alpha..beta`: the score to return when it
    /// settles the question, else the window narrowed to the entry's bounds.
    #[inline]
    pub fn cut(&self, alpha: &mut i32, beta: &mut i32) -> Option<i32> {
        let (lo, hi) = (i32::from(self.lower), i32::from(self.upper));
        if lo >= *beta || lo == hi {
            return Some(lo);
        }
        if hi <= *alpha {
            return Some(hi);
        }
        *alpha = (*alpha).max(lo);
        *beta = (*beta).min(hi);
        None
    }

    /// The entry for a fail-soft search of `alpha..beta` at `depth` that found `best` with
    /// `best_move`; bounds not established are `-limit` / `limit`.
    pub fn after(best: i32, alpha: i32, beta: i32, limit: i32, depth: u32, best_move: u8) -> Entry {
        Entry {
            lower: if best > alpha { best } else { -limit } as i16,
            upper: if best < beta { best } else { limit } as i16,
            depth: depth.min(255) as u8,
            best: best_move,
        }
    }
}

impl Packed for Entry {
    fn pack(self) -> u64 {
        u64::from(self.lower as u16)
            | u64::from(self.upper as u16) << 16
            | u64::from(self.depth) << 32
            | u64::from(self.best) << 40
    }

    fn unpack(data: u64) -> Entry {
        Entry {
            lower: data as u16 as i16,
            upper: (data >> 16) as u16 as i16,
            depth: (data >> 32) as u8,
            best: (data >> 40) as u8,
        }
    }

    fn depth(&self) -> i32 {
        i32::from(self.depth)
    }
}

/// Reversi's table: shared by the search threads.
pub type Table = shared_table::Table<Entry>;

/// murmur3's 64-bit finaliser: every input bit reaches every output bit.
fn fmix(mut h: u64) -> u64 {
    h ^= h >> 33;
    h = h.wrapping_mul(0xff51_afd7_ed55_8ccd);
    h ^= h >> 33;
    h = h.wrapping_mul(0xc4ce_b9fe_1a85_ec53);
    h ^ (h >> 33)
}

/// The hash of a position given as the side to move's discs and the opponent's.
#[inline]
pub fn hash(p: u64, o: u64) -> u64 {
    fmix(p ^ fmix(o ^ 0x9e37_79b9_7f4a_7c15))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn stores_and_finds() {
        let t = Table::new(1);
        let e = Entry {
            lower: -300,
            upper: 6400,
            depth: 12,
            best: 19,
        };
        let k = hash(1, 2);
        assert_eq!(t.probe(k), None);
        t.store(k, e);
        assert_eq!(t.probe(k), Some(e));
        assert_eq!(t.probe(hash(2, 1)), None);
        t.clear();
        assert_eq!(t.probe(k), None);
    }
}
