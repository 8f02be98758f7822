//! Making the pattern evaluation's weights: labelled positions from games ([`games`]), more games
//! heibai plays against itself ([`selfplay`]) and the least-squares fit of the weights to them
//! ([`fit`]). `examples/train_reversi.rs` drives them all; docs/TRAINING.md says how.

pub mod book;
pub mod fit;
pub mod games;
pub mod probcut;
pub mod selfplay;

use crate::rng::Rng;
use std::io::{self, Read, Write};

/// A position with the score it is worth, side to move's view.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Sample {
    pub own: u64,
    pub opp: u64,
    /// Final disc difference (empties to the winner) for the side to move.
    pub score: i8,
    /// Whether `score` is the position's exact value (solved), not an estimate.
    pub exact: bool,
}

/// Bytes a sample takes in a samples file: own, opp (little-endian), score, exact.
pub const SAMPLE_BYTES: usize = 18;

impl Sample {
    pub fn empties(&self) -> u32 {
        (!(self.own | self.opp)).count_ones()
    }

    fn to_bytes(self) -> [u8; SAMPLE_BYTES] {
        let mut b = [0; SAMPLE_BYTES];
        b[..8].copy_from_slice(&self.own.to_le_bytes());
        b[8..16].copy_from_slice(&self.opp.to_le_bytes());
        b[16] = self.score as u8;
        b[17] = u8::from(self.exact);
        b
    }

    fn from_bytes(b: &[u8]) -> Sample {
        let word = |r: std::ops::Range<usize>| u64::from_le_bytes(b[r].try_into().expect("8"));
        Sample {
            own: word(0..8),
            opp: word(8..16),
            score: b[16] as i8,
            exact: b[17] != 0,
        }
    }
}

/// The position after `moves` random legal moves from the start (passes not counted; fewer
/// moves if the game ends), as `(own, opp)`, drawn from `rng`.
pub fn random_game(rng: &mut Rng, moves: usize) -> (u64, u64) {
    use crate::reversi::{Position, flips, legal_moves};
    let (mut p, mut o) = Position::initial().own_opp();
    for _ in 0..moves {
        let mut m = legal_moves(p, o);
        if m == 0 {
            (p, o) = (o, p);
            m = legal_moves(p, o);
            if m == 0 {
                break;
            }
        }
        for _ in 0..rng.below(m.count_ones() as usize) {
            m &= m - 1;
        }
        let sq = m.trailing_zeros() as u8;
        let f = flips(p, o, sq);
        (p, o) = (o & !f, p | f | 1 << sq);
    }
    (p, o)
}

/// Writes samples in the samples file format.
pub fn write_samples(out: &mut impl Write, samples: &[Sample]) -> io::Result<()> {
    for s in samples {
        out.write_all(&s.to_bytes())?;
    }
    Ok(())
}

/// Reads a whole samples file; a length that is not a whole number of samples is an error.
pub fn read_samples(input: &mut impl Read) -> io::Result<Vec<Sample>> {
    let mut bytes = vec![];
    input.read_to_end(&mut bytes)?;
    if bytes.len() % SAMPLE_BYTES != 0 {
        return Err(io::Error::new(
            io::ErrorKind::InvalidData,
            format!(
                "{} bytes is not a whole number of {SAMPLE_BYTES}-byte samples",
                bytes.len()
            ),
        ));
    }
    Ok(bytes
        .chunks_exact(SAMPLE_BYTES)
        .map(Sample::from_bytes)
        .collect())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn samples_round_trip_and_truncation_is_refused() {
        let s = [
            Sample {
                own: 1 << 63 | 5,
                opp: 1 << 20,
                score: -64,
                exact: true,
            },
            Sample {
                own: 0,
                opp: u64::MAX,
                score: 12,
                exact: false,
            },
        ];
        let mut bytes = vec![];
        write_samples(&mut bytes, &s).unwrap();
        assert_eq!(read_samples(&mut bytes.as_slice()).unwrap(), s);
        assert!(read_samples(&mut &bytes[..20]).is_err());
    }
}
