//! The saved form of an unfinished game: a few `key value` lines, so that a person can read it
//! and a damaged file can be reported by line.
//!
//! ```text
//! heibai 1                    heibai 1
//! game reversi                game gomoku
//! black human                 size 15
//! white computer              rule renju
//! level 5                     opening centre
//! start ---…OX…XO…--- X       black human
//! moves f5 d6 c3              white computer
//! cursor 3                    level 5
//!                             moves h8 h9 i8
//!                             cursor 3
//! ```
//!
//! After the moves come, when there were any, a `history` line (every move and takeback in
//! order), a `clock` line for a game played on the clock (`clock 300 3 183.400 240.000`: the
//! control's base and increment in seconds, then Black's and White's seconds left), a `result`
//! line for a game that ended off the board (`result black resigned`, `result white time`), and
//! `info` lines.

use super::flaw::{Flaw, Illegal};
use super::record::Step;
use super::{Game, GameId, GomokuGame, Playable, Player, Record, for_game};
use crate::gomoku::{self, Rule};
use crate::reversi::{Move, Position};

const MAGIC: &str = "heibai 1";

/// Why a saved game cannot be read: the line (1-based) and what was expected there.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SaveError {
    pub line: usize,
    pub flaw: Flaw,
}

impl std::error::Error for SaveError {}

fn err(line: usize, flaw: Flaw) -> SaveError {
    SaveError { line, flaw }
}

/// `SavedGame`, a game of any kind, one per entry of the list of games ([`crate::games`]).
macro_rules! saved_games {
    (() $($name:ident $room:ident),*) => {
        /// A saved game of any kind.
        #[derive(Clone, Debug, PartialEq)]
        pub enum SavedGame {
            $($name(Game<$crate::$room::Position>)),*
        }

        $(impl From<Game<$crate::$room::Position>> for SavedGame {
            fn from(game: Game<$crate::$room::Position>) -> SavedGame {
                SavedGame::$name(game)
            }
        })*

        impl SavedGame {
            /// Which game this is.
            pub fn id(&self) -> GameId {
                match self {
                    $(SavedGame::$name(_) => GameId::$name),*
                }
            }

            /// "Reversi" or "Gomoku": the game's name in the list of games, for the command
            /// line's messages (the App words a game through `i18n`).
            pub fn name(&self) -> &'static str {
                match self {
                    $(SavedGame::$name(_) => stringify!($name)),*
                }
            }
        }
    };
}
crate::games!(saved_games!());

/// The arms of [`each_game!`], one per game of the list.
macro_rules! each_game_arms {
    (($saved:expr, $g:ident => $body:expr) $($name:ident $room:ident),*) => {
        match $saved {
            $($crate::game::SavedGame::$name($g) => $body),*
        }
    };
    (($saved:expr, $g:ident, $kind:ident => $body:expr) $($name:ident $room:ident),*) => {
        match $saved {
            $($crate::game::SavedGame::$name($g) => {
                let $kind = $crate::game::SavedGame::$name;
                $body
            })*
        }
    };
}
pub(crate) use each_game_arms;

/// `$body` for the game inside a [`SavedGame`], whichever game it is, with `$g` bound to it
/// (and `$kind`, in the second form, to its variant, to wrap a game of that kind again), so
/// code written once for every game has no arm per game.
macro_rules! each_game {
    ($saved:expr, $g:ident => $body:expr) => {
        $crate::games!($crate::game::each_game_arms!($saved, $g => $body))
    };
    ($saved:expr, $g:ident, $kind:ident => $body:expr) => {
        $crate::games!($crate::game::each_game_arms!($saved, $g, $kind => $body))
    };
}
pub(crate) use each_game;

impl SavedGame {
    /// The game with its clocks dropped (played on afresh).
    pub fn without_clocks(self) -> SavedGame {
        each_game!(self, g, kind => kind(Game { clocks: None, ..g }))
    }

