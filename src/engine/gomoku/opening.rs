//! The computer's decisions in a Taraguchi-10 opening (`gomoku::taraguchi`), each from the
//! search's scores of the stones it could place:
//!
//! - **Swap** when the colour about to move is worse off even after its best stone.
//! - **Place** the stone that leaves the position most balanced, since the other player may
//!   swap after it: the one whose score is nearest zero.
//! - **Offer** ten fifth stones rather than place one when the tenth best of them (White picks
//!   the worst for Black) scores above the balanced single fifth; then offer the best ones.
//! - **Pick** the offered fifth stone that is worst for Black.
//!
//! Scores come from full-window searches of every candidate, deepened together until the
//! level's depth or time runs out, so that each is a score, not a bound.

use super::grid::Grid;
use super::search::WIN;
use super::{Level, Progress};
use crate::gomoku::{Color, Move, Point, Position, Stage};
use std::sync::atomic::AtomicBool;
use std::time::Instant;

/// The computer's decision at `level` when `position` is in a Taraguchi-10 opening and the
/// decision is the opening's (a swap, a stone within a square, an offer, a pick); `None` when
/// the ordinary search is to choose a stone.
pub fn decide(
    position: &Position,
    level: Level,
    stop: &AtomicBool,
    progress: &mut dyn FnMut(Progress),
) -> Option<Move> {
    let stage = position.stage();
    let mut scores = |grid: Grid, candidates: &[Point], share: u32| {
        let deadline = Instant::now() + level.budget / share;
        scored(grid, candidates, level, deadline, stop, progress)
    };
    match stage {
        Stage::Over
        | Stage::Place {
            reach: None,
            swap: false,
            ..
        } => None,
        // White, after a single fifth stone, may swap before the sixth.
        Stage::Place { reach: None, .. } => {
            let grid = Grid::new(position);
            let candidates = candidates(&grid, position);
            let best = scores(grid, &candidates, 2).first().copied();
            best.filter(|&(_, score)| score < 0).map(|_| Move::Swap)
        }
        Stage::Place {
            reach: Some(_),
            swap,
            offer,
            ..
        } => {
            let inside: Vec<Point> = empty_points(position)
                .filter(|&p| position.check(p).is_ok())
                .collect();
            let scored = scores(Grid::new(position), &inside, 1);
            let &(_, best) = scored.first()?;
            if swap && best < 0 {
                return Some(Move::Swap);
            }
            let &(balanced, score) = scored.iter().min_by_key(|&&(_, score)| score.abs())?;
            if offer && tenth_best(position, &scored).is_some_and(|tenth| tenth > -score.abs()) {
                return Some(Move::Offer);
            }
            Some(Move::Stone(balanced))
        }
        Stage::Offer { .. } => {
            let grid = Grid::new(position);
            let offerable = candidates(&grid, position);
            let best = scores(grid, &offerable, 4).first().copied();
            Some(Move::Stone(
                best.map_or_else(|| any_offer(position), |(p, _)| p),
            ))
        }
        Stage::Pick => {
            // Black's view of each offer: White picks the lowest.
            let stones = stones(position);
            let size = position.board().size();
            let as_black = Position::setup(size, position.rule(), &stones, Color::Black);
            let scored = scores(Grid::new(&as_black), position.offers(), 1);
            let worst = scored.last().map(|&(p, _)| p);
            worst
                .or_else(|| position.offers().first().copied())
                .map(Move::Stone)
        }
    }
}

/// The stones on the board, for a position set up from them.
fn stones(position: &Position) -> Vec<(Point, Color)> {
    let board = position.board();
    board
        .points()
        .filter_map(|p| board.get(p).map(|c| (p, c)))
        .collect()
}

fn empty_points(position: &Position) -> impl Iterator<Item = Point> + '_ {
    let board = position.board();
    board.points().filter(|&p| board.get(p).is_none())
}

/// The points near the stones that the side to move may take (offer, in an offer stage) in
/// `position`, whose grid is `grid`.
fn candidates(grid: &Grid, position: &Position) -> Vec<Point> {
    grid.candidates()
        .into_iter()
        .map(|i| grid.point(i))
        .filter(|&p| position.check(p).is_ok())
        .collect()
}

/// Any point Black may offer (when nothing near the stones is left to offer).
fn any_offer(position: &Position) -> Point {
    empty_points(position)
        .find(|&p| position.check(p).is_ok())
        .unwrap_or_else(|| position.centre())
}

