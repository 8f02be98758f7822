//! Replaying a game step by step: forward and back one move, ten moves, to either end, or on its
//! own at a chosen speed; and from any step, playing on as a live game.

use super::Effect;
use super::keys::Command;
use super::play::Message;
use super::review::Review;
use crate::engine::reversi::Analysis;
use crate::engine::{Reply, Report, Request};
use crate::game::{Ending, Game, Playable, Record, SavedGame, Step, each_game};
use crate::i18n::Text;
use crate::reversi::Status;
use std::time::{Duration, Instant};

/// Speeds of the autoplay: the time between steps.
const SPEEDS: [Duration; 6] = [
    Duration::from_millis(250),
    Duration::from_millis(500),
    Duration::from_secs(1),
    Duration::from_secs(2),
    Duration::from_secs(3),
    Duration::from_secs(5),
];
const DEFAULT_SPEED: usize = 2;

/// What a step of a game's history was.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Frame {
    Start,
    /// The move of this number was played (it is the last move of the game shown).
    Played(usize),
    /// The move of this number was taken back.
    TakenBack(usize),
    /// The move of this number was played again.
    Replayed(usize),
}

impl Frame {
    /// "move 3: c5", for the game shown at this step.
    fn say(self, game: &SavedGame, t: &dyn Text) -> String {
        match self {
            Frame::Start => t.frame_start().into(),
            Frame::Played(n) => {
                let last = game.move_names().get(n - 1).cloned().unwrap_or_default();
                t.frame_played(n, &last)
            }
            Frame::TakenBack(n) => t.frame_taken_back(n),
            Frame::Replayed(n) => t.frame_replayed(n),
        }
    }
}

/// What a key in the replay asks the App to do.
#[derive(Clone, Debug, PartialEq)]
pub enum Leave {
    /// Back to where the replay was opened from.
    Back,
    /// Play on from the step shown, as a live game.
    PlayFrom(Box<SavedGame>),
}

#[derive(Clone, Debug, PartialEq)]
pub struct Replay {
    /// The game, its record's cursor at the step shown.
    pub game: SavedGame,
    /// For a game with takebacks, every step of its history (the game after it, and what it
    /// was), and which is shown; otherwise the steps are the moves of the game.
    frames: Option<(Vec<(SavedGame, Frame)>, usize)>,
    /// How the game ended off the board (a resignation, a flag), shown at its last step.
    ending: Option<Ending>,
    /// When the next autoplay step is due; `None` when paused.
    next: Option<Instant>,
    speed: usize,
    pub message: Option<Message>,
    /// Reversi: the engine's scores of the position shown, while analysis is on.
    analysis_on: bool,
    pub evaluation: Option<Analysis>,
    /// The review of the game, going on in the background.
    pub review: Review,
    /// What the engine is working on for the replay: its id, and whether it is the review's
    /// position of this index (otherwise the analysis).
    request: Option<(u64, Option<usize>)>,
    next_id: u64,
    /// Requests for the engine, for the App to pass on.
    effects: Vec<Effect>,
    /// Of a game between people still being played: no engine looks at it.
    live: bool,
}

impl Replay {
    /// A replay of `game` from its first move.
    pub fn new(game: SavedGame) -> Replay {
        Replay::starting(game, false)
    }

    /// A replay of a game between people still being played, the engine kept out of it (its
    /// keys say so: no analysis, no mistakes, no playing on).
    pub fn of_live(game: SavedGame) -> Replay {
        Replay::starting(game, true)
    }

    /// A replay from the first move, its review asked for unless `live`.
    fn starting(mut game: SavedGame, live: bool) -> Replay {
        let ending = game.take_ending();
        let review = Review::of(&game);
        let frames = each_game!(&game, g, kind => history_frames(g, kind));
        match &frames {
            Some(frames) => game = frames[0].0.clone(),
            None => game.goto(0),
        }
        let mut replay = Replay {
            game,
            frames: frames.map(|f| (f, 0)),
            ending,
            next: None,
            speed: DEFAULT_SPEED,
            message: None,
            analysis_on: false,
            evaluation: None,
            review,
            request: None,
            next_id: 1,
            effects: vec![],
            live,
        };
        replay.ask_analysis();
        replay
    }

