//! What every game's rules share: the two sides, and what a position does. Each game's rules
//! (`reversi`, `gomoku` …) implement [`Playable`] for their position, so that a record, a saved
//! game and the screens are written once for every game.

/// A side: Black moves first.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Color {
    Black,
    White,
}

impl Color {
    /// The other side.
    pub fn opponent(self) -> Color {
        match self {
            Color::Black => Color::White,
            Color::White => Color::Black,
        }
    }

    /// `value`, which is this side's, as Black sees it (the opposite for White): the one
    /// home of the sign every graph, bar and review from Black's side takes.
    pub fn black_side(self, value: i32) -> i32 {
        match self {
            Color::Black => value,
            Color::White => -value,
        }
    }

    /// "Black" or "White".
    pub fn name(self) -> &'static str {
        match self {
            Color::Black => "Black",
            Color::White => "White",
        }
    }
}

/// A position that moves can be played on.
pub trait Playable: Clone {
    type Move: Copy + PartialEq + std::fmt::Debug + std::fmt::Display;
    type Error;
    fn play(&self, mv: Self::Move) -> Result<Self, Self::Error>;
    fn to_move(&self) -> Color;
    fn is_over(&self) -> bool;
    /// The move named `name` (as its `Display` writes it) on this position's board, if it
    /// names one.
    fn parse_move(&self, name: &str) -> Option<Self::Move>;
    /// The move the rules make for the side to move, when it has no choice (Reversi's pass).
    fn forced(&self) -> Option<Self::Move>;
    /// The side that won on the board, once the game is over (none for a draw, or while it
    /// goes on).
    fn winner(&self) -> Option<Color>;
    /// Whether the players now hold the colours opposite to those they began with (an opening
    /// rule's swaps: Renju's Taraguchi-10).
    fn swapped(&self) -> bool {
        false
    }
    /// The number of the move about to be made here, after `played` moves of the game's
    /// record: the next one, unless some moves place nothing (Renju numbers the stones, not
    /// an opening rule's swaps and offers).
    fn move_number(&self, played: usize) -> usize {
        played + 1
    }
    /// How many of a game's first moves from this start are a set opening's, which every game
    /// from it has and which are never taken back.
    fn fixed_moves(&self) -> usize {
        0
    }
}
