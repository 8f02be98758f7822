//! The App driven through its inputs, as a driver would.

mod common;

use common::{BLACK_WILL_PASS, Harness, options};
use heibai::game::Player::{Computer, Human};
use heibai::reversi::{Color, Move, Position, Status};
use heibai::ui::{Effect, Input, Key, Start};
use std::time::Duration;

fn mv(s: &str) -> Move {
    s.parse().unwrap()
}

#[test]
fn arrows_and_enter_play_d3() {
    let mut h = Harness::game(Human, Human);
    h.keys(&[Key::Up, Key::Enter]);
    let p = h.position();
    assert_eq!((p.count(Color::Black), p.count(Color::White)), (4, 1));
    assert_eq!(h.moves(), vec![mv("d3")]);
}

#[test]
fn cursor_stops_at_the_edges() {
    let mut h = Harness::game(Human, Human);
    for _ in 0..10 {
        h.keys(&[Key::Up, Key::Left]);
    }
    assert_eq!(h.app.play().unwrap().cursor.to_string(), "a1");
    for _ in 0..10 {
        h.keys(&[Key::Down, Key::Right]);
    }
    assert_eq!(h.app.play().unwrap().cursor.to_string(), "h8");
}

#[test]
fn typed_square_moves_the_cursor() {
    let mut h = Harness::game(Human, Human);
    h.typed("f5");
    assert_eq!(h.app.play().unwrap().cursor.to_string(), "f5");
    h.typed("h2");
    assert_eq!(h.app.play().unwrap().cursor.to_string(), "h2");
    h.typed("9z1");
    assert_eq!(
        h.app.play().unwrap().cursor.to_string(),
        "h2",
        "a digit alone does nothing"
    );
}

/// A typed square and a command never share a key: `a` `4` only jumps (analysis is `m`), and
/// `h` is a column, not a cursor key, on the Reversi board.
#[test]
fn typed_squares_share_no_key_with_commands() {
    let mut h = Harness::game(Human, Human);
    h.typed("a4");
    assert_eq!(h.app.play().unwrap().cursor.to_string(), "a4");
    assert_eq!(h.analysis_request, None, "a is a column only");
    h.typed("h");
    assert_eq!(
        h.app.play().unwrap().cursor.to_string(),
        "a4",
        "h waits for a row"
    );
    h.typed("7");
    assert_eq!(h.app.play().unwrap().cursor.to_string(), "h7");
    h.key(Key::Char('m'));
    assert!(h.analysis_request.is_some(), "m asks for the scores");
}

#[test]
fn illegal_moves_change_nothing_and_say_why() {
    let mut h = Harness::game(Human, Human);
    h.key(Key::Enter); // d4 is occupied
    assert_eq!(h.position(), Position::initial());
    assert!(h.screen(80, 24).contains("d4 is occupied"));
    assert_eq!(h.effects, vec![Effect::Bell]);
    h.typed("c6");
    h.key(Key::Enter);
    assert_eq!(h.position(), Position::initial());
    assert!(h.screen(80, 24).contains("c6 flips nothing"));
}

#[test]
fn other_keys_are_ignored() {
    let mut h = Harness::game(Human, Human);
    let before = h.screen(80, 24);
    h.keys(&[
        Key::Other,
        Key::Char('z'),
        Key::Char('!'),
        Key::Char('0'),
        Key::Char('9'),
    ]);
    assert_eq!(h.position(), Position::initial());
    assert_eq!(h.screen(80, 24), before);
}

#[test]
fn computer_answers_after_a_pause_and_ui_stays_live() {
    let mut h = Harness::game(Human, Computer);
    h.auto_computer = false;
    h.keys(&[Key::Up, Key::Enter]);
    assert!(h.thinking(), "the computer was asked");
    // While it thinks, the cursor still moves and help opens and closes.
    h.keys(&[Key::Down, Key::Char('?'), Key::Esc]);
    h.answer();
    h.wait(Duration::from_millis(100));
    assert_eq!(h.moves().len(), 1, "held back for the pause");
    h.wait(Duration::from_millis(600));
    assert_eq!(h.moves().len(), 2);
    assert_eq!(h.position().to_move(), Color::Black);
}

#[test]
fn stale_and_illegal_replies_are_dropped() {
    let mut h = Harness::game(Human, Computer);
    h.auto_computer = false;
    h.keys(&[Key::Up, Key::Enter]);
    let reply = |id, m: &str| {
        let report = heibai::engine::Report::Move(heibai::engine::Played::Reversi(mv(m)));
        Input::Engine(heibai::engine::Reply { id, report })
    };
    h.input(reply(999, "c3"));
    h.wait(Duration::from_secs(1));
    assert_eq!(h.moves().len(), 1);
    h.input(reply(1, "a1"));
    h.wait(Duration::from_secs(1));
    assert_eq!(h.moves().len(), 1);
    assert!(h.screen(80, 24).contains("illegal move"));
}

#[test]
fn undo_against_the_computer_returns_to_the_humans_turn() {
    let mut h = Harness::game(Human, Computer);
    h.keys(&[Key::Up, Key::Enter]);
    h.let_computer_play(1);
    assert_eq!(h.moves().len(), 2);
    h.key(Key::Char('u'));
    assert_eq!(h.position(), Position::initial());
    h.key(Key::Char('u'));
    assert!(h.screen(80, 24).contains("Nothing to undo"));
    h.key(Key::Char('r'));
    assert_eq!(
        h.moves().len(),
        2,
        "redo replays the human move and the reply"
    );
    assert_eq!(h.position().to_move(), Color::Black);
}

#[test]
fn undo_while_the_computer_thinks_cancels_it() {
    let mut h = Harness::game(Human, Computer);
    h.auto_computer = false;
    h.keys(&[Key::Up, Key::Enter, Key::Char('u')]);
    assert!(!h.thinking());
    assert_eq!(h.position(), Position::initial());
}

#[test]
fn human_as_white_waits_for_the_computer() {
    let mut h = Harness::game(Computer, Human);
    h.let_computer_play(1);
    assert_eq!(h.moves(), vec![mv("d3")]);
    h.key(Key::Char('u'));
    assert_eq!(
        h.moves().len(),
        1,
        "the computer's opening cannot be taken back alone"
    );
}

