//! The engine's board: stones on a padded array (so line scans need no bounds checks), the count
//! of each colour in every five-point window (the "tuple" evaluation and threat detection both
//! read them), which empty points are near a stone (the candidates), and a Zobrist hash.
//! Updating a move touches the 20 windows through it.

use crate::gomoku::{self, Color, Point, Rule};

/// Cells of wall around the board: a window starts at most four cells before a point.
const PAD: usize = 5;
const EMPTY: u8 = 0;
const WALL: u8 = 3;
/// Candidates are empty points within this many steps of a stone.
const NEAR: isize = 2;
/// The tuple evaluation: the worth of a window holding `k` stones of one colour and none of
/// the other. A window with both colours is dead and worth nothing.
const TUPLE: [i32; 6] = [0, 1, 12, 100, 800, 100_000];

pub fn cell(color: Color) -> u8 {
    match color {
        Color::Black => 1,
        Color::White => 2,
    }
}

fn side(color: Color) -> usize {
    usize::from(cell(color) - 1)
}

#[derive(Clone)]
pub struct Grid {
    size: usize,
    stride: usize,
    rule: Rule,
    cells: Vec<u8>,
    /// The same stones as rules-board points, for the Renju forbidden check.
    board: gomoku::Board,
    /// Offsets of the four axes.
    offs: [isize; 4],
    /// `windows[d][start]`: stones of [Black, White] in the five cells from `start` along axis
    /// `d`; `None` where those cells leave the board.
    windows: [Vec<Option<[u8; 2]>>; 4],
    /// How many stones are within `NEAR` of each cell.
    near: Vec<u8>,
    /// Black's tuple total minus White's.
    score: i32,
    /// Windows holding four stones of one colour and none of the other, per colour: where
    /// there are none, that colour has no five-point and nothing need be scanned.
    fours: [u32; 2],
    hash: u64,
    zobrist: Vec<[u64; 2]>,
    to_move: Color,
    history: Vec<usize>,
    stones: usize,
}

impl Grid {
    /// The engine's copy of a rules position.
    pub fn new(position: &gomoku::Position) -> Grid {
        let board = position.board();
        let size = usize::from(board.size());
        let stride = size + 2 * PAD;
        let len = stride * stride;
        let mut cells = vec![WALL; len];
        let offs = [1, stride as isize, stride as isize + 1, stride as isize - 1];
        let mut grid = Grid {
            size,
            stride,
            rule: position.rule(),
            cells: vec![],
            board: gomoku::Board::new(board.size()),
            offs,
            windows: Default::default(),
            near: vec![0; len],
            score: 0,
            fours: [0, 0],
            hash: 0,
            zobrist: vec![],
            to_move: Color::Black,
            history: vec![],
            stones: 0,
        };
        for r in 0..size {
            for c in 0..size {
                cells[(r + PAD) * stride + c + PAD] = EMPTY;
            }
        }
        for (windows, off) in grid.windows.iter_mut().zip(offs) {
            *windows = (0..len)
                .map(|s| {
                    let inside = (0..5).all(|k| {
                        let i = s as isize + k * off;
                        i >= 0 && (i as usize) < len && cells[i as usize] != WALL
                    });
                    inside.then_some([0, 0])
                })
                .collect();
        }
        grid.cells = cells;
        let mut seed = 0x9E37_79B9_7F4A_7C15u64;
        grid.zobrist = (0..len)
            .map(|_| [splitmix(&mut seed), splitmix(&mut seed)])
            .collect();
        // Stones go on in any order; only the side to move matters afterwards.
        for p in board.points() {
            if let Some(color) = board.get(p) {
                grid.put(grid.index(p), color);
            }
        }
        grid.history.clear();
        grid.to_move = position.to_move();
        grid
    }

    pub fn to_move(&self) -> Color {
        self.to_move
    }

    pub fn hash(&self) -> u64 {
        self.hash ^ u64::from(self.to_move == Color::White)
    }

    pub fn index(&self, p: Point) -> usize {
        (usize::from(p.row) + PAD) * self.stride + usize::from(p.col) + PAD
    }

    pub fn point(&self, i: usize) -> Point {
        Point {
            col: (i % self.stride - PAD) as u8,
            row: (i / self.stride - PAD) as u8,
        }
    }

    /// The side to move plays at empty cell `i`.
    pub fn play(&mut self, i: usize) {
        self.put(i, self.to_move);
        self.history.push(i);
        self.to_move = self.to_move.opponent();
    }

    /// Hands the turn over without a stone (twice undoes it): for judging the other side's
    /// shapes.
    pub fn pass(&mut self) {
        self.to_move = self.to_move.opponent();
    }

