//! What can be wrong with the text of a game, in any format heibai reads. Typed, so that the
//! language layer above says it in the player's language, and in English as its `Display`, for
//! the command line.

use crate::reversi::PositionError;

/// Why a move cannot be played, in either game.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Illegal {
    Reversi(crate::reversi::MoveError),
    Gomoku(crate::gomoku::MoveError),
}

impl From<crate::reversi::MoveError> for Illegal {
    fn from(e: crate::reversi::MoveError) -> Illegal {
        Illegal::Reversi(e)
    }
}

impl From<crate::gomoku::MoveError> for Illegal {
    fn from(e: crate::gomoku::MoveError) -> Illegal {
        Illegal::Gomoku(e)
    }
}

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
    /// A `clock` line that is not a control and two times.
    BadClock(String),
    GomokuNotReversi,
    /// Step `n` (from 1) of the history cannot be played.
    IllegalStep(usize, Illegal),

    // Any format
    /// Not a square (Reversi) or point (Gomoku): the move's number, if it is one of the moves.
    NotAMove {
        number: Option<usize>,
        text: String,
        gomoku: bool,
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
    SgfUnexpected(char),
    SgfEndsInGame,
    SgfPropertyName,
    SgfNoValue(String),
    SgfEndsInValue,

    // Where it was found
    /// In a saved game, at a line.
    Saved(Box<super::SaveError>),
    Sgf(Box<SgfError>),
    InSgf(Box<Flaw>),
    InPsq(Box<Flaw>),
    InPositionLine(Box<Flaw>),
    /// The text is none of the formats heibai reads; as a transcript, this was wrong.
    Unrecognised(Box<Flaw>),
}

impl std::error::Error for Flaw {}

/// Where and why a text is not SGF.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SgfError {
    pub line: usize,
    pub column: usize,
    pub flaw: Flaw,
}

impl std::error::Error for SgfError {}
