//! English. One file per room of words, as `i18n/` has them.

mod files;
mod gomoku;
mod menu;
mod names;
mod play;
mod replay;
mod reversi;
mod server;
mod windows;

pub struct English;

fn plies(depth: u32) -> &'static str {
    if depth == 1 { "ply" } else { "plies" }
}
