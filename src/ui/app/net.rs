//! The App in a game between terminals: following the server's tables, leaving them.

use super::super::Effect;
use super::super::lobby::Lobby;
use super::super::play::Message;
use super::super::playing::networked;
use super::{App, Screen};
use crate::table::{NetRequest, TableView};

impl App {
    /// The game between terminals on screen, if that is what is on screen.
    pub(super) fn shown_net(&self) -> Option<&crate::table::Net> {
        match &self.screen {
            Screen::Game(p) => p.net(),
            _ => None,
        }
    }

    /// The code of the game between terminals on screen, if that is what is on screen.
    pub(super) fn net_code(&self) -> Option<&str> {
        self.shown_net().map(|n| n.code.as_str())
    }

    /// Back to the lobby from a game between terminals; the server keeps an unfinished seat.
    pub(super) fn leave_table(&mut self, fx: &mut Vec<Effect>) {
        let Some(code) = self.net_code().map(str::to_string) else {
            return;
        };
        let t = self.text();
        let over = self
            .game_behind()
            .is_some_and(|p| p.is_over() || p.net().is_some_and(|n| n.result.is_some()));
        let said = match self.shown_net().is_some_and(|n| n.seat.is_none()) {
            true => t.stopped_watching(&code),
            false if over => t.left_finished_game(&code),
            false => t.left_game(&code),
        };
        fx.push(Effect::Net(NetRequest::Leave));
        self.overlay = None;
        self.screen = Screen::Lobby(Lobby {
            message: Some(Message::info(said)),
            ..Lobby::default()
        });
    }

    /// The server's word on this terminal's table: the game on screen follows it, or it comes
    /// on screen (from the lobby, or after a reconnection).
    pub(super) fn show_table(&mut self, view: TableView, fx: &mut Vec<Effect>) {
        let TableView { net, game } = view;
        let (now, settings) = (self.now, self.options.settings);
        // A replay opened from the game keeps the game behind it up to date.
        let screen = match &mut self.screen {
            Screen::Replay(_, Some(back)) => back.as_mut(),
            screen => screen,
        };
        let other = match screen {
            Screen::Game(p) => p.sync(game, net.clone(), now, fx),
            _ => Some(game),
        };
        if let Some(game) = other {
            self.leave_game(fx);
            self.overlay = None;
            self.screen = Screen::Game(networked(game, net, settings, now));
        }
    }
}
