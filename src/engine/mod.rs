//! Computer players. Each implements [`Engine`]; a [`Worker`] runs one on its own thread so that
//! the UI never waits for it.

mod beginner;
pub mod endgame;
mod stability;
pub mod tt;
mod worker;

pub use beginner::Beginner;
pub use worker::{Reply, Worker};

use crate::reversi::{Move, Position};
use std::sync::atomic::AtomicBool;

/// A computer player for Reversi.
pub trait Engine: Send {
    /// Chooses a move for the side to move: a legal square, or a pass when there is none.
    /// A long search checks `stop` and returns its best move so far once it is set.
    fn choose(&mut self, position: &Position, stop: &AtomicBool) -> Move;
}
