//! The computer players: the exact solver against known scores and a plain minimax, the search
//! on every kind of position, cancellation, and the levels.

use heibai::cpu::{self, Cpu};
use heibai::engine::Budget;
use heibai::engine::reversi::endgame::{self, Solver, final_score};
use heibai::engine::reversi::evaluate_on;
use heibai::engine::reversi::probcut::Selectivity;
use heibai::engine::reversi::search::{self, Limits};
use heibai::engine::reversi::tt::Table;
use heibai::engine::reversi::{Beginner, Engine, LEVELS, Level, Progress, Searching};
use heibai::record::obf::parse_line;
use heibai::reversi::{Move, Position, Square, Status, flips, legal_moves, perft_on};
use proptest::prelude::*;
use std::sync::atomic::AtomicBool;

/// The plainest exact search there is: every move, to the end, no pruning.
fn minimax(p: u64, o: u64) -> i32 {
    let moves = legal_moves(p, o);
    if moves == 0 {
        return if legal_moves(o, p) == 0 {
            final_score(p, o)
        } else {
            -minimax(o, p)
        };
    }
    Square::iter(moves)
        .map(|sq| {
            let f = flips(p, o, sq.index());
            -minimax(o & !f, p | f | sq.bit())
        })
        .max()
        .expect("at least one move")
}

/// A position reached by random play from the start, stopping at `empties` empty squares.
fn random_position(choices: &[u8], empties: u32) -> Position {
    let mut pos = Position::initial();
    for &c in choices.iter().cycle() {
        if 64 - pos.count(heibai::reversi::Color::Black) - pos.count(heibai::reversi::Color::White)
            <= empties
        {
            break;
        }
        pos = match pos.status() {
            Status::GameOver => break,
            Status::MustPass => pos.play(Move::Pass).unwrap(),
            Status::ToMove => {
                let moves: Vec<Square> = Square::iter(pos.legal_moves()).collect();
                pos.play(Move::Play(moves[c as usize % moves.len()]))
                    .unwrap()
            }
        };
    }
    pos
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(60))]

    /// The solver's final score and the score players are shown count the same way.
    #[test]
    fn final_score_is_the_shown_score(choices in prop::collection::vec(any::<u8>(), 60), empties in 0u32..=40) {
        let pos = random_position(&choices, empties);
        let (p, o) = pos.own_opp();
        let (b, w) = pos.final_counts();
        let black = b as i32 - w as i32;
        let mover = if pos.to_move() == heibai::reversi::Color::Black { black } else { -black };
        prop_assert_eq!(final_score(p, o), mover);
    }

    #[test]
    fn solver_agrees_with_minimax(choices in prop::collection::vec(any::<u8>(), 60), empties in 1u32..=10) {
        let pos = random_position(&choices, empties);
        let (p, o) = pos.own_opp();
        let tt = Table::new(1);
        let stop = AtomicBool::new(false);
        let budget = Budget::new(&stop, None);
        let expected = minimax(p, o);
        let solved = endgame::solve(p, o, &tt, &budget, 1).unwrap();
        prop_assert_eq!(solved.score, expected, "{}", pos);
        // The move it names achieves the score.
        if let Some(sq) = solved.best {
            let f = flips(p, o, sq);
            prop_assert_eq!(-minimax(o & !f, p | f | 1 << sq), expected);
        }
        // Narrow windows give bounds on the same side as the truth.
        let mut s = Solver::new(&tt, &budget);
        let v = s.score(p, o, expected - 1, expected + 1).unwrap();
        prop_assert_eq!(v, expected);
    }

    #[test]
    fn every_level_plays_a_legal_move(choices in prop::collection::vec(any::<u8>(), 60), empties in 1u32..=56) {
        let pos = random_position(&choices, empties);
        for level in [1u8, 2, 3] {
            let mut engine = Level::get(level).unwrap().engine(1);
            let mv = engine.choose(&pos, &AtomicBool::new(false), &mut |_| {});
            match pos.status() {
                Status::ToMove => prop_assert!(matches!(mv, Move::Play(_)) && pos.play(mv).is_ok(), "{mv} in {pos}"),
                _ => prop_assert_eq!(mv, Move::Pass),
            }
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(40))]

    /// Multi-ProbCut never cuts where the search reaches the end: a selective search as deep as
    /// the empties is exact, on one thread or two.
    #[test]
    fn a_selective_search_to_the_end_is_exact(choices in prop::collection::vec(any::<u8>(), 60), empties in 1u32..=9, threads in 1usize..=2) {
        let pos = random_position(&choices, empties);
        let (p, o) = pos.own_opp();
        // A pass at the root is answered without a search (there is no move to choose).
        prop_assume!(legal_moves(p, o) != 0);
        let stop = AtomicBool::new(false);
        let budget = Budget::new(&stop, None);
        let limits = Limits { depth: empties, pace: None, selectivity: Some(Selectivity(10)), threads };
        let found = search::iterate(p, o, limits, &Table::new(1), &budget, &mut |_| {});
        prop_assert_eq!(found.score, 100 * minimax(p, o), "{}", pos);
        // Every move's own score too, as analysis asks for them.
        let scored = search::score_all(p, o, empties, Some(Selectivity(10)), threads, &Table::new(1), &budget).unwrap();
        for (sq, v) in scored {
            let f = flips(p, o, sq);
            prop_assert_eq!(v, -100 * minimax(o & !f, p | f | 1 << sq), "{} at {}", pos, sq);
        }
    }
}

