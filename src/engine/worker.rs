//! Runs the computer players and the analysis off the UI thread. A [`Pool`] is a fixed set of
//! engine threads taking requests in turn; a [`Worker`] is one App's line to a pool. The App sends
//! a request with an id and goes on drawing; reports come back through the worker's callback with
//! the same id, so one for a request that was cancelled (undo, new game) is recognised and dropped.
//! The local game has a pool of its own; the SSH server shares one bounded pool between all its
//! sessions, with a time budget per request so that no player can hold an engine thread for long.

use super::Computer;
use super::reversi::Analysis;
use super::review::{Judge, Judged};
use crate::reversi::Position;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{Receiver, Sender, channel};
use std::sync::{Arc, Mutex};
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

/// What the worker says about request `id`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Reply {
    pub id: u64,
    pub report: Report,
}

/// What a worker is asked and says, and how an engine thread answers, for each game of the list
/// ([`crate::games`]): each game's engine room gives a [`Computer`].
macro_rules! worker_kinds {
    (() $($name:ident $room:ident),*) => {
        /// What a worker is asked: one kind of request for every game.
        #[derive(Clone, Debug, PartialEq)]
        pub enum Request {
            /// The computer's move at a level, one kind per game.
            $($name(Box<$crate::$room::Position>, u8),)*
            /// Scores of every move of a Reversi position, deeper each time, until cancelled.
            Analyze(Position),
            /// One position of a game under review, with the move played from it.
            Judge(Judge),
        }

        /// How far a search has got, in its game's terms.
        #[derive(Clone, Copy, Debug, PartialEq, Eq)]
        pub enum Searched {
            $($name(<super::$room::Computer as Computer>::Progress)),*
        }

        /// A computer's move, in its game's terms.
        #[derive(Clone, Copy, Debug, PartialEq, Eq)]
        pub enum Played {
            $($name($crate::$room::Move)),*
        }

        impl Request {
            /// The same request with a move's level set to `level` (any other as it is).
            pub fn at_level(self, level: u8) -> Request {
                match self {
                    $(Request::$name(position, _) => Request::$name(position, level),)*
                    other => other,
                }
            }
        }

        /// Each game's computer on one engine thread, kept between requests (each makes what
        /// it keeps when first asked).
        #[derive(Default)]
        pub struct Computers {
            $($room: super::$room::Computer),*
        }

        impl Computers {
            /// Answers `task` through `send`, with searches of `threads` threads.
            pub fn answer(
                &mut self,
                task: Request,
                threads: usize,
                stop: &AtomicBool,
                send: &dyn Fn(Report),
            ) {
                match task {
                    $(Request::$name(position, level) => {
                        let progress = &mut |p| send(Report::Progress(Searched::$name(p)));
                        let mv = self.$room.choose(&position, level, threads, stop, progress);
                        send(Report::Move(Played::$name(mv)));
                    })*
                    $(Request::Judge(Judge::$name(position, played)) => {
                        send(Report::Judged(self.$room.judge(&position, played, stop)));
                    })*
                    Request::Analyze(position) => {
                        self.reversi.analyze(&position, threads, stop, &mut |a| send(Report::Analysis(a)));
                    }
                }
            }
        }
    };
}
crate::games!(worker_kinds!());

/// What a worker says: one kind of report for every game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Report {
    /// The search has got this far.
    Progress(Searched),
    /// The computer's move: the last report of a request for one.
    Move(Played),
    /// Scores of every move, deeper each time, for analysis mode.
    Analysis(Analysis),
    /// The review of one position (the answer to [`Request::Judge`]); `None` when the time
    /// budget stopped it first.
    Judged(Option<Judged>),
}

type Callback = Arc<dyn Fn(Reply) + Send + Sync>;

struct Job {
    id: u64,
    task: Request,
    flags: Flags,
    reply: Callback,
}

