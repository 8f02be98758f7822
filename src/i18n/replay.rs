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

    /// "23. c4 lost 12 (d3 better)": move `n`, named `name`, was a mistake.
    fn mistake(&self, n: usize, name: &str, cost: Cost, better: &str) -> String;

    fn evaluation_thinking(&self) -> &'static str;

    fn exact(&self) -> &'static str;

    fn frame_start(&self) -> &'static str;

    fn frame_played(&self, number: usize, mv: &str) -> String;

    fn frame_taken_back(&self, number: usize) -> String;

    fn frame_replayed(&self, number: usize) -> String;

    fn replay_over_here(&self) -> &'static str;
}
