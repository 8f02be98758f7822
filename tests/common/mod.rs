//! Drives the App as a driver would, with a fake clock and the beginner engine answering every
//! request inline, whatever the level (the levels' engines are tested on their own).

#![allow(dead_code)] // each test file uses its own part of this

use heibai::engine::{Computers, Reply, Report, Request};

use heibai::driver::History;
use heibai::game::SavedGame;
use heibai::game::{Game, Player};
use heibai::reversi::{Move, Position};
use heibai::settings::Settings;
use heibai::store::Store;
use heibai::ui::{App, Effect, Input, Key, Options, Start};
use ratatui::Terminal;
use ratatui::backend::TestBackend;
use ratatui::buffer::Buffer;
use std::sync::atomic::AtomicBool;
use std::time::{Duration, Instant};
use unicode_width::UnicodeWidthStr;

/// White to move, with a5 and a8 to play; Black (a1, b5, b8) has no move whatever White does.
pub const BLACK_WILL_PASS: &str = concat!(
    "XOOOOOOO", "--------", "--------", "--------", "-XOOOOOO", "--------", "--------", "-XOOOOOO",
    " O"
);

pub fn options() -> Options {
    let mut settings = Settings::default();
    settings.sound.illegal = true;
    Options {
        // Without colour the discs differ in shape, which text snapshots can show.
        colour: false,
        ascii: false,
        settings,
    }
}

pub struct Harness {
    pub app: App,
    pub now: Instant,
    /// Every effect so far that the harness did not carry out itself.
    pub effects: Vec<Effect>,
    /// Pending requests for a computer's move, of either game (answered by the level-1
    /// players).
    pending: Vec<(u64, Request)>,
    /// The engine that answers them, as an engine thread would.
    computers: Computers,
    /// The latest analysis request.
    pub analysis_request: Option<(u64, Position)>,
    /// The review's pending request, answered by [`Harness::judge`].
    judging: Option<(u64, heibai::engine::review::Judge)>,
    /// Answer `Think` requests automatically.
    pub auto_computer: bool,
    /// The history, in a folder of its own, as a driver keeps it (its effects are also in
    /// `effects`).
    pub history: History,
    pub dir: tempfile::TempDir,
    options: Options,
}

impl Harness {
    pub fn new(start: Start) -> Harness {
        Harness::with_options(options(), start)
    }

    pub fn with_options(options: Options, start: Start) -> Harness {
        Harness::with_history(options, start, &[])
    }

    /// The same, with `kept` in the history to begin with (oldest first).
    pub fn with_history(options: Options, start: Start, kept: &[(&str, SavedGame)]) -> Harness {
        // In memory where the system has a place for it: the history syncs every write.
        let shm = std::path::Path::new("/dev/shm");
        let dir = match shm.is_dir() {
            true => tempfile::tempdir_in(shm),
            false => tempfile::tempdir(),
        };
        let dir = dir.unwrap();
        let store = Store::new(dir.path());
        for (name, game) in kept {
            store.save(name, game).unwrap();
            // Listed newest first by the time each was written.
            std::thread::sleep(Duration::from_millis(20));
        }
        let now = Instant::now();
        let (mut app, fx) = App::new(options, start, now);
        app.set_today("2026-12-03".into());
        app.handle(Input::Library(store.list()));
        let mut h = Harness {
            app,
            now,
            effects: vec![],
            pending: vec![],
            computers: Computers::default(),
            analysis_request: None,
            judging: None,
            auto_computer: true,
            history: History {
                store,
                naming: Ok(()),
            },
            dir,
            options,
        };
        h.take(fx);
        h
    }

    /// heibai run again on the same history (after a quit): a new App on the start screen.
    pub fn restart(&mut self) {
        let (mut app, fx) = App::new(self.options, Start::Menu, self.now);
        app.set_today("2026-12-03".into());
        app.handle(Input::Library(self.history.store.list()));
        self.app = app;
        self.effects.clear();
        self.take(fx);
    }

