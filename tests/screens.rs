//! Snapshots of every screen and state, drawn to ratatui's TestBackend.

mod common;

use common::{BLACK_WILL_PASS, Harness, options};

use heibai::game::Game;
use heibai::game::Player::{Computer, Human};
use heibai::store::LoadError;
use heibai::ui::{Input, Key, Options, Start};
use insta::assert_snapshot;
use ratatui::style::Color;
use std::time::Duration;

fn themed(color: bool, ascii: bool) -> Options {
    Options {
        colour: color,
        ascii,
        ..options()
    }
}

/// Colour on, in `palette`.
fn in_palette(palette: heibai::settings::Palette) -> Options {
    let mut opts = themed(true, false);
    opts.settings.palette = Some(palette);
    opts
}

fn game_with(moves: &str) -> Game {
    let mut g = Game::new(Human, Computer);
    for m in moves.split_whitespace() {
        g.record.play(m.parse().unwrap()).unwrap();
    }
    g
}

#[test]
fn start_menu() {
    assert_snapshot!(Harness::menu().screen(80, 24));
}

#[test]
fn start_menu_with_a_saved_game() {
    let saved = heibai::game::SavedGame::Reversi(game_with("f5 d6 c3"));
    let mut h = Harness::with_history(options(), Start::Menu, &[("kept", saved)]);
    assert_snapshot!(h.screen(80, 24));
}

#[test]
fn start_menu_with_an_unreadable_save() {
    let text = Game::new(Human, Human)
        .to_text()
        .replace("moves \ncursor 0", "moves f5 a1\ncursor 2");
    let why = LoadError::Save(heibai::game::SavedGame::from_text(&text).unwrap_err());
    let t = heibai::i18n::Lang::En.text();
    let path = "/home/u/.local/share/heibai/unfinished-game.txt";
    let mut h = Harness::menu();
    h.app
        .notify(t.saved_game_not_loaded(path, &t.load_error(&why)));
    assert_snapshot!(h.screen(80, 24));
}

#[test]
fn game_start_with_hints() {
    assert_snapshot!(Harness::game(Human, Human).screen(80, 24));
}

#[test]
fn game_hints_off() {
    let mut h = Harness::game(Human, Human);
    h.key(Key::Char('t'));
    assert_snapshot!(h.screen(80, 24));
}

#[test]
fn game_after_a_move_and_reply() {
    let mut h = Harness::game(Human, Computer);
    h.keys(&[Key::Up, Key::Enter]);
    h.let_computer_play(1);
    assert_snapshot!(h.screen(80, 24));
}

#[test]
fn computer_thinking() {
    let mut h = Harness::game(Human, Computer);
    h.auto_computer = false;
    h.keys(&[Key::Up, Key::Enter]);
    assert_snapshot!(h.screen(80, 24));
}

#[test]
fn illegal_move_message() {
    let mut h = Harness::game(Human, Human);
    h.typed("c6");
    h.key(Key::Enter);
    assert_snapshot!(h.screen(80, 24));
}

#[test]
fn pass_message() {
    let mut h = Harness::from_position(BLACK_WILL_PASS, Human, Human);
    h.typed("a8");
    h.key(Key::Enter);
    assert_snapshot!(h.screen(80, 24));
}

#[test]
fn help_overlay() {
    let mut h = Harness::game(Human, Human);
    h.key(Key::Char('?'));
    assert_snapshot!(h.screen(80, 24));
}

#[test]
fn confirm_new_game() {
    let mut h = Harness::game(Human, Human);
    h.keys(&[Key::Up, Key::Enter, Key::Char('n')]);
    assert_snapshot!(h.screen(80, 24));
}

#[test]
fn game_over() {
    let mut h = Harness::game(Computer, Computer);
    h.let_computer_play(130);
    h.wait(Duration::from_secs(5));
    assert_snapshot!(h.screen(80, 24));
}

#[test]
fn too_small() {
    assert_snapshot!(Harness::game(Human, Human).screen(34, 10));
}

#[test]
fn large_terminal_gets_a_larger_board() {
    let mut h = Harness::game(Human, Computer);
    h.keys(&[Key::Up, Key::Enter]);
    h.let_computer_play(1);
    assert_snapshot!(h.screen(120, 40));
}

#[test]
fn ascii_mode() {
    let opts = themed(false, true);
    let mut h = Harness::with_options(opts, Start::Game(Game::new(Human, Human).into()));
    h.keys(&[Key::Up, Key::Enter]);
    let screen = h.screen(80, 24);
    assert!(screen.is_ascii(), "{screen}");
    assert_snapshot!(screen);
    // The help and the menu too, whose words have "…" and "·" in them.
    h.key(Key::Char('?'));
    let help = h.screen(80, 24);
    assert!(help.is_ascii(), "{help}");
    h.keys(&[Key::Esc, Key::Char('n')]);
    let menu = h.screen(80, 24);
    assert!(menu.is_ascii(), "{menu}");
}

