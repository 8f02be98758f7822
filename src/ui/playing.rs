//! A game on screen, whatever the game: what the App asks of it. Every [`Play`] is one, so
//! the App holds a `Box<dyn Playing>` and never names a game.

use super::Effect;
use super::input::Key;
use super::keys::{Command, Seat};
use super::layout::Around;
use super::play::{Message, Play};
use super::rules::Rules;
use super::theme::Theme;
use super::timing::with_clocks;
use crate::engine::Reply;
use crate::engine::reversi::Analysis;
use crate::engine::review::Better;
use crate::game::{Game, GameId, SavedGame, each_game};
use crate::i18n::Text;
use crate::reversi::Color;
use crate::settings::{BoardSize, Field, Settings};
use crate::table::Net;
use ratatui::Frame;
use ratatui::layout::Rect;
use ratatui::style::Style;
use std::any::Any;
use std::time::Instant;

pub trait Playing: Send {
    fn id(&self) -> GameId;
    /// Whether the screen changes with time alone: a computer thinking, a highlight, a clock.
    fn animating(&self, now: Instant) -> bool;
    fn tick(&mut self, now: Instant, fx: &mut Vec<Effect>);
    fn engine(&mut self, reply: Reply, now: Instant, fx: &mut Vec<Effect>);
    fn command(&mut self, command: Command, now: Instant, fx: &mut Vec<Effect>);
    /// Holds a game between two computers, or lets it go on.
    fn pause(&mut self);
    /// A key that is no command (a typed square).
    fn typed(&mut self, key: Key);
    /// Whether a point is being typed (letters and digits are its, Esc stops it).
    fn typing(&self) -> bool;
    fn stop_typing(&mut self);
    /// A click at a screen cell of `area`: a move where it lands on the board.
    fn click(
        &mut self,
        at: (u16, u16),
        area: Rect,
        board: BoardSize,
        now: Instant,
        fx: &mut Vec<Effect>,
    );
    fn draw(&self, frame: &mut Frame, area: Rect, board: BoardSize, theme: Theme, now: Instant);
    /// The smallest terminal the game fits.
    fn min_size(&self) -> (u16, u16);
    /// The game between terminals this is, if it is one.
    fn net(&self) -> Option<&Net>;
    /// Who is at the board, for its keys.
    fn seat(&self) -> Seat;
    fn in_progress(&self) -> bool;
    fn is_over(&self) -> bool;
    fn human_to_move(&self) -> bool;
    /// Computers play both sides.
    fn no_humans(&self) -> bool;
    /// The game as it would be saved now (its clocks included).
    fn saved(&self, now: Instant) -> SavedGame;
    /// How many steps (moves and takebacks) the game has had.
    fn steps(&self) -> usize;
    /// The moves played, by name.
    fn played(&self) -> Vec<String>;
    /// The server's word on this game: followed when it is the same game, given back if not.
    fn sync(
        &mut self,
        game: SavedGame,
        net: Net,
        now: Instant,
        fx: &mut Vec<Effect>,
    ) -> Option<SavedGame>;
    /// Carries on after being left waiting (a replay).
    fn resume(&mut self, now: Instant, fx: &mut Vec<Effect>);
    /// Stops the engine's work for this game.
    fn cancel_request(&mut self, fx: &mut Vec<Effect>);
    fn tell(&mut self, message: Message);
    /// A setting changed: the game follows it.
    fn follow(&mut self, settings: Settings, field: Field);
    /// A new game like this one (the same start, set opening and level), the sides swapped
    /// if `swap`.
    fn again(&self, swap: bool) -> SavedGame;
    /// This game as what it is, for callers that know its game (tests, mostly).
    fn as_any(&self) -> &dyn Any;
}

impl<G: Rules> Playing for Play<G> {
    fn id(&self) -> GameId {
        G::ID
    }

    fn animating(&self, now: Instant) -> bool {
        let clock = self.timing.as_ref().is_some_and(|t| t.running());
        let thinking = self.thinking().is_some() && !self.paused;
        thinking || self.flashing(now).is_some() || clock
    }

    fn tick(&mut self, now: Instant, fx: &mut Vec<Effect>) {
        Play::tick(self, now, fx)
    }

    fn engine(&mut self, reply: Reply, now: Instant, fx: &mut Vec<Effect>) {
        Play::engine(self, reply, now, fx)
    }

    fn command(&mut self, command: Command, now: Instant, fx: &mut Vec<Effect>) {
        Play::command(self, command, now, fx)
    }

    fn typed(&mut self, key: Key) {
        Play::typed(self, key)
    }

    fn typing(&self) -> bool {
        Play::typing(self)
    }

    fn stop_typing(&mut self) {
        Play::stop_typing(self)
    }

    fn pause(&mut self) {
        Play::pause(self)
    }

    fn click(
        &mut self,
        at: (u16, u16),
        area: Rect,
        board: BoardSize,
        now: Instant,
        fx: &mut Vec<Effect>,
    ) {
        if let Some(cell) = self.position().cell_at(area, board, at) {
            Play::click(self, cell, now, fx);
        }
    }

    fn draw(&self, frame: &mut Frame, area: Rect, board: BoardSize, theme: Theme, now: Instant) {
        G::draw(self, frame, area, board, theme, now)
    }

    fn min_size(&self) -> (u16, u16) {
        self.position().min_size()
    }

    fn net(&self) -> Option<&Net> {
        self.net.as_ref()
    }

    fn seat(&self) -> Seat {
        Play::seat(self)
    }

    fn in_progress(&self) -> bool {
        Play::in_progress(self)
    }

