//! Gomoku and Renju on screen: its [`Rules`](super::rules::Rules) for the shared game screen, and
//! its board.

pub mod board;
pub mod view;
