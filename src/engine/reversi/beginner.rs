//! The original design's beginner: take a corner when one is legal, otherwise the move that
//! flips the most discs. Ties go to the first square in a1, b1, … order.

use super::{Engine, Progress};
use crate::reversi::{CORNERS, Move, Position, Square};
use std::cmp::Reverse;
use std::sync::atomic::AtomicBool;

#[derive(Debug, Default)]
pub struct Beginner;

impl Engine for Beginner {
    fn choose(
        &mut self,
        position: &Position,
        _stop: &AtomicBool,
        _progress: &mut dyn FnMut(Progress),
    ) -> Move {
        let moves = position.legal_moves();
        let candidates = if moves & CORNERS != 0 {
            moves & CORNERS
        } else {
            moves
        };
        Square::iter(candidates)
            .max_by_key(|&sq| (position.flips(sq).count_ones(), Reverse(sq)))
            .map_or(Move::Pass, Move::Play)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn choose(text: &str) -> String {
        let p: Position = text.parse().unwrap();
        Beginner
            .choose(&p, &AtomicBool::new(false), &mut |_| {})
            .to_string()
    }

    #[test]
    fn first_of_equal_moves_in_square_order() {
        // All four openings flip one disc: d3 comes first.
        assert_eq!(choose(&Position::initial().to_string()), "d3");
    }

    #[test]
    fn corner_beats_more_flips() {
        // a1 flips one disc (b1); a3 would flip five.
        let p = format!("-OX-----{}-OOOOOX-{} X", "-".repeat(8), "-".repeat(40));
        assert_eq!(choose(&p), "a1");
    }

    #[test]
    fn most_flips_without_corner() {
        // Row 3: "-OOOX---" gives a3 (3 flips); row 5 "--OX----" gives b5 (1 flip).
        let p = format!(
            "{}-OOOX---{}--OX----{} X",
            "-".repeat(16),
            "-".repeat(8),
            "-".repeat(24)
        );
        assert_eq!(choose(&p), "a3");
    }

    #[test]
    fn passes_without_moves() {
        assert_eq!(choose(&format!("XO{} O", "-".repeat(62))), "pass");
    }
}
