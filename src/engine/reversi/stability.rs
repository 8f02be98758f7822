//! Stable discs: discs that can never be flipped. Used by the evaluation and by the endgame
//! solver's stability cut-off.

const NOT_A: u64 = 0xfefe_fefe_fefe_fefe;
const NOT_H: u64 = 0x7f7f_7f7f_7f7f_7f7f;
const EDGES: u64 = 0xff81_8181_8181_81ff;

/// Masks of the 15 diagonals of each sense, built once.
static DIAGONALS: ([u64; 15], [u64; 15]) = diagonals();

const fn diagonals() -> ([u64; 15], [u64; 15]) {
    let mut down_right = [0u64; 15]; // a1-h8 sense: col - row constant
    let mut down_left = [0u64; 15]; // h1-a8 sense: col + row constant
    let mut sq = 0;
    while sq < 64 {
        let (c, r) = (sq % 8, sq / 8);
        down_right[c + 7 - r] |= 1 << sq;
        down_left[c + r] |= 1 << sq;
        sq += 1;
    }
    (down_right, down_left)
}

/// Squares whose line in each of the four axes is full, one mask per axis:
/// (horizontal, vertical, a1-h8 diagonal, h1-a8 diagonal).
#[inline(always)]
fn full_lines(filled: u64) -> (u64, u64, u64, u64) {
    let mut h = 0;
    for r in 0..8 {
        let row = 0xffu64 << (8 * r);
        if filled & row == row {
            h |= row;
        }
    }
    let mut cols = filled;
    cols &= cols >> 32;
    cols &= cols >> 16;
    cols &= cols >> 8;
    let v = (cols & 0xff).wrapping_mul(0x0101_0101_0101_0101);
    let (mut d9, mut d7) = (0, 0);
    for (&a, &b) in DIAGONALS.0.iter().zip(DIAGONALS.1.iter()) {
        if filled & a == a {
            d9 |= a;
        }
        if filled & b == b {
            d7 |= b;
        }
    }
    (h, v, d9, d7)
}

/// The discs of `p` that can never be flipped, found by growing from the walls: a disc is stable
/// when, along each of the four axes, its line is full or one neighbour is a wall or a stable disc
/// of its own colour.
#[inline(always)]
pub fn stable(p: u64, o: u64) -> u64 {
    let (fh, fv, fd9, fd7) = full_lines(p | o);
    let mut s = 0u64;
    loop {
        let h = fh | ((s << 1) & NOT_A) | ((s >> 1) & NOT_H) | !NOT_A | !NOT_H;
        let v = fv | (s << 8) | (s >> 8) | 0xff | 0xff << 56;
        let d9 = fd9 | ((s << 9) & NOT_A) | ((s >> 9) & NOT_H) | EDGES;
        let d7 = fd7 | ((s << 7) & NOT_H) | ((s >> 7) & NOT_A) | EDGES;
        let next = p & h & v & d9 & d7;
        if next == s {
            return s;
        }
        s = next;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn corners_and_their_edges_are_stable() {
        // Black a1, b1, c1 and a2; white d1.
        let p = 0b111 | 1 << 8;
        let o = 1 << 3;
        assert_eq!(stable(p, o), p);
        assert_eq!(stable(o, p), 0, "d1 can still be flipped from e1");
    }

    #[test]
    fn a_full_board_is_all_stable() {
        let p = 0x0f0f_0f0f_0f0f_0f0f;
        assert_eq!(stable(p, !p), p);
    }

    #[test]
    fn a_lone_centre_disc_is_not_stable() {
        assert_eq!(stable(1 << 27, 1 << 28), 0);
    }
}