    /// Takes back the last [`Grid::play`].
    pub fn undo(&mut self) {
        let i = self.history.pop().expect("undo after play");
        self.to_move = self.to_move.opponent();
        self.take(i, self.to_move);
    }

    fn put(&mut self, i: usize, color: Color) {
        self.cells[i] = cell(color);
        let p = self.point(i);
        self.board.set(p, Some(color));
        self.hash ^= self.zobrist[i][side(color)];
        self.update_windows(i, color, 1);
        self.update_near(i, 1);
        self.stones += 1;
    }

    fn take(&mut self, i: usize, color: Color) {
        self.cells[i] = EMPTY;
        let p = self.point(i);
        self.board.set(p, None);
        self.hash ^= self.zobrist[i][side(color)];
        self.update_windows(i, color, -1);
        self.update_near(i, -1);
        self.stones -= 1;
    }

    fn update_windows(&mut self, i: usize, color: Color, delta: i8) {
        let s = side(color);
        for d in 0..4 {
            for k in 0..5 {
                let start = (i as isize - k * self.offs[d]) as usize;
                if let Some(w) = &mut self.windows[d][start] {
                    self.score -= value(*w);
                    count_four(&mut self.fours, *w, -1);
                    w[s] = w[s].wrapping_add_signed(delta);
                    self.score += value(*w);
                    count_four(&mut self.fours, *w, 1);
                }
            }
        }
    }

    fn update_near(&mut self, i: usize, delta: i8) {
        for dr in -NEAR..=NEAR {
            for dc in -NEAR..=NEAR {
                let j = (i as isize + dr * self.stride as isize + dc) as usize;
                self.near[j] = self.near[j].wrapping_add_signed(delta);
            }
        }
    }

    /// Empty points near a stone (the centre on an empty board): where moves are worth trying.
    pub fn candidates(&self) -> Vec<usize> {
        if self.stones == 0 {
            let c = self.size / 2;
            return vec![(c + PAD) * self.stride + c + PAD];
        }
        (0..self.cells.len())
            .filter(|&i| self.cells[i] == EMPTY && self.near[i] > 0)
            .collect()
    }

    /// Every empty point (for the rare position where no candidate is left).
    pub fn all_empty(&self) -> Vec<usize> {
        (0..self.cells.len())
            .filter(|&i| self.cells[i] == EMPTY)
            .collect()
    }

    /// The tuple evaluation for the side to move.
    pub fn evaluate(&self) -> i32 {
        match self.to_move {
            Color::Black => self.score,
            Color::White => -self.score,
        }
    }

    /// Calls `f` with the counts of every window through `i`. (Plain loops: this is the
    /// engine's innermost code.)
    #[inline]
    fn each_window(&self, i: usize, mut f: impl FnMut([u8; 2])) {
        for (windows, &off) in self.windows.iter().zip(&self.offs) {
            for k in 0..5 {
                if let Some(w) = windows[(i as isize - k * off) as usize] {
                    f(w);
                }
            }
        }
    }

    /// How much `color`'s tuple total would gain (its own windows grown, the opponent's killed)
    /// by a stone at empty `i`.
    pub fn gain(&self, i: usize, color: Color) -> i32 {
        self.gains(i)[side(color)]
    }

    /// [`Grid::gain`] for Black and for White, in one pass.
    pub fn gains(&self, i: usize) -> [i32; 2] {
        let mut total = [0, 0];
        self.each_window(i, |w| {
            let g = GAINS[usize::from(w[0])][usize::from(w[1])];
            total[0] += g[0];
            total[1] += g[1];
        });
        total
    }

    /// The most stones of `color` in one window through `i` that holds none of the other's:
    /// 4 means a stone at `i` makes five (or more), 3 a four.
    pub fn threat(&self, i: usize, color: Color) -> u8 {
        let (me, them) = (side(color), 1 - side(color));
        let mut most = 0;
        self.each_window(i, |w| {
            if w[them] == 0 {
                most = most.max(w[me]);
            }
        });
        most
    }

    /// Whether `color` at empty `i` makes a winning line under the rule.
    pub fn wins(&self, i: usize, color: Color) -> bool {
        let c = cell(color);
        self.offs.iter().any(|&off| {
            let run = |sign: isize| {
                (1..)
                    .take_while(|&k| self.cells[(i as isize + sign * k * off) as usize] == c)
                    .count()
            };
            self.rule.wins(color, run(-1) + run(1) + 1)
        })
    }

    /// Whether the side to move may play at empty `i`: anything but Black's forbidden points
    /// in Renju.
    pub fn legal(&self, i: usize) -> bool {
        self.rule != Rule::Renju
            || self.to_move == Color::White
            || gomoku::forbidden(&self.board, self.point(i)).is_none()
    }