    pub fn live(&self) -> bool {
        self.live
    }

    /// What the replay asks of the engine since last asked.
    pub fn take_effects(&mut self) -> Vec<Effect> {
        std::mem::take(&mut self.effects)
    }

    pub fn analysis_on(&self) -> bool {
        self.analysis_on
    }

    /// Asks for the scores of the position shown, when analysis is on (Reversi, game not over);
    /// otherwise the review goes on.
    fn ask_analysis(&mut self) {
        self.evaluation = None;
        let position = match &self.game {
            SavedGame::Reversi(g) if self.analysis_on => Some(*g.position()),
            _ => None,
        };
        match position.filter(|p| p.status() != Status::GameOver) {
            Some(position) => self.ask(Request::Analyze(position), None),
            None => self.go_on_reviewing(),
        }
    }

    /// Asks about the review's next position, or stops when every one has been judged.
    fn go_on_reviewing(&mut self) {
        if self.live {
            return;
        }
        match self.review.next() {
            Some((i, judge)) => self.ask(Request::Judge(judge), Some(i)),
            None => self.stop(),
        }
    }

    fn ask(&mut self, request: Request, review: Option<usize>) {
        let id = self.next_id;
        self.next_id += 1;
        self.request = Some((id, review));
        self.effects.push(Effect::Ask { id, request });
    }

    /// Stops the engine's work for the replay (when it ends, or analysis is turned off).
    pub fn stop(&mut self) {
        if self.request.take().is_some() {
            self.effects.push(Effect::Cancel);
        }
    }

    /// A report from the engine: the scores of the position shown, or the review of one
    /// position (and the review goes on).
    pub fn engine(&mut self, reply: Reply) {
        match (self.request, reply.report) {
            (Some((id, None)), Report::Analysis(a)) if id == reply.id => self.evaluation = Some(a),
            (Some((id, Some(i))), Report::Judged(judged)) if id == reply.id => {
                self.request = None;
                self.review.answer(i, judged);
                self.go_on_reviewing();
            }
            _ => {}
        }
    }

    /// Steps shown, and steps in all: moves, or for a game with takebacks, its history.
    pub fn step(&self) -> (usize, usize) {
        match &self.frames {
            Some((frames, at)) => (*at, frames.len() - 1),
            None => self.game.steps(),
        }
    }

    /// How the game ended off the board, at its last step.
    pub fn ending(&self) -> Option<Ending> {
        let (at, len) = self.step();
        self.ending.filter(|_| at == len)
    }

    /// What the step shown was, for a game with takebacks ("move 23 taken back").
    pub fn label(&self, t: &dyn Text) -> Option<String> {
        let (frames, at) = self.frames.as_ref()?;
        Some(frames[*at].1.say(&self.game, t))
    }

    pub fn playing(&self) -> bool {
        self.next.is_some()
    }

    pub fn speed(&self) -> Duration {
        SPEEDS[self.speed]
    }

    /// To the review's mistake before (`forward` false) or after the move shown; a message
    /// when there is none that way.
    fn go_to_mistake(&mut self, forward: bool, t: &dyn Text) {
        let shown = self.game.steps().0;
        let found = if forward {
            self.review.next_mistake(shown)
        } else {
            self.review.previous_mistake(shown)
        };
        let Some(n) = found else {
            let (done, total) = self.review.progress();
            self.message = Some(Message::info(t.no_mistake_there(forward, done < total)));
            return;
        };
        let step = match &self.frames {
            // The last step that shows the move on the reviewed line: the line as it stood
            // when the game ended.
            Some((frames, _)) => frames
                .iter()
                .rposition(|(g, _)| g.steps().0 == n && self.review.shows_line(g)),
            None => Some(n),
        };
        if let Some(step) = step {
            self.go(step as isize);
        }
    }

