//! How far the evaluation is from exact scores: `cargo run --release --example eval_error --
//! FILE.obf...` prints the mean absolute error in discs of `heibai::engine::reversi::evaluate`
//! against each OBF line's best score, by number of empties, and the mean signed error (how
//! far it over- or underrates the side to move on the whole). It uses only what every heibai
//! build has, so that the same file measures an older build too (docs/BENCHMARKS.md).

use heibai::engine::reversi::evaluate;
use heibai::record::obf::parse_line;
use std::collections::BTreeMap;

fn main() {
    let mut by_empties: BTreeMap<u32, (f64, f64, usize)> = BTreeMap::new();
    for path in std::env::args().skip(1) {
        let text = std::fs::read_to_string(&path).unwrap_or_else(|e| {
            eprintln!("eval_error: {path}: {e}");
            std::process::exit(1);
        });
        for (n, line) in text.lines().enumerate() {
            let Some(parsed) = parse_line(line) else {
                continue;
            };
            let Ok(obf) = parsed else {
                eprintln!("eval_error: {path}:{}: not an OBF line", n + 1);
                std::process::exit(1);
            };
            let Some(exact) = obf.expected() else {
                continue;
            };
            let (p, o) = obf.position.own_opp();
            let error = f64::from(evaluate(p, o)) / 100.0 - f64::from(exact);
            let e = by_empties.entry((!(p | o)).count_ones()).or_default();
            e.0 += error.abs();
            e.1 += error;
            e.2 += 1;
        }
    }
    for (empties, (sum, bias, n)) in by_empties {
        println!(
            "{empties} empties: {n} positions, mean absolute error {:.2} discs, mean error {:+.2}",
            sum / n as f64,
            bias / n as f64
        );
    }
}
