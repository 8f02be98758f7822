//! Every word the App shows, in each language it speaks. [`Text`] names each thing said; a
//! language is one file implementing it (`en.rs`, `zh.rs`), so a third language is one more
//! file and one more [`Lang`]. The compiler checks that a language says everything.
//!
//! Not here: the command line's own output (`--help`, `perft`, `solve`, `gtp` — read by scripts
//! and engine runners) and the notation of the records (square names, SGF, the save format).

mod en;
mod english;
mod zh;

use crate::engine::Level;
use crate::engine::gomoku::Level as GomokuLevel;
use crate::engine::review::Cost;
use crate::game::{Flaw, GameId, Illegal, Player};
use crate::gomoku::{Forbidden, Rule};
use crate::reversi::Color;
use crate::reversi::PositionError;
use crate::table::{Ending, Note, Refusal, Variant};

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
    /// The saved games: which are shown.
    Filter,
    Delete,
    Rename,
}

/// Everything the App says, in one language.
pub trait Text: Sync {
    // --- Names ---
    /// "Black", "White".
    fn color(&self, color: Color) -> &'static str;
    /// "Human", "Computer".
    fn player(&self, player: Player) -> &'static str;
    /// "Reversi", "Gomoku".
    fn game(&self, game: GameId) -> &'static str;
    /// The name of `game`'s game.
    fn game_of(&self, game: &crate::game::SavedGame) -> &'static str {
        self.game(game.id())
    }
    /// "Reversi", "Renju 15x15".
    fn variant(&self, variant: Variant) -> String;
    /// "Renju", "Standard", "Freestyle".
    fn rule(&self, rule: Rule) -> &'static str;
    /// The rule in one line for the panel.
    fn rule_summary(&self, rule: Rule) -> &'static str;
    /// "Renju rules".
    fn rules_of(&self, rule: Rule) -> String;
    /// The name of a level: "Beginner"…
    fn level_name(&self, number: u8) -> &'static str;
    /// What a Reversi level does: "9 plies, exact from 17 empties, 1 s".
    fn level_does(&self, level: &Level) -> String;
    /// What a Gomoku level does: "8 plies + VCF + VCT, 1.0 s".
    fn gomoku_level_does(&self, level: &GomokuLevel) -> String;
    fn on_off(&self, on: bool) -> &'static str;
    /// What a key does in a key line.
    fn act(&self, act: Act) -> &'static str;
    /// What a key does, in a line of the help (Reversi's or Gomoku's words where they differ).
    fn explain(&self, act: Act, game: GameId) -> &'static str;
    /// The keys of what is not one key: "a-h then 1-8", "mouse click".
    fn keys_in_words(&self, act: Act) -> &'static str;
    /// The space bar's name.
    fn space_key(&self) -> &'static str;
    /// "{arrows} or h j k l" and the like: `a` or `b`.
    fn or(&self, a: &str, b: &str) -> String;
    /// "Black: Human" in a title bar.
    fn title_player(&self, color: Color, name: &str) -> String;
    /// "Gomoku 15x15, Renju rules" in a title bar.
    fn gomoku_title(&self, size: u8, rule: Rule) -> String;
    /// "Replay: Reversi" in a title bar.
    fn replay_title(&self, game: &str) -> String;

    // --- The start screen ---
    fn subtitle(&self, game: GameId) -> &'static str;
    fn rules_brief(&self, game: GameId) -> &'static str;
    fn new_game_heading(&self) -> &'static str;
    /// The four kinds of new game, by who plays Black and White.
    fn new_game(&self, black: Player, white: Player) -> &'static str;
    fn menu_game(&self, game: GameId) -> String;
    fn menu_rules(&self, rule: Rule) -> String;
    fn menu_board(&self, size: u8) -> String;
    fn menu_level(&self, number: u8) -> String;
    fn menu_continue(&self, game: &str, number: usize, to_move: Color) -> String;
    fn menu_load(&self) -> &'static str;
    fn continue_word(&self) -> &'static str;
    fn menu_settings(&self) -> &'static str;
    fn menu_help(&self) -> &'static str;
    fn menu_quit(&self) -> &'static str;

    // --- Help and windows ---
    fn help_heading(&self, game: GameId) -> &'static str;
    /// The rules, in lines that fit the smallest screen.
    fn help_rules(&self, game: GameId) -> &'static [&'static str];
    fn help_keys_heading(&self) -> &'static str;
    /// Above the keys of a game, when the help is opened outside one.
    fn help_game_keys_heading(&self) -> &'static str;
    /// "All saved games: 12", "Unfinished: 3"…, above the list.
    fn showing(&self, filter: crate::store::Filter, count: usize) -> String;
    /// "Delete the saved game 'name'?"
    fn confirm_delete(&self, name: &str) -> String;
    fn yes_delete(&self) -> &'static str;
    /// "New name for 'name':"
    fn rename_prompt(&self, name: &str) -> String;
    fn help_levels_heading(&self) -> &'static str;
    fn help_closes(&self) -> &'static str;
    fn help_title(&self) -> &'static str;
    fn save_title(&self) -> &'static str;
    fn save_prompt(&self) -> &'static str;
    fn quit_title(&self) -> &'static str;
    fn confirm_quit(&self) -> &'static str;
    fn yes_quit(&self) -> &'static str;
    /// On a server, without a key: leaving loses the unfinished game kept for the connection.
    fn confirm_leave_server(&self) -> &'static str;
    /// On a server, without a key: a new game takes the place of the one kept for Continue.
    fn confirm_drop_kept(&self) -> &'static str;
    fn yes_leave(&self) -> &'static str;
    fn stay(&self) -> &'static str;
    /// On a server: the game against the computer was left for the start menu and is kept
    /// there, in the player's folder (`keyed`) or for as long as they are connected.
    fn game_kept(&self, keyed: bool) -> &'static str;
    fn resign_title(&self) -> &'static str;
    /// A game is already saved under `name`; the answers: replace it, keep both, change the
    /// name.
    fn name_taken(&self, name: &str) -> String;
    fn yes_replace(&self) -> &'static str;
    fn keep_both(&self) -> &'static str;
    fn change_name(&self) -> &'static str;
    /// A game between computers held, and going on again.
    fn paused(&self) -> &'static str;
    fn going_on(&self) -> &'static str;
    fn confirm_resign(&self) -> &'static str;
    fn yes_resign(&self) -> &'static str;
    fn confirm_new(&self) -> &'static str;
    fn yes_new(&self) -> &'static str;
    fn keep_playing(&self) -> &'static str;
    fn settings_title(&self) -> &'static str;
    fn settings_field(&self, field: crate::settings::Field) -> &'static str;
    /// A value of the settings window: theme, board size and animation by their file names.
    fn settings_word(&self, word: &str) -> &'static str;
    fn language_name(&self, lang: Lang) -> &'static str;

    // --- A game ---
    fn to_move_tag(&self) -> &'static str;
    /// "Move 12".
    fn move_number(&self, number: usize) -> String;
    /// "Black to move".
    fn side_to_move(&self, side: Color) -> String;
    fn thinking(&self, side: Color) -> String;
    fn solved_empties(&self, empties: u32) -> String;
    fn depth(&self, depth: u32) -> String;
    fn best(&self, mv: &str) -> String;
    fn sees_a_win(&self) -> &'static str;
    fn your_move(&self, side: Color) -> String;
    fn hints_state(&self, on: bool) -> &'static str;
    fn forbidden_shown(&self) -> &'static str;
    fn analysis_exact(&self) -> &'static str;
    fn analysis_depth(&self, depth: u32) -> String;
    fn analysis_thinking(&self) -> &'static str;
    fn computer_level(&self, number: u8) -> String;
    fn moves_heading(&self) -> &'static str;
    /// The named opening a game follows: "Opening: Tiger" (names are proper names, kept as
    /// they are in every language).
    fn opening(&self, name: &str) -> String;
    /// A Renju opening's name and the federation's number: "Kagetsu (4D)".
    fn renju_opening(&self, o: &crate::gomoku::Opening) -> String;
    /// How new Gomoku games begin, as the settings show it.
    fn opening_choice(&self, choice: crate::settings::OpeningChoice) -> String {
        use crate::settings::OpeningChoice;
        match choice {
            OpeningChoice::Centre => self.opening_centre().into(),
            OpeningChoice::Random => self.opening_random().into(),
            OpeningChoice::Named(i) => self.renju_opening(&crate::gomoku::OPENINGS[usize::from(i)]),
        }
    }
    /// The settings' opening choices: Black's first stone in the centre, or a random opening.
    fn opening_centre(&self) -> &'static str;
    fn opening_random(&self) -> &'static str;
    /// The computer's last move came from its opening book.
    fn book_move(&self, mv: &str) -> String;
    fn game_over(&self, result: &str) -> String;
    /// "Black wins by 16, 40-24".
    fn wins_by(&self, winner: Color, own: u32, other: u32) -> String;
    fn draw_by(&self, black: u32, white: u32) -> String;
    fn wins_resigned(&self, winner: Color) -> String;
    fn wins_with_line(&self, winner: Color, stones: usize) -> String;
    fn draw_board_full(&self) -> &'static str;
    fn ran_out_of_time(&self, flagged: Color) -> String;
    fn clock_label(&self, control: &str) -> String;
    fn ending(&self, ending: Ending) -> String;

    // --- Messages of a game ---
    fn hints_on(&self) -> &'static str;
    fn hints_on_forbidden(&self) -> &'static str;
    fn hints_off(&self) -> &'static str;
    fn analysis_on(&self) -> &'static str;
    fn analysis_off(&self) -> &'static str;
    fn game_is_over_keys(&self) -> &'static str;
    fn wait_for_computer(&self, side: Color) -> String;
    fn passes(&self, side: Color) -> String;
    fn computer_illegal(&self, mv: &str) -> String;
    fn nothing_to_undo(&self) -> &'static str;
    fn nothing_to_redo(&self) -> &'static str;
    fn took_back_to(&self, number: usize) -> String;
    fn replayed_to(&self, number: usize) -> String;
    fn only_human_resigns(&self) -> &'static str;
    fn resignation_taken_back(&self) -> &'static str;
    fn reversi_refused(&self, error: crate::reversi::MoveError) -> String;
    fn gomoku_refused(&self, error: crate::gomoku::MoveError) -> String;
    fn forbidden(&self, why: Forbidden) -> &'static str;
    fn paste_here(&self) -> &'static str;
    fn saved_as(&self, name: &str) -> String;
    fn not_saved(&self, why: &str) -> String;
    fn copied(&self, moves: &str) -> String;
    fn copied_sgf(&self) -> &'static str;
    fn not_a_game(&self, why: &str) -> String;
    fn cannot_open(&self, why: &str) -> String;
    fn enlarge(&self, width: u16, height: u16, now_width: u16, now_height: u16) -> String;

    // --- Replays ---
    fn replay_step(&self, at: usize, len: usize, label: &str) -> String;
    fn replay_start(&self) -> &'static str;
    fn moves_count(&self, len: usize) -> String;
    fn replay_move(&self, at: usize, len: usize) -> String;
    fn replay_playing(&self, seconds: f64) -> String;
    fn replay_paused(&self) -> &'static str;
    fn evaluation_over(&self) -> &'static str;
    /// "Black ahead", "White ahead" or "Even", by the bar beside the board.
    fn ahead(&self, side: Option<Color>) -> String;
    /// "Review: 12 of 61 positions", while the review is going on.
    fn reviewing(&self, done: usize, total: usize) -> String;
    /// "Mistakes: none found" or the heading of the worst ones.
    fn mistakes(&self, found: usize) -> String;
    /// "23. c4 lost 12 (d3 better)": move `n`, named `name`, was a mistake.
    fn mistake(&self, n: usize, name: &str, cost: Cost, better: &str) -> String;
    fn evaluation_thinking(&self) -> &'static str;
    /// "Evaluation: Black +4".
    fn evaluation(&self, side: Color, discs: i32) -> String;
    fn exact(&self) -> &'static str;
    fn five_in_a_row(&self, color: Color) -> String;
    fn frame_start(&self) -> &'static str;
    fn frame_played(&self, number: usize, mv: &str) -> String;
    fn frame_taken_back(&self, number: usize) -> String;
    fn frame_replayed(&self, number: usize) -> String;
    fn replay_over_here(&self) -> &'static str;

    // --- Saved games ---
    fn saved_games(&self) -> &'static str;
    fn saved_on(&self, when: &str) -> String;
    fn cannot_be_read(&self, why: &str) -> String;
    fn won(&self, color: Color) -> String;
    fn a_draw(&self) -> &'static str;
    fn progress(&self, number: usize, to_move: Color) -> String;
    fn describe_saved(&self, kind: &str, black: Player, white: Player, state: &str) -> String;
    fn settings_not_read(&self, path: &str, why: &str) -> String;
    fn settings_too_large(&self, path: &str) -> String;
    fn settings_problems(&self, path: &str, problems: &[Problem]) -> String;
    /// A paste longer than the server takes was cut at this many KiB.
    fn paste_cut(&self, kib: usize) -> String;
    /// A player's folder of saved games is as full as the server allows.
    fn saved_games_full(&self, games: usize, megabytes: u64) -> String;
    /// The space the server gives all players' files together is full.
    fn server_storage_full(&self) -> &'static str;
    /// Why a game was not saved under a name.
    fn save_failure(&self, failure: &crate::store::SaveFailure) -> String {
        match failure {
            crate::store::SaveFailure::Write(path, why) => {
                self.cannot_write(&path.display().to_string(), why)
            }
            crate::store::SaveFailure::Full(quota) => {
                self.saved_games_full(quota.games, quota.bytes.div_ceil(1 << 20))
            }
            crate::store::SaveFailure::SharedFull => self.server_storage_full().into(),
        }
    }
    /// What was wrong with the settings file at `path`, for the start screen.
    fn settings_trouble(&self, path: &std::path::Path, trouble: &Trouble) -> String {
        let path = path.display().to_string();
        match trouble {
            Trouble::Unreadable(why) => self.settings_not_read(&path, &self.load_error(why)),
            Trouble::TooLarge => self.settings_too_large(&path),
            Trouble::Problems(problems) => self.settings_problems(&path, problems),
        }
    }
    fn settings_not_kept(&self, why: &str) -> String;
    fn cannot_write(&self, path: &str, why: &str) -> String;
    fn no_config_dir(&self) -> &'static str;
    fn saving_needs_a_key(&self) -> &'static str;
    fn settings_need_a_key(&self) -> &'static str;
    fn saved_game_not_loaded(&self, path: &str, why: &str) -> String;
    /// Why a saved game could not be read.
    fn load_error(&self, error: &crate::store::LoadError) -> String;
    /// "line 6: …".
    fn save_error(&self, error: &crate::game::SaveError) -> String;
    /// "line 3, column 7: …".
    fn sgf_error(&self, error: &crate::game::SgfError) -> String;
    /// What is wrong with the text of a game, quoting the text only in short, safe excerpts.
    fn flaw(&self, flaw: &Flaw) -> String {
        self.flaw_text(&flaw.excerpted())
    }
    /// What is wrong with the text of a game (given with its quotations already excerpted).
    fn flaw_text(&self, flaw: &Flaw) -> String;
    /// Why a move cannot be played, in either game.
    fn illegal(&self, why: &Illegal) -> String {
        match *why {
            Illegal::Reversi(e) => self.reversi_refused(e),
            Illegal::Gomoku(e) => self.gomoku_refused(e),
        }
    }
    fn position_error(&self, error: &PositionError) -> String;
    fn saved_on_exit(&self) -> &'static str;

    // --- Games between terminals ---
    fn playing_as(&self, user: &str) -> String;
    fn play_the_computer(&self) -> &'static str;
    fn a_game_with_a_person(&self) -> &'static str;
    fn your_colour(&self, color: Option<Color>) -> String;
    fn create_game(&self) -> &'static str;
    fn join_by_code(&self) -> &'static str;
    fn type_the_code(&self) -> &'static str;
    fn your_games(&self) -> &'static str;
    fn open_games(&self) -> &'static str;
    fn games_being_played(&self) -> &'static str;
    fn no_one_else(&self) -> &'static str;
    fn seat_free(&self) -> &'static str;
    fn seat_waiting(&self) -> &'static str;
    fn watching_count(&self, count: usize) -> String;
    fn listing_move(&self, number: usize) -> String;
    fn left_game(&self, code: &str) -> String;
    fn you_are_watching(&self) -> &'static str;
    fn the_game_is_over(&self) -> &'static str;
    fn waiting_for_opponent(&self, code: &str) -> String;
    fn wait_for(&self, name: &str, color: Color) -> String;
    fn game_code(&self, code: &str) -> String;
    fn watching_game(&self, code: &str) -> String;
    fn waiting_code(&self, code: &str) -> String;
    fn claim_or_wait(&self, key: &str) -> String;
    fn resume_code(&self, code: &str) -> String;
    /// The panel's line saying how to see the resume code.
    fn resume_hint(&self, key: &str) -> String;
    fn note(&self, note: &Note) -> String;
    fn refusal(&self, refusal: &Refusal) -> String;
    fn goodbye_idle(&self, minutes: u64) -> String;
    fn goodbye_shutdown(&self) -> &'static str;
    fn goodbye_saved(&self) -> &'static str;
    fn goodbye_use_a_key(&self) -> &'static str;
    /// A keyed player's unfinished game could not be written when they left.
    fn goodbye_not_kept(&self) -> &'static str;
    /// What a server could not write, named for the player (never its path on the server).
    fn your_unfinished_game(&self) -> &'static str;
    fn your_settings(&self) -> &'static str;
    /// A spectator left the game they watched.
    fn stopped_watching(&self, code: &str) -> String;
    /// A connection turned away because every session's place is taken.
    fn server_full(&self) -> &'static str;
    fn session_failed(&self) -> &'static str;
}

#[cfg(test)]
mod tests {

    #[test]
    fn long_text_is_cut_at_a_word() {
        assert_eq!(fit_words("short", 10), "short");
        assert_eq!(
            fit_words("Load it from the start screen", 24),
            "Load it from the start…"
        );
        assert_eq!(fit_words("黑方翻不了任何子", 9), "黑方翻不…");
    }

    use super::*;

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
            for game in [GameId::Reversi, GameId::Gomoku] {
                for line in t.help_rules(game) {
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
