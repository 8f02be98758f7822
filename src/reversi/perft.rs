//! Perft: the number of leaves of the game tree to a depth, the standard check of a move generator.

use super::bitboard::Bitboards;
use crate::cpu::{Cpu, levelled, on_cpu};

/// Leaves at `depth` plies from the side to move owning `own`, by the convention of
/// shared/data/perft.md: a pass uses a ply, a finished game counts once at every depth below it.
/// The last ply is counted in bulk (the number of legal moves) rather than played.
pub fn perft(own: u64, opp: u64, depth: u32) -> u64 {
    on_cpu!(cpu => perft_on(cpu, own, opp, depth))
}

levelled! {
    /// [`perft`] with the instructions of `cpu`.
    pub fn perft_on(own: u64, opp: u64, depth: u32) -> u64 = perft_in;
}

#[inline(always)]
fn perft_in<C: Cpu>(cpu: C, own: u64, opp: u64, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    let moves = cpu.legal_moves(own, opp);
    if moves == 0 {
        return if cpu.legal_moves(opp, own) == 0 {
            1
        } else {
            perft_on(cpu, opp, own, depth - 1)
        };
    }
    if depth == 1 {
        return u64::from(moves.count_ones());
    }
    let mut total = 0;
    let mut rest = moves;
    while rest != 0 {
        let sq = rest.trailing_zeros() as u8;
        rest &= rest - 1;
        let flipped = cpu.flips(own, opp, sq);
        total += perft_on(cpu, opp & !flipped, own | flipped | (1 << sq), depth - 1);
    }
    total
}
