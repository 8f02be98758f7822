//! Every key heibai reads, in one table: what a key does on each screen, the key lines at the
//! foot of the screens and the keys in the help all come from it, so they cannot drift apart.

use super::input::Key;
use super::rules::Rules;
use super::theme::Theme;
use crate::game::{GameId, for_game};
use crate::i18n::{Act, Text};

/// What a key asks for; each screen reads the commands its rows bind.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Command {
    Up,
    Down,
    Left,
    Right,
    /// Place, start, open, go, play from here: the screen's main action.
    Enter,
    Hints,
    Analysis,
    Undo,
    Redo,
    Resign,
    /// Computer against computer, or a replay: stop or go on.
    Pause,
    Save,
    Copy,
    Replay,
    New,
    Settings,
    Help,
    /// Esc: close, go back, leave the table, or quit.
    Quit,
    Claim,
    ResumeCode,
    /// After a game: again, the sides swapped.
    Swap,
    /// The saved games: show the next kind.
    Filter,
    Delete,
    Rename,
    First,
    Last,
    BackTen,
    ForwardTen,
    Faster,
    Slower,
    /// A replay: to the review's previous or next mistake.
    PrevMistake,
    NextMistake,
    /// Gomoku's Taraguchi-10 opening: take the other colour.
    SwapColours,
    /// Gomoku's Taraguchi-10 opening: offer ten fifth stones.
    Offer,
}

/// Where keys are read: each screen binds its own.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Place {
    /// The start menu; on a server (`served`) its Esc goes back to the lobby.
    Menu {
        served: bool,
    },
    Library,
    Lobby,
    /// The Settings window.
    Settings,
    /// A game on the board, and who is at it.
    Game {
        kind: GameId,
        seat: Seat,
    },
    /// A replay; `live` when it is of a game between people still being played, which gets
    /// no engine's help (no analysis, no review's mistakes) and cannot be played on from.
    Replay {
        kind: GameId,
        live: bool,
    },
}

/// Who is at a game's board, which decides its keys.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Seat {
    /// A game of this terminal's: Esc goes back to the start menu, the game kept for
    /// Continue there (and Esc there ends heibai).
    Here,
    /// A game against the computer on a server: Esc goes back to the start menu, the game
    /// kept for Continue there.
    Served,
    /// A player's seat at a game between people.
    Player,
    /// Watching a game between people: no cursor, no moves.
    Watcher,
}

impl Seat {
    /// Every seat, for the tests that check the table.
    #[cfg(test)]
    pub const ALL: [Seat; 4] = [Seat::Here, Seat::Served, Seat::Player, Seat::Watcher];

    /// The seat at a game between people (`net`), or at one against the computer, on a
    /// server (`served`) or here.
    pub fn of(net: Option<&crate::table::Net>, served: bool) -> Seat {
        match net {
            Some(net) if net.seat.is_some() => Seat::Player,
            Some(_) => Seat::Watcher,
            None if served => Seat::Served,
            None => Seat::Here,
        }
    }

    /// A game between people.
    pub fn net(self) -> bool {
        matches!(self, Seat::Player | Seat::Watcher)
    }

    /// What Esc does here, for the key lines: quit, the start menu, the lobby (the seat
    /// kept), or stop watching.
    pub fn out(self) -> Act {
        match self {
            Seat::Here | Seat::Served => Act::Menu,
            Seat::Player => Act::Lobby,
            Seat::Watcher => Act::StopWatching,
        }
    }
}

impl Place {
    /// Every place, for the tests that check the table.
    #[cfg(test)]
    pub fn all() -> Vec<Place> {
        let mut all = vec![
            Place::Menu { served: false },
            Place::Menu { served: true },
            Place::Library,
            Place::Lobby,
            Place::Settings,
        ];
        for kind in GameId::ALL {
            for seat in Seat::ALL {
                all.push(Place::Game { kind, seat });
            }
        }
        for live in [false, true] {
            all.extend(GameId::ALL.map(|kind| Place::Replay { kind, live }));
        }
        all
    }

