//! Tuning the evaluation's weights ([`super::value::weights`]) by self-play: games between
//! fixed-depth searches from the 26 openings and a few random moves, their quiet positions
//! labelled with the game's result, and the weights fitted so that a logistic curve of the
//! evaluation predicts those results (the "Texel" method). Driven by
//! `examples/tune_gomoku.rs` (docs/TRAINING.md).

use super::grid::Grid;
use super::pattern::SHAPES;
use super::value::{COMBOS, Weights, weights};
use super::{LEVELS, Level, VCF_DEPTH, choose_at};
use crate::gomoku::{Color, OPENINGS, Outcome, Point, Position, Rule, Start};
use crate::rng::Rng;
use std::sync::atomic::AtomicBool;
use std::time::Duration;

/// How many numbers describe a position: for the side to move and for the opponent, how many
/// empty points have each shape on a line and each combination.
pub const FEATURES: usize = 2 * (SHAPES.len() + COMBOS);

/// A position as the evaluation sees it.
pub type Features = [u16; FEATURES];

/// The evaluation's features, or `None` when a side has a five-point (the search, not the
/// evaluation, judges those).
pub fn features(position: &Position) -> Option<Features> {
    let grid = Grid::new(position);
    let me = position.to_move();
    if grid.may_win(me) || grid.may_win(me.opponent()) {
        return None;
    }
    let [mine, theirs] = [me, me.opponent()].map(|c| grid.counts(c));
    let mut f = [0; FEATURES];
    f[..FEATURES / 2].copy_from_slice(&mine);
    f[FEATURES / 2..].copy_from_slice(&theirs);
    Some(f)
}

/// The weights as one vector in the order of [`Features`] (the opponent's counted negative).
fn flatten(w: &Weights) -> [f64; FEATURES] {
    let mut v = [0.0; FEATURES];
    let half = FEATURES / 2;
    for side in 0..2 {
        let sign = if side == 0 { 1.0 } else { -1.0 };
        for s in 0..SHAPES.len() {
            v[side * half + s] = sign * f64::from(w.shape[side][s]);
        }
        for c in 0..COMBOS {
            v[side * half + SHAPES.len() + c] = sign * f64::from(w.combo[side][c]);
        }
    }
    v
}

/// The evaluation of features under weights in vector form.
fn eval(v: &[f64; FEATURES], f: &Features) -> f64 {
    v.iter().zip(f).map(|(w, &x)| w * f64::from(x)).sum()
}

/// A labelled position: its features and the result for the side to move (1 won, 0 lost,
/// ½ drawn).
pub struct Sample {
    pub features: Features,
    pub result: f64,
}

/// Which weights the fit moves: the shapes and combinations a quiet position can hold (not
/// "none", five or overline, nor the plain and five combinations).
fn tunable(k: usize) -> bool {
    let n = k % (FEATURES / 2);
    (1..=7).contains(&n) || (SHAPES.len() + 1..SHAPES.len() + 4).contains(&n)
}

fn sigmoid(x: f64) -> f64 {
    1.0 / (1.0 + (-x).exp())
}

fn loss(v: &[f64; FEATURES], scale: f64, samples: &[Sample]) -> f64 {
    let total: f64 = samples
        .iter()
        .map(|s| (s.result - sigmoid(eval(v, &s.features) / scale)).powi(2))
        .sum();
    total / samples.len().max(1) as f64
}

/// What a fit did: the scale of the logistic curve, and the errors before and after on the
/// training and the held-out positions.
pub struct Report {
    pub scale: f64,
    pub train: (f64, f64),
    pub validation: (f64, f64),
}

/// Fits the weights to `train` by gradient descent (Adam, `iterations` steps, deterministic),
/// starting from those `rule` ships; the logistic curve's scale is first chosen to fit those
/// best. Weights stay positive.
pub fn fit(
    rule: Rule,
    train: &[Sample],
    validation: &[Sample],
    iterations: usize,
) -> (Weights, Report) {
    let start = flatten(weights(rule));
    let scale = [50.0, 100.0, 200.0, 400.0, 800.0, 1600.0, 3200.0]
        .into_iter()
        .min_by(|&a, &b| loss(&start, a, train).total_cmp(&loss(&start, b, train)))
        .unwrap_or(400.0);
    let mut v = start;
    let (mut m, mut s2) = ([0.0; FEATURES], [0.0; FEATURES]);
    let (rate, b1, b2) = (2.0, 0.9, 0.999);
    for t in 1..=iterations {
        let mut grad = [0.0; FEATURES];
        for sample in train {
            let p = sigmoid(eval(&v, &sample.features) / scale);
            let g = -2.0 * (sample.result - p) * p * (1.0 - p) / scale;
            for (k, &x) in sample.features.iter().enumerate() {
                grad[k] += g * f64::from(x);
            }
        }
        for k in (0..FEATURES).filter(|&k| tunable(k)) {
            let g = grad[k] / train.len() as f64;
            m[k] = b1 * m[k] + (1.0 - b1) * g;
            s2[k] = b2 * s2[k] + (1.0 - b2) * g * g;
            let mh = m[k] / (1.0 - b1.powi(t as i32));
            let sh = s2[k] / (1.0 - b2.powi(t as i32));
            v[k] -= rate * mh / (sh.sqrt() + 1e-9);
            // Attack weights positive, defence weights (stored negative) likewise.
            v[k] = if k < FEATURES / 2 {
                v[k].max(0.0)
            } else {
                v[k].min(0.0)
            };
        }
    }
    let half = FEATURES / 2;
    let weight = |k: usize| (v[k].abs()).round() as i32;
    let weights = Weights {
        shape: std::array::from_fn(|side| std::array::from_fn(|s| weight(side * half + s))),
        combo: std::array::from_fn(|side| {
            std::array::from_fn(|c| weight(side * half + SHAPES.len() + c))
        }),
    };
    let rounded = flatten(&weights);
    let report = Report {
        scale,
        train: (loss(&start, scale, train), loss(&rounded, scale, train)),
        validation: (
            loss(&start, scale, validation),
            loss(&rounded, scale, validation),
        ),
    };
    (weights, report)
}

