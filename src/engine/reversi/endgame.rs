//! The exact endgame solver: the final disc difference under perfect play (side to move's discs
//! minus the opponent's, empty squares to the winner) and a move that achieves it.
//!
//! Above a handful of empties it is a principal-variation alpha-beta search with a transposition
//! table, a stability cut-off and fastest-first move ordering (the move leaving the opponent the
//! fewest replies first, corners preferred, odd regions first for parity); far from the end the
//! ordering also asks a shallow midgame search what it thinks of each move. The last few empties
//! are searched from a list of the empty squares, odd quadrants first, without move generation.

use super::busy::Busy;
use super::eval::evaluate_on;
use super::probcut::END_MODELS;
use super::search::{MoveList, Searcher, best_of, sort_moves};
use super::stability::stable;
use super::tt::{Entry, NO_MOVE, Table, hash};
use crate::cpu::{Cpu, levelled, on_cpu};
use crate::engine::Budget;
use crate::reversi::{Bitboards, CORNERS, Square, neighbours};
use std::sync::atomic::Ordering;

/// At or below this many empties the list-based search takes over.
const SMALL: u32 = 5;
/// At or above this many empties results go to the transposition table (from 8 rather than 9:
/// FFO #40-#49 on one thread in 7 % fewer nodes and no more time; from 7 fewer still, but slower).
const TT_MIN: u32 = 8;
/// At or above this many empties threads tell each other what they are searching.
/// (Below, a position is searched too quickly for the bookkeeping to pay: FFO #40-#49 on two
/// threads took 5 % fewer nodes from 14 than from 12.)
const BUSY_MIN: u32 = 14;
/// At or above this many empties children are looked up before searching (see `search`).
const ETC_MIN: u32 = 10;
/// At or above this many empties the ordering weighs each move by a midgame search of it, one
/// ply deeper at each further step: where a mistake in the order costs the most nodes, fastest
/// first alone is a poor guide (FFO #49 took 2.8 G nodes with it alone, 1.0 G with this).
const SORT_DEPTHS: [u32; 4] = [14, 16, 19, 22];
/// Hundredths of a disc of that search per point of the fastest-first key (a reply left to
/// the opponent costs 16 points, so it weighs as much as four discs).
const SORT_WEIGHT: i32 = 25;
/// Size of each thread's table for those searches.
const SORT_MB: usize = 8;
/// The passes of a solve from [`SELECTIVE_MIN`] empties (unless the guess says [`ROUT`]):
/// Multi-ProbCut at each confidence (in spreads) in turn, then exact. Each pass starts from the
/// last one's score and finds the table filled with the best moves of the one before.
const PASSES: [Option<f32>; 4] = [Some(1.1), Some(1.5), Some(2.0), None];
/// The exact pass.
const EXACT: usize = PASSES.len() - 1;
/// From this many empties a solve begins with the selective passes (one thread, against
/// exact alone: 5 % fewer nodes on 60 positions at 18 empties, 9 % on 40 at 20, 40 % on FFO
/// #41-#44; from 14, FFO #1-#19 took a third more).
const SELECTIVE_MIN: u32 = 18;
/// A guess this far from even skips the selective passes: the evaluation they cut by cannot
/// tell a rout from a wipe-out, and their tables misled the exact pass (FFO #59, 34 empties,
/// +64: 10.5 M nodes without them, 0.3-0.9 G with).
const ROUT: i32 = 40;
/// From this many empties a selective pass cuts by Multi-ProbCut.
pub const PROBCUT_MIN: u32 = 10;

/// What a table entry of the solver says about how sure it is: the empties and the pass.
/// (Entries of a surer pass may settle a later pass's question; the table keeps the surer.)
fn sureness(empties: u32, pass: usize) -> u32 {
    empties * PASSES.len() as u32 + pass as u32
}

/// Quadrant masks, for parity.
const QUADRANTS: [u64; 4] = [
    0x0000_0000_0f0f_0f0f,
    0x0000_0000_f0f0_f0f0,
    0x0f0f_0f0f_0000_0000,
    0xf0f0_f0f0_0000_0000,
];

