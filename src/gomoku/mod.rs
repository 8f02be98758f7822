//! Gomoku and Renju rules: pure data and functions, no I/O. Points are named by column letter
//! (a-o on 15×15, a-s on 19×19) and row number counted from the bottom, as Renju and Gomocup
//! tools do: a1 is bottom-left, h8 the centre of 15×15.

mod board;
mod openings;
mod position;
mod renju;
mod taraguchi;

pub use board::{Board, DIRECTIONS, Point, PointError};
pub use openings::{OPENINGS, Opening, opening_of};
pub use position::{Move, MoveError, NoSwap, Outcome, Position, Start};
pub use renju::{Forbidden, forbidden, forbidden_points};
pub use taraguchi::{OFFERS, Stage};

pub use crate::rules::Color;

/// Which lines win.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Rule {
    /// Five or more in a row wins, for both.
    Freestyle,
    /// Exactly five wins, for both.
    Standard,
    /// White wins with five or more; Black only with exactly five, and Black may not play a
    /// double-three, double-four or overline.
    Renju,
}

impl Rule {
    pub const ALL: [Rule; 3] = [Rule::Renju, Rule::Standard, Rule::Freestyle];

    /// As files (saved games, SGF's RU, the settings, PSQ's note) write it.
    pub fn name(self) -> &'static str {
        match self {
            Rule::Renju => "renju",
            Rule::Standard => "standard",
            Rule::Freestyle => "freestyle",
        }
    }

    /// The rule called `name` in files.
    pub fn named(name: &str) -> Option<Rule> {
        Rule::ALL.into_iter().find(|r| r.name() == name)
    }

    /// Whether a run of `len` stones of `color` wins under this rule.
    pub fn wins(self, color: Color, len: usize) -> bool {
        match (self, color) {
            (Rule::Freestyle, _) | (Rule::Renju, Color::White) => len >= 5,
            (Rule::Standard, _) | (Rule::Renju, Color::Black) => len == 5,
        }
    }
}
