//! Fitting Multi-ProbCut's models ([`crate::engine::reversi::probcut`]): positions searched
//! full width to every depth up to a deepest, then, per stage and depth, the least-squares line
//! from the shallow search's score to the deep one's and the spread of its error.

use crate::engine::Budget;
use crate::engine::reversi::evaluate;
use crate::engine::reversi::probcut::{MIN_DEPTH, shallow_depth, stage};
use crate::engine::reversi::search::{Limits, iterate};
use crate::engine::reversi::tt::Table;

/// A position's full-width scores (hundredths of a disc, side to move's view) at depths 0, 1, …
/// (fewer than its empties, so none is exact).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Searched {
    pub empties: u32,
    pub scores: Vec<i32>,
}

impl Searched {
    /// `empties score0 score1 …`, one line.
    pub fn line(&self) -> String {
        let scores: Vec<String> = self.scores.iter().map(i32::to_string).collect();
        format!("{} {}", self.empties, scores.join(" "))
    }

    pub fn parse(line: &str) -> Option<Searched> {
        let mut w = line.split_whitespace().map(str::parse::<i32>);
        let empties = u32::try_from(w.next()?.ok()?).ok()?;
        let scores = w.collect::<Result<Vec<_>, _>>().ok()?;
        (!scores.is_empty()).then_some(Searched { empties, scores })
    }
}

/// Searches `(p, o)` full width at every depth up to `max_depth` (below its empties), with a
/// table cleared first so that no deeper result stands in for a shallower one. `None` if the
/// budget ran out.
pub fn search_all_depths(
    p: u64,
    o: u64,
    max_depth: u32,
    tt: &Table,
    budget: &Budget,
) -> Option<Searched> {
    let empties = (!(p | o)).count_ones();
    let deepest = max_depth.min(empties.saturating_sub(1));
    tt.clear();
    let mut scores = vec![evaluate(p, o)];
    let limits = Limits {
        depth: deepest,
        pace: None,
        selectivity: None,
        threads: 1,
    };
    iterate(p, o, limits, tt, budget, &mut |found| {
        scores.push(found.score)
    });
    (scores.len() == deepest as usize + 1 && !budget.exhausted())
        .then_some(Searched { empties, scores })
}

/// The fitted models as `probcut.txt` holds them: for each stage, a line per depth from
/// [`MIN_DEPTH`] while there are at least `min_samples` positions, with a `# growth` line (the
/// spread gained a ply, fitted over every stage's deepest depths) and comments saying how much
/// data each line stands on.
pub fn fit(samples: &[Searched], min_samples: usize) -> Result<String, String> {
    let stages = stage(60) + 1;
    let mut out = String::from(
        "# Multi-ProbCut models: stage (empties / 8, the last from 48 on), depth, a, b, sigma: a depth-`depth` search's\n\
         # score is about a * (the score at the shallow depth) + b, with an error of spread sigma\n\
         # (hundredths of a disc). Made by `train_reversi probcut` (docs/TRAINING.md).\n",
    );
    let mut lines = String::new();
    let mut slopes = vec![];
    for s in 0..stages {
        let mut sigmas = vec![];
        for depth in MIN_DEPTH.. {
            let shallow = shallow_depth(depth) as usize;
            let pairs: Vec<(f64, f64)> = samples
                .iter()
                .filter(|x| stage(x.empties) == s && x.scores.len() > depth as usize)
                .map(|x| {
                    (
                        f64::from(x.scores[shallow]),
                        f64::from(x.scores[depth as usize]),
                    )
                })
                .collect();
            if pairs.len() < min_samples {
                break;
            }
            let (a, b, sigma) = regress(&pairs);
            lines += &format!("{s} {depth} {a:.4} {b:.1} {sigma:.1}\n");
            lines += &format!("# {} positions\n", pairs.len());
            sigmas.push((f64::from(depth), sigma));
        }
        if sigmas.is_empty() {
            return Err(format!(
                "stage {s} (from {} empties): fewer than {min_samples} positions searched to depth {MIN_DEPTH}",
                s * 8
            ));
        }
        // The growth of the spread with depth, over this stage's deeper half.
        if sigmas.len() >= 4 {
            let half = &sigmas[sigmas.len() / 2..];
            slopes.push(regress(half).0);
        }
    }
    let growth = if slopes.is_empty() {
        0.0
    } else {
        slopes.iter().sum::<f64>() / slopes.len() as f64
    };
    out += &format!("# growth {:.2}\n", growth.max(0.0));
    out += &lines;
    Ok(out)
}

