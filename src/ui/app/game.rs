//! The App around a game on screen: what it does for every game (saving, copying, replaying,
//! resigning, leaving), and games between terminals.

use super::super::Effect;
use super::super::help::Overlay;
use super::super::input::Key;
use super::super::keys::Command;
use super::super::menu::Menu;
use super::super::play::Message;
use super::super::playing::playing;
use super::super::replay::{Leave, Replay};
use super::super::rules::Rules;
use super::{App, Screen};
use crate::game::{SavedGame, each_game};
use crate::i18n::Text;
use crate::record::games::to_sgf;
use crate::store::file_name;
use crate::table::NetRequest;

impl App {
    /// A command on a game screen: what the App does for both games here (saving, copying,
    /// replaying, leaving), the rest to the game.
    pub(super) fn game_command(&mut self, command: Command, fx: &mut Vec<Effect>) {
        let Screen::Game(p) = &self.screen else {
            return;
        };
        let (in_progress, over, may_resign) = (p.in_progress(), p.is_over(), p.human_to_move());
        let computers_only = p.no_humans() && !over;
        let typing = p.typing();
        let net = p.net();
        let t = self.text();
        match command {
            Command::Replay | Command::Save | Command::Copy => {
                if let Some(game) = self.shown_game() {
                    self.take_game(command, game, fx);
                }
            }
            Command::Quit if typing => {
                if let Screen::Game(p) = &mut self.screen {
                    p.stop_typing();
                }
            }
            Command::Quit if net.is_some() => self.leave_table(fx),
            Command::Quit if self.confirm_quit() => self.overlay = Some(Overlay::ConfirmQuit),
            Command::Quit => self.escape(Key::Esc, fx),
            Command::ResumeCode => {
                if let Some(code) = net.and_then(|n| n.resume.clone()) {
                    self.tell(Message::info(t.resume_code(&code)))
                }
            }
            // After a game between people: a rematch, colours swapped, once both ask.
            Command::Enter if over && net.is_some_and(|n| n.seat.is_some()) => {
                fx.push(Effect::Net(NetRequest::Rematch))
            }
            Command::Claim if net.is_some_and(|n| n.claimable) && !over => {
                fx.push(Effect::Net(NetRequest::Claim))
            }
            Command::Resign if net.is_some() && over => {
                self.tell(Message::info(t.the_game_is_over()))
            }
            Command::Resign if net.is_some() || may_resign => {
                self.overlay = Some(Overlay::ConfirmResign)
            }
            // Space (Enter) too, as nobody here places anything.
            Command::Pause | Command::Enter if computers_only => {
                if let Screen::Game(p) = &mut self.screen {
                    p.pause();
                }
            }
            // After a game here: the same sides again, or swapped.
            Command::Enter | Command::Swap if over && net.is_none() => {
                let game = p.again(command == Command::Swap);
                self.start(game, None, fx);
            }
            Command::New if in_progress => self.overlay = Some(Overlay::ConfirmNew),
            Command::New => self.open_menu(fx),
            _ => {
                let before = self.played();
                if let Screen::Game(p) = &mut self.screen {
                    p.command(command, self.now, fx);
                }
                self.send_move(before, fx);
            }
        }
    }

    /// `v`, `s` or `y`: the game on screen to a replay, to a name, or to the clipboard.
    pub(super) fn take_game(&mut self, command: Command, game: SavedGame, fx: &mut Vec<Effect>) {
        match command {
            Command::Replay => self.open_replay(game, fx),
            // The name it is kept under is offered, to keep or to change.
            Command::Save => {
                let name = self
                    .kept_as
                    .clone()
                    .unwrap_or_else(|| default_name(&game, &self.today, self.text()));
                self.overlay = Some(Overlay::SaveAs(name));
            }
            _ => {
                let t = self.text();
                let (text, said) = match each_game!(&game, g => Rules::transcript(g)) {
                    Some(text) => {
                        let said = t.copied(&text);
                        (text, said)
                    }
                    None => (to_sgf(&game, Some(&self.today)), t.copied_sgf().to_string()),
                };
                self.tell(Message::info(said));
                fx.push(Effect::Copy(text));
            }
        }
    }

