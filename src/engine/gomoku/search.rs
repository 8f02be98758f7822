//! Alpha-beta over the most promising candidate moves, with the forced replies to a five-threat
//! searched without using up depth, and the tuple evaluation at the leaves.

use super::grid::Grid;
use super::table::{Bound, Entry, Keys, Table};
use crate::gomoku::Color;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::time::Instant;

/// A won position's score, less the plies it takes.
pub const WIN: i32 = 1_000_000;
/// Scores beyond this are wins or losses.
pub const WON: i32 = WIN - 1000;
/// The deepest a line is followed, forced replies included.
const MAX_PLY: u32 = 64;
/// Late move reductions: from this many plies left, the moves after the first
/// [`FULL_MOVES`] that threaten nothing are first searched shallower, and again at full depth
/// only if they then look better than the best so far.
const REDUCE_FROM_DEPTH: i32 = 3;
const FULL_MOVES: usize = 3;
/// How steeply reductions grow with depth and move number.
const LMR_SCALE: f64 = 0.56;
/// At a node expected to fail high (a cut node), every move after the first is reduced from
/// this many plies left, and by this much more than elsewhere unless it is a killer.
const CUT_REDUCE_FROM_DEPTH: i32 = 2;
const CUT_REDUCTION: i32 = 2;
/// How many fours in a row the search past the horizon may play.
const QUIET_FOURS: u32 = 6;
/// More than fours alone are worth: a leaf this far below alpha is not searched past.
const QUIET_DELTA: i32 = 6000;
/// Razoring and futility pruning apply with at most this many plies left.
const RAZOR_DEPTH: i32 = 1;
const FUTILITY_DEPTH: i32 = 3;
/// With at most this many plies left, moves that make nothing for either side are not searched.
const TRIVIAL_DEPTH: i32 = 4;

/// How far below alpha a position with `depth` left must stand to be razored.
fn razor_margin(depth: i32) -> i32 {
    300 + 100 * depth
}

/// How far above beta a position with `depth` left must stand to be cut by futility.
fn futility_margin(depth: i32, improving: bool) -> i32 {
    500 * (depth - i32::from(improving)).max(0)
}

/// How far above beta a cut node's evaluation must stand, with `depth` left, for its moves to
/// be searched a ply shallower (Rapfi's fail-high reduction, on this evaluation's scale).
fn fail_high_margin(depth: i32) -> i32 {
    60 * depth - 36
}

/// How many moves a node off the principal variation searches with `depth` left (once one
/// has been seen not to lose): few near the leaves, more higher up, two fewer where the
/// evaluation is not improving.
fn move_count(depth: i32, improving: bool) -> usize {
    let count = 4 + f64::from(depth.max(0)).powf(1.32) as usize;
    if improving { count } else { count - 2 }
}

/// The transposition table's size unless a search is given another, in MiB.
pub const TABLE_MB: usize = 16;
/// How many positions each threat search remembers as refuted.
const REFUTED: usize = 1 << 16;

/// One search: the board, the limits, what was counted and remembered.
pub struct Searcher<'a> {
    pub grid: Grid,
    stop: &'a AtomicBool,
    deadline: Option<Instant>,
    aborted: bool,
    pub nodes: u64,
    /// Moves searched at each node.
    pub width: usize,
    /// What orders them.
    pub order: Order,
    table: Arc<Table>,
    pub vcf_failed: Keys,
    pub vct_failed: Keys,
    /// At each ply, the last two quiet moves that refuted a position there: tried early at
    /// the same ply elsewhere, where they often refute again.
    killers: Vec<[usize; 2]>,
    /// The static evaluation at each ply of the line being searched (whether it improves).
    evals: Vec<i32>,
}

/// The deepest iteration any helper thread has finished: its depth, best move and score,
/// packed so that the deeper result always wins (`fetch_max`).
#[derive(Default)]
pub struct Finished(AtomicU64);

impl Finished {
    fn tell(&self, depth: i32, (best, score): (usize, i32)) {
        let packed = (depth.clamp(0, 255) as u64) << 48
            | (best as u64 & 0xffff) << 32
            | u64::from(score as u32);
        self.0.fetch_max(packed, Ordering::Relaxed);
    }

    /// The deepest finished iteration: its depth and (best move, score); depth 0 if none.
    pub fn deepest(&self) -> (i32, (usize, i32)) {
        let packed = self.0.load(Ordering::Relaxed);
        let depth = (packed >> 48) as i32;
        (
            depth,
            (((packed >> 32) & 0xffff) as usize, packed as u32 as i32),
        )
    }
}

