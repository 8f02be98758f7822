//! The opening book: positions of the openings strong players choose, each with its value in
//! discs for the side to move, found by heibai's own search and propagated by negamax through
//! the book (`examples/train_reversi.rs book` makes it; docs/TRAINING.md says how). Positions
//! are stored once for their eight symmetric images.
//!
//! A book move is one whose resulting position is in the book. The computer plays from the book
//! while the best book move is as good as the position's own value (which also counts the best
//! move outside the book), choosing at random among the book moves within a margin of the best,
//! so that games vary.

use super::pattern::symmetries;
use super::weights::checksum;
use crate::reversi::{flips, legal_moves};
use std::sync::LazyLock;

/// One position: the side to move's discs, the opponent's (the smallest of the eight images)
/// and its value in discs.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Entry {
    pub own: u64,
    pub opp: u64,
    pub value: i8,
}

/// The positions, sorted by (own, opp).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Book {
    entries: Vec<Entry>,
}

/// The image of a position that stands for all eight.
pub fn canonical(own: u64, opp: u64) -> (u64, u64) {
    symmetries(own)
        .into_iter()
        .zip(symmetries(opp))
        .min()
        .expect("eight images")
}

/// What is wrong with a book file.
#[derive(Debug, PartialEq, Eq, thiserror::Error)]
pub enum BookError {
    #[error("not a heibai book file (it should start with {MAGIC:?})")]
    Magic,
    #[error("{0} bytes, not the size its header gives")]
    Size(usize),
    #[error("the checksum does not match: the file is damaged")]
    Checksum,
    #[error("the positions are not in order or not canonical")]
    Order,
}

/// The first bytes of a book file (format version 1).
pub const MAGIC: &[u8; 8] = b"HBBOOK01";
const ENTRY_BYTES: usize = 17;

impl Book {
    /// A book of `entries` (any order; a position given twice keeps its last value).
    pub fn new(entries: impl IntoIterator<Item = Entry>) -> Book {
        let mut all: Vec<Entry> = entries
            .into_iter()
            .map(|e| {
                let (own, opp) = canonical(e.own, e.opp);
                Entry { own, opp, ..e }
            })
            .collect();
        all.sort_by_key(|e| (e.own, e.opp));
        all.dedup_by(|later, earlier| {
            let same = (later.own, later.opp) == (earlier.own, earlier.opp);
            if same {
                earlier.value = later.value;
            }
            same
        });
        Book { entries: all }
    }

    pub fn len(&self) -> usize {
        self.entries.len()
    }

    pub fn is_empty(&self) -> bool {
        self.entries.is_empty()
    }

    /// The value of a position for the side to move, if it is in the book.
    pub fn value(&self, own: u64, opp: u64) -> Option<i32> {
        let key = canonical(own, opp);
        self.entries
            .binary_search_by_key(&key, |e| (e.own, e.opp))
            .ok()
            .map(|i| i32::from(self.entries[i].value))
    }

    /// The moves that lead into the book, with their values for the side to move.
    pub fn moves(&self, own: u64, opp: u64) -> Vec<(u8, i32)> {
        let mut out = vec![];
        let mut bits = legal_moves(own, opp);
        while bits != 0 {
            let sq = bits.trailing_zeros() as u8;
            bits &= bits - 1;
            let f = flips(own, opp, sq);
            if let Some(v) = self.value(opp & !f, own | f | 1 << sq) {
                out.push((sq, -v));
            }
        }
        out
    }

    /// A book move within `margin` discs of the best book move, picked by `random` (a number
    /// in `0..1`), with its value; `None` out of the book, or when the best move of the
    /// position lies outside it.
    pub fn choose(&self, own: u64, opp: u64, margin: i32, random: f64) -> Option<(u8, i32)> {
        let moves = self.moves(own, opp);
        let best = moves.iter().map(|m| m.1).max()?;
        if self.value(own, opp).is_some_and(|v| best < v) {
            return None;
        }
        let good: Vec<_> = moves.into_iter().filter(|m| m.1 >= best - margin).collect();
        let i = ((random * good.len() as f64) as usize).min(good.len() - 1);
        Some(good[i])
    }

    /// The book file's bytes.
    pub fn encode(&self) -> Vec<u8> {
        let mut out = MAGIC.to_vec();
        out.extend((self.entries.len() as u32).to_le_bytes());
        for e in &self.entries {
            out.extend(e.own.to_le_bytes());
            out.extend(e.opp.to_le_bytes());
            out.push(e.value as u8);
        }
        let sum = checksum(&out);
        out.extend(sum.to_le_bytes());
        out
    }