    /// Saves the game on screen under `name`, its entry in the history renamed so: the driver
    /// answers with `Input::Saved`.
    pub(super) fn save_as(&mut self, name: String, fx: &mut Vec<Effect>) {
        self.overlay = None;
        if let Some(game) = self.shown_game() {
            let replaces = self
                .kept_as
                .replace(file_name(&name))
                .filter(|old| *old != file_name(&name));
            fx.push(Effect::SaveAs {
                name,
                game,
                replaces,
            });
        }
    }

    /// Resigns the game on screen, once the player has said yes: a game between terminals
    /// through the server, a local one at once.
    pub(super) fn resign(&mut self, fx: &mut Vec<Effect>) {
        if self.net_code().is_some() {
            fx.push(Effect::Net(NetRequest::Resign));
        } else {
            if let Screen::Game(p) = &mut self.screen {
                p.command(Command::Resign, self.now, fx);
            }
        }
    }

    /// The game on screen, as it would be saved.
    pub(super) fn shown_game(&self) -> Option<SavedGame> {
        match &self.screen {
            Screen::Game(p) => Some(p.saved(self.now)),
            _ => None,
        }
    }

    /// Shows a replay of `game`; the game on screen waits (its computer stops thinking) and comes
    /// back with Esc.
    pub(super) fn open_replay(&mut self, mut game: SavedGame, fx: &mut Vec<Effect>) {
        // A game between people: its players by name, and while it is on, no engine's help.
        let net = self.game_behind().and_then(|p| p.net()).cloned();
        let mut live = false;
        if let Some(net) = net {
            let t = self.text();
            let [black, white] = [crate::reversi::Color::Black, crate::reversi::Color::White]
                .map(|c| crate::ui::net::seat_name(&net, c, t));
            game.name_players(&black, &white);
            live = net.result.is_none() && !game.is_over();
        }
        self.leave_game(fx);
        let back = std::mem::replace(&mut self.screen, Screen::Menu(Menu { selected: 0 }));
        let back = matches!(back, Screen::Game(_) | Screen::Lobby(_)).then(|| Box::new(back));
        let replay = if live {
            Replay::of_live(game)
        } else {
            Replay::new(game)
        };
        self.screen = Screen::Replay(Box::new(replay), back);
    }

    pub(super) fn leave_replay(&mut self, leave: Leave, fx: &mut Vec<Effect>) {
        let screen = std::mem::replace(&mut self.screen, Screen::Menu(Menu { selected: 0 }));
        let Screen::Replay(_, back) = screen else {
            return;
        };
        match leave {
            Leave::Back => match back {
                Some(back) => {
                    self.screen = *back;
                    if let Screen::Game(p) = &mut self.screen {
                        p.resume(self.now, fx);
                    }
                }
                None => self.screen = Screen::Menu(Menu { selected: 0 }),
            },
            // Played on from an earlier step: the clocks start afresh.
            Leave::PlayFrom(game) => self.start(game.without_clocks(), None, fx),
        }
    }

    /// Plays `game` on screen (the game there before kept first); new games from the menu will
    /// be of its kind. `kept_as` is the game's name in the history, if it has one.
    pub(super) fn start(&mut self, game: SavedGame, kept_as: Option<String>, fx: &mut Vec<Effect>) {
        self.keep(fx);
        self.leave_game(fx);
        self.setup.kind = game.id();
        self.kept_as = kept_as;
        let served = self.lobby_user.is_some();
        let settings = self.options.settings;
        self.screen = Screen::Game(playing(game, settings, served, self.now, fx));
        self.opened = self.mark();
        self.kept = self.opened;
    }

