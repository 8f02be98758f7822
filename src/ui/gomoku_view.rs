//! Drawing a game of Gomoku or Renju: title bar, Go-style board, side panel, status and keys.

use super::goban::{Goban, Mark};
use super::gomoku_play::GomokuPlay;
use super::layout::GomokuLayout;
use super::play_view::{
    Around, draw_around, move_rows, player_line, shown_name, stone, turn_lines,
};
use super::theme::Theme;
use crate::engine::gomoku::Level;
use crate::game::Player;
use crate::gomoku::{Color, Point, Rule, forbidden_points};
use ratatui::Frame;
use ratatui::text::Line;
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
        shown_name(play.net.as_ref(), Color::Black, game.black),
        shown_name(play.net.as_ref(), Color::White, game.white)
    );
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

    let panel = panel_lines(play, theme, now, layout.panel.height as usize);
    let around = Around {
        title: layout.title,
        panel: layout.panel,
        status: layout.status,
        keys: layout.keys,
    };
    let message = play.message.as_ref();
    let net = play.net.is_some();
    draw_around(
        frame,
        around,
        title,
        panel,
        message,
        &["x resign"],
        net,
        theme,
    );
}

/// The side panel: players, whose turn, rules, move number, the thinking indicator, the end.
fn panel_lines(play: &GomokuPlay, theme: Theme, now: Instant, height: usize) -> Vec<Line<'static>> {
    let game = &play.game;
    let p = play.position();
    let over = play.is_over();
    let s = theme.glyphs().sep;
    let mut lines = vec![Line::default()];
    for color in [Color::Black, Color::White] {
        let stone_style = theme.goban().patch(theme.goban_stone(stone(color)));
        let player: String = shown_name(play.net.as_ref(), color, game.player(color))
            .chars()
            .take(12)
            .collect();
        let to_move = !over && p.to_move() == color;
        lines.push(player_line(color, stone_style, player, to_move, theme));
    }
    lines.push(Line::default());
    let rule = match p.rule() {
        Rule::Renju => "Renju: Black may not play a double-three, double-four or overline",
        Rule::Standard => "Standard: exactly five wins",
        Rule::Freestyle => "Freestyle: five or more wins",
    };
    lines.push(Line::styled(rule, theme.dim()));
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
    if let Some(timing) = &play.timing {
        lines.push(timing.line(now, theme));
    }
    if let Some(net) = &play.net {
        lines.extend(super::net::panel_lines(net, theme));
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
