//! Gomoku and Renju in the App, driven through its inputs as a driver would.

mod common;

use common::Harness;
use heibai::game::Player::{Computer, Human};
use heibai::gomoku::{Color, Outcome, Rule};
use heibai::ui::{Effect, Input, Key};
use std::time::Duration;

/// Moves the cursor to `point` with the arrow keys, as a player would.
fn go(h: &mut Harness, point: &str) {
    let target = h.gomoku_play().position().board().point(point).unwrap();
    loop {
        let c = h.gomoku_play().cursor;
        let key = if c.col < target.col {
            Key::Right
        } else if c.col > target.col {
            Key::Left
        } else if c.row < target.row {
            Key::Up
        } else if c.row > target.row {
            Key::Down
        } else {
            return;
        };
        h.key(key);
    }
}

/// Places stones at `points` in turn with the arrows and Enter.
fn play(h: &mut Harness, points: &str) {
    for p in points.split_whitespace() {
        go(h, p);
        h.key(Key::Enter);
    }
}

#[test]
fn the_menu_starts_a_renju_game_against_the_computer() {
    let mut h = Harness::menu();
    h.keys(&[Key::Down; 4]);
    h.key(Key::Right); // Game: Gomoku
    assert!(h.screen(80, 24).contains("Rules: < Renju >"));
    h.keys(&[Key::Down, Key::Down, Key::Right]); // Board: 19x19
    h.keys(&[Key::Up; 5]); // Human vs Computer
    h.key(Key::Enter);
    let play = h.gomoku_play();
    let p = play.position();
    assert_eq!(p.board().size(), 19);
    assert_eq!(p.rule(), Rule::Renju);
    assert_eq!((play.game.black, play.game.white), (Human, Computer));
    assert_eq!(
        play.cursor.to_string(),
        "j10",
        "the cursor starts in the centre"
    );
}

#[test]
fn a_game_from_a_set_opening_starts_with_its_stones_which_stay() {
    let mut options = common::options();
    let hogetsu = heibai::gomoku::OPENINGS
        .iter()
        .position(|o| o.name == "Hogetsu")
        .unwrap();
    options.settings.gomoku_opening = heibai::settings::OpeningChoice::Named(hogetsu as u8);
    let mut h = Harness::with_options(options, heibai::ui::Start::Menu);
    h.keys(&[Key::Down; 4]);
    h.key(Key::Right); // Game: Gomoku
    h.keys(&[Key::Up; 3]); // Human vs Computer
    h.key(Key::Enter);
    assert_eq!(h.stones().len(), 3, "the opening's three stones");
    assert!(h.screen(80, 24).contains("Opening: Hogetsu (7I)"));
    h.wait(Duration::from_millis(700));
    assert_eq!(
        h.stones().len(),
        4,
        "the computer played White's second stone"
    );
    h.key(Key::Char('u'));
    assert_eq!(h.stones().len(), 4, "nothing of the opening is taken back");
    assert!(h.screen(80, 24).contains("Nothing to undo"));
    let play = h.gomoku_play();
    assert_eq!(play.game.opening().map(|o| o.code()), Some("7I".into()));
}

#[test]
fn arrows_and_enter_place_stones_and_the_computer_answers() {
    let mut h = Harness::gomoku(Human, Computer, Rule::Renju);
    h.key(Key::Enter);
    assert_eq!(h.stones(), ["h8"]);
    h.wait(Duration::from_millis(700));
    assert_eq!(h.stones().len(), 2, "the computer replied");
    assert_eq!(h.gomoku_play().position().to_move(), Color::Black);
}

#[test]
fn black_opens_in_the_centre() {
    let mut h = Harness::gomoku(Human, Human, Rule::Renju);
    h.key(Key::Up);
    h.key(Key::Enter);
    assert!(h.stones().is_empty());
    assert!(
        h.screen(80, 24)
            .contains("Black's first stone goes in the centre, h8")
    );
    assert_eq!(h.effects, vec![Effect::Bell]);
}

