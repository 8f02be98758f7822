//! Difficulty levels and the searching engine behind levels 2 and up.

use super::budget::Budget;
use super::endgame;
use super::search::{self, Found, Limits};
use super::tt::Table;
use super::{Beginner, Engine, Progress};
use crate::reversi::{Move, Position, Square};
use std::sync::atomic::AtomicBool;
use std::time::{Duration, Instant};

/// One step of difficulty: how deep the computer looks, how long it may take, and from how
/// many empty squares it plays the rest of the game perfectly.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Level {
    pub number: u8,
    /// Midgame search depth in plies (0: the beginner's rule, no search).
    pub depth: u32,
    /// Perfect play (exact solve) from this many empties on (0: never).
    pub exact_from: u32,
    /// Most time per move; `None` only for the unlimited analysis level.
    pub budget: Option<Duration>,
}

const fn ms(n: u64) -> Option<Duration> {
    Some(Duration::from_millis(n))
}

pub const LEVELS: [Level; 8] = [
    Level {
        number: 1,
        depth: 0,
        exact_from: 0,
        budget: ms(100),
    },
    Level {
        number: 2,
        depth: 1,
        exact_from: 6,
        budget: ms(300),
    },
    Level {
        number: 3,
        depth: 3,
        exact_from: 10,
        budget: ms(500),
    },
    Level {
        number: 4,
        depth: 6,
        exact_from: 14,
        budget: ms(800),
    },
    Level {
        number: 5,
        depth: 10,
        exact_from: 17,
        budget: ms(1000),
    },
    Level {
        number: 6,
        depth: 14,
        exact_from: 19,
        budget: ms(2000),
    },
    Level {
        number: 7,
        depth: 20,
        exact_from: 21,
        // Under the 3 s every level but the unlimited one must keep, with room for the rest.
        budget: ms(2900),
    },
    Level {
        number: 8,
        depth: 30,
        exact_from: 26,
        budget: None,
    },
];

/// The level new games use: strong for casual players, about a second per move.
pub const DEFAULT_LEVEL: u8 = 5;

impl Level {
    /// Level `n` (1-8), if there is one.
    pub fn get(n: u8) -> Option<Level> {
        LEVELS.iter().copied().find(|l| l.number == n)
    }

    /// The engine that plays at this level.
    pub fn engine(&self, threads: usize) -> Box<dyn Engine> {
        if self.depth == 0 {
            Box::new(Beginner)
        } else {
            Box::new(Searching::new(*self, threads))
        }
    }
}

/// The search engine at a given level.
pub struct Searching {
    level: Level,
    threads: usize,
    midgame: Table,
    endgame: Table,
}

/// Table sizes in MiB.
const MIDGAME_MB: usize = 64;
const ENDGAME_MB: usize = 64;

impl Searching {
    pub fn new(level: Level, threads: usize) -> Searching {
        Searching {
            level,
            threads: threads.max(1),
            midgame: Table::new(MIDGAME_MB),
            endgame: Table::new(ENDGAME_MB),
        }
    }

    /// Plays at another level from now on, keeping what the tables hold.
    pub fn set_level(&mut self, level: Level) {
        self.level = level;
    }
}

fn square_move(sq: Option<u8>) -> Move {
    sq.and_then(Square::new).map_or(Move::Pass, Move::Play)
}

impl Engine for Searching {
    fn choose(
        &mut self,
        position: &Position,
        stop: &AtomicBool,
        progress: &mut dyn FnMut(Progress),
    ) -> Move {
        let (p, o) = position.own_opp();
        let moves = position.legal_moves();
        if moves.count_ones() <= 1 {
            return square_move((moves != 0).then(|| moves.trailing_zeros() as u8));
        }
        let started = Instant::now();
        let deadline = self.level.budget.map(|b| started + b);
        let budget = Budget::new(stop, deadline);
        let empties = 64 - (p | o).count_ones();
        let exact = empties <= self.level.exact_from;
        // Without a perfect endgame ahead, the midgame search may start iterations until half
        // the budget is gone; before a solve it finds a fallback move in a quarter of it, in
        // case the solve does not finish in time.
        let share = if exact { 4 } else { 2 };
        let soft = deadline.map(|d| started + (d - started) / share);
        let mut report = |f: Found| {
            progress(Progress {
                depth: f.depth,
                best: square_move(f.best),
                score: f.score,
                exact: false,
                nodes: f.nodes,
            })
        };
        let limits = Limits {
            depth: self.level.depth,
            soft,
        };
        let found = search::iterate(p, o, limits, &self.midgame, &budget, &mut report);
        if exact && let Some(solved) = endgame::solve(p, o, &self.endgame, &budget, self.threads) {
            progress(Progress {
                depth: empties,
                best: square_move(solved.best),
                score: 100 * solved.score,
                exact: true,
                nodes: found.nodes + solved.nodes,
            });
            return square_move(solved.best);
        }
        square_move(found.best)
    }
}
