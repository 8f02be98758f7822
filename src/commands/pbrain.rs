//! `heibai pbrain`: the Gomocup protocol, so heibai can play in Gomoku tournaments and be
//! matched against other engines. The manager sends one command per line; coordinates are
//! `x,y`, 0-based from the top-left. The manager is trusted on the rules it applies: stones
//! it reports are placed as they are. SWAP2BOARD (the swap2 opening rule of Gomocup's freestyle
//! and standard games) is answered too. Before each move a `MESSAGE` line says what the search
//! reached (depth, score, nodes, time), for the manager's log; `INFO thread_num` sets the
//! threads it searches with. It plays the strongest level in the manager's time, or with
//! `--level N` that level (its depth, width and time a move, within the manager's), so a
//! match can place each level against other engines.

use crate::engine::gomoku::{LEVELS, Level, TABLE_MB, choose_at, search};
use crate::gomoku::{Color, Point, Position, Rule};
use std::io::Write;
use std::sync::atomic::AtomicBool;
use std::time::Duration;

/// Whose stone a BOARD line or a move is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Owner {
    Me,
    Them,
}

/// A protocol session: the game so far and the limits the manager set.
pub struct Pbrain {
    size: Option<u8>,
    rule: Rule,
    stones: Vec<(Point, Owner)>,
    /// Milliseconds per move and for the whole game (0: no limit), and left in the game.
    turn_ms: u64,
    match_ms: u64,
    left_ms: Option<u64>,
    /// The most memory the brain may use, in bytes (0: no limit).
    max_memory: u64,
    /// Threads the manager allows (`INFO thread_num`; 1 unless told).
    threads: usize,
    /// Stones read since BOARD, until DONE, or the first reason to refuse the board.
    board: Option<Result<Vec<(Point, Owner)>, String>>,
    /// Stones read since SWAP2BOARD (Black's and White's in turn), until DONE.
    swap2: Option<Vec<Point>>,
    /// What the last search reached, for a MESSAGE line before the move (as other brains
    /// report theirs to the manager's log).
    report: Option<String>,
    /// The level played: its depth, width and time a move (at most the manager's turn).
    level: Level,
}

impl Default for Pbrain {
    fn default() -> Self {
        Pbrain::new()
    }
}

impl Pbrain {
    /// A session at the strongest level, searching as long as the manager allows.
    pub fn new() -> Pbrain {
        Pbrain::at_level(None)
    }

    /// A session at `level` (1-8), or the strongest with none.
    pub fn at_level(level: Option<u8>) -> Pbrain {
        let level = level.map_or(LEVELS[LEVELS.len() - 1], Level::get);
        Pbrain {
            size: None,
            rule: Rule::Freestyle,
            stones: vec![],
            turn_ms: 5000,
            match_ms: 0,
            left_ms: None,
            max_memory: 0,
            threads: 1,
            board: None,
            swap2: None,
            report: None,
            level,
        }
    }

    /// Runs one line from the manager; returns the lines to answer and whether to stop.
    pub fn execute(&mut self, line: &str) -> (Vec<String>, bool) {
        let line = line.trim();
        if let Some(stones) = &mut self.swap2 {
            if line.eq_ignore_ascii_case("DONE") {
                let stones = self.swap2.take().unwrap_or_default();
                return (vec![self.swap2_answer(&stones)], false);
            }
            // "x,y", or "x,y,field" from managers that send the field anyway.
            let xy_text = line.splitn(3, ',').take(2).collect::<Vec<_>>().join(",");
            return match parse_xy(&xy_text, self.size.unwrap_or(0)) {
                Ok(p) => {
                    stones.push(p);
                    (vec![], false)
                }
                Err(e) => (vec![format!("ERROR {e}")], false),
            };
        }
        if let Some(board) = &mut self.board {
            if line.eq_ignore_ascii_case("DONE") {
                return match self.board.take() {
                    Some(Ok(stones)) => {
                        self.stones = stones;
                        (vec![self.think()], false)
                    }
                    Some(Err(e)) => (vec![format!("ERROR board refused: {e}")], false),
                    None => (vec![], false),
                };
            }
            // The first bad line spoils the board: it is refused at DONE, not played half.
            let size = self.size.unwrap_or(0);
            let read = parse_board_line(line, size);
            if let Ok(stones) = board {
                match read {
                    Ok((p, _)) if stones.iter().any(|&(q, _)| q == p) => {
                        *board = Err(format!("{} is given twice", xy(p, size)));
                    }
                    Ok(stone) => stones.push(stone),
                    Err(e) => *board = Err(e),
                }
            }
            return (vec![], false);
        }
        let (command, args) = line.split_once(' ').unwrap_or((line, ""));
        let args = args.trim();
        let answer = match command.to_ascii_uppercase().as_str() {
            "" => return (vec![], false),
            "END" => return (vec![], true),
            "START" => self.start(args),
            "RESTART" => self.need_board().map(|()| {
                self.stones.clear();
                "OK".to_string()
            }),
            "BEGIN" => self.need_board().map(|()| {
                self.stones.clear();
                self.think()
            }),
            "TURN" => self
                .point(args)
                .and_then(|p| self.add(p, Owner::Them))
                .map(|()| self.think()),
            "BOARD" => self.need_board().map(|()| {
                self.board = Some(Ok(vec![]));
                String::new()
            }),
            "SWAP2BOARD" => self.need_board().map(|()| {
                self.swap2 = Some(vec![]);
                String::new()
            }),
            "TAKEBACK" => self.point(args).and_then(|p| self.take_back(p)),
            "INFO" => {
                self.info(args);
                return (vec![], false);
            }
            "ABOUT" => Ok(format!(
                "name=\"heibai\", version=\"{}\", author=\"heibai developers\", country=\"CN\"",
                env!("CARGO_PKG_VERSION")
            )),
            _ => return (vec![format!("UNKNOWN command {command}")], false),
        };
        match answer {
            Ok(text) if text.is_empty() => (vec![], false),
            Ok(text) => (vec![text], false),
            Err(e) => (vec![format!("ERROR {e}")], false),
        }
    }

