//! The local driver: puts the terminal in raw mode, turns crossterm events into [`Input`]s, runs
//! the computer player on its worker thread, and carries out the App's effects. The terminal is
//! restored on every way out: quit, error, panic, SIGTERM and SIGHUP (a dropped SSH login),
//! and the game on screen is kept first.

use crate::driver::{Driver, History};
use crate::engine::Worker;
use crate::settings::Settings;
use crate::store::Store;
use crate::ui::{App, Effect, Input, Key, Options, Start};
use anyhow::{Context, Result};
use crossterm::event::{
    self, Event, KeyCode, KeyEventKind, KeyModifiers, MouseButton, MouseEventKind,
};
use crossterm::{cursor, execute, terminal};
use ratatui::Terminal;
use ratatui::backend::CrosstermBackend;
use std::io::{IsTerminal, Stdout, Write, stdout};
use std::path::PathBuf;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc;
use std::time::{Duration, Instant};

/// How often the loop wakes without input, to run timers and check for signals.
const TICK: Duration = Duration::from_millis(50);

/// The files a local run reads and writes.
pub struct Files {
    /// The data directory, which holds the history of games.
    pub data: PathBuf,
    /// The settings file, or why there is none.
    pub config: Result<PathBuf, String>,
    /// The settings as the file has them (flags may differ for this run).
    pub saved_settings: Settings,
    /// What was wrong with the settings file, for the start screen.
    pub notice: Option<String>,
}

/// Plays in this terminal until the player quits or a signal arrives.
pub fn run(options: Options, start: Start, files: &Files) -> Result<()> {
    let stop = Arc::new(AtomicBool::new(false));
    for signal in [
        signal_hook::consts::SIGTERM,
        signal_hook::consts::SIGHUP,
        signal_hook::consts::SIGINT,
    ] {
        signal_hook::flag::register(signal, Arc::clone(&stop))
            .context("installing signal handlers")?;
    }
    enter().context("heibai needs an interactive terminal")?;
    install_panic_hook();
    let mut term = Terminal::new(CrosstermBackend::new(stdout()))?;
    let store = Store::new(&files.data);
    let outcome = play(&mut term, options, start, &store, files, &stop);
    let saved = outcome.map(|mut app| {
        // The game on screen, as the player left it (again, if Quit already kept it).
        let mut said = None;
        for effect in app.closing() {
            if let Effect::Keep { name, game } = effect {
                let t = app.text();
                store
                    .save(&name, &game)
                    .map_err(|failure| anyhow::anyhow!(t.save_failure(&failure)))
                    .context("keeping the game on screen")?;
                // Said in the language the player ended with.
                said = (!game.is_over()).then(|| t.saved_on_exit());
            }
        }
        anyhow::Ok(said)
    });
    leave();
    if term.show_cursor().is_err() {
        // The terminal is gone. Dropping `term` would try again and report the failure on the
        // (equally gone) stderr, which panics; there is nothing left to clean up.
        std::mem::forget(term);
    } else if let Ok(Ok(Some(said))) = saved {
        let _ = writeln!(stdout(), "{said}");
    }
    saved?.map(|_| ())
}

/// The main loop; returns the App as it was at the end, for saving.
fn play(
    term: &mut Terminal<CrosstermBackend<Stdout>>,
    options: Options,
    start: Start,
    store: &Store,
    files: &Files,
    stop: &AtomicBool,
) -> Result<App> {
    // Keys and computer moves arrive on one channel, so either wakes the loop at once.
    let (inputs_tx, inputs) = mpsc::channel();
    let replies_tx = inputs_tx.clone();
    let worker = Worker::spawn(engine_threads(), move |r| {
        let _ = replies_tx.send(Input::Engine(r));
    });
    spawn_reader(inputs_tx);
    let (mut app, mut effects) = App::new(options, start, Instant::now());
    app.set_today(crate::store::today());
    app.set_saved_settings(files.saved_settings);
    if let Some(notice) = &files.notice {
        app.notify(notice.clone());
    }
    if let Some(notice) = crate::driver::adopt_legacy(&files.data, store, app.text()) {
        app.notify(notice);
    }
    app.handle(Input::Library(store.list()));
    let size = term.size()?;
    app.handle(Input::Resize {
        width: size.width,
        height: size.height,
    });
    let mut driver = Driver {
        worker,
        history: History {
            store: store.clone(),
            naming: Ok(()),
        },
        net: None,
        config: files.config.clone(),
        budget: None,
    };
    loop {
        let mut out = vec![];
        let quit = driver.carry_out(&mut app, std::mem::take(&mut effects), &mut out);
        if quit {
            return Ok(app);
        }
        if !out.is_empty() {
            let backend = term.backend_mut();
            let _ = backend.write_all(&out).and_then(|_| backend.flush());
        }
        if stop.load(Ordering::Relaxed) || hung_up() {
            return Ok(app);
        }
        // A terminal that has gone away ends the game the same way: saved.
        if term.draw(|f| app.draw(f)).is_err() {
            return Ok(app);
        }
        let mut batch = match inputs.recv_timeout(TICK) {
            Ok(input) => vec![input],
            Err(mpsc::RecvTimeoutError::Timeout) => vec![],
            Err(mpsc::RecvTimeoutError::Disconnected) => return Ok(app),
        };
        batch.extend(inputs.try_iter());
        batch.push(Input::Tick(Instant::now()));
        for input in batch {
            effects.extend(app.handle(input));
        }
    }
}

