//! End to end: the real binary in a pseudo-terminal, driven by key presses, its screen read back
//! through a terminal emulator (vt100).

mod pty;

use nix::sys::signal::{Signal, kill};
use nix::unistd::Pid;
use pty::{DOWN, ENTER, ESC, Session, UP};

/// The disc count shown after `name` (e.g. "Black Human      4").
fn count(screen: &str, name: &str) -> u32 {
    let line = screen
        .lines()
        .find(|l| l.contains(name))
        .unwrap_or_else(|| panic!("{name} in\n{screen}"));
    let rest = &line[line.find(name).unwrap() + name.len()..];
    rest.split_whitespace().next().unwrap().parse().unwrap()
}

/// A Reversi game between two people, with d3 played by ↑ Enter; the screen after it.
fn d3_in_a_new_game(dir: &std::path::Path) -> (Session, String) {
    let mut s = Session::start(&["reversi", "--black", "human", "--white", "human"], dir);
    s.wait_for("the board", |t| t.contains("Move 1"));
    s.send(UP);
    s.send(ENTER);
    let screen = s.wait_for("d3 played", |t| t.contains("Move 2"));
    (s, screen)
}

#[test]
fn arrow_to_d3_enter_then_esc() {
    let dir = tempfile::tempdir().unwrap();
    let (mut s, screen) = d3_in_a_new_game(dir.path());
    assert_eq!(count(&screen, "Black Human"), 4, "{screen}");
    assert_eq!(count(&screen, "White Human"), 1, "{screen}");
    s.send(ESC);
    s.wait_for("the start menu", |t| {
        t.contains("Continue the saved Reversi game")
    });
    // Another game from the menu (Continue, Load, then Human vs Human), a move, Esc.
    s.send(DOWN);
    s.send(DOWN);
    s.send(ENTER);
    s.wait_for("a new board", |t| t.contains("Move 1"));
    s.send(UP);
    s.send(ENTER);
    s.wait_for("d3 played", |t| t.contains("Move 2"));
    s.send(ESC);
    s.wait_for("the start menu", |t| {
        t.contains("Continue the saved Reversi game")
    });
    s.send(ESC);
    assert!(s.wait_exit().success());
    s.assert_restored();
    let kept = kept(dir.path());
    assert_eq!(kept.len(), 2, "each game kept once: {kept:?}");
    assert!(kept.iter().all(|k| k.contains("moves d3\n")), "{kept:?}");
}

/// The texts of the games kept in the history of the data directory `dir`.
fn kept(dir: &std::path::Path) -> Vec<String> {
    let Ok(games) = std::fs::read_dir(dir.join("games")) else {
        return vec![];
    };
    // Only the saved games (`.heibai`), not a write still under way (`.heibai.tmp`, renamed when
    // complete): a test that waited on one of those could kill the program before the rename.
    games
        .flatten()
        .filter(|e| e.path().extension().is_some_and(|x| x == "heibai"))
        .map(|e| std::fs::read_to_string(e.path()).unwrap_or_default())
        .collect()
}

#[test]
fn hangup_mid_game_saves_and_continue_restores() {
    let dir = tempfile::tempdir().unwrap();
    let mut s = Session::start(&[], dir.path());
    s.wait_for("the start menu", |t| t.contains("Human vs Human"));
    s.send(ENTER); // Human vs Human
    s.wait_for("the board", |t| t.contains("Move 1"));
    s.send(UP);
    s.send(ENTER);
    s.wait_for("d3 played", |t| t.contains("Move 2"));
    let pid = s.child.process_id().expect("a pid") as i32;
    kill(Pid::from_raw(pid), Signal::SIGHUP).unwrap();
    s.wait_exit();
    let saved = kept(dir.path());
    assert!(
        saved.len() == 1 && saved[0].contains("moves d3"),
        "{saved:?}"
    );

    let mut again = Session::start(&[], dir.path());
    again.wait_for("Continue", |t| {
        t.contains("Continue the saved Reversi game (move 2, White to move)")
    });
    again.send(ENTER);
    let screen = again.wait_for("the restored board", |t| t.contains("Move 2"));
    assert_eq!(count(&screen, "Black Human"), 4, "{screen}");
    assert_eq!(count(&screen, "White Human"), 1, "{screen}");
    again.send("q");
    again.wait_for("the start menu", |t| t.contains("New game"));
    again.send("q");
    assert!(again.wait_exit().success());
    again.assert_restored();
}

#[test]
fn every_move_is_on_disk_before_a_kill() {
    let dir = tempfile::tempdir().unwrap();
    let (mut s, _) = d3_in_a_new_game(dir.path());
    // No chance to save on the way out: SIGKILL.
    let wait_for_file = |what: &str| {
        let start = std::time::Instant::now();
        loop {
            let saved = kept(dir.path()).concat();
            if saved.contains(what) {
                return saved;
            }
            assert!(start.elapsed() < pty::PATIENCE, "{what} in {saved}");
            std::thread::sleep(std::time::Duration::from_millis(30));
        }
    };
    wait_for_file("moves d3\n");
    s.send("c3");
    s.send(ENTER);
    wait_for_file("moves d3 c3\n");
    s.send("u");
    wait_for_file("history d3 c3 undo");
    let pid = s.child.process_id().expect("a pid") as i32;
    kill(Pid::from_raw(pid), Signal::SIGKILL).unwrap();
    s.wait_exit();
    let saved = kept(dir.path());
    assert!(
        saved.len() == 1 && saved[0].contains("history d3 c3 undo"),
        "{saved:?}"
    );
}

