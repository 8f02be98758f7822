//! The midgame search: iterative deepening over a principal-variation alpha-beta search with a
//! transposition table, ordered by the hash move and then by how few replies a move leaves the
//! opponent (corners first, X-squares last); selective when asked, by Multi-ProbCut
//! ([`super::probcut`]). Several threads search together over the shared table, steered apart
//! by ABDADA ([`super::busy`]); the first one's result is the answer.

use super::busy::{Busy, each_move};
use super::endgame::final_score;
use super::eval::evaluate_on;
use super::probcut::{MODELS, Selectivity, shallow_depth};
use super::tt::{Entry, NO_MOVE, Table, hash};
use crate::cpu::{Cpu, levelled, on_cpu};
use crate::engine::Budget;
use crate::engine::time::{Iteration, TimePlan};
use crate::reversi::{Bitboards, CORNERS, X_SQUARES, flips, legal_moves};
use std::sync::atomic::{AtomicU64, AtomicUsize, Ordering::Relaxed};
use std::time::{Duration, Instant};

/// At or above this many plies left, threads tell each other what they are searching.
const BUSY_DEPTH: u32 = 3;

/// Above any evaluation: scores are hundredths of a disc, at most 64 discs.
const INF: i32 = 10_000;

/// What one iteration (or the whole search) found.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Found {
    /// The best move's square, or `None` when the side to move must pass.
    pub best: Option<u8>,
    /// Hundredths of a disc, side to move's view.
    pub score: i32,
    pub depth: u32,
    pub nodes: u64,
}

pub struct Searcher<'a> {
    tt: &'a Table,
    budget: &'a Budget<'a>,
    pub nodes: u64,
    aborted: bool,
    /// Multi-ProbCut's confidence; `None`: full width.
    selectivity: Option<Selectivity>,
    /// Positions other threads are searching, when several share the work.
    busy: Option<&'a Busy>,
}

impl<'a> Searcher<'a> {
    pub fn new(tt: &'a Table, budget: &'a Budget<'a>) -> Searcher<'a> {
        Searcher {
            tt,
            budget,
            nodes: 0,
            aborted: false,
            selectivity: None,
            busy: None,
        }
    }

    /// The same searcher cutting by Multi-ProbCut with `selectivity` (`None`: full width).
    pub fn selective(mut self, selectivity: Option<Selectivity>) -> Searcher<'a> {
        self.selectivity = selectivity;
        self
    }

    pub fn aborted(&self) -> bool {
        self.aborted
    }

    /// The value of playing `sq` searched to `depth` more plies, within `alpha..beta`.
    pub fn score_move(&mut self, p: u64, o: u64, sq: u8, depth: u32, alpha: i32, beta: i32) -> i32 {
        on_cpu!(cpu => self.score_move_on(cpu, p, o, sq, depth, alpha, beta))
    }

    /// [`Searcher::score_move`] with the instructions of `cpu`.
    #[allow(clippy::too_many_arguments)]
    fn score_move_on<C: Cpu>(
        &mut self,
        cpu: C,
        p: u64,
        o: u64,
        sq: u8,
        depth: u32,
        alpha: i32,
        beta: i32,
    ) -> i32 {
        let f = cpu.flips(p, o, sq);
        -self.negamax(cpu, o & !f, p | f | 1 << sq, depth, -beta, -alpha)
    }

    /// The value of the position searched to `depth` plies (full window).
    pub fn value_on<C: Cpu>(&mut self, cpu: C, p: u64, o: u64, depth: u32) -> i32 {
        self.negamax(cpu, p, o, depth, -INF, INF)
    }

    levelled! {
        /// Principal-variation alpha-beta to `depth` plies (a pass does not use one).
        fn negamax(
            self: &mut Searcher<'_>,
            p: u64,
            o: u64,
            depth: u32,
            alpha: i32,
            beta: i32,
        ) -> i32 = negamax_in;
    }

