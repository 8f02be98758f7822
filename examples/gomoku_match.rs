//! A Gomoku or Renju match between two engines, for judging strength changes
//! (docs/BENCHMARKS.md):
//!
//! `cargo run --release --example gomoku_match -- A B [--pairs N] [--rule renju|standard|freestyle]
//!  [--turn MS] [--jobs J] [--out FILE] [--random R] [--sprt ELO0,ELO1]`
//!
//! A and B are a level of this build's engine (`1`-`8`, played in this process) or a program
//! that speaks the Gomocup protocol (`path/to/heibai pbrain`, another heibai binary, or any
//! brain; a path ending in `heibai` gets `pbrain` added), given `--turn` milliseconds a move
//! (default 1000) and the whole position before each of its moves. They play pairs of games
//! from the 26 canonical Renju openings (Black's and White's first stones and Black's second,
//! turned a different way each time round), each opening once with each colour, White to move
//! first; with `--random R`, R random moves near the stones follow each opening (the same in
//! both games of a pair: for varied games, e.g. an engine's games against itself to learn
//! from). A move that is not legal (a taken point, a point off the board, Black's forbidden
//! point in Renju) loses the game. Every finished game is appended to `--out` (default
//! `gomoku-match.txt`) at once, and a stopped match started again goes on where it was. At the
//! end it prints A's score with its 95 % interval, the Elo difference and each side's move times;
//! a move that took longer than the turn is named on stderr as it happens. A move's clock runs
//! from sending the position to reading the answer. With `--sprt ELO0,ELO1` the match (at most
//! `--pairs` pairs) ends as soon as a sequential test tells "A is ELO1 stronger" from "A is
//! ELO0 stronger" (5 % error each way) and prints its verdict.

#[path = "common/matches.rs"]
mod matches;

use heibai::engine::gomoku::choose;
use heibai::engine::gomoku::tuning::opening;
use heibai::gomoku::{Color, Outcome, Point, Position, Rule};
use matches::{Played, Process, Sprt, Times};
use std::sync::atomic::AtomicBool;
use std::time::{Duration, Instant};

struct Options {
    a: String,
    b: String,
    pairs: usize,
    rule: Rule,
    turn_ms: u64,
    jobs: usize,
    out: String,
    /// Random moves after each opening (0: none, the canonical openings as they are).
    random: u32,
    sprt: Option<Sprt>,
}

const USAGE: &str = "usage: gomoku_match A B [--pairs N] [--rule renju|standard|freestyle] \
                     [--turn MS] [--jobs J] [--out FILE] [--random R] [--sprt ELO0,ELO1]";

fn parse_args() -> Result<Options, String> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let mut o = Options {
        a: String::new(),
        b: String::new(),
        pairs: 52,
        rule: Rule::Renju,
        turn_ms: 1000,
        jobs: 1,
        out: "gomoku-match.txt".into(),
        random: 0,
        sprt: None,
    };
    let mut engines = vec![];
    let mut it = args.iter();
    while let Some(a) = it.next() {
        let mut value = |name: &str| it.next().cloned().ok_or(format!("{name} wants a value"));
        let number = |v: String| {
            v.parse::<u64>()
                .map_err(|_| format!("'{v}' is not a number"))
        };
        match a.as_str() {
            "--pairs" => o.pairs = number(value("--pairs")?)? as usize,
            "--turn" => o.turn_ms = number(value("--turn")?)?,
            "--jobs" => o.jobs = number(value("--jobs")?)? as usize,
            "--out" => o.out = value("--out")?,
            "--random" => o.random = number(value("--random")?)? as u32,
            "--sprt" => o.sprt = Some(Sprt::parse(&value("--sprt")?)?),
            "--rule" => {
                o.rule = match value("--rule")?.as_str() {
                    "renju" => Rule::Renju,
                    "standard" => Rule::Standard,
                    "freestyle" => Rule::Freestyle,
                    other => return Err(format!("no rule '{other}'")),
                }
            }
            _ => engines.push(a.clone()),
        }
    }
    let [a, b] = <[String; 2]>::try_from(engines).map_err(|_| USAGE)?;
    (o.a, o.b) = (a, b);
    Ok(o)
}

/// A program speaking the Gomocup protocol.
struct Brain {
    process: Process,
    /// When it last answered.
    answered: Instant,
    /// The last message it sent with an answer: its own report of depth and time, for a move
    /// over the turn.
    message: String,
}

/// How long a brain is given after an answer before the next command: Rapfi drops a command
/// that comes while it is still finishing its last answer, and the match would wait for ever.
const SETTLE: Duration = Duration::from_millis(50);

