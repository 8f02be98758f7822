//! What the match examples share: playing the games of a match a few at a time into a results
//! file that a stopped match goes on from, the score with its 95 % interval and Elo, a
//! sequential test that ends a match once it has told two Elo differences apart, and each
//! side's move times. Included by `#[path]` into `reversi_match.rs` and `gomoku_match.rs`.

use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, ChildStdout, Command, Stdio};
use std::sync::Mutex;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};

/// A program spoken to line by line on its standard input and output; waited for when dropped
/// (its owner says goodbye in the program's own protocol first).
pub struct Process {
    child: Child,
    input: ChildStdin,
    output: BufReader<ChildStdout>,
}

impl Process {
    pub fn spawn(program: &str, args: &[&str]) -> Result<Process, String> {
        let mut child = Command::new(program)
            .args(args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .spawn()
            .map_err(|e| format!("{program}: {e}"))?;
        let input = child.stdin.take().expect("piped");
        let output = BufReader::new(child.stdout.take().expect("piped"));
        Ok(Process {
            child,
            input,
            output,
        })
    }

    pub fn send(&mut self, text: &str) -> Result<(), String> {
        writeln!(self.input, "{text}").map_err(|e| e.to_string())?;
        self.input.flush().map_err(|e| e.to_string())
    }

    /// The next line the program writes (`after`: what was sent, for the message if it quit).
    pub fn line(&mut self, after: &str) -> Result<String, String> {
        let mut line = String::new();
        match self.output.read_line(&mut line) {
            Ok(0) => Err(format!("the engine quit after '{after}'")),
            Ok(_) => Ok(line),
            Err(e) => Err(e.to_string()),
        }
    }
}

impl Drop for Process {
    fn drop(&mut self) {
        let _ = self.child.wait();
    }
}

/// Whether A plays Black in game `index`: the two games of a pair swap colours, A Black first.
pub fn a_is_black(index: usize) -> bool {
    index.is_multiple_of(2)
}

/// How a results line names A's colour in game `index`.
pub fn a_side(index: usize) -> &'static str {
    if a_is_black(index) {
        "A-black"
    } else {
        "A-white"
    }
}

/// Plays games `0..games` except those `done`, `jobs` at a time. Each thread gets its two
/// players from `start`; `play(players, n)` plays game `n` and gives the rest of its results
/// line, appended to the file `out` as `n` and that line as soon as the game ends; after each,
/// `more()` says whether to start further games (those under way are finished). Any error
/// stops the match with a message (`name` says whose).
#[allow(clippy::too_many_arguments)]
pub fn run<P>(
    name: &str,
    out: &str,
    games: usize,
    jobs: usize,
    done: &[usize],
    start: impl Fn() -> Result<P, String> + Sync,
    play: impl Fn(&mut P, usize) -> Result<String, String> + Sync,
    more: impl Fn() -> bool + Sync,
) {
    let fail = |e: String| -> ! {
        eprintln!("{name}: {e}");
        std::process::exit(1);
    };
    let todo: Vec<usize> = (0..games).filter(|i| !done.contains(i)).collect();
    let next = AtomicUsize::new(0);
    // A match decided before it was stopped starts no more games.
    let stopped = AtomicBool::new(!more());
    let file = std::fs::OpenOptions::new()
        .create(true)
        .append(true)
        .open(out)
        .unwrap_or_else(|e| fail(format!("{out}: {e}")));
    let file = Mutex::new(file);
    std::thread::scope(|scope| {
        for _ in 0..jobs.max(1) {
            scope.spawn(|| {
                let mut players = start().unwrap_or_else(|e| fail(e));
                while !stopped.load(Ordering::Relaxed)
                    && let Some(&n) = todo.get(next.fetch_add(1, Ordering::Relaxed))
                {
                    let rest =
                        play(&mut players, n).unwrap_or_else(|e| fail(format!("game {n}: {e}")));
                    let line = format!("{n}{rest}\n");
                    let mut file = file.lock().expect("not poisoned");
                    let _ = file.write_all(line.as_bytes());
                    eprint!("{line}");
                    if !more() {
                        stopped.store(true, Ordering::Relaxed);
                    }
                }
            });
        }
    });
}

/// Prints each side's move times over `games` (those that have them), one line a side.
pub fn print_times(games: impl Iterator<Item = [Times; 2]>) {
    let mut times = [Times::default(); 2];
    for t in games {
        times[0].add(t[0]);
        times[1].add(t[1]);
    }
    for line in ["A", "B"].iter().zip(times).filter_map(|(n, t)| t.line(n)) {
        println!("{line}");
    }
}

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
    let pairs = pair_scores(games);
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

/// A's score in each finished pair (both games of one opening, colours swapped), in pair order:
/// the unit the interval and the sequential test count, as the colours' advantage cancels
/// within a pair.
fn pair_scores(games: &[Played]) -> Vec<f64> {
    let pairs = games.iter().map(|g| g.index / 2 + 1).max().unwrap_or(0);
    let mut halves = vec![vec![]; pairs];
    for g in games {
        halves[g.index / 2].push(points(g.margin));
    }
    halves
        .into_iter()
        .filter_map(|two| match two[..] {
            [a, b] => Some((a + b) / 2.0),
            _ => None,
        })
        .collect()
}