    /// The body of [`Searcher::negamax`], compiled for `cpu`.
    #[inline(always)]
    fn negamax_in<C: Cpu>(
        &mut self,
        cpu: C,
        p: u64,
        o: u64,
        depth: u32,
        mut alpha: i32,
        mut beta: i32,
    ) -> i32 {
        self.nodes += 1;
        if self.nodes & 0xfff == 0 && self.budget.exhausted() {
            self.aborted = true;
        }
        if self.aborted {
            return 0;
        }
        let moves = cpu.legal_moves(p, o);
        if moves == 0 {
            if cpu.legal_moves(o, p) == 0 {
                return 100 * final_score(p, o);
            }
            return -self.negamax(cpu, o, p, depth, -beta, -alpha);
        }
        if depth == 0 {
            return evaluate_on(cpu, p, o);
        }
        let key = hash(p, o);
        let mut tt_move = NO_MOVE;
        if let Some(e) = self.tt.probe(key) {
            tt_move = e.best;
            if u32::from(e.depth) >= depth
                && let Some(v) = e.cut(&mut alpha, &mut beta)
            {
                return v;
            }
        }
        if let Some(cut) = self.probcut(cpu, p, o, depth, alpha, beta) {
            return cut;
        }
        let mut list: MoveList = [(0, 0, 0); 32];
        let n = if depth > 1 {
            order(cpu, p, o, moves, tt_move, &mut list)
        } else {
            order_cheaply(cpu, p, o, moves, tt_move, &mut list)
        };
        // With helpers, a move another thread is searching right now is put off to a second
        // pass (ABDADA).
        let shared = self.busy.filter(|_| depth >= BUSY_DEPTH);
        let (best, best_move) = best_of(shared, (p, o), &list[..n], (alpha, beta), -INF, {
            |np, no, a, b| -self.negamax(cpu, np, no, depth - 1, -b, -a)
        });
        if !self.aborted {
            let entry = Entry::after(best, alpha, beta, INF, depth, best_move);
            self.tt.store(key, entry);
        }
        best
    }
}

impl Searcher<'_> {
    /// Multi-ProbCut: `beta` (or `alpha`) when a shallow search says the deep one would fail
    /// high (low) with the searcher's confidence. Never where the search reaches the end.
    #[inline(always)]
    fn probcut<C: Cpu>(
        &mut self,
        cpu: C,
        p: u64,
        o: u64,
        depth: u32,
        alpha: i32,
        beta: i32,
    ) -> Option<i32> {
        let t = self.selectivity?.spreads();
        let empties = (!(p | o)).count_ones();
        if depth >= empties {
            return None;
        }
        let model = MODELS.get(empties, depth)?;
        let shallow = shallow_depth(depth);
        if let Some(bound) = model.high_bound(beta, t)
            && self.negamax(cpu, p, o, shallow, bound - 1, bound) >= bound
        {
            return Some(beta);
        }
        if let Some(bound) = model.low_bound(alpha, t)
            && self.negamax(cpu, p, o, shallow, bound, bound + 1) <= bound
        {
            return Some(alpha);
        }
        None
    }
}

/// A list of moves with their flips, sorted by a key, best first.
pub type MoveList = [(i32, u8, u64); 32];

/// Principal-variation search of one move within `alpha..beta`: the first move with the full
/// window, the others with a null window first, searched again where they land inside it.
/// `search(a, b)` is the move's value searched within `a..b`.
#[inline(always)]
fn pvs(first: bool, alpha: i32, beta: i32, mut search: impl FnMut(i32, i32) -> i32) -> i32 {
    if first {
        return search(alpha, beta);
    }
    let v = search(alpha, alpha + 1);
    if v > alpha && v < beta {
        search(v, beta)
    } else {
        v
    }
}