#[test]
fn undo_and_redo_between_humans_step_one_move() {
    let mut h = Harness::game(Human, Human);
    h.keys(&[Key::Up, Key::Enter]); // d3
    h.typed("c3");
    h.key(Key::Enter);
    h.key(Key::Char('u'));
    assert_eq!(h.moves(), vec![mv("d3")]);
    h.key(Key::Char('r'));
    assert_eq!(h.moves(), vec![mv("d3"), mv("c3")]);
    h.key(Key::Char('r'));
    assert!(h.screen(80, 24).contains("Nothing to redo"));
}

#[test]
fn a_forced_pass_is_played_and_announced() {
    let mut h = Harness::from_position(BLACK_WILL_PASS, Human, Human);
    h.typed("a8");
    h.key(Key::Enter);
    assert_eq!(h.moves(), vec![mv("a8"), Move::Pass]);
    assert_eq!(h.position().to_move(), Color::White);
    assert!(
        h.screen(80, 24)
            .contains("Black has no legal move and passes")
    );
    h.wait(Duration::from_secs(5));
    assert!(
        h.screen(80, 24)
            .contains("Black has no legal move and passes"),
        "stays until a key"
    );
    h.key(Key::Char('u'));
    assert_eq!(
        h.moves(),
        vec![],
        "undo takes back the pass with the move before it"
    );
}

#[test]
fn a_whole_game_against_the_computer_ends_with_a_winner() {
    let mut h = Harness::game(Human, Computer);
    for _ in 0..100 {
        if h.app.play().unwrap().game.is_over() {
            break;
        }
        let p = h.position();
        if let Some(sq) = heibai::reversi::Square::iter(p.legal_moves()).last() {
            h.typed(&sq.to_string());
            h.key(Key::Enter);
        }
        h.let_computer_play(3);
    }
    let p = h.position();
    assert_eq!(p.status(), Status::GameOver);
    let screen = h.screen(80, 24);
    let said = [
        "YOU WIN: BLACK WINS",
        "THE COMPUTER WINS: WHITE WINS",
        "GAME OVER: A DRAW",
    ];
    assert!(said.iter().any(|s| screen.contains(s)), "{screen}");
    assert!(!h.app.has_unfinished(), "kept as finished, not offered");
    h.key(Key::Char('n'));
    assert!(
        h.app.play().is_none(),
        "n after the end goes to the menu without asking"
    );
}

#[test]
fn computer_against_computer_plays_to_the_end() {
    let mut h = Harness::game(Computer, Computer);
    h.let_computer_play(130);
    assert_eq!(h.position().status(), Status::GameOver);
}

#[test]
fn new_game_during_play_asks_first() {
    let mut h = Harness::game(Human, Human);
    h.keys(&[Key::Up, Key::Enter, Key::Char('n')]);
    assert!(h.screen(80, 24).contains("Leave this game for a new one"));
    h.key(Key::Esc);
    assert_eq!(h.moves().len(), 1, "Esc keeps the game");
    h.keys(&[Key::Char('n'), Key::Char('y')]);
    assert!(h.app.play().is_none());
    assert!(h.screen(80, 24).contains("Human vs Human"));
}

#[test]
fn esc_closes_help_before_quitting() {
    let mut h = Harness::game(Human, Human);
    h.key(Key::F1);
    assert!(h.screen(80, 24).contains("How to play Reversi"));
    h.key(Key::Esc);
    assert!(h.effects.is_empty());
    assert!(!h.screen(80, 24).contains("How to play Reversi"));
    h.key(Key::Esc);
    assert!(h.effects.is_empty(), "a game with no move is left as it is");
    assert!(
        h.screen(80, 24).contains("New game"),
        "back on the start screen"
    );
    h.key(Key::Esc);
    assert_eq!(h.effects, vec![Effect::Quit]);
}

#[test]
fn each_move_and_takeback_is_kept_as_it_happens() {
    let mut h = Harness::game(Human, Human);
    assert!(h.kept().is_empty(), "nothing to keep before a move");
    h.keys(&[Key::Up, Key::Enter]);
    let kept = |h: &Harness| h.history.store.list()[0].game.clone().unwrap().to_text();
    assert!(kept(&h).contains("moves d3\n"), "{}", kept(&h));
    h.typed("c3");
    h.key(Key::Enter);
    h.key(Key::Char('u'));
    assert!(kept(&h).contains("history d3 c3 undo"), "{}", kept(&h));
    // Taken back to the start, a game has no move to keep: its entry goes.
    h.key(Key::Char('u'));
    assert!(h.kept().is_empty(), "{:?}", h.kept());
    h.typed("d3");
    h.key(Key::Enter);
    let writes = |h: &Harness| {
        h.effects
            .iter()
            .filter(|e| matches!(e, Effect::Keep { .. }))
            .count()
    };
    let before = writes(&h);
    h.keys(&[Key::Left, Key::Right]);
    h.wait(Duration::from_secs(1));
    assert_eq!(
        writes(&h),
        before,
        "cursor moves and time change nothing kept"
    );
    assert_eq!(h.kept().len(), 1, "one game, one entry");
}

#[test]
fn quitting_mid_game_saves_it_and_continue_restores_it() {
    let mut h = Harness::game(Human, Computer);
    for _ in 0..2 {
        let first = heibai::reversi::Square::iter(h.position().legal_moves()).next();
        h.typed(&first.unwrap().to_string());
        h.key(Key::Enter);
        h.let_computer_play(1);
    }
    h.key(Key::Char('u'));
    h.key(Key::Char('q'));
    assert!(h.screen(80, 24).contains("Continue the saved Reversi game"));
    h.key(Key::Char('q'));
    assert_eq!(h.effects.last(), Some(&Effect::Quit));
    let list = h.history.store.list();
    assert_eq!(list.len(), 1, "kept once");
    let saved = list[0].game.clone().unwrap();
    let heibai::game::SavedGame::Reversi(game) = &saved else {
        panic!("{saved:?}")
    };
    assert_eq!(game.record.moves().len(), 4, "the redo future is kept");

    let mut again = Harness::with_history(options(), Start::Menu, &[("left", saved)]);
    assert!(
        again
            .screen(80, 24)
            .contains("Continue the saved Reversi game (move 3, Black to move)")
    );
    again.key(Key::Enter);
    assert_eq!(again.moves().len(), 2);
    again.key(Key::Char('r'));
    assert_eq!(again.moves().len(), 4);
    assert_eq!(again.kept().len(), 1, "it goes on under its name");
    assert_eq!(again.kept()[0].0, "left");
}

