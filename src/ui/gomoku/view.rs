//! Drawing a game of Gomoku or Renju: title bar, Go-style board, side panel, status and keys.

use super::board::{Goban, Mark};
use crate::engine::review::{Better, Judge};
use crate::engine::{Played, Report, Request, Searched};
use crate::game::{GameId, GomokuGame, SavedGame};
use crate::gomoku::{
    Color, Forbidden, Move, MoveError, Outcome, Point, Position, Rule, Stage, Start,
    forbidden_points,
};
use crate::i18n::Text;
use crate::settings::BoardSize;
use crate::ui::Effect;
use crate::ui::input::Key;
use crate::ui::keys::{
    CLICK, Command, GOMOKU_JUMP, GOMOKU_MOVE, HINTS, OFFER, OPENING_SWAP, PLACE, Row, Seat,
};
use crate::ui::layout::{Around, GomokuLayout};
use crate::ui::play::GomokuPlay;
use crate::ui::playing::Marks;
use crate::ui::rules::{Heard, Rules};
use crate::ui::screen::{draw_around, level_line, opening_line, stone};
use crate::ui::theme::Theme;
use ratatui::Frame;
use ratatui::layout::Rect;
use ratatui::style::Style;
use std::time::Instant;

/// What a typed point has so far: `:` alone (the column's letter is next)…
const TYPED_START: u8 = 0x40;
/// …or, with a column, a `1` that a second digit may make 10-19.
const TYPED_TEN: u8 = 0x80;