/// The best of a node's moves `list` (from `p`, `o`) searched fail-soft within `alpha..beta`,
/// and its square (`NO_MOVE` if none beat `floor`): principal-variation search over the moves
/// in the order threads sharing `busy` should take them ([`each_move`]), stopping at a cut-off.
/// `child(np, no, a, b)` is a move's value, the position after it searched within `a..b`.
#[inline(always)]
pub fn best_of(
    busy: Option<&Busy>,
    (p, o): (u64, u64),
    list: &[(i32, u8, u64)],
    (mut alpha, beta): (i32, i32),
    floor: i32,
    mut child: impl FnMut(u64, u64, i32, i32) -> i32,
) -> (i32, u8) {
    let (mut best, mut best_move) = (floor, NO_MOVE);
    each_move(
        busy,
        list.len(),
        |i| child_key(p, o, list[i]),
        |i| {
            let (_, sq, f) = list[i];
            let (np, no) = (o & !f, p | f | 1 << sq);
            let v = pvs(i == 0, alpha, beta, |a, b| child(np, no, a, b));
            if v > best {
                best = v;
                best_move = sq;
                alpha = alpha.max(v);
            }
            alpha >= beta
        },
    );
    (best, best_move)
}

/// The key of the position after a move of a [`MoveList`] from `p`, `o`.
#[inline(always)]
fn child_key(p: u64, o: u64, (_, sq, f): (i32, u8, u64)) -> u64 {
    hash(o & !f, p | f | 1 << sq)
}

/// Fills `list` with (key, square, flips) for each move in `moves` and sorts it by key, highest
/// first (the table's move always first); returns how many. `key` sees the square, its bit and
/// its flips.
#[inline(always)]
pub fn sort_moves<C: Cpu>(
    cpu: C,
    p: u64,
    o: u64,
    moves: u64,
    tt_move: u8,
    list: &mut MoveList,
    mut key: impl FnMut(u8, u64, u64) -> i32,
) -> usize {
    let mut n = 0;
    let mut bits = moves;
    while bits != 0 {
        let sq = bits.trailing_zeros() as u8;
        bits &= bits - 1;
        let f = cpu.flips(p, o, sq);
        let k = if sq == tt_move {
            i32::MAX
        } else {
            key(sq, 1 << sq, f)
        };
        list[n] = (k, sq, f);
        n += 1;
    }
    list[..n].sort_unstable_by_key(|m| std::cmp::Reverse(m.0));
    n
}

/// Near the leaves, where a child costs less than looking ahead from it: corners first,
/// X-squares last.
#[inline(always)]
fn order_cheaply<C: Cpu>(
    cpu: C,
    p: u64,
    o: u64,
    moves: u64,
    tt_move: u8,
    list: &mut MoveList,
) -> usize {
    sort_moves(cpu, p, o, moves, tt_move, list, |_, bit, _| {
        i32::from(bit & CORNERS != 0) - i32::from(bit & X_SQUARES != 0)
    })
}

/// Fewest replies for the opponent first (its corner moves counting triple), corners early,
/// X-squares late.
#[inline(always)]
fn order<C: Cpu>(cpu: C, p: u64, o: u64, moves: u64, tt_move: u8, list: &mut MoveList) -> usize {
    sort_moves(cpu, p, o, moves, tt_move, list, |_, bit, f| {
        let replies = cpu.legal_moves(o & !f, p | f | bit);
        let corners = (replies & CORNERS).count_ones() as i32;
        -16 * (replies.count_ones() as i32 + 2 * corners) + 40 * i32::from(bit & CORNERS != 0)
            - 40 * i32::from(bit & X_SQUARES != 0)
    })
}

