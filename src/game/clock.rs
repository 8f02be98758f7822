//! Chess clocks for games between people: a time for each side, running for the side to move,
//! with an increment added after each move (Fischer). Pure: the time is passed in, so tests need
//! no sleeping.

use crate::reversi::Color;
use std::fmt;
use std::time::{Duration, Instant};

/// A time control: `base` for each side, `increment` added after each of its moves.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TimeControl {
    pub base: Duration,
    pub increment: Duration,
}

impl TimeControl {
    /// The controls offered in the Settings window.
    pub const PRESETS: [TimeControl; 8] = [
        TimeControl::minutes(1, 0),
        TimeControl::minutes(3, 2),
        TimeControl::minutes(5, 0),
        TimeControl::minutes(5, 3),
        TimeControl::minutes(10, 0),
        TimeControl::minutes(10, 5),
        TimeControl::minutes(15, 10),
        TimeControl::minutes(30, 0),
    ];

    pub const fn minutes(base: u64, increment_secs: u64) -> TimeControl {
        TimeControl {
            base: Duration::from_secs(base * 60),
            increment: Duration::from_secs(increment_secs),
        }
    }
}

/// "5+3": minutes for each side, plus seconds a move.
impl fmt::Display for TimeControl {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let base = self.base.as_secs();
        if base.is_multiple_of(60) {
            write!(f, "{}", base / 60)?;
        } else {
            write!(f, "{:.1}", base as f64 / 60.0)?;
        }
        write!(f, "+{}", self.increment.as_secs())
    }
}

impl std::str::FromStr for TimeControl {
    type Err = String;

    /// "5+3", "10" (no increment), "0.5+1".
    fn from_str(s: &str) -> Result<TimeControl, String> {
        let bad = || format!("'{s}' is not a time control such as 5+3 (minutes + seconds a move)");
        let (base, increment) = s.trim().split_once('+').unwrap_or((s.trim(), "0"));
        let minutes: f64 = base.trim().parse().map_err(|_| bad())?;
        let seconds: u64 = increment.trim().parse().map_err(|_| bad())?;
        if !(minutes > 0.0 && minutes <= 600.0) || seconds > 600 {
            return Err(bad());
        }
        Ok(TimeControl {
            base: Duration::from_secs_f64(minutes * 60.0),
            increment: Duration::from_secs(seconds),
        })
    }
}

/// The clocks as a saved game keeps them: the control, and each side's time left.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Saved {
    pub control: TimeControl,
    /// Black's and White's time left.
    pub left: [Duration; 2],
}

impl Saved {
    /// "300 3 183.400 240.000": the control's base and increment in seconds, then Black's and
    /// White's seconds left (to the millisecond, so that it reads back exactly).
    pub fn to_text(&self) -> String {
        let [b, w] = self.left.map(|d| d.as_millis() as f64 / 1000.0);
        let c = self.control;
        let (base, increment) = (c.base.as_secs(), c.increment.as_secs());
        format!("{base} {increment} {b:.3} {w:.3}")
    }

    /// What [`Saved::to_text`] wrote.
    pub fn from_text(text: &str) -> Option<Saved> {
        let mut parts = text.split_whitespace();
        let mut whole = || -> Option<u64> { parts.next()?.parse().ok().filter(|&s| s <= 36_000) };
        let (base, increment) = (whole()?, whole()?);
        if base == 0 {
            return None;
        }
        let control = TimeControl {
            base: Duration::from_secs(base),
            increment: Duration::from_secs(increment),
        };
        let mut seconds = || -> Option<Duration> {
            let s: f64 = parts.next()?.parse().ok()?;
            let ms = (s * 1000.0).round();
            (s.is_finite() && (0.0..=1e9).contains(&ms)).then(|| Duration::from_millis(ms as u64))
        };
        let left = [seconds()?, seconds()?];
        parts.next().is_none().then_some(Saved { control, left })
    }
}

/// The two clocks of a game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Clock {
    pub control: TimeControl,
    /// Black's and White's time left when their clock last stopped.
    left: [Duration; 2],
    /// The side whose clock runs, and since when.
    running: Option<(Color, Instant)>,
}

impl Clock {
    pub fn new(control: TimeControl) -> Clock {
        Clock {
            control,
            left: [control.base; 2],
            running: None,
        }
    }

    /// The clocks as they were when saved, none running.
    pub fn resumed(saved: Saved) -> Clock {
        Clock {
            control: saved.control,
            left: saved.left,
            running: None,
        }
    }

    /// The clocks as a saved game keeps them at `now`.
    pub fn saved(&self, now: Instant) -> Saved {
        Saved {
            control: self.control,
            left: [Color::Black, Color::White].map(|c| self.left(c, now)),
        }
    }

