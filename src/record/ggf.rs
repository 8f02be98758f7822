//! GGF, the Generic Game Format of the Othello game servers (GGS, and the archives built from
//! them): `(;GM[Othello]PB[…]PW[…]TY[8]RE[+2.000]BO[8 rows… *]B[f5]W[d6]…;)`. The board
//! (`BO`) is eight rows of `-`, `*` (Black) and `O` (White) and the side to move; moves may carry
//! `/evaluation/time` after the square, and `PA` is a pass.

use super::games::{ImportError, not_a_move, play};
use crate::game::{Ending, Flaw, Game, GameId, Player};
use crate::reversi::{self, Color, Move, Position, Square};

/// `game` as GGF: the players (from the info other programs gave, else heibai's words), the
/// start, the moves up to the record's cursor and, once it is over, the result from Black's side
/// (`:r` when someone resigned, `:t` when time ran out).
pub fn to_ggf(game: &Game) -> String {
    let info = |key: &str| game.info.iter().find(|(k, _)| k == key).map(|(_, v)| v);
    let name = |key: &str, p: Player| info(key).cloned().unwrap_or_else(|| p.name().into());
    let mut out = format!(
        "(;GM[Othello]PC[heibai]PB[{}]PW[{}]TY[8]",
        escape(&name("PB", game.black)),
        escape(&name("PW", game.white))
    );
    if let Some(result) = result(game) {
        out += &format!("RE[{result}]");
    }
    out += &format!("BO[{}]", board(game.record.start()));
    let mut position = *game.record.start();
    for &mv in game.record.played() {
        let side = if position.to_move() == Color::Black {
            'B'
        } else {
            'W'
        };
        let name = match mv {
            Move::Play(sq) => sq.to_string(),
            Move::Pass => "PA".into(),
        };
        out += &format!("{side}[{name}]");
        position = position.play(mv).unwrap_or(position);
    }
    out + ";)"
}

/// The result from Black's side, with how it ended off the board; none while the game goes on.
fn result(game: &Game) -> Option<String> {
    let Some(ending) = game.ending else {
        let (black, white) = game.position().final_counts();
        let over = game.position().status() == reversi::Status::GameOver;
        return over.then(|| format!("{:+}.000", black as i32 - white as i32));
    };
    let mark = if matches!(ending, Ending::Time(_)) {
        ":t"
    } else {
        ":r"
    };
    let score = if ending.loser() == Color::Black {
        -64
    } else {
        64
    };
    Some(format!("{score:+}.000{mark}"))
}

/// The `BO` value of `position`.
fn board(position: &Position) -> String {
    let mut rows = vec!["8".to_string()];
    for row in 0..8 {
        let cells = (0..8)
            .map(
                |col| match position.at(Square::new(row * 8 + col).expect("on the board")) {
                    Some(Color::Black) => '*',
                    Some(Color::White) => 'O',
                    None => '-',
                },
            )
            .collect();
        rows.push(cells);
    }
    rows.push(
        if position.to_move() == Color::Black {
            "*"
        } else {
            "O"
        }
        .into(),
    );
    rows.join(" ")
}

/// GGF has no escapes: a name keeps no brackets.
fn escape(v: &str) -> String {
    v.replace(['[', ']'], "")
}

/// A GGF (and NBoard) move: a square or `PA`, any case, with any `/evaluation/time` after it;
/// the name read when it is neither.
pub fn parse_move(value: &str) -> Result<Move, String> {
    let name = value
        .split('/')
        .next()
        .unwrap_or("")
        .trim()
        .to_ascii_lowercase();
    match name.as_str() {
        "pa" | "pass" => Ok(Move::Pass),
        _ => name.parse().map(Move::Play).map_err(|_| name),
    }
}

/// Reads the first game of a GGF text: the board it starts from, the moves (each checked against
/// the side to move; a pass the file leaves out is played), and the players and other properties
/// kept as info.
pub fn from_ggf(text: &str) -> Result<Game, ImportError> {
    let properties = properties(text)?;
    let value = |key: &str| properties.iter().find(|(k, _)| k == key).map(|(_, v)| v);
    if value("GM").is_some_and(|g| !g.eq_ignore_ascii_case("othello")) {
        return Err(ImportError(Flaw::NotGgf));
    }
    let start = match value("BO") {
        Some(bo) => parse_board(bo)?,
        None => Position::initial(),
    };
    let mut game = Game::from_position(start, Player::Human, Player::Human);
    let mut n = 0;
    for (key, v) in &properties {
        let color = match key.as_str() {
            "B" => Color::Black,
            "W" => Color::White,
            "PB" | "PW" | "PC" | "DT" | "TI" | "RB" | "RW" | "TY" | "RE" => {
                game.info.push((key.clone(), v.clone()));
                continue;
            }
            _ => continue,
        };
        let mv = parse_move(v).map_err(|name| not_a_move(n, &name, GameId::Reversi))?;
        if game.position().to_move() != color {
            // A forced pass the file leaves out.
            if game.position().status() == reversi::Status::MustPass && mv != Move::Pass {
                let _ = game.record.play(Move::Pass);
            } else {
                let name = mv.to_string();
                return Err(ImportError(Flaw::WrongColour {
                    number: n + 1,
                    name,
                    color,
                }));
            }
        }
        play(&mut game.record, mv, n)?;
        n += 1;
    }
    Ok(game)
}

