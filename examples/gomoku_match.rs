//! A match between two Gomoku levels, colours alternating, for docs/BENCHMARKS.md:
//! `cargo run --release --example gomoku_match -- A B GAMES [renju|standard|freestyle]`.
//! Openings differ by game: Black's first stone in the centre, then White's first stone on one
//! of the eight points around it.

use heibai::engine::gomoku::choose;
use heibai::gomoku::{Color, Outcome, Point, Position, Rule};
use std::sync::atomic::AtomicBool;
use std::time::{Duration, Instant};

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let level = |i: usize| args.get(i).and_then(|a| a.parse().ok());
    let (Some(a), Some(b)) = (level(0), level(1)) else {
        eprintln!("usage: gomoku_match A B [GAMES] [renju|standard|freestyle]");
        std::process::exit(2);
    };
    let games: usize = args.get(2).and_then(|g| g.parse().ok()).unwrap_or(4);
    let rule = match args.get(3).map(String::as_str) {
        Some("freestyle") => Rule::Freestyle,
        Some("standard") => Rule::Standard,
        _ => Rule::Renju,
    };
    let (mut wins_a, mut wins_b, mut draws) = (0, 0, 0);
    let mut slowest = Duration::ZERO;
    for game in 0..games {
        let a_is_black = game % 2 == 0;
        let mut p = Position::new(15, rule, true);
        let mut moves = vec![];
        p = p.play(p.centre()).expect("the centre");
        let around = [
            (1, 0),
            (1, 1),
            (0, 1),
            (-1, 1),
            (-1, 0),
            (-1, -1),
            (0, -1),
            (1, -1),
        ];
        let (dc, dr) = around[(game / 2) % around.len()];
        let c = p.centre();
        let second = Point {
            col: (c.col as i32 + dc) as u8,
            row: (c.row as i32 + dr) as u8,
        };
        p = p.play(second).expect("next to the centre");
        while p.outcome() == Outcome::Playing {
            let black = p.to_move() == Color::Black;
            let lvl = if black == a_is_black { a } else { b };
            let t = Instant::now();
            let m = choose(&p, lvl, &AtomicBool::new(false), &mut |_| {});
            slowest = slowest.max(t.elapsed());
            p = p.play(m).expect("the engine plays legal moves");
            moves.push(m.to_string());
        }
        let result = match p.outcome() {
            Outcome::Won(Color::Black, _) if a_is_black => "A",
            Outcome::Won(Color::White, _) if !a_is_black => "A",
            Outcome::Won(..) => "B",
            _ => "draw",
        };
        match result {
            "A" => wins_a += 1,
            "B" => wins_b += 1,
            _ => draws += 1,
        }
        println!(
            "game {}: A (level {a}) {}, winner {result} after {} moves",
            game + 1,
            if a_is_black { "Black" } else { "White" },
            moves.len() + 2
        );
        if std::env::var_os("MOVES").is_some() {
            println!("  h8 {second} {}", moves.join(" "));
        }
    }
    println!(
        "level {a} vs level {b}, {rule:?}: {wins_a}-{wins_b}, {draws} drawn; slowest move {:.2} s",
        slowest.as_secs_f64()
    );
}
