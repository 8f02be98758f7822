//! The unfinished game: one file in the data directory, read at start and written (or removed)
//! when a player leaves, so that Continue takes up where they stopped.

use super::budget::{Budget, BudgetError, write_within};
use super::files::{LoadError, MAX_OWN_BYTES, read};
use crate::game::SavedGame;
use std::path::Path;

/// The unfinished game's file name in the data directory.
pub const SAVE_FILE: &str = "unfinished-game.txt";

/// What the saved-game slot held when the program started.
#[derive(Clone, Debug, PartialEq)]
pub enum SaveSlot {
    Empty,
    Saved(SavedGame),
    /// A file is there but cannot be read, and why. It is never overwritten unless a new
    /// unfinished game is saved over it.
    Unreadable {
        path: String,
        why: LoadError,
    },
}

/// What to do with the saved-game file when the program ends.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Autosave {
    Write(String),
    Remove,
    Keep,
}

/// Reads the unfinished game at `path`, if there is one; a file that cannot be read is
/// reported and left alone.
pub fn load_slot(path: &Path) -> SaveSlot {
    match read(path, MAX_OWN_BYTES) {
        Ok(game) if !game.is_over() => SaveSlot::Saved(game),
        Ok(_) | Err(LoadError::Missing) => SaveSlot::Empty,
        Err(why) => SaveSlot::Unreadable {
            path: path.display().to_string(),
            why,
        },
    }
}

/// Carries out `autosave` on the file at `path`, within `budget` where there is one.
pub fn save(path: &Path, autosave: Autosave, budget: Option<&Budget>) -> std::io::Result<()> {
    match (autosave, budget) {
        (Autosave::Keep, _) => Ok(()),
        (Autosave::Remove, Some(budget)) => budget.remove(path),
        (Autosave::Remove, None) => match std::fs::remove_file(path) {
            Err(e) if e.kind() != std::io::ErrorKind::NotFound => Err(e),
            _ => Ok(()),
        },
        (Autosave::Write(text), budget) => write_within(budget, path, &text).map_err(|e| match e {
            BudgetError::Full => std::io::Error::new(std::io::ErrorKind::StorageFull, e),
            BudgetError::Io(e) => e,
        }),
    }
}