    fn start(&mut self, args: &str) -> Result<String, String> {
        let size: u8 = args
            .parse()
            .map_err(|_| format!("START wants a board size, not '{args}'"))?;
        if !(5..=26).contains(&size) {
            return Err(format!("unsupported size {size}: heibai plays 5 to 26"));
        }
        self.size = Some(size);
        self.stones.clear();
        Ok("OK".into())
    }

    fn need_board(&self) -> Result<(), String> {
        self.size.map(|_| ()).ok_or_else(|| "no START yet".into())
    }

    /// Reads "x,y" as a point of the board.
    fn point(&self, args: &str) -> Result<Point, String> {
        let size = self.size.ok_or("no START yet")?;
        parse_xy(args, size)
    }

    fn add(&mut self, p: Point, owner: Owner) -> Result<(), String> {
        if self.stones.iter().any(|&(q, _)| q == p) {
            return Err(format!("{} is taken", xy(p, self.size.unwrap_or(0))));
        }
        self.stones.push((p, owner));
        Ok(())
    }

    fn take_back(&mut self, p: Point) -> Result<String, String> {
        let i = self.stones.iter().position(|&(q, _)| q == p);
        let i = i.ok_or_else(|| format!("no stone at {}", xy(p, self.size.unwrap_or(0))))?;
        self.stones.remove(i);
        Ok("OK".into())
    }

    fn info(&mut self, args: &str) {
        let (key, value) = args.split_once(' ').unwrap_or((args, ""));
        let Ok(n) = value.trim().parse::<i64>() else {
            return;
        };
        let ms = n.max(0) as u64;
        match key.to_ascii_lowercase().as_str() {
            "timeout_turn" => self.turn_ms = ms,
            "timeout_match" => self.match_ms = ms,
            "time_left" => self.left_ms = Some(ms),
            "max_memory" => self.max_memory = ms,
            "thread_num" => self.threads = (ms as usize).clamp(1, MAX_THREADS),
            "rule" => {
                self.rule = if n & 4 != 0 {
                    Rule::Renju
                } else if n & 1 != 0 {
                    Rule::Standard
                } else {
                    Rule::Freestyle
                }
            }
            _ => {}
        }
    }

    /// The time for this move: the turn limit, and a share of what is left of the game, less a
    /// margin for answering (a twentieth of it, at least 40 ms: the move must reach the manager
    /// within the turn even on a busy machine).
    fn budget(&self) -> Duration {
        // A turn limit of 0 asks for play as fast as possible.
        let mut ms = if self.turn_ms == 0 { 150 } else { self.turn_ms };
        if self.match_ms > 0 {
            let left = self.left_ms.unwrap_or(self.match_ms);
            ms = ms.min(left / 12);
        }
        Duration::from_millis(ms.saturating_sub((ms / 20).max(40)).max(20))
    }

    /// What the next search is given: the level played, within the manager's time, memory
    /// and threads.
    fn search_level(&self) -> Level {
        Level {
            budget: self.budget().min(self.level.budget),
            memory_mb: self.table_mb(),
            threads: self.threads,
            ..self.level
        }
    }