#[test]
fn an_unreadable_game_is_listed_not_offered() {
    let mut h = Harness::menu();
    std::fs::create_dir_all(h.dir.path().join("games")).unwrap();
    std::fs::write(h.dir.path().join("games/broken.heibai"), "garbage").unwrap();
    let list = h.history.store.list();
    h.input(Input::Library(list));
    let screen = h.screen(80, 24);
    assert!(!screen.contains("Continue"), "{screen}");
    assert!(screen.contains("Load or replay a saved game"), "{screen}");
    h.key(Key::Esc);
    assert!(
        h.dir.path().join("games/broken.heibai").exists(),
        "left as it is"
    );
}

#[test]
fn menu_starts_each_kind_of_game() {
    for (downs, black, white) in [
        (0, Human, Human),
        (1, Human, Computer),
        (2, Computer, Human),
        (3, Computer, Computer),
    ] {
        let mut h = Harness::menu();
        for _ in 0..downs {
            h.key(Key::Down);
        }
        h.key(Key::Enter);
        let game = &h.app.play().unwrap().game;
        assert_eq!((game.black, game.white), (black, white));
    }
    let mut h = Harness::menu();
    h.keys(&[Key::Down; 10]);
    h.key(Key::Enter);
    assert_eq!(
        h.effects,
        vec![Effect::Quit],
        "the last entry is Quit and the cursor stops there"
    );
}

#[test]
fn a_click_on_a_square_places_there() {
    let mut h = Harness::game(Human, Human);
    let screen = h.screen(80, 24);
    // Find d3's cell: the row labelled 3 and the column under the label d.
    let lines: Vec<&str> = screen.lines().collect();
    let y = lines
        .iter()
        .position(|l| l.trim_start().starts_with("3 "))
        .unwrap();
    let x = lines
        .iter()
        .find(|l| l.contains(" a   b"))
        .unwrap()
        .find('d')
        .unwrap();
    h.input(Input::Click {
        x: x as u16,
        y: y as u16,
    });
    assert_eq!(h.moves(), vec![mv("d3")]);
    h.input(Input::Click { x: 0, y: 0 });
    assert_eq!(h.moves().len(), 1, "a click off the board does nothing");
}

#[test]
fn no_screen_size_panics() {
    let mut h = Harness::game(Human, Human);
    h.key(Key::Char('?'));
    for (w, hgt) in [
        (1, 1),
        (0, 0),
        (10, 3),
        (64, 21),
        (65, 20),
        (65, 21),
        (79, 23),
        (200, 60),
        (1000, 1000),
    ] {
        h.screen(w, hgt);
    }
    let mut m = Harness::menu();
    for w in (1..130).step_by(9) {
        for hgt in (1..50).step_by(4) {
            m.screen(w, hgt);
            h.screen(w, hgt);
        }
    }
}

#[test]
fn a_tiny_terminal_asks_for_more_room() {
    let mut h = Harness::game(Human, Human);
    let screen = h.screen(34, 10).replace('\n', " ");
    assert!(
        screen.contains("Enlarge the terminal to at least 36x11"),
        "{screen}"
    );
}

#[test]
fn analysis_follows_the_position() {
    let mut h = Harness::game(Human, Human);
    h.key(Key::Char('m'));
    let (first, position) = h.analysis_request.expect("asked at once");
    assert_eq!(position, Position::initial());
    h.keys(&[Key::Up, Key::Enter]);
    let (second, position) = h
        .analysis_request
        .expect("asked again for the new position");
    assert!(second > first);
    assert_eq!(position.to_move(), Color::White);
    h.key(Key::Char('m'));
    assert!(h.analysis_request.is_none(), "turning it off cancels it");
}

#[test]
fn analysis_waits_while_the_computer_thinks() {
    let mut h = Harness::game(Human, Computer);
    h.auto_computer = false;
    h.keys(&[Key::Char('m')]);
    assert!(h.analysis_request.is_some());
    h.keys(&[Key::Up, Key::Enter]);
    assert!(
        h.analysis_request.is_none(),
        "the computer's turn cancels analysis"
    );
    assert!(h.thinking());
    h.answer();
    h.wait(Duration::from_secs(1));
    assert!(
        h.analysis_request.is_some(),
        "back to the human: analysis again"
    );
}

#[test]
fn replay_steps_through_the_game_and_comes_back() {
    let mut h = Harness::game(Human, Computer);
    for _ in 0..3 {
        // Play the first legal move, let the computer answer.
        let sq = heibai::reversi::Square::iter(h.position().legal_moves())
            .next()
            .unwrap();
        h.typed(&sq.to_string());
        h.key(Key::Enter);
        h.let_computer_play(1);
    }
    let played = h.moves().len();
    h.key(Key::Char('v'));
    assert!(h.app.play().is_none(), "the replay is on screen");
    let screen = h.screen(80, 24);
    assert!(screen.contains("Replay: Reversi"), "{screen}");
    assert!(
        screen.contains(&format!("The start · {played} moves")),
        "{screen}"
    );
    h.keys(&[Key::Right, Key::Right]);
    assert!(h.screen(80, 24).contains(&format!("Move 2 of {played}")));
    h.key(Key::End);
    assert!(
        h.screen(80, 24)
            .contains(&format!("Move {played} of {played}"))
    );
    h.key(Key::Char('p'));
    assert!(
        h.screen(80, 24).contains("Playing"),
        "p restarts from the start"
    );
    h.wait(Duration::from_secs(1));
    assert!(h.screen(80, 24).contains(&format!("Move 1 of {played}")));
    h.key(Key::Esc);
    assert_eq!(h.moves().len(), played, "back to the game as it was");
    assert!(
        !h.effects.contains(&Effect::Quit),
        "Esc in the replay does not quit: {:?}",
        h.effects
    );
}

