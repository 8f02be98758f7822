//! Quick pairing: who of the players waiting for "someone now" plays whom. Pure, the time
//! passed in, so that a property test can hold it to its promises: never a player against
//! themself, never across games or between rated and unrated, nearest ratings first within a
//! window that widens with the wait, and no seek lost.

use std::time::Instant;

/// The rating difference accepted at once, and how much it widens for each ten seconds of
/// waiting (the narrower of the two players' windows decides).
const WINDOW: f64 = 100.0;
const WIDENING: f64 = 50.0;
/// The window stops widening here: after two minutes anyone rated within 700 will do.
const WIDEST: f64 = 700.0;

/// A player waiting to be paired.
#[derive(Clone, Debug, PartialEq)]
pub struct Seek<G> {
    /// Who it is (their key, or for a player without one their session): two seeks of one
    /// player are never paired.
    pub player: String,
    /// What they want to play: only seeks of the same game and rated alike are paired.
    pub game: G,
    pub rated: bool,
    /// Their rating in that game, for a rated seek.
    pub rating: Option<f64>,
    pub since: Instant,
}

impl<G: PartialEq> Seek<G> {
    /// The rating difference this seek accepts at `now`.
    pub fn window(&self, now: Instant) -> f64 {
        let waited = now.saturating_duration_since(self.since);
        let steps = (waited.as_secs() / 10) as f64;
        (WINDOW + WIDENING * steps).min(WIDEST)
    }

    /// Whether `self` and `other` may play each other at `now`.
    fn fits(&self, other: &Seek<G>, now: Instant) -> bool {
        if self.player == other.player || self.game != other.game || self.rated != other.rated {
            return false;
        }
        match (self.rated, self.rating, other.rating) {
            (false, _, _) => true,
            (true, Some(a), Some(b)) => (a - b).abs() <= self.window(now).min(other.window(now)),
            (true, _, _) => false,
        }
    }
}

/// The pairs to make at `now`, as indices into `seeks`: the longest waiting first, each with
/// the fitting seek nearest in rating (the longest waiting among equals). Each seek is in one
/// pair at most; the rest wait on.
pub fn pairs<G: PartialEq>(seeks: &[Seek<G>], now: Instant) -> Vec<(usize, usize)> {
    let mut order: Vec<usize> = (0..seeks.len()).collect();
    order.sort_by_key(|&i| seeks[i].since);
    let mut taken = vec![false; seeks.len()];
    let mut pairs = vec![];
    for &i in &order {
        if taken[i] {
            continue;
        }
        let distance = |j: usize| match (seeks[i].rating, seeks[j].rating) {
            (Some(a), Some(b)) if seeks[i].rated => (a - b).abs(),
            _ => 0.0,
        };
        let best = order
            .iter()
            .copied()
            .filter(|&j| j != i && !taken[j] && seeks[i].fits(&seeks[j], now))
            .min_by(|&a, &b| distance(a).total_cmp(&distance(b)));
        if let Some(j) = best {
            taken[i] = true;
            taken[j] = true;
            pairs.push((i, j));
        }
    }
    pairs
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;
    use std::time::Duration;

    fn seek(player: u8, game: u8, rated: bool, rating: u16, waited: u64, now: Instant) -> Seek<u8> {
        Seek {
            player: format!("p{player}"),
            game,
            rated,
            rating: rated.then_some(f64::from(rating)),
            since: now - Duration::from_secs(waited),
        }
    }

    #[test]
    fn the_nearest_rating_first_and_the_window_widens() {
        let now = Instant::now() + Duration::from_secs(1000);
        let seeks = [
            seek(1, 0, true, 1500, 0, now),
            seek(2, 0, true, 1580, 0, now),
            seek(3, 0, true, 1520, 0, now),
        ];
        assert_eq!(pairs(&seeks, now), [(0, 2)]);
        let far = [
            seek(1, 0, true, 1500, 0, now),
            seek(2, 0, true, 1800, 0, now),
        ];
        assert!(pairs(&far, now).is_empty());
        let later = now + Duration::from_secs(40);
        assert_eq!(pairs(&far, later), [(0, 1)]);
        let alone = [
            seek(1, 0, true, 1500, 0, now),
            seek(1, 0, true, 1500, 0, now),
        ];
        assert!(pairs(&alone, later).is_empty());
    }

    proptest! {
        #[test]
        fn pairs_keep_their_promises(
            raw in proptest::collection::vec(
                (0u8..5, 0u8..3, any::<bool>(), 1000u16..2200, 0u64..300), 0..14),
            later in 0u64..300,
        ) {
            let now = Instant::now() + Duration::from_secs(1000);
            let seeks: Vec<Seek<u8>> = raw
                .iter()
                .map(|&(p, g, r, rating, waited)| seek(p, g, r, rating, waited, now))
                .collect();
            let made = pairs(&seeks, now);
            let mut seen = vec![0; seeks.len()];
            for &(a, b) in &made {
                let (x, y) = (&seeks[a], &seeks[b]);
                prop_assert!(x.player != y.player, "a player against themself");
                prop_assert!(x.game == y.game && x.rated == y.rated, "across games or ratedness");
                if x.rated {
                    let gap = (x.rating.unwrap() - y.rating.unwrap()).abs();
                    prop_assert!(gap <= x.window(now).min(y.window(now)), "outside the window");
                }
                seen[a] += 1;
                seen[b] += 1;
            }
            // Every seek is paired once at most; the rest wait on (none lost).
            prop_assert!(seen.iter().all(|&n| n <= 1));
            // Those left over could not have played each other now.
            let left: Vec<usize> = (0..seeks.len()).filter(|&i| seen[i] == 0).collect();
            for &a in &left {
                for &b in &left {
                    prop_assert!(a == b || !seeks[a].fits(&seeks[b], now));
                }
            }
            // Windows only widen: a pair that fits now fits later.
            let then = now + Duration::from_secs(later);
            for &(a, b) in &made {
                prop_assert!(seeks[a].fits(&seeks[b], then));
            }
        }
    }
}
