//! `heibai nboard`: the engine side of the NBoard protocol (version 2), so that heibai plays and
//! analyses inside the NBoard GUI (which Edax and Egaroucid also speak). The GUI sends the game
//! as GGF (`set game`), the moves played (`move`), and asks for a move (`go`, answered
//! `=== f5/0.50/1.2`: the move, its evaluation for the mover in discs, seconds) or for the best
//! moves (`hint N`, answered `search f5 0.50 0 12` for each, the depth `@100%` when exact, then
//! `status`); `ping N` is answered `pong N` once everything before it is done.

use super::gtp::depth_level;
use crate::engine::reversi::tt::Table;
use crate::engine::reversi::{Engine, Searching, analyze};
use crate::game::Record;
use crate::record::ggf::{from_ggf, parse_move};
use crate::reversi::{Move, Position, Status};
use std::io::{BufRead, Write};
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Instant;

/// The depth searched until the GUI sets one.
const DEFAULT_DEPTH: u32 = 12;
/// Tables for hints, in MiB.
const HINT_MB: usize = 32;

/// The state of an NBoard session: the game and how deep to search.
pub struct Nboard {
    record: Record<Position>,
    depth: u32,
    threads: usize,
    engine: Option<Searching>,
    tables: Option<(Table, Table)>,
}

impl Nboard {
    pub fn new(threads: usize) -> Nboard {
        Nboard {
            record: Record::new(Position::initial()),
            depth: DEFAULT_DEPTH,
            threads,
            engine: None,
            tables: None,
        }
    }

    /// The lines to send for one command line (none for most), and whether to stop.
    pub fn execute(&mut self, line: &str) -> (Vec<String>, bool) {
        let line = line.trim();
        let (command, rest) = line.split_once(' ').unwrap_or((line, ""));
        let rest = rest.trim();
        let out = match command {
            "" => vec![],
            "nboard" => vec!["set myname heibai".into()],
            "ping" => vec![format!("pong {rest}")],
            "set" => self.set(rest),
            "move" => self.play(rest),
            "go" => self.go(),
            "hint" => self.hint(rest.parse().unwrap_or(1)),
            // heibai does not learn from games: it says so the way the GUI waits for.
            "learn" => vec!["learned".into()],
            "quit" => return (vec![], true),
            _ => vec![format!("status heibai does not know '{command}'")],
        };
        (out, false)
    }

    fn set(&mut self, rest: &str) -> Vec<String> {
        let (what, value) = rest.split_once(' ').unwrap_or((rest, ""));
        match what {
            "depth" => match value.trim().parse::<u32>() {
                Ok(d) if (1..=60).contains(&d) => {
                    self.depth = d;
                    vec![]
                }
                _ => vec![format!(
                    "status depth must be 1 to 60, not '{}'",
                    crate::visible::quoted(value.trim())
                )],
            },
            "game" => match from_ggf(value) {
                Ok(game) => {
                    self.record = game.record;
                    vec![]
                }
                Err(e) => {
                    let why = crate::i18n::Lang::En.text().flaw(&e.0);
                    vec![format!("status cannot read the game: {why}")]
                }
            },
            // Contempt and other settings do not change how heibai plays.
            _ => vec![],
        }
    }

    fn play(&mut self, rest: &str) -> Vec<String> {
        let mv = match parse_move(rest) {
            Ok(mv) => mv,
            Err(name) => return vec![format!("status '{name}' is not a move")],
        };
        if self.record.position().status() == Status::MustPass && mv != Move::Pass {
            let _ = self.record.play(Move::Pass);
        }
        match self.record.play(mv) {
            Ok(()) => vec![],
            Err(e) => vec![format!("status {mv} is illegal here: {e}")],
        }
    }

    /// The engine's move at the depth set, with its evaluation and time.
    fn go(&mut self) -> Vec<String> {
        let position = *self.record.position();
        if position.status() == Status::GameOver {
            return vec!["status the game is over".into()];
        }
        let started = Instant::now();
        let level = depth_level(self.depth);
        let engine = self
            .engine
            .get_or_insert_with(|| Searching::new(level, self.threads));
        engine.set_level(level);
        let mut score = 0;
        let stop = AtomicBool::new(false);
        let mv = engine.choose(&position, &stop, &mut |p| score = p.score);
        let seconds = started.elapsed().as_secs_f64();
        vec![
            format!(
                "=== {}/{:.2}/{seconds:.1}",
                name(mv),
                f64::from(score) / 100.0
            ),
            "status".into(),
        ]
    }

