//! Squares in the usual notation (a1 top-left, h8 bottom-right) and moves (a square or a pass).

use std::fmt;
use std::str::FromStr;

/// One of the 64 squares; index = row * 8 + column.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Square(u8);

/// Why a text is not a square.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("'{0}' is not a square: expected a column a-h and a row 1-8, like d3")]
pub struct SquareError(pub String);

impl Square {
    /// The square at `index` (0..64); `None` outside the board.
    pub fn new(index: u8) -> Option<Square> {
        (index < 64).then_some(Square(index))
    }

    /// The square at column `col` and row `row`, both 0..8.
    pub fn at(col: u8, row: u8) -> Option<Square> {
        (col < 8 && row < 8).then(|| Square(row * 8 + col))
    }

    pub fn index(self) -> u8 {
        self.0
    }

    /// Column 0..8 (a..h).
    pub fn col(self) -> u8 {
        self.0 % 8
    }

    /// Row 0..8 (1..8).
    pub fn row(self) -> u8 {
        self.0 / 8
    }

    /// This square as a one-bit bitboard.
    pub fn bit(self) -> u64 {
        1 << self.0
    }

    /// The squares of a bitboard, lowest index first.
    pub fn iter(mut bits: u64) -> impl Iterator<Item = Square> {
        std::iter::from_fn(move || {
            (bits != 0).then(|| {
                let sq = Square(bits.trailing_zeros() as u8);
                bits &= bits - 1;
                sq
            })
        })
    }
}

impl fmt::Display for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", (b'a' + self.col()) as char, self.row() + 1)
    }
}

impl FromStr for Square {
    type Err = SquareError;

    /// Accepts "d3" or "D3".
    fn from_str(s: &str) -> Result<Square, SquareError> {
        let err = || SquareError(s.to_string());
        match s.as_bytes() {
            [c, r] => {
                let col = c.to_ascii_lowercase().wrapping_sub(b'a');
                let row = r.wrapping_sub(b'1');
                Square::at(col, row).ok_or_else(err)
            }
            _ => Err(err()),
        }
    }
}

/// A move: a disc on a square, or a pass when the side to move has no legal square.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Move {
    Play(Square),
    Pass,
}

impl fmt::Display for Move {
    /// Squares as "d3"; a pass as "pass".
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Move::Play(sq) => sq.fmt(f),
            Move::Pass => f.write_str("pass"),
        }
    }
}

impl FromStr for Move {
    type Err = SquareError;

    /// Accepts a square, or "pass" / "--" / "ps" for a pass.
    fn from_str(s: &str) -> Result<Move, SquareError> {
        match s.to_ascii_lowercase().as_str() {
            "pass" | "--" | "ps" => Ok(Move::Pass),
            _ => s.parse().map(Move::Play),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn notation_round_trips() {
        for i in 0..64 {
            let sq = Square::new(i).unwrap();
            assert_eq!(sq.to_string().parse::<Square>(), Ok(sq));
        }
        assert_eq!("a1".parse::<Square>().unwrap().index(), 0);
        assert_eq!("h1".parse::<Square>().unwrap().index(), 7);
        assert_eq!("a2".parse::<Square>().unwrap().index(), 8);
        assert_eq!("H8".parse::<Square>().unwrap().index(), 63);
    }

    #[test]
    fn bad_squares_are_rejected() {
        for s in ["", "a", "a0", "a9", "i1", "d33", "é1", "11"] {
            assert!(s.parse::<Square>().is_err(), "{s}");
        }
    }

    #[test]
    fn moves_parse() {
        assert_eq!("pass".parse::<Move>(), Ok(Move::Pass));
        assert_eq!(Move::Pass.to_string(), "pass");
        assert_eq!("f5".parse::<Move>().unwrap().to_string(), "f5");
    }

    #[test]
    fn iter_lists_bits_in_order() {
        let squares: Vec<_> = Square::iter(0b1010_0001).map(|s| s.index()).collect();
        assert_eq!(squares, vec![0, 5, 7]);
    }
}
