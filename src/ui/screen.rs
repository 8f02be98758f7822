//! The game screen every game shares: the title bar, the side panel (players, turn, search,
//! clocks, moves), the status line and the key line, around the board its game draws.

use super::keys::{Place, Seat};
use super::layout::Around;
use super::play::{Message, Play};
use super::rules::Rules;
use super::theme::{Stone, Theme};
use crate::game::GameId;
use crate::game::Player;
use crate::i18n::{Act, Text, pad};
use crate::reversi::Color;
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

/// The title bar: " heibai · Reversi · Black: Human · White: Computer".
pub fn title(
    game: &str,
    net: Option<&crate::table::Net>,
    (black, white): (Player, Player),
    theme: Theme,
    t: &dyn Text,
) -> String {
    let names = [
        shown_name(net, Color::Black, black, t),
        shown_name(net, Color::White, white, t),
    ];
    title_named(game, names, theme, t)
}

/// The title bar with the players by name: " heibai · Replay: Reversi · Black: alice · …".
pub fn title_named(game: &str, [black, white]: [String; 2], theme: Theme, t: &dyn Text) -> String {
    let s = theme.glyphs().sep;
    format!(
        " heibai{s}{game}{s}{}{s}{}",
        t.title_player(Color::Black, &black),
        t.title_player(Color::White, &white)
    )
}

/// The widest the bar of who is winning gets.
const LEAD_BAR: usize = 16;

/// "████████░░░░ Black ahead": the bar of who is winning, Black's share from the left (`lead`
/// from Black's side, -100 to 100), and who it favours in words; once the game is over
/// (`result`: its winner, if any), who won.
fn lead_line(
    lead: i32,
    result: Option<Option<Color>>,
    width: usize,
    theme: Theme,
    t: &dyn Text,
) -> Line<'static> {
    let words = match (result, lead) {
        (Some(Some(winner)), _) => t.won(winner),
        (Some(None), _) => t.a_draw().to_string(),
        (None, l) if l > 10 => t.ahead(Some(Color::Black)),
        (None, l) if l < -10 => t.ahead(Some(Color::White)),
        (None, _) => t.ahead(None),
    };
    let bar = LEAD_BAR.min(width.saturating_sub(crate::i18n::width(&words) + 3));
    let black = ((lead + 100) as usize * bar + 100) / 200;
    let [full, .., light] = theme.glyphs().bar;
    Line::from(vec![
        Span::raw(" "),
        Span::styled(full.to_string().repeat(black), theme.stone(Stone::Black)),
        Span::styled(
            light.to_string().repeat(bar - black.min(bar)),
            theme.stone(Stone::White),
        ),
        Span::raw(format!(" {words}")),
    ])
}

/// The acts of a game's key line, each with the word it is said with: undo and redo only when
/// they would act; while the game goes on, pausing when computers play each other, resigning
/// when people play; once it is over, what may come next (as the panel offers it).
fn game_acts(seat: Seat, no_humans: bool, over: bool, takebacks: [bool; 2]) -> Vec<(Act, Act)> {
    let same = |acts: Vec<Act>| acts.into_iter().map(|a| (a, a)).collect();
    let [undo, redo] = takebacks;
    match seat {
        Seat::Player if over => return same(vec![Act::Replay, Act::Help, seat.out()]),
        Seat::Player => {
            return same(vec![
                Act::Move,
                Act::Place,
                Act::Hints,
                Act::Resign,
                Act::Save,
                Act::Replay,
                Act::Help,
                seat.out(),
            ]);
        }
        Seat::Watcher => return same(vec![Act::Replay, Act::Copy, Act::Help, seat.out()]),
        Seat::Here | Seat::Served if over => {
            let mut acts = vec![
                (Act::Place, Act::Rematch),
                (Act::Swap, Act::Swap),
                (Act::Replay, Act::Review),
            ];
            acts.extend(undo.then_some((Act::Undo, Act::TakeBack)));
            acts.extend([
                (Act::New, Act::NewGame),
                (Act::Help, Act::Help),
                (seat.out(), seat.out()),
            ]);
            return acts;
        }
        Seat::Here | Seat::Served => {}
    }
    let mut acts = vec![Act::Move, Act::Place];
    acts.extend(undo.then_some(Act::Undo));
    acts.extend(redo.then_some(Act::Redo));
    acts.extend([Act::Hints, Act::New]);
    acts.push(if no_humans { Act::Pause } else { Act::Resign });
    acts.extend([Act::Replay, Act::Help, seat.out()]);
    same(acts)
}

