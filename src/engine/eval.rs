//! The midgame evaluation: a hand-weighted sum of the features Othello players use, in hundredths
//! of a disc from the side to move's point of view. It sits behind [`evaluate`] alone so that a
//! trained pattern evaluation can replace it.
//!
//! Features: mobility (the "行动力" principle: keep many moves for yourself, few for the
//! opponent), potential mobility (frontier discs — "外子" — next to empty squares are a
//! liability), corners, X- and C-squares next to an empty corner, stable discs, the disc count
//! (a slight minus early, a plus late) and parity (who gets the last move).

use super::stability::stable;
use crate::reversi::{CORNERS, legal_moves, neighbours};

/// (corner, its X-square, its two C-squares).
const CORNER_ZONES: [(u64, u64, u64); 4] = [
    (1 << 0, 1 << 9, 1 << 1 | 1 << 8),
    (1 << 7, 1 << 14, 1 << 6 | 1 << 15),
    (1 << 56, 1 << 49, 1 << 48 | 1 << 57),
    (1 << 63, 1 << 54, 1 << 55 | 1 << 62),
];

/// Weights that change with the stage of the game, by number of empties.
struct Weights {
    mobility: i32,
    frontier: i32,
    disc: i32,
}

fn weights(empties: u32) -> Weights {
    match empties {
        41.. => Weights {
            mobility: 90,
            frontier: 40,
            disc: -10,
        },
        21..=40 => Weights {
            mobility: 70,
            frontier: 30,
            disc: 0,
        },
        _ => Weights {
            mobility: 40,
            frontier: 15,
            disc: 20,
        },
    }
}

/// The value of the position for the side to move (owning `p`), in hundredths of a disc.
pub fn evaluate(p: u64, o: u64) -> i32 {
    let empty = !(p | o);
    let empties = empty.count_ones();
    let w = weights(empties);
    let count = |b: u64| b.count_ones() as i32;

    let (pm, om) = (legal_moves(p, o), legal_moves(o, p));
    let mobility = count(pm) + count(pm & CORNERS) - count(om) - count(om & CORNERS);
    let edge_of_empty = neighbours(empty);
    let frontier = count(o & edge_of_empty) - count(p & edge_of_empty);

    let mut corners = 0;
    for &(corner, x, c) in &CORNER_ZONES {
        if empty & corner != 0 {
            corners -= 250 * (count(p & x) - count(o & x)) + 90 * (count(p & c) - count(o & c));
        }
    }
    corners += 800 * (count(p & CORNERS) - count(o & CORNERS));
    // Stable discs grow from the corners; without one taken there are (almost) none to count.
    let stability = if (p | o) & CORNERS != 0 {
        110 * (count(stable(p, o)) - count(stable(o, p)))
    } else {
        0
    };
    let discs = w.disc * (count(p) - count(o));
    let parity = if empties < 20 && empties % 2 == 1 {
        60
    } else {
        0
    };

    w.mobility * mobility + w.frontier * frontier + corners + stability + discs + parity
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::reversi::Position;

    #[test]
    fn the_start_is_balanced_and_corners_are_good() {
        let (p, o) = Position::initial().own_opp();
        assert_eq!(evaluate(p, o), evaluate(o, p));
        // Give the side to move a corner: better than the opponent having it.
        assert!(evaluate(p | 1, o) > evaluate(p, o | 1));
    }

    #[test]
    fn an_x_square_next_to_an_empty_corner_is_bad() {
        let (p, o) = Position::initial().own_opp();
        assert!(evaluate(p | 1 << 9, o) < evaluate(p | 1 << 17, o));
    }
}
