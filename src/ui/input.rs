//! What the App reacts to, in its own terms: drivers (the local terminal, later SSH) translate
//! their events into these.

use crate::engine::Reply;
use std::time::Instant;

/// A key, reduced to what the app distinguishes. Everything else arrives as `Other` and is ignored.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Key {
    Up,
    Down,
    Left,
    Right,
    Enter,
    Esc,
    /// F1 (help).
    F1,
    Home,
    End,
    PageUp,
    PageDown,
    Backspace,
    /// Ctrl-C: quits like `q`.
    Interrupt,
    /// Ctrl-U: clears a name being typed, as in a shell.
    ClearLine,
    Char(char),
    Other,
}

#[derive(Clone, Debug, PartialEq)]
pub enum Input {
    Key(Key),
    /// A left click at a screen cell.
    Click {
        x: u16,
        y: u16,
    },
    /// The screen is now this size.
    Resize {
        width: u16,
        height: u16,
    },
    /// Time passes: timers (computer move pause, highlights) are checked against `now`.
    Tick(Instant),
    /// A report from the engine worker: progress, a computer move, or analysis.
    Engine(Reply),
    /// The games saved under a name, newest first (at the start and after each save).
    Library(Vec<crate::store::Entry>),
    /// How an `Effect::SaveAs` went: the name it was saved under, or why it was not.
    Saved(Result<String, String>),
    /// Text pasted into the terminal (a transcript, an SGF game, a position…).
    Paste(String),
    /// The server's tables, for the lobby (at the start and whenever they change).
    Lobby(Vec<crate::table::Listing>),
    /// The table this terminal sits at or watches, as it is now.
    Table(Box<crate::table::TableView>),
    /// The leaderboard asked for.
    Leaderboard(Box<crate::table::Leaderboard>),
    /// The player's card asked for.
    Card(Box<crate::table::Card>),
    /// A finished game asked for from a card, to replay.
    PastGame(Box<crate::game::SavedGame>),
    /// Someone (by name) sat down at the player's open game while they were in the lobby.
    Joined {
        code: String,
        name: String,
    },
    /// A game the player had stepped out of has ended.
    Ended(Box<crate::table::Ended>),
    /// The server could not do what was asked (a wrong code, a move out of turn…).
    NetError(crate::table::Refusal),
}
