//! Games heibai plays against itself, for positions the tournament games never reach but its
//! own searches do: a balanced opening, a few moves picked at random among the near-best (so
//! that no two games are alike), then its best moves until the solver can take over — the
//! positions are labelled like the tournament games' ([`super::games::label`]), or, in the
//! second round, as they are played ([`labelled_game`]): by the deep search that chose the move,
//! exactly once the solver can reach the end.

use super::Sample;
use super::games::{label, replay_transcript};
use crate::engine::Budget;
use crate::engine::reversi::endgame::Solver;
use crate::engine::reversi::level::pick;
use crate::engine::reversi::probcut::Selectivity;
use crate::engine::reversi::search::{self, Found, Limits};
use crate::engine::reversi::tt::Table;
use crate::reversi::{Square, flips, legal_moves};

/// How a self-play game is played.
#[derive(Clone, Copy, Debug)]
pub struct Plan {
    /// Moves after the opening picked uniformly at random among the legal ones.
    pub random: usize,
    /// Moves after those the opening picked at random, each with a chance falling by e for every
    /// `noise` hundredths of a disc it is worse than the best at `noisy_depth` plies.
    pub noisy: usize,
    pub noise: i32,
    pub noisy_depth: u32,
    /// The search depth of the other moves, and its Multi-ProbCut confidence (`None`: full
    /// width).
    pub depth: u32,
    pub selectivity: Option<Selectivity>,
    /// The game stops after its move at this many empties.
    pub until: u32,
}

