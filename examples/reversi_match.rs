//! A Reversi match between two engines, for judging strength changes (docs/BENCHMARKS.md):
//!
//! `cargo run --release --example reversi_match -- A B [--pairs N] [--jobs J] [--out FILE]
//!  [--sprt ELO0,ELO1]`
//!
//! A and B are `LEVEL` (this build's `target/release/heibai` at that level) or `BIN@LEVEL` (any
//! heibai binary, such as one built from the previous main), each driven through `gtp` with one
//! search thread, or `gtp:COMMAND ARGS…`, any other GTP engine run as given (such as
//! `"gtp:$HOME/sparring/egaroucid/egaroucid_web_gtp -l 10 -nobook"`, ../shared/sparring). They play pairs of games from the XOT openings
//! (`../shared/data/xot-openings.txt`, or `--openings FILE`), each opening once with each
//! colour, J games at a time (default 2: one a core). Every finished game is appended to the
//! `--out` file (default `match.txt`) at once; a stopped match started again with the same file
//! goes on where it was. At the end it prints A's score with its 95 % interval (from the
//! spread of the pairs' scores), the mean disc difference, the Elo difference and how long each
//! side took a move (on average and at most, over the games whose times the file holds). With
//! `--sprt ELO0,ELO1` the match (at most `--pairs` pairs) ends as soon as a sequential test tells
//! "A is ELO1 stronger" from "A is ELO0 stronger" (5 % error each way) and prints its verdict.

#[path = "common/matches.rs"]
mod matches;

use heibai::reversi::{Color, Move, Position, Status};
use matches::{Played, Process, Sprt, Times};

struct Options {
    a: String,
    b: String,
    pairs: usize,
    jobs: usize,
    out: String,
    openings: String,
    sprt: Option<Sprt>,
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
        sprt: None,
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
            "--sprt" => o.sprt = Some(Sprt::parse(&value("--sprt")?)?),
            _ => engines.push(a.clone()),
        }
    }
    let [a, b] = <[String; 2]>::try_from(engines).map_err(
        |_| "usage: reversi_match A B [--pairs N] [--jobs J] [--out FILE] [--sprt ELO0,ELO1]",
    )?;
    (o.a, o.b) = (a, b);
    Ok(o)
}

/// An engine process spoken to through GTP.
struct Engine(Process);

impl Engine {
    fn start(spec: &str) -> Result<Engine, String> {
        if let Some(command) = spec.strip_prefix("gtp:") {
            let mut words = command.split_whitespace();
            let bin = words.next().ok_or("gtp: wants a command")?;
            let args: Vec<&str> = words.collect();
            return Ok(Engine(Process::spawn(bin, &args)?));
        }
        let (bin, level) = spec
            .rsplit_once('@')
            .unwrap_or(("target/release/heibai", spec));
        let mut e = Engine(Process::spawn(bin, &["gtp", "--threads", "1"])?);
        e.ask(&format!("level {level}"))?;
        Ok(e)
    }

    /// Sends one command and returns the answer's text.
    fn ask(&mut self, command: &str) -> Result<String, String> {
        self.0.send(command)?;
        let mut answer = String::new();
        loop {
            let line = self.0.line(command)?;
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
        let _ = self.0.send("quit");
    }
}

fn colour_name(c: Color) -> &'static str {
    match c {
        Color::Black => "black",
        Color::White => "white",
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
        times[usize::from(colour != a_colour)].add(Times::one(took));
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

/// A's results in `games`, as the summary and the sequential test count them.
fn results(games: &[Game]) -> Vec<Played> {
    games
        .iter()
        .map(|g| Played {
            index: g.index,
            margin: g.diff,
        })
        .collect()
}

/// The games of the match's results file, up to its number of pairs.
fn played(o: &Options) -> Vec<Game> {
    read_results(&o.out)
        .into_iter()
        .filter(|g| g.index < 2 * o.pairs)
        .collect()
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
    let sprt = o
        .sprt
        .as_ref()
        .map(|t| t.undecided(|| results(&played(&o))));
    let undecided = || sprt.as_ref().is_none_or(|go_on| go_on());
    let start = || Ok((Engine::start(&o.a)?, Engine::start(&o.b)?));
    matches::run(
        "reversi_match",
        &o.out,
        2 * o.pairs,
        o.jobs,
        &done,
        start,
        |(a, b), index| {
            let colour = if matches::a_is_black(index) {
                Color::Black
            } else {
                Color::White
            };
            let (diff, moves, [ta, tb]) = play(a, b, &openings[index / 2], colour)?;
            let side = matches::a_side(index);
            Ok(format!(
                " {side} {diff:+} {moves} {} {}",
                ta.field(),
                tb.field()
            ))
        },
        undecided,
    );
    let games = played(&o);
    println!("A = {}, B = {}", o.a, o.b);
    let results = results(&games);
    println!("{}", matches::summary(&results, "disc difference"));
    if let Some(t) = o.sprt {
        println!("{}", t.report(&results));
    }
    matches::print_times(games.iter().filter_map(|g| g.times));
}
