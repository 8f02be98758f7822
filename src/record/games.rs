//! Games in the formats other programs read: SGF for both games (GM[2] Othello, GM[4] Gomoku;
//! points as two letters, column then row from the top, as in Go; a pass as an empty move) and
//! Othello transcripts (`f5d6c3…`). Reading replays every move, so an illegal one is reported
//! with its number.

use super::sgf::{self, Node, Tree};
use crate::game::SgfError;
use crate::game::{Flaw, Game, GameId, GomokuGame, Illegal, Playable, Player, Record, SavedGame};
use crate::game::{each_game, for_game};
use crate::gomoku::{self, Outcome, Rule};
use crate::reversi::{self, Color, Move, Position, Square};

/// Why a file cannot be read as a game.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{0}")]
pub struct ImportError(pub Flaw);

impl From<SgfError> for ImportError {
    fn from(e: SgfError) -> ImportError {
        ImportError(Flaw::Sgf(Box::new(e)))
    }
}

/// Not a square (or in Gomoku, a point), as move `n` (from 0).
pub(super) fn not_a_move(n: usize, text: &str, game: GameId) -> ImportError {
    ImportError(Flaw::NotAMove {
        number: Some(n + 1),
        text: text.into(),
        game,
    })
}

/// Who played a side, as SGF names them: the computer with its level.
fn player_name(p: Player, level: u8) -> String {
    match p {
        Player::Human => "Human".into(),
        Player::Computer => format!("heibai level {level}"),
    }
}

/// A PB/PW name read back: heibai's own computer names keep their level.
fn player_of(name: Option<&str>) -> (Player, Option<u8>) {
    match name.and_then(|n| n.strip_prefix("heibai level ")) {
        Some(level) => (Player::Computer, level.trim().parse().ok()),
        None => (Player::Human, None),
    }
}

/// Two SGF letters for column `col` and row `top_row` (counted from the top).
fn letters(col: u8, top_row: u8) -> String {
    format!("{}{}", (b'a' + col) as char, (b'a' + top_row) as char)
}

/// Column and row from the top of two SGF letters, on a board of `size`.
fn from_letters(v: &str, size: u8) -> Option<(u8, u8)> {
    let b = v.as_bytes();
    let [c, r] = b else { return None };
    let (col, row) = (c.checked_sub(b'a')?, r.checked_sub(b'a')?);
    (col < size && row < size).then_some((col, row))
}

/// The game as SGF, with today's date (or `date`, YYYY-MM-DD) when given.
pub fn to_sgf(game: &SavedGame, date: Option<&str>) -> String {
    let mut root = Node::default();
    root.set("FF", "4");
    root.set("CA", "UTF-8");
    root.set("AP", format!("heibai:{}", env!("CARGO_PKG_VERSION")));
    let (moves, variations) = each_game!(game, g => write_game(g, &mut root));
    if let Some(re) = board_result(game) {
        root.set("RE", re);
    }
    if let Some(date) = date {
        root.set("DT", date);
    }
    // What another program's file said that heibai does not use goes back as it came, and
    // the players, result and date it gave in place of heibai's own.
    for (name, value) in game.info() {
        if GIVEN.contains(&name.as_str()) {
            root.set(name, value.clone());
            continue;
        }
        match root.props.iter_mut().find(|p| &p.id == name) {
            Some(p) => p.values.push(value.clone()),
            None => root.props.push(sgf::Property {
                id: name.clone(),
                values: vec![value.clone()],
            }),
        }
    }
    let first = game.first_to_move();
    let mut tree = line_tree(&moves, first);
    // Lines left by takebacks, as variations where they branched off.
    for line in &variations {
        graft(&mut tree, line, first);
    }
    tree.nodes.insert(0, root);
    sgf::write(&[tree])
}

/// The record's moves and the lines its takebacks left, as SGF move values.
fn encoded<P: Playable>(
    record: &crate::game::Record<P>,
    encode: impl Fn(&P::Move) -> String,
) -> (Vec<String>, Vec<Vec<String>>) {
    let moves = record.moves().iter().map(&encode).collect();
    let variations = record
        .variations()
        .iter()
        .map(|(_, line)| line.iter().map(&encode).collect())
        .collect();
    (moves, variations)
}

/// A node playing `value` for `color`.
fn move_node(color: Color, value: &str) -> Node {
    let mut node = Node::default();
    node.set(side_letter(color), value);
    node
}

/// The nodes of a line of moves, colours alternating from `first`.
fn line_tree(moves: &[String], first: Color) -> Tree {
    let mut color = first;
    let nodes = moves
        .iter()
        .map(|v| {
            let node = move_node(color, v);
            color = color.opponent();
            node
        })
        .collect();
    Tree {
        nodes,
        variations: vec![],
    }
}

/// Adds `line` to `tree` as a variation where it leaves the moves already there.
fn graft(tree: &mut Tree, line: &[String], first: Color) {
    let value = |n: &Node| n.get("B").or_else(|| n.get("W")).unwrap_or("").to_string();
    let mut tree = tree;
    let mut depth = 0;
    loop {
        let same = tree
            .nodes
            .iter()
            .zip(&line[depth..])
            .take_while(|(n, m)| value(n) == **m)
            .count();
        depth += same;
        if depth == line.len() {
            return;
        }
        let color = if depth % 2 == 0 {
            first
        } else {
            first.opponent()
        };
        if same < tree.nodes.len() {
            // Split the sequence here: what follows becomes the first variation.
            let rest = Tree {
                nodes: tree.nodes.split_off(same),
                variations: std::mem::take(&mut tree.variations),
            };
            tree.variations = vec![rest, line_tree(&line[depth..], color)];
            return;
        }
        match tree
            .variations
            .iter()
            .position(|v| v.nodes.first().is_some_and(|n| value(n) == line[depth]))
        {
            Some(i) => tree = &mut tree.variations[i],
            None => {
                tree.variations.push(line_tree(&line[depth..], color));
                return;
            }
        }
    }
}