#[test]
fn five_in_a_row_wins_and_is_highlighted() {
    let mut h = Harness::gomoku(Human, Human, Rule::Renju);
    play(&mut h, "h8 h9 i8 i9 j8 j9 k8 k9 l8");
    let p = h.gomoku_play().position();
    assert!(matches!(p.outcome(), Outcome::Won(Color::Black, _)));
    assert_eq!(p.winning_line().len(), 5);
    let screen = h.screen(80, 24);
    assert!(screen.contains("Black wins with five in a row"), "{screen}");
    assert!(!h.app.has_unfinished());
    // Enter after the end plays again.
    h.key(Key::Enter);
    assert!(h.stones().is_empty() && !h.gomoku_play().is_over());
}

#[test]
fn a_forbidden_point_says_why_and_changes_nothing() {
    let mut h = Harness::gomoku(Human, Human, Rule::Renju);
    // Black h8 i8 across and j6 j7 up: j8 would make two open threes.
    play(&mut h, "h8 a1 i8 a3 j6 a5 j7 a7");
    let before = h.stones();
    h.effects.clear();
    play(&mut h, "j8");
    assert_eq!(h.stones(), before, "nothing changed");
    assert_eq!(h.effects, vec![Effect::Bell]);
    let screen = h.screen(100, 30);
    assert!(screen.contains("j8 is forbidden: double-three"), "{screen}");
    // Hints mark it on the board; `t` hides the marks.
    assert!(screen.contains('×'));
    h.key(Key::Char('t'));
    assert!(!h.screen(100, 30).contains('×'));
}

#[test]
fn undo_and_redo_against_the_computer_go_to_the_humans_turns() {
    let mut h = Harness::gomoku(Human, Computer, Rule::Freestyle);
    h.key(Key::Enter);
    h.wait(Duration::from_millis(700));
    play(&mut h, "h10");
    h.wait(Duration::from_millis(700));
    assert_eq!(h.stones().len(), 4);
    h.key(Key::Char('u'));
    assert_eq!(
        h.stones().len(),
        2,
        "undo takes back the computer's reply too"
    );
    h.key(Key::Char('r'));
    assert_eq!(h.stones().len(), 4);
    h.key(Key::Char('u'));
    h.key(Key::Char('u'));
    assert!(h.stones().is_empty());
    assert!(h.screen(80, 24).contains("Took back to move 1"));
}

#[test]
fn resigning_ends_the_game_and_undo_takes_it_back() {
    let mut h = Harness::gomoku(Human, Human, Rule::Standard);
    play(&mut h, "h8 h9");
    // `x` asks first; n keeps playing, y resigns.
    h.key(Key::Char('x'));
    assert!(h.screen(80, 24).contains("Resign this game?"));
    h.key(Key::Char('n'));
    assert!(!h.gomoku_play().is_over());
    h.keys(&[Key::Char('x'), Key::Char('y')]);
    assert!(h.gomoku_play().is_over());
    assert!(h.screen(80, 24).contains("White wins, Black resigned"));
    h.key(Key::Char('u'));
    assert!(!h.gomoku_play().is_over());
    assert_eq!(h.stones(), ["h8", "h9"]);
}

#[test]
fn a_click_places_a_stone_on_the_nearest_point() {
    let mut h = Harness::gomoku(Human, Human, Rule::Renju);
    let screen = h.screen(80, 24);
    // Find the centre star's screen cell from the drawn board: row "8", column "h".
    let (y, line) = screen
        .lines()
        .enumerate()
        .find(|(_, l)| l.trim_start().starts_with("8 "))
        .unwrap();
    let header = screen
        .lines()
        .find(|l| l.trim_start().starts_with("a b c"))
        .unwrap();
    let x = header.find('h').unwrap();
    assert!(line.chars().count() > x);
    h.input(Input::Click {
        x: x as u16,
        y: y as u16,
    });
    assert_eq!(h.stones(), ["h8"]);
}