    fn go(&mut self, to: isize) {
        let (_, len) = self.step();
        let to = to.clamp(0, len as isize) as usize;
        match &mut self.frames {
            Some((frames, at)) => {
                *at = to;
                self.game = frames[to].0.clone();
            }
            None => self.game.goto(to),
        }
        if self.analysis_on {
            self.ask_analysis();
        }
    }

    /// A command (see [`Place::Replay`]); `Some` when the replay is to end.
    pub fn command(&mut self, command: Command, now: Instant, t: &dyn Text) -> Option<Leave> {
        self.message = None;
        let (at, len) = self.step();
        let at = at as isize;
        match command {
            Command::Left => self.go(at - 1),
            Command::Right => self.go(at + 1),
            Command::BackTen => self.go(at - 10),
            Command::ForwardTen => self.go(at + 10),
            Command::First => self.go(0),
            Command::Last => self.go(len as isize),
            Command::Pause => {
                self.next = match self.next {
                    Some(_) => None,
                    None => {
                        if at as usize == len {
                            self.go(0);
                        }
                        Some(now + self.speed())
                    }
                }
            }
            Command::Analysis => {
                self.analysis_on = !self.analysis_on;
                self.ask_analysis();
            }
            Command::PrevMistake => self.go_to_mistake(false, t),
            Command::NextMistake => self.go_to_mistake(true, t),
            Command::Faster => self.speed = self.speed.saturating_sub(1),
            Command::Slower => self.speed = (self.speed + 1).min(SPEEDS.len() - 1),
            Command::Enter => {
                let game = self.game.clone();
                if game.is_over() || self.ending().is_some() {
                    self.message = Some(Message::info(t.replay_over_here()));
                    return None;
                }
                return Some(Leave::PlayFrom(Box::new(game)));
            }
            Command::Quit => return Some(Leave::Back),
            _ => {}
        }
        // Stepping by hand does not stop the autoplay, but restarts its clock.
        if let Some(next) = &mut self.next
            && command != Command::Pause
        {
            *next = now + SPEEDS[self.speed];
        }
        None
    }

    /// Time passes: the autoplay steps, and stops at the end.
    pub fn tick(&mut self, now: Instant) {
        let Some(next) = self.next else { return };
        if now < next {
            return;
        }
        let (at, len) = self.step();
        if at >= len {
            self.next = None;
            return;
        }
        self.go(at as isize + 1);
        self.next = (at + 1 < len).then_some(now + self.speed());
    }
}