/// The score of the tenth best fifth stone among `scored` (best first) that are not alike
/// under the board's symmetries, if there are ten: what offering them would leave Black.
fn tenth_best(position: &Position, scored: &[(Point, i32)]) -> Option<i32> {
    let mut offered = position.play_move(Move::Offer).ok()?;
    let mut last = None;
    for &(p, score) in scored {
        if let Ok(next) = offered.play(p) {
            offered = next;
            last = Some(score);
        }
        if offered.stage() == Stage::Pick {
            return last;
        }
    }
    None
}

/// Every candidate with its score for the side to move of `grid` after a stone there, best
/// first: full-window searches, one depth for all before the next, to the level's depth or
/// until `deadline` (the last depth finished for all counts; depth 1 always finishes).
fn scored(
    grid: Grid,
    candidates: &[Point],
    level: Level,
    deadline: Instant,
    stop: &AtomicBool,
    progress: &mut dyn FnMut(Progress),
) -> Vec<(Point, i32)> {
    let mut s = level.searcher(grid, stop, None);
    let points: Vec<usize> = candidates.iter().map(|&p| s.grid.index(p)).collect();
    let mut done: Vec<(Point, i32)> = vec![];
    for depth in 1..=level.depth.max(1) as i32 {
        let mut now = Vec::with_capacity(points.len());
        for &i in &points {
            s.grid.play(i);
            let score = -s.alphabeta(depth - 1, -WIN - 1, WIN + 1, 1, false);
            s.grid.undo();
            if s.was_aborted() {
                break;
            }
            now.push((s.grid.point(i), score));
        }
        if now.len() < points.len() {
            break;
        }
        now.sort_by_key(|&(_, score)| -score);
        done = now;
        if let Some(&(best, score)) = done.first() {
            progress(Progress {
                depth: depth as u32,
                best,
                score,
                winning: false,
                nodes: s.nodes,
            });
        }
        // Depth 1 always finishes; later ones only within the time.
        s.set_deadline(Some(deadline));
        if Instant::now() >= deadline {
            break;
        }
    }
    done
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::gomoku::{OFFERS, Rule, Start};
    use crate::rules::Playable;

    fn level() -> Level {
        Level {
            budget: std::time::Duration::from_millis(200),
            ..Level::get(3)
        }
    }

    /// Plays the computer's decisions from the start to the sixth stone: every one legal, the
    /// opening played through.
    #[test]
    fn the_computer_plays_a_whole_taraguchi_opening() {
        let stop = AtomicBool::new(false);
        let mut p = Position::starting(15, Rule::Renju, Start::Taraguchi);
        let mut decisions = vec![];
        while p.stage() != Stage::Over
            && !matches!(
                p.stage(),
                Stage::Place {
                    stone: 6,
                    swap: false,
                    ..
                }
            )
        {
            let mv = decide(&p, level(), &stop, &mut |_| {}).expect("a decision");
            decisions.push(mv.to_string());
            p = p
                .play_move(mv)
                .unwrap_or_else(|e| panic!("{mv} refused: {e}"));
            assert!(decisions.len() < 40, "{decisions:?}");
        }
        assert_eq!(decisions[0], "h8");
        let offered = decisions.iter().position(|d| d == "offer");
        if offered.is_some() {
            assert_eq!(p.offers().len(), OFFERS);
        }
        assert!(decide(&p, level(), &stop, &mut |_| {}).is_none() || p.stage().may_swap());
    }

    /// With ten offers on the board White picks the one worst for Black: not one of the far
    /// corners Black would never want when a point by the stones is among them.
    #[test]
    fn white_picks_the_offer_worst_for_black() {
        let stop = AtomicBool::new(false);
        let mut p = Position::starting(15, Rule::Renju, Start::Taraguchi);
        for m in ["h8", "h9", "i9", "g7", "offer"] {
            let mv = p.parse_move(m).unwrap();
            p = p.play_move(mv).unwrap();
        }
        // Nine corners and edges far away, and one strong point beside Black's stones.
        for m in [
            "a1", "a15", "o1", "o15", "a8", "h1", "o8", "h15", "b2", "j10",
        ] {
            let at = p.board().point(m).unwrap();
            p = p.play(at).unwrap();
        }
        assert_eq!(p.stage(), Stage::Pick);
        let mv = decide(&p, level(), &stop, &mut |_| {}).unwrap();
        assert_ne!(mv.to_string(), "j10", "the strong point is left for others");
    }
}
