//! Random input, as a cat on the keyboard would type it: keys, clicks, pastes, resizes and time
//! passing, on every screen of the App. Nothing may panic, and every screen must draw.

mod common;

use common::Harness;
use heibai::rng::Rng;
use heibai::ui::{Input, Key};
use std::time::Duration;

const KEYS: &[Key] = &[
    Key::Up,
    Key::Down,
    Key::Left,
    Key::Right,
    Key::Enter,
    Key::Enter,
    Key::Enter,
    Key::Home,
    Key::End,
    Key::PageUp,
    Key::PageDown,
    Key::Backspace,
    Key::F1,
    Key::Esc,
    Key::Other,
];

const CHARS: &str = "hjklnuvrtasyxpq?+-g 0123456789abcdefgh";

const PASTES: &[&str] = &[
    "f5d6c3",
    "(;GM[4];B[hh];W[ii])",
    "garbage",
    "Piskvorky 15x15, 1:1, 0\n8,8,0\n",
    "",
    "(((((",
];

fn random_input(rng: &mut Rng, h: &Harness) -> Input {
    match rng.below(20) {
        0 => Input::Resize {
            width: 20 + rng.below(150) as u16,
            height: 5 + rng.below(60) as u16,
        },
        1 => Input::Click {
            x: rng.below(140) as u16,
            y: rng.below(50) as u16,
        },
        2 => Input::Paste(PASTES[rng.below(PASTES.len())].to_string()),
        3 => Input::Tick(h.now + Duration::from_millis(rng.below(3000) as u64)),
        4..=9 => {
            let c = CHARS.chars().nth(rng.below(CHARS.len())).unwrap();
            Input::Key(Key::Char(c))
        }
        _ => Input::Key(KEYS[rng.below(KEYS.len())]),
    }
}

#[test]
fn random_input_never_panics() {
    let mut screens = std::collections::HashSet::new();
    for seed in 1..=40u64 {
        let mut rng = Rng::new(seed.wrapping_mul(0x9E37_79B9_7F4A_7C15));
        let mut h = Harness::menu();
        for step in 0..1500 {
            let input = random_input(&mut rng, &h);
            if let Input::Tick(t) = input {
                h.now = t;
            }
            h.input(input);
            // The App asked to quit (Esc, q): the program would end; here it goes on, which it
            // must survive as well.
            h.effects.clear();
            if step % 25 == 0 {
                let (w, hgt) = (40 + rng.below(100) as u16, 10 + rng.below(40) as u16);
                let _ = h.screen(w, hgt);
            }
            let screen = h.screen(80, 24);
            for (mark, name) in [
                ("Reversi ·", "reversi"),
                ("Gomoku 1", "gomoku"),
                ("Replay:", "replay"),
                ("Saved games", "load"),
                (" Help ", "help"),
                ("Save this game", "save"),
            ] {
                if screen.contains(mark) {
                    screens.insert(name);
                }
            }
        }
    }
    // The cat got around: games of both kinds, the replay and the help at least.
    for name in ["reversi", "gomoku", "replay", "help"] {
        assert!(screens.contains(name), "never reached {name}: {screens:?}");
    }
}
