//! Line patterns: what a stone of one colour at a point makes on one of its four lines (a five,
//! a straight four, a four, an open three …), read from a table indexed by the five cells on
//! either side. The table is built once per rule from a recursive classification (a four is one
//! stone from a five, a three one stone from a straight four, a two one stone from a three), so
//! the engine never scans a line to know what a point is worth. Exact-five rules (Black in
//! Renju, both sides in Standard) see an overline as no five, and a "four" whose only completion
//! is an overline as no four.

use crate::gomoku::{Color, Rule};
use std::sync::OnceLock;

/// What one stone makes on one line, weakest first.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[repr(u8)]
pub enum Shape {
    /// Nothing that can grow into a five on this line.
    None,
    /// Two stones, one more makes a three that can only become a closed four.
    Block2,
    /// Two stones that can become an open three.
    Flex2,
    /// A three that can become a four, but not a straight one.
    Block3,
    /// An open three: one more stone makes a straight four.
    Flex3,
    /// A four with one point that completes it.
    Block4,
    /// A straight four: two points complete it, five apart.
    Flex4,
    /// Two fours on the one line (such as X.XXX.X with the stone in the middle).
    DoubleFour,
    /// A winning line.
    Five,
    /// Six or more in a row where only exactly five wins.
    Overline,
}

/// Every shape, weakest first (`Shape as usize` indexes tables of this length).
pub const SHAPES: [Shape; 10] = [
    Shape::None,
    Shape::Block2,
    Shape::Flex2,
    Shape::Block3,
    Shape::Flex3,
    Shape::Block4,
    Shape::Flex4,
    Shape::DoubleFour,
    Shape::Five,
    Shape::Overline,
];

impl Shape {
    /// Whether the line becomes a four (one stone from a five) or more.
    pub fn is_four(self) -> bool {
        matches!(self, Shape::Block4 | Shape::Flex4 | Shape::DoubleFour)
    }

    /// What a line is one stone before it becomes this: a three before a four, a two before
    /// a three (a straight four comes from an open three, any other four from a closed one).
    fn one_stone_before(self) -> Shape {
        match self {
            Shape::Flex4 => Shape::Flex3,
            Shape::Block4 | Shape::DoubleFour => Shape::Block3,
            Shape::Flex3 => Shape::Flex2,
            Shape::Block3 => Shape::Block2,
            _ => Shape::None,
        }
    }

    /// How many fours the line holds.
    pub fn fours(self) -> u8 {
        match self {
            Shape::Block4 | Shape::Flex4 => 1,
            Shape::DoubleFour => 2,
            _ => 0,
        }
    }
}

/// Cells read on each side of the point.
pub const REACH: usize = 5;
/// The window's length, the point in the middle.
const LEN: usize = 2 * REACH + 1;
const CENTRE: usize = REACH;
const FULL: u16 = (1 << LEN) - 1;

/// A cell of a line key: 2 bits each.
pub const EMPTY: u32 = 0;
const WALL: u32 = 3;

/// Where the cell `k` steps from the point (k in ±1..=5) sits in a line key.
pub const fn slot(k: isize) -> u32 {
    let pos = if k < 0 {
        k + REACH as isize
    } else {
        k + REACH as isize - 1
    };
    2 * pos as u32
}

/// Whether a run of `len` wins, under an exact-five rule or not.
fn wins(exact: bool, len: u32) -> bool {
    if exact { len == 5 } else { len >= 5 }
}

/// The length of the run of `own` through cell `at` (which must be in `own`).
fn run(own: u16, at: usize) -> u32 {
    let left = (own >> (at + 1)).trailing_ones();
    let right = (!(own << (16 - at))).leading_zeros();
    1 + left + right
}

/// Classifies lines with an exact-five rule or without, remembering what it has seen: a line
/// is `own` stones (the centre among them) and `blocked` cells (the opponent's or the wall).
struct Classifier {
    exact: bool,
    memo: Vec<u8>,
}

