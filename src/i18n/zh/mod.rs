//! 简体中文 (Simplified Chinese). One file per room of words, as `i18n/` has them.

mod files;
mod gomoku;
mod menu;
mod names;
mod play;
mod replay;
mod reversi;
mod server;
mod windows;

pub struct Chinese;
