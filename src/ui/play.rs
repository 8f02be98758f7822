//! A game in progress on screen, written once for every game ([`Rules`]): the cursor, hints,
//! messages, resigning, takebacks, and the turn-taking between humans and computer players.
//! Keys that concern the whole app (help, quit, new game) are handled by the App before they
//! reach here.

use super::Effect;
use super::input::Key;
use super::keys::{Command, Seat};
use super::net;
use super::rules::{Heard, Rules};
use super::timing::Timing;
use crate::engine::Reply;
use crate::engine::reversi::Analysis;
use crate::game::{Ending, Game, Player};
use crate::i18n::Text;
use crate::reversi::Color;
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
#[derive(Clone, Debug, PartialEq)]
struct Request<G: Rules> {
    id: u64,
    since: Instant,
    asked: Asked<G>,
}

#[derive(Clone, Debug, PartialEq)]
enum Asked<G: Rules> {
    /// The computer chooses a move: the latest progress, and the answer, held back until
    /// `since + COMPUTER_PAUSE`.
    Think {
        progress: Option<G::Progress>,
        answer: Option<G::Move>,
    },
    /// Analysis of the position for the human to move.
    Analyze,
}

/// A game of Gomoku or Renju on screen.
pub type GomokuPlay = Play<crate::gomoku::Position>;

/// A game on screen: Reversi's ([`Play`]) or Gomoku's ([`GomokuPlay`]).
#[derive(Clone, Debug)]
pub struct Play<G: Rules = crate::reversi::Position> {
    pub game: Game<G>,
    pub cursor: G::Cursor,
    pub hints: bool,
    pub message: Option<Message>,
    /// What the last move changed and until when it is highlighted.
    flash: Option<(G::Flash, Instant)>,
    request: Option<Request<G>>,
    /// Analysis mode: the engine's score for every move of the human to move.
    pub analysis_on: bool,
    /// The latest scores, for the position on the board.
    pub analysis: Option<Analysis>,
    /// The start of a typed square, waiting for the rest.
    typed: Option<u8>,
    /// The computer's last move: how many moves the game had after it, who made it, and the
    /// last progress of its search — while that is the position on the board, the panel says
    /// whether the move came from the book and the bar shows the search's score.
    last_search: Option<(usize, Color, G::Progress)>,
    /// A game between two computers, held (`p` or Space): time does not move it on.
    pub paused: bool,
    next_id: u64,
    /// The player's settings: bells, highlights.
    pub settings: Settings,
    /// Set when the game is between two terminals (over SSH).
    pub net: Option<Net>,
    /// A game against the computer on a server, whose Esc goes back to the start menu.
    pub served: bool,
    /// The people's clocks, when the settings ask for them.
    pub timing: Option<Timing>,
}

impl<G: Rules> Play<G> {
    /// Starts showing `game`; if a computer is to move it is asked at once.
    pub fn new(game: Game<G>, settings: Settings, now: Instant, fx: &mut Vec<Effect>) -> Self {
        let people = [game.black, game.white].map(|p| p == Player::Human);
        let timing = Timing::new(game.clocks, settings.clock, people);
        let mut play = Play {
            cursor: game.position().start_cursor(),
            game,
            hints: settings.hints,
            message: None,
            flash: None,
            request: None,
            analysis_on: settings.analysis,
            analysis: None,
            typed: None,
            last_search: None,
            paused: false,
            next_id: 1,
            settings,
            net: None,
            served: false,
            timing,
        };
        play.advance(now, fx);
        play
    }

    /// Who is at the board, for its keys.
    pub fn seat(&self) -> Seat {
        Seat::of(self.net.as_ref(), self.served)
    }

    /// A game between two terminals: nobody here plays a computer.
    pub fn networked(game: Game<G>, net: Net, settings: Settings, now: Instant) -> Self {
        // Games between terminals have the server's clocks, if any, not the settings'.
        let settings = Settings {
            clock: None,
            ..settings
        };
        let mut play = Play::new(game, settings, now, &mut vec![]);
        play.timing = net.clock.map(|c| Timing::from_server(c, now));
        play.net = Some(net);
        play
    }

    /// The server's latest word on a game between two terminals: the moves played since are
    /// played here too (the last one highlighted), or, if the two differ, the server's game
    /// replaces this one.
    pub fn sync(&mut self, game: Game<G>, net: Net, now: Instant, fx: &mut Vec<Effect>) {
        let (here, there) = (self.game.record.played(), game.record.played());
        if there.len() > here.len() && there.starts_with(here) {
            for mv in there[here.len()..].iter().copied() {
                self.land(mv, now, fx);
            }
        } else if here != there {
            self.game = game;
            self.flash = None;
        }
        self.timing = net.clock.map(|c| Timing::from_server(c, now));
        self.net = Some(net);
    }

