//! End to end: the real binary in a pseudo-terminal, driven by key presses, its screen read back
//! through a terminal emulator (vt100).

use nix::poll::{PollFd, PollFlags, poll};
use nix::sys::signal::{Signal, kill};
use nix::sys::termios::LocalFlags;
use nix::unistd::Pid;
use portable_pty::{Child, CommandBuilder, MasterPty, PtySize, native_pty_system};
use std::fs::File;
use std::io::{Read, Write};
use std::os::fd::{AsFd, BorrowedFd};
use std::path::Path;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

/// How long to wait for something to appear before failing (a bound, not a measurement).
const PATIENCE: Duration = Duration::from_secs(20);

const UP: &str = "\x1b[A";
const DOWN: &str = "\x1b[B";
const ENTER: &str = "\r";
const ESC: &str = "\x1b";

struct Session {
    master: Box<dyn MasterPty + Send>,
    writer: Box<dyn Write + Send>,
    child: Box<dyn Child + Send + Sync>,
    screen: Arc<Mutex<vt100::Parser>>,
    /// Tells the reader thread to close its copy of the master.
    stop: Arc<AtomicBool>,
}

impl Session {
    fn start(args: &[&str], data_dir: &Path) -> Session {
        let pair = native_pty_system()
            .openpty(PtySize {
                rows: 24,
                cols: 80,
                pixel_width: 0,
                pixel_height: 0,
            })
            .unwrap();
        let mut cmd = CommandBuilder::new(env!("CARGO_BIN_EXE_heibai"));
        cmd.args(args);
        cmd.arg("--data-dir");
        cmd.arg(data_dir);
        cmd.env("TERM", "xterm-256color");
        let child = pair.slave.spawn_command(cmd).unwrap();
        drop(pair.slave);
        let writer = pair.master.take_writer().unwrap();
        let raw = pair.master.as_raw_fd().expect("a unix pty");
        // SAFETY: `raw` is the master's open descriptor, alive for this call; we duplicate it.
        let fd = unsafe { BorrowedFd::borrow_raw(raw) }
            .try_clone_to_owned()
            .unwrap();
        let screen = Arc::new(Mutex::new(vt100::Parser::new(
            24.try_into().unwrap(),
            80.try_into().unwrap(),
            0,
        )));
        let stop = Arc::new(AtomicBool::new(false));
        let (sink, stopped) = (Arc::clone(&screen), Arc::clone(&stop));
        // Reads with a timeout, so that the copy of the master closes when the test hangs up.
        std::thread::spawn(move || {
            let mut file = File::from(fd);
            let mut buf = [0u8; 4096];
            while !stopped.load(Ordering::Relaxed) {
                let mut fds = [PollFd::new(file.as_fd(), PollFlags::POLLIN)];
                match poll(&mut fds, 50u16) {
                    Ok(0) => continue,
                    Ok(_) => match file.read(&mut buf) {
                        Ok(n) if n > 0 => sink.lock().unwrap().process(&buf[..n]),
                        _ => break,
                    },
                    Err(_) => break,
                }
            }
        });
        Session {
            master: pair.master,
            writer,
            child,
            screen,
            stop,
        }
    }

    fn send(&mut self, keys: &str) {
        self.writer.write_all(keys.as_bytes()).unwrap();
        self.writer.flush().unwrap();
        // Let a lone Esc be read as a key of its own, not the start of a sequence.
        std::thread::sleep(Duration::from_millis(80));
    }

    fn contents(&self) -> String {
        self.screen.lock().unwrap().screen().contents()
    }

    /// Waits until the screen satisfies `ready`; fails with the screen shown.
    fn wait_for(&self, what: &str, ready: impl Fn(&str) -> bool) -> String {
        let start = Instant::now();
        loop {
            let text = self.contents();
            if ready(&text) {
                return text;
            }
            assert!(
                start.elapsed() < PATIENCE,
                "waited for {what}; screen:\n{text}"
            );
            std::thread::sleep(Duration::from_millis(30));
        }
    }

    fn wait_exit(&mut self) -> portable_pty::ExitStatus {
        let start = Instant::now();
        loop {
            if let Some(status) = self.child.try_wait().unwrap() {
                return status;
            }
            assert!(
                start.elapsed() < PATIENCE,
                "the program did not exit:\n{}",
                self.contents()
            );
            std::thread::sleep(Duration::from_millis(30));
        }
    }