    /// The keys of this place, one row per line of the help: a game's own rows (its board, and
    /// the analysis it may have) among those every game shares.
    pub fn rows(self) -> Vec<&'static Row> {
        let parts: [&'static [Row]; 4] = match self {
            Place::Menu { served: false } => [MENU, &[QUIT], &[], &[]],
            Place::Menu { served: true } => [MENU, &[TO_LOBBY], &[], &[]],
            Place::Library => [LIBRARY, &[], &[], &[]],
            Place::Lobby => [LOBBY, &[], &[], &[]],
            Place::Settings => [SETTINGS, &[], &[], &[]],
            Place::Game { kind, seat } => match seat {
                Seat::Here | Seat::Served => [board(kind), analysis(kind), GAME, &[TO_MENU]],
                Seat::Player => [board(kind), &[], NET_GAME, &[]],
                Seat::Watcher => [WATCHING, &[], &[], &[]],
            },
            Place::Replay { kind, live: false } => [REPLAY_STEPS, analysis(kind), REPLAY_END, &[]],
            Place::Replay { live: true, .. } => [LIVE_REPLAY_STEPS, REPLAY_END, &[], &[]],
        };
        parts.into_iter().flatten().collect()
    }

    /// What `key` asks for here, if anything.
    pub fn command(self, key: Key) -> Option<Command> {
        self.rows()
            .iter()
            .flat_map(|row| row.keys)
            .find(|&&(k, _)| k == key)
            .map(|&(_, command)| command)
    }

    /// The row that does `act` here.
    fn row(self, act: Act) -> Option<&'static Row> {
        self.rows().into_iter().find(|row| row.act == act)
    }

    /// "u undo": the key for `act` and its word, for a key line. `None` when nothing does it
    /// here.
    pub fn item(self, act: Act, theme: Theme, t: &dyn Text) -> Option<String> {
        self.item_as(act, act, theme, t)
    }

    /// The key for `act`, said with the word of `word` ("n new game").
    pub fn item_as(self, act: Act, word: Act, theme: Theme, t: &dyn Text) -> Option<String> {
        self.row(act)?;
        let key = self.key(act, theme, t);
        Some(match t.act(word) {
            "" => key,
            word => format!("{key} {word}"),
        })
    }

    /// The key for `act` here, as a key line writes it ("" when nothing does it here).
    pub fn key(self, act: Act, theme: Theme, t: &dyn Text) -> String {
        self.row(act)
            .map_or_else(String::new, |row| row.label(false, theme, t))
    }

    /// The key line of the acts given that this place binds.
    pub fn items(self, acts: &[Act], theme: Theme, t: &dyn Text) -> Vec<String> {
        acts.iter()
            .filter_map(|&act| self.item(act, theme, t))
            .collect()
    }
}

/// How a row's keys are written.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Label {
    /// From the keys themselves: "{arrows} or h j k l"; the key line keeps the first.
    Keys,
    /// Written out, in the help and in the key line.
    Fixed {
        help: &'static str,
        line: &'static str,
    },
    /// A thing that is not one key ("a-h then 1-8", "mouse click"), in the player's words.
    Words,
}

/// One line of the help: what it does, its keys, and the command each key gives.
#[derive(Debug)]
pub struct Row {
    pub act: Act,
    pub keys: &'static [(Key, Command)],
    pub label: Label,
}

impl Row {
    /// The keys as the help (`full`) or a key line writes them.
    pub fn label(&self, full: bool, theme: Theme, t: &dyn Text) -> String {
        match self.label {
            Label::Fixed { help, line } => (if full { help } else { line }).to_string(),
            Label::Words => t.keys_in_words(self.act).to_string(),
            Label::Keys => {
                let names = names(self.keys, theme, t);
                match names.split_first() {
                    Some((first, rest)) if full && !rest.is_empty() => t.or(first, &rest.join(" ")),
                    Some((first, _)) => first.clone(),
                    None => String::new(),
                }
            }
        }
    }
}

/// The names of `keys`, the arrows among them as one glyph group, each named once.
fn names(keys: &[(Key, Command)], theme: Theme, t: &dyn Text) -> Vec<String> {
    let has = |k: Key| keys.iter().any(|&(key, _)| key == k);
    let (up_down, left_right) = (
        has(Key::Up) && has(Key::Down),
        has(Key::Left) && has(Key::Right),
    );
    let arrows = (up_down || left_right).then(|| arrow_keys(up_down, left_right, theme, t));
    let mut names: Vec<String> = vec![];
    for &(key, _) in keys {
        let name = match key {
            Key::Up | Key::Down | Key::Left | Key::Right => match arrows {
                Some(glyph) => glyph.to_string(),
                None => continue,
            },
            Key::Char(' ') => t.space_key().to_string(),
            key => key_name(key),
        };
        if !names.contains(&name) {
            names.push(name);
        }
    }
    names
}

