//! The server's games between people, in an embedded SQLite database, so that a restart loses
//! nothing: every table is written on each change, finished ones are kept as a record. One
//! server writes a database: the file itself is locked for the server's life (whatever path,
//! link or hard link reaches it), and every write says how many moves it expects the stored
//! game to have, so that no path can put a shorter game over a longer one.

use super::ratings::{self, Standing};
use crate::game::{Ending, SavedGame};
use crate::reversi::Color;
use crate::table::{Card, Leaderboard, PastGame, Rated, Rating, Variant};
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
    /// By seat, the colour each began with; the database's columns name the colour each
    /// holds now, after an opening's swaps.
    pub seats: [Option<StoredSeat>; 2],
    /// How it ended off the board, if it did.
    pub result: Option<String>,
    pub finished: bool,
    /// Whether its end changes the players' ratings.
    pub rated: bool,
}

impl StoredTable {
    /// How a finished game came out, by the colour held: `Some(Some(winner))`, `Some(None)`
    /// for a draw, `None` while it goes on.
    fn outcome(&self) -> Option<Option<Color>> {
        let ending = self.result.as_deref().and_then(Ending::from_code);
        match ending {
            Some(ending) => Some(Some(ending.winner())),
            None => self.game.is_over().then(|| self.game.winner()),
        }
    }
}

pub struct Db {
    conn: Connection,
    /// The database file, locked (`flock`) for as long as it is open here. SQLite's own locks
    /// are `fcntl` locks, which these do not touch; this descriptor is closed after SQLite's
    /// connection (the fields drop in order), as closing one while SQLite holds its locks
    /// would release them.
    _lock: std::fs::File,
}

/// Why a table was not written.
#[derive(Debug, thiserror::Error)]
pub enum SaveError {
    /// The stored game is not the one this write follows (another writer changed it): nothing
    /// was written.
    #[error("game {0} was changed by someone else; not overwritten")]
    Conflict(String),
    #[error(transparent)]
    Other(#[from] anyhow::Error),
}

const SCHEMA: &str = "
CREATE TABLE IF NOT EXISTS tables (
    code TEXT PRIMARY KEY,
    game TEXT NOT NULL,
    black_name TEXT, black_key TEXT, black_resume TEXT,
    white_name TEXT, white_key TEXT, white_resume TEXT,
    result TEXT,
    finished INTEGER NOT NULL DEFAULT 0,
    updated INTEGER NOT NULL,
    moves INTEGER
);
CREATE TABLE IF NOT EXISTS ratings (
    key TEXT NOT NULL,
    pool TEXT NOT NULL,
    name TEXT NOT NULL,
    rating REAL NOT NULL, deviation REAL NOT NULL, volatility REAL NOT NULL,
    games INTEGER NOT NULL, wins INTEGER NOT NULL, losses INTEGER NOT NULL,
    draws INTEGER NOT NULL,
    updated INTEGER NOT NULL,
    PRIMARY KEY (key, pool)
);
CREATE TABLE IF NOT EXISTS rating_changes (
    code TEXT NOT NULL,
    key TEXT NOT NULL,
    pool TEXT NOT NULL,
    before REAL NOT NULL, after REAL NOT NULL,
    deviation REAL NOT NULL, volatility REAL NOT NULL,
    games INTEGER NOT NULL,
    at INTEGER NOT NULL,
    PRIMARY KEY (code, key)
);";

/// WAL pages written before SQLite folds them into the database (its default, 1000 pages,
/// lets the WAL grow to 4 MB), and the size the WAL file is cut back to afterwards.
const CHECKPOINT_PAGES: u32 = 64;
const WAL_LIMIT: u32 = 256 << 10;

/// Makes the file at `path` readable and writable by its owner only.
fn owner_only(path: &Path) -> Result<()> {
    use std::os::unix::fs::PermissionsExt;
    std::fs::set_permissions(path, std::fs::Permissions::from_mode(0o600))
        .with_context(|| format!("making {} private", path.display()))
}

impl Db {
    /// Opens (or makes) the database at `path`, for this process alone: while it is open, a
    /// second `open` of the same file (in this process or another) is refused.
    pub fn open(path: &Path) -> Result<Db> {
        if let Some(dir) = path.parent() {
            super::private_dir(dir)?;
        }
        let lock = lock(path)?;
        let conn = Connection::open(path)
            .with_context(|| format!("opening the database {}", path.display()))?;
        // Players' names and keys' fingerprints are for this server's owner only (SQLite
        // gives the journal files the database's mode).
        owner_only(path)?;
        let pragmas = format!(
            "PRAGMA journal_mode=WAL; PRAGMA synchronous=NORMAL; \
             PRAGMA wal_autocheckpoint={CHECKPOINT_PAGES}; PRAGMA journal_size_limit={WAL_LIMIT};"
        );
        conn.execute_batch(&pragmas)
            .and_then(|_| conn.execute_batch(SCHEMA))
            .and_then(|_| add_column(&conn, "moves", "INTEGER"))
            .and_then(|_| add_column(&conn, "rated", "INTEGER NOT NULL DEFAULT 0"))
            .with_context(|| format!("preparing the database {}", path.display()))?;
        Ok(Db { conn, _lock: lock })
    }

