//! The Settings window (`o`, or Settings on the start screen): every choice kept in the settings
//! file, changed with ← and →, in effect at once and kept when the window closes.

use super::keys::Place;
use super::theme::Theme;
use crate::game::clock::TimeControl;
use crate::gomoku::Rule;
use crate::i18n::{Act, Lang, Text, pad};
use crate::settings::{
    Animation, BoardSize, FIELDS, Field, OpeningChoice, Palette, Settings, palette_name,
};
use ratatui::Frame;
use ratatui::layout::Rect;
use ratatui::text::{Line, Span};

/// The next (or, going back, the previous) of `choices` after `now`.
pub fn cycle<T: PartialEq + Copy>(choices: &[T], now: T, forward: bool) -> T {
    let i = choices.iter().position(|&c| c == now).unwrap_or(0);
    let step = if forward { 1 } else { choices.len() - 1 };
    choices[(i + step) % choices.len()]
}

/// The time control after `now` among none and the presets (a control from the file that is
/// not a preset stays among the choices).
pub fn next_clock(now: Option<TimeControl>, forward: bool) -> Option<TimeControl> {
    let mut choices = vec![None];
    choices.extend(TimeControl::PRESETS.map(Some));
    if !choices.contains(&now) {
        choices.push(now);
    }
    cycle(&choices, now, forward)
}

/// Changes `field` of `settings` by one step.
pub fn change(settings: &mut Settings, field: Field, forward: bool) {
    let s = settings;
    match field {
        Field::Language => s.lang = cycle(&Lang::ALL, s.lang, forward),
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
        Field::LeadBar => s.lead_bar = !s.lead_bar,
        Field::Animation => s.animation = cycle(&Animation::ALL, s.animation, forward),
        Field::Level => {
            let levels: Vec<u8> = (1..=crate::engine::reversi::LEVELS.len() as u8).collect();
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
        Field::GomokuOpening => {
            s.gomoku_opening = cycle(&OpeningChoice::all(), s.gomoku_opening, forward)
        }
        Field::ConfirmQuit => s.confirm_quit = !s.confirm_quit,
        Field::Clock => s.clock = next_clock(s.clock, forward),
        Field::BellIllegal => s.sound.illegal = !s.sound.illegal,
        Field::BellStone => s.sound.stone = !s.sound.stone,
        Field::BellEnd => s.sound.end = !s.sound.end,
    }
}

/// The field's value as shown.
fn value(settings: &Settings, field: Field, t: &dyn Text) -> String {
    let s = settings;
    let on_off = |on| t.on_off(on).to_string();
    match field {
        Field::Language => t.language_name(s.lang).into(),
        Field::Theme => t.settings_word(palette_name(s.palette)).into(),
        Field::Board => t.settings_word(s.board.name()).into(),
        Field::Hints => on_off(s.hints),
        Field::Analysis => on_off(s.analysis),
        Field::LeadBar => on_off(s.lead_bar),
        Field::Animation => t.settings_word(s.animation.name()).into(),
        Field::Level => format!("{} {}", s.level, t.level_name(s.level)),
        Field::GomokuRule => t.rule(s.gomoku_rule).into(),
        Field::GomokuSize => format!("{0}x{0}", s.gomoku_size),
        Field::GomokuOpening => t.opening_choice(s.gomoku_opening),
        Field::ConfirmQuit => on_off(s.confirm_quit),
        Field::Clock => s.clock.map_or(t.on_off(false).into(), |c| c.to_string()),
        Field::BellIllegal => on_off(s.sound.illegal),
        Field::BellStone => on_off(s.sound.stone),
        Field::BellEnd => on_off(s.sound.end),
    }
}

/// Draws the window over the screen, `selected` picked out.
pub fn draw(frame: &mut Frame, area: Rect, selected: usize, settings: &Settings, theme: Theme) {
    let t = settings.lang.text();
    let marker = theme.glyphs().to_move;
    let mut lines = vec![];
    // The names' column: narrower on a narrow terminal.
    let name_w = 38.min(usize::from(area.width).saturating_sub(20));
    let mut selected_at = 0;
    let inner = 64.min(area.width).saturating_sub(2);
    for (i, &field) in FIELDS.iter().enumerate() {
        let name = t.settings_field(field);
        let name = if crate::i18n::width(name) >= name_w {
            format!("{name} ")
        } else {
            pad(name, name_w)
        };
        if i == selected {
            selected_at = lines.len();
        }
        let value = format!("< {} >", value(settings, field, t));
        // Where name and value do not fit on one line, the value goes whole on the next.
        let apart = 2 + crate::i18n::width(&name) + crate::i18n::width(&value) > usize::from(inner);
        let style = if i == selected {
            theme.selected()
        } else {
            ratatui::style::Style::default()
        };
        let lead = if i == selected {
            Span::styled(format!("{marker} "), theme.to_move())
        } else {
            Span::raw("  ")
        };
        if apart {
            lines.push(Line::from(vec![lead, Span::styled(name, style)]));
            lines.push(Line::from(vec![
                Span::raw("    "),
                Span::styled(value, style),
            ]));
        } else {
            let spans = vec![lead, Span::styled(name, style), Span::styled(value, style)];
            lines.push(Line::from(spans));
        }
        if matches!(field, Field::Level | Field::GomokuOpening | Field::Clock) {
            lines.push(Line::default());
        }
    }
    // Scrolled to keep the line chosen in view (the box keeps the scroll within the lines).
    lines.extend(super::menu::key_lines(
        Place::Settings,
        &[Act::Choose, Act::Change, Act::CloseKept],
        inner,
        theme,
        t,
    ));
    let above = super::screen::rows_of(&lines[..selected_at], inner) as u16;
    let scroll = above.saturating_sub(area.height.saturating_sub(2) / 2);
    super::help::draw_box(frame, area, t.settings_title(), lines, 64, scroll, theme);
}
