//! Fitting the weights to labelled positions: regularised least squares, solved by conjugate
//! gradients with each weight's step scaled by how often it is read (a diagonal
//! preconditioner), so that common and rare configurations learn at the same pace.
//!
//! Minimised: Σ (label − evaluation)² + λ Σ w² + μ Σ (w at one stage − w at the next)². The
//! second term pulls configurations seen a few times towards zero; the third lets a stage with
//! few examples of a configuration borrow from its neighbours.

use super::Sample;
use crate::engine::reversi::pattern::indices;
use crate::engine::reversi::weights::{LAYOUT, READS, STAGES, stage};
use crate::reversi::legal_moves;

/// Positions turned into what the fit reads: each one's stage, the parameters it reads and its
/// label.
pub struct Prepared {
    stages: Vec<u8>,
    reads: Vec<[u32; READS]>,
    labels: Vec<f32>,
}

impl Prepared {
    pub fn new(samples: &[Sample]) -> Prepared {
        let mut out = Prepared {
            stages: Vec::with_capacity(samples.len()),
            reads: Vec::with_capacity(samples.len()),
            labels: Vec::with_capacity(samples.len()),
        };
        for s in samples {
            let idx = indices(s.own, s.opp);
            let (own, opp) = (legal_moves(s.own, s.opp), legal_moves(s.opp, s.own));
            out.stages.push(stage(s.empties()) as u8);
            out.reads
                .push(LAYOUT.reads(&idx, own.count_ones(), opp.count_ones()));
            out.labels.push(f32::from(s.score));
        }
        out
    }

    pub fn len(&self) -> usize {
        self.labels.len()
    }

    pub fn is_empty(&self) -> bool {
        self.labels.is_empty()
    }
}

/// The weights being fitted, in discs: `STAGES` rows of `LAYOUT.params`.
#[derive(Clone, Debug, PartialEq)]
pub struct Model {
    pub weights: Vec<Vec<f32>>,
}

impl Default for Model {
    fn default() -> Model {
        Model {
            weights: vec![vec![0.0; LAYOUT.params]; STAGES],
        }
    }
}

impl Model {
    fn predict(&self, stage: usize, reads: &[u32; READS]) -> f32 {
        let w = &self.weights[stage];
        reads.iter().map(|&r| w[r as usize]).sum()
    }

    /// Mean absolute error in discs on `data`, overall and for each stage (`None` where the
    /// stage has no positions).
    pub fn errors(&self, data: &Prepared) -> (f64, [Option<f64>; STAGES]) {
        let mut sums = [(0.0f64, 0usize); STAGES];
        for i in 0..data.len() {
            let s = data.stages[i] as usize;
            let e = (data.labels[i] - self.predict(s, &data.reads[i])).abs();
            sums[s].0 += f64::from(e);
            sums[s].1 += 1;
        }
        let total: f64 = sums.iter().map(|s| s.0).sum();
        let n: usize = sums.iter().map(|s| s.1).sum();
        (
            total / n.max(1) as f64,
            sums.map(|(e, n)| (n > 0).then(|| e / n as f64)),
        )
    }

    /// The weights in hundredths of a disc, as the weights file holds them.
    pub fn to_hundredths(&self) -> Vec<Vec<i16>> {
        self.weights
            .iter()
            .map(|w| {
                w.iter()
                    .map(|&x| (x * 100.0).round().clamp(-32767.0, 32767.0) as i16)
                    .collect()
            })
            .collect()
    }
}

/// How the fit proceeds.
#[derive(Clone, Copy, Debug)]
pub struct Options {
    /// Conjugate-gradient iterations (each one pass over the data).
    pub iterations: usize,
    /// λ: pull towards zero, as if each weight had been seen this many extra times at zero.
    pub ridge: f32,
    /// μ: pull towards the neighbouring stages' weights.
    pub smooth: f32,
    /// Threads sharing the work (the result does not depend on it).
    pub threads: usize,
}

impl Default for Options {
    fn default() -> Options {
        Options {
            iterations: 100,
            ridge: 2.0,
            smooth: 2.0,
            threads: 2,
        }
    }
}