/// What the threats on the board leave of a node (see [`Searcher::threats`]).
enum Threats {
    /// Won or lost already: the score.
    Decided(i32),
    /// The opponent's one five-point, which must be blocked.
    Block(usize),
    /// Nothing forced.
    Open,
}

/// What puts a node's candidates in order after the table's move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Order {
    /// The shapes a stone makes on its four lines first ([`Grid::shape_promise`], weights per
    /// shape as Rapfi's move scores have them), the point's worth to the evaluation breaking
    /// ties, the killers in their place among the rest (as Rapfi's move picker has them): the
    /// stronger order (+47 Elo against `Worth` in Renju at 300 ms a move, level in freestyle;
    /// the killers left in place +20 more; docs/BENCHMARKS.md).
    Shapes,
    /// This ply's killers next, then the point's worth to the evaluation ([`Grid::promise`]:
    /// nothing for the twos most quiet points make), the shapes breaking ties: the first
    /// levels' order, kept for newcomers.
    Worth,
}

/// No move (an empty killer slot).
const NO_MOVE: usize = usize::MAX;

impl<'a> Searcher<'a> {
    pub fn new(grid: Grid, stop: &'a AtomicBool, deadline: Option<Instant>) -> Searcher<'a> {
        Searcher::sharing(grid, stop, deadline, Arc::new(Table::new(TABLE_MB)))
    }

    /// A searcher over `grid` that uses `table`, with memory of its own for the rest.
    fn sharing(
        grid: Grid,
        stop: &'a AtomicBool,
        deadline: Option<Instant>,
        table: Arc<Table>,
    ) -> Searcher<'a> {
        Searcher {
            grid,
            stop,
            deadline,
            aborted: false,
            nodes: 0,
            width: 12,
            order: Order::Shapes,
            table,
            vcf_failed: Keys::new(REFUTED),
            vct_failed: Keys::new(REFUTED),
            killers: vec![[NO_MOVE; 2]; MAX_PLY as usize + 1],
            evals: vec![0; MAX_PLY as usize + 1],
        }
    }

