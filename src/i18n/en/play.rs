//! English: a game on screen, whatever the game: its panel, its messages, how it ended.

use super::*;
use crate::i18n::words::*;
use crate::reversi::Color;
use crate::table::Ending;

impl Play for English {
    fn to_move_tag(&self) -> &'static str {
        "to move"
    }

    fn move_number(&self, number: usize) -> String {
        format!("Move {number}")
    }

    fn side_to_move(&self, side: Color) -> String {
        format!("{} to move", self.color(side))
    }

    fn thinking(&self, side: Color) -> String {
        format!("{} (computer) is thinking", self.color(side))
    }

    fn depth(&self, depth: u32) -> String {
        format!("depth {depth}")
    }

    fn best(&self, mv: &str) -> String {
        format!("best {mv}")
    }

    fn sees_a_win(&self) -> &'static str {
        "sees a win"
    }

    fn your_move(&self, side: Color) -> String {
        format!("Your move, {}", self.color(side))
    }

    fn hints_state(&self, on: bool) -> &'static str {
        if on { "hints on" } else { "hints off" }
    }

    fn computer_level(&self, number: u8) -> String {
        format!("Computer: level {number} {}", self.level_name(number))
    }

    fn moves_heading(&self) -> &'static str {
        "Moves"
    }

    fn game_over(&self, result: &str) -> String {
        format!("Game over: {result}")
    }

    fn typing_point(&self) -> &'static str {
        "Go to: type the column and the row (h8, h10), then Enter; Esc stops"
    }

    fn game_over_for(&self, won: bool, result: &str) -> String {
        if won {
            format!("You win: {result}")
        } else {
            format!("The computer wins: {result}")
        }
    }

    fn wins_resigned(&self, winner: Color) -> String {
        format!(
            "{} wins, {} resigned",
            self.color(winner),
            self.color(winner.opponent())
        )
    }

    fn ran_out_of_time(&self, flagged: Color) -> String {
        format!(
            "{} ran out of time: {} wins",
            self.color(flagged),
            self.color(flagged.opponent())
        )
    }

    fn clock_label(&self, control: &str) -> String {
        format!("Clock {control}")
    }

    fn ending(&self, ending: Ending) -> String {
        match ending {
            Ending::Resigned(c) => self.wins_resigned(c.opponent()),
            Ending::Abandoned(c) => format!(
                "{} wins, {} left the game",
                self.color(c.opponent()),
                self.color(c)
            ),
            Ending::Time(c) => self.ran_out_of_time(c),
        }
    }

    fn hints_on(&self) -> &'static str {
        "Hints on"
    }

    fn hints_off(&self) -> &'static str {
        "Hints off"
    }

    fn analysis_on(&self) -> &'static str {
        "Analysis on: each legal move shows its score in discs"
    }

    fn analysis_off(&self) -> &'static str {
        "Analysis off"
    }

    fn game_is_over_keys(&self) -> &'static str {
        "The game is over: n for a new game, u to take moves back"
    }

    fn wait_for_computer(&self, side: Color) -> String {
        format!("Wait: {} (computer) is to move", self.color(side))
    }

    fn computer_illegal(&self, mv: &str) -> String {
        format!("The computer chose an illegal move ({mv})")
    }

    fn nothing_to_undo(&self) -> &'static str {
        "Nothing to undo"
    }

    fn nothing_to_redo(&self) -> &'static str {
        "Nothing to redo"
    }

    fn took_back_to(&self, number: usize) -> String {
        format!("Took back to move {number}")
    }

    fn replayed_to(&self, number: usize) -> String {
        format!("Replayed to move {number}")
    }

    fn only_human_resigns(&self) -> &'static str {
        "Only the human to move can resign"
    }

    fn resignation_taken_back(&self) -> &'static str {
        "Resignation taken back"
    }

    fn paste_here(&self) -> &'static str {
        "Paste a game on the start screen to open it"
    }

    fn saved_as(&self, name: &str) -> String {
        format!("Saved as \"{name}\": Load it from the start screen")
    }

    fn not_saved(&self, why: &str) -> String {
        format!("Not saved: {why}")
    }

    fn copied(&self, moves: &str) -> String {
        format!("Copied to the clipboard: {moves}")
    }

    fn copied_sgf(&self) -> &'static str {
        "Copied to the clipboard as SGF"
    }

    fn not_a_game(&self, why: &str) -> String {
        format!("The pasted text is not a game: {why}")
    }

    fn cannot_open(&self, why: &str) -> String {
        format!("It cannot be opened: {why}")
    }

    fn enlarge(&self, (width, height): (u16, u16), (w, h): (u16, u16), back: bool) -> String {
        let keys = if back {
            "Esc goes back, Ctrl-C quits"
        } else {
            "Ctrl-C quits"
        };
        format!("Enlarge the terminal to at least {width}x{height} (it is {w}x{h}); {keys}")
    }
}
