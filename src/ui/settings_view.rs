//! The Settings window (`o`, or Settings on the start screen): every choice kept in the settings
//! file, changed with ← and →, in effect at once and kept when the window closes.

use super::theme::Theme;
use crate::engine::Level;
use crate::game::clock::TimeControl;
use crate::gomoku::Rule;
use crate::settings::{Animation, BoardSize, Settings, clock_name, palette_name};
use crate::ui::Palette;
use ratatui::Frame;
use ratatui::layout::Rect;
use ratatui::text::{Line, Span};

/// One line of the window.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Field {
    Theme,
    Board,
    Hints,
    Analysis,
    Animation,
    Level,
    GomokuRule,
    GomokuSize,
    ConfirmQuit,
    Clock,
    BellIllegal,
    BellStone,
    BellEnd,
}

pub const FIELDS: [Field; 13] = [
    Field::Theme,
    Field::Board,
    Field::Hints,
    Field::Analysis,
    Field::Animation,
    Field::Level,
    Field::GomokuRule,
    Field::GomokuSize,
    Field::ConfirmQuit,
    Field::Clock,
    Field::BellIllegal,
    Field::BellStone,
    Field::BellEnd,
];

/// The next (or, going back, the previous) of `choices` after `now`.
fn cycle<T: PartialEq + Copy>(choices: &[T], now: T, forward: bool) -> T {
    let i = choices.iter().position(|&c| c == now).unwrap_or(0);
    let step = if forward { 1 } else { choices.len() - 1 };
    choices[(i + step) % choices.len()]
}

/// Changes `field` of `settings` by one step.
pub fn change(settings: &mut Settings, field: Field, forward: bool) {
    let s = settings;
    match field {
        Field::Theme => {
            let palettes = [
                Some(Palette::Classic),
                Some(Palette::HighContrast),
                Some(Palette::ColourBlind),
                None,
            ];
            s.palette = cycle(&palettes, s.palette, forward);
        }
        Field::Board => s.board = cycle(&BoardSize::ALL, s.board, forward),
        Field::Hints => s.hints = !s.hints,
        Field::Analysis => s.analysis = !s.analysis,
        Field::Animation => s.animation = cycle(&Animation::ALL, s.animation, forward),
        Field::Level => {
            let levels: Vec<u8> = (1..=crate::engine::LEVELS.len() as u8).collect();
            s.level = cycle(&levels, s.level, forward);
        }
        Field::GomokuRule => {
            s.gomoku_rule = cycle(
                &[Rule::Renju, Rule::Standard, Rule::Freestyle],
                s.gomoku_rule,
                forward,
            )
        }
        Field::GomokuSize => s.gomoku_size = if s.gomoku_size == 15 { 19 } else { 15 },
        Field::ConfirmQuit => s.confirm_quit = !s.confirm_quit,
        Field::Clock => {
            let mut choices = vec![None];
            choices.extend(TimeControl::PRESETS.map(Some));
            // A control from the file that is not a preset stays among the choices.
            if !choices.contains(&s.clock) {
                choices.push(s.clock);
            }
            s.clock = cycle(&choices, s.clock, forward);
        }
        Field::BellIllegal => s.sound.illegal = !s.sound.illegal,
        Field::BellStone => s.sound.stone = !s.sound.stone,
        Field::BellEnd => s.sound.end = !s.sound.end,
    }
}

fn on_off(on: bool) -> String {
    if on { "on" } else { "off" }.into()
}

/// The field's name and its value as shown.
fn label(settings: &Settings, field: Field) -> (&'static str, String) {
    let s = settings;
    match field {
        Field::Theme => ("Colours", palette_name(s.palette).into()),
        Field::Board => ("Board on screen", s.board.name().into()),
        Field::Hints => ("Hints (legal moves, forbidden points)", on_off(s.hints)),
        Field::Analysis => ("Analysis when a Reversi game starts", on_off(s.analysis)),
        Field::Animation => ("Flipped discs highlighted", s.animation.name().into()),
        Field::Level => (
            "Computer level for new games",
            Level::get(s.level).map_or(s.level.to_string(), |l| format!("{} {}", l.number, l.name)),
        ),
        Field::GomokuRule => (
            "Gomoku rules",
            super::gomoku_view::rule_name(s.gomoku_rule).into(),
        ),
        Field::GomokuSize => ("Gomoku board", format!("{0}x{0}", s.gomoku_size)),
        Field::ConfirmQuit => ("Ask before Esc leaves a game", on_off(s.confirm_quit)),
        Field::Clock => ("Clocks for people (minutes+s a move)", clock_name(s.clock)),
        Field::BellIllegal => ("Bell on a refused move", on_off(s.sound.illegal)),
        Field::BellStone => ("Bell on every stone placed", on_off(s.sound.stone)),
        Field::BellEnd => ("Bell when a game ends", on_off(s.sound.end)),
    }
}

/// Draws the window over the screen, `selected` picked out.
pub fn draw(frame: &mut Frame, area: Rect, selected: usize, settings: &Settings, theme: Theme) {
    let marker = theme.glyphs().to_move;
    let mut lines = vec![];
    for (i, &field) in FIELDS.iter().enumerate() {
        let (name, value) = label(settings, field);
        let value = format!("< {value} >");
        if i == selected {
            lines.push(Line::from(vec![
                Span::styled(format!("{marker} "), theme.to_move()),
                Span::styled(format!("{name:<38}"), theme.selected()),
                Span::styled(value, theme.selected()),
            ]));
        } else {
            lines.push(Line::from(format!("  {name:<38}{value}")));
        }
        if matches!(field, Field::Level | Field::GomokuSize | Field::Clock) {
            lines.push(Line::default());
        }
    }
    lines.push(super::menu::choose_and_change(
        &["Esc close (kept for next time)"],
        theme,
    ));
    super::help::draw_box(frame, area, "Settings", lines, 64, 0, theme);
}