fn sides(root: &mut Node, black: Player, white: Player, level: u8) {
    root.set("PB", player_name(black, level));
    root.set("PW", player_name(white, level));
}

fn side_letter(c: Color) -> &'static str {
    match c {
        Color::Black => "B",
        Color::White => "W",
    }
}

/// AB/AW/PL for a Reversi start other than the usual one.
fn setup(root: &mut Node, start: &Position) {
    for (id, color) in [("AB", Color::Black), ("AW", Color::White)] {
        let values: Vec<String> = Square::iter(start.discs(color))
            .map(|sq| letters(sq.col(), sq.row()))
            .collect();
        if !values.is_empty() {
            root.props.push(sgf::Property {
                id: id.into(),
                values,
            });
        }
    }
    root.set("PL", side_letter(start.to_move()));
}

/// The result as SGF's RE says it, where the board decides the game.
fn board_result(game: &SavedGame) -> Option<String> {
    each_game!(game, g => Sgf::board_result(g))
}

/// "B+16", "W+2", "0": the disc difference at the end.
fn reversi_result(g: &Game) -> Option<String> {
    let p = g
        .record
        .moves()
        .iter()
        .try_fold(*g.record.start(), |p, &m| p.play(m).ok())?;
    if p.status() != reversi::Status::GameOver {
        return None;
    }
    let (b, w) = p.final_counts();
    Some(match b.cmp(&w) {
        std::cmp::Ordering::Greater => format!("B+{}", b - w),
        std::cmp::Ordering::Less => format!("W+{}", w - b),
        std::cmp::Ordering::Equal => "0".into(),
    })
}

/// Root properties heibai reads or writes itself; any other is kept as the game's `info`. (The
/// opening's name, ON, is found again from the moves.)
const KNOWN: &[&str] = &[
    "FF", "CA", "AP", "GM", "SZ", "RU", "PB", "PW", "RE", "DT", "AB", "AW", "PL", "B", "W", "ON",
];

/// Root properties heibai writes of its own (the players, the result, the date) that a file
/// from elsewhere may have said otherwise: what the file said is kept as `info` and written
/// back in place of heibai's own.
const GIVEN: &[&str] = &["PB", "PW", "RE", "DT"];

/// The root properties heibai has no use for, and the players' names, result and date the
/// file gave (a player's name only where it is not one heibai writes), as (name, value) pairs,
/// without control or invisible characters.
/// The players, result and date come first, in one order, so that a file read, written and
/// read again reads the same.
fn other_info(root: &Node) -> Vec<(String, String)> {
    // Kept to be shown and written again: nothing in them may act on a terminal.
    let clean = crate::visible::cleaned;
    let given = GIVEN.iter().filter_map(|&id| {
        let value = clean(root.get(id)?);
        let own = matches!(id, "PB" | "PW") && is_own_name(&value);
        (!own).then(|| (id.to_string(), value))
    });
    let others = root
        .props
        .iter()
        .filter(|p| !KNOWN.contains(&p.id.as_str()))
        .flat_map(|p| p.values.iter().map(|v| (p.id.clone(), clean(v))));
    given.chain(others).collect()
}

/// Whether `name` is one heibai writes for a player ("Human", "heibai level 5").
fn is_own_name(name: &str) -> bool {
    name == "Human" || player_of(Some(name)).0 == Player::Computer
}

/// The value a file gave for the root property `id`, if it gave one.
fn given<'a>(info: &'a [(String, String)], id: &str) -> Option<&'a str> {
    info.iter().find(|(n, _)| n == id).map(|(_, v)| v.as_str())
}

/// Reads the first game of an SGF collection: its main line, and its other lines as the
/// record's variations (those whose moves cannot be played are left out).
pub fn from_sgf(text: &str) -> Result<SavedGame, ImportError> {
    let mut game = sgf_game(text)?;
    // A result the board gives is no news: only one it does not (a resignation) is kept.
    let board = board_result(&game);
    let info = each_game!(&mut game, g => &mut g.info);
    info.retain(|(id, value)| !(id == "RE" && board.as_ref() == Some(value)));
    Ok(game)
}

fn sgf_game(text: &str) -> Result<SavedGame, ImportError> {
    let trees = sgf::parse(text)?;
    let tree = trees.first().ok_or(ImportError(Flaw::NoGame))?;
    let line = tree.main_line();
    let root = line[0];
    let (black, black_level) = player_of(root.get("PB"));
    let (white, white_level) = player_of(root.get("PW"));
    let level = black_level
        .or(white_level)
        .filter(|l| (1..=8).contains(l))
        .unwrap_or(crate::engine::reversi::DEFAULT_LEVEL);
    let side_lines = side_lines(tree);
    let gm = root.get("GM").unwrap_or("1").trim();
    let Some(id) = GameId::ALL
        .into_iter()
        .find(|&id| for_game!(id, P => P::GM) == gm)
    else {
        return Err(ImportError(Flaw::GameType(gm.into())));
    };
    let main = stones(&line);
    Ok(for_game!(id, P => {
        let start = P::read_start(root, &main)?;
        let mut record = P::read_record(&start, &main)?;
        // The other lines whose moves can be played become variations; the rest are left out.
        let others = side_lines.iter().filter_map(|side| {
            let other = P::read_record(&start, &stones(side)).ok()?;
            Some(other.moves().to_vec())
        });
        keep_variations(&mut record, others.collect());
        let mut game = Game::from_position(start, black, white);
        game.record = record;
        game.level = level;
        game.info = other_info(root);
        SavedGame::from(game)
    }))
}