#[test]
fn a_small_terminal_asks_for_room_for_the_big_board() {
    let start = heibai::gomoku::Position::new(19, Rule::Renju, true);
    let game = heibai::game::GomokuGame::from_position(start, Human, Human);
    let mut h = Harness::new(heibai::ui::Start::Game(game.into()));
    let small = h.screen(65, 21);
    assert!(small.contains("at least 41x22"), "{small}");
    assert!(
        h.screen(80, 24)
            .contains("a b c d e f g h i j k l m n o p q r s")
    );
}

#[test]
fn quitting_saves_the_game_and_continue_brings_it_back() {
    let mut h = Harness::gomoku(Human, Computer, Rule::Renju);
    h.key(Key::Enter);
    h.wait(Duration::from_millis(700));
    play(&mut h, "h10");
    h.wait(Duration::from_millis(700));
    h.key(Key::Char('u'));
    h.key(Key::Esc);
    // Kept, and back on the start screen; Esc there ends heibai.
    assert!(h.screen(80, 24).contains("Continue the saved Gomoku game"));
    h.key(Key::Esc);
    assert_eq!(h.effects.last(), Some(&Effect::Quit));
    let list = h.history.store.list();
    assert_eq!(list.len(), 1);
    let saved = list[0].game.clone().unwrap();
    let mut again = Harness::with_history(
        common::options(),
        heibai::ui::Start::Menu,
        &[("kept", saved)],
    );
    let screen = again.screen(80, 24);
    assert!(
        screen.contains("Continue the saved Gomoku game (move 3, Black to move)"),
        "{screen}"
    );
    again.key(Key::Enter);
    let play = again.gomoku_play();
    assert_eq!(play.game.record.cursor(), 2);
    assert_eq!(play.game.record.moves().len(), 4, "the redo future is kept");
    assert_eq!((play.game.black, play.game.white), (Human, Computer));
}

#[test]
fn a_finished_or_resigned_game_is_not_offered() {
    let mut h = Harness::gomoku(Human, Human, Rule::Renju);
    play(&mut h, "h8 h9");
    h.keys(&[Key::Char('x'), Key::Char('y')]);
    assert!(!h.app.has_unfinished());
    assert!(h.history.store.list()[0].game.as_ref().unwrap().is_over());
}

/// Playing again after a game from a set opening starts from the same opening's stones.
#[test]
fn playing_again_keeps_the_set_opening() {
    let start = heibai::gomoku::Start::Opening {
        index: 3,
        symmetry: 2,
    };
    let position = heibai::gomoku::Position::starting(15, Rule::Renju, start);
    let game = heibai::game::GomokuGame::starting(position, Human, Human);
    let mut h = Harness::new(heibai::ui::Start::Game(game.into()));
    let opening = h.stones();
    assert_eq!(opening.len(), 3);
    h.key(Key::Enter);
    h.keys(&[Key::Char('x'), Key::Char('y')]);
    assert!(h.gomoku_play().is_over());
    h.key(Key::Char('w'));
    assert!(!h.gomoku_play().is_over());
    assert_eq!(h.stones(), opening, "the same three stones, nothing else");
}

/// On a 19×19 board at 80×24 the panel's long lines wrap; the latest moves still show.
#[test]
fn the_latest_moves_show_beside_a_19_by_19_board() {
    // Renju's rule line is the longest: it wraps.
    let start = heibai::gomoku::Position::new(19, Rule::Renju, false);
    let game = heibai::game::GomokuGame::from_position(start, Human, Human);
    let mut h = Harness::new(heibai::ui::Start::Game(game.into()));
    // Stones three apart: no line of Black's is a three, nothing is forbidden.
    let points: Vec<String> = ["a", "d", "g", "k", "n", "q"]
        .iter()
        .flat_map(|col| [1, 4, 7, 10].map(|row| format!("{col}{row}")))
        .take(23)
        .collect();
    play(&mut h, &points.join(" "));
    let screen = h.screen(80, 24);
    assert!(screen.contains(" 12. q7"), "{screen}");
}

