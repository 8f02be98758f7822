//! The pattern evaluation's weights: which configurations share a weight, the file that holds
//! them (`eval.bin`, made by `examples/train_reversi.rs`), and the tables the evaluation reads.
//!
//! A place read through its shape's own symmetry (an edge read from h1 instead of a1) is the
//! same configuration to a player and shares its weight, so the evaluation is the same under the
//! board's eight symmetries and rare configurations learn from their mirror images. The same
//! discs with the colours swapped do not share (with the sign changed) a weight: who is to move
//! changes what a configuration is worth (parity, tempo), and sharing them was measured to cost
//! 0.3-0.5 discs of error (docs/BENCHMARKS.md).

use super::pattern::{PLACE_SHAPE, PLACES, SHAPES, Shape, mirrored, pow3};
use std::sync::LazyLock;

/// Empty squares a stage spans: two rather than five since the second round's data (5 M more
/// positions) gave each of the narrower stages enough to learn from — 0.1-0.25 discs less
/// error at 20-28 empties (docs/TRAINING.md).
pub const STAGE_WIDTH: usize = 2;

/// Stages of the game, by empty squares: each has its own weights.
pub const STAGES: usize = 60 / STAGE_WIDTH + 1;

/// The stage of a position with `empties` empty squares.
#[inline]
pub fn stage(empties: u32) -> usize {
    (empties as usize / STAGE_WIDTH).min(STAGES - 1)
}

/// Mobility above this counts as this.
pub const MOBILITY_MAX: usize = 24;

/// For every shape and configuration, and every pair of mobilities, the parameter it reads
/// among one stage's parameters.
pub struct Layout {
    /// Per shape, per configuration index.
    pub shapes: Vec<Vec<u32>>,
    /// `(own mobility, opponent mobility)`, `MOBILITY_MAX + 1` squared, row-major.
    pub mobility: Vec<u32>,
    /// Parameters of one stage.
    pub params: usize,
}

/// One parameter for each configuration and its mirror image.
fn shape_params(shape: &Shape, next: &mut u32) -> Vec<u32> {
    let n = pow3(shape.squares());
    let mut params = vec![0; n];
    for i in 0..n {
        let m = mirrored(shape, i);
        if i <= m {
            params[i] = *next;
            params[m] = *next;
            *next += 1;
        }
    }
    params
}

impl Layout {
    fn new() -> Layout {
        let mut next = 0;
        let shapes = SHAPES.iter().map(|s| shape_params(s, &mut next)).collect();
        let side = MOBILITY_MAX + 1;
        let mobility = (next..next + (side * side) as u32).collect();
        next += (side * side) as u32;
        Layout {
            shapes,
            mobility,
            params: next as usize,
        }
    }

    /// The parameters one position reads: its 46 places, then its mobility pair.
    #[inline]
    pub fn reads(&self, indices: &[u16; PLACES], own_moves: u32, opp_moves: u32) -> [u32; READS] {
        let mut out = [0; READS];
        for (i, (&index, out)) in indices.iter().zip(&mut out).enumerate() {
            *out = self.shapes[PLACE_SHAPE[i] as usize][index as usize];
        }
        out[PLACES] = self.mobility[mobility_index(own_moves, opp_moves)];
        out
    }
}

/// Weights one position reads.
pub const READS: usize = PLACES + 1;

/// Where a pair of mobilities sits in the mobility table.
#[inline]
pub fn mobility_index(own: u32, opp: u32) -> usize {
    let m = MOBILITY_MAX as u32;
    (own.min(m) * (m + 1) + opp.min(m)) as usize
}

/// The one layout.
pub static LAYOUT: LazyLock<Layout> = LazyLock::new(Layout::new);

/// What is wrong with a weights file.
#[derive(Debug, PartialEq, Eq, thiserror::Error)]
pub enum WeightsError {
    #[error("not a heibai weights file (it should start with {MAGIC:?})")]
    Magic,
    #[error(
        "weights for {stages} stages of {params} parameters, but this build needs {STAGES} of {expected}"
    )]
    Shape {
        stages: usize,
        params: usize,
        expected: usize,
    },
    #[error("{0} bytes, not the size its header gives")]
    Size(usize),
    #[error("the checksum does not match: the file is damaged")]
    Checksum,
}

/// The first bytes of a weights file (format version 1).
pub const MAGIC: &[u8; 8] = b"HBEVAL01";

/// FNV-1a, 64 bits: enough to catch a damaged or truncated file (this one and the book).
pub(super) fn checksum(bytes: &[u8]) -> u64 {
    bytes.iter().fold(0xcbf2_9ce4_8422_2325, |h, &b| {
        (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3)
    })
}