#[test]
fn sigterm_restores_the_terminal() {
    let dir = tempfile::tempdir().unwrap();
    let mut s = Session::start(&["reversi", "--white", "human"], dir.path());
    s.wait_for("the board", |t| t.contains("Move 1"));
    s.send(UP);
    s.send(ENTER);
    s.wait_for("d3 played", |t| t.contains("Move 2"));
    let pid = s.child.process_id().expect("a pid") as i32;
    kill(Pid::from_raw(pid), Signal::SIGTERM).unwrap();
    assert!(s.wait_exit().success());
    s.assert_restored();
    assert_eq!(kept(dir.path()).len(), 1);
}

#[test]
fn a_corrupt_save_is_reported_and_left_alone() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("unfinished-game.txt");
    let garbage = "heibai 1\ngame chess\n\u{0}\u{1}\u{2}";
    std::fs::write(&path, garbage).unwrap();
    let mut s = Session::start(&[], dir.path());
    s.wait_for("the notice", |t| {
        t.contains("was not loaded") && t.contains("unknown game 'chess'")
    });
    s.send(ESC);
    assert!(s.wait_exit().success());
    assert_eq!(std::fs::read_to_string(&path).unwrap(), garbage);
}

/// A dropped SSH login: the terminal itself goes away (the pty master closes).
#[test]
fn closing_the_terminal_saves_the_game() {
    let dir = tempfile::tempdir().unwrap();
    let mut s = Session::start(&["reversi", "--white", "human"], dir.path());
    s.wait_for("the board", |t| t.contains("Move 1"));
    s.send(UP);
    s.send(ENTER);
    s.wait_for("d3 played", |t| t.contains("Move 2"));
    let status = s.hang_up();
    assert!(status.success(), "{status:?}");
    let saved = kept(dir.path());
    assert!(
        saved.len() == 1 && saved[0].contains("moves d3"),
        "{saved:?}"
    );
}

const RIGHT: &str = "\x1b[C";

/// A whole Renju game between two people, to Black's five, then out.
#[test]
fn gomoku_game_to_five_then_esc() {
    let dir = tempfile::tempdir().unwrap();
    let mut s = Session::start(&["gomoku", "--white", "human"], dir.path());
    s.wait_for("the board", |t| t.contains("Move 1") && t.contains("Renju"));
    // Black h8 i8 j8 k8 l8, White h9 i9 j9 k9: the cursor starts on h8.
    s.send(ENTER);
    for _ in 0..4 {
        s.send(UP);
        s.send(ENTER);
        s.send(DOWN);
        s.send(RIGHT);
        s.send(ENTER);
    }
    let screen = s.wait_for("the end", |t| t.contains("BLACK WINS WITH FIVE"));
    assert!(screen.contains("5. l8"), "{screen}");
    s.send(ESC);
    s.wait_for("the start menu", |t| t.contains("New game"));
    s.send(ESC);
    assert!(s.wait_exit().success());
    s.assert_restored();
}

/// Against the computer: it answers a stone with one of its own.
#[test]
fn gomoku_computer_replies() {
    let dir = tempfile::tempdir().unwrap();
    let mut s = Session::start(&["gomoku", "--level", "2"], dir.path());
    s.wait_for("the board", |t| t.contains("Move 1"));
    s.send(ENTER);
    s.wait_for("the computer's stone", |t| t.contains("Move 3"));
    s.send("q");
    s.wait_for("the start menu", |t| t.contains("New game"));
    s.send("q");
    assert!(s.wait_exit().success());
    s.assert_restored();
}

/// Esc mid-game saves a Gomoku game too; the next run continues it.
#[test]
fn gomoku_saved_on_quit_and_continued() {
    let dir = tempfile::tempdir().unwrap();
    let mut s = Session::start(
        &["gomoku", "--white", "human", "--rule", "standard"],
        dir.path(),
    );
    s.wait_for("the board", |t| t.contains("Move 1"));
    s.send(ENTER);
    s.send(UP);
    s.send(ENTER);
    s.wait_for("two stones", |t| t.contains("Move 3"));
    s.send(ESC);
    s.wait_for("the start menu", |t| {
        t.contains("Continue the saved Gomoku game")
    });
    s.send(ESC);
    assert!(s.wait_exit().success());
    let mut again = Session::start(&[], dir.path());
    again.wait_for("the offer", |t| {
        t.contains("Continue the saved Gomoku game (move 3, Black to move)")
    });
    again.send(ENTER);
    let screen = again.wait_for("the game", |t| t.contains("Move 3"));
    assert!(screen.contains("Standard"), "{screen}");
    again.send(ESC);
    again.wait_for("the start menu", |t| t.contains("New game"));
    again.send(ESC);
    assert!(again.wait_exit().success());
}

