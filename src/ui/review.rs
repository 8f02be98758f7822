//! The review of a game in a replay: every position judged by the engine in the background, one
//! request at a time (analysis, when on, goes first), for the graph and the mistakes.

use super::rules::Rules;
use crate::engine::review::{Cost, Judge, Judged};
use crate::game::{Game, Record, SavedGame, each_game};
use crate::i18n::Text;

/// The positions of a game's line and what the engine has said of each so far.
#[derive(Clone, Debug, PartialEq)]
pub struct Review {
    /// Each position of the line with the move played from it (none after the last).
    line: Vec<Judge>,
    /// The answers so far, in order; `None` where the engine ran out of time.
    judged: Vec<Option<Judged>>,
    /// The moves of the line by name.
    names: Vec<String>,
}

/// How many mistakes the summary names.
const WORST: usize = 3;

impl Review {
    /// The review of `game`'s line, from its start to its record's cursor.
    pub fn of(game: &SavedGame) -> Review {
        let line = each_game!(game, g => line(g));
        let mut names = game.move_names();
        names.truncate(game.steps().0);
        Review {
            line,
            judged: vec![],
            names,
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
    pub fn mistake(&self, n: usize) -> Option<crate::engine::review::Mistake> {
        self.judged
            .get(n.checked_sub(1)?)
            .copied()
            .flatten()?
            .mistake
    }

    /// "23. c4 lost 12 (b3 better)": what move `n` cost, if it was a mistake.
    pub fn said(&self, n: usize, t: &dyn Text) -> Option<String> {
        let mistake = self.mistake(n)?;
        let name = self.names.get(n - 1)?;
        let better = mistake.better.to_string();
        Some(t.mistake(n, name, mistake.cost, &better))
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
