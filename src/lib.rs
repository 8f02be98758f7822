//! heibai: black-and-white stone games in the terminal.
//!
//! Layers, each using only those below it (tests/architecture.rs checks): the one random
//! generator ([`rng`]); text from outside made visible ([`visible`]); the rules
//! ([`reversi`], [`gomoku`]); the computer players ([`engine`]); a game as a record ([`game`]);
//! file formats ([`record`]); persistence ([`store`]); the player's settings ([`settings`]);
//! what the server and an App exchange ([`table`]); the words ([`i18n`]); the App, its screens
//! and drawing ([`ui`]); what every driver does with an App's effects ([`driver`]); the drivers
//! ([`term`] for this terminal, `serve` for SSH sessions); the command line ([`commands`],
//! [`cli`]).

pub mod cli;
pub mod commands;
pub mod cpu;
pub mod driver;
pub mod engine;
pub mod game;
pub mod gomoku;
pub mod i18n;
pub mod record;
pub mod reversi;
pub mod rng;
#[cfg(feature = "serve")]
pub mod serve;
pub mod settings;
pub mod store;
pub mod table;
pub mod term;
pub mod ui;
pub mod visible;
