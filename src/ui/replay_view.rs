//! Drawing a replay: the board at the step shown, the players, where the replay is, and the
//! moves with the one just shown picked out.

use super::board::Cell;
use super::goban::{Goban, Mark};
use super::layout::{GameLayout, GomokuLayout};
use super::menu::key_item;
use super::play::game_over_text;
use super::play_view::{
    Around, draw_frame, opening_line, player_line, reversi_board, stone, title,
};
use super::replay::Replay;
use super::theme::Theme;
use crate::game::SavedGame;
use crate::gomoku::Outcome;
use crate::i18n::{Act, Text, pad};
use crate::reversi::{Color, Move, Status};
use crate::settings::BoardSize;
use ratatui::Frame;
use ratatui::layout::Rect;
use ratatui::text::{Line, Span};

/// The smallest screen the replay of `game` is drawn on.
pub fn min_size(game: &SavedGame) -> (u16, u16) {
    match game {
        SavedGame::Reversi(_) => super::layout::min_size(),
        SavedGame::Gomoku(g) => super::layout::gomoku_min_size(g.position().board().size()),
    }
}

pub fn draw(
    frame: &mut Frame,
    area: Rect,
    replay: &Replay,
    board: BoardSize,
    theme: Theme,
    t: &dyn Text,
) {
    let kind = t.replay_title(t.game_of(&replay.game));
    let title = title(&kind, None, replay.game.players(), theme, t);
    let around = match &replay.game {
        SavedGame::Reversi(g) => {
            let Some(layout) = GameLayout::new(area, board) else {
                return;
            };
            let p = g.position();
            let last = match g.record.last_move() {
                Some(Move::Play(sq)) => Some(sq),
                _ => None,
            };
            let cell = |sq| Cell {
                stone: p.at(sq).map(stone),
                last: Some(sq) == last,
                ..Cell::default()
            };
            reversi_board(frame, layout.board, theme, &cell);
            Around {
                title: layout.title,
                panel: layout.panel,
                status: layout.status,
                keys: layout.keys,
            }
        }
        SavedGame::Gomoku(g) => {
            let p = g.position();
            let Some(layout) = GomokuLayout::new(area, p.board().size(), board) else {
                return;
            };
            let win = p.winning_line();
            let last = g.record.last_move();
            let mark = |q| Mark {
                stone: p.board().get(q).map(stone),
                last: Some(q) == last && win.is_empty(),
                win: win.contains(&q),
                ..Mark::default()
            };
            let goban = Goban {
                geometry: layout.board,
                theme,
                mark: &mark,
            };
            frame.render_widget(goban, layout.board.area());
            Around {
                title: layout.title,
                panel: layout.panel,
                status: layout.status,
                keys: layout.keys,
            }
        }
    };
    let panel = panel_lines(replay, theme, around.panel, t);
    let keys = [
        key_item(theme.glyphs().left_right, Act::Step, t),
        key_item("Enter", Act::PlayFromHere, t),
        key_item("p", Act::PlayPause, t),
        "Home/End".into(),
        "PgUp/PgDn 10".into(),
        key_item("+/-", Act::Speed, t),
        key_item("a", Act::Analysis, t),
        key_item("?", Act::Help, t),
        key_item("Esc", Act::Back, t),
    ];
    draw_frame(
        frame,
        around,
        title,
        panel,
        replay.message.as_ref(),
        &keys,
        theme,
    );
}

