//! heibai: black-and-white stone games in the terminal.
//!
//! Layers, each using only those below it (tests/architecture.rs checks): the one random
//! generator ([`rng`]); the processor's instruction sets ([`cpu`]); text from outside made
//! visible ([`visible`]); what every game's rules share ([`rules`]) and the list of games
//! (`games!`, below); the rules of each game ([`reversi`], [`gomoku`]); the computer players
//! ([`engine`]); a game as a record ([`game`]); file formats ([`record`]); persistence
//! ([`store`]); the player's settings ([`settings`]); what the server and an App exchange
//! ([`table`]); the words ([`i18n`]); the App, its screens and drawing ([`ui`]); what every
//! driver does with an App's effects ([`driver`]); the drivers ([`term`] for this terminal,
//! `serve` for SSH sessions); the command line ([`commands`], [`cli`]).

/// The one list of games heibai plays: each game's name (its [`game::GameId`], its saved
/// game's kind …) and the name of its rooms — its rules (`crate::reversi`), its engine
/// (`engine::reversi`), its screen (`ui::reversi`) and its words (`i18n::reversi`). Every layer
/// that has code for each game generates it from this list: `games!(path::to::macro!(args))`
/// calls that macro with `(args)` and then the list, `Name room` pairs separated by commas.
macro_rules! games {
    ($($then:ident)::+ ! ($($args:tt)*)) => {
        $($then)::+! { ($($args)*) Reversi reversi, Gomoku gomoku }
    };
}
pub(crate) use games;

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
pub mod rules;
#[cfg(feature = "serve")]
pub mod serve;
pub mod settings;
pub mod store;
pub mod table;
pub mod term;
pub mod ui;
pub mod visible;
