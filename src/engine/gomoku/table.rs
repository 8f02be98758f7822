//! The search's memory, of a fixed size however long it runs: the transposition table (one
//! position's score, bound, depth and best move a slot, the deeper result kept when two meet)
//! and the sets of positions a threat search has refuted. Memory is taken when first written,
//! so a search that never stores (the quick checks around the main search) costs nothing.

/// Slots of the transposition table in a MiB (16 bytes each).
const SLOTS_PER_MB: usize = (1 << 20) / 16;

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

/// One slot: a position's key and what was found, packed in 16 bytes (bound 0: empty).
#[derive(Clone, Copy, Default)]
struct Slot {
    key: u64,
    score: i32,
    best: u16,
    depth: i8,
    bound: u8,
}

/// A transposition table of a fixed number of slots (a power of two), indexed by the
/// position's key.
pub struct Table {
    slots: Vec<Slot>,
    size: usize,
}

impl Table {
    /// A table of at most `mb` MiB (at least one slot).
    pub fn new(mb: usize) -> Table {
        let wanted = (mb * SLOTS_PER_MB).max(1);
        Table {
            slots: vec![],
            size: 1 << wanted.ilog2(),
        }
    }

    fn index(&self, key: u64) -> usize {
        (key as usize) & (self.size - 1)
    }

    /// What was stored for `key`, if its slot still holds it.
    pub fn get(&self, key: u64) -> Option<Entry> {
        let slot = self.slots.get(self.index(key))?;
        let bound = match slot.bound {
            1 => Bound::Exact,
            2 => Bound::Lower,
            3 => Bound::Upper,
            _ => return None,
        };
        (slot.key == key).then_some(Entry {
            depth: i32::from(slot.depth),
            score: slot.score,
            bound,
            best: usize::from(slot.best),
        })
    }

    /// Stores `entry` for `key`, unless its slot holds a deeper result for another position.
    pub fn put(&mut self, key: u64, entry: Entry) {
        if self.slots.is_empty() {
            self.slots = vec![Slot::default(); self.size];
        }
        let i = self.index(key);
        let slot = &mut self.slots[i];
        let depth = entry.depth.clamp(i32::from(i8::MIN), i32::from(i8::MAX)) as i8;
        if slot.bound != 0 && slot.key != key && slot.depth > depth {
            return;
        }
        *slot = Slot {
            key,
            score: entry.score,
            best: entry.best as u16,
            depth,
            bound: match entry.bound {
                Bound::Exact => 1,
                Bound::Lower => 2,
                Bound::Upper => 3,
            },
        };
    }
}

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

    fn entry(depth: i32, score: i32) -> Entry {
        Entry {
            depth,
            score,
            bound: Bound::Exact,
            best: 7,
        }
    }

    #[test]
    fn keeps_the_deeper_result_of_two_positions_in_one_slot() {
        let mut t = Table::new(0);
        assert_eq!(t.get(5), None);
        t.put(5, entry(4, 10));
        assert_eq!(t.get(5), Some(entry(4, 10)));
        // One slot: another key with a shallower result does not replace it…
        t.put(6, entry(2, 20));
        assert_eq!(t.get(6), None);
        assert_eq!(t.get(5), Some(entry(4, 10)));
        // …the same position always updates, and a deeper one replaces it.
        t.put(5, entry(1, 11));
        assert_eq!(t.get(5), Some(entry(1, 11)));
        t.put(6, entry(3, 20));
        assert_eq!((t.get(5), t.get(6)), (None, Some(entry(3, 20))));
    }

    #[test]
    fn a_table_takes_no_more_than_its_size() {
        let mut t = Table::new(2);
        t.put(1, entry(1, 1));
        assert_eq!(t.slots.len() * std::mem::size_of::<Slot>(), 2 << 20);
        assert_eq!(std::mem::size_of::<Slot>(), 16);
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
