//! What can be wrong with the text of a game, in any format heibai reads. Typed, so that the
//! language layer above says it in the player's language, and in English as its `Display`, for
//! the command line.

use super::GameId;
use crate::reversi::PositionError;

/// `Illegal`, one kind per entry of the list of games ([`crate::games`]).
macro_rules! illegal {
    (() $($name:ident $room:ident),*) => {
        /// Why a move cannot be played, in any game.
        #[derive(Clone, Copy, Debug, PartialEq, Eq)]
        pub enum Illegal {
            $($name($crate::$room::MoveError)),*
        }

        $(impl From<$crate::$room::MoveError> for Illegal {
            fn from(e: $crate::$room::MoveError) -> Illegal {
                Illegal::$name(e)
            }
        })*
    };
}
crate::games!(illegal!());

/// What is wrong with a game's text.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Flaw {
    // heibai's saved text
    /// The first line is not `heibai 1`.
    NotSaved,
    UnknownGame(String),
    /// The line should be `key …`.
    ExpectedKey(String),
    /// The text ends before the line `key …`.
    EndsBefore(String),
    BadPlayer(String),
    BadLevel(String),
    /// A cursor past the moves (there are this many).
    BadCursor(String, usize),
    BadSize(String),
    BadRule(String),
    BadOpening(String),
    HistoryDisagrees,
    /// A `variation` line without a branch point within its moves.
    BadVariation,
    /// A `clock` line that is not a control and two times.
    BadClock(String),
    /// A `result` line that is not a colour and how it lost ("black resigned").
    BadResult(String),
    GomokuNotReversi,
    /// Step `n` (from 1) of the history cannot be played.
    IllegalStep(usize, Illegal),

    // Any format
    /// Not a square (Reversi) or point (Gomoku): the move's number, if it is one of the moves.
    NotAMove {
        number: Option<usize>,
        text: String,
        game: GameId,
    },
    /// Move `number` (from 1), named `name`, cannot be played.
    IllegalMove {
        number: usize,
        name: String,
        why: Illegal,
    },
    Position(PositionError),
    NoGame,
    OthelloSize(String),
    GomokuSize(String),
    GameType(String),
    /// A stone of the set-up (AB or AW) is not a square.
    SetUpStone(String, String),
    SetUp(PositionError),
    NotTranscript(String),
    NotPsq,
    /// Not a WTHOR `.wtb` file: shorter than its header.
    WthorShort,
    /// A WTHOR file of 10×10 games.
    WthorBoard,
    /// A WTHOR file whose size is not that of the games its header counts.
    WthorSize,
    /// Not a GGF game: no `(;`, or a game other than Othello.
    NotGgf,
    /// A GGF property's value is not closed, or its name is not letters.
    GgfUnclosed,
    /// A GGF board (`BO`) that is not `8`, eight rows of eight and the side to move.
    GgfBoard(String),
    PsqSize(String),
    /// Line `line` of a PSQ file, before the `-1` that ends the moves, is not `x,y,time`.
    PsqLine(usize),
    /// Move `number` (from 1), named `name`, is marked as `color`'s, but the other side is to
    /// move (and not by a forced pass left out).
    WrongColour {
        number: usize,
        name: String,
        color: crate::reversi::Color,
    },
    /// Set-up stones (AB, AW) in a Gomoku game: heibai's Gomoku games start from an empty board.
    GomokuSetUp,
    /// Line `line` puts a stone at `x`,`y`, off a board of `size`.
    PsqOffBoard {
        line: usize,
        x: u8,
        y: u8,
        size: u8,
    },
    EmptyPosition,
    /// Not a `move:score` pair of an OBF line.
    BadScore(String),

    // SGF syntax
    SgfNoStart,
    SgfTrailing,
    SgfTooDeep(usize),
    SgfNoFirstNode,
    SgfNodeAfterVariation,
    SgfUnexpected(String),
    SgfEndsInGame,
    SgfPropertyName,
    SgfNoValue(String),
    SgfEndsInValue,
    /// A property given twice in one node.
    SgfRepeated(String),
    /// The game tree would take more memory than this many times the file's size.
    SgfTooLarge(usize),

    // Where it was found
    /// In a saved game, at a line.
    Saved(Box<super::SaveError>),
    Sgf(Box<SgfError>),
    InSgf(Box<Flaw>),
    InPsq(Box<Flaw>),
    InGgf(Box<Flaw>),
    InPositionLine(Box<Flaw>),
    /// The text is none of the formats heibai reads; as a transcript, this was wrong.
    Unrecognised(Box<Flaw>),
}