const UNKNOWN: u8 = u8::MAX;

impl Classifier {
    fn new(exact: bool) -> Classifier {
        Classifier {
            exact,
            memo: vec![UNKNOWN; 1 << (2 * LEN)],
        }
    }

    /// Whether a stone at empty `e` makes a five through the centre.
    fn five_at(&self, own: u16, e: usize) -> bool {
        let own = own | 1 << e;
        let len = run(own, e);
        // The run holds the centre when every cell between is own.
        let (lo, hi) = (e.min(CENTRE), e.max(CENTRE));
        let between = ((1u16 << (hi - lo + 1)) - 1) << lo;
        own & between == between && wins(self.exact, len)
    }

    fn shape(&mut self, own: u16, blocked: u16) -> Shape {
        let key = usize::from(blocked) << LEN | usize::from(own);
        if self.memo[key] != UNKNOWN {
            return SHAPES[usize::from(self.memo[key])];
        }
        let shape = self.classify(own, blocked);
        self.memo[key] = shape as u8;
        shape
    }

    fn classify(&mut self, own: u16, blocked: u16) -> Shape {
        let len = run(own, CENTRE);
        if len >= 5 {
            return if wins(self.exact, len) {
                Shape::Five
            } else {
                Shape::Overline
            };
        }
        let empty = FULL & !own & !blocked;
        // Points that could share a five with the centre.
        let near = |e: usize| e.abs_diff(CENTRE) <= 4 && empty & 1 << e != 0;
        let fives: Vec<usize> = (0..LEN)
            .filter(|&e| near(e) && self.five_at(own, e))
            .collect();
        match fives[..] {
            [] => {}
            [_] => return Shape::Block4,
            [a, b] if b - a == 5 => return Shape::Flex4,
            _ => return Shape::DoubleFour,
        }
        let mut best = Shape::None;
        for e in (0..LEN).filter(|&e| near(e)) {
            best = best.max(self.shape(own | 1 << e, blocked).one_stone_before());
        }
        best
    }
}

/// The shapes of Black and of White at the point of a line key, four bits each (one byte
/// keeps the table small enough to stay in cache).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub struct Shapes(u8);

impl Shapes {
    /// Side `s`'s shape (0 Black, 1 White) as its number in [`SHAPES`].
    pub fn get(self, s: usize) -> u8 {
        self.0 >> (4 * s) & 15
    }

    #[cfg(test)]
    pub fn of(self, color: Color) -> Shape {
        SHAPES[usize::from(self.get(side(color)))]
    }
}

pub fn side(color: Color) -> usize {
    match color {
        Color::Black => 0,
        Color::White => 1,
    }
}

/// A rule's table: the shapes for every line key a board can hold. A key's two halves (the
/// five cells before the point and the five after) are each one of 364 that have the wall, if
/// any, only at their far end; the table is indexed by the pair, 132 KB that stay in cache.
pub struct Table {
    /// A half key's number among the halves a board can hold, before the point and after it.
    halves: [[u16; HALF_KEYS]; 2],
    shapes: Vec<Shapes>,
}

/// Keys of five 2-bit cells.
const HALF_KEYS: usize = 1 << (2 * REACH);
/// The halves a board can hold: 3^5 + 3^4 + … + 1.
const HALVES: usize = 364;

