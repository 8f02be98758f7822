//! What the App and its drivers exchange, apart from [`super::Input`]: the effects it asks
//! for, how it looks, and where it starts.

use super::theme::Theme;
use crate::engine::Request;
use crate::game::SavedGame;
use crate::settings::Settings;
use crate::store::Autosave;
use crate::table::NetRequest;

/// What the App asks its driver to do.
#[derive(Clone, Debug, PartialEq)]
pub enum Effect {
    /// Leave the program (after saving what [`super::App::autosave`] says).
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
    /// Save `game` under `name`; report with `Input::Saved` (and `Input::Library`).
    SaveAs { name: String, game: SavedGame },
    /// Delete the saved game called `name` (asked first); the driver answers with
    /// `Input::Library`.
    Delete(String),
    /// Give the saved game `from` the name `to`; the driver answers with `Input::Library`.
    Rename { from: String, to: String },
    /// Keep `game` among the saved games under `name` without a word, as every finished or
    /// abandoned local game is (the same name again replaces it); nothing is reported back but
    /// a failure, and a driver with nowhere to keep games lets it go.
    Keep { name: String, game: SavedGame },
    /// Ask the server about games between terminals; it answers with `Input::Table`,
    /// `Input::Lobby` or `Input::NetError`.
    Net(NetRequest),
    /// Keep these settings for next time (the settings file).
    SaveSettings(Settings),
    /// Write the unfinished-game file now (a move was played, taken back, or the game ended),
    /// so that a crash or a power cut loses nothing.
    Autosave(Autosave),
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
