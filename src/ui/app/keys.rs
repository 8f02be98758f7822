//! Keys on the App's screens: each turned into a command where the screen is (the key table),
//! then handled by the screen or window, the App doing what they answer.

use super::super::Effect;
use super::super::help::Overlay;
use super::super::input::Key;
use super::super::keys::{Command, Place};
use super::super::library::LoadList;
use super::super::lobby::{self, Lobby};
use super::super::menu::{Item, Menu};
use super::super::replay::Replay;
use super::{App, Screen};
use crate::game::SavedGame;

impl App {
    pub(super) fn key(&mut self, key: Key, fx: &mut Vec<Effect>) {
        if let Some(overlay) = self.overlay.clone() {
            return self.overlay_key(overlay, key, fx);
        }
        if key == Key::Interrupt {
            return self.escape(key, fx);
        }
        let place = self.place();
        let text =
            matches!(key, Key::Char(c) if c.is_ascii_alphanumeric()) || key == Key::Backspace;
        let command = match place.command(key) {
            Some(command) if !(text && self.typing_code()) => command,
            _ => return self.typed(key),
        };
        match command {
            Command::Help => self.overlay = Some(Overlay::Help(0)),
            Command::Settings => self.overlay = Some(Overlay::Settings(self.settings_line)),
            _ => match place {
                Place::Menu { .. } => self.menu_command(command, fx),
                Place::Library => self.library_command(command, fx),
                Place::Lobby => self.lobby_command(command, fx),
                Place::Replay { .. } => self.replay_command(command, fx),
                Place::Game { .. } => self.game_command(command, fx),
                Place::Settings => {}
            },
        }
    }

    /// Where keys are read now (windows aside).
    pub(super) fn place(&self) -> Place {
        match &self.screen {
            Screen::Menu(_) => Place::Menu {
                served: self.lobby_user.is_some(),
            },
            Screen::Load(_) => Place::Library,
            Screen::Lobby(_) => Place::Lobby,
            Screen::Game(p) => Place::Game {
                kind: p.id(),
                seat: p.seat(),
            },
            Screen::Replay(r, _) => Place::Replay {
                kind: self.shown_kind(),
                live: r.live(),
            },
        }
    }

    /// A key that is no command: a letter or digit of a square typed on the Reversi board, or
    /// of a table's code typed in the lobby.
    pub(super) fn typed(&mut self, key: Key) {
        let typing = self.typing_code();
        match &mut self.screen {
            Screen::Game(p) => p.typed(key),
            Screen::Lobby(lobby) if typing => {
                lobby.message = None;
                match key {
                    Key::Char(c) => lobby.type_code(c),
                    Key::Backspace => {
                        lobby.code.pop();
                    }
                    _ => {}
                }
            }
            _ => {}
        }
    }

    /// Whether the lobby's line for a table's code is chosen, or a point is being typed on a
    /// game's board: letters and digits go into it.
    pub(super) fn typing_code(&self) -> bool {
        let saved = self.offers().latest().is_some();
        let lobby = match &self.screen {
            Screen::Lobby(lobby) => lobby,
            Screen::Game(p) => return p.typing(),
            _ => return false,
        };
        let entries = Lobby::entries(saved, &self.setup, &self.tables);
        lobby.standings.is_none() && entries.get(lobby.selected) == Some(&lobby::Entry::Code)
    }

    pub(super) fn menu_command(&mut self, command: Command, fx: &mut Vec<Effect>) {
        let items = self.offers().items(self.setup.kind);
        let Screen::Menu(menu) = &mut self.screen else {
            return;
        };
        self.notice = None;
        match command {
            Command::Up => menu.step(-1, items.len()),
            Command::Down => menu.step(1, items.len()),
            Command::Left | Command::Right => {
                let before = self.setup;
                self.setup
                    .change(items[menu.selected], command == Command::Right);
                self.remember_setup(before, fx);
            }
            Command::Enter => {
                let item = items[menu.selected];
                self.choose(item, fx);
            }
            Command::Quit => self.escape(Key::Esc, fx),
            _ => {}
        }
    }

