//! Games between two terminals, as the App sees them: what a session knows about its table,
//! what it asks of the server, and the lobby's list of tables. The server (`serve::hub`) holds
//! the games; the App only shows them and passes on its player's moves.

use super::menu::Setup;
use super::theme::Theme;
use crate::game::SavedGame;
use crate::gomoku::Rule;
use crate::i18n::Text;
use crate::reversi::Color;
use ratatui::text::Line;

/// A game between two terminals, as this terminal sees it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Net {
    /// The code others join or watch it by.
    pub code: String,
    /// The side played here; `None` when watching.
    pub seat: Option<Color>,
    /// Black's and White's names; `None` while a seat is empty.
    pub names: [Option<String>; 2],
    pub watchers: usize,
    /// How the game ended off the board (a resignation, a win claimed), if it did.
    pub result: Option<Ending>,
    /// News of the other side: gone, how long their seat is kept.
    pub note: Option<Note>,
    /// The code that gives this seat back from any connection.
    pub resume: Option<String>,
    /// The opponent has been gone so long that the win may be claimed (`c`).
    pub claimable: bool,
}

impl Net {
    /// The name shown for `color`'s player.
    pub fn name(&self, color: Color, t: &dyn Text) -> String {
        let i = color as usize;
        self.names[i].as_deref().unwrap_or(t.seat_waiting()).into()
    }

    /// Whether both seats are taken.
    pub fn full(&self) -> bool {
        self.names.iter().all(Option::is_some)
    }

    /// Whether this terminal may move when `to_move` is to move.
    pub fn may_move(&self, to_move: Color) -> bool {
        self.seat == Some(to_move) && self.full() && self.result.is_none()
    }

    /// Why this terminal may not move now, for the status line.
    pub fn wait_reason(&self, to_move: Color, t: &dyn Text) -> String {
        match self.seat {
            None => t.you_are_watching().into(),
            Some(_) if self.result.is_some() => t.the_game_is_over().into(),
            Some(_) if !self.full() => t.waiting_for_opponent(&self.code),
            Some(_) => t.wait_for(&self.name(to_move, t), to_move),
        }
    }
}

/// How a game between terminals ended off the board.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Ending {
    /// This colour resigned.
    Resigned(Color),
    /// This colour left and the other claimed the win.
    Abandoned(Color),
}

impl Ending {
    /// How the server's database keeps it: "black resigned", "white left".
    pub fn code(self) -> String {
        let (color, what) = match self {
            Ending::Resigned(c) => (c, "resigned"),
            Ending::Abandoned(c) => (c, "left"),
        };
        let color = match color {
            Color::Black => "black",
            Color::White => "white",
        };
        format!("{color} {what}")
    }

    /// The ending a [`code`](Ending::code) names.
    pub fn from_code(code: &str) -> Option<Ending> {
        let (color, what) = code.split_once(' ')?;
        let color = match color {
            "black" => Color::Black,
            "white" => Color::White,
            _ => return None,
        };
        match what {
            "resigned" => Some(Ending::Resigned(color)),
            "left" => Some(Ending::Abandoned(color)),
            _ => None,
        }
    }
}

/// News of the other side of a game between terminals.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Note {
    /// Away; the seat is kept this many more minutes.
    Away { name: String, minutes_left: u64 },
    /// Gone longer than the seat is kept, for this many minutes.
    Gone { name: String, minutes: u64 },
}

/// Why the server refused a request.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Refusal {
    NoSuchCode(String),
    TakenOver,
    NotInGame,
    GameOver,
    OnlyPlayers,
    TooSoon,
    /// A move (by name) that was not played, and why.
    Move(String, MoveRefusal),
}

/// Why a move sent to the server was not played.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum MoveRefusal {
    GameOver,
    NotYourTurn,
    NoOpponent,
    NotASquare,
    Reversi(crate::reversi::MoveError),
    Gomoku(crate::gomoku::MoveError),
}

/// A game as the lobby lists it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Variant {
    Reversi,
    Gomoku(Rule, u8),
}

impl Variant {
    /// The variant `game` is.
    pub fn of(game: &SavedGame) -> Variant {
        match game {
            SavedGame::Reversi(_) => Variant::Reversi,
            SavedGame::Gomoku(g) => {
                let p = g.record.start();
                Variant::Gomoku(p.rule(), p.board().size())
            }
        }
    }
}

/// A table as the server sends it: the game so far and this terminal's view of it.
#[derive(Clone, Debug, PartialEq)]
pub struct TableView {
    pub net: Net,
    pub game: SavedGame,
}

/// One table in the lobby's list.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Listing {
    pub code: String,
    pub game: Variant,
    pub names: [Option<String>; 2],
    pub watchers: usize,
    pub moves: usize,
    /// A seat here is held for this player (they left or dropped out).
    pub yours: bool,
}

impl Listing {
    /// Whether a seat is free to take.
    pub fn open(&self) -> bool {
        self.names.iter().any(Option::is_none)
    }
}

/// What a terminal asks of the server.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum NetRequest {
    /// A new table for a person to join: the game, and the colour wanted (`None`: either).
    Create {
        setup: Setup,
        color: Option<Color>,
    },
    /// Take a seat at the table with this code (a join code, or a seat's resume code).
    Join(String),
    Watch(String),
    /// This terminal's move, by name ("d3", "h8").
    Move(String),
    Resign,
    /// Win the game whose opponent has been gone too long.
    Claim,
    /// Back to the lobby; a seat in an unfinished game is kept.
    Leave,
}

/// The side panel's lines about a game between terminals: its code, who watches, news of the
/// other side, and what may be done about it.
pub fn panel_lines(net: &Net, theme: Theme, t: &dyn Text) -> Vec<Line<'static>> {
    let s = theme.glyphs().sep;
    let mut lines = vec![Line::default()];
    let mut head = t.game_code(&net.code);
    if net.seat.is_none() {
        head = t.watching_game(&net.code);
    } else if net.watchers > 0 {
        head.push_str(&format!("{s}{}", t.watching_count(net.watchers)));
    }
    lines.push(Line::styled(head, theme.label()));
    if net.seat.is_some() && !net.full() {
        lines.push(Line::styled(t.waiting_code(&net.code), theme.emphasis()));
    }
    if let Some(note) = &net.note {
        lines.push(Line::styled(t.note(note), theme.emphasis()));
    }
    if net.claimable && net.result.is_none() {
        lines.push(Line::styled(t.claim_or_wait(), theme.emphasis()));
    }
    if let Some(code) = net.resume.as_ref().filter(|_| net.result.is_none()) {
        lines.push(Line::styled(t.resume_code(code), theme.dim()));
    }
    lines
}
