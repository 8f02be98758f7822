//! Every word fits, in both languages: every screen at 40×14, 60×20, 80×24 and 120×40, in
//! English and in Chinese, checked for a word cut mid-way without an ellipsis, a key's hint
//! split from its key over two lines, and English on a Chinese screen outside proper names.

mod common;

use common::{Harness, options};
use heibai::game::Player::{Computer, Human};
use heibai::game::{Game, SavedGame};
use heibai::i18n::Lang;
use heibai::ui::{Key, Options, Start};
use std::collections::HashSet;
use std::time::Duration;
use unicode_width::UnicodeWidthStr;

const SIZES: [(u16, u16); 4] = [(40, 14), (60, 20), (80, 24), (120, 40)];

/// Names the players in these scenes have, and the lobby's codes.
const NAMES: &[&str] = &[
    "alice", "bob", "carol", "dave", "erin", "KQWER", "MNBVC", "ZXCVB", "finished", "going",
    "renju",
];

/// English a Chinese screen may show: the program's name, keys by their names on the keyboard,
/// file formats, and the names of the scenes' players.
const NAMES_IN_CHINESE: &[&str] = &[
    "heibai",
    "Enter",
    "Esc",
    "Tab",
    "PgUp",
    "PgDn",
    "Home",
    "End",
    "Ctrl",
    "Space",
    "Backspace",
    "SGF",
    "PSQ",
    "GGF",
    "SSH",
    // The Settings window names its language line in English too, for whoever cannot read it.
    "Language",
];

fn in_lang(lang: Lang) -> Options {
    let mut opts = options();
    opts.settings.lang = lang;
    opts
}

fn reversi(moves: &str, black: heibai::game::Player, white: heibai::game::Player) -> Game {
    let mut g = Game::new(black, white);
    for m in moves.split_whitespace() {
        g.record.play(m.parse().unwrap()).unwrap();
    }
    g
}

fn renju(moves: &str) -> heibai::game::GomokuGame {
    let start = heibai::gomoku::Position::new(15, heibai::gomoku::Rule::Renju, true);
    let mut game = heibai::game::GomokuGame::from_position(start, Human, Human);
    for m in moves.split_whitespace() {
        let p = game.position().board().point(m).unwrap();
        game.record.play(p.into()).unwrap();
    }
    game
}

/// A finished Reversi game (White wiped out in nine moves), reviewed, a mistake shown.
fn reviewed_reversi(opts: Options) -> Harness {
    let game = reversi("e6 f4 e3 f6 g5 d6 e7 f5 c5", Human, Computer);
    let mut h = Harness::with_options(opts, Start::Replay(SavedGame::Reversi(game)));
    h.wait(Duration::from_millis(100));
    h.judge();
    h.key(Key::Char(']'));
    h
}

