//! Move generation and flips on bitboards. Legal moves are found for all squares at once by
//! shifting runs of opponent discs along the four axes (doubling the step to cover runs of up to
//! six discs in four shifts); the flips of one move come from precomputed rays, finding in each
//! direction the first square that is not the opponent's and checking that it is ours.

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
/// `opp` discs between it and an `own` disc in some direction.
#[inline]
pub fn legal_moves(own: u64, opp: u64) -> u64 {
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

/// The `opp` discs that a disc played by `own` on square index `sq` would flip (0 if none).
#[inline]
pub fn flips(own: u64, opp: u64, sq: u8) -> u64 {
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
