//! Games saved under a name: one file each (heibai's saved-game text) in the `games` folder of
//! the data directory. Writes are atomic (a temporary file renamed into place); a file that
//! cannot be read is listed with the reason and never touched.

use crate::game::{SaveError, SavedGame};
use std::io::Read;
use std::path::{Path, PathBuf};
use std::time::SystemTime;

/// Larger files are not games.
const MAX_BYTES: u64 = 1 << 20;
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
}

impl Store {
    pub fn new(data_dir: &Path) -> Store {
        Store {
            dir: data_dir.join("games"),
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
                let game = read(&path, MAX_BYTES);
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
    /// name it got, or the path that could not be written and the system's reason.
    pub fn save(&self, name: &str, game: &SavedGame) -> Result<String, (PathBuf, String)> {
        let name = file_name(name);
        std::fs::create_dir_all(&self.dir).map_err(|e| (self.dir.clone(), e.to_string()))?;
        let path = self.dir.join(format!("{name}.{EXT}"));
        crate::term::write_atomically(&path, &game.to_text())
            .map_err(|e| (path.clone(), format!("{e:#}")))?;
        Ok(name)
    }
}

/// Why a saved game cannot be read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum LoadError {
    /// It is this many bytes (or more), more than heibai ever writes.
    TooLarge(u64),
    /// A device, a FIFO or a folder, not a file.
    NotAFile,
    /// There is no file there.
    Missing,
    NotText,
    /// The system's reason.
    Io(String),
    Save(SaveError),
}

/// Reads a saved game of at most `max` bytes at `path`.
pub fn read(path: &Path, max: u64) -> Result<SavedGame, LoadError> {
    let bytes = read_file(path, max)?;
    let text = std::str::from_utf8(&bytes).map_err(|_| LoadError::NotText)?;
    SavedGame::from_text(text).map_err(LoadError::Save)
}

/// Reads the regular file at `path` if it holds at most `max` bytes, counting what is read
/// rather than trusting the size the file states. Devices, FIFOs and folders are refused
/// before they are opened (reading /dev/zero never ends; opening a FIFO waits for a writer).
pub fn read_file(path: &Path, max: u64) -> Result<Vec<u8>, LoadError> {
    let io = |e: std::io::Error| match e.kind() {
        std::io::ErrorKind::NotFound => LoadError::Missing,
        _ => LoadError::Io(e.to_string()),
    };
    let meta = std::fs::metadata(path).map_err(io)?;
    if !meta.is_file() {
        return Err(LoadError::NotAFile);
    }
    if meta.len() > max {
        return Err(LoadError::TooLarge(meta.len()));
    }
    let mut bytes = vec![];
    std::fs::File::open(path)
        .and_then(|f| f.take(max + 1).read_to_end(&mut bytes))
        .map_err(io)?;
    if bytes.len() as u64 > max {
        return Err(LoadError::TooLarge(bytes.len() as u64));
    }
    Ok(bytes)
}

/// A name as a file name: letters, digits, spaces, `-`, `_` and `.` kept (not leading dots),
/// anything else a `-`; never empty, at most 60 characters.
pub fn file_name(name: &str) -> String {
    let cleaned: String = name
        .trim()
        .chars()
        .map(|c| {
            if c.is_alphanumeric() || matches!(c, ' ' | '-' | '_' | '.') {
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

/// YYYY-MM-DD HH:MM (UTC) of a time.
pub fn timestamp(t: SystemTime) -> String {
    let secs = t
        .duration_since(SystemTime::UNIX_EPOCH)
        .map_or(0, |d| d.as_secs());
    let (y, m, d) = crate::commands::civil_from_days((secs / 86_400) as i64);
    let minutes = secs % 86_400 / 60;
    format!(
        "{y:04}-{m:02}-{d:02} {:02}:{:02}",
        minutes / 60,
        minutes % 60
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::{Game, Player};

    #[test]
    fn reads_only_regular_files_of_bounded_size() {
        let dir = tempfile::tempdir().unwrap();
        let big = dir.path().join("big");
        std::fs::write(&big, vec![b'x'; 101]).unwrap();
        assert_eq!(read_file(&big, 100), Err(LoadError::TooLarge(101)));
        assert_eq!(read_file(&big, 101).map(|b| b.len()), Ok(101));
        assert_eq!(read_file(dir.path(), 100), Err(LoadError::NotAFile));
        // A device that never ends, and a FIFO no one writes to: refused at once.
        assert_eq!(
            read_file(Path::new("/dev/zero"), 100),
            Err(LoadError::NotAFile)
        );
        let fifo = dir.path().join("fifo");
        if nix::unistd::mkfifo(&fifo, nix::sys::stat::Mode::S_IRWXU).is_ok() {
            assert_eq!(read_file(&fifo, 100), Err(LoadError::NotAFile));
        }
        assert_eq!(
            read_file(&dir.path().join("none"), 100),
            Err(LoadError::Missing)
        );
    }

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

    #[test]
    fn timestamps() {
        let t = SystemTime::UNIX_EPOCH + std::time::Duration::from_secs(20_786 * 86_400 + 3_660);
        assert_eq!(timestamp(t), "2026-11-29 01:01");
    }
}