    /// The `n` best moves, each with its evaluation for the mover and the depth (exact near the
    /// end).
    fn hint(&mut self, n: usize) -> Vec<String> {
        let position = *self.record.position();
        if position.status() != Status::ToMove {
            return vec!["status".into()];
        }
        let (midgame, endgame) = self
            .tables
            .get_or_insert_with(|| (Table::new(HINT_MB), Table::new(HINT_MB)));
        let stop = AtomicBool::new(false);
        let mut last = None;
        // Deeper and deeper to the depth set (a search may finish one more before it stops).
        analyze(&position, &stop, self.threads, midgame, endgame, &mut |a| {
            if a.exact || a.depth >= self.depth {
                stop.store(true, Ordering::Relaxed);
            }
            if a.exact || a.depth <= self.depth {
                last = Some(a);
            }
        });
        let Some(analysis) = last else {
            return vec!["status".into()];
        };
        let mut scores = analysis.scores.clone();
        scores.sort_by_key(|&(_, v)| -v);
        // NBoard's way of saying how sure a depth is, as Edax does.
        let depth = match analysis.exact {
            true => format!("{}@100%", analysis.depth),
            false => analysis.depth_text(),
        };
        let mut out: Vec<String> = scores
            .iter()
            .take(n.max(1))
            .map(|&(sq, v)| format!("search {sq} {:.2} 0 {depth}", f64::from(v) / 100.0))
            .collect();
        out.push("status".into());
        out
    }
}

/// A move as NBoard writes it: the square, or `PA` for a pass.
fn name(mv: Move) -> String {
    match mv {
        Move::Play(sq) => sq.to_string(),
        Move::Pass => "PA".into(),
    }
}

/// Serves NBoard on `input` / `output` until `quit` or the end of input.
pub fn serve(input: impl BufRead, mut output: impl Write, threads: usize) -> std::io::Result<()> {
    let mut nboard = Nboard::new(threads);
    for line in super::lines::lines(input) {
        let (lines, quit) = match line? {
            Ok(line) => nboard.execute(&line),
            Err(bad) => (vec![format!("status {bad}")], false),
        };
        for l in lines {
            writeln!(output, "{l}")?;
        }
        output.flush()?;
        if quit {
            break;
        }
    }
    Ok(())
}

/// `heibai nboard` on standard input and output.
pub fn nboard(threads: usize) -> anyhow::Result<()> {
    serve(std::io::stdin().lock(), std::io::stdout().lock(), threads)?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A session as the NBoard GUI runs one, line by line.
    #[test]
    fn a_session_line_by_line() {
        let mut nb = Nboard::new(1);
        let mut run = |line: &str| nb.execute(line).0;
        assert_eq!(run("nboard 2"), ["set myname heibai"]);
        assert_eq!(run("set depth 4"), Vec::<String>::new());
        assert_eq!(run("set contempt 0"), Vec::<String>::new());
        let ggf = "(;GM[Othello]PC[NBoard]PB[me]PW[heibai]TY[8]\
            BO[8 -------- -------- -------- ---O*--- ---*O--- -------- -------- -------- *]\
            B[F5]W[D6];)";
        assert_eq!(run(&format!("set game {ggf}")), Vec::<String>::new());
        assert_eq!(run("move c3/0.00/1.5"), Vec::<String>::new());
        assert_eq!(run("ping 7"), ["pong 7"]);
        let go = run("go");
        assert!(go[0].starts_with("=== "), "{go:?}");
        let mv: Move = go[0][4..].split('/').next().unwrap().parse().unwrap();
        let after_c3: Position = Position::initial()
            .play("f5".parse().unwrap())
            .and_then(|p| p.play("d6".parse().unwrap()))
            .and_then(|p| p.play("c3".parse().unwrap()))
            .unwrap();
        assert!(after_c3.play(mv).is_ok(), "{mv} is legal for White");
        assert_eq!(go[1], "status");
        let hints = run("hint 3");
        assert_eq!(hints.len(), 4, "{hints:?}");
        assert!(
            hints[..3]
                .iter()
                .all(|h| h.starts_with("search ") && h.ends_with(" 0 4@98%")),
            "{hints:?}"
        );
        assert_eq!(hints[3], "status");
        assert_eq!(run("learn"), ["learned"]);
        assert_eq!(run("move z9"), ["status 'z9' is not a move"]);
        assert!(run("frobnicate")[0].starts_with("status heibai does not know"));
        assert!(nb.execute("quit").1);
    }

    #[test]
    fn hints_near_the_end_are_exact() {
        let mut nb = Nboard::new(1);
        let ggf = "(;GM[Othello]BO[8 ----O*-- --OO**-- -OOO*O*- O*OO**** *OOOO**O **O*O*OO \
            ***O**O* ***OOOO* *];)";
        assert_eq!(
            nb.execute(&format!("set game {ggf}")).0,
            Vec::<String>::new()
        );
        let hints = nb.execute("hint 1").0;
        assert!(hints[0].ends_with("@100%"), "{hints:?}");
    }
}
