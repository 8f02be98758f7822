//! Fitting the evaluation's values ([`super::value::values`]) to self-play: games between
//! fixed-depth searches from the 26 openings and a few random moves, their quiet positions
//! labelled with the game's result, and the value of every class of shapes fitted so that a
//! logistic curve of the evaluation predicts those results (the "Texel" method), each held
//! as near the value it starts from as asked. Driven by `examples/tune_gomoku.rs` (docs/TRAINING.md).

use super::grid::Grid;
use super::search::WON;
use super::value::{self, CLASSES, MASKS, Table, Value, format_values, threat_values, values};
use super::{LEVELS, Level, VCF_DEPTH, choose_at};
use crate::gomoku::{Color, OPENINGS, Outcome, Point, Position, Rule, Start};
use crate::rng::Rng;
use std::sync::atomic::AtomicBool;
use std::time::Duration;

/// The tables a rule's games fit: Renju's two colours, or the one freestyle and standard
/// share.
pub fn tables(rule: Rule) -> Vec<Table> {
    let mut tables = vec![Table::of(rule, Color::Black)];
    let white = Table::of(rule, Color::White);
    if white != tables[0] {
        tables.push(white);
    }
    tables
}

/// The number of a value among a rule's parameters: table `t` of [`tables`], `defence` or
/// attack, class.
fn param(t: usize, defence: bool, class: usize) -> usize {
    (2 * t + usize::from(defence)) * CLASSES + class
}

/// The number of table `t`'s threat value for `mask`, after the class values of all
/// `tables`.
fn threat_param(tables: usize, t: usize, mask: usize) -> usize {
    2 * tables * CLASSES + t * MASKS + mask
}

/// A rule's fitted values: per table, every class's and every threat mask's.
pub type Fitted = Vec<(Table, Vec<Value>, Vec<i32>)>;

/// A position as the evaluation sees it: its threat mask's value once, and how many points
/// each class value counts, the side that waits counted negative. Only learned values appear.
pub type Features = Vec<(u32, i16)>;

/// The evaluation's features, or `None` when a side has a five-point (the search, not the
/// evaluation, judges those).
pub fn features(position: &Position) -> Option<Features> {
    let grid = Grid::new(position);
    let me = position.to_move();
    if grid.may_win(me) || grid.may_win(me.opponent()) {
        return None;
    }
    let tables = tables(position.rule());
    let index = |color: Color| {
        let table = Table::of(position.rule(), color);
        tables.iter().position(|&x| x == table).unwrap_or(0)
    };
    let mut f = vec![(
        threat_param(tables.len(), index(me), grid.threat_mask()) as u32,
        1,
    )];
    for (color, defence) in [(me, false), (me.opponent(), true)] {
        let table = Table::of(position.rule(), color);
        let t = index(color);
        let sign = if defence { -1 } else { 1 };
        for (class, &n) in grid.classes(color).iter().enumerate() {
            if n > 0 && table.learned(class) {
                f.push((param(t, defence, class) as u32, sign * n as i16));
            }
        }
    }
    Some(f)
}

/// The values a rule's `tables` ship with as one vector in the order of [`param`] and
/// [`threat_param`].
fn flatten(tables: &[Table]) -> Vec<f64> {
    let mut v = vec![0.0; tables.len() * (2 * CLASSES + MASKS)];
    for (t, &table) in tables.iter().enumerate() {
        for (class, value) in values(table).iter().enumerate() {
            v[param(t, false, class)] = f64::from(value.attack);
            v[param(t, true, class)] = f64::from(value.defence);
        }
        for (mask, &value) in threat_values(table).iter().enumerate() {
            v[threat_param(tables.len(), t, mask)] = f64::from(value);
        }
    }
    v
}

/// The evaluation of features under values in vector form.
fn eval(v: &[f64], f: &Features) -> f64 {
    f.iter().map(|&(k, n)| v[k as usize] * f64::from(n)).sum()
}

