//! heibai: black-and-white stone games in the terminal.
//!
//! The rules live in pure modules ([`reversi`]); [`game`] holds a game as a record; [`engine`]
//! has the computer players; [`ui`] is the App state machine and its drawing; [`term`] is the
//! local terminal driver that feeds it.

pub mod cli;
pub mod commands;
pub mod engine;
pub mod game;
pub mod gomoku;
pub mod record;
pub mod reversi;
pub mod store;
pub mod term;
pub mod ui;
