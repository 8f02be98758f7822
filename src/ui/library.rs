//! The list of games saved under a name: what each is, how far it got, when it was saved, how
//! it ended; Enter opens one where it stopped (a finished one as a replay).

use super::menu::key_item;
use super::theme::Theme;
use crate::game::SavedGame;
use crate::i18n::{Act, Text};
use crate::store::Entry;
use crate::table::Variant;
use ratatui::Frame;
use ratatui::layout::Rect;
use ratatui::text::{Line, Span};
use ratatui::widgets::Paragraph;

/// The list's state: which entry is selected, and a message about the last Enter.
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct LoadList {
    pub selected: usize,
    pub message: Option<String>,
}

/// One line about a saved game: its kind, players, move, and how it stands.
fn describe(game: &SavedGame, t: &dyn Text) -> String {
    let (black, white) = game.players();
    let (played, to_move) = game.progress();
    let kind = t.variant(Variant::of(game));
    let state = match game {
        SavedGame::Reversi(g) if g.is_over() => super::play::result_text(g.position(), t),
        SavedGame::Gomoku(g) => match g.position().outcome() {
            crate::gomoku::Outcome::Won(c, _) => t.won(c),
            crate::gomoku::Outcome::Draw => t.a_draw().into(),
            crate::gomoku::Outcome::Playing => t.progress(played + 1, to_move),
        },
        SavedGame::Reversi(_) => t.progress(played + 1, to_move),
    };
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
    let mut lines = vec![Line::styled(title, theme.title()), Line::default()];
    let marker = theme.glyphs().to_move;
    // Two lines an entry; keep the selected one in view.
    let room = (area.height.saturating_sub(5) / 2).max(1) as usize;
    let skip = list.selected.saturating_sub(room - 1);
    for (i, e) in entries.iter().enumerate().skip(skip).take(room) {
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
    let keys = [
        key_item(theme.glyphs().up_down, Act::Choose, t),
        key_item("Enter", Act::Open, t),
        key_item("v", Act::Replay, t),
        key_item("Esc", Act::Back, t),
    ];
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
