//! The App: which screen is shown, which overlay is open, and what the driver must do next
//! ([`Effect`]s). It does no I/O itself.

use super::gomoku_play::GomokuPlay;
use super::gomoku_view;
use super::help::{self, Overlay};
use super::input::{Input, Key};
use super::layout::{GameLayout, GomokuLayout, gomoku_min_size, min_size};
use super::library::{self, LoadList};
use super::lobby::{self, Lobby};
use super::menu::{self, Item, Menu};
use super::play::Message;
use super::play::Play;
use super::play_view;
use super::replay::{Leave, Replay};
use super::replay_view;
use super::settings_view;
use super::theme::Theme;
use super::timing::with_clocks;
use crate::game::{Game, GomokuGame, SavedGame};
use crate::i18n::Text;
use crate::record::games::{parse_any, to_sgf, transcript};
use crate::reversi::{Position, Square};
use crate::settings::{Kind, Settings, Setup};
use crate::store::{Autosave, Entry, SaveSlot};
use crate::table::{Listing, NetRequest, Refusal, TableView};

use ratatui::Frame;
use ratatui::layout::Rect;
use ratatui::widgets::{Paragraph, Wrap};
use std::time::Instant;

/// What the App asks its driver to do.
#[derive(Clone, Debug, PartialEq)]
pub enum Effect {
    /// Leave the program (after saving what [`App::autosave`] says).
    Quit,
    /// Ring the terminal bell.
    Bell,
    /// Ask the computer player at `level` for a move in `position`; report with `Input::Engine`.
    Think {
        id: u64,
        position: Position,
        level: u8,
    },
    /// Ask the Gomoku computer player at `level` for a move in `position`.
    ThinkGomoku {
        id: u64,
        position: Box<crate::gomoku::Position>,
        level: u8,
    },
    /// Ask for scores of every move in `position` until cancelled; report with `Input::Engine`.
    Analyze { id: u64, position: Position },
    /// The last request is no longer wanted.
    Cancel,
    /// Put `text` on the clipboard (the terminal's, by OSC 52).
    Copy(String),
    /// Save `game` under `name`; report with `Input::Saved` (and `Input::Library`).
    SaveAs { name: String, game: SavedGame },
    /// Ask the server about games between terminals; it answers with `Input::Table`,
    /// `Input::Lobby` or `Input::NetError`.
    Net(NetRequest),
    /// Keep these settings for next time (the settings file).
    SaveSettings(Settings),
    /// Write the unfinished-game file now (a move was played, taken back, or the game ended),
    /// so that a crash or a power cut loses nothing.
    Autosave(Autosave),
}

/// How the App looks and behaves: what the terminal allows, and the player's settings.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Options {
    /// Colour is allowed (no NO_COLOR, a terminal that has colours).
    pub colour: bool,
    /// Draw with ASCII only.
    pub ascii: bool,
    pub settings: Settings,
}

impl Options {
    /// The options for this terminal: colour unless NO_COLOR is set.
    pub fn from_env(ascii: bool, settings: Settings) -> Options {
        let no_color = std::env::var_os("NO_COLOR").is_some_and(|v| !v.is_empty());
        Options {
            colour: !no_color,
            ascii,
            settings,
        }
    }

    /// How to draw: the chosen palette, if the terminal has colour.
    pub fn theme(&self) -> Theme {
        Theme {
            color: self.colour && self.settings.palette.is_some(),
            ascii: self.ascii,
            palette: self.settings.palette.unwrap_or_default(),
        }
    }
}

/// Where the App starts.
pub enum Start {
    Menu,
    Game(Game),
    Gomoku(GomokuGame),
    /// A replay of a game.
    Replay(SavedGame),
    /// The lobby of an SSH server, for the player of this name.
    Lobby(String),
}

enum Screen {
    Menu(Menu),
    Play(Box<Play>),
    Gomoku(Box<GomokuPlay>),
    /// A replay, and the screen it goes back to (the menu when `None`).
    Replay(Box<Replay>, Option<Box<Screen>>),
    /// The games saved under a name.
    Load(LoadList),
    /// The lobby of an SSH server.
    Lobby(Lobby),
}

pub struct App {
    options: Options,
    area: Rect,
    now: Instant,
    screen: Screen,
    overlay: Option<Overlay>,
    slot: SaveSlot,
    /// What new games from the menu will be.
    setup: Setup,
    /// The games saved under a name, newest first.
    library: Vec<Entry>,
    /// Today's date (YYYY-MM-DD), for the names games are saved under.
    today: String,
    /// A message for the start screen (why pasted text could not be opened).
    notice: Option<String>,
    /// On an SSH server: the player's name; the lobby is home, and the start menu returns there.
    lobby_user: Option<String>,
    /// The server's tables, for the lobby.
    tables: Vec<Listing>,
    /// The settings as kept in the file; flags may have changed some for this run only.
    saved_settings: Settings,
    /// The line the Settings window was last left on, where it opens again.
    settings_line: usize,
    /// The game whose state the unfinished-game file holds, as [`App::autosave_mark`] has it.
    kept: Option<Mark>,
    /// A game between two computers, held (`p`): time does not move it on.
    paused: bool,
}

/// What the unfinished-game file depends on, apart from the clocks: which game (Gomoku or
/// not), how many steps it has had, and whether it is over.
type Mark = (bool, usize, bool);

