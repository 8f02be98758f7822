//! A budget of disk space shared by many writers: on a server, every player's files together
//! (saved games, the unfinished game, settings), so that keys, which cost nothing to make, do
//! not buy disk space without end. Each file counts at least one disk block, so that many
//! tiny files are bounded too.

use std::path::Path;
use std::sync::Mutex;

/// What one file costs: its bytes, rounded up to a disk block.
const BLOCK: u64 = 4096;

fn cost(bytes: u64) -> u64 {
    bytes.div_ceil(BLOCK).max(1) * BLOCK
}

/// Bytes that the files under one folder may take, and those they take now.
#[derive(Debug)]
pub struct Budget {
    limit: u64,
    used: Mutex<u64>,
    /// A write was refused and the log told, until one fits again.
    told: std::sync::atomic::AtomicBool,
}

/// Why a write under a budget failed.
#[derive(Debug, thiserror::Error)]
pub enum BudgetError {
    /// It would take the files past the budget: nothing was written.
    #[error("the space for saved files is full")]
    Full,
    #[error(transparent)]
    Io(#[from] std::io::Error),
}

impl Budget {
    /// A budget of `limit` bytes for the files under `dir`, counting what is there now.
    pub fn measure(dir: &Path, limit: u64) -> Budget {
        Budget {
            limit,
            used: Mutex::new(usage(dir)),
            told: std::sync::atomic::AtomicBool::new(false),
        }
    }

    /// Bytes counted now.
    pub fn used(&self) -> u64 {
        *self.used.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// Writes `text` over the file at `path` (as [`super::write_atomically`]) if the budget
    /// has room for the change.
    pub fn write(&self, path: &Path, text: &str) -> Result<(), BudgetError> {
        let before = std::fs::metadata(path).map_or(0, |m| cost(m.len()));
        let after = cost(text.len() as u64);
        let mut used = self.used.lock().unwrap_or_else(|e| e.into_inner());
        let new = (*used + after).saturating_sub(before);
        use std::sync::atomic::Ordering::Relaxed;
        if after > before && new > self.limit {
            // Said once in the operator's log, not once a write.
            if !self.told.swap(true, Relaxed) {
                eprintln!(
                    "heibai serve: the space for players' files ({} MB, --max-saved-mb) is full: \
                     saving is refused until some is freed",
                    self.limit >> 20
                );
            }
            return Err(BudgetError::Full);
        }
        super::write_atomically(path, text)?;
        *used = new;
        if after > before {
            self.told.store(false, Relaxed);
        }
        Ok(())
    }

    /// Removes the file at `path` (a file that is not there is no error).
    pub fn remove(&self, path: &Path) -> std::io::Result<()> {
        let Ok(meta) = std::fs::metadata(path) else {
            return Ok(());
        };
        std::fs::remove_file(path)?;
        let mut used = self.used.lock().unwrap_or_else(|e| e.into_inner());
        *used = used.saturating_sub(cost(meta.len()));
        Ok(())
    }
}

/// Writes `text` over the file at `path` (as [`super::write_atomically`]), within `budget`
/// where there is one: what every writer of players' files calls.
pub fn write_within(budget: Option<&Budget>, path: &Path, text: &str) -> Result<(), BudgetError> {
    match budget {
        Some(budget) => budget.write(path, text),
        None => Ok(super::write_atomically(path, text)?),
    }
}

/// What the files under `dir` cost, found by walking it.
fn usage(dir: &Path) -> u64 {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return 0;
    };
    entries
        .flatten()
        .map(|e| match e.file_type() {
            Ok(t) if t.is_dir() => usage(&e.path()),
            Ok(t) if t.is_file() => e.metadata().map_or(0, |m| cost(m.len())),
            _ => 0,
        })
        .sum()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn writes_past_the_budget_are_refused_and_removals_give_room_back() {
        let dir = tempfile::tempdir().unwrap();
        std::fs::create_dir_all(dir.path().join("a/games")).unwrap();
        std::fs::write(dir.path().join("a/games/one.heibai"), "x").unwrap();
        let budget = Budget::measure(dir.path(), 3 * BLOCK);
        assert_eq!(budget.used(), BLOCK, "what was there is counted");
        let b = dir.path().join("b/settings.toml");
        budget.write(&b, "y").unwrap();
        // Replacing a file with one of the same cost is always allowed.
        budget.write(&b, "z").unwrap();
        let big = "w".repeat(BLOCK as usize + 1);
        assert!(matches!(
            budget.write(&dir.path().join("c"), &big),
            Err(BudgetError::Full)
        ));
        assert!(!dir.path().join("c").exists());
        budget.write(&dir.path().join("c"), "w").unwrap();
        assert_eq!(budget.used(), 3 * BLOCK);
        assert!(matches!(
            budget.write(&dir.path().join("d"), ""),
            Err(BudgetError::Full)
        ));
        budget.remove(&b).unwrap();
        budget.remove(&b).unwrap();
        budget.write(&dir.path().join("d"), "").unwrap();
        assert_eq!(budget.used(), Budget::measure(dir.path(), 0).used());
    }
}