    /// Raw mode off, main screen back, cursor shown, mouse reporting off.
    fn assert_restored(&self) {
        let termios = self.master.get_termios().expect("termios of the pty");
        assert!(
            termios.local_flags.contains(LocalFlags::ICANON),
            "canonical mode back"
        );
        assert!(termios.local_flags.contains(LocalFlags::ECHO), "echo back");
        // The reader thread may not have passed the last bytes the program wrote to the
        // emulator yet: give it until PATIENCE runs out.
        let restored = |screen: &vt100::Screen| {
            !screen.alternate_screen()
                && !screen.hide_cursor()
                && screen.mouse_protocol_mode() == vt100::MouseProtocolMode::None
        };
        let start = Instant::now();
        while !restored(self.screen.lock().unwrap().screen()) && start.elapsed() < PATIENCE {
            std::thread::sleep(Duration::from_millis(30));
        }
        let parser = self.screen.lock().unwrap();
        let screen = parser.screen();
        assert!(!screen.alternate_screen(), "main screen back");
        assert!(!screen.hide_cursor(), "cursor shown");
        assert_eq!(screen.mouse_protocol_mode(), vt100::MouseProtocolMode::None);
    }
}

/// The disc count shown after `name` (e.g. "Black Human      4").
fn count(screen: &str, name: &str) -> u32 {
    let line = screen
        .lines()
        .find(|l| l.contains(name))
        .unwrap_or_else(|| panic!("{name} in\n{screen}"));
    let rest = &line[line.find(name).unwrap() + name.len()..];
    rest.split_whitespace().next().unwrap().parse().unwrap()
}

#[test]
fn arrow_to_d3_enter_then_esc() {
    let dir = tempfile::tempdir().unwrap();
    let mut s = Session::start(
        &["reversi", "--black", "human", "--white", "human"],
        dir.path(),
    );
    s.wait_for("the board", |t| t.contains("Move 1"));
    s.send(UP);
    s.send(ENTER);
    let screen = s.wait_for("d3 played", |t| t.contains("Move 2"));
    assert_eq!(count(&screen, "Black Human"), 4, "{screen}");
    assert_eq!(count(&screen, "White Human"), 1, "{screen}");
    s.send(ESC);
    assert!(s.wait_exit().success());
    s.assert_restored();
    assert!(
        dir.path().join("unfinished-game.txt").exists(),
        "the unfinished game was saved"
    );
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
    let saved = std::fs::read_to_string(dir.path().join("unfinished-game.txt")).unwrap();
    assert!(saved.contains("moves d3"), "{saved}");

    let mut again = Session::start(&[], dir.path());
    again.wait_for("Continue", |t| {
        t.contains("Continue the saved Reversi game (move 2, White to move)")
    });
    again.send(ENTER);
    let screen = again.wait_for("the restored board", |t| t.contains("Move 2"));
    assert_eq!(count(&screen, "Black Human"), 4, "{screen}");
    assert_eq!(count(&screen, "White Human"), 1, "{screen}");
    again.send("q");
    assert!(again.wait_exit().success());
    again.assert_restored();
}

#[test]
fn sigterm_restores_the_terminal() {
    let dir = tempfile::tempdir().unwrap();
    let mut s = Session::start(&["reversi"], dir.path());
    s.wait_for("the board", |t| t.contains("Move 1"));
    s.send(DOWN);
    let pid = s.child.process_id().expect("a pid") as i32;
    kill(Pid::from_raw(pid), Signal::SIGTERM).unwrap();
    assert!(s.wait_exit().success());
    s.assert_restored();
    assert!(dir.path().join("unfinished-game.txt").exists());
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
    let Session {
        master,
        writer,
        mut child,
        stop,
        ..
    } = s;
    stop.store(true, Ordering::Relaxed);
    drop(writer);
    drop(master);
    let start = Instant::now();
    let status = loop {
        if let Some(status) = child.try_wait().unwrap() {
            break status;
        }
        assert!(
            start.elapsed() < PATIENCE,
            "the program outlived its terminal"
        );
        std::thread::sleep(Duration::from_millis(30));
    };
    assert!(status.success(), "{status:?}");
    let saved = std::fs::read_to_string(dir.path().join("unfinished-game.txt")).unwrap();
    assert!(saved.contains("moves d3"), "{saved}");
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
    assert!(s.wait_exit().success());
    let mut again = Session::start(&[], dir.path());
    again.wait_for("the offer", |t| {
        t.contains("Continue the saved Gomoku game (move 3, Black to move)")
    });
    again.send(ENTER);
    let screen = again.wait_for("the game", |t| t.contains("Move 3"));
    assert!(screen.contains("Standard"), "{screen}");
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
    assert!(again.wait_exit().success());
}