impl App {
    /// A new App; a game started here may already need the computer (see the effects).
    pub fn new(options: Options, slot: SaveSlot, start: Start, now: Instant) -> (App, Vec<Effect>) {
        let mut app = App {
            options,
            area: Rect::new(0, 0, 80, 24),
            now,
            screen: Screen::Menu(Menu { selected: 0 }),
            overlay: None,
            slot,
            setup: Setup::from_settings(&options.settings),
            library: vec![],
            today: String::new(),
            notice: None,
            lobby_user: None,
            tables: vec![],
            saved_settings: options.settings,
            settings_line: 0,
            kept: None,
            paused: false,
        };
        let mut fx = vec![];
        match start {
            Start::Menu => {}
            Start::Game(game) => app.start_game(game, &mut fx),
            Start::Gomoku(game) => app.start_gomoku(game, &mut fx),
            Start::Replay(game) => app.screen = Screen::Replay(Box::new(Replay::new(game)), None),
            Start::Lobby(user) => {
                app.lobby_user = Some(user);
                app.screen = Screen::Lobby(Lobby::default());
            }
        }
        app.kept = app.autosave_mark();
        (app, fx)
    }

    /// Whether the screen changes with time alone now — a computer thinking (or its move
    /// waiting to land), flipped discs highlighted, a clock running, a replay playing by itself.
    /// When not, a driver need not redraw on its ticks.
    pub fn animating(&self) -> bool {
        let clock = |t: &Option<super::timing::Timing>| t.as_ref().is_some_and(|t| t.running());
        match &self.screen {
            Screen::Play(p) => {
                p.thinking().is_some() || p.flashing(self.now) != 0 || clock(&p.timing)
            }
            Screen::Gomoku(p) => p.thinking().is_some() || clock(&p.timing),
            Screen::Replay(r, _) => r.playing(),
            Screen::Menu(_) | Screen::Load(_) | Screen::Lobby(_) => false,
        }
    }

    /// The settings as the file has them, when flags changed some for this run.
    pub fn set_saved_settings(&mut self, settings: Settings) {
        self.saved_settings = settings;
    }

    /// Tells the player something from outside the game (a bad settings file, a failed write):
    /// on the start screen, or on the status line.
    pub fn notify(&mut self, text: String) {
        match self.screen {
            Screen::Menu(_) => self.notice = Some(text),
            _ => {
                let message = Message::error(text, false, &mut vec![]);
                self.tell(message);
            }
        }
    }

