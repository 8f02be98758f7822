//! The start screen.

use crate::game::{GameId, Player};
use crate::reversi::Color;

pub trait Menu {
    /// Under the title of the start screen: "Reversi and Gomoku in your terminal", every
    /// game named.
    fn subtitle(&self) -> String;

    fn new_game_heading(&self) -> &'static str;

    /// The four kinds of new game, by who plays Black and White.
    fn new_game(&self, black: Player, white: Player) -> &'static str;

    fn menu_game(&self, game: GameId) -> String;

    fn menu_level(&self, number: u8) -> String;

    fn menu_continue(&self, game: &str, number: usize, to_move: Color) -> String;

    fn menu_load(&self) -> &'static str;

    fn continue_word(&self) -> &'static str;

    fn menu_settings(&self) -> &'static str;

    fn menu_help(&self) -> &'static str;

    fn menu_quit(&self) -> &'static str;
}