    /// The game as text, the future after the cursor included.
    pub fn to_text(&self) -> String {
        each_game!(self, g => g.to_text())
    }

    /// Reads what [`SavedGame::to_text`] wrote; every line is checked and every move replayed.
    pub fn from_text(text: &str) -> Result<SavedGame, SaveError> {
        let mut f = Fields::new(text)?;
        let (n, game) = f.next("game")?;
        match GameId::ALL.into_iter().find(|id| id.key() == game) {
            Some(id) => for_game!(id, P => P::read(&mut f).map(SavedGame::from)),
            None => Err(err(n, Flaw::UnknownGame(game))),
        }
    }

    /// The clocks as the game keeps them, if it is played on them.
    pub fn clocks(&self) -> Option<super::clock::Saved> {
        each_game!(self, g => g.clocks)
    }

    /// Sets the clocks the game keeps.
    pub fn set_clocks(&mut self, clocks: Option<super::clock::Saved>) {
        each_game!(self, g => g.clocks = clocks)
    }

    /// Sets what other programs' files say about the game (SGF game-info), to be written
    /// back with it.
    pub fn set_info(&mut self, info: Vec<(String, String)>) {
        each_game!(self, g => g.info = info)
    }

    /// Sets how the game ended off the board.
    pub fn set_ending(&mut self, ending: Option<super::Ending>) {
        each_game!(self, g => g.ending = ending)
    }

    /// Takes how the game ended off the board out of it (a replay shows it at the last step
    /// only).
    pub fn take_ending(&mut self) -> Option<super::Ending> {
        each_game!(self, g => g.ending.take())
    }

    pub fn is_over(&self) -> bool {
        each_game!(self, g => g.is_over())
    }

    /// Moves up to the cursor, and moves recorded in all.
    pub fn steps(&self) -> (usize, usize) {
        each_game!(self, g => (g.record.cursor(), g.record.moves().len()))
    }

    /// Puts the cursor after `n` moves (clamped to the end).
    pub fn goto(&mut self, n: usize) {
        each_game!(self, g => g.record.goto(n))
    }

    /// What other programs said about the game that heibai keeps but does not use.
    pub fn info(&self) -> &[(String, String)] {
        each_game!(self, g => &g.info)
    }

    /// The players' names the game's information holds (SGF's `PB` and `PW`), if any.
    pub fn player_name(&self, color: crate::reversi::Color) -> Option<&str> {
        let id = match color {
            crate::reversi::Color::Black => "PB",
            crate::reversi::Color::White => "PW",
        };
        self.info()
            .iter()
            .find(|(k, _)| k == id)
            .map(|(_, v)| v.as_str())
    }

    /// Names the players in the game's information (SGF's `PB` and `PW`), over any names there.
    pub fn name_players(&mut self, black: &str, white: &str) {
        let mut info: Vec<(String, String)> = self
            .info()
            .iter()
            .filter(|(k, _)| k != "PB" && k != "PW")
            .cloned()
            .collect();
        info.push(("PB".into(), black.into()));
        info.push(("PW".into(), white.into()));
        self.set_info(info);
    }

    /// Who plays Black and who White, at the cursor (an opening rule's swaps change it).
    pub fn players(&self) -> (Player, Player) {
        each_game!(self, g => (g.player(crate::reversi::Color::Black), g.player(crate::reversi::Color::White)))
    }

    /// Every recorded move by name ("f5", "pass", "h8").
    pub fn move_names(&self) -> Vec<String> {
        each_game!(self, g => g.record.moves().iter().map(|m| m.to_string()).collect())
    }

    /// Who made (or makes) the first move of the record.
    pub fn first_to_move(&self) -> crate::reversi::Color {
        each_game!(self, g => g.record.start().to_move())
    }

    /// How many moves have been played, and who is to move.
    pub fn progress(&self) -> (usize, crate::reversi::Color) {
        each_game!(self, g => (g.record.cursor(), g.position().to_move()))
    }