impl Default for Plan {
    fn default() -> Plan {
        Plan {
            random: 0,
            noisy: 12,
            noise: 200,
            noisy_depth: 4,
            depth: 6,
            selectivity: None,
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
    let mut game = Game::start(opening, seed, tt)?;
    while let Some((p, o)) = game.next_position(plan.until) {
        let sq = match game.opening_move(p, o, plan, tt, budget)? {
            Some(sq) => sq,
            None => searched(p, o, plan, tt, budget).best?,
        };
        game.play(sq)?;
    }
    Some(game.transcript)
}

/// Plays a game of the second round from `opening` to its end and labels every position after
/// the opening where a move is played: from `exact_from` empties on exactly (solved backwards
/// along the game), before that by the score of a search of `plan`'s depth (which also chooses
/// the move, except for the random and noisy ones). Returns the transcript and the labelled
/// positions (the game's last ones, as [`format_labelled`] keeps them);
/// `None` if the opening is not a legal one. The same opening and `seed` give the same game.
pub fn labelled_game(
    opening: &str,
    seed: u64,
    plan: Plan,
    exact_from: u32,
    tt: &Table,
    budget: &Budget,
) -> Option<(String, Vec<Sample>)> {
    let mut game = Game::start(opening, seed, tt)?;
    let mut searched_scores = vec![];
    while let Some((p, o)) = game.next_position(0) {
        let empties = (!(p | o)).count_ones();
        let found = (empties > exact_from).then(|| searched(p, o, plan, tt, budget));
        searched_scores.push(found.map(|f| f.score));
        let sq = match (game.opening_move(p, o, plan, tt, budget)?, found) {
            (Some(sq), _) => sq,
            (None, Some(found)) => found.best?,
            (None, None) => searched(p, o, plan, tt, budget).best?,
        };
        game.play(sq)?;
    }
    let replayed = replay_transcript(&game.transcript)?;
    // The solver's entries are whole discs, the search's hundredths: they must not meet.
    tt.clear();
    let mut samples = label(&replayed, exact_from, &mut Solver::new(tt, budget));
    // The opening's positions were not played by the game: only those after it are labelled.
    samples.drain(..samples.len().saturating_sub(searched_scores.len()));
    for (sample, score) in samples.iter_mut().zip(searched_scores) {
        if let Some(score) = score {
            sample.score = (f64::from(score) / 100.0).round().clamp(-64.0, 64.0) as i8;
            sample.exact = false;
        }
    }
    Some((game.transcript, samples))
}

/// One labelled game as a line of text, the form the second round's data is kept in: the
/// transcript, then each labelled position's score (the last `samples.len()` positions of the
/// game), an exact one marked `=`. Some 300 bytes a game where the samples take 1 KB.
pub fn format_labelled(transcript: &str, samples: &[Sample]) -> String {
    let mut line = transcript.to_string();
    for s in samples {
        line.push_str(if s.exact { " =" } else { " " });
        line.push_str(&s.score.to_string());
    }
    line
}

/// The labelled positions of a line [`format_labelled`] wrote; `None` if it is not one (an
/// illegal transcript, a score that is not a number, more scores than positions).
pub fn parse_labelled(line: &str) -> Option<Vec<Sample>> {
    let mut words = line.split_whitespace();
    let game = replay_transcript(words.next()?)?;
    let labels: Vec<&str> = words.collect();
    let first = game.positions.len().checked_sub(labels.len())?;
    game.positions[first..]
        .iter()
        .zip(labels)
        .map(|(&(own, opp, _), label)| {
            let (exact, score) = match label.strip_prefix('=') {
                Some(score) => (true, score),
                None => (false, label),
            };
            Some(Sample {
                own,
                opp,
                score: score.parse().ok().filter(|s: &i8| s.abs() <= 64)?,
                exact,
            })
        })
        .collect()
}

/// A self-play game under way.
struct Game {
    transcript: String,
    /// Side to move first; the side to move may have to pass.
    p: u64,
    o: u64,
    /// Moves played since the opening.
    played: usize,
    rng: u64,
}

impl Game {
    /// The position after `opening` (`tt` cleared, so that a game depends only on its seed).
    fn start(opening: &str, seed: u64, tt: &Table) -> Option<Game> {
        let game = replay_transcript(opening)?;
        tt.clear();
        // The side after the opening's last mover is to move (an empty opening: Black).
        let (black, white) = game.last;
        let white_moved_last = game.positions.last().is_some_and(|&(_, _, black)| !black);
        let (p, o) = if game.positions.is_empty() || white_moved_last {
            (black, white)
        } else {
            (white, black)
        };
        Some(Game {
            transcript: opening.to_string(),
            p,
            o,
            played: 0,
            rng: seed | 1,
        })
    }

    /// The position to play a move in (passing for the side that has none), while the game
    /// goes on with at least `until` empties.
    fn next_position(&mut self, until: u32) -> Option<(u64, u64)> {
        if (!(self.p | self.o)).count_ones() < until {
            return None;
        }
        if legal_moves(self.p, self.o) == 0 {
            if legal_moves(self.o, self.p) == 0 {
                return None;
            }
            (self.p, self.o) = (self.o, self.p);
        }
        Some((self.p, self.o))
    }

    /// The move if it is one of the random or noisy ones after the opening, `Some(None)` past
    /// them; `None` if the search for a noisy one was stopped.
    fn opening_move(
        &mut self,
        p: u64,
        o: u64,
        plan: Plan,
        tt: &Table,
        budget: &Budget,
    ) -> Option<Option<u8>> {
        if self.played < plan.random {
            let moves = legal_moves(p, o);
            let all: Vec<(u8, i32)> = (0..64u8)
                .filter(|&sq| moves >> sq & 1 != 0)
                .map(|sq| (sq, 0))
                .collect();
            pick(&all, 1, &mut self.rng).map(Some)
        } else if self.played < plan.random + plan.noisy {
            let scored = search::score_all(p, o, plan.noisy_depth, None, 1, tt, budget)?;
            pick(&scored, plan.noise, &mut self.rng).map(Some)
        } else {
            Some(None)
        }
    }

    fn play(&mut self, sq: u8) -> Option<()> {
        self.transcript.push_str(&Square::new(sq)?.to_string());
        let f = flips(self.p, self.o, sq);
        (self.p, self.o) = (self.o & !f, self.p | f | 1 << sq);
        self.played += 1;
        Some(())
    }
}

/// The search of `plan`'s depth (selective where it does not reach the end).
fn searched(p: u64, o: u64, plan: Plan, tt: &Table, budget: &Budget) -> Found {
    let empties = (!(p | o)).count_ones();
    let limits = Limits {
        selectivity: plan.selectivity.filter(|_| plan.depth < empties),
        depth: plan.depth,
        pace: None,
        threads: 1,
    };
    search::iterate(p, o, limits, tt, budget, &mut |_| {})
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

    #[test]
    fn labelled_games_are_finished_labelled_exactly_at_the_end_and_repeat_with_their_seed() {
        let stop = AtomicBool::new(false);
        let budget = Budget::new(&stop, None);
        let tt = Table::new(1);
        let plan = Plan {
            random: 3,
            noisy: 2,
            depth: 3,
            noisy_depth: 1,
            selectivity: Some(Selectivity(15)),
            ..Plan::default()
        };
        let (transcript, samples) = labelled_game("", 5, plan, 10, &tt, &budget).unwrap();
        assert_eq!(
            labelled_game("", 5, plan, 10, &tt, &budget).unwrap(),
            (transcript.clone(), samples.clone())
        );
        let game = replay_transcript(&transcript).expect("legal");
        assert!(game.finished);
        assert_eq!(samples.len(), game.positions.len());
        let mut solver = Solver::new(&tt, &budget);
        for s in &samples {
            assert_eq!(s.exact, s.empties() <= 10);
            if s.exact {
                let v = solver.score(s.own, s.opp, -65, 65).unwrap();
                assert_eq!(i32::from(s.score), v);
            }
        }
        assert!(samples.iter().any(|s| !s.exact && s.score != 0));
        let line = format_labelled(&transcript, &samples);
        assert_eq!(parse_labelled(&line), Some(samples));
    }

    #[test]
    fn only_the_moves_after_the_opening_are_labelled_and_kept() {
        let stop = AtomicBool::new(false);
        let budget = Budget::new(&stop, None);
        let tt = Table::new(1);
        let plan = Plan {
            noisy: 0,
            depth: 2,
            ..Plan::default()
        };
        let (transcript, samples) = labelled_game("f5f6e6f4", 3, plan, 8, &tt, &budget).unwrap();
        let game = replay_transcript(&transcript).expect("legal");
        assert_eq!(samples.len(), game.positions.len() - 4);
        let (own, opp, _) = game.positions[4];
        assert_eq!((samples[0].own, samples[0].opp), (own, opp));
        // A search label is the score of the position it is on: the first is the depth-2
        // search's score of the position after the opening, from a table as clear as the game's.
        tt.clear();
        let found = searched(own, opp, plan, &tt, &budget);
        assert_eq!(
            i32::from(samples[0].score),
            (found.score as f64 / 100.0).round() as i32
        );
        assert_eq!(
            parse_labelled(&format_labelled(&transcript, &samples)),
            Some(samples)
        );
        for bad in ["", "a1 3", "f5 1 2", "f5 x", "f5 =99"] {
            assert_eq!(parse_labelled(bad), None, "{bad}");
        }
    }
}
