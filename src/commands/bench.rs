//! `heibai bench`: the speed figures of docs/BENCHMARKS.md, measured on this machine.

use crate::engine::Budget;
use crate::engine::gomoku as gomoku_engine;
use crate::engine::reversi::endgame;
use crate::engine::reversi::probcut::Selectivity;
use crate::engine::reversi::search::{self, Limits};
use crate::engine::reversi::tt::Table;
use crate::gomoku;
use crate::record::obf::parse_line;
use crate::reversi::{Position, perft};
use anyhow::{Result, bail};
use std::sync::atomic::AtomicBool;
use std::time::Instant;

/// FFO #40-#49 (from ../shared/data/fforum-40-59.obf), the endgame benchmark peers quote.
const FFO_40_49: &[&str] = &[
    "O--OOOOX-OOOOOOXOOXXOOOXOOXOOOXXOOOOOOXX---OOOOX----O--X-------- X; A2:+38; C7:+36; D8:+34; C1:+30; B1:+30; G7:+28; D7:+28; C6:+28; F7:+26; A6:+24;",
    "-OOOOO----OOOOX--OOOOOO-XXXXXOO--XXOOX--OOXOXX----OXXO---OOO--O- X; H4:+0; H3:-2; F8:-2; G5:-4; B7:-6; G7:-8; G1:-12; A2:-14; A7:-18; B2:-34;",
    "--OOO-------XX-OOOOOOXOO-OOOOXOOX-OOOXXO---OOXOO---OOOXO--OOOO-- X; G2:+6; A4:+0; C6:-2; C7:-4; C2:-4; D2:-6; B5:-8; B2:-10; B6:-10;",
    "--XXXXX---XXXX---OOOXX---OOXXXX--OOXXXO-OOOOXOO----XOX----XXXXX- O; G3:-12; C7:-12; H4:-22; G7:-28; G2:-30; B1:-36;",
    "--O-X-O---O-XO-O-OOXXXOOOOOOXXXOOOOOXX--XXOOXO----XXXX-----XXX-- O; D2:-14; B8:-14; G2:-18; G6:-18; F1:-22; A7:-24; B7:-26; G5:-28; G8:-28; C8:-28;",
    "---XXXX-X-XXXO--XXOXOO--XXXOXO--XXOXXO---OXXXOO-O-OOOO------OO-- X; B2:+6; G5:+2; H6:+0; G2:-2; G4:-2; G7:-2; D8:-2; C8:-6; G3:-8; H7:-8; A6:-10; B8:-10; B7:-16; G8:-16;",
    "---XXX----OOOX----OOOXX--OOOOXXX--OOOOXX--OXOXXX--XXOO---XXXX-O- X; B3:-8; B7:-10; A3:-12; A4:-16; B5:-22; A5:-24; B6:-26; B1:-26; B2:-28; C1:-34; F8:-36; G7:-38;",
    "-OOOOO----OOOO---OOOOX--XXXXXX---OXOOX--OOOXOX----OOXX----XXXX-- O; G2:+4; G6:-24; G4:-26; A5:-28; G3:-28; G5:-30; G7:-34; G8:-36;",
    "-----X--X-XXX---XXXXOO--XOXOOXX-XOOXXX--XOOXX-----OOOX---XXXXXX- O; F6:+28; G5:+20; G6:+16; G3:+14; E1:+12; D1:+12; H4:+10; H5:+8; H3:+8; C1:-2; B1:-2; B2:-2; G7:-8;",
    "--OX-O----XXOO--OOOOOXX-OOOOOX--OOOXOXX-OOOOXX-----OOX----X-O--- X; E1:+16; B1:+2; B2:-14; A2:-16; D8:-18; B7:-32; G2:-38; C7:-40;",
];

/// Midgame positions (FFO #50-#54, 25-27 empties) for nodes per second of the midgame search.
const MIDGAME: &[&str] = &[
    "----X-----XXX----OOOXOOO-OOOXOOO-OXOXOXO-OOXXOOO--OOXO----O--O-- X",
    "----O-X------X-----XXXO-OXXXXXOO-XXOOXOOXXOXXXOO--OOOO-O----OO-- O",
    "---X-------OX--X--XOOXXXXXXOXXXXXXXOOXXXXXXOOOXX--XO---X-------- O",
    "----OO-----OOO---XXXXOOO--XXOOXO-XXXXXOO--OOOXOO--X-OX-O-----X-- X",
    "--OOO---XXOO----XXXXOOOOXXXXOX--XXXOXX--XXOOO------OOO-----O---- X",
];

