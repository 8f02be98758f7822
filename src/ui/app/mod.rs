//! The App: which screen is shown, which overlay is open, and what the driver must do next
//! ([`Effect`]s). It does no I/O itself.

mod draw;
mod game;
mod keys;
mod net;
mod windows;

use super::effect::{Effect, Options, Start};
use super::help::Overlay;
use super::input::{Input, Key};
use super::library::LoadList;
use super::lobby::Lobby;
use super::menu::{Menu, Offers};
use super::play::{GomokuPlay, Message, Play};
use super::playing::Playing;
use super::replay::Replay;
use crate::game::{GameId, SavedGame};
use crate::i18n::Text;
use crate::record::games::parse_any;
use crate::settings::{Settings, Setup};
use crate::store::{Autosave, Entry, SaveSlot};
use crate::table::{Listing, Refusal};
use ratatui::layout::Rect;
use std::time::Instant;

enum Screen {
    Menu(Menu),
    /// A game, of any kind.
    Game(Box<dyn Playing>),
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
    /// An unfinished game is kept when the player leaves (here, or on a server with a key);
    /// when not, it is kept only while they are connected.
    keeps_games: bool,
    /// The server's tables, for the lobby.
    tables: Vec<Listing>,
    /// The settings as kept in the file; flags may have changed some for this run only.
    saved_settings: Settings,
    /// The line the Settings window was last left on, where it opens again.
    settings_line: usize,
    /// The name the game on screen is kept under among the saved games, once it has been.
    kept_as: Option<String>,
    /// The game whose state the unfinished-game file holds, as [`App::autosave_mark`] has it.
    kept: Option<Mark>,
}

