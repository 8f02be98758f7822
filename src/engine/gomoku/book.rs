//! Opening moves searched ahead of time (`book.txt`): for the first moves after each of the
//! 26 canonical openings, the move a search many times longer than a game's turn chose, for
//! the side to move; each line names its rule (Renju's alone so far: a freestyle book played
//! worse, docs/BENCHMARKS.md). The same position turned any of the board's eight ways
//! finds the same move, turned back. Made by `tune_gomoku book` (docs/TRAINING.md).

use super::{LEVELS, Level, Progress, choose_except};
use crate::gomoku::{Color, Outcome, Point, Position, Rule, turn};
use std::collections::HashMap;
use std::sync::atomic::AtomicBool;
use std::sync::{Mutex, OnceLock};
use std::time::Duration;

/// How long each of the book's moves was searched: only a level with less time a move plays
/// them (a longer search of its own knows better).
pub const SEARCHED: Duration = Duration::from_secs(6);

/// The only board the book is for.
const SIZE: u8 = 15;

/// A position the same whichever way the board is turned: the rule, the side to move, and
/// the stones (offsets from the centre and colour) as the least of their eight turned lists.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
struct Key {
    rule: Rule,
    to_move: Color,
    stones: Vec<(i8, i8, bool)>,
}

/// An offset from the centre of the book's board.
fn offset(p: Point) -> (i8, i8) {
    let c = (SIZE / 2) as i8;
    (p.col as i8 - c, p.row as i8 - c)
}

/// The point at an offset from the centre (`None` off the board).
fn at((x, y): (i8, i8)) -> Option<Point> {
    let c = (SIZE / 2) as i8;
    let (col, row) = (c + x, c + y);
    let on = |v: i8| (0..SIZE as i8).contains(&v);
    (on(col) && on(row)).then_some(Point {
        col: col as u8,
        row: row as u8,
    })
}

/// The symmetry that undoes `symmetry`.
fn inverse(symmetry: u8) -> u8 {
    // (1, 2) lands on eight different points under the eight symmetries.
    (0..8)
        .find(|&t| turn(turn((1, 2), symmetry), t) == (1, 2))
        .unwrap_or(0)
}

/// The position's key and the symmetry that turns its stones into the key's; `None` for a
/// board of another size.
fn key(position: &Position) -> Option<(Key, u8)> {
    let board = position.board();
    if board.size() != SIZE {
        return None;
    }
    let stones: Vec<((i8, i8), bool)> = board
        .points()
        .filter_map(|p| board.get(p).map(|c| (offset(p), c == Color::Black)))
        .collect();
    (0..8u8)
        .map(|s| {
            let mut turned: Vec<(i8, i8, bool)> = stones
                .iter()
                .map(|&(o, black)| {
                    let (x, y) = turn(o, s);
                    (x, y, black)
                })
                .collect();
            turned.sort_unstable();
            (turned, s)
        })
        .min()
        .map(|(stones, s)| {
            let key = Key {
                rule: position.rule(),
                to_move: position.to_move(),
                stones,
            };
            (key, s)
        })
}

/// A book line: `RULE MOVE… -> BEST`, the moves from the empty board, Black first.
fn parse(line: &str) -> Option<(Position, Point)> {
    let (moves, best) = line.split_once("->")?;
    let mut words = moves.split_whitespace();
    let rule = Rule::named(words.next()?)?;
    let mut position = Position::new(SIZE, rule, false);
    for word in words {
        position = position.play(position.board().point(word).ok()?).ok()?;
    }
    let best = position.board().point(best.trim()).ok()?;
    position.check(best).ok()?;
    Some((position, best))
}

/// A book: moves by position, each stored as an offset in its key's turn of the board.
#[derive(Default)]
pub struct Book(HashMap<Key, (i8, i8)>);

impl Book {
    /// The entries of a book's text; lines that do not read as a legal move are skipped (the
    /// test `the_book_is_sound` finds none in the book built in).
    pub fn read(text: &str) -> Book {
        let mut book = Book::default();
        let lines = text
            .lines()
            .filter(|l| !l.trim().is_empty() && !l.starts_with('#'));
        for (position, best) in lines.filter_map(parse) {
            book.add(&position, best);
        }
        book
    }

    /// Keeps `best` as the position's move.
    pub fn add(&mut self, position: &Position, best: Point) {
        if let Some((key, s)) = key(position) {
            self.0.insert(key, turn(offset(best), s));
        }
    }

    /// The book's move for the position, turned to the position's way round, if it has one
    /// and it is legal there.
    pub fn find(&self, position: &Position) -> Option<Point> {
        let (key, s) = key(position)?;
        let &stored = self.0.get(&key)?;
        let p = at(turn(stored, inverse(s)))?;
        position.check(p).is_ok().then_some(p)
    }
}

/// The book built into the program.
pub fn built_in() -> &'static Book {
    static BOOK: OnceLock<Book> = OnceLock::new();
    BOOK.get_or_init(|| Book::read(include_str!("book.txt")))
}

/// A line for the book: the position's moves and its move, as the book reads them.
pub fn line(rule: Rule, moves: &[Point], best: Point) -> String {
    let moves: Vec<String> = moves.iter().map(ToString::to_string).collect();
    format!("{} {} -> {best}", rule.name(), moves.join(" "))
}

