//! Every word the App shows, in each language it speaks. The words are kept by room, as the
//! screens and games are: each room's trait (`names.rs`, `menu.rs`, `windows.rs`, `play.rs`,
//! `replay.rs`, `files.rs`, `server.rs`) names what is said there, and each language
//! implements every room in a file of the same name (`en/menu.rs`, `zh/menu.rs` …); each game's
//! words are a room of their own with its languages inside (`reversi/mod.rs`, `reversi/en.rs`,
//! `reversi/zh.rs`). [`Text`] is all the rooms together, so the compiler checks that a
//! language says everything; a third language is one more folder and one more [`Lang`].
//!
//! Not here: the command line's own output (`--help`, `perft`, `solve`, `gtp` — read by scripts
//! and engine runners) and the notation of the records (square names, SGF, the save format).

mod en;
mod english;
mod zh;

mod files;
mod gomoku;
mod menu;
mod names;
mod play;
mod replay;
mod reversi;
mod server;
mod windows;

use words::*;

/// Every room's trait. A `&dyn Text` calls any room's words as they are; a language's own
/// methods that use another room's words need its trait in scope (`use crate::i18n::words::*`).
pub mod words {
    pub use super::Text;
    pub use super::files::Files;
    pub use super::gomoku::Words as GomokuWords;
    pub use super::menu::Menu;
    pub use super::names::Names;
    pub use super::play::Play;
    pub use super::replay::Replays;
    pub use super::reversi::Words as ReversiWords;
    pub use super::server::Server;
    pub use super::windows::Windows;
}

use crate::game::{GameId, Illegal};

pub use crate::settings::{Expected, Lang, Problem, Trouble};
use unicode_width::UnicodeWidthStr;

/// What each language says.
impl Lang {
    /// Everything said in this language.
    pub fn text(self) -> &'static dyn Text {
        match self {
            Lang::En => &en::English,
            Lang::Zh => &zh::Chinese,
        }
    }
}

/// `text` padded with spaces to `width` terminal columns (a CJK character takes two).
pub fn pad(text: &str, width: usize) -> String {
    let w = text.width();
    format!("{text}{}", " ".repeat(width.saturating_sub(w)))
}

/// `text` cut to at most `width` terminal columns.
pub fn clip(text: &str, width: usize) -> String {
    let mut out = String::new();
    let mut used = 0;
    for c in text.chars() {
        let w = unicode_width::UnicodeWidthChar::width(c).unwrap_or(0);
        if used + w > width {
            break;
        }
        used += w;
        out.push(c);
    }
    out
}

/// `n` and an English noun, singular for one ("1 minute", "2 minutes"): for the English
/// language, and for English said outside it (the server's log).
pub fn english_count(n: u64, one: &str, many: &str) -> String {
    format!("{n} {}", if n == 1 { one } else { many })
}

/// `text` wrapped into lines of at most `width` columns: at spaces, or between any two
/// Chinese characters, never putting a closing mark (，。、；：！？）」) first on a line; a
/// word wider than a line stands alone on its own.
pub fn wrap(text: &str, width: usize) -> Vec<String> {
    // Units: a word, or one wide character with the closing marks after it; and whether a
    // space stood before it.
    let mut units: Vec<(String, bool)> = vec![];
    let mut space = false;
    for c in text.chars() {
        let wide = unicode_width::UnicodeWidthChar::width(c) == Some(2);
        let last_wide = units
            .last()
            .is_some_and(|(u, _)| u.width() >= 2 && !u.is_ascii());
        if c == ' ' {
            space = true;
        } else if "，。、；：！？）」".contains(c) && !units.is_empty() && !space {
            units.last_mut().unwrap().0.push(c);
        } else if wide || space || units.is_empty() || last_wide {
            // A number stays on the line of the word before it ("0.3 秒" is one).
            let number_after = units.last().is_some_and(|(u, _)| is_number(u));
            if space && number_after {
                let unit = &mut units.last_mut().unwrap().0;
                unit.push(' ');
                unit.push(c);
            } else {
                units.push((c.to_string(), space));
            }
            space = false;
        } else {
            units.last_mut().unwrap().0.push(c);
        }
    }
    // …and with the word before it ("worst 21").
    let mut glued: Vec<(String, bool)> = vec![];
    for (unit, spaced) in units {
        match glued.last_mut() {
            Some(last) if spaced && unit.split(' ').next().is_some_and(is_number) => {
                last.0.push(' ');
                last.0.push_str(&unit);
            }
            _ => glued.push((unit, spaced)),
        }
    }
    let mut lines: Vec<String> = vec![];
    for (unit, spaced) in glued {
        match lines.last_mut() {
            Some(line) if line.width() + usize::from(spaced) + unit.width() <= width => {
                if spaced {
                    line.push(' ');
                }
                line.push_str(&unit);
            }
            _ => lines.push(unit),
        }
    }
    lines
}

