//! The midgame evaluation: the board's 46 pattern places ([`super::pattern`]) and the two
//! sides' mobility, each reading a weight learned from games ([`super::weights`]) for the stage
//! of the game, summed. Hundredths of a disc, from the side to move's point of view: an
//! estimate of the final disc difference.

use super::pattern::{PLACES, indices};
use super::weights::{PLACE_OFFSET, TABLES, mobility_index, stage};
use crate::cpu::{Cpu, levelled, on_cpu};
use crate::reversi::Bitboards;

/// The value of the position for the side to move (owning `p`), in hundredths of a disc.
pub fn evaluate(p: u64, o: u64) -> i32 {
    on_cpu!(cpu => evaluate_at(cpu, p, o))
}

levelled! {
    /// [`evaluate`] compiled for `cpu`, called from outside the searches.
    fn evaluate_at(p: u64, o: u64) -> i32 = evaluate_on;
}

/// [`evaluate`] with the instructions of `cpu`, for the searches to inline.
#[inline(always)]
pub fn evaluate_on<C: Cpu>(cpu: C, p: u64, o: u64) -> i32 {
    let table = &TABLES[stage((!(p | o)).count_ones())];
    let mobility = mobility_index(
        cpu.legal_moves(p, o).count_ones(),
        cpu.legal_moves(o, p).count_ones(),
    );
    let idx = indices(p, o);
    let mut sum = i32::from(table.mobility[mobility]);
    for i in 0..PLACES {
        sum += i32::from(table.patterns[PLACE_OFFSET[i] + idx[i] as usize]);
    }
    sum
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::reversi::pattern::symmetries;
    use crate::reversi::Position;
    use proptest::prelude::*;

    /// A position reached by `moves` random legal moves from the start.
    fn random_position(seed: u64, moves: usize) -> (u64, u64) {
        crate::engine::reversi::training::random_game(&mut crate::rng::Rng::new(seed), moves)
    }

    proptest! {
        #[test]
        fn the_evaluation_is_the_same_under_the_eight_symmetries(seed: u64, moves in 0usize..60) {
            let (p, o) = random_position(seed, moves);
            let v = evaluate(p, o);
            for (sp, so) in symmetries(p).into_iter().zip(symmetries(o)) {
                prop_assert_eq!(evaluate(sp, so), v);
            }
        }
    }

    #[test]
    fn first_moves_are_equal_and_corners_are_good() {
        let start = Position::initial();
        let values: Vec<i32> = ["f5", "d3", "c4", "e6"]
            .iter()
            .map(|m| {
                let (p, o) = start.play(m.parse().unwrap()).unwrap().own_opp();
                evaluate(p, o)
            })
            .collect();
        assert!(values.iter().all(|&v| v == values[0]), "{values:?}");
        let (p, o) = random_position(7, 30);
        let empty_corner = !(p | o) & crate::reversi::CORNERS;
        if empty_corner != 0 {
            let c = empty_corner & empty_corner.wrapping_neg();
            assert!(evaluate(p | c, o) > evaluate(p, o | c));
        }
    }
}
