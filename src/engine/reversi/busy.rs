//! ABDADA (Weill, 1996): threads sharing one search tell each other which positions they are in,
//! and a thread puts off a move another thread is searching right now to a second pass over the
//! moves, so that the threads spread over the tree instead of searching the same subtree.

use std::sync::atomic::{AtomicU64, Ordering::Relaxed};

/// The positions threads are searching right now: a small lossy set (a slot per hash bucket),
/// enough to steer threads apart.
pub struct Busy {
    slots: Box<[AtomicU64]>,
}

impl Busy {
    const SLOTS: usize = 1 << 12;

    pub fn new() -> Busy {
        Busy {
            slots: (0..Self::SLOTS).map(|_| AtomicU64::new(0)).collect(),
        }
    }

    fn slot(&self, key: u64) -> &AtomicU64 {
        &self.slots[(key >> 40) as usize & (Self::SLOTS - 1)]
    }

    /// Before searching the child `key` of a node in `pass` (0 or 1): `false` when it is to be
    /// put off (first pass, not the node's first move, and another thread is in it); otherwise
    /// the child is marked as being searched, until [`Busy::leave`].
    pub fn claim(&self, pass: usize, first: bool, key: u64) -> bool {
        if pass == 0 && !first && self.slot(key).load(Relaxed) == key {
            return false;
        }
        self.slot(key).store(key, Relaxed);
        true
    }

    /// The child `key` is no longer being searched by this thread.
    pub fn leave(&self, key: u64) {
        let _ = self.slot(key).compare_exchange(key, 0, Relaxed, Relaxed);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_busy_move_is_put_off_once_and_never_the_first() {
        let busy = Busy::new();
        assert!(busy.claim(0, false, 7));
        assert!(!busy.claim(0, false, 7), "another thread is in it");
        assert!(busy.claim(0, true, 7), "the first move is never put off");
        assert!(busy.claim(1, false, 7), "the second pass searches it");
        busy.leave(7);
        assert!(busy.claim(0, false, 7));
    }
}
