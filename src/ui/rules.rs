//! What a game brings to the screen that plays it. [`super::play::Play`] is written once over
//! this trait; Reversi and Gomoku implement it beside their views.

use super::Effect;
use super::input::Key;
use super::keys::{Command, Row};
use super::layout::Around;
use super::play::Play;
use super::playing::Marks;
use super::theme::Theme;
use crate::engine::Report;
use crate::engine::reversi::Analysis;
use crate::engine::review::Judge;
use crate::game::{Game, GameId, Playable, SavedGame};
use crate::i18n::Text;
use crate::reversi::Color;
use crate::settings::BoardSize;
use ratatui::Frame;
use ratatui::layout::Rect;
use ratatui::style::Style;
use std::fmt::Debug;
use std::time::Instant;

/// What the engine worker said, in one game's types.
pub enum Heard<G: Rules> {
    Move(G::Move),
    Progress(G::Progress),
    Analysis(Analysis),
}

/// A game's position, as a screen plays it.
pub trait Rules: Playable<Move: Send> + Debug + Send + 'static {
    const ID: GameId;
    /// Whether the engine scores every move for the player (analysis mode).
    const ANALYSIS: bool;
    /// The keys of its board: how the cursor moves and a move is made, one row per line of the
    /// help and the key line.
    const BOARD_KEYS: &'static [Row];
    /// Where the cursor is: a square, a point.
    type Cursor: Copy + PartialEq + Debug + Send;
    /// How far the computer's search has got, as its panel shows it.
    type Progress: Copy + PartialEq + Debug + Send;
    /// What a move changed, highlighted for a moment after it (Reversi: the flipped discs).
    type Flash: Copy + PartialEq + Debug + Send;

    /// Where the cursor starts.
    fn start_cursor(&self) -> Self::Cursor;
    /// The cursor moved `dc` columns right and `dr` rows down the screen, stopping at the edges.
    fn step(&self, cursor: Self::Cursor, dc: i8, dr: i8) -> Self::Cursor;
    /// The move of placing at the cursor.
    fn move_at(cursor: Self::Cursor) -> Self::Move;
    /// The move a command other than placing asks for, where the game has one (Gomoku's
    /// opening swap and offer).
    fn command_move(_command: Command) -> Option<Self::Move> {
        None
    }
    /// Whether `mv` is such a move: undo and redo pass over them.
    fn is_forced(mv: Self::Move) -> bool;
    /// What playing `mv` here changes, to highlight.
    fn flash(&self, mv: Self::Move) -> Option<Self::Flash>;
    /// A key that is no command: part of a typed square (`typed` holds what came before).
    fn type_key(&self, cursor: &mut Self::Cursor, typed: &mut Option<u8>, key: Key) {
        let _ = (cursor, typed, key);
    }
    /// Whether, with `typed` so far, every letter and digit is part of the square being typed
    /// rather than a command (Gomoku's columns run past the letters that are commands).
    fn typing(typed: Option<u8>) -> bool {
        let _ = typed;
        false
    }

    /// The computer's move here at `level`, asked of the engine worker.
    fn think(&self, id: u64, level: u8) -> Effect;
    /// The scores of every move here, if the game has analysis.
    fn analyze(&self, id: u64) -> Option<Effect>;
    /// A worker's report, if it is about this game.
    fn heard(report: Report) -> Option<Heard<Self>>
    where
        Self: Sized;
    /// Whether the move came from the opening book.
    fn from_book(progress: Self::Progress) -> bool;

    /// The game's name in the title bar ("Reversi", "Renju 15x15").
    fn title(&self, t: &dyn Text) -> String;
    /// How a side's stone is drawn in the panel.
    fn stone_style(color: Color, theme: Theme) -> Style;
    /// A side's line in the panel: the player's name in at most `room` columns (Reversi: with
    /// the side's count).
    fn player_text(&self, color: Color, name: &str, room: usize) -> String;
    /// Whose turn it is, or how the game stands if it is over here (a replay's panel).
    fn state_text(&self, t: &dyn Text) -> String;
    /// The named opening the moves of `game` follow, if any.
    fn opening_name(game: &Game<Self>, t: &dyn Text) -> Option<String>
    where
        Self: Sized;
    /// Draws the board of `game` as a replay shows it (the stones, the last move, a winning
    /// line, and the `marks` that are this game's) in `area`; the parts around it, or `None`
    /// if `area` is too small.
    fn draw_still(
        game: &Game<Self>,
        frame: &mut Frame,
        area: Rect,
        board: BoardSize,
        theme: Theme,
        marks: Marks,
    ) -> Option<Around>
    where
        Self: Sized;
    /// The rules in one line for the panel, where the game has variants.
    fn rules_summary(&self, t: &dyn Text) -> Option<String>;
    /// How the computer's search goes, for the panel (`s` between items).
    fn progress_text(progress: Self::Progress, side: Color, s: &str, t: &dyn Text) -> String;
    /// A move as the move list writes it, in the player's words.
    fn move_text(mv: Self::Move, t: &dyn Text) -> String;
    /// The decisions other than a move that the side to move may make now, for the key line
    /// (Renju's Taraguchi-10: swap, offer fifth stones).
    fn decisions(&self) -> Vec<crate::i18n::Act> {
        vec![]
    }
    /// The move list's number column for every move of the record (the cursor's and after),
    /// four columns wide, where the moves do not alternate colours (Renju's Taraguchi-10:
    /// swaps and offers between the stones); `None` lists the moves in numbered pairs.
    fn list_numbers(_: &Game<Self>) -> Option<Vec<String>>
    where
        Self: Sized,
    {
        None
    }
    /// Who leads, from Black's side, -100 (White certain) to 100: for the bar by the board.
    fn lead(&self) -> i32;
    /// The same from what a search for `side` reported.
    fn searched_lead(progress: Self::Progress, side: Color) -> i32;
    /// The same from a score for `side` (analysis's best move's).
    fn score_lead(score: i32, side: Color) -> i32;
    /// What the hints show now ("hints on"), where the game has hints.
    fn hints_word(&self, on: bool, t: &dyn Text) -> Option<String>;
    /// Lines about the game for the panel (its named opening…), each fitting `width`, keys
    /// named as `theme` writes them.
    fn notes(play: &Play<Self>, width: usize, theme: Theme, t: &dyn Text) -> Vec<String>
    where
        Self: Sized;
    /// How the game ended on the board ("Black wins by 16, 40-24"), once it has.
    fn result(&self, t: &dyn Text) -> String;
    /// This position and the move played from it (none at the end), as the review asks the
    /// engine about it.
    fn judge(&self, played: Option<Self::Move>) -> Judge;
    /// The game as the moves' transcript `y` copies, where the game has one (Reversi's
    /// "f5d6c3…"); `None` copies it as SGF.
    fn transcript(game: &Game<Self>) -> Option<String>;
    /// How a finished game ended, as the list of saved games says it; `None` while it goes on.
    fn listed(game: &Game<Self>, t: &dyn Text) -> Option<String>;
    /// The computer's levels, one line each, for the help.
    fn levels(t: &dyn Text) -> Vec<String>;
    /// Why a move was refused.
    fn refused(error: Self::Error, t: &dyn Text) -> String;
    /// What the hints show, said when they are turned on or off.
    fn hints_said(on: bool, t: &dyn Text) -> &'static str;
    /// The game as saved.
    fn saved(game: Game<Self>) -> SavedGame
    where
        Self: Sized;
    /// A saved game, if it is of this game.
    fn game_of(game: SavedGame) -> Option<Game<Self>>
    where
        Self: Sized;

    /// The smallest terminal this game's screen fits.
    fn min_size(&self) -> (u16, u16);
    /// Draws the game in `area`.
    fn draw(
        play: &Play<Self>,
        frame: &mut Frame,
        area: Rect,
        board: BoardSize,
        theme: Theme,
        now: Instant,
    ) where
        Self: Sized;
    /// The square or point under the screen cell `at`, if any.
    fn cell_at(&self, area: Rect, board: BoardSize, at: (u16, u16)) -> Option<Self::Cursor>;
}
