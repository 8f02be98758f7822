//! The 26 canonical Renju openings: Black's first stone in the centre, White's next to it —
//! straight above it (the 13 *direct* openings) or diagonally (the 13 *indirect* ones) — and
//! Black's second within two points of the centre. Every three-stone start is one of them under
//! the board's eight symmetries. Numbered and named as the Renju International Federation does
//! (2D Keigetsu, 4D Kagetsu, 7I Hogetsu …), with the Chinese names for the Chinese interface.

use super::Point;

/// One canonical opening.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Opening {
    /// 1-13 within its family.
    pub number: u8,
    /// White's stone straight next to the centre (direct) or diagonally (indirect).
    pub direct: bool,
    /// The Japanese name, romanised.
    pub name: &'static str,
    /// The name in Chinese characters.
    pub chinese: &'static str,
    /// Black's second stone from the centre (columns right, rows up), White's being straight
    /// above (0, 1) or diagonally up and right (1, 1).
    third: (i8, i8),
}

const fn direct(number: u8, name: &'static str, chinese: &'static str, third: (i8, i8)) -> Opening {
    Opening {
        number,
        direct: true,
        name,
        chinese,
        third,
    }
}

const fn indirect(
    number: u8,
    name: &'static str,
    chinese: &'static str,
    third: (i8, i8),
) -> Opening {
    Opening {
        number,
        direct: false,
        name,
        chinese,
        third,
    }
}

/// The 26 openings, direct 1-13 then indirect 1-13. Black's second stone is one of the points
/// of the centre's 5×5 square on one side of the symmetry that keeps White's stone in place.
pub const OPENINGS: [Opening; 26] = [
    direct(1, "Kansei", "寒星", (0, 2)),
    direct(2, "Keigetsu", "溪月", (1, 2)),
    direct(3, "Sosei", "疏星", (2, 2)),
    direct(4, "Kagetsu", "花月", (1, 1)),
    direct(5, "Zangetsu", "残月", (2, 1)),
    direct(6, "Ugetsu", "雨月", (1, 0)),
    direct(7, "Kinsei", "金星", (2, 0)),
    direct(8, "Shogetsu", "松月", (0, -1)),
    direct(9, "Kyugetsu", "丘月", (1, -1)),
    direct(10, "Shingetsu", "新月", (2, -1)),
    direct(11, "Zuisei", "瑞星", (0, -2)),
    direct(12, "Sangetsu", "山月", (1, -2)),
    direct(13, "Yusei", "游星", (2, -2)),
    indirect(1, "Chosei", "长星", (2, 2)),
    indirect(2, "Kyogetsu", "峡月", (2, 1)),
    indirect(3, "Kosei", "恒星", (2, 0)),
    indirect(4, "Suigetsu", "水月", (2, -1)),
    indirect(5, "Ryusei", "流星", (2, -2)),
    indirect(6, "Ungetsu", "云月", (1, 0)),
    indirect(7, "Hogetsu", "浦月", (1, -1)),
    indirect(8, "Rangetsu", "岚月", (1, -2)),
    indirect(9, "Gingetsu", "银月", (0, -1)),
    indirect(10, "Myojo", "明星", (0, -2)),
    indirect(11, "Shagetsu", "斜月", (-1, -1)),
    indirect(12, "Meigetsu", "名月", (-1, -2)),
    indirect(13, "Suisei", "彗星", (-2, -2)),
];

/// An offset from the centre under one of the board's eight symmetries (3 bits: mirror the
/// columns, mirror the rows, swap the two).
pub(super) fn turn((x, y): (i8, i8), symmetry: u8) -> (i8, i8) {
    let (x, y) = if symmetry & 4 != 0 { (y, x) } else { (x, y) };
    let x = if symmetry & 1 != 0 { -x } else { x };
    let y = if symmetry & 2 != 0 { -y } else { y };
    (x, y)
}

impl Opening {
    /// "4D", "7I": the federation's short name.
    pub fn code(&self) -> String {
        format!("{}{}", self.number, if self.direct { 'D' } else { 'I' })
    }

