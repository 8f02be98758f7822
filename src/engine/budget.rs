//! When a search must stop: on request (undo, new game, quit), at its deadline, or when the
//! thread that started helpers no longer needs them.

use std::sync::atomic::{AtomicBool, Ordering::Relaxed};
use std::time::Instant;

pub struct Budget<'a> {
    stop: &'a AtomicBool,
    deadline: Option<Instant>,
    /// Set when the main search is done, to release helper threads.
    done: AtomicBool,
}

impl<'a> Budget<'a> {
    pub fn new(stop: &'a AtomicBool, deadline: Option<Instant>) -> Budget<'a> {
        Budget {
            stop,
            deadline,
            done: AtomicBool::new(false),
        }
    }

    /// Whether searching must end now. Cheap enough to call every few thousand nodes.
    pub fn exhausted(&self) -> bool {
        self.stop.load(Relaxed)
            || self.done.load(Relaxed)
            || self.deadline.is_some_and(|d| Instant::now() >= d)
    }

    /// A budget with the same stop request and deadline, released separately.
    pub fn child(&self) -> Budget<'a> {
        Budget::new(self.stop, self.deadline)
    }

    /// Releases helper threads.
    pub fn finish(&self) {
        self.done.store(true, Relaxed);
    }
}
