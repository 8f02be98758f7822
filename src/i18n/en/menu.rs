//! English: the start screen.

use super::*;
use crate::game::{GameId, Player};
use crate::i18n::words::*;
use crate::reversi::Color;

impl Menu for English {
    fn subtitle(&self) -> String {
        let names: Vec<&str> = GameId::ALL.iter().map(|&g| self.about(g).name).collect();
        let listed = match names.split_last() {
            Some((last, rest)) if !rest.is_empty() => format!("{} and {last}", rest.join(", ")),
            _ => names.concat(),
        };
        format!("{listed} in your terminal")
    }

    fn new_game_heading(&self) -> &'static str {
        "New game"
    }

    fn new_game(&self, black: Player, white: Player) -> &'static str {
        match (black, white) {
            (Player::Human, Player::Human) => "Human vs Human",
            (Player::Human, Player::Computer) => "Human vs Computer: you play Black",
            (Player::Computer, Player::Human) => "Computer vs Human: you play White",
            (Player::Computer, Player::Computer) => "Computer vs Computer",
        }
    }

    fn menu_game(&self, game: GameId) -> String {
        let name = self.about(game).full_name;
        format!("Game: < {name} >")
    }

    fn menu_level(&self, number: u8) -> String {
        format!("Computer level: < {number} {} >", self.level_name(number))
    }

    fn menu_continue(&self, game: &str, number: usize, to_move: Color) -> String {
        format!(
            "Continue the saved {game} game (move {number}, {} to move)",
            self.color(to_move)
        )
    }

    fn continue_word(&self) -> &'static str {
        "Continue"
    }

    fn menu_load(&self) -> &'static str {
        "Load or replay a saved game"
    }

    fn menu_settings(&self) -> &'static str {
        "Settings: language, colours, hints, sound…"
    }

    fn menu_help(&self) -> &'static str {
        "Help: rules and keys"
    }

    fn menu_quit(&self) -> &'static str {
        "Quit"
    }
}