/// A freestyle game Black wins with five on row 8: White's o15 (move 6) let it through
/// where g8 would have held.
fn white_missed_a_defence() -> heibai::game::GomokuGame {
    let start = heibai::gomoku::Position::new(15, Rule::Freestyle, true);
    let mut game = heibai::game::GomokuGame::from_position(start, Human, Human);
    for m in "h8 a1 i8 a2 j8 o15 k8 g8 l8".split_whitespace() {
        let p = game.position().board().point(m).unwrap();
        game.record.play(p.into()).unwrap();
    }
    game
}

/// The replay of a finished game reviews it in the background: the graph fills, and the move
/// that let the win through is named (numbered as the move list numbers it, with its side)
/// with the defence that would have held; `]` goes to it and draws the defence on the board.
#[test]
fn a_replay_reviews_the_game() {
    let game = white_missed_a_defence();
    let mut h = Harness::new(heibai::ui::Start::Replay(game.into()));
    h.wait(Duration::from_millis(100));
    let screen = h.screen(100, 30);
    assert!(screen.contains("Reviewing: 0 of 10 positions"), "{screen}");
    assert_eq!(h.judge(), 10, "one request a position");
    let screen = h.screen(100, 30);
    assert!(screen.contains("Mistakes:"), "{screen}");
    assert!(
        screen.contains("3. White o15 missed the defence at"),
        "{screen}"
    );
    assert!(screen.contains("White: 1 mistake"), "{screen}");
    assert!(screen.contains("Black: no mistakes"), "{screen}");
    assert!(
        !screen.contains('◇'),
        "no better move on the board at the start"
    );
    insta::assert_snapshot!("gomoku_review", screen);
    h.key(Key::Char(']'));
    let screen = h.screen(100, 30);
    assert!(screen.contains("Move 6 of 9"), "{screen}");
    assert!(
        screen.contains('◇'),
        "the defence drawn on the board: {screen}"
    );
    insta::assert_snapshot!("gomoku_review_mistake", screen);
    h.key(Key::Char(']'));
    assert!(h.screen(100, 30).contains("No mistake after this move"));
    h.key(Key::Home);
    h.key(Key::Char('['));
    assert!(h.screen(100, 30).contains("No mistake before this move"));
}

/// Renju: White's four could only be stopped at h10, a double-three for Black; after White's
/// five there the panel says why Black could not block.
#[test]
fn a_loss_through_a_forbidden_block_is_explained() {
    let start = heibai::gomoku::Position::new(15, Rule::Renju, false);
    let game = heibai::game::GomokuGame::from_position(start, Human, Human);
    let mut h = Harness::new(heibai::ui::Start::Game(game.into()));
    play(&mut h, "c10 d10 h11 e10 h12 f10 i11 o1 j12 g10 a15 h10");
    assert_eq!(
        h.gomoku_play().position().outcome(),
        Outcome::Won(
            Color::White,
            h.gomoku_play().position().board().point("h10").unwrap()
        )
    );
    let screen = h.screen(100, 30);
    assert!(
        screen.contains("h10, Black's only block, was forbidden:")
            && screen.contains("double-three"),
        "{screen}"
    );
}

/// A point can be typed after `:`: its column (any letter, even one that is a command) and
/// its row, two digits for rows 10-19; Esc stops typing without leaving the game.
#[test]
fn points_are_typed_after_a_colon() {
    let start = heibai::gomoku::Position::new(19, Rule::Freestyle, false);
    let game = heibai::game::GomokuGame::from_position(start, Human, Human);
    let mut h = Harness::new(heibai::ui::Start::Game(game.into()));
    let at = |h: &Harness| h.gomoku_play().cursor.to_string();
    h.typed(":n4");
    assert_eq!(at(&h), "n4", "n is a column here, not a new game");
    h.key(Key::Enter);
    assert_eq!(h.stones(), ["n4"]);
    h.typed(":s19");
    assert_eq!(at(&h), "s19");
    h.typed(":h1");
    assert_eq!(at(&h), "h1");
    assert!(
        h.screen(100, 30).contains("Go to:"),
        "a second digit may come"
    );
    h.typed("0");
    assert_eq!(at(&h), "h10");
    h.typed(":o");
    h.key(Key::Esc);
    let screen = h.screen(100, 30);
    assert!(
        screen.contains("Moves"),
        "Esc stops typing, the game stays: {screen}"
    );
    assert!(!screen.contains("Go to:"));
    h.typed("u");
    assert!(h.stones().is_empty(), "u is undo again");
}

