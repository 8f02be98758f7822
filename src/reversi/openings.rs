//! The named openings of Othello ("Tiger", "Rose", "Buffalo" …): 71 lines with the names the
//! Othello community uses (Matthias Berg's list, as Egaroucid ships it), all starting with f5.
//! A game that starts with d3, c4 or e6 is matched through the symmetry of the start position
//! that turns its first move into f5.

use super::{Move, Square};
use std::sync::LazyLock;

/// One line a line: the moves from the start, a space, the name.
const LIST: &str = include_str!("openings.txt");

/// The named lines, as squares.
static OPENINGS: LazyLock<Vec<(Vec<Square>, &'static str)>> = LazyLock::new(|| {
    LIST.lines()
        .filter_map(|line| {
            let (moves, name) = line.split_once(' ')?;
            let squares = moves
                .as_bytes()
                .chunks(2)
                .map(|c| std::str::from_utf8(c).ok()?.parse().ok())
                .collect::<Option<Vec<Square>>>()?;
            Some((squares, name.trim()))
        })
        .collect()
});

/// The four symmetries of the start position: the identity, the two diagonal mirrors and the
/// half turn, as maps of (column, row).
type Symmetry = fn(u8, u8) -> (u8, u8);
const SYMMETRIES: [Symmetry; 4] = [
    |c, r| (c, r),
    |c, r| (r, c),
    |c, r| (7 - r, 7 - c),
    |c, r| (7 - c, 7 - r),
];

/// The name of the longest named line that the game's first moves follow (from the standard
/// start), if any. A game that has left the named lines keeps the name of the last one it
/// followed.
pub fn name(moves: &[Move]) -> Option<&'static str> {
    let squares: Vec<Square> = moves
        .iter()
        .map_while(|m| match m {
            Move::Play(sq) => Some(*sq),
            Move::Pass => None,
        })
        .collect();
    let first = *squares.first()?;
    let f5 = Square::at(5, 4)?;
    let turn = SYMMETRIES
        .iter()
        .find(|s| s(first.col(), first.row()) == (f5.col(), f5.row()))?;
    let seen: Vec<Square> = squares
        .iter()
        .filter_map(|sq| {
            let (c, r) = turn(sq.col(), sq.row());
            Square::at(c, r)
        })
        .collect();
    OPENINGS
        .iter()
        .filter(|(line, _)| seen.starts_with(line))
        .max_by_key(|(line, _)| line.len())
        .map(|(_, name)| *name)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn moves(text: &str) -> Vec<Move> {
        text.as_bytes()
            .chunks(2)
            .map(|c| std::str::from_utf8(c).unwrap().parse().unwrap())
            .collect()
    }

    #[test]
    fn all_seventy_one_lines_are_read() {
        assert_eq!(OPENINGS.len(), 71);
    }

    #[test]
    fn the_tiger_is_named_in_all_four_orientations() {
        // f5d6c3d3c4 and its images under the start's symmetries.
        for line in ["f5d6c3d3c4", "e6f4c3c4d3", "d3c5f6f5e6", "c4e3f6e6f5"] {
            assert_eq!(name(&moves(line)), Some("Tiger"), "{line}");
        }
    }

    #[test]
    fn longer_lines_refine_shorter_ones_and_the_name_stays() {
        assert_eq!(name(&moves("f5d6")), Some("Perpendicular Opening"));
        assert_eq!(
            name(&moves("f5d6c3d3c4f4c5b4b5c6f3e6e3g6f6g5d7g3")),
            Some("Mainline Tiger")
        );
        // Leaving the named lines keeps the last name.
        assert_eq!(name(&moves("f5d6c3d3c4a1")), Some("Tiger"));
        assert_eq!(name(&moves("")), None);
    }

    #[test]
    fn every_named_line_is_legal_and_named_after_itself() {
        for (line, n) in OPENINGS.iter() {
            let mut p = super::super::Position::initial();
            for &sq in line {
                p = p.play(Move::Play(sq)).expect("a legal opening");
            }
            let as_moves: Vec<Move> = line.iter().map(|&s| Move::Play(s)).collect();
            assert_eq!(name(&as_moves), Some(*n));
        }
    }
}
