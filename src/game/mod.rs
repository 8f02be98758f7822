//! A game: who plays each side and the record of its moves.

pub mod clock;
mod flaw;
mod record;
mod save;

pub use flaw::{Flaw, Illegal, SgfError};
pub use record::{Playable, Record, Step};
pub use save::{Fields, SaveError, SavedGame, SavedText};
pub(crate) use save::{each_game, each_game_arms};

use crate::reversi::{Color, Position};

/// `GameId`: which game, one per entry of the list of games ([`crate::games`]).
macro_rules! game_ids {
    (() $($name:ident $room:ident),*) => {
        /// Which game: each game heibai plays is one of these, and a game's own types say
        /// which.
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
        pub enum GameId {
            $($name),*
        }

        impl GameId {
            /// Every game, in the order the menu and the saved games' filter offer them.
            pub const ALL: [GameId; [$(GameId::$name),*].len()] = [$(GameId::$name),*];

            /// How saved files name the game: "reversi".
            pub fn key(self) -> &'static str {
                match self {
                    $(GameId::$name => stringify!($room)),*
                }
            }
        }
    };
}
crate::games!(game_ids!());

/// The arms of [`for_game!`], one per game of the list.
macro_rules! for_game_arms {
    (($id:expr, $p:ident => $body:expr) $($name:ident $room:ident),*) => {
        match $id {
            $($crate::game::GameId::$name => {
                type $p = $crate::$room::Position;
                $body
            })*
        }
    };
}
pub(crate) use for_game_arms;

/// `$body` for the game `$id` names, with `$p` its position type, for code that has a game's id
/// and no game.
macro_rules! for_game {
    ($id:expr, $p:ident => $body:expr) => {
        $crate::games!($crate::game::for_game_arms!($id, $p => $body))
    };
}
pub(crate) use for_game;

impl GameId {
    /// The game after this one in [`ALL`](GameId::ALL), or before it when not `forward`, round
    /// the ends.
    pub fn step(self, forward: bool) -> GameId {
        let i = GameId::ALL.iter().position(|&g| g == self).unwrap_or(0);
        let n = GameId::ALL.len();
        GameId::ALL[if forward {
            (i + 1) % n
        } else {
            (i + n - 1) % n
        }]
    }

    /// The game after this one, or none after the last.
    pub fn next(self) -> Option<GameId> {
        let i = GameId::ALL.iter().position(|&g| g == self)?;
        GameId::ALL.get(i + 1).copied()
    }
}

/// How a game ended off the board: the side named lost.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Ending {
    /// This colour resigned.
    Resigned(Color),
    /// This colour left a game between terminals and the other claimed the win.
    Abandoned(Color),
    /// This colour's time ran out.
    Time(Color),
}

impl Ending {
    /// The side that won by it.
    pub fn winner(self) -> Color {
        match self {
            Ending::Resigned(c) | Ending::Abandoned(c) | Ending::Time(c) => c.opponent(),
        }
    }

    /// How files and the server's database keep it: "black resigned", "white left",
    /// "black time".
    pub fn code(self) -> String {
        let (color, what) = match self {
            Ending::Resigned(c) => (c, "resigned"),
            Ending::Abandoned(c) => (c, "left"),
            Ending::Time(c) => (c, "time"),
        };
        let color = match color {
            Color::Black => "black",
            Color::White => "white",
        };
        format!("{color} {what}")
    }

    /// The ending a [`code`](Ending::code) names.
    pub fn from_code(code: &str) -> Option<Ending> {
        let (color, what) = code.split_once(' ')?;
        let color = match color {
            "black" => Color::Black,
            "white" => Color::White,
            _ => return None,
        };
        match what {
            "resigned" => Some(Ending::Resigned(color)),
            "left" => Some(Ending::Abandoned(color)),
            "time" => Some(Ending::Time(color)),
            _ => None,
        }
    }

    /// The side that lost.
    pub fn loser(self) -> Color {
        match self {
            Ending::Resigned(c) | Ending::Abandoned(c) | Ending::Time(c) => c,
        }
    }
}

/// Who chooses the moves of one side.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Player {
    Human,
    Computer,
}

impl Player {
    pub fn name(self) -> &'static str {
        match self {
            Player::Human => "human",
            Player::Computer => "computer",
        }
    }

    /// The player called `name` in files.
    pub fn named(name: &str) -> Option<Player> {
        [Player::Human, Player::Computer]
            .into_iter()
            .find(|p| p.name() == name)
    }
}

/// A game (of Reversi unless said otherwise): its players and its record.
#[derive(Clone, Debug, PartialEq)]
pub struct Game<P: Playable = Position> {
    pub record: Record<P>,
    pub black: Player,
    pub white: Player,
    /// The computer players' level (see `engine::LEVELS`).
    pub level: u8,
    /// What other programs' game files said about the game that heibai has no use for (SGF
    /// game-info properties such as the event or the place), as (name, value) pairs: kept so
    /// that it is written back.
    pub info: Vec<(String, String)>,
    /// The people's clocks when the game was saved, if it was played on the clock.
    pub clocks: Option<clock::Saved>,
    /// How the game ended off the board at the record's cursor, if it did.
    pub ending: Option<Ending>,
}

/// A game of Gomoku or Renju.
pub type GomokuGame = Game<crate::gomoku::Position>;

