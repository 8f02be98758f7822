//! The list of games saved under a name: what each is, how far it got, when it was saved, how
//! it ended; Enter opens one where it stopped (a finished one as a replay).

use super::keys::Place;
use super::rules::Rules;
use super::theme::Theme;
use crate::game::{SavedGame, each_game};
use crate::i18n::{Act, Text};
use crate::store::{Entry, Filter};
use crate::table::Variant;
use ratatui::Frame;
use ratatui::layout::Rect;
use ratatui::text::{Line, Span};
use ratatui::widgets::Paragraph;

/// The list's state: which entry is selected, which entries are shown, and a message about
/// the last Enter.
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct LoadList {
    pub selected: usize,
    pub filter: Filter,
    pub message: Option<String>,
}

impl LoadList {
    /// The entries the filter shows, in order.
    pub fn shown<'a>(&self, entries: &'a [Entry]) -> Vec<&'a Entry> {
        entries.iter().filter(|e| self.filter.shows(e)).collect()
    }

    /// The entry selected, if any is shown.
    pub fn chosen<'a>(&self, entries: &'a [Entry]) -> Option<&'a Entry> {
        self.shown(entries).get(self.selected).copied()
    }
}

/// One line about a saved game: its kind, players, move, and how it stands.
fn describe(game: &SavedGame, t: &dyn Text) -> String {
    let (black, white) = game.players();
    let (played, to_move) = game.progress();
    let kind = t.variant(Variant::of(game));
    let state = each_game!(game, g => Rules::listed(g, t))
        .unwrap_or_else(|| t.progress(played + 1, to_move));
    t.describe_saved(&kind, black, white, &state)
}

pub fn draw(
    frame: &mut Frame,
    area: Rect,
    list: &LoadList,
    entries: &[Entry],
    theme: Theme,
    t: &dyn Text,
) {
    let title = format!(" {}", t.saved_games());
    let shown = list.shown(entries);
    let mut lines = vec![
        Line::styled(title, theme.title()),
        Line::styled(
            format!(" {}", t.showing(list.filter, shown.len())),
            theme.dim(),
        ),
    ];
    let marker = theme.glyphs().to_move;
    // Two lines an entry; keep the selected one in view.
    let room = (area.height.saturating_sub(5) / 2).max(1) as usize;
    let skip = list.selected.saturating_sub(room - 1);
    for (i, e) in shown.into_iter().enumerate().skip(skip).take(room) {
        let selected = i == list.selected;
        let name = format!(" {} ", e.name);
        let head = if selected {
            Line::from(vec![
                Span::styled(format!(" {marker} "), theme.to_move()),
                Span::styled(name, theme.selected()),
                Span::styled(format!("  {}", t.saved_on(&e.saved)), theme.dim()),
            ])
        } else {
            Line::from(vec![
                Span::raw("   "),
                Span::styled(name, theme.label()),
                Span::styled(format!("  {}", t.saved_on(&e.saved)), theme.dim()),
            ])
        };
        lines.push(head);
        lines.push(match &e.game {
            Ok(g) => Line::from(format!("      {}", describe(g, t))),
            Err(why) => {
                let why = t.cannot_be_read(&t.load_error(why));
                Line::styled(format!("      {why}"), theme.error())
            }
        });
    }
    let s = theme.glyphs().sep;
    let acts = [
        Act::Choose,
        Act::Open,
        Act::Replay,
        Act::Filter,
        Act::Rename,
        Act::Delete,
        Act::Back,
    ];
    let keys = Place::Library.items(&acts, theme, t);
    let keys = format!(" {}", keys.join(s));
    let footer_y = area.bottom().saturating_sub(1);
    frame.render_widget(Paragraph::new(lines), area);
    if let Some(m) = &list.message {
        let y = footer_y.saturating_sub(1);
        frame.render_widget(
            Paragraph::new(format!(" {m}")).style(theme.error()),
            Rect::new(area.x, y, area.width, 1),
        );
    }
    frame.render_widget(
        Paragraph::new(keys).style(theme.dim()),
        Rect::new(area.x, footer_y, area.width, 1),
    );
}