    /// The lobby of alice (with a key), three tables listed: hers, an open one, one being played.
    pub fn lobby_with_tables(opts: Options) -> Harness {
        use heibai::game::GameId;
        use heibai::table::{Listing, Variant};
        let mut h = Harness::with_options(
            opts,
            Start::Lobby {
                user: "alice".into(),
                keyed: true,
            },
        );
        let table = |code: &str, game, names: [Option<&str>; 2], watchers, yours| Listing {
            code: code.into(),
            game,
            names: names.map(|n| n.map(String::from)),
            watchers,
            move_number: 12,
            yours,
            rated: false,
            ratings: [None, None],
            clock: None,
            seek: false,
        };
        // The game being played is rated: its players' ratings are listed.
        let rating = |points, provisional| {
            Some(heibai::table::Rating {
                points,
                provisional,
            })
        };
        let rated = |l: Listing| Listing {
            rated: true,
            ratings: [rating(1623, false), rating(1480, true)],
            ..l
        };
        h.input(Input::Lobby(vec![
            table(
                "KQWER",
                Variant::Game(GameId::Reversi),
                [Some("alice"), Some("bob")],
                0,
                true,
            ),
            table(
                "MNBVC",
                Variant::Gomoku(heibai::gomoku::Rule::Renju, 15, false),
                [Some("carol"), None],
                0,
                false,
            ),
            rated(table(
                "ZXCVB",
                Variant::Game(GameId::Reversi),
                [Some("dave"), Some("erin")],
                2,
                false,
            )),
        ]));
        h
    }

    pub fn menu() -> Harness {
        Harness::new(Start::Menu)
    }

    /// The games in the history, newest first: each one's name and moves.
    pub fn kept(&self) -> Vec<(String, Vec<String>)> {
        let list = self.history.store.list();
        let moves = |e: &heibai::store::Entry| e.game.as_ref().unwrap().move_names();
        list.iter().map(|e| (e.name.clone(), moves(e))).collect()
    }

    pub fn game(black: Player, white: Player) -> Harness {
        Harness::new(Start::Game(Game::new(black, white).into()))
    }

    /// A human-vs-human game from `position` (the 64-character text form).
    pub fn from_position(position: &str, black: Player, white: Player) -> Harness {
        let game: Game = Game::from_position(position.parse().unwrap(), black, white);
        Harness::new(Start::Game(game.into()))
    }

    fn take(&mut self, fx: Vec<Effect>) {
        for e in fx {
            match e {
                Effect::Ask {
                    id,
                    request: Request::Analyze(position),
                } => self.analysis_request = Some((id, position)),
                Effect::Ask {
                    id,
                    request: Request::Judge(judge),
                } => self.judging = Some((id, judge)),
                Effect::Ask { id, request } => self.pending.push((id, request)),
                Effect::Cancel => {
                    self.pending.clear();
                    self.analysis_request = None;
                    self.judging = None;
                }
                other @ (Effect::Keep { .. }
                | Effect::SaveAs { .. }
                | Effect::Rename { .. }
                | Effect::Delete(_)) => {
                    self.effects.push(other.clone());
                    let later = self.history.carry_out(&mut self.app, other);
                    self.take(later);
                }
                other => self.effects.push(other),
            }
        }
    }

    pub fn input(&mut self, input: Input) {
        let fx = self.app.handle(input);
        self.take(fx);
        if self.auto_computer {
            self.answer();
        }
    }

    pub fn key(&mut self, key: Key) {
        self.input(Input::Key(key));
    }

    pub fn keys(&mut self, keys: &[Key]) {
        for &k in keys {
            self.key(k);
        }
    }

    /// Types characters as keys.
    pub fn typed(&mut self, text: &str) {
        for c in text.chars() {
            self.key(Key::Char(c));
        }
    }

