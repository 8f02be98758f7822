//! The command-line tools beside the game: perft, solve (and later analyze, bench, gtp).

mod perft;
mod solve;

pub use perft::perft;
pub use solve::solve;

/// "12.3 M" style counts for people.
fn millions(x: f64) -> String {
    format!("{:.1} M", x / 1e6)
}
