//! The games between people on a server. The hub holds every table — the game, its two seats,
//! its watchers — checks each move against the rules, stores the table, and tells every
//! session at it (and the lobby) what changed. Sessions talk to it through [`NetRequest`]s and
//! hear back as App inputs, so the App never knows a server is there.

use super::db::{Db, SaveError, StoredSeat, StoredTable};
use super::limits::{GUESSES_FREE, Guesses};
use super::pairing::{Seek, pairs};
use super::session::{Event, Identity};
use crate::game::clock::{Clock, TimeControl};
use crate::game::{Playable, Player, SavedGame, each_game};
use crate::reversi::Color;
use crate::settings::Setup;
use crate::table::{
    Ending, Leaderboard, Listing, MoveRefusal, Net, NetClock, NetRequest, Note, Rated, Rating,
    Refusal, TableView, Variant,
};
use crate::ui::Input;
use std::collections::{BTreeMap, BTreeSet, HashMap};
use std::time::{Duration, Instant};
use tokio::sync::mpsc::UnboundedSender;

/// The letters of join and resume codes: no 0/O or 1/I to mix up.
const ALPHABET: &[u8] = b"ABCDEFGHJKLMNPQRSTUVWXYZ23456789";
const CODE_LEN: usize = 5;
const RESUME_LEN: usize = 8;
/// A table nobody joined is closed after this long.
const UNJOINED_FOR: Duration = Duration::from_secs(10 * 60);
/// Tables one player (one key, or one address without a key) may have open, waiting for an
/// opponent, at once.
const OPEN_TABLES: usize = 3;
/// Tables the lobby lists in each group (yours, open, being played), the latest first.
const LISTED: usize = 12;

/// A session known to the hub.
struct Member {
    send: UnboundedSender<Event>,
    identity: Identity,
    /// The table it sits at or watches.
    table: Option<String>,
}

struct Seat {
    name: String,
    key: Option<String>,
    /// For a player without a key, the code that gives the seat back; a keyed player's seat
    /// comes back with the key only.
    resume: Option<Resume>,
    /// The session in the seat; `None` while its player is away.
    member: Option<u64>,
    /// Since when the player has been away.
    away_since: Option<Instant>,
    /// The session that stepped out of the seat for the lobby: it may go back to it, key or
    /// no key.
    left_by: Option<u64>,
    /// At a rated table: the player's rating, and what the game made of it once it is over.
    rated: Option<Rated>,
}

/// A seat's resume code. Only its hash is kept in the database; the code itself is known from
/// when it was made until the server stops, and is shown to its player on request. It changes
/// each time it is used.
struct Resume {
    hash: String,
    code: Option<String>,
}

impl Resume {
    fn new() -> Resume {
        let code = random_code(RESUME_LEN);
        Resume {
            hash: hash(&code),
            code: Some(code),
        }
    }

    /// A resume code as the database has it: its hash (or, from before hashing, the code).
    fn stored(text: String) -> Resume {
        let hash = if text.len() == RESUME_LEN {
            hash(&text)
        } else {
            text
        };
        Resume { hash, code: None }
    }

    fn opens(&self, code: &str) -> bool {
        hash(code) == self.hash
    }
}

/// The SHA-256 of a code, in hexadecimal.
fn hash(code: &str) -> String {
    use sha2::Digest;
    sha2::Sha256::digest(code.as_bytes())
        .iter()
        .map(|b| format!("{b:02x}"))
        .collect()
}

impl Seat {
    /// Whether the seat is the player's of session `id` with `key`: kept for that key, or
    /// stepped out of by that session (and not taken since).
    fn theirs(&self, id: u64, key: Option<&str>) -> bool {
        (key.is_some() && self.key.as_deref() == key) || self.left_by == Some(id)
    }
}

/// A new seat for `identity`'s player, taken by session `member`.
fn seat_for(identity: &Identity, member: u64) -> Seat {
    Seat {
        name: identity.user.clone(),
        key: identity.key.clone(),
        resume: identity.key.is_none().then(Resume::new),
        member: Some(member),
        away_since: None,
        left_by: None,
        rated: None,
    }
}

struct Table {
    code: String,
    game: SavedGame,
    seats: [Option<Seat>; 2],
    watchers: BTreeSet<u64>,
    result: Option<Ending>,
    /// What the last update said about a player away: minutes gone, and whether the win
    /// could be claimed.
    shown: Option<(u64, bool)>,
    /// When it was created (or loaded), and when a seat was taken or a move made last: the
    /// lobby lists the latest first.
    created: Instant,
    touched: Instant,
    /// The moves of the game as the database has it (`None`: not stored yet): the next write
    /// must follow that one.
    stored_moves: Option<usize>,
    /// Whether the game changes its players' ratings.
    rated: bool,
    /// After the game, by seat: who has asked for a rematch.
    rematch: [bool; 2],
    /// The clocks, if the game is played on them: the side to move's runs while both seats
    /// are taken and the game goes on (a player away uses their own time).
    clock: Option<Clock>,
}

impl Table {
    /// A new table: no watchers, no result, nothing stored yet, no rematch asked.
    fn new(
        code: String,
        game: SavedGame,
        seats: [Option<Seat>; 2],
        (rated, clock): (bool, Option<Clock>),
        now: Instant,
    ) -> Table {
        Table {
            code,
            game,
            seats,
            watchers: BTreeSet::new(),
            result: None,
            shown: None,
            created: now,
            touched: now,
            stored_moves: None,
            rated,
            rematch: [false; 2],
            clock,
        }
    }

    fn over(&self) -> bool {
        self.result.is_some() || self.game.is_over()
    }

    /// The table as the database keeps it, its clocks as they stand at `now`.
    fn stored(&self, now: Instant) -> StoredTable {
        let seat = |s: &Option<Seat>| {
            s.as_ref().map(|s| StoredSeat {
                name: s.name.clone(),
                key: s.key.clone(),
                resume: s.resume.as_ref().map(|r| r.hash.clone()),
            })
        };
        let mut game = self.game.clone();
        game.set_clocks(self.clock.as_ref().map(|c| c.saved(now)));
        StoredTable {
            code: self.code.clone(),
            game,
            seats: [seat(&self.seats[0]), seat(&self.seats[1])],
            result: self.result.map(Ending::code),
            finished: self.over(),
            rated: self.rated,
        }
    }

    /// By colour held, what each seat holds (Black's first).
    fn by_held<T>(&self, f: impl Fn(&Seat) -> Option<T>) -> [Option<T>; 2] {
        let swapped = usize::from(self.game.swapped());
        [0, 1].map(|i| self.seats[i ^ swapped].as_ref().and_then(&f))
    }

    /// The players' names by the colour each holds now (Black's first).
    fn names(&self) -> [Option<String>; 2] {
        self.by_held(|s| Some(s.name.clone()))
    }

    /// The colour the player of `seat` holds now: the seat's, or the other after an odd
    /// number of an opening rule's swaps.
    fn held(&self, seat: Color) -> Color {
        if self.game.swapped() {
            seat.opponent()
        } else {
            seat
        }
    }

    /// The colour `member` holds now, if they sit here.
    fn holds(&self, member: u64) -> Option<Color> {
        self.seat_of(member).map(|c| self.held(c))
    }

    /// The seat of `member`, if they sit here (seats are named by the colour they began
    /// with).
    fn seat_of(&self, member: u64) -> Option<Color> {
        [Color::Black, Color::White]
            .into_iter()
            .find(|&c| self.seats[c as usize].as_ref().and_then(|s| s.member) == Some(member))
    }

    /// Every session at the table.
    fn members(&self) -> impl Iterator<Item = u64> + '_ {
        self.seats
            .iter()
            .flatten()
            .filter_map(|s| s.member)
            .chain(self.watchers.iter().copied())
    }
}

/// What a player asks to play: the game set up so, and its time control.
type Wanted = (Setup, Option<TimeControl>);

/// A player waiting to be paired ("play someone now"), listed in the lobby under its code.
struct Waiting {
    code: String,
    member: u64,
    name: String,
    setup: Setup,
    /// Their rating in the game, as listed (a rated seek only).
    shown: Option<Rating>,
    /// What is paired: the game and its time control.
    seek: Seek<Wanted>,
}

pub struct Hub {
    tables: BTreeMap<String, Table>,
    /// Players waiting to be paired, in the order they came.
    waiting: Vec<Waiting>,
    /// The number of the next seek's code.
    next_seek: u64,
    members: HashMap<u64, Member>,
    next_member: u64,
    db: Option<Db>,
    /// How long a seat is kept for a player who has gone before the win may be claimed.
    grace: Duration,
    /// The last write to the database failed (and was logged).
    failing: bool,
    /// Wrong codes lately, by connection and by address.
    guesses: Guesses,
    /// The most tables (open or being played) the hub holds at once.
    max_tables: usize,
    /// A game was refused for want of room, and logged (once until one is let in again).
    said_full: bool,
}

impl Hub {
    /// A hub with the unfinished games of `db` (each player away, the grace period starting
    /// now); a table the database cannot give back is reported and left there.
    /// At most `max_tables` tables are live at once (more may be loaded from the database).
    pub fn new(
        db: Option<Db>,
        grace: Duration,
        max_tables: usize,
        now: Instant,
    ) -> (Hub, Vec<String>) {
        let mut hub = Hub {
            tables: BTreeMap::new(),
            waiting: vec![],
            next_seek: 1,
            members: HashMap::new(),
            next_member: 1,
            db: None,
            grace,
            failing: false,
            guesses: Guesses::default(),
            max_tables,
            said_full: false,
        };
        let mut problems = vec![];
        if let Some(db) = &db {
            match db.unfinished() {
                Ok((tables, bad)) => {
                    problems.extend(bad);
                    for t in tables {
                        let seat = |s: Option<StoredSeat>| {
                            s.map(|s| Seat {
                                rated: t
                                    .rated
                                    .then(|| rating_in(db, s.key.as_deref(), &t.game))
                                    .flatten(),
                                name: s.name,
                                key: s.key,
                                resume: s.resume.map(Resume::stored),
                                member: None,
                                away_since: Some(now),
                                left_by: None,
                            })
                        };
                        let [black, white] = t.seats.clone();
                        let clock = t.game.clocks().map(Clock::resumed);
                        let moves = t.game.progress().0;
                        let seats = [seat(black), seat(white)];
                        let mut table =
                            Table::new(t.code.clone(), t.game, seats, (t.rated, clock), now);
                        table.result = t.result.as_deref().and_then(Ending::from_code);
                        table.stored_moves = Some(moves);
                        hub.tables.insert(t.code, table);
                    }
                }
                Err(e) => problems.push(format!("{e:#}")),
            }
        }
        // The clocks go on from where they were stored (the server's downtime not counted).
        for table in hub.tables.values_mut() {
            follow_clock(table, now);
        }
        hub.db = db;
        (hub, problems)
    }

    /// A session arrives in the lobby. A player with a key whose seat is kept goes straight
    /// back to that game.
    pub fn arrive(
        &mut self,
        send: UnboundedSender<Event>,
        identity: Identity,
        now: Instant,
    ) -> u64 {
        let id = self.next_member;
        self.next_member += 1;
        let key = identity.key.clone();
        self.members.insert(
            id,
            Member {
                send,
                identity,
                table: None,
            },
        );
        let kept = key.and_then(|key| {
            self.tables.iter().find_map(|(code, t)| {
                let mine = t
                    .seats
                    .iter()
                    .flatten()
                    .any(|s| s.member.is_none() && s.key.as_deref() == Some(key.as_str()));
                (mine && !t.over()).then(|| code.clone())
            })
        });
        match kept {
            Some(code) => self.join(id, &code, now),
            None => self.send_lobby(id),
        }
        id
    }

    /// A session has ended: its seat is kept (the grace period starts), or its watching ends.
    pub fn depart(&mut self, id: u64, now: Instant) {
        self.withdraw(id);
        self.leave_table(id, now);
        self.members.remove(&id);
        self.guesses.forget(id);
    }