/// The final score when neither side can move: the empties go to the winner.
#[inline]
pub fn final_score(p: u64, o: u64) -> i32 {
    let (pc, oc) = (p.count_ones() as i32, o.count_ones() as i32);
    let empties = 64 - pc - oc;
    match pc.cmp(&oc) {
        std::cmp::Ordering::Greater => pc - oc + empties,
        std::cmp::Ordering::Less => pc - oc - empties,
        std::cmp::Ordering::Equal => 0,
    }
}

/// Quadrants holding an odd number of empties.
#[inline]
fn odd_quadrants(empty: u64) -> u64 {
    QUADRANTS
        .iter()
        .filter(|&&q| (empty & q).count_ones() & 1 == 1)
        .fold(0, |a, &q| a | q)
}

/// Discs of `own` that can never be taken because they are a corner or next to an own corner
/// along an edge: a cheap part of stability that orders moves (Edax's "corner stability").
fn corner_stable(own: u64) -> u32 {
    let beside = (0x0100_0000_0000_0001 & own) << 1
        | (0x8000_0000_0000_0080 & own) >> 1
        | (0x0000_0000_0000_0081 & own) << 8
        | (0x8100_0000_0000_0000 & own) >> 8;
    ((beside | CORNERS) & own).count_ones()
}

/// One solving thread's state; many may share one table.
pub struct Solver<'a> {
    tt: &'a Table,
    /// The midgame table of the searches that order moves (their scores are not disc counts).
    sort_tt: Table,
    budget: &'a Budget<'a>,
    pub nodes: u64,
    aborted: bool,
    /// Positions being searched by some thread, when several share the work.
    busy: Option<&'a Busy>,
    /// Which pass of the solve this is: an index into [`PASSES`] (the last is exact).
    pass: usize,
}