/// A selective search finds about what the full-width one finds, in fewer nodes; where the
/// full-width search sees a clear win, so does the selective one.
#[test]
fn a_selective_search_agrees_with_the_full_width_one_for_less_work() {
    let stop = AtomicBool::new(false);
    let budget = Budget::new(&stop, None);
    let (mut nodes, mut differences) = ([0u64; 2], vec![]);
    for k in 0..24u8 {
        let empties = 24 + u32::from(k);
        let (p, o) = random_position(&[k, 5 * k + 1, 3, 11], empties).own_opp();
        let mut scores = [0; 2];
        for (i, selectivity) in [None, Some(Selectivity(15))].into_iter().enumerate() {
            let limits = Limits {
                depth: 8,
                pace: None,
                selectivity,
                threads: 1,
            };
            let found = search::iterate(p, o, limits, &Table::new(4), &budget, &mut |_| {});
            scores[i] = found.score;
            nodes[i] += found.nodes;
        }
        if scores[0].abs() >= 1500 {
            assert_eq!(
                scores[0].signum(),
                scores[1].signum(),
                "{scores:?} at {empties} empties"
            );
        }
        differences.push((scores[0] - scores[1]).abs());
    }
    let mean = differences.iter().sum::<i32>() / differences.len() as i32;
    assert!(
        mean <= 200,
        "mean difference {mean} hundredths: {differences:?}"
    );
    assert!(nodes[1] < nodes[0], "{nodes:?}");
}

/// FFO #1-#19 (tests/data/fforum-1-19.obf, 14-16 empties): every score exact, on two threads too.
#[test]
fn ffo_1_to_19_solve_exactly() {
    let text = include_str!("data/fforum-1-19.obf");
    let tt = Table::new(64);
    let stop = AtomicBool::new(false);
    for (n, line) in text.lines().enumerate() {
        let obf = parse_line(line).unwrap().unwrap();
        let (p, o) = obf.position.own_opp();
        for threads in [1, 2] {
            tt.clear();
            let solved = endgame::solve(p, o, &tt, &Budget::new(&stop, None), threads).unwrap();
            assert_eq!(
                Some(solved.score),
                obf.expected(),
                "FFO #{} with {threads} thread(s)",
                n + 1
            );
            assert_a_best_move(&obf, solved.best, n + 1);
        }
    }
}

