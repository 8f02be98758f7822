//! A position: where the discs are and whose turn it is; playing moves, passes, the end and the score.

use super::bitboard::{flips, legal_moves};
use super::{Color, Move, Square};
use std::fmt;
use std::str::FromStr;

/// Where the discs are and who moves next.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Position {
    black: u64,
    white: u64,
    to_move: Color,
}

/// What the side to move must do.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Status {
    /// It has at least one legal square.
    ToMove,
    /// It has none but the opponent has: it passes.
    MustPass,
    /// Neither side can move.
    GameOver,
}

/// Why a move cannot be played. (Its words, in every language and in its English `Display`,
/// are the language layer's, which knows this type; this one knows no words.)
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum MoveError {
    Occupied(Square),
    FlipsNothing(Square),
    CannotPass(Color),
    GameOver,
}

impl std::error::Error for MoveError {}

/// Why a text is not a position.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum PositionError {
    /// It has this many squares, not 64.
    Length(usize),
    BadSquare {
        square: Square,
        found: char,
    },
    BadSide(String),
}

impl std::error::Error for PositionError {}

impl Position {
    /// The standard start: white d4 and e5, black d5 and e4, Black to move.
    pub fn initial() -> Position {
        let sq = |s: &str| s.parse::<Square>().expect("valid square").bit();
        Position {
            black: sq("d5") | sq("e4"),
            white: sq("d4") | sq("e5"),
            to_move: Color::Black,
        }
    }

    pub fn to_move(&self) -> Color {
        self.to_move
    }

    /// The discs of `color` as a bitboard.
    pub fn discs(&self, color: Color) -> u64 {
        match color {
            Color::Black => self.black,
            Color::White => self.white,
        }
    }

    /// The colour on `sq`, if any.
    pub fn at(&self, sq: Square) -> Option<Color> {
        if self.black & sq.bit() != 0 {
            Some(Color::Black)
        } else if self.white & sq.bit() != 0 {
            Some(Color::White)
        } else {
            None
        }
    }

    /// The side to move's discs and the opponent's.
    pub fn own_opp(&self) -> (u64, u64) {
        (
            self.discs(self.to_move),
            self.discs(self.to_move.opponent()),
        )
    }

    /// The squares where the side to move may play.
    pub fn legal_moves(&self) -> u64 {
        let (own, opp) = self.own_opp();
        legal_moves(own, opp)
    }

    /// The discs a move by the side to move on `sq` would flip.
    pub fn flips(&self, sq: Square) -> u64 {
        let (own, opp) = self.own_opp();
        flips(own, opp, sq.index())
    }

    /// Whether the side to move plays, passes, or the game is over.
    pub fn status(&self) -> Status {
        let (own, opp) = self.own_opp();
        if legal_moves(own, opp) != 0 {
            Status::ToMove
        } else if legal_moves(opp, own) != 0 {
            Status::MustPass
        } else {
            Status::GameOver
        }
    }

    /// The position after `mv`, or why `mv` is illegal here.
    pub fn play(&self, mv: Move) -> Result<Position, MoveError> {
        match mv {
            Move::Pass => match self.status() {
                Status::MustPass => Ok(self.passed()),
                Status::ToMove => Err(MoveError::CannotPass(self.to_move)),
                Status::GameOver => Err(MoveError::GameOver),
            },
            Move::Play(sq) => {
                if (self.black | self.white) & sq.bit() != 0 {
                    return Err(MoveError::Occupied(sq));
                }
                let flipped = self.flips(sq);
                if flipped == 0 {
                    return Err(MoveError::FlipsNothing(sq));
                }
                let (own, opp) = self.own_opp();
                let own = own | flipped | sq.bit();
                let opp = opp & !flipped;
                let (black, white) = match self.to_move {
                    Color::Black => (own, opp),
                    Color::White => (opp, own),
                };
                Ok(Position {
                    black,
                    white,
                    to_move: self.to_move.opponent(),
                })
            }
        }
    }

    /// The same discs with the other side to move.
    fn passed(&self) -> Position {
        Position {
            to_move: self.to_move.opponent(),
            ..*self
        }
    }

    /// How many discs `color` has.
    pub fn count(&self, color: Color) -> u32 {
        self.discs(color).count_ones()
    }

    /// The final score as the Othello federations and programs count it: (Black, White) discs,
    /// with the empty squares of a game that ended early going to the winner (shared in a
    /// draw), so that a wipe-out with 8 squares empty is 64-0, not 56-0.
    pub fn final_counts(&self) -> (u32, u32) {
        let (b, w) = (self.count(Color::Black), self.count(Color::White));
        let empty = 64 - b - w;
        match b.cmp(&w) {
            std::cmp::Ordering::Greater => (b + empty, w),
            std::cmp::Ordering::Less => (b, w + empty),
            std::cmp::Ordering::Equal => (b + empty / 2, w + empty / 2),
        }
    }