/// The midgame searches of the benchmark: depth, and Multi-ProbCut's confidence (level 7's).
const MIDGAME_SEARCHES: [(u32, Option<Selectivity>); 2] = [(12, None), (18, Some(Selectivity(15)))];

/// Renju middle games (moves from the centre, Black first) from engine games, for the
/// forbidden-point scan and the search.
const GOMOKU_MIDGAMES: &[&str] = &[
    "h8 h9 i8 g7 j9 i10 g9 j7",
    "h8 i9 h10 h9 g9 i10 i11 f8 j11 j12 g11 h11",
    "h8 i9 g9 i7 h10 i11 i10 h9 g10 f10",
    "h8 f10 i9 f8 g7 f6 j10 k11 e7 f7 f9 g6 h9 g9 h10 h7 h12 h11 i8 e6 d6 e8 h5 c8",
];

/// Renju positions from random games where the side to move has a continuous-four win.
const GOMOKU_VCF: &[&str] = &[
    "h8 g7 f6 g8 h7 e6 h9 g10 f8 i7 g5 g11 e9 f11 d8 g6 e5 h10 e11 f9 g9 f5 d6 h4 i3 d7 e10 e12 h2 f10",
    "h8 g7 h9 g8 i10 h10 j11 g11 k11 i12 l12 h12 l10 g6 g9 i9 h13 f10 h6 f6 h14 l11 j8 e5",
    "h8 h9 g8 i8 i10 f9 i7 h6 i9 f7 e10 j9 j8 j6 i11 j10 f6 f8 i6 k11 g5 j12 g6 k7 j5 e6",
    "h8 i9 j9 h9 g10 k9 i7 g7 i8 k8 l8 h10 m8 g9 m9 m10 j6 n8 i10 k5 j8 f6 e7 e5 j11 g11 g5",
    "h8 h9 g9 g7 i9 g10 f6 g8 e7 j9 d7 h10 f11 c6 h6 f8 d6 i5 g12 i11 c7 e12 i6 f7 e8 d9 f9 f12 i10 k9",
];

/// The fixed-depth Gomoku search of the benchmark: plies, and moves a node.
const GOMOKU_DEPTH: u32 = 14;
const GOMOKU_WIDTH: usize = 12;

/// A Renju position on 15×15 from moves in turn.
fn renju(moves: &str) -> Result<gomoku::Position> {
    let mut p = gomoku::Position::new(15, gomoku::Rule::Renju, true);
    for m in moves.split_whitespace() {
        p = p.play(p.board().point(m)?)?;
    }
    Ok(p)
}

/// The processor level the engines use, and the best this processor has when that is another.
fn instructions() -> String {
    let (used, best) = (crate::cpu::level(), crate::cpu::best());
    if used == best {
        format!("{} (the best this processor has)", used.name())
    } else {
        format!("{} (this processor has {})", used.name(), best.name())
    }
}

