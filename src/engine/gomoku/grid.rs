//! The engine's board: stones on a padded array (so line reads need no bounds checks), and for
//! every point and each of its four lines a key of the five cells on either side, from which
//! [`pattern::Table`] gives the shape a stone there would make for each colour. Placing or
//! removing a stone touches the 40 keys around it, and with them the points' values (the
//! evaluation is their sum), the sets of five- and four-points of each colour, the candidates
//! near the stones and a Zobrist hash.

use super::pattern::{self, SHAPES, Shape, Shapes, Table, side, slot};
use super::value::{self, Summary, Value};
use crate::gomoku::{self, Color, Point};

/// Cells of wall around the board: a line key reads five cells past a point.
const PAD: usize = pattern::REACH;
const EMPTY: u8 = 0;
const WALL: u8 = 3;
/// Candidates are empty points within this many steps of a stone.
const NEAR: isize = 2;

pub fn cell(color: Color) -> u8 {
    match color {
        Color::Black => 1,
        Color::White => 2,
    }
}

/// A set of cells, one bit each.
#[derive(Clone, Default)]
pub struct Cells(Vec<u64>);

impl Cells {
    fn new(len: usize) -> Cells {
        Cells(vec![0; len.div_ceil(64)])
    }

    fn set(&mut self, i: usize, on: bool) {
        let bit = 1u64 << (i % 64);
        if on {
            self.0[i / 64] |= bit;
        } else {
            self.0[i / 64] &= !bit;
        }
    }

    pub fn contains(&self, i: usize) -> bool {
        self.0[i / 64] >> (i % 64) & 1 != 0
    }

    pub fn is_empty(&self) -> bool {
        self.0.iter().all(|&w| w == 0)
    }

    pub fn iter(&self) -> impl Iterator<Item = usize> + '_ {
        self.0.iter().enumerate().flat_map(|(n, &word)| {
            let mut w = word;
            std::iter::from_fn(move || {
                (w != 0).then(|| {
                    let b = w.trailing_zeros() as usize;
                    w &= w - 1;
                    n * 64 + b
                })
            })
        })
    }

    /// The one cell in the set, if there is exactly one.
    pub fn single(&self) -> Option<usize> {
        let mut it = self.iter();
        match (it.next(), it.next()) {
            (Some(i), None) => Some(i),
            _ => None,
        }
    }
}

