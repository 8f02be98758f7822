//! Criterion benchmarks of the rules and the engines (`cargo bench`); figures go to
//! docs/BENCHMARKS.md with the machine they ran on.

use criterion::{Criterion, criterion_group, criterion_main};
use heibai::engine::Budget;
use heibai::engine::reversi::search::{self, Limits};
use heibai::engine::reversi::training::random_game;
use heibai::engine::reversi::tt::Table;
use heibai::engine::reversi::{endgame, evaluate};
use heibai::reversi::{Position, flips, legal_moves, perft};
use heibai::rng::Rng;
use std::hint::black_box;
use std::sync::atomic::AtomicBool;

/// FFO #40 (20 empties, Black to move, +38).
const FFO_40: &str = "O--OOOOX-OOOOOOXOOXXOOOXOOXOOOXXOOOOOOXX---OOOOX----O--X-------- X";
/// FFO #50 (a midgame position with 26 empties).
const FFO_50: &str = "----X-----XXX----OOOXOOO-OOOXOOO-OXOXOXO-OOXXOOO--OOXO----O--O-- X";

fn rules(c: &mut Criterion) {
    let (p, o) = Position::initial().own_opp();
    c.bench_function("perft(8) from the start", |b| {
        b.iter(|| perft(black_box(p), black_box(o), 8))
    });
    let (p, o) = FFO_50.parse::<Position>().unwrap().own_opp();
    c.bench_function("legal_moves", |b| {
        b.iter(|| legal_moves(black_box(p), black_box(o)))
    });
    let sq = legal_moves(p, o).trailing_zeros() as u8;
    c.bench_function("flips", |b| {
        b.iter(|| flips(black_box(p), black_box(o), black_box(sq)))
    });
}

/// 1,000 positions of random games, `moves(i)` moves in, as `(own, opp)`.
fn random_positions(moves: impl Fn(usize) -> usize) -> Vec<(u64, u64)> {
    let mut rng = Rng::new(0x2545_f491_4f6c_dd1d);
    (0..1000).map(|i| random_game(&mut rng, moves(i))).collect()
}

fn evaluation(c: &mut Criterion) {
    // All stages at once (the weights of every stage in the caches), and one stage as in a
    // search, 30 to 34 moves in.
    let all = random_positions(|i| 10 + i % 41);
    let one = random_positions(|i| 30 + i % 5);
    evaluate(all[0].0, all[0].1); // the tables are built on first use
    for (name, positions) in [("10-50", all), ("30-34", one)] {
        c.bench_function(&format!("evaluate 1,000 positions {name} moves in"), |b| {
            b.iter(|| {
                positions
                    .iter()
                    .map(|&(p, o)| evaluate(black_box(p), black_box(o)))
                    .sum::<i32>()
            })
        });
    }
}

fn engines(c: &mut Criterion) {
    let mut group = c.benchmark_group("engines");
    group.sample_size(10);
    let stop = AtomicBool::new(false);
    let (p, o) = FFO_40.parse::<Position>().unwrap().own_opp();
    let tt = Table::new(64);
    for threads in [1, 2] {
        group.bench_function(format!("solve FFO #40, {threads} thread(s)"), |b| {
            b.iter(|| {
                tt.clear();
                endgame::solve(p, o, &tt, &Budget::new(&stop, None), threads).unwrap()
            })
        });
    }
    let (p, o) = FFO_50.parse::<Position>().unwrap().own_opp();
    group.bench_function("midgame search FFO #50 to depth 10", |b| {
        b.iter(|| {
            tt.clear();
            let limits = Limits {
                selectivity: None,
                depth: 10,
                pace: None,
                threads: 1,
            };
            search::iterate(p, o, limits, &tt, &Budget::new(&stop, None), &mut |_| {})
        })
    });
    group.finish();
}

/// Renju: every forbidden point of a crowded middle game (the property test's kind of position).
fn renju(c: &mut Criterion) {
    use heibai::gomoku::{Board, Color, forbidden_points};
    let mut b = Board::new(15);
    let black = "h8 i9 g7 j10 h10 g9 f8 i7 k8 e8 h6 h5 g11";
    let white = "h9 i8 g8 j9 h7 f9 i10 k10 e9 j6";
    for (stones, color) in [(black, Color::Black), (white, Color::White)] {
        for s in stones.split_whitespace() {
            let p = b.point(s).unwrap();
            b.set(p, Some(color));
        }
    }
    c.bench_function("renju: forbidden points of a whole 15x15 board", |bn| {
        bn.iter(|| forbidden_points(black_box(&b)))
    });
}

/// The Gomoku engine: a fixed-depth search of a Renju middle game and a VCF.
fn gomoku(c: &mut Criterion) {
    use heibai::engine::gomoku::{VCF_DEPTH, find_vcf, search};
    use heibai::gomoku::{Position, Rule};
    let renju = |moves: &str| {
        let mut p = Position::new(15, Rule::Renju, true);
        for m in moves.split_whitespace() {
            p = p.play(p.board().point(m).unwrap()).unwrap();
        }
        p
    };
    let mut group = c.benchmark_group("gomoku");
    group.sample_size(10);
    let midgame = renju("h8 h9 i8 g7 j9 i10 g9 j7");
    group.bench_function("search a Renju middle game to depth 8", |b| {
        b.iter(|| search(black_box(&midgame), 8, 12, 1))
    });
    let vcf = renju(
        "h8 g7 f6 g8 h7 e6 h9 g10 f8 i7 g5 g11 e9 f11 d8 g6 e5 h10 e11 f9 g9 f5 d6 h4 i3 d7 e10 \
         e12 h2 f10",
    );
    group.bench_function("find a VCF (30 stones)", |b| {
        b.iter(|| find_vcf(black_box(&vcf), VCF_DEPTH))
    });
    group.finish();
}

criterion_group!(benches, rules, evaluation, engines, renju, gomoku);
criterion_main!(benches);
