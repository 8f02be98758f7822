//! Replays and the review of a finished game.

use crate::engine::review::Cost;
use crate::reversi::Color;

pub trait Replays {
    fn replay_step(&self, at: usize, len: usize, label: &str) -> String;

    fn replay_start(&self) -> &'static str;

    fn moves_count(&self, len: usize) -> String;

    fn replay_move(&self, at: usize, len: usize) -> String;

    fn replay_playing(&self, seconds: f64) -> String;

    fn replay_paused(&self) -> &'static str;

    fn evaluation_over(&self) -> &'static str;

    /// "Black ahead", "White ahead" or "Even", by the bar beside the board.
    fn ahead(&self, side: Option<Color>) -> String;

    /// "Review: 12 of 61 positions", while the review is going on.
    fn reviewing(&self, done: usize, total: usize) -> String;

    /// "Mistakes: none found" or the heading of the worst ones.
    fn mistakes(&self, found: usize) -> String;

    /// "12. White c4 lost 12 (d3 better)": the move named `name`, `side`'s in pair `number`
    /// of the move list, was a mistake.
    fn mistake(&self, number: usize, side: Color, name: &str, cost: Cost, better: &str) -> String;

    /// "Black: 2 mistakes, worst 13 · accuracy 86%": how one side played, by the review.
    /// `worst` is the most discs one move lost (Reversi); `accuracy` 0-100, where known.
    fn side_summary(
        &self,
        side: Color,
        mistakes: usize,
        worst: Option<i32>,
        accuracy: Option<u32>,
    ) -> String;

    /// No mistake before (`forward` false) or after the move shown; `reviewing` while the
    /// review goes on.
    fn no_mistake_there(&self, forward: bool, reviewing: bool) -> &'static str;

    fn evaluation_thinking(&self) -> &'static str;

    fn exact(&self) -> &'static str;

    fn frame_start(&self) -> &'static str;

    fn frame_played(&self, number: usize, mv: &str) -> String;

    fn frame_taken_back(&self, number: usize) -> String;

    fn frame_replayed(&self, number: usize) -> String;

    fn replay_over_here(&self) -> &'static str;
}