/// In colour the two sides' discs share a shape and differ in colour, on the green board.
#[test]
fn colour_tells_the_discs_apart() {
    let opts = themed(true, false);
    let mut h = Harness::with_options(opts, Start::Game(Game::new(Human, Human).into()));
    let buf = h.buffer(80, 24);
    // Four on the board and one beside each name in the panel.
    let discs: Vec<_> = buf.content().iter().filter(|c| c.symbol() == "●").collect();
    assert_eq!(discs.len(), 6);
    assert_eq!(discs.iter().filter(|c| c.fg == Color::White).count(), 3);
    assert_eq!(discs.iter().filter(|c| c.fg == Color::Black).count(), 3);
    assert!(
        buf.content().iter().any(|c| c.bg == Color::Green),
        "a green board"
    );
}

/// With NO_COLOR no cell carries a colour: meaning is in shapes and modifiers.
#[test]
fn no_color_means_no_colours() {
    let opts = themed(false, false);
    for start in [Start::Menu, Start::Game(game_with("f5 d6").into())] {
        let mut h = Harness::with_options(opts, start);
        let buf = h.buffer(80, 24);
        for cell in buf.content() {
            assert_eq!(cell.fg, Color::Reset);
            assert_eq!(cell.bg, Color::Reset);
        }
    }
    let mut h = Harness::with_options(opts, Start::Game(game_with("f5 d6").into()));
    assert!(
        h.screen(80, 24).contains('○'),
        "white discs are hollow without colour"
    );
}

/// Analysis mode: the engine's scores on the board, the best one marked, the panel saying what
/// they are.
#[test]
fn analysis_scores_on_the_board() {
    use heibai::engine::reversi::Analysis;
    use heibai::engine::{Reply, Report};
    let mut h = Harness::game(Human, Human);
    h.key(Key::Char('m'));
    let (id, _) = h.analysis_request.expect("analysis asked for");
    let sq = |s: &str| s.parse().unwrap();
    let scores = vec![
        (sq("d3"), 120),
        (sq("c4"), -40),
        (sq("f5"), 250),
        (sq("e6"), 0),
    ];
    let report = Report::Analysis(Analysis {
        depth: 7,
        exact: false,
        selectivity: Some(heibai::engine::reversi::probcut::Selectivity(20)),
        scores,
    });
    h.input(Input::Engine(Reply { id, report }));
    assert_snapshot!(h.screen(80, 24));
}

/// A game over with squares still empty says why the result counts more discs than the board.
#[test]
fn a_finished_game_says_where_the_empty_squares_went() {
    let wiped_out = format!("{}{} O", "X".repeat(59), "-".repeat(5));
    let mut h = Harness::from_position(&wiped_out, Human, Human);
    let screen = h.screen(80, 24);
    assert!(screen.contains("64-0"), "{screen}");
    assert!(
        screen.contains("The winner gets the 5 empties."),
        "{screen}"
    );
}

#[test]
fn exact_analysis_says_so() {
    use heibai::engine::reversi::Analysis;
    use heibai::engine::{Reply, Report};
    let mut h = Harness::from_position(BLACK_WILL_PASS, Human, Human);
    h.key(Key::Char('m'));
    let (id, _) = h.analysis_request.expect("analysis asked for");
    let scores = vec![("a5".parse().unwrap(), 2200), ("a8".parse().unwrap(), 2400)];
    let report = Report::Analysis(Analysis {
        depth: 40,
        exact: true,
        selectivity: None,
        scores,
    });
    h.input(Input::Engine(Reply { id, report }));
    let screen = h.screen(80, 24);
    assert!(screen.contains("Analysis: exact final scores"), "{screen}");
    assert!(screen.contains("+22") && screen.contains("+24"), "{screen}");
}

/// While the computer thinks, the panel shows how deep it got and what it would play.
#[test]
fn computer_thinking_with_progress() {
    use heibai::engine::reversi::Progress;
    use heibai::engine::{Reply, Report};
    let mut h = Harness::game(Human, Computer);
    h.auto_computer = false;
    h.keys(&[Key::Up, Key::Enter]);
    let id = h.pending_ids()[0];
    let progress = Progress {
        depth: 7,
        best: "e3".parse().unwrap(),
        score: 130,
        exact: false,
        nodes: 1000,
        book: false,
        selectivity: Some(heibai::engine::reversi::probcut::Selectivity(15)),
    };
    h.input(Input::Engine(Reply {
        id,
        report: Report::Progress(heibai::engine::Searched::Reversi(progress)),
    }));
    let screen = h.screen(80, 24);
    assert!(
        screen.contains("depth 7@93% · best e3 · White +1"),
        "{screen}"
    );
    // A move from the book says so, not "depth 0".
    let book = Progress {
        depth: 0,
        book: true,
        selectivity: None,
        ..progress
    };
    h.input(Input::Engine(Reply {
        id,
        report: Report::Progress(heibai::engine::Searched::Reversi(book)),
    }));
    let screen = h.screen(80, 24);
    assert!(
        screen.contains("opening book · best e3 · White +1"),
        "{screen}"
    );
}

