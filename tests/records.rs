//! Game records in other programs' formats: random games of both kinds through SGF and back,
//! Reversi games through transcripts and back.

use heibai::game::{Game, GomokuGame, Player, SavedGame};
use heibai::gomoku::{self, Outcome, Rule};
use heibai::record::games::{from_sgf, from_transcript, to_sgf, transcript};
use heibai::reversi::{Move, Square, Status};
use heibai::rng::Rng;

fn random_reversi(rng: &mut Rng) -> Game {
    let mut g = Game::new(Player::Computer, Player::Human);
    g.level = 1 + rng.below(8) as u8;
    let length = rng.below(70);
    while g.record.moves().len() < length {
        let p = *g.position();
        let mv = match p.status() {
            Status::GameOver => break,
            Status::MustPass => Move::Pass,
            Status::ToMove => {
                let squares: Vec<Square> = Square::iter(p.legal_moves()).collect();
                Move::Play(squares[rng.below(squares.len())])
            }
        };
        g.record.play(mv).unwrap();
    }
    g
}

fn random_gomoku(rng: &mut Rng) -> GomokuGame {
    let size = if rng.below(2) == 0 { 15 } else { 19 };
    let rule = [Rule::Renju, Rule::Standard, Rule::Freestyle][rng.below(3)];
    let start = gomoku::Position::new(size, rule, true);
    let mut g = GomokuGame::from_position(start, Player::Human, Player::Computer);
    g.level = 1 + rng.below(8) as u8;
    let length = rng.below(120);
    while g.record.moves().len() < length && g.position().outcome() == Outcome::Playing {
        let p = g.position().clone();
        let legal: Vec<gomoku::Point> =
            p.board().points().filter(|&q| p.check(q).is_ok()).collect();
        if legal.is_empty() {
            break;
        }
        g.record.play(legal[rng.below(legal.len())].into()).unwrap();
    }
    g
}

#[test]
fn random_games_survive_sgf() {
    let mut rng = Rng::new(0x5EED);
    for _ in 0..60 {
        let mut game = random_reversi(&mut rng);
        let text = to_sgf(&SavedGame::Reversi(game.clone()), Some("2026-11-29"));
        // Read back, the date it was written on is the game's.
        game.info = vec![("DT".into(), "2026-11-29".into())];
        let reversi = SavedGame::Reversi(game);
        assert_eq!(from_sgf(&text).as_ref(), Ok(&reversi), "{text}");
        let gomoku = SavedGame::Gomoku(random_gomoku(&mut rng));
        let text = to_sgf(&gomoku, None);
        assert_eq!(from_sgf(&text).as_ref(), Ok(&gomoku), "{text}");
    }
}

#[test]
fn passes_left_out_of_an_sgf_file_are_filled_in() {
    let mut rng = Rng::new(0xFA55);
    let mut checked = 0;
    while checked < 10 {
        let game = random_reversi(&mut rng);
        if !game.record.moves().contains(&Move::Pass) {
            continue;
        }
        // Some programs write no node for a forced pass.
        let text = to_sgf(&SavedGame::Reversi(game.clone()), None)
            .replace(";B[]", "")
            .replace(";W[]", "");
        let Ok(SavedGame::Reversi(read)) = from_sgf(&text) else {
            panic!("{text}")
        };
        // A pass the game ends on has nothing after it to show it was forced.
        let trailing = game
            .record
            .moves()
            .iter()
            .rev()
            .take_while(|&&m| m == Move::Pass);
        let length = game.record.moves().len() - trailing.count();
        assert_eq!(
            read.record.moves(),
            &game.record.moves()[..length],
            "{text}"
        );
        checked += 1;
    }
}

#[test]
fn random_reversi_games_survive_transcripts() {
    let mut rng = Rng::new(0xBEEF);
    for _ in 0..100 {
        let g = random_reversi(&mut rng);
        let text = transcript(&g);
        if text.is_empty() {
            continue;
        }
        let back = from_transcript(&text).unwrap();
        // A transcript leaves passes out; the moves that were played come back, passes where
        // they were forced (a pass at the very end is not recorded).
        let plays = |g: &Game| -> Vec<Move> {
            g.record
                .moves()
                .iter()
                .copied()
                .filter(|m| *m != Move::Pass)
                .collect()
        };
        assert_eq!(plays(&back), plays(&g), "{text}");
    }
}

#[test]
fn finished_games_carry_their_result() {
    let mut rng = Rng::new(7);
    let mut seen = 0;
    for _ in 0..200 {
        let g = random_reversi(&mut rng);
        if g.position().status() != Status::GameOver {
            continue;
        }
        seen += 1;
        let text = to_sgf(&SavedGame::Reversi(g), None);
        assert!(text.contains("RE["), "{text}");
    }
    assert!(seen > 0);
}

