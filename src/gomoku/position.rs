//! A Gomoku position: the board, the rule set, whose turn it is and how the game stands. The game
//! record (`game::Record`) plays it, so undo and redo serve Gomoku as they serve Reversi.

use super::taraguchi::{self, OFFERS, Protocol, Stage};
use super::{Board, Color, DIRECTIONS, Forbidden, OPENINGS, Opening, Point, Rule, forbidden};
use std::fmt;

/// How a game stands after the last move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Outcome {
    Playing,
    /// `Color` made a winning line (the five or more through `Point`).
    Won(Color, Point),
    /// The board is full with no winner.
    Draw,
}

/// A move: a stone on a point, or one of the decisions of the Taraguchi-10 opening. (Gomoku
/// has no passes; resigning ends a game outside the board.)
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Move {
    /// The side to move's stone on a point — or, in a Taraguchi-10 opening, Black's offer of a
    /// fifth stone there, or White's pick of that offer ([`Position::stage`] says which).
    Stone(Point),
    /// The side to move takes the other colour, and the other player makes the move.
    Swap,
    /// Black offers ten fifth stones instead of placing one.
    Offer,
}

impl fmt::Display for Move {
    /// As records write it: the point (`h8`), `swap` or `offer`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Move::Stone(p) => p.fmt(f),
            Move::Swap => f.write_str("swap"),
            Move::Offer => f.write_str("offer"),
        }
    }
}

impl From<Point> for Move {
    fn from(p: Point) -> Move {
        Move::Stone(p)
    }
}

impl Move {
    /// The point of a stone move.
    pub fn point(self) -> Option<Point> {
        match self {
            Move::Stone(p) => Some(p),
            Move::Swap | Move::Offer => None,
        }
    }
}

/// Why a swap was refused.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum NoSwap {
    /// The first stone comes before any swap.
    FirstStone,
    /// This stone's swap has been made.
    Made,
    /// After White's pick of a fifth stone, the sixth follows without a swap.
    AfterPick,
    /// Not while fifth stones are offered and picked.
    Offers,
    /// The opening is over.
    OpeningOver,
    /// The game has no opening rule with swaps.
    NoOpeningRule,
}

/// Why a stone cannot be placed. (Its words, `Display` included, are the language layer's.)
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum MoveError {
    Occupied(Point),
    Forbidden(Point, Forbidden),
    /// Black's first stone goes in the centre, this point.
    NotCentre(Point),
    /// The game is played from a set opening, whose next stone goes on this point.
    NotTheOpening(Point),
    /// The Taraguchi-10 opening's next stone goes within the central square of this side
    /// (3, 5, 7 or 9 points).
    OutsideSquare(Point, u8),
    /// No swap may be made now, for this reason.
    NoSwap(NoSwap),
    /// Fifth stones may not be offered now.
    NoOffer,
    /// This point was offered already.
    OfferedTwice(Point),
    /// The stones look the same from this point as from an offered one (the second point).
    Mirrors(Point, Point),
    /// White picks one of the offered fifth stones; this point is not one.
    NotOffered(Point),
    GameOver,
}

impl std::error::Error for MoveError {}

/// How a game's first stones go.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Start {
    /// Anywhere.
    Free,
    /// Black's first stone in the centre (the original design's rule).
    Centre,
    /// The three stones of one of the 26 Renju openings ([`OPENINGS`], by index), turned by
    /// `symmetry` (see [`Opening::stones`]); the game goes on from White's second stone.
    Opening { index: u8, symmetry: u8 },
    /// The RIF opening rule Taraguchi-10 (see [`taraguchi`](super::taraguchi)): stones within
    /// growing central squares, swaps, and ten offered fifth stones.
    Taraguchi,
}

impl Start {
    /// As saved games write it: `centre`, `free`, or an opening's short name and how it is
    /// turned, `4D 3`.
    pub fn name(self) -> String {
        match (self, self.opening()) {
            (Start::Opening { symmetry, .. }, Some(o)) => format!("{} {symmetry}", o.code()),
            (Start::Free, _) => "free".into(),
            (Start::Taraguchi, _) => "taraguchi-10".into(),
            _ => "centre".into(),
        }
    }

