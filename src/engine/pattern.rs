//! The board seen through patterns: groups of squares whose contents (empty, own, opponent) are
//! read as a base-3 number, the index of a weight. The set is Edax's (and Logistello's before
//! it), which years of engines have kept because it sees what decides Othello games:
//!
//! - the **2×5 corner** and the **3×3 corner**: who owns or can take a corner, and the wedges
//!   and walls beside it;
//! - the **edge with both X-squares**: edge fights (unbalanced edges, wedges, the X-squares that
//!   give a corner away);
//! - the **second, third and fourth rows**: frontier and quiet moves near the edges;
//! - the **diagonals of 4 to 8 squares**: the lines to the corners.
//!
//! Each pattern sits on the board in several places (its images under the board's eight
//! symmetries), 46 in all, all of one pattern sharing one table. Instead of gathering squares
//! for each image, the whole board is turned into its eight symmetric images once, and every
//! image of a pattern is then read from the same fixed squares of one of them.

/// One kind of pattern: how many squares it has, and how its squares are permuted by the
/// symmetry that maps its canonical place onto itself (for sharing weights between the two
/// readings of one place).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Shape {
    pub name: &'static str,
    pub squares: usize,
    /// `mirror[i]`: the digit that digit `i` becomes under the self-symmetry (identity if none).
    pub mirror: &'static [usize],
}

const REVERSE_8: &[usize] = &[7, 6, 5, 4, 3, 2, 1, 0];

/// The shapes, in the order [`indices`] reports their images.
pub const SHAPES: [Shape; 11] = [
    Shape {
        name: "corner 2x5",
        squares: 10,
        mirror: &[0, 1, 2, 3, 4, 5, 6, 7, 8, 9],
    },
    Shape {
        name: "edge + 2X",
        squares: 10,
        mirror: &[7, 6, 5, 4, 3, 2, 1, 0, 9, 8],
    },
    Shape {
        name: "corner 3x3",
        squares: 9,
        mirror: &[0, 3, 6, 1, 4, 7, 2, 5, 8],
    },
    Shape {
        name: "row 2",
        squares: 8,
        mirror: REVERSE_8,
    },
    Shape {
        name: "row 3",
        squares: 8,
        mirror: REVERSE_8,
    },
    Shape {
        name: "row 4",
        squares: 8,
        mirror: REVERSE_8,
    },
    Shape {
        name: "diagonal 8",
        squares: 8,
        mirror: REVERSE_8,
    },
    Shape {
        name: "diagonal 7",
        squares: 7,
        mirror: &[6, 5, 4, 3, 2, 1, 0],
    },
    Shape {
        name: "diagonal 6",
        squares: 6,
        mirror: &[5, 4, 3, 2, 1, 0],
    },
    Shape {
        name: "diagonal 5",
        squares: 5,
        mirror: &[4, 3, 2, 1, 0],
    },
    Shape {
        name: "diagonal 4",
        squares: 4,
        mirror: &[3, 2, 1, 0],
    },
];

/// How many places each shape has on the board, in the order of [`SHAPES`].
pub const IMAGES: [usize; 11] = [8, 4, 4, 4, 4, 4, 2, 4, 4, 4, 4];

/// All pattern places on the board.
pub const PLACES: usize = 46;

/// The shape of each of the [`PLACES`] indices, in order.
pub const PLACE_SHAPE: [u8; PLACES] = {
    let mut out = [0; PLACES];
    let (mut shape, mut i) = (0, 0);
    while shape < IMAGES.len() {
        let mut k = 0;
        while k < IMAGES[shape] {
            out[i] = shape as u8;
            i += 1;
            k += 1;
        }
        shape += 1;
    }
    out
};

/// 3 to the power `n`.
pub const fn pow3(n: usize) -> usize {
    let mut v = 1;
    let mut i = 0;
    while i < n {
        v *= 3;
        i += 1;
    }
    v
}

/// A 10-bit number read as base 3 (bit i → 3^i).
static TERNARY: [u16; 1024] = {
    let mut t = [0u16; 1024];
    let mut b = 0;
    while b < 1024 {
        let mut v = 0;
        let mut i = 0;
        while i < 10 {
            if b & (1 << i) != 0 {
                v += pow3(i);
            }
            i += 1;
        }
        t[b] = v as u16;
        b += 1;
    }
    t
};

/// Mirror a1 ↔ h1: reverses the bits of every row.
#[inline]
fn flip_h(b: u64) -> u64 {
    let b = ((b >> 1) & 0x5555_5555_5555_5555) | ((b & 0x5555_5555_5555_5555) << 1);
    let b = ((b >> 2) & 0x3333_3333_3333_3333) | ((b & 0x3333_3333_3333_3333) << 2);
    ((b >> 4) & 0x0f0f_0f0f_0f0f_0f0f) | ((b & 0x0f0f_0f0f_0f0f_0f0f) << 4)
}

