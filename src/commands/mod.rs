//! The command-line tools beside the game: perft, solve, analyze, bench, gtp, and for Gomoku
//! forbidden and pbrain.

mod analyze;
mod bench;
mod forbidden;
pub mod gtp;
mod lines;
pub mod nboard;
pub mod pbrain;
mod perft;
mod records;
mod solve;

pub use analyze::analyze;
pub use bench::{bench, bench_gomoku};
pub use forbidden::forbidden;
pub use gtp::gtp;
pub use nboard::nboard;
pub use pbrain::pbrain;
pub use perft::perft;
pub use records::{Format, export, import, is_wthor, read_game, read_wthor};
pub use solve::solve;

/// "12.3 M" style counts for people.
fn millions(x: f64) -> String {
    format!("{:.1} M", x / 1e6)
}