#[test]
fn play_on_from_a_replayed_position() {
    let mut h = Harness::game(Human, Human);
    h.typed("f5");
    h.key(Key::Enter);
    h.typed("d6");
    h.key(Key::Enter);
    h.typed("c3");
    h.key(Key::Enter);
    h.key(Key::Char('v'));
    h.keys(&[Key::Right, Key::Enter]);
    let play = h.app.play().expect("a game again");
    assert_eq!(play.game.record.cursor(), 1);
    assert_eq!(
        play.game.record.moves().len(),
        3,
        "the rest is there to redo"
    );
}

#[test]
fn s_saves_under_a_name_and_the_menu_loads_it() {
    let mut h = Harness::game(Human, Human);
    h.app.set_today("2026-11-29".into());
    h.typed("f5");
    h.key(Key::Enter);
    h.key(Key::Char('s'));
    let screen = h.screen(80, 24);
    assert!(
        screen.contains("2026-11-29 Reversi Human-Human"),
        "{screen}"
    );
    // Edit the name: remove "Human" and type "me".
    for _ in 0.."human".len() {
        h.key(Key::Backspace);
    }
    h.typed("me");
    h.key(Key::Enter);
    let Some(Effect::SaveAs { name, game, .. }) = h.effects.pop() else {
        panic!("no save: {:?}", h.effects)
    };
    assert_eq!(name, "2026-11-29 Reversi Human-me");
    h.input(Input::Saved(Ok(name.clone())));
    assert!(h.screen(80, 24).contains("Saved as"), "the player is told");
    assert_eq!(h.moves().len(), 1, "the game goes on");

    // Next time: the menu offers the list, and Enter opens the game where it stopped.
    let entry = heibai::store::Entry {
        name,
        saved: "2026-11-29 10:00".into(),
        game: Ok(game),
    };
    let broken = heibai::store::Entry {
        name: "broken".into(),
        saved: "2026-11-28 09:00".into(),
        game: Err(heibai::store::LoadError::Save(heibai::game::SaveError {
            line: 1,
            flaw: heibai::game::Flaw::NotSaved,
        })),
    };
    let mut h = Harness::menu();
    h.input(Input::Library(vec![entry, broken]));
    let screen = h.screen(80, 24);
    assert!(screen.contains("Load or replay a saved game"), "{screen}");
    // The saved game is unfinished: the menu offers to continue it first, then the list.
    assert!(
        screen.contains("Continue the saved Reversi game (move 2, White to move)"),
        "{screen}"
    );
    h.key(Key::Down);
    h.key(Key::Enter);
    let screen = h.screen(80, 24);
    assert!(
        screen.contains("Reversi, Human vs Human, move 2, White to move"),
        "{screen}"
    );
    assert!(screen.contains("cannot be read: line 1"), "{screen}");
    h.key(Key::Down);
    h.key(Key::Enter);
    assert!(h.screen(80, 24).contains("It cannot be opened"));
    h.key(Key::Up);
    h.key(Key::Enter);
    assert_eq!(h.moves().len(), 1, "opened where it stopped");
}

#[test]
fn saving_can_be_cancelled_and_refused_names_are_not_sent() {
    let mut h = Harness::game(Human, Human);
    h.key(Key::Char('s'));
    h.key(Key::Esc);
    assert!(
        h.effects.is_empty(),
        "Esc cancels, and does not quit: {:?}",
        h.effects
    );
    h.key(Key::Char('s'));
    for _ in 0..80 {
        h.key(Key::Backspace);
    }
    h.key(Key::Enter);
    assert!(h.effects.is_empty(), "an empty name is not saved");
    h.key(Key::Esc);
    h.input(Input::Saved(Err("disk full".into())));
    assert!(h.screen(80, 24).contains("Not saved: disk full"));
}

#[test]
fn replay_shows_takebacks_and_the_save_keeps_them() {
    let mut h = Harness::game(Human, Human);
    for m in ["f5", "d6", "c3"] {
        h.typed(m);
        h.key(Key::Enter);
    }
    h.key(Key::Char('u'));
    h.typed("c5");
    h.key(Key::Enter);
    h.key(Key::Char('v'));
    h.key(Key::End);
    h.key(Key::Left);
    let screen = h.screen(80, 24);
    assert!(
        screen.contains("Step 4 of 5: move 3 taken back"),
        "{screen}"
    );
    h.key(Key::Esc);
    h.key(Key::Char('q'));
    let text = h.history.store.list()[0].game.clone().unwrap().to_text();
    assert!(text.contains("history f5 d6 c3 undo c5"), "{text}");
    let back = heibai::game::Game::from_text(&text).unwrap();
    assert_eq!(back.record.variations().len(), 1, "the old line is kept");
}

#[test]
fn y_copies_the_moves_and_a_paste_opens_a_game() {
    let mut h = Harness::game(Human, Human);
    for m in ["f5", "d6", "c3"] {
        h.typed(m);
        h.key(Key::Enter);
    }
    h.key(Key::Char('y'));
    assert_eq!(h.effects.pop(), Some(Effect::Copy("f5d6c3".into())));
    assert!(h.screen(80, 24).contains("Copied to the clipboard: f5d6c3"));
    h.input(Input::Paste("f5d6".into()));
    assert!(
        h.screen(80, 24)
            .contains("Paste a game on the start screen")
    );
    assert_eq!(h.moves().len(), 3, "a paste during a game changes nothing");

    let mut h = Harness::menu();
    h.input(Input::Paste("hello".into()));
    assert!(h.screen(80, 24).contains("The pasted text is not a game"));
    h.key(Key::Down);
    assert!(
        !h.screen(80, 24).contains("pasted"),
        "the notice goes with the next key"
    );
    h.input(Input::Paste("F5 d6 c3\n".into()));
    assert_eq!(
        h.moves().len(),
        3,
        "the pasted transcript is a game to play on"
    );
}

#[test]
fn ctrl_u_clears_the_name_being_typed() {
    let mut h = Harness::game(Human, Human);
    h.keys(&[Key::Up, Key::Enter, Key::Char('s'), Key::ClearLine]);
    h.typed("mine");
    h.key(Key::Enter);
    assert!(
        h.screen(80, 24).contains("Saved as \"mine\""),
        "{}",
        h.screen(80, 24)
    );
}

