//! The Gomoku computer player: threats it must see at every level, wins by continuous fours,
//! and Renju's forbidden points on both sides of the board.

use heibai::engine::gomoku::{
    LEVELS, Level, Progress, VCF_DEPTH, choose, choose_at, find_vcf, search,
};
use heibai::gomoku::{Outcome, Position, Rule};
use std::sync::atomic::AtomicBool;

/// A position from moves in turn, Black first, anywhere (no centre opening).
fn position(rule: Rule, moves: &str) -> Position {
    let mut p = Position::new(15, rule, false);
    for m in moves.split_whitespace() {
        p = p.play(p.board().point(m).unwrap()).unwrap();
    }
    p
}

fn choice(p: &Position, level: u8) -> (String, Vec<Progress>) {
    let mut reports = vec![];
    let point = choose(p, level, &AtomicBool::new(false), &mut |r| reports.push(r));
    (point.to_string(), reports)
}

/// Every level, each searching within its own time budget (the engine's deadline; how long
/// they take is measured by benchmarks, not here).
fn levels() -> impl Iterator<Item = u8> {
    LEVELS.iter().map(|l| l.number)
}

#[test]
fn blocks_an_open_three_at_every_level() {
    // White g7 h8 i9 with both ends open: only f6 or j10 stops an open four.
    let p = position(Rule::Freestyle, "a1 g7 o1 h8 o15 i9");
    for level in levels() {
        let (m, _) = choice(&p, level);
        assert!(m == "f6" || m == "j10", "level {level} played {m}");
    }
}

#[test]
fn two_threads_see_what_one_does() {
    // The open three must be stopped; the continuous fours win; at a fixed depth both searches
    // find the win and agree on its length.
    let three = position(Rule::Freestyle, "a1 g7 o1 h8 o15 i9");
    let fours = position(Rule::Freestyle, "f8 e8 g8 a1 h8 a3 g6 a13 h7 o15");
    for number in [4, 6, 8] {
        let level = Level {
            threads: 2,
            ..Level::get(number)
        };
        let stop = AtomicBool::new(false);
        let m = choose_at(&three, level, &stop, &mut |_| {}).to_string();
        assert!(m == "f6" || m == "j10", "level {number} played {m}");
        let mut won = false;
        let m = choose_at(&fours, level, &stop, &mut |r| won |= r.winning).to_string();
        assert!(m == "i8" && won, "level {number} played {m}");
    }
    let (one, two) = (search(&fours, 6, 12, 1), search(&fours, 6, 12, 2));
    let (one, two) = (one.unwrap(), two.unwrap());
    assert_eq!((one.best, one.score), (two.best, two.score));
    assert!(one.score > 900_000);
}

#[test]
fn wins_by_continuous_fours() {
    // Black f8 g8 h8 (White at e8) and g6 h7: i8 makes a four, White must answer j8, then j9
    // makes an open four on the diagonal g6-h7-i8-j9.
    let p = position(Rule::Freestyle, "f8 e8 g8 a1 h8 a3 g6 a13 h7 o15");
    for level in 2..=8 {
        let (m, reports) = choice(&p, level);
        assert_eq!(m, "i8", "level {level}");
        assert!(reports.last().is_some_and(|r| r.winning), "level {level}");
    }
    // Played out: four, forced block, open four, and five.
    let mut q = p.clone();
    for m in ["i8", "j8", "j9"] {
        q = q.play(q.board().point(m).unwrap()).unwrap();
    }
    let (block, _) = choice(&q, 5);
    q = q.play(q.board().point(&block).unwrap()).unwrap();
    let (five, _) = choice(&q, 5);
    q = q.play(q.board().point(&five).unwrap()).unwrap();
    assert!(matches!(
        q.outcome(),
        Outcome::Won(heibai::gomoku::Color::Black, _)
    ));
}

#[test]
fn black_never_plays_a_forbidden_point() {
    // Black h8 i8 and j6 j7: j8 would be Black's best point, but it is a double-three.
    let p = position(Rule::Renju, "h8 a1 i8 a3 j6 a5 j7 a7");
    for level in levels() {
        let (m, _) = choice(&p, level);
        assert_ne!(m, "j8", "level {level}");
        let q = p.play(p.board().point(&m).unwrap());
        assert!(q.is_ok(), "level {level}: {m} is legal");
    }
}