    /// The start `name` names (as [`Start::name`] writes it), if it names one.
    pub fn named(name: &str) -> Option<Start> {
        match name.split_whitespace().collect::<Vec<_>>()[..] {
            ["centre"] => Some(Start::Centre),
            ["free"] => Some(Start::Free),
            ["taraguchi-10"] => Some(Start::Taraguchi),
            [code, symmetry] => Some(Start::Opening {
                index: OPENINGS.iter().position(|o| o.code() == code)? as u8,
                symmetry: symmetry.parse().ok().filter(|&s: &u8| s < 8)?,
            }),
            _ => None,
        }
    }

    /// The opening played, for [`Start::Opening`].
    pub fn opening(self) -> Option<&'static Opening> {
        match self {
            Start::Opening { index, .. } => OPENINGS.get(usize::from(index)),
            _ => None,
        }
    }
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Position {
    board: Board,
    rule: Rule,
    to_move: Color,
    outcome: Outcome,
    start: Start,
    stones: u32,
    /// The Taraguchi-10 opening's decisions (untouched in other games).
    rif: Protocol,
}

impl crate::rules::Playable for Position {
    type Move = Move;
    type Error = MoveError;
    fn fixed_moves(&self) -> usize {
        self.opening_stones().len()
    }
    fn play(&self, mv: Move) -> Result<Position, MoveError> {
        Position::play_move(self, mv)
    }
    fn to_move(&self) -> Color {
        Position::to_move(self)
    }
    fn is_over(&self) -> bool {
        self.outcome() != Outcome::Playing
    }
    fn parse_move(&self, name: &str) -> Option<Move> {
        match name {
            "swap" => Some(Move::Swap),
            "offer" => Some(Move::Offer),
            _ => self.board().point(name).ok().map(Move::Stone),
        }
    }
    fn forced(&self) -> Option<Move> {
        None
    }
    fn swapped(&self) -> bool {
        Position::swapped(self)
    }
    /// Renju numbers the stones: an opening's swaps and offers are not moves by number.
    fn move_number(&self, _: usize) -> usize {
        self.stones as usize + 1
    }
    fn winner(&self) -> Option<Color> {
        match self.outcome() {
            Outcome::Won(color, _) => Some(color),
            _ => None,
        }
    }
}

impl Position {
    /// An empty board of `size` points, Black to move, Black's first stone in the centre or
    /// anywhere.
    pub fn new(size: u8, rule: Rule, centre_opening: bool) -> Position {
        let start = if centre_opening {
            Start::Centre
        } else {
            Start::Free
        };
        Position::starting(size, rule, start)
    }

    /// An empty board of `size` points, Black to move, the first stones going as `start` says.
    pub fn starting(size: u8, rule: Rule, start: Start) -> Position {
        Position {
            board: Board::new(size),
            rule,
            to_move: Color::Black,
            outcome: Outcome::Playing,
            start,
            stones: 0,
            rif: Protocol::default(),
        }
    }

    /// A position set up from stones placed in any order, `to_move` to play: for positions
    /// given by another program (the Gomocup protocol's BOARD), which is trusted on how they
    /// arose. Stones outside the board or on a taken point are skipped.
    pub fn setup(size: u8, rule: Rule, stones: &[(Point, Color)], to_move: Color) -> Position {
        let mut p = Position::new(size, rule, false);
        for &(q, color) in stones {
            let on_board = q.col < p.board.size() && q.row < p.board.size();
            if on_board && p.board.get(q).is_none() {
                p.board.set(q, Some(color));
                p.stones += 1;
            }
        }
        p.to_move = to_move;
        p
    }

    pub fn board(&self) -> &Board {
        &self.board
    }

    /// How the first stones go.
    pub fn start(&self) -> Start {
        self.start
    }

    /// What the side to move does next in a Taraguchi-10 opening ([`Stage::Over`] once it is
    /// over, and in games without one).
    pub fn stage(&self) -> Stage {
        match self.start {
            Start::Taraguchi if self.outcome == Outcome::Playing => self.rif.stage(self.stones),
            _ => Stage::Over,
        }
    }

    /// Whether the players hold the colours opposite to those they began with (after an odd
    /// number of the opening's swaps).
    pub fn swapped(&self) -> bool {
        self.rif.swapped()
    }

    /// The fifth stones Black has offered in a Taraguchi-10 opening.
    pub fn offers(&self) -> &[Point] {
        self.rif.offers()
    }

    /// The stones a set opening places before anyone chooses a move (none without one).
    pub fn opening_stones(&self) -> Vec<Point> {
        match self.start {
            Start::Opening { symmetry, .. } => self
                .start
                .opening()
                .map_or(vec![], |o| o.stones(self.board.size(), symmetry).to_vec()),
            _ => vec![],
        }
    }

