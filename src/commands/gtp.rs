//! `heibai gtp`: the Go Text Protocol with the conventions Othello engines use (Edax's GTP mode):
//! an 8×8 board, squares in Othello notation (a1 top-left), `pass` for a pass, colours `black`
//! and `white`. Match runners and GUIs drive heibai through it.

use crate::engine::reversi::{Beginner, DEFAULT_LEVEL, Engine, Level, Searching};
use crate::game::Record;
use crate::reversi::{Color, Move, Position, Status};
use std::io::{BufRead, Write};
use std::sync::atomic::AtomicBool;
use std::time::Duration;

const COMMANDS: &[&str] = &[
    "protocol_version",
    "name",
    "version",
    "known_command",
    "list_commands",
    "quit",
    "boardsize",
    "clear_board",
    "komi",
    "play",
    "genmove",
    "undo",
    "showboard",
    "final_score",
    "time_settings",
    "time_left",
    "level",
    "depth",
];

/// The state of a GTP session: the game so far and how the engine should play.
pub struct Gtp {
    record: Record<Position>,
    level: Level,
    threads: usize,
    engine: Option<Searching>,
    /// Seconds left for the side asked to move, from `time_left`; `None` without a clock.
    time_left: Option<f64>,
    main_time: Option<f64>,
}

/// One response: `Ok` prints `= …`, `Err` prints `? …`.
type Answer = Result<String, String>;

impl Gtp {
    pub fn new(threads: usize) -> Gtp {
        Gtp {
            record: Record::new(Position::initial()),
            level: Level::get(DEFAULT_LEVEL).expect("the default level exists"),
            threads,
            engine: None,
            time_left: None,
            main_time: None,
        }
    }

    /// Runs one command line; `None` for blank lines and comments. The bool says "quit".
    pub fn execute(&mut self, line: &str) -> Option<(String, bool)> {
        let line = line.split('#').next().unwrap_or("").trim();
        if line.is_empty() {
            return None;
        }
        let mut words = line.split_whitespace();
        let first = words.next()?;
        let (id, command) = match first.parse::<u64>() {
            Ok(id) => (Some(id), words.next().unwrap_or("")),
            Err(_) => (None, first),
        };
        let args: Vec<&str> = words.collect();
        let answer = self.command(command, &args);
        let id = id.map_or(String::new(), |i| i.to_string());
        let text = match &answer {
            Ok(s) if s.is_empty() => format!("={id}\n\n"),
            Ok(s) => format!("={id} {s}\n\n"),
            Err(e) => format!("?{id} {e}\n\n"),
        };
        Some((text, command == "quit"))
    }

    fn command(&mut self, command: &str, args: &[&str]) -> Answer {
        match command {
            "protocol_version" => Ok("2".into()),
            "name" => Ok("heibai".into()),
            "version" => Ok(env!("CARGO_PKG_VERSION").into()),
            "known_command" => Ok(COMMANDS.contains(&arg(args, 0)?).to_string()),
            "list_commands" => Ok(COMMANDS.join("\n")),
            "quit" => Ok(String::new()),
            "boardsize" => match arg(args, 0)? {
                "8" => Ok(String::new()),
                _ => Err("unacceptable size".into()),
            },
            "clear_board" => {
                self.record = Record::new(Position::initial());
                Ok(String::new())
            }
            "komi" => number(arg(args, 0)?).map(|_| String::new()),
            "play" => {
                let color = color(arg(args, 0)?)?;
                let mv: Move = arg(args, 1)?
                    .parse()
                    .map_err(|_| "invalid coordinate".to_string())?;
                self.play(color, mv)
            }
            "genmove" => self.genmove(color(arg(args, 0)?)?),
            "undo" => {
                // Take back the last move and any forced passes recorded before it.
                if !self.record.undo() {
                    return Err("cannot undo".into());
                }
                while self.record.last_move() == Some(Move::Pass) && self.record.undo() {}
                Ok(String::new())
            }
            "showboard" => Ok(format!("\n{}", board_text(self.record.position()))),
            "final_score" => {
                let (p, o) = self.record.position().own_opp();
                let mut score = crate::engine::reversi::endgame::final_score(p, o);
                if self.record.position().to_move() == Color::White {
                    score = -score;
                }
                Ok(match score {
                    0 => "0".into(),
                    s if s > 0 => format!("B+{s}"),
                    s => format!("W+{}", -s),
                })
            }
            "time_settings" => {
                let main: f64 = number(arg(args, 0)?)?;
                self.main_time = (main > 0.0).then_some(main);
                self.time_left = self.main_time;
                Ok(String::new())
            }
            "time_left" => {
                color(arg(args, 0)?)?;
                self.time_left = Some(number(arg(args, 1)?)?);
                Ok(String::new())
            }
            "level" => {
                let n: u8 = arg(args, 0)?
                    .parse()
                    .map_err(|_| "level must be 1 to 8".to_string())?;
                self.level = Level::get(n).ok_or("level must be 1 to 8")?;
                Ok(String::new())
            }
            "depth" => {
                let d: u32 = arg(args, 0)?
                    .parse()
                    .map_err(|_| "depth must be 1 to 60".to_string())?;
                if !(1..=60).contains(&d) {
                    return Err("depth must be 1 to 60".into());
                }
                self.level = depth_level(d);
                Ok(String::new())
            }
            _ => Err("unknown command".into()),
        }
    }

