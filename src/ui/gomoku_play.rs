//! A game of Gomoku or Renju on screen: the cursor, forbidden-point hints, messages, resigning,
//! and the turn-taking between humans and computer players. The keys are Reversi's.

use super::Effect;
use super::input::Key;
use super::net;
use super::play::{COMPUTER_PAUSE, Message, ended_off_board, ring};
use super::timing::Timing;
use crate::engine::gomoku::Progress;
use crate::engine::{Reply, Report};
use crate::game::{GomokuGame, Player};
use crate::gomoku::{Color, Outcome, Point, Position, Rule};
use crate::i18n::Text;
use crate::settings::Settings;
use crate::table::Net;
use std::time::Instant;

/// The computer's move being chosen: since when, how far, and the answer held back until the
/// pause is over.
#[derive(Clone, Debug, PartialEq, Eq)]
struct Request {
    id: u64,
    since: Instant,
    progress: Option<Progress>,
    answer: Option<Point>,
}

#[derive(Clone, Debug)]
pub struct GomokuPlay {
    pub game: GomokuGame,
    pub cursor: Point,
    /// Show Black's forbidden points.
    pub hints: bool,
    pub message: Option<Message>,
    /// The side that resigned, ending the game off the board.
    pub resigned: Option<Color>,
    request: Option<Request>,
    next_id: u64,
    /// The player's settings: bells, highlights.
    pub settings: Settings,
    /// Set when the game is between two terminals (over SSH).
    pub net: Option<Net>,
    /// The people's clocks, when the settings ask for them.
    pub timing: Option<Timing>,
}

impl GomokuPlay {
    /// Starts showing `game`; if a computer is to move it is asked at once.
    pub fn new(
        game: GomokuGame,
        settings: Settings,
        now: Instant,
        fx: &mut Vec<Effect>,
    ) -> GomokuPlay {
        let cursor = game.position().centre();
        let people = [game.black, game.white].map(|p| p == Player::Human);
        let timing = Timing::new(game.clocks, settings.clock, people);
        let mut play = GomokuPlay {
            game,
            cursor,
            hints: settings.hints,
            message: None,
            resigned: None,
            request: None,
            next_id: 1,
            settings,
            net: None,
            timing,
        };
        play.advance(now, fx);
        play
    }

    /// A game between two terminals: nobody here plays a computer.
    pub fn networked(game: GomokuGame, net: Net, settings: Settings, now: Instant) -> GomokuPlay {
        // Games between terminals are untimed.
        let settings = Settings {
            clock: None,
            ..settings
        };
        let mut play = GomokuPlay::new(game, settings, now, &mut vec![]);
        play.net = Some(net);
        play
    }

    /// The server's latest word on a game between two terminals (see `Play::sync`).
    pub fn sync(&mut self, game: GomokuGame, net: Net, now: Instant, fx: &mut Vec<Effect>) {
        let (here, there) = (self.game.record.played(), game.record.played());
        if there.len() > here.len() && there.starts_with(here) {
            for &p in &there[here.len()..] {
                if self.game.record.play(p).is_err() {
                    break;
                }
            }
            self.advance(now, fx);
        } else if here != there {
            self.game = game;
        }
        self.net = Some(net);
    }

    pub fn position(&self) -> &Position {
        self.game.position()
    }

    pub fn is_over(&self) -> bool {
        self.resigned.is_some()
            || self.game.is_over()
            || self.net.as_ref().is_some_and(|net| net.result.is_some())
            || self.timing.as_ref().is_some_and(|t| t.flag.is_some())
    }

    /// Whether a person at this keyboard is to move now.
    pub fn human_to_move(&self) -> bool {
        !self.is_over()
            && self.game.to_move() == Player::Human
            && self
                .net
                .as_ref()
                .is_none_or(|net| net.may_move(self.position().to_move()))
    }

    /// Whether the game has started and is not over (abandoning it needs a confirmation).
    pub fn in_progress(&self) -> bool {
        !self.is_over() && self.game.record.cursor() > 0
    }

    /// While the computer is choosing a move: since when, and how far its search has got.
    pub fn thinking(&self) -> Option<(Instant, Option<Progress>)> {
        self.request.as_ref().map(|r| (r.since, r.progress))
    }