    /// The words of the player's language, as the settings have it now.
    pub fn text(&self) -> &'static dyn Text {
        self.options.settings.lang.text()
    }

    /// Sets today's date (YYYY-MM-DD), used in the default names of saved games.
    pub fn set_today(&mut self, today: String) {
        self.today = today;
    }

    /// The game of Reversi on screen, if any.
    pub fn play(&self) -> Option<&Play> {
        match &self.screen {
            Screen::Play(p) => Some(p),
            _ => None,
        }
    }

    /// The game of Gomoku on screen, if any.
    pub fn gomoku(&self) -> Option<&GomokuPlay> {
        match &self.screen {
            Screen::Gomoku(p) => Some(p),
            _ => None,
        }
    }

    fn saved(&self) -> Option<&SavedGame> {
        match &self.slot {
            SaveSlot::Saved(g) => Some(g),
            _ => None,
        }
    }

    /// What should be in the saved-game file if the program ended now: the game on screen if it
    /// is unfinished, otherwise whatever is still unplayed in the slot.
    pub fn autosave(&self) -> Autosave {
        // A replay opened from a game saves that game.
        let screen = match &self.screen {
            Screen::Replay(_, Some(back)) => back,
            screen => screen,
        };
        match (screen, &self.slot) {
            // A game between terminals is kept by the server.
            (Screen::Play(p), _) if !p.is_over() && p.net.is_none() => {
                Autosave::Write(with_clocks(&p.game, p.timing.as_ref(), self.now).to_text())
            }
            (Screen::Gomoku(p), _) if !p.is_over() && p.net.is_none() => {
                Autosave::Write(with_clocks(&p.game, p.timing.as_ref(), self.now).to_text())
            }
            (_, SaveSlot::Empty) => Autosave::Remove,
            _ => Autosave::Keep,
        }
    }

    /// The mark of the local game whose state [`App::autosave`] would write, if any.
    fn autosave_mark(&self) -> Option<Mark> {
        let screen = match &self.screen {
            Screen::Replay(_, Some(back)) => back,
            screen => screen,
        };
        match screen {
            Screen::Play(p) if p.net.is_none() => {
                Some((false, p.game.record.history().len(), p.is_over()))
            }
            Screen::Gomoku(p) if p.net.is_none() => {
                Some((true, p.game.record.history().len(), p.is_over()))
            }
            _ => None,
        }
    }

    /// Reacts to one input; the unfinished-game file is written whenever a move, a takeback or
    /// the end of a game changed what it should hold.
    pub fn handle(&mut self, input: Input) -> Vec<Effect> {
        let mut fx = self.react(input);
        let mark = self.autosave_mark();
        if mark != self.kept {
            self.kept = mark;
            fx.push(Effect::Autosave(self.autosave()));
        }
        fx
    }

    fn react(&mut self, input: Input) -> Vec<Effect> {
        let mut fx = vec![];
        match input {
            Input::Resize { width, height } => self.area = Rect::new(0, 0, width, height),
            Input::Tick(now) => {
                self.now = now;
                match &mut self.screen {
                    Screen::Play(_) | Screen::Gomoku(_) if self.paused => {}
                    Screen::Play(p) => p.tick(now, &mut fx),
                    Screen::Gomoku(p) => p.tick(now, &mut fx),
                    Screen::Replay(r, _) => {
                        r.tick(now);
                        fx.extend(r.take_effects());
                    }
                    Screen::Menu(_) | Screen::Load(_) | Screen::Lobby(_) => {}
                }
            }
            Input::Engine(reply) => match &mut self.screen {
                Screen::Play(p) => p.engine(reply, self.now, &mut fx),
                Screen::Gomoku(p) => p.engine(reply, self.now, &mut fx),
                Screen::Replay(r, _) => r.engine(reply),
                Screen::Menu(_) | Screen::Load(_) | Screen::Lobby(_) => {}
            },
            Input::Lobby(tables) => {
                self.tables = tables;
                let saved = self.saved().is_some();
                if let Screen::Lobby(lobby) = &mut self.screen {
                    let count = Lobby::entries(saved, &self.setup, &self.tables).len();
                    lobby.selected = lobby.selected.min(count - 1);
                }
            }
            Input::Table(view) => self.show_table(*view, &mut fx),
            Input::NetError(refusal) => {
                let text = self.text().refusal(&refusal);
                let message = Message::error(text, self.options.settings.sound.illegal, &mut fx);
                if matches!(refusal, Refusal::Expired(_)) && self.net_code().is_some() {
                    // The table is gone: back to the lobby, saying why.
                    self.overlay = None;
                    self.screen = Screen::Lobby(Lobby {
                        message: Some(message),
                        ..Lobby::default()
                    });
                } else {
                    self.tell(message);
                }
            }
            // Nothing acts on a screen no one can see; Ctrl-C still quits (and saves).
            Input::Click { .. } | Input::Paste(_) if self.too_small() => {}
            Input::Key(key) if self.too_small() && key != Key::Interrupt => {}
            Input::Click { x, y } => self.click(x, y, &mut fx),
            Input::Library(entries) => self.library = entries,
            Input::Paste(text) => self.paste(&text, &mut fx),
            Input::Saved(result) => {
                let t = self.text();
                let message = match result {
                    Ok(name) => Message::info(t.saved_as(&name)),
                    Err(why) => Message::error(
                        t.not_saved(&why),
                        self.options.settings.sound.illegal,
                        &mut fx,
                    ),
                };
                self.tell(message);
            }
            Input::Key(key) => self.key(key, &mut fx),
        }
        fx
    }

    fn key(&mut self, key: Key, fx: &mut Vec<Effect>) {
        if let Some(overlay) = self.overlay.clone() {
            return self.overlay_key(overlay, key, fx);
        }
        if let Screen::Load(list) = &mut self.screen
            && !matches!(key, Key::Char('?') | Key::F1 | Key::Interrupt)
        {
            match key {
                Key::Up | Key::Char('k') => list.selected = list.selected.saturating_sub(1),
                Key::Down | Key::Char('j') => {
                    list.selected = (list.selected + 1).min(self.library.len().saturating_sub(1))
                }
                Key::Enter => self.open_entry(fx),
                Key::Char('v') => {
                    if let Some(Ok(game)) = self.library.get(list.selected).map(|e| &e.game) {
                        let replay = Replay::new(game.clone());
                        self.screen = Screen::Replay(Box::new(replay), None);
                    }
                }
                Key::Esc | Key::Char('q') => self.screen = Screen::Menu(Menu { selected: 0 }),
                _ => {}
            }
            return;
        }
        if let Screen::Replay(r, _) = &mut self.screen
            && !matches!(key, Key::Char('?') | Key::F1 | Key::Interrupt)
        {
            let leave = r.key(key, self.now, self.options.settings.lang.text());
            if leave.is_some() {
                r.stop();
            }
            fx.extend(r.take_effects());
            if let Some(leave) = leave {
                self.leave_replay(leave, fx);
            }
            return;
        }
        if matches!(self.screen, Screen::Lobby(_)) {
            return self.lobby_key(key, fx);
        }
        match key {
            Key::Char('?') | Key::F1 => self.overlay = Some(Overlay::Help(0)),
            Key::Char('o') => self.overlay = Some(Overlay::Settings(self.settings_line)),
            Key::Esc | Key::Char('q') if self.confirm_quit() => {
                self.overlay = Some(Overlay::ConfirmQuit)
            }
            Key::Esc | Key::Char('q') | Key::Interrupt => self.escape(key, fx),
            _ => match &mut self.screen {
                Screen::Menu(menu) => {
                    self.notice = None;
                    let has_saved = matches!(self.slot, SaveSlot::Saved(_));
                    let items = Menu::items(has_saved, !self.library.is_empty(), self.setup.kind);
                    match key {
                        Key::Up | Key::Char('k') => menu.step(-1, items.len()),
                        Key::Down | Key::Char('j') => menu.step(1, items.len()),
                        Key::Left | Key::Char('h') => {
                            self.setup.change(items[menu.selected], false)
                        }
                        Key::Right | Key::Char('l') => {
                            self.setup.change(items[menu.selected], true)
                        }
                        Key::Enter | Key::Char(' ') => {
                            let item = items[menu.selected];
                            self.choose(item, fx);
                        }
                        _ => {}
                    }
                }
                Screen::Play(_) | Screen::Gomoku(_) => self.game_key(key, fx),
                Screen::Replay(..) | Screen::Load(_) | Screen::Lobby(_) => {}
            },
        }
    }

    /// Whether Esc should ask first: the settings say so and a local game is in progress.
    fn confirm_quit(&self) -> bool {
        let in_progress = match &self.screen {
            Screen::Play(p) => p.net.is_none() && p.in_progress(),
            Screen::Gomoku(p) => p.net.is_none() && p.in_progress(),
            _ => false,
        };
        self.options.settings.confirm_quit && in_progress
    }

    /// Esc, q or Ctrl-C outside a window: a game between terminals is left for the lobby, the
    /// start menu of a server goes back to its lobby; otherwise heibai ends.
    fn escape(&mut self, key: Key, fx: &mut Vec<Effect>) {
        if self.net_code().is_some() {
            self.leave_table(fx);
            if key == Key::Interrupt {
                fx.push(Effect::Quit);
            }
        } else if matches!(self.screen, Screen::Menu(_))
            && self.lobby_user.is_some()
            && key != Key::Interrupt
        {
            self.screen = Screen::Lobby(Lobby::default());
        } else {
            self.quit(fx);
        }
    }

    /// The game between terminals on screen, if that is what is on screen.
    fn shown_net(&self) -> Option<&crate::table::Net> {
        match &self.screen {
            Screen::Play(p) => p.net.as_ref(),
            Screen::Gomoku(p) => p.net.as_ref(),
            _ => None,
        }
    }

    /// The code of the game between terminals on screen, if that is what is on screen.
    fn net_code(&self) -> Option<&str> {
        self.shown_net().map(|n| n.code.as_str())
    }

    /// Back to the lobby from a game between terminals; the server keeps an unfinished seat.
    fn leave_table(&mut self, fx: &mut Vec<Effect>) {
        let Some(code) = self.net_code().map(str::to_string) else {
            return;
        };
        fx.push(Effect::Net(NetRequest::Leave));
        self.overlay = None;
        self.screen = Screen::Lobby(Lobby {
            message: Some(Message::info(self.text().left_game(&code))),
            ..Lobby::default()
        });
    }

    /// A key in the lobby.
    fn lobby_key(&mut self, key: Key, fx: &mut Vec<Effect>) {
        let saved = self.saved().is_some();
        let Screen::Lobby(lobby) = &mut self.screen else {
            return;
        };
        let entries = Lobby::entries(saved, &self.setup, &self.tables);
        let entry = entries[lobby.selected.min(entries.len() - 1)];
        let t = self.options.settings.lang.text();
        lobby.message = None;
        let typing = entry == lobby::Entry::Code;
        match key {
            Key::Char(c) if typing && c.is_ascii_alphanumeric() => lobby.type_code(c),
            Key::Backspace if typing => {
                lobby.code.pop();
            }
            Key::Up | Key::Char('k') => lobby.step(-1, entries.len()),
            Key::Down | Key::Char('j') => lobby.step(1, entries.len()),
            Key::Left | Key::Right | Key::Char('h' | 'l') => {
                let forward = matches!(key, Key::Right | Key::Char('l'));
                match entry {
                    lobby::Entry::Setting(item) => self.setup.change(item, forward),
                    lobby::Entry::Colour => lobby.change_colour(forward),
                    _ => {}
                }
            }
            Key::Enter | Key::Char(' ') => match entry {
                lobby::Entry::Continue => self.choose(Item::Continue, fx),
                lobby::Entry::PlayComputer => self.screen = Screen::Menu(Menu { selected: 0 }),
                lobby::Entry::Setting(item) => self.setup.change(item, true),
                lobby::Entry::Colour => lobby.change_colour(true),
                lobby::Entry::Create => fx.push(Effect::Net(NetRequest::Create {
                    setup: self.setup,
                    color: lobby.color,
                })),
                lobby::Entry::Code if lobby.code.is_empty() => {
                    lobby.message = Some(Message::info(t.type_the_code()))
                }
                lobby::Entry::Code => fx.push(Effect::Net(NetRequest::Join(lobby.code.clone()))),
                lobby::Entry::Table(i) => {
                    if let Some(t) = self.tables.get(i) {
                        let code = t.code.clone();
                        fx.push(Effect::Net(if t.yours || t.open() {
                            NetRequest::Join(code)
                        } else {
                            NetRequest::Watch(code)
                        }));
                    }
                }
                lobby::Entry::Help => self.overlay = Some(Overlay::Help(0)),
                lobby::Entry::Quit => self.quit(fx),
            },
            Key::Char('?') | Key::F1 => self.overlay = Some(Overlay::Help(0)),
            Key::Char('o') => self.overlay = Some(Overlay::Settings(self.settings_line)),
            Key::Esc | Key::Char('q') | Key::Interrupt => self.quit(fx),
            _ => {}
        }
        // The Gomoku settings come and go with the game chosen: stay on the same entry.
        let saved = self.saved().is_some();
        let count = Lobby::entries(saved, &self.setup, &self.tables).len();
        if let Screen::Lobby(lobby) = &mut self.screen {
            if let Some(i) = Lobby::entries(saved, &self.setup, &self.tables)
                .iter()
                .position(|&e| e == entry)
                && key != Key::Up
                && key != Key::Down
            {
                lobby.selected = i;
            }
            lobby.selected = lobby.selected.min(count - 1);
        }
    }

    /// The server's word on this terminal's table: the game on screen follows it, or it comes
    /// on screen (from the lobby, or after a reconnection).
    fn show_table(&mut self, view: TableView, fx: &mut Vec<Effect>) {
        let TableView { net, game } = view;
        let (now, settings) = (self.now, self.options.settings);
        let same = |n: &Option<crate::table::Net>| n.as_ref().is_some_and(|n| n.code == net.code);
        // A replay opened from the game keeps the game behind it up to date.
        let screen = match &mut self.screen {
            Screen::Replay(_, Some(back)) => back.as_mut(),
            screen => screen,
        };
        match (screen, game) {
            (Screen::Play(p), SavedGame::Reversi(g)) if same(&p.net) => p.sync(g, net, now, fx),
            (Screen::Gomoku(p), SavedGame::Gomoku(g)) if same(&p.net) => p.sync(g, net, now, fx),
            (_, game) => {
                self.leave_game(fx);
                self.overlay = None;
                self.screen = match game {
                    SavedGame::Reversi(g) => {
                        Screen::Play(Box::new(Play::networked(g, net, settings, now)))
                    }
                    SavedGame::Gomoku(g) => {
                        Screen::Gomoku(Box::new(GomokuPlay::networked(g, net, settings, now)))
                    }
                };
            }
        }
    }

    /// A key in a game between terminals: no takebacks or analysis, `x` resigns, `c` claims
    /// a win, `i` shows the resume code, `n` leaves; a move made here goes to the server.
    fn net_key(&mut self, key: Key, fx: &mut Vec<Effect>) {
        let claimable = self.shown_net().is_some_and(|n| n.claimable);
        let over = match &self.screen {
            Screen::Play(p) => p.is_over(),
            Screen::Gomoku(p) => p.is_over(),
            _ => true,
        };
        let resume = self.shown_net().and_then(|n| n.resume.clone());
        let t = self.text();
        match key {
            Key::Char('i') if let Some(code) = resume => {
                self.tell(Message::info(t.resume_code(&code)))
            }
            Key::Char('u' | 'r') => self.tell(Message::info(t.no_takebacks_between_people())),
            Key::Char('n') => self.leave_table(fx),
            Key::Char('x') if over => self.tell(Message::info(t.the_game_is_over())),
            Key::Char('x') => self.overlay = Some(Overlay::ConfirmResign),
            Key::Char('c') if claimable && !over => fx.push(Effect::Net(NetRequest::Claim)),
            _ => {
                let before = self.played();
                match &mut self.screen {
                    Screen::Play(p) => p.key(key, self.now, fx),
                    Screen::Gomoku(p) => p.key(key, self.now, fx),
                    _ => {}
                }
                self.send_move(before, fx);
            }
        }
    }

    /// The moves played in the game on screen, by name.
    fn played(&self) -> Vec<String> {
        fn names<M: ToString>(moves: &[M]) -> Vec<String> {
            moves.iter().map(M::to_string).collect()
        }
        match &self.screen {
            Screen::Play(p) => names(p.game.record.played()),
            Screen::Gomoku(p) => names(p.game.record.played()),
            _ => vec![],
        }
    }

    /// In a game between terminals, sends the move this terminal just made (the first of the
    /// moves added since `before`; the rest are the opponent's forced passes).
    fn send_move(&mut self, before: Vec<String>, fx: &mut Vec<Effect>) {
        if self.net_code().is_none() {
            return;
        }
        let after = self.played();
        if after.len() > before.len() && after.starts_with(&before) {
            fx.push(Effect::Net(NetRequest::Move(after[before.len()].clone())));
        }
    }

    fn overlay_key(&mut self, overlay: Overlay, key: Key, fx: &mut Vec<Effect>) {
        match (overlay, key) {
            (Overlay::Help(_), Key::Esc | Key::Char('?' | 'q') | Key::F1 | Key::Enter) => {
                self.overlay = None
            }
            (Overlay::Help(s), Key::Down | Key::Char('j')) => {
                let len = help::help_len(self.shown_kind(), self.text());
                self.overlay = Some(Overlay::Help((s + 1).min(len)))
            }
            (Overlay::Help(s), Key::Up | Key::Char('k')) => {
                self.overlay = Some(Overlay::Help(s.saturating_sub(1)))
            }
            (Overlay::ConfirmNew, Key::Char('y' | 'Y') | Key::Enter) => {
                self.overlay = None;
                self.open_menu(fx);
            }
            (Overlay::ConfirmNew, Key::Esc | Key::Char('n' | 'N' | 'q')) => self.overlay = None,
            (Overlay::ConfirmQuit, Key::Char('y' | 'Y') | Key::Enter) => {
                self.overlay = None;
                self.quit(fx);
            }
            (Overlay::ConfirmQuit, Key::Esc | Key::Char('n' | 'N' | 'q')) => self.overlay = None,
            (Overlay::ConfirmReplace(name), Key::Char('y' | 'Y') | Key::Enter) => {
                self.save_as(name, fx)
            }
            (Overlay::ConfirmReplace(name), Key::Char('k' | 'K')) => {
                let taken: Vec<String> = self.library.iter().map(|e| e.name.clone()).collect();
                self.save_as(crate::store::free_name(&name, &taken), fx)
            }
            (Overlay::ConfirmReplace(name), Key::Esc | Key::Char('n' | 'N')) => {
                self.overlay = Some(Overlay::SaveAs(name))
            }
            (Overlay::ConfirmResign, Key::Char('y' | 'Y') | Key::Enter) => {
                self.overlay = None;
                self.resign(fx);
            }
            (Overlay::ConfirmResign, Key::Esc | Key::Char('n' | 'N' | 'q')) => self.overlay = None,
            (Overlay::Settings(i), key) => self.settings_key(i, key, fx),
            (Overlay::SaveAs(mut name), key) => match key {
                Key::Char(c) if name.chars().count() < 60 && !c.is_control() => {
                    name.push(c);
                    self.overlay = Some(Overlay::SaveAs(name));
                }
                Key::Backspace => {
                    name.pop();
                    self.overlay = Some(Overlay::SaveAs(name));
                }
                Key::Enter if !name.trim().is_empty() => {
                    let file = crate::store::file_name(&name);
                    if self.library.iter().any(|e| e.name == file) {
                        // Never over another game without asking.
                        self.overlay = Some(Overlay::ConfirmReplace(name));
                    } else {
                        self.save_as(name, fx);
                    }
                }
                Key::Esc | Key::Interrupt => self.overlay = None,
                _ => {}
            },
            (_, Key::Interrupt) => self.quit(fx),
            _ => {}
        }
    }

    /// A key in the Settings window: a change takes effect at once; closing keeps the settings.
    fn settings_key(&mut self, selected: usize, key: Key, fx: &mut Vec<Effect>) {
        let last = crate::settings::FIELDS.len() - 1;
        match key {
            Key::Up | Key::Char('k') => {
                self.overlay = Some(Overlay::Settings(selected.saturating_sub(1)))
            }
            Key::Down | Key::Char('j') => {
                self.overlay = Some(Overlay::Settings((selected + 1).min(last)))
            }
            Key::Left | Key::Right | Key::Enter | Key::Char(' ' | 'h' | 'l') => {
                let forward = !matches!(key, Key::Left | Key::Char('h'));
                let field = crate::settings::FIELDS[selected.min(last)];
                // The change goes to this run's settings and to those kept in the file alike.
                settings_view::change(&mut self.options.settings, field, forward);
                settings_view::change(&mut self.saved_settings, field, forward);
                self.apply_settings(field);
            }
            Key::Esc | Key::Char('q' | 'o') => {
                self.overlay = None;
                self.settings_line = selected;
                fx.push(Effect::SaveSettings(self.saved_settings));
            }
            Key::Interrupt => self.quit(fx),
            _ => {}
        }
    }

    /// Brings what is on screen in line with a changed setting.
    fn apply_settings(&mut self, field: crate::settings::Field) {
        use crate::settings::Field;
        let settings = self.options.settings;
        match field {
            Field::Level => self.setup.level = settings.level,
            Field::GomokuRule => self.setup.rule = settings.gomoku_rule,
            Field::GomokuSize => self.setup.size = settings.gomoku_size,
            Field::GomokuOpening => self.setup.opening = settings.gomoku_opening,
            _ => {}
        }
        let screen = match &mut self.screen {
            Screen::Replay(_, Some(back)) => back.as_mut(),
            screen => screen,
        };
        // A message said in the old language goes: nothing stays half in one, half in another.
        let new_language = field == Field::Language;
        match screen {
            Screen::Play(p) => {
                p.settings = settings;
                if field == Field::Hints {
                    p.hints = settings.hints;
                }
                if new_language {
                    p.message = None;
                }
            }
            Screen::Gomoku(p) => {
                p.settings = settings;
                if field == Field::Hints {
                    p.hints = settings.hints;
                }
                if new_language {
                    p.message = None;
                }
            }
            Screen::Lobby(lobby) if new_language => lobby.message = None,
            _ => {}
        }
        if new_language {
            self.notice = None;
        }
    }

    fn click(&mut self, x: u16, y: u16, fx: &mut Vec<Effect>) {
        if self.overlay.is_some() {
            return;
        }
        let before = self.played();
        self.click_board(x, y, fx);
        self.send_move(before, fx);
    }

    fn click_board(&mut self, x: u16, y: u16, fx: &mut Vec<Effect>) {
        match &mut self.screen {
            Screen::Play(p) => {
                if let Some((col, row)) = GameLayout::new(self.area, self.options.settings.board)
                    .and_then(|l| l.board.cell_at(x, y))
                {
                    p.click(Square::at(col, row).expect("on the board"), self.now, fx);
                }
            }
            Screen::Gomoku(p) => {
                let size = p.position().board().size();
                if let Some(point) = GomokuLayout::new(self.area, size, self.options.settings.board)
                    .and_then(|l| l.board.point_at(x, y))
                {
                    p.click(point, self.now, fx);
                }
            }
            Screen::Replay(..) | Screen::Menu(_) | Screen::Load(_) | Screen::Lobby(_) => {}
        }
    }

    /// The game whose help and too-small size apply: the one on screen, or the menu's choice.
    fn shown_kind(&self) -> Kind {
        match &self.screen {
            Screen::Play(_) => Kind::Reversi,
            Screen::Gomoku(_) => Kind::Gomoku,
            Screen::Replay(r, _) => match r.game {
                SavedGame::Reversi(_) => Kind::Reversi,
                SavedGame::Gomoku(_) => Kind::Gomoku,
            },
            Screen::Menu(_) | Screen::Load(_) | Screen::Lobby(_) => self.setup.kind,
        }
    }

    /// A key on a game screen: the keys both games share here, the rest to the game.
    fn game_key(&mut self, key: Key, fx: &mut Vec<Effect>) {
        if self.net_code().is_some() && !matches!(key, Key::Char('v' | 's' | 'y')) {
            return self.net_key(key, fx);
        }
        let in_progress = match &self.screen {
            Screen::Play(p) => p.in_progress(),
            Screen::Gomoku(p) => p.in_progress(),
            _ => false,
        };
        // The game is copied only for the keys that take it away (not for every arrow).
        let game = match key {
            Key::Char('v' | 's' | 'y') => self.shown_game(),
            _ => None,
        };
        let may_resign = matches!(&self.screen, Screen::Gomoku(p) if p.human_to_move());
        let computers_only = match &self.screen {
            Screen::Play(p) => p.game.no_humans() && !p.is_over(),
            Screen::Gomoku(p) => p.game.no_humans() && !p.is_over(),
            _ => false,
        };
        match (key, game) {
            (Key::Char('p'), _) if computers_only => {
                self.paused = !self.paused;
                let t = self.text();
                let said = if self.paused {
                    t.paused()
                } else {
                    t.going_on()
                };
                self.tell(Message::info(said));
            }
            (Key::Char('x'), _) if may_resign => self.overlay = Some(Overlay::ConfirmResign),
            (Key::Char('n'), _) if in_progress => self.overlay = Some(Overlay::ConfirmNew),
            (Key::Char('n'), _) => self.open_menu(fx),
            (Key::Char('v'), Some(game)) => self.open_replay(game, fx),
            (Key::Char('s'), Some(game)) => {
                let name = default_name(&game, &self.today, self.text());
                self.overlay = Some(Overlay::SaveAs(name));
            }
            (Key::Char('y'), Some(game)) => {
                let t = self.text();
                let (text, said) = match &game {
                    SavedGame::Reversi(g) => {
                        let text = transcript(g);
                        let said = t.copied(&text);
                        (text, said)
                    }
                    SavedGame::Gomoku(_) => {
                        (to_sgf(&game, Some(&self.today)), t.copied_sgf().to_string())
                    }
                };
                self.tell(Message::info(said));
                fx.push(Effect::Copy(text));
            }
            _ => match &mut self.screen {
                Screen::Play(p) => p.key(key, self.now, fx),
                Screen::Gomoku(p) => p.key(key, self.now, fx),
                _ => {}
            },
        }
    }

    /// Saves the game on screen under `name` (the driver answers with `Input::Saved`).
    fn save_as(&mut self, name: String, fx: &mut Vec<Effect>) {
        self.overlay = None;
        if let Some(game) = self.shown_game() {
            fx.push(Effect::SaveAs { name, game });
        }
    }

    /// Resigns the game on screen, once the player has said yes: a game between terminals
    /// through the server, a local one at once.
    fn resign(&mut self, fx: &mut Vec<Effect>) {
        if self.net_code().is_some() {
            fx.push(Effect::Net(NetRequest::Resign));
        } else if let Screen::Gomoku(p) = &mut self.screen {
            p.key(Key::Char('x'), self.now, fx);
        }
    }

    /// A message on the status line of the game or replay on screen.
    fn tell(&mut self, message: Message) {
        match &mut self.screen {
            Screen::Play(p) => p.message = Some(message),
            Screen::Gomoku(p) => p.message = Some(message),
            Screen::Replay(r, _) => r.message = Some(message),
            Screen::Lobby(lobby) => lobby.message = Some(message),
            Screen::Menu(_) | Screen::Load(_) => {}
        }
    }

    /// Pasted text: into the name being typed, or on the start screen a game to open (a
    /// finished one as a replay).
    fn paste(&mut self, text: &str, fx: &mut Vec<Effect>) {
        if let Some(Overlay::SaveAs(name)) = &mut self.overlay {
            let line = text.lines().next().unwrap_or("");
            name.extend(line.chars().filter(|c| !c.is_control()).take(60));
            return;
        }
        if self.overlay.is_some() {
            return;
        }
        match &mut self.screen {
            Screen::Menu(_) | Screen::Load(_) => match parse_any(text) {
                Ok(game) => self.open_saved(game, fx),
                Err(e) => {
                    let why = self.text().not_a_game(&self.text().flaw(&e.0));
                    match &mut self.screen {
                        Screen::Load(list) => list.message = Some(why),
                        _ => self.notice = Some(why),
                    }
                }
            },
            _ => self.tell(Message::info(self.text().paste_here())),
        }
    }

    /// The game on screen, as it would be saved.
    fn shown_game(&self) -> Option<SavedGame> {
        match &self.screen {
            Screen::Play(p) => Some(SavedGame::Reversi(with_clocks(
                &p.game,
                p.timing.as_ref(),
                self.now,
            ))),
            Screen::Gomoku(p) => Some(SavedGame::Gomoku(with_clocks(
                &p.game,
                p.timing.as_ref(),
                self.now,
            ))),
            _ => None,
        }
    }

    /// Opens the selected saved game: where it stopped, or as a replay if it is over.
    fn open_entry(&mut self, fx: &mut Vec<Effect>) {
        let Screen::Load(list) = &mut self.screen else {
            return;
        };
        match self.library.get(list.selected).map(|e| e.game.clone()) {
            Some(Ok(game)) => self.open_saved(game, fx),
            Some(Err(why)) => {
                let t = self.options.settings.lang.text();
                list.message = Some(t.cannot_open(&t.load_error(&why)));
            }
            None => {}
        }
    }

    /// Opens a game where it stopped, or as a replay if it is over.
    fn open_saved(&mut self, game: SavedGame, fx: &mut Vec<Effect>) {
        match game {
            game if game.is_over() => {
                self.screen = Screen::Replay(Box::new(Replay::new(game)), None);
            }
            SavedGame::Reversi(game) => self.start_game(game, fx),
            SavedGame::Gomoku(game) => self.start_gomoku(game, fx),
        }
    }

    /// Shows a replay of `game`; the game on screen waits (its computer stops thinking) and comes
    /// back with Esc.
    fn open_replay(&mut self, game: SavedGame, fx: &mut Vec<Effect>) {
        self.leave_game(fx);
        let back = std::mem::replace(&mut self.screen, Screen::Menu(Menu { selected: 0 }));
        let back = matches!(back, Screen::Play(_) | Screen::Gomoku(_)).then(|| Box::new(back));
        self.screen = Screen::Replay(Box::new(Replay::new(game)), back);
    }

    fn leave_replay(&mut self, leave: Leave, fx: &mut Vec<Effect>) {
        let screen = std::mem::replace(&mut self.screen, Screen::Menu(Menu { selected: 0 }));
        let Screen::Replay(_, back) = screen else {
            return;
        };
        match leave {
            Leave::Back => match back {
                Some(back) => {
                    self.screen = *back;
                    match &mut self.screen {
                        Screen::Play(p) => p.resume(self.now, fx),
                        Screen::Gomoku(p) => p.resume(self.now, fx),
                        _ => {}
                    }
                }
                None => self.screen = Screen::Menu(Menu { selected: 0 }),
            },
            // Played on from an earlier step: the clocks start afresh.
            Leave::PlayFrom(game) => match *game {
                SavedGame::Reversi(mut game) => {
                    game.clocks = None;
                    self.start_game(game, fx)
                }
                SavedGame::Gomoku(mut game) => {
                    game.clocks = None;
                    self.start_gomoku(game, fx)
                }
            },
        }
    }

    fn choose(&mut self, item: Item, fx: &mut Vec<Effect>) {
        match item {
            Item::Continue => match std::mem::replace(&mut self.slot, SaveSlot::Empty) {
                SaveSlot::Saved(SavedGame::Reversi(game)) => self.start_game(game, fx),
                SaveSlot::Saved(SavedGame::Gomoku(game)) => self.start_gomoku(game, fx),
                other => self.slot = other,
            },
            Item::New { black, white } => match self.setup.kind {
                Kind::Reversi => {
                    let mut game = Game::new(black, white);
                    game.level = self.setup.level;
                    self.start_game(game, fx);
                }
                Kind::Gomoku => {
                    let s = self.setup;
                    let start =
                        crate::gomoku::Position::starting(s.size, s.rule, s.opening.start_now());
                    let mut game = GomokuGame::starting(start, black, white);
                    game.level = s.level;
                    self.start_gomoku(game, fx);
                }
            },
            Item::Settings => self.overlay = Some(Overlay::Settings(self.settings_line)),
            Item::Game | Item::Rule | Item::Size | Item::Level => {
                let has_saved = matches!(self.slot, SaveSlot::Saved(_));
                self.setup.change(item, true);
                // The list may have grown or shrunk; stay on the same entry.
                if let Screen::Menu(menu) = &mut self.screen {
                    let items = Menu::items(has_saved, !self.library.is_empty(), self.setup.kind);
                    menu.selected = items.iter().position(|&i| i == item).unwrap_or(0);
                }
            }
            Item::Load => {
                self.screen = Screen::Load(LoadList::default());
            }
            Item::Help => self.overlay = Some(Overlay::Help(0)),
            Item::Quit => self.quit(fx),
        }
    }

    fn start_game(&mut self, game: Game, fx: &mut Vec<Effect>) {
        self.paused = false;
        let play = Play::new(game, self.options.settings, self.now, fx);
        self.screen = Screen::Play(Box::new(play));
    }

    fn start_gomoku(&mut self, game: GomokuGame, fx: &mut Vec<Effect>) {
        self.paused = false;
        self.setup.kind = Kind::Gomoku;
        let play = GomokuPlay::new(game, self.options.settings, self.now, fx);
        self.screen = Screen::Gomoku(Box::new(play));
    }

    /// Stops the engine's work for the game on screen.
    fn leave_game(&mut self, fx: &mut Vec<Effect>) {
        match &mut self.screen {
            Screen::Play(p) => p.cancel_request(fx),
            Screen::Gomoku(p) => p.cancel_request(fx),
            Screen::Replay(..) | Screen::Menu(_) | Screen::Load(_) | Screen::Lobby(_) => {}
        }
    }

    fn open_menu(&mut self, fx: &mut Vec<Effect>) {
        self.leave_game(fx);
        self.screen = Screen::Menu(Menu { selected: 0 });
    }

    fn quit(&mut self, fx: &mut Vec<Effect>) {
        self.leave_game(fx);
        fx.push(Effect::Quit);
    }

    /// The smallest terminal the screen shown can be drawn in.
    fn min_area(&self) -> (u16, u16) {
        let gomoku_size = self.gomoku().map(|p| p.position().board().size());
        match &self.screen {
            Screen::Replay(r, _) => replay_view::min_size(&r.game),
            _ => gomoku_size.map_or_else(min_size, gomoku_min_size),
        }
    }

    /// Whether the terminal is too small for the screen, which then shows only a request to
    /// enlarge it.
    fn too_small(&self) -> bool {
        let (w, h) = self.min_area();
        self.area.width < w || self.area.height < h
    }

    /// Draws the whole screen. Pure: it reads the state and writes only to the frame.
    pub fn draw(&self, frame: &mut Frame) {
        self.draw_screen(frame);
        if self.options.ascii {
            // The words carry typographic punctuation (…, ·, —); an ASCII terminal gets plain.
            for cell in &mut frame.buffer_mut().content {
                if let Some(plain) = super::theme::plain_punctuation(cell.symbol()) {
                    cell.set_symbol(plain);
                }
            }
        }
    }

    fn draw_screen(&self, frame: &mut Frame) {
        let area = frame.area();
        let theme = self.options.theme();
        let t = self.text();
        let (w, h) = self.min_area();
        if area.width < w || area.height < h {
            let text = t.enlarge(w, h, area.width, area.height);
            frame.render_widget(Paragraph::new(text).wrap(Wrap { trim: true }), area);
            return;
        }
        match &self.screen {
            Screen::Menu(m) => {
                let unreadable = match &self.slot {
                    SaveSlot::Unreadable { path, why } => {
                        Some(t.saved_game_not_loaded(path, &t.load_error(why)))
                    }
                    _ => None,
                };
                let notice = self.notice.as_deref().or(unreadable.as_deref());
                let offers = menu::Offers {
                    saved: self.saved(),
                    library: !self.library.is_empty(),
                };
                menu::draw(frame, area, m, offers, notice, &self.setup, theme, t);
            }
            Screen::Play(p) => {
                if let Some(layout) = GameLayout::new(area, self.options.settings.board) {
                    play_view::draw(frame, &layout, p, theme, self.now)
                }
            }
            Screen::Gomoku(p) => {
                let size = p.position().board().size();
                if let Some(layout) = GomokuLayout::new(area, size, self.options.settings.board) {
                    gomoku_view::draw(frame, &layout, p, theme, self.now)
                }
            }
            Screen::Replay(r, _) => {
                replay_view::draw(frame, area, r, self.options.settings.board, theme, t)
            }
            Screen::Load(list) => library::draw(frame, area, list, &self.library, theme, t),
            Screen::Lobby(l) => {
                let user = self.lobby_user.as_deref().unwrap_or("");
                let saved = self.saved();
                lobby::draw(
                    frame,
                    area,
                    l,
                    saved,
                    &self.setup,
                    &self.tables,
                    user,
                    theme,
                    t,
                );
            }
        }
        match &self.overlay {
            Some(Overlay::Settings(selected)) => {
                settings_view::draw(frame, area, *selected, &self.options.settings, theme)
            }
            Some(overlay) => help::draw(frame, area, overlay, theme, self.shown_kind(), t),
            None => {}
        }
    }
}

/// "2026-11-29 Reversi Human-Computer": the name a game is offered to be saved under.
fn default_name(game: &SavedGame, today: &str, t: &dyn Text) -> String {
    let (black, white) = game.players();
    let kind = t.game_of(game);
    format!("{today} {kind} {}-{}", t.player(black), t.player(white))
        .trim()
        .to_string()
}