impl Table {
    pub fn get(rule: Rule) -> &'static Table {
        static TABLES: [OnceLock<Table>; 3] = [OnceLock::new(), OnceLock::new(), OnceLock::new()];
        let n = match rule {
            Rule::Freestyle => 0,
            Rule::Standard => 1,
            Rule::Renju => 2,
        };
        TABLES[n].get_or_init(|| Table::build(rule))
    }

    fn build(rule: Rule) -> Table {
        // The halves with walls only at the far end, numbered; the others keep number 0
        // (no board has them).
        let mut halves = [[0u16; HALF_KEYS]; 2];
        let mut valid: [Vec<u32>; 2] = [vec![], vec![]];
        for (after, numbers) in halves.iter_mut().enumerate() {
            for half in 0..HALF_KEYS as u32 {
                // Cells from the point outwards.
                let cells: Vec<u32> = (0..REACH)
                    .map(|n| {
                        let pos = if after == 1 { n } else { REACH - 1 - n };
                        half >> (2 * pos) & 3
                    })
                    .collect();
                let walls = cells.iter().rev().take_while(|&&c| c == WALL).count();
                if !cells[..REACH - walls].contains(&WALL) {
                    numbers[half as usize] = valid[after].len() as u16;
                    valid[after].push(half);
                }
            }
        }
        debug_assert!(valid.iter().all(|v| v.len() == HALVES));
        let mut classifiers = [Classifier::new(false), Classifier::new(true)];
        let exact = |color| usize::from(!rule.wins(color, 6));
        let (b_rule, w_rule) = (exact(Color::Black), exact(Color::White));
        let mut shapes = vec![Shapes::default(); HALVES * HALVES];
        for &before in &valid[0] {
            for &after in &valid[1] {
                let key = before | after << (2 * REACH);
                let [b, w, wall] = masks(key);
                let sb = classifiers[b_rule].shape(b | 1 << CENTRE, w | wall);
                let sw = classifiers[w_rule].shape(w | 1 << CENTRE, b | wall);
                shapes[index(&halves, key)] = Shapes(sb as u8 | (sw as u8) << 4);
            }
        }
        Table { halves, shapes }
    }

    pub fn shapes(&self, key: u32) -> Shapes {
        self.shapes[index(&self.halves, key)]
    }
}

fn index(halves: &[[u16; HALF_KEYS]; 2], key: u32) -> usize {
    let mask = HALF_KEYS as u32 - 1;
    let before = halves[0][(key & mask) as usize];
    let after = halves[1][(key >> (2 * REACH)) as usize];
    usize::from(before) * HALVES + usize::from(after)
}

