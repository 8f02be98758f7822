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

/// Visits a node's `n` moves in order, best first, the way threads sharing `busy` should: on a
/// first pass the moves no other thread is in (the first move always), then the ones put off.
/// `key(i)` is move `i`'s position key; `visit(i)` searches it and says whether the node is
/// done (a cut-off, or a stop). Without `busy`: one pass, in order.
#[inline(always)]
pub fn each_move(
    busy: Option<&Busy>,
    n: usize,
    key: impl Fn(usize) -> u64,
    mut visit: impl FnMut(usize) -> bool,
) {
    let mut deferred = [false; 32];
    for pass in 0..2 {
        for (i, put_off) in deferred[..n].iter_mut().enumerate() {
            if pass == 1 && !*put_off {
                continue;
            }
            let child = busy.map(|_| key(i));
            if let (Some(busy), Some(child)) = (busy, child)
                && !busy.claim(pass, i == 0, child)
            {
                *put_off = true;
                continue;
            }
            let done = visit(i);
            if let (Some(busy), Some(child)) = (busy, child) {
                busy.leave(child);
            }
            if done {
                return;
            }
        }
        if !deferred.contains(&true) {
            return;
        }
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

    #[test]
    fn moves_another_thread_is_in_come_last_and_a_cut_ends_the_node() {
        let busy = Busy::new();
        // Keys far apart, so that each has a slot of its own.
        let key = |i: usize| (i as u64 + 1) << 40;
        busy.claim(0, false, key(1));
        let mut order = vec![];
        each_move(Some(&busy), 4, key, |i| {
            order.push(i);
            false
        });
        assert_eq!(order, [0, 2, 3, 1]);
        let mut order = vec![];
        each_move(
            None,
            4,
            |_| unreachable!(),
            |i| {
                order.push(i);
                i == 2
            },
        );
        assert_eq!(order, [0, 1, 2]);
    }
}
