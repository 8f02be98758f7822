//! Drawing a game of Gomoku or Renju: title bar, Go-style board, side panel, status and keys.

use super::goban::{Goban, Mark};
use super::gomoku_play::GomokuPlay;
use super::layout::GomokuLayout;
use super::play_view::{
    Around, draw_around, move_rows, opening_line, player_line, shown_name, stone, title, turn_lines,
};
use super::theme::Theme;
use crate::engine::gomoku::Level;
use crate::game::Player;
use crate::gomoku::{Color, Point, Rule, forbidden_points};
use crate::i18n::Act;
use ratatui::Frame;
use ratatui::text::Line;
use std::time::Instant;

pub fn draw(
    frame: &mut Frame,
    layout: &GomokuLayout,
    play: &GomokuPlay,
    theme: Theme,
    now: Instant,
) {
    let game = &play.game;
    let t = play.t();
    let p = play.position();
    let size = p.board().size();
    let kind = t.gomoku_title(size, p.rule());
    let title = title(&kind, play.net.as_ref(), (game.black, game.white), theme, t);
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

    let panel = panel_lines(play, theme, now, layout.panel);
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
        if play.game.no_humans() {
            &[("p", Act::PlayPause)]
        } else {
            &[("x", Act::Resign)]
        },
        net,
        [play.can_undo(), play.can_redo()],
        theme,
        t,
    );
}

/// The side panel: players, whose turn, rules, move number, the thinking indicator, the end.
fn panel_lines(
    play: &GomokuPlay,
    theme: Theme,
    now: Instant,
    area: ratatui::layout::Rect,
) -> Vec<Line<'static>> {
    let height = usize::from(area.height);
    let game = &play.game;
    let t = play.t();
    let p = play.position();
    let over = play.is_over();
    let s = theme.glyphs().sep;
    let mut lines = vec![Line::default()];
    for color in [Color::Black, Color::White] {
        let stone_style = theme.goban().patch(theme.goban_stone(stone(color)));
        let name = shown_name(play.net.as_ref(), color, game.player(color), t);
        let player = super::net::fit_name(&name, 12);
        let to_move = !over && p.to_move() == color;
        lines.push(player_line(
            color,
            stone_style,
            player,
            to_move,
            area.width,
            theme,
            t,
        ));
    }
    lines.push(Line::default());
    lines.push(Line::styled(t.rule_summary(p.rule()), theme.dim()));
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
            if let Some(pr) = progress {
                let best = t.best(&pr.best.to_string());
                let what = if pr.winning {
                    format!("{}{s}{best}", t.sees_a_win())
                } else {
                    format!("{}{s}{best}", t.depth(pr.depth))
                };
                lines.push(Line::styled(what, theme.dim()));
            }
        } else if play.human_to_move() {
            let hint = match (p.rule(), play.hints) {
                (Rule::Renju, true) => format!("{s}{} (t)", t.forbidden_shown()),
                (Rule::Renju, false) => format!("{s}{} (t)", t.hints_state(false)),
                _ => String::new(),
            };
            lines.push(Line::styled(
                format!("{}{hint}", t.your_move(side)),
                theme.dim(),
            ));
        }
        if game.black == Player::Computer || game.white == Player::Computer {
            let level = Level::get(game.level);
            lines.push(Line::styled(t.computer_level(level.number), theme.dim()));
        }
    }
    if let Some(timing) = &play.timing {
        lines.push(timing.line(now, theme, t));
    }
    if let Some(net) = &play.net {
        lines.extend(super::net::panel_lines(net, theme, t));
    }
    lines.push(Line::default());
    if let Some(o) = game.opening() {
        let text = opening_line(&t.renju_opening(o), usize::from(area.width), t);
        lines.push(Line::styled(text, theme.dim()));
    }
    lines.push(Line::styled(t.moves_heading(), theme.label()));
    let moves = game.record.played().iter().map(|m| m.to_string()).collect();
    let rows = move_rows(moves, false);
    let room = height.saturating_sub(lines.len());
    let skip = rows.len().saturating_sub(room);
    lines.extend(rows.into_iter().skip(skip).map(Line::from));
    lines
}