    pub fn rule(&self) -> Rule {
        self.rule
    }

    pub fn to_move(&self) -> Color {
        self.to_move
    }

    pub fn outcome(&self) -> Outcome {
        self.outcome
    }

    /// The centre point (h8 on 15×15, j10 on 19×19).
    pub fn centre(&self) -> Point {
        let c = self.board.size() / 2;
        Point { col: c, row: c }
    }

    /// The stones of the winning line, when the game was won on the board.
    pub fn winning_line(&self) -> Vec<Point> {
        let Outcome::Won(color, p) = self.outcome else {
            return vec![];
        };
        let b = &self.board;
        DIRECTIONS
            .iter()
            .find(|&&d| self.rule.wins(color, b.run(p, color, d)))
            .map(|&d| {
                let (back, forward) = b.run_ends(p, color, d);
                (-back..=forward).filter_map(|k| b.step(p, d, k)).collect()
            })
            .unwrap_or_default()
    }

    /// Why the side to move may not play at `p`, if it may not.
    pub fn check(&self, p: Point) -> Result<(), MoveError> {
        if self.outcome != Outcome::Playing {
            return Err(MoveError::GameOver);
        }
        if self.board.get(p).is_some() {
            return Err(MoveError::Occupied(p));
        }
        match self.stage() {
            Stage::Place { reach: Some(r), .. } if taraguchi::reach(&self.board, p) > r => {
                return Err(MoveError::OutsideSquare(p, 2 * r + 1));
            }
            Stage::Offer { .. } => {
                let offers = self.offers();
                if offers.contains(&p) {
                    return Err(MoveError::OfferedTwice(p));
                }
                if let Some(q) = taraguchi::mirrored(&self.board, offers, p) {
                    return Err(MoveError::Mirrors(p, q));
                }
            }
            Stage::Pick if !self.offers().contains(&p) => return Err(MoveError::NotOffered(p)),
            _ => {}
        }
        if self.start == Start::Centre && self.stones == 0 && p != self.centre() {
            return Err(MoveError::NotCentre(self.centre()));
        }
        if let Some(&next) = self.opening_stones().get(self.stones as usize)
            && p != next
        {
            return Err(MoveError::NotTheOpening(next));
        }
        if self.rule == Rule::Renju
            && self.to_move == Color::Black
            && let Some(why) = forbidden(&self.board, p)
        {
            return Err(MoveError::Forbidden(p, why));
        }
        Ok(())
    }

    /// Renju, Black to move: White's one point of five, when it is forbidden for Black, with
    /// the reason: Black cannot stop the five. `None` when Black has a five of its own, White
    /// has no five to make or several (no block would do), or Black may block it.
    pub fn forbidden_block(&self) -> Option<(Point, Forbidden)> {
        if self.rule != Rule::Renju
            || self.to_move != Color::Black
            || self.outcome != Outcome::Playing
        {
            return None;
        }
        let empty: Vec<Point> = self
            .board
            .points()
            .filter(|&p| self.board.get(p).is_none())
            .collect();
        if empty
            .iter()
            .any(|&p| self.board.wins_at(p, Color::Black, self.rule))
        {
            return None;
        }
        let mut fives = empty
            .into_iter()
            .filter(|&p| self.board.wins_at(p, Color::White, self.rule));
        let block = fives.next()?;
        if fives.next().is_some() {
            return None;
        }
        Some((block, forbidden(&self.board, block)?))
    }

    /// Why no swap may be made now.
    fn no_swap(&self) -> NoSwap {
        match self.stage() {
            Stage::Place { stone: 1, .. } => NoSwap::FirstStone,
            Stage::Place { .. } if self.rif.swapped_here() => NoSwap::Made,
            Stage::Place { .. } => NoSwap::AfterPick,
            Stage::Offer { .. } | Stage::Pick => NoSwap::Offers,
            Stage::Over if self.start == Start::Taraguchi => NoSwap::OpeningOver,
            Stage::Over => NoSwap::NoOpeningRule,
        }
    }

