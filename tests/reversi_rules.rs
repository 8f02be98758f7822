//! The bitboard rules checked against perft counts and against a naive array scan.

use heibai::reversi::{Color, Move, Position, Square, Status, perft};
use proptest::prelude::*;

/// Perft from the initial position, depths 1-9, as listed in shared/data/perft.md.
#[test]
fn perft_matches_reference_counts() {
    let expected = [4, 12, 56, 244, 1396, 8200, 55092, 390216, 3005288];
    let p = Position::initial();
    let (own, opp) = p.own_opp();
    for (depth, &leaves) in (1..).zip(expected.iter()) {
        assert_eq!(perft(own, opp, depth), leaves, "perft({depth})");
    }
}

/// The original design's algorithm: an 8×8 array, from each empty square walk each of the eight
/// directions over opponent discs and flip them if an own disc closes the run.
struct Naive {
    cells: [[Option<Color>; 8]; 8],
    to_move: Color,
}

impl Naive {
    fn from(p: &Position) -> Naive {
        let mut cells = [[None; 8]; 8];
        for (row, line) in cells.iter_mut().enumerate() {
            for (col, cell) in line.iter_mut().enumerate() {
                *cell = p.at(Square::at(col as u8, row as u8).unwrap());
            }
        }
        Naive {
            cells,
            to_move: p.to_move(),
        }
    }

    fn flips(&self, col: i32, row: i32) -> Vec<(i32, i32)> {
        if self.cells[row as usize][col as usize].is_some() {
            return vec![];
        }
        let me = self.to_move;
        let mut all = vec![];
        for (dc, dr) in [
            (-1, -1),
            (0, -1),
            (1, -1),
            (-1, 0),
            (1, 0),
            (-1, 1),
            (0, 1),
            (1, 1),
        ] {
            let mut run = vec![];
            let (mut c, mut r) = (col + dc, row + dr);
            while (0..8).contains(&c) && (0..8).contains(&r) {
                match self.cells[r as usize][c as usize] {
                    Some(color) if color != me => run.push((c, r)),
                    Some(_) => {
                        all.append(&mut run);
                        break;
                    }
                    None => break,
                }
                c += dc;
                r += dr;
            }
        }
        all
    }

    fn legal(&self) -> Vec<(i32, i32)> {
        let mut moves = vec![];
        for row in 0..8 {
            for col in 0..8 {
                if !self.flips(col, row).is_empty() {
                    moves.push((col, row));
                }
            }
        }
        moves
    }
}

fn bits(squares: &[(i32, i32)]) -> u64 {
    squares
        .iter()
        .map(|&(c, r)| Square::at(c as u8, r as u8).unwrap().bit())
        .fold(0, |a, b| a | b)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    /// Random games: at every position the legal moves, the flips of each, the resulting position
    /// and the pass / game-over status agree with the naive scan.
    #[test]
    fn bitboards_agree_with_naive_scan(choices in prop::collection::vec(any::<u8>(), 0..70)) {
        let mut p = Position::initial();
        for choice in choices {
            let naive = Naive::from(&p);
            let legal = naive.legal();
            prop_assert_eq!(p.legal_moves(), bits(&legal));
            for &(c, r) in &legal {
                let sq = Square::at(c as u8, r as u8).unwrap();
                prop_assert_eq!(p.flips(sq), bits(&naive.flips(c, r)));
            }
            let opponent_can = !Naive { cells: naive.cells, to_move: p.to_move().opponent() }
                .legal()
                .is_empty();
            let expected = match (legal.is_empty(), opponent_can) {
                (false, _) => Status::ToMove,
                (true, true) => Status::MustPass,
                (true, false) => Status::GameOver,
            };
            prop_assert_eq!(p.status(), expected);
            p = match p.status() {
                Status::GameOver => break,
                Status::MustPass => p.play(Move::Pass).unwrap(),
                Status::ToMove => {
                    let (c, r) = legal[choice as usize % legal.len()];
                    let sq = Square::at(c as u8, r as u8).unwrap();
                    let next = p.play(Move::Play(sq)).unwrap();
                    let flipped = bits(&naive.flips(c, r));
                    let me = p.to_move();
                    prop_assert_eq!(next.discs(me), p.discs(me) | flipped | sq.bit());
                    prop_assert_eq!(next.discs(me.opponent()), p.discs(me.opponent()) & !flipped);
                    next
                }
            };
            prop_assert_eq!(p.to_string().parse::<Position>().unwrap(), p);
        }
    }
}
