//! The server's games between people, in an embedded SQLite database, so that a restart loses
//! nothing: every table is written on each change, finished ones are kept as a record.

use crate::game::SavedGame;
use anyhow::{Context, Result};
use rusqlite::{Connection, OptionalExtension, params};
use std::path::Path;

/// A seat as stored: the player's name, their key's fingerprint, and for a player without a
/// key the hash of the seat's resume code (never the code).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct StoredSeat {
    pub name: String,
    pub key: Option<String>,
    pub resume: Option<String>,
}

/// A table as stored.
#[derive(Clone, Debug, PartialEq)]
pub struct StoredTable {
    pub code: String,
    pub game: SavedGame,
    pub seats: [Option<StoredSeat>; 2],
    /// How it ended off the board, if it did.
    pub result: Option<String>,
    pub finished: bool,
}

pub struct Db {
    conn: Connection,
}

const SCHEMA: &str = "
CREATE TABLE IF NOT EXISTS tables (
    code TEXT PRIMARY KEY,
    game TEXT NOT NULL,
    black_name TEXT, black_key TEXT, black_resume TEXT,
    white_name TEXT, white_key TEXT, white_resume TEXT,
    result TEXT,
    finished INTEGER NOT NULL DEFAULT 0,
    updated INTEGER NOT NULL
);";

/// Makes the file at `path` readable and writable by its owner only.
fn owner_only(path: &Path) -> Result<()> {
    use std::os::unix::fs::PermissionsExt;
    std::fs::set_permissions(path, std::fs::Permissions::from_mode(0o600))
        .with_context(|| format!("making {} private", path.display()))
}

impl Db {
    /// Opens (or makes) the database at `path`.
    pub fn open(path: &Path) -> Result<Db> {
        if let Some(dir) = path.parent() {
            super::private_dir(dir)?;
        }
        let conn = Connection::open(path)
            .with_context(|| format!("opening the database {}", path.display()))?;
        // Players' names and keys' fingerprints are for this server's owner only (SQLite
        // gives the journal files the database's mode).
        owner_only(path)?;
        conn.execute_batch("PRAGMA journal_mode=WAL; PRAGMA synchronous=NORMAL;")
            .and_then(|_| conn.execute_batch(SCHEMA))
            .with_context(|| format!("preparing the database {}", path.display()))?;
        Ok(Db { conn })
    }

    /// Makes every later write fail (or succeed again), as a read-only file or a full disk
    /// would: for the tests of what the server does then.
    #[cfg(test)]
    pub fn set_read_only(&self, read_only: bool) {
        let pragma = format!("PRAGMA query_only = {read_only}");
        self.conn.execute_batch(&pragma).expect("a pragma");
    }

    /// Writes `table` over what was stored under its code.
    pub fn save(&self, table: &StoredTable) -> Result<()> {
        let seat = |i: usize| table.seats[i].as_ref();
        let now = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(0, |d| d.as_secs() as i64);
        self.conn
            .execute(
                "INSERT OR REPLACE INTO tables VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11)",
                params![
                    table.code,
                    table.game.to_text(),
                    seat(0).map(|s| &s.name),
                    seat(0).and_then(|s| s.key.as_ref()),
                    seat(0).and_then(|s| s.resume.as_ref()),
                    seat(1).map(|s| &s.name),
                    seat(1).and_then(|s| s.key.as_ref()),
                    seat(1).and_then(|s| s.resume.as_ref()),
                    table.result,
                    table.finished,
                    now,
                ],
            )
            .with_context(|| format!("saving game {}", table.code))?;
        Ok(())
    }

    /// Forgets a table (one nobody ever joined).
    pub fn delete(&self, code: &str) -> Result<()> {
        self.conn
            .execute("DELETE FROM tables WHERE code = ?1", params![code])
            .with_context(|| format!("deleting game {code}"))?;
        Ok(())
    }

    /// Every unfinished table; rows that cannot be read are skipped and named in the second
    /// list, never changed.
    pub fn unfinished(&self) -> Result<(Vec<StoredTable>, Vec<String>)> {
        let mut statement = self.conn.prepare(
            "SELECT code, game, black_name, black_key, black_resume, \
             white_name, white_key, white_resume, result FROM tables WHERE finished = 0",
        )?;
        let rows = statement.query_map([], |row| {
            let seat = |at: usize| -> rusqlite::Result<Option<StoredSeat>> {
                let name: Option<String> = row.get(at)?;
                Ok(name.map(|name| StoredSeat {
                    name,
                    key: row.get(at + 1).ok().flatten(),
                    resume: row.get(at + 2).ok().flatten(),
                }))
            };
            Ok((
                row.get::<_, String>(0)?,
                row.get::<_, String>(1)?,
                [seat(2)?, seat(5)?],
                row.get::<_, Option<String>>(8)?,
            ))
        })?;
        let (mut tables, mut bad) = (vec![], vec![]);
        for row in rows {
            let (code, text, seats, result) = row?;
            match SavedGame::from_text(&text) {
                Ok(game) => tables.push(StoredTable {
                    code,
                    game,
                    seats,
                    result,
                    finished: false,
                }),
                Err(e) => bad.push(format!("game {code}: {e}")),
            }
        }
        Ok((tables, bad))
    }

    /// Whether a table is stored under `code` (finished or not).
    pub fn exists(&self, code: &str) -> bool {
        self.conn
            .query_row(
                "SELECT 1 FROM tables WHERE code = ?1",
                params![code],
                |_| Ok(()),
            )
            .optional()
            .ok()
            .flatten()
            .is_some()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::{Game, Player};

    fn table(code: &str) -> StoredTable {
        let mut game = Game::new(Player::Human, Player::Human);
        game.record.play("d3".parse().unwrap()).unwrap();
        StoredTable {
            code: code.into(),
            game: SavedGame::Reversi(game),
            seats: [
                Some(StoredSeat {
                    name: "alice".into(),
                    key: Some("SHA256:abc".into()),
                    resume: Some("R1".into()),
                }),
                None,
            ],
            result: None,
            finished: false,
        }
    }

    #[test]
    fn tables_round_trip_and_finished_ones_stay_out() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("games.db");
        let db = Db::open(&path).unwrap();
        db.save(&table("AAAAA")).unwrap();
        let mut done = table("BBBBB");
        done.finished = true;
        db.save(&done).unwrap();
        drop(db);
        let db = Db::open(&path).unwrap();
        let (tables, bad) = db.unfinished().unwrap();
        assert!(bad.is_empty());
        assert_eq!(tables, vec![table("AAAAA")]);
        assert!(db.exists("BBBBB"));
        db.delete("AAAAA").unwrap();
        assert!(!db.exists("AAAAA"));
    }

    #[test]
    fn a_damaged_row_is_named_and_skipped() {
        let dir = tempfile::tempdir().unwrap();
        let db = Db::open(&dir.path().join("games.db")).unwrap();
        db.save(&table("AAAAA")).unwrap();
        db.conn
            .execute(
                "UPDATE tables SET game = 'nonsense' WHERE code = 'AAAAA'",
                [],
            )
            .unwrap();
        db.save(&table("CCCCC")).unwrap();
        let (tables, bad) = db.unfinished().unwrap();
        assert_eq!(tables.len(), 1);
        assert_eq!(bad.len(), 1);
        assert!(bad[0].starts_with("game AAAAA"), "{bad:?}");
    }

    #[test]
    fn a_file_that_is_not_a_database_is_an_error() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("games.db");
        std::fs::write(
            &path,
            "this is not SQLite, just text that is long enough to be read",
        )
        .unwrap();
        assert!(Db::open(&path).is_err());
    }
}
