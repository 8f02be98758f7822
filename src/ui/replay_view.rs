//! Drawing a replay: the board at the step shown, the players, where the replay is, and the
//! moves with the one just shown picked out.

use super::keys::Place;
use super::play_view::{draw_frame, opening_line, player_line, title};
use super::playing::still;
use super::replay::Replay;
use super::theme::Theme;
use crate::game::SavedGame;
use crate::i18n::{Act, Text};
use crate::reversi::{Color, Status};
use crate::settings::BoardSize;
use ratatui::Frame;
use ratatui::layout::Rect;
use ratatui::text::{Line, Span};

/// The smallest screen the replay of `game` is drawn on.
pub fn min_size(game: &SavedGame) -> (u16, u16) {
    still(game).min_size()
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
    let Some(around) = still(&replay.game).draw_board(frame, area, board, theme) else {
        return;
    };
    let panel = panel_lines(replay, theme, around.panel, t);
    let acts = [
        Act::Step,
        Act::PlayFromHere,
        Act::PlayPause,
        Act::Ends,
        Act::TenMoves,
        Act::Speed,
        Act::Analysis,
        Act::Help,
        Act::Back,
    ];
    let keys = Place::Replay(replay.game.id()).items(&acts, theme, t);
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
    let shown = still(game);
    for (color, who) in [(Color::Black, black), (Color::White, white)] {
        let (style, player) = shown.player(color, t.player(who), theme);
        lines.push(player_line(color, style, player, false, u16::MAX, theme, t));
    }
    lines.push(Line::default());
    if let Some(rules) = shown.rules_summary(t) {
        lines.push(Line::styled(rules, theme.dim()));
    }
    let step = match replay.label(t) {
        Some(label) => t.replay_step(at, len, &label),
        None if at == 0 => format!("{}{s}{}", t.replay_start(), t.moves_count(len)),
        None => t.replay_move(at, len),
    };
    lines.push(Line::styled(step, theme.emphasis()));
    let state = match replay.ending() {
        Some(ending) => t.game_over(&t.ending(ending)),
        None => shown.state_text(t),
    };
    lines.push(Line::from(state));
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
    if let Some(name) = shown.opening_name(t) {
        let text = opening_line(&name, usize::from(area.width), t);
        lines.push(Line::styled(text, theme.dim()));
    }
    lines.push(Line::styled(t.moves_heading(), theme.label()));
    // The moves of the line at this step, the last one played picked out.
    let (played, _) = game.steps();
    let rows = move_rows(game, played, theme);
    // Keep the move shown in view.
    let room = height
        .saturating_sub(super::play_view::rows_of(&lines, area.width))
        .max(1);
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
