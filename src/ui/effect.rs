//! What the App and its drivers exchange, apart from [`super::Input`]: the effects it asks
//! for, how it looks, and where it starts.

use super::theme::Theme;
use crate::engine::Request;
use crate::game::SavedGame;
use crate::settings::Settings;
use crate::table::NetRequest;

/// What the App asks its driver to do.
#[derive(Clone, Debug, PartialEq)]
pub enum Effect {
    /// Leave the program (the game on screen is kept by an [`Effect::Keep`] before it).
    Quit,
    /// Ring the terminal bell.
    Bell,
    /// Ask the engine worker for a computer's move or for analysis; it reports with
    /// `Input::Engine`, under `id`.
    Ask { id: u64, request: Request },
    /// The last request is no longer wanted.
    Cancel,
    /// Put `text` on the clipboard (the terminal's, by OSC 52).
    Copy(String),
    /// Save `game` under `name`, then delete the game's entry in the history under its old
    /// name `replaces` (it is renamed, never copied); report with `Input::Saved` (and
    /// `Input::Library`).
    SaveAs {
        name: String,
        game: SavedGame,
        replaces: Option<String>,
    },
    /// Delete the saved game called `name` (asked first); the driver answers with
    /// `Input::Library`.
    Delete(String),
    /// Give the saved game `from` the name `to`; the driver answers with `Input::Library`.
    Rename { from: String, to: String },
    /// Write `game` to its entry in the history, `name`, without a word: every local game is
    /// kept from its first move, after each move, and as it is left. The driver answers with
    /// `Input::Library`, and with a message only on a failure.
    Keep { name: String, game: SavedGame },
    /// Ask the server about games between terminals; it answers with `Input::Table`,
    /// `Input::Lobby` or `Input::NetError`.
    Net(NetRequest),
    /// Keep these settings for next time (the settings file).
    SaveSettings(Settings),
}

/// How the App looks and behaves: what the terminal allows, and the player's settings.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Options {
    /// Colour is allowed (no NO_COLOR, a terminal that has colours).
    pub colour: bool,
    /// Draw with ASCII only.
    pub ascii: bool,
    pub settings: Settings,
}

impl Options {
    /// The options for this terminal: colour unless NO_COLOR is set.
    pub fn from_env(ascii: bool, settings: Settings) -> Options {
        let no_color = std::env::var_os("NO_COLOR").is_some_and(|v| !v.is_empty());
        Options {
            colour: !no_color,
            ascii,
            settings,
        }
    }

    /// How to draw: the chosen palette, if the terminal has colour.
    pub fn theme(&self) -> Theme {
        Theme {
            color: self.colour && self.settings.palette.is_some(),
            ascii: self.ascii,
            palette: self.settings.palette.unwrap_or_default(),
        }
    }
}

/// Where the App starts.
pub enum Start {
    Menu,
    Game(SavedGame),
    /// A replay of a game.
    Replay(SavedGame),
    /// The lobby of an SSH server, for the player of this name; `keyed`: a player whose
    /// unfinished game the server keeps after they leave (they came with a key).
    Lobby {
        user: String,
        keyed: bool,
    },
}
