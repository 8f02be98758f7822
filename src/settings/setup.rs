//! What a new game will be, as chosen on the start menu (its ← and → live with the menu).

use super::{OpeningChoice, Settings};
use crate::game::{Game, GameId, GomokuGame, Playable, Player, SavedGame, for_game};
use crate::gomoku::Rule;

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
            kind: settings.game,
            size: settings.gomoku_size,
            rule: settings.gomoku_rule,
            opening: settings.gomoku_opening,
            ..Setup::new(settings.level)
        }
    }

    /// A new game as set up, between `black` and `white`.
    pub fn new_game(&self, black: Player, white: Player) -> SavedGame {
        for_game!(self.kind, P => P::new_game(self, black, white).into())
    }
}

/// How a game of one kind begins from what the menu chose: each game's position gives it (a
/// game's rooms may implement it beside its screen).
pub trait NewGame: Playable + Sized {
    /// A new game as `setup` says, between `black` and `white`.
    fn new_game(setup: &Setup, black: Player, white: Player) -> Game<Self>;
}

impl NewGame for crate::reversi::Position {
    fn new_game(setup: &Setup, black: Player, white: Player) -> Game {
        Game {
            level: setup.level,
            ..Game::new(black, white)
        }
    }
}

impl NewGame for crate::gomoku::Position {
    /// The board, rules and opening chosen, the opening's stones already played.
    fn new_game(setup: &Setup, black: Player, white: Player) -> GomokuGame {
        let start = Self::starting(setup.size, setup.rule, setup.opening.start_now());
        Game {
            level: setup.level,
            ..GomokuGame::starting(start, black, white)
        }
    }
}