/// The root's properties for `game`, from its GM number on, and its moves and variations as
/// SGF move values.
fn write_game<P: Sgf>(game: &Game<P>, root: &mut Node) -> (Vec<String>, Vec<Vec<String>>) {
    root.set("GM", P::GM);
    P::write(game, root)
}

/// How a game of one kind is written in SGF and read back: each game's position gives it.
pub trait Sgf: Playable + Sized {
    /// Its SGF game number (GM): 2 Othello, 4 Gomoku.
    const GM: &'static str;
    /// Sets the root's properties for the game after its GM (its board, rules, players, start
    /// and opening), and gives the record's moves and its variations as SGF move values.
    fn write(game: &Game<Self>, root: &mut Node) -> (Vec<String>, Vec<Vec<String>>);
    /// The result as SGF's RE says it, where the board decides the game.
    fn board_result(game: &Game<Self>) -> Option<String>;
    /// The start position the root sets up, seeing the main line's moves (the players, level,
    /// other properties and lines are read for every game).
    fn read_start(root: &Node, main: &[(Color, &str)]) -> Result<Self, ImportError>;
    /// The record of `stones` played from `start`, each with the colour its node gives.
    fn read_record(start: &Self, stones: &[(Color, &str)]) -> Result<Record<Self>, ImportError>;
}

impl Sgf for Position {
    const GM: &'static str = "2";

    fn write(g: &Game, root: &mut Node) -> (Vec<String>, Vec<Vec<String>>) {
        root.set("SZ", "8");
        sides(root, g.black, g.white, g.level);
        let start = g.record.start();
        if *start != Position::initial() {
            setup(root, start);
        }
        if let Some(name) = g.opening() {
            root.set("ON", name);
        }
        encoded(&g.record, |mv| match mv {
            Move::Play(sq) => letters(sq.col(), sq.row()),
            Move::Pass => String::new(),
        })
    }

    fn board_result(g: &Game) -> Option<String> {
        reversi_result(g)
    }

    fn read_start(root: &Node, _: &[(Color, &str)]) -> Result<Position, ImportError> {
        let size = root.get("SZ").unwrap_or("8").trim();
        if size != "8" {
            return Err(ImportError(Flaw::OthelloSize(size.into())));
        }
        reversi_start(root)
    }

    /// Forced passes another program left out are filled in.
    fn read_record(
        start: &Position,
        stones: &[(Color, &str)],
    ) -> Result<Record<Position>, ImportError> {
        let mut record = Record::new(*start);
        for (n, &(color, value)) in stones.iter().enumerate() {
            let mv = reversi_move(value).ok_or_else(|| not_a_move(n, value, GameId::Reversi))?;
            // Some programs leave forced passes out.
            let must_pass = record.position().status() == reversi::Status::MustPass;
            if must_pass && record.position().to_move() != color {
                let _ = record.play(Move::Pass);
            }
            if record.position().to_move() != color {
                return Err(wrong_colour(n, mv.to_string(), color));
            }
            play(&mut record, mv, n)?;
        }
        Ok(record)
    }
}

impl Sgf for gomoku::Position {
    const GM: &'static str = "4";

    fn write(g: &GomokuGame, root: &mut Node) -> (Vec<String>, Vec<Vec<String>>) {
        let g = &*g.without_opening_rule();
        let start = g.record.start();
        let size = start.board().size();
        root.set("SZ", size.to_string());
        root.set("RU", start.rule().name());
        sides(root, g.black, g.white, g.level);
        if let Some(o) = g.opening() {
            root.set("ON", o.title());
        }
        // Without an opening rule every move is a stone.
        encoded(&g.record, |mv| {
            mv.point()
                .map_or_else(String::new, |p| letters(p.col, size - 1 - p.row))
        })
    }

    fn board_result(g: &GomokuGame) -> Option<String> {
        match g.position().outcome() {
            Outcome::Won(color, _) => Some(format!("{}+", side_letter(color))),
            Outcome::Draw => Some("0".into()),
            _ => None,
        }
    }

    fn read_start(root: &Node, main: &[(Color, &str)]) -> Result<gomoku::Position, ImportError> {
        let size = match root.get("SZ").unwrap_or("15").trim() {
            "15" => 15,
            "19" => 19,
            other => {
                return Err(ImportError(Flaw::GomokuSize(other.into())));
            }
        };
        let rule = match root.get("RU") {
            // No rule named: freestyle, the one that refuses no move.
            None => Rule::Freestyle,
            Some(r) => sgf_rule(r).ok_or_else(|| ImportError(Flaw::BadRule(r.into())))?,
        };
        if root.get("AB").is_some() || root.get("AW").is_some() {
            return Err(ImportError(Flaw::GomokuSetUp));
        }
        let centre = gomoku::Position::new(size, rule, false).centre();
        let first = main.first().map(|&(_, v)| sgf_point(v, size));
        let centre_opening = first.is_none_or(|p| p == Some(centre));
        Ok(gomoku::Position::new(size, rule, centre_opening))
    }