/// Every screen, as a player reaches it, in the language of `opts`.
fn scenes(opts: Options) -> Vec<(&'static str, Harness)> {
    let mut out = vec![];
    let game = |moves: &str, white| Start::Game(reversi(moves, Human, white).into());
    out.push(("start menu", Harness::with_options(opts, Start::Menu)));
    let mut h = Harness::with_options(opts, Start::Menu);
    h.keys(&[Key::Down, Key::Down, Key::Down, Key::Down, Key::Right]);
    out.push(("start menu, Gomoku", h));
    let kept = [
        (
            "finished",
            SavedGame::Reversi(reversi("e6 f4 e3 f6 g5 d6 e7 f5 c5", Human, Human)),
        ),
        (
            "going",
            SavedGame::Reversi(reversi("f5 d6 c3", Human, Computer)),
        ),
        ("renju", SavedGame::Gomoku(renju("h8 h9 i8"))),
    ];
    out.push((
        "start menu, Continue",
        Harness::with_history(opts, Start::Menu, &kept),
    ));
    let mut h = Harness::with_history(opts, Start::Menu, &kept);
    h.keys(&[Key::Down, Key::Down, Key::Enter]);
    out.push(("saved games", h));
    let mut h = Harness::with_options(opts, Start::Menu);
    h.key(Key::Char('o'));
    out.push(("settings", h));
    let mut h = Harness::with_options(opts, Start::Menu);
    h.key(Key::Char('?'));
    out.push(("help on the menu", h));

    out.push((
        "a new game",
        Harness::with_options(opts, game("", Computer)),
    ));
    let mut h = Harness::with_options(opts, game("f5 d6 c3", Human));
    h.typed("a1");
    h.key(Key::Enter);
    out.push(("an illegal move", h));
    let mut h = Harness::with_options(opts, game("f5 d6 c3", Human));
    h.key(Key::Char('m'));
    out.push(("analysis asked", h));
    let mut h = Harness::with_options(opts, game("", Computer));
    h.auto_computer = false;
    h.keys(&[Key::Up, Key::Enter]);
    out.push(("the computer thinking", h));
    for (name, key) in [
        ("help in a game", '?'),
        ("save as", 's'),
        ("resign?", 'x'),
        ("new game?", 'n'),
    ] {
        let mut h = Harness::with_options(opts, game("f5 d6 c3", Computer));
        h.key(Key::Char(key));
        out.push((name, h));
    }
    let mut h = Harness::with_options(opts, game("e6 f4 e3 f6 g5 d6 e7 f5", Computer));
    h.typed("c5");
    h.key(Key::Enter);
    out.push(("you win", h));
    let start = Start::Game(Game::new(Computer, Computer).into());
    let mut h = Harness::with_options(opts, start);
    h.let_computer_play(130);
    h.wait(Duration::from_secs(5));
    out.push(("computer against computer, over", h));

    let mut h = Harness::with_options(opts, Start::Game(renju("h8 a1 i8 a3 j6 a5 j7 a7").into()));
    h.typed("j8");
    out.push(("Renju, a forbidden point", h));
    let won = renju("h8 h9 i8 i9 j8 j9 k8 k9 l8");
    out.push((
        "Renju, won",
        Harness::with_options(opts, Start::Game(won.clone().into())),
    ));
    let mut h = Harness::with_options(opts, Start::Game(renju("h8").into()));
    h.key(Key::Char(':'));
    h.typed("j");
    out.push(("Gomoku, a point typed", h));

    out.push(("Reversi review, a mistake shown", reviewed_reversi(opts)));
    let mut h = Harness::with_options(opts, Start::Replay(SavedGame::Gomoku(won)));
    h.wait(Duration::from_millis(100));
    h.judge();
    h.key(Key::End);
    out.push(("Gomoku review", h));
    out.push(("lobby", Harness::lobby_with_tables(opts)));
    out
}

/// Every word the program knows: the words of both languages' files and the openings' names,
/// split at anything not a letter, lower case.
fn dictionary() -> HashSet<String> {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut text = String::new();
    let mut dirs = vec![
        root.join("src/i18n"),
        root.join("src/reversi"),
        root.join("src/gomoku"),
    ];
    while let Some(dir) = dirs.pop() {
        for entry in std::fs::read_dir(dir).unwrap().flatten() {
            let path = entry.path();
            if path.is_dir() {
                dirs.push(path);
            } else {
                text.push_str(&std::fs::read_to_string(path).unwrap_or_default());
            }
        }
    }
    text.push_str(&NAMES.join(" "));
    words(&text).map(|w| w.to_lowercase()).collect()
}

/// The runs of ASCII letters in `text`.
fn words(text: &str) -> impl Iterator<Item = &str> {
    text.split(|c: char| !c.is_ascii_alphabetic())
        .filter(|w| !w.is_empty())
}

/// Whether `c` draws a box or a board's lines: a word against one is text a window covers.
fn border(c: char) -> bool {
    ('\u{2500}'..='\u{257f}').contains(&c)
}

/// The words of `line` with what stands just before and after each.
fn words_in(line: &str) -> Vec<(Option<char>, &str, Option<char>)> {
    let mut out = vec![];
    let mut rest = line;
    let mut before = None;
    while let Some(start) = rest.find(|c: char| c.is_ascii_alphabetic()) {
        before = rest[..start].chars().last().or(before);
        let tail = &rest[start..];
        let end = tail
            .find(|c: char| !c.is_ascii_alphabetic())
            .unwrap_or(tail.len());
        out.push((before, &tail[..end], tail[end..].chars().next()));
        before = tail[..end].chars().last();
        rest = &tail[end..];
    }
    out
}

