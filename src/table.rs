//! Games between two terminals: what the server and a terminal's App tell each other (a table
//! as one terminal sees it, the lobby's list, requests and refusals). Plain data, below the App
//! and the words, so that both the server and the App use it and `i18n` can word it.

pub use crate::game::Ending;
use crate::game::clock::TimeControl;
use crate::game::{GameId, SavedGame};
use crate::gomoku::Rule;
use crate::reversi::Color;
use crate::settings::Setup;

/// A game between two terminals, as this terminal sees it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Net {
    /// The code others join or watch it by.
    pub code: String,
    /// The side played here; `None` when watching.
    pub seat: Option<Color>,
    /// Black's and White's names; `None` while a seat is empty.
    pub names: [Option<String>; 2],
    pub watchers: usize,
    /// How the game ended off the board (a resignation, a win claimed), if it did.
    pub result: Option<Ending>,
    /// News of the other side: gone, how long their seat is kept.
    pub note: Option<Note>,
    /// The code that gives this seat back from any connection (a player without a key only;
    /// shown on request, and changed each time it is used).
    pub resume: Option<String>,
    /// The opponent has been gone so long that the win may be claimed (`c`).
    pub claimable: bool,
    /// Whether the game changes the players' ratings.
    pub rated: bool,
    /// In a rated game, by the colour each player holds: their rating, and once the game is
    /// over the rating it gave them.
    pub ratings: [Option<Rated>; 2],
    /// After the game, by colour held: who has asked for a rematch.
    pub rematch: [bool; 2],
    /// The clocks, kept by the server, as they stood when this view was sent.
    pub clock: Option<NetClock>,
}

/// A game's clocks as the server sends them: each colour's time left, and whose runs.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct NetClock {
    pub control: TimeControl,
    pub left: [std::time::Duration; 2],
    pub running: Option<Color>,
}

/// A rating as shown: its points, and whether it is still provisional (fewer than ten rated
/// games, shown with a `?`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Rating {
    pub points: i32,
    pub provisional: bool,
}

impl std::fmt::Display for Rating {
    /// "1500", or "1500?" while provisional.
    fn fmt(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
        let mark = if self.provisional { "?" } else { "" };
        write!(f, "{}{mark}", self.points)
    }
}

/// A player's rating in a rated game: before it, and after it once it is over.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Rated {
    pub before: Rating,
    pub after: Option<Rating>,
}

impl Net {
    /// Whether both seats are taken.
    pub fn full(&self) -> bool {
        self.names.iter().all(Option::is_some)
    }

    /// Whether this terminal may move when `to_move` is to move.
    pub fn may_move(&self, to_move: Color) -> bool {
        self.seat == Some(to_move) && self.full() && self.result.is_none()
    }
}

/// News of the other side of a game between terminals.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Note {
    /// Away; the seat is kept this many more minutes.
    Away { name: String, minutes_left: u64 },
    /// Gone longer than the seat is kept, for this many minutes.
    Gone { name: String, minutes: u64 },
    /// Left after the game ended: no rematch with them.
    Left { name: String },
}

/// How a game ended, for a player who had stepped out of it to the lobby.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Ended {
    pub code: String,
    /// How it ended off the board, if it did.
    pub ending: Option<Ending>,
    /// The winner (`None`: a draw).
    pub winner: Option<Color>,
    /// The colour the player held.
    pub held: Color,
    /// A rated game: the player's rating before and after.
    pub rated: Option<Rated>,
}

/// Why the server refused a request.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Refusal {
    NoSuchCode(String),
    TakenOver,
    NotInGame,
    GameOver,
    OnlyPlayers,
    TooSoon,
    /// Nobody joined this table in time; it was closed.
    Expired(String),
    /// This player already has this many tables waiting for an opponent.
    TooManyOpenTables(usize),
    /// The server has as many tables as it holds.
    ServerFull,
    /// Too many wrong codes lately: wait this many seconds before trying another.
    WaitBeforeTrying(u64),
    /// The server could not store the table's last change (a move of the other player's, a
    /// resignation): it was not made, and the table waits until storing works again.
    NotStored,
    /// A move (by name) that was not played, and why.
    Move(String, MoveRefusal),
    /// Rated games are for players with a key: a player without one may watch.
    RatedNeedsKey,
    /// The other player has left the table: no rematch.
    NoRematch,
    /// A finished game that the server does not have (or cannot read).
    NoSuchGame(String),
    /// A player the server knows no game of.
    NoSuchPlayer,
    /// That player is no longer waiting for an opponent.
    SeekGone,
    /// The player has a game between people going on (at this code): one at a time.
    PlayingAlready(String),
    /// The player's open game at this code was closed: another of theirs has begun.
    ClosedForAnother(String),
}

/// Why a move sent to the server was not played.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum MoveRefusal {
    GameOver,
    NotYourTurn,
    NoOpponent,
    NotASquare,
    /// The server cannot store games now, so it does not play moves.
    NotStored,
    /// The rules do not allow it.
    Illegal(crate::game::Illegal),
}

/// A game as the lobby lists it: Gomoku by its rules and board (and whether it begins with
/// the Taraguchi-10 opening), any other game by its name.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Variant {
    Game(GameId),
    Gomoku(Rule, u8, bool),
}

