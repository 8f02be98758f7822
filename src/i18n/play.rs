//! A game on screen, whatever the game: its panel, its messages, how it ended.

use crate::reversi::Color;
use crate::table::Ending;

pub trait Play {
    fn to_move_tag(&self) -> &'static str;

    /// "Move 12".
    fn move_number(&self, number: usize) -> String;

    /// "Black to move".
    fn side_to_move(&self, side: Color) -> String;

    fn thinking(&self, side: Color) -> String;

    fn depth(&self, depth: u32) -> String;

    fn best(&self, mv: &str) -> String;

    fn sees_a_win(&self) -> &'static str;

    fn your_move(&self, side: Color) -> String;

    fn hints_state(&self, on: bool) -> &'static str;

    fn computer_level(&self, number: u8) -> String;

    fn moves_heading(&self) -> &'static str;

    fn game_over(&self, result: &str) -> String;

    /// While a point is typed: how to go on.
    fn typing_point(&self) -> &'static str;

    /// "You win: Black wins by 16, 40-24", or the computer does (`won` false): the end of a
    /// game between a person and the computer.
    fn game_over_for(&self, won: bool, result: &str) -> String;

    fn wins_resigned(&self, winner: Color) -> String;

    fn ran_out_of_time(&self, flagged: Color) -> String;

    fn clock_label(&self, control: &str) -> String;

    fn ending(&self, ending: Ending) -> String;

    fn hints_on(&self) -> &'static str;

    fn hints_off(&self) -> &'static str;

    fn analysis_on(&self) -> &'static str;

    fn analysis_off(&self) -> &'static str;

    fn game_is_over_keys(&self) -> &'static str;

    fn wait_for_computer(&self, side: Color) -> String;

    fn computer_illegal(&self, mv: &str) -> String;

    fn nothing_to_undo(&self) -> &'static str;

    fn nothing_to_redo(&self) -> &'static str;

    fn took_back_to(&self, number: usize) -> String;

    fn replayed_to(&self, number: usize) -> String;

    fn only_human_resigns(&self) -> &'static str;

    fn resignation_taken_back(&self) -> &'static str;

    fn paste_here(&self) -> &'static str;

    fn saved_as(&self, name: &str) -> String;

    fn not_saved(&self, why: &str) -> String;

    fn copied(&self, moves: &str) -> String;

    fn copied_sgf(&self) -> &'static str;

    fn not_a_game(&self, why: &str) -> String;

    fn cannot_open(&self, why: &str) -> String;

    /// `back`: Esc goes back to a screen that may fit (from a game or a replay).
    fn enlarge(&self, size: (u16, u16), now: (u16, u16), back: bool) -> String;
}