    /// Carries out a session's request.
    pub fn request(&mut self, id: u64, request: NetRequest, now: Instant) {
        // Sitting down or watching ends the wait to be paired.
        if matches!(
            request,
            NetRequest::Create { .. } | NetRequest::Join(_) | NetRequest::Watch(_)
        ) {
            self.withdraw(id);
        }
        match request {
            NetRequest::Create {
                setup,
                color,
                rated,
                clock,
            } => self.create(id, (setup, clock), color, rated, now),
            NetRequest::Rematch => self.rematch(id, now),
            NetRequest::Seek {
                setup,
                rated,
                clock,
            } => self.seek(id, (setup, clock), rated, now),
            NetRequest::Accept(code) => self.accept(id, &code, now),
            NetRequest::Withdraw => {
                self.withdraw(id);
                self.send_lobby(id);
            }
            NetRequest::Leaderboard(pool) => self.leaderboard(id, pool),
            NetRequest::Card(key) => self.card(id, &key),
            NetRequest::PastGame(code) => self.past_game(id, &code),
            NetRequest::Join(code) => self.join(id, &code, now),
            NetRequest::Watch(code) => self.watch(id, &code),
            NetRequest::Move(name) => self.play(id, &name, now),
            NetRequest::Resign => self.resign(id, now),
            NetRequest::Claim => self.claim(id, now),
            NetRequest::Leave => {
                self.step_out(id, now);
                self.send_lobby(id);
            }
        }
    }

    /// Time passes: the notes about players away are brought up to date each minute, and the
    /// chance to claim the win is offered once the grace period is over.
    pub fn tick(&mut self, now: Instant) {
        self.expire(now);
        self.pair(now);
        self.flag(now);
        let mut due = vec![];
        for table in self.tables.values_mut() {
            let gone = table
                .seats
                .iter()
                .flatten()
                .filter_map(|s| s.away_since)
                .map(|since| now.duration_since(since))
                .max();
            let shown = gone.map(|g| (g.as_secs() / 60, g >= self.grace));
            if shown != table.shown && !table.over() {
                table.shown = shown;
                due.push(table.code.clone());
            }
        }
        for code in due {
            self.send_table(&code, now);
        }
    }

    /// Closes the tables nobody joined in time (their creator told so) and finishes the games
    /// all of whose players have left the server for the grace time: the first to go abandoned it (a
    /// game without a move is forgotten instead, so that the database keeps only games).
    fn expire(&mut self, now: Instant) {
        let unjoined: Vec<String> = self
            .tables
            .values()
            .filter(|t| t.seats.iter().any(Option::is_none))
            .filter(|t| now.duration_since(t.created) >= UNJOINED_FOR)
            .map(|t| t.code.clone())
            .collect();
        let abandoned: Vec<(String, Color)> = self
            .tables
            .values()
            .filter(|t| !t.over())
            // A player who stepped out to the lobby is still here: the seat waits for them.
            .filter(|t| {
                let stepped_out =
                    |s: &Seat| s.left_by.is_some_and(|m| self.members.contains_key(&m));
                !t.seats.iter().flatten().any(stepped_out)
            })
            .filter_map(|t| Some((t, all_gone(t, now)?)))
            .filter(|(_, (_, gone))| *gone >= self.grace)
            .map(|(t, (first, _))| (t.code.clone(), first))
            .collect();
        if unjoined.is_empty() && abandoned.is_empty() {
            return;
        }
        for code in unjoined {
            self.close_unjoined(&code, Refusal::Expired(code.clone()));
        }
        for (code, gone) in abandoned {
            let Some(table) = self.tables.get_mut(&code) else {
                continue;
            };
            table.result = Some(Ending::Abandoned(gone));
            // A game left before its first move is no record: it goes.
            let unplayed = table.game.progress().0 == 0;
            let gone_for_good = match (&self.db, unplayed) {
                (Some(db), true) => db
                    .delete(&code)
                    .map_err(|e| eprintln!("heibai serve: {e:#}"))
                    .is_ok(),
                _ => self.store(&code, now),
            };
            if !gone_for_good {
                // Kept in the lobby until it can be written as finished.
                if let Some(table) = self.tables.get_mut(&code) {
                    table.result = None;
                }
                continue;
            }
            eprintln!(
                "heibai serve: game {code} finished: both players gone for {} s",
                self.grace.as_secs()
            );
            // Its watchers see how it ended; Esc takes them to the lobby.
            self.send_table(&code, now);
            let Some(table) = self.tables.remove(&code) else {
                continue;
            };
            for member in table.members() {
                if let Some(m) = self.members.get_mut(&member) {
                    m.table = None;
                }
            }
        }
        self.broadcast_lobby();
    }

    /// Ends the games whose side to move has run out of time: the flag falls on the server,
    /// whoever is connected.
    fn flag(&mut self, now: Instant) {
        let fallen: Vec<(String, Color)> = self
            .tables
            .values()
            .filter(|t| !t.over())
            .filter_map(|t| Some((t.code.clone(), t.clock.as_ref()?.flagged(now)?)))
            .collect();
        for (code, color) in fallen {
            let Some(table) = self.tables.get_mut(&code) else {
                continue;
            };
            // The colour whose time ran out is the one it holds on the board.
            table.result = Some(Ending::Time(color));
            follow_clock(table, now);
            if !self.store(&code, now) {
                if let Some(table) = self.tables.get_mut(&code) {
                    table.result = None;
                }
                continue;
            }
            self.send_table(&code, now);
            self.broadcast_lobby();
        }
    }

    /// Whether `identity`'s player may open another table: fewer than [`OPEN_TABLES`] of
    /// theirs are waiting for an opponent.
    fn may_open(&self, identity: &Identity) -> bool {
        let theirs = |seat: &Seat| match &identity.key {
            Some(key) => seat.key.as_ref() == Some(key),
            None => seat
                .member
                .and_then(|m| self.members.get(&m))
                .is_some_and(|m| m.identity.key.is_none() && m.identity.addr == identity.addr),
        };
        let open = self
            .tables
            .values()
            .filter(|t| t.seats.iter().any(Option::is_none))
            .filter(|t| t.seats.iter().flatten().any(theirs))
            .count();
        open < OPEN_TABLES
    }

    fn error(&self, id: u64, refusal: Refusal) {
        self.answer(id, Input::NetError(refusal));
    }

    fn create(
        &mut self,
        id: u64,
        (setup, clock): Wanted,
        color: Option<Color>,
        rated: bool,
        now: Instant,
    ) {
        self.leave_table(id, now);
        if let Some(code) = self.playing_elsewhere(id) {
            return self.error(id, Refusal::PlayingAlready(code));
        }
        let Some(member) = self.members.get(&id) else {
            return;
        };
        if rated && member.identity.key.is_none() {
            return self.error(id, Refusal::RatedNeedsKey);
        }
        if !self.may_open(&member.identity) {
            return self.error(id, Refusal::TooManyOpenTables(OPEN_TABLES));
        }
        if self.tables.len() >= self.max_tables {
            if !std::mem::replace(&mut self.said_full, true) {
                eprintln!(
                    "heibai serve: refused a new game: the server holds {} (--max-tables)",
                    self.max_tables
                );
            }
            return self.error(id, Refusal::ServerFull);
        }
        self.said_full = false;
        // Between people the level is nobody's: the default, as a game file without one has.
        let level = crate::engine::reversi::DEFAULT_LEVEL;
        let game = Setup { level, ..setup }.new_game(Player::Human, Player::Human);
        let color = color.unwrap_or(if random_bytes(1)[0] & 1 == 0 {
            Color::Black
        } else {
            Color::White
        });
        let code = self.new_code();
        let mut seats = [None, None];
        seats[color as usize] = Some(seat_for(&member.identity, id));
        // Ratings need somewhere to be kept.
        let rated = rated && self.db.is_some();
        let mut table = Table::new(
            code.clone(),
            game,
            seats,
            (rated, clock.map(Clock::new)),
            now,
        );
        look_up_ratings(self.db.as_ref(), &mut table);
        self.tables.insert(code.clone(), table);
        self.members.get_mut(&id).expect("checked above").table = Some(code.clone());
        self.store(&code, now);
        self.send_table(&code, now);
        self.broadcast_lobby();
    }

    /// Takes a seat: by the table's code (a free seat, or the seat kept for this key), or by a
    /// keyless seat's resume code, which then changes. A full table is watched instead. Wrong
    /// codes cost a growing wait, per connection and per address, and are logged.
    fn join(&mut self, id: u64, code: &str, now: Instant) {
        let code = code.trim().to_ascii_uppercase();
        let Some(member) = self.members.get(&id) else {
            return;
        };
        let identity = member.identity.clone();
        if let Some(wait) = self.guesses.wait(id, identity.addr, now) {
            return self.error(id, Refusal::WaitBeforeTrying(wait.as_secs().max(1)));
        }
        let key = identity.key.clone();
        let found = self.tables.iter().find_map(|(table_code, t)| {
            if *table_code == code {
                let kept = [Color::Black, Color::White].into_iter().find(|&c| {
                    t.seats[c as usize]
                        .as_ref()
                        .is_some_and(|s| s.theirs(id, key.as_deref()))
                });
                let free = [Color::Black, Color::White]
                    .into_iter()
                    .find(|&c| t.seats[c as usize].is_none());
                Some((table_code.clone(), kept.or(free), false))
            } else {
                [Color::Black, Color::White]
                    .into_iter()
                    .find(|&c| {
                        t.seats[c as usize]
                            .as_ref()
                            .and_then(|s| s.resume.as_ref())
                            .is_some_and(|r| r.opens(&code))
                    })
                    .map(|c| (table_code.clone(), Some(c), true))
            }
        });
        let Some((code, seat, by_resume)) = found else {
            let tries = self.guesses.wrong(id, identity.addr, now);
            if tries >= GUESSES_FREE {
                eprintln!(
                    "heibai serve: wrong code from {} ({tries} in a row)",
                    identity.described()
                );
            }
            return self.error(id, Refusal::NoSuchCode(crate::visible::quoted(&code)));
        };
        self.guesses.forget(id);
        let Some(color) = seat else {
            return self.watch(id, &code);
        };
        let takes_free = self.tables[&code].seats[color as usize].is_none();
        if takes_free && let Some(playing) = self.playing_elsewhere(id) {
            return self.error(id, Refusal::PlayingAlready(playing));
        }
        if self.members.get(&id).and_then(|m| m.table.as_deref()) != Some(code.as_str()) {
            self.leave_table(id, now);
        }
        let table = self.tables.get_mut(&code).expect("found above");
        if table.rated && identity.key.is_none() && table.seats[color as usize].is_none() {
            return self.error(id, Refusal::RatedNeedsKey);
        }
        let before = table.seats[color as usize].as_ref().and_then(|s| s.member);
        let seat = table.seats[color as usize].get_or_insert_with(|| seat_for(&identity, id));
        seat.member = Some(id);
        seat.away_since = None;
        seat.left_by = None;
        table.touched = now;
        if by_resume {
            // A code that was used is spent: whoever saw it cannot use it again.
            seat.resume = Some(Resume::new());
        }
        // The same player on another connection: that one now watches.
        let displaced = before.filter(|&o| o != id);
        if let Some(other) = displaced {
            table.watchers.insert(other);
        }
        table.watchers.remove(&id);
        look_up_ratings(self.db.as_ref(), table);
        // The creator, stepped out before anyone came: their seat's grace starts now, and
        // they are told who has come.
        let creator = match table.seats[color.opponent() as usize].as_mut() {
            Some(seat) if takes_free => {
                if seat.member.is_none() {
                    seat.away_since = Some(now);
                }
                Some((seat.member.or(seat.left_by), seat.key.clone()))
            }
            _ => None,
        };
        follow_clock(table, now);
        if let Some(m) = self.members.get_mut(&id) {
            m.table = Some(code.clone());
        }
        if let Some(other) = displaced {
            self.error(other, Refusal::TakenOver);
        }
        if let Some((session, key)) = creator {
            self.game_begun(
                &code,
                (id, identity.key.as_deref()),
                (session, key.as_deref()),
            );
        }
        self.store(&code, now);
        self.send_table(&code, now);
        self.broadcast_lobby();
    }

    /// Closes the table at `code`, which nobody joined, telling its creator `why` (at the
    /// table, or stepped out to the lobby).
    fn close_unjoined(&mut self, code: &str, why: Refusal) {
        let Some(table) = self.tables.remove(code) else {
            return;
        };
        for member in table.members() {
            if let Some(m) = self.members.get_mut(&member) {
                m.table = None;
            }
            self.error(member, why.clone());
        }
        for left_by in table.seats.iter().flatten().filter_map(|s| s.left_by) {
            self.error(left_by, why.clone());
        }
        if let Some(db) = &self.db
            && let Err(e) = db.delete(code)
        {
            eprintln!("heibai serve: {e:#}");
        }
    }

