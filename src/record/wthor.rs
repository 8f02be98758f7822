//! WTHOR, the French Othello federation's database of tournament games (every one since 1977):
//! `.wtb` files of games, beside `WTHOR.JOU` (players' names) and `WTHOR.TRN` (tournaments').
//! Each file is a 16-byte header and fixed-size records, numbers little-endian. A game record is
//! 68 bytes: tournament, Black and White (numbers into the name files, `u16`), Black's discs at
//! the end and the theoretical score (`u8`), then 60 moves as `10 × row + column` (1-8; f5 is
//! 56), passes left out, 0 after the last.

use super::games::{ImportError, not_a_move, play};
use crate::game::{Flaw, Game, GameId, Player};
use crate::reversi::{self, Move, Square};

const HEADER: usize = 16;
const GAME: usize = 68;
/// A player's record in `WTHOR.JOU` and a tournament's in `WTHOR.TRN`.
pub const PLAYER_RECORD: usize = 20;
pub const TOURNAMENT_RECORD: usize = 26;

/// One game of a `.wtb` file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct WthorGame {
    pub tournament: u16,
    pub black: u16,
    pub white: u16,
    /// Black's discs at the end, as the federation counted them.
    pub black_discs: u8,
    /// The perfect-play score, in Black's discs, at the depth the header gives.
    pub theoretical: u8,
    /// The squares played, in order.
    pub moves: Vec<Square>,
}

/// A `.wtb` file: the year its games were played and the games.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Wtb {
    pub year: u16,
    pub games: Vec<WthorGame>,
}

/// Reads a `.wtb` file: a header for 8×8 games, then as many 68-byte records as it says.
pub fn read_wtb(bytes: &[u8]) -> Result<Wtb, ImportError> {
    if bytes.len() < HEADER {
        return Err(ImportError(Flaw::WthorShort));
    }
    let count = u32::from_le_bytes([bytes[4], bytes[5], bytes[6], bytes[7]]) as usize;
    let year = u16::from_le_bytes([bytes[10], bytes[11]]);
    if !matches!(bytes[12], 0 | 8) {
        return Err(ImportError(Flaw::WthorBoard));
    }
    let body = &bytes[HEADER..];
    if count.checked_mul(GAME) != Some(body.len()) {
        return Err(ImportError(Flaw::WthorSize));
    }
    let games = body
        .chunks_exact(GAME)
        .enumerate()
        .map(|(n, r)| {
            let u16_at = |i: usize| u16::from_le_bytes([r[i], r[i + 1]]);
            let mut moves = vec![];
            for (i, &code) in r[8..].iter().enumerate() {
                if code == 0 {
                    break;
                }
                let (row, col) = (code / 10, code % 10);
                let sq = (1..=8)
                    .contains(&row)
                    .then_some(())
                    .filter(|_| (1..=8).contains(&col))
                    .and_then(|_| Square::new((row - 1) * 8 + col - 1))
                    .ok_or_else(|| {
                        not_a_move(i, &format!("{code} (game {})", n + 1), GameId::Reversi)
                    })?;
                moves.push(sq);
            }
            Ok(WthorGame {
                tournament: u16_at(0),
                black: u16_at(2),
                white: u16_at(4),
                black_discs: r[6],
                theoretical: r[7],
                moves,
            })
        })
        .collect::<Result<_, ImportError>>()?;
    Ok(Wtb { year, games })
}

/// Writes `wtb` in the federation's layout (the header dated 2026-01-01, depth 22), the inverse
/// of [`read_wtb`].
pub fn write_wtb(wtb: &Wtb) -> Vec<u8> {
    let mut out = vec![20, 26, 1, 1];
    out.extend((wtb.games.len() as u32).to_le_bytes());
    out.extend(0u16.to_le_bytes());
    out.extend(wtb.year.to_le_bytes());
    out.extend([8, 0, 22, 0]);
    for g in &wtb.games {
        for n in [g.tournament, g.black, g.white] {
            out.extend(n.to_le_bytes());
        }
        out.extend([g.black_discs, g.theoretical]);
        let mut moves = [0u8; 60];
        for (slot, sq) in moves.iter_mut().zip(&g.moves) {
            let i = sq.index();
            *slot = (i / 8 + 1) * 10 + i % 8 + 1;
        }
        out.extend(moves);
    }
    out
}

