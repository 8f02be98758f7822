//! Drawing a replay: the board at the step shown, the players, where the replay is, and the
//! moves with the one just shown picked out.

use super::keys::Place;
use super::playing::{Marks, still};
use super::replay::Replay;
use super::review::Review;
use super::screen::{draw_frame, opening_line, player_line, title_named};
use super::theme::Stone;
use super::theme::Theme;
use crate::engine::review::CERTAIN;
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
    let title = title_named(&kind, names(&replay.game, t), theme, t);
    let (played, _) = replay.game.steps();
    let marks = Marks {
        better: replay.review.mistake(played).map(|m| m.better),
        analysis: replay.evaluation.as_ref().filter(|_| replay.analysis_on()),
    };
    let Some(around) = still(&replay.game).draw_board(frame, area, board, theme, marks) else {
        return;
    };
    let panel = panel_lines(replay, theme, around.panel, t);
    let acts = [
        Act::Step,
        Act::Mistakes,
        Act::PlayFromHere,
        Act::PlayPause,
        Act::Ends,
        Act::TenMoves,
        Act::Speed,
        Act::Analysis,
        Act::Help,
        Act::Back,
    ];
    let keys = Place::Replay {
        kind: replay.game.id(),
        live: replay.live(),
    }
    .items(&acts, theme, t);
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

/// Black's and White's names: as the game's information gives them (a game between people,
/// an SGF file), else who played (Human, Computer).
fn names(game: &SavedGame, t: &dyn Text) -> [String; 2] {
    let (black, white) = game.players();
    [(Color::Black, black), (Color::White, white)].map(|(color, who)| {
        game.player_name(color)
            .map_or_else(|| t.player(who).to_string(), str::to_string)
    })
}

fn panel_lines(replay: &Replay, theme: Theme, area: Rect, t: &dyn Text) -> Vec<Line<'static>> {
    let height = usize::from(area.height);
    let s = theme.glyphs().sep;
    let game = &replay.game;
    let (at, len) = replay.step();
    let mut lines = vec![Line::default()];
    let shown = still(game);
    for (color, name) in [Color::Black, Color::White].into_iter().zip(names(game, t)) {
        // What the stone and the side's name leave of the panel's width, as in a game.
        let room = usize::from(area.width).saturating_sub(12);
        let (style, player) = shown.player(color, &name, room, theme);
        lines.push(player_line(
            color, style, player, false, area.width, theme, t,
        ));
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
    let (played, _) = game.steps();
    let room = height.saturating_sub(super::screen::rows_of(&lines, area.width));
    if !replay.live() {
        lines.extend(review_lines(
            &replay.review,
            played,
            room,
            area.width,
            theme,
            t,
        ));
    }
    lines.push(Line::default());
    if let Some(name) = shown.opening_name(t) {
        let text = opening_line(&name, usize::from(area.width), t);
        lines.push(Line::styled(text, theme.dim()));
    }
    lines.push(Line::styled(t.moves_heading(), theme.label()));
    // The moves of the line at this step, the last one played picked out.
    let (rows, current_row) = move_rows(game, played, theme, t);
    // Keep the move shown in view.
    let room = height
        .saturating_sub(super::screen::rows_of(&lines, area.width))
        .max(1);
    let skip = current_row
        .saturating_sub(room - 1)
        .min(rows.len().saturating_sub(room));
    lines.extend(rows.into_iter().skip(skip).take(room));
    lines
}

/// Rows kept for the move list under the review.
const MOVE_ROOM: usize = 5;