/// `s` saves under a name into the data directory; the next run lists it and opens it.
#[test]
fn save_under_a_name_then_load_it() {
    let dir = tempfile::tempdir().unwrap();
    let mut s = Session::start(&["reversi", "--white", "human"], dir.path());
    s.wait_for("the board", |t| t.contains("Move 1"));
    s.send(UP);
    s.send(ENTER);
    s.send("s");
    s.wait_for("the name", |t| t.contains("Save this game as"));
    s.send(ENTER);
    s.wait_for("the answer", |t| t.contains("Saved as"));
    s.send(ESC);
    s.wait_for("the start menu", |t| t.contains("New game"));
    s.send(ESC);
    assert!(s.wait_exit().success());
    let games: Vec<_> = std::fs::read_dir(dir.path().join("games"))
        .unwrap()
        .collect();
    assert_eq!(games.len(), 1);

    let mut again = Session::start(&[], dir.path());
    again.wait_for("the menu", |t| t.contains("Load or replay a saved game"));
    again.send(DOWN);
    again.send(ENTER);
    again.wait_for("the list", |t| {
        t.contains("Reversi, Human vs Human, move 2")
    });
    again.send(ENTER);
    again.wait_for("the game", |t| t.contains("Move 2"));
    again.send(ESC);
    again.wait_for("the start menu", |t| t.contains("New game"));
    again.send(ESC);
    assert!(again.wait_exit().success());
}

/// The sequence: a Reversi game left unfinished, then a new Gomoku game left unfinished
/// too. The Gomoku game waits behind Continue and the Reversi game is among the saved games.
#[test]
fn a_game_of_each_kind_left_unfinished_both_kept() {
    let dir = tempfile::tempdir().unwrap();
    let (mut s, _) = d3_in_a_new_game(dir.path());
    s.send(ESC);
    s.wait_for("the start menu", |t| t.contains("New game"));
    s.send(ESC);
    assert!(s.wait_exit().success());

    let mut s = Session::start(&[], dir.path());
    s.wait_for("Continue", |t| {
        t.contains("Continue the saved Reversi game")
    });
    // Game: < Reversi > → Gomoku, then New: Human vs Human, and a stone in the centre.
    for _ in 0..6 {
        s.send(DOWN);
    }
    s.wait_for("the game line", |t| t.contains("▶  Game:"));
    s.send(pty::RIGHT);
    s.wait_for("Gomoku chosen", |t| t.contains("Gomoku / Renju"));
    for _ in 0..4 {
        s.send(UP);
    }
    s.wait_for("Human vs Human", |t| t.contains("▶  Human vs Human"));
    s.send(ENTER);
    s.wait_for("the Gomoku board", |t| t.contains("Move 1"));
    s.send(ENTER);
    s.wait_for("a stone", |t| t.contains("Move 2"));
    s.send(ESC);
    s.wait_for("the start menu", |t| t.contains("New game"));
    s.send(ESC);
    assert!(s.wait_exit().success());

    let mut s = Session::start(&[], dir.path());
    // Continue offers both, and the history holds both.
    s.wait_for("Continue", |t| {
        t.contains("Continue the saved Gomoku game")
            && t.contains("Continue the saved Reversi game")
            && t.contains("Load or replay a saved game")
    });
    let named = std::fs::read_dir(dir.path().join("games"))
        .map(|d| d.count())
        .unwrap_or(0);
    assert_eq!(named, 2, "both games among the saved games");
    s.send(DOWN);
    s.send(DOWN);
    s.send(ENTER);
    s.wait_for("the history", |t| {
        t.contains("All saved games: 2") && t.contains("Gomoku") && t.contains("Reversi")
    });
    s.send("q");
    s.wait_for("the menu", |t| t.contains("New game"));
    s.send("q");
    assert!(s.wait_exit().success());
}

/// A finished game is kept among the saved games by itself, and the menu offers it.
#[test]
fn a_finished_game_is_kept_by_itself() {
    let dir = tempfile::tempdir().unwrap();
    let (mut s, _) = d3_in_a_new_game(dir.path());
    s.send("x");
    s.wait_for("the question", |t| t.contains("Resign this game?"));
    s.send("y");
    s.wait_for("the end", |t| t.contains("WHITE RESIGNED"));
    s.send(ESC);
    s.wait_for("the start menu", |t| t.contains("New game"));
    s.send(ESC);
    assert!(s.wait_exit().success());
    let kept = std::fs::read_dir(dir.path().join("games")).unwrap().count();
    assert_eq!(kept, 1);
    let mut s = Session::start(&[], dir.path());
    s.wait_for("the saved games on the menu", |t| {
        t.contains("Load or replay a saved game")
    });
    s.send("q");
    assert!(s.wait_exit().success());
}