/// `best` is one of the moves the OBF line says reach its best score (FFO #`number`).
fn assert_a_best_move(obf: &heibai::record::obf::ObfLine, best: Option<u8>, number: usize) {
    let best = Move::Play(Square::new(best.unwrap()).unwrap());
    let claimed = obf.scores.iter().find(|(m, _)| *m == best).map(|&(_, s)| s);
    assert_eq!(
        claimed,
        obf.expected(),
        "FFO #{number}: {best} is not a best move"
    );
}

/// The midgame search on two threads, taken to the end of FFO #1-#5 (14 empties), finds the
/// exact score and a best move, as one thread does.
#[test]
fn two_midgame_threads_search_to_the_end_exactly() {
    let text = include_str!("data/fforum-1-19.obf");
    let stop = AtomicBool::new(false);
    for (n, line) in text.lines().take(5).enumerate() {
        let obf = parse_line(line).unwrap().unwrap();
        let (p, o) = obf.position.own_opp();
        let empties = 64 - (p | o).count_ones();
        let limits = Limits {
            depth: empties,
            pace: None,
            selectivity: Some(Selectivity(15)),
            threads: 2,
        };
        let found = search::iterate(
            p,
            o,
            limits,
            &Table::new(16),
            &Budget::new(&stop, None),
            &mut |_| {},
        );
        assert_eq!(Some(found.score / 100), obf.expected(), "FFO #{}", n + 1);
        assert_a_best_move(&obf, found.best, n + 1);
    }
}

/// The levels' pace: no new iteration after 42 % of the budget while the best move and its
/// score hold, 70 % once either moves (a fall of 3 discs or more), a quarter before a solve.
#[test]
fn the_levels_pace_their_iterations() {
    use heibai::engine::time::Iteration;
    use std::time::{Duration, Instant};
    let ms = Duration::from_millis;
    let it = |best, score| Some(Iteration { best, score });
    let (_, plan) = search::pace(Instant::now(), ms(1000), false);
    assert_eq!(plan.stop_after(it(19, 0), it(19, 50)), ms(420));
    assert_eq!(plan.stop_after(it(19, 0), it(19, -250)), ms(420));
    assert_eq!(plan.stop_after(it(19, 0), it(20, 50)), ms(700));
    assert_eq!(plan.stop_after(it(19, 0), it(19, -350)), ms(700));
    let (_, plan) = search::pace(Instant::now(), ms(1000), true);
    assert_eq!(plan.stop_after(it(19, 0), it(19, 0)), ms(200));
    assert_eq!(plan.stop_after(it(19, 0), it(26, 0)), ms(250));
}

#[test]
fn a_stopped_search_returns_at_once_with_a_legal_move() {
    let pos = random_position(&[3, 1, 4, 1, 5, 9, 2, 6], 40);
    let stop = AtomicBool::new(true);
    for level in LEVELS {
        let mut engine = level.engine(2);
        let mv = engine.choose(&pos, &stop, &mut |_| {});
        assert!(pos.play(mv).is_ok(), "level {}: {mv}", level.number);
    }
    let tt = Table::new(1);
    let (p, o) = pos.own_opp();
    assert!(endgame::solve(p, o, &tt, &Budget::new(&stop, None), 2).is_none());
}

#[test]
fn strong_levels_open_from_the_book_and_weak_ones_vary() {
    let start = Position::initial();
    let stop = AtomicBool::new(false);
    for n in 4..=8 {
        let mut reports: Vec<Progress> = vec![];
        let mv = Level::get(n)
            .unwrap()
            .engine(1)
            .choose(&start, &stop, &mut |p| reports.push(p));
        assert!(start.play(mv).is_ok());
        assert!(reports.last().is_some_and(|p| p.book), "level {n}");
    }
    // Level 2 picks among moves with a chance: over a few games it does not always play
    // the same second move.
    let after = start.play("f5".parse().unwrap()).unwrap();
    let mut engine = Level::get(2).unwrap().engine(1);
    let seen: std::collections::HashSet<Move> = (0..40)
        .map(|_| engine.choose(&after, &stop, &mut |_| {}))
        .collect();
    assert!(seen.len() > 1, "{seen:?}");
}