impl<'a> Solver<'a> {
    pub fn new(tt: &'a Table, budget: &'a Budget<'a>) -> Solver<'a> {
        Solver {
            tt,
            sort_tt: Table::new(SORT_MB),
            budget,
            nodes: 0,
            aborted: false,
            busy: None,
            pass: EXACT,
        }
    }

    /// Whether the search was stopped; its results are then meaningless.
    pub fn aborted(&self) -> bool {
        self.aborted
    }

    /// The exact score within `alpha..beta` (fail-soft: a bound outside it), or `None` if stopped.
    pub fn score(&mut self, p: u64, o: u64, alpha: i32, beta: i32) -> Option<i32> {
        let v = on_cpu!(cpu => self.search(cpu, p, o, alpha, beta, (!(p | o)).count_ones()));
        (!self.aborted).then_some(v)
    }

    /// The score of playing `sq` (the position after it, from the mover's side).
    pub fn score_move(&mut self, p: u64, o: u64, sq: u8, alpha: i32, beta: i32) -> Option<i32> {
        on_cpu!(cpu => self.score_move_on(cpu, p, o, sq, alpha, beta))
    }

    /// Every legal move's exact score, in hundredths of a disc from the mover's side (as the
    /// midgame's `score_all` gives them), or `None` if stopped first.
    pub fn score_all(&mut self, p: u64, o: u64) -> Option<Vec<(u8, i32)>> {
        Square::iter(crate::reversi::legal_moves(p, o))
            .map(|sq| {
                Some((
                    sq.index(),
                    100 * self.score_move(p, o, sq.index(), -64, 64)?,
                ))
            })
            .collect()
    }

    /// [`Solver::score_move`] with the instructions of `cpu`.
    fn score_move_on<C: Cpu>(
        &mut self,
        cpu: C,
        p: u64,
        o: u64,
        sq: u8,
        alpha: i32,
        beta: i32,
    ) -> Option<i32> {
        let f = cpu.flips(p, o, sq);
        let (np, no) = (o & !f, p | f | 1 << sq);
        let v = -self.search(cpu, np, no, -beta, -alpha, (!(np | no)).count_ones());
        (!self.aborted).then_some(v)
    }

    levelled! {
        /// The exact score within `alpha..beta` (fail-soft) with `empties` empty squares.
        fn search(
            self: &mut Solver<'_>,
            p: u64,
            o: u64,
            alpha: i32,
            beta: i32,
            empties: u32,
        ) -> i32 = search_in;
    }

    /// The body of [`Solver::search`], compiled for `cpu`.
    #[inline(always)]
    fn search_in<C: Cpu>(
        &mut self,
        cpu: C,
        p: u64,
        o: u64,
        mut alpha: i32,
        mut beta: i32,
        empties: u32,
    ) -> i32 {
        if empties <= SMALL {
            return self.small(cpu, p, o, alpha, beta, empties);
        }
        self.nodes += 1;
        if self.nodes & 0x3fff == 0 && self.budget.exhausted() {
            self.aborted = true;
        }
        if self.aborted {
            return 0;
        }
        // Stability cut-off: the opponent's stable discs cap what we can reach. Worth computing
        // only when alpha is high enough for the cap to bite.
        if alpha >= (2 * empties as i32 - 2).min(48) {
            let max = 64 - 2 * stable(o, p).count_ones() as i32;
            if max <= alpha {
                return max;
            }
            beta = beta.min(max);
        }
        let key = hash(p, o);
        let mut tt_move = NO_MOVE;
        if empties >= TT_MIN
            && let Some(e) = self.tt.probe(key)
        {
            tt_move = e.best;
            if u32::from(e.depth) >= sureness(empties, self.pass)
                && let Some(v) = e.cut(&mut alpha, &mut beta)
            {
                return v;
            }
        }
        if let Some(cut) = self.probcut(cpu, p, o, alpha, beta, empties) {
            return cut;
        }
        let moves = cpu.legal_moves(p, o);
        if moves == 0 {
            if cpu.legal_moves(o, p) == 0 {
                return final_score(p, o);
            }
            return -self.search(cpu, o, p, -beta, -alpha, empties);
        }
        let mut list: MoveList = [(0, 0, 0); 32];
        let n = self.order(cpu, p, o, moves, tt_move, &mut list);
        // Enhanced transposition cut-off: a child already known to be bad enough for the
        // opponent ends the search here without searching any child. The children's slots are
        // fetched all at once first, so that their cache misses overlap.
        if empties >= ETC_MIN {
            for &(_, sq, f) in &list[..n] {
                self.tt.prefetch(hash(o & !f, p | f | 1 << sq));
            }
            for &(_, sq, f) in &list[..n] {
                if let Some(e) = self.tt.probe(hash(o & !f, p | f | 1 << sq))
                    && u32::from(e.depth) >= sureness(empties - 1, self.pass)
                {
                    let v = -i32::from(e.upper);
                    if v >= beta {
                        return v;
                    }
                }
            }
        }
        // With helpers, a move another thread is searching right now is put off to a second
        // pass (ABDADA), so that the threads spread over the moves instead of duplicating work.
        let shared = self.busy.filter(|_| empties >= BUSY_MIN);
        let (best, best_move) = best_of(shared, (p, o), &list[..n], (alpha, beta), -65, {
            |np, no, a, b| -self.search(cpu, np, no, -b, -a, empties - 1)
        });
        if empties >= TT_MIN && !self.aborted {
            let sure = sureness(empties, self.pass);
            let entry = Entry::after(best, alpha, beta, 64, sure, best_move);
            self.tt.store(key, entry);
        }
        best
    }

    /// The last few empties: search over the list of empty squares, odd quadrants first.
    #[inline(always)]
    fn small<C: Cpu>(
        &mut self,
        cpu: C,
        p: u64,
        o: u64,
        alpha: i32,
        beta: i32,
        empties: u32,
    ) -> i32 {
        let empty = !(p | o);
        let odd = odd_quadrants(empty);
        let mut sqs = [0u8; SMALL as usize];
        let mut n = 0;
        for part in [empty & odd, empty & !odd] {
            let mut bits = part;
            while bits != 0 {
                sqs[n] = bits.trailing_zeros() as u8;
                bits &= bits - 1;
                n += 1;
            }
        }
        debug_assert_eq!(n as u32, empties);
        self.small_rec(cpu, p, o, alpha, beta, &sqs[..n], false)
    }

    levelled! {
        /// The search over the empty squares `sqs`; `passed` when the opponent just passed.
        #[allow(clippy::too_many_arguments)]
        fn small_rec(
            self: &mut Solver<'_>,
            p: u64,
            o: u64,
            alpha: i32,
            beta: i32,
            sqs: &[u8],
            passed: bool,
        ) -> i32 = small_rec_in;
    }

    /// The body of [`Solver::small_rec`], compiled for `cpu`.
    #[inline(always)]
    #[allow(clippy::too_many_arguments)]
    fn small_rec_in<C: Cpu>(
        &mut self,
        cpu: C,
        p: u64,
        o: u64,
        mut alpha: i32,
        beta: i32,
        sqs: &[u8],
        passed: bool,
    ) -> i32 {
        self.nodes += 1;
        match *sqs {
            [sq] => return last_one(cpu, p, o, sq),
            [a, b] if !passed => return last_two(cpu, p, o, alpha, beta, a, b),
            _ => {}
        }
        let mut best = -65;
        for &sq in sqs {
            let f = cpu.flips(p, o, sq);
            if f == 0 {
                continue;
            }
            // The other squares, in order (a loop: these few bytes are not worth a memmove).
            let mut rest = [0u8; SMALL as usize];
            for (k, &s) in sqs.iter().filter(|&&s| s != sq).enumerate() {
                rest[k] = s;
            }
            let (np, no) = (o & !f, p | f | 1 << sq);
            let v = match rest[..sqs.len() - 1] {
                // Straight to the last two, without another call of this function.
                [y, z] => {
                    self.nodes += 1;
                    -last_two(cpu, np, no, -beta, -alpha, y, z)
                }
                ref left => -self.small_rec(cpu, np, no, -beta, -alpha, left, false),
            };
            if v > best {
                best = v;
                if v > alpha {
                    alpha = v;
                    if alpha >= beta {
                        return best;
                    }
                }
            }
        }
        if best > -65 {
            best
        } else if passed {
            final_score(p, o)
        } else {
            -self.small_rec(cpu, o, p, -beta, -alpha, sqs, true)
        }
    }
}

levelled! {
    /// The exact score with two empty squares `a` and `b` left (fail-soft within `alpha..beta`).
    fn last_two(p: u64, o: u64, alpha: i32, beta: i32, a: u8, b: u8) -> i32 = last_two_in;
}

/// The body of [`last_two`], compiled for `cpu`.
#[inline(always)]
fn last_two_in<C: Cpu>(cpu: C, p: u64, o: u64, alpha: i32, beta: i32, a: u8, b: u8) -> i32 {
    let mut best = -65;
    for (x, y) in [(a, b), (b, a)] {
        let f = cpu.flips(p, o, x);
        if f != 0 {
            let v = -last_one(cpu, o & !f, p | f | 1 << x, y);
            if v > best {
                best = v;
                if v >= beta {
                    return v;
                }
            }
        }
    }
    if best > -65 {
        return best;
    }
    // We must pass: the opponent picks the square that is worst for us.
    let mut worst = 65;
    for (x, y) in [(a, b), (b, a)] {
        let f = cpu.flips(o, p, x);
        if f != 0 {
            let v = last_one(cpu, p & !f, o | f | 1 << x, y);
            if v < worst {
                worst = v;
                if v <= alpha {
                    return v;
                }
            }
        }
    }
    if worst < 65 { worst } else { final_score(p, o) }
}

/// The exact score with one empty square `sq` left.
#[inline(always)]
fn last_one<C: Cpu>(cpu: C, p: u64, o: u64, sq: u8) -> i32 {
    let diff = 2 * p.count_ones() as i32 - 63;
    let n = cpu.flips(p, o, sq).count_ones() as i32;
    if n > 0 {
        return diff + 2 * n + 1;
    }
    let n = cpu.flips(o, p, sq).count_ones() as i32;
    if n > 0 {
        return diff - 2 * n - 1;
    }
    match diff {
        d if d > 0 => d + 1,
        d if d < 0 => d - 1,
        _ => 0,
    }
}

/// A solved position.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Solved {
    /// The best move's square, or `None` for a pass (or a finished game).
    pub best: Option<u8>,
    pub score: i32,
    pub nodes: u64,
}

