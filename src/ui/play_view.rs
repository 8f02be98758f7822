//! Drawing a game in progress: title bar, board, side panel, status line and key line.

use super::board::{Board, Cell, Geometry};
use super::layout::GameLayout;
use super::play::{Message, Play};
use super::theme::{Stone, Theme};
use crate::game::Player;
use crate::reversi::{Color, Move, Square};
use ratatui::Frame;
use ratatui::layout::Rect;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Paragraph, Wrap};
use std::time::Instant;

pub fn stone(color: Color) -> Stone {
    match color {
        Color::Black => Stone::Black,
        Color::White => Stone::White,
    }
}

pub fn draw(frame: &mut Frame, layout: &GameLayout, play: &Play, theme: Theme, now: Instant) {
    let game = &play.game;
    let s = theme.glyphs().sep;
    let title = format!(
        " heibai{s}Reversi{s}Black: {}{s}White: {}",
        shown_name(play.net.as_ref(), Color::Black, game.black),
        shown_name(play.net.as_ref(), Color::White, game.white)
    );
    draw_board(frame, layout, play, theme, now);
    let panel = panel_lines(play, theme, now, layout.panel.height as usize);
    let around = Around {
        title: layout.title,
        panel: layout.panel,
        status: layout.status,
        keys: layout.keys,
    };
    draw_around(
        frame,
        around,
        title,
        panel,
        play.message.as_ref(),
        &[],
        play.net.is_some(),
        theme,
    );
}

/// Where the parts around a board go.
pub struct Around {
    pub title: Rect,
    pub panel: Rect,
    pub status: Rect,
    pub keys: Rect,
}

/// Everything of a game screen but the board: the title bar, the side panel, the status line
/// with the message, and the key line with the game's `own_keys` among the common ones (in a
/// game between terminals, `net`, the keys that game has).
#[allow(clippy::too_many_arguments)]
pub fn draw_around(
    frame: &mut Frame,
    at: Around,
    title: String,
    panel: Vec<Line<'static>>,
    message: Option<&Message>,
    own_keys: &[&str],
    net: bool,
    theme: Theme,
) {
    let arrows = format!("{} move", theme.glyphs().arrows);
    let keys: Vec<&str> = if net {
        vec![
            arrows.as_str(),
            "Enter place",
            "t hints",
            "x resign",
            "s save",
            "v replay",
            "? help",
            "Esc lobby",
        ]
    } else {
        let mut keys = vec![
            arrows.as_str(),
            "Enter place",
            "u undo",
            "r redo",
            "t hints",
        ];
        keys.extend(own_keys);
        keys.extend(["n new", "v replay", "? help", "Esc quit"]);
        keys
    };
    draw_frame(frame, at, title, panel, message, &keys, theme);
}

/// The title bar, the side panel, the status line with the message, and the key line with as
/// many of `keys` as fit (the last two always).
pub fn draw_frame(
    frame: &mut Frame,
    at: Around,
    title: String,
    panel: Vec<Line<'static>>,
    message: Option<&Message>,
    keys: &[&str],
    theme: Theme,
) {
    frame.render_widget(Paragraph::new(title).style(theme.title()), at.title);
    frame.render_widget(Paragraph::new(panel).wrap(Wrap { trim: false }), at.panel);
    status_line(frame, at.status, message, theme);
    let line = fit_items(keys, theme.glyphs().sep, at.keys.width as usize);
    frame.render_widget(Paragraph::new(line).style(theme.dim()), at.keys);
}

/// The message of the status line, if any: errors stand out.
fn status_line(frame: &mut Frame, area: Rect, message: Option<&Message>, theme: Theme) {
    if let Some(m) = message {
        let style = if m.error {
            theme.error()
        } else {
            theme.emphasis()
        };
        frame.render_widget(Paragraph::new(format!(" {}", m.text)).style(style), area);
    }
}

/// A player's line in the panel: the to-move marker, a stone, the colour, and `player` (who
/// plays it, and what else the game shows there).
pub fn player_line(
    color: Color,
    stone_style: ratatui::style::Style,
    player: String,
    to_move: bool,
    theme: Theme,
) -> Line<'static> {
    let marker = if to_move { theme.glyphs().to_move } else { " " };
    let mut spans = vec![
        Span::styled(format!("{marker} "), theme.to_move()),
        Span::styled(
            format!(" {} ", theme.stone_glyph(stone(color))),
            stone_style,
        ),
        Span::styled(format!(" {:<6}", color.name()), theme.label()),
        Span::raw(player),
    ];
    if to_move {
        spans.push(Span::styled("  to move", theme.to_move()));
    }
    Line::from(spans)
}

