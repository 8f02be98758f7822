//! The App: one state machine for every screen, fed [`Input`]s by a driver and drawn by a pure
//! function, so the local terminal, a test, or (later) an SSH session can all run it.

mod app;
mod board;
mod goban;
mod gomoku_play;
mod gomoku_view;
mod help;
mod input;
mod layout;
mod library;
mod menu;
mod play;
mod play_view;
mod replay;
mod replay_view;
mod theme;

pub use app::{App, Autosave, Effect, Options, SaveSlot, Start};
pub use gomoku_play::GomokuPlay;
pub use input::{Input, Key};
pub use layout::min_size;
pub use theme::{Palette, Theme};