/// Reads terminal events on their own thread. It ends (closing its end of the channel) when
/// reading fails; a terminal that hangs up without an error is caught by [`hung_up`].
fn spawn_reader(inputs: mpsc::Sender<Input>) {
    std::thread::Builder::new()
        .name("heibai-input".into())
        .spawn(move || {
            while let Ok(event) = event::read() {
                if let Some(input) = input_of(event)
                    && inputs.send(input).is_err()
                {
                    return;
                }
            }
        })
        .expect("spawning the input thread");
}

/// Search threads for the computer: one per core, up to four.
fn engine_threads() -> usize {
    std::thread::available_parallelism().map_or(1, |n| n.get().min(4))
}

/// Whether the terminal has gone away (its other end closed) without a SIGHUP reaching us.
/// crossterm does not report it (its reader spins on the closed terminal), so we ask ourselves.
fn hung_up() -> bool {
    use rustix::event::{PollFd, PollFlags, Timespec, poll};
    let stdin = std::io::stdin();
    if !stdin.is_terminal() {
        return false;
    }
    let mut fds = [PollFd::new(&stdin, PollFlags::IN)];
    let now = Timespec {
        tv_sec: 0,
        tv_nsec: 0,
    };
    poll(&mut fds, Some(&now)).is_ok()
        && fds[0].revents().intersects(PollFlags::HUP | PollFlags::ERR)
}

/// Translates a crossterm event; `None` for what the app does not use.
fn input_of(event: Event) -> Option<Input> {
    match event {
        Event::Key(k) if k.kind != KeyEventKind::Release => {
            let ctrl = k.modifiers.contains(KeyModifiers::CONTROL);
            let alt = k.modifiers.contains(KeyModifiers::ALT);
            let key = match k.code {
                KeyCode::Char('c') if ctrl => Key::Interrupt,
                KeyCode::Char('u') if ctrl => Key::ClearLine,
                _ if ctrl || alt => Key::Other,
                KeyCode::Up => Key::Up,
                KeyCode::Down => Key::Down,
                KeyCode::Left => Key::Left,
                KeyCode::Right => Key::Right,
                KeyCode::Enter => Key::Enter,
                KeyCode::Esc => Key::Esc,
                KeyCode::F(1) => Key::F1,
                KeyCode::Home => Key::Home,
                KeyCode::Backspace => Key::Backspace,
                KeyCode::End => Key::End,
                KeyCode::PageUp => Key::PageUp,
                KeyCode::PageDown => Key::PageDown,
                KeyCode::Char(c) => Key::Char(c),
                _ => Key::Other,
            };
            Some(Input::Key(key))
        }
        Event::Mouse(m) if m.kind == MouseEventKind::Down(MouseButton::Left) => {
            Some(Input::Click {
                x: m.column,
                y: m.row,
            })
        }
        Event::Resize(width, height) => Some(Input::Resize { width, height }),
        Event::Paste(text) => Some(Input::Paste(text)),
        _ => None,
    }
}

fn enter() -> std::io::Result<()> {
    terminal::enable_raw_mode()?;
    execute!(
        stdout(),
        terminal::EnterAlternateScreen,
        event::EnableMouseCapture,
        event::EnableBracketedPaste,
        cursor::Hide
    )
}

/// Puts the terminal back as it was; safe to call more than once and when the terminal is gone.
fn leave() {
    let _ = execute!(
        stdout(),
        event::DisableMouseCapture,
        event::DisableBracketedPaste,
        terminal::LeaveAlternateScreen,
        cursor::Show
    );
    let _ = terminal::disable_raw_mode();
}

fn install_panic_hook() {
    let previous = std::panic::take_hook();
    std::panic::set_hook(Box::new(move |info| {
        leave();
        previous(info);
    }));
}
