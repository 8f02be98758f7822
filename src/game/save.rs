//! The saved form of an unfinished game: a few `key value` lines, so that a person can read it
//! and a damaged file can be reported by line.
//!
//! ```text
//! heibai 1
//! game reversi
//! black human
//! white computer
//! level 5
//! start ---------------------------OX------XO--------------------------- X
//! moves f5 d6 c3
//! cursor 3
//! ```

use super::{Game, Player, Record};
use crate::reversi::{Move, Position};
use std::fmt::Write;

const MAGIC: &str = "heibai 1";

/// Why a saved game cannot be read: the line (1-based) and what was expected there.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("line {line}: {message}")]
pub struct SaveError {
    pub line: usize,
    pub message: String,
}

fn err(line: usize, message: impl Into<String>) -> SaveError {
    SaveError {
        line,
        message: message.into(),
    }
}

impl Game {
    /// The game as text, the future after the cursor included.
    pub fn to_text(&self) -> String {
        let mut s = String::new();
        let moves: Vec<String> = self.record.moves().iter().map(|m| m.to_string()).collect();
        let _ = write!(
            s,
            "{MAGIC}\ngame reversi\nblack {}\nwhite {}\nlevel {}\nstart {}\nmoves {}\ncursor {}\n",
            self.black.name(),
            self.white.name(),
            self.level,
            self.record.start(),
            moves.join(" "),
            self.record.cursor()
        );
        s
    }

    /// Reads what [`Game::to_text`] wrote; every line is checked and every move replayed.
    pub fn from_text(text: &str) -> Result<Game, SaveError> {
        let mut lines = text.lines().enumerate().map(|(i, l)| (i + 1, l.trim_end()));
        match lines.next() {
            Some((_, MAGIC)) => {}
            _ => {
                return Err(err(
                    1,
                    format!("expected '{MAGIC}': this is not a heibai saved game"),
                ));
            }
        }
        let mut field = |key: &str| -> Result<(usize, String), SaveError> {
            match lines.next() {
                Some((n, line)) => match line.split_once(' ').unwrap_or((line, "")) {
                    (k, v) if k == key => Ok((n, v.trim().to_string())),
                    _ => Err(err(n, format!("expected '{key} …'"))),
                },
                None => Err(err(0, format!("the file ends before '{key}'"))),
            }
        };
        let (n, game) = field("game")?;
        if game != "reversi" {
            return Err(err(n, format!("unknown game '{game}'; expected reversi")));
        }
        let player = |(n, v): (usize, String)| match v.as_str() {
            "human" => Ok(Player::Human),
            "computer" => Ok(Player::Computer),
            _ => Err(err(n, format!("player '{v}'; expected human or computer"))),
        };
        let black = player(field("black")?)?;
        let white = player(field("white")?)?;
        let (n, level) = field("level")?;
        let level = level
            .parse::<u8>()
            .ok()
            .filter(|&l| crate::engine::Level::get(l).is_some())
            .ok_or_else(|| {
                err(
                    n,
                    format!(
                        "level '{level}'; expected 1 to {}",
                        crate::engine::LEVELS.len()
                    ),
                )
            })?;
        let (n, start) = field("start")?;
        let start: Position = start.parse().map_err(|e| err(n, format!("{e}")))?;
        let (n, moves) = field("moves")?;
        let moves = moves
            .split_whitespace()
            .map(|m| m.parse::<Move>().map_err(|e| err(n, e.to_string())))
            .collect::<Result<Vec<_>, _>>()?;
        let (c, cursor) = field("cursor")?;
        let cursor: usize = cursor
            .parse()
            .ok()
            .filter(|&c| c <= moves.len())
            .ok_or_else(|| {
                err(
                    c,
                    format!("cursor '{cursor}'; expected 0 to {}", moves.len()),
                )
            })?;
        let record = Record::from_moves(start, &moves, cursor)
            .map_err(|(i, e)| err(n, format!("move {} ({}) is illegal: {e}", i + 1, moves[i])))?;
        Ok(Game {
            record,
            black,
            white,
            level,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn round_trip_keeps_future_and_players() {
        let mut g = Game::new(Player::Human, Player::Computer);
        for m in ["f5", "d6", "c3", "d3"] {
            g.record.play(m.parse().unwrap()).unwrap();
        }
        g.record.goto(2);
        let text = g.to_text();
        assert_eq!(Game::from_text(&text), Ok(g));
    }

    #[test]
    fn damaged_files_say_where() {
        let good = Game::new(Player::Human, Player::Human).to_text();
        assert_eq!(Game::from_text("").unwrap_err().line, 1);
        assert_eq!(Game::from_text("\0\u{1}garbage").unwrap_err().line, 1);
        let bad_player = good.replace("white human", "white martian");
        assert_eq!(Game::from_text(&bad_player).unwrap_err().line, 4);
        let bad_level = good.replace("level 5", "level 99");
        assert_eq!(Game::from_text(&bad_level).unwrap_err().line, 5);
        let bad_move = good.replace("moves ", "moves f5 a1");
        let e = Game::from_text(&bad_move).unwrap_err();
        assert_eq!(e.line, 7);
        assert!(e.message.contains("move 2 (a1) is illegal"), "{e}");
        let truncated: String = good.lines().take(4).collect::<Vec<_>>().join("\n");
        assert!(Game::from_text(&truncated).is_err());
        let bad_cursor = good.replace("cursor 0", "cursor 9");
        assert_eq!(Game::from_text(&bad_cursor).unwrap_err().line, 8);
    }
}
