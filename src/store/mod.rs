//! Persistence, below the drivers that use it: safe reads and atomic writes ([`files`]), dates
//! ([`date`]), and the history: every game, finished or not, one file each (heibai's saved-game
//! text) in the `games` folder of the data directory, under the name it was first kept or last
//! saved under. A file that cannot be read is listed with the reason and never touched.

mod budget;
mod date;
mod files;
mod legacy;

pub use budget::{Budget, BudgetError, write_within};
pub use date::{timestamp, today};
pub use files::{LoadError, MAX_OWN_BYTES, read, read_file, write_atomically};
pub use legacy::{Adoption, adopt};

use crate::game::{GameId, SavedGame};
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::SystemTime;

/// The names' file extension.
const EXT: &str = "heibai";

/// One saved game as the start screen lists it.
#[derive(Clone, Debug, PartialEq)]
pub struct Entry {
    pub name: String,
    /// When it was saved, YYYY-MM-DD HH:MM (UTC).
    pub saved: String,
    /// The game, or why it cannot be read.
    pub game: Result<SavedGame, LoadError>,
}

/// The folder of named games.
#[derive(Clone, Debug)]
pub struct Store {
    dir: PathBuf,
    /// The most it may hold, where there is a limit (each player's folder on a server).
    quota: Option<Quota>,
    /// The space it shares with others, where it does (all players' folders on a server).
    budget: Option<Arc<Budget>>,
}

/// How much a folder of named games may hold.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Quota {
    pub games: usize,
    pub bytes: u64,
}

/// Which saved games the list shows (`f` goes to the next).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum Filter {
    #[default]
    All,
    Unfinished,
    Finished,
    Game(GameId),
}

impl Filter {
    pub fn next(self) -> Filter {
        match self {
            Filter::All => Filter::Unfinished,
            Filter::Unfinished => Filter::Finished,
            Filter::Finished => Filter::Game(GameId::ALL[0]),
            Filter::Game(game) => game.next().map_or(Filter::All, Filter::Game),
        }
    }

    /// Whether `entry` is shown (an unreadable one only with no filter).
    pub fn shows(self, entry: &Entry) -> bool {
        match (self, &entry.game) {
            (Filter::All, _) => true,
            (_, Err(_)) => false,
            (Filter::Unfinished, Ok(g)) => !g.is_over(),
            (Filter::Finished, Ok(g)) => g.is_over(),
            (Filter::Game(id), Ok(g)) => g.id() == id,
        }
    }
}

/// Why a game was not saved.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SaveFailure {
    /// This path could not be written, for the system's reason.
    Write(PathBuf, String),
    /// The folder holds as much as its quota allows (a new name; replacing a game is allowed).
    Full(Quota),
    /// The space shared by all players' folders is full.
    SharedFull,
}

impl Store {
    /// The folder of named games of the data directory `data_dir`, without a limit.
    pub fn new(data_dir: &Path) -> Store {
        Store {
            dir: data_dir.join("games"),
            quota: None,
            budget: None,
        }
    }

    /// The same, holding at most `quota`, and within `budget` with the others it shares.
    pub fn with_quota(data_dir: &Path, quota: Quota, budget: Arc<Budget>) -> Store {
        Store {
            quota: Some(quota),
            budget: Some(budget),
            ..Store::new(data_dir)
        }
    }

    /// Every saved game, newest first. A folder that does not exist holds none.
    pub fn list(&self) -> Vec<Entry> {
        let Ok(dir) = std::fs::read_dir(&self.dir) else {
            return vec![];
        };
        let mut entries: Vec<(SystemTime, Entry)> = dir
            .flatten()
            .filter(|e| e.path().extension().is_some_and(|x| x == EXT))
            .filter_map(|e| {
                let path = e.path();
                let name = path.file_stem()?.to_string_lossy().into_owned();
                let meta = e.metadata().ok()?;
                let modified = meta.modified().unwrap_or(SystemTime::UNIX_EPOCH);
                let game = read(&path, MAX_OWN_BYTES);
                Some((
                    modified,
                    Entry {
                        name,
                        saved: timestamp(modified),
                        game,
                    },
                ))
            })
            .collect();
        entries.sort_by(|a, b| b.0.cmp(&a.0).then_with(|| a.1.name.cmp(&b.1.name)));
        entries.into_iter().map(|(_, e)| e).collect()
    }

