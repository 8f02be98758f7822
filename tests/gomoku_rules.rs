//! Renju's forbidden moves checked against a slow implementation written straight from the RIF
//! definitions: every point of every line, no windows, no shortcuts.

use heibai::gomoku::{Board, Color, DIRECTIONS, Forbidden, Point, forbidden};
use proptest::prelude::*;

/// All points of the line through `p` along `d`.
fn line(b: &Board, p: Point, d: (i8, i8)) -> Vec<Point> {
    let n = i32::from(b.size());
    (-n..=n).filter_map(|k| b.step(p, d, k)).collect()
}

fn with(b: &Board, p: Point) -> Board {
    let mut b = b.clone();
    b.set(p, Some(Color::Black));
    b
}

/// The black stones of the exactly-five through `q` along `d` in `b` (with `q` black), if the
/// run through `q` is exactly five and contains `must`.
fn five_stones(b: &Board, q: Point, d: (i8, i8), must: &[Point]) -> Option<Vec<Point>> {
    let b = with(b, q);
    let run: Vec<Point> = line(&b, q, d)
        .into_iter()
        .filter(|&r| {
            // r is in q's run if every point between q and r is black.
            let (dc, dr) = (
                i32::from(r.col) - i32::from(q.col),
                i32::from(r.row) - i32::from(q.row),
            );
            let k = if d.0 != 0 {
                dc / i32::from(d.0)
            } else {
                dr / i32::from(d.1)
            };
            let (lo, hi) = (k.min(0), k.max(0));
            (lo..=hi).all(|j| {
                b.step(q, d, j)
                    .is_some_and(|s| b.get(s) == Some(Color::Black))
            })
        })
        .collect();
    (run.len() == 5 && must.iter().all(|m| run.contains(m)))
        .then(|| run.into_iter().filter(|&r| r != q).collect())
}

/// Distinct fours through `p` along `d`: sets of four stones that one more stone makes five.
fn fours(b: &Board, p: Point, d: (i8, i8)) -> Vec<Vec<Point>> {
    let mut sets: Vec<Vec<Point>> = line(b, p, d)
        .into_iter()
        .filter(|&q| b.get(q).is_none())
        .filter_map(|q| five_stones(b, q, d, &[p]))
        .collect();
    for s in &mut sets {
        s.sort();
    }
    sets.sort();
    sets.dedup();
    sets
}

/// A straight four through `p` and `q` along `d`: one set of four with two ways to five.
fn straight_four(b: &Board, p: Point, q: Point, d: (i8, i8)) -> bool {
    let mut sets: Vec<Vec<Point>> = line(b, p, d)
        .into_iter()
        .filter(|&r| b.get(r).is_none())
        .filter_map(|r| five_stones(b, r, d, &[p, q]))
        .map(|mut s| {
            s.sort();
            s
        })
        .collect();
    sets.sort();
    sets.windows(2).any(|w| w[0] == w[1])
}

fn slow_forbidden(board: &Board, p: Point, depth: u32) -> Option<Forbidden> {
    if board.get(p).is_some() {
        return None;
    }
    let b = with(board, p);
    let runs: Vec<usize> = DIRECTIONS
        .iter()
        .map(|&d| b.run(p, Color::Black, d))
        .collect();
    if runs.contains(&5) {
        return None;
    }
    if runs.iter().any(|&r| r >= 6) {
        return Some(Forbidden::Overline);
    }
    if DIRECTIONS
        .iter()
        .map(|&d| fours(&b, p, d).len())
        .sum::<usize>()
        >= 2
    {
        return Some(Forbidden::DoubleFour);
    }
    let threes = DIRECTIONS
        .iter()
        .filter(|&&d| {
            line(&b, p, d).into_iter().any(|q| {
                // A stone that makes a five (in any line) makes a five, not a straight four.
                b.get(q).is_none()
                    && b.run(q, Color::Black, d) < 5
                    && DIRECTIONS
                        .iter()
                        .all(|&e| five_stones(&b, q, e, &[]).is_none())
                    && straight_four(&with(&b, q), p, q, d)
                    && (depth >= 6 || slow_forbidden(&b, q, depth + 1).is_none())
            })
        })
        .count();
    (threes >= 2).then_some(Forbidden::DoubleThree)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(40))]

    /// Random positions crowded into the middle of the board, where shapes form.
    #[test]
    fn fast_check_agrees_with_the_definitions(
        stones in prop::collection::vec((4u8..11, 4u8..11, any::<bool>(), 0u8..4), 8..40)
    ) {
        let mut b = Board::new(15);
        for (col, row, black, weight) in stones {
            // Three in four stones black: Black's shapes are what matter here.
            let color = if black || weight > 0 { Color::Black } else { Color::White };
            b.set(Point { col, row }, Some(color));
        }
        for p in b.points().filter(|&p| b.get(p).is_none() && (3..12).contains(&p.col) && (3..12).contains(&p.row)) {
            prop_assert_eq!(forbidden(&b, p), slow_forbidden(&b, p, 0), "at {}", p);
        }
    }
}
