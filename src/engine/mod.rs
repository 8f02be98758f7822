//! Computer players, one room per game (`reversi/`, `gomoku/`), and what they share: a
//! [`Worker`] runs them on their own threads so that the UI never waits, a [`Budget`] stops a
//! search, and the review's verdicts are one kind for every game.

mod budget;
mod computer;
pub mod gomoku;
pub mod reversi;
pub mod review;
pub mod shared_table;
pub mod time;
mod worker;

pub use budget::Budget;
pub use computer::Computer;
pub use worker::{Computers, Played, Pool, Reply, Report, Request, Searched, Worker};