/// The arrow keys as one group: their glyphs, or in words without them (`--ascii`).
pub fn arrow_keys(up_down: bool, left_right: bool, theme: Theme, t: &dyn Text) -> &'static str {
    let g = theme.glyphs();
    match (theme.ascii, up_down, left_right) {
        (true, ..) => t.arrow_keys(up_down, left_right),
        (false, true, false) => g.up_down,
        (false, false, true) => g.left_right,
        (false, ..) => g.arrows,
    }
}

/// A key as the help writes it.
pub fn key_name(key: Key) -> String {
    match key {
        Key::Up => "Up".into(),
        Key::Down => "Down".into(),
        Key::Left => "Left".into(),
        Key::Right => "Right".into(),
        Key::Enter => "Enter".into(),
        Key::Esc => "Esc".into(),
        Key::F1 => "F1".into(),
        Key::Home => "Home".into(),
        Key::End => "End".into(),
        Key::PageUp => "PgUp".into(),
        Key::PageDown => "PgDn".into(),
        Key::Backspace => "Backspace".into(),
        Key::Interrupt => "Ctrl-C".into(),
        Key::ClearLine => "Ctrl-U".into(),
        Key::Char(c) => c.to_string(),
        Key::Other => String::new(),
    }
}

use Command as C;
use Key as K;

pub const fn row(act: Act, keys: &'static [(Key, Command)]) -> Row {
    Row {
        act,
        keys,
        label: Label::Keys,
    }
}

const CHOOSE: Row = row(
    Act::Choose,
    &[
        (K::Up, C::Up),
        (K::Down, C::Down),
        (K::Char('k'), C::Up),
        (K::Char('j'), C::Down),
    ],
);
const CHANGE: Row = row(
    Act::Change,
    &[
        (K::Left, C::Left),
        (K::Right, C::Right),
        (K::Char('h'), C::Left),
        (K::Char('l'), C::Right),
    ],
);
const SETTINGS_KEY: Row = row(Act::Settings, &[(K::Char('o'), C::Settings)]);
const HELP: Row = row(Act::Help, &[(K::Char('?'), C::Help), (K::F1, C::Help)]);
const QUIT: Row = row(Act::Quit, &[(K::Esc, C::Quit), (K::Char('q'), C::Quit)]);
const BACK: Row = row(Act::Back, &[(K::Esc, C::Quit), (K::Char('q'), C::Quit)]);
const REPLAY: Row = row(Act::Replay, &[(K::Char('v'), C::Replay)]);

const MENU: &[Row] = &[
    CHOOSE,
    CHANGE,
    row(
        Act::Start,
        &[(K::Enter, C::Enter), (K::Char(' '), C::Enter)],
    ),
    SETTINGS_KEY,
    HELP,
];
/// Out of a server's start menu: back to its lobby.
const TO_LOBBY: Row = row(Act::Lobby, &[(K::Esc, C::Quit), (K::Char('q'), C::Quit)]);

const LIBRARY: &[Row] = &[
    CHOOSE,
    row(Act::Open, &[(K::Enter, C::Enter)]),
    REPLAY,
    row(Act::Filter, &[(K::Char('f'), C::Filter)]),
    row(Act::Delete, &[(K::Char('d'), C::Delete)]),
    row(Act::Rename, &[(K::Char('r'), C::Rename)]),
    HELP,
    BACK,
];

const LOBBY: &[Row] = &[
    CHOOSE,
    CHANGE,
    row(Act::Go, &[(K::Enter, C::Enter), (K::Char(' '), C::Enter)]),
    SETTINGS_KEY,
    HELP,
    QUIT,
];

const SETTINGS: &[Row] = &[
    CHOOSE,
    CHANGE,
    // A second line for the same: Enter also turns a setting on.
    row(
        Act::Change,
        &[(K::Enter, C::Right), (K::Char(' '), C::Right)],
    ),
    row(
        Act::CloseKept,
        &[
            (K::Esc, C::Quit),
            (K::Char('q'), C::Quit),
            (K::Char('o'), C::Quit),
        ],
    ),
];

