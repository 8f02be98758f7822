//! Reading and writing heibai's files safely: reads bounded and from regular files only,
//! writes atomic (a temporary file renamed into place), so a crash never leaves half a file.

use crate::game::{SaveError, SavedGame};
use std::io::{Read, Write};
use std::path::{Path, PathBuf};

/// Larger files (a saved game, the settings) are not ones heibai wrote.
pub const MAX_OWN_BYTES: u64 = 1 << 20;

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

/// Writes `text` to a temporary file beside `path` and renames it over `path`, so that a crash
/// never leaves half a file; makes the folder if need be.
pub fn write_atomically(path: &Path, text: &str) -> std::io::Result<()> {
    if let Some(dir) = path.parent() {
        std::fs::create_dir_all(dir)?;
    }
    let tmp = tmp_path(path);
    let mut file = std::fs::File::create(&tmp)?;
    file.write_all(text.as_bytes())?;
    file.sync_all()?;
    std::fs::rename(&tmp, path)
}

fn tmp_path(path: &Path) -> PathBuf {
    let mut name = path.file_name().unwrap_or_default().to_os_string();
    name.push(".tmp");
    path.with_file_name(name)
}

#[cfg(test)]
mod tests {
    use super::*;

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
    fn writes_replace_whole_files() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("deep/er/file");
        write_atomically(&path, "first").unwrap();
        write_atomically(&path, "second").unwrap();
        assert_eq!(std::fs::read_to_string(&path).unwrap(), "second");
        assert!(!tmp_path(&path).exists());
    }
}
