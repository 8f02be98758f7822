//! What the match examples share: the score of a match with its 95 % interval and Elo, and each
//! side's move times. Included by `#[path]` into `reversi_match.rs` and `gomoku_match.rs`.

/// One finished game: its number (a pair of games, one opening with the colours swapped, is
/// 2k and 2k + 1) and A's result (above zero a win; a disc difference, or ±1).
#[derive(Clone, Copy, Debug)]
pub struct Played {
    pub index: usize,
    pub margin: i32,
}

fn points(margin: i32) -> f64 {
    match margin.signum() {
        1 => 1.0,
        0 => 0.5,
        _ => 0.0,
    }
}

/// "200 games: A 96 wins, 23 draws, 81 losses; score 53.8 % ± 6.0 (95 %), mean … +0.5;
/// Elo +26 [-15, +68]", the interval from the spread of the pairs' scores.
pub fn summary(games: &[Played], margin_name: &str) -> String {
    let n = games.len().max(1) as f64;
    let score = games.iter().map(|g| points(g.margin)).sum::<f64>() / n;
    let mean_margin = games.iter().map(|g| f64::from(g.margin)).sum::<f64>() / n;
    let wins = games.iter().filter(|g| g.margin > 0).count();
    let draws = games.iter().filter(|g| g.margin == 0).count();
    let mut pairs: Vec<f64> = vec![];
    let last = games.iter().map(|g| g.index / 2).max().unwrap_or(0);
    for p in 0..=last {
        let two: Vec<_> = games.iter().filter(|g| g.index / 2 == p).collect();
        if let [a, b] = two[..] {
            pairs.push((points(a.margin) + points(b.margin)) / 2.0);
        }
    }
    let m = pairs.len() as f64;
    let mean = pairs.iter().sum::<f64>() / m.max(1.0);
    let var = pairs.iter().map(|s| (s - mean).powi(2)).sum::<f64>() / (m - 1.0).max(1.0);
    let half = 1.96 * (var / m.max(1.0)).sqrt();
    let elo = |s: f64| -400.0 * (1.0 / s.clamp(1e-3, 1.0 - 1e-3) - 1.0).log10();
    format!(
        "{} games: A {wins} wins, {draws} draws, {} losses; score {:.1} % ± {:.1} (95 %), \
         mean {margin_name} {mean_margin:+.1}; Elo {:+.0} [{:+.0}, {:+.0}]",
        games.len(),
        games.len() - wins - draws,
        100.0 * score,
        100.0 * half,
        elo(score),
        elo(score - half),
        elo(score + half),
    )
}

/// How long a side took for its moves: how many, in all, the longest (seconds).
#[derive(Clone, Copy, Debug, Default)]
pub struct Times {
    pub moves: u32,
    pub total: f64,
    pub longest: f64,
}

impl Times {
    /// One move that took `seconds`.
    pub fn one(seconds: f64) -> Times {
        Times {
            moves: 1,
            total: seconds,
            longest: seconds,
        }
    }

    pub fn add(&mut self, other: Times) {
        self.moves += other.moves;
        self.total += other.total;
        self.longest = self.longest.max(other.longest);
    }

    /// As the results files hold it: `moves:total:longest`.
    pub fn field(&self) -> String {
        format!("{}:{:.3}:{:.3}", self.moves, self.total, self.longest)
    }

    pub fn parse(field: &str) -> Option<Times> {
        let mut w = field.split(':');
        Some(Times {
            moves: w.next()?.parse().ok()?,
            total: w.next()?.parse().ok()?,
            longest: w.next()?.parse().ok()?,
        })
    }

    /// "A: 0.15 s a move on average, longest 1.07 s (5257 moves timed)", if any were.
    pub fn line(&self, name: &str) -> Option<String> {
        (self.moves > 0).then(|| {
            format!(
                "{name}: {:.2} s a move on average, longest {:.2} s ({} moves timed)",
                self.total / f64::from(self.moves),
                self.longest,
                self.moves
            )
        })
    }
}
