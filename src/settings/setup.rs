//! What a new game will be, as chosen on the start menu (its ← and → live with the menu).

use super::{OpeningChoice, Settings};
use crate::game::{Game, GameId, GomokuGame, Player, SavedGame};
use crate::gomoku::{Position, Rule};

/// What a new game will be: the menu's choice, and what a network table is created with.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Setup {
    pub kind: GameId,
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
            kind: GameId::Reversi,
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

    /// A new game as set up, between `black` and `white`.
    pub fn new_game(&self, black: Player, white: Player) -> SavedGame {
        match self.kind {
            GameId::Reversi => SavedGame::Reversi(Game {
                level: self.level,
                ..Game::new(black, white)
            }),
            GameId::Gomoku => {
                let start = Position::starting(self.size, self.rule, self.opening.start_now());
                SavedGame::Gomoku(Game {
                    level: self.level,
                    ..GomokuGame::starting(start, black, white)
                })
            }
        }
    }
}