/// Searches one iteration at `depth` from the root: the previous best first, then the others
/// with null windows. If the budget runs out first: a move that proved better than the
/// previous best, else `None`.
fn root<C: Cpu>(
    cpu: C,
    s: &mut Searcher,
    p: u64,
    o: u64,
    depth: u32,
    first: Option<u8>,
) -> Option<(u8, i32)> {
    let mut list: MoveList = [(0, 0, 0); 32];
    let moves = cpu.legal_moves(p, o);
    let n = order(cpu, p, o, moves, first.unwrap_or(NO_MOVE), &mut list);
    let (mut alpha, mut best) = (-INF, None);
    let list = &list[..n];
    each_move(
        s.busy,
        n,
        |i| child_key(p, o, list[i]),
        |i| {
            let sq = list[i].1;
            let v = pvs(i == 0, alpha, INF, |a, b| {
                s.score_move_on(cpu, p, o, sq, depth - 1, a, b)
            });
            if s.aborted() {
                return true;
            }
            if v > alpha || best.is_none() {
                alpha = v;
                best = Some((sq, v));
            }
            false
        },
    );
    if s.aborted() {
        return best.filter(|&(sq, _)| Some(sq) != first);
    }
    // Remember the root too: the next iteration and the principal variation start from it.
    if let Some((sq, v)) = best {
        let entry = Entry {
            lower: v as i16,
            upper: v as i16,
            depth: depth.min(255) as u8,
            best: sq,
        };
        s.tt.store(hash(p, o), entry);
    }
    best
}

/// How far an iterative search may go.
#[derive(Clone, Copy, Debug)]
pub struct Limits {
    pub depth: u32,
    /// Multi-ProbCut's confidence; `None`: full width.
    pub selectivity: Option<Selectivity>,
    /// When iterations stop starting: the plan's time, counted from the instant given, for the
    /// last two iterations (`None`: only the depth; the hard stop is the budget's deadline).
    pub pace: Option<(std::time::Instant, TimePlan)>,
    /// Threads searching together (ABDADA over the shared table); the first reports.
    pub threads: usize,
}

/// How far the best score (hundredths of a disc) may fall from one iteration to the next
/// before the search counts as unsettled: more than the swing between odd and even depths.
const FALL: i32 = 300;

/// When a search with `budget` to spend stops starting iterations: after 70 % of it while the
/// best move or its score moves, 60 % of that once settled; with an exact solve ahead, which
/// needs the rest, after a quarter (a fifth settled) — the midgame move is then a fallback.
pub fn pace(started: Instant, budget: Duration, solve_ahead: bool) -> (Instant, TimePlan) {
    let (latest, settled) = if solve_ahead { (25, 80) } else { (70, 60) };
    (started, TimePlan::new(budget * latest / 100, settled, FALL))
}

/// Iterative deepening, reporting each finished iteration.
pub fn iterate(
    p: u64,
    o: u64,
    limits: Limits,
    tt: &Table,
    budget: &Budget,
    report: &mut dyn FnMut(Found),
) -> Found {
    on_cpu!(cpu => iterate_on(cpu, p, o, limits, tt, budget, report))
}

/// [`iterate`] with the instructions of `cpu`.
pub fn iterate_on<C: Cpu>(
    cpu: C,
    p: u64,
    o: u64,
    limits: Limits,
    tt: &Table,
    budget: &Budget,
    report: &mut dyn FnMut(Found),
) -> Found {
    if cpu.legal_moves(p, o) == 0 {
        let mut s = Searcher::new(tt, budget);
        let score = s.negamax(cpu, p, o, limits.depth.min(1), -INF, INF);
        return Found {
            best: None,
            score,
            depth: 0,
            nodes: s.nodes,
        };
    }
    // Helpers stop when the first thread is done: their budget is released then.
    let helpers = &budget.child();
    let busy = Busy::new();
    let shared = (limits.threads > 1).then_some(&busy);
    let searcher = || {
        let mut s = Searcher::new(tt, helpers).selective(limits.selectivity);
        s.busy = shared;
        s
    };
    let helper_nodes = AtomicU64::new(0);
    let mut found = std::thread::scope(|scope| {
        for _ in 1..limits.threads {
            scope.spawn(|| {
                let mut s = searcher();
                deepen(cpu, &mut s, p, o, limits, &mut |_| {});
                helper_nodes.fetch_add(s.nodes, Relaxed);
            });
        }
        let found = deepen(cpu, &mut searcher(), p, o, limits, report);
        helpers.finish();
        found
    });
    found.nodes += helper_nodes.load(Relaxed);
    found
}

