//! A game in progress on screen: the cursor, hints, messages, and the turn-taking between humans
//! and computer players. Keys that concern the whole app (help, quit, new game) are handled by
//! the App before they reach here.

use super::Effect;
use super::input::Key;
use super::net;
use super::timing::Timing;
use crate::engine::{Analysis, Progress, Reply, Report};
use crate::game::{Game, Player};
use crate::i18n::Text;
use crate::reversi::{Move, Position, Square, Status};
use crate::settings::Settings;
use crate::table::Net;
use std::time::{Duration, Instant};

/// The least time between asking the computer and showing its move, so a person can follow it.
pub const COMPUTER_PAUSE: Duration = Duration::from_millis(600);

/// A line for the status bar. It stays until the next key press, so a pass is never missed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Message {
    pub text: String,
    pub error: bool,
}

impl Message {
    pub fn info(text: impl Into<String>) -> Message {
        Message {
            text: text.into(),
            error: false,
        }
    }

    /// An error, with the bell rung when `bell` is on.
    pub fn error(text: impl Into<String>, bell: bool, fx: &mut Vec<Effect>) -> Message {
        if bell {
            fx.push(Effect::Bell);
        }
        Message {
            text: text.into(),
            error: true,
        }
    }
}

/// The one request the engine worker is busy with.
#[derive(Clone, Debug, PartialEq, Eq)]
struct Request {
    id: u64,
    since: Instant,
    kind: Kind,
}

#[derive(Clone, Debug, PartialEq, Eq)]
enum Kind {
    /// The computer chooses a move: the latest progress, and the answer, held back until
    /// `since + COMPUTER_PAUSE`.
    Think {
        progress: Option<Progress>,
        answer: Option<Move>,
    },
    /// Analysis of the position for the human to move.
    Analyze,
}

#[derive(Clone, Debug)]
pub struct Play {
    pub game: Game,
    pub cursor: Square,
    pub hints: bool,
    pub message: Option<Message>,
    /// Discs the last move flipped and until when they are highlighted.
    flash: Option<(u64, Instant)>,
    request: Option<Request>,
    /// Analysis mode: the engine's score for every move of the human to move.
    pub analysis_on: bool,
    /// The latest scores, for the position on the board.
    pub analysis: Option<Analysis>,
    /// A column letter typed, waiting for its row digit.
    typed_col: Option<u8>,
    /// How many moves the game had after the computer's last move, if that move came from its
    /// opening book (the panel says so while it is the last move).
    book_move: Option<usize>,
    next_id: u64,
    /// The player's settings: bells, highlights.
    pub settings: Settings,
    /// Set when the game is between two terminals (over SSH).
    pub net: Option<Net>,
    /// The people's clocks, when the settings ask for them.
    pub timing: Option<Timing>,
}

impl Play {
    /// Starts showing `game`; if a computer is to move it is asked at once.
    pub fn new(game: Game, settings: Settings, now: Instant, fx: &mut Vec<Effect>) -> Play {
        let people = [game.black, game.white].map(|p| p == Player::Human);
        let timing = Timing::new(game.clocks, settings.clock, people);
        let mut play = Play {
            game,
            cursor: "d4".parse().expect("valid square"),
            hints: settings.hints,
            message: None,
            flash: None,
            request: None,
            analysis_on: settings.analysis,
            analysis: None,
            typed_col: None,
            book_move: None,
            next_id: 1,
            settings,
            net: None,
            timing,
        };
        play.advance(now, fx);
        play
    }

    /// A game between two terminals: nobody here plays a computer.
    pub fn networked(game: Game, net: Net, settings: Settings, now: Instant) -> Play {
        // Games between terminals are untimed.
        let settings = Settings {
            clock: None,
            ..settings
        };
        let mut play = Play::new(game, settings, now, &mut vec![]);
        play.net = Some(net);
        play
    }

    /// The server's latest word on a game between two terminals: the moves played since are
    /// played here too (the last one highlighted), or, if the two differ, the server's game
    /// replaces this one.
    pub fn sync(&mut self, game: Game, net: Net, now: Instant, fx: &mut Vec<Effect>) {
        let (here, there) = (self.game.record.played(), game.record.played());
        if there.len() > here.len() && there.starts_with(here) {
            for &mv in &there[here.len()..] {
                self.land(mv, now, fx);
            }
        } else if here != there {
            self.game = game;
            self.flash = None;
        }
        self.net = Some(net);
    }

    pub fn position(&self) -> &Position {
        self.game.position()
    }

