//! Overlays drawn over a screen: the help with the rules and every key, and the question asked
//! before a game in progress is abandoned.

use super::menu::key_item;
use super::theme::Theme;
use crate::engine::{LEVELS, gomoku};
use crate::i18n::{Act, Text, pad};
use crate::settings::Kind;
use ratatui::Frame;
use ratatui::layout::Rect;
use ratatui::text::Line;
use ratatui::widgets::{Block, Borders, Clear, Paragraph, Wrap};

/// An overlay; while one is open it takes every key.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Overlay {
    /// The help, scrolled down this many lines.
    Help(u16),
    /// "Abandon this game?", asked by `n` during a game.
    ConfirmNew,
    /// "Save as": the name typed so far.
    SaveAs(String),
    /// The Settings window, with this line picked.
    Settings(usize),
    /// "Leave this game?", asked by Esc when the settings say so.
    ConfirmQuit,
    /// "Resign this game?", asked by `x`.
    ConfirmResign,
    /// A game is already saved under this name: replace it, keep both, or change the name.
    ConfirmReplace(String),
}

/// A box of `width` × `height` centred in `area` (shrunk to fit).
fn centered(area: Rect, width: u16, height: u16) -> Rect {
    let (w, h) = (width.min(area.width), height.min(area.height));
    Rect::new(
        area.x + (area.width - w) / 2,
        area.y + (area.height - h) / 2,
        w,
        h,
    )
}

/// A bordered box centred in `area`, showing `lines` from line `scroll` on (clamped so the last
/// page stays full).
pub fn draw_box(
    frame: &mut Frame,
    area: Rect,
    title: &str,
    lines: Vec<Line<'static>>,
    width: u16,
    scroll: u16,
    theme: Theme,
) {
    let rect = centered(area, width, lines.len() as u16 + 2);
    let block = if theme.ascii {
        Block::new()
            .borders(Borders::ALL)
            .border_set(ratatui::symbols::border::Set {
                top_left: "+",
                top_right: "+",
                bottom_left: "+",
                bottom_right: "+",
                vertical_left: "|",
                vertical_right: "|",
                horizontal_top: "-",
                horizontal_bottom: "-",
            })
    } else {
        Block::bordered()
    };
    let visible = rect.height.saturating_sub(2);
    let scroll = scroll.min((lines.len() as u16).saturating_sub(visible));
    // More above or below: the bottom border says the box scrolls.
    let block = if (lines.len() as u16) > visible {
        block.title_bottom(Line::styled(
            format!(" {} ", theme.glyphs().up_down),
            theme.emphasis(),
        ))
    } else {
        block
    };
    frame.render_widget(Clear, rect);
    // A double-width character just left of the box would cover its left border.
    if rect.x > 0 {
        let buffer = frame.buffer_mut();
        for y in rect.y..rect.y + rect.height {
            let cell = &mut buffer[(rect.x - 1, y)];
            if unicode_width::UnicodeWidthStr::width(cell.symbol()) > 1 {
                cell.set_symbol(" ");
            }
        }
    }
    frame.render_widget(
        Paragraph::new(lines)
            .block(block.title(format!(" {title} ")).title_style(theme.label()))
            .wrap(Wrap { trim: false })
            .scroll((scroll, 0)),
        rect,
    );
}

/// The help's text for `kind`: rules, keys and levels.
fn help_lines(theme: Theme, kind: Kind, t: &dyn Text) -> Vec<Line<'static>> {
    let gomoku = kind == Kind::Gomoku;
    let levels: Vec<String> = match kind {
        Kind::Reversi => LEVELS
            .iter()
            .map(|l| {
                let name = pad(t.level_name(l.number), 10);
                format!("{} {name} {}", l.number, t.level_does(l))
            })
            .collect(),
        Kind::Gomoku => gomoku::LEVELS
            .iter()
            .map(|l| {
                let name = pad(t.level_name(l.number), 10);
                format!("{} {name} {}", l.number, t.gomoku_level_does(l))
            })
            .collect(),
    };
    let mut lines: Vec<Line> = vec![Line::styled(t.help_heading(gomoku), theme.emphasis())];
    lines.extend(t.help_rules(gomoku).iter().map(|&l| Line::from(l)));
    lines.push(Line::default());
    lines.push(Line::styled(t.help_keys_heading(), theme.emphasis()));
    for (key, what) in t.help_keys(gomoku) {
        let key = key.replace("{arrows}", theme.glyphs().arrows);
        lines.push(Line::from(format!("{} {what}", pad(&key, 16))));
    }
    lines.push(Line::default());
    lines.push(Line::styled(t.help_levels_heading(), theme.emphasis()));
    lines.extend(levels.into_iter().map(Line::from));
    lines
}

/// How many lines the help for `kind` has, for scrolling.
pub fn help_len(kind: Kind, t: &dyn Text) -> u16 {
    let plain = Theme::new(false, true);
    help_lines(plain, kind, t).len() as u16 + 1
}

pub fn draw(
    frame: &mut Frame,
    area: Rect,
    overlay: &Overlay,
    theme: Theme,
    kind: Kind,
    t: &dyn Text,
) {
    let keys = |pairs: &[(&str, &str)]| {
        let items: Vec<String> = pairs
            .iter()
            .map(|(k, what)| format!("{k}  {what}"))
            .collect();
        Line::styled(items.join("      "), theme.label())
    };
    let no = t.or("n", "Esc");
    // "Leave this game?" or "Abandon this game?": y, or n / Esc to keep playing.
    let question = |question: &str, yes: &str| {
        vec![
            Line::from(question.to_string()),
            Line::default(),
            keys(&[("y", yes), (&no, t.keep_playing())]),
        ]
    };
    match overlay {
        Overlay::SaveAs(name) => {
            let cursor = if theme.ascii { "_" } else { "▏" };
            let lines = vec![
                Line::from(t.save_prompt()),
                Line::default(),
                Line::styled(format!("{name}{cursor}"), theme.emphasis()),
                Line::default(),
                keys(&[("Enter", t.act(Act::Save)), ("Esc", t.act(Act::Cancel))]),
            ];
            draw_box(frame, area, t.save_title(), lines, 66, 0, theme);
        }
        &Overlay::Help(scroll) => {
            let mut lines = help_lines(theme, kind, t);
            let footer = format!(
                "{}{}{}",
                key_item(theme.glyphs().up_down, Act::Scroll, t),
                theme.glyphs().sep,
                t.help_closes()
            );
            lines.push(Line::styled(footer, theme.dim()));
            draw_box(frame, area, t.help_title(), lines, 66, scroll, theme);
        }
        &Overlay::Settings(_) => {} // drawn by the App, which has the settings
        Overlay::ConfirmQuit => {
            let lines = question(t.confirm_quit(), t.yes_quit());
            draw_box(frame, area, t.quit_title(), lines, 66, 0, theme);
        }
        Overlay::ConfirmNew => {
            let lines = question(t.confirm_new(), t.yes_new());
            draw_box(frame, area, t.new_game_heading(), lines, 50, 0, theme);
        }
        Overlay::ConfirmReplace(name) => {
            let lines = vec![
                Line::from(t.name_taken(name)),
                Line::default(),
                keys(&[
                    ("y", t.yes_replace()),
                    ("k", t.keep_both()),
                    ("Esc", t.change_name()),
                ]),
            ];
            draw_box(frame, area, t.save_title(), lines, 66, 0, theme);
        }
        Overlay::ConfirmResign => {
            let lines = question(t.confirm_resign(), t.yes_resign());
            draw_box(frame, area, t.resign_title(), lines, 50, 0, theme);
        }
    }
}