/// One thread's iterative deepening from a position with moves, reporting each iteration it
/// finishes.
fn deepen<C: Cpu>(
    cpu: C,
    s: &mut Searcher,
    p: u64,
    o: u64,
    limits: Limits,
    report: &mut dyn FnMut(Found),
) -> Found {
    let empties = (!(p | o)).count_ones();
    let mut found = Found {
        best: Some(cpu.legal_moves(p, o).trailing_zeros() as u8),
        score: 0,
        depth: 0,
        nodes: 0,
    };
    let mut iterations = (None, None);
    for depth in 1..=limits.depth {
        let Some((sq, score)) = root(cpu, s, p, o, depth, found.best) else {
            break;
        };
        found = Found {
            best: Some(sq),
            score,
            depth,
            nodes: s.nodes,
        };
        report(found);
        let best = usize::from(sq);
        iterations = (iterations.1, Some(Iteration { best, score }));
        let late = |&(start, plan): &(Instant, TimePlan)| {
            start.elapsed() >= plan.stop_after(iterations.0, iterations.1)
        };
        if depth >= empties || limits.pace.as_ref().is_some_and(late) {
            break;
        }
    }
    found
}

/// Scores every legal move to `depth` (full windows, so each score is the move's own value),
/// cutting by Multi-ProbCut with `selectivity`; `threads` threads take the moves in turn.
/// `None` if the budget ran out first.
pub fn score_all(
    p: u64,
    o: u64,
    depth: u32,
    selectivity: Option<Selectivity>,
    threads: usize,
    tt: &Table,
    budget: &Budget,
) -> Option<Vec<(u8, i32)>> {
    on_cpu!(cpu => score_all_on(cpu, p, o, depth, selectivity, threads, tt, budget))
}

/// [`score_all`] with the instructions of `cpu`.
#[allow(clippy::too_many_arguments)]
fn score_all_on<C: Cpu>(
    cpu: C,
    p: u64,
    o: u64,
    depth: u32,
    selectivity: Option<Selectivity>,
    threads: usize,
    tt: &Table,
    budget: &Budget,
) -> Option<Vec<(u8, i32)>> {
    let moves: Vec<u8> = crate::reversi::Square::iter(legal_moves(p, o))
        .map(|sq| sq.index())
        .collect();
    let next = AtomicUsize::new(0);
    let scored = std::sync::Mutex::new(vec![None; moves.len()]);
    let work = || {
        let mut s = Searcher::new(tt, budget).selective(selectivity);
        loop {
            let i = next.fetch_add(1, Relaxed);
            let Some(&sq) = moves.get(i) else { return };
            let v = s.score_move_on(cpu, p, o, sq, depth.saturating_sub(1), -INF, INF);
            if s.aborted() {
                return;
            }
            scored.lock().expect("never poisoned")[i] = Some((sq, v));
        }
    };
    std::thread::scope(|scope| {
        for _ in 1..threads {
            scope.spawn(work);
        }
        work();
    });
    scored.into_inner().ok()?.into_iter().collect()
}

/// The line of best moves the table remembers from a position, at most `max` long (passes
/// included as `Move::Pass`).
pub fn principal_variation(
    tt: &Table,
    mut p: u64,
    mut o: u64,
    max: usize,
) -> Vec<crate::reversi::Move> {
    use crate::reversi::{Move, Square};
    let mut line = vec![];
    while line.len() < max {
        let moves = legal_moves(p, o);
        if moves == 0 {
            if legal_moves(o, p) == 0 {
                break;
            }
            line.push(Move::Pass);
            (p, o) = (o, p);
            continue;
        }
        let Some(sq) = tt
            .probe(hash(p, o))
            .map(|e| e.best)
            .filter(|&b| b < 64 && moves & 1 << b != 0)
        else {
            break;
        };
        line.push(Move::Play(Square::new(sq).expect("below 64")));
        let f = flips(p, o, sq);
        (p, o) = (o & !f, p | f | 1 << sq);
    }
    line
}
