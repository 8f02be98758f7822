//! `heibai solve`: exact endgame scores for one position or every line of an OBF file.

use crate::engine::Budget;
use crate::engine::reversi::endgame;
use crate::engine::reversi::tt::Table;
use crate::record::obf::{ObfLine, parse_line};
use crate::reversi::{Position, Square};
use anyhow::{Context, Result, bail};
use std::sync::atomic::AtomicBool;
use std::time::Instant;

/// Larger files are not position suites (FFO's 79 positions take 7 KB).
const MAX_FILE_BYTES: u64 = 16 << 20;

/// Transposition table size for solving, in MiB.
const TABLE_MB: usize = 256;

/// Reads `target` as a file of OBF lines if such a file exists, else as one position.
fn positions(target: &str) -> Result<Vec<(String, ObfLine)>> {
    let path = std::path::Path::new(target);
    if path.is_file() {
        let bytes = crate::store::read_file(path, MAX_FILE_BYTES)
            .map_err(|e| anyhow::anyhow!("reading {target}: {e}"))?;
        let text = String::from_utf8_lossy(&bytes);
        let mut out = vec![];
        for (n, line) in text.lines().enumerate() {
            if let Some(parsed) = parse_line(line) {
                let obf = parsed.with_context(|| format!("{target}, line {}", n + 1))?;
                out.push((
                    format!(
                        "{}:{}",
                        path.file_name().unwrap_or_default().to_string_lossy(),
                        n + 1
                    ),
                    obf,
                ));
            }
        }
        if out.is_empty() {
            bail!("{target} holds no positions");
        }
        Ok(out)
    } else {
        let parsed = parse_line(target)
            .with_context(|| format!("'{target}' is neither a file nor a position"))?
            .with_context(|| format!("'{target}' is neither a file nor a position"))?;
        Ok(vec![("position".into(), parsed)])
    }
}

pub fn solve(target: &str, threads: usize, json: bool) -> Result<()> {
    let list = positions(target)?;
    let tt = Table::new(TABLE_MB);
    let stop = AtomicBool::new(false);
    let (mut total_nodes, mut total_secs, mut all_match, mut checked) = (0u64, 0f64, true, 0);
    for (name, obf) in &list {
        let pos: &Position = &obf.position;
        let (own, opp) = pos.own_opp();
        tt.clear();
        let started = Instant::now();
        let budget = Budget::new(&stop, None);
        let solved =
            endgame::solve(own, opp, &tt, &budget, threads).context("the search was stopped")?;
        let secs = started.elapsed().as_secs_f64();
        total_nodes += solved.nodes;
        total_secs += secs;
        let best = solved
            .best
            .and_then(Square::new)
            .map_or("pass".to_string(), |s| s.to_string());
        let matches = obf.expected().map(|e| e == solved.score);
        if let Some(m) = matches {
            checked += 1;
            all_match &= m;
        }
        let nps = solved.nodes as f64 / secs.max(1e-9);
        if json {
            let expected = obf.expected().map_or("null".to_string(), |e| e.to_string());
            let matches = matches.map_or("null".to_string(), |m| m.to_string());
            println!(
                "{{\"position\": \"{pos}\", \"best_move\": \"{best}\", \"score\": {}, \"nodes\": {}, \"seconds\": {secs:.3}, \"nodes_per_second\": {nps:.0}, \"expected\": {expected}, \"matches\": {matches}}}",
                solved.score, solved.nodes
            );
        } else {
            let check = match (obf.expected(), matches) {
                (Some(e), Some(true)) => format!("  (file: {e:+}, ok)"),
                (Some(e), _) => format!("  (file: {e:+}, MISMATCH)"),
                _ => String::new(),
            };
            println!(
                "{name:<22} {:>2} empties  best {best:<4} score {:+3}{check}  {} nodes  {secs:.2} s  {}nodes/s",
                64 - pos.count(crate::reversi::Color::Black)
                    - pos.count(crate::reversi::Color::White),
                solved.score,
                super::millions(solved.nodes as f64),
                super::millions(nps)
            );
        }
    }
    if !json {
        println!(
            "total: {} positions, {} nodes, {total_secs:.2} s, {}nodes/s, {threads} thread(s); {}",
            list.len(),
            super::millions(total_nodes as f64),
            super::millions(total_nodes as f64 / total_secs.max(1e-9)),
            if checked == 0 {
                "no scores to check".to_string()
            } else if all_match {
                format!("all {checked} scores match the file")
            } else {
                "SOME SCORES DIFFER FROM THE FILE".to_string()
            }
        );
    }
    if !all_match {
        bail!("some scores differ from the file");
    }
    Ok(())
}