/// How a book is built: for the side it plays, its move in each position by a search of
/// [`SEARCHED`], for `ours` of its moves; for the other side, up to `replies` moves, the best
/// by searches of `short` each (each next one with the ones before left out), as long as a
/// reply scores within `margin` of the best.
pub struct Building {
    pub rule: Rule,
    pub ours: u32,
    pub replies: usize,
    pub short: Duration,
    pub margin: i32,
}

/// The strongest level's search, given `budget` a move.
fn searching(budget: Duration) -> Level {
    Level {
        budget,
        ..LEVELS[LEVELS.len() - 1]
    }
}

/// The best move of the position but the points `except`, and its score (`None` when the
/// move was forced or found before any search).
fn best_but(position: &Position, budget: Duration, except: &[Point]) -> (Point, Option<i32>) {
    let mut score = None;
    let mut seen = |p: Progress| score = (p.depth > 0).then_some(p.score);
    let best = choose_except(
        position,
        searching(budget),
        &AtomicBool::new(false),
        &mut seen,
        except,
    );
    (best, score)
}

/// Grows the book from `position` (reached by `moves`) for `side`, keeping every move it
/// searches in `book` and handing its line to `write`; a position the book already holds is
/// not searched again (a stopped build resumes).
pub fn grow(
    how: &Building,
    position: &Position,
    moves: &mut Vec<Point>,
    side: Color,
    ours: u32,
    book: &Mutex<Book>,
    write: &(dyn Fn(String) + Sync),
) {
    if ours == 0 || position.outcome() != Outcome::Playing {
        return;
    }
    let held = book.lock().map(|b| b.find(position)).unwrap_or(None);
    let next: Vec<(Point, u32)> = if position.to_move() == side {
        let best = held.unwrap_or_else(|| {
            let (best, _) = best_but(position, SEARCHED, &[]);
            if let Ok(mut b) = book.lock() {
                b.add(position, best);
            }
            write(line(how.rule, moves, best));
            best
        });
        vec![(best, ours - 1)]
    } else {
        replies(how, position)
            .into_iter()
            .map(|r| (r, ours))
            .collect()
    };
    for (q, ours) in next {
        if let Ok(after) = position.play(q) {
            moves.push(q);
            grow(how, &after, moves, side, ours, book, write);
            moves.pop();
        }
    }
}

/// The other side's likely replies: its best, then the next best while they score within
/// the margin.
fn replies(how: &Building, position: &Position) -> Vec<Point> {
    let (first, top) = best_but(position, how.short, &[]);
    let mut found = vec![first];
    let Some(top) = top else {
        return found;
    };
    while found.len() < how.replies {
        match best_but(position, how.short, &found) {
            (q, Some(score)) if !found.contains(&q) && score >= top - how.margin => found.push(q),
            _ => break,
        }
    }
    found
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::gomoku::choose_at;

    #[test]
    fn the_book_is_sound() {
        let lines = include_str!("book.txt")
            .lines()
            .filter(|l| !l.trim().is_empty() && !l.starts_with('#'));
        for l in lines {
            let (position, best) =
                parse(l).unwrap_or_else(|| panic!("book line does not read: {l}"));
            // The move found is the line's, or its image where the position is symmetric.
            let found = built_in()
                .find(&position)
                .expect("the book holds its lines");
            let after = |q: Point| key(&position.play(q).unwrap()).map(|(k, _)| k);
            assert_eq!(after(found), after(best), "{l}");
        }
    }

    #[test]
    fn a_turned_position_finds_the_move_turned() {
        let book = Book::read("renju h8 h9 j10 -> i9\n");
        let named = |name: &str| {
            Position::new(SIZE, Rule::Renju, false)
                .board()
                .point(name)
                .unwrap()
        };
        let turned = |p: Point, s: u8| at(turn(offset(p), s)).unwrap();
        for s in 0..8 {
            let mut p = Position::new(SIZE, Rule::Renju, false);
            for m in ["h8", "h9", "j10"] {
                p = p.play(turned(named(m), s)).unwrap();
            }
            assert_eq!(book.find(&p), Some(turned(named("i9"), s)), "turn {s}");
        }
        let other = Position::new(SIZE, Rule::Freestyle, false);
        assert_eq!(book.find(&other), None);
    }

    #[test]
    fn the_strong_levels_play_it_and_the_newcomers_search() {
        let line = include_str!("book.txt")
            .lines()
            .find(|l| l.starts_with("renju"))
            .expect("a Renju line");
        let (position, best) = parse(line).unwrap();
        let after = |q: Point| key(&position.play(q).unwrap()).map(|(k, _)| k);
        let stop = AtomicBool::new(false);
        let mut searched = false;
        let pbrain = searching(Duration::from_secs(1));
        let q = choose_at(&position, pbrain, &stop, &mut |_| searched = true);
        assert!(!searched, "a book move is not searched");
        assert_eq!(after(q), after(best));
        choose_at(&position, LEVELS[2], &stop, &mut |_| searched = true);
        assert!(searched, "level 3 searches for itself");
    }

    #[test]
    fn the_inverse_undoes_each_turn() {
        for s in 0..8 {
            for o in [(1, 2), (-3, 0), (4, -5)] {
                assert_eq!(turn(turn(o, s), inverse(s)), o);
            }
        }
    }
}