/// The review in Chinese, a mistake chosen with `]`: numbered, with its side and the defence
/// on the board.
#[test]
fn the_review_in_chinese_with_a_mistake_chosen() {
    let game = white_missed_a_defence();
    let mut opts = common::options();
    opts.settings.lang = heibai::i18n::Lang::Zh;
    let mut h = Harness::with_options(opts, heibai::ui::Start::Replay(game.into()));
    h.wait(Duration::from_millis(100));
    assert_eq!(h.judge(), 10);
    h.key(Key::Char(']'));
    let screen = h.screen(100, 30);
    assert!(screen.contains("3. 白方 o15 漏防，应下 g8"), "{screen}");
    assert!(screen.contains('◇'), "{screen}");
    insta::assert_snapshot!("gomoku_review_mistake_zh", screen);
}

/// A Renju game from the Taraguchi-10 opening, between two people at one keyboard (or one
/// against the computer), in `lang`.
fn taraguchi(
    black: heibai::game::Player,
    white: heibai::game::Player,
    lang: heibai::i18n::Lang,
) -> Harness {
    let mut opts = common::options();
    opts.settings.lang = lang;
    let start =
        heibai::gomoku::Position::starting(15, Rule::Renju, heibai::gomoku::Start::Taraguchi);
    let game = heibai::game::GomokuGame::starting(start, black, white);
    Harness::with_options(opts, heibai::ui::Start::Game(game.into()))
}

/// Every stage of the opening as a new player meets it: the panel says what comes next and
/// which keys do the rest; a stone outside the square, a second swap or a point not offered
/// is refused with the reason; undo steps back through the decisions; the saved game keeps
/// them.
#[test]
fn the_taraguchi_opening_stage_by_stage_at_one_keyboard() {
    use heibai::game::SavedGame;
    let mut h = taraguchi(Human, Human, heibai::i18n::Lang::En);
    assert!(
        h.screen(120, 30)
            .contains("Taraguchi-10: Black's 1st stone, in the")
    );
    h.key(Key::Enter);
    let screen = h.screen(120, 30);
    assert!(
        screen.contains("Taraguchi-10: White's 2nd stone, within"),
        "{screen}"
    );
    assert!(screen.contains("or: c swap"), "{screen}");
    // The key line names the decision too, even in a small terminal.
    let small = h.screen(60, 20);
    assert!(small.contains("Enter place · c swap colours"), "{small}");
    play(&mut h, "j10");
    assert!(h.screen(120, 30).contains("j10 is outside the central 3x3"));
    assert_eq!(h.stones(), ["h8"]);
    h.key(Key::Char('c'));
    assert!(h.gomoku_play().position().swapped());
    // Two people at one keyboard: a note naming "Human" twice would say nothing.
    assert!(!h.screen(120, 30).contains("Swapped:"));
    h.key(Key::Char('c'));
    assert!(
        h.screen(120, 30)
            .contains("this stone's swap has been made")
    );
    h.key(Key::Char('f'));
    assert!(
        h.screen(120, 30)
            .contains("5th stones are offered only in place")
    );
    play(&mut h, "h9 i9 g7");
    let screen = h.screen(120, 30);
    assert!(
        screen.contains("Taraguchi-10: Black's 5th stone, within"),
        "{screen}"
    );
    assert!(screen.contains("offer ten 5th stones"), "{screen}");
    h.key(Key::Char('f'));
    let screen = h.screen(120, 30);
    assert!(screen.contains("Black offers 5th stone 1"), "{screen}");
    play(&mut h, "a1 a15 o1 o15 b2 c3 d4 n14 m13 l12");
    let screen = h.screen(120, 30);
    assert!(screen.contains("White picks one of the"), "{screen}");
    assert_eq!(screen.matches('◌').count(), 10, "{screen}");
    // The offers are numbered as the 5th stone they would be; the stone count is the move's.
    assert!(screen.contains("  5? l12"), "{screen}");
    assert!(screen.contains("Move 5"), "{screen}");
    play(&mut h, "e5");
    assert!(
        h.screen(120, 30)
            .contains("e5 was not offered: pick a marked point")
    );
    play(&mut h, "c3");
    assert!(h.screen(120, 30).contains("White's 6th stone"));
    play(&mut h, "j9");
    assert_eq!(h.stones(), ["h8", "h9", "i9", "g7", "c3", "j9"]);
    let screen = h.screen(120, 30);
    assert!(
        screen.contains("  5. c3") && screen.contains("  6. j9"),
        "{screen}"
    );
    assert!(
        !screen.contains("Taraguchi-10"),
        "the opening is over: {screen}"
    );
    // Saved and read back with every decision; undo goes back through the pick.
    let saved = SavedGame::Gomoku(h.gomoku_play().game.clone());
    let text = saved.to_text();
    assert!(text.contains("opening taraguchi-10"), "{text}");
    assert!(text.contains("h8 swap h9 i9 g7 offer a1"), "{text}");
    assert_eq!(SavedGame::from_text(&text).unwrap(), saved);
    h.keys(&[Key::Char('u'), Key::Char('u')]);
    assert!(h.screen(120, 30).contains("White picks one of the"));
}

