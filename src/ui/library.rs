//! The list of games saved under a name: what each is, how far it got, when it was saved, how
//! it ended; Enter opens one where it stopped (a finished one as a replay).

use super::theme::Theme;
use crate::game::{Player, SavedGame};
use crate::store::Entry;
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

fn who(p: Player) -> &'static str {
    match p {
        Player::Human => "Human",
        Player::Computer => "Computer",
    }
}

/// One line about a saved game: its kind, players, move, and how it stands.
pub fn describe(game: &SavedGame) -> String {
    let (black, white) = game.players();
    let (played, to_move) = game.progress();
    let kind = match game {
        SavedGame::Reversi(_) => "Reversi".to_string(),
        SavedGame::Gomoku(g) => {
            let p = g.record.start();
            let size = p.board().size();
            format!("Gomoku {size}x{size}")
        }
    };
    let state = match game {
        SavedGame::Reversi(g) if g.is_over() => super::play::game_over_text(g.position())
            .trim_start_matches("Game over: ")
            .to_string(),
        SavedGame::Gomoku(g) => match g.position().outcome() {
            crate::gomoku::Outcome::Won(c, _) => format!("{} won", c.name()),
            crate::gomoku::Outcome::Draw => "a draw".into(),
            crate::gomoku::Outcome::Playing => {
                format!("move {}, {} to move", played + 1, to_move.name())
            }
        },
        SavedGame::Reversi(_) => format!("move {}, {} to move", played + 1, to_move.name()),
    };
    format!("{kind}, {} vs {}, {state}", who(black), who(white))
}

pub fn draw(frame: &mut Frame, area: Rect, list: &LoadList, entries: &[Entry], theme: Theme) {
    let mut lines = vec![Line::styled(" Saved games", theme.title()), Line::default()];
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
                Span::styled(format!("  saved {}", e.saved), theme.dim()),
            ])
        } else {
            Line::from(vec![
                Span::raw("   "),
                Span::styled(name, theme.label()),
                Span::styled(format!("  saved {}", e.saved), theme.dim()),
            ])
        };
        lines.push(head);
        lines.push(match &e.game {
            Ok(g) => Line::from(format!("      {}", describe(g))),
            Err(why) => Line::styled(format!("      cannot be read: {why}"), theme.error()),
        });
    }
    let s = theme.glyphs().sep;
    let keys = format!(
        " {} choose{s}Enter open{s}v replay{s}Esc back",
        theme.glyphs().up_down
    );
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