/// Weights in hundredths of a disc, `STAGES` rows of `Layout::params`.
pub fn encode(weights: &[Vec<i16>]) -> Vec<u8> {
    let mut out = MAGIC.to_vec();
    out.extend((weights.len() as u32).to_le_bytes());
    out.extend((weights.first().map_or(0, Vec::len) as u32).to_le_bytes());
    for w in weights.iter().flatten() {
        out.extend(w.to_le_bytes());
    }
    let sum = checksum(&out);
    out.extend(sum.to_le_bytes());
    out
}

/// The weights of a file, checked against this build's layout.
pub fn decode(bytes: &[u8]) -> Result<Vec<Vec<i16>>, WeightsError> {
    if bytes.len() < 24 || &bytes[..8] != MAGIC {
        return Err(WeightsError::Magic);
    }
    let word = |at: usize| u32::from_le_bytes(bytes[at..at + 4].try_into().expect("4")) as usize;
    let (stages, params) = (word(8), word(12));
    let expected = LAYOUT.params;
    if stages != STAGES || params != expected {
        return Err(WeightsError::Shape {
            stages,
            params,
            expected,
        });
    }
    let body = 16 + 2 * stages * params;
    if bytes.len() != body + 8 {
        return Err(WeightsError::Size(bytes.len()));
    }
    let stored = u64::from_le_bytes(bytes[body..].try_into().expect("8"));
    if stored != checksum(&bytes[..body]) {
        return Err(WeightsError::Checksum);
    }
    Ok(bytes[16..body]
        .chunks_exact(2 * params)
        .map(|stage| {
            stage
                .chunks_exact(2)
                .map(|b| i16::from_le_bytes([b[0], b[1]]))
                .collect()
        })
        .collect())
}

/// One stage's weights spread out for reading: every configuration of every shape (each
/// shape's table after the previous ones'), then the mobility table.
pub struct StageTable {
    pub patterns: Vec<i16>,
    pub mobility: Vec<i16>,
}

/// Where each place's shape table starts in [`StageTable::patterns`].
pub const PLACE_OFFSET: [usize; PLACES] = {
    let mut starts = [0; SHAPES.len()];
    let mut s = 1;
    while s < SHAPES.len() {
        starts[s] = starts[s - 1] + pow3(SHAPES[s - 1].squares());
        s += 1;
    }
    let mut out = [0; PLACES];
    let mut i = 0;
    while i < PLACES {
        out[i] = starts[PLACE_SHAPE[i] as usize];
        i += 1;
    }
    out
};

fn spread(stage: &[i16]) -> StageTable {
    let read = |&param: &u32| stage[param as usize];
    StageTable {
        patterns: LAYOUT.shapes.iter().flatten().map(read).collect(),
        mobility: LAYOUT.mobility.iter().map(read).collect(),
    }
}

/// The tables of weights `weights` (as [`decode`] returns them).
pub fn tables(weights: &[Vec<i16>]) -> Vec<StageTable> {
    weights.iter().map(|w| spread(w)).collect()
}

/// The trained weights built into the program.
static EMBEDDED: &[u8] = include_bytes!("eval.bin");

/// The built-in weights' tables, checked when first used. A damaged file fails the tests
/// (`the_embedded_weights_are_sound`) before it can ship.
pub static TABLES: LazyLock<Vec<StageTable>> = LazyLock::new(|| match decode(EMBEDDED) {
    Ok(w) => tables(&w),
    Err(e) => panic!("src/engine/reversi/eval.bin: {e}; re-train (docs/TRAINING.md)"),
});

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_embedded_weights_are_sound() {
        decode(EMBEDDED).expect("src/engine/reversi/eval.bin");
    }

    #[test]
    fn damage_is_caught() {
        let good = encode(&vec![vec![7i16; LAYOUT.params]; STAGES]);
        assert!(decode(&good).is_ok());
        let mut flipped = good.clone();
        flipped[100] ^= 1;
        assert_eq!(decode(&flipped), Err(WeightsError::Checksum));
        assert_eq!(
            decode(&good[..good.len() - 1]),
            Err(WeightsError::Size(good.len() - 1))
        );
        assert_eq!(
            decode(b"not weights at all, not at all"),
            Err(WeightsError::Magic)
        );
        let wrong = encode(&vec![vec![7i16; 5]; STAGES]);
        assert!(matches!(decode(&wrong), Err(WeightsError::Shape { .. })));
    }

    #[test]
    fn mirror_images_read_one_weight_and_every_weight_is_read() {
        for (shape, params) in SHAPES.iter().zip(&LAYOUT.shapes) {
            for i in 0..params.len() {
                assert_eq!(params[i], params[mirrored(shape, i)]);
            }
        }
        let mut used = vec![false; LAYOUT.params];
        for &p in LAYOUT.shapes.iter().flatten().chain(&LAYOUT.mobility) {
            used[p as usize] = true;
        }
        assert!(used.iter().all(|&u| u));
    }
}
