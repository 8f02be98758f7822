//! One history: every sequence of up to six of the steps a player takes between games — a new
//! game, Esc, `s`, a rematch, a paste, quitting and running heibai again — keeps each game
//! with a move exactly once, and never two entries of one game.

mod common;

use common::Harness;
use heibai::game::Player::Human;
use heibai::reversi::Square;
use heibai::ui::{Effect, Input, Key};

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Step {
    /// From the start screen (a game left with `n` first), Human vs Human, two moves.
    New,
    /// Esc: from a game to the start screen, from the start screen out of heibai.
    Esc,
    /// `s` on a game: saved under a new name.
    Save,
    /// On a game: resign, Enter for a rematch, two moves.
    Rematch,
    /// On the start screen: a transcript pasted, opened as a game.
    Paste,
    /// Ctrl-C anywhere, and heibai run again.
    Quit,
}

const STEPS: [Step; 6] = [
    Step::New,
    Step::Esc,
    Step::Save,
    Step::Rematch,
    Step::Paste,
    Step::Quit,
];

const PASTED: &str = "f5d6";

/// What the history should hold, as the steps go.
#[derive(Default)]
struct Model {
    /// Games with a move so far.
    games: usize,
    /// The pasted game is kept as pasted (a paste of it again goes on with that entry).
    pasted_kept: bool,
    /// The game on screen is the pasted one.
    pasted_on_screen: bool,
    /// Names given with `s`.
    names: usize,
    /// The game on screen is among `games` (a game with no move is not, until it is saved).
    counted: bool,
}

fn on_game(h: &Harness) -> bool {
    h.app.play().is_some()
}

/// Plays two moves, each game's own (the `n`th game's), so that no two games are alike.
fn two_moves(h: &mut Harness, n: usize) {
    for choice in [n % 4, n / 4] {
        let legal: Vec<Square> = Square::iter(h.position().legal_moves()).collect();
        h.typed(&legal[choice % legal.len()].to_string());
        h.key(Key::Enter);
    }
}

/// Answers yes to a question on screen, if one was asked.
fn yes_if_asked(h: &mut Harness) {
    if h.screen(80, 24).contains("yes") {
        h.key(Key::Char('y'));
    }
}

/// Takes `step`; false when it does nothing where the player is (the branch is a shorter
/// sequence's, tried on its own).
fn take(h: &mut Harness, m: &mut Model, step: Step) -> bool {
    match step {
        Step::New => {
            if on_game(h) {
                h.key(Key::Char('n'));
                yes_if_asked(h);
            }
            // Continue (the one kind's unfinished game) and Load come first when there are any.
            let list = h.history.store.list();
            let unfinished = list
                .iter()
                .any(|e| e.game.as_ref().is_ok_and(|g| !g.is_over()));
            let downs = usize::from(unfinished) + usize::from(!list.is_empty());
            for _ in 0..downs {
                h.key(Key::Down);
            }
            h.key(Key::Enter);
            assert!(h.moves().is_empty(), "a new game");
            two_moves(h, m.games);
            m.games += 1;
            m.counted = true;
            m.pasted_on_screen = false;
        }
        Step::Esc => {
            if on_game(h) {
                h.key(Key::Esc);
                assert!(!on_game(h));
            } else {
                h.key(Key::Esc);
                assert_eq!(h.effects.last(), Some(&Effect::Quit));
                h.restart();
            }
            m.pasted_on_screen = false;
        }
        Step::Save => {
            if !on_game(h) {
                return false;
            }
            m.names += 1;
            if !m.counted {
                m.games += 1;
                m.counted = true;
            }
            h.key(Key::Char('s'));
            for _ in 0..60 {
                h.key(Key::Backspace);
            }
            h.typed(&format!("named {}", m.names));
            h.key(Key::Enter);
            assert!(
                h.screen(80, 24).contains("Saved as"),
                "{}",
                h.screen(80, 24)
            );
        }
        Step::Rematch => {
            // Resigning a game with no move is no game to keep: a branch not worth taking.
            if !on_game(h) || h.moves().is_empty() {
                return false;
            }
            h.keys(&[Key::Char('x'), Key::Char('y'), Key::Enter]);
            assert!(h.moves().is_empty(), "a rematch");
            two_moves(h, m.games);
            m.games += 1;
            m.counted = true;
            if m.pasted_on_screen {
                m.pasted_kept = false;
            }
            m.pasted_on_screen = false;
        }
        Step::Paste => {
            if on_game(h) {
                return false;
            }
            h.input(Input::Paste(PASTED.into()));
            assert_eq!(h.moves().len(), 2, "the pasted game");
            if !m.pasted_kept {
                m.games += 1;
            }
            m.pasted_kept = true;
            m.pasted_on_screen = true;
            m.counted = true;
        }
        Step::Quit => {
            h.key(Key::Interrupt);
            assert_eq!(h.effects.last(), Some(&Effect::Quit));
            h.restart();
            m.pasted_on_screen = false;
        }
    }
    true
}

/// The history holds `m.games` games, each once.
fn check(h: &Harness, m: &Model, steps: &[Step]) {
    let list = h.history.store.list();
    let games: Vec<_> = list
        .iter()
        .map(|e| e.game.clone().unwrap().without_clocks())
        .collect();
    let names: Vec<_> = list.iter().map(|e| &e.name).collect();
    assert_eq!(games.len(), m.games, "{steps:?}: {names:?}");
    // Two games alike can only be two pasted games both resigned at once.
    for (i, g) in games.iter().enumerate().filter(|(_, g)| !g.is_over()) {
        assert!(
            !games[..i].contains(g),
            "{steps:?}: a game twice in {names:?}"
        );
    }
}

#[test]
fn every_sequence_of_six_steps_keeps_each_game_once() {
    let mut sequences = 0;
    let mut stack: Vec<Vec<Step>> = vec![vec![]];
    while let Some(prefix) = stack.pop() {
        for step in STEPS {
            let mut steps = prefix.clone();
            steps.push(step);
            let mut h = Harness::game(Human, Human);
            h.app.set_today("2026-12-03".into());
            let mut m = Model::default();
            // The harness starts on a fresh game with no move, as `heibai reversi` does.
            let mut useful = true;
            for &s in &steps {
                useful = take(&mut h, &mut m, s);
                if !useful {
                    break;
                }
                check(&h, &m, &steps);
            }
            if useful {
                sequences += 1;
                if steps.len() < 6 {
                    stack.push(steps);
                }
            }
        }
    }
    assert!(sequences > 1000, "{sequences} sequences tried");
}
