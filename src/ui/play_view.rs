//! Drawing a game in progress: title bar, board, side panel, status line and key line.

use super::board::{Board, Cell, Geometry};
use super::layout::GameLayout;
use super::menu::key_item;
use super::play::{Message, Play};
use super::theme::{Stone, Theme};
use crate::game::Player;
use crate::i18n::{Act, Text, clip, pad};
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
    let t = play.t();
    let title = title(
        t.game(false),
        play.net.as_ref(),
        (game.black, game.white),
        theme,
        t,
    );
    draw_board(frame, layout, play, theme, now);
    let panel = panel_lines(play, theme, now, layout.panel);
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
        if play.game.no_humans() {
            &[("p", Act::PlayPause)]
        } else {
            &[]
        },
        play.net.is_some(),
        [play.can_undo(), play.can_redo()],
        theme,
        t,
    );
}

/// The title bar: " heibai · Reversi · Black: Human · White: Computer".
pub fn title(
    game: &str,
    net: Option<&crate::table::Net>,
    (black, white): (Player, Player),
    theme: Theme,
    t: &dyn Text,
) -> String {
    let s = theme.glyphs().sep;
    format!(
        " heibai{s}{game}{s}{}{s}{}",
        t.title_player(Color::Black, &shown_name(net, Color::Black, black, t)),
        t.title_player(Color::White, &shown_name(net, Color::White, white, t))
    )
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
    own_keys: &[(&str, Act)],
    net: bool,
    takebacks: [bool; 2],
    theme: Theme,
    t: &dyn Text,
) {
    let arrows = theme.glyphs().arrows;
    let keys: Vec<(&str, Act)> = if net {
        vec![
            (arrows, Act::Move),
            ("Enter", Act::Place),
            ("t", Act::Hints),
            ("x", Act::Resign),
            ("s", Act::Save),
            ("v", Act::Replay),
            ("?", Act::Help),
            ("Esc", Act::Lobby),
        ]
    } else {
        // Undo and redo only when there is something to take back or replay.
        let [undo, redo] = takebacks;
        let mut keys = vec![(arrows, Act::Move), ("Enter", Act::Place)];
        keys.extend(undo.then_some(("u", Act::Undo)));
        keys.extend(redo.then_some(("r", Act::Redo)));
        keys.push(("t", Act::Hints));
        keys.extend(own_keys);
        keys.extend([
            ("n", Act::New),
            ("v", Act::Replay),
            ("?", Act::Help),
            ("Esc", Act::Quit),
        ]);
        keys
    };
    let keys: Vec<String> = keys.iter().map(|&(k, act)| key_item(k, act, t)).collect();
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
    keys: &[String],
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
        // A message too long for the line is cut at a word, not mid-word.
        let text = crate::i18n::fit_words(&m.text, usize::from(area.width).saturating_sub(1));
        frame.render_widget(Paragraph::new(format!(" {text}")).style(style), area);
    }
}

/// A player's line in the panel: the to-move marker, a stone, the colour, and `player` (who
/// plays it, and what else the game shows there); "to move" too where the panel's `width`
/// has room for it.
pub fn player_line(
    color: Color,
    stone_style: ratatui::style::Style,
    player: String,
    to_move: bool,
    width: u16,
    theme: Theme,
    t: &dyn Text,
) -> Line<'static> {
    let marker = if to_move { theme.glyphs().to_move } else { " " };
    let mut spans = vec![
        Span::styled(format!("{marker} "), theme.to_move()),
        Span::styled(
            format!(" {} ", theme.stone_glyph(stone(color))),
            stone_style,
        ),
        Span::styled(format!(" {}", pad(t.color(color), 6)), theme.label()),
        Span::raw(player),
    ];
    let tag = format!("  {}", t.to_move_tag());
    let room = Line::from(spans.clone()).width() + crate::i18n::width(&tag) <= usize::from(width);
    if to_move && room {
        spans.push(Span::styled(tag, theme.to_move()));
    }
    Line::from(spans)
}

/// The panel's account of the turn: the result when the game is over (`over`), else the move
/// number after `played` moves, whose turn, and — since when it started — a thinking computer
/// with a turning bar. A game between terminals (`net`) ends back in the lobby.
#[allow(clippy::too_many_arguments)]
pub fn turn_lines(
    over: Option<String>,
    side: Color,
    played: usize,
    thinking: Option<Instant>,
    now: Instant,
    net: bool,
    theme: Theme,
    t: &dyn Text,
) -> Vec<Line<'static>> {
    let s = theme.glyphs().sep;
    if let Some(text) = over {
        let next: &[(&str, Act)] = if net {
            &[("v", Act::Replay), ("Esc", Act::BackToLobby)]
        } else {
            &[
                ("n", Act::NewGame),
                ("u", Act::TakeBack),
                ("Esc", Act::Quit),
            ]
        };
        let next: Vec<String> = next.iter().map(|&(k, act)| key_item(k, act, t)).collect();
        return vec![
            Line::styled(text.to_uppercase(), theme.emphasis()),
            Line::from(next.join(s)),
        ];
    }
    let mut lines = vec![Line::from(format!(
        "{}{s}{}",
        t.move_number(played + 1),
        t.side_to_move(side)
    ))];
    if let Some(since) = thinking {
        const SPIN: [&str; 4] = ["|", "/", "-", "\\"];
        let frame = (now.saturating_duration_since(since).as_millis() / 150) as usize % 4;
        lines.push(Line::styled(
            format!("{} {}", t.thinking(side), SPIN[frame]),
            theme.dim(),
        ));
    }
    lines
}

