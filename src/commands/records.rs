//! `heibai export` and `heibai import`: games between heibai's saved form, SGF and Othello
//! transcripts. A file is read whole (up to a size limit), its format told from its first
//! characters, and nothing in it is followed or run.

use crate::game::SavedGame;
use crate::record::games::{parse_any, to_psq, to_sgf, transcript};
use crate::store::LoadError;
use anyhow::{Context, Result, bail};
use std::path::Path;

/// Larger files are not games.
const MAX_BYTES: u64 = 10 << 20;

/// The formats `export` writes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Format {
    Sgf,
    Transcript,
    Psq,
}

/// Reads a game from a file in any format heibai reads (see `record::games::parse_any`).
pub fn read_game(path: &Path) -> Result<SavedGame> {
    let name = path.display();
    let bytes = match crate::store::read_file(path, MAX_BYTES) {
        Err(LoadError::TooLarge(size)) => {
            bail!("{name} is {size} bytes: too large for a game record (at most {MAX_BYTES})")
        }
        Err(e) => bail!("cannot read {name}: {e}"),
        Ok(bytes) => bytes,
    };
    let text = std::str::from_utf8(&bytes)
        .map_err(|e| anyhow::anyhow!("{name} is not UTF-8 text (byte {})", e.valid_up_to()))?;
    let game = parse_any(text).map_err(|e| anyhow::anyhow!("{name}: {e}"))?;
    Ok(game)
}

/// Prints the game in FILE as `format` on standard output.
pub fn export(path: &Path, format: Format) -> Result<()> {
    let game = read_game(path)?;
    let text = match (format, &game) {
        (Format::Sgf, _) => to_sgf(&game, Some(&today())),
        (Format::Transcript, SavedGame::Reversi(g)) => transcript(g) + "\n",
        (Format::Transcript, SavedGame::Gomoku(_)) => {
            bail!(
                "transcripts are for Othello; {} holds a Gomoku game",
                path.display()
            )
        }
        (Format::Psq, SavedGame::Gomoku(g)) => to_psq(g),
        (Format::Psq, SavedGame::Reversi(_)) => {
            bail!(
                "PSQ files are for Gomoku; {} holds a Reversi game",
                path.display()
            )
        }
    };
    print!("{text}");
    Ok(())
}

/// Makes the game in FILE the unfinished game that the start screen continues; an unfinished
/// game already there is kept unless `replace`.
pub fn import(path: &Path, save_path: &Path, replace: bool) -> Result<()> {
    let game = read_game(path)?;
    if game.is_over() {
        bail!(
            "{} holds a finished game: there is nothing to continue",
            path.display()
        );
    }
    if save_path.exists() && !replace {
        bail!(
            "an unfinished game is already saved in {}; pass --replace to put this one in its place",
            save_path.display()
        );
    }
    crate::term::save(save_path, crate::ui::Autosave::Write(game.to_text()))
        .with_context(|| format!("saving to {}", save_path.display()))?;
    let (played, to_move) = game.progress();
    println!(
        "Imported a {} game, {played} moves, {} to move: run heibai and choose Continue.",
        game.name(),
        to_move.name()
    );
    Ok(())
}

/// Today's date as YYYY-MM-DD (UTC), for SGF's DT and default names.
pub fn today() -> String {
    let secs = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_secs());
    let (y, m, d) = civil_from_days((secs / 86_400) as i64);
    format!("{y:04}-{m:02}-{d:02}")
}

/// The calendar date of a day counted from 1970-01-01 (H. Hinnant's algorithm).
pub fn civil_from_days(days: i64) -> (i64, u32, u32) {
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z.rem_euclid(146_097);
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let d = (doy - (153 * mp + 2) / 5 + 1) as u32;
    let m = if mp < 10 { mp + 3 } else { mp - 9 } as u32;
    (yoe + era * 400 + i64::from(m <= 2), m, d)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dates() {
        assert_eq!(civil_from_days(0), (1970, 1, 1));
        assert_eq!(civil_from_days(20_786), (2026, 11, 29));
        assert_eq!(civil_from_days(11_016), (2000, 2, 29));
    }
}
