//! Reversi on the game screen: its [`Rules`] (moves, the computer's request, the result, the
//! panel's lines) and its board drawn with hints, analysis scores and flips.

use super::board::{Board, Cell, Geometry};
use crate::engine::reversi::Analysis;
use crate::engine::review::{Better, Judge};
use crate::engine::{Played, Report, Request, Searched};
use crate::game::GameId;
use crate::game::SavedGame;
use crate::i18n::{Text, fit_words, pad};
use crate::reversi::{Color, Move, MoveError, Position, Square, Status};
use crate::settings::BoardSize;
use crate::ui::Effect;
use crate::ui::input::Key;
use crate::ui::keys::{CLICK, HINTS, JUMP, PLACE, REVERSI_MOVE, Row, Seat};
use crate::ui::layout::{Around, GameLayout};
use crate::ui::play::Play;
use crate::ui::playing::Marks;
use crate::ui::rules::{Heard, Rules};
use crate::ui::screen::{draw_around, level_line, opening_line, stone};
use crate::ui::theme::Theme;
use ratatui::Frame;
use ratatui::layout::Rect;
use ratatui::style::Style;
use std::time::Instant;

impl Rules for Position {
    const ID: GameId = GameId::Reversi;
    const ANALYSIS: bool = true;
    const BOARD_KEYS: &'static [Row] = &[REVERSI_MOVE, PLACE, JUMP, CLICK, HINTS];
    type Cursor = Square;
    type Progress = crate::engine::reversi::Progress;
    type Flash = u64;

    fn start_cursor(&self) -> Square {
        Square::at(3, 3).expect("d4")
    }

    fn step(&self, cursor: Square, dc: i8, dr: i8) -> Square {
        let col = (cursor.col() as i8 + dc).clamp(0, 7) as u8;
        let row = (cursor.row() as i8 + dr).clamp(0, 7) as u8;
        Square::at(col, row).expect("clamped to the board")
    }

    fn move_at(cursor: Square) -> Move {
        Move::Play(cursor)
    }

    fn is_forced(mv: Move) -> bool {
        mv == Move::Pass
    }

    fn flash(&self, mv: Move) -> Option<u64> {
        match mv {
            Move::Play(sq) => Some(self.flips(sq)),
            Move::Pass => None,
        }
    }

    /// A square typed as its column (a-h), then its row (1-8), which the cursor jumps to.
    fn type_key(&self, cursor: &mut Square, typed: &mut Option<u8>, key: Key) {
        match (key, typed.take()) {
            (Key::Char(c @ 'a'..='h'), _) => *typed = Some(c as u8 - b'a'),
            (Key::Char(d @ '1'..='8'), Some(col)) => {
                *cursor = Square::at(col, d as u8 - b'1').expect("on the board")
            }
            _ => {}
        }
    }

    fn think(&self, id: u64, level: u8) -> Effect {
        Effect::Ask {
            id,
            request: Request::Reversi(Box::new(*self), level),
        }
    }

    fn analyze(&self, id: u64) -> Option<Effect> {
        Some(Effect::Ask {
            id,
            request: Request::Analyze(*self),
        })
    }

    fn heard(report: Report) -> Option<Heard<Position>> {
        match report {
            Report::Move(Played::Reversi(mv)) => Some(Heard::Move(mv)),
            Report::Progress(Searched::Reversi(p)) => Some(Heard::Progress(p)),
            Report::Analysis(a) => Some(Heard::Analysis(a)),
            _ => None,
        }
    }

    fn from_book(progress: Self::Progress) -> bool {
        progress.book
    }

    fn title(&self, t: &dyn Text) -> String {
        t.game(GameId::Reversi).into()
    }

    fn stone_style(color: Color, theme: Theme) -> Style {
        if theme.color {
            theme.stone(stone(color))
        } else {
            theme.label()
        }
    }

    fn player_text(&self, color: Color, name: &str, room: usize) -> String {
        let room = room.saturating_sub(3).min(9);
        let name = pad(&crate::ui::net::fit_name(name, room), room);
        format!("{name}{:>3}", self.count(color))
    }