    pub fn position(&self) -> &G {
        self.game.position()
    }

    /// Over on the board, or off it (a resignation, a win claimed between terminals, a flag).
    pub fn is_over(&self) -> bool {
        self.game.is_over() || self.net.as_ref().is_some_and(|n| n.result.is_some())
    }

    /// Whether the game has started and is not over (abandoning it needs a confirmation).
    pub fn in_progress(&self) -> bool {
        !self.is_over() && self.game.record.cursor() > 0
    }

    /// Whether a person at this keyboard is to move now.
    pub fn human_to_move(&self) -> bool {
        let to_move = self.position().to_move();
        !self.is_over()
            && self.game.to_move() == Player::Human
            && self.net.as_ref().is_none_or(|net| net.may_move(to_move))
    }

    /// The computer's last move, if it came from the opening book and is still the last move.
    pub fn book_move(&self) -> Option<G::Move> {
        let (_, _, progress) = self.last_search()?;
        G::from_book(progress)
            .then(|| self.game.record.last_move())
            .flatten()
    }

    /// The search behind the computer's last move, while that is the position on the board.
    fn last_search(&self) -> Option<(usize, Color, G::Progress)> {
        self.last_search
            .filter(|&(moves, ..)| moves == self.game.record.cursor())
    }

    /// Black's lead for the bar beside the board: the result once the game is over; else what
    /// the engine says (the computer's search going on, the analysis of the position, or the
    /// search that chose the move just played), and the position's evaluation at a glance only
    /// when no search has looked at it.
    pub fn lead(&self) -> i32 {
        use crate::engine::review::CERTAIN;
        let p = self.position();
        if self.ending().is_some() {
            return self.winner().map_or(0, |w| w.black_side(CERTAIN));
        }
        if self.is_over() {
            return p.lead();
        }
        if let Some((_, Some(progress))) = self.thinking() {
            return G::searched_lead(progress, p.to_move());
        }
        // Analysis of the position on the board: its best move's score.
        if let Some(best) = self
            .analysis
            .as_ref()
            .and_then(|a| a.scores.iter().map(|s| s.1).max())
        {
            return G::score_lead(best, p.to_move());
        }
        match self.last_search() {
            Some((_, mover, progress)) => G::searched_lead(progress, mover),
            None => p.lead(),
        }
    }

    /// While the computer is choosing a move: since when, and how far its search has got.
    pub fn thinking(&self) -> Option<(Instant, Option<G::Progress>)> {
        match &self.request {
            Some(Request {
                since,
                asked: Asked::Think { progress, .. },
                ..
            }) => Some((*since, *progress)),
            _ => None,
        }
    }

    /// What the last move changed, while it is highlighted at `now`.
    pub fn flashing(&self, now: Instant) -> Option<G::Flash> {
        match self.flash {
            Some((flash, until)) if now < until => Some(flash),
            _ => None,
        }
    }

    /// How the game ended: off the board (between terminals, a flag, a resignation), or on it.
    pub fn game_over_text(&self) -> String {
        let t = self.t();
        let result = match self.ending() {
            Some(ending) => t.ending(ending),
            None => self.position().result(t),
        };
        // A person against the computer hears it from their side.
        let person = match (
            self.game.player(Color::Black),
            self.game.player(Color::White),
        ) {
            (Player::Human, Player::Computer) => Some(Color::Black),
            (Player::Computer, Player::Human) => Some(Color::White),
            _ => None,
        };
        match (person.filter(|_| self.net.is_none()), self.winner()) {
            (Some(you), Some(winner)) => t.game_over_for(you == winner, &result),
            _ => t.game_over(&result),
        }
    }

    /// How the game ended off the board, if it did: between terminals as the server says.
    fn ending(&self) -> Option<Ending> {
        let between_terminals = self.net.as_ref().and_then(|n| n.result);
        between_terminals.or(self.game.ending)
    }

