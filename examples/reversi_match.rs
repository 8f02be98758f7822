//! A Reversi match between two engines, for judging strength changes (docs/BENCHMARKS.md):
//!
//! `cargo run --release --example reversi_match -- A B [--pairs N] [--jobs J] [--out FILE]`
//!
//! A and B are `LEVEL` (this build's `target/release/heibai` at that level) or `BIN@LEVEL` (any
//! heibai binary, such as one built from the previous main), each driven through `gtp` with one
//! search thread. They play pairs of games from the XOT openings
//! (`../shared/data/xot-openings.txt`, or `--openings FILE`), each opening once with each
//! colour, J games at a time (default 2: one a core). Every finished game is appended to the
//! `--out` file (default `match.txt`) at once; a stopped match started again with the same file
//! goes on where it was. At the end it prints A's score with its 95 % interval (from the
//! spread of the pairs' scores), the mean disc difference, the Elo difference and how long each
//! side took a move (on average and at most, over the games whose times the file holds).

use heibai::reversi::{Color, Move, Position, Status};
use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, ChildStdout, Command, Stdio};
use std::sync::Mutex;
use std::sync::atomic::{AtomicUsize, Ordering};

struct Options {
    a: String,
    b: String,
    pairs: usize,
    jobs: usize,
    out: String,
    openings: String,
}

fn parse_args() -> Result<Options, String> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let mut o = Options {
        a: String::new(),
        b: String::new(),
        pairs: 100,
        jobs: 2,
        out: "match.txt".into(),
        openings: "../shared/data/xot-openings.txt".into(),
    };
    let mut engines = vec![];
    let mut it = args.iter();
    while let Some(a) = it.next() {
        let mut value = |name: &str| it.next().cloned().ok_or(format!("{name} wants a value"));
        match a.as_str() {
            "--pairs" => o.pairs = value("--pairs")?.parse().map_err(|_| "--pairs N")?,
            "--jobs" => o.jobs = value("--jobs")?.parse().map_err(|_| "--jobs J")?,
            "--out" => o.out = value("--out")?,
            "--openings" => o.openings = value("--openings")?,
            _ => engines.push(a.clone()),
        }
    }
    let [a, b] = <[String; 2]>::try_from(engines)
        .map_err(|_| "usage: reversi_match A B [--pairs N] [--jobs J] [--out FILE]")?;
    (o.a, o.b) = (a, b);
    Ok(o)
}

/// An engine process spoken to through GTP.
struct Engine {
    child: Child,
    input: ChildStdin,
    output: BufReader<ChildStdout>,
}

impl Engine {
    fn start(spec: &str) -> Result<Engine, String> {
        let (bin, level) = spec
            .rsplit_once('@')
            .unwrap_or(("target/release/heibai", spec));
        let mut child = Command::new(bin)
            .args(["gtp", "--threads", "1"])
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .spawn()
            .map_err(|e| format!("{bin}: {e}"))?;
        let input = child.stdin.take().expect("piped");
        let output = BufReader::new(child.stdout.take().expect("piped"));
        let mut e = Engine {
            child,
            input,
            output,
        };
        e.ask(&format!("level {level}"))?;
        Ok(e)
    }

    /// Sends one command and returns the answer's text.
    fn ask(&mut self, command: &str) -> Result<String, String> {
        writeln!(self.input, "{command}").map_err(|e| e.to_string())?;
        self.input.flush().map_err(|e| e.to_string())?;
        let mut answer = String::new();
        loop {
            let mut line = String::new();
            if self
                .output
                .read_line(&mut line)
                .map_err(|e| e.to_string())?
                == 0
            {
                return Err(format!("the engine quit after '{command}'"));
            }
            if line.trim().is_empty() && !answer.is_empty() {
                break;
            }
            answer.push_str(&line);
        }
        match answer.strip_prefix('=') {
            Some(rest) => Ok(rest.trim().to_string()),
            None => Err(format!("'{command}': {}", answer.trim())),
        }
    }
}

impl Drop for Engine {
    fn drop(&mut self) {
        let _ = writeln!(self.input, "quit");
        let _ = self.child.wait();
    }
}

fn colour_name(c: Color) -> &'static str {
    match c {
        Color::Black => "black",
        Color::White => "white",
    }
}

/// How long an engine took for its moves: how many, in all, the longest (seconds).
#[derive(Clone, Copy, Debug, Default)]
struct Times {
    moves: u32,
    total: f64,
    longest: f64,
}

