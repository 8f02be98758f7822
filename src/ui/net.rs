//! Games between two terminals as the App shows them: the seat names, why this terminal must
//! wait, and the side panel's lines. The data itself is [`crate::table`]'s.

use super::keys::{Place, Seat};
use super::theme::Theme;
use crate::game::GameId;
use crate::i18n::{Act, Text};
use crate::reversi::Color;
use crate::table::Net;
use ratatui::text::Line;

/// The name shown for `color`'s player.
pub fn seat_name(net: &Net, color: Color, t: &dyn Text) -> String {
    let i = color as usize;
    net.names[i].as_deref().unwrap_or(t.seat_waiting()).into()
}

/// A player's name cut to `width` columns, the cut marked with "…"; a keyed player's "#Xy3q"
/// (the start of their key's fingerprint, which tells look-alike names apart) is kept whole.
pub fn fit_name(name: &str, width: usize) -> String {
    if crate::i18n::width(name) <= width {
        return name.to_string();
    }
    // A letter and "…" say nothing: no name rather than that.
    if width < 4 {
        return String::new();
    }
    match name.rsplit_once('#') {
        Some((person, key)) if key.len() == 4 && width > 6 => {
            format!("{}#{key}", crate::i18n::fit_words(person, width - 5))
        }
        _ => crate::i18n::fit_words(name, width),
    }
}

/// Why this terminal may not move now, for the status line.
pub fn wait_reason(net: &Net, to_move: Color, t: &dyn Text) -> String {
    match net.seat {
        None => t.you_are_watching().into(),
        Some(_) if net.result.is_some() => t.the_game_is_over().into(),
        Some(_) if !net.full() => t.waiting_for_opponent(&net.code),
        Some(_) => t.wait_for(&seat_name(net, to_move, t), to_move),
    }
}

/// The side panel's lines about a game between terminals: its code, who watches, the
/// players' ratings in a rated game, news of the other side, and what may be done about it
/// (the game `over`: a rematch).
pub fn panel_lines(net: &Net, over: bool, theme: Theme, t: &dyn Text) -> Vec<Line<'static>> {
    let s = theme.glyphs().sep;
    let mut lines = vec![Line::default()];
    let mut head = t.game_code(&net.code);
    if net.seat.is_none() {
        head = t.watching_game(&net.code);
    } else if net.watchers > 0 {
        head.push_str(&format!("{s}{}", t.watching_count(net.watchers)));
    }
    if net.rated {
        head.push_str(&format!("{s}{}", t.rated_word()));
    }
    lines.push(Line::styled(head, theme.label()));
    for color in [Color::Black, Color::White] {
        if let Some(rated) = net.ratings[color as usize] {
            let style = match rated.after {
                Some(_) => theme.emphasis(),
                None => theme.dim(),
            };
            lines.push(Line::styled(t.rating_line(color, rated), style));
        }
    }
    if net.seat.is_some() && !net.full() {
        lines.push(Line::styled(t.waiting_code(&net.code), theme.emphasis()));
    }
    if let Some(note) = &net.note {
        lines.push(Line::styled(t.note(note), theme.emphasis()));
    }
    // The keys are the same in both games.
    let place = Place::Game {
        kind: GameId::Reversi,
        seat: Seat::Player,
    };
    if net.claimable && net.result.is_none() {
        let key = place.key(Act::Claim, theme, t);
        lines.push(Line::styled(t.claim_or_wait(&key), theme.emphasis()));
    }
    let left = matches!(net.note, Some(crate::table::Note::Left { .. }));
    if let Some(me) = net.seat.filter(|_| over && !left) {
        let other = me.opponent();
        let offered_by = net.rematch[other as usize].then(|| seat_name(net, other, t));
        let key = super::keys::key_name(super::input::Key::Enter);
        let line = t.rematch_line(&key, net.rematch[me as usize], offered_by.as_deref());
        lines.push(Line::styled(line, theme.emphasis()));
    }
    if net.resume.is_some() && net.result.is_none() {
        let key = place.key(Act::ResumeCode, theme, t);
        lines.push(Line::styled(t.resume_hint(&key), theme.dim()));
    }
    lines
}

#[cfg(test)]
mod tests {
    #[test]
    fn a_name_keeps_its_key_when_cut() {
        assert_eq!(super::fit_name("bob#k/eW", 9), "bob#k/eW");
        assert_eq!(super::fit_name("alice#nwbN", 9), "ali…#nwbN");
        assert_eq!(super::fit_name("alexandra", 5), "alex…");
        assert_eq!(super::fit_name("alexandra", 3), "");
    }
}