impl std::error::Error for Flaw {}

use crate::visible::excerpt;

impl Flaw {
    /// The same flaw with every piece of the file's text it quotes made a short, safe
    /// excerpt: what a message may show of a file it could not read.
    pub fn excerpted(&self) -> Flaw {
        let e = |s: &String| excerpt(s);
        let inner = |f: &Flaw| Box::new(f.excerpted());
        match self {
            Flaw::UnknownGame(s) => Flaw::UnknownGame(e(s)),
            Flaw::ExpectedKey(s) => Flaw::ExpectedKey(e(s)),
            Flaw::EndsBefore(s) => Flaw::EndsBefore(e(s)),
            Flaw::BadPlayer(s) => Flaw::BadPlayer(e(s)),
            Flaw::BadLevel(s) => Flaw::BadLevel(e(s)),
            Flaw::BadCursor(s, n) => Flaw::BadCursor(e(s), *n),
            Flaw::BadSize(s) => Flaw::BadSize(e(s)),
            Flaw::BadRule(s) => Flaw::BadRule(e(s)),
            Flaw::BadOpening(s) => Flaw::BadOpening(e(s)),
            Flaw::BadClock(s) => Flaw::BadClock(e(s)),
            Flaw::BadResult(s) => Flaw::BadResult(e(s)),
            Flaw::NotAMove { number, text, game } => Flaw::NotAMove {
                number: *number,
                text: e(text),
                game: *game,
            },
            Flaw::IllegalMove { number, name, why } => Flaw::IllegalMove {
                number: *number,
                name: e(name),
                why: *why,
            },
            Flaw::OthelloSize(s) => Flaw::OthelloSize(e(s)),
            Flaw::GomokuSize(s) => Flaw::GomokuSize(e(s)),
            Flaw::GameType(s) => Flaw::GameType(e(s)),
            Flaw::SetUpStone(id, s) => Flaw::SetUpStone(e(id), e(s)),
            Flaw::NotTranscript(s) => Flaw::NotTranscript(e(s)),
            Flaw::PsqSize(s) => Flaw::PsqSize(e(s)),
            Flaw::WrongColour {
                number,
                name,
                color,
            } => Flaw::WrongColour {
                number: *number,
                name: e(name),
                color: *color,
            },
            Flaw::BadScore(s) => Flaw::BadScore(e(s)),
            Flaw::SgfUnexpected(s) => Flaw::SgfUnexpected(e(s)),
            Flaw::SgfNoValue(s) => Flaw::SgfNoValue(e(s)),
            Flaw::SgfRepeated(s) => Flaw::SgfRepeated(e(s)),
            Flaw::Saved(error) => Flaw::Saved(Box::new(super::SaveError {
                line: error.line,
                flaw: error.flaw.excerpted(),
            })),
            Flaw::Sgf(error) => Flaw::Sgf(Box::new(SgfError {
                line: error.line,
                column: error.column,
                flaw: error.flaw.excerpted(),
            })),
            Flaw::InSgf(f) => Flaw::InSgf(inner(f)),
            Flaw::InPsq(f) => Flaw::InPsq(inner(f)),
            Flaw::InGgf(f) => Flaw::InGgf(inner(f)),
            Flaw::GgfBoard(s) => Flaw::GgfBoard(e(s)),
            Flaw::InPositionLine(f) => Flaw::InPositionLine(inner(f)),
            Flaw::Unrecognised(f) => Flaw::Unrecognised(inner(f)),
            other => other.clone(),
        }
    }
}

/// Where and why a text is not SGF.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SgfError {
    pub line: usize,
    pub column: usize,
    pub flaw: Flaw,
}

impl std::error::Error for SgfError {}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn excerpts_are_short_and_show_control_characters() {
        assert_eq!(excerpt("f5"), "f5");
        assert_eq!(excerpt("\u{1b}[2Jzz"), "^[[2Jzz");
        assert_eq!(excerpt("a\u{7f}\u{9b}"), "a^?\\u{9b}");
        let long = excerpt(&"y".repeat(3000));
        assert_eq!(long.chars().count(), crate::visible::EXCERPT + 1);
        assert!(long.ends_with('…'));
        let nested = Flaw::InSgf(Box::new(Flaw::UnknownGame("\u{1b}x\u{202e}y".into())));
        assert_eq!(
            nested.excerpted(),
            Flaw::InSgf(Box::new(Flaw::UnknownGame("^[x\\u{202e}y".into())))
        );
    }
}