#[derive(Clone)]
pub struct Grid {
    size: usize,
    stride: usize,
    cells: Vec<u8>,
    /// The same stones as rules-board points, for the Renju forbidden check.
    board: gomoku::Board,
    /// Offsets of the four axes.
    offs: [isize; 4],
    table: &'static Table,
    /// `keys[i][d]`: the cells around `i` along axis `d` (see [`pattern::slot`]).
    keys: Vec<[u32; 4]>,
    /// `shapes[i][d]`: what a stone at empty `i` makes along `d`, for each colour.
    shapes: Vec<[Shapes; 4]>,
    /// The four shapes of each point as one number per colour (see [`value::PLACES`]).
    combos: Vec<[u16; 2]>,
    /// Black's and White's summaries of shape combinations.
    summaries: [&'static [Summary]; 2],
    /// What each empty point is worth to each colour (zero on stones).
    values: Vec<[Value; 2]>,
    /// The sum of `values`, per colour.
    totals: [Value; 2],
    /// The strongest kind of threat each empty point holds for each colour
    /// ([`Summary::threat`]), and on how many points each colour holds each kind.
    kinds: Vec<[u8; 2]>,
    threats: [[u16; value::THREATS]; 2],
    /// What the kinds of threat both sides hold are worth to Black and to White as the side
    /// to move, by [`value::threat_mask`].
    threat_values: [&'static [i32]; 2],
    /// Empty points where each colour makes five now, and where it makes a four.
    fives: [Cells; 2],
    fours: [Cells; 2],
    /// How many stones are within `NEAR` of each cell.
    near: Vec<u8>,
    /// The empty cells with a stone within `NEAR`.
    candidates: Cells,
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
        for r in 0..size {
            for c in 0..size {
                cells[(r + PAD) * stride + c + PAD] = EMPTY;
            }
        }
        let offs = [1, stride as isize, stride as isize + 1, stride as isize - 1];
        let rule = position.rule();
        let table = Table::get(rule);
        let mut keys = vec![[0u32; 4]; len];
        for (i, key) in keys.iter_mut().enumerate() {
            if cells[i] == WALL {
                continue;
            }
            for (d, &off) in offs.iter().enumerate() {
                for k in (-(PAD as isize)..=PAD as isize).filter(|&k| k != 0) {
                    let j = (i as isize + k * off) as usize;
                    key[d] |= u32::from(cells[j]) << slot(k);
                }
            }
        }
        let mut seed = 0x9E37_79B9_7F4A_7C15u64;
        let zobrist = (0..len)
            .map(|_| [splitmix(&mut seed), splitmix(&mut seed)])
            .collect();
        let mut grid = Grid {
            size,
            stride,
            board: gomoku::Board::new(board.size()),
            offs,
            table,
            shapes: vec![[Shapes::default(); 4]; len],
            combos: vec![[0; 2]; len],
            summaries: [
                value::summaries(rule, Color::Black),
                value::summaries(rule, Color::White),
            ],
            values: vec![[Value::default(); 2]; len],
            totals: [Value::default(); 2],
            kinds: vec![[value::NO_THREAT; 2]; len],
            threats: [[0; value::THREATS]; 2],
            threat_values: [
                value::threat_values(value::Table::of(rule, Color::Black)),
                value::threat_values(value::Table::of(rule, Color::White)),
            ],
            fives: [Cells::new(len), Cells::new(len)],
            fours: [Cells::new(len), Cells::new(len)],
            near: vec![0; len],
            candidates: Cells::new(len),
            hash: 0,
            zobrist,
            to_move: Color::Black,
            history: vec![],
            stones: 0,
            keys,
            cells,
        };
        for i in 0..len {
            if grid.cells[i] == EMPTY {
                grid.refresh_all(i);
            }
        }
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
        self.clear_point(i);
        self.cells[i] = cell(color);
        self.board.set(self.point(i), Some(color));
        self.hash ^= self.zobrist[i][side(color)];
        self.update_lines(i, u32::from(cell(color)));
        self.update_near(i, 1);
        self.stones += 1;
    }

    fn take(&mut self, i: usize, color: Color) {
        self.cells[i] = EMPTY;
        self.board.set(self.point(i), None);
        self.hash ^= self.zobrist[i][side(color)];
        self.update_lines(i, 0);
        self.update_near(i, -1);
        self.stones -= 1;
        self.refresh_all(i);
    }

    /// Writes `cell` (0 for empty) into the keys of the points on the lines through `i`, and
    /// re-reads the shapes of the empty ones.
    fn update_lines(&mut self, i: usize, cell: u32) {
        for d in 0..4 {
            let off = self.offs[d];
            for k in (-(PAD as isize)..=PAD as isize).filter(|&k| k != 0) {
                let j = (i as isize + k * off) as usize;
                if self.cells[j] == WALL {
                    continue;
                }
                // Seen from j, i is -k steps away.
                let shift = slot(-k);
                let key = &mut self.keys[j][d];
                *key = (*key & !(3 << shift)) | cell << shift;
                if self.cells[j] == EMPTY {
                    let shapes = self.table.shapes(self.keys[j][d]);
                    if shapes != self.shapes[j][d] {
                        self.set_shapes(j, d, shapes);
                        self.revalue(j);
                    }
                }
            }
        }
    }

    /// Records the shapes of `i` along `d`, in the combination numbers too.
    fn set_shapes(&mut self, i: usize, d: usize, shapes: Shapes) {
        let old = self.shapes[i][d];
        for s in 0..2 {
            let combo = &mut self.combos[i][s];
            *combo = *combo + u16::from(shapes.get(s)) * value::PLACES[d]
                - u16::from(old.get(s)) * value::PLACES[d];
        }
        self.shapes[i][d] = shapes;
    }

    /// Re-reads all four shapes of empty `i` and its worth.
    fn refresh_all(&mut self, i: usize) {
        for d in 0..4 {
            self.set_shapes(i, d, self.table.shapes(self.keys[i][d]));
        }
        self.revalue(i);
    }

    /// A point taken by a stone: it is worth nothing and is no one's five- or four-point.
    fn clear_point(&mut self, i: usize) {
        for s in 0..2 {
            self.totals[s] -= self.values[i][s];
            self.values[i][s] = Value::default();
            self.set_kind(i, s, value::NO_THREAT);
            self.fives[s].set(i, false);
            self.fours[s].set(i, false);
        }
    }

    /// Looks up what empty `i` is worth to each colour from its shapes.
    fn revalue(&mut self, i: usize) {
        for s in 0..2 {
            let summary = self.summary(i, s);
            let value = summary.value();
            self.totals[s] += value - self.values[i][s];
            self.values[i][s] = value;
            self.set_kind(i, s, summary.threat());
            self.fives[s].set(i, summary.five());
            self.fours[s].set(i, summary.four());
        }
    }

    /// Makes `kind` the threat empty `i` holds for colour `s`, keeping the counts.
    fn set_kind(&mut self, i: usize, s: usize, kind: u8) {
        let old = self.kinds[i][s];
        if old != kind {
            if let Some(n) = self.threats[s].get_mut(usize::from(old)) {
                *n -= 1;
            }
            if let Some(n) = self.threats[s].get_mut(usize::from(kind)) {
                *n += 1;
            }
            self.kinds[i][s] = kind;
        }
    }

    fn summary(&self, i: usize, s: usize) -> Summary {
        self.summaries[s][usize::from(self.combos[i][s])]
    }

    fn update_near(&mut self, i: usize, delta: i8) {
        for dr in -NEAR..=NEAR {
            for dc in -NEAR..=NEAR {
                let j = (i as isize + dr * self.stride as isize + dc) as usize;
                self.near[j] = self.near[j].wrapping_add_signed(delta);
                self.candidates
                    .set(j, self.near[j] > 0 && self.cells[j] == EMPTY);
            }
        }
    }

    /// Empty points near a stone (the centre on an empty board): where moves are worth trying.
    pub fn candidates(&self) -> Vec<usize> {
        if self.stones == 0 {
            let c = self.size / 2;
            return vec![(c + PAD) * self.stride + c + PAD];
        }
        self.candidates.iter().collect()
    }

    /// Every empty point (for the rare position where no candidate is left).
    pub fn all_empty(&self) -> Vec<usize> {
        (0..self.cells.len())
            .filter(|&i| self.cells[i] == EMPTY)
            .collect()
    }

    /// The evaluation for the side to move: its points' worth as the side to move against the
    /// opponent's as the side that waits.
    pub fn evaluate(&self) -> i32 {
        let me = side(self.to_move);
        self.totals[me].attack - self.totals[1 - me].defence
            + self.threat_values[me][self.threat_mask()]
    }

    /// Which kinds of threat the side to move and the other hold ([`value::threat_mask`]).
    pub fn threat_mask(&self) -> usize {
        let me = side(self.to_move);
        value::threat_mask(&self.threats[me], &self.threats[1 - me])
    }

    /// How many empty points of each class ([`value::class`]) `color` has: what the
    /// evaluation's values multiply, for fitting them.
    pub fn classes(&self, color: Color) -> [u16; value::CLASSES] {
        let s = side(color);
        let mut counts = [0; value::CLASSES];
        for i in (0..self.cells.len()).filter(|&i| self.cells[i] == EMPTY) {
            counts[value::class(usize::from(self.combos[i][s]))] += 1;
        }
        counts
    }

    /// How promising empty `i` is for the side to move: what it makes plus what it takes from
    /// the opponent.
    pub fn promise(&self, i: usize) -> i32 {
        let me = side(self.to_move);
        self.values[i][me].attack + self.values[i][1 - me].defence
    }

    /// How much a stone at empty `i` builds on its four lines, by the shapes alone: small
    /// weights per shape, the side to move's counted twice (Rapfi's move scores weigh each
    /// line's pattern the same way). What orders the search's moves from level 4; below it,
    /// what breaks ties among points of equal worth, such as the many weak ones (twos) the
    /// points' values put at zero.
    pub fn shape_promise(&self, i: usize) -> i32 {
        /// By shape number: none, closed and open two, closed and open three, four and up.
        const WEIGHT: [i32; 10] = [0, 2, 6, 9, 16, 30, 100, 100, 100, 0];
        let me = side(self.to_move);
        self.shapes[i]
            .iter()
            .map(|s| 2 * WEIGHT[usize::from(s.get(me))] + WEIGHT[usize::from(s.get(1 - me))])
            .sum()
    }

    /// Whether a stone at empty `i` makes nothing for either colour on any line (no open two, no
    /// three or more): a move that neither builds nor spoils, rarely worth a look near the leaves.
    pub fn trivial(&self, i: usize) -> bool {
        const BLOCK2: u8 = Shape::Block2 as u8;
        self.shapes[i]
            .iter()
            .all(|s| s.get(0) <= BLOCK2 && s.get(1) <= BLOCK2)
    }

    /// Whether `color` at empty `i` makes a four that builds on another line too (an open two or
    /// a three or more there): the fours worth following deep in a threat line.
    pub fn makes_four_plus(&self, i: usize, color: Color) -> bool {
        const FLEX2: u8 = Shape::Flex2 as u8;
        let s = side(color);
        let lines = self.shapes[i].map(|shapes| SHAPES[usize::from(shapes.get(s))]);
        let fours: u8 = lines.iter().map(|shape| shape.fours()).sum();
        fours >= 2
            || fours == 1
                && lines
                    .iter()
                    .any(|&shape| !shape.is_four() && shape as u8 >= FLEX2)
    }

    /// The point `color` played last, if any stone of it is in the line searched.
    pub fn last_of(&self, color: Color) -> Option<usize> {
        let back = if color == self.to_move { 2 } else { 1 };
        self.history
            .len()
            .checked_sub(back)
            .map(|n| self.history[n])
    }

    /// Whether `i` and `j` are near enough for one to follow up the other: two steps in any
    /// direction, or four along a line.
    pub fn near(&self, i: usize, j: usize) -> bool {
        let (a, b) = (self.point(i), self.point(j));
        let dr = a.row.abs_diff(b.row);
        let dc = a.col.abs_diff(b.col);
        let reach = dr.max(dc);
        reach <= 2 || reach <= 4 && (dr == 0 || dc == 0 || dr == dc)
    }

    /// Whether `color` at empty `i` makes a winning line under the rule.
    pub fn wins(&self, i: usize, color: Color) -> bool {
        self.fives[side(color)].contains(i)
    }

    /// Whether `color` at empty `i` makes a four (or more) on some line.
    pub fn makes_four(&self, i: usize, color: Color) -> bool {
        self.fours[side(color)].contains(i) || self.wins(i, color)
    }

    /// Whether `color` at empty `i` makes an open three on some line.
    pub fn makes_three(&self, i: usize, color: Color) -> bool {
        self.summary(i, side(color)).three()
    }

    /// Whether `color` at empty `i` makes a four and an open three, or two fours: a win in a
    /// few moves unless the opponent can answer with fours of its own.
    pub fn makes_four_three(&self, i: usize, color: Color) -> bool {
        self.summary(i, side(color)).forcing()
    }

    /// Whether `color` at empty `i` makes a straight four on some line.
    pub fn makes_straight_four(&self, i: usize, color: Color) -> bool {
        self.summary(i, side(color)).straight()
    }

    /// Whether the side to move may play at empty `i`: anything but Black's forbidden points
    /// in Renju. The shapes rule out most points before the full check.
    pub fn legal(&self, i: usize) -> bool {
        self.allowed(i, self.to_move)
    }

    /// Whether `color` may play at empty `i` (only Black's summaries under Renju ever say a
    /// point may be forbidden).
    pub fn allowed(&self, i: usize, color: Color) -> bool {
        !self.summary(i, side(color)).maybe_forbidden()
            || gomoku::forbidden(&self.board, self.point(i)).is_none()
    }

    /// The empty points where `color` would now win.
    pub fn fives(&self, color: Color) -> &Cells {
        &self.fives[side(color)]
    }

    /// The empty points where `color` would now make a four.
    pub fn fours(&self, color: Color) -> &Cells {
        &self.fours[side(color)]
    }

    /// Whether `color` has a five-point.
    pub fn may_win(&self, color: Color) -> bool {
        !self.fives[side(color)].is_empty()
    }

    /// The empty points on the four lines through `i` within `reach` steps.
    pub fn line_points(&self, i: usize, reach: isize) -> Vec<usize> {
        let mut out = vec![];
        for &off in &self.offs {
            for k in (-reach..=reach).filter(|&k| k != 0) {
                let j = i as isize + k * off;
                if (0..self.cells.len() as isize).contains(&j) && self.cells[j as usize] == EMPTY {
                    out.push(j as usize);
                }
            }
        }
        out
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
    use super::super::tests::position;
    use super::*;
    use crate::gomoku::{Position, Rule};

    /// Everything the grid keeps up to date, for comparing.
    type State = (
        Vec<[u32; 4]>,
        Vec<[Shapes; 4]>,
        Vec<[Value; 2]>,
        [Value; 2],
        Vec<Vec<usize>>,
        Vec<u8>,
        u64,
        [[u16; value::THREATS]; 2],
    );

    fn state(g: &Grid) -> State {
        let sets = [&g.fives[0], &g.fives[1], &g.fours[0], &g.fours[1]];
        (
            g.keys.clone(),
            // A stone's own shapes are stale until it is taken back.
            (0..g.cells.len())
                .map(|i| {
                    if g.cells[i] == EMPTY {
                        g.shapes[i]
                    } else {
                        Default::default()
                    }
                })
                .collect(),
            g.values.clone(),
            g.totals,
            sets.iter().map(|c| c.iter().collect()).collect(),
            g.near.clone(),
            g.hash(),
            g.threats,
        )
    }

    proptest::proptest! {
        #![proptest_config(proptest::prelude::ProptestConfig::with_cases(48))]
        /// Stones placed and taken back one at a time leave the grid as building it afresh
        /// from the same stones does.
        #[test]
        fn incremental_updates_match_a_fresh_grid(
            steps in proptest::collection::vec((0usize..225, 0u8..4), 1..120),
            rule in proptest::sample::select(vec![Rule::Freestyle, Rule::Standard, Rule::Renju]),
        ) {
            let start = Position::new(15, rule, false);
            let mut g = Grid::new(&start);
            let mut played: Vec<(Point, Color)> = vec![];
            for (n, undo) in steps {
                if undo == 0 && !played.is_empty() {
                    g.undo();
                    played.pop();
                } else {
                    let p = Point { col: (n % 15) as u8, row: (n / 15) as u8 };
                    if played.iter().any(|&(q, _)| q == p) {
                        continue;
                    }
                    played.push((p, g.to_move()));
                    g.play(g.index(p));
                }
                let fresh = Grid::new(&Position::setup(15, rule, &played, g.to_move()));
                let (a, b) = (state(&g), state(&fresh));
                proptest::prop_assert!(a.0 == b.0, "keys");
                proptest::prop_assert!(a.1 == b.1, "shapes");
                proptest::prop_assert!(a.2 == b.2, "values");
                proptest::prop_assert!(a.3 == b.3, "totals");
                proptest::prop_assert!(a.4 == b.4, "sets");
                proptest::prop_assert!(a.5 == b.5, "near");
                proptest::prop_assert!(a.6 == b.6, "hash");
                proptest::prop_assert!(a.7 == b.7, "threat counts");
            }
        }
    }

    #[test]
    fn play_and_undo_restore_everything() {
        let p = position(Rule::Renju, "h8 h9 i8 i9");
        let mut g = Grid::new(&p);
        let (hash, eval, near) = (g.hash(), g.evaluate(), g.near.clone());
        let j8 = g.index(p.board().point("j8").unwrap());
        g.play(j8);
        assert_ne!(g.hash(), hash);
        g.undo();
        assert_eq!((g.hash(), g.evaluate(), &g.near), (hash, eval, &near));
    }

    #[test]
    fn fives_and_fours() {
        let p = position(Rule::Renju, "h8 a1 i8 a3 j8 a5 k8 a7");
        let g = Grid::new(&p);
        let at = |s: &str| g.index(p.board().point(s).unwrap());
        assert!(g.wins(at("l8"), Color::Black));
        assert!(g.wins(at("g8"), Color::Black));
        let fives: Vec<usize> = g.fives(Color::Black).iter().collect();
        assert_eq!(fives, vec![at("g8"), at("l8")]);
        assert!(!g.may_win(Color::White));
        let p = position(Rule::Renju, "h8 a1 i8 a3 j8 a5");
        let g = Grid::new(&p);
        let at = |s: &str| g.index(p.board().point(s).unwrap());
        assert!(g.makes_straight_four(at("k8"), Color::Black));
        assert!(g.makes_four(at("l8"), Color::Black));
        assert!(!g.makes_straight_four(at("l8"), Color::Black));
        assert!(!g.makes_four(at("a7"), Color::White));
    }

    #[test]
    fn fours_that_build_and_points_that_do_nothing() {
        let p = position(Rule::Renju, "h8 g8 i8 a1");
        let mut g = Grid::new(&p);
        let cells = g.clone();
        let at = |s: &str| cells.index(p.board().point(s).unwrap());
        assert_eq!(
            g.last_of(Color::Black),
            None,
            "a new grid has no moves played"
        );
        let (j8, a3) = (at("j8"), at("a3"));
        g.play(j8);
        g.play(a3);
        assert!(g.makes_four(at("k8"), Color::Black));
        assert!(!g.makes_four_plus(at("k8"), Color::Black), "a four alone");
        assert!(!g.trivial(at("k8")));
        assert!(g.trivial(at("o15")));
        assert_eq!(g.last_of(Color::Black), Some(j8));
        assert_eq!(g.last_of(Color::White), Some(a3));
        let p = position(Rule::Renju, "h8 g8 i8 a1 j8 a3 k10 a5 k11 a7");
        let g = Grid::new(&p);
        let at = |s: &str| g.index(p.board().point(s).unwrap());
        assert!(
            g.makes_four_plus(at("k8"), Color::Black),
            "a four and a three"
        );
        assert!(g.near(at("h8"), at("j10")));
        assert!(g.near(at("h8"), at("l12")), "four along a diagonal");
        assert!(!g.near(at("h8"), at("k9")), "off every line and three away");
    }

    #[test]
    fn black_may_not_play_a_forbidden_point() {
        let p = position(Rule::Renju, "f8 a1 g8 a3 h6 a5 h7 a7");
        let g = Grid::new(&p);
        assert!(!g.legal(g.index(p.board().point("h8").unwrap())));
        assert!(g.legal(g.index(p.board().point("e8").unwrap())));
    }
}
