//! The computer player for Gomoku and Renju. In order, it: makes five when it can; blocks the
//! opponent's five-point; plays a continuous-four win (VCF) when one exists; at higher levels a
//! win by threes (VCT); otherwise searches the most promising moves near the stones with
//! alpha-beta and the tuple evaluation, and avoids moves that leave the opponent a VCF.

mod computer;
mod grid;
mod opening;
mod pattern;
mod search;
mod table;
mod threats;
pub mod tuning;
mod value;

use crate::engine::review::Judged;
use crate::engine::time::{Iteration, TimePlan};
use crate::gomoku::{Color, Move, Outcome, Point, Position, Stage};
pub use computer::Computer;
use grid::Grid;
pub use search::TABLE_MB;
use search::{Finished, Order, Searcher, WIN, WON};
use std::sync::atomic::AtomicBool;
use std::time::{Duration, Instant};
pub use threats::VCF_DEPTH;

/// One difficulty step for Gomoku, numbered like the Reversi levels (1-8).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Level {
    pub number: u8,
    /// Alpha-beta depth in plies (0: the best-looking move, no search).
    pub depth: u32,
    /// Moves searched at each node.
    pub width: usize,
    /// Fours looked ahead for a continuous-four win (0: none).
    pub vcf: u32,
    /// Threats looked ahead for a win by threes (0: none).
    pub vct: u32,
    /// Whether a move that leaves the opponent a VCF is avoided when another will do.
    pub safe: bool,
    /// Most time per move.
    pub budget: Duration,
    /// The transposition table's size, in MiB.
    pub memory_mb: usize,
    /// Threads searching at once (the main search and helpers sharing its table).
    pub threads: usize,
}

const fn level(number: u8, depth: u32, width: usize, vcf: u32, vct: u32, ms: u64) -> Level {
    Level {
        number,
        depth,
        width,
        vcf,
        vct,
        safe: number >= 3,
        budget: Duration::from_millis(ms),
        memory_mb: TABLE_MB,
        threads: 1,
    }
}

pub const LEVELS: [Level; 8] = [
    level(1, 0, 1, 0, 0, 100),
    level(2, 1, 8, 3, 0, 300),
    level(3, 4, 10, 8, 0, 500),
    level(4, 6, 12, VCF_DEPTH, 0, 800),
    level(5, 8, 12, VCF_DEPTH, 3, 1000),
    level(6, 10, 14, VCF_DEPTH, 5, 2000),
    level(7, 12, 16, VCF_DEPTH, 7, 2900),
    // The analysis level: the only one past 3 s.
    level(8, 30, 18, VCF_DEPTH, 9, 15_000),
];

impl Level {
    pub fn get(number: u8) -> Level {
        LEVELS[usize::from(number.clamp(1, 8) - 1)]
    }

    /// A searcher over `grid` with the level's width, order and memory.
    fn searcher<'a>(
        &self,
        grid: Grid,
        stop: &'a AtomicBool,
        deadline: Option<Instant>,
    ) -> Searcher<'a> {
        let mut s = Searcher::new(grid, stop, deadline);
        s.width = self.width;
        s.order = self.order();
        s.set_memory(self.memory_mb);
        s
    }

    /// How the level's search orders a node's moves: by the shapes they make from
    /// [`WIDE_ROOT`] on, below it by their worth to the evaluation, as the first levels
    /// always have (their strength is set for newcomers).
    pub fn order(&self) -> Order {
        if self.number >= WIDE_ROOT {
            Order::Shapes
        } else {
            Order::Worth
        }
    }
}

/// How far the search has got, reported as it deepens.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Progress {
    pub depth: u32,
    pub best: Point,
    /// The tuple evaluation for the side to move, or ±1 000 000 less the plies to a win/loss.
    pub score: i32,
    /// A forced win was found (five, VCF or VCT).
    pub winning: bool,
    pub nodes: u64,
}

/// Chooses a move for the side to move at `level`: always a legal point while the game is on.
/// Stops early when `stop` is set, returning the best move found so far.
pub fn choose(
    position: &Position,
    level: u8,
    stop: &AtomicBool,
    progress: &mut dyn FnMut(Progress),
) -> Point {
    choose_at(position, Level::get(level), stop, progress)
}