impl Variant {
    /// What ratings are kept for: the variant without its opening rule (a Renju player has
    /// one Renju rating however games begin).
    pub fn pool(self) -> Variant {
        match self {
            Variant::Gomoku(rule, size, _) => Variant::Gomoku(rule, size, false),
            other => other,
        }
    }

    /// The pool's name as the server's database keeps it: "reversi", "gomoku renju 15".
    pub fn pool_code(self) -> String {
        match self.pool() {
            Variant::Game(id) => id.key().to_string(),
            Variant::Gomoku(rule, size, _) => format!("gomoku {} {size}", rule.name()),
        }
    }

    /// The pool a database code names ([`Variant::pool_code`]).
    pub fn from_pool_code(code: &str) -> Option<Variant> {
        let mut words = code.split(' ');
        let variant = match (words.next()?, words.next(), words.next()) {
            ("gomoku", Some(rule), Some(size)) => {
                let size = size.parse().ok().filter(|s| [15, 19].contains(s))?;
                Variant::Gomoku(crate::gomoku::Rule::named(rule)?, size, false)
            }
            (key, None, None) => Variant::Game(GameId::ALL.into_iter().find(|id| id.key() == key)?),
            _ => return None,
        };
        (words.next().is_none() && variant.pool_code() == code).then_some(variant)
    }

    /// The variant `game` is.
    pub fn of(game: &SavedGame) -> Variant {
        match game {
            SavedGame::Gomoku(g) => {
                let p = g.record.start();
                let taraguchi = p.start() == crate::gomoku::Start::Taraguchi;
                Variant::Gomoku(p.rule(), p.board().size(), taraguchi)
            }
            other => Variant::Game(other.id()),
        }
    }
}

/// A player's standing in one pool, as the leaderboard and the player's card list it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Standing {
    /// The name they last played a rated game under.
    pub name: String,
    /// Their key's fingerprint: who they are.
    pub key: String,
    pub pool: Variant,
    pub rating: Rating,
    pub games: u32,
    pub wins: u32,
    pub losses: u32,
    pub draws: u32,
}

/// The best players of a pool: rated, not provisional, active in the last 90 days.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Leaderboard {
    pub pool: Variant,
    /// Every pool that has rated players (the one shown among them), to step through.
    pub pools: Vec<Variant>,
    pub top: Vec<Standing>,
    /// Below them, the active players whose ratings are still provisional.
    pub provisional: Vec<Standing>,
    /// The asking player's own standing in the pool, if they have one.
    pub you: Option<Standing>,
}

/// A player's card: their ratings, and their latest finished games between people.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Card {
    pub name: String,
    pub key: String,
    pub standings: Vec<Standing>,
    pub games: Vec<PastGame>,
}

/// A finished game on a player's card.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PastGame {
    pub code: String,
    pub game: Variant,
    /// Black's and White's names, by the colour held at the end.
    pub names: [Option<String>; 2],
    /// The winning colour; `None`: a draw.
    pub winner: Option<Color>,
    /// The colour the card's player held.
    pub played: Color,
    /// What it changed of the player's rating, if it was rated.
    pub change: Option<i32>,
    /// When it ended, YYYY-MM-DD.
    pub date: String,
}

/// A table as the server sends it: the game so far and this terminal's view of it.
#[derive(Clone, Debug, PartialEq)]
pub struct TableView {
    pub net: Net,
    pub game: SavedGame,
}

/// One table in the lobby's list.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Listing {
    pub code: String,
    pub game: Variant,
    pub names: [Option<String>; 2],
    pub watchers: usize,
    /// The number of the move to come (Renju's stone number; swaps and offers not counted).
    pub move_number: usize,
    /// A seat here is held for this player (they left or dropped out).
    pub yours: bool,
    /// Whether the game is rated, and the ratings of its players (by colour held).
    pub rated: bool,
    pub ratings: [Option<Rating>; 2],
    /// The game's time control, if it is played on the clock.
    pub clock: Option<TimeControl>,
    /// Not a table but a player looking for an opponent now (the first name, the first
    /// rating): Enter plays them (or, one's own, withdraws it).
    pub seek: bool,
}

impl Listing {
    /// Whether a seat is free to take.
    pub fn open(&self) -> bool {
        self.names.iter().any(Option::is_none)
    }
}

/// What a terminal asks of the server.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum NetRequest {
    /// A new table for a person to join: the game, and the colour wanted (`None`: either).
    Create {
        setup: Setup,
        color: Option<Color>,
        /// Whether the game changes the players' ratings (players with a key only).
        rated: bool,
        clock: Option<TimeControl>,
    },
    /// Take a seat at the table with this code (a join code, or a seat's resume code).
    Join(String),
    Watch(String),
    /// This terminal's move, by name ("d3", "h8").
    Move(String),
    Resign,
    /// Win the game whose opponent has been gone too long.
    Claim,
    /// After a game: the same two again, colours swapped (once both have asked).
    Rematch,
    /// Play someone now: wait in the lobby to be paired with the nearest rating.
    Seek {
        setup: Setup,
        rated: bool,
        clock: Option<TimeControl>,
    },
    /// Play the player waiting under this code now.
    Accept(String),
    /// Stop waiting to be paired.
    Withdraw,
    /// The leaderboard of a pool (`None`: the asking player's, or the first with players).
    Leaderboard(Option<Variant>),
    /// The card of the player with this key.
    Card(String),
    /// A finished game, to replay, by its code.
    PastGame(String),
    /// Back to the lobby; a seat in an unfinished game is kept.
    Leave,
}