    /// The empty points where `color` would now win, near `i` (the stone just played): the
    /// five-points a four through `i` makes.
    pub fn fives_near(&self, i: usize, color: Color) -> Vec<usize> {
        let mut out = vec![];
        for &off in &self.offs {
            for k in -4..=4 {
                let j = (i as isize + k * off) as usize;
                if self.cells[j] == EMPTY
                    && self.threat(j, color) == 4
                    && self.wins(j, color)
                    && !out.contains(&j)
                {
                    out.push(j);
                }
            }
        }
        out
    }

    /// Whether `color` may have a five-point (a window one stone from five).
    pub fn may_win(&self, color: Color) -> bool {
        self.fours[side(color)] > 0
    }

    /// Every empty point where `color` would now win.
    pub fn fives(&self, color: Color, candidates: &[usize]) -> Vec<usize> {
        if !self.may_win(color) {
            return vec![];
        }
        candidates
            .iter()
            .copied()
            .filter(|&j| self.threat(j, color) == 4 && self.wins(j, color))
            .collect()
    }

    /// The empty points on the four lines through `i` within `reach` steps.
    pub fn line_points(&self, i: usize, reach: isize) -> Vec<usize> {
        let mut out = vec![];
        for &off in &self.offs {
            for k in (-reach..=reach).filter(|&k| k != 0) {
                let j = (i as isize + k * off) as usize;
                if self.cells[j] == EMPTY && !out.contains(&j) {
                    out.push(j);
                }
            }
        }
        out
    }
}

/// `GAINS[b][w]`: what a stone adds to Black's and to White's tuple total in a window that
/// holds `b` black and `w` white stones (a five, the last row, is never added to).
const GAINS: [[[i32; 2]; 6]; 6] = {
    let mut t = [[[0; 2]; 6]; 6];
    let mut b = 0;
    while b < 5 {
        let mut w = 0;
        while w < 5 {
            t[b][w] = [
                value([b as u8 + 1, w as u8]) - value([b as u8, w as u8]),
                value([b as u8, w as u8]) - value([b as u8, w as u8 + 1]),
            ];
            w += 1;
        }
        b += 1;
    }
    t
};

/// Counts `w` in or out of the four-windows of its colour.
fn count_four(fours: &mut [u32; 2], w: [u8; 2], delta: i32) {
    match w {
        [4, 0] => fours[0] = fours[0].wrapping_add_signed(delta),
        [0, 4] => fours[1] = fours[1].wrapping_add_signed(delta),
        _ => {}
    }
}

/// A window's worth to Black (negative: to White).
const fn value(w: [u8; 2]) -> i32 {
    match w {
        [b, 0] => TUPLE[b as usize],
        [0, w] => -TUPLE[w as usize],
        _ => 0,
    }
}

fn splitmix(state: &mut u64) -> u64 {
    *state = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
    let mut z = *state;
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::gomoku::Position;

    fn position(moves: &str) -> Position {
        let mut p = Position::new(15, Rule::Renju, false);
        for m in moves.split_whitespace() {
            p = p.play(p.board().point(m).unwrap()).unwrap();
        }
        p
    }

    #[test]
    fn play_and_undo_restore_everything() {
        let p = position("h8 h9 i8 i9");
        let mut g = Grid::new(&p);
        let (hash, score, near) = (g.hash(), g.score, g.near.clone());
        let j8 = g.index(p.board().point("j8").unwrap());
        g.play(j8);
        assert_ne!(g.hash(), hash);
        g.undo();
        assert_eq!((g.hash(), g.score, &g.near), (hash, score, &near));
    }

    #[test]
    fn threats_and_fives() {
        let p = position("h8 a1 i8 a3 j8 a5 k8 a7");
        let g = Grid::new(&p);
        let at = |s: &str| g.index(p.board().point(s).unwrap());
        assert_eq!(g.threat(at("l8"), Color::Black), 4);
        assert!(g.wins(at("l8"), Color::Black));
        assert!(g.wins(at("g8"), Color::Black));
        let mut fives = g.fives(Color::Black, &g.candidates());
        fives.sort();
        assert_eq!(fives, vec![at("g8"), at("l8")]);
        assert!(g.fives(Color::White, &g.candidates()).is_empty());
    }

    #[test]
    fn black_may_not_play_a_forbidden_point() {
        let p = position("f8 a1 g8 a3 h6 a5 h7 a7");
        let g = Grid::new(&p);
        assert!(!g.legal(g.index(p.board().point("h8").unwrap())));
        assert!(g.legal(g.index(p.board().point("e8").unwrap())));
    }
}