    /// Writes the local game on screen (or behind the replay on screen) to its entry in the
    /// history, which it gets with its first move: finished or abandoned, no game is lost, and
    /// none is kept twice. A game with no move on the board is not kept (taken back to its
    /// start, its entry goes), nor one unchanged since it was put on screen.
    pub(super) fn keep(&mut self, fx: &mut Vec<Effect>) {
        let Some(p) = self.game_behind() else {
            return;
        };
        if p.net().is_some() || self.mark() == self.opened {
            return;
        }
        if p.played().is_empty() {
            if let Some(name) = self.kept_as.take() {
                fx.push(Effect::Delete(name));
            }
            return;
        }
        let game = p.saved(self.now);
        let name = match &self.kept_as {
            Some(name) => name.clone(),
            None => file_name(&self.free_default_name(&game)),
        };
        self.kept_as = Some(name.clone());
        fx.push(Effect::Keep { name, game });
    }

    /// The name of the game in the history that is `game` (its clocks apart), if one is.
    pub(super) fn kept_name(&self, game: &SavedGame) -> Option<String> {
        crate::store::holding(&self.library, game).map(|e| e.name.clone())
    }

    /// The name `s` would offer for `game`, numbered if a saved game has it.
    fn free_default_name(&self, game: &SavedGame) -> String {
        let name = default_name(game, &self.today, self.text());
        crate::store::free_name(&name, &self.saved_names())
    }

    /// The names the games are saved under.
    pub(super) fn saved_names(&self) -> Vec<String> {
        self.library.iter().map(|e| e.name.clone()).collect()
    }

    /// Stops the engine's work for the game on screen.
    pub(super) fn leave_game(&mut self, fx: &mut Vec<Effect>) {
        if let Screen::Game(p) = &mut self.screen {
            p.cancel_request(fx);
        }
    }

    /// The start menu, the game on screen kept first.
    pub(super) fn open_menu(&mut self, fx: &mut Vec<Effect>) {
        self.keep(fx);
        self.leave_game(fx);
        self.screen = Screen::Menu(Menu { selected: 0 });
    }

    /// Whether Esc should ask first: the settings say so and a local game is in progress.
    pub(super) fn confirm_quit(&self) -> bool {
        let in_progress = match &self.screen {
            Screen::Game(p) => p.net().is_none() && p.in_progress(),
            _ => false,
        };
        self.options.settings.confirm_quit && in_progress
    }

    /// The moves played in the game on screen, by name.
    pub(super) fn played(&self) -> Vec<String> {
        match &self.screen {
            Screen::Game(p) => p.played(),
            _ => vec![],
        }
    }

    /// In a game between terminals, sends the move this terminal just made (the first of the
    /// moves added since `before`; the rest are the opponent's forced passes).
    pub(super) fn send_move(&mut self, before: Vec<String>, fx: &mut Vec<Effect>) {
        if self.net_code().is_none() {
            return;
        }
        let after = self.played();
        if after.len() > before.len() && after.starts_with(&before) {
            fx.push(Effect::Net(NetRequest::Move(after[before.len()].clone())));
        }
    }

    pub(super) fn click(&mut self, x: u16, y: u16, fx: &mut Vec<Effect>) {
        if self.overlay.is_some() {
            return;
        }
        let before = self.played();
        self.click_board(x, y, fx);
        self.send_move(before, fx);
    }

    pub(super) fn click_board(&mut self, x: u16, y: u16, fx: &mut Vec<Effect>) {
        if let Screen::Game(p) = &mut self.screen {
            let board = self.options.settings.board;
            p.click((x, y), self.area, board, self.now, fx);
        }
    }
}

/// "2026-11-29 Reversi Human-Computer": the name a game is first kept and offered to be saved
/// under, on `today`.
pub fn default_name(game: &SavedGame, today: &str, t: &dyn Text) -> String {
    let (black, white) = game.players();
    let kind = t.game_of(game);
    format!("{today} {kind} {}-{}", t.player(black), t.player(white))
        .trim()
        .to_string()
}