/// A sequential probability ratio test of "A is `elo1` stronger than B" against "A is `elo0`
/// stronger" (the generalised test on the pairs' scores, with a normal approximation), at 5 %
/// error each way: it ends a match as soon as the games tell the two apart, which for a small
/// step takes far fewer games than an interval that excludes zero.
#[derive(Clone, Copy, Debug)]
pub struct Sprt {
    pub elo0: f64,
    pub elo1: f64,
}

/// The chance of each wrong verdict.
const SPRT_ERROR: f64 = 0.05;

impl Sprt {
    /// From "ELO0,ELO1", e.g. "0,20".
    pub fn parse(text: &str) -> Result<Sprt, String> {
        let bad = || format!("--sprt wants ELO0,ELO1 with ELO0 < ELO1, not '{text}'");
        let (a, b) = text.split_once(',').ok_or_else(bad)?;
        let (elo0, elo1) = (
            a.trim().parse().map_err(|_| bad())?,
            b.trim().parse().map_err(|_| bad())?,
        );
        if elo0 < elo1 {
            Ok(Sprt { elo0, elo1 })
        } else {
            Err(bad())
        }
    }

    /// The log-likelihood ratio of `elo1` against `elo0` over the finished pairs.
    pub fn llr(&self, games: &[Played]) -> f64 {
        let mut pairs = pair_scores(games);
        if pairs.len() < 2 {
            return 0.0;
        }
        // One drawn pair more keeps the spread above zero when every pair ends alike.
        pairs.push(0.5);
        let n = pairs.len() as f64;
        let mean = pairs.iter().sum::<f64>() / n;
        let var = pairs.iter().map(|s| (s - mean).powi(2)).sum::<f64>() / n;
        if var <= 0.0 {
            return 0.0;
        }
        let expected = |elo: f64| 1.0 / (1.0 + 10f64.powf(-elo / 400.0));
        let (s0, s1) = (expected(self.elo0), expected(self.elo1));
        n * (s1 - s0) * (2.0 * mean - s0 - s1) / (2.0 * var)
    }

    /// Where the ratio decides: below the first bound for `elo0`, above the second for `elo1`.
    fn bounds() -> (f64, f64) {
        let (a, b) = (SPRT_ERROR, SPRT_ERROR);
        ((b / (1.0 - a)).ln(), ((1.0 - b) / a).ln())
    }

    /// `Some(true)` once the games say `elo1`, `Some(false)` once they say `elo0`.
    pub fn verdict(&self, games: &[Played]) -> Option<bool> {
        let (low, high) = Sprt::bounds();
        let llr = self.llr(games);
        (llr <= low || llr >= high).then_some(llr >= high)
    }

    /// The first verdict the games reached in the order they finished, and after how many:
    /// the match stopped there, whatever the games still being played then added.
    pub fn reached(&self, games: &[Played]) -> Option<(usize, bool)> {
        (2..=games.len()).find_map(|n| Some((n, self.verdict(&games[..n])?)))
    }

    /// Whether a match on `games` (read afresh each time) is still to go on: not if a verdict
    /// was reached before it started (so a decided match started again plays no more), nor
    /// once one is.
    pub fn undecided<'a>(&'a self, games: impl Fn() -> Vec<Played> + 'a) -> impl Fn() -> bool + 'a {
        let decided_before = self.reached(&games()).is_some();
        move || !decided_before && self.verdict(&games()).is_none()
    }

    /// "SPRT Elo +0 against +20: LLR +2.95 [-2.94, +2.94], A is +20 Elo or more". The match
    /// stops at the first verdict, but the games still being played then are finished and
    /// counted, and may take the ratio back inside the bounds: the verdict stands, and the
    /// report says after how many games (in the order they finished) it was reached.
    pub fn report(&self, games: &[Played]) -> String {
        let (low, high) = Sprt::bounds();
        let reached = self.reached(games);
        let verdict = match reached {
            Some((_, true)) => format!("A is {:+} Elo or more", self.elo1),
            Some((_, false)) => format!("A is {:+} Elo or less", self.elo0),
            None => "undecided".to_string(),
        };
        let when = match reached {
            Some((n, _)) if n < games.len() => format!(
                " (reached after {n} games at LLR {:+.2}; the games then still being played \
                 are counted above)",
                self.llr(&games[..n])
            ),
            _ => String::new(),
        };
        format!(
            "SPRT Elo {:+} against {:+}: LLR {:+.2} [{low:+.2}, {high:+.2}], {verdict}{when}",
            self.elo0,
            self.elo1,
            self.llr(games)
        )
    }
}

/// How long a side took for its moves: how many, in all, the longest (seconds), and the same
/// for the moves it thought about — those that took longer than [`INSTANT`], as a forced
/// reply or a book move does not.
#[derive(Clone, Copy, Debug, Default)]
pub struct Times {
    pub moves: u32,
    pub total: f64,
    pub longest: f64,
    pub thought: u32,
    pub thought_total: f64,
}

