//! `heibai export` and `heibai import`: games between heibai's saved form, SGF and Othello
//! transcripts. A file is read whole (up to a size limit), its format told from its first
//! characters, and nothing in it is followed or run.

use crate::game::SavedGame;
use crate::record::games::{parse_any, to_psq, to_sgf, transcript};
use crate::store::LoadError;
use anyhow::{Result, bail};
use std::path::Path;

/// Larger files are not games.
const MAX_BYTES: u64 = 10 << 20;

/// The formats `export` writes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Format {
    Sgf,
    Transcript,
    Psq,
    Ggf,
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

/// A WTHOR `.wtb` file (told by its name): game `game` (from 1) of it to replay, or with none
/// the list of its games printed, players and scores, with the names from `WTHOR.JOU` and
/// `WTHOR.TRN` when they sit beside it.
pub fn read_wthor(path: &Path, game: Option<usize>) -> Result<Option<SavedGame>> {
    use crate::record::wthor::{self, Names};
    let name = path.display();
    let bytes = crate::store::read_file(path, MAX_WTHOR_BYTES)
        .map_err(|e| anyhow::anyhow!("cannot read {name}: {e}"))?;
    let wtb = wthor::read_wtb(&bytes).map_err(|e| anyhow::anyhow!("{name}: {e}"))?;
    let beside = |file: &str, record: usize| -> Vec<String> {
        let dir = path.parent().unwrap_or(Path::new("."));
        let found = std::fs::read_dir(dir).ok().and_then(|d| {
            d.flatten()
                .find(|e| e.file_name().to_string_lossy().eq_ignore_ascii_case(file))
        });
        found
            .and_then(|e| crate::store::read_file(&e.path(), MAX_WTHOR_BYTES).ok())
            .map_or_else(Vec::new, |b| wthor::read_names(&b, record))
    };
    let names = Names {
        players: beside("WTHOR.JOU", wthor::PLAYER_RECORD),
        tournaments: beside("WTHOR.TRN", wthor::TOURNAMENT_RECORD),
    };
    let count = wtb.games.len();
    let Some(n) = game else {
        println!("{name}: {count} games of {}", wtb.year);
        for (i, g) in wtb.games.iter().enumerate() {
            let (black, white) = g.score();
            println!(
                "{:>6}  {} {black}-{white} {}  ({})",
                i + 1,
                names.player(g.black),
                names.player(g.white),
                names.tournament(g.tournament)
            );
        }
        println!("heibai replay {name} --game N replays game N");
        return Ok(None);
    };
    let chosen = n
        .checked_sub(1)
        .and_then(|i| wtb.games.get(i))
        .ok_or_else(|| anyhow::anyhow!("{name} has games 1 to {count}; there is no game {n}"))?;
    let game = chosen
        .to_game(wtb.year, &names)
        .map_err(|e| anyhow::anyhow!("{name}, game {n}: {e}"))?;
    Ok(Some(SavedGame::Reversi(game)))
}

/// Whether `path` names a WTHOR game database.
pub fn is_wthor(path: &Path) -> bool {
    path.extension()
        .is_some_and(|x| x.eq_ignore_ascii_case("wtb"))
}

/// The largest WTHOR file read: a year of the federation's games is under a megabyte.
const MAX_WTHOR_BYTES: u64 = 64 << 20;

/// Prints the game in FILE as `format` on standard output.
pub fn export(path: &Path, format: Format) -> Result<()> {
    let game = read_game(path)?;
    let text = match (format, &game) {
        (Format::Sgf, _) => to_sgf(&game, Some(&crate::store::today())),
        (Format::Transcript, SavedGame::Reversi(g)) => transcript(g) + "\n",
        (Format::Psq, SavedGame::Gomoku(g)) => to_psq(g),
        (Format::Ggf, SavedGame::Reversi(g)) => crate::record::ggf::to_ggf(g) + "\n",
        (Format::Transcript | Format::Ggf, other) => {
            bail!(
                "{} are for Othello; {} holds a {} game",
                if format == Format::Ggf {
                    "GGF files here"
                } else {
                    "transcripts"
                },
                path.display(),
                other.name()
            )
        }
        (Format::Psq, other) => {
            bail!(
                "PSQ files are for Gomoku; {} holds a {} game",
                path.display(),
                other.name()
            )
        }
    };
    print!("{text}");
    Ok(())
}

/// Puts the game in FILE into the history of the data directory `data_dir`, under the file's
/// name (numbered if a game has it, unless `replace`): Continue on the start screen takes up an
/// unfinished one, the list of saved games replays a finished one.
pub fn import(path: &Path, data_dir: &Path, replace: bool) -> Result<()> {
    let game = read_game(path)?;
    let store = crate::store::Store::new(data_dir);
    if let Some(kept) = crate::store::holding(&store.list(), &game) {
        println!(
            "This game is already among the saved games, as \"{}\".",
            kept.name
        );
        return Ok(());
    }
    let stem = path
        .file_stem()
        .map_or("game".into(), |s| s.to_string_lossy());
    let name = if replace {
        stem.to_string()
    } else {
        let taken: Vec<String> = store.list().into_iter().map(|e| e.name).collect();
        crate::store::free_name(&stem, &taken)
    };
    let saved = store
        .save(&name, &game)
        .map_err(|failure| anyhow::anyhow!(crate::i18n::Lang::En.text().save_failure(&failure)))?;
    if game.is_over() {
        println!(
            "Imported a finished {} game as \"{saved}\": run heibai and choose Load or replay a \
             saved game to replay it.",
            game.name()
        );
    } else {
        let (played, to_move) = game.progress();
        println!(
            "Imported a {} game as \"{saved}\", {played} moves, {} to move: run heibai and choose \
             Continue.",
            game.name(),
            to_move.name()
        );
    }
    Ok(())
}
