//! Drawing a game of Gomoku or Renju: title bar, Go-style board, side panel, status and keys.

use super::goban::{Goban, Mark};
use super::gomoku_play::GomokuPlay;
use super::layout::GomokuLayout;
use super::play_view::{fit_items, move_rows, player_name, status_line, stone, thinking_line};
use super::theme::Theme;
use crate::engine::gomoku::Level;
use crate::game::Player;
use crate::gomoku::{Color, Point, Rule, forbidden_points};
use ratatui::Frame;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Paragraph, Wrap};
use std::time::Instant;

/// The rule set's name for the title and panel.
pub fn rule_name(rule: Rule) -> &'static str {
    match rule {
        Rule::Freestyle => "Freestyle",
        Rule::Standard => "Standard",
        Rule::Renju => "Renju",
    }
}

pub fn draw(
    frame: &mut Frame,
    layout: &GomokuLayout,
    play: &GomokuPlay,
    theme: Theme,
    now: Instant,
) {
    let game = &play.game;
    let p = play.position();
    let s = theme.glyphs().sep;
    let size = p.board().size();
    let title = format!(
        " heibai{s}Gomoku {size}x{size}, {} rules{s}Black: {}{s}White: {}",
        rule_name(p.rule()),
        player_name(game.black),
        player_name(game.white)
    );
    frame.render_widget(Paragraph::new(title).style(theme.title()), layout.title);

    let forbidden: Vec<Point> = if play.show_forbidden() {
        forbidden_points(p.board())
            .into_iter()
            .map(|(q, _)| q)
            .collect()
    } else {
        vec![]
    };
    let win = p.winning_line();
    let last = game.record.last_move();
    let show_cursor = !game.no_humans();
    let mark = |q: Point| Mark {
        stone: p.board().get(q).map(stone),
        cursor: show_cursor && q == play.cursor,
        last: Some(q) == last && win.is_empty(),
        win: win.contains(&q),
        forbidden: forbidden.contains(&q),
    };
    let board = Goban {
        geometry: layout.board,
        theme,
        mark: &mark,
    };
    frame.render_widget(board, layout.board.area());

    frame.render_widget(
        Paragraph::new(panel_lines(play, theme, now, layout.panel.height as usize))
            .wrap(Wrap { trim: false }),
        layout.panel,
    );
    status_line(frame, layout.status, play.message.as_ref(), theme);
    let arrows = format!("{} move", theme.glyphs().arrows);
    let keys = [
        arrows.as_str(),
        "Enter place",
        "u undo",
        "r redo",
        "t hints",
        "x resign",
        "n new",
        "? help",
        "Esc quit",
    ];
    let line = fit_items(&keys, s, layout.keys.width as usize);
    frame.render_widget(Paragraph::new(line).style(theme.dim()), layout.keys);
}

/// The side panel: players, whose turn, rules, move number, the thinking indicator, the end.
fn panel_lines(play: &GomokuPlay, theme: Theme, now: Instant, height: usize) -> Vec<Line<'static>> {
    let game = &play.game;
    let p = play.position();
    let over = play.is_over();
    let s = theme.glyphs().sep;
    let mut lines = vec![Line::default()];
    for color in [Color::Black, Color::White] {
        let to_move = !over && p.to_move() == color;
        let marker = if to_move { theme.glyphs().to_move } else { " " };
        let mut spans = vec![
            Span::styled(format!("{marker} "), theme.to_move()),
            Span::styled(
                format!(" {} ", theme.stone_glyph(stone(color))),
                theme.goban().patch(theme.goban_stone(stone(color))),
            ),
            Span::styled(format!(" {:<6}", color.name()), theme.label()),
            Span::raw(player_name(game.player(color)).to_string()),
        ];
        if to_move {
            spans.push(Span::styled("  to move", theme.to_move()));
        }
        lines.push(Line::from(spans));
    }
    lines.push(Line::default());
    let rule = match p.rule() {
        Rule::Renju => "Renju: Black may not play a double-three, double-four or overline",
        Rule::Standard => "Standard: exactly five wins",
        Rule::Freestyle => "Freestyle: five or more wins",
    };
    lines.push(Line::styled(rule, theme.dim()));
    lines.push(Line::default());
    if over {
        lines.push(Line::styled(
            play.game_over_text().to_uppercase(),
            theme.emphasis(),
        ));
        lines.push(Line::from(format!("n new game{s}u take back{s}Esc quit")));
    } else {
        let side = p.to_move().name();
        lines.push(Line::from(format!(
            "Move {}{s}{side} to move",
            game.record.cursor() + 1
        )));
        if let Some((since, progress)) = play.thinking() {
            lines.push(thinking_line(side, since, now, theme));
            if let Some(pr) = progress {
                let what = if pr.winning {
                    format!("sees a win{s}best {}", pr.best)
                } else {
                    format!("depth {}{s}best {}", pr.depth, pr.best)
                };
                lines.push(Line::styled(what, theme.dim()));
            }
        } else if play.human_to_move() {
            let hint = match (p.rule(), play.hints) {
                (Rule::Renju, true) => format!("{s}forbidden points shown (t)"),
                (Rule::Renju, false) => format!("{s}hints off (t)"),
                _ => String::new(),
            };
            lines.push(Line::styled(
                format!("Your move, {side}{hint}"),
                theme.dim(),
            ));
        }
        if game.black == Player::Computer || game.white == Player::Computer {
            let level = Level::get(game.level);
            let name = crate::engine::Level::get(game.level).map_or("", |l| l.name);
            lines.push(Line::styled(
                format!("Computer: level {} {name}", level.number),
                theme.dim(),
            ));
        }
    }
    lines.push(Line::default());
    lines.push(Line::styled("Moves", theme.label()));
    let moves = game.record.played().iter().map(|m| m.to_string()).collect();
    let rows = move_rows(moves, false);
    let room = height.saturating_sub(lines.len());
    let skip = rows.len().saturating_sub(room);
    lines.extend(rows.into_iter().skip(skip).map(Line::from));
    lines
}
