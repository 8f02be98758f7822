//! What only Gomoku and Renju say: rules, board sizes, openings, forbidden points.

use crate::engine::gomoku::Level as GomokuLevel;
use crate::gomoku::{Forbidden, Rule, Stage};
use crate::i18n::About;
use crate::reversi::Color;

mod en;
mod zh;

/// What only Gomoku says, in each language (`en.rs`, `zh.rs`).
pub trait Words {
    /// What Gomoku and Renju says about itself: its name, its rules.
    fn this_game(&self) -> About;

    /// How new Gomoku games begin, as the settings show it.
    fn opening_choice(&self, choice: crate::settings::OpeningChoice) -> String {
        use crate::settings::OpeningChoice;
        match choice {
            OpeningChoice::Centre => self.opening_centre().into(),
            OpeningChoice::Random => self.opening_random().into(),
            OpeningChoice::Taraguchi => self.opening_taraguchi().into(),
            OpeningChoice::Named(i) => self.renju_opening(&crate::gomoku::OPENINGS[usize::from(i)]),
        }
    }

    /// "Renju", "Standard", "Freestyle".
    fn rule(&self, rule: Rule) -> &'static str;

    /// The rule in one line for the panel.
    fn rule_summary(&self, rule: Rule) -> &'static str;

    /// "Renju rules".
    fn rules_of(&self, rule: Rule) -> String;

    /// What a Gomoku level does: "8 plies + VCF + VCT, 1.0 s".
    fn gomoku_level_does(&self, level: &GomokuLevel) -> String;

    /// "Gomoku 15x15, Renju rules" in a title bar.
    fn gomoku_title(&self, size: u8, rule: Rule) -> String;

    fn menu_rules(&self, rule: Rule) -> String;

    fn menu_board(&self, size: u8) -> String;

    /// The lobby's choice of a Gomoku opening, named `name`.
    fn menu_opening(&self, name: &str) -> String;

    fn forbidden_shown(&self) -> &'static str;

    /// A Renju opening's name and the federation's number: "Kagetsu (4D)".
    fn renju_opening(&self, o: &crate::gomoku::Opening) -> String;

    /// The settings' opening choices: Black's first stone in the centre, or a random opening.
    fn opening_centre(&self) -> &'static str;

    fn opening_random(&self) -> &'static str;

    /// The RIF opening rule, as the settings offer it.
    fn opening_taraguchi(&self) -> &'static str;

    /// A swap, as the move list writes it.
    fn swap_made(&self) -> &'static str;

    /// Black's choice to offer fifth stones, as the move list writes it.
    fn offers_made(&self) -> &'static str;

    /// What `mover` does now in a Taraguchi-10 opening, for the panel ("Taraguchi-10:
    /// White's 2nd stone, within the central 3x3").
    fn taraguchi_stage(&self, stage: Stage, mover: Color) -> String;

    /// What else may be done now, with its keys: swap first (`swap`), offer ten fifth stones
    /// (`offer`).
    fn taraguchi_choices(&self, swap: Option<&str>, offer: Option<&str>) -> String;

    /// After a swap, who holds which colour now.
    fn colours_swapped(&self, black: &str, white: &str) -> String;

    fn wins_with_line(&self, winner: Color, stones: usize) -> String;

    fn draw_board_full(&self) -> &'static str;

    /// "j8, Black's only block, was forbidden: double-three": how Black lost a Renju game.
    fn forbidden_block(&self, point: &str, why: Forbidden) -> String;

    fn hints_on_forbidden(&self) -> &'static str;

    fn refused(&self, error: crate::gomoku::MoveError) -> String;

    fn forbidden(&self, why: Forbidden) -> &'static str;

    fn five_in_a_row(&self, color: Color) -> String;
}
