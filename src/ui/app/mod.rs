//! The App: which screen is shown, which overlay is open, and what the driver must do next
//! ([`Effect`]s). It does no I/O itself.

mod draw;
mod game;
mod keys;
mod net;
mod windows;

pub use game::default_name;

use super::effect::{Effect, Options, Start};
use super::help::Overlay;
use super::input::{Input, Key};
use super::library::LoadList;
use super::lobby::Lobby;
use super::menu::{Menu, Offers};
use super::play::{GomokuPlay, Message, Play};
use super::playing::Playing;
use super::replay::Replay;
use crate::game::GameId;
use crate::i18n::Text;
use crate::record::games::parse_any;
use crate::settings::{Settings, Setup};
use crate::store::Entry;
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
    /// What new games from the menu will be.
    setup: Setup,
    /// The history: every game kept, finished or not, newest first.
    library: Vec<Entry>,
    /// Today's date (YYYY-MM-DD), for the names games are saved under.
    today: String,
    /// A message for the start screen (why pasted text could not be opened).
    notice: Option<String>,
    /// On an SSH server: the player's name; the lobby is home, and the start menu returns there.
    lobby_user: Option<String>,
    /// Games are kept after the player leaves (here, or on a server with a key); when not,
    /// only while they are connected.
    keeps_games: bool,
    /// The server's tables, for the lobby.
    tables: Vec<Listing>,
    /// On a server, how a game with a person will be: rated or not, its clock.
    choices: super::lobby::Choices,
    /// The settings as kept in the file; flags may have changed some for this run only.
    saved_settings: Settings,
    /// The line the Settings window was last left on, where it opens again.
    settings_line: usize,
    /// The game on screen's name in the history (as a file name), once it has one: its
    /// identity from its first move to its end.
    kept_as: Option<String>,
    /// The state of the game on screen the history was last given, as [`App::mark`] has it.
    kept: Option<Mark>,
    /// The game's state when it was put on screen: a game from the history, a replay or a new
    /// one is written only once it has changed (a pasted game at once).
    opened: Option<Mark>,
}

/// What the game's entry in the history depends on, apart from the clocks: which game, how
/// many steps it has had, and whether it is over.
type Mark = (GameId, usize, bool);