fn panel_lines(replay: &Replay, theme: Theme, area: Rect, t: &dyn Text) -> Vec<Line<'static>> {
    let height = usize::from(area.height);
    let s = theme.glyphs().sep;
    let game = &replay.game;
    let (at, len) = replay.step();
    let (black, white) = game.players();
    let mut lines = vec![Line::default()];
    for (color, who) in [(Color::Black, black), (Color::White, white)] {
        let (player, style) = match game {
            SavedGame::Reversi(g) => (
                format!("{}{:>3}", pad(t.player(who), 9), g.position().count(color)),
                if theme.color {
                    theme.stone(stone(color))
                } else {
                    theme.label()
                },
            ),
            SavedGame::Gomoku(_) => (
                t.player(who).to_string(),
                theme.goban().patch(theme.goban_stone(stone(color))),
            ),
        };
        lines.push(player_line(color, style, player, false, u16::MAX, theme, t));
    }
    lines.push(Line::default());
    if let SavedGame::Gomoku(g) = game {
        let rules = t.rules_of(g.position().rule());
        lines.push(Line::styled(rules, theme.dim()));
    }
    let step = match replay.label(t) {
        Some(label) => t.replay_step(at, len, &label),
        None if at == 0 => format!("{}{s}{}", t.replay_start(), t.moves_count(len)),
        None => t.replay_move(at, len),
    };
    lines.push(Line::styled(step, theme.emphasis()));
    lines.push(Line::from(state_text(game, t)));
    let play = if replay.playing() {
        t.replay_playing(replay.speed().as_secs_f64())
    } else {
        t.replay_paused().to_string()
    };
    lines.push(Line::styled(play, theme.dim()));
    if replay.analysis_on() {
        lines.push(Line::styled(evaluation(replay, theme, t), theme.emphasis()));
    }
    lines.push(Line::default());
    let opening = match game {
        SavedGame::Reversi(g) => g.opening().map(str::to_string),
        SavedGame::Gomoku(g) => g.opening().map(|o| t.renju_opening(o)),
    };
    if let Some(name) = opening {
        let text = opening_line(&name, usize::from(area.width), t);
        lines.push(Line::styled(text, theme.dim()));
    }
    lines.push(Line::styled(t.moves_heading(), theme.label()));
    // The moves of the line at this step, the last one played picked out.
    let (played, _) = game.steps();
    let rows = move_rows(game, played, theme);
    // Keep the move shown in view.
    let room = height.saturating_sub(lines.len()).max(1);
    let current_row = played.saturating_sub(1) / 2;
    let skip = current_row
        .saturating_sub(room - 1)
        .min(rows.len().saturating_sub(room));
    lines.extend(rows.into_iter().skip(skip).take(room));
    lines
}

/// "Evaluation: Black +4 (depth 12)": the engine's best score for the side to move.
fn evaluation(replay: &Replay, theme: Theme, t: &dyn Text) -> String {
    let s = theme.glyphs().sep;
    let SavedGame::Reversi(g) = &replay.game else {
        return String::new();
    };
    if g.position().status() == Status::GameOver {
        return t.evaluation_over().into();
    }
    match &replay.evaluation {
        None => t.evaluation_thinking().into(),
        Some(a) => {
            let best = a.scores.iter().map(|&(_, v)| v).max().unwrap_or(0);
            let discs = (f64::from(best) / 100.0).round() as i32;
            let how = if a.exact {
                t.exact().to_string()
            } else {
                t.depth(a.depth)
            };
            format!("{}{s}{how}", t.evaluation(g.position().to_move(), discs))
        }
    }
}

/// Whose turn it is at the step shown, or how the game stands if it is over there.
fn state_text(game: &SavedGame, t: &dyn Text) -> String {
    match game {
        SavedGame::Reversi(g) => match g.position().status() {
            Status::GameOver => game_over_text(g.position(), t),
            _ => t.side_to_move(g.position().to_move()),
        },
        SavedGame::Gomoku(g) => match g.position().outcome() {
            Outcome::Won(c, _) => t.five_in_a_row(c),
            Outcome::Draw => t.game_over(t.draw_board_full()),
            Outcome::Playing => t.side_to_move(g.position().to_move()),
        },
    }
}

/// Numbered pairs of moves, the one shown last (`at`) picked out; moves after it dimmed.
fn move_rows(game: &SavedGame, at: usize, theme: Theme) -> Vec<Line<'static>> {
    let mut cells: Vec<String> = game.move_names();
    let white_first = game.first_to_move() == Color::White;
    let offset = usize::from(white_first);
    if white_first {
        cells.insert(0, "..".into());
    }
    cells
        .chunks(2)
        .enumerate()
        .map(|(row, pair)| {
            let mut spans = vec![Span::raw(format!("{:>3}. ", row + 1))];
            for (k, cell) in pair.iter().enumerate() {
                // The move's number in the record, 1-based.
                let n = (2 * row + k + 1).saturating_sub(offset);
                let style = if n == at && at > 0 {
                    theme.selected()
                } else if n > at {
                    theme.dim()
                } else {
                    ratatui::style::Style::new()
                };
                spans.push(Span::styled(format!("{cell:<5}"), style));
                spans.push(Span::raw(" "));
            }
            Line::from(spans)
        })
        .collect()
}