    /// What the start screen's lines changed from `before` is kept for next time: in the
    /// settings file (and this run's settings), the line changed only, so that what a flag set
    /// for this run alone is not written.
    fn remember_setup(&mut self, before: crate::settings::Setup, fx: &mut Vec<Effect>) {
        let now = self.setup;
        for s in [&mut self.options.settings, &mut self.saved_settings] {
            if now.kind != before.kind {
                s.game = now.kind;
            }
            if now.rule != before.rule {
                s.gomoku_rule = now.rule;
            }
            if now.size != before.size {
                s.gomoku_size = now.size;
            }
            if now.opening != before.opening {
                s.gomoku_opening = now.opening;
            }
            if now.level != before.level {
                s.level = now.level;
            }
        }
        if now != before {
            fx.push(Effect::SaveSettings(self.saved_settings));
        }
    }

    pub(super) fn library_command(&mut self, command: Command, fx: &mut Vec<Effect>) {
        let Screen::Load(list) = &mut self.screen else {
            return;
        };
        let shown = list.shown(&self.library).len();
        list.message = None;
        match command {
            Command::Up => list.selected = list.selected.saturating_sub(1),
            Command::Down => list.selected = (list.selected + 1).min(shown.saturating_sub(1)),
            Command::Enter => self.open_entry(fx),
            // A replay of any game in the list, Esc back to the list.
            Command::Replay => {
                if let Some(Ok(game)) = list.chosen(&self.library).map(|e| &e.game) {
                    let replay = Box::new(Replay::new(game.clone()));
                    let from =
                        std::mem::replace(&mut self.screen, Screen::Menu(Menu { selected: 0 }));
                    self.screen = Screen::Replay(replay, Some(Box::new(from)));
                }
            }
            Command::Filter => {
                list.filter = list.filter.next();
                list.selected = 0;
            }
            Command::Delete => {
                if let Some(entry) = list.chosen(&self.library) {
                    self.overlay = Some(Overlay::ConfirmDelete(entry.name.clone()));
                }
            }
            Command::Rename => {
                if let Some(entry) = list.chosen(&self.library) {
                    let (from, name) = (entry.name.clone(), entry.name.clone());
                    self.overlay = Some(Overlay::Rename { from, name });
                }
            }
            Command::Quit => self.screen = Screen::Menu(Menu { selected: 0 }),
            _ => {}
        }
    }

    pub(super) fn replay_command(&mut self, command: Command, fx: &mut Vec<Effect>) {
        let Screen::Replay(r, _) = &mut self.screen else {
            return;
        };
        let leave = r.command(command, self.now, self.options.settings.lang.text());
        if leave.is_some() {
            r.stop();
        }
        fx.extend(r.take_effects());
        if let Some(leave) = leave {
            self.leave_replay(leave, fx);
        }
    }

    pub(super) fn lobby_command(&mut self, command: Command, fx: &mut Vec<Effect>) {
        let latest = self.offers().latest().map(SavedGame::id);
        let t = self.options.settings.lang.text();
        let Screen::Lobby(lobby) = &mut self.screen else {
            return;
        };
        let answer = lobby.command(
            command,
            (&mut self.setup, &mut self.choices),
            (latest.is_some(), &self.tables),
            t,
        );
        // Off to a game against the computer: no longer waiting to be paired.
        let seeking = self.tables.iter().any(|l| l.seek && l.yours);
        if seeking
            && matches!(
                answer,
                Some(lobby::Answer::Continue | lobby::Answer::PlayComputer)
            )
        {
            fx.push(Effect::Net(crate::table::NetRequest::Withdraw));
        }
        match answer {
            Some(lobby::Answer::Continue) => {
                if let Some(id) = latest {
                    self.choose(Item::Continue(id), fx)
                }
            }
            Some(lobby::Answer::PlayComputer) => self.screen = Screen::Menu(Menu { selected: 0 }),
            Some(lobby::Answer::Net(request)) => fx.push(Effect::Net(request)),
            Some(lobby::Answer::Help) => self.overlay = Some(Overlay::Help(0)),
            Some(lobby::Answer::Quit) => self.leave_server(fx),
            None => {}
        }
    }