/// As [`choose`], with a level's settings given in full (the Gomocup protocol sets the time).
pub fn choose_at(
    position: &Position,
    level: Level,
    stop: &AtomicBool,
    progress: &mut dyn FnMut(Progress),
) -> Point {
    // Checking moves against the opponent's VCF (before the search or after it) fits in the
    // same budget.
    let safety = SAFETY_TIME.min(level.budget / 10);
    let search_time = level.budget - safety;
    let start = Instant::now();
    // Each such check takes at most `safety`, and ends half of it past the search's time: the
    // move's budget is the most it may take, not a time to fill (the manager reads the answer
    // through a pipe, on a machine that may be busy).
    let checks_end = || (Instant::now() + safety).min(start + search_time + safety / 2);
    let plan = TimePlan::new(search_time, SETTLED_SHARE, FALL);
    let deadline = start + search_time;
    let mut s = level.searcher(Grid::new(position), stop, Some(deadline));
    let me = s.grid.to_move();
    let found = |s: &Searcher, i: usize, depth: u32, winning: bool| Progress {
        depth,
        best: s.grid.point(i),
        score: if winning { WIN } else { 0 },
        winning,
        nodes: s.nodes,
    };
    // Five now, or block the opponent's.
    if let Some(win) = s.grid.fives(me).iter().next() {
        progress(found(&s, win, 1, true));
        return s.grid.point(win);
    }
    let ordered = root_moves(&s, level);
    if ordered.is_empty() {
        // Nothing legal (a full board, or Black with only forbidden points): any empty point.
        let any = s.grid.all_empty().first().copied().unwrap_or(0);
        return s.grid.point(any);
    };
    if let Some(block) = s
        .grid
        .fives(me.opponent())
        .iter()
        .find(|&i| s.grid.legal(i))
    {
        return s.grid.point(block);
    }
    // The search for a VCF gets at most a third of the time, the one for a VCT (which
    // branches widely and, in most middle games, runs to its limit without a win) a tenth:
    // the main search's quiescence sees the shorter threats anyway.
    if level.vcf > 0 {
        s.set_deadline(Some(start + search_time / 3));
        let vcf = s.vcf(level.vcf);
        s.set_deadline(Some(deadline));
        if let Some(win) = vcf {
            progress(found(&s, win, level.vcf, true));
            return s.grid.point(win);
        }
    }
    if level.vct > 0 {
        let vct_end = (Instant::now() + search_time / 10).min(start + search_time * 2 / 3);
        s.set_deadline(Some(vct_end));
        let vct = s.vct(level.vct);
        s.set_deadline(Some(deadline));
        if let Some(win) = vct {
            progress(found(&s, win, level.vct, true));
            return s.grid.point(win);
        }
    }
    // Against a continuous-four threat only a move on its line, or a four of one's own, can
    // help: search those of them that leave no VCF.
    let mut ordered = ordered;
    let mut defended = false;
    if level.safe
        && let Some(defences) = defences(&mut s, level, checks_end())
        && !defences.is_empty()
    {
        ordered = defences;
        defended = true;
    }
    let first = ordered[0];
    if level.depth == 0 || ordered.len() == 1 {
        return s.grid.point(first);
    }
    let mut best = ordered.clone();
    let moves = ordered;
    let mut iterations = (None, None);
    // The depth at which the search saw every move lose (0: it did not).
    let mut lost = 0;
    let settled = start + plan.stop_after(None, None);
    s.set_deadline(Some(settled));
    deepen_reporting(
        &mut s,
        moves,
        level,
        0,
        &mut best,
        progress,
        |s, depth, (top, score)| {
            if score.abs() > WON {
                lost = if score < -WON { depth } else { 0 };
                return false;
            }
            iterations = (iterations.1, Some(Iteration { best: top, score }));
            s.set_deadline(Some(start + plan.stop_after(iterations.0, iterations.1)));
            true
        },
    );
    // A loss seen by a search of a few moves a node may hide a defence among the others: the
    // rest of the usual share of the time goes to a search twice as wide (with a table of its
    // own, which holds no loss the narrower search found), deepening until a win or the time's
    // end. Only its iterations as deep as the one that saw the loss replace that one's moves
    // (a shallower search need not see the loss at all). The levels for newcomers keep the
    // narrow search.
    if lost > 0 && level.number >= WIDER_WHEN_LOST && !s.was_aborted() {
        s.width = level.width * 2;
        s.set_memory(level.memory_mb);
        s.set_deadline(Some(settled));
        let moves = if defended {
            best.clone()
        } else {
            root_moves(&s, level)
        };
        deepen_reporting(
            &mut s,
            moves,
            level,
            lost,
            &mut best,
            progress,
            |_, _, (_, score)| score <= WON,
        );
    }
    let pick = if level.safe && !defended {
        safe_choice(&mut s, &best, checks_end())
    } else {
        best[0]
    };
    s.grid.point(pick)
}

