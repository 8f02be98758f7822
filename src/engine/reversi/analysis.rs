//! Analysis mode: a score for every legal move, deepening until stopped, exact near the end.

use super::endgame::Solver;
use super::probcut::Selectivity;
use super::search::score_all;
use super::tt::Table;
use crate::engine::Budget;
use crate::reversi::{Position, Square};
use std::sync::atomic::AtomicBool;

/// At or below this many empties every move is solved exactly.
pub const EXACT_EMPTIES: u32 = 14;
/// Multi-ProbCut's confidence in analysis (here and `heibai analyze`): level 8's, the surest.
pub const ANALYSIS_SELECTIVITY: Selectivity = Selectivity(20);

/// Scores of every legal move of the side to move at one depth, in hundredths of a disc.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Analysis {
    pub depth: u32,
    /// Exact final disc differences (times 100) rather than estimates.
    pub exact: bool,
    /// The search cut by Multi-ProbCut with this confidence (`None`: full width or exact).
    pub selectivity: Option<Selectivity>,
    pub scores: Vec<(Square, i32)>,
}

impl Analysis {
    /// The depth as Othello programs write it: `18`, or `18@98%` when cut with 98 % confidence.
    pub fn depth_text(&self) -> String {
        super::probcut::depth_text(self.depth, self.selectivity)
    }
}

/// Reports deeper and deeper scores until done or `stop` is set, searching on `threads` threads.
pub fn analyze(
    position: &Position,
    stop: &AtomicBool,
    threads: usize,
    midgame: &Table,
    endgame: &Table,
    report: &mut dyn FnMut(Analysis),
) {
    let (p, o) = position.own_opp();
    let empties = 64 - (p | o).count_ones();
    let budget = Budget::new(stop, None);
    let squares = |v: Vec<(u8, i32)>| {
        v.into_iter()
            .filter_map(|(sq, s)| Some((Square::new(sq)?, super::review::in_range(s))))
            .collect()
    };
    if empties <= EXACT_EMPTIES {
        let Some(scores) = Solver::new(endgame, &budget).score_all(p, o) else {
            return;
        };
        if !scores.is_empty() {
            report(Analysis {
                depth: empties,
                exact: true,
                selectivity: None,
                scores: squares(scores),
            });
        }
        return;
    }
    // Deeper until stopped: a search that reaches the end cuts nothing and is exact.
    for depth in 1..=empties {
        let exact = depth >= empties;
        let selectivity = Some(ANALYSIS_SELECTIVITY).filter(|_| !exact);
        match score_all(p, o, depth, selectivity, threads, midgame, &budget) {
            Some(v) if !v.is_empty() => report(Analysis {
                depth,
                exact,
                selectivity,
                scores: squares(v),
            }),
            _ => return,
        }
    }
}