/// The panel's account of the turn: the result when the game is over (`over`), else the move
/// number after `played` moves, whose turn, and — since when it started — a thinking computer
/// with a turning bar. A game between terminals (`net`) ends back in the lobby.
pub fn turn_lines(
    over: Option<String>,
    side: &str,
    played: usize,
    thinking: Option<Instant>,
    now: Instant,
    net: bool,
    theme: Theme,
) -> Vec<Line<'static>> {
    let s = theme.glyphs().sep;
    if let Some(text) = over {
        let next = if net {
            format!("v replay{s}Esc back to the lobby")
        } else {
            format!("n new game{s}u take back{s}Esc quit")
        };
        return vec![
            Line::styled(text.to_uppercase(), theme.emphasis()),
            Line::from(next),
        ];
    }
    let mut lines = vec![Line::from(format!("Move {}{s}{side} to move", played + 1))];
    if let Some(since) = thinking {
        const SPIN: [&str; 4] = ["|", "/", "-", "\\"];
        let frame = (now.saturating_duration_since(since).as_millis() / 150) as usize % 4;
        lines.push(Line::styled(
            format!("{side} (computer) is thinking {}", SPIN[frame]),
            theme.dim(),
        ));
    }
    lines
}

/// As many of `items` as fit in `width` columns, joined by `sep`; "? help" and "Esc quit" (the
/// last two) are kept whatever else is dropped.
fn fit_items(items: &[&str], sep: &str, width: usize) -> String {
    let (rest, tail) = items.split_at(items.len().saturating_sub(2));
    let first = |n: usize| [&rest[..n], tail].concat().join(sep);
    (0..=rest.len())
        .rev()
        .map(first)
        .find(|line| line.chars().count() <= width)
        .unwrap_or_else(|| first(0))
}

/// A score in hundredths of a disc, as whole discs with a sign: "+4", "-2", "0".
fn discs(v: i32) -> String {
    let d = (f64::from(v) / 100.0).round() as i32;
    if d > 0 {
        format!("+{d}")
    } else {
        d.to_string()
    }
}

/// The name shown for `color`: the person's, in a game between terminals.
pub fn shown_name(net: Option<&super::net::Net>, color: Color, player: Player) -> String {
    match net {
        Some(net) => net.name(color).to_string(),
        None => player_name(player).to_string(),
    }
}

pub fn player_name(p: Player) -> &'static str {
    match p {
        Player::Human => "Human",
        Player::Computer => "Computer",
    }
}

fn draw_board(frame: &mut Frame, layout: &GameLayout, play: &Play, theme: Theme, now: Instant) {
    let position = play.position();
    let hints = if play.hints && play.human_to_move() {
        position.legal_moves()
    } else {
        0
    };
    let last = match play.game.record.last_move() {
        Some(Move::Play(sq)) => sq.bit(),
        _ => 0,
    };
    let flashing = play.flashing(now);
    let show_cursor = !play.game.no_humans();
    let scores = play.analysis.as_ref().filter(|_| play.human_to_move());
    let best = scores.and_then(|a| a.scores.iter().map(|&(_, v)| v).max());
    let cell = |sq: Square| {
        let bit = sq.bit();
        let label = scores
            .and_then(|a| a.scores.iter().find(|&&(s, _)| s == sq))
            .map(|&(_, v)| (discs(v), Some(v) == best));
        Cell {
            stone: position.at(sq).map(stone),
            hint: hints & bit != 0,
            cursor: show_cursor && sq == play.cursor,
            last: last & bit != 0,
            flash: flashing & bit != 0,
            label,
        }
    };
    reversi_board(frame, layout.board, theme, &cell);
}

/// The Reversi board at `geometry`, each square as `cell` says, labelled a-h and 1-8.
pub fn reversi_board(
    frame: &mut Frame,
    geometry: Geometry,
    theme: Theme,
    cell: &dyn Fn(Square) -> Cell,
) {
    let at = |col: u8, row: u8| cell(Square::at(col, row).expect("on the board"));
    let board = Board {
        geometry,
        theme,
        col_label: &|c| ((b'a' + c) as char).to_string(),
        row_label: &|r| (r + 1).to_string(),
        cell: &at,
    };
    frame.render_widget(board, geometry.area());
}

