//! English: saved games, the settings file, and what can be wrong with either.

use super::*;
use crate::game::SgfError;
use crate::game::{Flaw, GameId, Player, SaveError};
use crate::i18n::words::*;
use crate::i18n::{Expected, Problem, Text};
use crate::reversi::Color;
use crate::store::LoadError;

impl Files for English {
    fn saved_games(&self) -> &'static str {
        "Saved games"
    }

    fn saved_on(&self, when: &str) -> String {
        format!("saved {when}")
    }

    fn cannot_be_read(&self, why: &str) -> String {
        format!("cannot be read: {why}")
    }

    fn won(&self, color: Color) -> String {
        format!("{} won", self.color(color))
    }

    fn a_draw(&self) -> &'static str {
        "a draw"
    }

    fn progress(&self, number: usize, to_move: Color) -> String {
        format!("move {number}, {} to move", self.color(to_move))
    }

    fn describe_saved(&self, kind: &str, black: Player, white: Player, state: &str) -> String {
        format!(
            "{kind}, {} vs {}, {state}",
            self.player(black),
            self.player(white)
        )
    }

    fn describe_saved_short(&self, kind: &str, state: &str) -> String {
        format!("{kind}, {state}")
    }

    fn settings_not_read(&self, path: &str, why: &str) -> String {
        format!("The settings file {path} was not read: {why}.")
    }

    fn settings_too_large(&self, path: &str) -> String {
        format!("The settings file {path} is too large; not read.")
    }

    fn settings_problems(&self, path: &str, problems: &[Problem]) -> String {
        let each: Vec<String> = problems
            .iter()
            .map(|p| match p {
                Problem::Line(n) => format!("line {n}: not `key = value`"),
                Problem::Key(key, expected) => {
                    let what = match expected {
                        Expected::Text => "expected text in quotes".into(),
                        Expected::Flag => "expected true or false".into(),
                        Expected::Number => "expected a number".into(),
                        Expected::OneOf(words) => {
                            let (last, rest) = words.split_last().expect("some words");
                            format!("expected {} or {last}", rest.join(", "))
                        }
                        Expected::Range(a, b) => format!("expected a number from {a} to {b}"),
                        Expected::Clock(text) => {
                            format!("'{text}' is not a time control such as 5+3 (or off)")
                        }
                        Expected::Known => "not a setting heibai knows".into(),
                    };
                    format!("{key}: {what}")
                }
            })
            .collect();
        format!(
            "Settings file {path}: {}. Those were left at their defaults; the file is unchanged.",
            each.join("; ")
        )
    }

    fn settings_not_kept(&self, why: &str) -> String {
        format!("Settings not kept: {why}")
    }

    fn cannot_write(&self, path: &str, why: &str) -> String {
        format!("{path} cannot be written: {why}")
    }

    fn no_config_dir(&self) -> &'static str {
        "there is no config directory to keep settings in: pass --config PATH"
    }

    fn saving_needs_a_key(&self) -> &'static str {
        "saving needs an SSH key: connect with one (ssh -i KEY …) and your games are kept on this server under it"
    }

    fn settings_need_a_key(&self) -> &'static str {
        "connect with an SSH key to keep your settings on this server"
    }

    fn saved_game_not_loaded(&self, path: &str, why: &str) -> String {
        format!("The saved game {path} was not loaded: {why}. It is left as it is.")
    }

    fn load_error(&self, error: &LoadError) -> String {
        match error {
            LoadError::TooLarge(bytes) => format!("{bytes} bytes: too large for a saved game"),
            LoadError::NotAFile => "not a file (a device, a pipe or a folder)".into(),
            LoadError::Missing => "no such file".into(),
            LoadError::NotText => "not text".into(),
            LoadError::Io(why) => why.clone(),
            LoadError::Save(e) => self.save_error(e),
        }
    }

    fn sgf_error(&self, error: &SgfError) -> String {
        let (line, column) = (error.line, error.column);
        format!("line {line}, column {column}: {}", self.flaw(&error.flaw))
    }

    fn save_error(&self, error: &SaveError) -> String {
        format!("line {}: {}", error.line, self.flaw(&error.flaw))
    }

    fn flaw_text(&self, flaw: &Flaw) -> String {
        match flaw {
            Flaw::NotSaved => "expected 'heibai 1': this is not a heibai saved game".into(),
            Flaw::UnknownGame(g) => format!("unknown game '{g}'; expected reversi or gomoku"),
            Flaw::ExpectedKey(k) => format!("expected '{k} …'"),
            Flaw::EndsBefore(k) => format!("the file ends before '{k}'"),
            Flaw::BadPlayer(v) => format!("player '{v}'; expected human or computer"),
            Flaw::BadLevel(l) => format!("level '{l}'; expected 1 to 8"),
            Flaw::BadCursor(c, n) => format!("cursor '{c}'; expected 0 to {n}"),
            Flaw::BadSize(v) => format!("size '{v}'; expected 15 or 19"),
            Flaw::BadRule(r) => format!("rule '{r}'; expected freestyle, standard or renju"),
            Flaw::BadOpening(o) => {
                format!(
                    "opening '{o}'; expected centre, free, or an opening and a turn such as 4D 0"
                )
            }
            Flaw::BadVariation => {
                "a variation line needs where it branches off, then its moves".into()
            }
            Flaw::HistoryDisagrees => {
                "the history does not lead to the moves and cursor above".into()
            }
            Flaw::BadClock(c) => {
                format!(
                    "clock '{c}'; expected the base and increment in seconds, then Black's and White's seconds left"
                )
            }
            Flaw::BadResult(r) => {
                format!("result '{r}'; expected black or white, then resigned, left or time")
            }
            Flaw::GomokuNotReversi => "a game of Gomoku, not Reversi".into(),
            Flaw::IllegalStep(n, why) => format!("step {n} is illegal: {}", self.illegal(why)),
            Flaw::NotAMove { number, text, game } => {
                let what = if *game == GameId::Gomoku {
                    "point"
                } else {
                    "square"
                };
                let at = number.map_or(String::new(), |n| format!("move {n}: "));
                format!("{at}'{text}' is not a {what}")
            }
            Flaw::IllegalMove { number, name, why } => {
                format!("move {number} ({name}) is illegal: {}", self.illegal(why))
            }
            Flaw::Position(e) => self.position_error(e),
            Flaw::NoGame => "the file holds no game".into(),
            Flaw::OthelloSize(v) => format!("an Othello board of size {v}; heibai plays 8x8"),
            Flaw::GomokuSize(v) => {
                format!("a Gomoku board of size {v}; heibai plays 15x15 and 19x19")
            }
            Flaw::GameType(g) => {
                format!("game type GM[{g}]; heibai reads Othello (GM[2]) and Gomoku (GM[4])")
            }
            Flaw::SetUpStone(id, v) => format!("{id}: '{v}' is not a square"),
            Flaw::SetUp(e) => format!("the set-up position: {}", self.position_error(e)),
            Flaw::NotTranscript(t) => {
                format!("'{t}' is not a transcript: expected squares like f5d6c3")
            }
            Flaw::NotPsq => "line 1: expected 'Piskvorky WxH, …': this is not a PSQ file".into(),
            Flaw::NotGgf => "expected '(;GM[Othello]…;)': this is not a GGF Othello game".into(),
            Flaw::GgfUnclosed => "a property is not NAME[value]".into(),
            Flaw::WthorShort => "not a WTHOR .wtb file: shorter than its header".into(),
            Flaw::WthorBoard => "a WTHOR file of 10x10 games, not Othello's 8x8".into(),
            Flaw::WthorSize => {
                "not a WTHOR .wtb file: its size is not that of the games its header counts".into()
            }
            Flaw::GgfBoard(b) => {
                format!("board '{b}'; expected 8, eight rows of -, * and O, then * or O to move")
            }
            Flaw::PsqSize(v) => format!("line 1: a board of {v}; heibai plays 15x15 and 19x19"),
            Flaw::PsqOffBoard { line, x, y, size } => {
                format!("line {line}: {x},{y} is off the {size}x{size} board")
            }
            Flaw::PsqLine(line) => {
                format!("line {line}: expected a move 'x,y,time' (or -1 after the last)")
            }
            Flaw::WrongColour {
                number,
                name,
                color,
            } => format!(
                "move {number} ({name}) is marked as {}'s, but {} is to move",
                self.color(*color),
                self.color(color.opponent())
            ),
            Flaw::GomokuSetUp => {
                "set-up stones (AB, AW): heibai's Gomoku games start from an empty board".into()
            }
            Flaw::EmptyPosition => "an empty position".into(),
            Flaw::BadScore(p) => format!("'{p}' is not a move:score pair (like G8:+18)"),
            Flaw::SgfNoStart => "expected '(' to start a game: this is not an SGF file".into(),
            Flaw::SgfTrailing => "unexpected text after the last game".into(),
            Flaw::SgfTooDeep(n) => format!("variations nested deeper than {n}"),
            Flaw::SgfNoFirstNode => "expected ';' to start the first node".into(),
            Flaw::SgfNodeAfterVariation => "a node after a variation".into(),
            Flaw::SgfUnexpected(c) => format!("unexpected '{c}'"),
            Flaw::SgfEndsInGame => "the file ends inside a game: ')' missing".into(),
            Flaw::SgfPropertyName => "property names are capital letters".into(),
            Flaw::SgfNoValue(id) => format!("property {id} has no value"),
            Flaw::SgfEndsInValue => "the file ends inside a value: ']' missing".into(),
            Flaw::SgfRepeated(id) => format!("property {id} is given twice in one node"),
            Flaw::SgfTooLarge(n) => {
                format!("the game tree is too large: it would take over {n} times the file's size")
            }
            Flaw::Saved(e) => self.save_error(e),
            Flaw::Sgf(e) => self.sgf_error(e),
            Flaw::InSgf(f) => format!("SGF {}", self.flaw(f)),
            Flaw::InPsq(f) => format!("PSQ {}", self.flaw(f)),
            Flaw::InGgf(f) => format!("GGF: {}", self.flaw(f)),
            Flaw::InPositionLine(f) => format!("a position line: {}", self.flaw(f)),
            Flaw::Unrecognised(f) => format!(
                "not a heibai saved game, SGF, PSQ, a position or an Othello transcript ({})",
                self.flaw(f)
            ),
        }
    }

    fn saved_on_exit(&self) -> &'static str {
        "Your game is saved: run heibai again and choose Continue."
    }

    fn paste_cut(&self, kib: usize) -> String {
        format!("The pasted text was cut after {kib} KiB; the rest was dropped")
    }

    fn saved_games_full(&self, games: usize, megabytes: u64) -> String {
        format!(
            "This server keeps at most {games} saved games ({megabytes} MB) for each player: \
             save under the name of one you have to replace it"
        )
    }

    fn server_storage_full(&self) -> &'static str {
        "The server's space for players' games is full: nothing was written"
    }
}
