//! The unfinished-game file of earlier versions, which kept the game behind Continue apart from
//! the saved games: read once, its game moved among them, the file removed. One history holds
//! every game now.

use super::files::{LoadError, MAX_OWN_BYTES, read};
use super::{SaveFailure, Store, free_name, holding};
use crate::game::SavedGame;
use std::path::{Path, PathBuf};

/// The file's name in the data directory.
const FILE: &str = "unfinished-game.txt";

/// What became of the old file.
#[derive(Debug, PartialEq)]
pub enum Adoption {
    /// There was none, or its game is among the saved games now (the file is gone).
    Done,
    /// It cannot be read, and why; it is left as it is.
    Unreadable { path: PathBuf, why: LoadError },
    /// Its game could not be saved; the file is left as it is.
    NotSaved(SaveFailure),
}

/// Moves the game of the old unfinished-game file in `data_dir` among `store`'s games, under
/// `name(game, the file's date)` (numbered if taken), unless the same game is already there.
pub fn adopt(
    data_dir: &Path,
    store: &Store,
    name: impl Fn(&SavedGame, &str) -> String,
) -> Adoption {
    let path = data_dir.join(FILE);
    let game = match read(&path, MAX_OWN_BYTES) {
        Ok(game) => game,
        Err(LoadError::Missing) => return Adoption::Done,
        Err(why) => return Adoption::Unreadable { path, why },
    };
    let list = store.list();
    if holding(&list, &game).is_none() {
        let modified = std::fs::metadata(&path).and_then(|m| m.modified());
        let date = modified.map_or_else(|_| super::today(), |t| super::timestamp(t)[..10].into());
        let taken: Vec<String> = list.into_iter().map(|e| e.name).collect();
        if let Err(failure) = store.save(&free_name(&name(&game, &date), &taken), &game) {
            return Adoption::NotSaved(failure);
        }
    }
    match std::fs::remove_file(&path) {
        Err(e) if e.kind() != std::io::ErrorKind::NotFound => {
            Adoption::NotSaved(SaveFailure::Write(path, e.to_string()))
        }
        _ => Adoption::Done,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::{Game, Player};

    fn name(_: &SavedGame, date: &str) -> String {
        format!("{date} old")
    }

    #[test]
    fn the_old_game_joins_the_saved_games_once() {
        let dir = tempfile::tempdir().unwrap();
        let store = Store::new(dir.path());
        assert_eq!(adopt(dir.path(), &store, name), Adoption::Done, "no file");
        let game = SavedGame::Reversi(Game::new(Player::Human, Player::Computer));
        std::fs::write(dir.path().join(FILE), game.to_text()).unwrap();
        assert_eq!(adopt(dir.path(), &store, name), Adoption::Done);
        assert!(!dir.path().join(FILE).exists());
        let list = store.list();
        assert_eq!(list.len(), 1);
        assert!(list[0].name.ends_with(" old"), "{}", list[0].name);
        assert_eq!(list[0].game.as_ref(), Ok(&game));
        // The same game again (a copy left by a failed removal) is not kept twice.
        std::fs::write(dir.path().join(FILE), game.to_text()).unwrap();
        assert_eq!(adopt(dir.path(), &store, name), Adoption::Done);
        assert_eq!(store.list().len(), 1);
        assert!(!dir.path().join(FILE).exists());
    }

    #[test]
    fn an_unreadable_file_is_left_alone() {
        let dir = tempfile::tempdir().unwrap();
        let store = Store::new(dir.path());
        std::fs::write(dir.path().join(FILE), "garbage").unwrap();
        assert!(matches!(
            adopt(dir.path(), &store, name),
            Adoption::Unreadable { .. }
        ));
        assert_eq!(std::fs::read(dir.path().join(FILE)).unwrap(), b"garbage");
        assert!(store.list().is_empty());
    }
}