    /// Makes every later write fail (or succeed again), as a read-only file or a full disk
    /// would: for the tests of what the server does then.
    #[cfg(test)]
    pub fn set_read_only(&self, read_only: bool) {
        let pragma = format!("PRAGMA query_only = {read_only}");
        self.conn.execute_batch(&pragma).expect("a pragma");
    }

    /// How the table at `code` ended off the board, as stored.
    #[cfg(test)]
    pub fn result(&self, code: &str) -> Option<String> {
        self.conn
            .query_row(
                "SELECT result FROM tables WHERE code = ?1",
                params![code],
                |row| row.get(0),
            )
            .ok()
            .flatten()
    }

    /// The names stored as Black's and White's at `code`.
    #[cfg(test)]
    pub fn names(&self, code: &str) -> [Option<String>; 2] {
        self.conn
            .query_row(
                "SELECT black_name, white_name FROM tables WHERE code = ?1",
                params![code],
                |row| Ok([row.get(0)?, row.get(1)?]),
            )
            .unwrap_or_default()
    }

    /// The standing of `key` in `pool` (a newcomer's if they have none there).
    pub fn standing(&self, key: &str, pool: Variant) -> Result<Standing> {
        standing_in(&self.conn, key, &pool.pool_code()).context("reading a rating")
    }

    /// The leaderboard of `pool` (or, for `None`, of the first pool `key` has a rating in,
    /// else the first with players): the [`LEADERS`] best rated and not provisional players
    /// who played in the last [`ACTIVE_DAYS`] days, and `key`'s own standing there.
    pub fn leaderboard(&self, pool: Option<Variant>, key: Option<&str>) -> Result<Leaderboard> {
        let pools: Vec<Variant> = self
            .conn
            .prepare("SELECT DISTINCT pool FROM ratings ORDER BY pool")?
            .query_map([], |row| row.get::<_, String>(0))?
            .filter_map(|code| Variant::from_pool_code(&code.ok()?))
            .collect();
        let mine =
            |p: &&Variant| key.is_some_and(|k| self.standing_row(k, **p).ok().flatten().is_some());
        let pool = pool
            .map(Variant::pool)
            .or_else(|| pools.iter().find(mine).copied())
            .or_else(|| pools.first().copied())
            .unwrap_or(Variant::Game(crate::game::GameId::Reversi));
        let since = now_secs() - ACTIVE_DAYS * 24 * 3600;
        let listed = |settled: &str| -> Result<Vec<crate::table::Standing>> {
            Ok(self
                .conn
                .prepare(&format!(
                    "SELECT {STANDING} FROM ratings WHERE pool = ?1 AND (games >= ?2) = {settled} \
                     AND updated >= ?3 ORDER BY rating DESC, name LIMIT {LEADERS}"
                ))?
                .query_map(
                    params![pool.pool_code(), ratings::PROVISIONAL_GAMES, since],
                    standing_of,
                )?
                .collect::<rusqlite::Result<Vec<_>>>()?)
        };
        let (top, provisional) = (listed("1")?, listed("0")?);
        let you = match key {
            Some(key) => self.standing_row(key, pool)?,
            None => None,
        };
        Ok(Leaderboard {
            pool,
            pools,
            top,
            provisional,
            you,
        })
    }

