//! The Gomoku computer as the worker runs it: its search keeps nothing between requests.

use super::{Level, Progress, choose, judge, opening};
use crate::engine::review::Judged;
use crate::gomoku::{Move, Position};
use std::sync::atomic::AtomicBool;

/// One engine thread's Gomoku computer.
#[derive(Default)]
pub struct Computer;

impl crate::engine::Computer for Computer {
    type Position = Position;
    type Progress = Progress;

    fn choose(
        &mut self,
        position: &Position,
        level: u8,
        _threads: usize,
        stop: &AtomicBool,
        progress: &mut dyn FnMut(Progress),
    ) -> Move {
        opening::decide(position, Level::get(level), stop, progress)
            .unwrap_or_else(|| Move::Stone(choose(position, level, stop, progress)))
    }

    fn judge(
        &mut self,
        position: &Position,
        played: Option<Move>,
        stop: &AtomicBool,
    ) -> Option<Judged> {
        judge(position, played, stop)
    }
}
