//! The review of a game in a replay: every position judged by the engine in the background, one
//! request at a time (analysis, when on, goes first), for the graph and the mistakes.

use super::rules::Rules;
use super::screen::pair_number;
use crate::engine::review::{Cost, Judge, Judged, Mistake};
use crate::game::{Game, Record, SavedGame, each_game};
use crate::i18n::Text;
use crate::reversi::Color;

/// The positions of a game's line and what the engine has said of each so far.
#[derive(Clone, Debug, PartialEq)]
pub struct Review {
    /// Each position of the line with the move played from it (none after the last).
    line: Vec<Judge>,
    /// The answers so far, in order; `None` where the engine ran out of time.
    judged: Vec<Option<Judged>>,
    /// The moves of the line by name.
    names: Vec<String>,
    /// Who made each move of the line, and its number as the move list writes it.
    movers: Vec<(Color, usize)>,
}

/// How one side played, by the review so far.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SideSummary {
    pub mistakes: usize,
    /// The most discs one move lost (Reversi).
    pub worst: Option<i32>,
    /// 0-100, where any of the side's moves has been judged.
    pub accuracy: Option<u32>,
}

/// How many mistakes the summary names.
const WORST: usize = 3;

impl Review {
    /// The review of `game`'s line, from its start to its record's cursor.
    pub fn of(game: &SavedGame) -> Review {
        let line = each_game!(game, g => line(g));
        let mut names = game.move_names();
        names.truncate(game.steps().0);
        let white_first = game.first_to_move() == Color::White;
        let singly = super::playing::still(game).list_numbers().is_some();
        let movers = each_game!(game, g => g
            .record
            .moved_from()
            .enumerate()
            .map(|(i, (p, _))| {
                let number = if singly {
                    crate::rules::Playable::move_number(p, i)
                } else {
                    pair_number(i + 1, white_first)
                };
                (crate::rules::Playable::to_move(p), number)
            })
            .collect());
        Review {
            line,
            judged: vec![],
            names,
            movers,
        }
    }

    /// The next position to ask about, with its index, if any is left.
    pub fn next(&self) -> Option<(usize, Judge)> {
        let i = self.judged.len();
        self.line.get(i).map(|j| (i, j.clone()))
    }

    /// The engine's answer about position `i`.
    pub fn answer(&mut self, i: usize, judged: Option<Judged>) {
        if i == self.judged.len() && i < self.line.len() {
            self.judged.push(judged);
        }
    }

    /// Positions judged, and positions in all.
    pub fn progress(&self) -> (usize, usize) {
        (self.judged.len(), self.line.len())
    }

    /// The value of each position judged so far (Black's side), `None` where unknown.
    pub fn values(&self) -> Vec<Option<i32>> {
        let mut values: Vec<Option<i32>> = self.judged.iter().map(|j| j.map(|j| j.value)).collect();
        values.resize(self.line.len(), None);
        values
    }

    /// Whether move `n` (from 1) was a mistake.
    pub fn is_mistake(&self, n: usize) -> bool {
        self.mistake(n).is_some()
    }

    /// What was wrong with move `n` (from 1), if the review has found it a mistake.
    pub fn mistake(&self, n: usize) -> Option<Mistake> {
        self.judged
            .get(n.checked_sub(1)?)
            .copied()
            .flatten()?
            .mistake
    }

    /// Who played move `n` (from 1), by the colour to move before it (a Reversi pass is a
    /// move; a Taraguchi-10 swap is the colour that gave itself up).
    pub fn side(&self, n: usize) -> Color {
        self.movers
            .get(n.wrapping_sub(1))
            .map_or(Color::Black, |&(side, _)| side)
    }

    /// "12. White c4 lost 12 (b3 better)": what move `n` cost, if it was a mistake, numbered
    /// as the move list numbers it.
    pub fn said(&self, n: usize, t: &dyn Text) -> Option<String> {
        let mistake = self.mistake(n)?;
        let name = self.names.get(n - 1)?;
        let better = mistake.better.to_string();
        let &(side, number) = self.movers.get(n - 1)?;
        Some(t.mistake(number, side, name, mistake.cost, &better))
    }

    /// Whether `game`, at its record's cursor, shows the reviewed line's first moves.
    pub fn shows_line(&self, game: &SavedGame) -> bool {
        let n = game.steps().0;
        let names = game.move_names();
        n <= self.names.len() && names.get(..n) == self.names.get(..n)
    }

    /// The first mistake after move `n`, if the review has found one.
    pub fn next_mistake(&self, n: usize) -> Option<usize> {
        (n + 1..=self.judged.len()).find(|&m| self.is_mistake(m))
    }

    /// The last mistake before move `n`, if the review has found one.
    pub fn previous_mistake(&self, n: usize) -> Option<usize> {
        (1..n).rev().find(|&m| self.is_mistake(m))
    }

