//! The names of things every screen uses: colours, players, games, levels, keys.

use super::*;
use crate::game::{GameId, Player};
use crate::reversi::Color;
use crate::table::Variant;

pub trait Names {
    /// "Black", "White".
    fn color(&self, color: Color) -> &'static str;

    /// "Human", "Computer".
    fn player(&self, player: Player) -> &'static str;

    /// "Reversi", "Renju 15x15".
    fn variant(&self, variant: Variant) -> String;

    /// The name of a level: "Beginner"…
    fn level_name(&self, number: u8) -> &'static str;

    fn on_off(&self, on: bool) -> &'static str;

    /// What a key does in a key line.
    fn act(&self, act: Act) -> &'static str;

    /// What a key does, in a line of the help (Reversi's or Gomoku's words where they differ).
    fn explain(&self, act: Act, game: GameId) -> &'static str;

    /// The keys of what is not one key: "a-h then 1-8", "mouse click".
    fn keys_in_words(&self, act: Act) -> &'static str;

    /// The space bar's name.
    fn space_key(&self) -> &'static str;

    /// The arrow keys in words, where no arrow glyphs are drawn (`--ascii`): all four, the
    /// up and down ones, or the left and right ones.
    fn arrow_keys(&self, up_down: bool, left_right: bool) -> &'static str;

    /// "{arrows} or h j k l" and the like: `a` or `b`.
    fn or(&self, a: &str, b: &str) -> String;

    /// "Black: Human" in a title bar.
    fn title_player(&self, color: Color, name: &str) -> String;

    /// "Replay: Reversi" in a title bar.
    fn replay_title(&self, game: &str) -> String;
}