    /// Whether a person at this keyboard is to move now.
    pub fn human_to_move(&self) -> bool {
        let to_move = self.position().to_move();
        !self.is_over()
            && self.game.to_move() == Player::Human
            && self.net.as_ref().is_none_or(|net| net.may_move(to_move))
    }

    /// The computer's last move, if it came from the opening book and is still the last move.
    pub fn book_move(&self) -> Option<Move> {
        let moves = self.book_move?;
        (self.game.record.cursor() == moves)
            .then(|| self.game.record.last_move())
            .flatten()
    }

    /// While the computer is choosing a move: since when, and how far its search has got.
    pub fn thinking(&self) -> Option<(Instant, Option<Progress>)> {
        match &self.request {
            Some(Request {
                since,
                kind: Kind::Think { progress, .. },
                ..
            }) => Some((*since, *progress)),
            _ => None,
        }
    }

    /// The discs highlighted as just flipped at `now`.
    pub fn flashing(&self, now: Instant) -> u64 {
        match self.flash {
            Some((discs, until)) if now < until => discs,
            _ => 0,
        }
    }

    /// Whether the game has started and is not over (abandoning it needs a confirmation).
    pub fn in_progress(&self) -> bool {
        !self.is_over() && self.game.record.cursor() > 0
    }

    /// Over on the board, or off it (a resignation, a win claimed between terminals, a flag).
    pub fn is_over(&self) -> bool {
        self.game.is_over()
            || self.net.as_ref().is_some_and(|n| n.result.is_some())
            || self.timing.as_ref().is_some_and(|t| t.flag.is_some())
    }

    /// How the game ended.
    pub fn game_over_text(&self) -> String {
        let t = self.t();
        match ended_off_board(self.net.as_ref(), self.timing.as_ref(), t) {
            Some(result) => t.game_over(&result),
            None => game_over_text(self.position(), t),
        }
    }