/// The properties of the first game, in order: `(;` up to `;)`, each `KEY[value]`.
fn properties(text: &str) -> Result<Vec<(String, String)>, ImportError> {
    let start = text.find("(;").ok_or(ImportError(Flaw::NotGgf))?;
    let mut rest = &text[start + 2..];
    let mut out = vec![];
    loop {
        rest = rest.trim_start();
        if rest.starts_with(";)") {
            return Ok(out);
        }
        let open = rest.find('[').ok_or(ImportError(Flaw::GgfUnclosed))?;
        let key = rest[..open].trim();
        if key.is_empty() || !key.chars().all(|c| c.is_ascii_alphabetic()) {
            return Err(ImportError(Flaw::GgfUnclosed));
        }
        let close = rest[open..]
            .find(']')
            .ok_or(ImportError(Flaw::GgfUnclosed))?
            + open;
        out.push((key.to_ascii_uppercase(), rest[open + 1..close].to_string()));
        rest = &rest[close + 1..];
    }
}

/// A `BO` value: `8`, eight rows of eight (`-`, `*`, `O`), the side to move.
fn parse_board(bo: &str) -> Result<Position, ImportError> {
    let bad = || ImportError(Flaw::GgfBoard(bo.chars().take(80).collect()));
    let words: Vec<&str> = bo.split_whitespace().collect();
    let [size, rows @ .., side] = &words[..] else {
        return Err(bad());
    };
    let cells: String = rows.concat();
    if *size != "8" || cells.chars().count() != 64 {
        return Err(bad());
    }
    let mut line: String = cells
        .chars()
        .map(|c| match c {
            '*' | 'X' | 'x' | '#' => Ok('X'),
            'O' | 'o' => Ok('O'),
            '-' | '.' => Ok('-'),
            _ => Err(bad()),
        })
        .collect::<Result<_, _>>()?;
    line.push(' ');
    line.push(match *side {
        "*" | "X" | "x" => 'X',
        "O" | "o" => 'O',
        _ => return Err(bad()),
    });
    line.parse().map_err(|e| ImportError(Flaw::SetUp(e)))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rng::Rng;

    /// Random games, some to the end, some stopped early, go through GGF and come back.
    #[test]
    fn random_games_round_trip() {
        let mut rng = Rng::new(19);
        for _ in 0..200 {
            let mut game = Game::new(Player::Human, Player::Human);
            let stop = rng.below(70);
            while !game.is_over() && game.record.cursor() < stop {
                let p = *game.position();
                let moves: Vec<Square> = Square::iter(p.legal_moves()).collect();
                let mv = match moves.len() {
                    0 => Move::Pass,
                    n => Move::Play(moves[rng.below(n)]),
                };
                game.record.play(mv).unwrap();
            }
            let text = to_ggf(&game);
            let back = from_ggf(&text).unwrap();
            assert_eq!(back.record.played(), game.record.played(), "{text}");
            assert_eq!(back.record.start(), game.record.start());
            let has_result = text.contains("RE[");
            assert_eq!(has_result, game.is_over(), "{text}");
        }
    }

    #[test]
    fn a_server_game_with_evaluations_and_a_board() {
        let text = "(;GM[Othello]PC[GGS/os]DT[2003.12.15_13:24:03.MST]PB[Saio1200]PW[Ntest]\
            RB[2197.75]RW[2188.66]TI[15:00//02:00]TY[8]RE[+2.000]\
            BO[8 -------- -------- -------- ---O*--- ---*O--- -------- -------- -------- *]\
            B[d3//0.01]W[c5/-1.00/2.34]B[F6]W[pa];)";
        let game = from_ggf(text);
        let err = game.unwrap_err();
        assert!(
            matches!(err.0, Flaw::IllegalMove { number: 4, .. }),
            "{err:?}"
        );
        let text = text.replace("W[pa]", "");
        let game = from_ggf(&text).unwrap();
        let moves: Vec<String> = game.record.played().iter().map(|m| m.to_string()).collect();
        assert_eq!(moves, ["d3", "c5", "f6"]);
        assert!(game.info.contains(&("PB".into(), "Saio1200".into())));
        assert_eq!(to_ggf(&game).matches("PB[Saio1200]").count(), 1);
    }

    #[test]
    fn hostile_text_is_refused_with_a_reason() {
        for text in [
            "",
            "(;",
            "(;GM[Othello]BO[8 --- *];)",
            "(;GM[Chess];)",
            "(;GM[Othello]B[z9];)",
            "(;GM[Othello]W[d3];)",
            "(;GM[Othello]B[d3",
            "(;GM[Othello]]];)",
        ] {
            assert!(from_ggf(text).is_err(), "{text}");
        }
    }

    #[test]
    fn a_resignation_is_marked() {
        let mut game = Game::new(Player::Human, Player::Computer);
        game.record.play("f5".parse().unwrap()).unwrap();
        game.ending = Some(Ending::Resigned(Color::White));
        assert!(to_ggf(&game).contains("RE[+64.000:r]"));
    }
}