#[test]
fn a_paste_goes_into_the_name_being_typed() {
    let mut h = Harness::game(Human, Human);
    h.key(Key::Char('s'));
    for _ in 0..40 {
        h.key(Key::Backspace);
    }
    h.input(Input::Paste("my game\nsecond line".into()));
    h.key(Key::Enter);
    let Some(Effect::SaveAs { name, .. }) = h.effects.pop() else {
        panic!("{:?}", h.effects)
    };
    assert_eq!(name, "my game");
}

#[test]
fn replay_with_analysis_scores_each_position() {
    let mut g = heibai::game::Game::new(Human, Human);
    for m in ["f5", "d6", "c3"] {
        g.record.play(mv(m)).unwrap();
    }
    let saved = heibai::game::SavedGame::Reversi(g);
    let mut h = Harness::new(Start::Replay(saved));
    h.key(Key::Char('m'));
    let (id, position) = h.analysis_request.expect("analysis asked for");
    assert_eq!(position, Position::initial());
    let report = heibai::engine::Report::Analysis(heibai::engine::reversi::Analysis {
        depth: 4,
        exact: false,
        selectivity: None,
        scores: vec![(mv_square("f5"), 250), (mv_square("d3"), -100)],
    });
    h.input(Input::Engine(heibai::engine::Reply { id, report }));
    let screen = h.screen(80, 24);
    assert!(
        screen.contains("Evaluation: Black +3 · depth 4"),
        "{screen}"
    );
    assert!(
        screen.contains("-1"),
        "each move's score on its square: {screen}"
    );
    h.key(Key::Right);
    let (next, _) = h.analysis_request.expect("the next position asked for");
    assert_ne!(next, id);
    assert!(h.screen(80, 24).contains("Evaluation: thinking"));
    h.key(Key::Esc);
    assert!(
        h.analysis_request.is_none(),
        "cancelled when the replay ends"
    );
}

fn mv_square(s: &str) -> heibai::reversi::Square {
    s.parse().unwrap()
}

#[test]
fn the_screen_is_animated_only_while_time_changes_it() {
    let mut h = Harness::game(Human, Human);
    assert!(!h.app.animating(), "an idle board");
    h.keys(&[Key::Up, Key::Enter]);
    assert!(h.app.animating(), "flipped discs highlighted");
    h.wait(Duration::from_secs(3));
    assert!(!h.app.animating(), "the highlight is over");
    let mut vs = Harness::game(Human, Computer);
    vs.keys(&[Key::Up, Key::Enter]);
    vs.wait(Duration::from_secs(3));
    assert!(vs.app.animating(), "the computer is thinking");
}

#[test]
fn no_key_acts_behind_the_request_to_enlarge_the_terminal() {
    let mut h = Harness::game(Human, Computer);
    let screen = h.screen(34, 10);
    assert!(screen.contains("Enlarge the terminal"), "{screen}");
    // ← Enter would play c5 on a board no one can see; n y would abandon the game.
    h.keys(&[Key::Left, Key::Enter, Key::Char('n'), Key::Char('y')]);
    assert!(h.moves().is_empty());
    assert!(h.effects.is_empty(), "{:?}", h.effects);
    let screen = h.screen(80, 24);
    assert!(screen.contains("Move 1"), "the game as it was: {screen}");
    // Ctrl-C still quits.
    h.screen(50, 15);
    h.key(Key::Interrupt);
    assert_eq!(h.effects, vec![Effect::Quit]);
}

#[test]
fn computer_against_computer_pauses_and_goes_on() {
    let mut h = Harness::game(Computer, Computer);
    h.auto_computer = false;
    h.key(Key::Char('p'));
    let screen = h.screen(80, 24);
    assert!(screen.contains("Paused: p or Space goes on"), "{screen}");
    assert!(
        !screen.contains("is thinking"),
        "a held game's computer is not thinking"
    );
    h.answer();
    h.wait(Duration::from_secs(2));
    assert!(h.moves().is_empty(), "nothing moves while paused");
    h.key(Key::Char(' '));
    h.wait(Duration::from_secs(1));
    assert_eq!(h.moves().len(), 1, "the held move lands once going on");
    h.key(Key::Enter);
    assert!(h.screen(80, 24).contains("Paused"), "Enter holds it too");
}

#[test]
fn saving_under_a_name_in_use_asks_first() {
    let name = "2026-11-29 Reversi Human-Human";
    let second = heibai::store::file_name(&format!("{name} (2)"));
    let other = heibai::game::SavedGame::Reversi(heibai::game::Game::new(Computer, Computer));
    let taken = [(name, other.clone()), (second.as_str(), other.clone())];
    let mut h = Harness::with_history(
        options(),
        Start::Game(heibai::game::Game::new(Human, Human).into()),
        &taken,
    );
    h.app.set_today("2026-11-29".into());
    h.keys(&[Key::Char('s'), Key::Enter]);
    assert!(h.effects.is_empty(), "nothing saved yet");
    assert!(h.screen(80, 24).contains("A game is already saved as"));
    // Esc goes back to the name; k keeps both, under the first free number.
    h.key(Key::Esc);
    assert!(h.screen(80, 24).contains("Save this game as"));
    h.keys(&[Key::Enter, Key::Char('k')]);
    let Some(Effect::SaveAs { name: kept, .. }) = h.effects.pop() else {
        panic!("no save: {:?}", h.effects)
    };
    assert_eq!(kept, format!("{name} (3)"));
    assert_eq!(h.kept().len(), 3);
    // `s` again offers the name it is kept under, and saving there asks nothing.
    h.keys(&[Key::Char('s'), Key::Enter]);
    assert!(
        h.screen(80, 24).contains("Saved as"),
        "{}",
        h.screen(80, 24)
    );
    assert_eq!(h.kept().len(), 3);
    // Renamed over the first game, y replaces it: the game's own entry moves, no copy.
    h.key(Key::Char('s'));
    for _ in 0.." (3)".len() {
        h.key(Key::Backspace);
    }
    h.keys(&[Key::Enter, Key::Char('y')]);
    let Some(Effect::SaveAs { name: replaced, .. }) = h.effects.pop() else {
        panic!("no save: {:?}", h.effects)
    };
    assert_eq!(replaced, name);
    let mut names: Vec<String> = h.kept().into_iter().map(|k| k.0).collect();
    names.sort();
    assert_eq!(names, [name.to_string(), second]);
}