/// The game after each step of `game`'s history, with what the step was; `None` if nothing was
/// ever taken back (the moves then tell it all).
fn history_frames<P: Playable>(
    game: &Game<P>,
    wrap: fn(Game<P>) -> SavedGame,
) -> Option<Vec<(SavedGame, Frame)>> {
    if !game.record.has_takebacks() {
        return None;
    }
    let mut now = game.clone();
    now.record = Record::new(game.record.start().clone());
    let mut frames = vec![(wrap(now.clone()), Frame::Start)];
    for &step in game.record.history() {
        let label = match step {
            Step::Play(mv) => {
                let _ = now.record.play(mv);
                Frame::Played(now.record.cursor())
            }
            Step::Undo => {
                let n = now.record.cursor();
                now.record.undo();
                Frame::TakenBack(n)
            }
            Step::Redo => {
                now.record.redo();
                Frame::Replayed(now.record.cursor())
            }
        };
        frames.push((wrap(now.clone()), label));
    }
    Some(frames)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::{Game, Player};
    use crate::ui::input::Key;
    use crate::ui::keys::Place;

    fn en() -> &'static dyn Text {
        crate::i18n::Lang::En.text()
    }

    /// A key, as the App reads it in a replay.
    fn press(r: &mut Replay, key: Key, now: Instant) -> Option<Leave> {
        let command = Place::Replay {
            kind: r.game.id(),
            live: r.live(),
        }
        .command(key)
        .expect("a replay key");
        r.command(command, now, en())
    }

    fn replay() -> Replay {
        let mut g = Game::new(Player::Human, Player::Computer);
        for m in ["f5", "d6", "c3", "d3", "c4"] {
            g.record.play(m.parse().unwrap()).unwrap();
        }
        Replay::new(SavedGame::Reversi(g))
    }

    #[test]
    fn steps_and_ends() {
        let mut r = replay();
        let now = Instant::now();
        assert_eq!(r.step(), (0, 5));
        press(&mut r, Key::Right, now);
        press(&mut r, Key::Right, now);
        assert_eq!(r.step(), (2, 5));
        press(&mut r, Key::Left, now);
        assert_eq!(r.step(), (1, 5));
        press(&mut r, Key::End, now);
        assert_eq!(r.step(), (5, 5));
        press(&mut r, Key::Right, now);
        assert_eq!(r.step(), (5, 5), "stops at the end");
        press(&mut r, Key::PageUp, now);
        assert_eq!(r.step(), (0, 5));
        press(&mut r, Key::PageDown, now);
        assert_eq!(r.step(), (5, 5));
        assert_eq!(press(&mut r, Key::Esc, now), Some(Leave::Back));
    }

    #[test]
    fn autoplay_steps_with_time_and_stops_at_the_end() {
        let mut r = replay();
        let now = Instant::now();
        press(&mut r, Key::Char('p'), now);
        assert!(r.playing());
        r.tick(now + Duration::from_millis(500));
        assert_eq!(r.step().0, 0, "not yet");
        r.tick(now + Duration::from_secs(1));
        assert_eq!(r.step().0, 1);
        press(&mut r, Key::Char('+'), now + Duration::from_secs(1));
        assert_eq!(r.speed(), Duration::from_millis(500));
        let mut t = now + Duration::from_secs(1);
        for _ in 0..10 {
            t += Duration::from_millis(500);
            r.tick(t);
        }
        assert_eq!(r.step(), (5, 5));
        assert!(!r.playing());
    }

    #[test]
    fn takebacks_are_steps_of_their_own() {
        let mut g = Game::new(Player::Human, Player::Human);
        for m in ["f5", "d6", "c3"] {
            g.record.play(m.parse().unwrap()).unwrap();
        }
        g.record.undo();
        g.record.play("c5".parse().unwrap()).unwrap();
        let mut r = Replay::new(SavedGame::Reversi(g));
        let now = Instant::now();
        assert_eq!(r.step(), (0, 5));
        press(&mut r, Key::End, now);
        assert_eq!(r.label(en()).as_deref(), Some("move 3: c5"));
        press(&mut r, Key::Left, now);
        assert_eq!(r.label(en()).as_deref(), Some("move 3 taken back"));
        assert_eq!(
            r.game.steps(),
            (2, 3),
            "c3 is still there to redo at that step"
        );
        press(&mut r, Key::Left, now);
        assert_eq!(r.label(en()).as_deref(), Some("move 3: c3"));
    }

    #[test]
    fn play_from_here_keeps_the_rest_as_redo() {
        let mut r = replay();
        let now = Instant::now();
        press(&mut r, Key::Right, now);
        press(&mut r, Key::Right, now);
        let Some(Leave::PlayFrom(game)) = press(&mut r, Key::Enter, now) else {
            panic!("no game")
        };
        let SavedGame::Reversi(g) = *game else {
            panic!("not Reversi")
        };
        assert_eq!(g.record.cursor(), 2);
        assert_eq!(g.record.moves().len(), 5);
    }
}
