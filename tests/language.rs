//! The interface in English and Chinese: chosen in the Settings window, by `--lang`, or by the
//! locale; kept in the settings file.

mod common;
mod pty;

use common::{Harness, options};
use heibai::game::{Game, Player::Human};
use heibai::i18n::Lang;
use heibai::ui::{Effect, Key, Start};
use pty::{DOWN, ESC, RIGHT, Session};

#[test]
fn the_window_switches_the_language_at_once_and_keeps_it() {
    let start = Start::Game(Game::new(Human, Human).into());
    let mut h = Harness::with_options(options(), start);
    assert!(h.screen(80, 24).contains("Black to move"));
    // An English message on the status line does not stay once the language changes.
    h.typed("a1");
    h.key(Key::Enter);
    assert!(h.screen(80, 24).contains("a1 flips nothing"));
    h.keys(&[Key::Char('o'), Key::Right]);
    assert!(!h.screen(80, 24).contains("flips nothing"));
    let screen = h.screen(80, 24);
    assert!(screen.contains("< 中文 >"), "{screen}");
    assert!(
        screen.contains("黑方：玩家"),
        "the game behind follows: {screen}"
    );
    h.key(Key::Esc);
    assert!(h.screen(80, 24).contains("黑方走"));
    let kept: Vec<_> = h
        .effects
        .iter()
        .filter_map(|e| match e {
            Effect::SaveSettings(s) => Some(s.lang),
            _ => None,
        })
        .collect();
    assert_eq!(kept, [Lang::Zh]);
    // Messages come in the new language too.
    h.typed("a1");
    h.key(Key::Enter);
    assert!(h.screen(80, 24).contains("a1 翻不了任何子"));
}

#[test]
fn lang_zh_shows_chinese() {
    let dir = tempfile::tempdir().unwrap();
    let mut s = Session::start(&["--lang", "zh"], dir.path());
    let screen = s.wait_for("the Chinese start menu", |t| t.contains("玩家对玩家"));
    assert!(screen.contains("终端里的黑白棋"), "{screen}");
    assert!(!screen.contains("Human"), "{screen}");
    s.send("\r"); // a game between two people
    s.wait_for("the Chinese game", |t| t.contains("黑方走"));
    s.send(ESC);
    s.wait_for("the start menu again", |t| t.contains("玩家对玩家"));
    s.send(ESC);
    assert!(s.wait_exit().success());
    assert!(
        !dir.path().join("settings.toml").exists(),
        "a flag is for one run only"
    );
}

#[test]
fn the_locale_chooses_the_language_unless_the_file_says_otherwise() {
    let dir = tempfile::tempdir().unwrap();
    let mut s = Session::start_in("zh_CN.UTF-8", &[], dir.path());
    s.wait_for("Chinese from LANG", |t| t.contains("玩家对玩家"));
    s.send(ESC);
    assert!(s.wait_exit().success());

    std::fs::write(dir.path().join("settings.toml"), "language = \"en\"\n").unwrap();
    let mut s = Session::start_in("zh_CN.UTF-8", &[], dir.path());
    s.wait_for("English from the file", |t| t.contains("Human vs Human"));
    s.send(ESC);
    assert!(s.wait_exit().success());
}

/// The issue's "done when": a new user switches to Chinese, picks a theme and a clock in the
/// Settings window, quits, and finds them kept next time.
#[test]
fn chinese_a_theme_and_a_clock_are_kept_for_next_time() {
    let dir = tempfile::tempdir().unwrap();
    let mut s = Session::start(&[], dir.path());
    s.wait_for("the start menu", |t| t.contains("Human vs Human"));
    s.send("o");
    s.wait_for("the settings", |t| t.contains("Language"));
    s.send(RIGHT); // English → 中文
    s.wait_for("the window in Chinese", |t| t.contains("语言"));
    s.send(DOWN);
    for _ in 0..3 {
        s.send(RIGHT); // classic → high-contrast → colour-blind → mono
    }
    for _ in 0..11 {
        s.send(DOWN); // to the clocks
    }
    s.send(RIGHT); // off → 1+0
    s.wait_for("the clock chosen", |t| t.contains("< 1+0 >"));
    s.send(ESC);
    s.wait_for("the start menu in Chinese", |t| t.contains("玩家对玩家"));
    s.send(ESC);
    assert!(s.wait_exit().success());
    let file = std::fs::read_to_string(dir.path().join("settings.toml")).unwrap();
    assert!(file.contains("language = \"zh\""), "{file}");
    assert!(file.contains("theme = \"mono\""), "{file}");
    assert!(file.contains("clock = \"1+0\""), "{file}");

    let mut again = Session::start(&[], dir.path());
    again.wait_for("Chinese again", |t| t.contains("玩家对玩家"));
    again.send("o");
    let screen = again.wait_for("the kept settings", |t| t.contains("< 单色 >"));
    assert!(screen.contains("< 1+0 >"), "{screen}");
    again.send(ESC);
    again.send(ESC);
    assert!(again.wait_exit().success());
}

#[test]
fn a_broken_save_and_pasted_junk_are_explained_in_chinese() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("unfinished-game.txt");
    std::fs::write(&path, "heibai 1\ngame reversi\nblack human\nwhite nobody\n").unwrap();
    let store = heibai::store::Store::new(dir.path());
    let notice = heibai::driver::adopt_legacy(dir.path(), &store, Lang::Zh.text());
    let mut opts = options();
    opts.settings.lang = Lang::Zh;
    let mut h = Harness::with_options(opts, Start::Menu);
    h.app.notify(notice.expect("the file is not read"));
    let screen = h.screen(80, 24);
    assert!(screen.contains("未载入保存的棋局"), "{screen}");
    assert!(screen.contains("棋手“nobody”"), "{screen}");
    h.input(heibai::ui::Input::Paste("hello there".into()));
    let screen = h.screen(80, 24);
    assert!(screen.contains("粘贴的文字不是棋谱"), "{screen}");
    for english in ["expected", "line", "not a", "is not"] {
        assert!(!screen.contains(english), "'{english}' left: {screen}");
    }
}