    /// How `side` played: its mistakes, the most discs one of them lost, and its accuracy —
    /// as lichess figures it, each move's from the share of winning chances it gave up
    /// (`move_accuracy`), and the side's the mean of the plain and the harmonic mean of its
    /// moves judged on both sides (the harmonic one so that a few bad moves among many good
    /// ones still show).
    pub fn summary(&self, side: Color) -> SideSummary {
        let values = self.values();
        let moves: Vec<usize> = (1..values.len())
            .filter(|&n| self.side(n) == side)
            .collect();
        let mistakes: Vec<Cost> = moves
            .iter()
            .filter_map(|&n| Some(self.mistake(n)?.cost))
            .collect();
        let worst = mistakes
            .iter()
            .filter_map(|c| match c {
                Cost::Discs { discs, .. } => Some(*discs),
                _ => None,
            })
            .max();
        // Black's side to the mover's: the same sign, taken again.
        let each: Vec<f64> = moves
            .iter()
            .filter_map(|&n| Some((side.black_side(values[n - 1]?), side.black_side(values[n]?))))
            .map(|(before, after)| move_accuracy(before, after))
            .collect();
        let accuracy = (!each.is_empty()).then(|| {
            let n = each.len() as f64;
            let mean = each.iter().sum::<f64>() / n;
            let harmonic = n / each.iter().map(|a| 1.0 / a.max(1.0)).sum::<f64>();
            // Down, so that a side with a slip never shows 100 (a perfect move's curve
            // value is a hair under it).
            ((mean + harmonic) / 2.0 + 1e-3).floor().min(100.0) as u32
        });
        SideSummary {
            mistakes: mistakes.len(),
            worst,
            accuracy,
        }
    }

    /// The worst mistakes found so far, worst first, by move number: Gomoku's missed wins and
    /// defences before Reversi's disc losses.
    pub fn worst(&self) -> Vec<usize> {
        let weight = |c: Cost| match c {
            Cost::Discs { discs, .. } => discs,
            Cost::MissedWin | Cost::MissedDefence => i32::MAX,
        };
        let mut found: Vec<(usize, i32)> = (1..=self.judged.len())
            .filter_map(|n| Some((n, weight(self.mistake(n)?.cost))))
            .collect();
        found.sort_by_key(|&(n, w)| (-(i64::from(w)), n));
        found.into_iter().take(WORST).map(|(n, _)| n).collect()
    }
}

/// A mover's winning chances (0-100) in a position that stands at `value` (-100..100) from
/// their side: a logistic curve that gives a lead of a quarter of the scale (16 discs) about
/// three chances in four, and a lead of half of it nine in ten.
fn win_chance(value: i32) -> f64 {
    100.0 / (1.0 + (-0.045 * f64::from(value)).exp())
}

/// One move's accuracy (0-100) from the positions before and after it, each from the mover's
/// side: lichess's curve over the winning chances given up.
fn move_accuracy(before: i32, after: i32) -> f64 {
    let lost = (win_chance(before) - win_chance(after)).max(0.0);
    (103.1668 * (-0.04354 * lost).exp() - 3.1669).clamp(0.0, 100.0)
}

/// Each position of `game`'s line, with the move played from it.
fn line<P: Rules>(game: &Game<P>) -> Vec<Judge> {
    let mut record = Record::new(game.record.start().clone());
    let mut out = vec![];
    for &mv in game.record.played() {
        out.push(record.position().judge(Some(mv)));
        if record.play(mv).is_err() {
            return out;
        }
    }
    out.push(record.position().judge(None));
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::review::{Better, Mistake};
    use crate::game::Player;

    /// Four moves; Black's second (move 3) drops from even to well behind.
    fn reviewed() -> Review {
        let mut g = Game::new(Player::Human, Player::Human);
        for m in ["f5", "d6", "c3", "d3"] {
            g.record.play(m.parse().unwrap()).unwrap();
        }
        let mut review = Review::of(&SavedGame::Reversi(g));
        let slip = Mistake {
            cost: Cost::Discs {
                discs: 26,
                exact: false,
            },
            better: Better::Reversi("c5".parse().unwrap()),
        };
        for (i, value) in [0, 0, 0, -40, -40].into_iter().enumerate() {
            let mistake = (i == 2).then_some(slip);
            review.answer(i, Some(Judged { value, mistake }));
        }
        review
    }

    #[test]
    fn a_side_is_summed_up_by_its_own_moves() {
        let review = reviewed();
        let black = review.summary(Color::Black);
        assert_eq!((black.mistakes, black.worst), (1, Some(26)));
        assert!(black.accuracy.unwrap() < 80, "{black:?}");
        let white = review.summary(Color::White);
        assert_eq!((white.mistakes, white.accuracy), (0, Some(100)));
    }

    #[test]
    fn mistakes_are_numbered_as_the_move_list_and_found_either_way() {
        let review = reviewed();
        let t = crate::i18n::Lang::En.text();
        assert_eq!(
            review.said(3, t).as_deref(),
            Some("2. Black c3 lost 26 (c5 better)")
        );
        assert_eq!(review.next_mistake(0), Some(3));
        assert_eq!(review.next_mistake(3), None);
        assert_eq!(review.previous_mistake(4), Some(3));
        assert_eq!(review.previous_mistake(3), None);
    }
}
