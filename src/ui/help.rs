//! Overlays drawn over a screen: the help with the rules and every key, and the question asked
//! before a game in progress is abandoned.

use super::input::Key;
use super::keys::{Command, Place, Seat};
use super::menu::key_item;
use super::rules::Rules;
use super::theme::Theme;
use crate::game::{GameId, for_game};
use crate::i18n::{Act, Text, pad};
use ratatui::Frame;
use ratatui::layout::Rect;
use ratatui::text::Line;
use ratatui::widgets::{Block, Borders, Clear, Paragraph, Wrap};

/// An overlay; while one is open it takes every key.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Overlay {
    /// The help, scrolled down this many lines.
    Help(u16),
    /// "Leave this game for a new one?", asked by `n` during a game.
    ConfirmNew,
    /// "Save as": the name typed so far.
    SaveAs(String),
    /// The Settings window, with this line picked.
    Settings(usize),
    /// "Leave this game?", asked by Esc when the settings say so.
    ConfirmQuit,
    /// "Leave the server?", asked when leaving would lose the unfinished game.
    ConfirmLeave,
    /// "Resign this game?", asked by `x`.
    ConfirmResign,
    /// A game is already saved under this name: replace it, keep both, or change the name.
    ConfirmReplace(String),
    /// "Delete the saved game …?", asked by `d` in the list of saved games.
    ConfirmDelete(String),
    /// A new name for the saved game `from`, as typed so far (`r` in the list).
    Rename { from: String, name: String },
}

/// What a window asks of the App after a key.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Answer {
    /// The window stays open, as it now is.
    Stay(Overlay),
    /// The window closes.
    Close,
    /// Yes to "abandon this game?".
    NewGame,
    Quit,
    Resign,
    /// Save the game under this name (the window closes).
    Save(String),
    /// Delete the saved game of this name.
    Delete(String),
    /// Give the saved game `from` the name `to`.
    Rename {
        from: String,
        to: String,
    },
    /// Change the setting on this line of the Settings window, forwards or back.
    Change(usize, bool),
    /// The Settings window closed on this line: keep the settings.
    Kept(usize),
}

impl Overlay {
    /// A key for this window. The help is `help_len` lines long; `taken` are the names games
    /// are saved under.
    pub fn key(self, key: Key, help_len: u16, taken: &[String]) -> Answer {
        let yes = matches!(key, Key::Char('y' | 'Y') | Key::Enter);
        let no = matches!(key, Key::Esc | Key::Char('n' | 'N' | 'q'));
        match self {
            Overlay::SaveAs(name) => save_as_key(name, key, taken),
            Overlay::Rename { from, mut name } => match type_name(&mut name, key) {
                // Never over another game: a name taken gets a number.
                Some(true) => Answer::Rename {
                    to: crate::store::free_name(&name, taken),
                    from,
                },
                Some(false) => Answer::Close,
                None => Answer::Stay(Overlay::Rename { from, name }),
            },
            _ if key == Key::Interrupt => Answer::Quit,
            Overlay::Help(_)
                if matches!(key, Key::Esc | Key::Char('?' | 'q') | Key::F1 | Key::Enter) =>
            {
                Answer::Close
            }
            Overlay::Help(s) if matches!(key, Key::Down | Key::Char('j')) => {
                Answer::Stay(Overlay::Help((s + 1).min(help_len)))
            }
            Overlay::Help(s) if matches!(key, Key::Up | Key::Char('k')) => {
                Answer::Stay(Overlay::Help(s.saturating_sub(1)))
            }
            Overlay::Help(s) if matches!(key, Key::PageDown | Key::Char(' ')) => {
                Answer::Stay(Overlay::Help((s + HELP_PAGE).min(help_len)))
            }
            Overlay::Help(s) if key == Key::PageUp => {
                Answer::Stay(Overlay::Help(s.saturating_sub(HELP_PAGE)))
            }
            Overlay::Help(_) if matches!(key, Key::Home | Key::Char('g')) => {
                Answer::Stay(Overlay::Help(0))
            }
            Overlay::Help(_) if matches!(key, Key::End | Key::Char('G')) => {
                Answer::Stay(Overlay::Help(help_len))
            }
            Overlay::ConfirmNew if yes => Answer::NewGame,
            Overlay::ConfirmQuit | Overlay::ConfirmLeave if yes => Answer::Quit,
            Overlay::ConfirmResign if yes => Answer::Resign,
            Overlay::ConfirmDelete(name) if yes => Answer::Delete(name),
            Overlay::ConfirmNew
            | Overlay::ConfirmQuit
            | Overlay::ConfirmLeave
            | Overlay::ConfirmResign
            | Overlay::ConfirmDelete(_)
                if no =>
            {
                Answer::Close
            }
            Overlay::ConfirmReplace(name) if yes => Answer::Save(name),
            // Keep both: this one under a name not taken.
            Overlay::ConfirmReplace(name) if matches!(key, Key::Char('k' | 'K')) => {
                Answer::Save(crate::store::free_name(&name, taken))
            }
            Overlay::ConfirmReplace(name) if no && key != Key::Char('q') => {
                Answer::Stay(Overlay::SaveAs(name))
            }
            Overlay::Settings(line) => settings_key(line, key),
            overlay => Answer::Stay(overlay),
        }
    }
}