    fn state_text(&self, t: &dyn Text) -> String {
        match self.status() {
            Status::GameOver => t.game_over(&result_text(self, t)),
            _ => t.side_to_move(self.to_move()),
        }
    }

    fn opening_name(game: &crate::game::Game, _: &dyn Text) -> Option<String> {
        game.opening().map(str::to_string)
    }

    fn draw_still(
        game: &crate::game::Game,
        frame: &mut Frame,
        area: Rect,
        board: BoardSize,
        theme: Theme,
        marks: Marks,
    ) -> Option<Around> {
        let layout = GameLayout::new(area, board)?;
        let p = game.position();
        let last = match game.record.last_move() {
            Some(Move::Play(sq)) => Some(sq),
            _ => None,
        };
        let better = match marks.better {
            Some(Better::Reversi(Move::Play(sq))) => Some(sq),
            _ => None,
        };
        let cell = |sq| Cell {
            stone: p.at(sq).map(stone),
            last: Some(sq) == last,
            label: if Some(sq) == better {
                Some((theme.glyphs().better.to_string(), true))
            } else {
                marks.analysis.and_then(|a| score_label(a, sq))
            },
            ..Cell::default()
        };
        reversi_board(frame, layout.board, theme, &cell);
        Some(layout.around())
    }

    fn rules_summary(&self, _: &dyn Text) -> Option<String> {
        None
    }

    /// "depth 7 · best e3 · White +1": the score is the side to move's (the computer's), and
    /// says whose.
    fn progress_text(p: Self::Progress, side: Color, s: &str, t: &dyn Text) -> String {
        let depth = match (p.exact, p.selectivity) {
            _ if p.book => t.opening_book().to_string(),
            (true, _) => t.solved_empties(p.depth),
            (false, None) => t.depth(p.depth),
            // As the Othello programs say it: depth 18, cut where 93 % sure.
            (false, Some(s)) => t.depth(p.depth) + &s.mark(),
        };
        let best = t.best(&p.best.to_string());
        format!("{depth}{s}{best}{s}{} {}", t.color(side), discs(p.score))
    }

    fn hints_word(&self, on: bool, t: &dyn Text) -> Option<String> {
        Some(t.hints_state(on).to_string())
    }

    fn lead(&self) -> i32 {
        crate::engine::reversi::review::lead_reversi(self)
    }

    fn move_text(mv: Move, t: &dyn Text) -> String {
        match mv {
            Move::Pass => t.pass_move().to_string(),
            Move::Play(sq) => sq.to_string(),
        }
    }

    fn searched_lead(progress: Self::Progress, side: Color) -> i32 {
        Self::score_lead(progress.score, side)
    }

    fn score_lead(score: i32, side: Color) -> i32 {
        crate::engine::reversi::review::lead_of(score, side)
    }

    fn notes(play: &Play, width: usize, _: Theme, t: &dyn Text) -> Vec<String> {
        let opening = play.game.opening().map(|name| opening_line(name, width, t));
        let book = play
            .book_move()
            .map(|mv| fit_words(&t.book_move(&mv.to_string()), width));
        // A result of 64-0 over counters of 59-0 needs a word.
        let p = play.position();
        let empties = 64 - p.count(Color::Black) - p.count(Color::White);
        let counted = (p.status() == Status::GameOver && empties > 0)
            .then(|| fit_words(&t.empties_counted(empties, p.leader().is_none()), width));
        opening.into_iter().chain(book).chain(counted).collect()
    }

    fn judge(&self, played: Option<Self::Move>) -> Judge {
        Judge::Reversi(Box::new(*self), played)
    }

    fn transcript(game: &crate::game::Game) -> Option<String> {
        Some(crate::record::games::transcript(game))
    }

    fn listed(game: &crate::game::Game, t: &dyn Text) -> Option<String> {
        game.is_over().then(|| result_text(game.position(), t))
    }

    fn levels(t: &dyn Text) -> Vec<String> {
        crate::engine::reversi::LEVELS
            .iter()
            .map(|l| level_line(l.number, &t.level_does(l), t))
            .collect()
    }

    fn result(&self, t: &dyn Text) -> String {
        result_text(self, t)
    }

