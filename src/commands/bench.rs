//! `heibai bench`: the speed figures of docs/BENCHMARKS.md, measured on this machine.

use crate::engine::search::{self, Limits};
use crate::engine::tt::Table;
use crate::engine::{Budget, endgame};
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

/// Midgame search depth for the benchmark.
const MIDGAME_DEPTH: u32 = 12;

pub fn bench(full: bool, threads: usize) -> Result<()> {
    let stop = AtomicBool::new(false);

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

    let tt = Table::new(64);
    let (mut nodes, mut secs) = (0u64, 0f64);
    for text in MIDGAME {
        let pos: Position = text.parse()?;
        let (p, o) = pos.own_opp();
        tt.clear();
        let budget = Budget::new(&stop, None);
        let limits = Limits {
            depth: MIDGAME_DEPTH,
            soft: None,
        };
        let t = Instant::now();
        let found = search::iterate(p, o, limits, &tt, &budget, &mut |_| {});
        secs += t.elapsed().as_secs_f64();
        nodes += found.nodes;
    }
    println!(
        "midgame search to depth {MIDGAME_DEPTH} on FFO #50-#54: {secs:.2} s, {} nodes, {}nodes/s, 1 thread",
        super::millions(nodes as f64),
        super::millions(nodes as f64 / secs)
    );
    if !ok {
        bail!("some endgame scores were wrong");
    }
    Ok(())
}
