//! The Settings window and what the settings do in a game; the settings file end to end.

mod common;
mod pty;

use common::{Harness, options};
use heibai::game::{Game, Player::Human};
use heibai::settings::Settings;
use heibai::ui::{Effect, Key, Start};
use pty::{DOWN, ENTER, ESC, Session, UP};

fn with(settings: Settings) -> Harness {
    let mut opts = options();
    opts.settings = settings;
    Harness::with_options(opts, Start::Game(Game::new(Human, Human).into()))
}

fn saved(h: &Harness) -> Vec<Settings> {
    h.effects
        .iter()
        .filter_map(|e| match e {
            Effect::SaveSettings(s) => Some(*s),
            _ => None,
        })
        .collect()
}

#[test]
fn a_change_takes_effect_at_once_and_is_kept_on_closing() {
    let mut h = with(Settings::default());
    h.key(Key::Char('o'));
    assert!(h.screen(80, 24).contains("Settings"), "the window is open");
    h.keys(&[Key::Down, Key::Down, Key::Down, Key::Right]); // Hints: off
    assert!(!h.app.play().unwrap().hints, "the game on screen follows");
    assert!(h.screen(80, 24).contains("< off >"));
    h.key(Key::Esc);
    let kept = saved(&h);
    assert_eq!(kept.len(), 1);
    assert!(!kept[0].hints);
    assert!(
        !h.screen(80, 24).contains("Flipped discs"),
        "the window is closed"
    );
}

#[test]
fn the_window_opens_again_on_the_line_it_was_left_on() {
    let mut h = with(Settings::default());
    h.key(Key::Char('o'));
    assert!(h.screen(80, 24).contains("▶ Language"));
    h.keys(&[Key::Down, Key::Down, Key::Down]);
    h.key(Key::Esc);
    h.key(Key::Char('o'));
    let screen = h.screen(80, 24);
    assert!(screen.contains("▶ Hints"), "{screen}");
    h.key(Key::Right);
    assert!(
        !h.app.play().unwrap().hints,
        "→ changes that line, not the language"
    );
}

#[test]
fn flags_for_one_run_are_not_written_back() {
    // The file has the classic colours; this run was started with --theme mono.
    let mut opts = options();
    opts.settings.palette = None;
    let mut h = Harness::with_options(opts, Start::Game(Game::new(Human, Human).into()));
    h.app.set_saved_settings(Settings::default());
    h.keys(&[
        Key::Char('o'),
        Key::Down,
        Key::Down,
        Key::Down,
        Key::Right,
        Key::Esc,
    ]);
    let kept = saved(&h);
    assert_eq!(kept[0].palette, Settings::default().palette);
    assert!(!kept[0].hints);
}

#[test]
fn esc_asks_first_when_the_settings_say_so() {
    let settings = Settings {
        confirm_quit: true,
        ..Settings::default()
    };
    let mut h = with(settings);
    h.keys(&[Key::Up, Key::Enter]); // d3
    h.key(Key::Esc);
    assert!(h.screen(80, 24).contains("Leave this game?"));
    assert!(!h.effects.contains(&Effect::Quit));
    h.key(Key::Char('n'));
    assert!(!h.effects.contains(&Effect::Quit));
    h.keys(&[Key::Esc, Key::Char('y')]);
    assert!(!h.effects.contains(&Effect::Quit), "out to the start menu");
    assert!(h.screen(80, 24).contains("Continue the saved Reversi game"));
}

#[test]
fn the_bell_rings_on_every_disc_when_asked() {
    let mut quiet = with(Settings::default());
    quiet.keys(&[Key::Up, Key::Enter]);
    assert!(!quiet.effects.contains(&Effect::Bell));
    let mut settings = Settings::default();
    settings.sound.stone = true;
    let mut clicking = with(settings);
    clicking.keys(&[Key::Up, Key::Enter]);
    assert!(clicking.effects.contains(&Effect::Bell));
}

