//! The Reversi computer as the worker runs it: the engine of the last level asked (kept while
//! the level stays), and the tables analysis and the review share.

use super::review::judge_reversi;
use super::tt::Table;
use super::{Analysis, Engine, LEVELS, Level, Progress, analyze};
use crate::engine::review::Judged;
use crate::reversi::{Move, Position};
use std::sync::atomic::AtomicBool;

/// Tables for analysis and the review, in MiB.
const ANALYSIS_MB: usize = 32;

/// One engine thread's Reversi computer.
#[derive(Default)]
pub struct Computer {
    engine: Option<(u8, Box<dyn Engine>)>,
    /// Made on first use: most games never turn analysis on.
    tables: Option<(Table, Table)>,
}

impl Computer {
    fn tables(&mut self) -> (&Table, &Table) {
        let (midgame, endgame) = self
            .tables
            .get_or_insert_with(|| (Table::new(ANALYSIS_MB), Table::new(ANALYSIS_MB)));
        (midgame, endgame)
    }

    /// Scores of every move of `position`, deeper each time, until `stop`, on `threads`
    /// threads. The tables start empty each time, so that a position analysed twice to the same
    /// depth on one thread gets the same scores (what earlier searches left would change them).
    pub fn analyze(
        &mut self,
        position: &Position,
        threads: usize,
        stop: &AtomicBool,
        report: &mut dyn FnMut(Analysis),
    ) {
        let (midgame, endgame) = self.tables();
        midgame.clear();
        endgame.clear();
        analyze(position, stop, threads, midgame, endgame, report);
    }
}

impl crate::engine::Computer for Computer {
    type Position = Position;
    type Progress = Progress;

    fn choose(
        &mut self,
        position: &Position,
        level: u8,
        threads: usize,
        stop: &AtomicBool,
        progress: &mut dyn FnMut(Progress),
    ) -> Move {
        let level = Level::get(level).unwrap_or(LEVELS[0]);
        if self.engine.as_ref().is_none_or(|(n, _)| *n != level.number) {
            self.engine = Some((level.number, level.engine(threads)));
        }
        let (_, engine) = self.engine.as_mut().expect("just set");
        engine.choose(position, stop, progress)
    }

    fn judge(
        &mut self,
        position: &Position,
        played: Option<Move>,
        stop: &AtomicBool,
    ) -> Option<Judged> {
        judge_reversi(position, played, self.tables(), stop)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The scores of `position` at depths 1-5, as analysis reports them.
    fn scores(c: &mut Computer, position: &Position) -> Vec<Analysis> {
        let stop = AtomicBool::new(false);
        let mut out = vec![];
        c.analyze(position, 1, &stop, &mut |a| {
            if a.depth >= 5 {
                stop.store(true, std::sync::atomic::Ordering::Relaxed);
            }
            out.push(a);
        });
        out.retain(|a| a.depth <= 5);
        out
    }

    #[test]
    fn a_position_analysed_twice_gets_the_same_scores() {
        let mut c = Computer::default();
        let mut p = Position::initial();
        let mut other = p;
        for m in ["f5", "d6", "c3", "d3", "c4", "f4"] {
            p = p.play(m.parse().unwrap()).unwrap();
        }
        other = other.play("e6".parse().unwrap()).unwrap();
        let first = scores(&mut c, &p);
        assert_eq!(first.len(), 5);
        // Another position's search in between fills the tables.
        scores(&mut c, &other);
        assert_eq!(scores(&mut c, &p), first);
    }
}