impl Brain {
    fn start(command: &str, size: u8, rule: Rule, turn_ms: u64) -> Result<Brain, String> {
        let mut words = command.split_whitespace();
        let program = words.next().ok_or("an empty engine command")?;
        let mut args: Vec<&str> = words.collect();
        if args.is_empty() && program.ends_with("heibai") {
            args.push("pbrain");
        }
        let mut brain = Brain {
            process: Process::spawn(program, &args)?,
            answered: Instant::now(),
            message: String::new(),
        };
        let rule_number = match rule {
            Rule::Freestyle => 0,
            Rule::Standard => 1,
            Rule::Renju => 4,
        };
        brain.send(&format!(
            "INFO timeout_turn {turn_ms}\nINFO timeout_match 0\nINFO rule {rule_number}"
        ))?;
        let answer = brain.ask(&format!("START {size}"))?;
        if answer != "OK" {
            return Err(format!("{command}: START answered '{answer}'"));
        }
        Ok(brain)
    }

    fn send(&mut self, text: &str) -> Result<(), String> {
        self.process.send(text)
    }

    /// Sends `text` (once the brain has settled after its last answer) and returns the first
    /// answer line that is not a message or debug line.
    fn ask(&mut self, text: &str) -> Result<String, String> {
        self.settle();
        self.send(text)?;
        self.message.clear();
        loop {
            let line = self.process.line(text)?;
            let line = line.trim();
            let chatter = ["MESSAGE", "DEBUG", "SUGGEST", "UNKNOWN", "ERROR"];
            if !line.is_empty() && !chatter.iter().any(|c| line.starts_with(c)) {
                self.answered = Instant::now();
                return Ok(line.to_string());
            }
            if line.starts_with("MESSAGE") {
                self.message = line.to_string();
            }
        }
    }

    /// Waits out the pause after the brain's last answer (before a move's clock starts: the
    /// brain is not thinking then).
    fn settle(&self) {
        std::thread::sleep(SETTLE.saturating_sub(self.answered.elapsed()));
    }

    /// The brain's move in `position` (the stones in the order played).
    fn choose(&mut self, position: &Position, played: &[Point]) -> Result<String, String> {
        let size = position.board().size();
        let me = position.to_move();
        let mut text = String::from("BOARD\n");
        for &p in played {
            let field = if position.board().get(p) == Some(me) {
                1
            } else {
                2
            };
            text.push_str(&format!("{},{},{field}\n", p.col, size - 1 - p.row));
        }
        text.push_str("DONE");
        self.ask(&text)
    }
}

impl Drop for Brain {
    fn drop(&mut self) {
        let _ = self.send("END");
    }
}

/// One side of the match.
enum Player {
    Level(u8),
    Brain(Brain),
}

impl Player {
    fn start(spec: &str, o: &Options) -> Result<Player, String> {
        match spec.parse::<u8>() {
            Ok(level @ 1..=8) => Ok(Player::Level(level)),
            _ => Ok(Player::Brain(Brain::start(spec, 15, o.rule, o.turn_ms)?)),
        }
    }

    /// What a brain said with its last answer besides the move (nothing for a level).
    fn message(&self) -> &str {
        match self {
            Player::Brain(brain) => &brain.message,
            Player::Level(_) => "",
        }
    }

    /// Ready for a move: a brain's pause after its last answer is over.
    fn settle(&self) {
        if let Player::Brain(brain) = self {
            brain.settle();
        }
    }

    /// The move chosen, as the point it names; `Err` with what was wrong otherwise.
    fn choose(&mut self, position: &Position, played: &[Point]) -> Result<Point, String> {
        match self {
            Player::Level(level) => Ok(choose(
                position,
                *level,
                &AtomicBool::new(false),
                &mut |_| {},
            )),
            Player::Brain(brain) => {
                let answer = brain.choose(position, played)?;
                let size = position.board().size();
                let (x, y) = answer
                    .split_once(',')
                    .ok_or(format!("answered '{answer}'"))?;
                let (x, y): (u8, u8) = match (x.trim().parse(), y.trim().parse()) {
                    (Ok(x), Ok(y)) if x < size && y < size => (x, y),
                    _ => return Err(format!("answered '{answer}'")),
                };
                Ok(Point {
                    col: x,
                    row: size - 1 - y,
                })
            }
        }
    }
}

