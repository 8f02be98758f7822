//! Runs an engine on its own thread. The UI sends a position with a request id and goes on
//! drawing; the reply comes back through a callback with the same id, so a reply to a request
//! that was cancelled (undo, new game) is recognised and dropped by the App.

use super::Engine;
use crate::reversi::{Move, Position};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{Sender, channel};
use std::thread::JoinHandle;

/// An engine's answer to request `id`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Reply {
    pub id: u64,
    pub mv: Move,
}

struct Job {
    id: u64,
    position: Position,
    stop: Arc<AtomicBool>,
}

/// A thread that owns an engine and answers one request at a time.
pub struct Worker {
    jobs: Option<Sender<Job>>,
    stop: Arc<AtomicBool>,
    thread: Option<JoinHandle<()>>,
}

impl Worker {
    /// Starts the thread; `reply` is called on it with each answer.
    pub fn spawn(mut engine: Box<dyn Engine>, reply: impl Fn(Reply) + Send + 'static) -> Worker {
        let (jobs, inbox) = channel::<Job>();
        let thread = std::thread::Builder::new()
            .name("heibai-engine".into())
            .spawn(move || {
                for job in inbox {
                    let mv = engine.choose(&job.position, &job.stop);
                    if !job.stop.load(Ordering::Relaxed) {
                        reply(Reply { id: job.id, mv });
                    }
                }
            })
            .expect("spawning the engine thread");
        Worker {
            jobs: Some(jobs),
            stop: Arc::new(AtomicBool::new(false)),
            thread: Some(thread),
        }
    }

    /// Asks for a move in `position`; any earlier request is cancelled.
    pub fn think(&mut self, id: u64, position: Position) {
        self.cancel();
        self.stop = Arc::new(AtomicBool::new(false));
        let job = Job {
            id,
            position,
            stop: Arc::clone(&self.stop),
        };
        if let Some(jobs) = &self.jobs {
            // The thread only ends when `jobs` is dropped, so a send cannot fail before then.
            let _ = jobs.send(job);
        }
    }

    /// Tells the current search to stop; its reply, if any, is not sent.
    pub fn cancel(&self) {
        self.stop.store(true, Ordering::Relaxed);
    }
}

impl Drop for Worker {
    fn drop(&mut self) {
        self.cancel();
        self.jobs = None;
        if let Some(thread) = self.thread.take() {
            let _ = thread.join();
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::Beginner;
    use std::time::Duration;

    #[test]
    fn answers_on_its_thread_with_the_request_id() {
        let (tx, rx) = channel();
        let mut worker = Worker::spawn(Box::new(Beginner), move |r| {
            let _ = tx.send(r);
        });
        worker.think(7, Position::initial());
        let reply = rx.recv_timeout(Duration::from_secs(10)).unwrap();
        assert_eq!(reply.id, 7);
        assert_eq!(reply.mv.to_string(), "d3");
    }
}
