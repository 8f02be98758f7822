//! The App: which screen is shown, which overlay is open, and what the driver must do next
//! ([`Effect`]s). It does no I/O itself.

use super::help::{self, Overlay};
use super::input::{Input, Key};
use super::layout::{GameLayout, min_size};
use super::menu::{self, Item, Menu};
use super::play::Play;
use super::play_view;
use super::theme::Theme;
use crate::engine::LEVELS;
use crate::game::Game;
use crate::reversi::{Position, Square};
use ratatui::Frame;
use ratatui::layout::Rect;
use ratatui::widgets::{Paragraph, Wrap};
use std::time::Instant;

/// What the App asks its driver to do.
#[derive(Clone, Debug, PartialEq, Eq)]
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
    /// Ask for scores of every move in `position` until cancelled; report with `Input::Engine`.
    Analyze { id: u64, position: Position },
    /// The last request is no longer wanted.
    Cancel,
}

/// Choices fixed for the whole run.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Options {
    pub theme: Theme,
    /// Ring the bell on an illegal move.
    pub bell: bool,
    /// The computer's level for new games (the start menu can change it).
    pub level: u8,
}

/// What the saved-game slot held when the program started.
#[derive(Clone, Debug, PartialEq)]
pub enum SaveSlot {
    Empty,
    Saved(Game),
    /// A file is there but cannot be read: the message says why. It is never overwritten
    /// unless a new unfinished game is saved over it.
    Unreadable(String),
}

/// What to do with the saved-game file when the program ends.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Autosave {
    Write(String),
    Remove,
    Keep,
}

/// Where the App starts.
pub enum Start {
    Menu,
    Game(Game),
}

enum Screen {
    Menu(Menu),
    Play(Box<Play>),
}