    /// Who won, once the game is over (none for a draw, or while it goes on).
    pub fn winner(&self) -> Option<Color> {
        match self.ending() {
            Some(ending) => Some(ending.winner()),
            None => self.position().winner(),
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

    /// A command for the board (see [`super::keys::Place::Game`]); any command clears the
    /// previous message and a half-typed square.
    pub fn command(&mut self, command: Command, now: Instant, fx: &mut Vec<Effect>) {
        self.typed = None;
        self.message = None;
        match command {
            Command::Up => self.step(0, -1),
            Command::Down => self.step(0, 1),
            Command::Left => self.step(-1, 0),
            Command::Right => self.step(1, 0),
            Command::Enter => self.place(self.cursor, now, fx),
            Command::Hints => {
                self.hints = !self.hints;
                self.say(G::hints_said(self.hints, self.t()));
            }
            Command::Undo => self.undo(now, fx),
            Command::Redo => self.redo(now, fx),
            Command::Resign => self.resign(now, fx),
            Command::Analysis => self.toggle_analysis(now, fx),
            other => {
                if let Some(mv) = G::command_move(other) {
                    self.make(mv, now, fx);
                }
            }
        }
    }

    /// A key that is no command: part of a square typed by name.
    pub fn typed(&mut self, key: Key) {
        self.message = None;
        let position = self.game.position();
        position.type_key(&mut self.cursor, &mut self.typed, key);
        if G::typing(self.typed) {
            self.say(self.t().typing_point());
        }
    }

    /// Whether a point is being typed: letters and digits are its, Esc stops it.
    pub fn typing(&self) -> bool {
        G::typing(self.typed)
    }

    /// Stops typing a point.
    pub fn stop_typing(&mut self) {
        self.typed = None;
        self.message = None;
    }

    fn step(&mut self, dc: i8, dr: i8) {
        self.cursor = self.position().step(self.cursor, dc, dr);
    }

    /// A click on the board: the cursor goes there and a move is made.
    pub fn click(&mut self, at: G::Cursor, now: Instant, fx: &mut Vec<Effect>) {
        self.message = None;
        self.cursor = at;
        self.place(at, now, fx);
    }

    /// The human to move plays at `at`, or is told why not.
    fn place(&mut self, at: G::Cursor, now: Instant, fx: &mut Vec<Effect>) {
        self.make(G::move_at(at), now, fx);
    }

    /// The human to move makes `mv`, or is told why not.
    fn make(&mut self, mv: G::Move, now: Instant, fx: &mut Vec<Effect>) {
        let to_move = self.position().to_move();
        if let Some(net) = &self.net
            && !self.human_to_move()
        {
            return self.say(net::wait_reason(net, to_move, self.t()));
        }
        if self.is_over() {
            return self.say(self.t().game_is_over_keys());
        }
        if !self.human_to_move() {
            return self.say(self.t().wait_for_computer(to_move));
        }
        match self.position().play(mv) {
            Ok(_) => {
                // Analysis of this position is no longer wanted.
                self.cancel_request(fx);
                self.land(mv, now, fx)
            }
            Err(e) => self.complain(G::refused(e, self.t()), fx),
        }
    }

    /// Plays a legal move, highlights what it changed, and moves the game on.
    fn land(&mut self, mv: G::Move, now: Instant, fx: &mut Vec<Effect>) {
        let flash = self.position().flash(mv);
        if self.game.record.play(mv).is_err() {
            return;
        }
        if let Some(timing) = &mut self.timing {
            timing.moved(now);
        }
        self.analysis = None;
        self.flash = flash.map(|f| (f, now + self.settings.animation.flash()));
        self.advance(now, fx);
        ring(&self.settings, self.is_over(), fx);
    }

    /// The human to move gives the game up.
    fn resign(&mut self, now: Instant, fx: &mut Vec<Effect>) {
        if !self.human_to_move() {
            return self.say(self.t().only_human_resigns());
        }
        self.cancel_request(fx);
        self.game.ending = Some(Ending::Resigned(self.position().to_move()));
        self.advance(now, fx);
        if self.settings.sound.end {
            fx.push(Effect::Bell);
        }
    }

    /// Starts a request for the worker, replacing any other; returns its id.
    fn ask(&mut self, asked: Asked<G>, now: Instant, fx: &mut Vec<Effect>) -> u64 {
        self.cancel_request(fx);
        let id = self.next_id;
        self.next_id += 1;
        self.request = Some(Request {
            id,
            since: now,
            asked,
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
                    asked: Asked::Analyze,
                    ..
                })
            ) {
                self.cancel_request(fx);
            }
            self.analysis = None;
            self.say(self.t().analysis_off());
        }
    }

    /// After any change: record forced moves (Reversi's passes), announce the end, or ask the
    /// computer to move (or, in analysis mode, to score the human's moves); the clocks follow.
    fn advance(&mut self, now: Instant, fx: &mut Vec<Effect>) {
        self.next_turn(now, fx);
        let over = self.is_over();
        if let Some(timing) = &mut self.timing {
            timing.follow(self.game.position().to_move(), over, now);
        }
    }