    /// The side with more discs; `None` for a draw. Meaningful once the game is over.
    pub fn leader(&self) -> Option<Color> {
        let (b, w) = (self.count(Color::Black), self.count(Color::White));
        match b.cmp(&w) {
            std::cmp::Ordering::Greater => Some(Color::Black),
            std::cmp::Ordering::Less => Some(Color::White),
            std::cmp::Ordering::Equal => None,
        }
    }
}

impl crate::rules::Playable for Position {
    type Move = Move;
    type Error = MoveError;
    fn play(&self, mv: Move) -> Result<Position, MoveError> {
        Position::play(self, mv)
    }
    fn to_move(&self) -> Color {
        Position::to_move(self)
    }
    fn is_over(&self) -> bool {
        self.status() == Status::GameOver
    }
    fn parse_move(&self, name: &str) -> Option<Move> {
        name.parse().ok()
    }
    fn forced(&self) -> Option<Move> {
        (self.status() == Status::MustPass).then_some(Move::Pass)
    }
    fn winner(&self) -> Option<Color> {
        self.leader().filter(|_| self.status() == Status::GameOver)
    }
}

impl Default for Position {
    fn default() -> Self {
        Position::initial()
    }
}

impl fmt::Display for Position {
    /// 64 characters a1..h1, a2..h2, … (X black, O white, - empty), a space, and X or O to move.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for i in 0..64 {
            let c = match self.at(Square::new(i).expect("index < 64")) {
                Some(Color::Black) => 'X',
                Some(Color::White) => 'O',
                None => '-',
            };
            write!(f, "{c}")?;
        }
        let side = match self.to_move {
            Color::Black => 'X',
            Color::White => 'O',
        };
        write!(f, " {side}")
    }
}

impl FromStr for Position {
    type Err = PositionError;