impl Rules for Position {
    const ID: GameId = GameId::Gomoku;
    const ANALYSIS: bool = false;
    const BOARD_KEYS: &'static [Row] = &[
        GOMOKU_MOVE,
        PLACE,
        GOMOKU_JUMP,
        CLICK,
        HINTS,
        OPENING_SWAP,
        OFFER,
    ];
    type Cursor = Point;
    type Progress = crate::engine::gomoku::Progress;
    type Flash = ();

    fn start_cursor(&self) -> Point {
        self.centre()
    }

    /// `:` starts a point; then its column's letter, then its row: the cursor goes there as
    /// the row is typed (a `1` on a board of more than nine rows may be followed by a second
    /// digit, for rows 10-19).
    fn type_key(&self, cursor: &mut Point, typed: &mut Option<u8>, key: Key) {
        let size = self.board().size();
        match (key, typed.take()) {
            (Key::Char(':'), _) => *typed = Some(TYPED_START),
            (Key::Char(c @ 'a'..='z'), Some(TYPED_START)) if c as u8 - b'a' < size => {
                *typed = Some(c as u8 - b'a')
            }
            (Key::Char(d @ '1'..='9'), Some(col)) if col < TYPED_START => {
                *cursor = Point {
                    col,
                    row: d as u8 - b'1',
                };
                if d == '1' && size > 9 {
                    *typed = Some(TYPED_TEN | col);
                }
            }
            (Key::Char(d @ '0'..='9'), Some(t)) if t & TYPED_TEN != 0 => {
                let row = 9 + (d as u8 - b'0');
                if row < size {
                    *cursor = Point {
                        col: t & !TYPED_TEN,
                        row,
                    };
                }
            }
            _ => {}
        }
    }

    fn typing(typed: Option<u8>) -> bool {
        typed.is_some()
    }

    /// Rows count up the board: down the screen is down a row.
    fn step(&self, cursor: Point, dc: i8, dr: i8) -> Point {
        let last = self.board().size() as i8 - 1;
        Point {
            col: (cursor.col as i8 + dc).clamp(0, last) as u8,
            row: (cursor.row as i8 - dr).clamp(0, last) as u8,
        }
    }

    fn move_at(cursor: Point) -> Move {
        Move::Stone(cursor)
    }

    /// The Taraguchi-10 opening's swap and offer.
    fn command_move(command: Command) -> Option<Move> {
        match command {
            Command::SwapColours => Some(Move::Swap),
            Command::Offer => Some(Move::Offer),
            _ => None,
        }
    }

    fn is_forced(_: Move) -> bool {
        false
    }

    fn flash(&self, _: Move) -> Option<()> {
        None
    }

    fn think(&self, id: u64, level: u8) -> Effect {
        Effect::Ask {
            id,
            request: Request::Gomoku(Box::new(self.clone()), level),
        }
    }

    fn analyze(&self, _: u64) -> Option<Effect> {
        None
    }

    fn heard(report: Report) -> Option<Heard<Position>> {
        match report {
            Report::Move(Played::Gomoku(p)) => Some(Heard::Move(p)),
            Report::Progress(Searched::Gomoku(p)) => Some(Heard::Progress(p)),
            _ => None,
        }
    }

    fn from_book(_: Self::Progress) -> bool {
        false
    }

    fn title(&self, t: &dyn Text) -> String {
        t.gomoku_title(self.board().size(), self.rule())
    }

    fn stone_style(color: Color, theme: Theme) -> Style {
        theme.goban().patch(theme.goban_stone(stone(color)))
    }

    fn player_text(&self, _: Color, name: &str, room: usize) -> String {
        crate::ui::net::fit_name(name, room.min(12))
    }

    fn state_text(&self, t: &dyn Text) -> String {
        match self.outcome() {
            Outcome::Won(c, _) => t.five_in_a_row(c),
            Outcome::Draw => t.game_over(t.draw_board_full()),
            Outcome::Playing => t.side_to_move(self.to_move()),
        }
    }

    fn opening_name(game: &GomokuGame, t: &dyn Text) -> Option<String> {
        game.opening().map(|o| t.renju_opening(o))
    }

    fn draw_still(
        game: &GomokuGame,
        frame: &mut Frame,
        area: Rect,
        board: BoardSize,
        theme: Theme,
        marks: Marks,
    ) -> Option<Around> {
        let p = game.position();
        let layout = GomokuLayout::new(area, p.board().size(), board)?;
        let win = p.winning_line();
        let last = game.stones().last().copied();
        let better = match marks.better {
            Some(Better::Gomoku(mv)) => mv.point(),
            _ => None,
        };
        let offers = shown_offers(p);
        let mark = |q| Mark {
            stone: p.board().get(q).map(stone),
            last: Some(q) == last && win.is_empty(),
            win: win.contains(&q),
            better: Some(q) == better,
            offer: offers.contains(&q),
            ..Mark::default()
        };
        let goban = Goban {
            geometry: layout.board,
            theme,
            mark: &mark,
        };
        frame.render_widget(goban, layout.board.area());
        Some(layout.around())
    }

    fn rules_summary(&self, t: &dyn Text) -> Option<String> {
        Some(t.rule_summary(self.rule()).to_string())
    }

    fn progress_text(p: Self::Progress, _: Color, s: &str, t: &dyn Text) -> String {
        let best = t.best(&p.best.to_string());
        if p.winning {
            format!("{}{s}{best}", t.sees_a_win())
        } else {
            format!("{}{s}{best}", t.depth(p.depth))
        }
    }

    /// Only Renju has hints: Black's forbidden points.
    fn lead(&self) -> i32 {
        crate::engine::gomoku::lead(self)
    }

    fn decisions(&self) -> Vec<crate::i18n::Act> {
        let stage = self.stage();
        let swap = stage.may_swap().then_some(crate::i18n::Act::SwapColours);
        let offer = stage.may_offer().then_some(crate::i18n::Act::Offer);
        swap.into_iter().chain(offer).collect()
    }

    /// A Taraguchi-10 game a decision a row: "  5." a stone by its number, "  5?" an offered
    /// fifth stone, blank a swap or the offer.
    fn list_numbers(game: &crate::game::GomokuGame) -> Option<Vec<String>> {
        if game.record.start().start() != Start::Taraguchi {
            return None;
        }
        let numbers = game.record.moved_from().map(|(p, mv)| {
            let n = crate::rules::Playable::move_number(p, 0);
            match (mv, p.stage()) {
                (Move::Stone(_), Stage::Offer { .. }) => format!("{n:>3}?"),
                (Move::Stone(_), _) => format!("{n:>3}."),
                _ => " ".repeat(4),
            }
        });
        Some(numbers.collect())
    }

    fn move_text(mv: Move, t: &dyn Text) -> String {
        match mv {
            Move::Stone(p) => p.to_string(),
            Move::Swap => t.swap_made().into(),
            Move::Offer => t.offers_made().into(),
        }
    }

    fn searched_lead(progress: Self::Progress, side: Color) -> i32 {
        Self::score_lead(progress.score, side)
    }

    fn score_lead(score: i32, side: Color) -> i32 {
        crate::engine::gomoku::lead_of(score, side)
    }

    fn hints_word(&self, on: bool, t: &dyn Text) -> Option<String> {
        match (self.rule(), on) {
            (Rule::Renju, true) => Some(t.forbidden_shown().to_string()),
            (Rule::Renju, false) => Some(t.hints_state(false).to_string()),
            _ => None,
        }
    }

    /// The opening's name, and after a Renju loss through a forbidden point, why Black
    /// could not block.
    fn notes(play: &GomokuPlay, width: usize, theme: Theme, t: &dyn Text) -> Vec<String> {
        let opening = Self::opening_name(&play.game, t);
        let mut notes: Vec<String> = opening
            .map(|name| opening_line(&name, width, t))
            .into_iter()
            .collect();
        if let Some((block, why)) = lost_to_a_forbidden_point(&play.game) {
            notes.push(t.forbidden_block(&block.to_string(), why));
        }
        let p = play.position();
        let stage = p.stage();
        if play.game.record.played().last() == Some(&Move::Swap) {
            let name = |c: Color| {
                let player = play.game.player(c);
                crate::ui::screen::shown_name(play.net.as_ref(), c, player, t)
            };
            let (black, white) = (name(Color::Black), name(Color::White));
            // Two people at one keyboard are both "Human": the note would say nothing.
            if black != white {
                notes.push(t.colours_swapped(&black, &white));
            }
        }
        if stage != Stage::Over {
            notes.push(t.taraguchi_stage(stage, p.to_move()));
            let place = crate::ui::keys::Place::Game {
                kind: GameId::Gomoku,
                seat: play.seat(),
            };
            let key = |act, on: bool| {
                let key = place.key(act, theme, t);
                (on && !key.is_empty() && play.human_to_move()).then_some(key)
            };
            let swap = key(crate::i18n::Act::SwapColours, stage.may_swap());
            let offer = key(crate::i18n::Act::Offer, stage.may_offer());
            if swap.is_some() || offer.is_some() {
                notes.push(t.taraguchi_choices(swap.as_deref(), offer.as_deref()));
            }
        }
        notes
    }

    /// "Black wins: five in a row", "Draw: the board is full".
    fn judge(&self, played: Option<Self::Move>) -> Judge {
        Judge::Gomoku(Box::new(self.clone()), played)
    }

    fn transcript(_: &crate::game::GomokuGame) -> Option<String> {
        None
    }

    fn listed(game: &crate::game::GomokuGame, t: &dyn Text) -> Option<String> {
        match game.position().outcome() {
            crate::gomoku::Outcome::Won(c, _) => Some(t.won(c)),
            crate::gomoku::Outcome::Draw => Some(t.a_draw().into()),
            crate::gomoku::Outcome::Playing => None,
        }
    }

    fn levels(t: &dyn Text) -> Vec<String> {
        crate::engine::gomoku::LEVELS
            .iter()
            .map(|l| level_line(l.number, &t.gomoku_level_does(l), t))
            .collect()
    }

    fn result(&self, t: &dyn Text) -> String {
        match self.outcome() {
            Outcome::Won(color, _) => t.wins_with_line(color, self.winning_line().len()),
            Outcome::Draw => t.draw_board_full().into(),
            Outcome::Playing => String::new(),
        }
    }

    fn refused(error: MoveError, t: &dyn Text) -> String {
        t.illegal(&error.into())
    }

    fn hints_said(on: bool, t: &dyn Text) -> &'static str {
        if on {
            t.hints_on_forbidden()
        } else {
            t.hints_off()
        }
    }

    fn saved(game: GomokuGame) -> SavedGame {
        SavedGame::Gomoku(game)
    }

    fn game_of(game: SavedGame) -> Option<GomokuGame> {
        match game {
            SavedGame::Gomoku(g) => Some(g),
            _ => None,
        }
    }

    fn min_size(&self) -> (u16, u16) {
        crate::ui::layout::gomoku_min_size(self.board().size())
    }

    fn draw(
        play: &GomokuPlay,
        frame: &mut Frame,
        area: Rect,
        board: BoardSize,
        theme: Theme,
        now: Instant,
    ) {
        let size = play.position().board().size();
        if let Some(layout) = GomokuLayout::new(area, size, board) {
            draw(frame, &layout, play, theme, now)
        }
    }

    fn cell_at(&self, area: Rect, board: BoardSize, (x, y): (u16, u16)) -> Option<Point> {
        GomokuLayout::new(area, self.board().size(), board)?
            .board
            .point_at(x, y)
    }
}

