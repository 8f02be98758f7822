//! Move generation and flips on bitboards. Legal moves are found for all squares at once by
//! shifting runs of opponent discs along the four axes (doubling the step to cover runs of up to
//! six discs in four shifts); the flips of one move come from precomputed rays, finding in each
//! direction the first square that is not the opponent's and checking that it is ours.

use crate::cpu::{Baseline, Cpu};

/// The four corners.
pub const CORNERS: u64 = 0x8100_0000_0000_0081;
/// The X-squares, diagonally next to the corners.
pub const X_SQUARES: u64 = 0x0042_0000_0000_4200;
const NOT_A: u64 = 0xfefe_fefe_fefe_fefe;
const NOT_H: u64 = 0x7f7f_7f7f_7f7f_7f7f;

/// The squares next to any square of `b` (in all eight directions; `b` itself only where two
/// of its squares touch).
#[inline]
pub fn neighbours(b: u64) -> u64 {
    let h = ((b << 1) & NOT_A) | ((b >> 1) & NOT_H);
    let row = b | h;
    h | (row << 8) | (row >> 8)
}

/// Every square but columns a and h: opponent discs that may sit inside a horizontal or
/// diagonal run (a run that crossed these columns would wrap to the next row).
const INNER_COLS: u64 = 0x7e7e_7e7e_7e7e_7e7e;

/// The squares from which the side owning `p` would bracket `mask` discs along one axis, in
/// both senses: `dir` is the index step (1 across, 8 down, 7 and 9 diagonally).
#[inline(always)]
fn axis_moves(p: u64, mask: u64, dir: u32) -> u64 {
    let dir2 = dir * 2;
    let mut left = mask & (p << dir);
    let mut right = mask & (p >> dir);
    left |= mask & (left << dir);
    right |= mask & (right >> dir);
    let mask_left = mask & (mask << dir);
    let mask_right = mask & (mask >> dir);
    left |= mask_left & (left << dir2);
    right |= mask_right & (right >> dir2);
    left |= mask_left & (left << dir2);
    right |= mask_right & (right >> dir2);
    (left << dir) | (right >> dir)
}

/// The empty squares where the side owning `own` may play: each brackets at least one run of
/// `opp` discs between it and an `own` disc in some direction. (The engines use
/// [`Bitboards::legal_moves`], with the processor's instructions.)
#[inline]
pub fn legal_moves(own: u64, opp: u64) -> u64 {
    Baseline.legal_moves(own, opp)
}

/// The `opp` discs that a disc played by `own` on square index `sq` would flip (0 if none).
#[inline]
pub fn flips(own: u64, opp: u64, sq: u8) -> u64 {
    Baseline.flips(own, opp, sq)
}

/// Move generation with the instructions of a [`Cpu`] level: what the engines' hot code calls.
pub trait Bitboards: Cpu {
    /// [`legal_moves`]. With AVX2 the four axes are shifted at once, one vector lane each.
    #[inline(always)]
    fn legal_moves(self, own: u64, opp: u64) -> u64 {
        #[cfg(target_arch = "x86_64")]
        if Self::AVX2 {
            // SAFETY: a level that says AVX2 exists only where the processor has it.
            return unsafe { legal_moves_avx2(own, opp) };
        }
        legal_moves_portable(own, opp)
    }

    /// [`flips`]. With AVX-512 (for the 256-bit leading-zero count) the rays are scanned four
    /// at once.
    #[inline(always)]
    fn flips(self, own: u64, opp: u64, sq: u8) -> u64 {
        #[cfg(target_arch = "x86_64")]
        if Self::AVX512 {
            // SAFETY: a level that says AVX-512 exists only where the processor has it.
            return unsafe { flips_avx512(own, opp, sq) };
        }
        flips_portable(own, opp, sq)
    }
}

impl<C: Cpu> Bitboards for C {}