#[test]
fn level_one_is_the_beginner() {
    for seed in 0..40u8 {
        let pos = random_position(
            &[seed, seed.wrapping_mul(7), 3, seed / 3 + 1],
            60 - u32::from(seed),
        );
        let stop = AtomicBool::new(false);
        let a = LEVELS[0].engine(1).choose(&pos, &stop, &mut |_| {});
        let b = Beginner.choose(&pos, &stop, &mut |_| {});
        assert_eq!(a, b);
    }
}

#[test]
fn search_reports_progress_and_finds_the_exact_endgame() {
    // FFO #1 has 14 empties: level 6 solves it exactly and says so.
    let obf = parse_line(include_str!("data/fforum-1-19.obf").lines().next().unwrap())
        .unwrap()
        .unwrap();
    let mut engine = Searching::new(Level::get(6).unwrap(), 1);
    let mut reports: Vec<Progress> = vec![];
    let mv = engine.choose(&obf.position, &AtomicBool::new(false), &mut |p| {
        reports.push(p)
    });
    assert_eq!(mv, obf.scores[0].0);
    let last = reports.last().unwrap();
    assert!(last.exact);
    assert_eq!(last.score, 100 * obf.expected().unwrap());
    assert!(
        reports.iter().any(|p| !p.exact && p.depth >= 1),
        "midgame iterations reported first"
    );
}

#[test]
fn levels_are_described_for_the_help() {
    for lang in heibai::i18n::Lang::ALL {
        let t = lang.text();
        for level in LEVELS {
            let name = heibai::i18n::pad(t.level_name(level.number), 10);
            let line = format!("{} {name} {}", level.number, t.level_does(&level));
            // The help's box is 66 columns wide, 64 inside its border.
            assert!(heibai::i18n::width(&line) <= 64, "fits the help: {line}");
            assert_eq!(
                level.budget.is_none(),
                level.number == 8,
                "only the last level is unlimited"
            );
        }
    }
}

/// What the engines find with the instructions of one processor level: perft, midgame searches
/// (move, score and node count, so the trees are the same) and exact solves, and evaluations.
fn found_with<C: Cpu>(cpu: C) -> Vec<i64> {
    let stop = AtomicBool::new(false);
    let budget = Budget::new(&stop, None);
    let (p, o) = Position::initial().own_opp();
    let mut out = vec![perft_on(cpu, p, o, 8) as i64];
    let limits = Limits {
        depth: 7,
        pace: None,
        selectivity: Some(Selectivity(15)),
        threads: 1,
    };
    for (k, empties) in [(1, 40), (2, 30), (3, 20)] {
        let (p, o) = random_position(&[k, 3 * k, 7], empties).own_opp();
        let found = search::iterate_on(cpu, p, o, limits, &Table::new(4), &budget, &mut |_| {});
        out.extend([i64::from(found.best.unwrap_or(64)), found.score.into()]);
        out.push(found.nodes as i64);
        out.push(evaluate_on(cpu, p, o).into());
    }
    let text = include_str!("data/fforum-1-19.obf");
    for line in text.lines().take(3) {
        let (p, o) = parse_line(line).unwrap().unwrap().position.own_opp();
        let solved = endgame::solve_on(cpu, p, o, &Table::new(16), &budget, 1).unwrap();
        out.extend([solved.score.into(), i64::from(solved.best.unwrap_or(64))]);
        out.push(solved.nodes as i64);
    }
    out
}

/// Every instruction-set level this processor has finds exactly what the baseline finds.
#[test]
fn every_processor_level_searches_alike() {
    let baseline = found_with(cpu::Baseline);
    #[cfg(target_arch = "x86_64")]
    {
        if let Some(cpu) = cpu::X86V3::detect() {
            assert_eq!(found_with(cpu), baseline, "x86-64-v3");
        }
        if let Some(cpu) = cpu::X86V4::detect() {
            assert_eq!(found_with(cpu), baseline, "x86-64-v4");
        }
    }
}