impl Times {
    fn add(&mut self, other: Times) {
        self.moves += other.moves;
        self.total += other.total;
        self.longest = self.longest.max(other.longest);
    }

    /// As the results file holds it: `moves:total:longest`.
    fn field(&self) -> String {
        format!("{}:{:.3}:{:.3}", self.moves, self.total, self.longest)
    }

    fn parse(field: &str) -> Option<Times> {
        let mut w = field.split(':');
        Some(Times {
            moves: w.next()?.parse().ok()?,
            total: w.next()?.parse().ok()?,
            longest: w.next()?.parse().ok()?,
        })
    }
}

/// Plays one game from `opening`, `a` taking `a_colour`; returns A's disc difference (empties to
/// the winner), the moves and how long A and B took for theirs.
fn play(
    a: &mut Engine,
    b: &mut Engine,
    opening: &[Move],
    a_colour: Color,
) -> Result<(i32, String, [Times; 2]), String> {
    let mut position = Position::initial();
    let mut moves = String::new();
    for e in [&mut *a, &mut *b] {
        e.ask("clear_board")?;
    }
    let record = |position: &mut Position, mv: Move, moves: &mut String| {
        *position = position
            .play(mv)
            .map_err(|e| format!("{mv} after {moves}: {e:?}"))?;
        if let Move::Play(sq) = mv {
            moves.push_str(&sq.to_string());
        }
        Ok::<(), String>(())
    };
    for &mv in opening {
        let c = colour_name(position.to_move());
        for e in [&mut *a, &mut *b] {
            e.ask(&format!("play {c} {mv}"))?;
        }
        record(&mut position, mv, &mut moves)?;
    }
    let mut times = [Times::default(); 2];
    while position.status() != Status::GameOver {
        let colour = position.to_move();
        let (mover, other) = if colour == a_colour {
            (&mut *a, &mut *b)
        } else {
            (&mut *b, &mut *a)
        };
        let started = std::time::Instant::now();
        let answer = mover.ask(&format!("genmove {}", colour_name(colour)))?;
        let took = started.elapsed().as_secs_f64();
        times[usize::from(colour != a_colour)].add(Times {
            moves: 1,
            total: took,
            longest: took,
        });
        let mv: Move = answer
            .parse()
            .map_err(|_| format!("genmove answered '{answer}'"))?;
        other.ask(&format!("play {} {mv}", colour_name(colour)))?;
        record(&mut position, mv, &mut moves)?;
    }
    let (mine, theirs) = (
        position.count(a_colour),
        position.count(a_colour.opponent()),
    );
    let empties = 64 - mine - theirs;
    let diff = mine as i32 - theirs as i32;
    let diff = diff + diff.signum() * empties as i32;
    Ok((diff, moves, times))
}

/// One finished game as the results file holds it.
#[derive(Clone, Debug)]
struct Game {
    index: usize,
    diff: i32,
    /// A's and B's times, if the file has them.
    times: Option<[Times; 2]>,
}

fn read_results(path: &str) -> Vec<Game> {
    let Ok(text) = std::fs::read_to_string(path) else {
        return vec![];
    };
    text.lines()
        .filter_map(|l| {
            let mut w = l.split_whitespace();
            let index = w.next()?.parse().ok()?;
            w.next()?; // A's colour
            let diff = w.next()?.parse().ok()?;
            w.next(); // the moves
            let times = (|| Some([Times::parse(w.next()?)?, Times::parse(w.next()?)?]))();
            Some(Game { index, diff, times })
        })
        .collect()
}