impl Game {
    /// A new game of Reversi from the standard start, at the default level.
    pub fn new(black: Player, white: Player) -> Game {
        Game::from_position(Position::initial(), black, white)
    }

    /// The named opening the moves so far follow, for a game from the standard start.
    pub fn opening(&self) -> Option<&'static str> {
        (*self.record.start() == Position::initial())
            .then(|| crate::reversi::openings::name(self.record.played()))
            .flatten()
    }
}

impl GomokuGame {
    /// A new game from `start`, the stones of its set opening (if it has one) already played.
    pub fn starting(start: crate::gomoku::Position, black: Player, white: Player) -> GomokuGame {
        let mut game = Game::from_position(start, black, white);
        for p in game.record.start().opening_stones() {
            // The opening's own stones, in its order: always legal.
            let _ = game.record.play(p.into());
        }
        game
    }

    /// The Renju opening the first three stones make, once they are on the board.
    pub fn opening(&self) -> Option<&'static crate::gomoku::Opening> {
        let size = self.record.start().board().size();
        crate::gomoku::opening_of(&self.stones(), size)
    }

    /// The stones on the board in the order they were placed (an opening's swaps and offers
    /// left out).
    pub fn stones(&self) -> Vec<crate::gomoku::Point> {
        self.record
            .played_from()
            .filter_map(|(position, mv)| position.placed(mv).map(|(p, _)| p))
            .collect()
    }

    /// The game as other programs' files can hold it: a Taraguchi-10 opening's swaps and
    /// offers left out (its stones from the centre start, each player named by the colour
    /// held at the end); any other game as it is.
    pub fn without_opening_rule(&self) -> std::borrow::Cow<'_, GomokuGame> {
        use crate::gomoku::{Position, Start};
        let start = self.record.start();
        if start.start() != Start::Taraguchi {
            return std::borrow::Cow::Borrowed(self);
        }
        let plain = Position::new(start.board().size(), start.rule(), true);
        let mut game = self.clone();
        game.record = Record::new(plain);
        for p in self.stones() {
            // The same stones in the same order: legal from the centre start.
            let _ = game.record.play(p.into());
        }
        (game.black, game.white) = (self.player(Color::Black), self.player(Color::White));
        std::borrow::Cow::Owned(game)
    }
}

impl<P: Playable> Game<P> {
    /// A new game from `start`, at the default level.
    pub fn from_position(start: P, black: Player, white: Player) -> Game<P> {
        Game {
            record: Record::new(start),
            black,
            white,
            level: crate::engine::reversi::DEFAULT_LEVEL,
            info: vec![],
            clocks: None,
            ending: None,
        }
    }

    /// A new game from this one's start, at its level, the sides as they were or swapped;
    /// a set opening's stones, which every game from this start has, already played.
    pub fn again(&self, swap: bool) -> Game<P> {
        let (black, white) = match swap {
            true => (self.white, self.black),
            false => (self.black, self.white),
        };
        let start = self.record.start();
        let mut game = Game::from_position(start.clone(), black, white);
        game.level = self.level;
        for &mv in self.record.moves().iter().take(start.fixed_moves()) {
            let _ = game.record.play(mv);
        }
        game
    }

    pub fn position(&self) -> &P {
        self.record.position()
    }

    /// Who holds `color` now (after any swaps of the opening).
    pub fn player(&self, color: Color) -> Player {
        let color = if self.position().swapped() {
            color.opponent()
        } else {
            color
        };
        match color {
            Color::Black => self.black,
            Color::White => self.white,
        }
    }

    /// The player whose turn it is.
    pub fn to_move(&self) -> Player {
        self.player(self.position().to_move())
    }

    /// Over on the board, or off it (see [`Game::ending`]).
    pub fn is_over(&self) -> bool {
        self.ending.is_some() || self.position().is_over()
    }

    /// Steps back to the previous position where `stop` holds; with none, changes nothing and
    /// returns false.
    pub fn undo_to(&mut self, stop: impl Fn(&Game<P>) -> bool) -> bool {
        let from = self.record.cursor();
        // Look first (without making history), then take the moves back one by one.
        let target = (0..from).rev().find(|&n| {
            self.record.goto(n);
            stop(self)
        });
        self.record.goto(from);
        let Some(target) = target else {
            return false;
        };
        for _ in target..from {
            self.record.undo();
        }
        true
    }

    /// Steps forward to the next position where `stop` holds, or to the end of the record;
    /// false if there was nothing to redo.
    pub fn redo_to(&mut self, stop: impl Fn(&Game<P>) -> bool) -> bool {
        if self.record.next_move().is_none() {
            return false;
        }
        while self.record.redo() {
            if self.record.next_move().is_none() || stop(self) {
                break;
            }
        }
        true
    }

    /// Whether nobody at this keyboard plays (computer against computer).
    pub fn no_humans(&self) -> bool {
        self.black == Player::Computer && self.white == Player::Computer
    }
}

#[cfg(test)]
mod tests {
    use super::GameId;

    #[test]
    fn the_games_go_round_in_order() {
        for (i, &game) in GameId::ALL.iter().enumerate() {
            assert_eq!(game.step(false).step(true), game);
            assert_eq!(game.next(), GameId::ALL.get(i + 1).copied());
        }
        let last = GameId::ALL[GameId::ALL.len() - 1];
        assert_eq!(last.step(true), GameId::ALL[0]);
        assert_eq!(GameId::ALL[0].step(false), last);
    }
}