/// The moves the root searches, best-looking first: from [`WIDE_ROOT`] on every candidate (a
/// move the ordering ranks low can still be the one that matters, and the root is where a
/// missed move costs most; searching them all there measured +28 Elo, docs/BENCHMARKS.md),
/// below it the level's width, as at every other node.
fn root_moves(s: &Searcher, level: Level) -> Vec<usize> {
    let width = if level.number >= WIDE_ROOT {
        ROOT_WIDTH
    } else {
        level.width
    };
    s.ordered_within(None, 0, width)
}

/// [`deepen`] to the level's depth with its threads, each iteration from `from_depth` on
/// having its moves kept in `best` (best first) and reported; `go_on` decides from an
/// iteration's depth, best move and score whether to deepen.
fn deepen_reporting(
    s: &mut Searcher,
    moves: Vec<usize>,
    level: Level,
    from_depth: i32,
    best: &mut Vec<usize>,
    progress: &mut dyn FnMut(Progress),
    mut go_on: impl FnMut(&mut Searcher, i32, (usize, i32)) -> bool,
) {
    deepen(
        s,
        moves,
        level.depth as i32,
        level.threads,
        |s, depth, scored| {
            let (top, score) = scored[0];
            if depth >= from_depth {
                *best = scored.iter().map(|&(i, _)| i).collect();
                progress(Progress {
                    depth: depth as u32,
                    best: s.grid.point(top),
                    score,
                    winning: score > WON,
                    nodes: s.nodes,
                });
            }
            go_on(s, depth, (top, score))
        },
    );
}

/// If the opponent, were it their turn, would have a continuous-four win: the moves that stop
/// it, each checked to leave no VCF (until `grace`); `None` when there is no such threat.
/// First a stone on its line or a four of our own that leads somewhere, best-gaining first
/// (kept unchecked once time is up); then the root's other moves that make an open three,
/// checked in time. Such a three off the line can stop the fours too, and be the move that
/// wins: leaving those out lost won games (docs/BENCHMARKS.md, twenty-fourth session).
fn defences(s: &mut Searcher, level: Level, grace: Instant) -> Option<Vec<usize>> {
    let me = s.grid.to_move();
    let them = me.opponent();
    s.grid.pass();
    let line = vcf_line(s, them);
    s.grid.pass();
    let mut candidates = line?;
    for i in s.grid.candidates() {
        if s.grid.makes_four(i, me) && !candidates.contains(&i) {
            candidates.push(i);
        }
    }
    candidates.retain(|&i| s.grid.legal(i));
    candidates.sort_by_cached_key(|&i| -s.grid.promise(i));
    let mut checker = Searcher::new(s.grid.clone(), &NEVER, Some(grace));
    let mut safe: Vec<usize> = candidates
        .iter()
        .copied()
        .filter(|&i| !opens_vcf(&mut checker, i))
        .collect();
    for i in root_moves(s, level) {
        if candidates.contains(&i) || !s.grid.makes_three(i, me) {
            continue;
        }
        let opens = opens_vcf(&mut checker, i);
        if checker.was_aborted() {
            break;
        }
        if !opens {
            safe.push(i);
        }
    }
    Some(safe)
}

/// Whether playing `i` leaves the opponent a continuous-four win.
fn opens_vcf(s: &mut Searcher, i: usize) -> bool {
    s.grid.play(i);
    let opens = s.vcf(VCF_DEPTH).is_some();
    s.grid.undo();
    opens
}