    /// The position after `mv`: a stone (see [`Position::play`]) or an opening's decision.
    pub fn play_move(&self, mv: Move) -> Result<Position, MoveError> {
        let allowed = match mv {
            Move::Stone(p) => return self.play(p),
            Move::Swap => self.stage().may_swap(),
            Move::Offer => self.stage().may_offer(),
        };
        if self.outcome != Outcome::Playing {
            return Err(MoveError::GameOver);
        }
        let mut next = self.clone();
        match (mv, allowed) {
            (Move::Swap, true) => next.rif.swap(),
            (Move::Offer, true) => next.rif.begin_offers(),
            (Move::Offer, false) => return Err(MoveError::NoOffer),
            _ => return Err(MoveError::NoSwap(self.no_swap())),
        }
        Ok(next)
    }

    /// The stone a move puts on the board, and its colour: none for a swap, the decision to
    /// offer, or an offer (White's pick puts Black's fifth stone down).
    pub fn placed(&self, mv: Move) -> Option<(Point, Color)> {
        match (mv, self.stage()) {
            (Move::Stone(_), Stage::Offer { .. }) => None,
            (Move::Stone(p), Stage::Pick) => Some((p, Color::Black)),
            (Move::Stone(p), _) => Some((p, self.to_move)),
            _ => None,
        }
    }

