//! Training positions from recorded games: WTHOR lines replayed, every position labelled with
//! the exact final score where the solver can reach it and with the exact score of the game's
//! first solved position before that.

use super::Sample;
use crate::engine::reversi::endgame::{Solver, final_score};
use crate::reversi::{Square, flips, legal_moves};

/// A game as the positions before each move, side to move first in each `(own, opp)` pair.
/// Positions where the side to move must pass are left out (the evaluation never sees them);
/// the last entry is the final position (or the last reached, for an unfinished game).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Replayed {
    /// `(own, opp, black_to_move)` before each move.
    pub positions: Vec<(u64, u64, bool)>,
    /// The board after the last move, as `(black, white)`.
    pub last: (u64, u64),
    /// Whether neither side can move on `last`.
    pub finished: bool,
}

/// Replays one line of `wthor-games.txt` (`YEAR TRANSCRIPT SCORE [unfinished]`): moves without
/// passes, a move the side to move cannot play belonging to the other side. `None` for a line
/// that is not such a game.
pub fn replay_wthor(line: &str) -> Option<Replayed> {
    let transcript = line.split_whitespace().nth(1)?;
    replay_transcript(transcript)
}

/// Replays a transcript such as `f5d6c3` (passes implied), `None` if a move is illegal for both
/// sides.
pub fn replay_transcript(transcript: &str) -> Option<Replayed> {
    let bytes = transcript.as_bytes();
    if !bytes.len().is_multiple_of(2) {
        return None;
    }
    let (mut black, mut white) = (0x0000_0008_1000_0000u64, 0x0000_0010_0800_0000u64);
    let mut black_to_move = true;
    let mut positions = Vec::with_capacity(bytes.len() / 2);
    for pair in bytes.chunks(2) {
        let sq: Square = std::str::from_utf8(pair).ok()?.parse().ok()?;
        let (own, opp) = if black_to_move {
            (black, white)
        } else {
            (white, black)
        };
        if legal_moves(own, opp) & sq.bit() == 0 {
            // The side to move has passed.
            black_to_move = !black_to_move;
            if legal_moves(own, opp) != 0 || legal_moves(opp, own) & sq.bit() == 0 {
                return None;
            }
        }
        let (own, opp) = if black_to_move {
            (black, white)
        } else {
            (white, black)
        };
        positions.push((own, opp, black_to_move));
        let f = flips(own, opp, sq.index());
        let (own, opp) = (own | f | sq.bit(), opp & !f);
        (black, white) = if black_to_move {
            (own, opp)
        } else {
            (opp, own)
        };
        black_to_move = !black_to_move;
    }
    let finished = legal_moves(black, white) == 0 && legal_moves(white, black) == 0;
    Some(Replayed {
        positions,
        last: (black, white),
        finished,
    })
}

/// Labels a replayed game's positions: exactly solved from `exact_from` empties on, each
/// earlier one with the exact score of the first solved position (the game's line with perfect
/// play from there, which is truer than the players' result). A game that stopped early
/// without reaching `exact_from` empties gives nothing.
pub fn label(game: &Replayed, exact_from: u32, solver: &mut Solver) -> Vec<Sample> {
    let empties = |p: u64, o: u64| (!(p | o)).count_ones();
    let first_exact = game
        .positions
        .iter()
        .position(|&(p, o, _)| empties(p, o) <= exact_from);
    if first_exact.is_none() && !game.finished {
        return vec![];
    }
    // Black's score: the players' result until a position is solved, then the solver's.
    let mut black_score = final_score(game.last.0, game.last.1);
    let first_exact = first_exact.unwrap_or(game.positions.len());
    let mut scores = vec![0; game.positions.len()];
    for i in (first_exact..game.positions.len()).rev() {
        let (p, o, black) = game.positions[i];
        let guess = if black { black_score } else { -black_score };
        let v = exact(solver, p, o, guess);
        black_score = if black { v } else { -v };
        scores[i] = v;
    }
    // Solved backwards, each position's guess is its successor's value: mostly right, since
    // strong players' moves are mostly best.
    game.positions
        .iter()
        .zip(scores)
        .enumerate()
        .map(|(i, (&(own, opp, black), solved))| {
            let exact = i >= first_exact;
            let score = match (exact, black) {
                (true, _) => solved,
                (false, true) => black_score,
                (false, false) => -black_score,
            };
            Sample {
                own,
                opp,
                score: score as i8,
                exact,
            }
        })
        .collect()
}

/// The exact score, searched first in a narrow window around `guess`.
fn exact(solver: &mut Solver, p: u64, o: u64, guess: i32) -> i32 {
    let guess = guess.clamp(-63, 63);
    let v = solver.score(p, o, guess - 1, guess + 1).expect("no limit");
    let v = if v > guess {
        solver.score(p, o, v - 1, 65)
    } else if v < guess {
        solver.score(p, o, -65, v + 1)
    } else {
        Some(v)
    };
    v.expect("no limit")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_wthor_line_replays_to_its_score() {
        let line = "1977 f5d6c3f3f4d3c4g6f6e6c5c6d7d8e7g5e3d2g4h3f7b5h5g3b4b6c8b8c7e8f8g8h4h6e2d1c1a3a6a5e1f2g7c2a4h8a2b7f1b3b1b2h7a7a8a1g1g2h2h1 +4";
        let game = replay_wthor(line).unwrap();
        assert!(game.finished);
        assert_eq!(game.positions.len(), 60);
        let (b, w) = game.last;
        assert_eq!(b.count_ones() as i32 - w.count_ones() as i32, 4);
    }

    #[test]
    fn illegal_transcripts_are_refused() {
        assert_eq!(replay_transcript("a1"), None);
        assert_eq!(replay_transcript("f5f"), None);
        assert_eq!(replay_transcript("z9"), None);
    }
}