    /// Esc, q or Ctrl-C outside a window: a game between terminals is left for the lobby; on a
    /// server, a game against the computer is left for the start menu (kept there) and the
    /// start menu for the lobby; otherwise heibai ends, the game kept.
    pub(super) fn escape(&mut self, key: Key, fx: &mut Vec<Effect>) {
        if self.net_code().is_some() {
            self.leave_table(fx);
            if key == Key::Interrupt {
                fx.push(Effect::Quit);
            }
            return;
        }
        // Ctrl-C leaves the server at once, unless that would lose a game: then it asks (and
        // a second Ctrl-C leaves).
        if key == Key::Interrupt && self.would_lose() {
            return self.leave_server(fx);
        }
        let served = self.lobby_user.is_some() && key != Key::Interrupt;
        match self.screen {
            Screen::Menu(_) if served => self.screen = Screen::Lobby(Lobby::default()),
            // Out of a game to the start menu, here as on a server; Ctrl-C here ends heibai.
            Screen::Game(_) if key != Key::Interrupt => self.step_out(fx),
            _ => self.quit(fx),
        }
    }

    /// Opens the selected saved game: where it stopped, or as a replay if it is over.
    pub(super) fn open_entry(&mut self, fx: &mut Vec<Effect>) {
        let Screen::Load(list) = &mut self.screen else {
            return;
        };
        match list
            .chosen(&self.library)
            .map(|e| (e.name.clone(), e.game.clone()))
        {
            Some((name, Ok(game))) => self.open_saved(game, Some(name), fx),
            Some((_, Err(why))) => {
                let t = self.options.settings.lang.text();
                list.message = Some(t.cannot_open(&t.load_error(&why)));
            }
            None => {}
        }
    }

    /// Opens a game where it stopped (kept on under `kept_as`, its name among the saved games,
    /// if it has one), or as a replay if it is over.
    pub(super) fn open_saved(
        &mut self,
        game: SavedGame,
        kept_as: Option<String>,
        fx: &mut Vec<Effect>,
    ) {
        if game.is_over() {
            // Opened from the list, Esc goes back to the list.
            let list = matches!(self.screen, Screen::Load(_));
            let from = std::mem::replace(&mut self.screen, Screen::Menu(Menu { selected: 0 }));
            let back = list.then(|| Box::new(from));
            self.screen = Screen::Replay(Box::new(Replay::new(game)), back);
        } else {
            self.start(game, kept_as, fx);
        }
    }

    /// What the start menu's `item` does.
    pub(super) fn choose(&mut self, item: Item, fx: &mut Vec<Effect>) {
        match item {
            Item::Continue(id) => {
                if let Some(entry) = self.offers().resume(id)
                    && let Ok(game) = entry.game.clone()
                {
                    let name = entry.name.clone();
                    self.open_saved(game, Some(name), fx);
                }
            }
            Item::New { black, white } => self.start(self.setup.new_game(black, white), None, fx),
            Item::Settings => self.overlay = Some(Overlay::Settings(self.settings_line)),
            Item::Game | Item::Rule | Item::Size | Item::Opening | Item::Level => {
                self.setup.change(item, true);
                // The list may have grown or shrunk; stay on the same entry.
                let items = self.offers().items(self.setup.kind);
                if let Screen::Menu(menu) = &mut self.screen {
                    menu.selected = items.iter().position(|&i| i == item).unwrap_or(0);
                }
            }
            Item::Load => {
                self.screen = Screen::Load(LoadList::default());
            }
            Item::Help => self.overlay = Some(Overlay::Help(0)),
            Item::Quit if self.lobby_user.is_some() => self.leave_server(fx),
            Item::Quit => self.quit(fx),
        }
    }
}