/// A move answered within this many seconds was not thought about.
pub const INSTANT: f64 = 0.05;

impl Times {
    /// One move that took `seconds`.
    pub fn one(seconds: f64) -> Times {
        let thought = seconds > INSTANT;
        Times {
            moves: 1,
            total: seconds,
            longest: seconds,
            thought: u32::from(thought),
            thought_total: if thought { seconds } else { 0.0 },
        }
    }

    pub fn add(&mut self, other: Times) {
        self.moves += other.moves;
        self.total += other.total;
        self.longest = self.longest.max(other.longest);
        self.thought += other.thought;
        self.thought_total += other.thought_total;
    }

    /// As the results files hold it: `moves:total:longest:thought:thought_total`.
    pub fn field(&self) -> String {
        format!(
            "{}:{:.3}:{:.3}:{}:{:.3}",
            self.moves, self.total, self.longest, self.thought, self.thought_total
        )
    }

    /// Reads [`Times::field`]; files written before the moves thought about were counted
    /// have only the first three numbers.
    pub fn parse(field: &str) -> Option<Times> {
        let mut w = field.split(':');
        let mut times = Times {
            moves: w.next()?.parse().ok()?,
            total: w.next()?.parse().ok()?,
            longest: w.next()?.parse().ok()?,
            ..Times::default()
        };
        if let (Some(n), Some(t)) = (w.next(), w.next()) {
            times.thought = n.parse().ok()?;
            times.thought_total = t.parse().ok()?;
        }
        Some(times)
    }

    /// "A: 0.15 s a move on average, longest 1.07 s (5257 moves timed); 0.62 s over the
    /// 1230 moves that took longer than 0.05 s", if any were (the last part where known).
    pub fn line(&self, name: &str) -> Option<String> {
        (self.moves > 0).then(|| {
            let mut line = format!(
                "{name}: {:.2} s a move on average, longest {:.2} s ({} moves timed)",
                self.total / f64::from(self.moves),
                self.longest,
                self.moves
            );
            if self.thought > 0 {
                line += &format!(
                    "; {:.2} s over the {} moves that took longer than {INSTANT} s",
                    self.thought_total / f64::from(self.thought),
                    self.thought
                );
            }
            line
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A pair of games for each of `scores`: both won by A (1), drawn (0) or lost (-1).
    fn pairs(scores: &[i32]) -> Vec<Played> {
        scores
            .iter()
            .enumerate()
            .flat_map(|(p, &margin)| [2 * p, 2 * p + 1].map(|index| Played { index, margin }))
            .collect()
    }

    #[test]
    fn the_sequential_test_reads_its_bounds_and_decides_clear_matches() {
        assert!(Sprt::parse("20,0").is_err(), "ELO0 must be below ELO1");
        assert!(Sprt::parse("0;20").is_err());
        let t = Sprt::parse("0, 20").expect("two numbers");
        assert_eq!(t.verdict(&pairs(&[1])), None, "one pair says nothing");
        // Even: undecided at first, then for ELO0; a clear lead: for ELO1.
        let even: Vec<i32> = (0..8).map(|k| [1, -1][k % 2]).collect();
        assert_eq!(t.verdict(&pairs(&even)), None);
        let long_even: Vec<i32> = (0..4000).map(|k| [1, -1, 0, 0][k % 4]).collect();
        assert_eq!(t.verdict(&pairs(&long_even)), Some(false));
        let lead: Vec<i32> = (0..400).map(|k| [1, 1, -1, 0][k % 4]).collect();
        assert_eq!(t.verdict(&pairs(&lead)), Some(true));
        assert!(t.llr(&pairs(&lead)) > 0.0 && t.llr(&pairs(&long_even)) < 0.0);
        // A game without its pair's other game is not counted.
        let mut unfinished = pairs(&[1, 1]);
        unfinished.push(Played {
            index: 4,
            margin: 1,
        });
        assert_eq!(t.llr(&unfinished), t.llr(&pairs(&[1, 1])));
    }

    #[test]
    fn a_verdict_stands_when_the_games_still_being_played_take_the_ratio_back() {
        let t = Sprt::parse("0,20").expect("two numbers");
        let mut games = pairs(&(0..400).map(|k| [1, 1, -1, 0][k % 4]).collect::<Vec<_>>());
        let (reached, for_elo1) = t.reached(&games).expect("a clear lead decides");
        assert!(for_elo1);
        assert_eq!(t.verdict(&games[..reached - 1]), None, "the first verdict");
        games.truncate(reached);
        let report = t.report(&games);
        assert!(report.ends_with("A is +20 Elo or more"), "{report}");
        // Games finish after the verdict, all lost, until the ratio falls back inside.
        while t.verdict(&games).is_some() {
            let next = games.len() + games.len() % 2;
            games.extend([next, next + 1].map(|index| Played { index, margin: -1 }));
        }
        let report = t.report(&games);
        let stood = format!("A is +20 Elo or more (reached after {reached} games");
        assert!(report.contains(&stood), "{report}");
        // Started again on those games, the match plays no more.
        assert!(!t.undecided(|| games.clone())());
        assert!(t.undecided(|| pairs(&[1, -1]))());
    }
}