/// A request's two reasons to stop. The search watches `stop`, raised on cancellation and by the
/// time budget; `cancelled`, raised only on cancellation, silences the reports.
#[derive(Clone, Default)]
struct Flags {
    stop: Arc<AtomicBool>,
    cancelled: Arc<AtomicBool>,
}

/// The searches running now, one slot per engine thread, for the time budget.
type Running = Arc<Mutex<Vec<Option<(Instant, Arc<AtomicBool>)>>>>;

/// Engine threads that answer requests in the order they come.
pub struct Pool {
    jobs: Option<Sender<Job>>,
    threads: Vec<JoinHandle<()>>,
    closing: Arc<AtomicBool>,
}

/// How often the budget keeper looks at the running searches.
const BUDGET_TICK: Duration = Duration::from_millis(20);

impl Pool {
    /// Starts `size` engine threads whose searches use `search_threads` threads each. With a
    /// `budget`, a search that has run that long is stopped and answers with what it has.
    pub fn new(size: usize, search_threads: usize, budget: Option<Duration>) -> Pool {
        let (jobs, inbox) = channel::<Job>();
        let inbox = Arc::new(Mutex::new(inbox));
        let running: Running = Arc::new(Mutex::new(vec![None; size]));
        let closing = Arc::new(AtomicBool::new(false));
        let mut threads: Vec<JoinHandle<()>> = (0..size)
            .map(|slot| {
                let inbox = Arc::clone(&inbox);
                let running = Arc::clone(&running);
                std::thread::Builder::new()
                    .name("heibai-engine".into())
                    .spawn(move || serve(&inbox, &running, slot, search_threads, budget))
                    .expect("spawning an engine thread")
            })
            .collect();
        if budget.is_some() {
            let closing = Arc::clone(&closing);
            threads.push(
                std::thread::Builder::new()
                    .name("heibai-budget".into())
                    .spawn(move || keep_budget(&running, &closing))
                    .expect("spawning the budget thread"),
            );
        }
        Pool {
            jobs: Some(jobs),
            threads,
            closing,
        }
    }
}

impl Drop for Pool {
    fn drop(&mut self) {
        self.closing.store(true, Ordering::Relaxed);
        self.jobs = None;
        for thread in self.threads.drain(..) {
            let _ = thread.join();
        }
    }
}

/// One engine thread: takes requests until the pool closes.
fn serve(
    inbox: &Mutex<Receiver<Job>>,
    running: &Running,
    slot: usize,
    search_threads: usize,
    budget: Option<Duration>,
) {
    let mut computers = Computers::default();
    loop {
        let next = inbox.lock().map(|inbox| inbox.recv());
        let Ok(Ok(job)) = next else { return };
        if job.flags.cancelled.load(Ordering::Relaxed) {
            continue;
        }
        if let Some(budget) = budget
            && let Ok(mut running) = running.lock()
        {
            running[slot] = Some((Instant::now() + budget, Arc::clone(&job.flags.stop)));
        }
        let stop = &job.flags.stop;
        let send = |report| {
            if !job.flags.cancelled.load(Ordering::Relaxed) {
                (job.reply)(Reply { id: job.id, report });
            }
        };
        computers.answer(job.task, search_threads, stop, &send);
        if let Ok(mut running) = running.lock() {
            running[slot] = None;
        }
    }
}

/// Stops every search that has run past its deadline, until the pool closes.
fn keep_budget(running: &Running, closing: &AtomicBool) {
    while !closing.load(Ordering::Relaxed) {
        std::thread::sleep(BUDGET_TICK);
        let now = Instant::now();
        if let Ok(running) = running.lock() {
            for (deadline, stop) in running.iter().flatten() {
                if now >= *deadline {
                    stop.store(true, Ordering::Relaxed);
                }
            }
        }
    }
}

/// One App's line to a pool: a new request cancels the one before.
pub struct Worker {
    pool: Arc<Pool>,
    reply: Callback,
    current: Flags,
}