/// The review in `room` rows of the panel: how far it has got (or the mistakes' heading), its
/// graph, and the worst mistakes with the better moves (the move shown picked out).
fn review_lines(
    review: &Review,
    played: usize,
    room: usize,
    width: u16,
    theme: Theme,
    t: &dyn Text,
) -> Vec<Line<'static>> {
    // A mistake on the board is explained before the move list is given its rows.
    let shown = review.is_mistake(played);
    let room = room.saturating_sub(if shown { 0 } else { MOVE_ROOM });
    if room < 2 && !shown {
        return vec![];
    }
    let (done, total) = review.progress();
    let worst = review.worst();
    let heading = if done < total {
        t.reviewing(done, total)
    } else {
        t.mistakes(worst.len())
    };
    // The mistakes named: the one on the board first, then the worst.
    let mut named: Vec<usize> = worst.into_iter().filter(|&n| n != played).collect();
    if shown {
        named.insert(0, played);
    }
    let said = |n: usize| {
        let style = if n == played {
            theme.selected()
        } else {
            theme.error()
        };
        review
            .said(n, t)
            .map(|said| Line::styled(glued(&said), style))
    };
    let first: Vec<Line> = named.first().and_then(|&n| said(n)).into_iter().collect();
    let first_rows = super::screen::rows_of(&first, width);
    // Too little room for more: the mistake on the board alone.
    if room < first_rows + 1 {
        return first;
    }
    let room = room.saturating_sub(first_rows);
    // Each side's summary once the review is done, where it fits, then the graph as high as
    // the room left allows (its bars, the zero line and the move axis).
    let mut summaries = vec![];
    if done == total && room >= 3 {
        for side in [Color::Black, Color::White] {
            let s = review.summary(side);
            let text = t.side_summary(side, s.mistakes, s.worst, s.accuracy);
            summaries.push(Line::styled(glued(&text), theme.dim()));
        }
    }
    // The graph leaves the move list its rows, which a mistake shown could take.
    let graph_room = if shown {
        room.saturating_sub(MOVE_ROOM)
    } else {
        room
    };
    let left = graph_room.saturating_sub(1 + super::screen::rows_of(&summaries, width) + 1);
    let graph_rows = match left {
        r if r >= 14 => 6,
        r if r >= 9 => 4,
        r if r >= 4 => 2,
        _ => 0,
    };
    let mut lines = vec![];
    if graph_rows > 0 {
        lines.extend(graph(review, played, usize::from(width), graph_rows, theme));
    }
    lines.extend(summaries);
    lines.push(Line::styled(heading, theme.label()));
    lines.extend(first);
    // Other mistakes, a row each, in what is left.
    let used = super::screen::rows_of(&lines, width) - first_rows;
    let more = room.saturating_sub(used);
    lines.extend(named.into_iter().skip(1).take(more).filter_map(said));
    lines
}

/// `text` with each number held to the words beside it by no-break spaces, so that a narrow
/// panel never wraps "2 / mistakes" or "失误 2 / 次" (a point such as d6 is no number).
fn glued(text: &str) -> String {
    use crate::i18n::is_number;
    let words: Vec<&str> = text.split(' ').collect();
    let mut out = words[0].to_string();
    for pair in words.windows(2) {
        // A line may end before a separator, never just after it.
        let glue = match pair {
            [_, "·"] => false,
            ["·", _] => true,
            [a, b] => is_number(a) || is_number(b),
            _ => false,
        };
        out.push(if glue { '\u{a0}' } else { ' ' });
        out.push_str(pair[1]);
    }
    out
}