#[test]
fn animation_off_leaves_no_highlight() {
    let settings = Settings {
        animation: heibai::settings::Animation::Off,
        ..Settings::default()
    };
    let mut h = with(settings);
    h.keys(&[Key::Up, Key::Enter]);
    assert_eq!(h.app.play().unwrap().flashing(h.now), None);
}

#[test]
fn chosen_in_the_game_and_found_again_next_time() {
    let dir = tempfile::tempdir().unwrap();
    let mut s = Session::start(&[], dir.path());
    s.wait_for("the start menu", |t| t.contains("Human vs Human"));
    s.send("o");
    s.wait_for("the settings", |t| t.contains("Colours"));
    s.send(DOWN); // past the language
    for _ in 0..3 {
        s.send("\x1b[C"); // classic → high-contrast → colour-blind → mono
    }
    s.wait_for("mono", |t| t.contains("< mono >"));
    s.send(DOWN); // board on screen
    s.send(DOWN);
    s.send(ENTER); // hints off
    s.send(ESC);
    s.send(ESC);
    assert!(s.wait_exit().success());
    let file = std::fs::read_to_string(dir.path().join("settings.toml")).unwrap();
    assert!(file.contains("theme = \"mono\""), "{file}");
    assert!(file.contains("hints = false"), "{file}");
    let mut again = Session::start(&[], dir.path());
    again.wait_for("the start menu", |t| t.contains("Human vs Human"));
    again.send("o");
    again.wait_for("the kept settings", |t| t.contains("< mono >"));
    again.send(ESC);
    again.send(UP);
    again.send(ESC);
    assert!(again.wait_exit().success());
}

#[test]
fn a_broken_settings_file_is_named_and_left_alone() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("settings.toml");
    let text = "level = 3\ntheme = \"mauve\"\nnot toml at all\n";
    std::fs::write(&path, text).unwrap();
    let mut s = Session::start(&[], dir.path());
    let screen = s.wait_for("the notice", |t| t.contains("Settings file"));
    assert!(screen.contains("theme"), "{screen}");
    assert!(
        screen.contains("< 3 Casual >"),
        "the good key is used: {screen}"
    );
    s.send(ESC);
    assert!(s.wait_exit().success());
    assert_eq!(std::fs::read_to_string(&path).unwrap(), text);
}

fn timed(control: &str, black: heibai::game::Player, white: heibai::game::Player) -> Harness {
    let mut opts = options();
    opts.settings.clock = Some(control.parse().unwrap());
    opts.settings.sound.end = true;
    Harness::with_options(opts, Start::Game(Game::new(black, white).into()))
}

#[test]
fn the_side_to_moves_clock_runs_and_the_mover_gains_the_increment() {
    use std::time::Duration;
    let mut h = timed("1+5", Human, Human);
    assert!(h.screen(80, 24).contains("Clock 1+5"));
    h.wait(Duration::from_secs(20));
    let screen = h.screen(80, 24);
    assert!(
        screen.contains("Black 0:40") && screen.contains("White 1:00"),
        "{screen}"
    );
    h.keys(&[Key::Up, Key::Enter]); // d3, after 20 s: 40 s left, 5 more
    h.wait(Duration::from_secs(10));
    let screen = h.screen(80, 24);
    assert!(
        screen.contains("Black 0:45") && screen.contains("White 0:50"),
        "{screen}"
    );
}

#[test]
fn the_flag_falls_and_ends_the_game() {
    use std::time::Duration;
    let mut h = timed("1", Human, Human);
    h.wait(Duration::from_secs(59));
    assert!(!h.effects.contains(&Effect::Bell));
    h.wait(Duration::from_secs(2));
    let screen = h.screen(80, 24);
    assert!(screen.contains("BLACK RAN OUT OF TIME"), "{screen}");
    assert!(h.effects.contains(&Effect::Bell), "the bell at the end");
    // Nothing for Continue; Enter plays again, on fresh clocks.
    assert!(!h.app.has_unfinished());
    h.key(Key::Enter);
    assert!(!h.app.play().unwrap().is_over());
    assert!(h.screen(80, 24).contains("Black 1:00"));
}