    /// The transposition table's MiB: its usual size, or half of `max_memory` where that is
    /// less (the rest is the board, the shape tables and the threat searches' memory).
    fn table_mb(&self) -> usize {
        match self.max_memory {
            0 => TABLE_MB,
            bytes => ((bytes >> 20) as usize / 2).clamp(1, TABLE_MB),
        }
    }

    /// The swap2 opening rule's questions. With no stones: place three (Black, White, Black),
    /// as even as the engine can judge. With three, or five: White is to move, and the brain
    /// either plays White's move (answers with it) or takes Black instead ("SWAP"), whichever
    /// side a short search finds better. (Adding two more stones at three, which swap2 also
    /// allows, is not used.)
    fn swap2_answer(&mut self, given: &[Point]) -> String {
        let size = self.size.unwrap_or(15);
        // Black's stones and White's in turn; with none given, we place Black's.
        let colour = |i: usize| [Color::Black, Color::White][i % 2];
        if given.is_empty() {
            let three = even_opening(size, self.rule);
            self.stones = three
                .iter()
                .enumerate()
                .map(|(i, &p)| (p, owner(colour(i) == Color::Black)))
                .collect();
            return three.map(|p| xy(p, size)).join(" ");
        }
        let stones: Vec<(Point, Color)> = given
            .iter()
            .enumerate()
            .map(|(i, &p)| (p, colour(i)))
            .collect();
        let position = Position::setup(size, self.rule, &stones, Color::White);
        let white = judge(&position);
        let me = if white < 0 {
            Color::Black
        } else {
            Color::White
        };
        self.stones = stones.iter().map(|&(p, c)| (p, owner(c == me))).collect();
        if me == Color::Black {
            "SWAP".into()
        } else {
            self.think()
        }
    }

    /// Chooses and plays a move; answers with its coordinates.
    fn think(&mut self) -> String {
        let size = self.size.unwrap_or(15);
        let mine = self.stones.iter().filter(|s| s.1 == Owner::Me).count();
        let theirs = self.stones.len() - mine;
        // Black moves first: with as many stones as the opponent we are Black, with fewer White.
        let me = if mine < theirs {
            Color::White
        } else {
            Color::Black
        };
        if self.stones.len() >= usize::from(size) * usize::from(size) {
            return "ERROR no empty point left".into();
        }
        let color = |o: Owner| if o == Owner::Me { me } else { me.opponent() };
        let stones: Vec<(Point, Color)> = self.stones.iter().map(|&(p, o)| (p, color(o))).collect();
        let position = Position::setup(size, self.rule, &stones, me);
        let level = self.search_level();
        let started = std::time::Instant::now();
        let mut reached = None;
        let p = choose_at(&position, level, &AtomicBool::new(false), &mut |progress| {
            reached = Some(progress)
        });
        self.report = reached.map(|r| {
            format!(
                "depth {} score {} nodes {} time {} ms",
                r.depth,
                r.score,
                r.nodes,
                started.elapsed().as_millis()
            )
        });
        let on_board = p.col < size && p.row < size;
        if !on_board || self.add(p, Owner::Me).is_err() {
            return "ERROR no empty point left".into();
        }
        xy(p, size)
    }
}

fn owner(mine: bool) -> Owner {
    if mine { Owner::Me } else { Owner::Them }
}

/// The most threads a search takes, whatever the manager allows.
const MAX_THREADS: usize = 64;

/// How wide the searches that judge swap2 positions go: a fraction of a second.
const SWAP_WIDTH: usize = 10;

/// The side to move's score in `position` by short searches: the mean of three and four plies,
/// as a search that ends on one side's move flatters that side.
fn judge(position: &Position) -> i32 {
    let at = |depth| search(position, depth, SWAP_WIDTH, 1).map_or(0, |f| f.score);
    (at(3) + at(4)) / 2
}

/// Three opening stones (Black, White, Black) that leave neither side much better by a short
/// search: Black in the centre, White beside it, Black's second within three points, the most
/// even of those (the 26 Renju openings and the wider ones), White to move.
fn even_opening(size: u8, rule: Rule) -> [Point; 3] {
    let c = (size / 2) as i8;
    let at = |(x, y): (i8, i8)| Point {
        col: (c + x) as u8,
        row: (c + y) as u8,
    };
    let mut best = ([at((0, 0)), at((0, 1)), at((0, 3))], i32::MAX);
    for white in [(0, 1), (1, 1)] {
        for x in -3..=3i8 {
            for y in -3..=3i8 {
                if (x, y) == (0, 0) || (x, y) == white {
                    continue;
                }
                let three = [at((0, 0)), at(white), at((x, y))];
                let stones = [
                    (three[0], Color::Black),
                    (three[1], Color::White),
                    (three[2], Color::Black),
                ];
                let position = Position::setup(size, rule, &stones, Color::White);
                let score = judge(&position);
                if score.abs() < best.1 {
                    best = (three, score.abs());
                }
            }
        }
    }
    best.0
}