    /// "Kagetsu (4D)": the romanised name and the short one, as files and the English
    /// interface give it.
    pub fn title(&self) -> String {
        format!("{} ({})", self.name, self.code())
    }

    /// The three stones on a board of `size` (Black, White, Black), turned by `symmetry`
    /// (0-7; 0 puts White's stone above or up and right of the centre).
    pub fn stones(&self, size: u8, symmetry: u8) -> [Point; 3] {
        let c = (size / 2) as i8;
        let at = |offset: (i8, i8)| {
            let (x, y) = turn(offset, symmetry);
            Point {
                col: (c + x) as u8,
                row: (c + y) as u8,
            }
        };
        let white = if self.direct { (0, 1) } else { (1, 1) };
        [at((0, 0)), at(white), at(self.third)]
    }
}

/// The opening a game's first three stones (Black, White, Black) make on a board of `size`,
/// whichever way the board is turned; `None` if they make none (Black did not start in the
/// centre, White not next to it, or Black's second stone is further out).
pub fn opening_of(first: &[Point], size: u8) -> Option<&'static Opening> {
    let [a, b, c] = first.get(..3)? else {
        return None;
    };
    let centre = (size / 2) as i8;
    let offset = |p: &Point| (p.col as i8 - centre, p.row as i8 - centre);
    if offset(a) != (0, 0) {
        return None;
    }
    // Turned all eight ways, the stones are the canonical ones for one of them.
    (0..8).find_map(|symmetry| {
        let white = turn(offset(b), symmetry);
        let third = turn(offset(c), symmetry);
        OPENINGS.iter().find(|o| {
            let canonical = if o.direct { (0, 1) } else { (1, 1) };
            white == canonical && third == o.third
        })
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_opening_is_recognised_in_all_eight_orientations() {
        for o in &OPENINGS {
            for symmetry in 0..8 {
                for size in [15, 19] {
                    let stones = o.stones(size, symmetry);
                    assert_eq!(opening_of(&stones, size), Some(o), "{} {symmetry}", o.name);
                }
            }
        }
    }

    #[test]
    fn every_three_stone_start_is_exactly_one_opening() {
        // White next to the centre, Black's second anywhere else within two points.
        let size = 15;
        let c = 7;
        let at = |x: i8, y: i8| Point {
            col: (c + x) as u8,
            row: (c + y) as u8,
        };
        let mut seen = std::collections::HashSet::new();
        for (wx, wy) in [
            (-1, -1),
            (-1, 0),
            (-1, 1),
            (0, -1),
            (0, 1),
            (1, -1),
            (1, 0),
            (1, 1),
        ] {
            for x in -2..=2 {
                for y in -2..=2 {
                    if (x, y) == (0, 0) || (x, y) == (wx, wy) {
                        continue;
                    }
                    let o = opening_of(&[at(0, 0), at(wx, wy), at(x, y)], size);
                    let o = o.unwrap_or_else(|| panic!("white {wx},{wy} black {x},{y}"));
                    seen.insert(o.code());
                }
            }
        }
        assert_eq!(seen.len(), 26);
    }

    #[test]
    fn names_and_places() {
        let at = |o: &Opening| {
            o.stones(15, 0)
                .iter()
                .map(|p| p.to_string())
                .collect::<Vec<_>>()
                .join(" ")
        };
        let by_code = |code: &str| OPENINGS.iter().find(|o| o.code() == code).unwrap();
        assert_eq!(at(by_code("4D")), "h8 h9 i9");
        assert_eq!(by_code("4D").name, "Kagetsu");
        assert_eq!(at(by_code("7I")), "h8 i9 i7");
        assert_eq!(by_code("7I").name, "Hogetsu");
        assert_eq!(at(by_code("13I")), "h8 i9 f6");
        // Not an opening: Black's second stone three points out, or not starting in the centre.
        let b = super::super::Board::new(15);
        let p = |s: &str| b.point(s).unwrap();
        assert_eq!(opening_of(&[p("h8"), p("h9"), p("h11")], 15), None);
        assert_eq!(opening_of(&[p("a1"), p("a2"), p("b2")], 15), None);
        assert_eq!(opening_of(&[p("h8"), p("h9")], 15), None);
    }
}
