//! The RIF opening rule Taraguchi-10, as Renju championships play it. The player who begins
//! holds Black only tentatively:
//!
//! 1. Black's first stone goes in the centre; the other player may swap (take Black).
//! 2. White's second stone goes within the central 3×3 square; the other player may swap.
//! 3. Black's third within the central 5×5; the other player may swap.
//! 4. White's fourth within the central 7×7; the other player may swap.
//! 5. Black either places the fifth stone within the central 9×9 — and the other player may
//!    swap once more — or offers ten fifth stones anywhere, no two alike under the board's
//!    symmetries, of which White picks one.
//! 6. White's sixth stone goes anywhere, and the game goes on by the rule set.
//!
//! A swap changes who holds which colour, not the stones: the player who would make the next
//! move takes the other colour and the other player makes it. Every decision is a move of the
//! record ([`Move`](super::Move)), so undo, replay and saved games step through the opening
//! like any other move.

#[cfg(test)]
use super::Color;
use super::openings::turn;
use super::{Board, Point};

/// How many fifth stones Black offers when it does not place one.
pub const OFFERS: usize = 10;

/// What the side to move does next in a Taraguchi-10 opening.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Stage {
    /// Place stone number `stone` (1-6): within `reach` points of the centre (0: on it), or
    /// anywhere when `None`. `swap`: the side to move may first take the other colour;
    /// `offer`: Black may offer ten fifth stones instead.
    Place {
        stone: u32,
        reach: Option<u8>,
        swap: bool,
        offer: bool,
    },
    /// Black offers fifth stone number `made + 1` of [`OFFERS`].
    Offer { made: usize },
    /// White picks one of the offered fifth stones (it becomes Black's fifth) and then plays
    /// the sixth.
    Pick,
    /// The opening is over, or the game has none.
    Over,
}

impl Stage {
    /// Whether a swap may be made now.
    pub fn may_swap(self) -> bool {
        matches!(self, Stage::Place { swap: true, .. })
    }

    /// Whether Black may now offer fifth stones instead of placing one.
    pub fn may_offer(self) -> bool {
        matches!(self, Stage::Place { offer: true, .. })
    }
}

/// Where a Taraguchi-10 opening stands, beyond the stones on the board.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Protocol {
    /// Swaps made so far: while odd, each player holds the colour the other began with.
    swaps: u8,
    /// A swap was made since the last stone (there is one a stage).
    swapped_here: bool,
    /// Black chose to offer fifth stones: those offered so far.
    offers: Option<Vec<Point>>,
}

impl Protocol {
    /// What comes next, with `stones` stones on the board.
    pub fn stage(&self, stones: u32) -> Stage {
        let swap = !self.swapped_here;
        let place = |stone, reach, swap, offer| Stage::Place {
            stone,
            reach,
            swap,
            offer,
        };
        match (stones, &self.offers) {
            (4, Some(offers)) if offers.len() < OFFERS => Stage::Offer { made: offers.len() },
            (4, Some(_)) => Stage::Pick,
            (0, _) => place(1, Some(0), false, false),
            (1..=3, _) => place(stones + 1, Some(stones as u8), swap, false),
            (4, None) => place(5, Some(4), swap, true),
            (5, offers) => place(6, None, swap && offers.is_none(), false),
            _ => Stage::Over,
        }
    }

    /// Whether the players hold the colours opposite to those they began with.
    pub fn swapped(&self) -> bool {
        self.swaps % 2 == 1
    }

    /// The fifth stones Black has offered (none unless it chose to offer).
    pub fn offers(&self) -> &[Point] {
        self.offers.as_deref().unwrap_or(&[])
    }

    /// Whether this stone's swap has been made.
    pub fn swapped_here(&self) -> bool {
        self.swapped_here
    }

    pub(super) fn swap(&mut self) {
        self.swaps = self.swaps.wrapping_add(1);
        self.swapped_here = true;
    }

    pub(super) fn begin_offers(&mut self) {
        self.offers = Some(Vec::with_capacity(OFFERS));
    }

    pub(super) fn offer(&mut self, p: Point) {
        self.offers.get_or_insert_with(Vec::new).push(p);
    }

    pub(super) fn stone_placed(&mut self) {
        self.swapped_here = false;
    }
}

/// How far `p` is from the centre of `board`, in the larger of its column and row steps: the
/// central square of side 2d+1 holds the points at most d away.
pub fn reach(board: &Board, p: Point) -> u8 {
    let c = board.size() / 2;
    p.col.abs_diff(c).max(p.row.abs_diff(c))
}

