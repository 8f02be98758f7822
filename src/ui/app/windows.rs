//! The windows over a screen (help, questions, saving, Settings): each answers a key, and the
//! App does what it asks.

use super::super::Effect;
use super::super::help::{self, Answer, Overlay};
use super::super::input::Key;
use super::super::settings_view;
use super::{App, Screen};

impl App {
    /// A key for the window open: it answers, the App does what it asks.
    pub(super) fn overlay_key(&mut self, overlay: Overlay, key: Key, fx: &mut Vec<Effect>) {
        // Saving the game on screen under its own name replaces no other game.
        let mut taken = self.saved_names();
        if matches!(overlay, Overlay::SaveAs(_) | Overlay::ConfirmReplace(_)) {
            taken.retain(|n| Some(n) != self.kept_as.as_ref());
        }
        // Only the help scrolls: its length is worked out for it alone.
        let help_len = match overlay {
            Overlay::Help(_) => {
                help::help_len(self.place(), self.shown_kind(), self.text(), self.area)
            }
            _ => 0,
        };
        self.overlay = None;
        let overlay_was_quit = overlay == Overlay::ConfirmQuit;
        match overlay.key(key, help_len, &taken) {
            Answer::Stay(overlay) => self.overlay = Some(overlay),
            Answer::Close => {}
            // Abandoned, but kept.
            Answer::NewGame => self.open_menu(fx),
            // Yes to "leave this game?": where Esc goes from it (on a server, its start menu).
            Answer::Quit if overlay_was_quit && key != Key::Interrupt => self.escape(Key::Esc, fx),
            Answer::Quit => self.quit(fx),
            Answer::Resign => self.resign(fx),
            Answer::Save(name) => self.save_as(name, fx),
            Answer::Delete(name) => fx.push(Effect::Delete(name)),
            Answer::Rename { from, to } => fx.push(Effect::Rename { from, to }),
            Answer::Change(line, forward) => {
                let field = crate::settings::FIELDS[line];
                // The change goes to this run's settings, and as shown to those kept in the file.
                settings_view::change(&mut self.options.settings, field, forward);
                self.saved_settings
                    .take_field(&self.options.settings, field);
                self.apply_settings(field);
                self.overlay = Some(Overlay::Settings(line));
            }
            Answer::Kept(line) => {
                self.settings_line = line;
                fx.push(Effect::SaveSettings(self.saved_settings));
            }
        }
    }

    /// Brings what is on screen in line with a changed setting.
    pub(super) fn apply_settings(&mut self, field: crate::settings::Field) {
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
            Screen::Game(p) => p.follow(settings, field),
            Screen::Lobby(lobby) if new_language => lobby.message = None,
            _ => {}
        }
        if new_language {
            self.notice = None;
        }
    }
}