    fn next_turn(&mut self, now: Instant, fx: &mut Vec<Effect>) {
        loop {
            if self.is_over() {
                return self.say(self.game_over_text());
            }
            let side = self.position().to_move();
            if let Some(mv) = self.position().forced() {
                if self.game.record.play(mv).is_err() {
                    return;
                }
                self.say(self.t().passes(side));
                continue;
            }
            if self.game.to_move() == Player::Computer {
                if self.thinking().is_none() {
                    let asked = Asked::Think {
                        progress: None,
                        answer: None,
                    };
                    let id = self.ask(asked, now, fx);
                    fx.push(self.position().think(id, self.game.level));
                }
            } else if G::ANALYSIS && self.analysis_on && self.request.is_none() {
                let id = self.ask(Asked::Analyze, now, fx);
                fx.extend(self.position().analyze(id));
            }
            return;
        }
    }

    /// A report from the engine worker. A move is kept until the pause is over; anything for
    /// an old request, or an illegal move, is dropped.
    pub fn engine(&mut self, reply: Reply, now: Instant, fx: &mut Vec<Effect>) {
        let Some(heard) = G::heard(reply.report) else {
            return;
        };
        let illegal = matches!(heard, Heard::Move(mv) if self.position().play(mv).is_err());
        let Some(request) = self.request.as_mut().filter(|r| r.id == reply.id) else {
            return;
        };
        match (&mut request.asked, heard) {
            (Asked::Think { answer: None, .. }, Heard::Move(mv)) if illegal => {
                self.request = None;
                let text = self.t().computer_illegal(&mv.to_string());
                self.complain(text, fx);
            }
            (
                Asked::Think {
                    answer: answer @ None,
                    ..
                },
                Heard::Move(mv),
            ) => {
                *answer = Some(mv);
                self.tick(now, fx);
            }
            (Asked::Think { progress, .. }, Heard::Progress(p)) => *progress = Some(p),
            (Asked::Analyze, Heard::Analysis(a)) => self.analysis = Some(a),
            _ => {}
        }
    }

    /// Holds a game between two computers, or lets it go on; says which.
    pub fn pause(&mut self) {
        self.paused = !self.paused;
        let t = self.t();
        self.say(if self.paused {
            t.paused()
        } else {
            t.going_on()
        });
    }

    /// Time passes: a flag may fall; a held-back computer move lands once its pause is over
    /// (not while the game is held).
    pub fn tick(&mut self, now: Instant, fx: &mut Vec<Effect>) {
        if self.paused {
            return;
        }
        // Between terminals the server's flag falls, not this one.
        let timing = self.timing.as_mut().filter(|_| self.net.is_none());
        if let Some(flag) = timing.and_then(|t| t.tick(now)) {
            self.game.ending = Some(Ending::Time(flag));
            self.cancel_request(fx);
            self.say(self.game_over_text());
            ring(&self.settings, true, fx);
            return;
        }
        if let Some(Request {
            since,
            asked:
                Asked::Think {
                    answer: Some(mv),
                    progress,
                },
            ..
        }) = self.request
            && now >= since + COMPUTER_PAUSE
        {
            self.request = None;
            let moves = self.game.record.cursor() + 1;
            let mover = self.position().to_move();
            self.land(mv, now, fx);
            self.last_search = progress.map(|p| (moves, mover, p));
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
    /// (with no humans at all, any position where a move is chosen), never inside a set
    /// opening, whose stones stay.
    fn is_stop(game: &Game<G>) -> bool {
        let opening = game.record.start().fixed_moves();
        let chooses = !game.record.next_move().is_some_and(G::is_forced);
        let human = game.to_move() == Player::Human || game.no_humans();
        game.record.cursor() >= opening && human && chooses
    }

    /// Whether the game ended by a resignation here, which `u` takes back.
    fn resigned(&self) -> bool {
        matches!(self.game.ending, Some(Ending::Resigned(_)))
    }

    /// Whether `u` would take something back (a resignation, or moves).
    pub fn can_undo(&self) -> bool {
        self.resigned() || self.game.clone().undo_to(Self::is_stop)
    }

    /// Whether `r` would replay something.
    pub fn can_redo(&self) -> bool {
        self.game.clone().redo_to(Self::is_stop)
    }

    /// Takes back a resignation, or moves to the human's previous turn (against the computer,
    /// its reply too).
    fn undo(&mut self, now: Instant, fx: &mut Vec<Effect>) {
        if self.resigned() {
            self.game.ending = None;
            self.say(self.t().resignation_taken_back());
            return self.advance(now, fx);
        }
        if !self.game.undo_to(Self::is_stop) {
            return self.say(self.t().nothing_to_undo());
        }
        self.after_takeback(|t, n| t.took_back_to(n), now, fx);
    }

    /// Replays undone moves up to the human's next turn (or the end of the record).
    fn redo(&mut self, now: Instant, fx: &mut Vec<Effect>) {
        if !self.game.redo_to(Self::is_stop) {
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

/// What the undo or redo did, said with the move number reached.
pub type Said = fn(&dyn Text, usize) -> String;