    fn read_record(
        start: &gomoku::Position,
        stones: &[(Color, &str)],
    ) -> Result<Record<gomoku::Position>, ImportError> {
        let size = start.board().size();
        let mut record = Record::new(start.clone());
        for (n, &(color, value)) in stones.iter().enumerate() {
            let p = sgf_point(value, size).ok_or_else(|| not_a_move(n, value, GameId::Gomoku))?;
            if record.position().to_move() != color {
                return Err(wrong_colour(n, p.to_string(), color));
            }
            play(&mut record, p.into(), n)?;
        }
        Ok(record)
    }
}

/// Keeps `lines` as the record's variations, each where it leaves the main line, in one order
/// (by where, then by moves) so that writing and reading again gives the same. A line that is
/// the start of another (or of the main line) adds nothing, and one that goes on past the main
/// line's end is left out: a record cannot hold it.
fn keep_variations<P: Playable>(record: &mut crate::game::Record<P>, mut lines: Vec<Vec<P::Move>>) {
    let main = record.moves().to_vec();
    lines.retain(|l| !l.starts_with(&main) && !main.starts_with(l));
    let kept: Vec<Vec<P::Move>> = lines
        .iter()
        .filter(|l| !lines.iter().any(|o| o.len() > l.len() && o.starts_with(l)))
        .cloned()
        .collect();
    let names = |line: &[P::Move]| line.iter().map(|m| m.to_string()).collect::<Vec<_>>();
    let mut variations: Vec<(usize, Vec<P::Move>)> = kept
        .into_iter()
        .map(|l| {
            let branch = main.iter().zip(&l).take_while(|(a, b)| a == b).count();
            (branch, l)
        })
        .collect();
    variations.sort_by_key(|(branch, l)| (*branch, names(l)));
    variations.dedup();
    record.set_variations(variations);
}

/// Each move of `nodes` with the colour its node gives it.
fn stones<'a>(nodes: &[&'a Node]) -> Vec<(Color, &'a str)> {
    nodes
        .iter()
        .filter_map(|n| {
            let black = n.get("B").map(|v| (Color::Black, v));
            black.or_else(|| n.get("W").map(|v| (Color::White, v)))
        })
        .collect()
}

/// Every line of `tree` but its main line, each from the root to its end (along the first
/// variation after it branches).
fn side_lines(tree: &Tree) -> Vec<Vec<&Node>> {
    let mut lines = vec![];
    // Trees still to walk, with the nodes before them.
    let mut todo: Vec<(Vec<&Node>, &Tree, bool)> = vec![(vec![], tree, true)];
    while let Some((before, tree, main)) = todo.pop() {
        let mut here = before;
        here.extend(&tree.nodes);
        if !main {
            let mut line = here.clone();
            if let Some(first) = tree.variations.first() {
                line.extend(first.main_line());
            }
            lines.push(line);
        }
        for (i, variation) in tree.variations.iter().enumerate() {
            todo.push((here.clone(), variation, i == 0));
        }
    }
    lines
}

/// The wrong colour to move for move `n`.
fn wrong_colour(n: usize, name: String, color: Color) -> ImportError {
    ImportError(Flaw::WrongColour {
        number: n + 1,
        name,
        color,
    })
}

/// A Gomoku point from SGF's two letters (rows counted from the top there, from the bottom
/// here).
fn sgf_point(value: &str, size: u8) -> Option<gomoku::Point> {
    let (col, top) = from_letters(value, size)?;
    Some(gomoku::Point {
        col,
        row: size - 1 - top,
    })
}

/// The rule set an SGF `RU` names: heibai's own names, and those Renju programs write for
/// Renju's opening rules.
fn sgf_rule(name: &str) -> Option<Rule> {
    match name.trim().to_ascii_lowercase().as_str() {
        "freestyle" | "free" | "gomoku" => Some(Rule::Freestyle),
        "standard" | "exact5" => Some(Rule::Standard),
        "renju" | "rif" | "yamaguchi" | "taraguchi" | "soosorv" | "sakata" => Some(Rule::Renju),
        _ => None,
    }
}

pub(super) fn play<P: Playable>(
    record: &mut crate::game::Record<P>,
    mv: P::Move,
    n: usize,
) -> Result<(), ImportError>
where
    P::Error: Into<Illegal>,
{
    record.play(mv).map_err(|e| {
        ImportError(Flaw::IllegalMove {
            number: n + 1,
            name: mv.to_string(),
            why: e.into(),
        })
    })
}

/// A Reversi move from SGF: two letters, or Othello notation (f5); empty, "tt" or "pass" for a
/// pass.
fn reversi_move(value: &str) -> Option<Move> {
    let v = value.trim().to_ascii_lowercase();
    if v.is_empty() || v == "tt" || v == "pass" || v == "pa" {
        return Some(Move::Pass);
    }
    if let Some((col, row)) = from_letters(&v, 8) {
        return Square::at(col, row).map(Move::Play);
    }
    v.parse().ok()
}

