//! What only Reversi says: its levels, openings, passes, analysis and refusals.

use crate::engine::reversi::Level;
use crate::i18n::About;
use crate::reversi::Color;
use crate::reversi::PositionError;

mod en;
mod zh;

/// What only Reversi says, in each language (`en.rs`, `zh.rs`).
pub trait Words {
    /// What Reversi says about itself: its name, its rules.
    fn this_game(&self) -> About;

    /// What a Reversi level does: "9 plies, exact from 17 empties, 1 s".
    fn level_does(&self, level: &Level) -> String;

    fn solved_empties(&self, empties: u32) -> String;

    /// Where the computer's move comes from when it is a book move, in place of a depth.
    fn opening_book(&self) -> &'static str;

    fn analysis_exact(&self) -> &'static str;

    fn analysis_depth(&self, depth: &str) -> String;

    fn analysis_thinking(&self) -> &'static str;

    /// The named opening a game follows: "Opening: Tiger" (names are proper names, kept as
    /// they are in every language).
    fn opening(&self, name: &str) -> String;

    /// An opening's name alone, where "Opening: …" does not fit.
    fn opening_name(&self, name: &str) -> String;

    /// The computer's last move came from its opening book.
    fn book_move(&self, mv: &str) -> String;

    /// "Black wins by 16, 40-24".
    fn wins_by(&self, winner: Color, own: u32, other: u32) -> String;

    fn draw_by(&self, black: u32, white: u32) -> String;

    /// Why the result's counts exceed the discs on the board: the `empties` squares left at
    /// the end go to the winner (shared in a draw).
    fn empties_counted(&self, empties: u32, draw: bool) -> String;

    fn passes(&self, side: Color) -> String;

    /// A pass as the move list writes it.
    fn pass_move(&self) -> &'static str;

    fn refused(&self, error: crate::reversi::MoveError) -> String;

    /// "Evaluation: Black +4".
    fn evaluation(&self, side: Color, discs: i32) -> String;

    fn position_error(&self, error: &PositionError) -> String;
}
