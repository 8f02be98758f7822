//! The list of games saved under a name: what each is, how far it got, when it was saved, how
//! it ended; Enter opens one where it stopped (a finished one as a replay).

use super::keys::Place;
use super::rules::Rules;
use super::theme::Theme;
use crate::game::{SavedGame, each_game};
use crate::i18n::{Act, Text, fit_words, width as text_width};
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
/// What `game` is and how far it got, in `width` columns: its players left out where they
/// would push the result out of the line.
fn describe(game: &SavedGame, width: usize, t: &dyn Text) -> String {
    let (black, white) = game.players();
    let to_move = game.progress().1;
    let kind = t.variant(Variant::of(game));
    // A game ended off the board (a resignation, a flag, a seat left) says how.
    let ending = each_game!(game, g => g.ending).map(|e| t.ending(e));
    let state = ending
        .or_else(|| each_game!(game, g => Rules::listed(g, t)))
        .unwrap_or_else(|| t.progress(game.move_number(), to_move));
    let full = t.describe_saved(&kind, black, white, &state);
    if text_width(&full) <= width {
        full
    } else {
        fit_words(&t.describe_saved_short(&kind, &state), width)
    }
}

/// `name` in `width` columns: cut in the middle where it must be, so that the end that tells
/// "… (2)" from "… (3)" stays.
fn fit_middle(name: &str, width: usize) -> String {
    if text_width(name) <= width {
        return name.to_string();
    }
    let mut tail = String::new();
    for c in name.chars().rev() {
        if text_width(&tail) + text_width(c.encode_utf8(&mut [0; 4])) > width / 3 {
            break;
        }
        tail.insert(0, c);
    }
    let head = crate::i18n::clip(name, width.saturating_sub(1 + text_width(&tail)));
    format!("{head}…{tail}")
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
    let acts = [
        Act::Choose,
        Act::Open,
        Act::Replay,
        Act::Filter,
        Act::Rename,
        Act::Delete,
        Act::Back,
    ];
    let width = usize::from(area.width);
    let keys = super::menu::key_lines(Place::Library, &acts, area.width - 1, theme, t);
    let key_rows = keys.len() as u16;
    // Two lines an entry; keep the selected one in view.
    let room = (area.height.saturating_sub(4 + key_rows) / 2).max(1) as usize;
    let skip = list.selected.saturating_sub(room - 1);
    for (i, e) in shown.into_iter().enumerate().skip(skip).take(room) {
        let selected = i == list.selected;
        // The name cut where it must be; when it was saved, where there is room.
        let name = format!(" {} ", fit_middle(&e.name, width.saturating_sub(6)));
        let saved = format!("  {}", t.saved_on(&e.saved));
        let saved = (3 + text_width(&name) + text_width(&saved) <= width).then_some(saved);
        let (lead, name_style) = if selected {
            (
                Span::styled(format!(" {marker} "), theme.to_move()),
                theme.selected(),
            )
        } else {
            (Span::raw("   "), theme.label())
        };
        let mut head = vec![lead, Span::styled(name, name_style)];
        head.extend(saved.map(|saved| Span::styled(saved, theme.dim())));
        lines.push(Line::from(head));
        let room = width.saturating_sub(6);
        lines.push(match &e.game {
            Ok(g) => Line::from(format!("      {}", describe(g, room, t))),
            Err(why) => {
                let why = t.cannot_be_read(&t.load_error(why));
                Line::styled(format!("      {}", fit_words(&why, room)), theme.error())
            }
        });
    }
    let footer_y = area.bottom().saturating_sub(key_rows);
    frame.render_widget(Paragraph::new(lines), area);
    if let Some(m) = &list.message {
        let y = footer_y.saturating_sub(1);
        frame.render_widget(
            Paragraph::new(format!(" {}", fit_words(m, width - 1))).style(theme.error()),
            Rect::new(area.x, y, area.width, 1),
        );
    }
    let keys: Vec<Line> = keys
        .into_iter()
        .map(|l| Line::from(format!(" {l}")))
        .collect();
    frame.render_widget(
        Paragraph::new(keys).style(theme.dim()),
        Rect::new(area.x, footer_y, area.width, key_rows),
    );
}
