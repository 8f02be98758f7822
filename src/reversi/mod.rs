//! Reversi (Othello) rules: pure data and functions, no I/O.
//!
//! Squares are numbered 0..64 from a1 (top-left) along the rows: a1..h1 are 0..7, a2 is 8, h8 is 63.
//! A board is two bitboards with the same numbering.

mod bitboard;
pub mod openings;
mod perft;
mod position;
mod square;

pub use bitboard::{Bitboards, CORNERS, X_SQUARES, flips, legal_moves, neighbours};
pub use perft::{perft, perft_on};
pub use position::{MoveError, Position, PositionError, Status};
pub use square::{Move, Square, SquareError};

pub use crate::rules::Color;