/// The points of `attacker`'s continuous-four win from here (attacker to move): each four,
/// its forced block, and the final five-points; `None` if there is no such win.
fn vcf_line(s: &mut Searcher, attacker: Color) -> Option<Vec<usize>> {
    let mut next = s.vcf(VCF_DEPTH);
    next?;
    let mut points = vec![];
    let mut played = 0;
    while let Some(i) = next {
        points.push(i);
        if s.grid.wins(i, attacker) || points.len() > 4 * VCF_DEPTH as usize {
            break;
        }
        s.grid.play(i);
        played += 1;
        let blocks: Vec<usize> = s.grid.fives(attacker).iter().collect();
        points.extend(&blocks);
        match blocks[..] {
            [block] if s.grid.legal(block) => {
                s.grid.play(block);
                played += 1;
                next = s.vcf(VCF_DEPTH);
            }
            _ => break,
        }
    }
    for _ in 0..played {
        s.grid.undo();
    }
    Some(points)
}

/// The first of `moves` (best first) after which the opponent has no continuous-four win; the
/// best move if every one leaves one. Ends by `grace`.
fn safe_choice(s: &mut Searcher, moves: &[usize], grace: Instant) -> usize {
    let mut checker = Searcher::new(s.grid.clone(), &NEVER, Some(grace));
    for &i in moves {
        if !opens_vcf(&mut checker, i) || checker.was_aborted() {
            return i;
        }
    }
    moves[0]
}

/// What a search without a time limit found, for benchmarks and tools.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Found {
    pub best: Point,
    pub score: i32,
    pub nodes: u64,
}

/// A continuous-four win for the side to move with at most `fours` fours, if there is one
/// (searched to the end).
pub fn find_vcf(position: &Position, fours: u32) -> Option<Found> {
    let mut s = Searcher::new(Grid::new(position), &NEVER, None);
    let win = s.vcf(fours)?;
    Some(Found {
        best: s.grid.point(win),
        score: WIN,
        nodes: s.nodes,
    })
}

/// Alpha-beta to `depth` over `width` moves a node, deepening one ply at a time, with no time
/// limit, on `threads` threads: the search of the levels, for measuring.
pub fn search(position: &Position, depth: u32, width: usize, threads: usize) -> Option<Found> {
    let mut s = Searcher::new(Grid::new(position), &NEVER, None);
    s.width = width;
    let moves = s.ordered(None, 0);
    let mut found = None;
    deepen(&mut s, moves, depth as i32, threads, |s, _, scored| {
        found = Some(Found {
            best: s.grid.point(scored[0].0),
            score: scored[0].1,
            nodes: s.nodes,
        });
        true
    });
    found
}

/// Iterative deepening over the root `moves` to `max_depth` on `threads` threads (helpers a
/// ply apart, sharing the table, stopped when the main search ends). After each iteration
/// `after` is given the depth reached and the moves with their scores, best first, and says
/// whether to go on; where a helper has finished a deeper iteration than the main search, its
/// best move and depth are taken and the main search goes on from there.
fn deepen(
    s: &mut Searcher,
    mut moves: Vec<usize>,
    max_depth: i32,
    threads: usize,
    mut after: impl FnMut(&mut Searcher, i32, &[(usize, i32)]) -> bool,
) {
    let helpers_stop = AtomicBool::new(false);
    let finished = Finished::default();
    std::thread::scope(|scope| {
        for n in 1..threads {
            // Stopped with the main search, not by a clock of their own.
            let mut helper = s.helper(&helpers_stop);
            helper.set_deadline(None);
            let (moves, ahead, finished) = (moves.clone(), (n % 2) as i32, &finished);
            scope.spawn(move || helper.deepen(moves, ahead, max_depth, finished));
        }
        let mut depth = 1;
        while depth <= max_depth {
            let mut scored = s.root(&moves, depth);
            if scored.is_empty() {
                break;
            }
            let (deepest, helpers_best) = finished.deepest();
            // A helper's finished iteration beats the main search's cut short at its depth.
            if deepest > depth || (deepest == depth && s.was_aborted()) {
                scored.retain(|&(i, _)| i != helpers_best.0);
                scored.insert(0, helpers_best);
                depth = deepest;
            }
            moves = scored.iter().map(|&(i, _)| i).collect();
            if !after(s, depth, &scored) || s.was_aborted() {
                break;
            }
            depth += 1;
        }
        helpers_stop.store(true, std::sync::atomic::Ordering::Relaxed);
    });
}