/// The review's graph: `rows` (even) of bars at most `width` wide, a column for each position
/// (or a few), Black's lead rising above the zero line and White's falling below, the game's
/// largest lead filling a half; the position shown picked out on the zero line, and the
/// columns of a mistake (the position it made) in the error colour. Each side's stone marks
/// its half, and a line under the graph numbers its first and last move.
fn graph(
    review: &Review,
    at: usize,
    width: usize,
    rows: usize,
    theme: Theme,
) -> Vec<Line<'static>> {
    let g = theme.glyphs();
    let values = review.values();
    let (n, half) = (values.len(), rows / 2);
    let columns = n.min(width.saturating_sub(GRAPH_LABEL)).max(1);
    let [full, lower, upper, _] = g.bar;
    // The largest lead of the game fills a half: small leads still show.
    let scale = values
        .iter()
        .flatten()
        .map(|v| v.abs())
        .max()
        .unwrap_or(0)
        .max(CERTAIN / 8);
    let label = |r: usize| match r {
        0 => Span::styled(format!("{} ", g.black), theme.stone(Stone::Black)),
        r if r == rows => Span::styled(format!("{} ", g.white), theme.stone(Stone::White)),
        _ => Span::raw("  "),
    };
    // The bars' rows, then the zero line between the halves.
    let mut lines: Vec<Vec<Span<'static>>> = (0..=rows).map(|r| vec![label(r)]).collect();
    for c in 0..columns {
        let span = c * n / columns..((c + 1) * n / columns).max(c * n / columns + 1);
        let known: Vec<i32> = values[span.clone()].iter().flatten().copied().collect();
        let value = (!known.is_empty()).then(|| known.iter().sum::<i32>() / known.len() as i32);
        // Half-cells of bar, from the middle outwards.
        let units = value.map_or(0, |v| (v.abs() * 2 * half as i32 + scale / 2) / scale);
        let shown = span.contains(&at);
        let mistake = span.clone().any(|i| review.is_mistake(i));
        let mark = |style: ratatui::style::Style| {
            let style = if mistake {
                style.patch(theme.error())
            } else {
                style
            };
            if shown {
                style.patch(theme.selected())
            } else {
                style
            }
        };
        for r in 0..rows {
            let black_half = r < half;
            // Distance from the middle, in cells.
            let d = if black_half { half - 1 - r } else { r - half } as i32;
            let ours = value.is_some_and(|v| (v > 0) == black_half && v != 0);
            let glyph = match (ours, units - 2 * d) {
                (true, u) if u >= 2 => full,
                (true, 1) if black_half => lower,
                (true, 1) => upper,
                _ => ' ',
            };
            let stone = if black_half {
                Stone::Black
            } else {
                Stone::White
            };
            // The white half sits below the zero line.
            let row = if black_half { r } else { r + 1 };
            lines[row].push(Span::styled(glyph.to_string(), mark(theme.stone(stone))));
        }
        let zero = if shown || mistake {
            g.middle[1]
        } else {
            g.horizontal
        };
        lines[half].push(Span::styled(zero.to_string(), mark(theme.dim())));
    }
    let last = n.saturating_sub(1).to_string();
    let axis = if columns > last.len() {
        format!("{:w$}1{last:>r$}", "", w = GRAPH_LABEL, r = columns - 1)
    } else {
        String::new()
    };
    lines.push(vec![Span::styled(axis, theme.dim())]);
    lines.into_iter().map(Line::from).collect()
}

/// The columns before the graph that say whose half is whose.
const GRAPH_LABEL: usize = 2;

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

/// Numbered pairs of moves (or one a row, where the game lists them so), the one shown last
/// (`at`) picked out; moves after it dimmed. Returns the rows and the row of move `at`.
fn move_rows(
    game: &SavedGame,
    at: usize,
    theme: Theme,
    t: &dyn Text,
) -> (Vec<Line<'static>>, usize) {
    let shown = still(game);
    let mut cells: Vec<String> = shown.move_texts(t);
    let style = |n: usize| {
        if n == at && at > 0 {
            theme.selected()
        } else if n > at {
            theme.dim()
        } else {
            ratatui::style::Style::new()
        }
    };
    if let Some(numbers) = shown.list_numbers() {
        let rows = numbers
            .into_iter()
            .zip(cells)
            .enumerate()
            .map(|(i, (number, cell))| {
                Line::from(vec![
                    Span::raw(format!("{number} ")),
                    Span::styled(cell, style(i + 1)),
                ])
            })
            .collect();
        return (rows, at.saturating_sub(1));
    }
    let white_first = game.first_to_move() == Color::White;
    let offset = usize::from(white_first);
    if white_first {
        cells.insert(0, "..".into());
    }
    let rows = cells
        .chunks(2)
        .enumerate()
        .map(|(row, pair)| {
            let mut spans = vec![Span::raw(format!("{:>3}. ", row + 1))];
            for (k, cell) in pair.iter().enumerate() {
                // The move's number in the record, 1-based.
                let n = (2 * row + k + 1).saturating_sub(offset);
                spans.push(Span::styled(crate::i18n::pad(cell, 5), style(n)));
                spans.push(Span::raw(" "));
            }
            Line::from(spans)
        })
        .collect();
    (rows, (at + offset).saturating_sub(1) / 2)
}
