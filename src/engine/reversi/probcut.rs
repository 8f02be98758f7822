//! Multi-ProbCut (Buro, 1997): a shallow search predicts what a deep one will find, and a node
//! whose prediction lies beyond the window by a confidence margin is cut without the deep
//! search. The prediction is a line fitted on heibai's own searches, per stage of the game and
//! depth: `deep ≈ a · shallow + b`, with the spread `sigma` of its error (`probcut.txt`, made
//! by `train_reversi probcut`, docs/TRAINING.md).

use std::sync::LazyLock;

/// The shallowest search that is cut by a shallower one.
pub const MIN_DEPTH: u32 = 3;
/// The deepest search the table holds a model for; deeper ones use the deepest model of the
/// same parity, its spread grown as the fitted spreads grow with depth.
pub const MAX_DEPTH: u32 = 60;
/// Empties per stage of the models; the last stage also takes the first few moves (from 56
/// empties), which few searches see.
const STAGE_WIDTH: u32 = 8;
const STAGES: usize = 7;

/// How sure a cut must be: the prediction must lie this many tenths of a spread beyond the
/// window. 15 (1.5 spreads) cuts where the deep search would agree about 93 % of the time
/// (one-sided), 20 about 98 %.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Selectivity(pub u8);

impl Selectivity {
    /// The margin in spreads.
    pub fn spreads(self) -> f32 {
        f32::from(self.0) / 10.0
    }

    /// The share of cuts the deep search would agree with, in percent (one-sided normal).
    pub fn percent(self) -> u32 {
        (100.0 * normal_cdf(f64::from(self.spreads()))).round() as u32
    }

    /// How Othello programs mark a selective depth, after it: `18@93%`.
    pub fn mark(self) -> String {
        format!("@{}%", self.percent())
    }
}

/// A search depth as Othello programs write it: `18`, or `18@98%` when it was cut with that
/// confidence.
pub fn depth_text(depth: u32, selectivity: Option<Selectivity>) -> String {
    match selectivity {
        Some(s) => format!("{depth}{}", s.mark()),
        None => depth.to_string(),
    }
}

fn normal_cdf(x: f64) -> f64 {
    // Abramowitz and Stegun 7.1.26, good to 1e-7: enough for a percentage.
    let t = 1.0 / (1.0 + 0.327_591_1 * x.abs() / std::f64::consts::SQRT_2);
    let poly = t
        * (0.254_829_592
            + t * (-0.284_496_736
                + t * (1.421_413_741 + t * (-1.453_152_027 + t * 1.061_405_429))));
    let erf = 1.0 - poly * (-(x * x) / 2.0).exp();
    0.5 * (1.0 + erf.copysign(x))
}

/// The shallow depth that predicts a search of `depth` plies: about half as deep, of the same
/// parity (Othello's evaluations swing with whose move it is).
pub fn shallow_depth(depth: u32) -> u32 {
    ((depth >> 2) << 1) | (depth & 1)
}

/// One fitted line: `deep ≈ a · shallow + b` (hundredths of a disc), error spread `sigma`.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Model {
    pub a: f32,
    pub b: f32,
    pub sigma: f32,
}

impl Model {
    /// Whether a model read from a file can predict anything: a slope neither vanishing nor
    /// absurd, a finite offset, a positive spread.
    fn usable(self) -> bool {
        self.a > 0.1 && self.a < 10.0 && self.sigma > 0.0 && self.b.is_finite()
    }

    /// The shallow score at or above which the deep one is at least `beta` with the confidence
    /// `t`; `None` when no score could show that.
    pub fn high_bound(self, beta: i32, t: f32) -> Option<i32> {
        let bound = ((beta as f32 + t * self.sigma - self.b) / self.a).ceil();
        (bound < 6400.0).then_some(bound as i32)
    }

    /// The shallow score at or below which the deep one is at most `alpha` with the confidence
    /// `t`; `None` when no score could show that.
    pub fn low_bound(self, alpha: i32, t: f32) -> Option<i32> {
        let bound = ((alpha as f32 - t * self.sigma - self.b) / self.a).floor();
        (bound > -6400.0).then_some(bound as i32)
    }
}

/// The fitted models, by stage and depth.
#[derive(Debug)]
pub struct Models {
    table: [[Option<Model>; MAX_DEPTH as usize + 1]; STAGES],
}

/// The stage a position with `empties` empty squares belongs to.
pub fn stage(empties: u32) -> usize {
    (empties.min(STAGES as u32 * STAGE_WIDTH - 1) / STAGE_WIDTH) as usize
}

