//! Overlays drawn over a screen: the help with the rules and every key, and the question asked
//! before a game in progress is abandoned.

use super::menu::Kind;
use super::theme::Theme;
use crate::engine::{LEVELS, gomoku};
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
}

/// Lines short enough for the smallest screen the game is drawn on.
const RULES: &[&str] = &[
    "Black moves first; the players take turns placing a disc.",
    "A disc must bracket a straight line of your opponent's discs",
    "(across, down or diagonally) between itself and another disc",
    "of yours: every bracketed disc flips to your colour. A move",
    "must flip at least one disc; with none, you pass. When neither",
    "side can move the game ends: the side with more discs wins.",
];

/// Gomoku and Renju, as short.
const GOMOKU_RULES: &[&str] = &[
    "Black moves first, in the centre; the players take turns",
    "placing a stone on an empty point. Five in a row (across, up",
    "or diagonally) wins; a full board is a draw.",
    "Freestyle: five or more wins. Standard: exactly five.",
    "Renju: White wins with five or more, Black only with exactly",
    "five, and Black may not play a point that makes two threes,",
    "two fours, or six or more in a row (with hints on, forbidden",
    "points are marked; a five wins even so). A three is a line",
    "one stone from an open four; a four is one stone from five.",
];

fn gomoku_keys(theme: Theme) -> [(String, &'static str); 12] {
    let k = |s: &str| s.to_string();
    [
        (
            format!("{} or h j k l", theme.glyphs().arrows),
            "move the cursor (stops at the edges)",
        ),
        (k("Enter or Space"), "place a stone at the cursor"),
        (k("mouse click"), "place a stone on that point"),
        (k("t"), "mark Black's forbidden points (Renju)"),
        (k("u / r"), "undo / redo (vs computer: to your turn)"),
        (k("x"), "resign"),
        (k("v"), "replay the game so far (Esc comes back)"),
        (k("s / y"), "save under a name / copy the game as SGF"),
        (k("n"), "new game (asks first during a game)"),
        (k("o"), "settings: colours, hints, clocks, sound…"),
        (k("? or F1"), "this help"),
        (k("Esc or q"), "close a window; save the game and quit"),
    ]
}

fn keys(theme: Theme) -> [(String, &'static str); 13] {
    let k = |s: &str| s.to_string();
    [
        (
            format!("{} or h j k l", theme.glyphs().arrows),
            "move the cursor (stops at the edges)",
        ),
        (k("Enter or Space"), "place a disc at the cursor"),
        (k("a-h then 1-8"), "jump to a square: f then 5 goes to f5"),
        (k("mouse click"), "place a disc on that square"),
        (k("t"), "show or hide the legal moves"),
        (k("a"), "analysis: the engine's score for every move"),
        (k("u / r"), "undo / redo (vs computer: to your turn)"),
        (k("v"), "replay the game so far (Esc comes back)"),
        (k("s / y"), "save under a name / copy the moves (f5d6…)"),
        (k("n"), "new game (asks first during a game)"),
        (k("o"), "settings: colours, hints, clocks, sound…"),
        (k("? or F1"), "this help"),
        (k("Esc or q"), "close a window; save the game and quit"),
    ]
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
    frame.render_widget(Clear, rect);
    frame.render_widget(
        Paragraph::new(lines)
            .block(block.title(format!(" {title} ")).title_style(theme.label()))
            .wrap(Wrap { trim: false })
            .scroll((scroll, 0)),
        rect,
    );
}

/// The help's text for `kind`: rules, keys and levels.
fn help_lines(theme: Theme, kind: Kind) -> Vec<Line<'static>> {
    let (title, rules, keys, levels): (_, _, Vec<_>, Vec<_>) = match kind {
        Kind::Reversi => (
            "How to play Reversi",
            RULES,
            keys(theme).into(),
            LEVELS.iter().map(|l| l.describe()).collect(),
        ),
        Kind::Gomoku => (
            "How to play Gomoku and Renju",
            GOMOKU_RULES,
            gomoku_keys(theme).into(),
            LEVELS
                .iter()
                .zip(gomoku::LEVELS)
                .map(|(l, g)| format!("{} {:<10} {}", l.number, l.name, g.describe()))
                .collect(),
        ),
    };
    let mut lines: Vec<Line> = vec![Line::styled(title, theme.emphasis())];
    lines.extend(rules.iter().map(|&l| Line::from(l)));
    lines.push(Line::default());
    lines.push(Line::styled("Keys", theme.emphasis()));
    for (key, what) in keys {
        lines.push(Line::from(format!("{key:<16} {what}")));
    }
    lines.push(Line::default());
    lines.push(Line::styled(
        "Computer levels (menu or --level N)",
        theme.emphasis(),
    ));
    lines.extend(levels.into_iter().map(Line::from));
    lines
}

/// How many lines the help for `kind` has, for scrolling.
pub fn help_len(kind: Kind) -> u16 {
    let plain = Theme::new(false, true);
    help_lines(plain, kind).len() as u16 + 1
}

pub fn draw(frame: &mut Frame, area: Rect, overlay: &Overlay, theme: Theme, kind: Kind) {
    match overlay {
        Overlay::SaveAs(name) => {
            let cursor = if theme.ascii { "_" } else { "▏" };
            let lines = vec![
                Line::from("Save this game as:"),
                Line::default(),
                Line::styled(format!("{name}{cursor}"), theme.emphasis()),
                Line::default(),
                Line::styled("Enter  save      Esc  cancel", theme.label()),
            ];
            draw_box(frame, area, "Save", lines, 66, 0, theme);
        }
        &Overlay::Help(scroll) => {
            let mut lines = help_lines(theme, kind);
            let footer = format!(
                "{} scroll{}Esc closes this help",
                theme.glyphs().up_down,
                theme.glyphs().sep
            );
            lines.push(Line::styled(footer, theme.dim()));
            draw_box(frame, area, "Help", lines, 66, scroll, theme);
        }
        &Overlay::Settings(_) => {} // drawn by the App, which has the settings
        Overlay::ConfirmQuit => {
            let lines = vec![
                Line::from("Leave this game? It is saved: Continue on the start screen."),
                Line::default(),
                Line::styled("y  yes, quit      n or Esc  keep playing", theme.label()),
            ];
            draw_box(frame, area, "Quit", lines, 66, 0, theme);
        }
        Overlay::ConfirmNew => {
            let lines = vec![
                Line::from("Abandon this game and start a new one?"),
                Line::default(),
                Line::styled(
                    "y  yes, new game      n or Esc  keep playing",
                    theme.label(),
                ),
            ];
            draw_box(frame, area, "New game", lines, 50, 0, theme);
        }
    }
}