/// The start of an SGF Othello game: the usual one, or AB/AW/PL set up.
fn reversi_start(root: &Node) -> Result<Position, ImportError> {
    let stones = |id: &str| -> Result<Vec<Square>, ImportError> {
        let values = root
            .props
            .iter()
            .filter(|p| p.id == id)
            .flat_map(|p| &p.values);
        values
            .map(|v| {
                reversi_move(v)
                    .and_then(|m| match m {
                        Move::Play(sq) => Some(sq),
                        Move::Pass => None,
                    })
                    .ok_or_else(|| ImportError(Flaw::SetUpStone(id.into(), v.clone())))
            })
            .collect()
    };
    let (black, white) = (stones("AB")?, stones("AW")?);
    if black.is_empty() && white.is_empty() {
        return Ok(Position::initial());
    }
    let mut text: Vec<char> = vec!['-'; 64];
    for sq in black {
        text[usize::from(sq.index())] = 'X';
    }
    for sq in white {
        text[usize::from(sq.index())] = 'O';
    }
    let to_move = if root.get("PL") == Some("W") {
        'O'
    } else {
        'X'
    };
    let text: String = text.into_iter().collect::<String>() + " " + &to_move.to_string();
    text.parse().map_err(|e| ImportError(Flaw::SetUp(e)))
}

/// An Othello transcript: the moves to the position on the board as squares run together,
/// passes left out ("f5d6c3d3"); moves taken back are not in it.
pub fn transcript(game: &Game) -> String {
    game.record
        .played()
        .iter()
        .filter_map(|m| match m {
            Move::Play(sq) => Some(sq.to_string()),
            Move::Pass => None,
        })
        .collect()
}

/// Reads a transcript ("f5d6c3…", any case, spaces and commas allowed) from the usual start;
/// passes are played where the side to move has none.
pub fn from_transcript(text: &str) -> Result<Game, ImportError> {
    let squares: String = text
        .chars()
        .filter(|c| !c.is_whitespace() && *c != ',')
        .collect();
    if squares.is_empty() || !squares.len().is_multiple_of(2) || !squares.is_ascii() {
        return Err(ImportError(Flaw::NotTranscript(text.trim().into())));
    }
    let mut game = Game::new(Player::Human, Player::Human);
    for (n, pair) in squares.as_bytes().chunks(2).enumerate() {
        let name = std::str::from_utf8(pair)
            .unwrap_or("??")
            .to_ascii_lowercase();
        let sq: Square = name
            .parse()
            .map_err(|_| not_a_move(n, &name, GameId::Reversi))?;
        if game.position().status() == reversi::Status::MustPass {
            let _ = game.record.play(Move::Pass);
        }
        play(&mut game.record, Move::Play(sq), n)?;
    }
    Ok(game)
}

/// A game in any of the formats heibai reads, told from how the text starts: heibai's saved
/// game (`heibai 1`), GGF (`(;GM[Othello]`), SGF (`(`), PSQ (`Piskvorky`), a position line (64 squares, a space, the
/// side to move), or else an Othello transcript.
pub fn parse_any(text: &str) -> Result<SavedGame, ImportError> {
    let t = text.trim_start_matches('\u{feff}').trim();
    let within =
        |wrap: fn(Box<Flaw>) -> Flaw| move |e: ImportError| ImportError(wrap(Box::new(e.0)));
    if t.starts_with("heibai ") {
        SavedGame::from_text(t).map_err(|e| ImportError(Flaw::Saved(Box::new(e))))
    } else if t.starts_with("(;GM[Othello]") {
        super::ggf::from_ggf(t)
            .map(SavedGame::Reversi)
            .map_err(within(Flaw::InGgf))
    } else if t.starts_with('(') {
        from_sgf(t).map_err(within(Flaw::InSgf))
    } else if t.starts_with("Piskvorky") {
        from_psq(t)
            .map(SavedGame::Gomoku)
            .map_err(within(Flaw::InPsq))
    } else if t.len() >= 66 && t.as_bytes()[64] == b' ' {
        from_position_line(t)
            .map(SavedGame::Reversi)
            .map_err(within(Flaw::InPositionLine))
    } else {
        from_transcript(t)
            .map(SavedGame::Reversi)
            .map_err(within(Flaw::Unrecognised))
    }
}

/// A Gomoku game as a Gomocup (Piskvork) PSQ file: a `Piskvorky WxH, x:y, 0` header, one
/// `x,y,time` line per move (1-based, x from the left, y from the top), and `-1`. After it, where
/// Piskvork names the two players, the players, then a line of heibai's own with the rule, the
/// opening and the level (other programs read no further than the moves).
pub fn to_psq(game: &GomokuGame) -> String {
    let game = &*game.without_opening_rule();
    let start = game.record.start();
    let size = start.board().size();
    let mut out = format!("Piskvorky {size}x{size}, 1:1, 0\n");
    // Without an opening rule every move is a stone.
    for p in game.record.moves().iter().filter_map(|mv| mv.point()) {
        out += &format!("{},{},0\n", p.col + 1, size - p.row);
    }
    out += "-1\n";
    let black = given(&game.info, "PB").unwrap_or(game.black.name());
    let white = given(&game.info, "PW").unwrap_or(game.white.name());
    out += &format!("{}\n{}\n", one_line(black), one_line(white));
    out + &format!(
        "{PSQ_NOTE} rule {}; opening {}; level {}\n",
        start.rule().name(),
        start.start().name(),
        game.level
    )
}

/// A name as one line of a PSQ file.
fn one_line(name: &str) -> String {
    name.chars()
        .map(|c| if c.is_control() { ' ' } else { c })
        .collect()
}

/// Starts heibai's own line after a PSQ file's moves.
const PSQ_NOTE: &str = "heibai:";