/// The Reversi board moves its cursor with the arrows only: the letters a-h name its columns
/// (a square is typed as `f` `5`), so none of them is a command there.
pub const REVERSI_MOVE: Row = row(
    Act::Move,
    &[
        (K::Up, C::Up),
        (K::Down, C::Down),
        (K::Left, C::Left),
        (K::Right, C::Right),
    ],
);
pub const GOMOKU_MOVE: Row = row(
    Act::Move,
    &[
        (K::Up, C::Up),
        (K::Down, C::Down),
        (K::Left, C::Left),
        (K::Right, C::Right),
        (K::Char('h'), C::Left),
        (K::Char('j'), C::Down),
        (K::Char('k'), C::Up),
        (K::Char('l'), C::Right),
    ],
);
pub const PLACE: Row = row(
    Act::Place,
    &[(K::Enter, C::Enter), (K::Char(' '), C::Enter)],
);
pub const JUMP: Row = Row {
    act: Act::Jump,
    keys: &[],
    label: Label::Words,
};
/// Gomoku's points are typed after a `:` (its columns run past the letters that are
/// commands): `:` `h` `8`, or `:` `h` `1` `0`.
pub const GOMOKU_JUMP: Row = Row {
    act: Act::Jump,
    keys: &[],
    label: Label::Fixed {
        help: ": h 8",
        line: ":",
    },
};
pub const CLICK: Row = Row {
    act: Act::Click,
    keys: &[],
    label: Label::Words,
};
pub const HINTS: Row = row(Act::Hints, &[(K::Char('t'), C::Hints)]);
/// `c` to change colours in Renju's Taraguchi-10 opening (`w`, which swaps the sides after a
/// game, claims a win at a table).
pub const OPENING_SWAP: Row = row(Act::SwapColours, &[(K::Char('c'), C::SwapColours)]);
/// `f` for the fifth stones offered.
pub const OFFER: Row = row(Act::Offer, &[(K::Char('f'), C::Offer)]);
/// `m` for the move scores: `a`, the old key, is a column of the board.
const ANALYSIS: Row = row(Act::Analysis, &[(K::Char('m'), C::Analysis)]);
const UNDO: Row = row(Act::Undo, &[(K::Char('u'), C::Undo)]);
const REDO: Row = row(Act::Redo, &[(K::Char('r'), C::Redo)]);
const RESIGN: Row = row(Act::Resign, &[(K::Char('x'), C::Resign)]);
const PAUSE: Row = row(Act::Pause, &[(K::Char('p'), C::Pause)]);
const SAVE: Row = row(Act::Save, &[(K::Char('s'), C::Save)]);
const COPY: Row = row(Act::Copy, &[(K::Char('y'), C::Copy)]);
const NEW: Row = row(Act::New, &[(K::Char('n'), C::New)]);
/// `w` for the sides that s`w`ap.
const SWAP: Row = row(Act::Swap, &[(K::Char('w'), C::Swap)]);
/// `w` for the win: `c`, a column of the Reversi board, cannot be a command.
const CLAIM: Row = row(Act::Claim, &[(K::Char('w'), C::Claim)]);
const RESUME: Row = row(Act::ResumeCode, &[(K::Char('i'), C::ResumeCode)]);
const LEAVE: Row = row(
    Act::Lobby,
    &[
        (K::Esc, C::Quit),
        (K::Char('q'), C::Quit),
        (K::Char('n'), C::Quit),
    ],
);

/// A game's board: how its cursor moves and a move is made (its `Rules` say).
fn board(kind: GameId) -> &'static [Row] {
    for_game!(kind, P => P::BOARD_KEYS)
}

/// The engine's scores for every move, for the games that have them.
fn analysis(kind: GameId) -> &'static [Row] {
    for_game!(kind, P => if P::ANALYSIS { &[ANALYSIS] } else { &[] })
}

/// The rest of a game against the computer (or between people at one terminal), but the
/// way out.
const GAME: &[Row] = &[
    UNDO,
    REDO,
    RESIGN,
    REPLAY,
    PAUSE,
    SAVE,
    COPY,
    NEW,
    SWAP,
    SETTINGS_KEY,
    HELP,
];
/// Out of a game against the computer (or between people at one terminal): to the start
/// menu, the game kept.
const TO_MENU: Row = row(Act::Menu, &[(K::Esc, C::Quit), (K::Char('q'), C::Quit)]);

/// The rest of a game between terminals: no takebacks or analysis.
const NET_GAME: &[Row] = &[
    RESIGN,
    CLAIM,
    RESUME,
    REPLAY,
    SAVE,
    COPY,
    SETTINGS_KEY,
    HELP,
    LEAVE,
];

/// Watching a game between people: look back at it, copy it, leave.
const WATCHING: &[Row] = &[
    REPLAY,
    COPY,
    SETTINGS_KEY,
    HELP,
    row(
        Act::StopWatching,
        &[(K::Esc, C::Quit), (K::Char('q'), C::Quit)],
    ),
];

