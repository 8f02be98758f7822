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
//! symmetries), 46 in all, all of one pattern sharing one table. A disc adds to the index of each
//! place it is in 3 to the power of its digit there (twice that for an opponent's disc), so the 46
//! indices are a sum of small vectors, looked up a row of the board at a time: no squares gathered
//! place by place, no board turned around.

/// One kind of pattern: its squares in a1's corner, the symmetric images it is read through, and
/// how its squares are permuted by the symmetry that maps its canonical place onto itself (for
/// sharing weights between the two readings of one place).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Shape {
    pub name: &'static str,
    /// The squares (0 = a1, 7 = h1, 63 = h8) of digits 0, 1, 2 … at the canonical place.
    pub at: &'static [u8],
    /// The places on the board: the canonical one under these symmetries (see [`symmetries`]).
    pub images: &'static [usize],
    /// `mirror[i]`: the digit that digit `i` becomes under the self-symmetry (identity if none).
    pub mirror: &'static [usize],
}

impl Shape {
    /// How many squares the shape has.
    pub const fn squares(&self) -> usize {
        self.at.len()
    }
}

const REVERSE_8: &[usize] = &[7, 6, 5, 4, 3, 2, 1, 0];
/// The four sides of the board: the edge at row 1, row 8, column a and column h.
const SIDES: &[usize] = &[0, 2, 4, 6];
/// A diagonal below a1-h8 (from b1), the one above it (from a2), then their mirrors by h1.
const DIAGONAL_SIDES: &[usize] = &[0, 4, 1, 6];

/// The shapes, in the order [`indices`] reports their places.
pub const SHAPES: [Shape; 11] = [
    Shape {
        name: "corner 2x5",
        at: &[0, 1, 2, 3, 4, 8, 9, 10, 11, 12],
        images: &[0, 1, 2, 3, 4, 5, 6, 7],
        mirror: &[0, 1, 2, 3, 4, 5, 6, 7, 8, 9],
    },
    Shape {
        name: "edge + 2X",
        at: &[0, 1, 2, 3, 4, 5, 6, 7, 9, 14],
        images: SIDES,
        mirror: &[7, 6, 5, 4, 3, 2, 1, 0, 9, 8],
    },
    Shape {
        name: "corner 3x3",
        at: &[0, 1, 2, 8, 9, 10, 16, 17, 18],
        images: &[0, 1, 2, 3],
        mirror: &[0, 3, 6, 1, 4, 7, 2, 5, 8],
    },
    Shape {
        name: "row 2",
        at: &[8, 9, 10, 11, 12, 13, 14, 15],
        images: SIDES,
        mirror: REVERSE_8,
    },
    Shape {
        name: "row 3",
        at: &[16, 17, 18, 19, 20, 21, 22, 23],
        images: SIDES,
        mirror: REVERSE_8,
    },
    Shape {
        name: "row 4",
        at: &[24, 25, 26, 27, 28, 29, 30, 31],
        images: SIDES,
        mirror: REVERSE_8,
    },
    Shape {
        name: "diagonal 8",
        at: &[0, 9, 18, 27, 36, 45, 54, 63],
        images: &[0, 1],
        mirror: REVERSE_8,
    },
    Shape {
        name: "diagonal 7",
        at: &[1, 10, 19, 28, 37, 46, 55],
        images: DIAGONAL_SIDES,
        mirror: &[6, 5, 4, 3, 2, 1, 0],
    },
    Shape {
        name: "diagonal 6",
        at: &[2, 11, 20, 29, 38, 47],
        images: DIAGONAL_SIDES,
        mirror: &[5, 4, 3, 2, 1, 0],
    },
    Shape {
        name: "diagonal 5",
        at: &[3, 12, 21, 30, 39],
        images: DIAGONAL_SIDES,
        mirror: &[4, 3, 2, 1, 0],
    },
    Shape {
        name: "diagonal 4",
        at: &[4, 13, 22, 31],
        images: DIAGONAL_SIDES,
        mirror: &[3, 2, 1, 0],
    },
];

/// All pattern places on the board.
pub const PLACES: usize = 46;