/// What heibai's line after a PSQ file's moves says: the rule, the opening and the level, each
/// `None` where it says nothing readable.
fn psq_note(line: &str) -> (Option<Rule>, Option<gomoku::Start>, Option<u8>) {
    let mut note = (None, None, None);
    for field in line.split(';') {
        let (key, value) = field.trim().split_once(' ').unwrap_or((field.trim(), ""));
        match key {
            "rule" => note.0 = Rule::named(value),
            "opening" => note.1 = gomoku::Start::named(value),
            "level" => {
                let levels = 1..=crate::engine::gomoku::LEVELS.len() as u8;
                note.2 = value.parse().ok().filter(|l| levels.contains(l));
            }
            _ => {}
        }
    }
    note
}

/// Reads a PSQ file. Every line up to the `-1` that ends the moves must be a move. After it,
/// the players and heibai's line (see [`to_psq`]) are read where heibai wrote them; a file
/// from another program names no rule set: the game is freestyle (Gomocup's own rule), and
/// Black's first stone need not be in the centre unless it is.
pub fn from_psq(text: &str) -> Result<GomokuGame, ImportError> {
    let mut lines = text.lines().map(str::trim);
    let header = lines.next().unwrap_or("");
    let dims = header
        .strip_prefix("Piskvorky ")
        .and_then(|rest| rest.split(',').next())
        .ok_or(ImportError(Flaw::NotPsq))?;
    let size = match dims.trim() {
        "15x15" => 15,
        "19x19" => 19,
        other => {
            return Err(ImportError(Flaw::PsqSize(other.into())));
        }
    };
    let mut points = vec![];
    for (n, line) in lines.by_ref().enumerate() {
        if line == "-1" {
            break;
        }
        let fields: Vec<&str> = line.split(',').map(str::trim).collect();
        let move_at = match fields[..] {
            [x, y, ..] => x.parse::<u8>().ok().zip(y.parse::<u8>().ok()),
            _ => None,
        };
        let Some((x, y)) = move_at else {
            // A file cut short after its last move may end without `-1`.
            if line.is_empty() {
                continue;
            }
            return Err(ImportError(Flaw::PsqLine(n + 2)));
        };
        if !(1..=size).contains(&x) || !(1..=size).contains(&y) {
            let line = n + 2;
            return Err(ImportError(Flaw::PsqOffBoard { line, x, y, size }));
        }
        points.push(gomoku::Point {
            col: x - 1,
            row: size - y,
        });
    }
    // After the moves: the two players (programs' names from Piskvork), heibai's line.
    let after: Vec<&str> = lines.collect();
    let players = [0, 1].map(|i| after.get(i).and_then(|name| Player::named(name)));
    let note = after.iter().find_map(|l| l.strip_prefix(PSQ_NOTE));
    let (rule, opening, level) = note.map_or((None, None, None), psq_note);
    let rule = rule.unwrap_or(Rule::Freestyle);
    let centre = gomoku::Position::new(size, rule, false).centre();
    let start = match opening {
        Some(opening) => gomoku::Position::starting(size, rule, opening),
        None => gomoku::Position::new(size, rule, points.first() == Some(&centre)),
    };
    let [black, white] = players.map(|p| p.unwrap_or(Player::Human));
    let mut game = GomokuGame::from_position(start, black, white);
    // Players' names from another program are kept, to be written back.
    for (id, name) in ["PB", "PW"].into_iter().zip(&after) {
        let name = crate::visible::cleaned(name);
        let name = name.trim();
        if !name.is_empty() && Player::named(name).is_none() && !name.starts_with(PSQ_NOTE) {
            game.info.push((id.to_string(), name.to_string()));
        }
    }
    if let Some(level) = level {
        game.level = level;
    }
    for (n, &p) in points.iter().enumerate() {
        play(&mut game.record, p.into(), n)?;
    }
    Ok(game)
}