    /// Reads a book file, checking its size, checksum and order.
    pub fn decode(bytes: &[u8]) -> Result<Book, BookError> {
        if bytes.len() < 20 || &bytes[..8] != MAGIC {
            return Err(BookError::Magic);
        }
        let n = u32::from_le_bytes(bytes[8..12].try_into().expect("4")) as usize;
        let body = 12 + n * ENTRY_BYTES;
        if bytes.len() != body + 8 {
            return Err(BookError::Size(bytes.len()));
        }
        if u64::from_le_bytes(bytes[body..].try_into().expect("8")) != checksum(&bytes[..body]) {
            return Err(BookError::Checksum);
        }
        let word = |b: &[u8]| u64::from_le_bytes(b.try_into().expect("8"));
        let entries: Vec<Entry> = bytes[12..body]
            .chunks_exact(ENTRY_BYTES)
            .map(|c| Entry {
                own: word(&c[..8]),
                opp: word(&c[8..16]),
                value: c[16] as i8,
            })
            .collect();
        let ordered = entries
            .windows(2)
            .all(|w| (w[0].own, w[0].opp) < (w[1].own, w[1].opp));
        if !ordered
            || entries
                .iter()
                .any(|e| canonical(e.own, e.opp) != (e.own, e.opp))
        {
            return Err(BookError::Order);
        }
        Ok(Book { entries })
    }
}

static EMBEDDED: &[u8] = include_bytes!("book.bin");

/// The book built into the program, checked when first used; a damaged file fails the test
/// `the_embedded_book_is_sound` before it can ship.
pub static BOOK: LazyLock<Book> = LazyLock::new(|| match Book::decode(EMBEDDED) {
    Ok(b) => b,
    Err(e) => panic!("src/engine/reversi/book.bin: {e}; rebuild it (docs/TRAINING.md)"),
});

#[cfg(test)]
mod tests {
    use super::*;
    use crate::reversi::Position;

    fn after(p: Position, moves: &str) -> (u64, u64) {
        let mut p = p;
        for m in moves.as_bytes().chunks(2) {
            let mv = std::str::from_utf8(m).unwrap().parse().unwrap();
            p = p.play(mv).unwrap();
        }
        p.own_opp()
    }

    #[test]
    fn the_embedded_book_is_sound() {
        let book = Book::decode(EMBEDDED).expect("src/engine/reversi/book.bin");
        assert!(book.len() > 1000, "{} positions", book.len());
    }

    #[test]
    fn book_moves_are_legal_from_every_book_position() {
        for e in &BOOK.entries {
            for (sq, _) in BOOK.moves(e.own, e.opp) {
                assert!(legal_moves(e.own, e.opp) & 1 << sq != 0);
            }
            if let Some((sq, _)) = BOOK.choose(e.own, e.opp, 2, 0.5) {
                assert!(legal_moves(e.own, e.opp) & 1 << sq != 0);
            }
        }
    }

    #[test]
    fn symmetric_positions_share_an_entry_and_files_round_trip() {
        let start = Position::initial();
        let (a, b) = (after(start, "f5"), after(start, "d3"));
        let book = Book::new([Entry {
            own: a.0,
            opp: a.1,
            value: -2,
        }]);
        assert_eq!(book.value(b.0, b.1), Some(-2));
        let (p, o) = start.own_opp();
        // Every first move leads to the same entry: the book plays one of them, worth +2.
        let (sq, v) = book.choose(p, o, 0, 0.99).unwrap();
        assert_eq!(v, 2);
        assert!(legal_moves(p, o) & 1 << sq != 0);
        assert_eq!(Book::decode(&book.encode()), Ok(book.clone()));
        let mut bad = book.encode();
        bad[13] ^= 4;
        assert_eq!(Book::decode(&bad), Err(BookError::Checksum));
        assert_eq!(Book::decode(b"HBBOOK01"), Err(BookError::Magic));
    }

    #[test]
    fn the_book_is_left_when_its_best_move_is_outside() {
        let start = Position::initial();
        let (p, o) = start.own_opp();
        let f5 = after(start, "f5");
        let book = Book::new([
            Entry {
                own: p,
                opp: o,
                value: 4,
            },
            Entry {
                own: f5.0,
                opp: f5.1,
                value: -2,
            },
        ]);
        assert_eq!(book.choose(p, o, 1, 0.0), None);
    }
}