    /// The number of the move to come ("move 12" in the list of saved games).
    pub fn move_number(&self) -> usize {
        each_game!(self, g => g.position().move_number(g.record.cursor()))
    }

    /// A new game from this one's start ([`super::Game::again`]).
    pub fn again(&self, swap: bool) -> SavedGame {
        each_game!(self, g, kind => kind(g.again(swap)))
    }

    /// The colour that won on the board (`None`: a draw, or not over).
    pub fn winner(&self) -> Option<crate::reversi::Color> {
        each_game!(self, g => g.position().winner())
    }

    /// Whether the players hold the colours opposite to those they sat down with (an opening
    /// rule's swaps).
    pub fn swapped(&self) -> bool {
        each_game!(self, g => g.position().swapped())
    }
}

/// How a game of one kind is written in heibai's saved text and read back: each game's
/// position gives it (its `game` line names it by its [`GameId::key`]).
pub trait SavedText: Playable + Sized {
    /// The game as text, the future after the cursor included.
    fn write(game: &Game<Self>) -> String;
    /// The game from the lines after its `game` line.
    fn read(f: &mut Fields) -> Result<Game<Self>, SaveError>;
}

impl<P: SavedText> Game<P> {
    /// The game as text, the future after the cursor included.
    pub fn to_text(&self) -> String {
        P::write(self)
    }
}

/// The `key value` lines of a saved game, read in order: a game's [`SavedText::read`] takes
/// its own lines with `next` and reads the shared ones with `player`, `level`, `record` (with
/// the history and variations) and `game` (with the clock, result and info lines).
pub struct Fields<'a> {
    lines: std::iter::Peekable<Box<dyn Iterator<Item = (usize, &'a str)> + 'a>>,
}

