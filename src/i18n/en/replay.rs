//! English: replays and the review of a finished game.

use super::*;
use crate::engine::review::Cost;
use crate::i18n::words::*;
use crate::reversi::Color;

impl Replays for English {
    fn replay_step(&self, at: usize, len: usize, label: &str) -> String {
        format!("Step {at} of {len}: {label}")
    }

    fn replay_start(&self) -> &'static str {
        "The start"
    }

    fn moves_count(&self, len: usize) -> String {
        format!("{len} moves")
    }

    fn replay_move(&self, at: usize, len: usize) -> String {
        format!("Move {at} of {len}")
    }

    fn replay_playing(&self, seconds: f64) -> String {
        format!("Playing, {seconds:.2} s a move (p pauses)")
    }

    fn replay_paused(&self) -> &'static str {
        "Paused (p plays)"
    }

    fn evaluation_over(&self) -> &'static str {
        "Evaluation: the game is over"
    }

    fn evaluation_thinking(&self) -> &'static str {
        "Evaluation: thinking…"
    }

    fn ahead(&self, side: Option<Color>) -> String {
        match side {
            Some(c) => format!("{} ahead", self.color(c)),
            None => "Even".into(),
        }
    }

    fn reviewing(&self, done: usize, total: usize) -> String {
        format!("Reviewing: {done} of {total} positions")
    }

    fn mistakes(&self, found: usize) -> String {
        match found {
            0 => "Mistakes: none found".into(),
            _ => "Mistakes:".into(),
        }
    }

    fn mistake(&self, number: usize, side: Color, name: &str, cost: Cost, better: &str) -> String {
        let who = self.color(side);
        let n = number;
        match cost {
            Cost::Discs { discs, exact } => {
                let exactly = if exact { " exactly" } else { "" };
                format!("{n}. {who} {name} lost {discs}{exactly} ({better} better)")
            }
            Cost::MissedWin => format!("{n}. {who} {name} missed the win at {better}"),
            Cost::MissedDefence => format!("{n}. {who} {name} missed the defence at {better}"),
        }
    }

    fn side_summary(
        &self,
        side: Color,
        mistakes: usize,
        worst: Option<i32>,
        accuracy: Option<u32>,
    ) -> String {
        let mut text = match mistakes {
            0 => format!("{}: no mistakes", self.color(side)),
            1 => format!("{}: 1 mistake", self.color(side)),
            n => format!("{}: {n} mistakes", self.color(side)),
        };
        if let Some(discs) = worst {
            text += &format!(", worst\u{a0}{discs}");
        }
        if let Some(a) = accuracy {
            text += &format!(" · accuracy\u{a0}{a}%");
        }
        text
    }

    fn no_mistake_there(&self, forward: bool, reviewing: bool) -> &'static str {
        match (forward, reviewing) {
            (true, false) => "No mistake after this move",
            (false, false) => "No mistake before this move",
            (true, true) => "No mistake found after this move yet",
            (false, true) => "No mistake found before this move yet",
        }
    }

    fn exact(&self) -> &'static str {
        "exact"
    }

    fn frame_start(&self) -> &'static str {
        "the start"
    }

    fn frame_played(&self, number: usize, mv: &str) -> String {
        format!("move {number}: {mv}")
    }

    fn frame_taken_back(&self, number: usize) -> String {
        format!("move {number} taken back")
    }

    fn frame_replayed(&self, number: usize) -> String {
        format!("move {number} replayed")
    }

    fn replay_over_here(&self) -> &'static str {
        "The game is over here: step back to play on from an earlier move"
    }
}
