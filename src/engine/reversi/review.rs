//! Reviewing a finished Reversi game: each position searched, or solved near the end, and a
//! move that lost at least [`MISTAKE_DISCS`] against the best one called a mistake.

use super::endgame::Solver;
use super::search::score_all;
use super::tt::Table;
use crate::engine::Budget;
use crate::engine::review::{Better, CERTAIN, Cost, Judged, Mistake};
use crate::reversi::{Color, Move, Position, Square, Status};
use std::sync::atomic::AtomicBool;

/// How deep the midgame positions of a Reversi game are searched.
const REVIEW_DEPTH: u32 = 8;
/// At this many empties or fewer every move is solved exactly: a depth-8 search at 15-18
/// empties can misjudge a move by more than [`MISTAKE_DISCS`] (a move it called 17 discs lost
/// was the best), and with the solving the review of a whole game still took about 2 s.
const REVIEW_EXACT_EMPTIES: u32 = 18;
/// A Reversi move that loses at least this many discs against the best one is a mistake.
pub const MISTAKE_DISCS: i32 = 4;

/// Who leads in a Reversi position at a glance (the learned evaluation, no search), from
/// Black's side on the graph's scale: for the bar beside the board. A finished game by its discs.
pub fn lead_reversi(position: &Position) -> i32 {
    if position.status() == Status::GameOver {
        let (black, white) = position.final_counts();
        return (black as i32 - white as i32) * CERTAIN / 64;
    }
    let (p, o) = position.own_opp();
    lead_of(super::evaluate(p, o), position.to_move())
}

/// Black's lead on the graph's scale from a score for `side` in hundredths of a disc (an
/// evaluation or a search's): halfway at a lead of 16 discs.
pub fn lead_of(score: i32, side: Color) -> i32 {
    let v = side.black_side(score);
    CERTAIN * v / (v.abs() + 1600)
}

/// Judges a Reversi position and the move played from it: searched to [`REVIEW_DEPTH`], exact
/// at [`REVIEW_EXACT_EMPTIES`] empties or fewer. `None` when stopped first.
pub fn judge_reversi(
    before: &Position,
    played: Option<Move>,
    (midgame, endgame): (&Table, &Table),
    stop: &AtomicBool,
) -> Option<Judged> {
    let scaled = |hundredths: i32| (hundredths * CERTAIN / 6400).clamp(-CERTAIN, CERTAIN);
    if before.status() == Status::GameOver {
        let (black, white) = before.final_counts();
        let diff = black as i32 - white as i32;
        return Some(Judged {
            value: scaled(100 * diff),
            mistake: None,
        });
    }
    // A pass changes nothing: the position is judged for the side that moves next.
    let (position, played) = match played {
        Some(Move::Pass) | None if before.legal_moves() == 0 => {
            (before.play(Move::Pass).ok()?, None)
        }
        Some(Move::Play(sq)) => (*before, Some(sq)),
        _ => (*before, None),
    };
    let (p, o) = position.own_opp();
    let empties = 64 - (p | o).count_ones();
    let budget = Budget::new(stop, None);
    let exact = empties <= REVIEW_EXACT_EMPTIES;
    let scores: Vec<(u8, i32)> = if exact {
        Solver::new(endgame, &budget).score_all(p, o)?
    } else {
        let searched = score_all(p, o, REVIEW_DEPTH.min(empties), None, 1, midgame, &budget)?;
        searched
            .into_iter()
            .map(|(sq, v)| (sq, in_range(v)))
            .collect()
    };
    let &(best, best_score) = scores.iter().max_by_key(|&&(_, v)| v)?;
    let mistake = played.and_then(|sq| {
        let (_, score) = scores.iter().find(|&&(s, _)| s == sq.index())?;
        let discs = ((best_score - score) as f64 / 100.0).round() as i32;
        (discs >= MISTAKE_DISCS).then_some(Mistake {
            cost: Cost::Discs { discs, exact },
            better: Better::Reversi(Move::Play(Square::new(best)?)),
        })
    });
    Some(Judged {
        value: scaled(position.to_move().black_side(best_score)),
        mistake,
    })
}

/// A midgame score (hundredths of a disc) within what a game can end with: the evaluation of
/// a lopsided position may pass 64 discs, which no final score can.
pub fn in_range(score: i32) -> i32 {
    score.clamp(-6400, 6400)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn tables() -> (Table, Table) {
        (Table::new(1), Table::new(1))
    }

    #[test]
    fn a_finished_game_is_valued_by_its_discs() {
        let full: Position = "XXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXX X"
            .parse()
            .unwrap();
        let (m, e) = tables();
        let judged = judge_reversi(&full, None, (&m, &e), &AtomicBool::new(false)).unwrap();
        assert_eq!(judged.value, CERTAIN);
    }

    /// The review of `played` from `position` (OBF squares and side to move).
    fn judged(position: &str, played: &str) -> Judged {
        let position: Position = position.parse().unwrap();
        let (m, e) = tables();
        let played = Move::Play(played.parse().unwrap());
        judge_reversi(&position, Some(played), (&m, &e), &AtomicBool::new(false)).unwrap()
    }

    /// An exact loss of `discs`, with `better` the move to play instead.
    fn exact_loss(discs: i32, better: &str) -> Option<Mistake> {
        Some(Mistake {
            cost: Cost::Discs { discs, exact: true },
            better: Better::Reversi(better.parse().unwrap()),
        })
    }

    #[test]
    fn an_endgame_blunder_is_found_with_the_better_move() {
        // An FFO position of 14 empties (D1 +2 best, B2 -12 worst), solved exactly.
        let position = "----OX----OOXX---OOOXX-XOOXXOOOOOXXOXXOOOXXXOOOOOXXXXOXO--OOOOOX X";
        let b2 = judged(position, "b2");
        assert_eq!(b2.mistake, exact_loss(14, "d1"));
        assert_eq!(b2.value, 2 * CERTAIN / 64, "Black wins by 2");
        let g3 = judged(position, "g3");
        assert_eq!(g3.mistake, None, "two discs is not a mistake");
    }

    #[test]
    fn fifteen_empties_are_solved_not_guessed() {
        // From a game against level 7: White's a3 draws (the best move), h1 loses by 4; a
        // depth-8 search preferred h1 and called a3 a loss of 17 discs.
        let position = "---O-O--X-OOOXX--XXOXXXX-XOXOOXXXOXOXXOXOOOOXOOX--OXXO-X-OOOOOO- O";
        let a3 = judged(position, "a3");
        assert_eq!(a3.mistake, None, "the best move is no mistake");
        assert_eq!(a3.value, 0, "a draw");
        assert_eq!(judged(position, "h1").mistake, exact_loss(4, "a3"));
    }
}