    /// The words of the player's language.
    pub fn t(&self) -> &'static dyn Text {
        self.settings.lang.text()
    }

    fn say(&mut self, text: impl Into<String>) {
        self.message = Some(Message::info(text));
    }

    fn complain(&mut self, text: impl Into<String>, fx: &mut Vec<Effect>) {
        self.message = Some(Message::error(text, self.settings.sound.illegal, fx));
    }

    /// A key for the board; keys it does not know are ignored. Any key press clears the
    /// previous message.
    pub fn key(&mut self, key: Key, now: Instant, fx: &mut Vec<Effect>) {
        let typed_col = self.typed_col.take();
        self.message = None;
        match key {
            Key::Up | Key::Char('k') => self.step(0, -1),
            Key::Down | Key::Char('j') => self.step(0, 1),
            Key::Left | Key::Char('h') => {
                self.step(-1, 0);
                // `h` is also the last column: `h` then a digit jumps there.
                if key == Key::Char('h') {
                    self.typed_col = Some(7);
                }
            }
            Key::Right | Key::Char('l') => self.step(1, 0),
            Key::Enter | Key::Char(' ') => self.place(self.cursor, now, fx),
            Key::Char('t') => {
                self.hints = !self.hints;
                let t = self.t();
                self.say(if self.hints {
                    t.hints_on()
                } else {
                    t.hints_off()
                });
            }
            Key::Char('u') => self.undo(now, fx),
            Key::Char('r') => self.redo(now, fx),
            Key::Char('a') if self.net.is_some() => {
                self.say(self.t().no_analysis_between_people());
                self.typed_col = Some(0);
            }
            Key::Char('a') => {
                self.toggle_analysis(now, fx);
                // `a` is also the first column: `a` then a digit jumps there.
                self.typed_col = Some(0);
            }
            Key::Char(c @ 'b'..='g') => self.typed_col = Some(c as u8 - b'a'),
            Key::Char(d @ '1'..='8') => {
                if let Some(col) = typed_col {
                    self.cursor = Square::at(col, d as u8 - b'1').expect("on the board");
                }
            }
            _ => {}
        }
    }

    /// Moves the cursor, stopping at the edges.
    fn step(&mut self, dc: i8, dr: i8) {
        let col = (self.cursor.col() as i8 + dc).clamp(0, 7) as u8;
        let row = (self.cursor.row() as i8 + dr).clamp(0, 7) as u8;
        self.cursor = Square::at(col, row).expect("clamped to the board");
    }

    /// A click on a square: the cursor goes there and a disc is placed.
    pub fn click(&mut self, sq: Square, now: Instant, fx: &mut Vec<Effect>) {
        self.cursor = sq;
        self.place(sq, now, fx);
    }

    /// The human to move places a disc on `sq`, or is told why not.
    fn place(&mut self, sq: Square, now: Instant, fx: &mut Vec<Effect>) {
        let to_move = self.position().to_move();
        if let Some(net) = &self.net
            && !self.human_to_move()
        {
            return self.say(net::wait_reason(net, to_move, self.t()));
        }
        if self.game.is_over() {
            return self.say(self.t().game_is_over_keys());
        }
        if !self.human_to_move() {
            return self.say(self.t().wait_for_computer(to_move));
        }
        match self.position().play(Move::Play(sq)) {
            Ok(_) => {
                // Analysis of this position is no longer wanted.
                self.cancel_request(fx);
                self.land(Move::Play(sq), now, fx)
            }
            Err(e) => self.complain(self.t().reversi_refused(e), fx),
        }
    }

    /// Plays a legal move, highlights its flips, and moves the game on.
    fn land(&mut self, mv: Move, now: Instant, fx: &mut Vec<Effect>) {
        let before = *self.position();
        if self.game.record.play(mv).is_err() {
            return;
        }
        if let Some(timing) = &mut self.timing {
            timing.moved(now);
        }
        self.analysis = None;
        if let Move::Play(sq) = mv {
            self.flash = Some((before.flips(sq), now + self.settings.animation.flash()));
        }
        self.advance(now, fx);
        ring(&self.settings, self.game.is_over(), fx);
    }

    /// Starts a request for the worker, replacing any other; returns its id.
    fn ask(&mut self, kind: Kind, now: Instant, fx: &mut Vec<Effect>) -> u64 {
        self.cancel_request(fx);
        let id = self.next_id;
        self.next_id += 1;
        self.request = Some(Request {
            id,
            since: now,
            kind,
        });
        id
    }

    /// Turns analysis mode on or off.
    fn toggle_analysis(&mut self, now: Instant, fx: &mut Vec<Effect>) {
        self.analysis_on = !self.analysis_on;
        if self.analysis_on {
            self.say(self.t().analysis_on());
            self.advance(now, fx);
        } else {
            if matches!(
                self.request,
                Some(Request {
                    kind: Kind::Analyze,
                    ..
                })
            ) {
                self.cancel_request(fx);
            }
            self.analysis = None;
            self.say(self.t().analysis_off());
        }
    }

    /// After any change: record forced passes, announce the end, or ask the computer to move
    /// (or, in analysis mode, to score the human's moves).
    fn advance(&mut self, now: Instant, fx: &mut Vec<Effect>) {
        self.next_turn(now, fx);
        if let Some(timing) = &mut self.timing {
            let p = self.game.position();
            timing.follow(p.to_move(), p.status() == Status::GameOver, now);
        }
    }

    /// Records forced passes, announces the end, or asks the computer.
    fn next_turn(&mut self, now: Instant, fx: &mut Vec<Effect>) {
        loop {
            let p = *self.position();
            match p.status() {
                Status::GameOver => {
                    self.say(game_over_text(&p, self.t()));
                    return;
                }
                Status::MustPass => {
                    if self.game.record.play(Move::Pass).is_err() {
                        return;
                    }
                    self.say(self.t().passes(p.to_move()));
                }
                Status::ToMove => {
                    if self.game.to_move() == Player::Computer {
                        if self.thinking().is_none() {
                            let kind = Kind::Think {
                                progress: None,
                                answer: None,
                            };
                            let id = self.ask(kind, now, fx);
                            let level = self.game.level;
                            fx.push(Effect::Think {
                                id,
                                position: p,
                                level,
                            });
                        }
                    } else if self.analysis_on && self.request.is_none() {
                        let id = self.ask(Kind::Analyze, now, fx);
                        fx.push(Effect::Analyze { id, position: p });
                    }
                    return;
                }
            }
        }
    }

    /// A report from the engine worker. A move is kept until the pause is over; anything for
    /// an old request, or an illegal move, is dropped.
    pub fn engine(&mut self, reply: Reply, now: Instant, fx: &mut Vec<Effect>) {
        let legal = |mv: &Move| self.position().play(*mv).is_ok();
        let illegal = matches!(&reply.report, Report::Move(mv) if !legal(mv));
        let Some(request) = self.request.as_mut().filter(|r| r.id == reply.id) else {
            return;
        };
        match (&mut request.kind, reply.report) {
            (Kind::Think { answer: None, .. }, Report::Move(mv)) if illegal => {
                self.request = None;
                let text = self.t().computer_illegal(&mv.to_string());
                self.complain(text, fx);
            }
            (
                Kind::Think {
                    answer: answer @ None,
                    ..
                },
                Report::Move(mv),
            ) => {
                *answer = Some(mv);
                self.tick(now, fx);
            }
            (Kind::Think { progress, .. }, Report::Progress(p)) => *progress = Some(p),
            (Kind::Analyze, Report::Analysis(a)) => self.analysis = Some(a),
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
            kind:
                Kind::Think {
                    answer: Some(mv),
                    progress,
                },
            ..
        }) = self.request
            && now >= since + COMPUTER_PAUSE
        {
            self.request = None;
            let moves = self.game.record.cursor() + 1;
            self.land(mv, now, fx);
            self.book_move = progress.filter(|p| p.book).map(|_| moves);
        }
    }

    /// Carries on after the game was left waiting (a replay): the computer is asked again if
    /// it is to move.
    pub fn resume(&mut self, now: Instant, fx: &mut Vec<Effect>) {
        self.advance(now, fx);
    }

    /// Stops whatever the engine is doing for this game (before an undo, or when leaving it).
    pub fn cancel_request(&mut self, fx: &mut Vec<Effect>) {
        if self.request.take().is_some() {
            fx.push(Effect::Cancel);
        }
    }

    /// Where undo and redo stop: a position where someone at the keyboard chooses a move
    /// (with no humans at all, any position where a move is chosen).
    fn is_stop(game: &Game) -> bool {
        let chooses = game.record.next_move() != Some(Move::Pass);
        let human = game.to_move() == Player::Human || game.no_humans();
        human && chooses
    }

    /// Whether `u` would take something back.
    pub fn can_undo(&self) -> bool {
        self.game.clone().undo_to(Play::is_stop)
    }

    /// Whether `r` would replay something.
    pub fn can_redo(&self) -> bool {
        self.game.clone().redo_to(Play::is_stop)
    }

    /// Takes back moves to the human's previous turn (against the computer, its reply too).
    fn undo(&mut self, now: Instant, fx: &mut Vec<Effect>) {
        if !self.game.undo_to(Play::is_stop) {
            return self.say(self.t().nothing_to_undo());
        }
        self.after_takeback(|t, n| t.took_back_to(n), now, fx);
    }

    /// Replays undone moves up to the human's next turn (or the end of the record).
    fn redo(&mut self, now: Instant, fx: &mut Vec<Effect>) {
        if !self.game.redo_to(Play::is_stop) {
            return self.say(self.t().nothing_to_redo());
        }
        self.after_takeback(|t, n| t.replayed_to(n), now, fx);
    }

    /// After undo or redo: the old request and highlights go, the game goes on from here.
    fn after_takeback(&mut self, what: Said, now: Instant, fx: &mut Vec<Effect>) {
        self.cancel_request(fx);
        self.flash = None;
        self.analysis = None;
        self.say(what(self.t(), self.game.record.cursor() + 1));
        self.advance(now, fx);
    }
}

