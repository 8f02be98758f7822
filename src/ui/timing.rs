//! The clocks of a game on screen: only people are on the clock (the computer keeps to its
//! level's own time budget); the side to move's clock runs while the game goes on, and a flag
//! that falls ends the game.

use super::theme::Theme;
use crate::game::clock::{Clock, Saved, TimeControl, show};
use crate::game::{Game, Playable};
use crate::i18n::Text;
use crate::reversi::Color;
use ratatui::text::{Line, Span};
use std::time::Instant;

/// `game` as it is saved at `now`: with the clocks of `timing`, if it is on the clock.
pub fn with_clocks<P: Playable>(game: &Game<P>, timing: Option<&Timing>, now: Instant) -> Game<P> {
    let mut game = game.clone();
    game.clocks = timing.map(|t| t.clock.saved(now));
    game
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Timing {
    pub clock: Clock,
    /// Which sides are people, on the clock.
    people: [bool; 2],
    /// The side whose time ran out.
    pub flag: Option<Color>,
}

impl Timing {
    /// Clocks for the people among `people` (Black's, White's), if there are any: as `saved`
    /// with the game if it was, else new ones as `control` says, if there is one.
    pub fn new(
        saved: Option<Saved>,
        control: Option<TimeControl>,
        people: [bool; 2],
    ) -> Option<Timing> {
        let clock = match saved {
            Some(saved) => Clock::resumed(saved),
            None => Clock::new(control?),
        };
        people.iter().any(|&p| p).then_some(Timing {
            clock,
            people,
            flag: None,
        })
    }

    /// The clocks of a game between terminals as the server sent them at `now`: both sides
    /// people, the running one going on from there.
    pub fn from_server(c: crate::table::NetClock, now: Instant) -> Timing {
        let mut clock = Clock::resumed(Saved {
            control: c.control,
            left: c.left,
        });
        if let Some(color) = c.running {
            clock.start(color, now);
        }
        Timing {
            clock,
            people: [true; 2],
            flag: None,
        }
    }

    /// After any change: the clock of the side to move runs if a person is to move and the game
    /// goes on; otherwise no clock runs.
    pub fn follow(&mut self, to_move: Color, over: bool, now: Instant) {
        if over || self.flag.is_some() || !self.people[to_move as usize] {
            self.clock.pause(now);
        } else {
            self.clock.start(to_move, now);
        }
    }

    /// Whether a clock is running.
    pub fn running(&self) -> bool {
        self.clock.running().is_some()
    }

    /// A move has been made: the mover's clock (if it ran) stops and gains the increment.
    pub fn moved(&mut self, now: Instant) {
        self.clock.moved(now);
    }

    /// Time passes; the side whose flag has just fallen, if one has.
    pub fn tick(&mut self, now: Instant) -> Option<Color> {
        if self.flag.is_none()
            && let Some(color) = self.clock.flagged(now)
        {
            self.flag = Some(color);
            self.clock.pause(now);
            return Some(color);
        }
        None
    }

    /// The panel's line: both clocks, the running one picked out.
    pub fn line(&self, now: Instant, theme: Theme, t: &dyn Text) -> Line<'static> {
        let s = theme.glyphs().sep;
        let control = self.clock.control.to_string();
        let mut spans = vec![Span::styled(
            format!("{}{s}", t.clock_label(&control)),
            theme.label(),
        )];
        for (i, color) in [Color::Black, Color::White].into_iter().enumerate() {
            if i == 1 {
                spans.push(Span::raw("  "));
            }
            let time = if self.people[color as usize] {
                show(self.clock.left(color, now))
            } else {
                "—".into()
            };
            let text = format!("{} {time}", t.color(color));
            spans.push(if self.clock.running() == Some(color) {
                Span::styled(text, theme.emphasis())
            } else if self.flag == Some(color) {
                Span::styled(text, theme.error())
            } else {
                Span::raw(text)
            });
        }
        Line::from(spans)
    }
}
