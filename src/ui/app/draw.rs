//! Drawing the App: pure, reading the state and writing only to the frame.

use super::super::help::{self, Overlay};
use super::super::layout::min_size;
use super::super::library;
use super::super::lobby;
use super::super::menu;
use super::super::replay_view;
use super::super::settings_view;
use super::{App, Screen};
use ratatui::Frame;
use ratatui::widgets::{Paragraph, Wrap};

impl App {
    /// Draws the whole screen. Pure: it reads the state and writes only to the frame.
    pub fn draw(&self, frame: &mut Frame) {
        self.draw_screen(frame);
        if self.options.ascii {
            // The words carry typographic punctuation (…, ·, —); an ASCII terminal gets plain.
            for cell in &mut frame.buffer_mut().content {
                if let Some(plain) = super::super::theme::plain_punctuation(cell.symbol()) {
                    cell.set_symbol(plain);
                }
            }
        }
    }

    pub(super) fn draw_screen(&self, frame: &mut Frame) {
        let area = frame.area();
        let theme = self.options.theme();
        let t = self.text();
        let (w, h) = self.min_area();
        if area.width < w || area.height < h {
            let text = t.enlarge((w, h), (area.width, area.height), self.esc_goes_back());
            frame.render_widget(Paragraph::new(text).wrap(Wrap { trim: true }), area);
            return;
        }
        match &self.screen {
            Screen::Menu(m) => {
                let notice = self.notice.as_deref();
                let offers = self.offers();
                let served = self.lobby_user.is_some();
                menu::draw(
                    frame,
                    area,
                    m,
                    offers,
                    notice,
                    &self.setup,
                    served,
                    theme,
                    t,
                );
            }
            Screen::Game(p) => p.draw(frame, area, self.options.settings.board, theme, self.now),
            Screen::Replay(r, _) => {
                replay_view::draw(frame, area, r, self.options.settings.board, theme, t)
            }
            Screen::Load(list) => library::draw(frame, area, list, &self.library, theme, t),
            Screen::Lobby(l) => {
                let user = self.lobby_user.as_deref().unwrap_or("");
                let latest = self.offers().latest();
                lobby::draw(
                    frame,
                    area,
                    l,
                    latest,
                    (&self.setup, self.choices),
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
            Some(overlay) => {
                let shown = (self.place(), self.shown_kind());
                help::draw(frame, area, overlay, theme, shown, t)
            }
            None => {}
        }
    }

    /// The smallest terminal the screen shown can be drawn in.
    pub(super) fn min_area(&self) -> (u16, u16) {
        match &self.screen {
            Screen::Game(p) => p.min_size(),
            Screen::Replay(r, _) => replay_view::min_size(&r.game),
            _ => min_size(),
        }
    }

    /// Whether the terminal is too small for the screen, which then shows only a request to
    /// enlarge it.
    pub(super) fn too_small(&self) -> bool {
        let (w, h) = self.min_area();
        self.area.width < w || self.area.height < h
    }
}