/// Reads a names file (`WTHOR.JOU` with [`PLAYER_RECORD`], `WTHOR.TRN` with
/// [`TOURNAMENT_RECORD`]): each name up to its first NUL, in ISO-8859-1.
pub fn read_names(bytes: &[u8], record: usize) -> Vec<String> {
    bytes
        .get(HEADER..)
        .unwrap_or(&[])
        .chunks_exact(record)
        .map(|r| {
            let end = r.iter().position(|&b| b == 0).unwrap_or(r.len());
            // ISO-8859-1 is the first 256 code points.
            r[..end]
                .iter()
                .map(|&b| char::from(b))
                .collect::<String>()
                .trim()
                .to_string()
        })
        .collect()
}

/// The names that go with a `.wtb` file, where they are known.
#[derive(Clone, Debug, Default)]
pub struct Names {
    pub players: Vec<String>,
    pub tournaments: Vec<String>,
}

impl Names {
    /// Player `n`'s name, or "player n" when the names file is missing or short.
    pub fn player(&self, n: u16) -> String {
        self.players
            .get(usize::from(n))
            .cloned()
            .unwrap_or_else(|| format!("player {n}"))
    }

    pub fn tournament(&self, n: u16) -> String {
        self.tournaments
            .get(usize::from(n))
            .cloned()
            .unwrap_or_else(|| format!("tournament {n}"))
    }
}

impl WthorGame {
    /// The game replayed from the start (a pass where the side to move has none), with the
    /// players, the tournament and the year as info.
    pub fn to_game(&self, year: u16, names: &Names) -> Result<Game, ImportError> {
        let mut game = Game::new(Player::Human, Player::Human);
        for (n, &sq) in self.moves.iter().enumerate() {
            if game.position().status() == reversi::Status::MustPass {
                let _ = game.record.play(Move::Pass);
            }
            play(&mut game.record, Move::Play(sq), n)?;
        }
        game.info = vec![
            ("PB".into(), names.player(self.black)),
            ("PW".into(), names.player(self.white)),
            ("EV".into(), names.tournament(self.tournament)),
            ("DT".into(), year.to_string()),
        ];
        Ok(game)
    }

    /// "Black 34-30 White", the score as the federation recorded it.
    pub fn score(&self) -> (u8, u8) {
        let white = 64u8.saturating_sub(self.black_discs);
        (self.black_discs, white)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn game(moves: &str) -> WthorGame {
        let moves = moves
            .as_bytes()
            .chunks(2)
            .map(|p| std::str::from_utf8(p).unwrap().parse().unwrap())
            .collect();
        WthorGame {
            tournament: 1,
            black: 0,
            white: 2,
            black_discs: 40,
            theoretical: 36,
            moves,
        }
    }

    #[test]
    fn a_written_file_reads_back_exactly() {
        let wtb = Wtb {
            year: 1977,
            games: vec![game("f5d6c3d3c4"), game("f5f6e6f4")],
        };
        let bytes = write_wtb(&wtb);
        assert_eq!(bytes.len(), 16 + 2 * 68);
        assert_eq!(bytes[16 + 8], 56, "f5 is 56");
        assert_eq!(read_wtb(&bytes).unwrap(), wtb);
        let names = Names {
            players: read_names(&names_file(&["Tamenori", "", "Shaman"], 20), 20),
            tournaments: read_names(&names_file(&["", "Paris Open"], 26), 26),
        };
        let g = wtb.games[0].to_game(1977, &names).unwrap();
        assert_eq!(g.record.played().len(), 5);
        assert!(g.info.contains(&("PW".into(), "Shaman".into())));
        assert!(g.info.contains(&("EV".into(), "Paris Open".into())));
    }

    fn names_file(names: &[&str], record: usize) -> Vec<u8> {
        let mut out = vec![0; 16];
        for name in names {
            let mut r = name.as_bytes().to_vec();
            r.resize(record, 0);
            out.extend(r);
        }
        out
    }

    #[test]
    fn damaged_files_are_refused() {
        let bytes = write_wtb(&Wtb {
            year: 2000,
            games: vec![game("f5d6")],
        });
        assert!(read_wtb(&bytes[..10]).is_err());
        assert!(read_wtb(&bytes[..bytes.len() - 1]).is_err());
        let mut off_board = bytes.clone();
        off_board[16 + 8] = 99;
        assert!(read_wtb(&off_board).is_err());
        let mut illegal = bytes;
        illegal[16 + 8] = 11;
        let wtb = read_wtb(&illegal).unwrap();
        assert!(
            wtb.games[0].to_game(2000, &Names::default()).is_err(),
            "a1 first"
        );
    }
}
