//! The Reversi computer: bitboard search, the exact endgame solver, the learned evaluation and
//! the opening book, and the eight levels that use them.

mod analysis;
mod beginner;
pub mod book;
mod busy;
mod computer;
pub mod endgame;
mod eval;
mod level;
pub mod pattern;
pub mod probcut;
pub mod review;
pub mod search;
mod stability;
pub mod training;
pub mod tt;
pub mod weights;

pub use analysis::{ANALYSIS_SELECTIVITY, Analysis, EXACT_EMPTIES, analyze};
pub use beginner::Beginner;
pub use computer::Computer;
pub use eval::{evaluate, evaluate_on};
pub use level::{DEFAULT_LEVEL, LEVELS, Level, Searching, seed};

use crate::reversi::{Move, Position};
use std::sync::atomic::AtomicBool;

/// What a search has found so far, reported as it deepens.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Progress {
    /// Plies searched (for an exact result: the empties solved).
    pub depth: u32,
    pub best: Move,
    /// Hundredths of a disc for the side to move.
    pub score: i32,
    /// The score is the exact final disc difference (times 100).
    pub exact: bool,
    /// The move comes from the opening book (the score is the book's).
    pub book: bool,
    /// The search cut by Multi-ProbCut with this confidence (`None`: full width or exact).
    pub selectivity: Option<probcut::Selectivity>,
    pub nodes: u64,
}

/// A computer player for Reversi.
pub trait Engine: Send {
    /// Chooses a move for the side to move: a legal square, or a pass when there is none.
    /// A long search calls `progress` as it deepens, checks `stop`, and returns its best move so
    /// far once `stop` is set.
    fn choose(
        &mut self,
        position: &Position,
        stop: &AtomicBool,
        progress: &mut dyn FnMut(Progress),
    ) -> Move;
}
