//! How long one move's search runs, for both games: a usual share of its time, all of it when
//! the search is unsettled (the best move changed or its score fell in the last iteration).
//! Kept apart from the clock so that the decisions are tested on made-up times.

use std::time::Duration;

/// One move's time: the usual stop and the latest.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TimePlan {
    settled: Duration,
    latest: Duration,
    /// How far (in the game's score units) the best score may fall between iterations before
    /// the search takes all of its time.
    fall: i32,
}

/// What one iteration of deepening ended with.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Iteration {
    pub best: usize,
    pub score: i32,
}

impl TimePlan {
    /// A plan for a search that may take at most `latest`, stopping at `settled_percent` of it
    /// while settled, unsettled by a fall of `fall` or more.
    pub fn new(latest: Duration, settled_percent: u32, fall: i32) -> TimePlan {
        TimePlan {
            settled: latest * settled_percent / 100,
            latest,
            fall,
        }
    }

    /// How long after its start the search stops, given the last two iterations (`None`
    /// before there are two): the usual share while the best move and its score hold, all of
    /// the time once either moves.
    pub fn stop_after(&self, before: Option<Iteration>, last: Option<Iteration>) -> Duration {
        match (before, last) {
            (Some(b), Some(l)) if b.best != l.best || l.score < b.score - self.fall => self.latest,
            _ => self.settled,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const MS: fn(u64) -> Duration = Duration::from_millis;
    const FALL: i32 = 200;

    fn plan(ms: u64) -> TimePlan {
        TimePlan::new(MS(ms), 80, FALL)
    }

    fn it(best: usize, score: i32) -> Option<Iteration> {
        Some(Iteration { best, score })
    }

    #[test]
    fn a_settled_search_stops_at_its_usual_share() {
        let plan = plan(1000);
        assert_eq!(plan.stop_after(None, None), MS(800));
        assert_eq!(plan.stop_after(None, it(3, 10)), MS(800));
        assert_eq!(plan.stop_after(it(3, 10), it(3, 40)), MS(800));
        assert_eq!(plan.stop_after(it(3, 10), it(3, 10 - FALL)), MS(800));
    }

    #[test]
    fn a_changed_best_move_or_a_falling_score_takes_all_the_time() {
        let plan = plan(1000);
        assert_eq!(plan.stop_after(it(3, 10), it(4, 10)), MS(1000));
        assert_eq!(plan.stop_after(it(3, 10), it(3, 9 - FALL)), MS(1000));
    }

    #[test]
    fn never_beyond_the_latest() {
        for ms in [0, 1, 30, 999, 15_000] {
            let plan = plan(ms);
            for (b, l) in [(None, None), (it(1, 0), it(2, -5000))] {
                assert!(plan.stop_after(b, l) <= MS(ms));
            }
        }
    }
}