    /// Records a forced pass for the side to move if it must pass and `color` is the other side.
    fn pass_for(&mut self, color: Color) -> Result<(), String> {
        let pos = *self.record.position();
        if pos.to_move() != color {
            if pos.status() != Status::MustPass {
                return Err(format!(
                    "it is {}'s turn",
                    pos.to_move().name().to_lowercase()
                ));
            }
            self.record.play(Move::Pass).map_err(|e| e.to_string())?;
        }
        Ok(())
    }

    fn play(&mut self, color: Color, mv: Move) -> Answer {
        let pos = self.record.position();
        if mv == Move::Pass && (pos.to_move() != color || pos.status() == Status::GameOver) {
            // A pass when it is already the other side's turn, or after the end: nothing to do.
            return Ok(String::new());
        }
        self.pass_for(color)?;
        self.record
            .play(mv)
            .map_err(|e| format!("illegal move: {e}"))?;
        Ok(String::new())
    }

    fn genmove(&mut self, color: Color) -> Answer {
        if self.record.position().status() == Status::GameOver {
            return Ok("pass".into());
        }
        self.pass_for(color)?;
        let pos = *self.record.position();
        let mv = self.choose(&pos);
        self.record
            .play(mv)
            .map_err(|e| format!("engine error: {e}"))?;
        Ok(mv.to_string())
    }

    /// The engine's move, within the clock when one is set.
    fn choose(&mut self, pos: &Position) -> Move {
        let stop = AtomicBool::new(false);
        if self.level.depth == 0 {
            return Beginner.choose(pos, &stop, &mut |_| {});
        }
        let mut level = self.level;
        if let Some(left) = self.time_left {
            // Spread the time left over this side's remaining moves, keeping a margin: a move
            // may take twice its share when its search stays unsettled (it stops near its
            // share otherwise), never more than under half of what is left.
            let empties = 64 - pos.count(Color::Black) - pos.count(Color::White);
            let share = left * 0.9 / f64::from(empties.div_ceil(2).max(1));
            let most = (2.0 * share).min(0.45 * left);
            // A day at most: a number too large for a Duration is still a number.
            let most = Duration::from_secs_f64(most.clamp(0.01, 86_400.0));
            level.budget = Some(level.budget.map_or(most, |b| b.min(most)));
        }
        let engine = self
            .engine
            .get_or_insert_with(|| Searching::new(level, self.threads));
        engine.set_level(level);
        engine.choose(pos, &stop, &mut |_| {})
    }
}

/// A level that searches `depth` plies with no time limit, exact from a few more empties.
pub(super) fn depth_level(depth: u32) -> Level {
    Level {
        depth,
        exact_from: (depth + 6).min(24),
        budget: None,
        ..Level::get(8).expect("level 8 exists")
    }
}

fn arg<'a>(args: &[&'a str], i: usize) -> Result<&'a str, String> {
    args.get(i)
        .copied()
        .ok_or_else(|| "missing argument".to_string())
}

/// A finite number ("nan" and "inf" are not).
fn number(s: &str) -> Result<f64, String> {
    s.parse()
        .ok()
        .filter(|n: &f64| n.is_finite())
        .ok_or_else(|| format!("'{}' is not a number", crate::visible::quoted(s)))
}

fn color(s: &str) -> Result<Color, String> {
    match s.to_ascii_lowercase().as_str() {
        "b" | "black" => Ok(Color::Black),
        "w" | "white" => Ok(Color::White),
        _ => Err("invalid color".into()),
    }
}