/// A Renju game against a human, Black to move with a double-three point on the board.
fn renju_game(moves: &str, options: Options) -> Harness {
    let start = heibai::gomoku::Position::new(15, heibai::gomoku::Rule::Renju, true);
    let mut game = heibai::game::GomokuGame::from_position(start, Human, Human);
    for m in moves.split_whitespace() {
        let p = game.position().board().point(m).unwrap();
        game.record.play(p.into()).unwrap();
    }
    Harness::with_options(options, Start::Game(game.into()))
}

#[test]
fn gomoku_menu() {
    let mut h = Harness::menu();
    h.keys(&[Key::Down; 4]);
    h.key(Key::Right);
    assert_snapshot!(h.screen(80, 24));
}

#[test]
fn gomoku_game_with_forbidden_points() {
    let mut h = renju_game("h8 a1 i8 a3 j6 a5 j7 a7", options());
    assert_snapshot!(h.screen(80, 24));
}

#[test]
fn gomoku_game_won() {
    let mut h = renju_game("h8 h9 i8 i9 j8 j9 k8 k9 l8", options());
    assert_snapshot!(h.screen(80, 24));
}

#[test]
fn gomoku_help() {
    let mut h = renju_game("", options());
    h.key(Key::Char('?'));
    assert_snapshot!(h.screen(80, 24));
}

#[test]
fn gomoku_large_terminal_gets_a_larger_board() {
    let mut h = renju_game("h8 h9", options());
    assert_snapshot!(h.screen(100, 34));
}

#[test]
fn gomoku_ascii() {
    let mut h = renju_game("h8 a1 i8 a3 j6 a5 j7 a7", themed(false, true));
    assert_snapshot!(h.screen(80, 24));
}

/// In colour the stones differ in colour on a wood-coloured board; the last one is marked.
#[test]
fn gomoku_colours() {
    let mut h = renju_game("h8 h9", themed(true, false));
    let buf = h.buffer(80, 24);
    let stones: Vec<_> = buf.content().iter().filter(|c| c.symbol() == "●").collect();
    // Two on the board and one beside each name in the panel.
    assert_eq!(stones.len(), 4);
    assert_eq!(stones.iter().filter(|c| c.fg == Color::White).count(), 2);
    assert_eq!(stones.iter().filter(|c| c.fg == Color::Black).count(), 2);
    assert!(buf.content().iter().any(|c| c.bg == Color::Yellow), "wood");
    assert!(
        stones.iter().any(|c| c.bg == Color::LightRed),
        "the last stone is marked"
    );
}

#[test]
fn replay_of_a_reversi_game() {
    let mut g = game_with("f5 d6 c3 d3 c4 f4 f6");
    g.record.goto(7);
    let saved = heibai::game::SavedGame::Reversi(g);
    let mut h = Harness::new(Start::Replay(saved));
    h.keys(&[Key::Right, Key::Right, Key::Right]);
    assert_snapshot!(h.screen(80, 24));
}

#[test]
fn replay_of_a_won_gomoku_game() {
    let h = renju_game("h8 h9 i8 i9 j8 j9 k8 k9 l8", options());
    let game = h.gomoku_play().game.clone();
    let mut h = Harness::new(Start::Replay(heibai::game::SavedGame::Gomoku(game)));
    h.key(Key::End);
    assert_snapshot!(h.screen(80, 24));
}

#[test]
fn save_as_and_the_list_of_saved_games() {
    let mut h = Harness::game(Human, Computer);
    h.app.set_today("2026-11-29".into());
    h.key(Key::Char('s'));
    assert_snapshot!("save_as", h.screen(80, 24));
    let entries = vec![
        heibai::store::Entry {
            name: "2026-11-29 Reversi human-computer".into(),
            saved: "2026-11-29 10:00".into(),
            game: Ok(heibai::game::SavedGame::Reversi(game_with("f5 d6 c3"))),
        },
        heibai::store::Entry {
            name: "old".into(),
            saved: "2026-10-01 08:30".into(),
            game: Err(heibai::store::LoadError::Save(heibai::game::SaveError {
                line: 3,
                flaw: heibai::game::Flaw::ExpectedKey("black".into()),
            })),
        },
    ];
    let mut h = Harness::menu();
    h.input(Input::Library(entries));
    assert_snapshot!("menu_offers_the_unfinished_saved_game", h.screen(80, 24));
    h.keys(&[Key::Down, Key::Enter]);
    assert_snapshot!("saved_games", h.screen(80, 24));
}