/// The shape of each of the [`PLACES`] indices, in order.
pub const PLACE_SHAPE: [u8; PLACES] = {
    let mut out = [0; PLACES];
    let (mut shape, mut i) = (0, 0);
    while shape < SHAPES.len() {
        let mut k = 0;
        while k < SHAPES[shape].images.len() {
            out[i] = shape as u8;
            i += 1;
            k += 1;
        }
        shape += 1;
    }
    assert!(i == PLACES);
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

/// The square that image `k` of [`symmetries`] reads at `s`: where the original board's disc
/// was (the inverse of the image's mapping).
const fn read_through(k: usize, s: u8) -> u8 {
    let t = (s % 8) * 8 + s / 8;
    match k {
        0 => s,
        1 => s ^ 7,
        2 => s ^ 56,
        3 => s ^ 63,
        4 => t,
        5 => t ^ 56,
        6 => t ^ 7,
        _ => t ^ 63,
    }
}

/// Place indices in a vector of this many lanes (the places, padded).
const LANES: usize = 48;

/// `ROWS[r][v]`: what the side to move's discs on row `r`, as the bits of `v`, add to the
/// index of every place (an opponent's discs add twice as much). Eight lookups a side, always
/// the same number and independent of each other: no loop over the discs with a branch the
/// processor cannot predict.
static ROWS: [[[u16; LANES]; 256]; 8] = {
    // What one disc on each square adds.
    let mut digits = [[0u16; LANES]; 64];
    let (mut shape, mut place) = (0, 0);
    while shape < SHAPES.len() {
        let Shape { at, images, .. } = SHAPES[shape];
        let mut k = 0;
        while k < images.len() {
            let mut digit = 0;
            while digit < at.len() {
                let s = read_through(images[k], at[digit]) as usize;
                digits[s][place] = pow3(digit) as u16;
                digit += 1;
            }
            place += 1;
            k += 1;
        }
        shape += 1;
    }
    let mut out = [[[0u16; LANES]; 256]; 8];
    let mut r = 0;
    while r < 8 {
        let mut v = 0;
        while v < 256 {
            let mut bit = 0;
            while bit < 8 {
                if v & (1 << bit) != 0 {
                    let mut lane = 0;
                    while lane < LANES {
                        out[r][v][lane] += digits[8 * r + bit][lane];
                        lane += 1;
                    }
                }
                bit += 1;
            }
            v += 1;
        }
        r += 1;
    }
    out
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

/// The base-3 index of every pattern place (digit 0 empty, 1 own disc, 2 opponent disc), in the
/// order of [`SHAPES`] and their images. Always inlined, so that it is vectorised with the
/// instructions of the evaluation's [`crate::cpu::Cpu`] level.
#[inline(always)]
pub fn indices(own: u64, opp: u64) -> [u16; PLACES] {
    let (mut mine, mut theirs) = ([0u16; LANES], [0u16; LANES]);
    for (r, table) in ROWS.iter().enumerate() {
        let own = &table[(own >> (8 * r)) as usize & 255];
        let opp = &table[(opp >> (8 * r)) as usize & 255];
        for lane in 0..LANES {
            mine[lane] += own[lane];
            theirs[lane] += opp[lane];
        }
    }
    let mut out = [0; PLACES];
    for (out, (m, t)) in out.iter_mut().zip(mine.iter().zip(&theirs)) {
        *out = m + 2 * t;
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
        let mut rng = crate::rng::Rng::new(0x9e37_79b9_7f4a_7c15);
        (0..n)
            .map(|_| {
                let (a, b) = (rng.next_u64(), rng.next_u64());
                (a & b, !a & rng.next_u64())
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
            assert_eq!(squares.len(), SHAPES[PLACE_SHAPE[i] as usize].squares());
        }
    }

    #[test]
    fn mirroring_twice_is_the_identity() {
        for shape in &SHAPES {
            for i in (0..pow3(shape.squares())).step_by(7) {
                assert_eq!(mirrored(shape, mirrored(shape, i)), i);
            }
        }
    }
}