impl Models {
    /// The model for a search of `depth` plies with `empties` empty squares, if that search is
    /// one to cut.
    #[inline]
    pub fn get(&self, empties: u32, depth: u32) -> Option<Model> {
        if !(MIN_DEPTH..=MAX_DEPTH).contains(&depth) {
            return None;
        }
        self.table[stage(empties)][depth as usize]
    }

    /// Reads the text `train_reversi probcut fit` writes: `stage depth a b sigma` lines (and `#`
    /// comments), each stage with a line for every depth from [`MIN_DEPTH`] to a deepest, no
    /// gaps, at least two; the depths beyond are filled from the deepest two (one of each parity), their
    /// spread grown by `growth` a ply (the line's `# growth` comment, default 0).
    pub fn parse(text: &str) -> Result<Models, String> {
        let mut table = [[None; MAX_DEPTH as usize + 1]; STAGES];
        let mut growth = 0.0f32;
        for (n, line) in text.lines().enumerate() {
            let line = line.trim();
            if let Some(rest) = line.strip_prefix("# growth") {
                growth = rest
                    .trim()
                    .parse()
                    .map_err(|_| format!("line {}: growth wants a number", n + 1))?;
                continue;
            }
            if line.is_empty() || line.starts_with('#') {
                continue;
            }
            let bad = || format!("line {}: want `stage depth a b sigma`", n + 1);
            let w: Vec<&str> = line.split_whitespace().collect();
            let [stage, depth, a, b, sigma] = w[..] else {
                return Err(bad());
            };
            let (stage, depth): (usize, u32) = (
                stage.parse().map_err(|_| bad())?,
                depth.parse().map_err(|_| bad())?,
            );
            let model = Model {
                a: a.parse().map_err(|_| bad())?,
                b: b.parse().map_err(|_| bad())?,
                sigma: sigma.parse().map_err(|_| bad())?,
            };
            if stage >= STAGES || !(MIN_DEPTH..=MAX_DEPTH).contains(&depth) {
                return Err(format!("line {}: no stage {stage} or depth {depth}", n + 1));
            }
            if !model.usable() {
                return Err(format!("line {}: not a usable model: {model:?}", n + 1));
            }
            table[stage][depth as usize] = Some(model);
        }
        for (s, row) in table.iter_mut().enumerate() {
            let deepest = (MIN_DEPTH..=MAX_DEPTH)
                .take_while(|&d| row[d as usize].is_some())
                .last()
                .filter(|&d| d > MIN_DEPTH)
                .ok_or(format!(
                    "stage {s} lacks a model for depth {MIN_DEPTH} or {}",
                    MIN_DEPTH + 1
                ))?;
            if let Some(d) = (deepest + 1..=MAX_DEPTH).find(|&d| row[d as usize].is_some()) {
                return Err(format!(
                    "stage {s}: depth {d} after a gap at {}",
                    deepest + 1
                ));
            }
            for d in deepest + 1..=MAX_DEPTH {
                let from = if (d - deepest).is_multiple_of(2) {
                    deepest
                } else {
                    deepest - 1
                };
                let m = row[from as usize].expect("filled below the deepest");
                row[d as usize] = Some(Model {
                    sigma: m.sigma + growth * (d - from) as f32,
                    ..m
                });
            }
        }
        Ok(Models { table })
    }
}

/// The models heibai plays with.
pub static MODELS: LazyLock<Models> = LazyLock::new(|| {
    Models::parse(include_str!("probcut.txt")).expect("probcut.txt is checked by its test")
});

/// The lines that predict an exact endgame score from the static evaluation (`exact ≈ a ·
/// evaluation + b`, hundredths of a disc), one for an even number of empties and one for an
/// odd: the evaluation leans one way or the other with whose move it is (`endcut.txt`, made by
/// `train_reversi endcut` from solved positions, docs/TRAINING.md). Near the end the spread
/// hardly depends on the empties (about 7 discs from 10 to 22).
#[derive(Debug)]
pub struct EndModels([Model; 2]);

impl EndModels {
    /// The model for a position with `empties` empty squares.
    #[inline]
    pub fn get(&self, empties: u32) -> Model {
        self.0[(empties % 2) as usize]
    }

