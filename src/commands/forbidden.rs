//! `heibai gomoku forbidden`: the points forbidden for Black in a Renju position.

use crate::gomoku::{Board, Color, forbidden_points};
use anyhow::{Result, bail};

/// Builds the position from alternating moves (Black first) or from two sets of stones, and
/// prints each forbidden point as `point kind`, or `none`.
pub fn forbidden(
    size: u8,
    moves: Option<&str>,
    black: Option<&str>,
    white: Option<&str>,
) -> Result<()> {
    let mut board = Board::new(size);
    let mut place = |text: &str, color: Color, what: &str| -> Result<()> {
        let p = board
            .point(text)
            .map_err(|e| anyhow::anyhow!("{what}: {e}"))?;
        if let Some(c) = board.get(p) {
            bail!(
                "{what}: {p} already holds a {} stone",
                c.name().to_lowercase()
            );
        }
        board.set(p, Some(color));
        Ok(())
    };
    match (moves, black, white) {
        (Some(moves), None, None) => {
            let list: Vec<&str> = moves.split_whitespace().collect();
            if list.len() % 2 == 1 {
                bail!(
                    "--moves: {} moves leave White to move; give an even number so that Black is to move",
                    list.len()
                );
            }
            for (i, m) in list.iter().enumerate() {
                let color = if i % 2 == 0 {
                    Color::Black
                } else {
                    Color::White
                };
                place(m, color, &format!("--moves, move {}", i + 1))?;
            }
        }
        (None, black, white) if black.is_some() || white.is_some() => {
            for (stones, color, what) in [
                (black, Color::Black, "--black"),
                (white, Color::White, "--white"),
            ] {
                for s in stones.unwrap_or("").split_whitespace() {
                    place(s, color, what)?;
                }
            }
        }
        _ => {
            bail!("give the position as --moves \"h8 h9 …\", or as --black \"…\" and --white \"…\"")
        }
    }
    let points = forbidden_points(&board);
    if points.is_empty() {
        println!("none");
    }
    for (p, kind) in points {
        println!("{p} {kind}");
    }
    Ok(())
}
