//! Reviewing a finished game move by move: how each position stands (for the graph), and which
//! moves lost the most, with the better move. One position is judged per request, so that a
//! review goes on in the background between other requests and can stop anywhere.

/// The value of a certain win, the top of the graph.
pub const CERTAIN: i32 = 100;

/// `Judge` and `Better`, one kind per entry of the list of games ([`crate::games`]).
macro_rules! judge_kinds {
    (() $($name:ident $room:ident),*) => {
        /// One position of a game, with the move played from it (none at the end).
        #[derive(Clone, Debug, PartialEq, Eq)]
        pub enum Judge {
            $($name(Box<$crate::$room::Position>, Option<$crate::$room::Move>)),*
        }

        /// The better move, in its game's terms.
        #[derive(Clone, Copy, Debug, PartialEq, Eq)]
        pub enum Better {
            $($name($crate::$room::Move)),*
        }

        impl std::fmt::Display for Better {
            fn fmt(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
                match self {
                    $(Better::$name(mv) => mv.fmt(f)),*
                }
            }
        }
    };
}
crate::games!(judge_kinds!());

/// What the review says of one position and the move played from it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Judged {
    /// How the position stands, from Black's side: -[`CERTAIN`] (White wins) to +[`CERTAIN`].
    /// Reversi: the disc difference, scaled from ±64.
    pub value: i32,
    /// The move played, if it was a mistake.
    pub mistake: Option<Mistake>,
}

/// A move that lost: what it cost and what was better.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Mistake {
    pub cost: Cost,
    pub better: Better,
}

/// What a mistake cost.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Cost {
    /// Reversi: this many discs against the best move (exact when `exact`).
    Discs { discs: i32, exact: bool },
    /// Gomoku: the mover had a forced win and did not play on with it.
    MissedWin,
    /// Gomoku: the opponent had a forced win that this move left open, and another would have
    /// stopped it.
    MissedDefence,
}