impl<'a> Fields<'a> {
    /// Checks the first line and stands before the second.
    fn new(text: &'a str) -> Result<Fields<'a>, SaveError> {
        let lines: Box<dyn Iterator<Item = (usize, &str)>> =
            Box::new(text.lines().enumerate().map(|(i, l)| (i + 1, l.trim_end())));
        let mut lines = lines.peekable();
        match lines.next() {
            Some((_, MAGIC)) => Ok(Fields { lines }),
            _ => Err(err(1, Flaw::NotSaved)),
        }
    }

    /// The value of the next line, which must be `key value`, with its line number.
    pub fn next(&mut self, key: &str) -> Result<(usize, String), SaveError> {
        match self.lines.next() {
            Some((n, line)) => match line.split_once(' ').unwrap_or((line, "")) {
                (k, v) if k == key => Ok((n, v.trim().to_string())),
                _ => Err(err(n, Flaw::ExpectedKey(key.into()))),
            },
            None => Err(err(0, Flaw::EndsBefore(key.into()))),
        }
    }

    pub fn player(&mut self, key: &str) -> Result<Player, SaveError> {
        let (n, v) = self.next(key)?;
        Player::named(&v).ok_or_else(|| err(n, Flaw::BadPlayer(v)))
    }

    pub fn level(&mut self) -> Result<u8, SaveError> {
        let (n, level) = self.next("level")?;
        let last = crate::engine::reversi::LEVELS.len();
        level
            .parse::<u8>()
            .ok()
            .filter(|&l| (1..=last).contains(&usize::from(l)))
            .ok_or_else(|| err(n, Flaw::BadLevel(level.clone())))
    }

    /// The `moves` and `cursor` lines, replayed from `start`.
    pub fn record<P: Playable>(
        &mut self,
        start: P,
        parse: impl Fn(&str) -> Result<P::Move, Flaw>,
    ) -> Result<Record<P>, SaveError>
    where
        P::Error: Into<Illegal>,
    {
        let (n, moves) = self.next("moves")?;
        let moves = moves
            .split_whitespace()
            .map(|m| parse(m).map_err(|e| err(n, e)))
            .collect::<Result<Vec<_>, _>>()?;
        let (c, cursor) = self.next("cursor")?;
        let cursor: usize = cursor
            .parse()
            .ok()
            .filter(|&c| c <= moves.len())
            .ok_or_else(|| err(c, Flaw::BadCursor(cursor.clone(), moves.len())))?;
        let record = Record::from_moves(start.clone(), &moves, cursor).map_err(|(i, e)| {
            let (number, name, why) = (i + 1, moves[i].to_string(), e.into());
            err(n, Flaw::IllegalMove { number, name, why })
        })?;
        // The history, when there were takebacks: it makes the same record, variations too.
        let Some((h, history)) = self.optional("history") else {
            return self.variations(record, &parse);
        };
        let steps = history
            .split_whitespace()
            .map(|s| match s {
                "undo" => Ok(Step::Undo),
                "redo" => Ok(Step::Redo),
                m => parse(m).map(Step::Play).map_err(|e| err(h, e)),
            })
            .collect::<Result<Vec<_>, _>>()?;
        let replayed = Record::from_history(start, &steps)
            .map_err(|(i, e)| err(h, Flaw::IllegalStep(i + 1, e.into())))?;
        if replayed.moves() != record.moves() || replayed.cursor() != record.cursor() {
            return Err(err(h, Flaw::HistoryDisagrees));
        }
        self.variations(replayed, &parse)
    }

    /// The `variation BRANCH MOVES` lines, if any: the record's other lines as they were (from
    /// takebacks and from imported files alike), each of whose moves must play from the start.
    fn variations<P: Playable>(
        &mut self,
        mut record: Record<P>,
        parse: &impl Fn(&str) -> Result<P::Move, Flaw>,
    ) -> Result<Record<P>, SaveError>
    where
        P::Error: Into<Illegal>,
    {
        let mut lines = vec![];
        while let Some((n, text)) = self.optional("variation") {
            let mut words = text.split_whitespace();
            let branch = words.next().and_then(|b| b.parse::<usize>().ok());
            let moves = words
                .map(|m| parse(m).map_err(|e| err(n, e)))
                .collect::<Result<Vec<_>, _>>()?;
            let branch = branch
                .filter(|&b| b <= moves.len())
                .ok_or_else(|| err(n, Flaw::BadVariation))?;
            Record::from_moves(record.start().clone(), &moves, 0).map_err(|(i, e)| {
                let (number, name, why) = (i + 1, moves[i].to_string(), e.into());
                err(n, Flaw::IllegalMove { number, name, why })
            })?;
            lines.push((branch, moves));
        }
        if !lines.is_empty() {
            record.set_variations(lines);
        }
        Ok(record)
    }

    /// The game of `record` between `players` at `level`, with the clocks and info lines that
    /// end the text.
    pub fn game<P: Playable>(
        &mut self,
        record: Record<P>,
        (black, white): (Player, Player),
        level: u8,
    ) -> Result<Game<P>, SaveError> {
        Ok(Game {
            record,
            black,
            white,
            level,
            clocks: self.clocks()?,
            ending: self.ending()?,
            info: self.info(),
        })
    }

    /// The `clock` line, if there is one.
    fn clocks(&mut self) -> Result<Option<super::clock::Saved>, SaveError> {
        let Some((n, text)) = self.optional("clock") else {
            return Ok(None);
        };
        super::clock::Saved::from_text(&text)
            .map(Some)
            .ok_or_else(|| err(n, Flaw::BadClock(text)))
    }

    /// The `result` line, if there is one.
    fn ending(&mut self) -> Result<Option<super::Ending>, SaveError> {
        let Some((n, text)) = self.optional("result") else {
            return Ok(None);
        };
        super::Ending::from_code(&text)
            .map(Some)
            .ok_or_else(|| err(n, Flaw::BadResult(text)))
    }

    /// The `info NAME value` lines at the end (values with `\n` and `\\` escaped).
    fn info(&mut self) -> Vec<(String, String)> {
        let mut info = vec![];
        while let Some((_, line)) = self.optional("info") {
            let (name, value) = line.split_once(' ').unwrap_or((&line, ""));
            info.push((name.to_string(), unescape(value)));
        }
        info
    }

    /// The value of the next line if it is `key value`, with its line number.
    fn optional(&mut self, key: &str) -> Option<(usize, String)> {
        let &(n, line) = self.lines.peek()?;
        let (k, v) = line.split_once(' ').unwrap_or((line, ""));
        if k != key {
            return None;
        }
        self.lines.next();
        Some((n, v.trim().to_string()))
    }
}

/// The `clock` line, for a game played on the clock, and the `result` line, for a game that
/// ended off the board.
fn clocks_text<P: Playable>(game: &Game<P>) -> String {
    let clock = game.clocks.map(|c| format!("clock {}\n", c.to_text()));
    let result = game.ending.map(|e| format!("result {}\n", e.code()));
    clock.unwrap_or_default() + &result.unwrap_or_default()
}

/// `info` lines for what other programs said about the game.
fn info_text(info: &[(String, String)]) -> String {
    info.iter()
        .map(|(name, value)| format!("info {name} {}\n", escape(value)))
        .collect()
}

fn escape(v: &str) -> String {
    v.replace('\\', "\\\\").replace('\n', "\\n")
}

fn unescape(v: &str) -> String {
    let mut out = String::new();
    let mut chars = v.chars();
    while let Some(c) = chars.next() {
        match (c, chars.clone().next()) {
            ('\\', Some('n')) => {
                out.push('\n');
                chars.next();
            }
            ('\\', Some('\\')) => {
                out.push('\\');
                chars.next();
            }
            _ => out.push(c),
        }
    }
    out
}

/// The `moves` and `cursor` lines of a record, and its `history` if anything was taken back.
fn moves_text<P: Playable>(record: &Record<P>) -> String {
    let moves: Vec<String> = record.moves().iter().map(|m| m.to_string()).collect();
    let mut text = format!("moves {}\ncursor {}\n", moves.join(" "), record.cursor());
    if record.has_takebacks() {
        let steps: Vec<String> = record
            .history()
            .iter()
            .map(|s| match s {
                Step::Play(m) => m.to_string(),
                Step::Undo => "undo".into(),
                Step::Redo => "redo".into(),
            })
            .collect();
        text += &format!("history {}\n", steps.join(" "));
    }
    for (branch, line) in record.variations() {
        let moves: Vec<String> = line.iter().map(|m| m.to_string()).collect();
        text += &format!("variation {branch} {}\n", moves.join(" "));
    }
    text
}

impl SavedText for Position {
    fn write(game: &Game) -> String {
        format!(
            "{MAGIC}\ngame reversi\nblack {}\nwhite {}\nlevel {}\nstart {}\n{}{}{}",
            game.black.name(),
            game.white.name(),
            game.level,
            game.record.start(),
            moves_text(&game.record),
            clocks_text(game),
            info_text(&game.info)
        )
    }