    /// Whether Black's forbidden points are to be marked: hints on, Renju, a human Black to
    /// move.
    pub fn show_forbidden(&self) -> bool {
        self.hints
            && self.position().rule() == Rule::Renju
            && self.position().to_move() == Color::Black
            && self.human_to_move()
    }

    fn say(&mut self, text: impl Into<String>) {
        self.message = Some(Message::info(text));
    }

    fn complain(&mut self, text: impl Into<String>, fx: &mut Vec<Effect>) {
        self.message = Some(Message::error(text, self.settings.sound.illegal, fx));
    }

    /// A key for the board; keys it does not know are ignored. Any key clears the message.
    pub fn key(&mut self, key: Key, now: Instant, fx: &mut Vec<Effect>) {
        self.message = None;
        match key {
            Key::Up | Key::Char('k') => self.step(0, 1),
            Key::Down | Key::Char('j') => self.step(0, -1),
            Key::Left | Key::Char('h') => self.step(-1, 0),
            Key::Right | Key::Char('l') => self.step(1, 0),
            Key::Enter | Key::Char(' ') => self.place(self.cursor, now, fx),
            Key::Char('t') => {
                self.hints = !self.hints;
                let t = self.t();
                self.say(if self.hints {
                    t.hints_on_forbidden()
                } else {
                    t.hints_off()
                });
            }
            Key::Char('u') => self.undo(now, fx),
            Key::Char('r') => self.redo(now, fx),
            Key::Char('x') => self.resign(now, fx),
            _ => {}
        }
    }

    /// Moves the cursor (rows count up the board), stopping at the edges.
    fn step(&mut self, dc: i8, dr: i8) {
        let last = self.position().board().size() as i8 - 1;
        self.cursor = Point {
            col: (self.cursor.col as i8 + dc).clamp(0, last) as u8,
            row: (self.cursor.row as i8 + dr).clamp(0, last) as u8,
        };
    }

    /// A click on a point: the cursor goes there and a stone is placed.
    pub fn click(&mut self, p: Point, now: Instant, fx: &mut Vec<Effect>) {
        self.message = None;
        self.cursor = p;
        self.place(p, now, fx);
    }

    /// The human to move places a stone at `p`, or is told why not (a forbidden point says
    /// which rule forbids it).
    fn place(&mut self, p: Point, now: Instant, fx: &mut Vec<Effect>) {
        if let Some(net) = &self.net
            && !self.human_to_move()
        {
            return self.say(net::wait_reason(net, self.position().to_move(), self.t()));
        }
        if self.is_over() {
            return self.say(self.t().game_is_over_keys());
        }
        if !self.human_to_move() {
            return self.say(self.t().wait_for_computer(self.position().to_move()));
        }
        match self.game.record.play(p) {
            Ok(()) => {
                if let Some(timing) = &mut self.timing {
                    timing.moved(now);
                }
                self.advance(now, fx);
                ring(&self.settings, self.is_over(), fx);
            }
            Err(e) => self.complain(self.t().gomoku_refused(e), fx),
        }
    }

    /// The human to move gives the game up.
    fn resign(&mut self, now: Instant, fx: &mut Vec<Effect>) {
        if !self.human_to_move() {
            return self.say(self.t().only_human_resigns());
        }
        self.cancel_request(fx);
        self.resigned = Some(self.position().to_move());
        if let Some(timing) = &mut self.timing {
            timing.follow(self.game.position().to_move(), true, now);
        }
        self.say(self.game_over_text());
        if self.settings.sound.end {
            fx.push(Effect::Bell);
        }
    }

    /// After any change: the clocks follow the turn; announce the end, or ask the computer.
    fn advance(&mut self, now: Instant, fx: &mut Vec<Effect>) {
        let over = self.is_over();
        if let Some(timing) = &mut self.timing {
            timing.follow(self.game.position().to_move(), over, now);
        }
        if over {
            return self.say(self.game_over_text());
        }
        if self.game.to_move() == Player::Computer && self.request.is_none() {
            let id = self.next_id;
            self.next_id += 1;
            self.request = Some(Request {
                id,
                since: now,
                progress: None,
                answer: None,
            });
            fx.push(Effect::ThinkGomoku {
                id,
                position: Box::new(self.position().clone()),
                level: self.game.level,
            });
        }
    }