    /// The position after the side to move plays at `p` (in a Taraguchi-10 opening, offers
    /// or picks a fifth stone there when that is the stage).
    pub fn play(&self, p: Point) -> Result<Position, MoveError> {
        self.check(p)?;
        let mut next = self.clone();
        match self.stage() {
            Stage::Offer { made } => {
                next.rif.offer(p);
                if made + 1 == OFFERS {
                    next.to_move = Color::White;
                }
                return Ok(next);
            }
            Stage::Pick => {
                next.board.set(p, Some(Color::Black));
                next.stones += 1;
                next.rif.stone_placed();
                return Ok(next);
            }
            Stage::Place { .. } => next.rif.stone_placed(),
            Stage::Over => {}
        }
        let color = self.to_move;
        let wins = self.board.wins_at(p, color, self.rule);
        next.board.set(p, Some(color));
        next.stones += 1;
        next.to_move = color.opponent();
        let full = next.stones == u32::from(self.board.size()).pow(2);
        next.outcome = if wins {
            Outcome::Won(color, p)
        } else if full {
            Outcome::Draw
        } else {
            Outcome::Playing
        };
        Ok(next)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::Record;

    fn pt(p: &Position, s: &str) -> Point {
        p.board().point(s).unwrap()
    }

    #[test]
    fn black_opens_in_the_centre_then_anywhere() {
        let p = Position::new(15, Rule::Renju, true);
        assert_eq!(
            p.play(pt(&p, "a1")),
            Err(MoveError::NotCentre(pt(&p, "h8")))
        );
        let q = p.play(pt(&p, "h8")).unwrap();
        assert_eq!(q.to_move(), Color::White);
        assert!(q.play(pt(&q, "a1")).is_ok());
        assert_eq!(q.play(pt(&q, "h8")), Err(MoveError::Occupied(pt(&q, "h8"))));
        let free = Position::new(19, Rule::Freestyle, false);
        assert!(free.play(pt(&free, "a1")).is_ok());
        assert_eq!(free.centre().to_string(), "j10");
    }

    #[test]
    fn a_set_opening_places_its_three_stones_first() {
        let kagetsu = OPENINGS.iter().position(|o| o.name == "Kagetsu").unwrap() as u8;
        let start = Start::Opening {
            index: kagetsu,
            symmetry: 0,
        };
        let mut p = Position::starting(15, Rule::Renju, start);
        assert_eq!(p.start().opening().map(|o| o.code()), Some("4D".into()));
        let stones: Vec<String> = p.opening_stones().iter().map(|q| q.to_string()).collect();
        assert_eq!(stones, ["h8", "h9", "i9"]);
        for (m, wrong) in [("h8", "a1"), ("h9", "h7"), ("i9", "g9")] {
            assert_eq!(
                p.play(pt(&p, wrong)),
                Err(MoveError::NotTheOpening(pt(&p, m)))
            );
            p = p.play(pt(&p, m)).unwrap();
        }
        assert_eq!(p.to_move(), Color::White);
        assert!(p.play(pt(&p, "a1")).is_ok());
        for s in [start, Start::Centre, Start::Free] {
            assert_eq!(Start::named(&s.name()), Some(s));
        }
        assert_eq!(start.name(), "4D 0");
        for bad in ["4D", "4D 8", "14D 0", "middle", ""] {
            assert_eq!(Start::named(bad), None, "{bad}");
        }
    }

    #[test]
    fn a_game_to_five_in_a_record_with_undo() {
        let start = Position::new(15, Rule::Standard, true);
        let mut r = Record::new(start.clone());
        for m in ["h8", "a1", "i8", "a2", "j8", "a3", "k8", "a4"] {
            r.play(pt(&start, m).into()).unwrap();
        }
        r.play(pt(&start, "l8").into()).unwrap();
        assert_eq!(
            r.position().outcome(),
            Outcome::Won(Color::Black, pt(&start, "l8"))
        );
        let line: Vec<String> = r
            .position()
            .winning_line()
            .iter()
            .map(|p| p.to_string())
            .collect();
        assert_eq!(line, ["h8", "i8", "j8", "k8", "l8"]);
        assert_eq!(
            r.position().play(pt(&start, "b1")),
            Err(MoveError::GameOver)
        );
        assert!(r.undo());
        assert_eq!(r.position().outcome(), Outcome::Playing);
    }

    #[test]
    fn renju_refuses_blacks_forbidden_moves_and_says_why() {
        let start = Position::new(15, Rule::Renju, false);
        let mut p = start.clone();
        // Black f8 g8 h6 h7, White far away; h8 would be a double-three.
        for m in ["f8", "a1", "g8", "a3", "h6", "a5", "h7", "a7"] {
            p = p.play(pt(&start, m)).unwrap();
        }
        let err = p.play(pt(&start, "h8")).unwrap_err();
        assert_eq!(err.to_string(), "h8 is forbidden: double-three");
        // The same point is fine for White, and in freestyle for Black.
        let mut q = Position::new(15, Rule::Freestyle, false);
        for m in ["f8", "a1", "g8", "a3", "h6", "a5", "h7", "a7"] {
            q = q.play(pt(&start, m)).unwrap();
        }
        assert!(q.play(pt(&start, "h8")).is_ok());
    }

    #[test]
    fn a_full_board_is_a_draw() {
        // On a 5×5 board in standard rules nobody can make five if the colours alternate in
        // a pattern without lines; fill it column-pair-wise so no five appears.
        let mut p = Position::new(5, Rule::Standard, false);
        let order: Vec<Point> = (0..5u8)
            .flat_map(|row| (0..5u8).map(move |col| Point { col, row }))
            .collect();
        // Colours by (col / 2 + row) parity avoid five in a row, column and diagonal.
        let (mut black, mut white): (Vec<Point>, Vec<Point>) =
            order.iter().partition(|q| (q.col / 2 + q.row) % 2 == 0);
        while !black.is_empty() || !white.is_empty() {
            let next = match p.to_move() {
                Color::Black => black.pop().or_else(|| white.pop()),
                Color::White => white.pop().or_else(|| black.pop()),
            };
            p = p.play(next.unwrap()).unwrap();
        }
        assert_eq!(p.outcome(), Outcome::Draw);
    }

    /// White's closed four d10-g10 can only be stopped at h10, where Black would make two
    /// open threes (h10-h12 and h10-i11-j12): forbidden, so Black cannot block.
    #[test]
    fn a_forbidden_only_block_is_found() {
        let board = Board::new(15);
        let at = |s: &str| board.point(s).unwrap();
        let stones: Vec<(Point, Color)> = [
            ("c10", Color::Black),
            ("h11", Color::Black),
            ("h12", Color::Black),
            ("i11", Color::Black),
            ("j12", Color::Black),
            ("d10", Color::White),
            ("e10", Color::White),
            ("f10", Color::White),
            ("g10", Color::White),
            ("o1", Color::White),
        ]
        .iter()
        .map(|&(s, c)| (at(s), c))
        .collect();
        let p = Position::setup(15, Rule::Renju, &stones, Color::Black);
        assert_eq!(
            p.forbidden_block(),
            Some((at("h10"), Forbidden::DoubleThree))
        );
        // Freestyle has no forbidden points; nor has a position where Black may block.
        let free = Position::setup(15, Rule::Freestyle, &stones, Color::Black);
        assert_eq!(free.forbidden_block(), None);
        let mut open = stones.clone();
        open.retain(|&(q, _)| q != at("j12"));
        open.push((at("a15"), Color::Black));
        let p = Position::setup(15, Rule::Renju, &open, Color::Black);
        assert_eq!(p.forbidden_block(), None, "h10 is one three: allowed");
    }

    /// A Taraguchi-10 opening through every stage: the squares, a swap a stage, the offers
    /// (no two alike under the board's symmetries) and White's pick; each wrong step refused
    /// with its reason and nothing changed.
    #[test]
    fn a_taraguchi_opening_goes_stage_by_stage() {
        let mut p = Position::starting(15, Rule::Renju, Start::Taraguchi);
        let at = |s: &str| Board::new(15).point(s).unwrap();
        let play = |p: &Position, m: &str| match m {
            "swap" => p.play_move(Move::Swap),
            "offer" => p.play_move(Move::Offer),
            m => p.play(at(m)),
        };
        assert_eq!(play(&p, "h9"), Err(MoveError::OutsideSquare(at("h9"), 1)));
        assert_eq!(play(&p, "swap"), Err(MoveError::NoSwap(NoSwap::FirstStone)));
        p = play(&p, "h8").unwrap();
        assert_eq!(play(&p, "j9"), Err(MoveError::OutsideSquare(at("j9"), 3)));
        assert_eq!(play(&p, "offer"), Err(MoveError::NoOffer));
        p = play(&p, "swap").unwrap();
        assert!(p.swapped());
        assert_eq!(
            p.to_move(),
            Color::White,
            "a swap changes hands, not the turn"
        );
        assert_eq!(
            play(&p, "swap"),
            Err(MoveError::NoSwap(NoSwap::Made)),
            "one swap a stage"
        );
        for m in ["h9", "swap", "i7", "k10"] {
            p = play(&p, m).unwrap();
        }
        assert!(!p.swapped());
        assert_eq!(play(&p, "m13"), Err(MoveError::OutsideSquare(at("m13"), 9)));
        assert!(p.stage().may_offer());
        // A single fifth within 9x9 would do; Black offers ten instead.
        p = play(&p, "offer").unwrap();
        assert_eq!(play(&p, "swap"), Err(MoveError::NoSwap(NoSwap::Offers)));
        let offers = [
            "a1", "a15", "o1", "o15", "b2", "c3", "d4", "n14", "m13", "l12",
        ];
        for (n, m) in offers.iter().enumerate() {
            assert_eq!(p.stage(), Stage::Offer { made: n });
            assert_eq!(p.to_move(), Color::Black);
            p = play(&p, m).unwrap();
            assert_eq!(p.board().get(at(m)), None, "an offer is no stone yet");
            if n + 1 < offers.len() {
                assert_eq!(play(&p, m), Err(MoveError::OfferedTwice(at(m))));
            }
        }
        assert_eq!(p.stage(), Stage::Pick);
        assert_eq!(p.to_move(), Color::White);
        assert_eq!(play(&p, "e5"), Err(MoveError::NotOffered(at("e5"))));
        assert_eq!(
            p.placed(Move::Stone(at("c3"))),
            Some((at("c3"), Color::Black))
        );
        p = play(&p, "c3").unwrap();
        assert_eq!(p.board().get(at("c3")), Some(Color::Black));
        assert_eq!(
            p.to_move(),
            Color::White,
            "White picks, then plays the sixth"
        );
        assert_eq!(
            play(&p, "swap"),
            Err(MoveError::NoSwap(NoSwap::AfterPick)),
            "no swap after a pick"
        );
        p = play(&p, "a2").unwrap();
        assert_eq!(p.stage(), Stage::Over);
        assert_eq!(p.to_move(), Color::Black);
        assert_eq!(
            Start::named(&Start::Taraguchi.name()),
            Some(Start::Taraguchi)
        );
    }

    /// Stones symmetric about the column through the centre, or about a line elsewhere: an
    /// offer mirrored across it is the same fifth stone.
    #[test]
    fn mirrored_offers_are_refused() {
        let at = |s: &str| Board::new(15).point(s).unwrap();
        // Four stones, Black's offer begun, `first` offered: `mirror` is refused as it,
        // `other` is not.
        let check = |stones: [&str; 4], first: &str, mirror: &str, other: &str| {
            let mut p = Position::starting(15, Rule::Renju, Start::Taraguchi);
            for m in stones {
                p = p.play(at(m)).unwrap();
            }
            p = p.play_move(Move::Offer).unwrap().play(at(first)).unwrap();
            let refused = Err(MoveError::Mirrors(at(mirror), at(first)));
            assert_eq!(p.play(at(mirror)), refused);
            assert!(p.play(at(other)).is_ok());
        };
        check(["h8", "h9", "h6", "h11"], "j8", "f8", "j7");
        // Stones symmetric about the row through h9, not the board's centre (Kansei, 1D).
        check(["h8", "h9", "h10", "j9"], "j8", "j10", "g8");
    }
}