    /// The standing of `key` in `pool` as listed, if they have one there.
    fn standing_row(&self, key: &str, pool: Variant) -> Result<Option<crate::table::Standing>> {
        Ok(self
            .conn
            .query_row(
                &format!("SELECT {STANDING} FROM ratings WHERE key = ?1 AND pool = ?2"),
                params![key, pool.pool_code()],
                standing_of,
            )
            .optional()?)
    }

    /// The card of the player with `key`: every rating, the latest [`CARD_GAMES`] finished
    /// games. `None` if the server knows no game of theirs.
    pub fn card(&self, key: &str) -> Result<Option<Card>> {
        let standings = self
            .conn
            .prepare(&format!(
                "SELECT {STANDING} FROM ratings WHERE key = ?1 ORDER BY games DESC, pool"
            ))?
            .query_map([key], standing_of)?
            .collect::<rusqlite::Result<Vec<_>>>()?;
        let mut statement = self.conn.prepare(&format!(
            "SELECT t.code, t.game, t.black_name, t.white_name, t.black_key, t.result, \
             t.updated, c.before, c.after FROM tables t \
             LEFT JOIN rating_changes c ON c.code = t.code AND c.key = ?1 \
             WHERE t.finished = 1 AND (t.black_key = ?1 OR t.white_key = ?1) \
             ORDER BY t.updated DESC LIMIT {CARD_GAMES}"
        ))?;
        let rows = statement.query_map([key], |row| {
            Ok((
                row.get::<_, String>(0)?,
                row.get::<_, String>(1)?,
                [row.get::<_, Option<String>>(2)?, row.get(3)?],
                row.get::<_, Option<String>>(4)?,
                row.get::<_, Option<String>>(5)?,
                row.get::<_, i64>(6)?,
                row.get::<_, Option<f64>>(7)?
                    .zip(row.get::<_, Option<f64>>(8)?),
            ))
        })?;
        let mut games = vec![];
        for row in rows {
            let (code, text, names, black_key, result, updated, change) = row?;
            // A row that cannot be read is left off the card.
            let Ok(game) = SavedGame::from_text(&text) else {
                continue;
            };
            let ending = result.as_deref().and_then(Ending::from_code);
            let winner = ending.map_or_else(|| game.winner(), |e| Some(e.winner()));
            let played = if black_key.as_deref() == Some(key) {
                Color::Black
            } else {
                Color::White
            };
            let shown = |r: f64| r.round() as i32;
            games.push(PastGame {
                code,
                game: Variant::of(&game),
                names,
                winner,
                played,
                change: change.map(|(before, after)| shown(after) - shown(before)),
                date: crate::store::timestamp(
                    std::time::UNIX_EPOCH + std::time::Duration::from_secs(updated.max(0) as u64),
                )[..10]
                    .to_string(),
            });
        }
        let name = standings.first().map(|s| s.name.clone()).or_else(|| {
            let g = games.first()?;
            g.names[g.played as usize].clone()
        });
        Ok(name.map(|name| Card {
            name,
            key: key.to_string(),
            standings,
            games,
        }))
    }