/// Whether `word` is a number ("21", "63%", "0.3"): one is never parted from the word beside it.
pub fn is_number(word: &str) -> bool {
    word.chars().any(|c| c.is_ascii_digit())
        && word
            .chars()
            .all(|c| c.is_ascii_digit() || "%.-+".contains(c))
}

/// `text` in at most `width` columns, cut at a word's end with "…" where it does not fit (a
/// text without spaces, such as Chinese, anywhere).
pub fn fit_words(text: &str, width: usize) -> String {
    if text.width() <= width {
        return text.to_string();
    }
    let cut = clip(text, width.saturating_sub(1));
    let at_word = match cut.rfind(' ') {
        Some(space) if space >= cut.len() / 2 => cut[..space].trim_end(),
        _ => cut.as_str(),
    };
    format!("{at_word}…")
}

/// The width of `text` in terminal columns.
pub fn width(text: &str) -> usize {
    text.width()
}

/// What a key does, in the key lines at the foot of the screens ("Enter place").
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Act {
    Move,
    Place,
    Undo,
    Redo,
    Hints,
    Resign,
    Save,
    Replay,
    Help,
    Lobby,
    New,
    NewGame,
    TakeBack,
    Quit,
    /// On a server: from a game against the computer back to the start menu.
    Menu,
    /// A watcher back to the lobby.
    StopWatching,
    Step,
    PlayFromHere,
    PlayPause,
    Speed,
    /// The review's mistakes, one after another.
    Mistakes,
    Analysis,
    Back,
    BackToLobby,
    Choose,
    Change,
    Open,
    Go,
    Start,
    Scroll,
    CloseKept,
    Cancel,
    /// Typing a square's name (help only).
    Jump,
    /// Clicking the board (help only).
    Click,
    Copy,
    Settings,
    Claim,
    ResumeCode,
    /// A replay's first and last positions.
    Ends,
    TenMoves,
    /// Computer against computer: stop or go on.
    Pause,
    /// After a game: the same sides again.
    Rematch,
    /// After a game: its replay, with the engine's review.
    Review,
    /// After a game: again with the sides swapped.
    Swap,
    /// Renju's Taraguchi-10 opening: take the other colour.
    SwapColours,
    /// Renju's Taraguchi-10 opening: offer ten fifth stones.
    Offer,
    /// The saved games: which are shown.
    Filter,
    Delete,
    Rename,
}

/// What a game says about itself in one language: each game's words give it, and the screens
/// that name every game (the menu, the help, the saved games) ask for it by [`GameId`].
#[derive(Clone, Copy, Debug)]
pub struct About {
    /// "Reversi".
    pub name: &'static str,
    /// The name with what else it is called, as the menu offers it: "Reversi (Othello)".
    pub full_name: &'static str,
    /// The saved games of this game, as the list's filter names them: "Reversi games".
    pub games: &'static str,
    /// The rules in two sentences, under the menu.
    pub rules_brief: &'static str,
    /// The help's heading over the rules: "How to play Reversi".
    pub help_heading: &'static str,
    /// The rules, as the help shows them, in lines that fit the smallest screen.
    pub help_rules: &'static [&'static str],
}