    /// Saves `game` as `name` (made safe as a file name), replacing a game of that name; the
    /// name it got, or why not.
    pub fn save(&self, name: &str, game: &SavedGame) -> Result<String, SaveFailure> {
        let name = file_name(name);
        std::fs::create_dir_all(&self.dir)
            .map_err(|e| SaveFailure::Write(self.dir.clone(), e.to_string()))?;
        let path = self.dir.join(format!("{name}.{EXT}"));
        let text = game.to_text();
        if let Some(quota) = self.quota
            && !path.exists()
        {
            let (games, bytes) = self.usage();
            if games >= quota.games || bytes + text.len() as u64 > quota.bytes {
                return Err(SaveFailure::Full(quota));
            }
        }
        write_within(self.budget.as_deref(), &path, &text).map_err(|e| match e {
            BudgetError::Full => SaveFailure::SharedFull,
            BudgetError::Io(e) => SaveFailure::Write(path.clone(), format!("{e:#}")),
        })?;
        Ok(name)
    }

    /// Gives the game saved as `from` the name `to` (made safe as a file name), never over
    /// another game; the name it got.
    pub fn rename(&self, from: &str, to: &str) -> Result<String, SaveFailure> {
        let to = file_name(to);
        let path = |name: &str| self.dir.join(format!("{name}.{EXT}"));
        let (old, new) = (path(&file_name(from)), path(&to));
        if new.exists() && old != new {
            return Err(SaveFailure::Write(new, "a game has that name".into()));
        }
        std::fs::rename(&old, &new).map_err(|e| SaveFailure::Write(old, e.to_string()))?;
        Ok(to)
    }

    /// Deletes the game saved as `name`.
    pub fn delete(&self, name: &str) -> Result<(), SaveFailure> {
        let path = self.dir.join(format!("{}.{EXT}", file_name(name)));
        let removed = match &self.budget {
            Some(budget) if path.exists() => budget.remove(&path),
            _ => std::fs::remove_file(&path),
        };
        removed.map_err(|e| SaveFailure::Write(path, e.to_string()))
    }

    /// How many named games the folder holds, and their bytes.
    fn usage(&self) -> (usize, u64) {
        let Ok(dir) = std::fs::read_dir(&self.dir) else {
            return (0, 0);
        };
        dir.flatten()
            .filter(|e| e.path().extension().is_some_and(|x| x == EXT))
            .fold((0, 0), |(n, bytes), e| {
                (n + 1, bytes + e.metadata().map_or(0, |m| m.len()))
            })
    }
}

/// The entry of `entries` that holds `game`, its clocks apart: the same game is never kept
/// twice.
pub fn holding<'a>(entries: &'a [Entry], game: &SavedGame) -> Option<&'a Entry> {
    let bare = game.clone().without_clocks();
    entries.iter().find(|e| {
        e.game
            .as_ref()
            .is_ok_and(|g| g.clone().without_clocks() == bare)
    })
}

/// `name`, or, if a game is saved under it (`taken`: the saved games' names), the first free
/// of "name (2)", "name (3)" …, the name shortened so that the number always fits.
pub fn free_name(name: &str, taken: &[String]) -> String {
    let base: String = name.trim().chars().take(50).collect();
    std::iter::once(name.to_string())
        .chain((2..).map(|n| format!("{base} ({n})")))
        .find(|n| !taken.contains(&file_name(n)))
        .expect("fewer saved games than numbers")
}