    /// Another searcher over the same position, limits and table, with memory of its own for
    /// the rest: for a helper thread, whose results reach this one through the table.
    pub fn helper<'b>(&self, stop: &'b AtomicBool) -> Searcher<'b> {
        let table = Arc::clone(&self.table);
        let mut helper = Searcher::sharing(self.grid.clone(), stop, self.deadline, table);
        helper.width = self.width;
        helper.order = self.order;
        helper
    }

    /// A helper thread's work: deepening over the root `moves` until stopped, starting
    /// `ahead` plies deeper than the main thread so that the two search different depths
    /// (lazy SMP: what one finds the other reads from the table), each iteration it finishes
    /// told to `finished`.
    pub fn deepen(
        &mut self,
        mut moves: Vec<usize>,
        ahead: i32,
        max_depth: i32,
        finished: &Finished,
    ) {
        for depth in 1 + ahead..=max_depth {
            let scored = self.root(&moves, depth);
            if self.aborted || scored.is_empty() {
                break;
            }
            finished.tell(depth, scored[0]);
            moves = scored.into_iter().map(|(i, _)| i).collect();
        }
    }

    /// Gives the transposition table `mb` MiB (before searching: what it held is dropped).
    pub fn set_memory(&mut self, mb: usize) {
        self.table = Arc::new(Table::new(mb));
    }

    /// Whether the search must stop now (cancelled or out of time); checked every few nodes.
    pub fn aborted(&mut self) -> bool {
        if !self.aborted && self.nodes.is_multiple_of(256) {
            self.aborted = self.stop.load(Ordering::Relaxed)
                || self.deadline.is_some_and(|d| Instant::now() >= d);
        }
        self.aborted
    }

    /// A new time limit; a search cut short by the old one may go on.
    pub fn set_deadline(&mut self, deadline: Option<Instant>) {
        self.deadline = deadline;
        self.aborted = self.stop.load(Ordering::Relaxed);
    }

    /// Whether a search was cut short (its result is then not to be trusted).
    pub fn was_aborted(&self) -> bool {
        self.aborted
    }

    /// Candidates in the searcher's [`Order`], legal ones only, at most `width`; the table's
    /// move first (in the worth's order this ply's killers next). Against an open three only the
    /// points that stop it and one's own fours are worth trying.
    pub fn ordered(&self, hash_move: Option<usize>, ply: u32) -> Vec<usize> {
        self.ordered_within(hash_move, ply, self.width)
    }

    /// As [`Searcher::ordered`], at most `width` of them (the root takes more than its nodes).
    pub fn ordered_within(&self, hash_move: Option<usize>, ply: u32, width: usize) -> Vec<usize> {
        let me = self.grid.to_move();
        let mut cands = match self.defending_points(me) {
            Some(points) => points,
            None => self.grid.candidates(),
        };
        if cands.is_empty() {
            cands = self.grid.all_empty();
        }
        let killers = self.killers.get(ply as usize).copied();
        let killers = killers.unwrap_or([NO_MOVE; 2]);
        let killers_first = self.order == Order::Worth;
        let mut keyed: Vec<(i64, usize)> = cands
            .into_iter()
            .map(|i| {
                let key = if Some(i) == hash_move {
                    i64::MAX
                } else if killers_first && i == killers[0] {
                    i64::MAX - 1
                } else if killers_first && i == killers[1] {
                    i64::MAX - 2
                } else {
                    let (worth, shapes) = (self.grid.promise(i), self.grid.shape_promise(i));
                    match self.order {
                        Order::Shapes => (i64::from(shapes) << 32) + i64::from(worth),
                        Order::Worth => (i64::from(worth) << 32) + i64::from(shapes),
                    }
                };
                (key, i)
            })
            .collect();
        // Only the best few need sorting; a spare few stand in for forbidden ones.
        let keep = width + 4;
        if keyed.len() > keep {
            keyed.select_nth_unstable_by(keep, |a, b| b.cmp(a));
            keyed.truncate(keep);
        }
        keyed.sort_unstable_by(|a, b| b.cmp(a));
        keyed
            .into_iter()
            .map(|(_, i)| i)
            .filter(|&i| self.grid.legal(i))
            .take(width)
            .collect()
    }

    /// If the opponent threatens to win in a few moves, the points that may answer it, with
    /// `me`'s own fours: against an open three (a point where it makes a straight four), its
    /// four-points; against a point where it makes a four and an open three at once, that
    /// point, the others on its lines (there the four or the three can be spoiled) and those on
    /// the lines through the four's five-points (a stone there can make our forced block a four
    /// of our own, as Rapfi's counter-defences do). Where such a block would be a four of ours
    /// already, the threat forces nothing.
    fn defending_points(&self, me: Color) -> Option<Vec<usize>> {
        let them = me.opponent();
        let (mine, theirs) = (self.grid.fours(me), self.grid.fours(them));
        let answers: Vec<usize> = if self.straight_four_point(them).is_some() {
            self.grid
                .candidates()
                .into_iter()
                .filter(|&i| mine.contains(i) || theirs.contains(i))
                .collect()
        } else {
            let threat = theirs
                .iter()
                .find(|&i| self.grid.makes_four_three(i, them) && self.grid.allowed(i, them))?;
            let mut lines = self.grid.line_points(threat, 4);
            // The four's five-point is among their other four-points on its lines.
            let blocks: Vec<usize> = lines
                .iter()
                .copied()
                .filter(|&b| theirs.contains(b))
                .collect();
            if blocks.iter().any(|&b| mine.contains(b)) {
                return None;
            }
            for b in blocks {
                lines.extend(self.grid.line_points(b, 4));
            }
            self.grid
                .candidates()
                .into_iter()
                .filter(|&i| i == threat || mine.contains(i) || lines.contains(&i))
                .collect()
        };
        Some(answers)
    }

    /// A point where `color` may play a straight four, if any.
    pub fn straight_four_point(&self, color: Color) -> Option<usize> {
        self.grid
            .fours(color)
            .iter()
            .find(|&i| self.grid.makes_straight_four(i, color) && self.grid.allowed(i, color))
    }

    /// What the fives and straight fours on the board settle before any search, for the side
    /// to move at `ply`: a five to make wins; the opponent's five-point must be blocked (two,
    /// or one it may not play on, cannot be); a straight four the opponent cannot answer with
    /// a four of its own wins in three.
    fn threats(&self, ply: u32) -> Threats {
        let me = self.grid.to_move();
        let them = me.opponent();
        if self.grid.may_win(me) {
            return Threats::Decided(WIN - ply as i32);
        }
        if self.grid.may_win(them) {
            return match self.grid.fives(them).single() {
                Some(block) if self.grid.legal(block) => Threats::Block(block),
                _ => Threats::Decided(-(WIN - ply as i32 - 1)),
            };
        }
        if self.grid.fours(them).is_empty() && self.straight_four_point(me).is_some() {
            return Threats::Decided(WIN - ply as i32 - 2);
        }
        Threats::Open
    }

    /// Negamax with alpha-beta: the score for the side to move. A null window (`beta` =
    /// `alpha` + 1) marks a node off the principal variation, where the static evaluation may
    /// cut the search short (razoring, futility) and late quiet moves are left out. `cut`
    /// marks a node expected to fail high (a null-window child searched first, or reduced):
    /// there every move after the first is searched shallower still.
    pub fn alphabeta(
        &mut self,
        depth: i32,
        mut alpha: i32,
        mut beta: i32,
        ply: u32,
        cut: bool,
    ) -> i32 {
        self.nodes += 1;
        if self.aborted() {
            return 0;
        }
        let moves = match self.threats(ply) {
            Threats::Decided(score) => return score,
            Threats::Block(block) => Some(vec![block]),
            Threats::Open => None,
        };
        if ply >= MAX_PLY {
            return self.grid.evaluate();
        }
        if moves.is_none() && depth <= 0 {
            return self.quiesce(alpha, beta, ply, QUIET_FOURS);
        }
        // No line from here ends sooner than a win next move or later than a loss in two.
        alpha = alpha.max(-(WIN - ply as i32 - 1));
        beta = beta.min(WIN - ply as i32);
        if alpha >= beta {
            return alpha;
        }
        let pv = beta - alpha > 1;
        let hash = self.grid.hash();
        let entry = self.table.probe(hash);
        if let Some(e) = entry
            && e.depth >= depth
            && e.settles(alpha, beta)
        {
            return e.score;
        }
        let forced = moves.is_some();
        let eval = self.grid.evaluate();
        self.evals[ply as usize] = eval;
        let improving = ply < 2 || eval > self.evals[ply as usize - 2];
        if !pv && !forced && alpha.abs() < WON && beta.abs() < WON {
            // Razoring: far below alpha with little depth left, only fours can save it.
            if depth <= RAZOR_DEPTH && eval + razor_margin(depth) < alpha {
                return self.quiesce(alpha, alpha + 1, ply, QUIET_FOURS);
            }
            // Futility: so far above beta that the opponent's few replies will not bring it
            // back.
            if depth <= FUTILITY_DEPTH && eval - futility_margin(depth, improving) >= beta {
                return eval;
            }
        }
        let moves = moves.unwrap_or_else(|| self.ordered(entry.map(|e| e.best), ply));
        if moves.is_empty() {
            return 0;
        }
        // Off the principal variation, once a move has been seen not to lose, the moves past
        // a count that grows with the depth are not searched at all.
        let count_limit = if pv || forced {
            usize::MAX
        } else {
            move_count(depth, improving)
        };
        let full_depth = if forced { depth } else { depth - 1 };
        // A cut node whose evaluation stands well above beta will most likely fail high:
        // its moves, bar fours, are searched a ply shallower.
        let likely_fail_high = cut && !forced && eval >= beta + fail_high_margin(depth);
        let me = self.grid.to_move();
        let (from_depth, full_moves) = if cut {
            (CUT_REDUCE_FROM_DEPTH, 1)
        } else {
            (REDUCE_FROM_DEPTH, FULL_MOVES)
        };
        let start_alpha = alpha;
        let mut best = (i32::MIN, moves[0]);
        for (n, &i) in moves.iter().enumerate() {
            if n >= count_limit && best.0 > -WON {
                break;
            }
            if !forced && n > 0 && depth <= TRIVIAL_DEPTH && best.0 > -WON && self.grid.trivial(i) {
                continue;
            }
            let reduction = if forced || depth < from_depth || n < full_moves {
                0
            } else {
                self.reduction(i, depth, n, pv, improving, cut && !self.is_killer(i, ply))
            };
            let child_depth =
                full_depth - i32::from(likely_fail_high && !self.grid.makes_four(i, me));
            self.grid.play(i);
            let mut score = if n == 0 {
                -self.alphabeta(child_depth, -beta, -alpha, ply + 1, !pv && !cut)
            } else if reduction > 0 {
                let reduced =
                    -self.alphabeta(child_depth - reduction, -alpha - 1, -alpha, ply + 1, true);
                if reduced > alpha {
                    -self.alphabeta(child_depth, -alpha - 1, -alpha, ply + 1, !cut)
                } else {
                    reduced
                }
            } else {
                -self.alphabeta(child_depth, -alpha - 1, -alpha, ply + 1, !cut)
            };
            if n > 0 && score > alpha && score < beta {
                score = -self.alphabeta(child_depth, -beta, -alpha, ply + 1, false);
            }
            self.grid.undo();
            if self.aborted {
                return 0;
            }
            if score > best.0 {
                best = (score, i);
            }
            alpha = alpha.max(score);
            if alpha >= beta {
                if !forced {
                    self.remember_killer(i, ply);
                }
                break;
            }
        }
        self.table.store(
            hash,
            Entry {
                depth,
                score: best.0,
                bound: Bound::of(best.0, start_alpha, beta),
                best: best.1,
            },
        );
        best.0
    }

    /// The search past the horizon: the side to move may stand on the evaluation or play one
    /// of its fours (at most `fours` more), each answered at its one five-point, so that a
    /// leaf in the middle of a four attack is not judged by its shapes alone. After the first
    /// four only those near the last that build on another line too are followed (as Rapfi's
    /// `vcfsearch` does): a string of lone fours anywhere on the board explodes and seldom wins.
    fn quiesce(&mut self, mut alpha: i32, beta: i32, ply: u32, fours: u32) -> i32 {
        self.nodes += 1;
        if self.aborted() {
            return 0;
        }
        match self.threats(ply) {
            Threats::Decided(score) => return score,
            // The attacker's four, blocked at its one five-point.
            Threats::Block(block) => {
                if ply >= MAX_PLY {
                    return self.grid.evaluate();
                }
                self.grid.play(block);
                let score = -self.quiesce(-beta, -alpha, ply + 1, fours);
                self.grid.undo();
                return score;
            }
            Threats::Open => {}
        }
        // What any search found here before: a quiescence search's result is stored at depth 0.
        let hash = self.grid.hash();
        let entry = self.table.probe(hash);
        if let Some(e) = entry
            && e.settles(alpha, beta)
        {
            return e.score;
        }
        let me = self.grid.to_move();
        let stand = self.grid.evaluate();
        if stand >= beta || fours == 0 || ply >= MAX_PLY {
            return stand;
        }
        // Fours alone rarely make up this much.
        if stand + QUIET_DELTA < alpha {
            return stand;
        }
        let start_alpha = alpha;
        alpha = alpha.max(stand);
        // Past the first four, only fours that build on another line too, near the last.
        let follow_up = (fours < QUIET_FOURS)
            .then(|| self.grid.last_of(me))
            .flatten();
        let mut moves: Vec<(i32, usize)> = self
            .grid
            .fours(me)
            .iter()
            .filter(|&i| {
                follow_up
                    .is_none_or(|last| self.grid.near(i, last) && self.grid.makes_four_plus(i, me))
            })
            .map(|i| {
                let hash_move = entry.is_some_and(|e| e.best == i);
                (
                    if hash_move {
                        i32::MAX
                    } else {
                        self.grid.promise(i)
                    },
                    i,
                )
            })
            .collect();
        moves.sort_unstable_by(|a, b| b.cmp(a));
        let tried = !moves.is_empty();
        let mut best = (stand, NO_MOVE);
        for (_, i) in moves {
            if !self.grid.legal(i) {
                continue;
            }
            self.grid.play(i);
            let score = -self.quiesce(-beta, -alpha, ply + 1, fours - 1);
            self.grid.undo();
            if self.aborted {
                return 0;
            }
            if score > best.0 {
                best = (score, i);
            }
            alpha = alpha.max(score);
            if alpha >= beta {
                break;
            }
        }
        // A deeper search's entry for this position is worth more than this one.
        if tried && entry.is_none_or(|e| e.depth <= 0) {
            self.table.store(
                hash,
                Entry {
                    depth: 0,
                    score: best.0,
                    bound: Bound::of(best.0, start_alpha, beta),
                    best: best.1,
                },
            );
        }
        best.0
    }

    /// Keeps `i`, which refuted a position at `ply`, as that ply's first killer.
    fn remember_killer(&mut self, i: usize, ply: u32) {
        let k = &mut self.killers[ply as usize];
        if k[0] != i {
            *k = [i, k[0]];
        }
    }

    /// How many plies shallower the `n`th move `i` (from 0, in order of promise) is first
    /// searched with `depth` left: none for a move that makes a four, or that takes
    /// a point the opponent would make a four on; for any other move, more the deeper the node
    /// and the later the move (logarithmically in both), one less for a move that makes or
    /// stops an open three, one more off the principal variation where the evaluation is not
    /// improving, one less on it, and `CUT_REDUCTION` more at a cut node for a move that is not
    /// a killer (`cut`).
    fn reduction(
        &self,
        i: usize,
        depth: i32,
        n: usize,
        pv: bool,
        improving: bool,
        cut: bool,
    ) -> i32 {
        let me = self.grid.to_move();
        let them = me.opponent();
        if self.grid.makes_four(i, me) || self.grid.makes_four(i, them) {
            return 0;
        }
        let threes = i32::from(self.grid.makes_three(i, me) || self.grid.makes_three(i, them));
        let base =
            (LMR_SCALE * f64::from(depth).ln() * ((n + 1) as f64).ln()).round() as i32 - threes;
        let adjust = if pv {
            -1
        } else if !improving && base > 1 {
            1
        } else {
            0
        };
        (base + adjust + if cut { CUT_REDUCTION } else { 0 }).max(1)
    }

    /// Whether `i` is one of the killers at `ply`.
    fn is_killer(&self, i: usize, ply: u32) -> bool {
        self.killers[ply as usize].contains(&i)
    }

    /// Searches each root move to `depth` (best first from the last iteration) and returns them
    /// with their scores, best first. A search cut short returns the moves it finished (the
    /// best of the last iteration first among them), so the time spent still counts.
    pub fn root(&mut self, moves: &[usize], depth: i32) -> Vec<(usize, i32)> {
        let mut scored = vec![];
        let mut alpha = -WIN - 1;
        for (n, &i) in moves.iter().enumerate() {
            self.grid.play(i);
            let mut score = if n == 0 {
                -self.alphabeta(depth - 1, -WIN - 1, WIN + 1, 1, false)
            } else {
                -self.alphabeta(depth - 1, -alpha - 1, -alpha, 1, true)
            };
            if n > 0 && score > alpha {
                score = -self.alphabeta(depth - 1, -WIN - 1, -alpha, 1, false);
            }
            self.grid.undo();
            if self.aborted {
                break;
            }
            alpha = alpha.max(score);
            scored.push((i, score));
        }
        // A stable sort keeps the earlier (better-ordered) move first among equals; moves that
        // only failed low keep their bound as score, below the best.
        scored.sort_by_key(|&(_, s)| -s);
        scored
    }
}