/// Solves the position exactly with `threads` threads sharing `tt`. The score is found by
/// null-window tests around a guess (final scores are even, so a window `g-1..g+1` tells
/// "below, exactly, or above g"), moving the guess two at a time, in the manner of MTD(f). Extra
/// threads run the same tests over the shared table, each putting off a move another thread is
/// in (ABDADA), so that they spread over the moves. `None` if stopped.
pub fn solve(p: u64, o: u64, tt: &Table, budget: &Budget, threads: usize) -> Option<Solved> {
    on_cpu!(cpu => solve_on(cpu, p, o, tt, budget, threads))
}

/// [`solve`] with the instructions of `cpu`.
pub fn solve_on<C: Cpu>(
    cpu: C,
    p: u64,
    o: u64,
    tt: &Table,
    budget: &Budget,
    threads: usize,
) -> Option<Solved> {
    let empties = (!(p | o)).count_ones();
    let helpers = &budget.child();
    let mut main = Solver::new(tt, helpers);
    // The guess's search runs in the main solver's sort table, which then starts out knowing
    // the positions near the root.
    let guess = estimate(cpu, p, o, &main.sort_tt, budget);
    let first = if empties >= SELECTIVE_MIN && guess.abs() < ROUT {
        0
    } else {
        EXACT
    };
    let budget = helpers;
    let nodes = std::sync::atomic::AtomicU64::new(0);
    let busy = Busy::new();
    let shared = (threads > 1).then_some(&busy);
    let result = std::thread::scope(|scope| {
        for _ in 1..threads.max(1) {
            let nodes = &nodes;
            scope.spawn(move || {
                let mut s = Solver::new(tt, budget);
                s.busy = shared;
                let _ = s.passes(cpu, p, o, guess, empties, first);
                nodes.fetch_add(s.nodes, Ordering::Relaxed);
            });
        }
        main.busy = shared;
        let found = main
            .passes(cpu, p, o, guess, empties, first)
            .and_then(|score| {
                let best = main.best_move(cpu, p, o, score)?;
                Some((score, best))
            });
        budget.finish();
        nodes.fetch_add(main.nodes, Ordering::Relaxed);
        found
    });
    let (score, best) = result?;
    Some(Solved {
        best,
        score,
        nodes: nodes.load(Ordering::Relaxed),
    })
}