#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2")]
#[inline]
fn legal_moves_avx2(own: u64, opp: u64) -> u64 {
    use std::arch::x86_64::*;
    // Lanes: across (1), down (8), and the two diagonals (7, 9), as in `axis_moves`.
    let dir = _mm256_set_epi64x(9, 7, 8, 1);
    let dir2 = _mm256_add_epi64(dir, dir);
    let inner = INNER_COLS as i64;
    let mask = _mm256_and_si256(
        _mm256_set1_epi64x(opp as i64),
        _mm256_set_epi64x(inner, inner, -1, inner),
    );
    let p = _mm256_set1_epi64x(own as i64);
    let shl = |v, by| _mm256_sllv_epi64(v, by);
    let shr = |v, by| _mm256_srlv_epi64(v, by);
    let mut left = _mm256_and_si256(mask, shl(p, dir));
    let mut right = _mm256_and_si256(mask, shr(p, dir));
    left = _mm256_or_si256(left, _mm256_and_si256(mask, shl(left, dir)));
    right = _mm256_or_si256(right, _mm256_and_si256(mask, shr(right, dir)));
    let mask_left = _mm256_and_si256(mask, shl(mask, dir));
    let mask_right = _mm256_and_si256(mask, shr(mask, dir));
    for _ in 0..2 {
        left = _mm256_or_si256(left, _mm256_and_si256(mask_left, shl(left, dir2)));
        right = _mm256_or_si256(right, _mm256_and_si256(mask_right, shr(right, dir2)));
    }
    let moves = _mm256_or_si256(shl(left, dir), shr(right, dir));
    or_lanes(moves) & !(own | opp)
}

/// The four 64-bit lanes of `v` OR-ed together.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2")]
#[inline]
fn or_lanes(v: std::arch::x86_64::__m256i) -> u64 {
    use std::arch::x86_64::*;
    let half = _mm_or_si128(_mm256_castsi256_si128(v), _mm256_extracti128_si256::<1>(v));
    (_mm_cvtsi128_si64(half) | _mm_extract_epi64::<1>(half)) as u64
}

/// [`legal_moves`] without vector instructions.
#[inline]
fn legal_moves_portable(own: u64, opp: u64) -> u64 {
    let inner = opp & INNER_COLS;
    (axis_moves(own, inner, 1)
        | axis_moves(own, opp, 8)
        | axis_moves(own, inner, 7)
        | axis_moves(own, inner, 9))
        & !(own | opp)
}

/// Direction steps as (column, row) deltas: the first four go to higher square indices.
const DIRS: [(i32, i32); 8] = [
    (1, 0),
    (-1, 1),
    (0, 1),
    (1, 1),
    (-1, 0),
    (1, -1),
    (0, -1),
    (-1, -1),
];

/// `RAYS[sq][d]`: the squares beyond `sq` in direction `d`, `sq` excluded.
static RAYS: [[u64; 8]; 64] = rays();

const fn rays() -> [[u64; 8]; 64] {
    let mut table = [[0u64; 8]; 64];
    let mut sq = 0;
    while sq < 64 {
        let mut d = 0;
        while d < 8 {
            let (dc, dr) = DIRS[d];
            let (mut c, mut r) = ((sq % 8) as i32 + dc, (sq / 8) as i32 + dr);
            while c >= 0 && c < 8 && r >= 0 && r < 8 {
                table[sq][d] |= 1 << (r * 8 + c);
                c += dc;
                r += dr;
            }
            d += 1;
        }
        sq += 1;
    }
    table
}