type Vector = Vec<Vec<f32>>;

fn zeros() -> Vector {
    vec![vec![0.0f32; LAYOUT.params]; STAGES]
}

fn dot(a: &Vector, b: &Vector) -> f64 {
    a.iter()
        .flatten()
        .zip(b.iter().flatten())
        .map(|(&x, &y)| f64::from(x) * f64::from(y))
        .sum()
}

/// `a += k · b`.
fn add_scaled(a: &mut Vector, k: f32, b: &Vector) {
    for (a, b) in a.iter_mut().flatten().zip(b.iter().flatten()) {
        *a += k * b;
    }
}

/// Σ over `range` of each position's reads times (its target − what `v` makes of it), where
/// the target is the label or, without `labels`, zero: the residuals' gradient, or minus the
/// data part of the normal matrix applied to `v`.
fn scatter(v: &Vector, data: &Prepared, range: std::ops::Range<usize>, labels: bool) -> Vector {
    let model = Model { weights: v.clone() };
    let mut g = zeros();
    for i in range {
        let s = data.stages[i] as usize;
        let target = if labels { data.labels[i] } else { 0.0 };
        let r = target - model.predict(s, &data.reads[i]);
        let g = &mut g[s];
        for &read in &data.reads[i] {
            g[read as usize] += r;
        }
    }
    g
}

/// [`scatter`] over all of `data`, in chunks fixed by the data so that the sums come out the
/// same whatever the number of threads.
fn scatter_all(v: &Vector, data: &Prepared, labels: bool, threads: usize) -> Vector {
    const CHUNK: usize = 1 << 16;
    let chunks: Vec<_> = (0..data.len())
        .step_by(CHUNK)
        .map(|a| a..(a + CHUNK).min(data.len()))
        .collect();
    let mut parts: Vec<Option<Vector>> = vec![None; chunks.len()];
    std::thread::scope(|scope| {
        let per = chunks.len().div_ceil(threads.max(1)).max(1);
        for (ranges, out) in chunks.chunks(per).zip(parts.chunks_mut(per)) {
            scope.spawn(move || {
                for (range, out) in ranges.iter().zip(out) {
                    *out = Some(scatter(v, data, range.clone(), labels));
                }
            });
        }
    });
    let mut sum = zeros();
    for part in parts.into_iter().flatten() {
        add_scaled(&mut sum, 1.0, &part);
    }
    sum
}

/// How many times each weight is read in `data`.
fn counts(data: &Prepared) -> Vector {
    let mut c = zeros();
    for i in 0..data.len() {
        for &read in &data.reads[i] {
            c[data.stages[i] as usize][read as usize] += 1.0;
        }
    }
    c
}

/// The regularisation's matrix applied to `v`, added to `out`.
fn add_regularisation(out: &mut Vector, v: &Vector, options: Options) {
    for s in 0..STAGES {
        for n in [s.checked_sub(1), Some(s + 1)].into_iter().flatten() {
            if n < STAGES {
                for j in 0..LAYOUT.params {
                    out[s][j] += options.smooth * (v[s][j] - v[n][j]);
                }
            }
        }
        for j in 0..LAYOUT.params {
            out[s][j] += options.ridge * v[s][j];
        }
    }
}

