//! Players' ratings on a server: Glicko-2 (the `skillratings` crate's), one for each key and
//! pool (a game and its rule set, [`Variant::pool`](crate::table::Variant::pool)), each rated
//! game its own rating period, as on the servers that use it. A rating is provisional until
//! ten rated games; a deviation grows again over each month without a game.

use crate::table::Rating;
use skillratings::Outcomes;
use skillratings::glicko2::{Glicko2Config, Glicko2Rating, decay_deviation, glicko2};

/// Rated games after which a rating is no longer provisional.
pub const PROVISIONAL_GAMES: u32 = 10;
/// A rating period without a game: the deviation grows once for each.
const IDLE_PERIOD_SECS: i64 = 30 * 24 * 3600;

/// A player's standing in one pool: the rating and the record behind it.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Standing {
    pub glicko: Glicko2Rating,
    pub games: u32,
    pub wins: u32,
    pub losses: u32,
    pub draws: u32,
}

impl Default for Standing {
    /// A newcomer: 1500, deviation 350, volatility 0.06.
    fn default() -> Standing {
        Standing {
            glicko: Glicko2Rating::new(),
            games: 0,
            wins: 0,
            losses: 0,
            draws: 0,
        }
    }
}

impl Standing {
    /// The rating as players see it.
    pub fn shown(&self) -> Rating {
        Rating {
            points: self.glicko.rating.round() as i32,
            provisional: self.games < PROVISIONAL_GAMES,
        }
    }

    /// The standing after `idle_secs` without a rated game: the deviation grown by one
    /// rating period for each month.
    pub fn aged(mut self, idle_secs: i64) -> Standing {
        for _ in 0..(idle_secs / IDLE_PERIOD_SECS).clamp(0, 120) {
            self.glicko = decay_deviation(&self.glicko);
        }
        self
    }
}

/// The standings of Black and White after a game between them (`winner`: `Some(true)` if
/// Black won, `Some(false)` if White did, `None` for a draw).
pub fn after_game(black: Standing, white: Standing, winner: Option<bool>) -> [Standing; 2] {
    let outcome = match winner {
        Some(true) => Outcomes::WIN,
        Some(false) => Outcomes::LOSS,
        None => Outcomes::DRAW,
    };
    let (b, w) = glicko2(
        &black.glicko,
        &white.glicko,
        &outcome,
        &Glicko2Config::new(),
    );
    let record = |s: Standing, glicko, won: Option<bool>| Standing {
        glicko,
        games: s.games + 1,
        wins: s.wins + u32::from(won == Some(true)),
        losses: s.losses + u32::from(won == Some(false)),
        draws: s.draws + u32::from(won.is_none()),
    };
    [
        record(black, b, winner),
        record(white, w, winner.map(|b| !b)),
    ]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_win_moves_both_ratings_and_records() {
        let [b, w] = after_game(Standing::default(), Standing::default(), Some(true));
        assert!(b.glicko.rating > 1500.0 && w.glicko.rating < 1500.0);
        assert!((b.glicko.rating - 1500.0 + w.glicko.rating - 1500.0).abs() < 1e-6);
        assert_eq!((b.games, b.wins, b.losses, w.losses), (1, 1, 0, 1));
        assert_eq!(b.shown().points, b.glicko.rating.round() as i32);
        assert!(b.shown().provisional);
        let [d, _] = after_game(b, w, None);
        assert_eq!((d.games, d.draws), (2, 1));
        assert!(
            d.glicko.rating < b.glicko.rating,
            "a draw with a weaker player costs"
        );
    }

    #[test]
    fn a_month_idle_widens_the_deviation_up_to_a_newcomers() {
        let mut s = Standing::default();
        s.glicko.deviation = 50.0;
        assert_eq!(s.aged(29 * 24 * 3600), s);
        assert!(s.aged(31 * 24 * 3600).glicko.deviation > 50.0);
        assert!(s.aged(100 * 365 * 24 * 3600).glicko.deviation <= 350.0);
        assert_eq!(s.aged(-5), s);
    }
}
