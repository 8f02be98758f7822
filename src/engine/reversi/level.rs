//! Difficulty levels and the searching engine behind levels 2 and up.

use super::book::BOOK;
use super::endgame;
use super::probcut::Selectivity;
use super::search::{self, Found, Limits};
use super::tt::Table;
use super::{Beginner, Engine, Progress};
use crate::engine::Budget;
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
    /// How loosely the midgame moves are chosen, in hundredths of a disc (0: always the best
    /// found). Each move is scored and picked with a chance that falls by a factor e for every
    /// `noise` it is worse than the best: small slips often, big blunders rarely, as people
    /// play. It keeps the lower levels beatable now that the evaluation is a strong one.
    pub noise: i32,
    /// Plays from the opening book, choosing among the book moves this many discs from the
    /// best; `None`: no book.
    pub book: Option<i32>,
    /// Multi-ProbCut's confidence in the midgame search; `None`: full width.
    pub selectivity: Option<Selectivity>,
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
        noise: 0,
        book: None,
        selectivity: None,
    },
    Level {
        number: 2,
        depth: 1,
        exact_from: 6,
        budget: ms(300),
        noise: 500,
        book: None,
        selectivity: None,
    },
    Level {
        number: 3,
        depth: 4,
        exact_from: 10,
        budget: ms(500),
        noise: 200,
        book: None,
        selectivity: None,
    },
    Level {
        number: 4,
        depth: 6,
        exact_from: 14,
        budget: ms(800),
        noise: 100,
        book: Some(3),
        selectivity: None,
    },
    Level {
        number: 5,
        depth: 14,
        exact_from: 17,
        budget: ms(1000),
        noise: 0,
        book: Some(2),
        selectivity: Some(Selectivity(15)),
    },
    Level {
        number: 6,
        depth: 18,
        exact_from: 19,
        budget: ms(2000),
        noise: 0,
        book: Some(2),
        selectivity: Some(Selectivity(15)),
    },
    Level {
        number: 7,
        depth: 20,
        exact_from: 21,
        // Under the 3 s every level but the unlimited one must keep, with room for the rest.
        budget: ms(2700),
        noise: 0,
        book: Some(1),
        selectivity: Some(Selectivity(15)),
    },
    Level {
        number: 8,
        depth: 30,
        exact_from: 26,
        budget: None,
        noise: 0,
        book: Some(1),
        selectivity: Some(Selectivity(20)),
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
    /// State of the random numbers that pick among moves at noisy levels.
    rng: u64,
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
            rng: seed(),
        }
    }

    /// Plays at another level from now on, keeping what the tables hold.
    pub fn set_level(&mut self, level: Level) {
        self.level = level;
    }
}

/// A seed that differs from game to game (odd, as xorshift needs a state that is not zero).
pub fn seed() -> u64 {
    crate::rng::Rng::from_time().next_u64() | 1
}

/// A number in `0..1` from xorshift64*: not [`crate::rng::Rng`], as the self-play games the
/// weights were fitted to (`training::selfplay`) are replayed from this sequence.
fn uniform(state: &mut u64) -> f64 {
    *state ^= *state >> 12;
    *state ^= *state << 25;
    *state ^= *state >> 27;
    (state.wrapping_mul(0x2545_f491_4f6c_dd1d) >> 11) as f64 / (1u64 << 53) as f64
}

/// Picks one of `scored` (square, hundredths of a disc), each with a weight of
/// e^((score − best) / noise).
pub(super) fn pick(scored: &[(u8, i32)], noise: i32, state: &mut u64) -> Option<u8> {
    let best = scored.iter().map(|m| m.1).max()?;
    let weight = |s: i32| (f64::from(s - best) / f64::from(noise.max(1))).exp();
    let total: f64 = scored.iter().map(|m| weight(m.1)).sum();
    let mut at = uniform(state) * total;
    for &(sq, s) in scored {
        at -= weight(s);
        if at <= 0.0 {
            return Some(sq);
        }
    }
    scored.last().map(|m| m.0)
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
        // A search that reached the end cut nothing.
        let selectivity = self.level.selectivity;
        let mut report = |f: Found| {
            progress(Progress {
                depth: f.depth,
                best: square_move(f.best),
                score: f.score,
                exact: false,
                nodes: f.nodes,
                book: false,
                selectivity: selectivity.filter(|_| f.depth < empties),
            })
        };
        if let Some(margin) = self.level.book
            && let Some((sq, value)) = BOOK.choose(p, o, margin, uniform(&mut self.rng))
        {
            progress(Progress {
                depth: 0,
                best: square_move(Some(sq)),
                score: 100 * value,
                exact: false,
                nodes: 0,
                book: true,
                selectivity: None,
            });
            return square_move(Some(sq));
        }
        if self.level.noise > 0 && !exact {
            let scored = search::score_all(
                p,
                o,
                self.level.depth,
                selectivity,
                self.threads,
                &self.midgame,
                &budget,
            );
            if let Some(sq) = scored.and_then(|s| pick(&s, self.level.noise, &mut self.rng)) {
                return square_move(Some(sq));
            }
        }
        let limits = Limits {
            depth: self.level.depth,
            pace: self.level.budget.map(|b| search::pace(started, b, exact)),
            selectivity,
            threads: self.threads,
        };
        let found = search::iterate(p, o, limits, &self.midgame, &budget, &mut report);
        if exact && let Some(solved) = endgame::solve(p, o, &self.endgame, &budget, self.threads) {
            progress(Progress {
                depth: empties,
                best: square_move(solved.best),
                score: 100 * solved.score,
                exact: true,
                nodes: found.nodes + solved.nodes,
                book: false,
                selectivity: None,
            });
            return square_move(solved.best);
        }
        square_move(found.best)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn noisy_choices_favour_better_moves_and_never_invent_one() {
        let scored = [(1, 0), (2, -200), (3, -1000)];
        let mut state = 12345;
        let mut counts = [0; 4];
        for _ in 0..10_000 {
            counts[pick(&scored, 200, &mut state).unwrap() as usize] += 1;
        }
        assert_eq!(counts[0], 0);
        // e^0 : e^-1 : e^-5 of 1.374.
        assert!((7000..7500).contains(&counts[1]), "{counts:?}");
        assert!((2500..2950).contains(&counts[2]), "{counts:?}");
        assert!(counts[3] < 100, "{counts:?}");
        assert_eq!(pick(&[], 200, &mut state), None);
    }
}