/// After a game: Enter plays again with the same sides, `w` with the sides swapped; both from a
/// fresh start at the same level. In a game Enter places and `w` does nothing.
#[test]
fn after_a_game_enter_plays_again_and_w_swaps_sides() {
    let mut h = Harness::game(Human, Computer);
    h.keys(&[Key::Up, Key::Enter]);
    h.wait(Duration::from_secs(1));
    h.key(Key::Char('w'));
    assert_eq!(h.moves().len(), 2, "w changes nothing during a game");
    h.keys(&[Key::Char('x'), Key::Char('y')]);
    let screen = h.screen(80, 24);
    assert!(
        screen.contains("Enter play again · w swap sides"),
        "{screen}"
    );
    assert!(
        screen.contains("THE COMPUTER WINS: WHITE WINS, BLACK"),
        "said from the player's side: {screen}"
    );
    assert!(
        !screen.contains("Enter place"),
        "the key line offers what comes after a game: {screen}"
    );
    h.key(Key::Enter);
    let game = &h.app.play().expect("a game").game;
    assert_eq!((game.black, game.white), (Human, Computer));
    assert!(game.record.moves().is_empty() && !h.app.play().unwrap().is_over());
    h.keys(&[Key::Char('x'), Key::Char('y'), Key::Char('w')]);
    h.wait(Duration::from_secs(1));
    let game = &h.app.play().expect("a game").game;
    assert_eq!((game.black, game.white), (Computer, Human));
    assert_eq!(
        game.record.moves().len(),
        1,
        "the computer, now Black, has opened"
    );
}

mod too_small {
    use super::*;
    use proptest::prelude::*;

    fn input() -> impl Strategy<Value = Input> {
        let keys = prop_oneof![
            Just(Key::Up),
            Just(Key::Down),
            Just(Key::Left),
            Just(Key::Right),
            Just(Key::Enter),
            Just(Key::F1),
            Just(Key::Backspace),
            Just(Key::PageUp),
            Just(Key::Home),
            proptest::char::range(' ', '~').prop_map(Key::Char),
        ];
        prop_oneof![
            4 => keys.prop_map(Input::Key),
            1 => (0u16..34, 0u16..10).prop_map(|(x, y)| Input::Click { x, y }),
            1 => "[a-h1-8 ]{0,12}".prop_map(Input::Paste),
        ]
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(64))]
        /// Whatever is typed (but Esc, which leaves), clicked or pasted while the screen asks
        /// to be enlarged, the game stays as it was and nothing is asked of the driver.
        #[test]
        fn no_input_changes_a_game_on_a_screen_too_small(inputs in proptest::collection::vec(input(), 1..40)) {
            let mut h = Harness::game(Human, Human);
            h.keys(&[Key::Up, Key::Enter]);
            h.effects.clear();
            let before = h.moves();
            h.screen(34, 10);
            for input in inputs {
                h.input(input);
            }
            prop_assert_eq!(h.moves(), before);
            prop_assert!(h.effects.is_empty(), "{:?}", h.effects);
            prop_assert!(h.screen(80, 24).contains("Move 2"));
        }
    }
}

/// A new game started while an unfinished one waits behind Continue leaves that one as it is;
/// Continue goes on with the waiting one under its own name.
#[test]
fn a_new_game_never_replaces_the_one_waiting_behind_continue() {
    let mut waiting = heibai::game::Game::new(Human, Computer);
    waiting.record.play(mv("f5")).unwrap();
    let saved = heibai::game::SavedGame::Reversi(waiting);
    let kept = [("waiting", saved)];
    let mut h = Harness::with_history(options(), Start::Menu, &kept);
    // Continue, Load, New game: Human vs Human, Enter, a move.
    h.keys(&[Key::Down, Key::Down, Key::Enter, Key::Up, Key::Enter]);
    let kept_now = h.kept();
    assert_eq!(kept_now.len(), 2, "{kept_now:?}");
    assert_eq!(kept_now[1], ("waiting".to_string(), vec!["f5".to_string()]));
    let mut h = Harness::with_history(options(), Start::Menu, &kept);
    h.key(Key::Enter);
    assert_eq!(h.moves(), vec![mv("f5")]);
    h.typed("d6");
    h.key(Key::Enter);
    assert_eq!(h.kept().len(), 1);
    assert_eq!(h.kept()[0].0, "waiting");
}

/// Every local game is kept from its first move, under one name: ended again after a
/// takeback, it replaces itself; abandoned, it stays.
#[test]
fn finished_and_abandoned_games_are_kept() {
    let mut h = Harness::game(Human, Human);
    h.app.set_today("2026-12-01".into());
    h.keys(&[Key::Up, Key::Enter]);
    h.keys(&[Key::Char('x'), Key::Char('y')]);
    let name = "2026-12-01 Reversi Human-Human".to_string();
    assert_eq!(h.kept(), [(name.clone(), vec!["d3".to_string()])]);
    // The resignation is part of the game kept: it is over, and says how it ended.
    let resigned = h.history.store.list()[0].game.clone().unwrap();
    assert!(resigned.is_over());
    assert!(resigned.to_text().contains("\nresult white resigned\n"));
    // Resigned, taken back, one more move, resigned again: the same entry, replaced.
    h.key(Key::Char('u'));
    h.typed("c3");
    h.key(Key::Enter);
    h.keys(&[Key::Char('x'), Key::Char('y')]);
    let moves = vec!["d3".to_string(), "c3".to_string()];
    assert_eq!(h.kept(), [(name.clone(), moves)]);

    let mut h = Harness::game(Human, Human);
    h.app.set_today("2026-12-01".into());
    h.keys(&[Key::Up, Key::Enter, Key::Char('n'), Key::Char('y')]);
    assert_eq!(
        h.kept(),
        [(name, vec!["d3".to_string()])],
        "abandoned, and kept"
    );
    // A game with no move is nothing to keep.
    let mut h = Harness::game(Human, Human);
    h.keys(&[Key::Char('x'), Key::Char('y')]);
    assert!(h.kept().is_empty());
}