/// How deep a review searches each Gomoku position for the graph.
const REVIEW_DEPTH: i32 = 4;
/// The evaluation at which the graph stands halfway to a certain win.
const REVIEW_HALF: i32 = 3000;

/// Who leads in a Gomoku position at a glance (the tuple evaluation, no search), from Black's
/// side on the graph's scale: for the bar beside the board. A won game is certain.
pub fn lead(position: &Position) -> i32 {
    use crate::engine::review::CERTAIN;
    match position.outcome() {
        Outcome::Won(winner, _) => winner.black_side(CERTAIN),
        Outcome::Draw => 0,
        Outcome::Playing => lead_of(Grid::new(position).evaluate(), position.to_move()),
    }
}

/// Black's lead on the graph's scale from a score for `side` (an evaluation or a search's):
/// halfway at [`REVIEW_HALF`], nearing certainty beyond, certain for a found win or loss.
pub fn lead_of(score: i32, side: Color) -> i32 {
    use crate::engine::review::CERTAIN;
    let value = if score.abs() > WON {
        CERTAIN * score.signum()
    } else {
        CERTAIN * score / (score.abs() + REVIEW_HALF)
    };
    side.black_side(value)
}

/// Judges a Gomoku position and the move played from it: a forced win the mover had and let
/// go (a VCF, when the move played was neither a five nor a four), or a forced win of the
/// opponent's the move left open when another move would have stopped it. The value comes
/// from a short search. `None` when stopped first.
pub fn judge(before: &Position, played: Option<Move>, stop: &AtomicBool) -> Option<Judged> {
    use crate::engine::review::{Better, CERTAIN, Cost, Mistake};
    // Only a stone of the mover's own is judged: not an opening's swap, offer or pick.
    let played = played
        .and_then(|mv| before.placed(mv))
        .filter(|&(_, color)| {
            color == before.to_move() && !matches!(before.stage(), Stage::Offer { .. })
        })
        .map(|(p, _)| p);
    if let Outcome::Won(winner, _) = before.outcome() {
        let value = winner.black_side(CERTAIN);
        return Some(Judged {
            value,
            mistake: None,
        });
    }
    let mut s = Searcher::new(Grid::new(before), stop, None);
    let me = s.grid.to_move();
    let moves = s.ordered(None, 0);
    if moves.is_empty() {
        return Some(Judged {
            value: 0,
            mistake: None,
        });
    }
    let win = s.vcf(VCF_DEPTH);
    let played = played.map(|p| s.grid.index(p));
    let mut mistake = None;
    if let (Some(win), Some(i)) = (win, played) {
        if !s.grid.wins(i, me) && !s.grid.makes_four(i, me) {
            mistake = Some(Mistake {
                cost: Cost::MissedWin,
                better: Better::Gomoku(s.grid.point(win).into()),
            });
        }
    } else if let Some(i) = played
        && opens_vcf(&mut s, i)
        && let Some(defences) = defences(&mut s, Level::get(8), Instant::now() + REVIEW_TIME)
        && let Some(&better) = defences.first()
        && !defences.contains(&i)
    {
        mistake = Some(Mistake {
            cost: Cost::MissedDefence,
            better: Better::Gomoku(s.grid.point(better).into()),
        });
    }
    let score = if win.is_some() {
        WIN
    } else {
        let mut best = 0;
        let mut moves = moves;
        for depth in 1..=REVIEW_DEPTH {
            let scored = s.root(&moves, depth);
            let &(_, score) = scored.first()?;
            moves = scored.iter().map(|&(i, _)| i).collect();
            best = score;
        }
        if s.was_aborted() {
            return None;
        }
        best
    };
    Some(Judged {
        value: lead_of(score, me),
        mistake,
    })
}

/// The first level that searches wider when its search sees a loss.
const WIDER_WHEN_LOST: u8 = 4;
/// The first level whose root searches every candidate, and how many that is at most (all of
/// them but in the most spread-out positions).
const WIDE_ROOT: u8 = 4;
const ROOT_WIDTH: usize = 80;
/// The most time for checking moves against the opponent's VCF (a tenth of the budget when
/// that is less).
const SAFETY_TIME: Duration = Duration::from_millis(100);
/// The share of the search's time a settled search stops at, in hundredths.
const SETTLED_SHARE: u32 = 95;
/// How far (in evaluation units) the best score may fall between iterations before the
/// search takes all of its time.
const FALL: i32 = 200;