/// Plays game `index`: opening `index / 2` (of the 26, turned by `index / 52`) and `random`
/// random moves after it (the same for both games of a pair), A Black in even games. Returns
/// A's result (1, 0 or -1), the moves and A's and B's times. A move that takes longer than
/// `turn` is named on stderr with the brain's last message (its own report of the move).
fn play(
    a: &mut Player,
    b: &mut Player,
    index: usize,
    rule: Rule,
    random: u32,
    turn: Duration,
) -> Result<(i32, String, [Times; 2]), String> {
    let (mut position, mut played) = opening((index / 2) as u64, rule, random);
    let a_colour = if matches::a_is_black(index) {
        Color::Black
    } else {
        Color::White
    };
    let mut times = [Times::default(); 2];
    let a_wins = |winner: Color| if winner == a_colour { 1 } else { -1 };
    let result = loop {
        match position.outcome() {
            Outcome::Won(winner, _) => break a_wins(winner),
            Outcome::Draw => break 0,
            Outcome::Playing => {}
        }
        let colour = position.to_move();
        let side = usize::from(colour != a_colour);
        let mover = if side == 0 { &mut *a } else { &mut *b };
        // The runner's own pause is not the mover's time.
        mover.settle();
        let started = Instant::now();
        let chosen = mover.choose(&position, &played);
        let took = started.elapsed();
        times[side].add(Times::one(took.as_secs_f64()));
        if took > turn {
            eprintln!(
                "game {index}: {colour:?}'s move {} took {:.3} s ({})",
                played.len() + 1,
                took.as_secs_f64(),
                mover.message()
            );
        }
        // A move that is not a legal one loses.
        match chosen.and_then(|p| {
            position
                .play(p)
                .map(|next| (p, next))
                .map_err(|e| e.to_string())
        }) {
            Ok((p, next)) => {
                position = next;
                played.push(p);
            }
            Err(e) => {
                eprintln!("game {index}: {colour:?} loses by an illegal move: {e}");
                break a_wins(colour.opponent());
            }
        }
    };
    let moves = played
        .iter()
        .map(|p| p.to_string())
        .collect::<Vec<_>>()
        .join(" ");
    Ok((result, moves, times))
}

/// The games of a results file: number, A's result and the two sides' times.
fn read_results(path: &str) -> Vec<(Played, Option<[Times; 2]>)> {
    let text = std::fs::read_to_string(path).unwrap_or_default();
    text.lines()
        .filter_map(|l| {
            let fields: Vec<&str> = l.split('\t').collect();
            let index = fields.first()?.parse().ok()?;
            let margin = fields.get(2)?.parse().ok()?;
            let times = (|| Some([Times::parse(fields.get(4)?)?, Times::parse(fields.get(5)?)?]))();
            Some((Played { index, margin }, times))
        })
        .collect()
}

/// The games of the match's results file, up to its number of pairs.
fn played(o: &Options) -> Vec<(Played, Option<[Times; 2]>)> {
    read_results(&o.out)
        .into_iter()
        .filter(|g| g.0.index < 2 * o.pairs)
        .collect()
}

fn main() {
    let o = parse_args().unwrap_or_else(|e| {
        eprintln!("gomoku_match: {e}");
        std::process::exit(2);
    });
    let results = |o: &Options| -> Vec<Played> { played(o).iter().map(|g| g.0).collect() };
    let sprt = o.sprt.as_ref().map(|t| t.undecided(|| results(&o)));
    let undecided = || sprt.as_ref().is_none_or(|go_on| go_on());
    let done: Vec<usize> = read_results(&o.out).iter().map(|g| g.0.index).collect();
    let start = || Ok((Player::start(&o.a, &o)?, Player::start(&o.b, &o)?));
    matches::run(
        "gomoku_match",
        &o.out,
        2 * o.pairs,
        o.jobs,
        &done,
        start,
        |(a, b), index| {
            let (result, moves, [ta, tb]) = play(
                a,
                b,
                index,
                o.rule,
                o.random,
                Duration::from_millis(o.turn_ms),
            )?;
            let side = matches::a_side(index);
            Ok(format!(
                "\t{side}\t{result:+}\t{moves}\t{}\t{}",
                ta.field(),
                tb.field()
            ))
        },
        undecided,
    );
    let games = played(&o);
    println!("A = {}, B = {}, {:?}", o.a, o.b, o.rule);
    let results: Vec<Played> = games.iter().map(|g| g.0).collect();
    println!("{}", matches::summary(&results, "result"));
    if let Some(t) = o.sprt {
        println!("{}", t.report(&results));
    }
    matches::print_times(games.iter().filter_map(|g| g.1));
}