/// The Gomoku figures: forbidden-point scans, search speed, VCF solve times.
pub fn bench_gomoku() -> Result<()> {
    println!("instructions: {}", instructions());
    const SCANS: u32 = 200;
    for moves in GOMOKU_MIDGAMES {
        let p = renju(moves)?;
        let t = Instant::now();
        let mut found = 0;
        for _ in 0..SCANS {
            found += gomoku::forbidden_points(p.board()).len();
        }
        let us = t.elapsed().as_secs_f64() * 1e6 / f64::from(SCANS);
        println!(
            "forbidden-point scan, {} stones: {us:.0} µs per board ({} forbidden)",
            moves.split_whitespace().count(),
            found / SCANS as usize
        );
    }
    for threads in [1, 2] {
        let (mut nodes, mut secs) = (0u64, 0f64);
        for moves in GOMOKU_MIDGAMES {
            let p = renju(moves)?;
            let t = Instant::now();
            let found = gomoku_engine::search(&p, GOMOKU_DEPTH, GOMOKU_WIDTH, threads);
            let s = t.elapsed().as_secs_f64();
            let f = found.ok_or_else(|| anyhow::anyhow!("no move found"))?;
            println!(
                "search to depth {GOMOKU_DEPTH}, width {GOMOKU_WIDTH}, {threads} thread(s): \
                 best {} in {s:.2} s, {} nodes (main thread)",
                f.best,
                super::millions(f.nodes as f64)
            );
            nodes += f.nodes;
            secs += s;
        }
        println!(
            "Gomoku search: {secs:.2} s, {} nodes, {}nodes/s, {threads} thread(s)",
            super::millions(nodes as f64),
            super::millions(nodes as f64 / secs)
        );
    }
    for moves in GOMOKU_VCF {
        let p = renju(moves)?;
        let t = Instant::now();
        let Some(f) = gomoku_engine::find_vcf(&p, gomoku_engine::VCF_DEPTH) else {
            bail!("no VCF found in a VCF position");
        };
        println!(
            "VCF after {} stones: {} in {:.2} ms, {} nodes",
            moves.split_whitespace().count(),
            f.best,
            t.elapsed().as_secs_f64() * 1e3,
            f.nodes
        );
    }
    Ok(())
}

pub fn bench(full: bool, threads: usize) -> Result<()> {
    let stop = AtomicBool::new(false);
    println!("instructions: {}", instructions());

    let (own, opp) = Position::initial().own_opp();
    let started = Instant::now();
    let leaves = perft(own, opp, 11);
    let secs = started.elapsed().as_secs_f64();
    println!(
        "perft(11): {leaves} leaves in {secs:.2} s = {} leaves/s (1 thread)",
        super::millions(leaves as f64 / secs)
    );

    let count = if full { 10 } else { 5 };
    let tt = Table::new(256);
    let (mut nodes, mut secs, mut ok) = (0u64, 0f64, true);
    for (i, line) in FFO_40_49[..count].iter().enumerate() {
        let Some(Ok(obf)) = parse_line(line) else {
            bail!("bad built-in position {i}")
        };
        let (p, o) = obf.position.own_opp();
        tt.clear();
        let budget = Budget::new(&stop, None);
        let t = Instant::now();
        let Some(solved) = endgame::solve(p, o, &tt, &budget, threads) else {
            bail!("stopped")
        };
        let s = t.elapsed().as_secs_f64();
        let good = obf.expected() == Some(solved.score);
        ok &= good;
        println!(
            "FFO #{}: score {:+} {}  {} nodes  {s:.2} s",
            40 + i,
            solved.score,
            if good { "ok" } else { "WRONG" },
            super::millions(solved.nodes as f64)
        );
        nodes += solved.nodes;
        secs += s;
    }
    println!(
        "FFO #40-#{}: {secs:.1} s, {} nodes, {}nodes/s, {threads} thread(s){}",
        39 + count,
        super::millions(nodes as f64),
        super::millions(nodes as f64 / secs),
        if ok { ", all exact" } else { ", SOME WRONG" }
    );

    for (depth, selectivity) in MIDGAME_SEARCHES {
        let (mut nodes, mut secs) = (0u64, 0f64);
        let tt = Table::new(64);
        for text in MIDGAME {
            let pos: Position = text.parse()?;
            let (p, o) = pos.own_opp();
            tt.clear();
            let budget = Budget::new(&stop, None);
            let limits = Limits {
                selectivity,
                depth,
                pace: None,
                threads,
            };
            let t = Instant::now();
            let found = search::iterate(p, o, limits, &tt, &budget, &mut |_| {});
            secs += t.elapsed().as_secs_f64();
            nodes += found.nodes;
        }
        let kind = selectivity.map_or("full width".into(), |s| format!("{}%", s.percent()));
        println!(
            "midgame search to depth {depth} ({kind}) on FFO #50-#54: {secs:.2} s, {} nodes, {}nodes/s, {threads} thread(s)",
            super::millions(nodes as f64),
            super::millions(nodes as f64 / secs)
        );
    }
    if !ok {
        bail!("some endgame scores were wrong");
    }
    Ok(())
}