/// A line key's black, white and wall cells as 11-bit masks (the centre's bit clear).
fn masks(key: u32) -> [u16; 3] {
    let mut m = [0u16; 3];
    for k in (-(REACH as isize)..=REACH as isize).filter(|&k| k != 0) {
        let cell = key >> slot(k) & 3;
        if cell != EMPTY {
            m[cell as usize - 1] |= 1 << (k + REACH as isize);
        }
    }
    m
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    /// A line as cells from -5 to +5, the point in the middle: `None` empty, `Some(true)` the
    /// colour being judged, `Some(false)` the opponent or the wall.
    type Line = [Option<bool>; LEN];

    /// The length of the run of own stones through `at`, counted cell by cell.
    fn naive_run(line: &Line, at: usize) -> usize {
        let own = |i: usize| line[i] == Some(true);
        let left = (0..at).rev().take_while(|&i| own(i)).count();
        let right = (at + 1..LEN).take_while(|&i| own(i)).count();
        left + 1 + right
    }

    fn naive_wins(exact: bool, len: usize) -> bool {
        if exact { len == 5 } else { len >= 5 }
    }

    /// The shape by the definitions, read straight off the cells (the point already holds
    /// the stone).
    fn naive(line: &Line, exact: bool) -> Shape {
        let len = naive_run(line, CENTRE);
        if len >= 5 {
            return if naive_wins(exact, len) {
                Shape::Five
            } else {
                Shape::Overline
            };
        }
        let empties: Vec<usize> = (CENTRE - 4..=CENTRE + 4)
            .filter(|&e| line[e].is_none())
            .collect();
        let mut fives = vec![];
        for &e in &empties {
            let mut l = *line;
            l[e] = Some(true);
            let (lo, hi) = (e.min(CENTRE), e.max(CENTRE));
            let joined = (lo..=hi).all(|i| l[i] == Some(true));
            if joined && naive_wins(exact, naive_run(&l, e)) {
                fives.push(e);
            }
        }
        match fives.len() {
            0 => {}
            1 => return Shape::Block4,
            2 if fives[1] - fives[0] == 5 => return Shape::Flex4,
            _ => return Shape::DoubleFour,
        }
        let mut best = Shape::None;
        for &e in &empties {
            let mut l = *line;
            l[e] = Some(true);
            best = best.max(naive(&l, exact).one_stone_before());
        }
        best
    }

    /// A key's line as seen by `color`.
    fn line_of(key: u32, color: Color) -> Line {
        let mine = match color {
            Color::Black => 1,
            Color::White => 2,
        };
        let mut line = [Some(false); LEN];
        line[CENTRE] = Some(true);
        for k in (-(REACH as isize)..=REACH as isize).filter(|&k| k != 0) {
            let cell = key >> slot(k) & 3;
            line[(k + REACH as isize) as usize] = match cell {
                EMPTY => None,
                c => Some(c == mine),
            };
        }
        line
    }

    /// Lines as a board has them: walls only at the ends.
    fn board_key() -> impl Strategy<Value = u32> {
        (prop::collection::vec(0u32..3, 10), 0usize..=5, 0usize..=5).prop_map(|(cells, l, r)| {
            let mut key = 0;
            for (pos, &c) in cells.iter().enumerate() {
                let k = if pos < 5 {
                    pos as isize - 5
                } else {
                    pos as isize - 4
                };
                let wall = (k < 0 && (-k) as usize > 5 - l) || (k > 0 && k as usize > 5 - r);
                key |= if wall { 3 } else { c } << slot(k);
            }
            key
        })
    }

    proptest! {
        #[test]
        fn the_table_agrees_with_a_direct_reading(key in board_key()) {
            for rule in [Rule::Freestyle, Rule::Standard, Rule::Renju] {
                let shapes = Table::get(rule).shapes(key);
                for color in [Color::Black, Color::White] {
                    let exact = !rule.wins(color, 6);
                    prop_assert_eq!(shapes.of(color), naive(&line_of(key, color), exact),
                        "{:?} {:?} key {:#x}", rule, color, key);
                }
            }
        }
    }

    #[test]
    fn shapes_of_familiar_lines() {
        // Cells from -5 to +5 as text: x the stone's colour, o the other, # wall, . empty.
        let read = |text: &str, rule: Rule| {
            let mut key = 0;
            for (pos, ch) in text.chars().filter(|&c| c != '|').enumerate() {
                let k = pos as isize - 5;
                if k == 0 {
                    continue;
                }
                let c = match ch {
                    'x' => 1,
                    'o' => 2,
                    '#' => 3,
                    _ => 0,
                };
                key |= c << slot(k);
            }
            Table::get(rule).shapes(key).of(Color::Black)
        };
        let free = Rule::Freestyle;
        assert_eq!(read("...xx|x|xx...", free), Shape::Five);
        assert_eq!(read("....x|x|x....", free), Shape::Flex3);
        assert_eq!(read("...ox|x|x....", free), Shape::Block3);
        assert_eq!(read("....x|x|xx...", free), Shape::Flex4);
        assert_eq!(read("...ox|x|xx...", free), Shape::Block4);
        assert_eq!(read("..x.x|x|x.x..", free), Shape::DoubleFour);
        assert_eq!(read(".....|x|x....", free), Shape::Flex2);
        assert_eq!(read("#####|x|x.o..", free), Shape::None);
        // Renju: Black's six is no five, and a four that only an overline completes is none.
        assert_eq!(read("..xxx|x|xx...", Rule::Renju), Shape::Overline);
        assert_eq!(read("..xxx|x|xx...", free), Shape::Five);
        assert_eq!(read("xx.xx|x|.....", free), Shape::Block4);
        assert_eq!(read("xx.xx|x|.....", Rule::Renju), Shape::Block3);
    }
}