/// A labelled position: its features and the result for the side to move (1 won, 0 lost,
/// ½ drawn).
pub struct Sample {
    pub features: Features,
    pub result: f64,
}

fn sigmoid(x: f64) -> f64 {
    1.0 / (1.0 + (-x).exp())
}

fn loss(v: &[f64], scale: f64, samples: &[Sample]) -> f64 {
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

/// How a fit goes: its steps, and how strongly each value is held near where it starts
/// (the penalty on the squared distance, in thousandths of a value, per position).
pub struct Fitting {
    pub iterations: usize,
    pub hold: f64,
}

/// Fits `rule`'s values to `train` by gradient descent (Adam, deterministic) from those it
/// ships, each held near its start by `how.hold` so that a class seen in few positions keeps
/// about its value (a point with no shape keeps 0); the logistic curve's scale is first
/// chosen to fit the start best. Class values stay positive; threat values may be negative.
/// Returns each table's values (every class and every threat mask) and the report.
pub fn fit(rule: Rule, train: &[Sample], validation: &[Sample], how: &Fitting) -> (Fitted, Report) {
    let tables = tables(rule);
    let start = flatten(&tables);
    let classes = 2 * tables.len() * CLASSES;
    // A point with no shape on any line stays worth nothing: counted over most of the
    // board, a value there would only count the empty points.
    let nothing = value::class(0);
    let learned: Vec<bool> = (0..start.len())
        .map(|k| {
            k >= classes || k % CLASSES != nothing && tables[k / (2 * CLASSES)].learned(k % CLASSES)
        })
        .collect();
    let lowest = |k: usize| {
        if k < classes {
            0.0
        } else {
            f64::from(i16::MIN)
        }
    };
    let scale = [50.0, 100.0, 200.0, 400.0, 800.0, 1600.0, 3200.0]
        .into_iter()
        .min_by(|&a, &b| loss(&start, a, train).total_cmp(&loss(&start, b, train)))
        .unwrap_or(400.0);
    let mut v = start.clone();
    let (mut m, mut s2) = (vec![0.0; v.len()], vec![0.0; v.len()]);
    let (rate, b1, b2) = (2.0, 0.9, 0.999);
    let n = train.len().max(1) as f64;
    for t in 1..=how.iterations {
        let mut grad = vec![0.0; v.len()];
        for sample in train {
            let p = sigmoid(eval(&v, &sample.features) / scale);
            let g = -2.0 * (sample.result - p) * p * (1.0 - p) / scale / n;
            for &(k, x) in &sample.features {
                grad[k as usize] += g * f64::from(x);
            }
        }
        for k in (0..v.len()).filter(|&k| learned[k]) {
            let g = grad[k] + 2.0 * how.hold * (v[k] - start[k]) / 1e6;
            m[k] = b1 * m[k] + (1.0 - b1) * g;
            s2[k] = b2 * s2[k] + (1.0 - b2) * g * g;
            let mh = m[k] / (1.0 - b1.powi(t as i32));
            let sh = s2[k] / (1.0 - b2.powi(t as i32));
            v[k] = (v[k] - rate * mh / (sh.sqrt() + 1e-9)).clamp(lowest(k), f64::from(i16::MAX));
        }
    }
    let fitted: Fitted = tables
        .iter()
        .enumerate()
        .map(|(t, &table)| {
            let values = (0..CLASSES)
                .map(|class| Value {
                    attack: v[param(t, false, class)].round() as i32,
                    defence: v[param(t, true, class)].round() as i32,
                })
                .collect();
            let threats = (0..MASKS)
                .map(|mask| v[threat_param(tables.len(), t, mask)].round() as i32)
                .collect();
            (table, values, threats)
        })
        .collect();
    let rounded: Vec<f64> = v.iter().map(|x| x.round()).collect();
    let report = Report {
        scale,
        train: (loss(&start, scale, train), loss(&rounded, scale, train)),
        validation: (
            loss(&start, scale, validation),
            loss(&rounded, scale, validation),
        ),
    };
    (fitted, report)
}

/// The text of `values.txt` with the `fitted` tables (the others as this build ships them),
/// under a header saying what `made` them.
pub fn values_text(made: &str, fitted: &Fitted) -> String {
    format_values(made, |table| {
        fitted.iter().find(|(t, ..)| *t == table).map_or_else(
            || (values(table).to_vec(), threat_values(table).to_vec()),
            |(_, v, threats)| (v.clone(), threats.clone()),
        )
    })
}

/// One self-play game: its rule and moves, and the winner (`None` for a draw).
pub struct Game {
    pub rule: Rule,
    pub moves: Vec<Point>,
    pub winner: Option<Color>,
}

/// The search that plays the tuning games: an alpha-beta of `depth` plies (4 makes a game
/// take a few hundredths of a second; deeper games teach sounder results) with continuous-four
/// wins.
fn player(depth: u32) -> Level {
    Level {
        depth,
        width: 10,
        vcf: VCF_DEPTH,
        vct: 0,
        safe: false,
        budget: Duration::from_secs(60),
        ..LEVELS[0]
    }
}

/// Plays game number `n` (deterministic in `n`): opening `n % 26` turned by `n / 26 % 8`,
/// then `random` random moves near the stones, then a search of `depth` plies for both sides,
/// under `rule`, until a win or 150 stones.
pub fn self_play(n: u64, rule: Rule, random: u32, depth: u32) -> Game {
    let (mut p, mut moves) = opening(n, rule, random);
    let stop = AtomicBool::new(false);
    let player = player(depth);
    while moves.len() < 150 && p.outcome() == Outcome::Playing {
        let q = choose_at(&p, player, &stop, &mut |_| {});
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

/// The start of game number `n` (deterministic in `n`): opening `n % 26` turned by `n / 26 %
/// 8`, then `random` random legal moves near the stones (fewer if the game ends first); the
/// position and the moves from the empty board.
pub fn opening(n: u64, rule: Rule, random: u32) -> (Position, Vec<Point>) {
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
    for _ in 0..random {
        if p.outcome() != Outcome::Playing {
            break;
        }
        let near: Vec<Point> = p
            .board()
            .points()
            .filter(|&q| p.check(q).is_ok() && near_a_stone(&p, q))
            .collect();
        if near.is_empty() {
            break;
        }
        let q = near[rng.below(near.len())];
        p = p.play(q).expect("a checked point is legal");
        moves.push(q);
    }
    (p, moves)
}

fn near_a_stone(p: &Position, q: Point) -> bool {
    let b = p.board();
    b.points()
        .any(|s| b.get(s).is_some() && s.col.abs_diff(q.col) <= 2 && s.row.abs_diff(q.row) <= 2)
}

/// The labelled quiet positions of a game, from its `skip`-th stone on.
pub fn samples(game: &Game, skip: usize) -> Vec<Sample> {
    labelled(game, skip, |_, result| result)
}

/// How a search's judgement joins the game's result in a label ([`searched_samples`]).
#[derive(Clone, Copy, Debug)]
pub struct SearchLabel {
    /// Plies and moves a node of the search.
    pub depth: u32,
    pub width: usize,
    /// The logistic curve's scale that turns the search's score into an expected result.
    pub scale: f64,
    /// The game's result's share of the label, the search's the rest.
    pub result_share: f64,
}

/// The quiet positions of a game as [`samples`] gives them, each labelled partly by the
/// game's result and partly by what a search of the position expects (a won or lost score
/// as 1 or 0): the result alone says what happened after many later moves, good or bad; the
/// search says what the position holds within its reach, as the evaluation should.
pub fn searched_samples(game: &Game, skip: usize, how: SearchLabel) -> Vec<Sample> {
    labelled(game, skip, |position, result| {
        let expected = match super::search(position, how.depth, how.width, 1) {
            Some(found) if found.score >= WON => 1.0,
            Some(found) if found.score <= -WON => 0.0,
            Some(found) => sigmoid(f64::from(found.score) / how.scale),
            None => result,
        };
        how.result_share * result + (1.0 - how.result_share) * expected
    })
}

/// The quiet positions of a game from its `skip`-th stone on, each labelled by `label`
/// from the position and the game's result for the side to move (1 won, 0 lost, ½ drawn).
fn labelled(game: &Game, skip: usize, mut label: impl FnMut(&Position, f64) -> f64) -> Vec<Sample> {
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
            let result = label(&p, result);
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
        for rule in [Rule::Renju, Rule::Freestyle] {
            let game = self_play(3, rule, 2, 4);
            let v = flatten(&tables(rule));
            let mut p = Position::new(15, rule, false);
            for &q in &game.moves {
                if let Some(f) = features(&p) {
                    assert_eq!(eval(&v, &f) as i32, Grid::new(&p).evaluate());
                }
                p = p.play(q).unwrap();
            }
        }
    }

    #[test]
    fn a_game_starts_from_its_opening_and_random_moves_near_the_stones() {
        for n in [0, 27, 200] {
            let (p, moves) = opening(n, Rule::Renju, 0);
            assert_eq!(moves, p.opening_stones(), "the canonical opening alone");
            let (q, more) = opening(n, Rule::Renju, 4);
            assert_eq!(
                opening(n, Rule::Renju, 4).1,
                more,
                "the same for the same n"
            );
            assert_eq!((&more[..3], more.len()), (&moves[..], 7));
            let mut board = Position::new(15, Rule::Renju, false);
            for (k, &m) in more.iter().enumerate() {
                assert!(k < 3 || near_a_stone(&board, m), "{m} is near a stone");
                board = board.play(m).expect("legal");
            }
            assert_eq!(board.board(), q.board());
        }
    }

    #[test]
    fn a_searched_label_mixes_the_result_with_the_search() {
        let game = self_play(3, Rule::Renju, 2, 2);
        let plain = samples(&game, 4);
        let how = |result_share| SearchLabel {
            depth: 2,
            width: 6,
            scale: 800.0,
            result_share,
        };
        let results: Vec<f64> = plain.iter().map(|s| s.result).collect();
        let labels = |share| -> Vec<f64> {
            searched_samples(&game, 4, how(share))
                .iter()
                .map(|s| s.result)
                .collect()
        };
        assert_eq!(labels(1.0), results);
        let searched = labels(0.0);
        assert_eq!(searched.len(), results.len());
        assert!(searched.iter().all(|&l| (0.0..=1.0).contains(&l)));
        assert_ne!(
            searched, results,
            "a search judges more finely than a result"
        );
        for ((mixed, r), s) in labels(0.5).iter().zip(&results).zip(&searched) {
            assert!((mixed - (r + s) / 2.0).abs() < 1e-9);
        }
    }

    #[test]
    fn fitting_lowers_the_error_and_is_deterministic() {
        let games: Vec<Game> = (0..6)
            .map(|n| self_play(n, Rule::Freestyle, 2, 4))
            .collect();
        let train: Vec<Sample> = games.iter().flat_map(|g| samples(g, 4)).collect();
        let how = Fitting {
            iterations: 50,
            hold: 0.0,
        };
        let (a, report) = fit(Rule::Freestyle, &train, &train, &how);
        let (b, _) = fit(Rule::Freestyle, &train, &train, &how);
        assert!(report.train.1 < report.train.0, "{:?}", report.train);
        assert_eq!(a, b);
    }

    #[test]
    fn the_shipped_values_read_back_from_their_text() {
        let text = values_text("a test", &Vec::new());
        for table in Table::ALL {
            assert_eq!(
                crate::engine::gomoku::value::parse_values(&text, table).as_deref(),
                Ok(values(table))
            );
        }
    }
}