    /// Every finished game, oldest first, as SGF for publication: the players' names (PB,
    /// PW), their ratings before a rated game (BR, WR), the result however the game ended
    /// (RE: "B+R" a resignation, "B+T" a flag, "B+F" an abandoned seat), the date it ended
    /// (DT) and its code (GN). Rows that cannot be read are named in the second list.
    pub fn export(&self) -> Result<(Vec<String>, Vec<String>)> {
        let mut statement = self.conn.prepare(
            "SELECT t.code, t.game, t.black_name, t.white_name, t.result, t.updated, \
             (SELECT before FROM rating_changes c WHERE c.code = t.code AND c.key = t.black_key), \
             (SELECT before FROM rating_changes c WHERE c.code = t.code AND c.key = t.white_key) \
             FROM tables t WHERE t.finished = 1 ORDER BY t.updated, t.code",
        )?;
        let rows = statement.query_map([], |row| {
            Ok((
                row.get::<_, String>(0)?,
                row.get::<_, String>(1)?,
                [row.get::<_, Option<String>>(2)?, row.get(3)?],
                row.get::<_, Option<String>>(4)?,
                row.get::<_, i64>(5)?,
                [row.get::<_, Option<f64>>(6)?, row.get(7)?],
            ))
        })?;
        let (mut games, mut bad) = (vec![], vec![]);
        for row in rows {
            let (code, text, names, result, updated, ratings) = row?;
            let mut game = match SavedGame::from_text(&text) {
                Ok(game) => game,
                Err(e) => {
                    bad.push(format!("game {code}: {e}"));
                    continue;
                }
            };
            let date = crate::store::timestamp(
                std::time::UNIX_EPOCH + std::time::Duration::from_secs(updated.max(0) as u64),
            )[..10]
                .to_string();
            let mut info = vec![("GN".to_string(), code)];
            for (i, (name_id, rating_id)) in [("PB", "BR"), ("PW", "WR")].into_iter().enumerate() {
                if let Some(name) = &names[i] {
                    info.push((name_id.into(), name.clone()));
                }
                if let Some(rating) = ratings[i] {
                    info.push((rating_id.into(), format!("{}", rating.round() as i32)));
                }
            }
            if let Some(ending) = result.as_deref().and_then(Ending::from_code) {
                let how = match ending {
                    Ending::Resigned(_) => "R",
                    Ending::Time(_) => "T",
                    Ending::Abandoned(_) => "F",
                };
                let winner = match ending.winner() {
                    Color::Black => "B",
                    Color::White => "W",
                };
                info.push(("RE".into(), format!("{winner}+{how}")));
            }
            info.push(("DT".into(), date));
            game.set_info(info);
            games.push(crate::record::games::to_sgf(&game, None));
        }
        Ok((games, bad))
    }

    /// Forgets every rating in `pool`, for a new season (what past games changed stays with
    /// them); how many there were.
    pub fn reset_ratings(&self, pool: Variant) -> Result<usize> {
        Ok(self
            .conn
            .execute("DELETE FROM ratings WHERE pool = ?1", [pool.pool_code()])?)
    }

    /// Of `key`'s last ten finished games, how many more they played as Black than as White
    /// (by the colour held at the end), for balancing colours when pairing.
    pub fn recent_blacks(&self, key: &str) -> Result<i64> {
        let blacks: i64 = self.conn.query_row(
            "SELECT COALESCE(SUM(CASE WHEN black_key = ?1 THEN 1 ELSE -1 END), 0) FROM \
             (SELECT black_key FROM tables WHERE finished = 1 \
              AND (black_key = ?1 OR white_key = ?1) ORDER BY updated DESC LIMIT 10)",
            [key],
            |row| row.get(0),
        )?;
        Ok(blacks)
    }

    /// The finished game stored under `code`, with how it ended off the board.
    pub fn past_game(&self, code: &str) -> Result<Option<SavedGame>> {
        let row = self
            .conn
            .query_row(
                "SELECT game, result, black_name, white_name FROM tables \
                 WHERE code = ?1 AND finished = 1",
                [code],
                |row| {
                    Ok((
                        row.get::<_, String>(0)?,
                        row.get::<_, Option<String>>(1)?,
                        [row.get::<_, Option<String>>(2)?, row.get(3)?],
                    ))
                },
            )
            .optional()?;
        let Some((text, result, [black, white])) = row else {
            return Ok(None);
        };
        let mut game = SavedGame::from_text(&text).with_context(|| format!("game {code}"))?;
        game.set_ending(result.as_deref().and_then(Ending::from_code));
        if let (Some(black), Some(white)) = (black, white) {
            game.name_players(&black, &white);
        }
        Ok(Some(game))
    }