#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx512f,avx512cd,avx512vl,avx2")]
#[inline]
fn flips_avx512(own: u64, opp: u64, sq: u8) -> u64 {
    use std::arch::x86_64::*;
    let r = &RAYS[sq as usize];
    let up_ray = _mm256_set_epi64x(r[3] as i64, r[2] as i64, r[1] as i64, r[0] as i64);
    let down_ray = _mm256_set_epi64x(r[7] as i64, r[6] as i64, r[5] as i64, r[4] as i64);
    let opp = _mm256_set1_epi64x(opp as i64);
    let own = _mm256_set1_epi64x(own as i64);
    let one = _mm256_set1_epi64x(1);
    // Towards higher indices the nearest square that is not the opponent's is the lowest bit.
    let stops = _mm256_andnot_si256(opp, up_ray);
    let outflank = _mm256_and_si256(stops, _mm256_sub_epi64(_mm256_setzero_si256(), stops));
    let ours = _mm256_cmpeq_epi64(_mm256_and_si256(outflank, own), outflank);
    let ours = _mm256_andnot_si256(_mm256_cmpeq_epi64(outflank, _mm256_setzero_si256()), ours);
    let up = _mm256_and_si256(
        _mm256_and_si256(up_ray, _mm256_sub_epi64(outflank, one)),
        ours,
    );
    // Towards lower indices it is the highest bit.
    let stops = _mm256_andnot_si256(opp, down_ray);
    let outflank = _mm256_srlv_epi64(_mm256_set1_epi64x(i64::MIN), _mm256_lzcnt_epi64(stops));
    let ours = _mm256_cmpeq_epi64(_mm256_and_si256(outflank, own), outflank);
    let ours = _mm256_andnot_si256(_mm256_cmpeq_epi64(outflank, _mm256_setzero_si256()), ours);
    let below = _mm256_or_si256(outflank, _mm256_sub_epi64(outflank, one));
    let down = _mm256_and_si256(_mm256_andnot_si256(below, down_ray), ours);
    or_lanes(_mm256_or_si256(up, down))
}

/// [`flips`] without vector instructions.
#[inline]
fn flips_portable(own: u64, opp: u64, sq: u8) -> u64 {
    let rays = &RAYS[sq as usize];
    let mut flipped = 0;
    // Rays towards higher indices: the nearest non-opponent square is the lowest set bit.
    for &ray in &rays[..4] {
        let stops = ray & !opp;
        let outflank = stops & stops.wrapping_neg();
        if outflank & own != 0 {
            flipped |= ray & (outflank - 1);
        }
    }
    // Rays towards lower indices: the nearest is the highest set bit.
    for &ray in &rays[4..] {
        let stops = ray & !opp;
        if stops != 0 {
            let outflank = 1u64 << (63 - stops.leading_zeros());
            if outflank & own != 0 {
                flipped |= ray & !(outflank | (outflank - 1));
            }
        }
    }
    flipped
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every level this processor has agrees with the portable code on random boards.
    #[test]
    fn every_level_agrees_with_the_portable_code() {
        check_level(crate::cpu::Baseline);
        #[cfg(target_arch = "x86_64")]
        {
            if let Some(cpu) = crate::cpu::X86V3::detect() {
                check_level(cpu);
            }
            if let Some(cpu) = crate::cpu::X86V4::detect() {
                check_level(cpu);
            }
        }
    }

    fn check_level<C: Cpu>(cpu: C) {
        let mut rng = crate::rng::Rng::new(0x9e37_79b9_7f4a_7c15);
        let mut next = || rng.next_u64();
        for _ in 0..20_000 {
            let (a, b) = (next(), next());
            // Sparse and dense boards both.
            let filled = if a & 1 == 0 { a & b } else { a | b };
            let own = filled & next();
            let opp = filled & !own;
            let name = C::LEVEL.name();
            assert_eq!(
                cpu.legal_moves(own, opp),
                legal_moves_portable(own, opp),
                "{name}"
            );
            for sq in 0..64u8 {
                if (own | opp) & (1 << sq) == 0 {
                    let flipped = flips_portable(own, opp, sq);
                    assert_eq!(cpu.flips(own, opp, sq), flipped, "{name} {sq}");
                }
            }
        }
    }
}