/// A Reversi game set up from a position line (64 squares and the side to move, as in OBF).
pub fn from_position_line(text: &str) -> Result<Game, ImportError> {
    let line = text.lines().next().unwrap_or("").trim();
    let obf = super::obf::parse_line(line)
        .ok_or(ImportError(Flaw::EmptyPosition))?
        .map_err(|e| ImportError(e.flaw()))?;
    Ok(Game::from_position(
        obf.position,
        Player::Human,
        Player::Human,
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn reversi(moves: &str) -> Game {
        let mut g = Game::new(Player::Human, Player::Computer);
        g.level = 6;
        for m in moves.split_whitespace() {
            g.record.play(m.parse().unwrap()).unwrap();
        }
        g
    }

    #[test]
    fn the_players_result_and_date_a_file_gave_are_written_back() {
        let text = "(;GM[4]SZ[15]RU[renju]PB[Alice]PW[Bob]RE[W+R]DT[2026-01-02];B[hh];W[hi])";
        let game = from_sgf(text).unwrap();
        let again = to_sgf(&game, Some("2026-12-02"));
        for kept in ["PB[Alice]", "PW[Bob]", "RE[W+R]", "DT[2026-01-02]"] {
            assert!(again.contains(kept), "{kept} in {again}");
        }
        assert!(
            !again.contains("Human") && !again.contains("2026-12-02"),
            "{again}"
        );
        assert_eq!(from_sgf(&again).unwrap(), game, "read twice, the same");
        // What a crafted file hides in them does not reach a terminal.
        let crafted = "(;GM[2]PB[Al\x1b[2Jice\u{202e}]EV[x\x07];B[fe])";
        let written = to_sgf(&from_sgf(crafted).unwrap(), None);
        assert!(
            written.contains("PB[Al[2Jice]") && written.contains("EV[x]"),
            "{written}"
        );
        let SavedGame::Gomoku(g) = game else {
            panic!("a Gomoku game")
        };
        let psq = to_psq(&g);
        assert!(psq.contains("-1\nAlice\nBob\n"), "{psq}");
        assert!(to_psq(&from_psq(&psq).unwrap()).contains("-1\nAlice\nBob\n"));
        // heibai's own names are still heibai's.
        let own = to_sgf(&SavedGame::Reversi(reversi("f5")), None);
        let read = from_sgf(&own).unwrap();
        assert!(read.info().is_empty(), "{:?}", read.info());
    }

    #[test]
    fn othello_sgf_round_trip() {
        let g = reversi("f5 d6 c3 d3 c4");
        let text = to_sgf(&SavedGame::Reversi(g.clone()), Some("2026-11-29"));
        assert!(text.contains("GM[2]") && text.contains("SZ[8]"), "{text}");
        assert!(text.contains("PW[heibai level 6]"), "{text}");
        assert!(
            text.contains(";B[fe]"),
            "f5 is column f, fifth row from the top: {text}"
        );
        // The date it was written on is the game's date from then on.
        let mut dated = g;
        dated.info = vec![("DT".into(), "2026-11-29".into())];
        assert_eq!(from_sgf(&text), Ok(SavedGame::Reversi(dated)));
    }

    #[test]
    fn takebacks_become_variations() {
        let mut g = reversi("f5 d6 c3");
        g.record.undo();
        g.record.play("c5".parse().unwrap()).unwrap();
        g.record.undo();
        g.record.undo();
        g.record.play("f6".parse().unwrap()).unwrap();
        let text = to_sgf(&SavedGame::Reversi(g.clone()), None);
        let trees = sgf::parse(&text).unwrap();
        // Root and f5, then: the main line (f6), and the old line d6 with c5 and c3 after it.
        let t = &trees[0];
        assert_eq!(t.nodes.len(), 2, "{text}");
        assert_eq!(t.variations.len(), 2, "{text}");
        assert_eq!(t.variations[0].nodes[0].get("W"), Some("ff"));
        let old = &t.variations[1];
        assert_eq!(old.nodes[0].get("W"), Some("df"));
        assert_eq!(old.variations.len(), 2, "c5 and c3 branch after d6: {text}");
        let SavedGame::Reversi(back) = from_sgf(&text).unwrap() else {
            panic!()
        };
        assert_eq!(
            back.record.moves(),
            g.record.moves(),
            "the main line is the game"
        );
    }

    #[test]
    fn gomoku_sgf_round_trip() {
        let start = gomoku::Position::new(15, Rule::Standard, true);
        let mut g = GomokuGame::from_position(start, Player::Computer, Player::Human);
        g.level = 3;
        for m in ["h8", "h9", "a1"] {
            let p = g.position().board().point(m).unwrap();
            g.record.play(p.into()).unwrap();
        }
        let text = to_sgf(&SavedGame::Gomoku(g.clone()), None);
        assert!(
            text.contains("GM[4]") && text.contains("RU[standard]") && !text.contains("ON["),
            "{text}"
        );
        assert!(text.contains(";B[hh]") && text.contains(";B[ao]"), "{text}");
        assert_eq!(from_sgf(&text), Ok(SavedGame::Gomoku(g)));
    }

    #[test]
    fn the_opening_is_named_in_the_file_and_found_again_from_the_moves() {
        let start = gomoku::Position::new(15, Rule::Renju, true);
        let mut g = GomokuGame::from_position(start, Player::Human, Player::Human);
        for m in ["h8", "i9", "i7", "a1"] {
            let p = g.position().board().point(m).unwrap();
            g.record.play(p.into()).unwrap();
        }
        let text = to_sgf(&SavedGame::Gomoku(g.clone()), None);
        assert!(text.contains("ON[Hogetsu (7I)]"), "{text}");
        assert_eq!(
            from_sgf(&text),
            Ok(SavedGame::Gomoku(g)),
            "ON is not kept twice"
        );
        let mut r = crate::game::Game::new(Player::Human, Player::Human);
        for m in ["f5", "d6", "c3", "d3", "c4"] {
            r.record.play(m.parse().unwrap()).unwrap();
        }
        let text = to_sgf(&SavedGame::Reversi(r.clone()), None);
        assert!(
            text.contains(&format!("ON[{}]", r.opening().unwrap())),
            "{text}"
        );
        assert_eq!(from_sgf(&text), Ok(SavedGame::Reversi(r)));
    }

    #[test]
    fn reads_what_other_programs_write() {
        // Othello notation in the moves, a comment, an unknown property, a variation.
        let text = "(;GM[2]FF[4]PB[Alice]PW[Bob]XX[whatever]C[hello]\n;B[f5]C[good]\n;W[d6]\
                    (;B[c3])(;B[c5]))";
        let SavedGame::Reversi(g) = from_sgf(text).unwrap() else {
            panic!("not Reversi")
        };
        let moves: Vec<String> = g.record.moves().iter().map(|m| m.to_string()).collect();
        assert_eq!(moves, ["f5", "d6", "c3"], "the main line");
        // Unknown root properties are kept and written back.
        let again = to_sgf(&SavedGame::Reversi(g.clone()), None);
        assert!(
            again.contains("XX[whatever]") && again.contains("C[hello]"),
            "{again}"
        );
        assert_eq!((g.black, g.white), (Player::Human, Player::Human));
        // A Gomoku game written by a Go-style program, 15x15 by default.
        let SavedGame::Gomoku(g) = from_sgf("(;GM[4];B[hh];W[ih])").unwrap() else {
            panic!("not Gomoku")
        };
        assert_eq!(g.record.moves().len(), 2);
        assert_eq!(
            g.record.start().rule(),
            Rule::Freestyle,
            "no RU: the rule that refuses no move"
        );
        let SavedGame::Gomoku(g) = from_sgf("(;GM[4]RU[RIF];B[hh])").unwrap() else {
            panic!("not Gomoku")
        };
        assert_eq!(g.record.start().rule(), Rule::Renju);
    }

    #[test]
    fn files_are_read_as_they_are_or_refused() {
        // Colours as the file gives them: White cannot move first, Black not twice.
        for (text, want) in [
            ("(;GM[4];W[hh];B[ii])", "move 1 (h8) is marked as White's"),
            ("(;GM[2];B[f5];B[d6])", "move 2 (d6) is marked as Black's"),
            ("(;GM[4]AB[hh];W[ii])", "set-up stones"),
            ("(;GM[4]RU[go];B[hh])", "rule 'go'"),
        ] {
            let e = from_sgf(text).unwrap_err().to_string();
            assert!(e.contains(want), "{text}: {e}");
        }
        // A PSQ line before the `-1` that is not a move is named.
        let e = from_psq("Piskvorky 15x15, 1:1, 0\n8,8,0\nxx\n9,9,0\n-1\n")
            .unwrap_err()
            .to_string();
        assert!(e.contains("line 3"), "{e}");
        // After the `-1`, the programs' names are not moves.
        let g = from_psq("Piskvorky 15x15, 1:1, 0\n8,8,0\n9,9,0\n-1\npbrain-x.exe\n").unwrap();
        assert_eq!(g.record.moves().len(), 2);
    }

    #[test]
    fn repeated_properties_are_refused_and_many_values_read_the_same_twice() {
        // Found by fuzzing: EV and PC each twice, interleaved. A property is given once in a
        // node (FF[4]), with as many values as it has.
        let text = "(;GM[4]EV[a]PC[b]EV[c]PC[d];B[hh])";
        assert!(matches!(
            from_sgf(text),
            Err(ImportError(Flaw::Sgf(e))) if e.flaw == Flaw::SgfRepeated("EV".into())
        ));
        let game = from_sgf("(;GM[4]EV[a][c]PC[b][d];B[hh])").unwrap();
        assert_eq!(from_sgf(&to_sgf(&game, None)), Ok(game));
    }

    #[test]
    fn bad_games_say_what() {
        let cases = [
            ("(;GM[1];B[aa])", "GM[1]"),
            ("(;GM[2]SZ[10])", "size 10"),
            ("(;GM[4]SZ[13])", "size 13"),
            ("(;GM[2];B[a1])", "move 1 (a1) is illegal"),
            ("(;GM[2];B[zz])", "'zz' is not a square"),
            (
                "(;GM[4];B[hh];W[hh])",
                "move 2 (h8) is illegal: h8 is occupied",
            ),
            ("(;GM[4];B[hh];W[zz])", "'zz' is not a point"),
            ("not sgf", "line 1"),
        ];
        for (text, want) in cases {
            let e = from_sgf(text).unwrap_err().to_string();
            assert!(e.contains(want), "{text}: {e}");
        }
    }

    #[test]
    fn psq_round_trip_and_errors() {
        let start = gomoku::Position::new(19, Rule::Freestyle, true);
        let mut g = GomokuGame::from_position(start, Player::Human, Player::Human);
        for m in ["j10", "k11", "a1"] {
            let p = g.position().board().point(m).unwrap();
            g.record.play(p.into()).unwrap();
        }
        let text = to_psq(&g);
        assert!(text.starts_with("Piskvorky 19x19"), "{text}");
        assert!(text.contains("\n10,10,0\n11,9,0\n1,19,0\n"), "{text}");
        assert_eq!(from_psq(&text), Ok(g));
        assert!(
            from_psq("hello")
                .unwrap_err()
                .to_string()
                .contains("not a PSQ")
        );
        let e = from_psq("Piskvorky 20x20, 1:1, 0\n10,10,0")
            .unwrap_err()
            .to_string();
        assert!(e.contains("20x20"), "{e}");
        let e = from_psq("Piskvorky 15x15, 1:1, 0\n16,1,0")
            .unwrap_err()
            .to_string();
        assert!(e.contains("line 2"), "{e}");
        let e = from_psq("Piskvorky 15x15, 1:1, 0\n8,8,0\n8,8,0")
            .unwrap_err()
            .to_string();
        assert!(e.contains("move 2 (h8) is illegal"), "{e}");
    }

    #[test]
    fn positions() {
        let line = "--XXXXX--OOOXX-O-OOOXXOX-OXOXOXXOXXXOXXX--XOXOXX-XXXOOO--OOOOO-- X; G8:+18";
        let g = from_position_line(line).unwrap();
        assert_eq!(g.position().to_move(), Color::Black);
        assert!(g.record.moves().is_empty());
        assert!(from_position_line("XO X").is_err());
    }

    #[test]
    fn transcripts() {
        let mut g = reversi("f5 d6 c3 d3 c4");
        assert_eq!(transcript(&g), "f5d6c3d3c4");
        g.record.undo();
        assert_eq!(transcript(&g), "f5d6c3d3");
        g.record.redo();
        let back = from_transcript("F5 d6,c3d3 c4").unwrap();
        assert_eq!(back.record.moves(), g.record.moves());
        assert!(from_transcript("f5d").is_err());
        let e = from_transcript("f5a1").unwrap_err().to_string();
        assert!(e.contains("move 2 (a1) is illegal"), "{e}");
    }
}