/// One self-play game: its rule and moves, and the winner (`None` for a draw).
pub struct Game {
    pub rule: Rule,
    pub moves: Vec<Point>,
    pub winner: Option<Color>,
}

/// The search that plays the tuning games: a shallow alpha-beta with continuous-four wins, so
/// that a game takes a few tenths of a second.
const PLAYER: Level = Level {
    depth: 4,
    width: 10,
    vcf: VCF_DEPTH,
    vct: 0,
    safe: false,
    budget: Duration::from_secs(5),
    ..LEVELS[0]
};

/// Plays game number `n` (deterministic in `n`): opening `n % 26` turned by `n / 26 % 8`,
/// then `random` random moves near the stones, then the search for both sides, under `rule`,
/// until a win or 150 stones.
pub fn self_play(n: u64, rule: Rule, random: u32) -> Game {
    let mut rng = Rng::new(n.wrapping_mul(0x9E37_79B9_7F4A_7C15));
    let start = Start::Opening {
        index: (n % OPENINGS.len() as u64) as u8,
        symmetry: (n / OPENINGS.len() as u64 % 8) as u8,
    };
    let mut p = Position::starting(15, rule, start);
    let mut moves = vec![];
    for q in p.opening_stones() {
        p = p.play(q).expect("an opening's stones are legal");
        moves.push(q);
    }
    let stop = AtomicBool::new(false);
    for ply in 0..150 - moves.len() as u32 {
        if p.outcome() != Outcome::Playing {
            break;
        }
        let q = if ply < random {
            let near: Vec<Point> = p
                .board()
                .points()
                .filter(|&q| p.check(q).is_ok() && near_a_stone(&p, q))
                .collect();
            near[rng.below(near.len())]
        } else {
            choose_at(&p, PLAYER, &stop, &mut |_| {})
        };
        p = p.play(q).expect("the engine plays legal points");
        moves.push(q);
    }
    let winner = match p.outcome() {
        Outcome::Won(c, _) => Some(c),
        _ => None,
    };
    Game {
        rule,
        moves,
        winner,
    }
}

fn near_a_stone(p: &Position, q: Point) -> bool {
    let b = p.board();
    b.points()
        .any(|s| b.get(s).is_some() && s.col.abs_diff(q.col) <= 2 && s.row.abs_diff(q.row) <= 2)
}

/// The labelled quiet positions of a game, from its `skip`-th stone on.
pub fn samples(game: &Game, skip: usize) -> Vec<Sample> {
    let mut p = Position::new(15, game.rule, false);
    let mut out = vec![];
    for (n, &q) in game.moves.iter().enumerate() {
        if n >= skip
            && let Some(features) = features(&p)
        {
            let result = match game.winner {
                None => 0.5,
                Some(c) if c == p.to_move() => 1.0,
                Some(_) => 0.0,
            };
            out.push(Sample { features, result });
        }
        let Ok(next) = p.play(q) else { break };
        p = next;
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_features_reproduce_the_evaluation() {
        let game = self_play(3, Rule::Renju, 2);
        let mut p = Position::new(15, Rule::Renju, false);
        for &q in &game.moves {
            if let Some(f) = features(&p) {
                let v = flatten(weights(Rule::Renju));
                assert_eq!(eval(&v, &f) as i32, Grid::new(&p).evaluate());
            }
            p = p.play(q).unwrap();
        }
    }

    #[test]
    fn fitting_lowers_the_error_and_is_deterministic() {
        let games: Vec<Game> = (0..6).map(|n| self_play(n, Rule::Freestyle, 2)).collect();
        let train: Vec<Sample> = games.iter().flat_map(|g| samples(g, 4)).collect();
        let (a, report) = fit(Rule::Freestyle, &train, &train, 50);
        let (b, _) = fit(Rule::Freestyle, &train, &train, 50);
        assert!(report.train.1 < report.train.0, "{:?}", report.train);
        assert_eq!((a.shape, a.combo), (b.shape, b.combo));
    }
}
