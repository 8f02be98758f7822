//! Saved games, the settings file, and what can be wrong with either.

use super::*;
use crate::game::{Flaw, Player};
use crate::reversi::Color;

pub trait Files {
    /// Why a game was not saved under a name.
    fn save_failure(&self, failure: &crate::store::SaveFailure) -> String {
        match failure {
            crate::store::SaveFailure::Write(path, why) => {
                self.cannot_write(&path.display().to_string(), why)
            }
            crate::store::SaveFailure::Full(quota) => {
                self.saved_games_full(quota.games, quota.bytes.div_ceil(1 << 20))
            }
            crate::store::SaveFailure::SharedFull => self.server_storage_full().into(),
        }
    }

    /// What was wrong with the settings file at `path`, for the start screen.
    fn settings_trouble(&self, path: &std::path::Path, trouble: &Trouble) -> String {
        let path = path.display().to_string();
        match trouble {
            Trouble::Unreadable(why) => self.settings_not_read(&path, &self.load_error(why)),
            Trouble::TooLarge => self.settings_too_large(&path),
            Trouble::Problems(problems) => self.settings_problems(&path, problems),
        }
    }

    /// What is wrong with the text of a game, quoting the text only in short, safe excerpts.
    fn flaw(&self, flaw: &Flaw) -> String {
        self.flaw_text(&flaw.excerpted())
    }

    fn saved_games(&self) -> &'static str;

    fn saved_on(&self, when: &str) -> String;

    fn cannot_be_read(&self, why: &str) -> String;

    fn won(&self, color: Color) -> String;

    fn a_draw(&self) -> &'static str;

    fn progress(&self, number: usize, to_move: Color) -> String;

    fn describe_saved(&self, kind: &str, black: Player, white: Player, state: &str) -> String;

    /// The same without the players, where the line is too narrow for them.
    fn describe_saved_short(&self, kind: &str, state: &str) -> String;

    fn settings_not_read(&self, path: &str, why: &str) -> String;

    fn settings_too_large(&self, path: &str) -> String;

    fn settings_problems(&self, path: &str, problems: &[Problem]) -> String;

    /// A paste longer than the server takes was cut at this many KiB.
    fn paste_cut(&self, kib: usize) -> String;

    /// A player's folder of saved games is as full as the server allows.
    fn saved_games_full(&self, games: usize, megabytes: u64) -> String;

    /// The space the server gives all players' files together is full.
    fn server_storage_full(&self) -> &'static str;

    fn settings_not_kept(&self, why: &str) -> String;

    fn cannot_write(&self, path: &str, why: &str) -> String;

    fn no_config_dir(&self) -> &'static str;

    fn saving_needs_a_key(&self) -> &'static str;

    fn settings_need_a_key(&self) -> &'static str;

    fn saved_game_not_loaded(&self, path: &str, why: &str) -> String;

    /// Why a saved game could not be read.
    fn load_error(&self, error: &crate::store::LoadError) -> String;

    /// "line 6: …".
    fn save_error(&self, error: &crate::game::SaveError) -> String;

    /// "line 3, column 7: …".
    fn sgf_error(&self, error: &crate::game::SgfError) -> String;

    /// What is wrong with the text of a game (given with its quotations already excerpted).
    fn flaw_text(&self, flaw: &Flaw) -> String;

    fn saved_on_exit(&self) -> &'static str;
}