impl App {
    /// A new App; a game started here may already need the computer (see the effects).
    pub fn new(options: Options, start: Start, now: Instant) -> (App, Vec<Effect>) {
        let mut app = App {
            options,
            area: Rect::new(0, 0, 80, 24),
            now,
            screen: Screen::Menu(Menu { selected: 0 }),
            overlay: None,
            setup: Setup::from_settings(&options.settings),
            library: vec![],
            today: String::new(),
            notice: None,
            lobby_user: None,
            keeps_games: true,
            tables: vec![],
            choices: super::lobby::Choices {
                rated: None,
                clock: options.settings.clock,
            },
            saved_settings: options.settings,
            settings_line: 0,
            kept_as: None,
            kept: None,
            opened: None,
        };
        let mut fx = vec![];
        match start {
            Start::Menu => {}
            Start::Game(game) => app.start(game, None, &mut fx),
            Start::Replay(game) => app.screen = Screen::Replay(Box::new(Replay::new(game)), None),
            Start::Lobby { user, keyed } => {
                app.lobby_user = Some(user);
                app.keeps_games = keyed;
                app.choices.rated = keyed.then_some(false);
                app.screen = Screen::Lobby(Lobby::default());
            }
        }
        app.kept = app.mark();
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
    /// The server's tables as last listed.
    pub fn tables(&self) -> &[Listing] {
        &self.tables
    }

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
            library: &self.library,
        }
    }

    /// A game could not be kept for after the player leaves (a failed write): leaving asks
    /// first, as it does for a player without a key.
    pub fn cannot_keep(&mut self) {
        self.keeps_games = false;
    }

    /// Whether the games are kept after the player leaves (no write has failed).
    pub fn keeps_games(&self) -> bool {
        self.keeps_games
    }

    /// Whether Esc leaves the screen, too small as it is, for one that may fit: a game's or
    /// a replay's (the start screen needs the least room of all).
    fn esc_goes_back(&self) -> bool {
        matches!(self.screen, Screen::Game(_) | Screen::Replay(..))
    }

    /// Whether the player has an unfinished game here: on screen, or in the history.
    pub fn has_unfinished(&self) -> bool {
        self.game_behind().is_some_and(keepable) || self.offers().latest().is_some()
    }

    /// The local game on screen (or behind the replay on screen) to keep in the history as the
    /// player leaves, under its name there: what a driver writes when the App ends without
    /// [`Effect::Quit`] (a signal, a dropped connection).
    pub fn closing(&mut self) -> Vec<Effect> {
        let mut fx = vec![];
        self.keep(&mut fx);
        fx
    }

    /// The state of the local game on screen that its entry in the history follows, if any.
    fn mark(&self) -> Option<Mark> {
        self.game_behind()
            .filter(|p| p.net().is_none())
            .map(|p| (p.id(), p.steps(), p.is_over()))
    }

    /// Reacts to one input; the game's entry in the history is written whenever a move, a
    /// takeback or the end of the game changed it, so that a crash or a power cut loses nothing.
    pub fn handle(&mut self, input: Input) -> Vec<Effect> {
        let mut fx = self.react(input);
        let mark = self.mark();
        if mark != self.kept {
            self.kept = mark;
            self.keep(&mut fx);
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
            Input::Lobby(tables) => self.new_listings(tables),
            Input::Table(view) => self.show_table(*view, &mut fx),
            Input::Leaderboard(board) => {
                if let Screen::Lobby(Lobby {
                    standings: Some(s), ..
                }) = &mut self.screen
                {
                    s.show_board(*board);
                }
            }
            Input::Card(card) => {
                if let Screen::Lobby(Lobby {
                    standings: Some(s), ..
                }) = &mut self.screen
                {
                    s.show_card(*card);
                }
            }
            // A game from a card, replayed over the lobby it was asked from.
            Input::PastGame(game) => {
                if matches!(self.screen, Screen::Lobby(_)) {
                    self.open_replay(*game, &mut fx);
                }
            }
            Input::Joined { code, name } => {
                let text = self.text().someone_joined(&code, &name);
                self.tell(Message::info(text));
            }
            Input::Ended(ended) => {
                let t = self.text();
                let mut result = match (ended.ending, ended.winner) {
                    (Some(ending), _) => t.ending(ending),
                    (None, Some(winner)) => t.won(winner),
                    (None, None) => t.a_draw().to_string(),
                };
                if let Some(rated) = ended.rated {
                    result += &format!(" · {}", t.rating_line(ended.held, rated));
                }
                let text = t.game_ended_away(&ended.code, &result);
                self.tell(Message::info(text));
            }
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
            Input::Key(key)
                if self.too_small()
                    && key != Key::Interrupt
                    && !(key == Key::Esc && self.esc_goes_back()) => {}
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
    /// The server's tables, listed anew: the lobby's cursor stays on the entry it was on (a
    /// table by its code), however the lists above it changed.
    fn new_listings(&mut self, tables: Vec<Listing>) {
        use super::lobby::Entry as Choice;
        let saved = self.offers().latest().is_some();
        let Screen::Lobby(lobby) = &mut self.screen else {
            self.tables = tables;
            return;
        };
        let was = Lobby::entries(saved, &self.setup, &self.tables)
            .get(lobby.selected)
            .copied();
        let code_of = |tables: &[Listing], i: usize| tables.get(i).map(|l| l.code.clone());
        let was_code = match was {
            Some(Choice::Table(i)) => code_of(&self.tables, i),
            _ => None,
        };
        self.tables = tables;
        let entries = Lobby::entries(saved, &self.setup, &self.tables);
        let same = entries.iter().position(|&e| match (e, was) {
            (Choice::Table(i), Some(Choice::Table(_))) => {
                was_code.is_some() && code_of(&self.tables, i) == was_code
            }
            (e, Some(w)) => e == w,
            _ => false,
        });
        lobby.selected = same.unwrap_or(lobby.selected).min(entries.len() - 1);
    }

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
                // A game the history holds goes on under its name there.
                Ok(game) => {
                    let kept = self.kept_name(&game);
                    let arrived = kept.is_none();
                    self.open_saved(game, kept, fx);
                    if arrived {
                        // A game from elsewhere: kept as it came.
                        self.opened = None;
                        self.keep(fx);
                    }
                }
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
    /// start menu, the game kept in the history, where Continue offers it if it is unfinished
    /// (on a server for good when the player has a key, for as long as they are connected when
    /// not).
    fn step_out(&mut self, fx: &mut Vec<Effect>) {
        let unfinished = self.game_behind().is_some_and(keepable);
        self.open_menu(fx);
        if unfinished {
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
        self.lobby_user.is_some() && !self.keeps_games && self.has_unfinished()
    }

    /// Ends heibai; a local game on screen is kept in the history first, whatever its state.
    fn quit(&mut self, fx: &mut Vec<Effect>) {
        self.keep(fx);
        self.leave_game(fx);
        fx.push(Effect::Quit);
    }
}

/// Whether a game is one the history keeps and Continue offers: local, unfinished, with a move.
fn keepable(p: &dyn Playing) -> bool {
    !p.is_over() && p.net().is_none() && p.steps() > 0
}