/// The saved games' list shows what `f` chooses (all, unfinished, finished, by game) and `d`
/// deletes the game chosen once asked.
#[test]
fn the_saved_games_filter_and_delete() {
    let entry = |name: &str, moves: &str, over: bool| {
        let mut g = heibai::game::Game::new(Human, Human);
        for m in moves.split_whitespace() {
            g.record.play(mv(m)).unwrap();
        }
        if over {
            g = heibai::game::Game::from_position(
                "XXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXX X"
                    .parse()
                    .unwrap(),
                Human,
                Human,
            );
        }
        heibai::store::Entry {
            name: name.into(),
            saved: "2026-12-01 10:00".into(),
            game: Ok(heibai::game::SavedGame::Reversi(g)),
        }
    };
    let mut h = Harness::menu();
    h.input(Input::Library(vec![
        entry("going", "f5", false),
        entry("done", "", true),
    ]));
    h.keys(&[Key::Down, Key::Enter]);
    assert!(h.screen(80, 24).contains("All saved games: 2"));
    h.key(Key::Char('f'));
    let screen = h.screen(80, 24);
    assert!(
        screen.contains("Unfinished games: 1") && !screen.contains("done"),
        "{screen}"
    );
    h.key(Key::Char('f'));
    let screen = h.screen(80, 24);
    assert!(
        screen.contains("Finished games: 1") && !screen.contains("going"),
        "{screen}"
    );
    h.keys(&[Key::Char('d')]);
    assert!(h.screen(80, 24).contains("Delete the saved game 'done'?"));
    h.key(Key::Char('n'));
    assert!(!h.effects.contains(&Effect::Delete("done".into())));
    h.keys(&[Key::Char('d'), Key::Char('y')]);
    assert_eq!(h.effects.last(), Some(&Effect::Delete("done".into())));
    h.input(Input::Library(vec![entry("going", "f5", false)]));
    assert!(h.screen(80, 24).contains("Finished games: 0"));
    // `r` renames the game chosen: its name to edit, Enter.
    h.keys(&[
        Key::Char('f'),
        Key::Char('f'),
        Key::Char('f'),
        Key::Char('r'),
    ]);
    assert!(h.screen(80, 24).contains("New name for 'going':"));
    h.keys(&[Key::Backspace, Key::Backspace]);
    h.typed("ne");
    h.key(Key::Enter);
    assert_eq!(
        h.effects.last(),
        Some(&Effect::Rename {
            from: "going".into(),
            to: "goine".into()
        })
    );
}

/// A status line too long for the terminal ends with a whole word and an ellipsis, at every
/// width, in both languages (Chinese, written without spaces, may be cut anywhere).
#[test]
fn long_status_lines_are_cut_at_a_word() {
    let why = "the disk is full, the folder is read-only and the moon is in the wrong house for it";
    for lang in heibai::settings::Lang::ALL {
        for width in (60..=130).step_by(3) {
            let mut opts = common::options();
            opts.settings.lang = lang;
            let start = Start::Game(heibai::game::Game::new(Human, Human).into());
            let mut h = Harness::with_options(opts, start);
            h.input(Input::Saved(Err(why.into())));
            let full = lang.text().not_saved(why);
            let screen = h.screen(width, 24);
            let shown = screen.lines().nth(22).unwrap_or("").trim();
            if shown == full {
                continue;
            }
            let cut = shown
                .strip_suffix('…')
                .unwrap_or_else(|| panic!("{lang:?} {width}: no ellipsis in {shown:?}"));
            assert!(full.starts_with(cut), "{lang:?} {width}: {shown:?}");
            let next = full[cut.len()..].chars().next();
            let at_word = next == Some(' ') || !cut.is_ascii();
            assert!(at_word, "{lang:?} {width}: cut mid-word: {shown:?}");
        }
    }
}

/// Continue offers one game of each kind: the unfinished game, and the latest unfinished saved
/// game of the other kind. Either goes on under the name it was kept under, and starting one
/// does not save the other twice.
#[test]
fn continue_offers_a_game_of_each_kind() {
    let mut reversi = heibai::game::Game::new(Human, Human);
    reversi.record.play(mv("f5")).unwrap();
    let reversi = heibai::game::SavedGame::Reversi(reversi);
    let start = heibai::gomoku::Position::new(15, heibai::gomoku::Rule::Renju, true);
    let mut gomoku = heibai::game::GomokuGame::from_position(start, Human, Human);
    let h8 = gomoku.position().board().point("h8").unwrap();
    gomoku.record.play(h8.into()).unwrap();
    let gomoku = heibai::game::SavedGame::Gomoku(gomoku);
    let kept = [("first", reversi), ("gomoku kept", gomoku)];
    let mut h = Harness::with_history(options(), Start::Menu, &kept);
    let screen = h.screen(80, 24);
    assert!(
        screen.contains("Continue the saved Gomoku game (move 2, White to move)"),
        "{screen}"
    );
    assert!(
        screen.contains("Continue the saved Reversi game (move 2, White to move)"),
        "{screen}"
    );
    // The Reversi game, the older: second.
    h.keys(&[Key::Down, Key::Enter]);
    assert_eq!(h.moves(), vec![mv("f5")]);
    // Played on and left: kept under its own name.
    h.typed("d6");
    h.key(Key::Enter);
    h.key(Key::Esc);
    let kept = h.kept();
    assert_eq!(kept.len(), 2, "{kept:?}");
    assert_eq!(kept[0], ("first".into(), vec!["f5".into(), "d6".into()]));
}

/// The bar of who is winning is off unless the settings turn it on; then it says for whom.
#[test]
fn the_lead_bar_says_who_is_ahead() {
    let mut h = Harness::game(Human, Human);
    assert!(!h.screen(80, 24).contains("Even"));
    let mut options = common::options();
    options.settings.lead_bar = true;
    let game = heibai::game::Game::new(Human, Human);
    let mut h = Harness::with_options(options, Start::Game(game.into()));
    let screen = h.screen(80, 24);
    assert!(screen.contains("████████░░░░░░░░ Even"), "{screen}");
    // With analysis on, the bar follows its best score.
    h.key(Key::Char('m'));
    let (id, _) = h.analysis_request.expect("analysis asked for");
    let report = heibai::engine::Report::Analysis(heibai::engine::reversi::Analysis {
        depth: 9,
        exact: false,
        selectivity: None,
        scores: vec![(mv_square("d3"), -2300), (mv_square("c4"), -2500)],
    });
    h.input(Input::Engine(heibai::engine::Reply { id, report }));
    let screen = h.screen(80, 24);
    assert!(screen.contains("White ahead"), "{screen}");
    // A wipe-out: Black certain.
    let mut options = common::options();
    options.settings.lead_bar = true;
    let won: Position = "XXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXX X"
        .parse()
        .unwrap();
    let game = heibai::game::Game::from_position(won, Human, Human);
    let mut h = Harness::with_options(options, Start::Game(game.into()));
    assert!(h.screen(80, 24).contains("████████████████ Black won"));
}

