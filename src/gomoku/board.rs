//! The board: stones on the points of a square grid, and runs of stones along its four axes.

use super::{Color, Rule};
use std::fmt;

/// A point on the board; `row` 0 is the bottom row ("1").
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Point {
    pub col: u8,
    pub row: u8,
}

/// Why a text is not a point on this board.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error(
    "'{text}' is not a point of a {size}x{size} board: expected a column a-{last} and a row 1-{size}, like h8"
)]
pub struct PointError {
    pub text: String,
    pub size: u8,
    pub last: char,
}

impl fmt::Display for Point {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", (b'a' + self.col) as char, self.row + 1)
    }
}

/// The four axes: across, up, and the two diagonals.
pub const DIRECTIONS: [(i8, i8); 4] = [(1, 0), (0, 1), (1, 1), (1, -1)];

/// Stones on a `size`×`size` grid.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Board {
    size: u8,
    cells: Vec<Option<Color>>,
}

impl Board {
    /// An empty board of `size`×`size` points (5 to 26).
    pub fn new(size: u8) -> Board {
        let size = size.clamp(5, 26);
        Board {
            size,
            cells: vec![None; usize::from(size) * usize::from(size)],
        }
    }

    pub fn size(&self) -> u8 {
        self.size
    }

    /// Reads "h8" (any case) as a point of this board.
    pub fn point(&self, text: &str) -> Result<Point, PointError> {
        let err = || PointError {
            text: text.to_string(),
            size: self.size,
            last: (b'a' + self.size - 1) as char,
        };
        let mut chars = text.chars();
        let col = chars.next().ok_or_else(err)?.to_ascii_lowercase();
        let row: u8 = chars.as_str().parse().map_err(|_| err())?;
        if !col.is_ascii_lowercase() {
            return Err(err());
        }
        let p = Point {
            col: col as u8 - b'a',
            row: row.wrapping_sub(1),
        };
        self.contains(i32::from(p.col), i32::from(p.row))
            .then_some(p)
            .ok_or_else(err)
    }

    fn contains(&self, col: i32, row: i32) -> bool {
        (0..i32::from(self.size)).contains(&col) && (0..i32::from(self.size)).contains(&row)
    }

    /// The point `steps` away from `p` along `dir`, if on the board.
    pub fn step(&self, p: Point, dir: (i8, i8), steps: i32) -> Option<Point> {
        let col = i32::from(p.col) + steps * i32::from(dir.0);
        let row = i32::from(p.row) + steps * i32::from(dir.1);
        self.contains(col, row).then_some(Point {
            col: col as u8,
            row: row as u8,
        })
    }

    fn index(&self, p: Point) -> usize {
        usize::from(p.row) * usize::from(self.size) + usize::from(p.col)
    }

    pub fn get(&self, p: Point) -> Option<Color> {
        self.cells[self.index(p)]
    }

    pub fn set(&mut self, p: Point, stone: Option<Color>) {
        let i = self.index(p);
        self.cells[i] = stone;
    }

    /// Every point, bottom row first.
    pub fn points(&self) -> impl Iterator<Item = Point> + '_ {
        (0..self.size).flat_map(move |row| (0..self.size).map(move |col| Point { col, row }))
    }

    /// The run of `color` stones along `dir` through `p`, counting `p` as `color`: how far it
    /// reaches back and forward from `p`.
    pub fn run_ends(&self, p: Point, color: Color, dir: (i8, i8)) -> (i32, i32) {
        let reach = |sign: i32| {
            (1..)
                .take_while(|&k| {
                    self.step(p, dir, sign * k)
                        .is_some_and(|q| self.get(q) == Some(color))
                })
                .count() as i32
        };
        (reach(-1), reach(1))
    }

    /// The length of that run.
    pub fn run(&self, p: Point, color: Color, dir: (i8, i8)) -> usize {
        let (back, forward) = self.run_ends(p, color, dir);
        (back + forward + 1) as usize
    }

    /// Whether `color` playing at `p` makes a winning line under `rule`.
    pub fn wins_at(&self, p: Point, color: Color, rule: Rule) -> bool {
        DIRECTIONS
            .iter()
            .any(|&d| rule.wins(color, self.run(p, color, d)))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn points_are_named_from_the_bottom_left() {
        let b = Board::new(15);
        assert_eq!(b.point("a1").unwrap(), Point { col: 0, row: 0 });
        assert_eq!(b.point("H8").unwrap(), Point { col: 7, row: 7 });
        assert_eq!(b.point("o15").unwrap().to_string(), "o15");
        for bad in ["", "a0", "a16", "p1", "11", "h", "h8x", "é3"] {
            assert!(b.point(bad).is_err(), "{bad}");
        }
        assert!(Board::new(19).point("s19").is_ok());
        assert!(b.point("s19").unwrap_err().to_string().contains("a-o"));
    }

    #[test]
    fn wins_by_rule() {
        let mut b = Board::new(15);
        // Black on a1..e1 and g1; f1 would make six.
        for col in [0, 1, 2, 3, 4, 6] {
            b.set(Point { col, row: 0 }, Some(Color::Black));
        }
        let f1 = b.point("f1").unwrap();
        assert!(Rule::Freestyle.wins(Color::Black, 6));
        assert!(b.wins_at(f1, Color::Black, Rule::Freestyle));
        assert!(!b.wins_at(f1, Color::Black, Rule::Standard));
        assert!(!b.wins_at(f1, Color::Black, Rule::Renju));
        let mut w = Board::new(15);
        for col in [0, 1, 2, 3, 4, 6] {
            w.set(Point { col, row: 0 }, Some(Color::White));
        }
        assert!(
            w.wins_at(f1, Color::White, Rule::Renju),
            "White's overline wins in Renju"
        );
        assert!(!w.wins_at(f1, Color::White, Rule::Standard));
        let mut five = Board::new(15);
        for row in 0..4 {
            five.set(Point { col: row, row }, Some(Color::Black));
        }
        assert!(
            five.wins_at(Point { col: 4, row: 4 }, Color::Black, Rule::Renju),
            "diagonal five"
        );
    }
}