/// The side panel: counts, whose turn, move number, game over, and the latest moves.
fn panel_lines(play: &Play, theme: Theme, now: Instant, height: usize) -> Vec<Line<'static>> {
    let game = &play.game;
    let p = play.position();
    let over = play.is_over();
    let s = theme.glyphs().sep;
    let mut lines = vec![Line::default()];
    for color in [Color::Black, Color::White] {
        let disc_style = if theme.color {
            theme.stone(stone(color))
        } else {
            theme.label()
        };
        let name = shown_name(play.net.as_ref(), color, game.player(color));
        let name: String = name.chars().take(9).collect();
        let player = format!("{name:<9}{:>3}", p.count(color));
        let to_move = !over && p.to_move() == color;
        lines.push(player_line(color, disc_style, player, to_move, theme));
    }
    lines.push(Line::default());
    let over_text = over.then(|| play.game_over_text());
    let side = p.to_move().name();
    let since = play.thinking().map(|(since, _)| since);
    lines.extend(turn_lines(
        over_text,
        side,
        game.record.cursor(),
        since,
        now,
        play.net.is_some(),
        theme,
    ));
    if !over {
        if let Some((_, progress)) = play.thinking() {
            if let Some(p) = progress {
                let depth = if p.exact {
                    format!("solved {} empties", p.depth)
                } else {
                    format!("depth {}", p.depth)
                };
                lines.push(Line::styled(
                    format!("{depth}{s}best {}{s}{}", p.best, discs(p.score)),
                    theme.dim(),
                ));
            }
        } else if play.human_to_move() {
            let hint = if play.hints { "hints on" } else { "hints off" };
            lines.push(Line::styled(
                format!("Your move, {side}{s}{hint} (t)"),
                theme.dim(),
            ));
            if play.analysis_on {
                let text = match &play.analysis {
                    Some(a) if a.exact => "Analysis: exact final scores".to_string(),
                    Some(a) => format!("Analysis: depth {}, estimates", a.depth),
                    None => "Analysis: thinking…".to_string(),
                };
                lines.push(Line::styled(text, theme.emphasis()));
            }
        }
        if (game.black == Player::Computer || game.white == Player::Computer)
            && let Some(level) = crate::engine::Level::get(game.level)
        {
            lines.push(Line::styled(
                format!("Computer: level {} {}", level.number, level.name),
                theme.dim(),
            ));
        }
    }
    if let Some(timing) = &play.timing {
        lines.push(timing.line(now, theme));
    }
    if let Some(net) = &play.net {
        lines.extend(super::net::panel_lines(net, theme));
    }
    lines.push(Line::default());
    lines.push(Line::styled("Moves", theme.label()));
    let cells = game.record.played().iter().map(|m| m.to_string()).collect();
    let rows = move_rows(cells, p_first_mover(play) == Color::White);
    let room = height.saturating_sub(lines.len());
    let skip = rows.len().saturating_sub(room);
    lines.extend(rows.into_iter().skip(skip).map(Line::from));
    lines
}

/// Who made the first move of the record.
fn p_first_mover(play: &Play) -> Color {
    play.game.record.start().to_move()
}

/// The moves as numbered pairs, Black's first: " 1. f5    d6"; when White moved first, Black's
/// place in the first pair is "..".
pub fn move_rows(mut cells: Vec<String>, white_first: bool) -> Vec<String> {
    if white_first {
        cells.insert(0, "..".into());
    }
    cells
        .chunks(2)
        .enumerate()
        .map(|(i, pair)| {
            format!(
                "{:>3}. {:<6}{}",
                i + 1,
                pair[0],
                pair.get(1).map_or("", |s| s)
            )
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn moves_are_listed_in_pairs() {
        let moves: Vec<String> = ["f5", "d6", "pass", "c3", "d3"]
            .iter()
            .map(|m| m.to_string())
            .collect();
        assert_eq!(
            move_rows(moves.clone(), false),
            ["  1. f5    d6", "  2. pass  c3", "  3. d3    "]
        );
        assert_eq!(move_rows(moves[..1].to_vec(), true), ["  1. ..    f5"]);
    }

    #[test]
    fn key_line_drops_items_that_do_not_fit_but_keeps_help_and_quit() {
        let items = ["a move", "b place", "? help", "Esc quit"];
        assert_eq!(
            fit_items(&items, " · ", 80),
            "a move · b place · ? help · Esc quit"
        );
        assert_eq!(fit_items(&items, " · ", 30), "a move · ? help · Esc quit");
        assert_eq!(fit_items(&items, " · ", 5), "? help · Esc quit");
    }
}