/// "x,y" (0-based from the top-left) as a point of a board of `size`.
fn parse_xy(text: &str, size: u8) -> Result<Point, String> {
    let bad = || format!("'{text}' is not x,y on a {size}x{size} board");
    let (x, y) = text.split_once(',').ok_or_else(bad)?;
    let x: u8 = x.trim().parse().map_err(|_| bad())?;
    let y: u8 = y.trim().parse().map_err(|_| bad())?;
    if x >= size || y >= size {
        return Err(bad());
    }
    Ok(Point {
        col: x,
        row: size - 1 - y,
    })
}

/// A BOARD line "x,y,field": field 1 is our stone, 2 the opponent's (3, a winning-line marker
/// of some managers, counts as the opponent's).
fn parse_board_line(line: &str, size: u8) -> Result<(Point, Owner), String> {
    let (xy_text, field) = line
        .rsplit_once(',')
        .ok_or_else(|| format!("'{line}' is not x,y,field"))?;
    let p = parse_xy(xy_text, size)?;
    let owner = match field.trim() {
        "1" => Owner::Me,
        "2" | "3" => Owner::Them,
        other => return Err(format!("'{other}' is not a field (1 or 2)")),
    };
    Ok((p, owner))
}

fn xy(p: Point, size: u8) -> String {
    format!("{},{}", p.col, size.saturating_sub(1).saturating_sub(p.row))
}

/// Speaks the protocol on stdin/stdout until END or the end of input, at `level` (1-8) or the
/// strongest.
pub fn pbrain(level: Option<u8>) -> anyhow::Result<()> {
    let mut session = Pbrain::at_level(level);
    let stdin = std::io::stdin();
    let mut out = std::io::stdout().lock();
    for line in super::lines::lines(stdin.lock()) {
        let (answers, quit) = match line? {
            Ok(line) => session.execute(&line),
            Err(bad) => (vec![format!("ERROR {bad}")], false),
        };
        if let Some(report) = session.report.take() {
            writeln!(out, "MESSAGE {report}")?;
        }
        for a in answers {
            writeln!(out, "{a}")?;
        }
        out.flush()?;
        if quit {
            break;
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn coordinates_are_from_the_top_left() {
        let p = parse_xy("0,0", 15).unwrap();
        assert_eq!(p.to_string(), "a15");
        assert_eq!(parse_xy("7,7", 15).unwrap().to_string(), "h8");
        assert_eq!(xy(parse_xy("3,11", 15).unwrap(), 15), "3,11");
        assert!(parse_xy("15,0", 15).is_err());
        assert!(parse_xy("a,b", 15).is_err());
    }

    #[test]
    fn the_table_keeps_within_max_memory() {
        let mut brain = Pbrain::new();
        assert_eq!(brain.table_mb(), TABLE_MB);
        brain.execute("INFO max_memory 8388608");
        assert_eq!(brain.table_mb(), 4);
        brain.execute("INFO max_memory 1000");
        assert_eq!(brain.table_mb(), 1);
        brain.execute("INFO max_memory 0");
        assert_eq!(brain.table_mb(), TABLE_MB);
    }

    #[test]
    fn plays_the_level_it_is_given_within_the_turn() {
        let brain = Pbrain::at_level(Some(2));
        assert_eq!((brain.level.number, brain.level.depth), (2, 1));
        assert_eq!(Pbrain::new().level.number, 8);
        let mut brain = Pbrain::at_level(Some(1));
        brain.execute("START 15");
        // Level 1 has 100 ms a move, however long the manager allows; less if it allows less.
        brain.execute("INFO timeout_turn 5000");
        assert_eq!(brain.search_level().budget, Duration::from_millis(100));
        brain.execute("INFO timeout_turn 100");
        assert_eq!(brain.search_level().budget, brain.budget());
        assert!(brain.budget() < Duration::from_millis(100));
        let (answers, _) = brain.execute("TURN 7,7");
        assert_eq!(answers.len(), 1);
        assert!(parse_xy(&answers[0], 15).is_ok());
    }

    #[test]
    fn takes_the_threads_it_is_given() {
        let mut brain = Pbrain::new();
        assert_eq!(brain.threads, 1);
        brain.execute("INFO thread_num 2");
        assert_eq!(brain.threads, 2);
        brain.execute("INFO thread_num 0");
        assert_eq!(brain.threads, 1);
        brain.execute("START 15");
        brain.execute("INFO thread_num 2");
        let (answers, _) = brain.execute("BEGIN");
        assert_eq!(answers, ["7,7"]);
    }
}