    /// A report from the engine worker. A move is kept until the pause is over; anything for an
    /// old request, or an illegal move, is dropped.
    pub fn engine(&mut self, reply: Reply, now: Instant, fx: &mut Vec<Effect>) {
        let Some(request) = self.request.as_mut().filter(|r| r.id == reply.id) else {
            return;
        };
        match reply.report {
            Report::GomokuProgress(p) => request.progress = Some(p),
            Report::Stone(p) if request.answer.is_none() => {
                if self.game.position().check(p).is_err() {
                    self.request = None;
                    return self.complain(self.t().computer_illegal(&p.to_string()), fx);
                }
                request.answer = Some(p);
                self.tick(now, fx);
            }
            _ => {}
        }
    }

    /// Time passes: a flag may fall; a held-back computer move lands once its pause is over.
    pub fn tick(&mut self, now: Instant, fx: &mut Vec<Effect>) {
        if self.timing.as_mut().is_some_and(|t| t.tick(now)) {
            self.cancel_request(fx);
            self.say(self.game_over_text());
            ring(&self.settings, true, fx);
            return;
        }
        if let Some(Request {
            since,
            answer: Some(p),
            ..
        }) = self.request
            && now >= since + COMPUTER_PAUSE
        {
            self.request = None;
            // Checked when it arrived, and the position has not changed since.
            let _ = self.game.record.play(p);
            self.advance(now, fx);
            ring(&self.settings, self.is_over(), fx);
        }
    }

    /// Carries on after the game was left waiting (a replay): the computer is asked again if
    /// it is to move.
    pub fn resume(&mut self, now: Instant, fx: &mut Vec<Effect>) {
        self.advance(now, fx);
    }

    /// Stops the engine's work for this game (before an undo, or when leaving it).
    pub fn cancel_request(&mut self, fx: &mut Vec<Effect>) {
        if self.request.take().is_some() {
            fx.push(Effect::Cancel);
        }
    }

    /// Where undo and redo stop: a human to move (with no humans at all, every position),
    /// never inside a set opening, whose stones stay.
    fn is_stop(game: &GomokuGame) -> bool {
        let opening = game.record.start().opening_stones().len();
        game.record.cursor() >= opening && (game.to_move() == Player::Human || game.no_humans())
    }

    /// Whether `u` would take something back (a resignation, or moves).
    pub fn can_undo(&self) -> bool {
        self.resigned.is_some() || self.game.clone().undo_to(GomokuPlay::is_stop)
    }

    /// Whether `r` would replay something.
    pub fn can_redo(&self) -> bool {
        self.game.clone().redo_to(GomokuPlay::is_stop)
    }

    /// Takes back moves to the human's previous turn (against the computer, its reply too); a
    /// resignation is taken back first.
    fn undo(&mut self, now: Instant, fx: &mut Vec<Effect>) {
        if self.resigned.take().is_some() {
            self.say(self.t().resignation_taken_back());
        } else if self.game.undo_to(GomokuPlay::is_stop) {
            self.cancel_request(fx);
            self.say(self.t().took_back_to(self.game.record.cursor() + 1));
        } else {
            return self.say(self.t().nothing_to_undo());
        }
        self.advance(now, fx);
    }

    /// Replays undone moves up to the human's next turn (or the end of the record).
    fn redo(&mut self, now: Instant, fx: &mut Vec<Effect>) {
        if !self.game.redo_to(GomokuPlay::is_stop) {
            return self.say(self.t().nothing_to_redo());
        }
        self.cancel_request(fx);
        self.say(self.t().replayed_to(self.game.record.cursor() + 1));
        self.advance(now, fx);
    }

    /// "Black wins: five in a row", "White wins: Black resigned", "Draw: the board is full".
    pub fn game_over_text(&self) -> String {
        let t = self.t();
        if let Some(result) = ended_off_board(self.net.as_ref(), self.timing.as_ref(), t) {
            return t.game_over(&result);
        }
        if let Some(loser) = self.resigned {
            return t.game_over(&t.wins_resigned(loser.opponent()));
        }
        match self.position().outcome() {
            Outcome::Won(color, _) => {
                let line = self.position().winning_line().len();
                t.game_over(&t.wins_with_line(color, line))
            }
            Outcome::Draw => t.game_over(t.draw_board_full()),
            Outcome::Playing => String::new(),
        }
    }

    /// The words of the player's language.
    pub fn t(&self) -> &'static dyn Text {
        self.settings.lang.text()
    }
}