const STEP: Row = row(
    Act::Step,
    &[
        (K::Left, C::Left),
        (K::Right, C::Right),
        (K::Char('h'), C::Left),
        (K::Char('l'), C::Right),
    ],
);
const ENDS: Row = Row {
    act: Act::Ends,
    keys: &[
        (K::Home, C::First),
        (K::End, C::Last),
        (K::Char('g'), C::First),
        (K::Char('G'), C::Last),
    ],
    label: Label::Fixed {
        help: "Home End g G",
        line: "Home/End",
    },
};
const TEN: Row = Row {
    act: Act::TenMoves,
    keys: &[(K::PageUp, C::BackTen), (K::PageDown, C::ForwardTen)],
    label: Label::Fixed {
        help: "PgUp PgDn",
        line: "PgUp/PgDn",
    },
};
const PLAY_PAUSE: Row = row(
    Act::PlayPause,
    &[(K::Char('p'), C::Pause), (K::Char(' '), C::Pause)],
);
const SPEED: Row = Row {
    act: Act::Speed,
    keys: &[
        (K::Char('+'), C::Faster),
        (K::Char('='), C::Faster),
        (K::Char('-'), C::Slower),
    ],
    label: Label::Fixed {
        help: "+ = -",
        line: "+/-",
    },
};
const FROM_HERE: Row = row(Act::PlayFromHere, &[(K::Enter, C::Enter)]);
const MISTAKES: Row = Row {
    act: Act::Mistakes,
    keys: &[
        (K::Char('['), C::PrevMistake),
        (K::Char(']'), C::NextMistake),
    ],
    label: Label::Fixed {
        help: "[ ]",
        line: "[/]",
    },
};

const REPLAY_STEPS: &[Row] = &[STEP, FROM_HERE, PLAY_PAUSE, ENDS, TEN, SPEED, MISTAKES];
const LIVE_REPLAY_STEPS: &[Row] = &[STEP, PLAY_PAUSE, ENDS, TEN, SPEED];
const REPLAY_END: &[Row] = &[SETTINGS_KEY, HELP, BACK];

#[cfg(test)]
mod tests {
    use super::*;
    use crate::settings::Lang;
    use crate::ui::help::KEY_COLUMN;

    #[test]
    fn no_key_is_bound_twice_in_one_place() {
        for place in Place::all() {
            let keys: Vec<Key> = place
                .rows()
                .iter()
                .flat_map(|r| r.keys)
                .map(|k| k.0)
                .collect();
            for (i, key) in keys.iter().enumerate() {
                assert!(!keys[..i].contains(key), "{place:?}: {key:?} twice");
            }
        }
    }

    #[test]
    fn no_reversi_command_is_a_typed_square() {
        for seat in Seat::ALL {
            let place = Place::Game {
                kind: GameId::Reversi,
                seat,
            };
            for c in ('a'..='h').chain('1'..='8') {
                assert_eq!(place.command(Key::Char(c)), None, "{c}");
            }
        }
    }

    #[test]
    fn the_help_label_names_every_bound_key() {
        let theme = Theme::new(false, true);
        for lang in Lang::ALL {
            let t = lang.text();
            for place in Place::all() {
                for row in place.rows() {
                    let label = row.label(true, theme, t);
                    for &(key, _) in row.keys {
                        // The arrows are written as a group: "Up/Down", "arrows"…
                        let group = match key {
                            Key::Up | Key::Down | Key::Left | Key::Right => {
                                [(true, true), (true, false), (false, true)]
                                    .map(|(ud, lr)| arrow_keys(ud, lr, theme, t))
                                    .to_vec()
                            }
                            _ => vec![],
                        };
                        let name = match key {
                            Key::Char(' ') => t.space_key().to_string(),
                            key => key_name(key),
                        };
                        let shown = label
                            .split(' ')
                            .any(|word| word == name || group.contains(&word));
                        assert!(shown, "{lang:?} {place:?}: {key:?} not in {label:?}");
                    }
                }
            }
        }
    }

    /// The help box is 64 columns inside: the key column, a space, then what the keys do.
    #[test]
    fn every_line_of_keys_fits_the_help() {
        use crate::i18n::width;
        for theme in [Theme::new(false, false), Theme::new(false, true)] {
            for lang in Lang::ALL {
                let t = lang.text();
                for place in Place::all() {
                    for row in place.rows() {
                        let label = row.label(true, theme, t);
                        assert!(width(&label) <= KEY_COLUMN, "{lang:?}: {label}");
                        for game in GameId::ALL {
                            let what = t.explain(row.act, game);
                            assert!(KEY_COLUMN + 1 + width(what) <= 64, "{lang:?}: {what}");
                        }
                    }
                }
            }
        }
    }
}