pub struct App {
    options: Options,
    area: Rect,
    now: Instant,
    screen: Screen,
    overlay: Option<Overlay>,
    slot: SaveSlot,
    /// The level new games get.
    level: u8,
}

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
            level: options.level,
        };
        let mut fx = vec![];
        if let Start::Game(game) = start {
            app.start_game(game, &mut fx);
        }
        (app, fx)
    }

    /// The game on screen, if any.
    pub fn play(&self) -> Option<&Play> {
        match &self.screen {
            Screen::Play(p) => Some(p),
            Screen::Menu(_) => None,
        }
    }

    fn saved(&self) -> Option<&Game> {
        match &self.slot {
            SaveSlot::Saved(g) => Some(g),
            _ => None,
        }
    }

    /// What should be in the saved-game file if the program ended now: the game on screen if
    /// it is unfinished, otherwise whatever is still unplayed in the slot.
    pub fn autosave(&self) -> Autosave {
        match (&self.screen, &self.slot) {
            (Screen::Play(p), _) if !p.game.is_over() => Autosave::Write(p.game.to_text()),
            (_, SaveSlot::Empty) => Autosave::Remove,
            _ => Autosave::Keep,
        }
    }

    /// Reacts to one input.
    pub fn handle(&mut self, input: Input) -> Vec<Effect> {
        let mut fx = vec![];
        match input {
            Input::Resize { width, height } => self.area = Rect::new(0, 0, width, height),
            Input::Tick(now) => {
                self.now = now;
                if let Screen::Play(p) = &mut self.screen {
                    p.tick(now, &mut fx);
                }
            }
            Input::Engine(reply) => {
                if let Screen::Play(p) = &mut self.screen {
                    p.engine(reply, self.now, &mut fx);
                }
            }
            Input::Click { x, y } => self.click(x, y, &mut fx),
            Input::Key(key) => self.key(key, &mut fx),
        }
        fx
    }

    fn key(&mut self, key: Key, fx: &mut Vec<Effect>) {
        if let Some(overlay) = self.overlay {
            return self.overlay_key(overlay, key, fx);
        }
        match key {
            Key::Char('?') | Key::F1 => self.overlay = Some(Overlay::Help(0)),
            Key::Esc | Key::Char('q') | Key::Interrupt => self.quit(fx),
            _ => match &mut self.screen {
                Screen::Menu(menu) => {
                    let items = Menu::items(matches!(self.slot, SaveSlot::Saved(_)));
                    match key {
                        Key::Up | Key::Char('k') => menu.step(-1, items.len()),
                        Key::Down | Key::Char('j') => menu.step(1, items.len()),
                        Key::Left | Key::Char('h') if items[menu.selected] == Item::Level => {
                            self.level = self.level.saturating_sub(1).max(1);
                        }
                        Key::Right | Key::Char('l') if items[menu.selected] == Item::Level => {
                            self.level = (self.level + 1).min(LEVELS.len() as u8);
                        }
                        Key::Enter | Key::Char(' ') => {
                            let item = items[menu.selected];
                            self.choose(item, fx);
                        }
                        _ => {}
                    }
                }
                Screen::Play(p) => match key {
                    Key::Char('n') if p.in_progress() => self.overlay = Some(Overlay::ConfirmNew),
                    Key::Char('n') => self.open_menu(fx),
                    _ => p.key(key, self.now, fx),
                },
            },
        }
    }

    fn overlay_key(&mut self, overlay: Overlay, key: Key, fx: &mut Vec<Effect>) {
        match (overlay, key) {
            (Overlay::Help(_), Key::Esc | Key::Char('?' | 'q') | Key::F1 | Key::Enter) => {
                self.overlay = None
            }
            (Overlay::Help(s), Key::Down | Key::Char('j')) => {
                self.overlay = Some(Overlay::Help((s + 1).min(help::help_len())))
            }
            (Overlay::Help(s), Key::Up | Key::Char('k')) => {
                self.overlay = Some(Overlay::Help(s.saturating_sub(1)))
            }
            (Overlay::ConfirmNew, Key::Char('y' | 'Y') | Key::Enter) => {
                self.overlay = None;
                self.open_menu(fx);
            }
            (Overlay::ConfirmNew, Key::Esc | Key::Char('n' | 'N' | 'q')) => self.overlay = None,
            (_, Key::Interrupt) => self.quit(fx),
            _ => {}
        }
    }

    fn click(&mut self, x: u16, y: u16, fx: &mut Vec<Effect>) {
        if self.overlay.is_some() {
            return;
        }
        let Screen::Play(p) = &mut self.screen else {
            return;
        };
        let Some(layout) = GameLayout::new(self.area) else {
            return;
        };
        if let Some((col, row)) = layout.board.cell_at(x, y) {
            p.click(Square::at(col, row).expect("on the board"), self.now, fx);
        }
    }

    fn choose(&mut self, item: Item, fx: &mut Vec<Effect>) {
        match item {
            Item::Continue => {
                if let SaveSlot::Saved(game) = std::mem::replace(&mut self.slot, SaveSlot::Empty) {
                    self.start_game(game, fx);
                }
            }
            Item::New { black, white } => {
                let mut game = Game::new(black, white);
                game.level = self.level;
                self.start_game(game, fx);
            }
            Item::Level => {}
            Item::Help => self.overlay = Some(Overlay::Help(0)),
            Item::Quit => self.quit(fx),
        }
    }

    fn start_game(&mut self, game: Game, fx: &mut Vec<Effect>) {
        let play = Play::new(game, self.options.bell, self.now, fx);
        self.screen = Screen::Play(Box::new(play));
    }

    fn open_menu(&mut self, fx: &mut Vec<Effect>) {
        if let Screen::Play(p) = &mut self.screen {
            p.cancel_request(fx);
        }
        self.screen = Screen::Menu(Menu { selected: 0 });
    }

    fn quit(&mut self, fx: &mut Vec<Effect>) {
        if let Screen::Play(p) = &mut self.screen {
            p.cancel_request(fx);
        }
        fx.push(Effect::Quit);
    }

    /// Draws the whole screen. Pure: it reads the state and writes only to the frame.
    pub fn draw(&self, frame: &mut Frame) {
        let area = frame.area();
        let theme = self.options.theme;
        let Some(layout) = GameLayout::new(area) else {
            let (w, h) = min_size();
            let text = format!(
                "Enlarge the terminal to at least {w}x{h} (it is {}x{})",
                area.width, area.height
            );
            frame.render_widget(Paragraph::new(text).wrap(Wrap { trim: true }), area);
            return;
        };
        match &self.screen {
            Screen::Menu(m) => {
                let notice = match &self.slot {
                    SaveSlot::Unreadable(why) => Some(why.as_str()),
                    _ => None,
                };
                menu::draw(frame, area, m, self.saved(), notice, self.level, theme);
            }
            Screen::Play(p) => play_view::draw(frame, &layout, p, theme, self.now),
        }
        if let Some(overlay) = self.overlay {
            help::draw(frame, area, overlay, theme);
        }
    }
}
