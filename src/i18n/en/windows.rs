//! English: help, settings and the windows that ask (save, quit, resign, leave).

use super::*;
use crate::i18n::Lang;
use crate::i18n::words::*;
use crate::settings::Field;

impl Windows for English {
    fn help_keys_heading(&self) -> &'static str {
        "Keys"
    }

    fn showing(&self, filter: crate::store::Filter, count: usize) -> String {
        use crate::store::Filter;
        let which = match filter {
            Filter::All => "All saved games",
            Filter::Unfinished => "Unfinished games",
            Filter::Finished => "Finished games",
            Filter::Game(game) => self.about(game).games,
        };
        format!("{which}: {count}")
    }

    fn confirm_delete(&self, name: &str) -> String {
        format!("Delete the saved game '{name}'?")
    }

    fn yes_delete(&self) -> &'static str {
        "yes, delete it"
    }

    fn rename_prompt(&self, name: &str) -> String {
        format!("New name for '{name}':")
    }

    fn help_game_keys_heading(&self) -> &'static str {
        "Keys in a game"
    }

    fn help_levels_heading(&self) -> &'static str {
        "Computer levels (menu or --level N)"
    }

    fn help_closes(&self) -> &'static str {
        "Esc closes this help"
    }

    fn help_title(&self) -> &'static str {
        "Help"
    }

    fn save_title(&self) -> &'static str {
        "Save"
    }

    fn save_prompt(&self) -> &'static str {
        "Save this game as:"
    }

    fn quit_title(&self) -> &'static str {
        "Leave"
    }

    fn confirm_quit(&self) -> &'static str {
        "Leave this game? It is saved: Continue on the start screen."
    }

    fn yes_quit(&self) -> &'static str {
        "yes, leave"
    }

    fn confirm_leave_server(&self) -> &'static str {
        "Leave the server? Your unfinished game is kept only while you are connected: it will \
         be lost. (Connect with an SSH key to have it kept.)"
    }

    fn yes_leave(&self) -> &'static str {
        "yes, leave"
    }

    fn stay(&self) -> &'static str {
        "stay"
    }

    fn game_kept(&self, keyed: bool) -> &'static str {
        if keyed {
            "Your game is kept: Continue takes you back to it, now or next time"
        } else {
            "Your game is kept while you are connected: Continue takes you back to it"
        }
    }

    fn name_taken(&self, name: &str) -> String {
        format!("A game is already saved as \"{name}\".")
    }

    fn yes_replace(&self) -> &'static str {
        "replace it"
    }

    fn keep_both(&self) -> &'static str {
        "keep both"
    }

    fn change_name(&self) -> &'static str {
        "change the name"
    }

    fn paused(&self) -> &'static str {
        "Paused: p or Space goes on"
    }

    fn going_on(&self) -> &'static str {
        "Going on"
    }

    fn resign_title(&self) -> &'static str {
        "Resign"
    }

    fn confirm_resign(&self) -> &'static str {
        "Resign this game? Your opponent wins it."
    }

    fn yes_resign(&self) -> &'static str {
        "yes, resign"
    }

    fn confirm_new(&self) -> &'static str {
        "Leave this game for a new one? It is kept: Continue takes it up again."
    }

    fn yes_new(&self) -> &'static str {
        "yes, new game"
    }

    fn keep_playing(&self) -> &'static str {
        "keep playing"
    }

    fn settings_title(&self) -> &'static str {
        "Settings"
    }

    fn settings_field(&self, field: Field) -> &'static str {
        match field {
            Field::Language => "Language",
            Field::Theme => "Colours",
            Field::Board => "Board on screen",
            Field::Hints => "Hints (legal moves, forbidden points)",
            Field::Analysis => "Analysis when a Reversi game starts",
            Field::LeadBar => "Who is winning: a bar by the board",
            Field::Animation => "Flipped discs highlighted",
            Field::Level => "Computer level for new games",
            Field::GomokuRule => "Gomoku rules",
            Field::GomokuSize => "Gomoku board",
            Field::GomokuOpening => "Gomoku opening",
            Field::ConfirmQuit => "Ask before Esc leaves a game",
            Field::Clock => "Clocks for people (minutes+s a move)",
            Field::BellIllegal => "Bell on a refused move",
            Field::BellStone => "Bell on every stone placed",
            Field::BellEnd => "Bell when a game ends",
        }
    }

    fn settings_word(&self, word: &str) -> &'static str {
        match word {
            "classic" => "classic",
            "high-contrast" => "high-contrast",
            "colour-blind" => "colour-blind",
            "mono" => "mono",
            "auto" => "auto",
            "compact" => "compact",
            "large" => "large",
            "off" => "off",
            "fast" => "fast",
            "normal" => "normal",
            "slow" => "slow",
            _ => "?",
        }
    }

    fn language_name(&self, lang: Lang) -> &'static str {
        match lang {
            Lang::En => "English",
            Lang::Zh => "中文 (Chinese)",
        }
    }
}