/// Mirror a1 ↔ a8.
#[inline]
fn flip_v(b: u64) -> u64 {
    b.swap_bytes()
}

/// Mirror in the a1-h8 diagonal (a2 ↔ b1).
#[inline]
fn transpose(b: u64) -> u64 {
    let t = (b ^ (b >> 7)) & 0x00aa_00aa_00aa_00aa;
    let b = b ^ t ^ (t << 7);
    let t = (b ^ (b >> 14)) & 0x0000_cccc_0000_cccc;
    let b = b ^ t ^ (t << 14);
    let t = (b ^ (b >> 28)) & 0x0000_0000_f0f0_f0f0;
    b ^ t ^ (t << 28)
}

/// The eight symmetric images of a board: the identity, the three mirrors of rows and columns,
/// then the same four after transposing.
#[inline]
pub fn symmetries(b: u64) -> [u64; 8] {
    let h = flip_h(b);
    let t = transpose(b);
    let th = flip_h(t);
    [b, h, flip_v(b), flip_v(h), t, th, flip_v(t), flip_v(th)]
}

/// Gathers the squares of `mask` (at most one in each column) into a byte by column.
#[inline]
fn gather(b: u64, mask: u64) -> usize {
    ((b & mask).wrapping_mul(0x0101_0101_0101_0101) >> 56) as usize
}

/// The squares of each shape read at its canonical place in one board image, as bits.
#[inline]
fn corner_2x5(x: u64) -> usize {
    ((x & 0x1f) | ((x >> 3) & 0x3e0)) as usize
}

#[inline]
fn edge_2x(x: u64) -> usize {
    ((x & 0xff) | ((x >> 1) & 0x100) | ((x >> 5) & 0x200)) as usize
}

#[inline]
fn corner_3x3(x: u64) -> usize {
    ((x & 7) | ((x >> 5) & 0x38) | ((x >> 10) & 0x1c0)) as usize
}

#[inline]
fn row(x: u64, r: u32) -> usize {
    ((x >> (8 * r)) & 0xff) as usize
}

/// Diagonals below and above a1-h8, by length: (upper mask and the shift to its first column,
/// lower mask).
const DIAGONALS: [(u64, u32, u64); 4] = [
    (0x0080_4020_1008_0402, 1, 0x4020_1008_0402_0100),
    (0x0000_8040_2010_0804, 2, 0x2010_0804_0201_0000),
    (0x0000_0080_4020_1008, 3, 0x1008_0402_0100_0000),
    (0x0000_0000_8040_2010, 4, 0x0804_0201_0000_0000),
];
const MAIN_DIAGONAL: u64 = 0x8040_2010_0804_0201;

/// The base-3 index of every pattern place (digit 0 empty, 1 own disc, 2 opponent disc), in the
/// order of [`SHAPES`] and [`IMAGES`].
#[inline]
pub fn indices(own: u64, opp: u64) -> [u16; PLACES] {
    let ps = symmetries(own);
    let os = symmetries(opp);
    let t = |read: fn(u64) -> usize, k: usize| TERNARY[read(ps[k])] + 2 * TERNARY[read(os[k])];
    let mut out = [0u16; PLACES];
    for (k, out) in out[..8].iter_mut().enumerate() {
        *out = t(corner_2x5, k);
    }
    // Edges and rows: row 1 of the identity, row 8 (row 1 of the vertical mirror), column a
    // (row 1 of the transpose) and column h.
    for (j, k) in [0, 2, 4, 6].into_iter().enumerate() {
        out[8 + j] = t(edge_2x, k);
        out[12 + j] = t(corner_3x3, j);
        out[16 + j] = t(|x| row(x, 1), k);
        out[20 + j] = t(|x| row(x, 2), k);
        out[24 + j] = t(|x| row(x, 3), k);
    }
    for k in 0..2 {
        out[28 + k] = t(|x| gather(x, MAIN_DIAGONAL), k);
        for (d, (upper, shift, lower)) in DIAGONALS.into_iter().enumerate() {
            let (pu, ou) = (gather(ps[k], upper) >> shift, gather(os[k], upper) >> shift);
            out[30 + 4 * d + 2 * k] = TERNARY[pu] + 2 * TERNARY[ou];
            out[31 + 4 * d + 2 * k] =
                TERNARY[gather(ps[k], lower)] + 2 * TERNARY[gather(os[k], lower)];
        }
    }
    out
}