    /// A game has its two players: neither waits to be paired any more, their other open games
    /// close (a player plays one game with a person at a time), and a creator away in the
    /// lobby hears who came.
    fn game_begun(
        &mut self,
        code: &str,
        (joiner, joiner_key): (u64, Option<&str>),
        (creator, creator_key): (Option<u64>, Option<&str>),
    ) {
        let mut players = vec![(joiner, joiner_key)];
        players.extend(creator.map(|c| (c, creator_key)));
        for &(session, _) in &players {
            self.withdraw(session);
        }
        let others: Vec<String> = self
            .tables
            .values()
            .filter(|t| t.code != code && t.seats.iter().any(Option::is_none))
            .filter(|t| {
                t.seats.iter().flatten().any(|s| {
                    players
                        .iter()
                        .any(|&(p, k)| s.member == Some(p) || s.theirs(p, k))
                })
            })
            .map(|t| t.code.clone())
            .collect();
        for other in others {
            self.close_unjoined(&other, Refusal::ClosedForAnother(other.clone()));
        }
        let Some(creator) = creator.filter(|&c| {
            self.members
                .get(&c)
                .is_some_and(|m| m.table.as_deref() != Some(code))
        }) else {
            return;
        };
        let name = self.members.get(&joiner).map(|m| m.identity.user.clone());
        let joined = Input::Joined {
            code: code.to_string(),
            name: name.unwrap_or_default(),
        };
        self.answer(creator, joined);
    }

    fn watch(&mut self, id: u64, code: &str) {
        let code = code.trim().to_ascii_uppercase();
        if !self.tables.contains_key(&code) {
            return self.error(id, Refusal::NoSuchCode(crate::visible::quoted(&code)));
        }
        let now = Instant::now();
        if self.members.get(&id).and_then(|m| m.table.as_deref()) != Some(code.as_str()) {
            self.leave_table(id, now);
        }
        let table = self.tables.get_mut(&code).expect("checked above");
        if table.seat_of(id).is_none() {
            table.watchers.insert(id);
        }
        if let Some(m) = self.members.get_mut(&id) {
            m.table = Some(code.clone());
        }
        self.send_table(&code, now);
        self.broadcast_lobby();
    }

    fn play(&mut self, id: u64, name: &str, now: Instant) {
        let Some(code) = self.members.get(&id).and_then(|m| m.table.clone()) else {
            return self.error(id, Refusal::NotInGame);
        };
        let Some(table) = self.tables.get_mut(&code) else {
            return;
        };
        let to_move = table.game.progress().1;
        let mut game = table.game.clone();
        let refusal = if table.over() {
            Some(MoveRefusal::GameOver)
        } else if table.holds(id) != Some(to_move) {
            Some(MoveRefusal::NotYourTurn)
        } else if table.seats.iter().any(Option::is_none) {
            Some(MoveRefusal::NoOpponent)
        } else {
            apply(&mut game, name).err()
        };
        if let Some(why) = refusal {
            // Put the session's board back as the server has it.
            self.error(id, Refusal::Move(crate::visible::quoted(name), why));
            return self.send_table(&code, now);
        }
        let before = std::mem::replace(&mut table.game, game);
        let clock_before = table.clock.clone();
        if let Some(clock) = &mut table.clock {
            clock.moved(now);
        }
        follow_clock(table, now);
        table.touched = now;
        if !self.store(&code, now) {
            // A move is shown only once it is stored: the table stays as it was.
            if let Some(table) = self.tables.get_mut(&code) {
                table.game = before;
                table.clock = clock_before;
            }
            return self.refuse_unstored(id, &code, Some(name));
        }
        self.send_table(&code, now);
        self.broadcast_lobby();
    }

    /// The change `id` asked for at `code` (the move `name`, or an ending) could not be
    /// stored and was not made: the mover is told so, the others at the table that it waits.
    fn refuse_unstored(&mut self, id: u64, code: &str, name: Option<&str>) {
        let Some(table) = self.tables.get(code) else {
            return;
        };
        for member in table.members() {
            let refusal = match name {
                Some(name) if member == id => {
                    Refusal::Move(crate::visible::quoted(name), MoveRefusal::NotStored)
                }
                _ => Refusal::NotStored,
            };
            self.error(member, refusal);
        }
        self.send_table(code, Instant::now());
    }

    fn resign(&mut self, id: u64, now: Instant) {
        self.end(id, Ending::Resigned, now);
    }

    fn claim(&mut self, id: u64, now: Instant) {
        let grace = self.grace;
        let Some(table) = self
            .members
            .get(&id)
            .and_then(|m| m.table.as_ref())
            .and_then(|code| self.tables.get(code))
        else {
            return;
        };
        let away_long = table.seat_of(id).is_some_and(|c| {
            table.seats[c.opponent() as usize]
                .as_ref()
                .and_then(|s| s.away_since)
                .is_some_and(|since| now.duration_since(since) >= grace)
        });
        if !away_long {
            return self.error(id, Refusal::TooSoon);
        }
        self.end(id, |color: Color| Ending::Abandoned(color.opponent()), now);
    }

    /// Ends the game of `id`'s table with `result(their colour)`.
    fn end(&mut self, id: u64, result: impl Fn(Color) -> Ending, now: Instant) {
        let Some(code) = self.members.get(&id).and_then(|m| m.table.clone()) else {
            return;
        };
        let Some(table) = self.tables.get_mut(&code) else {
            return;
        };
        let Some(color) = table.holds(id) else {
            return self.error(id, Refusal::OnlyPlayers);
        };
        if table.over() {
            return self.error(id, Refusal::GameOver);
        }
        table.result = Some(result(color));
        let clock_before = table.clock.clone();
        follow_clock(table, now);
        if !self.store(&code, now) {
            if let Some(table) = self.tables.get_mut(&code) {
                table.result = None;
                table.clock = clock_before;
            }
            return self.refuse_unstored(id, &code, None);
        }
        self.send_table(&code, now);
        self.broadcast_lobby();
    }

    /// `id` asks for a rematch after a game: once both players have, a new table of the same
    /// game (rated as this one was) seats them with the colours they held swapped, and its
    /// watchers follow.
    fn rematch(&mut self, id: u64, now: Instant) {
        let Some(code) = self.members.get(&id).and_then(|m| m.table.clone()) else {
            return self.error(id, Refusal::NotInGame);
        };
        let Some(table) = self.tables.get_mut(&code) else {
            return;
        };
        let Some(seat) = table.seat_of(id) else {
            return self.error(id, Refusal::OnlyPlayers);
        };
        if !table.over() {
            return;
        }
        let other = seat.opponent() as usize;
        if table.seats[other].as_ref().and_then(|s| s.member).is_none() {
            return self.error(id, Refusal::NoRematch);
        }
        table.rematch[seat as usize] = true;
        if table.rematch != [true; 2] {
            return self.send_table(&code, now);
        }
        if self.tables.len() >= self.max_tables {
            return self.error(id, Refusal::ServerFull);
        }
        let old = self.tables.remove(&code).expect("found above");
        let new_code = self.new_code();
        // The player who held Black now begins as White.
        let swapped = usize::from(old.game.swapped());
        let seats = [1, 0].map(|i| {
            old.seats[i ^ swapped].as_ref().map(|s| Seat {
                name: s.name.clone(),
                key: s.key.clone(),
                resume: s.key.is_none().then(Resume::new),
                member: s.member,
                away_since: None,
                left_by: None,
                rated: None,
            })
        });
        let clock = old.clock.map(|c| Clock::new(c.control));
        let game = old.game.again(false);
        let mut table = Table::new(new_code.clone(), game, seats, (old.rated, clock), now);
        table.watchers = old.watchers;
        follow_clock(&mut table, now);
        look_up_ratings(self.db.as_ref(), &mut table);
        let members: Vec<u64> = table.members().collect();
        self.tables.insert(new_code.clone(), table);
        for member in members {
            if let Some(m) = self.members.get_mut(&member) {
                m.table = Some(new_code.clone());
            }
        }
        self.store(&new_code, now);
        self.send_table(&new_code, now);
        self.broadcast_lobby();
    }

    /// `id` waits to play someone now: paired at once if someone fits, else listed in the
    /// lobby until someone does (the rating window widening with the wait) or they withdraw.
    fn seek(&mut self, id: u64, (setup, clock): Wanted, rated: bool, now: Instant) {
        self.withdraw(id);
        self.leave_table(id, now);
        if let Some(code) = self.playing_elsewhere(id) {
            return self.error(id, Refusal::PlayingAlready(code));
        }
        let Some(member) = self.members.get(&id) else {
            return;
        };
        let identity = &member.identity;
        if rated && identity.key.is_none() {
            return self.error(id, Refusal::RatedNeedsKey);
        }
        let setup = paired_setup(setup);
        let rated = rated && self.db.is_some();
        let standing = match (&self.db, &identity.key) {
            (Some(db), Some(key)) if rated => db
                .standing(key, variant_of(&setup))
                .map_err(|e| eprintln!("heibai serve: {e:#}"))
                .ok(),
            _ => None,
        };
        let waiting = Waiting {
            code: format!("S{}", self.next_seek),
            member: id,
            name: identity.user.clone(),
            setup,
            shown: standing.map(|s| s.shown()),
            seek: Seek {
                player: identity
                    .key
                    .clone()
                    .unwrap_or_else(|| format!("session {id}")),
                game: (setup, clock),
                rated,
                rating: standing.map(|s| s.glicko.rating),
                since: now,
            },
        };
        self.next_seek += 1;
        self.waiting.push(waiting);
        if !self.pair(now) {
            self.broadcast_lobby();
        }
    }

    /// `id` plays the player waiting under `code` now (whatever their ratings).
    /// The game between people that session `id` holds a seat at (stepped out of, or kept
    /// for its key) while it goes on, if any: a player plays one such game at a time.
    fn playing_elsewhere(&self, id: u64) -> Option<String> {
        let key = self.members.get(&id)?.identity.key.as_deref();
        self.tables
            .values()
            .filter(|t| !t.over() && t.seats.iter().all(Option::is_some))
            .find(|t| {
                t.seats
                    .iter()
                    .flatten()
                    .any(|s| s.member != Some(id) && s.theirs(id, key))
            })
            .map(|t| t.code.clone())
    }

    fn accept(&mut self, id: u64, code: &str, now: Instant) {
        let Some(at) = self.waiting.iter().position(|w| w.code == code) else {
            return self.error(id, Refusal::SeekGone);
        };
        let Some(member) = self.members.get(&id) else {
            return;
        };
        let identity = member.identity.clone();
        let theirs = &self.waiting[at];
        // One's own seek, from this session or another with the same key: withdrawn.
        if theirs.member == id || identity.key.as_deref() == Some(theirs.seek.player.as_str()) {
            self.withdraw(theirs.member);
            return self.send_lobby(id);
        }
        if let Some(code) = self.playing_elsewhere(id) {
            return self.error(id, Refusal::PlayingAlready(code));
        }
        if theirs.seek.rated && identity.key.is_none() {
            return self.error(id, Refusal::RatedNeedsKey);
        }
        self.withdraw(id);
        let Some(at) = self.waiting.iter().position(|w| w.code == code) else {
            return self.error(id, Refusal::SeekGone);
        };
        let theirs = self.waiting.remove(at);
        self.leave_table(id, now);
        let rated = theirs.seek.rated;
        self.start_paired(theirs.member, id, theirs.seek.game, rated, now);
    }

    /// `id` stops waiting to be paired (the others in the lobby see the list without them).
    fn withdraw(&mut self, id: u64) {
        let before = self.waiting.len();
        self.waiting.retain(|w| w.member != id);
        if self.waiting.len() != before {
            self.broadcast_lobby();
        }
    }