/// As many of `items` as fit in `width` columns, joined by `sep`; "? help" and "Esc quit" (the
/// last two) are kept whatever else is dropped.
fn fit_items<S: AsRef<str>>(items: &[S], sep: &str, width: usize) -> String {
    let items: Vec<&str> = items.iter().map(AsRef::as_ref).collect();
    let (rest, tail) = items.split_at(items.len().saturating_sub(2));
    let first = |n: usize| [&rest[..n], tail].concat().join(sep);
    (0..=rest.len())
        .rev()
        .map(first)
        .find(|line| crate::i18n::width(line) <= width)
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
pub fn shown_name(
    net: Option<&crate::table::Net>,
    color: Color,
    player: Player,
    t: &dyn Text,
) -> String {
    match net {
        Some(net) => super::net::seat_name(net, color, t),
        None => t.player(player).to_string(),
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
fn panel_lines(play: &Play, theme: Theme, now: Instant, area: Rect) -> Vec<Line<'static>> {
    let height = usize::from(area.height);
    let game = &play.game;
    let t = play.t();
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
        let name = shown_name(play.net.as_ref(), color, game.player(color), t);
        let player = format!(
            "{}{:>3}",
            pad(&super::net::fit_name(&name, 9), 9),
            p.count(color)
        );
        let to_move = !over && p.to_move() == color;
        lines.push(player_line(
            color, disc_style, player, to_move, area.width, theme, t,
        ));
    }
    lines.push(Line::default());
    let over_text = over.then(|| play.game_over_text());
    let side = p.to_move();
    let since = play.thinking().map(|(since, _)| since);
    lines.extend(turn_lines(
        over_text,
        side,
        game.record.cursor(),
        since,
        now,
        play.net.is_some(),
        theme,
        t,
    ));
    if !over {
        if let Some((_, progress)) = play.thinking() {
            if let Some(p) = progress {
                let depth = if p.exact {
                    t.solved_empties(p.depth)
                } else {
                    t.depth(p.depth)
                };
                let best = t.best(&p.best.to_string());
                lines.push(Line::styled(
                    // The score is the side to move's (the computer's): say whose.
                    format!("{depth}{s}{best}{s}{} {}", t.color(side), discs(p.score)),
                    theme.dim(),
                ));
            }
        } else if play.human_to_move() {
            lines.push(Line::styled(
                format!("{}{s}{} (t)", t.your_move(side), t.hints_state(play.hints)),
                theme.dim(),
            ));
            if play.analysis_on {
                let text = match &play.analysis {
                    Some(a) if a.exact => t.analysis_exact().to_string(),
                    Some(a) => t.analysis_depth(a.depth),
                    None => t.analysis_thinking().to_string(),
                };
                lines.push(Line::styled(text, theme.emphasis()));
            }
        }
        if game.black == Player::Computer || game.white == Player::Computer {
            lines.push(Line::styled(t.computer_level(game.level), theme.dim()));
        }
    }
    if let Some(timing) = &play.timing {
        lines.push(timing.line(now, theme, t));
    }
    if let Some(net) = &play.net {
        lines.extend(super::net::panel_lines(net, theme, t));
    }
    lines.push(Line::default());
    // One line each, clipped, so that a narrow panel keeps room for the moves.
    let width = usize::from(area.width);
    if let Some(name) = game.opening() {
        lines.push(Line::styled(opening_line(name, width, t), theme.dim()));
    }
    if let Some(mv) = play.book_move() {
        let text = t.book_move(&mv.to_string());
        lines.push(Line::styled(clip(&text, width), theme.dim()));
    }
    lines.push(Line::styled(t.moves_heading(), theme.label()));
    let cells = game.record.played().iter().map(|m| m.to_string()).collect();
    let rows = move_rows(cells, p_first_mover(play) == Color::White);
    let room = height.saturating_sub(lines.len());
    let skip = rows.len().saturating_sub(room);
    lines.extend(rows.into_iter().skip(skip).map(Line::from));
    lines
}

/// "Opening: Tiger", or only the name where that does not fit in `width` columns.
pub fn opening_line(name: &str, width: usize, t: &dyn Text) -> String {
    let full = t.opening(name);
    let text = if crate::i18n::width(&full) <= width {
        full
    } else {
        name.to_string()
    };
    clip(&text, width)
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