/// Every colour on the screen, foreground and background, with the game and the Gomoku board.
fn colours_used(palette: heibai::settings::Palette) -> Vec<Color> {
    let mut colours = vec![];
    let opts = in_palette(palette);
    let mut reversi = Harness::with_options(opts, Start::Game(game_with("f5 d6").into()));
    let mut gomoku = renju_game("h8 a1 i8 a3 j6 a5 j7 a7", opts);
    for buf in [reversi.buffer(80, 24), gomoku.buffer(80, 24)] {
        for cell in buf.content() {
            colours.extend([cell.fg, cell.bg]);
        }
    }
    colours
}

#[test]
fn the_colour_blind_theme_never_sets_red_against_green() {
    let used = colours_used(heibai::settings::Palette::ColourBlind);
    for bad in [Color::Red, Color::LightRed, Color::Green, Color::LightGreen] {
        assert!(!used.contains(&bad), "{bad:?} in the colour-blind theme");
    }
    assert!(used.contains(&Color::Cyan), "a cyan board");
}

#[test]
fn the_high_contrast_theme_tells_stones_apart_by_shape_on_a_black_board() {
    let opts = in_palette(heibai::settings::Palette::HighContrast);
    let mut h = Harness::with_options(opts, Start::Game(game_with("f5 d6").into()));
    let screen = h.screen(80, 24);
    assert!(screen.contains('●') && screen.contains('○'), "{screen}");
    let buf = h.buffer(80, 24);
    assert!(
        buf.content()
            .iter()
            .any(|c| c.bg == Color::Black && c.symbol() == "●")
    );
    assert!(
        !buf.content()
            .iter()
            .any(|c| matches!(c.symbol(), "●" | "○") && c.fg == c.bg),
        "no stone drawn in the colour of what is under it (the board, or the cursor)"
    );
    // The cursor starts on d4's white stone.
    let mut fresh = Harness::with_options(opts, Start::Game(Game::new(Human, Human).into()));
    let buf = fresh.buffer(80, 24);
    assert!(
        !buf.content()
            .iter()
            .any(|c| matches!(c.symbol(), "●" | "○") && c.fg == c.bg),
        "the stone under the cursor shows"
    );
    assert!(colours_used(heibai::settings::Palette::Classic).contains(&Color::Green));
}

/// One letter per colour, for maps of what a theme paints.
fn letter(c: Color) -> char {
    match c {
        Color::Reset => '.',
        Color::Black => 'k',
        Color::Red => 'r',
        Color::Green => 'g',
        Color::Yellow => 'y',
        Color::Blue => 'b',
        Color::Magenta => 'm',
        Color::Cyan => 'c',
        Color::Gray => 'a',
        Color::DarkGray => 'd',
        Color::LightRed => 'R',
        Color::LightGreen => 'G',
        Color::LightYellow => 'Y',
        Color::LightBlue => 'B',
        Color::LightMagenta => 'M',
        Color::LightCyan => 'C',
        Color::White => 'w',
        _ => '?',
    }
}

/// The screen, then a map of its background colours, then of the colours of what is written.
fn painted(h: &mut Harness) -> String {
    let text = h.screen(80, 24);
    let buf = h.buffer(80, 24);
    let map = |f: &dyn Fn(&ratatui::buffer::Cell) -> char| {
        (0..24)
            .map(|y| (0..80).map(|x| f(&buf[(x, y)])).collect::<String>())
            .collect::<Vec<_>>()
            .join("\n")
    };
    let bg = map(&|c| letter(c.bg));
    let fg = map(&|c| if c.symbol() == " " { ' ' } else { letter(c.fg) });
    format!("{text}\n--- background\n{bg}\n--- text\n{fg}")
}

#[test]
fn every_theme_on_the_game_screens() {
    use heibai::settings::Palette;
    let themes = [
        ("classic", Some(Palette::Classic)),
        ("high_contrast", Some(Palette::HighContrast)),
        ("colour_blind", Some(Palette::ColourBlind)),
        ("mono", None),
    ];
    for (name, palette) in themes {
        let mut opts = themed(palette.is_some(), false);
        opts.settings.palette = palette;
        let mut reversi = Harness::with_options(opts, Start::Game(game_with("f5 d6 c3").into()));
        assert_snapshot!(format!("theme_{name}_reversi"), painted(&mut reversi));
        let mut gomoku = renju_game("h8 h9 i8 i9 j7", opts);
        assert_snapshot!(format!("theme_{name}_gomoku"), painted(&mut gomoku));
    }
}

