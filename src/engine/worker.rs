//! Runs the computer player and the analysis on their own thread. The UI sends a request with an
//! id and goes on drawing; reports come back through a callback with the same id, so one for a
//! request that was cancelled (undo, new game) is recognised and dropped by the App.

use super::analysis::{Analysis, analyze};
use super::tt::Table;
use super::{Engine, Level, Progress, gomoku};
use crate::reversi::{Move, Position};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{Sender, channel};
use std::thread::JoinHandle;

/// What the worker says about request `id`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Reply {
    pub id: u64,
    pub report: Report,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Report {
    /// The search has got this far.
    Progress(Progress),
    /// The computer's move: the last report of a `think`.
    Move(Move),
    /// Scores of every move, deeper each time, for analysis mode.
    Analysis(Analysis),
    /// The Gomoku search has got this far.
    GomokuProgress(gomoku::Progress),
    /// The computer's Gomoku move: the last report of a `think_gomoku`.
    Stone(crate::gomoku::Point),
}

enum Task {
    Think(Position, u8),
    Analyze(Position),
    Gomoku(Box<crate::gomoku::Position>, u8),
}

struct Job {
    id: u64,
    task: Task,
    stop: Arc<AtomicBool>,
}

/// A thread that answers one request at a time.
pub struct Worker {
    jobs: Option<Sender<Job>>,
    stop: Arc<AtomicBool>,
    thread: Option<JoinHandle<()>>,
}

/// Tables for analysis, in MiB.
const ANALYSIS_MB: usize = 32;

impl Worker {
    /// Starts the thread; engines search with `threads` threads; `reply` is called on the worker
    /// thread with each report.
    pub fn spawn(threads: usize, reply: impl Fn(Reply) + Send + 'static) -> Worker {
        let (jobs, inbox) = channel::<Job>();
        let thread = std::thread::Builder::new()
            .name("heibai-engine".into())
            .spawn(move || {
                let mut engine: Option<(u8, Box<dyn Engine>)> = None;
                // Analysis tables are made on first use: most games never turn analysis on.
                let mut tables: Option<(Table, Table)> = None;
                for job in inbox {
                    let send = |report| {
                        if !job.stop.load(Ordering::Relaxed) {
                            reply(Reply { id: job.id, report });
                        }
                    };
                    match job.task {
                        Task::Think(position, level) => {
                            let level = Level::get(level).unwrap_or(super::LEVELS[0]);
                            if engine.as_ref().is_none_or(|(n, _)| *n != level.number) {
                                engine = Some((level.number, level.engine(threads)));
                            }
                            let (_, e) = engine.as_mut().expect("just set");
                            let mv =
                                e.choose(&position, &job.stop, &mut |p| send(Report::Progress(p)));
                            send(Report::Move(mv));
                        }
                        Task::Analyze(position) => {
                            let (midgame, endgame) = tables.get_or_insert_with(|| {
                                (Table::new(ANALYSIS_MB), Table::new(ANALYSIS_MB))
                            });
                            analyze(&position, &job.stop, midgame, endgame, &mut |a| {
                                send(Report::Analysis(a))
                            })
                        }
                        Task::Gomoku(position, level) => {
                            let point = gomoku::choose(&position, level, &job.stop, &mut |p| {
                                send(Report::GomokuProgress(p))
                            });
                            send(Report::Stone(point));
                        }
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

    fn send(&mut self, id: u64, task: Task) {
        self.cancel();
        self.stop = Arc::new(AtomicBool::new(false));
        let job = Job {
            id,
            task,
            stop: Arc::clone(&self.stop),
        };
        if let Some(jobs) = &self.jobs {
            // The thread only ends when `jobs` is dropped, so a send cannot fail before then.
            let _ = jobs.send(job);
        }
    }

    /// Asks for a move at `level` in `position`; any earlier request is cancelled.
    pub fn think(&mut self, id: u64, position: Position, level: u8) {
        self.send(id, Task::Think(position, level));
    }

    /// Asks for a Gomoku move at `level` in `position`; any earlier request is cancelled.
    pub fn think_gomoku(&mut self, id: u64, position: crate::gomoku::Position, level: u8) {
        self.send(id, Task::Gomoku(Box::new(position), level));
    }

    /// Asks for scores of every move in `position` until cancelled.
    pub fn analyze(&mut self, id: u64, position: Position) {
        self.send(id, Task::Analyze(position));
    }

    /// Tells the current search to stop; nothing more is reported for it.
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
    use std::time::Duration;

    #[test]
    fn answers_on_its_thread_with_the_request_id() {
        let (tx, rx) = channel();
        let mut worker = Worker::spawn(1, move |r| {
            let _ = tx.send(r);
        });
        worker.think(7, Position::initial(), 1);
        let reply = rx.recv_timeout(Duration::from_secs(10)).unwrap();
        assert_eq!(
            reply,
            Reply {
                id: 7,
                report: Report::Move("d3".parse().unwrap())
            }
        );
    }

    #[test]
    fn nothing_is_reported_for_a_cancelled_request() {
        let (tx, rx) = channel();
        let mut worker = Worker::spawn(2, move |r| {
            let _ = tx.send(r);
        });
        // A long think at the unlimited level, cancelled at once, then a quick one. Requests run
        // in order, so anything the first sent after its cancellation would arrive first.
        let midgame: Position =
            "----X-----XXX----OOOXOOO-OOOXOOO-OXOXOXO-OOXXOOO--OOXO----O--O-- X"
                .parse()
                .unwrap();
        worker.think(1, midgame, 8);
        worker.cancel();
        worker.think(2, Position::initial(), 1);
        loop {
            let reply = rx.recv_timeout(Duration::from_secs(60)).unwrap();
            if reply.id == 2 {
                assert!(matches!(reply.report, Report::Move(_)));
                break;
            }
            assert!(
                matches!(reply.report, Report::Progress(_)),
                "only progress from before the cancel: {reply:?}"
            );
        }
    }

    #[test]
    fn analysis_reports_every_move() {
        let (tx, rx) = channel();
        let mut worker = Worker::spawn(1, move |r| {
            let _ = tx.send(r);
        });
        worker.analyze(3, Position::initial());
        let reply = rx.recv_timeout(Duration::from_secs(10)).unwrap();
        let Report::Analysis(a) = reply.report else {
            panic!("{reply:?}")
        };
        assert_eq!(a.scores.len(), 4);
        worker.cancel();
    }

    #[test]
    fn gomoku_moves_come_back_as_stones() {
        let (tx, rx) = channel();
        let mut worker = Worker::spawn(1, move |r| {
            let _ = tx.send(r);
        });
        let start = crate::gomoku::Position::new(15, crate::gomoku::Rule::Renju, true);
        worker.think_gomoku(4, start.clone(), 3);
        loop {
            let reply = rx.recv_timeout(Duration::from_secs(10)).unwrap();
            assert_eq!(reply.id, 4);
            if let Report::Stone(p) = reply.report {
                assert_eq!(p, start.centre());
                break;
            }
        }
    }
}
