//! The server's limits: connections from one address, new connections from one address a
//! minute, and sessions in all — a session being a connection that has logged in and is in the
//! lobby or a game, so that connections that never get that far hold no one's place (they are
//! closed after a deadline). And a token bucket for each session's input. Time is passed in, so
//! the tests need no clock.

use std::collections::{HashMap, VecDeque};
use std::net::IpAddr;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

#[derive(Clone, Copy, Debug)]
pub struct Limits {
    pub max_sessions: usize,
    pub per_address: usize,
    pub connections_per_minute: usize,
}

/// Why a connection was turned away (said in the server's log, and to the client).
#[derive(Debug, PartialEq, Eq, thiserror::Error)]
pub enum Refusal {
    #[error("the server is full ({})", count(*.0, "session", "sessions"))]
    Full(usize),
    #[error("{} from this address already", count(*.0, "connection", "connections"))]
    TooManyFromAddress(usize),
    #[error(
        "more than {} from this address in a minute",
        count(*.0, "new connection", "new connections")
    )]
    TooFast(usize),
}

/// `n` and the noun, singular for one.
fn count(n: usize, one: &str, many: &str) -> String {
    crate::i18n::english_count(n as u64, one, many)
}

/// Counts the sessions open now and the recent connections of each address.
pub struct Gate {
    limits: Limits,
    state: Mutex<State>,
}

#[derive(Default)]
struct State {
    /// Connections open now.
    open: usize,
    /// Of those, sessions: in the lobby or a game.
    sessions: usize,
    addresses: HashMap<IpAddr, Address>,
}

#[derive(Default)]
struct Address {
    open: usize,
    recent: VecDeque<Instant>,
}

/// A connection let in; dropping it frees its place.
pub struct Ticket {
    gate: Arc<Gate>,
    ip: IpAddr,
}

/// A session started on a connection; dropping it frees its place among the sessions.
pub struct Place {
    gate: Arc<Gate>,
}

const MINUTE: Duration = Duration::from_secs(60);

impl Gate {
    pub fn new(limits: Limits) -> Arc<Gate> {
        Arc::new(Gate {
            limits,
            state: Mutex::default(),
        })
    }

    /// Lets a connection from `ip` in at `now`, or says why not. Every attempt within the rate
    /// counts against it, let in or not.
    pub fn admit(self: &Arc<Self>, ip: IpAddr, now: Instant) -> Result<Ticket, Refusal> {
        let mut state = self.state.lock().unwrap_or_else(|e| e.into_inner());
        let open = state.open;
        // Forget addresses with nothing open and nothing recent, so a spread of addresses
        // cannot grow the table without bound.
        if state.addresses.len() > 4096 {
            state.addresses.retain(|_, a| {
                a.open > 0
                    || a.recent
                        .back()
                        .is_some_and(|t| now.duration_since(*t) < MINUTE)
            });
        }
        let address = state.addresses.entry(ip).or_default();
        while address
            .recent
            .front()
            .is_some_and(|t| now.duration_since(*t) >= MINUTE)
        {
            address.recent.pop_front();
        }
        if address.recent.len() >= self.limits.connections_per_minute {
            return Err(Refusal::TooFast(self.limits.connections_per_minute));
        }
        address.recent.push_back(now);
        if address.open >= self.limits.per_address {
            return Err(Refusal::TooManyFromAddress(address.open));
        }
        // Connections that have not started a session count here too, but only up to a bound
        // on top of the sessions: they are closed after a deadline anyway.
        if open >= self.limits.max_sessions.saturating_mul(2).max(16) {
            return Err(Refusal::Full(state.sessions));
        }
        address.open += 1;
        state.open += 1;
        Ok(Ticket {
            gate: Arc::clone(self),
            ip,
        })
    }

    /// Connections open now.
    pub fn open(&self) -> usize {
        self.state.lock().map_or(0, |s| s.open)
    }
}

impl Ticket {
    /// The address the connection comes from.
    pub fn ip(&self) -> IpAddr {
        self.ip
    }

    /// Starts a session on this connection (the player reached the lobby), or says that the
    /// server is full.
    pub fn start(&self) -> Result<Place, Refusal> {
        let mut state = self.gate.state.lock().unwrap_or_else(|e| e.into_inner());
        if state.sessions >= self.gate.limits.max_sessions {
            return Err(Refusal::Full(state.sessions));
        }
        state.sessions += 1;
        Ok(Place {
            gate: Arc::clone(&self.gate),
        })
    }
}

impl Drop for Place {
    fn drop(&mut self) {
        let mut state = self.gate.state.lock().unwrap_or_else(|e| e.into_inner());
        state.sessions -= 1;
    }
}

impl Drop for Ticket {
    fn drop(&mut self) {
        let mut state = self.gate.state.lock().unwrap_or_else(|e| e.into_inner());
        state.open -= 1;
        if let Some(address) = state.addresses.get_mut(&self.ip) {
            address.open -= 1;
            if address.open == 0 && address.recent.is_empty() {
                state.addresses.remove(&self.ip);
            }
        }
    }
}