/// A name as a file name: letters, digits, spaces, `-`, `_`, `.` and parentheses kept (not
/// leading dots), anything else a `-`; never empty, at most 60 characters.
pub fn file_name(name: &str) -> String {
    let cleaned: String = name
        .trim()
        .chars()
        .map(|c| {
            if c.is_alphanumeric() || matches!(c, ' ' | '-' | '_' | '.' | '(' | ')') {
                c
            } else {
                '-'
            }
        })
        .take(60)
        .collect();
    let cleaned = cleaned.trim_start_matches('.').trim().to_string();
    if cleaned.is_empty() {
        "game".into()
    } else {
        cleaned
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::{Game, Player, SaveError};

    #[test]
    fn names_are_safe_file_names() {
        assert_eq!(file_name("2026-11-29 Reversi"), "2026-11-29 Reversi");
        assert_eq!(file_name("../../etc/passwd"), "-..-etc-passwd");
        assert_eq!(file_name("..."), "game");
        assert_eq!(file_name("  "), "game");
        assert_eq!(file_name(&"x".repeat(100)).len(), 60);
        assert_eq!(file_name("黑白 棋"), "黑白 棋");
    }

    #[test]
    fn a_quota_refuses_new_names_but_not_replacements() {
        let dir = tempfile::tempdir().unwrap();
        let quota = Quota {
            games: 2,
            bytes: 1 << 20,
        };
        let roomy = || Arc::new(Budget::measure(dir.path(), 1 << 30));
        let store = Store::with_quota(dir.path(), quota, roomy());
        let game = SavedGame::Reversi(Game::new(Player::Human, Player::Computer));
        store.save("one", &game).unwrap();
        store.save("two", &game).unwrap();
        assert_eq!(store.save("three", &game), Err(SaveFailure::Full(quota)));
        assert!(store.save("two", &game).is_ok(), "a replacement fits");
        let tiny = Store::with_quota(
            dir.path(),
            Quota {
                games: 10,
                bytes: 100,
            },
            roomy(),
        );
        assert_eq!(
            tiny.save("four", &game),
            Err(SaveFailure::Full(Quota {
                games: 10,
                bytes: 100
            }))
        );
    }

    #[test]
    fn folders_sharing_a_budget_are_held_to_it_together() {
        let dir = tempfile::tempdir().unwrap();
        let budget = Arc::new(Budget::measure(dir.path(), 3 * 4096));
        let quota = Quota {
            games: 10,
            bytes: 1 << 20,
        };
        let alice = Store::with_quota(&dir.path().join("alice"), quota, Arc::clone(&budget));
        let bob = Store::with_quota(&dir.path().join("bob"), quota, Arc::clone(&budget));
        let game = SavedGame::Reversi(Game::new(Player::Human, Player::Computer));
        alice.save("one", &game).unwrap();
        alice.save("two", &game).unwrap();
        bob.save("one", &game).unwrap();
        assert_eq!(bob.save("two", &game), Err(SaveFailure::SharedFull));
        assert!(bob.save("one", &game).is_ok(), "a replacement fits");
        alice.delete("two").unwrap();
        assert!(bob.save("two", &game).is_ok(), "room given back");
    }

    #[test]
    fn a_deleted_game_leaves_the_list() {
        let dir = tempfile::tempdir().unwrap();
        let store = Store::new(dir.path());
        let game = SavedGame::Reversi(crate::game::Game::new(
            crate::game::Player::Human,
            crate::game::Player::Human,
        ));
        let name = store.save("a game", &game).unwrap();
        assert_eq!(store.list().len(), 1);
        assert_eq!(store.rename(&name, "renamed/x").unwrap(), "renamed-x");
        store.save("another", &game).unwrap();
        assert!(
            store.rename("renamed-x", "another").is_err(),
            "never over another"
        );
        store.delete("renamed-x").unwrap();
        store.delete("another").unwrap();
        assert!(store.list().is_empty());
        assert!(store.delete("another").is_err(), "nothing left to delete");
    }

    #[test]
    fn saves_lists_and_reports_broken_files() {
        let dir = tempfile::tempdir().unwrap();
        let store = Store::new(dir.path());
        assert!(store.list().is_empty());
        let game = SavedGame::Reversi(Game::new(Player::Human, Player::Computer));
        assert_eq!(store.save("first/game", &game).unwrap(), "first-game");
        std::fs::write(dir.path().join("games/broken.heibai"), "garbage").unwrap();
        std::fs::write(dir.path().join("games/notes.txt"), "not a game").unwrap();
        let list = store.list();
        assert_eq!(list.len(), 2);
        let first = list.iter().find(|e| e.name == "first-game").unwrap();
        assert_eq!(first.game.as_ref(), Ok(&game));
        let broken = list.iter().find(|e| e.name == "broken").unwrap();
        assert!(matches!(
            broken.game.as_ref().unwrap_err(),
            LoadError::Save(SaveError { line: 1, .. })
        ));
    }
}