/// The bell after a disc or stone is placed, if the settings ask for one: at the end of the game
/// (`over`), or on every one.
pub fn ring(settings: &Settings, over: bool, fx: &mut Vec<Effect>) {
    if (over && settings.sound.end) || settings.sound.stone {
        fx.push(Effect::Bell);
    }
}

/// How a game ended off the board, if it did: a resignation or win claimed between terminals,
/// or a fallen flag.
pub fn ended_off_board(net: Option<&Net>, timing: Option<&Timing>, t: &dyn Text) -> Option<String> {
    let ending = net.and_then(|n| n.result).map(|e| t.ending(e));
    ending.or_else(|| timing.and_then(|m| m.result(t)))
}

/// What the undo or redo did, said with the move number reached.
pub type Said = fn(&dyn Text, usize) -> String;

/// "Black wins 40-24", "White wins …" or "a draw, 32-32".
pub fn result_text(p: &Position, t: &dyn Text) -> String {
    use crate::reversi::Color::{Black, White};
    let (b, w) = p.final_counts();
    match p.leader() {
        Some(Black) => t.wins_by(Black, b, w),
        Some(White) => t.wins_by(White, w, b),
        None => t.draw_by(b, w),
    }
}

/// "Game over: Black wins 40-24".
pub fn game_over_text(p: &Position, t: &dyn Text) -> String {
    t.game_over(&result_text(p, t))
}