    /// Writes `table` over what was stored under its code, which must be the game as it was
    /// after `expected` moves (`None`: nothing is stored under the code yet). The moves
    /// written are now the ones expected. A rated game that this write finishes is rated in
    /// the same transaction: its players' ratings before and after, by colour held.
    pub fn save(
        &self,
        table: &StoredTable,
        expected: Option<usize>,
    ) -> Result<Option<[Rated; 2]>, SaveError> {
        let tx = self.conn.unchecked_transaction().context("saving a game")?;
        Self::write(&tx, table, expected)?;
        // A game that ended before both players moved (a claim on an absent creator, an early
        // resignation) changes no rating, as on the big servers.
        let played = table.game.steps().1 >= 2;
        let rated = match table.rated && table.finished && played {
            true => rate(&tx, table).with_context(|| format!("rating game {}", table.code))?,
            false => None,
        };
        tx.commit()
            .with_context(|| format!("saving game {}", table.code))?;
        Ok(rated)
    }

    fn write(
        conn: &Connection,
        table: &StoredTable,
        expected: Option<usize>,
    ) -> Result<(), SaveError> {
        // The columns name the colour each player holds now (an opening's swaps change it).
        let swapped = usize::from(table.game.swapped());
        let seat = |i: usize| table.seats[i ^ swapped].as_ref();
        let now = now_secs();
        let moves = table.game.progress().0 as i64;
        let row = params![
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
            moves,
            table.rated,
        ];
        let written = match expected {
            // A code already taken is a conflict, not a replacement.
            None => conn.execute(
                "INSERT OR IGNORE INTO tables (code, game, black_name, black_key, \
                 black_resume, white_name, white_key, white_resume, result, finished, \
                 updated, moves, rated) \
                 VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13)",
                row,
            ),
            // Rows from before the move count was kept match any count.
            Some(expected) => {
                let expected = expected as i64;
                let with: Vec<&dyn rusqlite::ToSql> =
                    row.iter().copied().chain([&expected as _]).collect();
                conn.execute(
                    "UPDATE tables SET game = ?2, black_name = ?3, black_key = ?4, \
                     black_resume = ?5, white_name = ?6, white_key = ?7, white_resume = ?8, \
                     result = ?9, finished = ?10, updated = ?11, moves = ?12, rated = ?13 \
                     WHERE code = ?1 AND (moves = ?14 OR moves IS NULL)",
                    with.as_slice(),
                )
            }
        }
        .with_context(|| format!("saving game {}", table.code))?;
        if written == 0 {
            return Err(SaveError::Conflict(table.code.clone()));
        }
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
             white_name, white_key, white_resume, result, rated FROM tables \
             WHERE finished = 0",
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
                row.get::<_, bool>(9)?,
            ))
        })?;
        let (mut tables, mut bad) = (vec![], vec![]);
        for row in rows {
            let (code, text, mut seats, result, rated) = row?;
            match SavedGame::from_text(&text) {
                Ok(game) => tables.push(StoredTable {
                    seats: {
                        // Back from the colours held to the seats.
                        if game.swapped() {
                            seats.swap(0, 1);
                        }
                        seats
                    },
                    code,
                    game,
                    result,
                    finished: false,
                    rated,
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

/// Adds a column of `tables` that a database made by an earlier version lacks.
fn add_column(conn: &Connection, name: &str, definition: &str) -> rusqlite::Result<()> {
    let has = conn
        .prepare("SELECT 1 FROM pragma_table_info('tables') WHERE name = ?1")?
        .exists([name])?;
    if !has {
        conn.execute_batch(&format!(
            "ALTER TABLE tables ADD COLUMN {name} {definition}"
        ))?;
    }
    Ok(())
}

/// Players a leaderboard lists.
const LEADERS: usize = 20;
/// A player on a leaderboard has played a rated game within this many days.
const ACTIVE_DAYS: i64 = 90;
/// Finished games a player's card lists.
const CARD_GAMES: usize = 10;
/// The columns [`standing_of`] reads.
const STANDING: &str = "name, key, pool, rating, games, wins, losses, draws";

/// A standing as listed, from a row of [`STANDING`] (a pool heibai no longer knows is
/// listed as Reversi's rather than failing the list).
fn standing_of(row: &rusqlite::Row) -> rusqlite::Result<crate::table::Standing> {
    let games: u32 = row.get(4)?;
    let pool: String = row.get(2)?;
    Ok(crate::table::Standing {
        name: row.get(0)?,
        key: row.get(1)?,
        pool: Variant::from_pool_code(&pool).unwrap_or(Variant::Game(crate::game::GameId::Reversi)),
        rating: Rating {
            points: row.get::<_, f64>(3)?.round() as i32,
            provisional: games < ratings::PROVISIONAL_GAMES,
        },
        games,
        wins: row.get(5)?,
        losses: row.get(6)?,
        draws: row.get(7)?,
    })
}

/// Seconds since 1970.
fn now_secs() -> i64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_secs() as i64)
}

/// The standing of `key` in `pool` as stored (a newcomer's if none), aged by the time since
/// its last game.
fn standing_in(conn: &Connection, key: &str, pool: &str) -> rusqlite::Result<Standing> {
    let row = conn
        .query_row(
            "SELECT rating, deviation, volatility, games, wins, losses, draws, updated \
             FROM ratings WHERE key = ?1 AND pool = ?2",
            params![key, pool],
            |row| {
                let standing = Standing {
                    glicko: (row.get(0)?, row.get(1)?, row.get(2)?).into(),
                    games: row.get(3)?,
                    wins: row.get(4)?,
                    losses: row.get(5)?,
                    draws: row.get(6)?,
                };
                Ok((standing, row.get::<_, i64>(7)?))
            },
        )
        .optional()?;
    Ok(row.map_or_else(Standing::default, |(s, updated)| {
        s.aged(now_secs() - updated)
    }))
}

/// Rates the finished game `table` once: both players' standings updated, and the change
/// kept with the game's code. `None` if it was rated already, or has no two keyed players.
fn rate(conn: &Connection, table: &StoredTable) -> rusqlite::Result<Option<[Rated; 2]>> {
    let Some(outcome) = table.outcome() else {
        return Ok(None);
    };
    let swapped = usize::from(table.game.swapped());
    let seat = |i: usize| table.seats[i ^ swapped].as_ref();
    let (Some(black), Some(white)) = (seat(0), seat(1)) else {
        return Ok(None);
    };
    let (Some(black_key), Some(white_key)) = (&black.key, &white.key) else {
        return Ok(None);
    };
    let done = conn
        .prepare("SELECT 1 FROM rating_changes WHERE code = ?1")?
        .exists([&table.code])?;
    if done {
        return Ok(None);
    }
    let pool = Variant::of(&table.game).pool_code();
    let before = [
        standing_in(conn, black_key, &pool)?,
        standing_in(conn, white_key, &pool)?,
    ];
    let after = ratings::after_game(before[0], before[1], outcome.map(|c| c == Color::Black));
    let now = now_secs();
    for (i, (key, name)) in [(black_key, &black.name), (white_key, &white.name)]
        .into_iter()
        .enumerate()
    {
        let s = after[i];
        conn.execute(
            "INSERT OR REPLACE INTO ratings VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11)",
            params![
                key,
                pool,
                name,
                s.glicko.rating,
                s.glicko.deviation,
                s.glicko.volatility,
                s.games,
                s.wins,
                s.losses,
                s.draws,
                now
            ],
        )?;
        conn.execute(
            "INSERT INTO rating_changes VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9)",
            params![
                table.code,
                key,
                pool,
                before[i].glicko.rating,
                s.glicko.rating,
                s.glicko.deviation,
                s.glicko.volatility,
                s.games,
                now
            ],
        )?;
    }
    Ok(Some([0, 1].map(|i| Rated {
        before: before[i].shown(),
        after: Some(after[i].shown()),
    })))
}

/// Opens (or makes) the database file at `path` and locks it for this process, or says that
/// another has it. The lock is on the file, so a symbolic or hard link to it is refused too.
fn lock(path: &Path) -> Result<std::fs::File> {
    use std::os::unix::fs::OpenOptionsExt;
    let file = std::fs::OpenOptions::new()
        .mode(0o600)
        .create(true)
        .truncate(false)
        .read(true)
        .write(true)
        .open(path)
        .with_context(|| format!("opening the database {}", path.display()))?;
    match file.try_lock() {
        Ok(()) => Ok(file),
        Err(std::fs::TryLockError::WouldBlock) => anyhow::bail!(
            "another heibai server is using the database {}; stop it, or give this one a \
             database of its own with --db",
            path.display()
        ),
        Err(std::fs::TryLockError::Error(e)) => {
            Err(e).with_context(|| format!("locking the database {}", path.display()))
        }
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
            rated: false,
        }
    }

    #[test]
    fn glicko2_as_its_paper_has_it_and_through_the_database() {
        use skillratings::Outcomes;
        use skillratings::glicko2::{Glicko2Config, Glicko2Rating, glicko2_rating_period};
        // Glickman's example: 1500 (RD 200) beats 1400 (30), loses to 1550 (100) and 1700 (300).
        let rating = |r, d| Glicko2Rating {
            rating: r,
            deviation: d,
            volatility: 0.06,
        };
        let results = [
            (rating(1400.0, 30.0), Outcomes::WIN),
            (rating(1550.0, 100.0), Outcomes::LOSS),
            (rating(1700.0, 300.0), Outcomes::LOSS),
        ];
        let after = glicko2_rating_period(&rating(1500.0, 200.0), &results, &Glicko2Config::new());
        assert!((after.rating - 1464.06).abs() < 0.01, "{after:?}");
        assert!((after.deviation - 151.52).abs() < 0.01, "{after:?}");
        assert!((after.volatility - 0.05999).abs() < 0.00001, "{after:?}");
        // Our storage keeps every digit, and a rated game is the crate's update of the
        // players' stored standings.
        let dir = tempfile::tempdir().unwrap();
        let db = Db::open(&dir.path().join("games.db")).unwrap();
        let keep = |key: &str, g: Glicko2Rating| {
            db.conn
                .execute(
                    "INSERT INTO ratings VALUES (?1, 'reversi', ?1, ?2, ?3, ?4, 12, 6, 6, 0, ?5)",
                    params![key, g.rating, g.deviation, g.volatility, now_secs()],
                )
                .unwrap();
        };
        keep("SHA256:alice", after);
        keep("SHA256:bob", rating(1400.0, 30.0));
        let reversi = Variant::Game(crate::game::GameId::Reversi);
        assert_eq!(db.standing("SHA256:alice", reversi).unwrap().glicko, after);
        let mut game = table("AAAAA");
        // Both players have moved: a game ended sooner is not rated.
        if let SavedGame::Reversi(g) = &mut game.game {
            g.record.play("c3".parse().unwrap()).unwrap();
        }
        game.seats[0].as_mut().unwrap().key = Some("SHA256:alice".into());
        game.seats[1] = Some(StoredSeat {
            name: "bob".into(),
            key: Some("SHA256:bob".into()),
            resume: None,
        });
        (game.rated, game.finished) = (true, true);
        game.result = Some(Ending::Resigned(Color::White).code());
        let shown = db.save(&game, None).unwrap().expect("rated");
        let (expected, _) = skillratings::glicko2::glicko2(
            &after,
            &rating(1400.0, 30.0),
            &Outcomes::WIN,
            &Glicko2Config::new(),
        );
        let alice = db.standing("SHA256:alice", reversi).unwrap();
        assert_eq!(alice.glicko, expected);
        assert_eq!((alice.games, alice.wins), (13, 7));
        assert_eq!(shown[0].after, Some(alice.shown()));
        assert_eq!(shown[0].before.points, 1464);
        // Written again, the game is not rated again.
        assert_eq!(db.save(&game, Some(2)).unwrap(), None);
        assert_eq!(db.standing("SHA256:alice", reversi).unwrap(), alice);
        // Exported for publication with its players, their ratings before it, and its result.
        let (games, bad) = db.export().unwrap();
        assert!(bad.is_empty() && games.len() == 1, "{bad:?}");
        for property in [
            "GN[AAAAA]",
            "PB[alice]",
            "PW[bob]",
            "BR[1464]",
            "WR[1400]",
            "RE[B+R]",
        ] {
            assert!(games[0].contains(property), "{property} in {}", games[0]);
        }
        // A new season: the pool's ratings go, the games stay.
        assert_eq!(db.reset_ratings(reversi).unwrap(), 2);
        assert_eq!(
            db.standing("SHA256:alice", reversi).unwrap(),
            Standing::default()
        );
        assert_eq!(db.export().unwrap().0.len(), 1);
    }

    #[test]
    fn a_database_of_the_schema_before_ratings_keeps_its_games() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("games.db");
        let old = Connection::open(&path).unwrap();
        old.execute_batch(
            "CREATE TABLE tables (code TEXT PRIMARY KEY, game TEXT NOT NULL, \
             black_name TEXT, black_key TEXT, black_resume TEXT, \
             white_name TEXT, white_key TEXT, white_resume TEXT, result TEXT, \
             finished INTEGER NOT NULL DEFAULT 0, updated INTEGER NOT NULL, moves INTEGER);",
        )
        .unwrap();
        let game = table("AAAAA").game.to_text();
        old.execute(
            "INSERT INTO tables VALUES ('AAAAA', ?1, 'alice', 'SHA256:abc', 'R1', \
             NULL, NULL, NULL, NULL, 0, 0, 1)",
            params![game],
        )
        .unwrap();
        drop(old);
        let db = Db::open(&path).unwrap();
        let (tables, bad) = db.unfinished().unwrap();
        assert!(bad.is_empty());
        assert_eq!(tables, vec![table("AAAAA")]);
        let reversi = Variant::Game(crate::game::GameId::Reversi);
        assert_eq!(
            db.standing("SHA256:abc", reversi).unwrap(),
            Standing::default()
        );
    }

    #[test]
    fn tables_round_trip_and_finished_ones_stay_out() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("games.db");
        let db = Db::open(&path).unwrap();
        db.save(&table("AAAAA"), None).unwrap();
        let mut done = table("BBBBB");
        done.finished = true;
        db.save(&done, None).unwrap();
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
        db.save(&table("AAAAA"), None).unwrap();
        db.conn
            .execute(
                "UPDATE tables SET game = 'nonsense' WHERE code = 'AAAAA'",
                [],
            )
            .unwrap();
        db.save(&table("CCCCC"), None).unwrap();
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

    #[test]
    fn one_writer_and_no_write_over_a_game_it_did_not_follow() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("games.db");
        let db = Db::open(&path).unwrap();
        let second = Db::open(&path).err().expect("a second writer is refused");
        assert!(
            format!("{second:#}").contains("another heibai server"),
            "{second:#}"
        );
        // The table is new: written once; a second "new" table of that code is a conflict.
        let one = table("AAAAA");
        db.save(&one, None).unwrap();
        assert!(matches!(db.save(&one, None), Err(SaveError::Conflict(_))));
        // Two moves on, written as following the first.
        let mut three = one.clone();
        if let SavedGame::Reversi(g) = &mut three.game {
            g.record.play("c3".parse().unwrap()).unwrap();
            g.record.play("c4".parse().unwrap()).unwrap();
        }
        db.save(&three, Some(1)).unwrap();
        // A writer that still has the game at move 1 cannot put it back.
        assert!(matches!(
            db.save(&one, Some(1)),
            Err(SaveError::Conflict(_))
        ));
        let (tables, _) = db.unfinished().unwrap();
        assert_eq!(tables[0].game.progress().0, 3);
        // Through a link or a hard link, it is the same file: refused too.
        let soft = dir.path().join("soft.db");
        std::os::unix::fs::symlink(&path, &soft).unwrap();
        let hard = dir.path().join("hard.db");
        std::fs::hard_link(&path, &hard).unwrap();
        assert!(Db::open(&soft).is_err() && Db::open(&hard).is_err());
        // Closed, the database can be opened again.
        drop(db);
        assert!(Db::open(&path).is_ok());
    }

    #[test]
    fn the_write_ahead_log_stays_small() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("games.db");
        let db = Db::open(&path).unwrap();
        let mut t = table("AAAAA");
        db.save(&t, None).unwrap();
        // Each write a new row's worth of game: a few thousand of them.
        for i in 0..3000 {
            t.code = format!("B{i:04}");
            db.save(&t, None).unwrap();
        }
        let wal = std::fs::metadata(dir.path().join("games.db-wal")).map_or(0, |m| m.len());
        assert!(wal <= 2 * u64::from(WAL_LIMIT), "the WAL is {wal} bytes");
    }
}
