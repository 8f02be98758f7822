//! Games between two terminals, as the App sees them: what a session knows about its table,
//! what it asks of the server, and the lobby's list of tables. The server (`serve::hub`) holds
//! the games; the App only shows them and passes on its player's moves.

use super::menu::Setup;
use super::theme::Theme;
use crate::game::SavedGame;
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
    pub result: Option<String>,
    /// News of the other side: gone, back, how long their seat is kept.
    pub note: Option<String>,
    /// The code that gives this seat back from any connection.
    pub resume: Option<String>,
    /// The opponent has been gone so long that the win may be claimed (`c`).
    pub claimable: bool,
}

impl Net {
    /// The name shown for `color`'s player.
    pub fn name(&self, color: Color) -> &str {
        let i = color as usize;
        self.names[i].as_deref().unwrap_or("(waiting)")
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
    pub fn wait_reason(&self, to_move: Color) -> String {
        match self.seat {
            None => "You are watching this game".into(),
            Some(_) if self.result.is_some() => "The game is over".into(),
            Some(_) if !self.full() => format!(
                "Waiting for an opponent: they join with the code {}",
                self.code
            ),
            Some(_) => format!(
                "Wait: {} ({}) is to move",
                self.name(to_move),
                to_move.name()
            ),
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
    /// "Reversi", "Renju 15x15"…
    pub game: String,
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
pub fn panel_lines(net: &Net, theme: Theme) -> Vec<Line<'static>> {
    let s = theme.glyphs().sep;
    let mut lines = vec![Line::default()];
    let mut head = format!("Game {}", net.code);
    if net.seat.is_none() {
        head = format!("Watching game {}", net.code);
    } else if net.watchers > 0 {
        head.push_str(&format!("{s}{} watching", net.watchers));
    }
    lines.push(Line::styled(head, theme.label()));
    if net.seat.is_some() && !net.full() {
        lines.push(Line::styled(
            format!("Waiting for an opponent: code {}", net.code),
            theme.emphasis(),
        ));
    }
    if let Some(note) = &net.note {
        lines.push(Line::styled(note.clone(), theme.emphasis()));
    }
    if net.claimable && net.result.is_none() {
        lines.push(Line::styled("c: claim the win, or wait", theme.emphasis()));
    }
    if let Some(code) = net.resume.as_ref().filter(|_| net.result.is_none()) {
        lines.push(Line::styled(format!("Resume code {code}"), theme.dim()));
    }
    lines
}
