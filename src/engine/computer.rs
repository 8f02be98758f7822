//! What each game's engine room gives the worker: the computer's move at a level, and the
//! review's judgement of a position. The worker keeps one of each game's per engine thread, so
//! what a search reuses (its tables, a level's engine) lasts between requests.

use super::review::Judged;
use crate::rules::Playable;
use std::fmt::Debug;
use std::sync::atomic::AtomicBool;

/// A game's computer player, as the worker runs it (`engine::reversi::Computer` …).
pub trait Computer: Default {
    /// The position it plays.
    type Position: Playable;
    /// How far a search has got, in the game's terms.
    type Progress: Copy + PartialEq + Eq + Debug;

    /// The move for the side to move at `level`, with `threads` threads; `progress` hears the
    /// search as it deepens, and once `stop` is raised the best move so far comes back.
    fn choose(
        &mut self,
        position: &Self::Position,
        level: u8,
        threads: usize,
        stop: &AtomicBool,
        progress: &mut dyn FnMut(Self::Progress),
    ) -> <Self::Position as Playable>::Move;

    /// How `position` stands and whether `played` from it was a mistake; `None` when `stop`
    /// came first.
    fn judge(
        &mut self,
        position: &Self::Position,
        played: Option<<Self::Position as Playable>::Move>,
        stop: &AtomicBool,
    ) -> Option<Judged>;
}