/// The board as text: rows 1-8 top to bottom, X black, O white.
fn board_text(pos: &Position) -> String {
    let mut s = String::from("  a b c d e f g h\n");
    for row in 0..8 {
        s.push_str(&format!("{}", row + 1));
        for col in 0..8 {
            let sq = crate::reversi::Square::at(col, row).expect("on the board");
            s.push(' ');
            s.push(match pos.at(sq) {
                Some(Color::Black) => 'X',
                Some(Color::White) => 'O',
                None => '-',
            });
        }
        s.push('\n');
    }
    s.push_str(&format!(
        "{} to move; black {}, white {}",
        pos.to_move().name(),
        pos.count(Color::Black),
        pos.count(Color::White)
    ));
    s
}

/// Serves GTP on `input` / `output` until `quit` or the end of input.
pub fn serve(input: impl BufRead, mut output: impl Write, threads: usize) -> std::io::Result<()> {
    let mut gtp = Gtp::new(threads);
    for line in super::lines::lines(input) {
        let answer = match line? {
            Ok(line) => gtp.execute(&line),
            Err(bad) => Some((format!("? {bad}\n\n"), false)),
        };
        if let Some((text, quit)) = answer {
            output.write_all(text.as_bytes())?;
            output.flush()?;
            if quit {
                break;
            }
        }
    }
    Ok(())
}

/// `heibai gtp` on standard input and output.
pub fn gtp(threads: usize) -> anyhow::Result<()> {
    serve(std::io::stdin().lock(), std::io::stdout().lock(), threads)?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn run(gtp: &mut Gtp, line: &str) -> String {
        gtp.execute(line).expect("a response").0
    }

    #[test]
    fn a_transcript() {
        let mut g = Gtp::new(1);
        assert_eq!(run(&mut g, "protocol_version"), "= 2\n\n");
        assert_eq!(run(&mut g, "1 name"), "=1 heibai\n\n");
        assert_eq!(run(&mut g, "boardsize 8"), "= \n\n".replace(" \n", "\n"));
        assert_eq!(run(&mut g, "boardsize 19"), "? unacceptable size\n\n");
        assert_eq!(run(&mut g, "play black d3"), "=\n\n");
        assert_eq!(run(&mut g, "play black c4"), "? it is white's turn\n\n");
        assert_eq!(
            run(&mut g, "play white a1"),
            "? illegal move: a1 flips nothing\n\n"
        );
        assert_eq!(run(&mut g, "level 1"), "=\n\n");
        let reply = run(&mut g, "genmove white");
        assert!(
            ["= c3\n\n", "= e3\n\n", "= c5\n\n"].contains(&reply.as_str()),
            "{reply}"
        );
        assert_eq!(run(&mut g, "undo"), "=\n\n");
        assert!(run(&mut g, "showboard").contains("White to move; black 4, white 1"));
        assert_eq!(run(&mut g, "known_command genmove"), "= true\n\n");
        assert_eq!(run(&mut g, "known_command fly"), "= false\n\n");
        assert_eq!(run(&mut g, "frobnicate"), "? unknown command\n\n");
        assert_eq!(run(&mut g, "play purple d3"), "? invalid color\n\n");
        assert_eq!(run(&mut g, "play white z9"), "? invalid coordinate\n\n");
        assert!(g.execute("# a comment").is_none());
        assert_eq!(g.execute("quit"), Some(("=\n\n".into(), true)));
    }

    #[test]
    fn a_whole_game_at_a_searching_level() {
        let mut g = Gtp::new(1);
        run(&mut g, "depth 2");
        let mut color = ["black", "white"].iter().cycle();
        for _ in 0..130 {
            if g.record.position().status() == Status::GameOver {
                break;
            }
            let reply = run(&mut g, &format!("genmove {}", color.next().unwrap()));
            assert!(reply.starts_with("= "), "{reply}");
        }
        assert_eq!(g.record.position().status(), Status::GameOver);
        assert!(run(&mut g, "final_score").starts_with('='));
    }

    #[test]
    fn passes_are_recorded_for_the_side_that_cannot_move() {
        let mut g = Gtp::new(1);
        // White to move can play a5 or a8; Black (a1, b5, b8) then has nothing.
        let pos: Position = concat!(
            "XOOOOOOO", "--------", "--------", "--------", "-XOOOOOO", "--------", "--------",
            "-XOOOOOO", " O"
        )
        .parse()
        .unwrap();
        g.record = Record::new(pos);
        assert_eq!(run(&mut g, "play white a8"), "=\n\n");
        assert_eq!(
            run(&mut g, "genmove white"),
            "= a5\n\n",
            "black passes first"
        );
        assert_eq!(g.record.played()[1], Move::Pass);
    }
}