/// A key while a name is typed to save the game under.
fn save_as_key(mut name: String, key: Key, taken: &[String]) -> Answer {
    match type_name(&mut name, key) {
        // Never over another game without asking.
        Some(true) if taken.contains(&crate::store::file_name(&name)) => {
            Answer::Stay(Overlay::ConfirmReplace(name))
        }
        Some(true) => Answer::Save(name),
        Some(false) => Answer::Close,
        None => Answer::Stay(Overlay::SaveAs(name)),
    }
}

/// A key while a name is typed: `Some(true)` when Enter gives a name, `Some(false)` when it is
/// given up, `None` while typing goes on.
fn type_name(name: &mut String, key: Key) -> Option<bool> {
    match key {
        Key::Char(c) if name.chars().count() < 60 && !c.is_control() => name.push(c),
        Key::Backspace => {
            name.pop();
        }
        Key::ClearLine => name.clear(),
        Key::Enter if !name.trim().is_empty() => return Some(true),
        // Ctrl-C here only closes the window: it is easily pressed while typing.
        Key::Esc | Key::Interrupt => return Some(false),
        _ => {}
    }
    None
}

/// A key in the Settings window: a change takes effect at once; closing keeps the settings.
fn settings_key(line: usize, key: Key) -> Answer {
    let last = crate::settings::FIELDS.len() - 1;
    let line = line.min(last);
    match Place::Settings.command(key) {
        Some(Command::Up) => Answer::Stay(Overlay::Settings(line.saturating_sub(1))),
        Some(Command::Down) => Answer::Stay(Overlay::Settings((line + 1).min(last))),
        Some(Command::Left) => Answer::Change(line, false),
        Some(Command::Right) => Answer::Change(line, true),
        Some(Command::Quit) => Answer::Kept(line),
        _ => Answer::Stay(Overlay::Settings(line)),
    }
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

/// The width `lines` are wrapped to in a box `width` wide on a screen `screen_width` wide: the
/// box's inside, a column short of its border where the text has double-width characters
/// (Chinese), as a line that ends in one may take a column more than it is given.
fn text_width(lines: &[Line], width: u16, screen_width: u16) -> u16 {
    let wide = lines.iter().any(|line| {
        line.spans.iter().any(|span| {
            span.content
                .chars()
                .any(|c| unicode_width::UnicodeWidthChar::width(c) == Some(2))
        })
    });
    let margin = if wide { 3 } else { 2 };
    width.min(screen_width).saturating_sub(margin)
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
    // The rows the lines take once wrapped in the box.
    let inner = text_width(&lines, width, area.width);
    let rows = super::screen::rows_of(&lines, inner) as u16;
    let rect = centered(area, width, rows + 2);
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
    let scroll = scroll.min(rows.saturating_sub(visible));
    // More above or below: the bottom border says the box scrolls.
    let block = if rows > visible {
        block.title_bottom(Line::styled(
            // No words here: the box is drawn the same in every language.
            format!(
                " {} ",
                if theme.ascii {
                    "^ v"
                } else {
                    theme.glyphs().up_down
                }
            ),
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
    let block = block.title(format!(" {title} ")).title_style(theme.label());
    let mut text_area = block.inner(rect);
    text_area.width = inner;
    frame.render_widget(block, rect);
    frame.render_widget(
        Paragraph::new(lines)
            .wrap(Wrap { trim: false })
            .scroll((scroll, 0)),
        text_area,
    );
}

/// The help's text for `kind` on the screen `place`: rules, the keys of this screen (and of a
/// game, outside one) and levels.
/// The help, wrapped to `width` columns.
fn help_lines(
    theme: Theme,
    place: Place,
    kind: GameId,
    width: u16,
    t: &dyn Text,
) -> Vec<Line<'static>> {
    let width = usize::from(width);
    let levels = for_game!(kind, P => <P as Rules>::levels(t));
    let about = t.about(kind);
    let mut lines: Vec<Line> = vec![Line::styled(about.help_heading, theme.emphasis())];
    // One paragraph, wrapped to the box's width.
    let rules = crate::i18n::wrap(&paragraph(about.help_rules), width);
    lines.extend(rules.into_iter().map(Line::from));
    lines.push(Line::default());
    lines.push(Line::styled(t.help_keys_heading(), theme.emphasis()));
    lines.extend(key_lines(place, kind, width, theme, t));
    if !matches!(place, Place::Game { .. }) {
        lines.push(Line::default());
        lines.push(Line::styled(t.help_game_keys_heading(), theme.emphasis()));
        // On a server (its start menu, its lobby) a game's Esc goes back to the start menu.
        let served = matches!(place, Place::Menu { served: true } | Place::Lobby);
        let seat = if served { Seat::Served } else { Seat::Here };
        let game = Place::Game { kind, seat };
        lines.extend(key_lines(game, kind, width, theme, t));
    }
    lines.push(Line::default());
    lines.push(Line::styled(t.help_levels_heading(), theme.emphasis()));
    // A level's words wrap under its name, not under its number.
    let indent = 3 + LEVEL_NAME;
    for level in levels {
        let (head, does) = split_at_width(&level, indent);
        lines.extend(hanging(&head, &does, indent, width));
    }
    lines
}

/// The width of a level's name in the help's table (see `screen::level_line`).
const LEVEL_NAME: usize = 10;

/// `text` split after its first `width` columns.
fn split_at_width(text: &str, width: usize) -> (String, String) {
    let head = crate::i18n::clip(text, width);
    let rest = text[head.len()..].trim_start().to_string();
    (head, rest)
}

/// `head` (a key, a level) then `text` wrapped beside it, its lines indented to `indent`; on
/// a box too narrow for both side by side, `text` under `head`, indented by two.
fn hanging(head: &str, text: &str, indent: usize, width: usize) -> Vec<Line<'static>> {
    let beside = width >= indent + 20 && crate::i18n::width(head) < indent;
    let (first, indent) = if beside {
        (pad(head, indent), indent)
    } else {
        (head.trim_end().to_string(), 2)
    };
    let wrapped = crate::i18n::wrap(text, width.saturating_sub(indent).max(1));
    let mut lines = vec![];
    let mut rest = wrapped.into_iter();
    if beside {
        lines.push(Line::from(format!(
            "{first}{}",
            rest.next().unwrap_or_default()
        )));
    } else {
        lines.push(Line::from(first));
    }
    lines.extend(rest.map(|l| Line::from(format!("{}{l}", " ".repeat(indent)))));
    lines
}

/// `lines` as one paragraph: joined by a space between words, directly where a line ends or
/// starts with a character of a script written without spaces (Chinese).
fn paragraph(lines: &[&str]) -> String {
    let mut text = String::new();
    for line in lines {
        let spaced = text.chars().last().is_some_and(|c| c.is_ascii())
            && line.chars().next().is_some_and(|c| c.is_ascii());
        if spaced {
            text.push(' ');
        }
        text.push_str(line);
    }
    text
}

/// "Enter or Space   place a disc at the cursor": each row of `place`'s keys, wrapped to
/// `width` columns beside its keys.
fn key_lines(
    place: Place,
    game: GameId,
    width: usize,
    theme: Theme,
    t: &dyn Text,
) -> Vec<Line<'static>> {
    place
        .rows()
        .iter()
        .flat_map(|row| {
            let keys = row.label(true, theme, t);
            hanging(&keys, t.explain(row.act, game), KEY_COLUMN + 1, width)
        })
        .collect()
}

/// The lines PgUp and PgDn scroll the help by: the smallest screen's box shows about as many.
const HELP_PAGE: u16 = 8;

/// The width of the help's key column.
pub const KEY_COLUMN: usize = 18;

/// How far the help for `kind` on `place` scrolls on a screen of `area`: the rows its box
/// there wraps it into (its footer one more), less the rows the box shows.
pub fn help_len(place: Place, kind: GameId, t: &dyn Text, area: Rect) -> u16 {
    let plain = Theme::new(false, true);
    let inner = help_width(area);
    let lines = help_lines(plain, place, kind, inner, t);
    let rows = super::screen::rows_of(&lines, inner) as u16 + 1;
    rows.saturating_sub(area.height.saturating_sub(2))
}

/// The help box's width, borders included.
const HELP_WIDTH: u16 = 66;

/// The columns the help's text is wrapped to on a screen of `area`: inside the box, with a
/// column to spare for a wide character that would not fit the last one.
fn help_width(area: Rect) -> u16 {
    HELP_WIDTH.min(area.width).saturating_sub(3)
}

pub fn draw(
    frame: &mut Frame,
    area: Rect,
    overlay: &Overlay,
    theme: Theme,
    (place, kind): (Place, GameId),
    t: &dyn Text,
) {
    // A key and its words joined by no-break spaces: a narrow box wraps between keys only.
    let keys = |pairs: &[(&str, &str)]| {
        let items: Vec<String> = pairs
            .iter()
            .map(|(k, what)| format!("{k}  {what}").replace(' ', "\u{a0}"))
            .collect();
        Line::styled(items.join("      "), theme.label())
    };
    let no = t.or("n", "Esc");
    // "Leave this game?" or "Leave this game for a new one?": y, or n / Esc to keep playing.
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
            let mut lines = help_lines(theme, place, kind, help_width(area), t);
            let footer = format!(
                "{}{}{}",
                key_item(
                    &format!(
                        "{} PgUp/PgDn",
                        super::keys::arrow_keys(true, false, theme, t)
                    ),
                    Act::Scroll,
                    t
                ),
                theme.glyphs().sep,
                t.help_closes()
            );
            lines.push(Line::styled(footer, theme.dim()));
            draw_box(
                frame,
                area,
                t.help_title(),
                lines,
                HELP_WIDTH,
                scroll,
                theme,
            );
        }
        &Overlay::Settings(_) => {} // drawn by the App, which has the settings
        Overlay::ConfirmQuit => {
            let lines = question(t.confirm_quit(), t.yes_quit());
            draw_box(frame, area, t.quit_title(), lines, 66, 0, theme);
        }
        Overlay::ConfirmLeave => {
            let lines = vec![
                Line::from(t.confirm_leave_server()),
                Line::default(),
                keys(&[("y", t.yes_leave()), (&no, t.stay())]),
            ];
            draw_box(frame, area, t.quit_title(), lines, 66, 0, theme);
        }
        Overlay::Rename { from, name } => {
            let cursor = if theme.ascii { "_" } else { "▏" };
            let lines = vec![
                Line::from(t.rename_prompt(from)),
                Line::default(),
                Line::styled(format!("{name}{cursor}"), theme.emphasis()),
                Line::default(),
                keys(&[("Enter", t.act(Act::Rename)), ("Esc", t.act(Act::Cancel))]),
            ];
            draw_box(frame, area, t.saved_games(), lines, 66, 0, theme);
        }
        Overlay::ConfirmDelete(name) => {
            let lines = vec![
                Line::from(t.confirm_delete(name)),
                Line::default(),
                keys(&[("y", t.yes_delete()), (&no, t.act(Act::Cancel))]),
            ];
            draw_box(frame, area, t.saved_games(), lines, 66, 0, theme);
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