    /// Pairs the waiting players who fit each other now; whether any were.
    fn pair(&mut self, now: Instant) -> bool {
        // A seek whose session has gone is dropped, never paired.
        self.waiting
            .retain(|w| self.members.contains_key(&w.member));
        let seeks: Vec<Seek<_>> = self.waiting.iter().map(|w| w.seek.clone()).collect();
        let made = pairs(&seeks, now);
        if made.is_empty() {
            return false;
        }
        let found: Vec<(u64, u64, Wanted, bool)> = made
            .iter()
            .map(|&(a, b)| {
                let (a, b) = (&self.waiting[a], &self.waiting[b]);
                (a.member, b.member, a.seek.game, a.seek.rated)
            })
            .collect();
        let gone: BTreeSet<u64> = found.iter().flat_map(|&(a, b, ..)| [a, b]).collect();
        self.waiting.retain(|w| !gone.contains(&w.member));
        for (a, b, setup, rated) in found {
            self.start_paired(a, b, setup, rated, now);
        }
        true
    }

    /// A table for two paired players, each seated: the colours by their recent games (the
    /// one who has had Black more often gets White), at random when even.
    fn start_paired(&mut self, a: u64, b: u64, (setup, clock): Wanted, rated: bool, now: Instant) {
        if self.tables.len() >= self.max_tables {
            for id in [a, b] {
                self.error(id, Refusal::ServerFull);
            }
            return self.broadcast_lobby();
        }
        let (Some(ma), Some(mb)) = (self.members.get(&a), self.members.get(&b)) else {
            return self.broadcast_lobby();
        };
        let blacks = |m: &Member| match (&self.db, &m.identity.key) {
            (Some(db), Some(key)) => db.recent_blacks(key).unwrap_or(0),
            _ => 0,
        };
        let (black_a, black_b) = (blacks(ma), blacks(mb));
        let a_black = match black_a.cmp(&black_b) {
            std::cmp::Ordering::Less => true,
            std::cmp::Ordering::Greater => false,
            std::cmp::Ordering::Equal => random_bytes(1)[0] & 1 == 0,
        };
        let (black, white) = if a_black { (ma, mb) } else { (mb, ma) };
        let (black_id, white_id) = if a_black { (a, b) } else { (b, a) };
        let seats = [
            Some(seat_for(&black.identity, black_id)),
            Some(seat_for(&white.identity, white_id)),
        ];
        let level = crate::engine::reversi::DEFAULT_LEVEL;
        let game = Setup { level, ..setup }.new_game(Player::Human, Player::Human);
        let code = self.new_code();
        let mut table = Table::new(
            code.clone(),
            game,
            seats,
            (rated, clock.map(Clock::new)),
            now,
        );
        follow_clock(&mut table, now);
        look_up_ratings(self.db.as_ref(), &mut table);
        self.tables.insert(code.clone(), table);
        for id in [a, b] {
            if let Some(m) = self.members.get_mut(&id) {
                m.table = Some(code.clone());
            }
        }
        let keys = [a, b].map(|id| self.members.get(&id).and_then(|m| m.identity.key.clone()));
        self.game_begun(
            &code,
            (a, keys[0].as_deref()),
            (Some(b), keys[1].as_deref()),
        );
        self.store(&code, now);
        self.send_table(&code, now);
        self.broadcast_lobby();
    }

    /// The leaderboard of `pool` (`None`: the asking player's first), with their standing.
    fn leaderboard(&self, id: u64, pool: Option<Variant>) {
        let Some(m) = self.members.get(&id) else {
            return;
        };
        let board = match &self.db {
            Some(db) => db.leaderboard(pool, m.identity.key.as_deref()),
            None => Ok(Leaderboard {
                pool: pool.unwrap_or(Variant::Game(crate::game::GameId::Reversi)),
                pools: vec![],
                top: vec![],
                provisional: vec![],
                you: None,
            }),
        };
        match board {
            Ok(board) => self.answer(id, Input::Leaderboard(Box::new(board))),
            Err(e) => {
                eprintln!("heibai serve: reading the leaderboard: {e:#}");
                self.error(id, Refusal::NotStored);
            }
        }
    }

    /// The card of the player with `key`.
    fn card(&self, id: u64, key: &str) {
        let card = self.db.as_ref().map(|db| db.card(key)).transpose();
        match card {
            Ok(Some(Some(card))) => self.answer(id, Input::Card(Box::new(card))),
            Ok(_) => self.error(id, Refusal::NoSuchPlayer),
            Err(e) => {
                eprintln!("heibai serve: reading a player's card: {e:#}");
                self.error(id, Refusal::NotStored);
            }
        }
    }

    /// The finished game at `code`, for a replay.
    fn past_game(&self, id: u64, code: &str) {
        let game = self.db.as_ref().map(|db| db.past_game(code)).transpose();
        match game {
            Ok(Some(Some(game))) => self.answer(id, Input::PastGame(Box::new(game))),
            Ok(_) => self.error(id, Refusal::NoSuchGame(crate::visible::quoted(code))),
            Err(e) => {
                eprintln!("heibai serve: reading game {code}: {e:#}");
                self.error(id, Refusal::NoSuchGame(crate::visible::quoted(code)))
            }
        }
    }

    fn answer(&self, id: u64, input: Input) {
        if let Some(m) = self.members.get(&id) {
            let _ = m.send.send(Event::Hub(input));
        }
    }

    /// A join code no table has, here or in the database.
    fn new_code(&self) -> String {
        loop {
            let code = random_code(CODE_LEN);
            let taken = self.tables.contains_key(&code)
                || self.db.as_ref().is_some_and(|db| db.exists(&code));
            if !taken {
                return code;
            }
        }
    }

    /// `id` leaves its table: a watcher goes, a player's seat is kept (unless the game is over
    /// or nobody else ever sat down, when the table goes).
    fn leave_table(&mut self, id: u64, now: Instant) {
        self.leave(id, now, false)
    }

    /// The player steps out to the lobby: their seat waits, and a game nobody has joined yet
    /// stays open for its code (until it expires), listed under their games.
    fn step_out(&mut self, id: u64, now: Instant) {
        self.leave(id, now, true)
    }

    /// Session `id` leaves its table; a table left empty closes if its game is over, or if
    /// nobody joined it and it is not `kept_open`.
    fn leave(&mut self, id: u64, now: Instant, kept_open: bool) {
        let Some(code) = self.members.get_mut(&id).and_then(|m| m.table.take()) else {
            return;
        };
        let Some(table) = self.tables.get_mut(&code) else {
            return;
        };
        table.watchers.remove(&id);
        let player = table.seat_of(id).is_some();
        // An offer of a rematch lapses when either player goes.
        if player {
            table.rematch = [false; 2];
        }
        if let Some(color) = table.seat_of(id)
            && let Some(seat) = table.seats[color as usize].as_mut()
        {
            seat.member = None;
            seat.away_since = Some(now);
            seat.left_by = Some(id);
        }
        follow_clock(table, now);
        let unjoined = table.seats.iter().flatten().count() < 2;
        let nobody = table.members().next().is_none();
        // The clocks as they stand when a player goes (the server may stop next: a restart
        // must not give back the time they used).
        if player && table.clock.is_some() && !table.over() && !unjoined {
            self.store(&code, now);
        }
        let Some(table) = self.tables.get_mut(&code) else {
            return;
        };
        if nobody && (table.over() || unjoined && !kept_open) {
            if unjoined
                && table.game.progress().0 == 0
                && let Some(db) = &self.db
                && let Err(e) = db.delete(&code)
            {
                eprintln!("heibai serve: {e:#}");
            }
            self.tables.remove(&code);
        } else {
            self.send_table(&code, now);
        }
        self.broadcast_lobby();
    }

    /// Writes the table at `code` to the database (if there is one); whether it is stored. A
    /// failure is logged once, until a write succeeds again; a write refused because the
    /// stored game is not the one it follows is logged each time.
    fn store(&mut self, code: &str, now: Instant) -> bool {
        let (Some(db), Some(table)) = (&self.db, self.tables.get_mut(code)) else {
            return true;
        };
        match db.save(&table.stored(now), table.stored_moves) {
            Ok(rated) => {
                table.stored_moves = Some(table.game.progress().0);
                // The game rated: each seat's rating after it, by the colour held.
                let swapped = usize::from(table.game.swapped());
                for (i, rated) in rated.into_iter().flatten().enumerate() {
                    if let Some(seat) = table.seats[i ^ swapped].as_mut() {
                        seat.rated = Some(rated);
                    }
                }
                if std::mem::take(&mut self.failing) {
                    eprintln!("heibai serve: games are being saved again");
                }
                true
            }
            Err(e @ SaveError::Conflict(_)) => {
                eprintln!("heibai serve: error: {e}");
                false
            }
            Err(SaveError::Other(e)) => {
                if !std::mem::replace(&mut self.failing, true) {
                    eprintln!(
                        "heibai serve: error: cannot save games, moves are refused until it \
                         can: {e:#}"
                    );
                }
                false
            }
        }
    }

    /// Tells every session at the table how it stands, each from its own seat.
    fn send_table(&mut self, code: &str, now: Instant) {
        self.tell_the_away(code);
        let Some(table) = self.tables.get(code) else {
            return;
        };
        for member in table.members() {
            let Some(m) = self.members.get(&member) else {
                continue;
            };
            let seat = table.seat_of(member);
            let view = TableView {
                net: self.net_view(table, seat, now),
                game: table.game.clone(),
            };
            let _ = m.send.send(Event::Hub(Input::Table(Box::new(view))));
        }
    }

    /// Once a game is over, its players who stepped out to the lobby are told how it ended
    /// (once: their seat is no longer theirs to go back to).
    fn tell_the_away(&mut self, code: &str) {
        let Some(table) = self.tables.get_mut(code).filter(|t| t.over()) else {
            return;
        };
        let mut told = vec![];
        for color in [Color::Black, Color::White] {
            let held = table.held(color);
            let Some(seat) = table.seats[color as usize].as_mut() else {
                continue;
            };
            if seat.member.is_none()
                && let Some(member) = seat.left_by.take()
            {
                let news = crate::table::Ended {
                    code: code.to_string(),
                    ending: table.result,
                    winner: table.game.winner(),
                    held,
                    rated: seat.rated,
                };
                told.push((member, news));
            }
        }
        for (member, news) in told {
            self.answer(member, Input::Ended(Box::new(news)));
        }
    }

    fn net_view(&self, table: &Table, seat: Option<Color>, now: Instant) -> Net {
        let away = |c: Color| {
            table.seats[c as usize]
                .as_ref()
                .and_then(|s| s.away_since)
                .map(|since| now.duration_since(since))
        };
        let note_on = |c: Color| {
            away(c).map(|gone| {
                let name = table.seats[c as usize]
                    .as_ref()
                    .map_or(String::new(), |s| s.name.clone());
                // After the game, only that they have gone (so no rematch).
                if table.over() {
                    Note::Left { name }
                } else if gone >= self.grace {
                    let minutes = gone.as_secs() / 60;
                    Note::Gone { name, minutes }
                } else {
                    let minutes_left = (self.grace - gone).as_secs().div_ceil(60);
                    Note::Away { name, minutes_left }
                }
            })
        };
        let (note, claimable) = match seat {
            Some(me) => (
                note_on(me.opponent()),
                away(me.opponent()).is_some_and(|g| g >= self.grace),
            ),
            None if table.over() => (None, false),
            None => (
                note_on(Color::Black).or_else(|| note_on(Color::White)),
                false,
            ),
        };
        Net {
            code: table.code.clone(),
            seat: seat.map(|c| table.held(c)),
            names: table.names(),
            watchers: table.watchers.len(),
            result: table.result,
            note,
            resume: seat.and_then(|c| {
                let seat = table.seats[c as usize].as_ref()?;
                seat.resume.as_ref()?.code.clone()
            }),
            claimable,
            rated: table.rated,
            ratings: table.by_held(|s| s.rated),
            rematch: {
                let swapped = usize::from(table.game.swapped());
                [0, 1].map(|i| table.rematch[i ^ swapped])
            },
            clock: table.clock.as_ref().map(|c| NetClock {
                control: c.control,
                left: [Color::Black, Color::White].map(|color| c.left(color, now)),
                running: c.running(),
            }),
        }
    }

    fn send_lobby(&self, id: u64) {
        if let Some(m) = self.members.get(&id) {
            let listings = self.listings(id, &m.identity);
            let _ = m.send.send(Event::Hub(Input::Lobby(listings)));
        }
    }

    /// Every session in the lobby gets the tables as they are now.
    fn broadcast_lobby(&self) {
        for (id, m) in &self.members {
            if m.table.is_none() {
                self.send_lobby(*id);
            }
        }
    }