#[cfg(test)]
mod tests {
    use super::super::NEVER;
    use super::super::tests::position;
    use super::*;
    use crate::gomoku::Rule;

    /// Freestyle, from a game against Rapfi, after Black's j6: White to move, Black has two
    /// four-three points (h4 and j9). White's j7 answers both: it spoils j9's three, and turns
    /// h5, where White must block h4's four, into a four of White's own (h5 i6 j7 k8).
    const TWO_FOUR_THREES: &str = "h8 h9 h6 g9 i9 g7 g6 i6 j8 i7 k7 h10 i8 k8 h7 f5 j6";

    #[test]
    fn a_four_three_may_be_answered_where_the_forced_block_becomes_a_four() {
        let p = position(Rule::Freestyle, TWO_FOUR_THREES);
        let s = Searcher::new(Grid::new(&p), &NEVER, None);
        let at = |name| s.grid.index(p.board().point(name).unwrap());
        assert!(s.grid.makes_four_three(at("h4"), Color::Black));
        let points = s.defending_points(Color::White).unwrap();
        for name in ["h4", "h5", "j7"] {
            assert!(points.contains(&at(name)), "{name}");
        }
    }

    #[test]
    fn a_four_three_answered_by_a_counter_four_is_no_win() {
        // The position before j6: the search took j6 for a win in six plies while j7 was left
        // out of White's answers.
        let moves = TWO_FOUR_THREES.rsplit_once(' ').unwrap().0;
        let p = position(Rule::Freestyle, moves);
        let mut s = Searcher::new(Grid::new(&p), &NEVER, None);
        s.width = 18;
        let j6 = s.grid.index(p.board().point("j6").unwrap());
        let scored = s.root(&s.ordered_within(None, 0, 80), 4);
        let (_, score) = scored.iter().find(|&&(i, _)| i == j6).copied().unwrap();
        assert!(score < WON, "j6 scored {score}");
    }
}