/// The options of the other tests, in Chinese.
fn chinese() -> Options {
    let mut opts = options();
    opts.settings.lang = heibai::i18n::Lang::Zh;
    opts
}

/// Words of the English interface that a Chinese screen must not show.
const ENGLISH: &[&str] = &[
    " to move",
    "Black",
    "White",
    "Human",
    "Computer",
    "Game",
    "Help",
    "Quit",
    "Settings",
    "hints",
    "Moves",
    "Move ",
    "choose",
    "change",
    "place",
    "undo",
    "replay",
    "Replay",
    "level",
    "Level",
    "Your ",
    "wins",
    "Enter start",
    "Esc quit",
    "Esc back",
    "Keys",
    "the ",
];

/// The screen of `h` at 80×24, checked for English left in it.
fn in_chinese(h: &mut Harness) -> String {
    let screen = h.screen(80, 24);
    for word in ENGLISH {
        assert!(
            !screen.contains(word),
            "'{word}' on a Chinese screen:\n{screen}"
        );
    }
    screen
}

#[test]
fn the_lobby_in_english() {
    assert_snapshot!(Harness::lobby_with_tables(options()).screen(80, 24));
}

/// The main screens in Chinese: every word from the Chinese file, the layout right with
/// double-width characters at 80×24.
#[test]
fn the_main_screens_in_chinese() {
    let mut menu = Harness::with_options(chinese(), Start::Menu);
    assert_snapshot!("zh_start_menu", in_chinese(&mut menu));
    menu.keys(&[Key::Down, Key::Down, Key::Down, Key::Down, Key::Right]);
    assert_snapshot!("zh_gomoku_menu", in_chinese(&mut menu));

    let mut two_people = game_with("f5 d6 c3");
    two_people.white = Human;
    let start = Start::Game(two_people.into());
    let mut game = Harness::with_options(chinese(), start);
    assert_snapshot!("zh_game", in_chinese(&mut game));
    game.typed("a1");
    game.key(Key::Enter);
    assert_snapshot!("zh_illegal_move", in_chinese(&mut game));
    game.key(Key::Char('?'));
    assert_snapshot!("zh_help", in_chinese(&mut game));
    game.keys(&[Key::Esc, Key::Char('o')]);
    assert_snapshot!("zh_settings", in_chinese(&mut game));
    game.keys(&[Key::Esc, Key::Char('n')]);
    assert_snapshot!("zh_confirm_new", in_chinese(&mut game));

    let start = Start::Game(Game::new(Human, Computer).into());
    let mut thinking = Harness::with_options(chinese(), start);
    thinking.auto_computer = false;
    thinking.keys(&[Key::Up, Key::Enter]);
    assert_snapshot!("zh_computer_thinking", in_chinese(&mut thinking));

    let start = Start::Game(Game::new(Computer, Computer).into());
    let mut over = Harness::with_options(chinese(), start);
    over.let_computer_play(130);
    over.wait(Duration::from_secs(5));
    assert_snapshot!("zh_game_over", in_chinese(&mut over));

    let mut gomoku = renju_game("h8 h9 i8 i9 j8 j9 k8 k9 l8", chinese());
    assert_snapshot!("zh_gomoku_won", in_chinese(&mut gomoku));
    gomoku.key(Key::Char('?'));
    assert_snapshot!("zh_gomoku_help", in_chinese(&mut gomoku));

    let mut g = game_with("f5 d6 c3 d3 c4 f4 f6");
    g.record.goto(7);
    let start = Start::Replay(heibai::game::SavedGame::Reversi(g));
    let mut replay = Harness::with_options(chinese(), start);
    replay.keys(&[Key::Right, Key::Right, Key::Right]);
    assert_snapshot!("zh_replay", in_chinese(&mut replay));

    assert_snapshot!(
        "zh_lobby",
        in_chinese(&mut Harness::lobby_with_tables(chinese()))
    );
}

/// At the smallest size the panel is narrow: "to move" goes rather than wrapping.
#[test]
fn the_smallest_game_screen_in_both_languages() {
    let (w, h) = heibai::ui::min_size();
    for (name, opts) in [("en", options()), ("zh", chinese())] {
        let start = Start::Game(game_with("f5 d6 c3").into());
        let mut game = Harness::with_options(opts, start);
        game.auto_computer = false;
        assert_snapshot!(format!("smallest_game_{name}"), game.screen(w, h));
    }
}

