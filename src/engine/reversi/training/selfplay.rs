//! Games heibai plays against itself, for positions the tournament games never reach but its
//! own searches do: a balanced opening, a few moves picked at random among the near-best (so
//! that no two games are alike), then its best moves until the solver can take over — the
//! positions are labelled like the tournament games' ([`super::games::label`]).

use crate::engine::Budget;
use crate::engine::reversi::level::pick;
use crate::engine::reversi::search::{self, Limits};
use crate::engine::reversi::tt::Table;
use crate::reversi::{Square, flips, legal_moves};

/// How a self-play game is played.
#[derive(Clone, Copy, Debug)]
pub struct Plan {
    /// Moves after the opening picked at random, each with a chance falling by e for every
    /// `noise` hundredths of a disc it is worse than the best at `noisy_depth` plies.
    pub noisy: usize,
    pub noise: i32,
    pub noisy_depth: u32,
    /// The search depth of the other moves.
    pub depth: u32,
    /// The game stops after its move at this many empties.
    pub until: u32,
}

impl Default for Plan {
    fn default() -> Plan {
        Plan {
            noisy: 12,
            noise: 200,
            noisy_depth: 4,
            depth: 6,
            until: 18,
        }
    }
}

/// Plays a game from `opening` (a transcript such as `f5d6c3`, passes implied) and returns its
/// transcript; `None` if the opening is not a legal one. The same opening and `seed` give the
/// same game (`tt` is cleared first).
pub fn self_play(
    opening: &str,
    seed: u64,
    plan: Plan,
    tt: &Table,
    budget: &Budget,
) -> Option<String> {
    let game = super::games::replay_transcript(opening)?;
    tt.clear();
    let mut rng = seed | 1;
    let mut transcript = opening.to_string();
    // The side after the opening's last mover is to move (an empty opening: Black).
    let (black, white) = game.last;
    let white_moved_last = game.positions.last().is_some_and(|&(_, _, black)| !black);
    let (mut p, mut o) = if game.positions.is_empty() || white_moved_last {
        (black, white)
    } else {
        (white, black)
    };
    let mut played = 0;
    while (!(p | o)).count_ones() >= plan.until {
        if legal_moves(p, o) == 0 {
            if legal_moves(o, p) == 0 {
                break;
            }
            (p, o) = (o, p);
            continue;
        }
        let sq = if played < plan.noisy {
            let scored = search::score_all(p, o, plan.noisy_depth, None, 1, tt, budget)?;
            pick(&scored, plan.noise, &mut rng)?
        } else {
            let limits = Limits {
                selectivity: None,
                depth: plan.depth,
                pace: None,
                threads: 1,
            };
            search::iterate(p, o, limits, tt, budget, &mut |_| {}).best?
        };
        transcript.push_str(&Square::new(sq)?.to_string());
        let f = flips(p, o, sq);
        (p, o) = (o & !f, p | f | 1 << sq);
        played += 1;
    }
    Some(transcript)
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::atomic::AtomicBool;

    #[test]
    fn games_are_legal_reach_the_solver_and_repeat_with_their_seed() {
        let stop = AtomicBool::new(false);
        let budget = Budget::new(&stop, None);
        let tt = Table::new(1);
        let plan = Plan {
            depth: 2,
            noisy_depth: 1,
            ..Plan::default()
        };
        let a = self_play("f5f6e6f4", 7, plan, &tt, &budget).unwrap();
        let b = self_play("f5f6e6f4", 7, plan, &tt, &budget).unwrap();
        assert_eq!(a, b);
        assert!(a.starts_with("f5f6e6f4"));
        let game = super::super::games::replay_transcript(&a).expect("legal");
        let (black, white) = game.last;
        assert!((!(black | white)).count_ones() < plan.until || game.finished);
        assert!(self_play("a1", 7, plan, &tt, &budget).is_none());
    }
}