/// The same stages in Chinese.
#[test]
fn the_taraguchi_opening_in_chinese() {
    let mut h = taraguchi(Human, Human, heibai::i18n::Lang::Zh);
    assert!(h.screen(120, 30).contains("Taraguchi-10：黑方第 1 子"));
    h.key(Key::Enter);
    let screen = h.screen(120, 30);
    assert!(screen.contains("白方第 2 子，下在中央 3x3"), "{screen}");
    assert!(screen.contains("或：c 交换"), "{screen}");
    play(&mut h, "h9 i9 g7");
    h.key(Key::Char('f'));
    assert!(h.screen(120, 30).contains("黑方打第 1 个五手点"));
}

/// Against the computer: it answers the tentative Black's first stone with a decision of its
/// own (a swap, or White's second stone within the square), and plays the opening through.
#[test]
fn the_computer_plays_its_part_of_the_taraguchi_opening() {
    let mut h = taraguchi(Human, Computer, heibai::i18n::Lang::En);
    h.key(Key::Enter);
    h.wait(Duration::from_millis(1500));
    let play = h.gomoku_play();
    let moves: Vec<String> = play
        .game
        .record
        .played()
        .iter()
        .map(|m| m.to_string())
        .collect();
    assert!(moves.len() >= 2, "{moves:?}");
    assert!(
        moves[1] == "swap"
            || ["g7", "g8", "g9", "h7", "h9", "i7", "i8", "i9"].contains(&moves[1].as_str()),
        "{moves:?}"
    );
    assert!(play.human_to_move() || play.game.player(play.position().to_move()) == Computer);
    // Whichever colour the person holds now, resigning loses: the computer wins.
    for _ in 0..4 {
        if h.gomoku_play().human_to_move() {
            break;
        }
        h.answer();
        h.wait(Duration::from_millis(1500));
    }
    assert!(h.gomoku_play().human_to_move());
    h.keys(&[Key::Char('x'), Key::Char('y')]);
    assert!(
        h.screen(120, 30).contains("The computer wins"),
        "{}",
        h.screen(120, 30)
    );
}