/// The whole app works down to 40×14: the game on a board without grid lines, the menu and the
/// Settings scrolled to the line chosen, the help in its scrolling box; at 60×20 the board keeps
/// its grid beside a narrow panel; a 15×15 Gomoku board fits 40×18 alone, the state on the
/// status line.
#[test]
fn compact_layouts() {
    for (name, opts) in [("en", options()), ("zh", chinese())] {
        let start = Start::Game(game_with("f5 d6 c3").into());
        let mut game = Harness::with_options(opts, start);
        game.auto_computer = false;
        assert_snapshot!(format!("compact_game_40x14_{name}"), game.screen(40, 14));
        assert_snapshot!(format!("compact_game_60x20_{name}"), game.screen(60, 20));
    }
    let mut menu = Harness::menu();
    menu.keys(&[Key::Down; 8]);
    assert_snapshot!("compact_menu_40x14", menu.screen(40, 14));
    menu.key(Key::Char('?'));
    assert_snapshot!("compact_help_40x14", menu.screen(40, 14));
    menu.keys(&[Key::Esc, Key::Char('o')]);
    menu.keys(&[Key::Down; 9]);
    assert_snapshot!("compact_settings_40x14", menu.screen(40, 14));
    let mut gomoku = Harness::gomoku(Human, Human, heibai::gomoku::Rule::Renju);
    assert_snapshot!("compact_gomoku_40x18", gomoku.screen(40, 18));
}

/// A game between people as its watcher sees it: no cursor, and only a watcher's keys.
#[test]
fn a_watcher_sees_no_cursor_and_only_a_watchers_keys() {
    use heibai::table::{Net, TableView};
    let mut h = Harness::lobby_with_tables(options());
    let mut game = game_with("f5 d6 c3");
    game.white = Human;
    let net = Net {
        code: "ZXCVB".into(),
        seat: None,
        names: [Some("dave".into()), Some("erin".into())],
        watchers: 2,
        result: None,
        note: None,
        resume: None,
        claimable: false,
        rated: false,
        ratings: [None, None],
        rematch: [false, false],
        clock: None,
    };
    let view = TableView {
        net,
        game: game.into(),
    };
    h.input(Input::Table(Box::new(view)));
    assert_snapshot!(h.screen(80, 24));
}

/// A rated game between people, over: both players' ratings before and after, and the other
/// player's rematch asked for, which Enter accepts.
#[test]
fn a_rated_game_ends_with_both_ratings_and_a_rematch_to_accept() {
    use heibai::game::Ending;
    use heibai::table::{Net, NetRequest, Rated, Rating, TableView};
    let mut h = Harness::lobby_with_tables(options());
    let mut game = game_with("f5 d6 c3");
    game.white = Human;
    let rating = |points| Rating {
        points,
        provisional: true,
    };
    let net = Net {
        code: "KQWER".into(),
        seat: Some(heibai::reversi::Color::Black),
        names: [Some("alice#nwbN".into()), Some("bob#k/eW".into())],
        watchers: 1,
        result: Some(Ending::Resigned(heibai::reversi::Color::White)),
        note: None,
        resume: None,
        claimable: false,
        rated: true,
        ratings: [
            Some(Rated {
                before: rating(1500),
                after: Some(rating(1662)),
            }),
            Some(Rated {
                before: rating(1500),
                after: Some(rating(1338)),
            }),
        ],
        rematch: [false, true],
        clock: None,
    };
    let view = TableView {
        net,
        game: game.into(),
    };
    h.input(Input::Table(Box::new(view)));
    assert_snapshot!(h.screen(80, 24));
    h.effects.clear();
    h.key(Key::Enter);
    assert!(
        h.effects
            .iter()
            .any(|e| matches!(e, heibai::ui::Effect::Net(NetRequest::Rematch))),
        "{:?}",
        h.effects
    );
}

/// A game between people on the clock shows the server's clocks running on from what it
/// sent, and leaves the flag to the server: at zero the game goes on until the server says.
#[test]
fn the_servers_clocks_run_here_and_its_flag_decides() {
    use heibai::game::clock::TimeControl;
    use heibai::table::{Net, NetClock, TableView};
    let mut h = Harness::lobby_with_tables(options());
    let mut game = game_with("f5 d6 c3");
    game.white = Human;
    let net = Net {
        code: "KQWER".into(),
        seat: Some(heibai::reversi::Color::Black),
        names: [Some("alice".into()), Some("bob".into())],
        watchers: 0,
        result: None,
        note: None,
        resume: None,
        claimable: false,
        rated: false,
        ratings: [None, None],
        rematch: [false, false],
        clock: Some(NetClock {
            control: TimeControl::minutes(1, 0),
            left: [Duration::from_secs(12), Duration::from_secs(47)],
            running: Some(heibai::reversi::Color::Black),
        }),
    };
    let view = TableView {
        net,
        game: game.into(),
    };
    h.input(Input::Table(Box::new(view)));
    h.wait(Duration::from_secs(5));
    let screen = h.screen(80, 24);
    assert!(
        screen.contains("Black 0:07.0") && screen.contains("White 0:47"),
        "{screen}"
    );
    h.wait(Duration::from_secs(10));
    let screen = h.screen(80, 24);
    assert!(screen.contains("Black 0:00.0"), "{screen}");
    assert!(!screen.to_lowercase().contains("game over"), "{screen}");
}