/// `p` turned by one of the board's eight symmetries about its centre ([`turn`]), in steps
/// from the centre.
fn turned(board: &Board, p: Point, symmetry: u8) -> (i8, i8) {
    let c = (board.size() / 2) as i8;
    turn((p.col as i8 - c, p.row as i8 - c), symmetry)
}

/// The shift that carries the stones, turned by `symmetry`, back onto themselves (each on a
/// stone of its colour), if there is one: the stones then look the same from either side of
/// that symmetry, wherever its axis or centre lies.
fn shift(board: &Board, symmetry: u8) -> Option<(i8, i8)> {
    let stones: Vec<_> = board
        .points()
        .filter_map(|q| Some((q, board.get(q)?)))
        .collect();
    let mut before: Vec<_> = stones
        .iter()
        .map(|&(q, color)| (turned(board, q, 0), color))
        .collect();
    let mut after: Vec<_> = stones
        .iter()
        .map(|&(q, color)| (turned(board, q, symmetry), color))
        .collect();
    before.sort_by_key(|&(at, _)| at);
    after.sort_by_key(|&(at, _)| at);
    let (first, turned_first) = (before.first()?.0, after.first()?.0);
    let d = (first.0 - turned_first.0, first.1 - turned_first.1);
    for (at, _) in &mut after {
        *at = (at.0 + d.0, at.1 + d.1);
    }
    (after == before).then_some(d)
}

/// An offered point that `p` mirrors: one the stones look the same from under a symmetry of
/// theirs (a turn or a mirror of the board, shifted where their axis or centre is not the
/// board's) that carries it to `p`. Such fifth stones are one offer, not two.
pub fn mirrored(board: &Board, offers: &[Point], p: Point) -> Option<Point> {
    let at = turned(board, p, 0);
    (1..8).find_map(|s| {
        let d = shift(board, s)?;
        offers.iter().copied().find(|&o| {
            let t = turned(board, o, s);
            (t.0 + d.0, t.1 + d.1) == at
        })
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_stages_follow_the_stones_and_the_decisions() {
        let mut p = Protocol::default();
        let place = |stone, reach, swap, offer| Stage::Place {
            stone,
            reach,
            swap,
            offer,
        };
        assert_eq!(p.stage(0), place(1, Some(0), false, false));
        assert_eq!(p.stage(1), place(2, Some(1), true, false));
        p.swap();
        assert!(p.swapped());
        assert_eq!(
            p.stage(1),
            place(2, Some(1), false, false),
            "one swap a stage"
        );
        p.stone_placed();
        assert_eq!(p.stage(3), place(4, Some(3), true, false));
        assert_eq!(p.stage(4), place(5, Some(4), true, true));
        assert_eq!(p.stage(5), place(6, None, true, false));
        p.begin_offers();
        for made in 0..OFFERS {
            assert_eq!(p.stage(4), Stage::Offer { made });
            p.offer(Point {
                col: made as u8,
                row: 0,
            });
        }
        assert_eq!(p.stage(4), Stage::Pick);
        assert_eq!(
            p.stage(5),
            place(6, None, false, false),
            "no swap after a pick"
        );
        assert_eq!(p.stage(6), Stage::Over);
        p.swap();
        assert!(!p.swapped());
    }

    #[test]
    fn symmetric_offers_are_found() {
        let mut board = Board::new(15);
        let at = |s: &str| Board::new(15).point(s).unwrap();
        // h8 h9 (Black, White) are symmetric about the column h: g10 mirrors i10.
        board.set(at("h8"), Some(Color::Black));
        board.set(at("h9"), Some(Color::White));
        assert_eq!(mirrored(&board, &[at("i10")], at("g10")), Some(at("i10")));
        assert_eq!(mirrored(&board, &[at("i10")], at("g11")), None);
        // A third stone off the column breaks that symmetry.
        board.set(at("i9"), Some(Color::Black));
        assert_eq!(mirrored(&board, &[at("i10")], at("g10")), None);
        // The same stones as the colours see them: a white stone mirrored is not a black one.
        board.set(at("g9"), Some(Color::White));
        assert_eq!(mirrored(&board, &[at("i10")], at("g10")), None);
        assert_eq!(reach(&board, at("l12")), 4);
        assert_eq!(reach(&board, at("a1")), 7);
    }
}