fn summary(games: &[Game], pairs: usize) {
    let points = |d: i32| match d.signum() {
        1 => 1.0,
        0 => 0.5,
        _ => 0.0,
    };
    let n = games.len() as f64;
    let score = games.iter().map(|g| points(g.diff)).sum::<f64>() / n;
    let discs = games.iter().map(|g| f64::from(g.diff)).sum::<f64>() / n;
    let (wins, draws) = (
        games.iter().filter(|g| g.diff > 0).count(),
        games.iter().filter(|g| g.diff == 0).count(),
    );
    // Pairs (one opening, both colours) as the unit of variance.
    let mut pair_scores = vec![];
    for p in 0..pairs {
        let two: Vec<_> = games.iter().filter(|g| g.index / 2 == p).collect();
        if two.len() == 2 {
            pair_scores.push((points(two[0].diff) + points(two[1].diff)) / 2.0);
        }
    }
    let m = pair_scores.len() as f64;
    let mean = pair_scores.iter().sum::<f64>() / m;
    let var = pair_scores.iter().map(|s| (s - mean).powi(2)).sum::<f64>() / (m - 1.0).max(1.0);
    let half = 1.96 * (var / m).sqrt();
    let elo = |s: f64| -400.0 * (1.0 / s.clamp(1e-3, 1.0 - 1e-3) - 1.0).log10();
    println!(
        "{} games: A {wins} wins, {draws} draws, {} losses; score {:.1} % ± {:.1} (95 %), \
         mean disc difference {discs:+.1}; Elo {:+.0} [{:+.0}, {:+.0}]",
        games.len(),
        games.len() - wins - draws,
        100.0 * score,
        100.0 * half,
        elo(score),
        elo(score - half),
        elo(score + half),
    );
    let mut times = [Times::default(); 2];
    for t in games.iter().filter_map(|g| g.times) {
        times[0].add(t[0]);
        times[1].add(t[1]);
    }
    for (name, t) in ["A", "B"].iter().zip(times) {
        if t.moves > 0 {
            println!(
                "{name}: {:.2} s a move on average, longest {:.2} s ({} moves timed)",
                t.total / f64::from(t.moves),
                t.longest,
                t.moves
            );
        }
    }
}

fn main() {
    let o = match parse_args() {
        Ok(o) => o,
        Err(e) => {
            eprintln!("reversi_match: {e}");
            std::process::exit(2);
        }
    };
    let openings: Vec<Vec<Move>> = match std::fs::read_to_string(&o.openings) {
        Ok(text) => text
            .lines()
            .filter(|l| !l.trim().is_empty())
            .map(|l| {
                l.trim()
                    .as_bytes()
                    .chunks(2)
                    .map(|c| std::str::from_utf8(c).ok()?.parse().ok())
                    .collect::<Option<Vec<Move>>>()
            })
            .collect::<Option<_>>()
            .unwrap_or_default(),
        Err(e) => {
            eprintln!("reversi_match: {}: {e}", o.openings);
            std::process::exit(2);
        }
    };
    if openings.len() < o.pairs {
        eprintln!(
            "reversi_match: {} holds {} openings, fewer than {} pairs",
            o.openings,
            openings.len(),
            o.pairs
        );
        std::process::exit(2);
    }
    let done: Vec<usize> = read_results(&o.out).iter().map(|g| g.index).collect();
    let todo: Vec<usize> = (0..2 * o.pairs).filter(|i| !done.contains(i)).collect();
    let next = AtomicUsize::new(0);
    let out = Mutex::new(
        std::fs::OpenOptions::new()
            .create(true)
            .append(true)
            .open(&o.out)
            .unwrap_or_else(|e| {
                eprintln!("reversi_match: {}: {e}", o.out);
                std::process::exit(2);
            }),
    );
    std::thread::scope(|scope| {
        for _ in 0..o.jobs.max(1) {
            scope.spawn(|| {
                let start = || -> Result<(Engine, Engine), String> {
                    Ok((Engine::start(&o.a)?, Engine::start(&o.b)?))
                };
                let (mut a, mut b) = start().unwrap_or_else(|e| {
                    eprintln!("reversi_match: {e}");
                    std::process::exit(1);
                });
                loop {
                    let k = next.fetch_add(1, Ordering::Relaxed);
                    let Some(&index) = todo.get(k) else { break };
                    let a_black = index % 2 == 0;
                    let colour = if a_black { Color::Black } else { Color::White };
                    match play(&mut a, &mut b, &openings[index / 2], colour) {
                        Ok((diff, moves, [ta, tb])) => {
                            let line = format!(
                                "{index} {} {diff:+} {moves} {} {}\n",
                                if a_black { "A-black" } else { "A-white" },
                                ta.field(),
                                tb.field()
                            );
                            let mut f = out.lock().expect("not poisoned");
                            let _ = f.write_all(line.as_bytes());
                            eprint!("{line}");
                        }
                        Err(e) => {
                            eprintln!("reversi_match: game {index}: {e}");
                            std::process::exit(1);
                        }
                    }
                }
            });
        }
    });
    let games: Vec<Game> = read_results(&o.out)
        .into_iter()
        .filter(|g| g.index < 2 * o.pairs)
        .collect();
    println!("A = {}, B = {}", o.a, o.b);
    summary(&games, o.pairs);
}