impl GomokuPlay {
    /// Whether Black's forbidden points are to be marked: hints on, Renju, a human Black to
    /// move.
    pub fn show_forbidden(&self) -> bool {
        self.hints
            && self.position().rule() == Rule::Renju
            && self.position().to_move() == Color::Black
            && self.human_to_move()
    }
}

/// The fifth stones offered in a Taraguchi-10 opening, while they are on offer.
fn shown_offers(p: &Position) -> &[Point] {
    match p.stage() {
        Stage::Offer { .. } | Stage::Pick => p.offers(),
        _ => &[],
    }
}

/// The point White made five on, when it was Black's only block there and forbidden for
/// Black (with the reason): how a Renju game was lost through a forbidden point.
fn lost_to_a_forbidden_point(game: &GomokuGame) -> Option<(Point, Forbidden)> {
    // Only a game White has won is replayed (the panel asks on every frame).
    let Outcome::Won(Color::White, won_on) = game.position().outcome() else {
        return None;
    };
    let played = game.record.played();
    let before = played.len().checked_sub(2)?;
    let mut p = game.record.start().clone();
    for &mv in &played[..before] {
        p = p.play_move(mv).ok()?;
    }
    let (block, why) = p.forbidden_block()?;
    (block == won_on).then_some((block, why))
}

pub fn draw(
    frame: &mut Frame,
    layout: &GomokuLayout,
    play: &GomokuPlay,
    theme: Theme,
    now: Instant,
) {
    let game = &play.game;
    let p = play.position();
    let forbidden: Vec<Point> = if play.show_forbidden() {
        forbidden_points(p.board())
            .into_iter()
            .map(|(q, _)| q)
            .collect()
    } else {
        vec![]
    };
    let win = p.winning_line();
    let last = game.stones().last().copied();
    let show_cursor = !game.no_humans() && play.seat() != Seat::Watcher;
    let offers = shown_offers(p);
    let mark = |q: Point| Mark {
        stone: p.board().get(q).map(stone),
        cursor: show_cursor && q == play.cursor,
        last: Some(q) == last && win.is_empty(),
        win: win.contains(&q),
        forbidden: forbidden.contains(&q),
        better: false,
        offer: offers.contains(&q),
    };
    let board = Goban {
        geometry: layout.board,
        theme,
        mark: &mark,
    };
    frame.render_widget(board, layout.board.area());

    draw_around(frame, play, layout.around(), theme, now);
}
