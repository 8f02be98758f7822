//! English: the names of things every screen uses: colours, players, games, levels, keys.

use super::*;
use crate::game::{GameId, Player};
use crate::gomoku::Rule;
use crate::i18n::Act;
use crate::i18n::words::*;
use crate::reversi::Color;
use crate::table::Variant;

impl Names for English {
    fn color(&self, color: Color) -> &'static str {
        match color {
            Color::Black => "Black",
            Color::White => "White",
        }
    }

    fn player(&self, player: Player) -> &'static str {
        match player {
            Player::Human => "Human",
            Player::Computer => "Computer",
        }
    }

    fn variant(&self, variant: Variant) -> String {
        match variant {
            Variant::Game(game) => self.game(game).into(),
            Variant::Gomoku(rule, size, taraguchi) => {
                let name = match rule {
                    Rule::Renju => "Renju",
                    Rule::Standard => "Gomoku",
                    Rule::Freestyle => "Freestyle",
                };
                let opening = if taraguchi { " Taraguchi-10" } else { "" };
                format!("{name} {size}x{size}{opening}")
            }
        }
    }

    fn level_name(&self, number: u8) -> &'static str {
        match number {
            1 => "Beginner",
            2 => "Novice",
            3 => "Casual",
            4 => "Club",
            5 => "Strong",
            6 => "Expert",
            7 => "Master",
            _ => "Unlimited",
        }
    }

    fn on_off(&self, on: bool) -> &'static str {
        if on { "on" } else { "off" }
    }

    fn act(&self, act: Act) -> &'static str {
        match act {
            Act::Move => "move",
            Act::Place => "place",
            Act::Undo => "undo",
            Act::Redo => "redo",
            Act::Hints => "hints",
            Act::Resign => "resign",
            Act::Save => "save",
            Act::Replay => "replay",
            Act::Help => "help",
            Act::Lobby => "lobby",
            Act::New => "new",
            Act::NewGame => "new game",
            Act::TakeBack => "take back",
            Act::Quit => "quit",
            Act::Menu => "menu",
            Act::StopWatching => "lobby",
            Act::Step => "step",
            Act::PlayFromHere => "play from here",
            Act::PlayPause => "play/pause",
            Act::Speed => "speed",
            Act::Mistakes => "mistakes",
            Act::Analysis => "analysis",
            Act::Back => "back",
            Act::BackToLobby => "back to the lobby",
            Act::Choose => "choose",
            Act::Change => "change",
            Act::Open => "open",
            Act::Go => "go",
            Act::Start => "start",
            Act::Scroll => "scroll",
            Act::CloseKept => "close (kept for next time)",
            Act::Cancel => "cancel",
            Act::Jump => "jump",
            Act::Click => "click",
            Act::Copy => "copy",
            Act::Settings => "settings",
            Act::Claim => "claim the win",
            Act::ResumeCode => "resume code",
            // The keys say it: "Home/End", "PgUp/PgDn 10".
            Act::Ends => "",
            Act::TenMoves => "10",
            Act::Pause => "pause",
            Act::Rematch => "play again",
            Act::Review => "review",
            Act::Swap => "swap sides",
            Act::SwapColours => "swap colours",
            Act::Offer => "offer 5th stones",
            Act::Filter => "show",
            Act::Delete => "delete",
            Act::Rename => "rename",
        }
    }

    fn explain(&self, act: Act, game: GameId) -> &'static str {
        match act {
            Act::Move => "move the cursor (stops at the edges)",
            Act::Place if game == GameId::Gomoku => "place a stone; after the game, play again",
            Act::Place => "place a disc; after the game, play again",
            Act::Rematch => "play again, the same sides",
            Act::Review => "replay the game with the engine's review",
            Act::Filter => "show all, unfinished, finished, by game",
            Act::Delete => "delete the game chosen (asks first)",
            Act::Rename => "give the game chosen another name",
            Act::Swap => "after the game: play again, sides swapped",
            Act::SwapColours => "Taraguchi-10: swap, take the other colour",
            Act::Offer => "offer ten 5th stones for White to pick one",
            Act::Jump if game == GameId::Gomoku => "go to a point: : h 8 to h8, : h 1 0 to h10",
            Act::Jump => "jump to a square: f then 5 goes to f5",
            Act::Click if game == GameId::Gomoku => "place a stone on that point",
            Act::Click => "place a disc on that square",
            Act::Hints if game == GameId::Gomoku => "mark Black's forbidden points (Renju)",
            Act::Hints => "show or hide the legal moves",
            Act::Analysis => "analysis: the engine's score for every move",
            Act::Undo | Act::TakeBack => "undo (vs computer: back to your turn)",
            Act::Redo => "redo what was undone",
            Act::Resign => "resign (asks first)",
            Act::Replay => "replay and review the game (Esc comes back)",
            Act::Pause => "pause or go on (computers: Space too)",
            Act::PlayPause => "play the moves one by one, or stop",
            Act::Save => "save the game under a name",
            Act::Copy if game == GameId::Gomoku => "copy the game as SGF",
            Act::Copy => "copy the moves (f5d6…)",
            Act::New | Act::NewGame => "new game (asks first during a game)",
            Act::Settings => "settings: language, colours, clocks, sound…",
            Act::Help => "this help",
            Act::Quit => "quit (an unfinished game is kept)",
            Act::Menu => "back to the start menu (the game is kept)",
            Act::StopWatching => "stop watching, back to the lobby",
            Act::Lobby | Act::BackToLobby => "back to the lobby (your seat is kept)",
            Act::Claim => "claim the win when the opponent has gone",
            Act::ResumeCode => "show the code that gives your seat back",
            Act::Choose => "choose a line",
            Act::Change => "change what the line says",
            Act::Start => "start, or open what is chosen",
            Act::Go => "do what is chosen",
            Act::Open => "open the game where it stopped",
            Act::Back => "back",
            Act::Step => "one move back or on",
            Act::Ends => "to the start or the end",
            Act::TenMoves => "ten moves back or on",
            Act::Speed => "faster or slower",
            Act::Mistakes => "to the previous or next mistake",
            Act::PlayFromHere => "play on from this position",
            Act::Scroll => "scroll",
            Act::CloseKept => "close (kept for next time)",
            Act::Cancel => "cancel",
        }
    }

    fn keys_in_words(&self, act: Act) -> &'static str {
        match act {
            Act::Jump => "a-h then 1-8",
            Act::Click => "mouse click",
            _ => "",
        }
    }

    fn arrow_keys(&self, up_down: bool, left_right: bool) -> &'static str {
        match (up_down, left_right) {
            (true, false) => "Up/Down",
            (false, true) => "Left/Right",
            _ => "arrows",
        }
    }

    fn space_key(&self) -> &'static str {
        "Space"
    }

    fn or(&self, a: &str, b: &str) -> String {
        format!("{a} or {b}")
    }

    fn title_player(&self, color: Color, name: &str) -> String {
        format!("{}: {name}", self.color(color))
    }

    fn replay_title(&self, game: &str) -> String {
        format!("Replay: {game}")
    }
}