#[test]
fn the_computer_is_not_on_the_clock() {
    use heibai::game::Player::Computer;
    use std::time::Duration;
    let mut h = timed("1", Computer, Human);
    h.wait(Duration::from_secs(90));
    h.let_computer_play(1);
    let screen = h.screen(80, 24);
    // Black (the computer) took 90 s and lost nothing; White's clock started with its turn.
    assert!(
        screen.contains("Black —") && screen.contains("White 0:59"),
        "{screen}"
    );
    assert!(!screen.contains("OUT OF TIME"), "{screen}");
}

#[test]
fn a_saved_game_keeps_its_clocks() {
    use std::time::Duration;
    let mut h = timed("5+0", Human, Human);
    h.wait(Duration::from_secs(20));
    h.keys(&[Key::Up, Key::Enter]); // d3 after 20 s
    h.wait(Duration::from_millis(7_500));
    let Some(Effect::Keep { game, .. }) = h.app.closing().pop() else {
        panic!("nothing saved")
    };
    let text = game.to_text();
    assert!(text.contains("clock 300 0 280.000 292.500"), "{text}");
    // Next time, with no clocks in the settings, the game goes on with the times it had.
    let game = heibai::game::Game::from_text(&text).unwrap();
    let mut again = Harness::with_options(options(), Start::Game(game.into()));
    let screen = again.screen(80, 24);
    assert!(
        screen.contains("Black 4:40") && screen.contains("White 4:52"),
        "{screen}"
    );
    again.wait(Duration::from_secs(2));
    assert!(
        again.screen(80, 24).contains("White 4:50"),
        "White's clock runs"
    );
}

/// The game and rules chosen on the start screen are kept in the settings, and the next run's
/// start screen offers them again.
#[test]
fn the_start_screen_remembers_the_game_and_rules() {
    let mut opts = options();
    opts.settings = Settings::default();
    let mut h = Harness::with_options(opts, Start::Menu);
    while !h.screen(80, 24).contains("▶  Game:") {
        h.key(Key::Down);
    }
    h.key(Key::Right); // Reversi → Gomoku
    assert!(h.screen(80, 24).contains("Gomoku / Renju"));
    h.key(Key::Down); // the rules
    h.key(Key::Right);
    let kept = *saved(&h).last().expect("kept");
    assert_eq!(kept.game, heibai::game::GameId::Gomoku);
    assert_ne!(kept.gomoku_rule, Settings::default().gomoku_rule);
    let file = kept.to_toml();
    assert!(file.contains("game = \"gomoku\""), "{file}");
    opts.settings = kept;
    let mut next = Harness::with_options(opts, Start::Menu);
    let screen = next.screen(80, 24);
    assert!(screen.contains("Gomoku / Renju"), "{screen}");
}

/// A language chosen in the window is the one kept for next time, even when a flag chose
/// this run's (the window cycles from what it shows, not from the file's).
#[test]
fn the_language_chosen_is_kept_whatever_the_flag_said() {
    let mut opts = options();
    opts.settings.lang = heibai::i18n::Lang::En;
    let mut h = Harness::with_options(opts, Start::Menu);
    h.app.set_saved_settings(Settings {
        lang: heibai::i18n::Lang::Zh,
        ..Settings::default()
    });
    // Settings, Language is its first line: → to 中文, Esc keeps.
    h.keys(&[Key::Char('o'), Key::Right, Key::Esc]);
    let saved = h.effects.iter().rev().find_map(|e| match e {
        Effect::SaveSettings(s) => Some(s.lang),
        _ => None,
    });
    assert_eq!(saved, Some(heibai::i18n::Lang::Zh));
}