/// `Text`, with each game's words from the list of games ([`crate::games`]): every game's
/// room (`i18n/reversi/` …) has a `Words` trait that says what the game is and why a move is
/// refused, besides what only it says.
macro_rules! text {
    (() $($name:ident $room:ident),*) => {
        /// Everything the App says, in one language: every room's words, and those that take
        /// more than one room to say (what any game is, a refused move of any game).
        pub trait Text: Names + Menu + Windows + Play + Replays + Files + Server
            $(+ $room::Words)* + Sync
        {
            /// What `game` says about itself.
            fn about(&self, game: GameId) -> About {
                match game {
                    $(GameId::$name => <Self as $room::Words>::this_game(self)),*
                }
            }

            /// The name of a game: "Reversi".
            fn game(&self, game: GameId) -> &'static str {
                self.about(game).name
            }

            /// The name of `game`'s game.
            fn game_of(&self, game: &crate::game::SavedGame) -> &'static str {
                self.game(game.id())
            }

            /// Why a move cannot be played, in any game.
            fn illegal(&self, why: &Illegal) -> String {
                match *why {
                    $(Illegal::$name(e) => <Self as $room::Words>::refused(self, e)),*
                }
            }
        }

        impl<T: Names + Menu + Windows + Play + Replays + Files + Server $(+ $room::Words)* + Sync>
            Text for T
        {
        }
    };
}
crate::games!(text!());

#[cfg(test)]
mod wrap_tests {
    #[test]
    fn wraps_at_spaces_and_between_chinese_characters() {
        assert_eq!(super::wrap("one two three", 7), ["one two", "three"]);
        assert_eq!(super::wrap("一二三四五", 6), ["一二三", "四五"]);
        // A comma never starts a line.
        assert_eq!(super::wrap("一二，三四", 6), ["一二，", "三四"]);
        assert_eq!(super::wrap("黑方 e5 更好", 8), ["黑方 e5", "更好"]);
        // A number keeps to the words on either side.
        assert_eq!(super::wrap("in 0.3 s and", 7), ["in 0.3 s", "and"]);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn long_text_is_cut_at_a_word() {
        assert_eq!(fit_words("short", 10), "short");
        assert_eq!(
            fit_words("Load it from the start screen", 24),
            "Load it from the start…"
        );
        assert_eq!(fit_words("黑方翻不了任何子", 9), "黑方翻不…");
    }

    #[test]
    fn the_locale_chooses_the_language() {
        let env = |pairs: &'static [(&str, &str)]| {
            move |name: &str| {
                pairs
                    .iter()
                    .find(|(k, _)| *k == name)
                    .map(|(_, v)| v.to_string())
            }
        };
        assert_eq!(Lang::from_locale(env(&[])), Lang::En);
        assert_eq!(Lang::from_locale(env(&[("LANG", "zh_CN.UTF-8")])), Lang::Zh);
        assert_eq!(Lang::from_locale(env(&[("LANG", "zh_TW.UTF-8")])), Lang::Zh);
        assert_eq!(
            Lang::from_locale(env(&[("LC_ALL", "en_US.UTF-8"), ("LANG", "zh_CN")])),
            Lang::En
        );
        assert_eq!(
            Lang::from_locale(env(&[("LC_ALL", ""), ("LANG", "zh_CN")])),
            Lang::Zh
        );
        assert_eq!(Lang::from_locale(env(&[("LANG", "C.UTF-8")])), Lang::En);
        assert_eq!(Lang::from_locale(env(&[("LANG", "de_DE")])), Lang::En);
    }

    /// The help box is 64 columns inside; the Settings window's names 38 (the keys' lines are
    /// checked with the key table).
    #[test]
    fn every_language_fits_the_boxes() {
        for lang in Lang::ALL {
            let t = lang.text();
            for game in GameId::ALL {
                for line in t.about(game).help_rules {
                    assert!(width(line) <= 64, "{lang:?}: {line}");
                }
            }
            for field in crate::settings::FIELDS {
                let name = t.settings_field(field);
                assert!(width(name) < 38, "{lang:?}: {name}");
            }
        }
    }

    #[test]
    fn padding_counts_columns() {
        assert_eq!(pad("黑方", 6), "黑方  ");
        assert_eq!(pad("Black", 6), "Black ");
        assert_eq!(clip("黑白棋游戏", 5), "黑白");
        assert_eq!(clip("Reversi", 3), "Rev");
    }
}