    /// Lets `d` pass on the fake clock.
    pub fn wait(&mut self, d: Duration) {
        self.now += d;
        self.input(Input::Tick(self.now));
    }

    /// Answers every pending computer request with the move of level 1 (without landing it).
    pub fn answer(&mut self) {
        while !self.pending.is_empty() {
            let (id, request) = self.pending.remove(0);
            for report in self.ask(request.at_level(1)) {
                if let Report::Move(_) = report {
                    let fx = self.app.handle(Input::Engine(Reply { id, report }));
                    self.take(fx);
                }
            }
        }
    }

    /// What the engine says to `request`, in order.
    fn ask(&mut self, request: Request) -> Vec<Report> {
        let reports = std::cell::RefCell::new(vec![]);
        let stop = AtomicBool::new(false);
        let send = |report| reports.borrow_mut().push(report);
        self.computers.answer(request, 1, &stop, &send);
        reports.into_inner()
    }

    /// Answers the review's requests with the engine's judgement until it asks no more;
    /// returns how many were answered.
    pub fn judge(&mut self) -> usize {
        let mut answered = 0;
        while let Some((id, judge)) = self.judging.take() {
            for report in self.ask(Request::Judge(judge)) {
                let fx = self.app.handle(Input::Engine(Reply { id, report }));
                self.take(fx);
            }
            answered += 1;
        }
        answered
    }

    /// A game of Gomoku on a 15×15 board under `rule`, Black's first stone in the centre.
    pub fn gomoku(black: Player, white: Player, rule: heibai::gomoku::Rule) -> Harness {
        let start = heibai::gomoku::Position::new(15, rule, true);
        let game = heibai::game::GomokuGame::from_position(start, black, white);
        Harness::new(Start::Game(game.into()))
    }

    /// The Gomoku game on screen.
    pub fn gomoku_play(&self) -> &heibai::ui::GomokuPlay {
        self.app.gomoku().expect("a Gomoku game on screen")
    }

    /// The Gomoku moves played so far, as text.
    pub fn stones(&self) -> Vec<String> {
        let game = &self.gomoku_play().game;
        game.stones().iter().map(|p| p.to_string()).collect()
    }

    /// Lets computer moves land until a human is to move or the game ends (at most `n` moves).
    pub fn let_computer_play(&mut self, n: usize) {
        for _ in 0..n {
            self.wait(Duration::from_millis(700));
        }
    }

    /// The ids of the requests waiting for an answer.
    pub fn pending_ids(&self) -> Vec<u64> {
        self.pending.iter().map(|&(id, _)| id).collect()
    }

    /// Whether any request for the computer is waiting for an answer.
    pub fn thinking(&self) -> bool {
        !self.pending.is_empty()
    }

    pub fn position(&self) -> Position {
        *self.app.play().expect("a game on screen").position()
    }

    pub fn moves(&self) -> Vec<Move> {
        self.app.play().unwrap().game.record.played().to_vec()
    }

    /// The screen's cells, colours included, at `width` × `height`.
    pub fn buffer(&mut self, width: u16, height: u16) -> Buffer {
        self.input(Input::Resize { width, height });
        let mut term = Terminal::new(TestBackend::new(width, height)).unwrap();
        term.draw(|f| self.app.draw(f)).unwrap();
        term.backend().buffer().clone()
    }

    /// The screen as text at `width` × `height`.
    pub fn screen(&mut self, width: u16, height: u16) -> String {
        let buf = self.buffer(width, height);
        let mut out = String::new();
        for y in 0..height {
            let mut line = String::new();
            let mut x = 0;
            while x < width {
                let symbol = buf[(x, y)].symbol();
                // A no-break space looks like any other.
                line.push_str(if symbol == "\u{a0}" { " " } else { symbol });
                // A double-width character covers the next cell too.
                x += symbol.width().max(1) as u16;
            }
            out.push_str(line.trim_end());
            out.push('\n');
        }
        out
    }
}