    fn refused(error: MoveError, t: &dyn Text) -> String {
        t.illegal(&error.into())
    }

    fn hints_said(on: bool, t: &dyn Text) -> &'static str {
        if on { t.hints_on() } else { t.hints_off() }
    }

    fn saved(game: crate::game::Game) -> SavedGame {
        SavedGame::Reversi(game)
    }

    fn game_of(game: SavedGame) -> Option<crate::game::Game> {
        match game {
            SavedGame::Reversi(g) => Some(g),
            _ => None,
        }
    }

    fn min_size(&self) -> (u16, u16) {
        crate::ui::layout::min_size()
    }

    fn draw(
        play: &Play,
        frame: &mut Frame,
        area: Rect,
        board: BoardSize,
        theme: Theme,
        now: Instant,
    ) {
        if let Some(layout) = GameLayout::new(area, board) {
            draw(frame, &layout, play, theme, now)
        }
    }

    fn cell_at(&self, area: Rect, board: BoardSize, (x, y): (u16, u16)) -> Option<Square> {
        let (col, row) = GameLayout::new(area, board)?.board.cell_at(x, y)?;
        Square::at(col, row)
    }
}

/// "Black wins by 16, 40-24", "White wins …" or "a draw, 32-32".
pub fn result_text(p: &Position, t: &dyn Text) -> String {
    let (b, w) = p.final_counts();
    match p.leader() {
        Some(Color::Black) => t.wins_by(Color::Black, b, w),
        Some(Color::White) => t.wins_by(Color::White, w, b),
        None => t.draw_by(b, w),
    }
}

pub fn draw(frame: &mut Frame, layout: &GameLayout, play: &Play, theme: Theme, now: Instant) {
    draw_board(frame, layout, play, theme, now);
    draw_around(frame, play, layout.around(), theme, now);
}

/// A score in hundredths of a disc, as whole discs with a sign: "+4", "-2", "0".
fn discs(v: i32) -> String {
    let d = (f64::from(crate::engine::reversi::review::in_range(v)) / 100.0).round() as i32;
    if d > 0 {
        format!("+{d}")
    } else {
        d.to_string()
    }
}

fn draw_board(frame: &mut Frame, layout: &GameLayout, play: &Play, theme: Theme, now: Instant) {
    let position = play.position();
    let hints = if play.hints && play.human_to_move() {
        position.legal_moves()
    } else {
        0
    };
    let last = match play.game.record.last_move() {
        Some(Move::Play(sq)) => sq.bit(),
        _ => 0,
    };
    let flashing = play.flashing(now).unwrap_or(0);
    let show_cursor = !play.game.no_humans() && play.seat() != Seat::Watcher;
    let scores = play.analysis.as_ref().filter(|_| play.human_to_move());
    let cell = |sq: Square| {
        let bit = sq.bit();
        let label = scores.and_then(|a| score_label(a, sq));
        Cell {
            stone: position.at(sq).map(stone),
            hint: hints & bit != 0,
            cursor: show_cursor && sq == play.cursor,
            last: last & bit != 0,
            flash: flashing & bit != 0,
            label,
        }
    };
    reversi_board(frame, layout.board, theme, &cell);
}

/// The analysis's score of `sq` as a board label ("+4"), and whether it is the best move's.
fn score_label(analysis: &Analysis, sq: Square) -> Option<(String, bool)> {
    let best = analysis.scores.iter().map(|&(_, v)| v).max();
    let &(_, v) = analysis.scores.iter().find(|&&(s, _)| s == sq)?;
    Some((discs(v), Some(v) == best))
}

/// The Reversi board at `geometry`, each square as `cell` says, labelled a-h and 1-8.
pub fn reversi_board(
    frame: &mut Frame,
    geometry: Geometry,
    theme: Theme,
    cell: &dyn Fn(Square) -> Cell,
) {
    let at = |col: u8, row: u8| cell(Square::at(col, row).expect("on the board"));
    let board = Board {
        geometry,
        theme,
        col_label: &|c| ((b'a' + c) as char).to_string(),
        row_label: &|r| (r + 1).to_string(),
        cell: &at,
    };
    frame.render_widget(board, geometry.area());
}
