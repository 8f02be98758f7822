//! The App: one state machine for every screen, fed [`Input`]s by a driver and drawn by a pure
//! function, so the local terminal, a test, or an SSH session can all run it.

mod app;
mod effect;
mod gomoku;
mod help;
mod input;
mod keys;
mod layout;
mod library;
mod lobby;
mod menu;
mod net;
mod play;
mod playing;
mod replay;
mod replay_view;
mod reversi;
mod review;
mod rules;
mod screen;
mod settings_view;
mod standings;
mod theme;
mod timing;

pub use app::{App, default_name};
pub use effect::{Effect, Options, Start};
pub use input::{Input, Key};
pub use layout::min_size;
pub use play::GomokuPlay;
pub use theme::Theme;