/// The most time a review of one move spends finding the defences it missed.
const REVIEW_TIME: Duration = Duration::from_secs(2);

static NEVER: AtomicBool = AtomicBool::new(false);

#[cfg(test)]
mod tests {
    use super::*;
    use crate::gomoku::Rule;

    /// The position after `moves` (points by name) under `rule`: the engine's tests' boards.
    pub(super) fn position(rule: Rule, moves: &str) -> Position {
        let mut p = Position::new(15, rule, false);
        for m in moves.split_whitespace() {
            p = p.play(p.board().point(m).unwrap()).unwrap();
        }
        p
    }

    fn best(p: &Position, level: u8) -> String {
        let stop = AtomicBool::new(false);
        choose(p, level, &stop, &mut |_| {}).to_string()
    }

    #[test]
    fn a_review_finds_missed_wins_and_missed_defences() {
        use crate::engine::review::{Better, CERTAIN, Cost};
        let stop = AtomicBool::new(false);
        let point = |p: &Position, name: &str| p.board().point(name).unwrap();
        // Black to move with a four: anything but the five lets the win go.
        let p = position(Rule::Freestyle, "h8 a1 i8 a3 j8 l8 k8 a5");
        let judged = judge(&p, Some(point(&p, "o15").into()), &stop).unwrap();
        let mistake = judged.mistake.unwrap();
        assert_eq!(mistake.cost, Cost::MissedWin);
        assert_eq!(mistake.better, Better::Gomoku(point(&p, "g8").into()));
        assert_eq!(judged.value, CERTAIN, "Black is winning");
        assert_eq!(
            judge(&p, Some(point(&p, "g8").into()), &stop)
                .unwrap()
                .mistake,
            None
        );
        // White to move against an open three: a move far away leaves Black a four-four win.
        let p = position(Rule::Freestyle, "h8 a1 i8 a2 j8");
        let judged = judge(&p, Some(point(&p, "o15").into()), &stop).unwrap();
        let mistake = judged.mistake.unwrap();
        assert_eq!(mistake.cost, Cost::MissedDefence);
        let Better::Gomoku(better) = mistake.better else {
            panic!("{mistake:?}")
        };
        let after = p.play_move(better).unwrap();
        assert!(find_vcf(&after, VCF_DEPTH).is_none(), "{better} defends");
        assert_eq!(
            judge(&p, Some(point(&p, "g8").into()), &stop)
                .unwrap()
                .mistake,
            None
        );
    }

    #[test]
    fn opens_in_the_centre() {
        let p = Position::new(15, Rule::Renju, true);
        assert_eq!(best(&p, 5), "h8");
    }

    #[test]
    fn takes_a_five_at_every_level() {
        // Black h8 i8 j8 k8, White to block at one end only: Black to move wins at g8 or l8.
        let p = position(Rule::Renju, "h8 a1 i8 a3 j8 l8 k8 a5");
        for level in 1..=8 {
            assert_eq!(best(&p, level), "g8", "level {level}");
        }
    }

    #[test]
    fn blocks_a_four_at_every_level() {
        // White a1 a2 a3 a4; Black must block a5.
        let p = position(Rule::Freestyle, "h8 a1 h9 a2 j10 a3 k12 a4");
        for level in 1..=8 {
            assert_eq!(best(&p, level), "a5", "level {level}");
        }
    }

    #[test]
    fn finds_a_continuous_four_win() {
        // Black has h9 h10 h11 (White at h12) and i8 j8 k8 (White at l8): h8 makes two fours.
        let p = position(Rule::Freestyle, "h9 h12 h10 l8 h11 a1 i8 a3 j8 a5 k8 a7");
        let stop = AtomicBool::new(false);
        let mut s = Searcher::new(Grid::new(&p), &stop, None);
        assert!(s.vcf(VCF_DEPTH).is_some(), "a VCF exists");
        let mut wins = false;
        choose(&p, 4, &stop, &mut |pr| wins |= pr.winning);
        assert!(wins);
    }