    /// The unfinished tables for session `id` of `identity`: theirs (a seat kept for their key,
    /// or one this session stepped out of) first, then open ones, then those being played — at
    /// most [`LISTED`] of each, the latest first, so that the lobby costs the same with
    /// thousands of stored games as with ten.
    fn listings(&self, id: u64, identity: &Identity) -> Vec<Listing> {
        let key = identity.key.as_deref();
        let yours = |t: &Table| {
            t.seats
                .iter()
                .flatten()
                .any(|s| s.member.is_none() && s.theirs(id, key))
        };
        let mut groups: [Vec<&Table>; 3] = Default::default();
        for t in self.tables.values().filter(|t| !t.over()) {
            let group = if yours(t) {
                0
            } else if t.seats.iter().any(Option::is_none) {
                1
            } else {
                2
            };
            groups[group].push(t);
        }
        let mut listed: Vec<Listing> = groups
            .into_iter()
            .flat_map(|mut group| {
                let latest = group.len().min(LISTED);
                if latest > 0 {
                    group.select_nth_unstable_by_key(latest - 1, |t| std::cmp::Reverse(t.touched));
                }
                group.truncate(latest);
                group.sort_by_key(|t| (std::cmp::Reverse(t.touched), t.code.clone()));
                group
            })
            .map(|t| Listing {
                code: t.code.clone(),
                game: Variant::of(&t.game),
                names: t.names(),
                watchers: t.watchers.len(),
                move_number: t.game.move_number(),
                yours: yours(t),
                rated: t.rated,
                ratings: t.by_held(|s| s.rated.map(|r| r.before)),
                clock: t.clock.as_ref().map(|c| c.control),
                seek: false,
            })
            .collect();
        // The players waiting to be paired after one's own tables: one's own seek first, then
        // the latest others.
        let mut seeks: Vec<&Waiting> = self.waiting.iter().rev().collect();
        seeks.sort_by_key(|w| w.member != id);
        seeks.truncate(LISTED);
        let seeks = seeks.into_iter().map(|w| Listing {
            code: w.code.clone(),
            game: variant_of(&w.setup),
            names: [Some(w.name.clone()), None],
            watchers: 0,
            move_number: 1,
            yours: w.member == id,
            rated: w.seek.rated,
            ratings: [w.shown, None],
            clock: w.seek.game.1,
            seek: true,
        });
        let at = listed.iter().take_while(|l| l.yours).count();
        listed.splice(at..at, seeks);
        listed
    }
}

/// What a seek asks to play, as pairing compares it: the game and, for Gomoku, its rules,
/// board and opening; the level and the other game's settings do not matter.
fn paired_setup(setup: Setup) -> Setup {
    let plain = Setup::new(crate::engine::reversi::DEFAULT_LEVEL);
    match setup.kind {
        crate::game::GameId::Gomoku => Setup {
            level: plain.level,
            ..setup
        },
        kind => Setup { kind, ..plain },
    }
}

/// The variant a game set up so is.
fn variant_of(setup: &Setup) -> Variant {
    match setup.kind {
        crate::game::GameId::Gomoku => Variant::Gomoku(
            setup.rule,
            setup.size,
            setup.opening == crate::settings::OpeningChoice::Taraguchi,
        ),
        kind => Variant::Game(kind),
    }
}

/// The clock of the side to move runs while both seats are taken and the game goes on.
fn follow_clock(table: &mut Table, now: Instant) {
    // Before the first move, only while both players are at the board: no one's time runs
    // before they have sat down to play.
    let begun =
        table.game.progress().0 > 0 || table.seats.iter().flatten().all(|s| s.member.is_some());
    let runs = table.seats.iter().all(Option::is_some) && !table.over() && begun;
    let to_move = table.game.progress().1;
    if let Some(clock) = &mut table.clock {
        if runs {
            clock.start(to_move, now);
        } else {
            clock.pause(now);
        }
    }
}

/// At a rated table, the ratings of the players seated since they were last looked up.
fn look_up_ratings(db: Option<&Db>, table: &mut Table) {
    let Some(db) = db.filter(|_| table.rated) else {
        return;
    };
    for seat in table.seats.iter_mut().flatten() {
        if seat.rated.is_none() {
            seat.rated = rating_in(db, seat.key.as_deref(), &table.game);
        }
    }
}

/// The rating in `game`'s pool of the player with `key`, as a rated table shows it; `None`
/// without a key (or if the database cannot say).
fn rating_in(db: &Db, key: Option<&str>, game: &SavedGame) -> Option<Rated> {
    let standing = db
        .standing(key?, Variant::of(game))
        .map_err(|e| eprintln!("heibai serve: {e:#}"))
        .ok()?;
    Some(Rated {
        before: standing.shown(),
        after: None,
    })
}

/// Of a game whose players have both gone, the colour of the first to go (on a tie, the one
/// to move), and how long ago the last went; `None` while a seat is free or taken.
fn all_gone(table: &Table, now: Instant) -> Option<(Color, Duration)> {
    let away = |c: Color| table.seats[c as usize].as_ref()?.away_since;
    let (black, white) = (away(Color::Black)?, away(Color::White)?);
    let first = match black.cmp(&white) {
        std::cmp::Ordering::Less => Color::Black,
        std::cmp::Ordering::Greater => Color::White,
        std::cmp::Ordering::Equal => table.game.progress().1,
    };
    Some((first, now.duration_since(black.max(white))))
}

/// Plays `name` for the side to move, then any forced passes; or says why not.
fn apply(game: &mut SavedGame, name: &str) -> Result<(), MoveRefusal> {
    each_game!(game, g => {
        let mv = g.position().parse_move(name).ok_or(MoveRefusal::NotASquare)?;
        g.record.play(mv).map_err(|e| MoveRefusal::Illegal(e.into()))?;
        while let Some(forced) = g.position().forced() {
            g.record.play(forced).map_err(|e| MoveRefusal::Illegal(e.into()))?;
        }
        Ok(())
    })
}

fn random_bytes(n: usize) -> Vec<u8> {
    let mut bytes = vec![0; n];
    // The system's random source does not fail on the systems heibai runs on; if it ever
    // did, codes would still be unique (they are checked), only guessable.
    let _ = getrandom::fill(&mut bytes);
    bytes
}