/// Fits a model to `train` by conjugate gradients on the normal equations, preconditioned by
/// their diagonal (how often each weight is read, plus the regularisation), calling
/// `report(iteration, model)` after each iteration. Deterministic: the same data and options
/// give the same weights, whatever the number of threads.
pub fn fit(train: &Prepared, options: Options, report: &mut dyn FnMut(usize, &Model)) -> Model {
    let mut diagonal = counts(train);
    for (s, d) in diagonal.iter_mut().enumerate() {
        let neighbours = usize::from(s > 0) + usize::from(s + 1 < STAGES);
        for d in d.iter_mut() {
            *d += options.ridge + options.smooth * neighbours as f32;
        }
    }
    let precondition = |r: &Vector| -> Vector {
        r.iter()
            .zip(&diagonal)
            .map(|(r, d)| r.iter().zip(d).map(|(r, d)| r / d).collect())
            .collect()
    };
    let mut model = Model::default();
    // Starting from zero weights, the residual is the data's gradient alone.
    let mut r = scatter_all(&model.weights, train, true, options.threads);
    let mut z = precondition(&r);
    let mut p = z.clone();
    let mut rz = dot(&r, &z);
    for iteration in 1..=options.iterations {
        let mut ap = scatter_all(&p, train, false, options.threads);
        for x in ap.iter_mut().flatten() {
            *x = -*x;
        }
        add_regularisation(&mut ap, &p, options);
        let pap = dot(&p, &ap);
        if pap <= 0.0 || rz <= 0.0 {
            break;
        }
        let alpha = (rz / pap) as f32;
        add_scaled(&mut model.weights, alpha, &p);
        add_scaled(&mut r, -alpha, &ap);
        z = precondition(&r);
        let rz_next = dot(&r, &z);
        let beta = (rz_next / rz) as f32;
        rz = rz_next;
        for (p, z) in p.iter_mut().flatten().zip(z.iter().flatten()) {
            *p = z + beta * *p;
        }
        report(iteration, &model);
    }
    model
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::reversi::training::games::{label, replay_transcript};

    /// A few hundred positions of real games with exact labels from 12 empties.
    fn tiny_set() -> Vec<Sample> {
        // The first three games of the WTHOR base (1977).
        let games = [
            "f5d6c3f3f4d3c4g6f6e6c5c6d7d8e7g5e3d2g4h3f7b5h5g3b4b6c8b8c7e8f8g8h4h6e2d1c1a3a6a5e1f2g7c2a4h8a2b7f1b3b1b2h7a7a8a1g1g2h2h1",
            "f5f6e6f4f3d6c6d3g6e7g5d7c7h5c3h6e3b6c5d8c8b8a6b5g4d2e1c1f2h4a5e2f8b3f7g1h3h2g3a4c4b4c2b1a3a7a8e8b7b2a1a2d1g8h8g2g7h7f1h1",
            "f5f6e6f4f3c5g6e3d3g5b6c4c3d6h6g4h3d2e2h5h4c2e1d1c1b3e7c6g3d7c8f1f2b1b4a5c7b5a6f8a4a3a2d8e8b8b2g1g2a1b7a7a8f7g8h1g7h2h7h8",
        ];
        let stop = std::sync::atomic::AtomicBool::new(false);
        let budget = crate::engine::Budget::new(&stop, None);
        let tt = crate::engine::reversi::tt::Table::new(4);
        let mut solver = crate::engine::reversi::endgame::Solver::new(&tt, &budget);
        let mut out = vec![];
        for g in games {
            let game = replay_transcript(g).expect("a legal game");
            out.extend(label(&game, 12, &mut solver));
        }
        // The same positions through their symmetries, for a few hundred.
        let mut all = vec![];
        for s in &out {
            let ps = crate::engine::reversi::pattern::symmetries(s.own);
            let os = crate::engine::reversi::pattern::symmetries(s.opp);
            for k in [0, 3, 5] {
                all.push(Sample {
                    own: ps[k],
                    opp: os[k],
                    ..*s
                });
            }
        }
        all
    }

    #[test]
    fn fitting_lowers_the_error_and_is_deterministic() {
        let samples = tiny_set();
        assert!(samples.len() >= 300, "{}", samples.len());
        let data = Prepared::new(&samples);
        let options = Options {
            iterations: 30,
            threads: 1,
            ..Options::default()
        };
        let mut first = None;
        let model = fit(&data, options, &mut |epoch, m| {
            if epoch == 1 {
                first = Some(m.errors(&data).0);
            }
        });
        let (before, last) = (first.unwrap(), model.errors(&data).0);
        assert!(last < 0.5 * before, "error {before} → {last}");
        let again = fit(
            &data,
            Options {
                threads: 3,
                ..options
            },
            &mut |_, _| {},
        );
        assert_eq!(again, model);
    }
}
