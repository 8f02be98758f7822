//! Help, settings and the windows that ask (save, quit, resign, leave).

use super::*;

pub trait Windows {
    fn help_keys_heading(&self) -> &'static str;

    /// Above the keys of a game, when the help is opened outside one.
    fn help_game_keys_heading(&self) -> &'static str;

    /// "All saved games: 12", "Unfinished: 3"…, above the list.
    fn showing(&self, filter: crate::store::Filter, count: usize) -> String;

    /// "Delete the saved game 'name'?"
    fn confirm_delete(&self, name: &str) -> String;

    fn yes_delete(&self) -> &'static str;

    /// "New name for 'name':"
    fn rename_prompt(&self, name: &str) -> String;

    fn help_levels_heading(&self) -> &'static str;

    fn help_closes(&self) -> &'static str;

    fn help_title(&self) -> &'static str;

    fn save_title(&self) -> &'static str;

    fn save_prompt(&self) -> &'static str;

    fn quit_title(&self) -> &'static str;

    fn confirm_quit(&self) -> &'static str;

    fn yes_quit(&self) -> &'static str;

    /// On a server, without a key: leaving loses the unfinished game kept for the connection.
    fn confirm_leave_server(&self) -> &'static str;

    fn yes_leave(&self) -> &'static str;

    fn stay(&self) -> &'static str;

    /// On a server: the game against the computer was left for the start menu and is kept
    /// there, in the player's folder (`keyed`) or for as long as they are connected.
    fn game_kept(&self, keyed: bool) -> &'static str;

    fn resign_title(&self) -> &'static str;

    /// A game is already saved under `name`; the answers: replace it, keep both, change the
    /// name.
    fn name_taken(&self, name: &str) -> String;

    fn yes_replace(&self) -> &'static str;

    fn keep_both(&self) -> &'static str;

    fn change_name(&self) -> &'static str;

    /// A game between computers held, and going on again.
    fn paused(&self) -> &'static str;

    fn going_on(&self) -> &'static str;

    fn confirm_resign(&self) -> &'static str;

    fn yes_resign(&self) -> &'static str;

    fn confirm_new(&self) -> &'static str;

    fn yes_new(&self) -> &'static str;

    fn keep_playing(&self) -> &'static str;

    fn settings_title(&self) -> &'static str;

    fn settings_field(&self, field: crate::settings::Field) -> &'static str;

    /// A value of the settings window: theme, board size and animation by their file names.
    fn settings_word(&self, word: &str) -> &'static str;

    fn language_name(&self, lang: Lang) -> &'static str;
}
