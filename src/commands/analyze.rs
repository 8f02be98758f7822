//! `heibai analyze`: the engine's view of one position: best move, score and principal variation.

use crate::engine::Budget;
use crate::engine::reversi::probcut::depth_text;
use crate::engine::reversi::review::in_range;
use crate::engine::reversi::search::{self, Found, Limits, principal_variation};
use crate::engine::reversi::tt::Table;
use crate::engine::reversi::{ANALYSIS_SELECTIVITY, endgame};
use crate::reversi::{Move, Position, Square};
use anyhow::{Context, Result};
use std::sync::atomic::AtomicBool;
use std::time::{Duration, Instant};

/// Table size for analysis, in MiB.
const TABLE_MB: usize = 256;
/// At or below this many empties the answer is an exact solve.
const EXACT_EMPTIES: u32 = 20;
/// How deep the search goes when neither a depth nor a time is given.
const DEPTH: u32 = 18;

/// Extends an exact principal variation to the end of the game, solving the last few empties
/// (the table does not keep them) move by move.
fn finish_line(
    tt: &Table,
    budget: &Budget,
    mut p: u64,
    mut o: u64,
    mut pv: Vec<Move>,
) -> Vec<Move> {
    for &mv in &pv {
        if let Move::Play(sq) = mv {
            let f = crate::reversi::flips(p, o, sq.index());
            (p, o) = (o & !f, p | f | sq.bit());
        } else {
            (p, o) = (o, p);
        }
    }
    let mut solver = endgame::Solver::new(tt, budget);
    loop {
        let moves = crate::reversi::legal_moves(p, o);
        if moves == 0 {
            if crate::reversi::legal_moves(o, p) == 0 {
                return pv;
            }
            pv.push(Move::Pass);
            (p, o) = (o, p);
            continue;
        }
        let scored = Square::iter(moves)
            .filter_map(|sq| Some((solver.score_move(p, o, sq.index(), -64, 64)?, sq)));
        let Some((_, sq)) = scored.max_by_key(|&(v, sq)| (v, std::cmp::Reverse(sq))) else {
            return pv;
        };
        pv.push(Move::Play(sq));
        let f = crate::reversi::flips(p, o, sq.index());
        (p, o) = (o & !f, p | f | sq.bit());
    }
}

fn line(moves: &[Move]) -> String {
    moves
        .iter()
        .map(|m| m.to_string())
        .collect::<Vec<_>>()
        .join(" ")
}

pub fn analyze(
    position: &str,
    depth: Option<u32>,
    time: Option<f64>,
    threads: usize,
) -> Result<()> {
    let pos: Position = position
        .parse()
        .with_context(|| format!("reading the position '{position}'"))?;
    let (p, o) = pos.own_opp();
    let empties = 64 - (p | o).count_ones();
    let stop = AtomicBool::new(false);
    let started = Instant::now();
    let deadline = time.map(|s| started + Duration::from_secs_f64(s));
    let budget = Budget::new(&stop, deadline);
    let tt = Table::new(TABLE_MB);
    println!(
        "{pos}  ({} to move, {empties} empties)",
        pos.to_move().name()
    );
    if pos.status() == crate::reversi::Status::GameOver {
        println!("the game is over: {:+}", endgame::final_score(p, o));
        return Ok(());
    }
    if empties <= EXACT_EMPTIES && depth.is_none() {
        if let Some(solved) = endgame::solve(p, o, &tt, &budget, threads) {
            let pv = finish_line(
                &tt,
                &budget,
                p,
                o,
                principal_variation(&tt, p, o, empties as usize),
            );
            let best = solved
                .best
                .and_then(Square::new)
                .map_or(Move::Pass, Move::Play);
            println!(
                "exact  best {best}  score {:+}  pv {}  {} nodes  {:.2} s",
                solved.score,
                line(&pv),
                solved.nodes,
                started.elapsed().as_secs_f64()
            );
            return Ok(());
        }
        println!("(no exact result in the time given; searching instead)");
    }
    // With a time, deeper until the deadline (an iteration it cuts short still gives a move
    // that beat the one before); selective as the App's analysis is, short of the end.
    let limits = Limits {
        selectivity: Some(ANALYSIS_SELECTIVITY),
        depth: depth.unwrap_or(if time.is_some() { 60 } else { DEPTH }),
        pace: None,
        threads,
    };
    let written = |depth: u32| {
        depth_text(
            depth,
            Some(ANALYSIS_SELECTIVITY).filter(|_| depth < empties),
        )
    };
    let discs = |score: i32| f64::from(in_range(score)) / 100.0;
    let mut report = |f: Found| {
        let pv = principal_variation(&tt, p, o, f.depth as usize);
        println!(
            "depth {:>6}  score {:+6.2}  pv {:<40} {:>12} nodes  {:.2} s",
            written(f.depth),
            discs(f.score),
            line(&pv),
            f.nodes,
            started.elapsed().as_secs_f64()
        );
    };
    let found = search::iterate(p, o, limits, &tt, &budget, &mut report);
    let best = found
        .best
        .and_then(Square::new)
        .map_or(Move::Pass, Move::Play);
    println!(
        "best {best}  score {:+.2} discs (depth {})  pv {}",
        discs(found.score),
        written(found.depth),
        line(&principal_variation(&tt, p, o, found.depth as usize))
    );
    Ok(())
}