    /// `color`'s time left at `now`.
    pub fn left(&self, color: Color, now: Instant) -> Duration {
        let left = self.left[color as usize];
        match self.running {
            Some((c, since)) if c == color => {
                left.saturating_sub(now.saturating_duration_since(since))
            }
            _ => left,
        }
    }

    /// The side whose clock runs.
    pub fn running(&self) -> Option<Color> {
        self.running.map(|(c, _)| c)
    }

    /// Starts `color`'s clock (stopping the other without an increment).
    pub fn start(&mut self, color: Color, now: Instant) {
        if self.running() != Some(color) {
            self.pause(now);
            self.running = Some((color, now));
        }
    }

    /// Stops the running clock without an increment (a takeback, the game left waiting).
    pub fn pause(&mut self, now: Instant) {
        if let Some((c, _)) = self.running {
            self.left[c as usize] = self.left(c, now);
            self.running = None;
        }
    }

    /// The running side has moved: its clock stops and gains the increment.
    pub fn moved(&mut self, now: Instant) {
        if let Some((c, _)) = self.running {
            self.pause(now);
            self.left[c as usize] += self.control.increment;
        }
    }

    /// The side whose time has run out, if one has.
    pub fn flagged(&self, now: Instant) -> Option<Color> {
        self.running().filter(|&c| self.left(c, now).is_zero())
    }
}

/// A time left as the panel shows it: "4:05", or "0:09.3" under ten seconds.
pub fn show(left: Duration) -> String {
    let secs = left.as_secs();
    if secs < 10 {
        format!("0:{:02}.{}", secs, left.subsec_millis() / 100)
    } else {
        format!("{}:{:02}", secs / 60, secs % 60)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn saved_clocks_read_back() {
        let mut clock = Clock::new(TimeControl::minutes(5, 3));
        let now = Instant::now();
        clock.start(Color::Black, now);
        let saved = clock.saved(now + Duration::from_millis(12_300));
        assert_eq!(saved.to_text(), "300 3 287.700 300.000");
        assert_eq!(Saved::from_text(&saved.to_text()), Some(saved));
        let resumed = Clock::resumed(saved);
        assert_eq!(resumed.running(), None);
        assert_eq!(resumed.left(Color::White, now), Duration::from_secs(300));
        for bad in [
            "",
            "5+3",
            "5+3 1",
            "5+3 1 2 3",
            "x 1 2",
            "5+3 -1 2",
            "5+3 NaN 2",
        ] {
            assert_eq!(Saved::from_text(bad), None, "{bad}");
        }
    }
    use Color::{Black, White};

    const S: Duration = Duration::from_secs(1);

    #[test]
    fn time_controls_read_and_written() {
        let c: TimeControl = "5+3".parse().unwrap();
        assert_eq!(c, TimeControl::minutes(5, 3));
        assert_eq!(c.to_string(), "5+3");
        assert_eq!(
            "10".parse::<TimeControl>().unwrap(),
            TimeControl::minutes(10, 0)
        );
        assert_eq!("0.5+1".parse::<TimeControl>().unwrap().base, 30 * S);
        for bad in ["", "five", "0+3", "-1+2", "5+x", "5+3+1", "9999"] {
            assert!(bad.parse::<TimeControl>().is_err(), "{bad}");
        }
        for preset in TimeControl::PRESETS {
            assert_eq!(preset.to_string().parse::<TimeControl>(), Ok(preset));
        }
    }

    #[test]
    fn only_the_side_to_move_loses_time_and_the_mover_gains_the_increment() {
        let t0 = Instant::now();
        let mut clock = Clock::new(TimeControl::minutes(1, 2));
        clock.start(Black, t0);
        assert_eq!(clock.left(Black, t0 + 10 * S), 50 * S);
        assert_eq!(clock.left(White, t0 + 10 * S), 60 * S);
        clock.moved(t0 + 10 * S);
        assert_eq!(clock.left(Black, t0 + 30 * S), 52 * S);
        clock.start(White, t0 + 10 * S);
        assert_eq!(clock.left(White, t0 + 25 * S), 45 * S);
        clock.pause(t0 + 25 * S);
        assert_eq!(clock.left(White, t0 + 100 * S), 45 * S);
        assert_eq!(clock.running(), None);
    }

    #[test]
    fn the_flag_falls_at_zero() {
        let t0 = Instant::now();
        let mut clock = Clock::new(TimeControl::minutes(1, 0));
        clock.start(White, t0);
        assert_eq!(clock.flagged(t0 + 59 * S), None);
        assert_eq!(clock.flagged(t0 + 60 * S), Some(White));
        assert_eq!(clock.left(White, t0 + 90 * S), Duration::ZERO);
    }

    #[test]
    fn shown_as_minutes_and_seconds_then_tenths() {
        assert_eq!(show(Duration::from_secs(245)), "4:05");
        assert_eq!(show(Duration::from_millis(9_340)), "0:09.3");
        assert_eq!(show(Duration::ZERO), "0:00.0");
    }
}
