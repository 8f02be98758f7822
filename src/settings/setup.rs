//! What a new game will be, as chosen on the start menu (its ← and → live with the menu).

use super::{OpeningChoice, Settings};
use crate::gomoku::Rule;

/// Which game a new game is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    Reversi,
    Gomoku,
}

/// What a new game will be: the menu's choice, and what a network table is created with.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Setup {
    pub kind: Kind,
    /// Gomoku board size: 15 or 19.
    pub size: u8,
    pub rule: Rule,
    /// How a Gomoku game begins.
    pub opening: OpeningChoice,
    /// The computer's level.
    pub level: u8,
}

impl Setup {
    /// Reversi at `level`; Gomoku, when chosen, 15×15 Renju with the centre opening.
    pub fn new(level: u8) -> Setup {
        Setup {
            kind: Kind::Reversi,
            size: 15,
            rule: Rule::Renju,
            opening: OpeningChoice::Centre,
            level,
        }
    }

    /// Reversi at the settings' level; Gomoku, when chosen, with the settings' rules and size.
    pub fn from_settings(settings: &Settings) -> Setup {
        Setup {
            size: settings.gomoku_size,
            rule: settings.gomoku_rule,
            opening: settings.gomoku_opening,
            ..Setup::new(settings.level)
        }
    }
}
