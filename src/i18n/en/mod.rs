//! English. One file per room of words, as `i18n/` has them; each game's words in
//! its own room (`i18n/reversi/en.rs` …).

mod files;
mod menu;
mod names;
mod play;
mod replay;
mod server;
mod windows;

pub struct English;

pub(in crate::i18n) fn plies(depth: u32) -> &'static str {
    if depth == 1 { "ply" } else { "plies" }
}
