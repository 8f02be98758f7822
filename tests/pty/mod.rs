//! A program in a pseudo-terminal, driven by key presses, its screen read back through a
//! terminal emulator (vt100): heibai itself, or an ssh client connected to `heibai serve`.

#![allow(dead_code)] // each test file uses its own part of this

use nix::poll::{PollFd, PollFlags, poll};
use nix::sys::termios::LocalFlags;
use portable_pty::{Child, CommandBuilder, MasterPty, PtySize, native_pty_system};
use std::fs::File;
use std::io::{Read, Write};
use std::os::fd::{AsFd, BorrowedFd};
use std::path::Path;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

/// How long to wait for something to appear before failing (a bound, not a measurement).
pub const PATIENCE: Duration = Duration::from_secs(20);

pub const UP: &str = "\x1b[A";
pub const DOWN: &str = "\x1b[B";
pub const RIGHT: &str = "\x1b[C";
pub const ENTER: &str = "\r";
pub const ESC: &str = "\x1b";

pub struct Session {
    pub master: Box<dyn MasterPty + Send>,
    /// The screen as it was when a lone Esc was sent, until the Esc is seen to act.
    esc_sent: Option<String>,
    pub writer: Box<dyn Write + Send>,
    pub child: Box<dyn Child + Send + Sync>,
    pub screen: Arc<Mutex<vt100::Parser>>,
    /// Tells the reader thread to close its copy of the master.
    stop: Arc<AtomicBool>,
}

impl Session {
    /// heibai with `args`, keeping its files in `data_dir`, in an English locale.
    pub fn start(args: &[&str], data_dir: &Path) -> Session {
        Session::start_in("C.UTF-8", args, data_dir)
    }

    /// heibai with `args` in the locale `lang` (the value of LANG).
    pub fn start_in(lang: &str, args: &[&str], data_dir: &Path) -> Session {
        let mut cmd = CommandBuilder::new(env!("CARGO_BIN_EXE_heibai"));
        cmd.env("LANG", lang);
        cmd.env_remove("LC_ALL");
        cmd.env_remove("LC_MESSAGES");
        cmd.args(args);
        cmd.arg("--data-dir");
        cmd.arg(data_dir);
        // Never the settings of whoever runs the tests.
        cmd.arg("--config");
        cmd.arg(data_dir.join("settings.toml"));
        Session::spawn(cmd)
    }

    /// Any program, in an 80×24 terminal that says it is an xterm.
    pub fn spawn(mut cmd: CommandBuilder) -> Session {
        let pair = native_pty_system()
            .openpty(PtySize {
                rows: 24,
                cols: 80,
                pixel_width: 0,
                pixel_height: 0,
            })
            .unwrap();
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
            esc_sent: None,
            writer,
            child,
            screen,
            stop,
        }
    }

    /// Types `keys`. Keys may run together, but a lone Esc followed by more would read as
    /// one sequence (Alt and a key, or a single Esc): what is sent after an Esc waits until
    /// the Esc has visibly acted.
    pub fn send(&mut self, keys: &str) {
        if let Some(before) = self.esc_sent.take() {
            self.wait_for("the Esc to act", |t| t != before);
        }
        if keys == ESC {
            self.esc_sent = Some(self.contents());
        }
        self.writer.write_all(keys.as_bytes()).unwrap();
        self.writer.flush().unwrap();
    }

    pub fn contents(&self) -> String {
        self.screen.lock().unwrap().screen().contents()
    }

    /// Waits until the screen satisfies `ready`; fails with the screen shown.
    pub fn wait_for(&self, what: &str, ready: impl Fn(&str) -> bool) -> String {
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

    pub fn wait_exit(&mut self) -> portable_pty::ExitStatus {
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
    pub fn assert_restored(&self) {
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

    /// Changes the terminal's size, as a user dragging the window would.
    pub fn resize(&mut self, cols: u16, rows: u16) {
        self.master
            .resize(PtySize {
                rows,
                cols,
                pixel_width: 0,
                pixel_height: 0,
            })
            .unwrap();
        self.screen
            .lock()
            .unwrap()
            .screen_mut()
            .set_size(rows.try_into().unwrap(), cols.try_into().unwrap());
    }

    /// Closes the terminal under the program (the pty master), as a dropped login does, and
    /// waits for the program to end.
    pub fn hang_up(self) -> portable_pty::ExitStatus {
        let Session {
            master,
            writer,
            mut child,
            stop,
            ..
        } = self;
        stop.store(true, Ordering::Relaxed);
        drop(writer);
        drop(master);
        let start = Instant::now();
        loop {
            if let Some(status) = child.try_wait().unwrap() {
                return status;
            }
            assert!(
                start.elapsed() < PATIENCE,
                "the program outlived its terminal"
            );
            std::thread::sleep(Duration::from_millis(30));
        }
    }
}
