//! English: what only Reversi says: its levels, openings, passes, analysis and refusals.

use crate::engine::reversi::Level;
use crate::i18n::About;
use crate::i18n::en::*;
use crate::i18n::words::*;
use crate::reversi::Color;
use crate::reversi::PositionError;

impl super::Words for English {
    fn this_game(&self) -> About {
        About {
            name: "Reversi",
            full_name: "Reversi (Othello)",
            games: "Reversi games",
            rules_brief: "Place a disc so that it brackets a line of your opponent's discs: they flip \
         to your colour. When neither side can move, the one with more discs wins.",
            help_heading: "How to play Reversi",
            help_rules: &[
                "Black moves first; the players take turns placing a disc.",
                "A disc must bracket a straight line of your opponent's discs",
                "(across, down or diagonally) between itself and another disc",
                "of yours: every bracketed disc flips to your colour. A move",
                "must flip at least one disc; with none, you pass. When neither",
                "side can move the game ends: the side with more discs wins.",
            ],
        }
    }

    fn level_does(&self, level: &Level) -> String {
        match level.depth {
            0 => "a corner if it can, else the most flips".into(),
            d => {
                let time = level
                    .budget
                    .map_or("untimed".into(), |b| format!("{} s", b.as_secs_f64()));
                let book = if level.book.is_some() { "book, " } else { "" };
                let loose = if level.noise > 0 { ", loose" } else { "" };
                format!(
                    "{book}{d} {}{loose}, exact from {} empties, {time}",
                    plies(d),
                    level.exact_from
                )
            }
        }
    }

    fn solved_empties(&self, empties: u32) -> String {
        format!("solved {empties} empties")
    }

    fn opening_book(&self) -> &'static str {
        "opening book"
    }

    fn analysis_exact(&self) -> &'static str {
        "Analysis: exact final scores"
    }

    fn analysis_depth(&self, depth: &str) -> String {
        format!("Analysis: depth {depth}, estimates")
    }

    fn analysis_thinking(&self) -> &'static str {
        "Analysis: thinking…"
    }

    fn opening(&self, name: &str) -> String {
        format!("Opening: {name}")
    }

    fn opening_name(&self, name: &str) -> String {
        name.into()
    }

    fn book_move(&self, mv: &str) -> String {
        format!("{mv}: a move from the book")
    }

    fn wins_by(&self, winner: Color, own: u32, other: u32) -> String {
        format!(
            "{} wins by {}, {own}-{other}",
            self.color(winner),
            own - other
        )
    }

    fn draw_by(&self, black: u32, white: u32) -> String {
        format!("a draw, {black}-{white}")
    }

    fn empties_counted(&self, empties: u32, draw: bool) -> String {
        match (empties, draw) {
            (1, false) => "The winner gets the empty square.".into(),
            (n, false) => format!("The winner gets the {n} empties."),
            (n, true) => format!("The {n} empties are shared."),
        }
    }

    fn pass_move(&self) -> &'static str {
        "pass"
    }

    fn passes(&self, side: Color) -> String {
        format!("{} has no legal move and passes", self.color(side))
    }

    fn refused(&self, error: crate::reversi::MoveError) -> String {
        use crate::reversi::MoveError as E;
        match error {
            E::Occupied(sq) => format!("{sq} is occupied"),
            E::FlipsNothing(sq) => format!("{sq} flips nothing"),
            E::CannotPass(c) => format!("{} cannot pass: it has a legal move", self.color(c)),
            E::GameOver => "the game is over".into(),
        }
    }

    fn evaluation(&self, side: Color, discs: i32) -> String {
        format!("Evaluation: {} {discs:+}", self.color(side))
    }

    fn position_error(&self, error: &PositionError) -> String {
        match error {
            PositionError::Length(n) => format!(
                "a position is 64 squares (X, O or -) then the side to move (X or O); got {n} squares"
            ),
            PositionError::BadSquare { square, found } => {
                format!("square {square} is '{found}'; expected X (black), O (white) or - (empty)")
            }
            PositionError::BadSide(side) => {
                format!("the side to move is '{side}'; expected X (Black) or O (White)")
            }
        }
    }
}