/// A starting guess for the score: a short midgame search in the midgame table `tt`, rounded
/// to an even number of discs.
fn estimate<C: Cpu>(cpu: C, p: u64, o: u64, tt: &Table, budget: &Budget) -> i32 {
    let limits = super::search::Limits {
        selectivity: None,
        depth: 6,
        pace: None,
        threads: 1,
    };
    let found = super::search::iterate_on(cpu, p, o, limits, tt, budget, &mut |_| {});
    let discs = (f64::from(found.score) / 100.0).round() as i32;
    (discs.clamp(-64, 64) / 2) * 2
}

impl Solver<'_> {
    /// Multi-ProbCut in a selective pass: the static evaluation predicts the exact score
    /// (`exact ≈ a · evaluation + b`, fitted on solved positions), and a node whose prediction
    /// lies beyond the window by the pass's margin is cut.
    #[inline(always)]
    fn probcut<C: Cpu>(
        &mut self,
        cpu: C,
        p: u64,
        o: u64,
        alpha: i32,
        beta: i32,
        empties: u32,
    ) -> Option<i32> {
        let t = PASSES[self.pass]?;
        if empties < PROBCUT_MIN {
            return None;
        }
        let model = END_MODELS.get(empties);
        let eval = evaluate_on(cpu, p, o);
        if beta < 64
            && let Some(bound) = model.high_bound(100 * beta, t)
            && eval >= bound
        {
            return Some(beta);
        }
        if alpha > -64
            && let Some(bound) = model.low_bound(100 * alpha, t)
            && eval <= bound
        {
            return Some(alpha);
        }
        None
    }

    /// The exact score: the passes of [`PASSES`] from `first` on, each from the last one's
    /// score (the first from `guess`).
    fn passes<C: Cpu>(
        &mut self,
        cpu: C,
        p: u64,
        o: u64,
        mut guess: i32,
        empties: u32,
        first: usize,
    ) -> Option<i32> {
        for pass in first..=EXACT {
            self.pass = pass;
            guess = self.converge(cpu, p, o, guess, empties)?;
        }
        Some(guess)
    }

    /// The exact score, by windows of width two around a guess that moves towards it.
    fn converge<C: Cpu>(
        &mut self,
        cpu: C,
        p: u64,
        o: u64,
        mut guess: i32,
        empties: u32,
    ) -> Option<i32> {
        let (mut lower, mut upper) = (-64, 64);
        while lower < upper {
            let v = self.search(cpu, p, o, guess - 1, guess + 1, empties);
            if self.aborted {
                return None;
            }
            if v > guess {
                lower = v + (v & 1); // an odd bound means the next even score
                guess = lower;
            } else if v < guess {
                upper = v - (v & 1);
                guess = upper;
            } else {
                return Some(v);
            }
        }
        Some(lower)
    }

    levelled! {
        /// Fills `list` with the moves, best first, and returns how many. Fastest first: the
        /// fewest replies for the opponent (corners counting double) and the fewest empty
        /// squares next to our discs; then discs held at the corners, corners, moves into odd
        /// regions (parity). Far from the end, plus what a midgame search of each move says.
        fn order(
            self: &mut Solver<'_>,
            p: u64,
            o: u64,
            moves: u64,
            tt_move: u8,
            list: &mut MoveList,
        ) -> usize = order_in;
    }

    /// The body of [`Solver::order`], compiled for `cpu`.
    #[inline(always)]
    fn order_in<C: Cpu>(
        &mut self,
        cpu: C,
        p: u64,
        o: u64,
        moves: u64,
        tt_move: u8,
        list: &mut MoveList,
    ) -> usize {
        let empty = !(p | o);
        let odd = odd_quadrants(empty);
        let empties = empty.count_ones();
        let sort_depth = SORT_DEPTHS.iter().filter(|&&e| empties >= e).count() as u32;
        let mut sorter = Searcher::new(&self.sort_tt, self.budget);
        let n = sort_moves(cpu, p, o, moves, tt_move, list, |_, bit, f| {
            let (np, no) = (o & !f, p | f | bit);
            let replies = cpu.legal_moves(np, no);
            let mobility = replies.count_ones() + (replies & CORNERS).count_ones();
            let potential = (neighbours(no) & !(np | no)).count_ones();
            let opinion = if sort_depth > 0 {
                -sorter.value_on(cpu, np, no, sort_depth - 1) / SORT_WEIGHT
            } else {
                0
            };
            -16 * mobility as i32 - 4 * potential as i32
                + 4 * corner_stable(no) as i32
                + 8 * i32::from(bit & CORNERS != 0)
                + 4 * i32::from(bit & odd != 0)
                + opinion
        });
        self.nodes += sorter.nodes;
        n
    }

    /// A move that reaches `score` (a pass when there is no move).
    fn best_move<C: Cpu>(&mut self, cpu: C, p: u64, o: u64, score: i32) -> Option<Option<u8>> {
        let moves = cpu.legal_moves(p, o);
        if moves == 0 {
            return Some(None);
        }
        let mut list: MoveList = [(0, 0, 0); 32];
        let tt_move = self.tt.probe(hash(p, o)).map_or(NO_MOVE, |e| e.best);
        let n = self.order(cpu, p, o, moves, tt_move, &mut list);
        for &(_, sq, _) in &list[..n] {
            if self.score_move_on(cpu, p, o, sq, score - 1, score + 1)? >= score {
                return Some(Some(sq));
            }
        }
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn corner_stability_counts_corners_and_the_edge_discs_beside_own_corners() {
        let (a1, b1, c1, a2, b2) = (1 << 0, 1 << 1, 1 << 2, 1 << 8, 1 << 9);
        assert_eq!(corner_stable(a1 | b1 | c1 | a2 | b2), 3);
        assert_eq!(corner_stable(b1 | a2), 0);
        assert_eq!(corner_stable(CORNERS), 4);
        assert_eq!(corner_stable(!0), 12);
    }

    /// The selective passes only guide the exact one: FFO #1-#19 (14-16 empties) solved with
    /// them from the first keep their exact scores, from guesses far off too.
    #[test]
    fn the_selective_passes_leave_the_exact_score() {
        use crate::record::obf::parse_line;
        let stop = std::sync::atomic::AtomicBool::new(false);
        let budget = Budget::new(&stop, None);
        let tt = Table::new(16);
        for (n, line) in include_str!("../../../tests/data/fforum-1-19.obf")
            .lines()
            .enumerate()
        {
            let obf = parse_line(line).unwrap().unwrap();
            let (p, o) = obf.position.own_opp();
            let empties = (!(p | o)).count_ones();
            for guess in [-20, 0, 20] {
                tt.clear();
                let mut s = Solver::new(&tt, &budget);
                let score = on_cpu!(cpu => s.passes(cpu, p, o, guess, empties, 0));
                assert_eq!(score, obf.expected(), "FFO #{} from {guess}", n + 1);
            }
        }
    }
}