/// Everything of `play`'s screen but the board: the title bar, the side panel, the status line
/// with the message, and the key line with the keys that act now.
pub fn draw_around<G: Rules>(
    frame: &mut Frame,
    play: &Play<G>,
    at: Around,
    theme: Theme,
    now: Instant,
) {
    let panel = panel_lines(play, theme, now, at.panel);
    let (game, t) = (&play.game, play.t());
    let net = play.net.as_ref();
    let name = play.position().title(t);
    let players = (game.player(Color::Black), game.player(Color::White));
    let title = title(&name, net, players, theme, t);
    let takebacks = [play.can_undo(), play.can_redo()];
    let seat = play.seat();
    let mut acts = game_acts(seat, game.no_humans(), play.is_over(), takebacks);
    // An opening's decisions come right after placing, where a narrow key line keeps them.
    if !play.is_over() && play.human_to_move() {
        let after = acts
            .iter()
            .position(|&(a, _)| a == Act::Place)
            .map_or(0, |i| i + 1);
        for (k, act) in play.position().decisions().into_iter().enumerate() {
            acts.insert(after + k, (act, act));
        }
    }
    let place = Place::Game { kind: G::ID, seat };
    let keys: Vec<String> = acts
        .iter()
        .filter_map(|&(act, word)| place.item_as(act, word, theme, t))
        .collect();
    // With no room for the panel, the status line says how the game stands between messages.
    let state = (at.panel.width == 0 && play.message.is_none()).then(|| {
        let text = match play.is_over() {
            true => play.game_over_text(),
            false => play.position().state_text(t),
        };
        Message::info(text)
    });
    let message = play.message.as_ref().or(state.as_ref());
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
    // A title too long for the line is cut at a word.
    let title = crate::i18n::fit_words(&title, usize::from(at.title.width));
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

/// The panel's account of the turn: the result when the game is over (`over`), else the
/// `number` of the move to come, whose turn, and — since when it started — a thinking computer
/// with a turning bar. A game between terminals (`net`) ends back in the lobby. The keys after
/// a game go a pair a line where `width` has room, and never split a key from its words.
#[allow(clippy::too_many_arguments)]
pub fn turn_lines(
    over: Option<String>,
    side: Color,
    number: usize,
    thinking: Option<Instant>,
    now: Instant,
    seat: Seat,
    width: usize,
    theme: Theme,
    t: &dyn Text,
) -> Vec<Line<'static>> {
    let s = theme.glyphs().sep;
    if let Some(text) = over {
        // What may come next, a line each pair: again (or swapped), a look back, or else.
        let out = seat.out();
        let next: &[&[(Act, Act)]] = if seat.net() {
            &[&[(Act::Replay, Act::Replay), (out, Act::BackToLobby)]]
        } else {
            &[
                &[(Act::Place, Act::Rematch), (Act::Swap, Act::Swap)],
                &[(Act::Replay, Act::Review), (Act::Undo, Act::TakeBack)],
                &[(Act::New, Act::NewGame), (out, out)],
            ]
        };
        // The keys for these are the same in both games.
        let place = Place::Game {
            kind: GameId::Reversi,
            seat,
        };
        let mut lines = vec![Line::styled(text.to_uppercase(), theme.emphasis())];
        for pair in next {
            let items: Vec<String> = pair
                .iter()
                .filter_map(|&(act, word)| place.item_as(act, word, theme, t))
                .collect();
            let joined = items.join(s);
            if crate::i18n::width(&joined) <= width {
                lines.push(Line::from(joined));
            } else {
                lines.extend(items.into_iter().map(Line::from));
            }
        }
        return lines;
    }
    let mut lines = vec![Line::from(format!(
        "{}{s}{}",
        t.move_number(number),
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

/// The side panel of any game: the players, whose turn, the rules, how the computer's search
/// goes (or the hints and analysis on the human's turn), the clocks, the table between
/// terminals, the game's notes, and the latest moves.
fn panel_lines<G: Rules>(
    play: &Play<G>,
    theme: Theme,
    now: Instant,
    area: Rect,
) -> Vec<Line<'static>> {
    let (height, width) = (usize::from(area.height), usize::from(area.width));
    let game = &play.game;
    let t = play.t();
    let p = play.position();
    let over = play.is_over();
    let s = theme.glyphs().sep;
    let mut lines = vec![Line::default()];
    for color in [Color::Black, Color::White] {
        let name = shown_name(play.net.as_ref(), color, game.player(color), t);
        // What the marker, the stone and the side's name leave of the panel's width.
        let room = usize::from(area.width).saturating_sub(12);
        let player = p.player_text(color, &name, room);
        let style = G::stone_style(color, theme);
        let to_move = !over && p.to_move() == color;
        lines.push(player_line(
            color, style, player, to_move, area.width, theme, t,
        ));
    }
    if play.settings.lead_bar {
        let result = over.then(|| play.winner());
        lines.push(lead_line(play.lead(), result, width, theme, t));
    }
    lines.push(Line::default());
    if let Some(rules) = p.rules_summary(t) {
        lines.push(Line::styled(rules, theme.dim()));
        lines.push(Line::default());
    }
    let over_text = over.then(|| play.game_over_text());
    let side = p.to_move();
    // A held game's computer is not shown thinking.
    let since = play
        .thinking()
        .filter(|_| !play.paused)
        .map(|(since, _)| since);
    let number = game.position().move_number(game.record.cursor());
    lines.extend(turn_lines(
        over_text,
        side,
        number,
        since,
        now,
        play.seat(),
        width,
        theme,
        t,
    ));
    if !over {
        if let Some((_, progress)) = play.thinking() {
            if let Some(progress) = progress {
                let text = G::progress_text(progress, side, s, t);
                lines.push(Line::styled(text, theme.dim()));
            }
        } else if play.human_to_move() {
            // The hints' word and key on the same line, on one of their own where the panel
            // is too narrow for both.
            let turn = t.your_move(side);
            let hints = p
                .hints_word(play.hints, t)
                .map(|word| format!("{word} (t)"));
            match hints {
                Some(hints) if crate::i18n::width(&format!("{turn}{s}{hints}")) > width => {
                    lines.push(Line::styled(turn, theme.dim()));
                    lines.push(Line::styled(hints, theme.dim()));
                }
                Some(hints) => lines.push(Line::styled(format!("{turn}{s}{hints}"), theme.dim())),
                None => lines.push(Line::styled(turn, theme.dim())),
            }
            if G::ANALYSIS && play.analysis_on {
                let text = match &play.analysis {
                    Some(a) if a.exact => t.analysis_exact().to_string(),
                    Some(a) => t.analysis_depth(&a.depth_text()),
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
        lines.extend(super::net::panel_lines(net, over, theme, t));
    }
    lines.push(Line::default());
    // One line each, clipped, so that a narrow panel keeps room for the moves.
    for note in G::notes(play, width, theme, t) {
        lines.push(Line::styled(note, theme.dim()));
    }
    lines.push(Line::styled(t.moves_heading(), theme.label()));
    let cells = game
        .record
        .played()
        .iter()
        .map(|&m| G::move_text(m, t))
        .collect();
    let white_first = game.record.start().to_move() == Color::White;
    let rows = match G::list_numbers(game) {
        Some(numbers) => numbers
            .into_iter()
            .zip(cells)
            .map(|(n, cell): (String, String)| format!("{n} {cell}"))
            .collect(),
        None => move_rows(cells, white_first),
    };
    let room = height.saturating_sub(rows_of(&lines, area.width));
    let skip = rows.len().saturating_sub(room);
    lines.extend(rows.into_iter().skip(skip).map(Line::from));
    lines
}

/// How many rows `lines` take in a panel `width` columns wide, long ones wrapped at words (as
/// the panel is drawn), so that the latest moves below them stay in view.
pub fn rows_of(lines: &[Line<'static>], width: u16) -> usize {
    Paragraph::new(lines.to_vec())
        .wrap(Wrap { trim: false })
        .line_count(width.max(1))
}

/// "Opening: Tiger", or only the name where that does not fit in `width` columns (cut at a
/// word, with "…", where even that does not).
pub fn opening_line(name: &str, width: usize, t: &dyn Text) -> String {
    let full = t.opening(name);
    let text = if crate::i18n::width(&full) <= width {
        full
    } else {
        t.opening_name(name)
    };
    crate::i18n::fit_words(&text, width)
}

/// The number of the pair that holds move `n` (from 1) in the move list.
pub fn pair_number(n: usize, white_first: bool) -> usize {
    (n + usize::from(white_first)).div_ceil(2)
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
            // A space after Black's move however wide it is (停一手 takes six columns).
            format!(
                "{:>3}. {} {}",
                i + 1,
                pad(&pair[0], 5),
                pair.get(1).map_or("", |s| s)
            )
        })
        .collect()
}

/// A level's line in the help: its number, its name and what it does.
pub fn level_line(number: u8, does: &str, t: &dyn Text) -> String {
    format!("{number} {} {does}", pad(t.level_name(number), 10))
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