/// On a server without a key: a game against the computer left with Esc waits behind
/// Continue, and another game started beside it keeps it; leaving the server (Esc, or Ctrl-C)
/// asks first.
#[test]
fn a_keyless_players_kept_game_is_never_dropped_without_a_question() {
    let start = Start::Lobby {
        user: "eve".into(),
        keyed: false,
    };
    let mut h = Harness::new(start);
    h.auto_computer = false;
    // Play the computer, Human vs Computer, d3, then Esc: back to the start menu.
    h.keys(&[
        Key::Enter,
        Key::Down,
        Key::Enter,
        Key::Up,
        Key::Enter,
        Key::Esc,
    ]);
    let menu = h.screen(80, 24);
    assert!(menu.contains("Continue the saved Reversi game"), "{menu}");
    assert!(!h.effects.contains(&Effect::Quit));
    // Human vs Human beside it (after Continue and Load), and back: the game still waits.
    h.keys(&[Key::Down, Key::Down, Key::Enter]);
    assert!(
        h.app
            .play()
            .is_some_and(|p| p.game.record.played().is_empty())
    );
    h.key(Key::Esc);
    assert!(h.screen(80, 24).contains("Continue the saved Reversi game"));
    // Ctrl-C asks too; a second Ctrl-C leaves.
    h.key(Key::Interrupt);
    assert!(h.screen(80, 24).contains("Leave the server?"));
    assert!(!h.effects.contains(&Effect::Quit));
    h.key(Key::Interrupt);
    assert!(h.effects.contains(&Effect::Quit));
}

/// The help scrolls a page at a time with PgDn and PgUp, and to its ends with End and Home.
#[test]
fn the_help_pages_with_page_keys() {
    let mut h = Harness::game(Human, Human);
    h.key(Key::Char('?'));
    let top = h.screen(80, 24);
    h.key(Key::PageDown);
    let page = h.screen(80, 24);
    assert_ne!(page, top, "PgDn scrolls");
    h.key(Key::End);
    let end = h.screen(80, 24);
    assert_ne!(end, page, "End goes further");
    h.key(Key::PageUp);
    assert_ne!(h.screen(80, 24), end, "PgUp scrolls back");
    h.key(Key::Home);
    assert_eq!(h.screen(80, 24), top);
}

/// A replay's "play from here" is a game of its own only once a move is played in it: left
/// at once, it leaves no copy of the game it came from; a game opened from the history and
/// left unchanged is not written again.
#[test]
fn play_from_here_keeps_nothing_until_a_move() {
    let done = heibai::game::SavedGame::Reversi({
        let mut g = heibai::game::Game::new(Human, Human);
        for m in ["e6", "f4", "e3", "f6", "g5", "d6", "e7", "f5", "c5"] {
            g.record.play(mv(m)).unwrap();
        }
        g
    });
    let going = heibai::game::SavedGame::Reversi({
        let mut g = heibai::game::Game::new(Human, Human);
        g.record.play(mv("f5")).unwrap();
        g
    });
    let kept = [("done", done), ("going", going)];
    let mut h = Harness::with_history(options(), Start::Menu, &kept);
    // Continue "going", Esc at once: not written again.
    h.keys(&[Key::Enter, Key::Esc]);
    assert!(
        !h.effects.iter().any(|e| matches!(e, Effect::Keep { .. })),
        "{:?}",
        h.effects
    );
    // Load, "done" (second), a replay; Home, Enter plays from there; Esc.
    h.keys(&[
        Key::Down,
        Key::Enter,
        Key::Down,
        Key::Enter,
        Key::Home,
        Key::Enter,
    ]);
    assert!(h.app.play().is_some(), "{}", h.screen(80, 24));
    h.key(Key::Esc);
    assert_eq!(h.kept().len(), 2, "{:?}", h.kept());
}

/// The saved games' list says how a game ended off the board.
#[test]
fn a_resigned_game_is_listed_as_resigned() {
    let mut h = Harness::game(Human, Human);
    h.keys(&[
        Key::Up,
        Key::Enter,
        Key::Char('x'),
        Key::Char('y'),
        Key::Char('n'),
    ]);
    // Load, the first entry on the menu.
    h.key(Key::Enter);
    let screen = h.screen(80, 24);
    assert!(screen.contains("Black wins, White resigned"), "{screen}");
}

/// A game on a terminal too small for it: Esc goes back to the start screen, which fits.
#[test]
fn esc_leaves_a_game_the_terminal_is_too_small_for() {
    let mut h = Harness::game(Human, Human);
    let small = h.screen(80, 10);
    assert!(small.contains("Esc goes back"), "{small}");
    h.key(Key::Esc);
    assert!(h.app.play().is_none());
}

/// A finished game opened from the saved games' list is replayed, and Esc goes back to the list.
#[test]
fn esc_from_a_replay_goes_back_to_the_list_it_came_from() {
    let mut g = heibai::game::Game::new(Human, Human);
    for m in ["e6", "f4", "e3", "f6", "g5", "d6", "e7", "f5", "c5"] {
        g.record.play(mv(m)).unwrap();
    }
    let kept = [("done", heibai::game::SavedGame::Reversi(g))];
    let mut h = Harness::with_history(options(), Start::Menu, &kept);
    // Load (the first entry: nothing to continue), the game.
    h.keys(&[Key::Enter, Key::Enter]);
    assert!(h.screen(80, 24).contains("Replay"), "{}", h.screen(80, 24));
    h.key(Key::Esc);
    assert!(
        h.screen(80, 24).contains("Saved games"),
        "{}",
        h.screen(80, 24)
    );
}