#[test]
fn white_wins_through_a_forbidden_point() {
    // White m5 l6 k7 (Black at n4): i9 makes a four whose only five-point, j8, is Black's
    // double-three, so Black cannot block it.
    let p = position(Rule::Renju, "h8 m5 i8 l6 j6 k7 j7 a15 n4");
    for level in 2..=8 {
        let (m, _) = choice(&p, level);
        assert_eq!(m, "i9", "level {level}");
    }
}

#[test]
fn always_answers_a_legal_point_quickly_in_random_games() {
    // Short random openings, then one move from the engine at the two fastest levels.
    let mut rng = heibai::rng::Rng::new(7);
    for _ in 0..30 {
        let mut p = Position::new(15, Rule::Renju, false);
        for _ in 0..rng.below(20) {
            let empty: Vec<_> = p.board().points().filter(|&q| p.check(q).is_ok()).collect();
            let q = empty[rng.below(empty.len())];
            p = p.play(q).unwrap();
            if p.outcome() != Outcome::Playing {
                break;
            }
        }
        if p.outcome() != Outcome::Playing {
            continue;
        }
        for level in [1, 2] {
            let point = choose(&p, level, &AtomicBool::new(false), &mut |_| {});
            assert!(p.check(point).is_ok(), "level {level} chose {point}");
        }
    }
}

#[test]
fn a_cancelled_search_still_answers_a_legal_point() {
    let p = position(Rule::Renju, "h8 h9 i8 i9");
    let stop = AtomicBool::new(true);
    let point = choose(&p, 8, &stop, &mut |_| {});
    assert!(p.check(point).is_ok());
}

#[test]
fn finds_long_continuous_four_wins() {
    // Positions from random games whose shortest continuous-four win has more than six fours.
    let long = [
        (
            Rule::Renju,
            "h8 j10 h7 h11 h9 h6 j9 k11 k9 i9 d4 i8 i11 i7 i6 f4 h12 d5 k10 l9 g5 g8 l12 j6 g10 \
             l10 j12 g9 k13 g7 l14 h10 k7 m15 j14 m11 g11 i13",
        ),
        (
            Rule::Freestyle,
            "h8 j10 h10 h11 j8 g11 l11 i11 j11 k9 l8 l9 l6 i9 j4 f9 j9 f6 e11 d6 f5 i8 i10 g4 f10 \
             g9 g10 i5 l4 e10 h9 f8 e7 g8",
        ),
    ];
    for (rule, moves) in long {
        let p = position(rule, moves);
        let fours = (1..=VCF_DEPTH)
            .find(|&n| find_vcf(&p, n).is_some())
            .unwrap_or_else(|| panic!("{moves}: a continuous-four win"));
        assert!(fours > 6, "{moves}: its shortest win has {fours} fours");
        // Levels 1 and 2 are the newcomers' (no look-ahead, and three fours); every other
        // level looks at least seven fours ahead, and finds the win when it looks that far.
        for level in LEVELS.iter().filter(|l| l.number >= 3) {
            assert!(level.vcf >= 7, "level {}", level.number);
            if level.vcf >= fours {
                let (_, reports) = choice(&p, level.number);
                assert!(
                    reports.last().is_some_and(|r| r.winning),
                    "level {}: {moves}",
                    level.number
                );
            }
        }
    }
}

#[test]
fn a_lost_position_is_defended_as_long_as_it_can_be() {
    // Black has two open threes, g8-i8 and l3-l5; White can stop only one. Every move loses,
    // and the searches (narrow, then twice as wide from level 4) still pick one that stops a
    // three, the loss furthest away, rather than any point.
    let p = position(Rule::Freestyle, "g8 a1 h8 o1 i8 a15 l3 o15 l4 a9 l5");
    let stops = ["e8", "f8", "j8", "k8", "l1", "l2", "l6", "l7"];
    for level in [3, 4, 5] {
        let (m, reports) = choice(&p, level);
        assert!(stops.contains(&m.as_str()), "level {level} played {m}");
        let seen = reports.iter().position(|r| r.score < -900_000);
        let seen = seen.unwrap_or_else(|| panic!("level {level} saw no loss: {reports:?}"));
        // From level 4 the wider search reports its own iterations after the loss was seen.
        let wider = reports.len() > seen + 1;
        assert_eq!(wider, level >= 4, "level {level}: {reports:?}");
    }
}