#[test]
fn random_gomoku_games_survive_psq() {
    use heibai::record::games::{from_psq, to_psq};
    let mut rng = Rng::new(0xC0FFEE);
    for _ in 0..60 {
        let g = random_gomoku(&mut rng);
        let back = from_psq(&to_psq(&g)).unwrap();
        // The moves, the board, and in the lines after them the players, rule and level.
        assert_eq!(back.record.moves(), g.record.moves());
        assert_eq!(back.record.start(), g.record.start());
        assert_eq!(
            (back.black, back.white, back.level),
            (g.black, g.white, g.level)
        );
    }
}

#[test]
fn hand_made_files_of_other_programs() {
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/sgf");
    let othello = std::fs::read_to_string(format!("{dir}/othello.sgf")).unwrap();
    let SavedGame::Reversi(g) = from_sgf(&othello).unwrap() else {
        panic!("not Othello")
    };
    let moves: Vec<String> = g.record.moves().iter().map(|m| m.to_string()).collect();
    assert_eq!(moves, ["f5", "d6", "c3", "d3", "c4", "f4"], "the main line");
    assert!(g.info.contains(&("PC".into(), "Tokyo".into())));
    let again = to_sgf(&SavedGame::Reversi(g), None);
    for kept in ["EV[Club championship]", "PC[Tokyo]", "RO[3]", "TM[900]"] {
        assert!(again.contains(kept), "{kept} lost: {again}");
    }

    let renju = std::fs::read_to_string(format!("{dir}/renju.sgf")).unwrap();
    let SavedGame::Gomoku(g) = from_sgf(&renju).unwrap() else {
        panic!("not Gomoku")
    };
    assert_eq!(g.record.start().rule(), Rule::Renju);
    let moves: Vec<String> = g.record.moves().iter().map(|m| m.to_string()).collect();
    assert_eq!(moves, ["h8", "i9", "g7", "h9", "g9", "f10"]);
    assert!(to_sgf(&SavedGame::Gomoku(g), None).contains("EV[Renju open]"));
}

/// A Renju game from a set opening keeps its opening, rule, players and level through PSQ; a
/// Piskvork file, whose lines after the moves name programs, is freestyle between people.
#[test]
fn psq_keeps_what_heibai_wrote_and_reads_what_others_write() {
    use heibai::record::games::{from_psq, to_psq};
    let opening = gomoku::Start::Opening {
        index: 5,
        symmetry: 3,
    };
    let start = gomoku::Position::starting(15, Rule::Renju, opening);
    let mut g = GomokuGame::starting(start, Player::Computer, Player::Human);
    g.level = 6;
    let text = to_psq(&g);
    assert!(
        text.contains("\n-1\ncomputer\nhuman\nheibai: rule renju;"),
        "{text}"
    );
    assert_eq!(from_psq(&text).unwrap(), g);

    let piskvork = "Piskvorky 15x15, 11:11, 0\n8,8,0\n9,9,0\n-1\npbrain-a.exe\npbrain-b.exe\n";
    let back = from_psq(piskvork).unwrap();
    assert_eq!(back.record.start().rule(), Rule::Freestyle);
    assert_eq!((back.black, back.white), (Player::Human, Player::Human));
    assert_eq!(back.record.moves().len(), 2);
}

/// An SGF file's other lines become the record's variations, kept when it is written again; a
/// line whose moves cannot be played is left out, the game still read.
#[test]
fn sgf_variations_are_kept() {
    let text = "(;GM[2]SZ[8];B[fe];W[df](;B[cc];W[dc])(;B[ce];W[fd])(;B[aa]))";
    let SavedGame::Reversi(g) = from_sgf(text).unwrap() else {
        panic!("not Othello")
    };
    let names = |moves: &[Move]| moves.iter().map(|m| m.to_string()).collect::<Vec<_>>();
    assert_eq!(names(g.record.moves()), ["f5", "d6", "c3", "d3"]);
    assert_eq!(g.record.variations().len(), 1, "a1 is no move: left out");
    let (branch, line) = &g.record.variations()[0];
    assert_eq!(
        (*branch, names(line)),
        (2, vec!["f5".into(), "d6".into(), "c5".into(), "f4".into()])
    );
    let again = to_sgf(&SavedGame::Reversi(g.clone()), None);
    assert_eq!(from_sgf(&again).unwrap(), SavedGame::Reversi(g.clone()));
    // heibai's own saved text keeps them too.
    let saved = SavedGame::Reversi(g);
    assert_eq!(SavedGame::from_text(&saved.to_text()), Ok(saved));
}