/// The index of the same contents read through the shape's self-symmetry.
pub fn mirrored(shape: &Shape, index: usize) -> usize {
    let mut out = 0;
    let mut rest = index;
    for &to in shape.mirror {
        out += (rest % 3) * pow3(to);
        rest /= 3;
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The squares of each place, read square by square: the naive reference.
    fn naive_places() -> Vec<Vec<u8>> {
        let sq = |s: &str| -> u8 {
            let b = s.as_bytes();
            (b[0] - b'a') + 8 * (b[1] - b'1')
        };
        let line = |s: &str| s.split(' ').map(sq).collect::<Vec<_>>();
        // The canonical places in a1's corner, then mapped through the symmetries in the order
        // `symmetries` uses.
        let syms: [fn(u8) -> u8; 8] = [
            |s| s,
            |s| s ^ 7,
            |s| s ^ 56,
            |s| s ^ 63,
            |s| (s % 8) * 8 + s / 8,
            |s| ((s % 8) * 8 + s / 8) ^ 7,
            |s| ((s % 8) * 8 + s / 8) ^ 56,
            |s| ((s % 8) * 8 + s / 8) ^ 63,
        ];
        let image = |k: usize, squares: &[u8]| -> Vec<u8> {
            // Image k moves the original's square t to syms[k](t), so reading the image at s
            // reads the original at the inverse of syms[k].
            let inverse = |s: u8| (0..64).find(|&t| syms[k](t) == s).unwrap();
            squares.iter().map(|&s| inverse(s)).collect()
        };
        let mut out = vec![];
        let c25 = line("a1 b1 c1 d1 e1 a2 b2 c2 d2 e2");
        out.extend((0..8).map(|k| image(k, &c25)));
        let e = line("a1 b1 c1 d1 e1 f1 g1 h1 b2 g2");
        out.extend([0, 2, 4, 6].map(|k| image(k, &e)));
        let c9 = line("a1 b1 c1 a2 b2 c2 a3 b3 c3");
        out.extend((0..4).map(|k| image(k, &c9)));
        for r in ["2", "3", "4"] {
            let l: Vec<String> = "abcdefgh".chars().map(|c| format!("{c}{r}")).collect();
            let l = line(&l.join(" "));
            out.extend([0, 2, 4, 6].map(|k| image(k, &l)));
        }
        let d8 = line("a1 b2 c3 d4 e5 f6 g7 h8");
        out.extend([0, 1].map(|k| image(k, &d8)));
        for (upper, lower) in [
            ("b1 c2 d3 e4 f5 g6 h7", "a2 b3 c4 d5 e6 f7 g8"),
            ("c1 d2 e3 f4 g5 h6", "a3 b4 c5 d6 e7 f8"),
            ("d1 e2 f3 g4 h5", "a4 b5 c6 d7 e8"),
            ("e1 f2 g3 h4", "a5 b6 c7 d8"),
        ] {
            for k in [0, 1] {
                out.push(image(k, &line(upper)));
                out.push(image(k, &line(lower)));
            }
        }
        out
    }

    fn naive_indices(own: u64, opp: u64) -> Vec<u16> {
        naive_places()
            .iter()
            .map(|squares| {
                squares
                    .iter()
                    .enumerate()
                    .map(|(i, &s)| {
                        let digit = if own >> s & 1 != 0 {
                            1
                        } else if opp >> s & 1 != 0 {
                            2
                        } else {
                            0
                        };
                        digit * pow3(i) as u16
                    })
                    .sum()
            })
            .collect()
    }

    fn random_boards(n: usize) -> Vec<(u64, u64)> {
        let mut x = 0x9e37_79b9_7f4a_7c15u64;
        let mut next = move || {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            x
        };
        (0..n)
            .map(|_| {
                let (a, b) = (next(), next());
                (a & b, !a & next())
            })
            .collect()
    }

    #[test]
    fn indices_match_reading_square_by_square() {
        for (own, opp) in random_boards(500) {
            assert_eq!(indices(own, opp).to_vec(), naive_indices(own, opp));
        }
    }

    #[test]
    fn places_cover_their_shapes() {
        let places = naive_places();
        assert_eq!(places.len(), PLACES);
        for (i, squares) in places.iter().enumerate() {
            assert_eq!(squares.len(), SHAPES[PLACE_SHAPE[i] as usize].squares);
        }
    }

    #[test]
    fn mirroring_twice_is_the_identity() {
        for shape in &SHAPES {
            for i in (0..pow3(shape.squares)).step_by(7) {
                assert_eq!(mirrored(shape, mirrored(shape, i)), i);
            }
        }
    }
}