    /// Freestyle, from a game against Rapfi, Black to move: White would win by fours. Black's
    /// i6, an open three off White's line, stops it (and wins): it must be among the moves the
    /// search weighs.
    #[test]
    fn a_defence_against_a_vcf_off_its_line_is_searched() {
        let p = position(
            Rule::Freestyle,
            "h8 i9 j7 h9 i7 g8 j8 i10 j11 g9 j9 j10 h6 g5 j6 j5 k5 l4 l10 k9",
        );
        let mut s = Searcher::new(Grid::new(&p), &NEVER, None);
        let i6 = s.grid.index(p.board().point("i6").unwrap());
        s.grid.pass();
        let line = vcf_line(&mut s, Color::White).expect("White's VCF");
        s.grid.pass();
        assert!(!line.contains(&i6), "i6 is off the line");
        let grace = Instant::now() + Duration::from_secs(60);
        let moves = defences(&mut s, Level::get(8), grace).unwrap();
        assert!(moves.contains(&i6));
        // Each of them leaves White no VCF.
        for i in moves {
            assert!(!opens_vcf(&mut s, i), "{}", s.grid.point(i));
        }
    }

    /// White to move after Black's diagonal three was closed at one end: the move a stronger
    /// engine plays here (g10, an open two with g9) is worth nothing by the points' values, and
    /// came after the level's width until the shapes broke the ties and the root took every
    /// candidate.
    fn quiet_position() -> Position {
        position(Rule::Renju, "h8 i9 j6 g9 i7")
    }

    #[test]
    fn points_of_equal_worth_are_ordered_by_the_shapes_they_make() {
        let mut s = Searcher::new(Grid::new(&quiet_position()), &NEVER, None);
        s.order = Order::Worth;
        let ordered = s.ordered_within(None, 0, ROOT_WIDTH);
        let g10 = s.grid.index(quiet_position().board().point("g10").unwrap());
        assert_eq!(s.grid.promise(g10), 0);
        assert!(s.grid.shape_promise(g10) > 0, "an open two for White");
        for pair in ordered.windows(2) {
            let (a, b) = (pair[0], pair[1]);
            assert!(s.grid.promise(a) >= s.grid.promise(b));
            if s.grid.promise(a) == s.grid.promise(b) {
                assert!(s.grid.shape_promise(a) >= s.grid.shape_promise(b));
            }
        }
        let nothing = ordered.iter().position(|&i| s.grid.shape_promise(i) == 0);
        let open_two = ordered.iter().position(|&i| i == g10);
        assert!(open_two < nothing, "{open_two:?} before {nothing:?}");
    }

    #[test]
    fn from_level_four_the_shapes_order_the_moves_and_worth_breaks_ties() {
        let s = Searcher::new(Grid::new(&quiet_position()), &NEVER, None);
        assert_eq!(s.order, Order::Shapes, "the searcher's own order");
        let ordered = s.ordered_within(None, 0, ROOT_WIDTH);
        assert_eq!(ordered.len(), s.grid.candidates().len());
        for pair in ordered.windows(2) {
            let (a, b) = (pair[0], pair[1]);
            assert!(s.grid.shape_promise(a) >= s.grid.shape_promise(b));
            if s.grid.shape_promise(a) == s.grid.shape_promise(b) {
                assert!(s.grid.promise(a) >= s.grid.promise(b));
            }
        }
        let worth = |number| Level::get(number).order() == Order::Worth;
        assert!((1..=3).all(worth) && !(4..=8).any(worth));
    }

    #[test]
    fn the_root_takes_every_candidate_from_level_four() {
        let s = Searcher::new(Grid::new(&quiet_position()), &NEVER, None);
        let width = s.width;
        let candidates = s.grid.candidates().len();
        let g10 = s.grid.index(quiet_position().board().point("g10").unwrap());
        for number in 4..=8 {
            let level = Level::get(number);
            let moves = root_moves(&s, level);
            assert_eq!(moves.len(), candidates, "level {number}");
            assert!(moves.contains(&g10));
            assert_eq!(s.width, width, "inner nodes keep their width");
        }
        for number in 2..=3 {
            let level = Level::get(number);
            assert_eq!(root_moves(&s, level).len(), level.width, "level {number}");
        }
    }
}