    fn is_over(&self) -> bool {
        Play::is_over(self)
    }

    fn human_to_move(&self) -> bool {
        Play::human_to_move(self)
    }

    fn no_humans(&self) -> bool {
        self.game.no_humans()
    }

    fn saved(&self, now: Instant) -> SavedGame {
        G::saved(with_clocks(&self.game, self.timing.as_ref(), now))
    }

    fn steps(&self) -> usize {
        self.game.record.history().len()
    }

    fn played(&self) -> Vec<String> {
        self.game
            .record
            .played()
            .iter()
            .map(|m| m.to_string())
            .collect()
    }

    fn sync(
        &mut self,
        game: SavedGame,
        net: Net,
        now: Instant,
        fx: &mut Vec<Effect>,
    ) -> Option<SavedGame> {
        if game.id() != G::ID || self.net.as_ref().is_none_or(|n| n.code != net.code) {
            return Some(game);
        }
        if let Some(game) = G::game_of(game) {
            Play::sync(self, game, net, now, fx);
        }
        None
    }

    fn resume(&mut self, now: Instant, fx: &mut Vec<Effect>) {
        Play::resume(self, now, fx)
    }

    fn cancel_request(&mut self, fx: &mut Vec<Effect>) {
        Play::cancel_request(self, fx)
    }

    fn tell(&mut self, message: Message) {
        self.message = Some(message);
    }

    fn follow(&mut self, settings: Settings, field: Field) {
        self.settings = settings;
        if field == Field::Hints {
            self.hints = settings.hints;
        }
        // A message said in the old language goes: nothing stays half in one, half in another.
        if field == Field::Language {
            self.message = None;
        }
    }

    fn again(&self, swap: bool) -> SavedGame {
        G::saved(self.game.again(swap))
    }

    fn as_any(&self) -> &dyn Any {
        self
    }
}

/// `game` on screen, as its game plays it; a computer to move is asked at once.
pub fn playing(
    game: SavedGame,
    settings: Settings,
    served: bool,
    now: Instant,
    fx: &mut Vec<Effect>,
) -> Box<dyn Playing> {
    fn served_play<G: Rules>(mut play: Play<G>, served: bool) -> Box<dyn Playing>
    where
        Play<G>: Playing,
    {
        play.served = served;
        Box::new(play)
    }
    each_game!(game, g => served_play(Play::new(g, settings, now, fx), served))
}

/// `game` between terminals on screen.
pub fn networked(game: SavedGame, net: Net, settings: Settings, now: Instant) -> Box<dyn Playing> {
    each_game!(game, g => Box::new(Play::networked(g, net, settings, now)))
}

/// What a replay marks on its board besides the stones.
#[derive(Clone, Copy, Debug, Default)]
pub struct Marks<'a> {
    /// The better move, when the move shown was a mistake.
    pub better: Option<Better>,
    /// The engine's score of each move (Reversi's analysis), while analysis is on.
    pub analysis: Option<&'a Analysis>,
}

/// A game as a replay shows it, whatever the game: its record at the step shown.
pub trait Still {
    /// The smallest terminal its board fits.
    fn min_size(&self) -> (u16, u16);
    /// Draws its board in `area` with `marks`; the parts around it, or `None` if `area` is
    /// too small.
    fn draw_board(
        &self,
        frame: &mut Frame,
        area: Rect,
        board: BoardSize,
        theme: Theme,
        marks: Marks,
    ) -> Option<Around>;
    /// A side's stone style and its line in the panel, for the player called `name`.
    /// A player's part of their panel line, in `room` columns.
    fn player(&self, color: Color, name: &str, room: usize, theme: Theme) -> (Style, String);
    fn rules_summary(&self, t: &dyn Text) -> Option<String>;
    /// Whose turn, or how the game stands if it is over at this step.
    fn state_text(&self, t: &dyn Text) -> String;
    fn opening_name(&self, t: &dyn Text) -> Option<String>;
    /// Every recorded move as the move list writes it.
    fn move_texts(&self, t: &dyn Text) -> Vec<String>;
    /// The move list's number column for every recorded move, where they are listed one a
    /// row ([`Rules::list_numbers`]).
    fn list_numbers(&self) -> Option<Vec<String>>;
}

impl<G: Rules> Still for Game<G> {
    fn min_size(&self) -> (u16, u16) {
        self.position().min_size()
    }

    fn draw_board(
        &self,
        frame: &mut Frame,
        area: Rect,
        board: BoardSize,
        theme: Theme,
        marks: Marks,
    ) -> Option<Around> {
        G::draw_still(self, frame, area, board, theme, marks)
    }

    fn player(&self, color: Color, name: &str, room: usize, theme: Theme) -> (Style, String) {
        let text = self.position().player_text(color, name, room);
        (G::stone_style(color, theme), text)
    }

    fn rules_summary(&self, t: &dyn Text) -> Option<String> {
        self.position().rules_summary(t)
    }

    fn state_text(&self, t: &dyn Text) -> String {
        self.position().state_text(t)
    }

    fn opening_name(&self, t: &dyn Text) -> Option<String> {
        G::opening_name(self, t)
    }

    fn move_texts(&self, t: &dyn Text) -> Vec<String> {
        let moves = self.record.moves().iter();
        moves.map(|&m| G::move_text(m, t)).collect()
    }

    fn list_numbers(&self) -> Option<Vec<String>> {
        G::list_numbers(self)
    }
}

/// `game` as a replay shows it.
pub fn still(game: &SavedGame) -> &dyn Still {
    each_game!(game, g => g)
}