/// The items of a key line ("↑↓ choose · Enter start"): its parts between separators.
fn items(line: &str) -> Vec<&str> {
    line.split(" · ").map(str::trim).collect()
}

/// What is wrong with `screen`, `width` columns wide (`zh`: a Chinese one).
fn misfits(screen: &str, width: u16, zh: bool, dict: &HashSet<String>) -> Vec<String> {
    let mut found = vec![];
    let lines: Vec<&str> = screen.lines().collect();
    for (i, line) in lines.iter().enumerate() {
        // A key line that runs into the screen's edge with a key's word cut to a letter
        // ("· f s"); other text there may have wrapped whole, and is checked by its words.
        let at_edge = UnicodeWidthStr::width(*line) == usize::from(width);
        let last_item: Vec<&str> = items(line).last().unwrap().split(' ').collect();
        if at_edge && line.contains(" · ") && last_item.len() > 1 {
            let word = last_item[last_item.len() - 1];
            if word.len() == 1 && word.chars().all(|c| c.is_ascii_alphabetic()) {
                found.push(format!("key line cut at the edge: {line}"));
            }
        }
        for (before, word, after) in words_in(line) {
            // Beside a window's border it is what the window covers; after `--`, a flag.
            let covered = before.is_some_and(border) || after.is_some_and(border);
            let flag = line.contains(&format!("--{word}"));
            if word.len() < 2 || covered || flag {
                continue;
            }
            // A word cut: letters the program never says, unless an ellipsis marks the cut.
            if after != Some('…') && !dict.contains(&word.to_lowercase()) {
                found.push(format!("cut word '{word}' in: {line}"));
            }
            // English on a Chinese screen, outside names.
            if zh
                && !NAMES_IN_CHINESE.contains(&word)
                && !NAMES.contains(&word)
                && !quoted(line, word)
            {
                found.push(format!("English '{word}' in: {line}"));
            }
        }
        // A key's hint split: a key line ending in a key alone, the next line going on with
        // its word.
        if let Some(next) = lines.get(i + 1)
            && line.contains(" · ")
            && next.contains(" · ")
        {
            let last = *items(line).last().unwrap();
            let first = items(next)[0];
            if a_key(last) && !first.contains(' ') && !first.is_empty() {
                found.push(format!(
                    "key and word apart: '{last}' / '{first}' in:\n{line}\n{next}"
                ));
            }
        }
    }
    found
}

/// Whether `word` stands inside 「…」 on `line`: a name kept as it is (either end may be
/// under a window).
fn quoted(line: &str, word: &str) -> bool {
    let opened = line
        .split('「')
        .skip(1)
        .map(|part| part.split(['」', '│']).next());
    let closed = line
        .split('」')
        .rev()
        .skip(1)
        .map(|part| part.rsplit(['「', '│']).next());
    opened
        .chain(closed)
        .flatten()
        .any(|name| name.contains(word))
}

/// Whether `item` is a key alone: keys are written in ASCII and arrows.
fn a_key(item: &str) -> bool {
    item.chars()
        .all(|c| c.is_ascii_graphic() || "←↑→↓".contains(c))
}

#[test]
fn every_word_fits_at_every_size_in_both_languages() {
    let dict = dictionary();
    let mut wrong = vec![];
    for lang in [Lang::En, Lang::Zh] {
        for (name, mut h) in scenes(in_lang(lang)) {
            for (w, ht) in SIZES {
                let screen = h.screen(w, ht);
                for misfit in misfits(&screen, w, lang == Lang::Zh, &dict) {
                    wrong.push(format!("{lang:?} {name} at {w}x{ht}: {misfit}"));
                }
            }
        }
    }
    wrong.dedup();
    assert!(
        wrong.is_empty(),
        "{} misfits:\n{}",
        wrong.len(),
        wrong.join("\n")
    );
}