/// The leaderboard from the lobby, a player's card from it, a game on the card replayed, and
/// Esc back step by step.
#[test]
fn the_leaderboard_a_card_and_a_replay_from_it() {
    use heibai::game::GameId;
    use heibai::table::{Card, Leaderboard, NetRequest, PastGame, Rating, Standing, Variant};
    use heibai::ui::Effect;
    let mut h = Harness::lobby_with_tables(options());
    let asked = |h: &mut Harness| {
        let asked = h.effects.iter().rev().find_map(|e| match e {
            Effect::Net(r) => Some(r.clone()),
            _ => None,
        });
        h.effects.clear();
        asked
    };
    for _ in 0..11 {
        h.key(Key::Down);
    }
    assert!(
        h.screen(80, 24)
            .contains("▶  Leaderboard and players' cards")
    );
    h.key(Key::Enter);
    assert_eq!(asked(&mut h), Some(NetRequest::Leaderboard(None)));
    let reversi = Variant::Game(GameId::Reversi);
    let standing = |name: &str, points, games| Standing {
        name: name.into(),
        key: format!("SHA256:{name}"),
        pool: reversi,
        rating: Rating {
            points,
            provisional: games < 10,
        },
        games,
        wins: games / 2,
        losses: games - games / 2,
        draws: 0,
    };
    let board = Leaderboard {
        pool: reversi,
        pools: vec![
            reversi,
            Variant::Gomoku(heibai::gomoku::Rule::Renju, 15, false),
        ],
        top: vec![
            standing("dave#Ab12", 1712, 23),
            standing("erin#Cd34", 1633, 14),
        ],
        provisional: vec![standing("alice#nwbN", 1662, 1)],
        you: Some(standing("alice#nwbN", 1662, 1)),
    };
    h.input(Input::Leaderboard(Box::new(board)));
    assert_snapshot!("leaderboard", h.screen(80, 24));
    h.key(Key::Right);
    let renju = Variant::Gomoku(heibai::gomoku::Rule::Renju, 15, false);
    assert_eq!(asked(&mut h), Some(NetRequest::Leaderboard(Some(renju))));
    h.key(Key::Down);
    h.key(Key::Enter);
    assert_eq!(
        asked(&mut h),
        Some(NetRequest::Card("SHA256:dave#Ab12".into()))
    );
    let card = Card {
        name: "dave#Ab12".into(),
        key: "SHA256:dave#Ab12".into(),
        standings: vec![standing("dave#Ab12", 1712, 23)],
        games: vec![PastGame {
            code: "KQWER".into(),
            game: reversi,
            names: [Some("dave#Ab12".into()), Some("erin#Cd34".into())],
            winner: Some(heibai::reversi::Color::Black),
            played: heibai::reversi::Color::Black,
            change: Some(9),
            date: "2026-12-03".into(),
        }],
    };
    h.input(Input::Card(Box::new(card)));
    assert_snapshot!("player_card", h.screen(80, 24));
    h.key(Key::Enter);
    assert_eq!(asked(&mut h), Some(NetRequest::PastGame("KQWER".into())));
    let mut game = game_with("f5 d6 c3");
    game.white = Human;
    h.input(Input::PastGame(Box::new(game.into())));
    assert!(h.screen(80, 24).contains("Replay"), "{}", h.screen(80, 24));
    h.key(Key::Esc);
    assert!(h.screen(80, 24).contains("Player dave#Ab12"));
    h.key(Key::Esc);
    assert!(h.screen(80, 24).contains("Leaderboard: Reversi"));
    h.key(Key::Esc);
    assert!(h.screen(80, 24).contains("A game with a person"));
}

/// On a server, a game against the computer says Esc goes to the start menu, and Esc there
/// keeps it behind Continue, saying for how long.
#[test]
fn on_a_server_esc_steps_out_of_a_game_to_the_start_menu() {
    let mut h = Harness::with_options(
        options(),
        Start::Lobby {
            user: "alice".into(),
            keyed: false,
        },
    );
    h.auto_computer = false;
    h.keys(&[Key::Enter, Key::Down, Key::Enter]);
    assert_snapshot!("served_game", h.screen(80, 24));
    h.keys(&[Key::Up, Key::Enter]);
    h.key(Key::Esc);
    assert_snapshot!("served_game_kept", h.screen(80, 24));
}