    /// The lines after `game reversi`.
    fn read(f: &mut Fields) -> Result<Game, SaveError> {
        let black = f.player("black")?;
        let white = f.player("white")?;
        let level = f.level()?;
        let (n, start) = f.next("start")?;
        let start: Position = start.parse().map_err(|e| err(n, Flaw::Position(e)))?;
        let record = f.record(start, |m| {
            m.parse::<Move>().map_err(|_| Flaw::NotAMove {
                number: None,
                text: m.into(),
                game: GameId::Reversi,
            })
        })?;
        f.game(record, (black, white), level)
    }
}

impl Game {
    /// Reads a Reversi game written by [`Game::to_text`].
    pub fn from_text(text: &str) -> Result<Game, SaveError> {
        match SavedGame::from_text(text)? {
            SavedGame::Reversi(g) => Ok(g),
            _ => Err(err(2, Flaw::GomokuNotReversi)),
        }
    }
}

impl SavedText for gomoku::Position {
    fn write(game: &GomokuGame) -> String {
        let start = game.record.start();
        format!(
            "{MAGIC}\ngame gomoku\nsize {}\nrule {}\nopening {}\nblack {}\nwhite {}\nlevel {}\n{}{}{}",
            start.board().size(),
            start.rule().name(),
            start.start().name(),
            game.black.name(),
            game.white.name(),
            game.level,
            moves_text(&game.record),
            clocks_text(game),
            info_text(&game.info)
        )
    }

