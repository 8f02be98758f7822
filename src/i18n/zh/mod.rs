//! 简体中文 (Simplified Chinese). One file per room of words, as `i18n/` has them; each game's words in its
//! own room (`i18n/reversi/zh.rs` …).

mod files;
mod menu;
mod names;
mod play;
mod replay;
mod server;
mod windows;

pub struct Chinese;
