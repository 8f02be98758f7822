//! heibai: black-and-white stone games in the terminal.
//!
//! The rules live in pure modules ([`reversi`]); [`game`] holds a game as a record; [`engine`]
//! has the computer players; [`ui`] is the App state machine and its drawing; [`term`] is the
//! local terminal driver that feeds it; [`serve`] runs an App for every SSH session; [`driver`]
//! is what both do with an App's effects.

pub mod cli;
pub mod commands;
pub mod driver;
pub mod engine;
pub mod game;
pub mod gomoku;
pub mod i18n;
pub mod record;
pub mod reversi;
#[cfg(feature = "serve")]
pub mod serve;
pub mod settings;
pub mod store;
pub mod table;
pub mod term;
pub mod ui;