impl Worker {
    /// A worker with a pool of its own: one engine thread whose searches use `threads` threads,
    /// and no time budget (the levels keep their own). `reply` is called on the engine thread.
    pub fn spawn(threads: usize, reply: impl Fn(Reply) + Send + Sync + 'static) -> Worker {
        Worker::on(&Arc::new(Pool::new(1, threads, None)), reply)
    }

    /// A worker whose requests go to a shared `pool`.
    pub fn on(pool: &Arc<Pool>, reply: impl Fn(Reply) + Send + Sync + 'static) -> Worker {
        Worker {
            pool: Arc::clone(pool),
            reply: Arc::new(reply),
            current: Flags::default(),
        }
    }

    /// Asks for `request`; any earlier request is cancelled.
    pub fn ask(&mut self, id: u64, task: Request) {
        self.cancel();
        self.current = Flags::default();
        let job = Job {
            id,
            task,
            flags: self.current.clone(),
            reply: Arc::clone(&self.reply),
        };
        if let Some(jobs) = &self.pool.jobs {
            // The threads only end when the pool is dropped, so a send cannot fail before then.
            let _ = jobs.send(job);
        }
    }

    /// Tells the current search to stop; nothing more is reported for it.
    pub fn cancel(&self) {
        self.current.cancelled.store(true, Ordering::Relaxed);
        self.current.stop.store(true, Ordering::Relaxed);
    }
}

impl Drop for Worker {
    fn drop(&mut self) {
        self.cancel();
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
        worker.ask(7, Request::Reversi(Box::default(), 1));
        let reply = rx.recv_timeout(Duration::from_secs(10)).unwrap();
        assert_eq!(
            reply,
            Reply {
                id: 7,
                report: Report::Move(Played::Reversi("d3".parse().unwrap()))
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
        worker.ask(1, Request::Reversi(Box::new(midgame), 8));
        worker.cancel();
        worker.ask(2, Request::Reversi(Box::default(), 1));
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
    fn a_shared_pool_answers_every_worker_and_keeps_the_budget() {
        let pool = Arc::new(Pool::new(2, 1, Some(Duration::from_millis(300))));
        let (tx, rx) = channel();
        let midgame: Position =
            "----X-----XXX----OOOXOOO-OOOXOOO-OXOXOXO-OOXXOOO--OOXO----O--O-- X"
                .parse()
                .unwrap();
        let mut workers: Vec<Worker> = (0..3)
            .map(|n| {
                let tx = tx.clone();
                Worker::on(&pool, move |r| {
                    let _ = tx.send((n, r));
                })
            })
            .collect();
        let started = Instant::now();
        for (n, worker) in workers.iter_mut().enumerate() {
            // The unlimited level would think for much longer than the budget.
            worker.ask(n as u64, Request::Reversi(Box::new(midgame), 8));
        }
        let mut answered = [false; 3];
        while answered.iter().any(|a| !a) {
            let (n, reply) = rx.recv_timeout(Duration::from_secs(30)).unwrap();
            assert_eq!(reply.id, n as u64);
            if let Report::Move(Played::Reversi(mv)) = reply.report {
                assert!(midgame.play(mv).is_ok(), "{mv:?}");
                answered[n] = true;
            }
        }
        // Three requests on two threads: two budgets one after the other, and some slack.
        assert!(started.elapsed() < Duration::from_secs(5));
    }

    #[test]
    fn analysis_reports_every_move() {
        let (tx, rx) = channel();
        let mut worker = Worker::spawn(1, move |r| {
            let _ = tx.send(r);
        });
        worker.ask(3, Request::Analyze(Position::initial()));
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
        worker.ask(4, Request::Gomoku(Box::new(start.clone()), 3));
        loop {
            let reply = rx.recv_timeout(Duration::from_secs(10)).unwrap();
            assert_eq!(reply.id, 4);
            if let Report::Move(Played::Gomoku(p)) = reply.report {
                assert_eq!(p, start.centre().into());
                break;
            }
        }
    }
}