    /// The lines after `game gomoku`.
    fn read(f: &mut Fields) -> Result<GomokuGame, SaveError> {
        let (n, size) = f.next("size")?;
        let size = match size.as_str() {
            "15" => 15,
            "19" => 19,
            _ => return Err(err(n, Flaw::BadSize(size))),
        };
        let (n, rule) = f.next("rule")?;
        let rule = Rule::named(&rule).ok_or_else(|| err(n, Flaw::BadRule(rule.clone())))?;
        let (n, opening) = f.next("opening")?;
        let Some(opening) = gomoku::Start::named(&opening) else {
            return Err(err(n, Flaw::BadOpening(opening)));
        };
        let black = f.player("black")?;
        let white = f.player("white")?;
        let level = f.level()?;
        let start = gomoku::Position::starting(size, rule, opening);
        let named = start.clone();
        let record = f.record(start, |m| {
            named.parse_move(m).ok_or_else(|| Flaw::NotAMove {
                number: None,
                text: m.into(),
                game: GameId::Gomoku,
            })
        })?;
        f.game(record, (black, white), level)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::Ending;
    use crate::reversi::Color;

    #[test]
    fn round_trip_keeps_future_and_players() {
        let mut g = Game::new(Player::Human, Player::Computer);
        for m in ["f5", "d6", "c3", "d3"] {
            g.record.play(m.parse().unwrap()).unwrap();
        }
        g.record.goto(2);
        let text = g.to_text();
        assert_eq!(Game::from_text(&text), Ok(g));
    }

    #[test]
    fn gomoku_round_trip() {
        for (size, rule, centre) in [(15, Rule::Renju, true), (19, Rule::Freestyle, false)] {
            let start = gomoku::Position::new(size, rule, centre);
            let mut g = GomokuGame::from_position(start, Player::Computer, Player::Human);
            g.level = 7;
            let first = if centre { "h8" } else { "a1" };
            let first = if size == 19 && centre { "j10" } else { first };
            for m in [first, "b2", "c3"] {
                let p = g.position().board().point(m).unwrap();
                g.record.play(p.into()).unwrap();
            }
            g.record.goto(1);
            let text = g.to_text();
            assert_eq!(
                SavedGame::from_text(&text),
                Ok(SavedGame::Gomoku(g)),
                "{text}"
            );
        }
    }

    #[test]
    fn a_game_from_a_set_opening_round_trips() {
        let start = gomoku::Position::starting(
            15,
            Rule::Renju,
            gomoku::Start::Opening {
                index: 19,
                symmetry: 5,
            },
        );
        let mut g = GomokuGame::starting(start, Player::Human, Player::Computer);
        let p = g.position().board().point("a1").unwrap();
        g.record.play(p.into()).unwrap();
        let text = g.to_text();
        assert!(text.contains("\nopening 7I 5\n"), "{text}");
        assert_eq!(SavedGame::from_text(&text), Ok(SavedGame::Gomoku(g)));
        let wrong = text.replace("opening 7I 5", "opening 7I 9");
        assert_eq!(SavedGame::from_text(&wrong).unwrap_err().line, 5);
    }

    #[test]
    fn damaged_files_say_where() {
        let good = Game::new(Player::Human, Player::Human).to_text();
        assert_eq!(Game::from_text("").unwrap_err().line, 1);
        assert_eq!(Game::from_text("\0\u{1}garbage").unwrap_err().line, 1);
        let bad_player = good.replace("white human", "white martian");
        assert_eq!(Game::from_text(&bad_player).unwrap_err().line, 4);
        let bad_level = good.replace("level 5", "level 99");
        assert_eq!(Game::from_text(&bad_level).unwrap_err().line, 5);
        let bad_move = good.replace("moves ", "moves f5 a1");
        let e = Game::from_text(&bad_move).unwrap_err();
        assert_eq!(e.line, 7);
        assert!(e.to_string().contains("move 2 (a1) is illegal"), "{e}");
        let truncated: String = good.lines().take(4).collect::<Vec<_>>().join("\n");
        assert!(Game::from_text(&truncated).is_err());
        let bad_cursor = good.replace("cursor 0", "cursor 9");
        assert_eq!(Game::from_text(&bad_cursor).unwrap_err().line, 8);
    }

    #[test]
    fn takebacks_and_variations_survive_saving() {
        let mut g = Game::new(Player::Human, Player::Human);
        for m in ["f5", "d6", "c3"] {
            g.record.play(m.parse().unwrap()).unwrap();
        }
        g.record.undo();
        g.record.play("c5".parse().unwrap()).unwrap();
        g.record.undo();
        let text = g.to_text();
        assert!(text.contains("history f5 d6 c3 undo c5 undo"), "{text}");
        let back = Game::from_text(&text).unwrap();
        assert_eq!(back, g);
        assert_eq!(back.record.variations().len(), 1);
        let bad = text.replace("history f5 d6 c3 undo", "history f5 d6 c3 undo undo");
        assert_eq!(Game::from_text(&bad).unwrap_err().line, 9);
    }

    #[test]
    fn an_ending_off_the_board_is_kept() {
        for ending in [Ending::Resigned(Color::Black), Ending::Time(Color::White)] {
            let mut g = Game::new(Player::Human, Player::Human);
            g.record.play("f5".parse().unwrap()).unwrap();
            assert!(!g.is_over());
            g.ending = Some(ending);
            let text = g.to_text();
            assert!(
                text.contains(&format!("\nresult {}\n", ending.code())),
                "{text}"
            );
            let back = SavedGame::from_text(&text).unwrap();
            assert!(back.is_over());
            assert_eq!(back, SavedGame::Reversi(g));
        }
        let good = Game::new(Player::Human, Player::Human).to_text();
        let bad = good + "result green resigned\n";
        let e = Game::from_text(&bad).unwrap_err();
        assert_eq!(
            (e.line, e.flaw),
            (9, Flaw::BadResult("green resigned".into()))
        );
    }

    #[test]
    fn other_programs_info_is_kept() {
        let mut g = Game::new(Player::Human, Player::Human);
        g.info = vec![
            ("EV".into(), "World \\ Cup\nfinal".into()),
            ("PC".into(), "Paris".into()),
        ];
        let text = g.to_text();
        assert!(text.contains("info EV World \\\\ Cup\\nfinal\n"), "{text}");
        assert_eq!(Game::from_text(&text), Ok(g));
    }

    #[test]
    fn damaged_gomoku_files_say_where() {
        let start = gomoku::Position::new(15, Rule::Renju, true);
        let good = GomokuGame::from_position(start, Player::Human, Player::Human).to_text();
        let line = |text: String| SavedGame::from_text(&text).unwrap_err();
        assert_eq!(line(good.replace("game gomoku", "game chess")).line, 2);
        assert_eq!(line(good.replace("size 15", "size 17")).line, 3);
        assert_eq!(line(good.replace("rule renju", "rule caro")).line, 4);
        assert_eq!(line(good.replace("opening centre", "opening x")).line, 5);
        let e = line(good.replace("moves ", "moves a1"));
        assert_eq!(e.line, 9);
        assert!(e.to_string().contains("centre"), "{e}");
        let e = line(good.replace("moves ", "moves h8 z99"));
        assert!(e.to_string().contains("'z99' is not a point"), "{e}");
        let e = line(good.replace("moves ", "moves h8 h8"));
        assert!(e.to_string().contains("h8 is occupied"), "{e}");
    }
}