/// The endgame models as `endcut.txt` holds them ([`crate::engine::reversi::probcut::EndModels`]),
/// from solved positions given as (empties, static evaluation, exact score in hundredths of a
/// disc): a line for each parity of the empties.
pub fn fit_end(solved: &[(u32, i32, i32)]) -> Result<String, String> {
    let mut out = String::from(
        "# Multi-ProbCut's endgame models: parity of the empties (0 even, 1 odd), a, b, sigma: the\n\
         # exact score is about a * (the static evaluation) + b, with an error of spread sigma\n\
         # (hundredths of a disc). Made by `train_reversi endcut` (docs/TRAINING.md).\n",
    );
    for parity in 0..2 {
        let pairs: Vec<(f64, f64)> = solved
            .iter()
            .filter(|s| s.0 % 2 == parity)
            .map(|s| (f64::from(s.1), f64::from(s.2)))
            .collect();
        if pairs.len() < 30 {
            return Err(format!("fewer than 30 solved positions of parity {parity}"));
        }
        let (a, b, sigma) = regress(&pairs);
        out += &format!(
            "{parity} {a:.4} {b:.1} {sigma:.1}\n# {} positions\n",
            pairs.len()
        );
    }
    Ok(out)
}

/// The least-squares line `y ≈ a x + b` and the spread of its error.
fn regress(pairs: &[(f64, f64)]) -> (f64, f64, f64) {
    let n = pairs.len() as f64;
    let (mx, my) = (
        pairs.iter().map(|p| p.0).sum::<f64>() / n,
        pairs.iter().map(|p| p.1).sum::<f64>() / n,
    );
    let sxx: f64 = pairs.iter().map(|p| (p.0 - mx).powi(2)).sum();
    let sxy: f64 = pairs.iter().map(|p| (p.0 - mx) * (p.1 - my)).sum();
    let a = if sxx > 0.0 { sxy / sxx } else { 1.0 };
    let b = my - a * mx;
    let sse: f64 = pairs.iter().map(|p| (p.1 - a * p.0 - b).powi(2)).sum();
    (a, b, (sse / (n - 2.0).max(1.0)).sqrt())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::reversi::probcut::{EndModels, Models};
    use crate::rng::Rng;
    use std::sync::atomic::AtomicBool;

    #[test]
    fn a_line_is_recovered() {
        let pairs: Vec<(f64, f64)> = (0..100)
            .map(|i| (f64::from(i), 2.0 * f64::from(i) + 5.0))
            .collect();
        let (a, b, s) = regress(&pairs);
        assert!((a - 2.0).abs() < 1e-9 && (b - 5.0).abs() < 1e-9 && s < 1e-6);
    }

    #[test]
    fn endgame_models_are_fitted_for_each_parity() {
        // Even empties: twice the evaluation; odd: the evaluation plus 7; both ± 5 of noise.
        let solved: Vec<(u32, i32, i32)> = (0..100)
            .map(|i| {
                let noise = if i / 2 % 2 == 0 { 5 } else { -5 };
                let exact = if i % 2 == 0 { 2 * i * 10 } else { i * 10 + 7 };
                (10 + i as u32 % 2, i * 10, exact + noise)
            })
            .collect();
        let models = EndModels::parse(&fit_end(&solved).unwrap()).unwrap();
        let (even, odd) = (models.get(12), models.get(11));
        assert!(
            (even.a - 2.0).abs() < 0.01 && (odd.b - 7.0).abs() < 1.0,
            "{even:?} {odd:?}"
        );
        assert!(even.sigma > 4.0 && even.sigma < 6.0);
        assert!(
            fit_end(&solved[..40])
                .unwrap_err()
                .contains("fewer than 30")
        );
    }

    #[test]
    fn searched_positions_round_trip_and_fit_to_models_that_load() {
        let stop = AtomicBool::new(false);
        let budget = Budget::new(&stop, None);
        let tt = Table::new(1);
        let mut rng = Rng::new(5);
        let mut samples = vec![];
        // A few positions in every stage: the fit needs each; tiny depths keep it quick.
        for empties in (4..=59).step_by(1) {
            for _ in 0..3 {
                let (p, o) =
                    crate::engine::reversi::training::random_game(&mut rng, 60 - empties as usize);
                if let Some(s) = search_all_depths(p, o, 5, &tt, &budget) {
                    assert_eq!(Searched::parse(&s.line()), Some(s.clone()));
                    samples.push(s);
                }
            }
        }
        let text = fit(&samples, 3).unwrap();
        let models = Models::parse(&text).unwrap();
        assert!(models.get(40, 5).is_some());
        assert!(fit(&samples, 1000).unwrap_err().contains("fewer than"));
        assert_eq!(Searched::parse("12"), None);
        assert_eq!(Searched::parse("x 1 2"), None);
    }
}