/// What the unfinished-game file depends on, apart from the clocks: which game, how many steps
/// it has had, and whether it is over.
type Mark = (GameId, usize, bool);

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
            keeps_games: true,
            tables: vec![],
            saved_settings: options.settings,
            settings_line: 0,
            kept_as: None,
            kept: None,
        };
        let mut fx = vec![];
        match start {
            Start::Menu => {}
            Start::Game(game) => app.start(game, None, &mut fx),
            Start::Replay(game) => app.screen = Screen::Replay(Box::new(Replay::new(game)), None),
            Start::Lobby { user, keyed } => {
                app.lobby_user = Some(user);
                app.keeps_games = keyed;
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
        match &self.screen {
            Screen::Game(p) => p.animating(self.now),
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
        self.game_as()
    }

    /// The game of Gomoku on screen, if any.
    pub fn gomoku(&self) -> Option<&GomokuPlay> {
        self.game_as()
    }

    fn game_as<P: 'static>(&self) -> Option<&P> {
        match &self.screen {
            Screen::Game(p) => p.as_any().downcast_ref(),
            _ => None,
        }
    }

    /// The game on screen, or behind the replay on screen.
    fn game_behind(&self) -> Option<&dyn Playing> {
        match &self.screen {
            Screen::Game(p) => Some(p.as_ref()),
            Screen::Replay(_, Some(back)) => match back.as_ref() {
                Screen::Game(p) => Some(p.as_ref()),
                _ => None,
            },
            _ => None,
        }
    }

    /// What the start menu offers to go back to.
    fn offers(&self) -> Offers<'_> {
        Offers {
            saved: self.saved(),
            library: &self.library,
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
        // A replay opened from a game saves that game; a game between terminals is kept by the
        // server; a game with no move yet is not worth keeping.
        match (self.game_behind(), &self.slot) {
            (Some(p), _) if !p.is_over() && p.net().is_none() && p.steps() > 0 => {
                Autosave::Write(p.saved(self.now).to_text())
            }
            (_, SaveSlot::Empty) => Autosave::Remove,
            _ => Autosave::Keep,
        }
    }

    /// The unfinished game could not be kept for after the player leaves (a failed write):
    /// leaving asks first, as it does for a player without a key.
    pub fn cannot_keep(&mut self) {
        self.keeps_games = false;
    }

    /// The player's unfinished game here, as saved text: the one on screen, or the one waiting
    /// for Continue.
    pub fn unfinished(&self) -> Option<String> {
        match self.autosave() {
            Autosave::Write(text) => Some(text),
            _ => self.saved().map(SavedGame::to_text),
        }
    }

    /// The mark of the local game whose state [`App::autosave`] would write, if any.
    fn autosave_mark(&self) -> Option<Mark> {
        self.game_behind()
            .filter(|p| p.net().is_none())
            .map(|p| (p.id(), p.steps(), p.is_over()))
    }

    /// Reacts to one input; the unfinished-game file is written whenever a move, a takeback or
    /// the end of a game changed what it should hold.
    pub fn handle(&mut self, input: Input) -> Vec<Effect> {
        let mut fx = self.react(input);
        let mark = self.autosave_mark();
        if mark != self.kept {
            // A local game that has just ended is kept among the saved games.
            let ended = mark.is_some_and(|m| m.2) && !self.kept.is_some_and(|k| k.2);
            self.kept = mark;
            fx.push(Effect::Autosave(self.autosave()));
            if ended {
                self.keep(&mut fx);
            }
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
                    Screen::Game(p) => p.tick(now, &mut fx),
                    Screen::Replay(r, _) => {
                        r.tick(now);
                        fx.extend(r.take_effects());
                    }
                    Screen::Menu(_) | Screen::Load(_) | Screen::Lobby(_) => {}
                }
            }
            Input::Engine(reply) => match &mut self.screen {
                Screen::Game(p) => p.engine(reply, self.now, &mut fx),
                Screen::Replay(r, _) => {
                    r.engine(reply);
                    fx.extend(r.take_effects());
                }
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
            Input::Library(entries) => {
                self.library = entries;
                // A game deleted: the choice stays within the list.
                if let Screen::Load(list) = &mut self.screen {
                    let shown = list.shown(&self.library).len();
                    list.selected = list.selected.min(shown.saturating_sub(1));
                }
            }
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

    /// The game whose help and too-small size apply: the one on screen, or the menu's choice.
    fn shown_kind(&self) -> GameId {
        match &self.screen {
            Screen::Game(p) => p.id(),
            Screen::Replay(r, _) => r.game.id(),
            Screen::Menu(_) | Screen::Load(_) | Screen::Lobby(_) => self.setup.kind,
        }
    }

    /// A message on the status line of the game or replay on screen.
    fn tell(&mut self, message: Message) {
        match &mut self.screen {
            Screen::Game(p) => p.tell(message),
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
                Ok(game) => self.open_saved(game, None, fx),
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

    /// From a game against the computer (or between people at this terminal) back to the
    /// start menu, the game kept among the saved games and, unfinished, for Continue there (on
    /// a server in the player's file when they have a key, for as long as they are connected
    /// when not).
    fn step_out(&mut self, fx: &mut Vec<Effect>) {
        self.keep(fx);
        let waiting = self
            .game_behind()
            .filter(|p| !p.is_over() && p.net().is_none() && p.steps() > 0)
            .map(|p| p.saved(self.now));
        self.leave_game(fx);
        self.screen = Screen::Menu(Menu { selected: 0 });
        if let Some(game) = waiting {
            fx.push(Effect::Autosave(Autosave::Write(game.to_text())));
            self.slot = SaveSlot::Saved(game);
            self.notice = Some(self.text().game_kept(self.keeps_games).into());
        }
    }

    /// Leaving the server: asks first when that would lose an unfinished game.
    fn leave_server(&mut self, fx: &mut Vec<Effect>) {
        if self.would_lose() {
            self.overlay = Some(Overlay::ConfirmLeave);
        } else {
            self.quit(fx);
        }
    }

    /// Whether leaving the server now would lose an unfinished game: the player has no key,
    /// or its file could not be written.
    fn would_lose(&self) -> bool {
        self.lobby_user.is_some() && !self.keeps_games && self.unfinished().is_some()
    }

    /// Ends heibai; a local game on screen is kept among the saved games first, whatever its
    /// state, so that the history holds every game.
    fn quit(&mut self, fx: &mut Vec<Effect>) {
        self.keep(fx);
        self.leave_game(fx);
        fx.push(Effect::Quit);
    }
}