/// Wrong codes typed at "Join by code" before each one costs a wait.
pub const GUESSES_FREE: u32 = 3;
/// The longest wait a wrong code costs.
const MAX_WAIT: Duration = Duration::from_secs(60);
/// Wrong codes this long ago are forgotten.
const FORGET: Duration = Duration::from_secs(600);

/// Wrong codes lately, per connection and per address: after [`GUESSES_FREE`] of them each
/// costs a wait that doubles, up to a minute, so that a resume or join code cannot be found
/// by trying. A right code clears the connection's count (the address's fades).
#[derive(Default)]
pub struct Guesses {
    members: HashMap<u64, Tries>,
    addresses: HashMap<IpAddr, Tries>,
}

#[derive(Clone, Copy)]
struct Tries {
    count: u32,
    /// No code is tried before this.
    until: Instant,
}

impl Tries {
    /// One more wrong code at `now`.
    fn wrong(&mut self, now: Instant) {
        if now.saturating_duration_since(self.until) > FORGET {
            self.count = 0;
        }
        self.count += 1;
        let doublings = self.count.saturating_sub(GUESSES_FREE);
        self.until = match doublings {
            0 => now,
            n => now + MAX_WAIT.min(Duration::from_secs(1 << (n - 1).min(6))),
        };
    }
}

impl Guesses {
    /// How long `member` (at `addr`) must wait before trying a code, if at all.
    pub fn wait(&self, member: u64, addr: Option<IpAddr>, now: Instant) -> Option<Duration> {
        let by_member = self.members.get(&member);
        let by_address = addr.and_then(|a| self.addresses.get(&a));
        [by_member, by_address]
            .into_iter()
            .flatten()
            .map(|t| t.until.saturating_duration_since(now))
            .filter(|d| !d.is_zero())
            .max()
    }

    /// Counts a wrong code; how many in a row the connection (or its address, if more) has
    /// now tried.
    pub fn wrong(&mut self, member: u64, addr: Option<IpAddr>, now: Instant) -> u32 {
        let fresh = Tries {
            count: 0,
            until: now,
        };
        let mine = self.members.entry(member).or_insert(fresh);
        mine.wrong(now);
        let mut count = mine.count;
        if let Some(addr) = addr {
            if self.addresses.len() > 4096 {
                self.addresses
                    .retain(|_, t| now.saturating_duration_since(t.until) <= FORGET);
            }
            let theirs = self.addresses.entry(addr).or_insert(fresh);
            theirs.wrong(now);
            count = count.max(theirs.count);
        }
        count
    }

    /// A right code, or the connection has gone: the connection's count is forgotten.
    pub fn forget(&mut self, member: u64) {
        self.members.remove(&member);
    }
}

/// How long a client may go on sending faster than its rate before it is disconnected: no
/// person types that fast, and dropping a flood still costs the server its reading.
pub const FLOOD_FOR: Duration = Duration::from_secs(3);
/// Input dropped this close together is one flood.
const FLOOD_GAP: Duration = Duration::from_secs(1);

/// Whether a client's input has been over its rate for long: one flood is a run of drops
/// none more than [`FLOOD_GAP`] after the one before.
#[derive(Default)]
pub struct Flood {
    since: Option<Instant>,
    last: Option<Instant>,
}

impl Flood {
    /// Input was dropped at `now`: whether the flood has now gone on for [`FLOOD_FOR`].
    pub fn dropped(&mut self, now: Instant) -> bool {
        let fresh = self
            .last
            .is_none_or(|last| now.saturating_duration_since(last) > FLOOD_GAP);
        if fresh {
            self.since = Some(now);
        }
        self.last = Some(now);
        self.since
            .is_some_and(|since| now.saturating_duration_since(since) >= FLOOD_FOR)
    }
}

/// Allows `rate` bytes a second on average and bursts of up to `burst`.
pub struct Bucket {
    rate: f64,
    burst: f64,
    tokens: f64,
    last: Instant,
}

impl Bucket {
    pub fn new(rate: usize, burst: usize, now: Instant) -> Bucket {
        Bucket {
            rate: rate as f64,
            burst: burst as f64,
            tokens: burst as f64,
            last: now,
        }
    }

    /// Whether all `n` arriving at `now` may be used (if not, none is taken).
    pub fn take_all(&mut self, n: usize, now: Instant) -> bool {
        self.refill(now);
        let all = self.tokens >= n as f64;
        if all {
            self.tokens -= n as f64;
        }
        all
    }

    fn refill(&mut self, now: Instant) {
        let elapsed = now.duration_since(self.last).as_secs_f64();
        self.last = now;
        self.tokens = (self.tokens + elapsed * self.rate).min(self.burst);
    }