/// A code of `len` letters from [`ALPHABET`], from the system's random source.
fn random_code(len: usize) -> String {
    random_bytes(len)
        .into_iter()
        .map(|b| ALPHABET[usize::from(b) % ALPHABET.len()] as char)
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::GameId;
    use crate::game::clock::TimeControl;
    use crate::settings::Setup;
    use crate::table::Rating;
    use tokio::sync::mpsc::{UnboundedReceiver, unbounded_channel};

    struct Player {
        id: u64,
        inbox: UnboundedReceiver<Event>,
    }

    impl Player {
        fn arrive(hub: &mut Hub, name: &str, key: Option<&str>, now: Instant) -> Player {
            let (send, inbox) = unbounded_channel();
            let identity = Identity {
                user: name.into(),
                key: key.map(str::to_string),
                addr: Some(std::net::IpAddr::from([127, 0, 0, 1])),
            };
            let id = hub.arrive(send, identity, now);
            Player { id, inbox }
        }

        /// Everything the hub said since last asked.
        fn heard(&mut self) -> Vec<Input> {
            let mut inputs = vec![];
            while let Ok(Event::Hub(input)) = self.inbox.try_recv() {
                inputs.push(input);
            }
            inputs
        }

        /// The last table view heard.
        fn table(&mut self) -> TableView {
            self.heard()
                .into_iter()
                .rev()
                .find_map(|i| match i {
                    Input::Table(view) => Some(*view),
                    _ => None,
                })
                .expect("a table view")
        }

        /// The clock of the last table view heard, if one was and it had one.
        fn lobby_or_table_clock(&mut self) -> Option<crate::table::NetClock> {
            self.heard()
                .into_iter()
                .rev()
                .find_map(|i| match i {
                    Input::Table(view) => view.net.clock,
                    _ => None,
                })
                .filter(|c| c.running.is_some())
        }

        /// The last lobby list heard (none: empty).
        fn lobby(&mut self) -> Vec<Listing> {
            let mut heard = self.heard().into_iter().rev();
            heard
                .find_map(|i| match i {
                    Input::Lobby(l) => Some(l),
                    _ => None,
                })
                .unwrap_or_default()
        }

        fn errors(&mut self) -> Vec<String> {
            self.heard()
                .into_iter()
                .filter_map(|i| match i {
                    Input::NetError(e) => Some(english().refusal(&e)),
                    _ => None,
                })
                .collect()
        }
    }

    /// Tables a test hub holds.
    const TABLES: usize = 1000;

    fn english() -> &'static dyn crate::i18n::Text {
        crate::i18n::Lang::En.text()
    }

    /// A hub keeping its tables in the database at `path`, seats kept for a minute.
    fn stored_hub(path: &std::path::Path, now: Instant) -> (Hub, Vec<String>) {
        Hub::new(
            Some(Db::open(path).unwrap()),
            Duration::from_secs(60),
            TABLES,
            now,
        )
    }

    /// Alice (with a key) at a new Reversi table as Black, bob (without) joined as White.
    fn two_at_a_table(hub: &mut Hub, now: Instant) -> (Player, Player, String) {
        let mut alice = Player::arrive(hub, "alice", Some("SHA256:alice"), now);
        let bob = Player::arrive(hub, "bob", None, now);
        let code = reversi_as_black(hub, &mut alice, now);
        hub.request(bob.id, NetRequest::Join(code.clone()), now);
        (alice, bob, code)
    }

    /// Alice (Black) and bob, both with keys, seated at a new Reversi table on `control`.
    fn on_the_clock(hub: &mut Hub, control: TimeControl, now: Instant) -> (Player, Player, String) {
        let mut alice = Player::arrive(hub, "alice", Some("SHA256:alice"), now);
        let bob = Player::arrive(hub, "bob", Some("SHA256:bob"), now);
        let create = NetRequest::Create {
            setup: Setup::new(5),
            color: Some(Color::Black),
            rated: false,
            clock: Some(control),
        };
        hub.request(alice.id, create, now);
        let code = alice.table().net.code;
        hub.request(bob.id, NetRequest::Join(code.clone()), now);
        (alice, bob, code)
    }

    fn reversi_as_black(hub: &mut Hub, p: &mut Player, now: Instant) -> String {
        created_as_black(hub, p, now).code
    }

    /// A new Reversi table where `p` plays Black, as `p` sees it.
    fn created_as_black(hub: &mut Hub, p: &mut Player, now: Instant) -> Net {
        let setup = Setup::new(5);
        let color = Some(Color::Black);
        let rated = false;
        hub.request(
            p.id,
            NetRequest::Create {
                setup,
                color,
                rated,
                clock: None,
            },
            now,
        );
        p.table().net
    }

    #[test]
    fn a_rated_game_rates_both_players_once_and_a_rematch_swaps_colours() {
        let now = Instant::now();
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("games.db");
        let (mut hub, _) = stored_hub(&path, now);
        let mut alice = Player::arrive(&mut hub, "alice", Some("SHA256:alice"), now);
        let mut bob = Player::arrive(&mut hub, "bob", Some("SHA256:bob"), now);
        let (setup, color, rated) = (Setup::new(5), Some(Color::Black), true);
        hub.request(
            alice.id,
            NetRequest::Create {
                setup,
                color,
                rated,
                clock: None,
            },
            now,
        );
        let code = alice.table().net.code;
        let listed = bob.lobby();
        assert!(listed[0].rated, "{listed:?}");
        hub.request(bob.id, NetRequest::Join(code.clone()), now);
        let newcomer = Rating {
            points: 1500,
            provisional: true,
        };
        let net = bob.table().net;
        assert!(net.rated);
        assert_eq!(
            net.ratings.map(|r| r.map(|r| (r.before, r.after))),
            [Some((newcomer, None)), Some((newcomer, None))]
        );
        // A watcher sees the ratings too.
        let mut carol = Player::arrive(&mut hub, "carol", None, now);
        hub.request(carol.id, NetRequest::Watch(code.clone()), now);
        hub.request(alice.id, NetRequest::Move("d3".into()), now);
        hub.request(bob.id, NetRequest::Move("c3".into()), now);
        hub.request(bob.id, NetRequest::Resign, now);
        let after = carol.table().net.ratings.map(|r| r.unwrap().after.unwrap());
        assert!(
            after[0].points > 1500 && after[1].points < 1500,
            "{after:?}"
        );
        assert_eq!(alice.table().net.ratings, bob.table().net.ratings);
        let stored = hub.db.as_ref().unwrap();
        let standing = stored.standing("SHA256:alice", Variant::Game(GameId::Reversi));
        let standing = standing.unwrap();
        assert_eq!((standing.games, standing.wins), (1, 1));
        assert_eq!(standing.shown(), after[0]);
        // The leaderboard lists both (provisional), alice's own line first; bob's card has
        // the game, which opens as it ended.
        hub.request(alice.id, NetRequest::Leaderboard(None), now);
        let board = alice.heard().into_iter().find_map(|i| match i {
            Input::Leaderboard(b) => Some(b),
            _ => None,
        });
        let board = board.expect("a leaderboard");
        assert_eq!(board.pool, Variant::Game(GameId::Reversi));
        assert!(board.top.is_empty());
        let names: Vec<&str> = board.provisional.iter().map(|s| s.name.as_str()).collect();
        assert_eq!(names, ["alice", "bob"]);
        assert_eq!(board.you.as_ref().map(|s| s.rating), Some(after[0]));
        hub.request(carol.id, NetRequest::Card("SHA256:bob".into()), now);
        let card = carol.heard().into_iter().find_map(|i| match i {
            Input::Card(c) => Some(c),
            _ => None,
        });
        let card = card.expect("a card");
        assert_eq!(card.name, "bob");
        assert_eq!(card.standings[0].losses, 1);
        let past = &card.games[0];
        assert_eq!(
            (past.code.as_str(), past.played, past.winner),
            (code.as_str(), Color::White, Some(Color::Black))
        );
        assert_eq!(past.change, Some(after[1].points - 1500));
        hub.request(carol.id, NetRequest::PastGame(code.clone()), now);
        let game = carol.heard().into_iter().find_map(|i| match i {
            Input::PastGame(g) => Some(g),
            _ => None,
        });
        let mut game = game.expect("the game");
        assert_eq!(game.move_names(), ["d3", "c3"]);
        assert_eq!(game.player_name(Color::Black), Some("alice"));
        assert_eq!(game.take_ending(), Some(Ending::Resigned(Color::White)));
        hub.request(carol.id, NetRequest::Card("SHA256:nobody".into()), now);
        assert_eq!(carol.errors(), ["The server knows no game of that player"]);
        // A rematch: asked by one, shown to the other; agreed, a new table with the colours
        // swapped, rated, its watcher along.
        hub.request(bob.id, NetRequest::Rematch, now);
        assert_eq!(alice.table().net.rematch, [false, true]);
        hub.request(alice.id, NetRequest::Rematch, now);
        let again = alice.table();
        assert_ne!(again.net.code, code);
        assert_eq!(again.net.seat, Some(Color::White));
        assert_eq!(again.net.names, [Some("bob".into()), Some("alice".into())]);
        assert_eq!(again.game.progress().0, 0);
        assert!(again.net.rated && again.net.result.is_none());
        assert_eq!(again.net.ratings[1].unwrap().before, after[0]);
        assert_eq!(carol.table().net.code, again.net.code);
        // The rematch is rated once it ends with both having moved, and only then.
        hub.request(bob.id, NetRequest::Move("d3".into()), now);
        let stored = hub.db.as_ref().unwrap();
        let games = || {
            let standing = stored.standing("SHA256:alice", Variant::Game(GameId::Reversi));
            standing.unwrap().games
        };
        assert_eq!(games(), 1);
        hub.request(alice.id, NetRequest::Move("c3".into()), now);
        hub.request(alice.id, NetRequest::Resign, now);
        let stored = hub.db.as_ref().unwrap();
        let standing = stored.standing("SHA256:alice", Variant::Game(GameId::Reversi));
        assert_eq!(standing.unwrap().games, 2);
        // A rematch needs the other player there.
        hub.request(bob.id, NetRequest::Leave, now);
        hub.request(alice.id, NetRequest::Rematch, now);
        assert_eq!(alice.errors(), ["The other player has left: no rematch"]);
    }

    #[test]
    fn players_seeking_a_game_are_paired_listed_accepted_and_withdrawn() {
        let now = Instant::now();
        let dir = tempfile::tempdir().unwrap();
        let (mut hub, _) = stored_hub(&dir.path().join("games.db"), now);
        let mut alice = Player::arrive(&mut hub, "alice", Some("SHA256:alice"), now);
        let mut bob = Player::arrive(&mut hub, "bob", Some("SHA256:bob"), now);
        let mut carol = Player::arrive(&mut hub, "carol", None, now);
        let reversi = Setup::new(5);
        let mut renju = Setup::new(3);
        renju.kind = GameId::Gomoku;
        // Alice waits for a rated Reversi game: listed for the others, her own first for her.
        hub.request(
            alice.id,
            NetRequest::Seek {
                setup: reversi,
                rated: true,
                clock: None,
            },
            now,
        );
        let seen = bob.lobby();
        assert!(seen[0].seek && !seen[0].yours && seen[0].rated, "{seen:?}");
        assert_eq!(seen[0].names[0].as_deref(), Some("alice"));
        assert!(alice.lobby()[0].yours);
        // Bob wants Renju: no pair. Carol, without a key, cannot play a rated game.
        hub.request(
            bob.id,
            NetRequest::Seek {
                setup: renju,
                rated: true,
                clock: None,
            },
            now,
        );
        assert!(bob.heard().iter().all(|i| !matches!(i, Input::Table(_))));
        hub.request(
            carol.id,
            NetRequest::Seek {
                setup: reversi,
                rated: true,
                clock: None,
            },
            now,
        );
        assert_eq!(carol.errors().len(), 1);
        // Bob changes to Reversi at another level: paired with alice at once, both seated.
        let mut other_level = reversi;
        other_level.level = 7;
        hub.request(
            bob.id,
            NetRequest::Seek {
                setup: other_level,
                rated: true,
                clock: None,
            },
            now,
        );
        let (a, b) = (alice.table().net, bob.table().net);
        assert_eq!(a.code, b.code);
        assert!(a.rated && a.full());
        assert_ne!(a.seat, b.seat);
        assert!(carol.lobby().iter().all(|l| !l.seek));
        // Unrated: carol waits, alice accepts her from the list, whatever the window.
        hub.request(alice.id, NetRequest::Resign, now);
        hub.request(
            carol.id,
            NetRequest::Seek {
                setup: reversi,
                rated: false,
                clock: None,
            },
            now,
        );
        let code = carol.lobby()[0].code.clone();
        hub.request(alice.id, NetRequest::Accept(code.clone()), now);
        let second = alice.table().net;
        assert_eq!(carol.table().net.code, second.code);
        // Alice's colour is the one she had less of lately.
        assert_eq!(second.seat, a.seat.map(Color::opponent));
        hub.request(bob.id, NetRequest::Accept(code), now);
        assert_eq!(
            bob.errors(),
            ["That player is no longer looking for an opponent"]
        );
        // A seek withdrawn, or of a player who drops, is no longer listed; the others stay.
        hub.request(bob.id, NetRequest::Leave, now);
        hub.request(
            bob.id,
            NetRequest::Seek {
                setup: renju,
                rated: false,
                clock: None,
            },
            now,
        );
        let mut dave = Player::arrive(&mut hub, "dave", None, now);
        hub.request(
            dave.id,
            NetRequest::Seek {
                setup: renju,
                rated: true,
                clock: None,
            },
            now,
        );
        let erin = Player::arrive(&mut hub, "erin", Some("SHA256:erin"), now);
        hub.request(
            erin.id,
            NetRequest::Seek {
                setup: reversi,
                rated: true,
                clock: None,
            },
            now,
        );
        hub.depart(bob.id, now);
        let listed: Vec<String> = dave
            .lobby()
            .iter()
            .filter(|l| l.seek)
            .map(|l| l.names[0].clone().unwrap())
            .collect();
        assert_eq!(listed, ["erin"]);
        hub.request(erin.id, NetRequest::Withdraw, now);
        assert!(dave.lobby().iter().all(|l| !l.seek));
    }

    #[test]
    fn the_server_keeps_both_clocks_and_decides_the_flag() {
        let now = Instant::now();
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("games.db");
        let (mut hub, _) = stored_hub(&path, now);
        let mut alice = Player::arrive(&mut hub, "alice", Some("SHA256:alice"), now);
        let mut bob = Player::arrive(&mut hub, "bob", Some("SHA256:bob"), now);
        let create = NetRequest::Create {
            setup: Setup::new(5),
            color: Some(Color::Black),
            rated: false,
            clock: Some(TimeControl::minutes(1, 2)),
        };
        hub.request(alice.id, create, now);
        let code = alice.table().net.code;
        assert_eq!(
            alice.lobby_or_table_clock(),
            None,
            "no clock runs before both sit"
        );
        let seated = now + Duration::from_secs(30);
        hub.request(bob.id, NetRequest::Join(code.clone()), seated);
        let c = bob.table().net.clock.unwrap();
        assert_eq!(
            (c.running, c.left[0]),
            (Some(Color::Black), Duration::from_secs(60))
        );
        // Alice moves ten seconds later: 50 s left and the 2 s increment; Bob's clock runs.
        let moved = seated + Duration::from_secs(10);
        hub.request(alice.id, NetRequest::Move("d3".into()), moved);
        let c = bob.table().net.clock.unwrap();
        assert_eq!(
            (c.running, c.left[0]),
            (Some(Color::White), Duration::from_secs(52))
        );
        // Bob lets his minute run out, gone or not: the server ends the game at the flag.
        hub.depart(bob.id, moved);
        hub.tick(moved + Duration::from_secs(59));
        let _ = alice.heard();
        hub.tick(moved + Duration::from_secs(59));
        assert!(alice.heard().iter().all(|i| !matches!(i, Input::Table(_))));
        hub.tick(moved + Duration::from_secs(61));
        let over = alice.table().net;
        assert_eq!(over.result, Some(Ending::Time(Color::White)));
        assert_eq!(over.clock.unwrap().running, None);
        assert_eq!(
            hub.db.as_ref().unwrap().result(&code).as_deref(),
            Some("white time")
        );
    }

    #[test]
    fn a_restart_keeps_the_clocks_where_they_stood() {
        let now = Instant::now();
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("games.db");
        let (mut hub, _) = stored_hub(&path, now);
        let (alice, bob, _) = on_the_clock(&mut hub, TimeControl::minutes(1, 0), now);
        let moved = now + Duration::from_secs(20);
        hub.request(alice.id, NetRequest::Move("d3".into()), moved);
        // The server stops 15 s into Bob's turn: the sessions end, and his time used is kept.
        let stopped = moved + Duration::from_secs(15);
        hub.depart(bob.id, stopped);
        hub.depart(alice.id, stopped);
        drop(hub);
        let later = stopped + Duration::from_secs(30);
        let (mut hub, _) = stored_hub(&path, later);
        let mut alice = Player::arrive(&mut hub, "alice", Some("SHA256:alice"), later);
        let c = alice.table().net.clock.unwrap();
        assert_eq!(c.left[0], Duration::from_secs(40));
        assert_eq!(c.left[1], Duration::from_secs(45), "{c:?}");
        assert_eq!(c.running, Some(Color::White));
    }

    #[test]
    fn a_player_away_in_the_lobby_plays_no_other_game_and_hears_how_theirs_ended() {
        let now = Instant::now();
        let (mut hub, _) = Hub::new(None, Duration::from_secs(60), TABLES, now);
        let (mut alice, mut bob, code) = on_the_clock(&mut hub, TimeControl::minutes(1, 0), now);
        hub.request(alice.id, NetRequest::Move("d3".into()), now);
        hub.request(bob.id, NetRequest::Leave, now);
        let seek = NetRequest::Seek {
            setup: Setup::new(5),
            rated: false,
            clock: None,
        };
        hub.request(bob.id, seek, now);
        assert_eq!(
            bob.errors(),
            [format!(
                "You have a game going on ({code}, under Your games): finish it first"
            )]
        );
        assert!(alice.lobby().iter().all(|l| !l.seek));
        // Bob's minute runs out while he is in the lobby: he is told, once.
        hub.tick(now + Duration::from_secs(61));
        let ended: Vec<crate::table::Ended> = bob
            .heard()
            .into_iter()
            .filter_map(|i| match i {
                Input::Ended(e) => Some(*e),
                _ => None,
            })
            .collect();
        assert_eq!(ended.len(), 1, "{ended:?}");
        assert_eq!(ended[0].ending, Some(Ending::Time(Color::White)));
        assert_eq!(
            (ended[0].held, ended[0].code.as_str()),
            (Color::White, code.as_str())
        );
        // Alice, still at the board, is told that no rematch is to be had.
        let note = alice.table().net.note;
        assert_eq!(note, Some(Note::Left { name: "bob".into() }));
    }

    #[test]
    fn a_player_without_a_key_plays_unrated_games_only() {
        let now = Instant::now();
        let dir = tempfile::tempdir().unwrap();
        let (mut hub, _) = stored_hub(&dir.path().join("games.db"), now);
        let mut alice = Player::arrive(&mut hub, "alice", Some("SHA256:alice"), now);
        let mut bob = Player::arrive(&mut hub, "bob", None, now);
        let (setup, color) = (Setup::new(5), Some(Color::Black));
        hub.request(
            bob.id,
            NetRequest::Create {
                setup,
                color,
                rated: true,
                clock: None,
            },
            now,
        );
        let refused = "Rated games are for players with an SSH key (ssh -i KEY …): unrated ones are open to all";
        assert_eq!(bob.errors(), [refused]);
        hub.request(
            alice.id,
            NetRequest::Create {
                setup,
                color,
                rated: true,
                clock: None,
            },
            now,
        );
        let code = alice.table().net.code;
        hub.request(bob.id, NetRequest::Join(code.clone()), now);
        assert_eq!(bob.errors(), [refused]);
        hub.request(bob.id, NetRequest::Watch(code), now);
        assert_eq!(bob.table().net.seat, None);
        // An unrated game between them has no ratings.
        hub.request(
            alice.id,
            NetRequest::Create {
                setup,
                color,
                rated: false,
                clock: None,
            },
            now,
        );
        let code = alice.table().net.code;
        hub.request(bob.id, NetRequest::Join(code), now);
        let net = bob.table().net;
        assert!(!net.rated && net.ratings == [None, None]);
    }

    #[test]
    fn a_game_from_creation_to_resignation() {
        let now = Instant::now();
        let (mut hub, _) = Hub::new(None, Duration::from_secs(60), TABLES, now);
        let mut alice = Player::arrive(&mut hub, "alice", None, now);
        let mut bob = Player::arrive(&mut hub, "bob", None, now);
        let code = reversi_as_black(&mut hub, &mut alice, now);
        let lobby = bob.heard();
        assert!(
            lobby
                .iter()
                .any(|i| matches!(i, Input::Lobby(l) if l.len() == 1 && l[0].open())),
            "{lobby:?}"
        );
        hub.request(bob.id, NetRequest::Join(code.clone()), now);
        let view = bob.table();
        assert_eq!(view.net.seat, Some(Color::White));
        assert_eq!(view.net.names, [Some("alice".into()), Some("bob".into())]);
        // Out of turn, then not a square: refused, and the board sent again.
        hub.request(bob.id, NetRequest::Move("c4".into()), now);
        assert_eq!(bob.errors(), ["It is not your turn (c4 was not played)"]);
        hub.request(alice.id, NetRequest::Move("z9".into()), now);
        assert!(alice.errors()[0].contains("z9"));
        hub.request(alice.id, NetRequest::Move("d3".into()), now);
        assert_eq!(bob.table().game.move_names(), ["d3"]);
        // A watcher sees the same and may not move.
        let mut carol = Player::arrive(&mut hub, "carol", None, now);
        hub.request(carol.id, NetRequest::Watch(code.clone()), now);
        let view = carol.table();
        assert_eq!((view.net.seat, view.game.move_names().len()), (None, 1));
        assert_eq!(alice.table().net.watchers, 1);
        hub.request(carol.id, NetRequest::Move("c3".into()), now);
        assert_eq!(carol.errors(), ["It is not your turn (c3 was not played)"]);
        hub.request(bob.id, NetRequest::Resign, now);
        let result = Some(Ending::Resigned(Color::White));
        assert_eq!(alice.table().net.result, result);
        assert_eq!(carol.table().net.result, result);
        hub.request(alice.id, NetRequest::Move("c3".into()), now);
        assert!(alice.errors()[0].starts_with("The game is over"));
    }

    /// Renju from the Taraguchi-10 opening between two terminals: after a swap the other
    /// player moves, each sees the colour they now hold and the names follow the colours (in
    /// the lobby, and in the database, also after a restart), and a resignation is the colour
    /// held.
    #[test]
    fn a_taraguchi_swap_changes_who_moves_and_who_is_shown_as_which_colour() {
        let now = Instant::now();
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("games.db");
        let (mut hub, _) = stored_hub(&path, now);
        let mut alice = Player::arrive(&mut hub, "alice", Some("SHA256:alice"), now);
        let mut bob = Player::arrive(&mut hub, "bob", Some("SHA256:bob"), now);
        let setup = Setup {
            kind: crate::game::GameId::Gomoku,
            opening: crate::settings::OpeningChoice::Taraguchi,
            ..Setup::new(5)
        };
        let color = Some(Color::Black);
        hub.request(
            alice.id,
            NetRequest::Create {
                setup,
                color,
                rated: false,
                clock: None,
            },
            now,
        );
        let code = alice.table().net.code;
        hub.request(bob.id, NetRequest::Join(code.clone()), now);
        bob.table();
        hub.request(alice.id, NetRequest::Move("h8".into()), now);
        // Bob, White, swaps: he holds Black now, and Alice must place White's second stone.
        hub.request(bob.id, NetRequest::Move("swap".into()), now);
        let view = bob.table();
        assert_eq!(view.net.seat, Some(Color::Black));
        assert_eq!(view.net.names, [Some("bob".into()), Some("alice".into())]);
        assert_eq!(alice.table().net.seat, Some(Color::White));
        hub.request(bob.id, NetRequest::Move("h9".into()), now);
        assert_eq!(bob.errors(), ["It is not your turn (h9 was not played)"]);
        hub.request(alice.id, NetRequest::Move("h9".into()), now);
        assert_eq!(bob.table().game.move_names(), ["h8", "swap", "h9"]);
        // The lobby names the players by the colours they hold.
        let mut carol = Player::arrive(&mut hub, "carol", None, now);
        let listed = carol.lobby();
        assert_eq!(listed[0].names, [Some("bob".into()), Some("alice".into())]);
        let renju = crate::table::Variant::Gomoku(crate::gomoku::Rule::Renju, 15, true);
        assert_eq!(listed[0].game, renju);
        // A restarted server gives each their seat and colour back.
        drop(hub);
        let (mut hub, _) = stored_hub(&path, now);
        let mut alice = Player::arrive(&mut hub, "alice", Some("SHA256:alice"), now);
        assert_eq!(alice.table().net.seat, Some(Color::White));
        hub.request(alice.id, NetRequest::Resign, now);
        assert_eq!(
            alice.table().net.result,
            Some(Ending::Resigned(Color::White))
        );
        // The record names the loser, alice, as White.
        drop(hub);
        let db = Db::open(&path).unwrap();
        assert_eq!(db.result(&code).as_deref(), Some("white resigned"));
        assert_eq!(db.names(&code), [Some("bob".into()), Some("alice".into())]);
    }

    #[test]
    fn a_seat_is_kept_then_claimable_and_comes_back_by_code_or_key() {
        let start = Instant::now();
        let grace = Duration::from_secs(300);
        let (mut hub, _) = Hub::new(None, grace, TABLES, start);
        let mut alice = Player::arrive(&mut hub, "alice", Some("SHA256:alice"), start);
        let mut bob = Player::arrive(&mut hub, "bob", None, start);
        let net = created_as_black(&mut hub, &mut alice, start);
        let code = net.code;
        assert_eq!(net.resume, None, "a keyed seat has no resume code");
        hub.request(bob.id, NetRequest::Join(code.clone()), start);
        let resume = bob.table().net.resume.unwrap();
        hub.depart(bob.id, start);
        let view = alice.table();
        assert!(
            english()
                .note(&view.net.note.unwrap())
                .contains("bob is away")
        );
        assert!(!view.net.claimable);
        hub.request(alice.id, NetRequest::Claim, start);
        assert!(alice.errors()[0].contains("not been gone long enough"));
        hub.tick(start + grace);
        assert!(alice.table().net.claimable);
        // Bob comes back by his resume code, from another connection; the code changes.
        let mut bob2 = Player::arrive(&mut hub, "bobby", None, start + grace);
        hub.request(bob2.id, NetRequest::Join(resume.clone()), start + grace);
        let view = bob2.table();
        assert_eq!(view.net.seat, Some(Color::White));
        assert_ne!(
            view.net.resume.as_ref(),
            Some(&resume),
            "a used code is spent"
        );
        assert!(!alice.table().net.claimable);
        let mut eve = Player::arrive(&mut hub, "eve", None, start + grace);
        hub.request(eve.id, NetRequest::Join(resume), start + grace);
        assert!(eve.errors()[0].starts_with("There is no game with the code"));
        // Alice's seat comes back with her key only, straight from arriving.
        hub.depart(alice.id, start + grace);
        let mut alice2 = Player::arrive(&mut hub, "alice", Some("SHA256:alice"), start + grace);
        assert_eq!(alice2.table().net.seat, Some(Color::Black));
    }

    #[test]
    fn guessing_codes_costs_time_and_seats_are_stored_hashed() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("games.db");
        let now = Instant::now();
        let (mut hub, _) = stored_hub(&path, now);
        let mut alice = Player::arrive(&mut hub, "alice", None, now);
        let net = created_as_black(&mut hub, &mut alice, now);
        let (code, resume) = (net.code, net.resume.unwrap());
        let mut eve = Player::arrive(&mut hub, "eve", None, now);
        for guess in ["AAAAAAAA", "BBBBBBBB", "CCCCCCCC", "DDDDDDDD"] {
            hub.request(eve.id, NetRequest::Join(guess.into()), now);
        }
        assert_eq!(eve.errors().len(), 4);
        // Even the right code now waits.
        hub.request(eve.id, NetRequest::Join(resume.clone()), now);
        assert_eq!(
            eve.errors(),
            ["Too many wrong codes: wait 1 s before trying again"]
        );
        // The database holds the code's hash, never the code, and the file is private.
        let mut text = std::fs::read(&path).unwrap();
        text.extend(std::fs::read(dir.path().join("games.db-wal")).unwrap_or_default());
        let holds = |needle: &str| text.windows(needle.len()).any(|w| w == needle.as_bytes());
        assert!(holds(&code) && !holds(&resume));
        use std::os::unix::fs::PermissionsExt;
        for file in ["games.db", "games.db-wal"] {
            let mode = std::fs::metadata(dir.path().join(file))
                .unwrap()
                .permissions()
                .mode();
            assert_eq!(mode & 0o777, 0o600, "{file}");
        }
    }

    #[test]
    fn tables_outlive_the_hub_in_the_database() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("games.db");
        let now = Instant::now();
        let (mut hub, _) = stored_hub(&path, now);
        let (alice, _bob, code) = two_at_a_table(&mut hub, now);
        hub.request(alice.id, NetRequest::Move("d3".into()), now);
        drop(hub);
        let (mut hub, problems) = stored_hub(&path, now);
        assert!(problems.is_empty());
        let mut alice = Player::arrive(&mut hub, "alice", Some("SHA256:alice"), now);
        let view = alice.table();
        assert_eq!(
            (view.net.code, view.game.move_names()),
            (code, vec!["d3".into()])
        );
        assert!(
            english()
                .note(&view.net.note.unwrap())
                .contains("bob is away")
        );
    }

    #[test]
    fn a_move_that_cannot_be_stored_is_not_played() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("games.db");
        let now = Instant::now();
        let (mut hub, _) = stored_hub(&path, now);
        let (mut alice, mut bob, _) = two_at_a_table(&mut hub, now);
        hub.request(alice.id, NetRequest::Move("d3".into()), now);
        alice.heard();
        bob.heard();
        // The disk fills up: bob's move and alice's resignation are refused, and said so.
        hub.db.as_ref().unwrap().set_read_only(true);
        hub.request(bob.id, NetRequest::Move("c3".into()), now);
        assert_eq!(
            bob.errors(),
            ["The server cannot save games right now (c3 was not played)"]
        );
        let told = alice.errors();
        assert!(
            told[0].starts_with("The server cannot save games"),
            "{told:?}"
        );
        hub.request(alice.id, NetRequest::Resign, now);
        assert!(alice.errors()[0].starts_with("The server cannot save games"));
        let view = bob.table();
        assert_eq!(view.game.move_names(), ["d3"]);
        assert!(view.net.result.is_none());
        // Space again: play goes on, and every move shown is in the database.
        hub.db.as_ref().unwrap().set_read_only(false);
        hub.request(bob.id, NetRequest::Move("c3".into()), now);
        assert!(bob.errors().is_empty());
        assert_eq!(alice.table().game.move_names(), ["d3", "c3"]);
        drop(hub);
        let (mut hub, _) = stored_hub(&path, now);
        let mut alice = Player::arrive(&mut hub, "alice", Some("SHA256:alice"), now);
        assert_eq!(alice.table().game.move_names(), ["d3", "c3"]);
    }

    #[test]
    fn unjoined_tables_close_and_abandoned_games_leave_the_lobby() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("games.db");
        let start = Instant::now();
        let (mut hub, _) = Hub::new(
            Some(Db::open(&path).unwrap()),
            Duration::from_secs(60),
            TABLES,
            start,
        );
        let mut alice = Player::arrive(&mut hub, "alice", Some("SHA256:alice"), start);
        let bob = Player::arrive(&mut hub, "bob", Some("SHA256:bob"), start);
        let mut carol = Player::arrive(&mut hub, "carol", Some("SHA256:carol"), start);
        let played = reversi_as_black(&mut hub, &mut alice, start);
        hub.request(bob.id, NetRequest::Join(played.clone()), start);
        hub.request(alice.id, NetRequest::Move("d3".into()), start);
        let waiting = reversi_as_black(&mut hub, &mut carol, start);
        // Ten minutes on, nobody has joined carol's table: it closes and she is told.
        hub.tick(start + UNJOINED_FOR);
        assert!(carol.errors()[0].contains(&format!("Nobody joined game {waiting}")));
        let mut dave = Player::arrive(&mut hub, "dave", None, start + UNJOINED_FOR);
        let listed = |dave: &mut Player| -> Vec<String> {
            dave.lobby().into_iter().map(|l| l.code).collect()
        };
        assert_eq!(listed(&mut dave), std::slice::from_ref(&played));
        // Alice and bob both leave, alice first; within the grace time the game waits for
        // them, then it leaves the lobby, and the database keeps it as a finished record,
        // abandoned by alice, rather than loading it again.
        let left = start + UNJOINED_FOR;
        hub.depart(alice.id, left);
        hub.depart(bob.id, left + Duration::from_secs(1));
        hub.tick(left + Duration::from_secs(60));
        assert_eq!(listed(&mut dave), std::slice::from_ref(&played));
        hub.tick(left + Duration::from_secs(61));
        assert!(listed(&mut dave).is_empty());
        drop(hub);
        let (hub, _) = Hub::new(
            Some(Db::open(&path).unwrap()),
            Duration::from_secs(60),
            TABLES,
            start,
        );
        assert!(hub.tables.is_empty());
        drop(hub);
        let db = Db::open(&path).unwrap();
        assert!(db.exists(&played));
        assert_eq!(db.result(&played).as_deref(), Some("black left"));
    }

    #[test]
    fn a_player_holds_few_open_tables_and_the_lobby_lists_the_latest() {
        let start = Instant::now();
        let (mut hub, _) = Hub::new(None, Duration::from_secs(60), TABLES, start);
        let mut tabs: Vec<Player> = (0..OPEN_TABLES)
            .map(|_| Player::arrive(&mut hub, "alice", Some("SHA256:alice"), start))
            .collect();
        for p in &mut tabs {
            reversi_as_black(&mut hub, p, start);
        }
        let mut one_more = Player::arrive(&mut hub, "alice", Some("SHA256:alice"), start);
        hub.request(
            one_more.id,
            NetRequest::Create {
                setup: Setup::new(5),
                color: None,
                rated: false,
                clock: None,
            },
            start,
        );
        assert_eq!(
            one_more.errors(),
            ["You already have 3 games waiting for an opponent"]
        );
        // Forty people wait for opponents: the lobby lists the latest twelve.
        for i in 0..40u64 {
            let now = start + Duration::from_secs(i);
            let mut p = Player::arrive(&mut hub, "p", Some(&format!("SHA256:p{i}")), now);
            reversi_as_black(&mut hub, &mut p, now);
        }
        let mut dave = Player::arrive(&mut hub, "dave", None, start);
        let lobby = dave.lobby();
        assert_eq!(lobby.len(), LISTED);
        assert!(lobby.iter().all(|l| l.open()));
        assert_eq!(lobby[0].names[0].as_deref(), Some("p"));
    }

    #[test]
    fn an_open_table_waits_while_its_creator_steps_out_and_goes_with_them() {
        let now = Instant::now();
        let (mut hub, _) = Hub::new(None, Duration::from_secs(60), TABLES, now);
        let mut alice = Player::arrive(&mut hub, "alice", None, now);
        let code = reversi_as_black(&mut hub, &mut alice, now);
        hub.request(alice.id, NetRequest::Leave, now);
        let lobby = alice.lobby();
        assert!(lobby.len() == 1 && lobby[0].yours, "{lobby:?}");
        assert_eq!(lobby[0].code, code);
        let mut bob = Player::arrive(&mut hub, "bob", None, now);
        assert!(bob.lobby()[0].open());
        // Alice sits down again from her games, then leaves the server: the table goes.
        hub.request(alice.id, NetRequest::Join(code.clone()), now);
        assert_eq!(alice.table().net.seat, Some(Color::Black));
        hub.depart(alice.id, now);
        assert!(bob.lobby().is_empty());
        hub.request(bob.id, NetRequest::Join(code.clone()), now);
        assert_eq!(
            bob.errors(),
            [format!("There is no game with the code {code}")]
        );

        // Back again with two open games: the second closes when the first begins; she hears
        // who came, her seat's grace starts then, and no clock runs before she is back.
        let mut alice = Player::arrive(&mut hub, "alice", None, now);
        let code = reversi_as_black(&mut hub, &mut alice, now);
        hub.request(alice.id, NetRequest::Leave, now);
        let second = reversi_as_black(&mut hub, &mut alice, now);
        hub.request(alice.id, NetRequest::Leave, now);
        let _ = alice.heard();
        let mut carol = Player::arrive(&mut hub, "carol", None, now);
        let later = now + Duration::from_secs(600);
        hub.request(carol.id, NetRequest::Join(code.clone()), later);
        let heard = alice.heard();
        assert!(
            heard
                .iter()
                .any(|i| matches!(i, Input::Joined { name, .. } if name == "carol")),
            "{heard:?}"
        );
        assert!(
            heard.iter().any(
                |i| matches!(i, Input::NetError(Refusal::ClosedForAnother(c)) if *c == second)
            ),
            "{heard:?}"
        );
        hub.request(carol.id, NetRequest::Claim, later);
        assert_eq!(carol.errors().len(), 1, "too soon to claim");
    }

    #[test]
    fn a_game_begun_by_pairing_closes_the_players_open_games() {
        let now = Instant::now();
        let (mut hub, _) = Hub::new(None, Duration::from_secs(60), TABLES, now);
        let mut alice = Player::arrive(&mut hub, "alice", Some("SHA256:alice"), now);
        let open = reversi_as_black(&mut hub, &mut alice, now);
        hub.request(alice.id, NetRequest::Leave, now);
        let bob = Player::arrive(&mut hub, "bob", Some("SHA256:bob"), now);
        let seek = || NetRequest::Seek {
            setup: Setup::new(5),
            rated: false,
            clock: None,
        };
        hub.request(alice.id, seek(), now);
        hub.request(bob.id, seek(), now);
        let heard = alice.heard();
        assert!(
            heard
                .iter()
                .any(|i| matches!(i, Input::NetError(Refusal::ClosedForAnother(c)) if *c == open)),
            "{heard:?}"
        );
        assert!(!hub.tables.contains_key(&open));
        assert_eq!(hub.tables.len(), 1);
    }

    #[test]
    fn a_player_who_steps_out_finds_their_seat_under_your_games() {
        let now = Instant::now();
        let (mut hub, _) = Hub::new(None, Duration::from_secs(60), TABLES, now);
        let (mut alice, mut bob, code) = two_at_a_table(&mut hub, now);
        hub.request(alice.id, NetRequest::Move("d3".into()), now);
        // Bob, without a key, steps out to the lobby: his seat is listed as his.
        hub.request(bob.id, NetRequest::Leave, now);
        let lobby = bob.lobby();
        assert_eq!(lobby.len(), 1);
        assert!(lobby[0].yours, "{lobby:?}");
        // Another keyless player sees it as a game being played, and only watches.
        let mut eve = Player::arrive(&mut hub, "bob", None, now);
        assert!(!eve.lobby()[0].yours);
        hub.request(eve.id, NetRequest::Join(code.clone()), now);
        assert_eq!(eve.table().net.seat, None);
        // Enter on it takes bob back to his seat, and alice hears he is back.
        hub.request(bob.id, NetRequest::Join(code.clone()), now);
        let view = bob.table();
        assert_eq!(view.net.seat, Some(Color::White));
        assert_eq!(view.game.move_names(), ["d3"]);
        assert_eq!(alice.table().net.note, None);
        hub.request(bob.id, NetRequest::Move("c3".into()), now);
        assert_eq!(alice.table().game.move_names(), ["d3", "c3"]);
    }

    #[test]
    fn a_game_whose_players_wait_in_the_lobby_is_not_abandoned() {
        let start = Instant::now();
        let grace = Duration::from_secs(60);
        let (mut hub, _) = Hub::new(None, grace, TABLES, start);
        let (mut alice, mut bob, code) = two_at_a_table(&mut hub, start);
        hub.request(alice.id, NetRequest::Move("d3".into()), start);
        hub.request(alice.id, NetRequest::Leave, start);
        hub.request(bob.id, NetRequest::Leave, start);
        hub.tick(start + grace * 10);
        assert!(bob.lobby()[0].yours);
        hub.request(alice.id, NetRequest::Join(code), start + grace * 10);
        assert_eq!(alice.table().net.seat, Some(Color::Black));
    }

    #[test]
    fn the_server_holds_at_most_its_tables() {
        let now = Instant::now();
        let (mut hub, _) = Hub::new(None, Duration::from_secs(60), 2, now);
        let mut made = vec![];
        for i in 0..3 {
            let mut p = Player::arrive(&mut hub, "p", Some(&format!("SHA256:{i}")), now);
            let setup = Setup::new(5);
            hub.request(
                p.id,
                NetRequest::Create {
                    setup,
                    color: None,
                    rated: false,
                    clock: None,
                },
                now,
            );
            made.push(p.errors());
        }
        assert!(made[0].is_empty() && made[1].is_empty(), "{made:?}");
        assert_eq!(
            made[2],
            ["The server has as many games as it can hold: join one, or try later"]
        );
        assert_eq!(hub.tables.len(), 2);
    }

    #[test]
    fn a_game_changed_by_another_writer_is_not_overwritten() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("games.db");
        let now = Instant::now();
        let (mut hub, _) = stored_hub(&path, now);
        let (mut alice, bob, code) = two_at_a_table(&mut hub, now);
        hub.request(alice.id, NetRequest::Move("d3".into()), now);
        // Behind the hub's back, the stored game moves on (what a second server did).
        let mut longer = hub.tables[&code].stored(Instant::now());
        if let SavedGame::Reversi(g) = &mut longer.game {
            g.record.play("c3".parse().unwrap()).unwrap();
            g.record.play("c4".parse().unwrap()).unwrap();
        }
        let db = hub.db.as_ref().unwrap();
        db.save(&longer, Some(1)).unwrap();
        // The hub's next move would put a shorter game over it: refused, nothing changes.
        hub.request(bob.id, NetRequest::Move("c5".into()), now);
        drop(hub);
        let (hub, _) = stored_hub(&path, now);
        assert_eq!(hub.tables[&code].game.move_names(), ["d3", "c3", "c4"]);
        let _ = alice.heard();
    }
}