    /// Reads the form `Display` writes; the squares may also use `*`/`x`/`b` for black and
    /// `o`/`w` for white, and anything after the side to move (as in OBF lines) is ignored.
    fn from_str(s: &str) -> Result<Position, PositionError> {
        let mut parts = s.split_whitespace();
        let squares: Vec<char> = parts.next().unwrap_or("").chars().collect();
        if squares.len() != 64 {
            return Err(PositionError::Length(squares.len()));
        }
        let (mut black, mut white) = (0u64, 0u64);
        for (i, &c) in squares.iter().enumerate() {
            let bit = 1u64 << i;
            match c {
                'X' | 'x' | '*' | 'B' | 'b' => black |= bit,
                'O' | 'o' | 'W' | 'w' | '0' => white |= bit,
                '-' | '.' => {}
                found => {
                    let square = Square::new(i as u8).expect("index < 64");
                    return Err(PositionError::BadSquare { square, found });
                }
            }
        }
        let side = parts.next().unwrap_or("").trim_end_matches(';');
        let to_move = match side {
            "X" | "x" | "*" | "B" | "b" => Color::Black,
            "O" | "o" | "W" | "w" | "0" => Color::White,
            other => return Err(PositionError::BadSide(other.to_string())),
        };
        Ok(Position {
            black,
            white,
            to_move,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sq(s: &str) -> Square {
        s.parse().unwrap()
    }

    fn squares(bits: u64) -> Vec<String> {
        Square::iter(bits).map(|s| s.to_string()).collect()
    }

    #[test]
    fn initial_position_and_first_moves() {
        let p = Position::initial();
        assert_eq!(p.at(sq("d4")), Some(Color::White));
        assert_eq!(p.at(sq("e5")), Some(Color::White));
        assert_eq!(p.at(sq("d5")), Some(Color::Black));
        assert_eq!(p.at(sq("e4")), Some(Color::Black));
        assert_eq!(p.to_move(), Color::Black);
        assert_eq!(squares(p.legal_moves()), ["d3", "c4", "f5", "e6"]);
    }

    #[test]
    fn d3_flips_d4() {
        let p = Position::initial().play(Move::Play(sq("d3"))).unwrap();
        assert_eq!(p.count(Color::Black), 4);
        assert_eq!(p.count(Color::White), 1);
        assert_eq!(p.at(sq("d4")), Some(Color::Black));
        assert_eq!(p.to_move(), Color::White);
    }

    #[test]
    fn illegal_moves_say_why() {
        let p = Position::initial();
        assert_eq!(
            p.play(Move::Play(sq("d4"))),
            Err(MoveError::Occupied(sq("d4")))
        );
        assert_eq!(
            p.play(Move::Play(sq("c6"))),
            Err(MoveError::FlipsNothing(sq("c6")))
        );
        assert_eq!(p.play(Move::Pass), Err(MoveError::CannotPass(Color::Black)));
        assert_eq!(
            MoveError::FlipsNothing(sq("c6")).to_string(),
            "c6 flips nothing"
        );
    }

    #[test]
    fn a_move_flips_only_bracketed_runs() {
        // Row 1: X O O - ; row 2: - O - - ; row 3: - X - - . Black on d1 flips b1 and c1
        // (bracketed by a1); c2 leads to b3, empty on the diagonal beyond: no flip that way.
        let p: Position = format!("XOO-----XO------X-------{} X", "-".repeat(40))
            .parse()
            .unwrap();
        assert_eq!(squares(p.flips(sq("d1"))), ["b1", "c1"]);
        // b2 sits between a2? no: a2 is black, b2 white, c2 empty: c2 flips b2 only.
        assert_eq!(squares(p.flips(sq("c2"))), ["b2"]);
        // A run that ends at the edge without a black disc flips nothing.
        let q: Position = format!("-OO-----{} X", "-".repeat(56)).parse().unwrap();
        assert_eq!(q.flips(sq("d1")), 0);
    }

    #[test]
    fn star_capture_flips_all_eight_directions() {
        // White ring around d4 at distance 1, black ring at distance 2.
        let mut rows = [['-'; 8]; 8];
        for (dc, dr) in [
            (-1i32, -1i32),
            (0, -1),
            (1, -1),
            (-1, 0),
            (1, 0),
            (-1, 1),
            (0, 1),
            (1, 1),
        ] {
            rows[(3 + dr) as usize][(3 + dc) as usize] = 'O';
            rows[(3 + 2 * dr) as usize][(3 + 2 * dc) as usize] = 'X';
        }
        let text: String = rows.iter().flatten().collect::<String>() + " X";
        let p: Position = text.parse().unwrap();
        let after = p.play(Move::Play(sq("d4"))).unwrap();
        assert_eq!(after.count(Color::White), 0);
        assert_eq!(after.count(Color::Black), 17);
    }

    #[test]
    fn edges_do_not_wrap() {
        // White on h1, black on a2: a move on g1 must not "wrap" east into a2.
        let p: Position = format!("------XO{}{} X", "X-------", "-".repeat(48))
            .parse()
            .unwrap();
        assert_eq!(p.flips(sq("g1")), 0);
        assert_eq!(p.legal_moves() & sq("g1").bit(), 0);
    }

    #[test]
    fn pass_and_game_over() {
        // Black has only one disc in a corner, white fills a line: black cannot move, white can.
        let full_black: Position = format!("{} O", "X".repeat(64)).parse().unwrap();
        assert_eq!(full_black.status(), Status::GameOver);
        assert_eq!(full_black.leader(), Some(Color::Black));
        assert_eq!(full_black.play(Move::Pass), Err(MoveError::GameOver));

        let p: Position = format!("XO-{} X", "-".repeat(61)).parse().unwrap();
        // Black at a1, white at b1: black plays c1. White to move then has nothing; black neither.
        assert_eq!(squares(p.legal_moves()), ["c1"]);
        let q = p.play(Move::Play(sq("c1"))).unwrap();
        assert_eq!(q.status(), Status::GameOver);
        assert_eq!(q.count(Color::White), 0);
        assert_eq!(
            q.final_counts(),
            (64, 0),
            "a wipe-out: the empties go to the winner"
        );

        let r: Position = format!("XO-{} O", "-".repeat(61)).parse().unwrap();
        // White to move: it could play nothing (no black bracketed by white), black could: pass.
        assert_eq!(r.status(), Status::MustPass);
        let s = r.play(Move::Pass).unwrap();
        assert_eq!(s.to_move(), Color::Black);
        assert_eq!(s.discs(Color::Black), r.discs(Color::Black));
    }

    #[test]
    fn final_counts_give_the_empties_to_the_winner_and_share_them_in_a_draw() {
        for (text, counts) in [
            (
                format!("{}{}{} X", "X".repeat(30), "O".repeat(28), "-".repeat(6)),
                (36, 28),
            ),
            (
                format!("{}{}{} X", "X".repeat(20), "O".repeat(40), "-".repeat(4)),
                (20, 44),
            ),
            (
                format!("{}{}{} X", "X".repeat(30), "O".repeat(30), "-".repeat(4)),
                (32, 32),
            ),
            (format!("{}{} X", "X".repeat(32), "O".repeat(32)), (32, 32)),
        ] {
            let p: Position = text.parse().unwrap();
            assert_eq!(p.final_counts(), counts, "{text}");
        }
    }

    #[test]
    fn draw_has_no_leader() {
        let p: Position = format!("{}{} X", "X".repeat(32), "O".repeat(32))
            .parse()
            .unwrap();
        assert_eq!(p.leader(), None);
    }

    #[test]
    fn text_form_round_trips_and_rejects_garbage() {
        let p = Position::initial();
        let text = p.to_string();
        assert_eq!(
            text,
            "---------------------------OX------XO--------------------------- X"
        );
        assert_eq!(text.parse::<Position>(), Ok(p));
        assert_eq!("--- X".parse::<Position>(), Err(PositionError::Length(3)));
        assert!(matches!(
            format!("{}Z X", "-".repeat(63)).parse::<Position>(),
            Err(PositionError::BadSquare { found: 'Z', .. })
        ));
        assert!(matches!(
            format!("{} Q", "-".repeat(64)).parse::<Position>(),
            Err(PositionError::BadSide(_))
        ));
        // OBF lines carry scores after the side to move.
        let obf = "--XXXXX--OOOXX-O-OOOXXOX-OXOXOXXOXXXOXXX--XOXOXX-XXXOOO--OOOOO-- X; G8:+18;";
        assert!(obf.parse::<Position>().is_ok());
    }
}