    /// How many of `n` arriving at `now` may be used; the rest are dropped.
    pub fn take(&mut self, n: usize, now: Instant) -> usize {
        self.refill(now);
        let allowed = (n as f64).min(self.tokens.floor());
        self.tokens -= allowed;
        allowed as usize
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const LIMITS: Limits = Limits {
        max_sessions: 3,
        per_address: 2,
        connections_per_minute: 4,
    };

    fn ip(n: u8) -> IpAddr {
        IpAddr::from([127, 0, 0, n])
    }

    #[test]
    fn sessions_in_all_and_connections_per_address() {
        let gate = Gate::new(LIMITS);
        let now = Instant::now();
        let a = gate.admit(ip(1), now).unwrap();
        let b = gate.admit(ip(1), now).unwrap();
        assert_eq!(
            gate.admit(ip(1), now).err(),
            Some(Refusal::TooManyFromAddress(2))
        );
        let c = gate.admit(ip(2), now).unwrap();
        // A connection that has not logged in holds no session's place.
        let d = gate.admit(ip(3), now).unwrap();
        let started = [a.start().unwrap(), b.start().unwrap(), c.start().unwrap()];
        assert_eq!(d.start().err(), Some(Refusal::Full(3)));
        drop(started);
        assert!(d.start().is_ok());
        drop((a, b));
        assert_eq!(gate.open(), 2);
    }

    #[test]
    fn wrong_codes_cost_a_growing_wait_per_connection_and_address() {
        let mut g = Guesses::default();
        let now = Instant::now();
        let home = Some(ip(1));
        for _ in 0..GUESSES_FREE {
            assert_eq!(g.wait(1, home, now), None);
            g.wrong(1, home, now);
        }
        assert_eq!(g.wait(1, home, now), None, "the first few are free");
        g.wrong(1, home, now);
        assert_eq!(g.wait(1, home, now), Some(Duration::from_secs(1)));
        g.wrong(1, home, now + Duration::from_secs(1));
        assert_eq!(
            g.wait(1, home, now + Duration::from_secs(1)),
            Some(Duration::from_secs(2))
        );
        // Another connection from the same address waits as well; one from elsewhere does not.
        assert!(g.wait(2, home, now + Duration::from_secs(1)).is_some());
        assert_eq!(g.wait(3, Some(ip(2)), now), None);
        let later = now + Duration::from_secs(1);
        for _ in 0..20 {
            g.wrong(1, home, later);
        }
        assert_eq!(g.wait(1, home, later), Some(MAX_WAIT));
        // A right code clears the connection, not the address; time clears both.
        g.forget(1);
        assert!(g.wait(1, home, later).is_some());
        assert_eq!(g.wait(1, None, later), None);
        let much_later = later + MAX_WAIT + FORGET + Duration::from_secs(1);
        assert_eq!(g.wait(1, home, much_later), None);
        g.wrong(1, home, much_later);
        assert_eq!(g.wait(1, home, much_later), None, "forgotten after a while");
    }

    #[test]
    fn connections_without_sessions_are_bounded_too() {
        let gate = Gate::new(Limits {
            per_address: 100,
            connections_per_minute: 100,
            ..LIMITS
        });
        let now = Instant::now();
        let held: Vec<Ticket> = (0..16).map(|_| gate.admit(ip(1), now).unwrap()).collect();
        assert_eq!(gate.admit(ip(2), now).err(), Some(Refusal::Full(0)));
        drop(held);
        assert!(gate.admit(ip(2), now).is_ok());
    }

    #[test]
    fn new_connections_per_minute() {
        let gate = Gate::new(LIMITS);
        let start = Instant::now();
        for s in 0..4 {
            drop(gate.admit(ip(1), start + Duration::from_secs(s)).unwrap());
        }
        let soon = start + Duration::from_secs(30);
        assert_eq!(gate.admit(ip(1), soon).err(), Some(Refusal::TooFast(4)));
        // Another address is not held up, and a minute later this one may come back.
        assert!(gate.admit(ip(2), soon).is_ok());
        assert!(gate.admit(ip(1), start + Duration::from_secs(64)).is_ok());
    }

    #[test]
    fn hammering_gets_no_more_than_the_rate() {
        let gate = Gate::new(LIMITS);
        let start = Instant::now();
        let admitted = (0..240)
            .filter(|s| {
                gate.admit(ip(1), start + Duration::from_millis(s * 500))
                    .is_ok()
            })
            .count();
        // Two minutes of attempts twice a second: four a minute get in.
        assert_eq!(admitted, 8);
        assert_eq!(gate.open(), 0);
    }

    #[test]
    fn a_flood_is_a_run_of_drops_that_goes_on() {
        let mut flood = Flood::default();
        let start = Instant::now();
        let at = |ms: u64| start + Duration::from_millis(ms);
        // Drops now and then (a burst of keys, a second apart and more) are no flood.
        for s in 0..10 {
            assert!(!flood.dropped(at(s * 1500)));
        }
        // Drops every 100 ms: a flood once they have gone on for three seconds.
        let from = 20_000;
        assert!((0..30).all(|i| !flood.dropped(at(from + i * 100))));
        assert!(flood.dropped(at(from + 3000)));
    }

    #[test]
    fn the_bucket_refills_at_its_rate() {
        let now = Instant::now();
        let mut bucket = Bucket::new(100, 200, now);
        assert_eq!(bucket.take(500, now), 200);
        assert_eq!(bucket.take(10, now), 0);
        assert_eq!(bucket.take(500, now + Duration::from_millis(500)), 50);
        assert_eq!(bucket.take(10, now + Duration::from_secs(100)), 10);
    }
}