/// The help box keeps its right border at the smallest screen in Chinese, whose wide
/// characters must wrap inside it.
#[test]
fn the_chinese_help_keeps_its_border_at_40_by_14() {
    let mut opts = options();
    opts.settings.lang = heibai::i18n::Lang::Zh;
    let mut h = Harness::with_options(opts, Start::Menu);
    h.key(Key::Char('?'));
    for _ in 0..40 {
        let screen = h.screen(40, 14);
        let rows: Vec<&str> = screen.lines().collect();
        for row in &rows[1..rows.len().saturating_sub(2)] {
            if row.trim_start().starts_with('│') {
                assert!(row.trim_end().ends_with('│'), "{row:?} in\n{screen}");
            }
        }
        h.key(Key::Down);
    }
}

/// A finished Reversi game's review in both languages, the first mistake shown: numbered as
/// the move list, with its side, and the better move drawn on the board.
#[test]
fn reversi_review_with_a_mistake_shown() {
    for (name, opts) in [("en", options()), ("zh", chinese())] {
        let mut g = game_with("e6 f4 e3 f6 g5 d6 e7 f5 c5");
        g.white = Computer;
        let mut h = Harness::with_options(opts, Start::Replay(g.into()));
        h.wait(Duration::from_millis(100));
        h.judge();
        h.key(Key::Char(']'));
        let screen = h.screen(100, 30);
        assert!(screen.contains('◇'), "{screen}");
        assert_snapshot!(format!("reversi_review_mistake_{name}"), screen);
    }
}

/// A replay of a game between people still being played names the players and gives no
/// engine's help: no analysis, no review, no playing on from a step.
#[test]
fn a_replay_of_a_live_game_between_people_has_no_engine_in_it() {
    use heibai::table::{Net, TableView};
    let mut h = Harness::lobby_with_tables(options());
    let mut game = game_with("f5 d6 c3");
    game.white = Human;
    let net = Net {
        code: "KQWER".into(),
        seat: Some(heibai::reversi::Color::White),
        names: [Some("alice#nwbN".into()), Some("bob#k/eW".into())],
        watchers: 0,
        result: None,
        note: None,
        resume: None,
        claimable: false,
        rated: true,
        ratings: [None, None],
        rematch: [false, false],
        clock: None,
    };
    let view = TableView {
        net,
        game: game.into(),
    };
    h.input(Input::Table(Box::new(view)));
    h.effects.clear();
    h.keys(&[
        Key::Char('v'),
        Key::End,
        Key::Char('m'),
        Key::Char(']'),
        Key::Enter,
    ]);
    let asked = h
        .effects
        .iter()
        .any(|e| matches!(e, heibai::ui::Effect::Ask { .. }));
    assert!(!asked, "{:?}", h.effects);
    let screen = h.screen(80, 24);
    assert!(screen.contains("Black: alice#nwbN"), "{screen}");
    assert!(
        !screen.contains("accuracy") && !screen.contains("Reviewing"),
        "{screen}"
    );
    assert!(!screen.contains("Evaluation"), "{screen}");
    // Still a replay: Esc goes back to the game, which is still on.
    h.key(Key::Esc);
    assert!(h.screen(80, 24).contains("KQWER"));
}

/// When the server's lists change above the lobby's cursor, it stays on what it was on: the
/// leaderboard stays the leaderboard, a table stays that table.
#[test]
fn the_lobby_cursor_stays_on_its_entry_as_the_lists_change() {
    use heibai::table::Listing;
    let mut h = Harness::lobby_with_tables(options());
    for _ in 0..11 {
        h.key(Key::Down);
    }
    assert!(
        h.screen(80, 24)
            .contains("▶  Leaderboard and players' cards")
    );
    let tables = |h: &Harness| -> Vec<Listing> { h.app.tables().to_vec() };
    let all = tables(&h);
    // The first table goes: the leaderboard is still chosen.
    h.input(Input::Lobby(all[1..].to_vec()));
    assert!(
        h.screen(80, 24)
            .contains("▶  Leaderboard and players' cards")
    );
    // Back on the last table; the tables before it go, and it stays chosen.
    h.input(Input::Lobby(all.clone()));
    h.key(Key::Up);
    let screen = h.screen(80, 24);
    let chosen = screen
        .lines()
        .find(|l| l.contains('▶'))
        .unwrap()
        .to_string();
    h.input(Input::Lobby(all[all.len() - 1..].to_vec()));
    let screen = h.screen(80, 24);
    let now = screen
        .lines()
        .find(|l| l.contains('▶'))
        .unwrap()
        .to_string();
    assert_eq!(chosen.trim(), now.trim(), "{screen}");
}