    /// Reads `parity a b sigma` lines (parity 0 for even empties, 1 for odd; `#` comments),
    /// one for each parity.
    pub fn parse(text: &str) -> Result<EndModels, String> {
        let mut models = [None; 2];
        for (n, line) in text.lines().enumerate() {
            let line = line.trim();
            if line.is_empty() || line.starts_with('#') {
                continue;
            }
            let bad = || format!("line {}: want `parity a b sigma`", n + 1);
            let w: Vec<f32> = line
                .split_whitespace()
                .map(str::parse)
                .collect::<Result<_, _>>()
                .map_err(|_| bad())?;
            let [parity, a, b, sigma] = w[..] else {
                return Err(bad());
            };
            let model = Model { a, b, sigma };
            if !model.usable() {
                return Err(format!("line {}: not a usable model: {model:?}", n + 1));
            }
            match parity {
                0.0 => models[0] = Some(model),
                1.0 => models[1] = Some(model),
                _ => return Err(format!("line {}: parity is 0 or 1", n + 1)),
            }
        }
        match models {
            [Some(even), Some(odd)] => Ok(EndModels([even, odd])),
            _ => Err("want a model for each parity".into()),
        }
    }
}

/// The endgame models heibai solves with.
pub static END_MODELS: LazyLock<EndModels> = LazyLock::new(|| {
    EndModels::parse(include_str!("endcut.txt")).expect("endcut.txt is checked by its test")
});

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_embedded_models_load_and_cover_every_stage_and_depth() {
        let models = Models::parse(include_str!("probcut.txt")).unwrap();
        for empties in 0..=60 {
            for depth in MIN_DEPTH..=MAX_DEPTH {
                let m = models.get(empties, depth).unwrap();
                assert!(m.sigma > 0.0 && m.a > 0.0, "{empties} {depth} {m:?}");
            }
            assert_eq!(models.get(empties, MIN_DEPTH - 1), None);
        }
    }

    #[test]
    fn the_endgame_models_load_and_bad_ones_are_refused() {
        let m = EndModels::parse(include_str!("endcut.txt")).unwrap();
        assert!(m.get(20).sigma > 0.0 && m.get(21).sigma > 0.0);
        let good = "0 1 -100 700\n1 1 50 650\n";
        assert_eq!(EndModels::parse(good).unwrap().get(13).b, 50.0);
        assert!(EndModels::parse("0 1 -100 700\n").is_err());
        assert!(EndModels::parse(&format!("{good}2 1 0 5\n")).is_err());
        assert!(EndModels::parse(&format!("{good}1 0 0 5\n")).is_err());
        assert!(EndModels::parse(&format!("{good}1 1 0\n")).is_err());
    }

    #[test]
    fn bad_models_are_refused() {
        let good: String = (0..STAGES)
            .map(|s| format!("{s} 3 1 0 100\n{s} 4 1 0 100\n"))
            .collect();
        assert!(Models::parse(&good).is_ok());
        let one = "0 3 1 0 100\n0 4 1 0 100\n";
        assert!(Models::parse(one).unwrap_err().contains("stage 1"));
        assert!(Models::parse(&good.replace("3 4 1 0 100\n", "")).is_err());
        let gap = format!("{good}0 6 1 0 100\n");
        assert!(Models::parse(&gap).unwrap_err().contains("gap"));
        assert!(Models::parse(&format!("{good}0 5 0 0 100\n")).is_err());
        assert!(Models::parse(&format!("{good}0 5 1 0 -5\n")).is_err());
        assert!(Models::parse(&format!("{good}0 5 1 zero 5\n")).is_err());
        assert!(Models::parse(&format!("{good}9 5 1 0 5\n")).is_err());
    }

    #[test]
    fn deeper_searches_reuse_the_deepest_model_of_their_parity_with_more_spread() {
        let mut text = String::from("# growth 10\n");
        for s in 0..STAGES {
            text += &format!("{s} 3 1 0 100\n{s} 4 1 0 200\n");
        }
        let m = Models::parse(&text).unwrap();
        assert_eq!(m.get(30, 5).unwrap().sigma, 120.0);
        assert_eq!(m.get(30, 6).unwrap().sigma, 220.0);
    }

    #[test]
    fn bounds_and_shallow_depths() {
        assert_eq!(
            (3..=12).map(shallow_depth).collect::<Vec<_>>(),
            [1, 2, 3, 2, 3, 4, 5, 4, 5, 6]
        );
        let m = Model {
            a: 1.0,
            b: 0.0,
            sigma: 200.0,
        };
        assert_eq!(m.high_bound(100, 1.5), Some(400));
        assert_eq!(m.low_bound(100, 1.5), Some(-200));
        assert_eq!(m.high_bound(6300, 1.5), None);
        assert_eq!(Selectivity(15).percent(), 93);
        assert_eq!(Selectivity(20).percent(), 98);
    }
}
