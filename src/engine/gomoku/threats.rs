//! Threat-space search: wins the defender cannot stop because every attacking move forces its
//! replies. VCF ("victory by continuous fours") tries fours only, each answered at its one
//! five-point; VCT ("victory by continuous threats") adds open threes, answered at the three's
//! four-points or by a four of the defender's own. Moves come from the grid's sets of four-
//! and five-points, so a node costs a few set reads. Both respect Black's forbidden points,
//! and a defender who must block on a forbidden point has lost.

use super::search::Searcher;

/// How many of the attacker's own fours one VCF line may hold.
pub const VCF_DEPTH: u32 = 20;

/// The key under which a position refuted with `depth` threats left is remembered: its hash
/// mixed with the depth, so that a refutation is only trusted at the depth it was found.
fn refuted_key(hash: u64, depth: u32) -> u64 {
    hash ^ u64::from(depth).wrapping_mul(0x9E37_79B9_7F4A_7C15)
}

impl Searcher<'_> {
    /// A continuous-four win for the side to move, at most `depth` fours deep: its first move.
    pub fn vcf(&mut self, depth: u32) -> Option<usize> {
        let me = self.grid.to_move();
        let them = me.opponent();
        if let Some(win) = self.grid.fives(me).iter().next() {
            return Some(win);
        }
        let key = refuted_key(self.grid.hash(), depth);
        if depth == 0 || self.aborted() || self.vcf_failed.contains(key) {
            return None;
        }
        let moves: Vec<usize> = if self.grid.may_win(them) {
            // The defender's own four must be blocked first; that block must itself be a four.
            match self.grid.fives(them).single() {
                Some(one) if self.grid.makes_four(one, me) => vec![one],
                _ => return None,
            }
        } else {
            self.grid.fours(me).iter().collect()
        };
        if let Some(win) = self.first_win(moves, depth, Self::four_wins) {
            return Some(win);
        }
        if !self.aborted() {
            self.vcf_failed.insert(key);
        }
        None
    }

    /// After the attacker's four: whether it wins, the defender to move.
    fn four_wins(&mut self, depth: u32) -> bool {
        let defender = self.grid.to_move();
        // No five-point: not a four after all.
        !self.grid.may_win(defender)
            && self.grid.may_win(defender.opponent())
            && self.block_then(depth, |s, d| s.vcf(d).is_some())
    }

    /// After the attacker's four, the defender to move and unable to make five: blocks its
    /// five-point and asks `attack` whether the attacker still wins. Two five-points, or one
    /// forbidden to the defender, win at once.
    fn block_then(&mut self, depth: u32, attack: fn(&mut Self, u32) -> bool) -> bool {
        let attacker = self.grid.to_move().opponent();
        let Some(block) = self.grid.fives(attacker).single() else {
            return true;
        };
        if !self.grid.legal(block) {
            return true;
        }
        self.grid.play(block);
        let won = attack(self, depth - 1);
        self.grid.undo();
        won
    }

    /// A win by fours and threes for the side to move, at most `depth` threats deep: its first
    /// move. Deepens one threat at a time, so that the time goes to the short wins first
    /// rather than down the first long line tried.
    pub fn vct(&mut self, depth: u32) -> Option<usize> {
        for d in 1..=depth {
            if let Some(win) = self.vct_within(d) {
                return Some(win);
            }
            if self.aborted() {
                break;
            }
        }
        None
    }

    /// [`Searcher::vct`] at exactly `depth` threats. A position is remembered as refuted
    /// with the depth it was refuted at: with more threats left it may still win.
    fn vct_within(&mut self, depth: u32) -> Option<usize> {
        if let Some(i) = self.vcf(VCF_DEPTH) {
            return Some(i);
        }
        let key = refuted_key(self.grid.hash(), depth);
        if depth == 0 || self.aborted() || self.vct_failed.contains(key) {
            return None;
        }
        let me = self.grid.to_move();
        let them = me.opponent();
        if self.grid.may_win(them) {
            // The defender's counter-four must be blocked (VCF has tried blocks that are fours
            // themselves); the attack goes on if the three it answered still stands.
            let block = self.grid.fives(them).single()?;
            if !self.grid.legal(block) {
                return None;
            }
            self.grid.play(block);
            let won = self.threat_wins(depth);
            self.grid.undo();
            return won.then_some(block);
        }
        let fours = self.grid.fours(me);
        let moves: Vec<usize> = self
            .grid
            .candidates()
            .into_iter()
            .filter(|&i| fours.contains(i) || self.grid.makes_three(i, me))
            .collect();
        let win = self.first_win(moves, depth, Self::threat_wins);
        if win.is_none() && !self.aborted() {
            self.vct_failed.insert(key);
        }
        win
    }

    /// The first of `moves` (most promising first) that is legal for the side to move and
    /// after which `wins` says the attack succeeds.
    fn first_win(
        &mut self,
        mut moves: Vec<usize>,
        depth: u32,
        wins: fn(&mut Self, u32) -> bool,
    ) -> Option<usize> {
        moves.sort_by_cached_key(|&i| -self.grid.promise(i));
        for i in moves {
            if self.aborted() {
                return None;
            }
            if !self.grid.legal(i) {
                continue;
            }
            self.nodes += 1;
            self.grid.play(i);
            let won = wins(self, depth);
            self.grid.undo();
            if won {
                return Some(i);
            }
        }
        None
    }

    /// After the attacker's four or three: whether it wins against every defence, the
    /// defender to move.
    fn threat_wins(&mut self, depth: u32) -> bool {
        let defender = self.grid.to_move();
        let attacker = defender.opponent();
        if self.grid.may_win(defender) {
            return false;
        }
        if self.grid.may_win(attacker) {
            // A four: the one block, then the attack goes on.
            return self.block_then(depth, |s, d| s.vct_within(d).is_some());
        }
        let Some(threat) = self.straight_four_point(attacker) else {
            return false;
        };
        // The points that stop a three are its four-points, on the lines through the
        // straight-four point; a four of the defender's own gains a tempo.
        let lines = self.grid.line_points(threat, 5);
        let mut defences: Vec<usize> = self
            .grid
            .fours(attacker)
            .iter()
            .filter(|i| *i == threat || lines.contains(i))
            .collect();
        defences.extend(self.grid.fours(defender).iter());
        defences.into_iter().all(|j| {
            if !self.grid.legal(j) {
                return true;
            }
            self.grid.play(j);
            let won = self.vct_within(depth - 1).is_some();
            self.grid.undo();
            won
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::gomoku::grid::Grid;
    use crate::gomoku::{Position, Rule};
    use std::sync::atomic::AtomicBool;

    #[test]
    fn a_refutation_at_one_depth_does_not_hide_a_win_at_a_greater() {
        // Renju, Black to move (from a game against Rapfi), White threatening no five: no win
        // by fours, none with one three, one with two.
        let mut p = Position::new(15, Rule::Renju, false);
        for m in "h8 h9 i9 j10 g7 g8 f6 e5 f7 h7 g6 j7 e8 h5 e6 d6".split_whitespace() {
            p = p.play(p.board().point(m).unwrap()).unwrap();
        }
        let stop = AtomicBool::new(false);
        let mut s = Searcher::new(Grid::new(&p), &stop, None);
        assert!(!s.grid.may_win(s.grid.to_move().opponent()));
        assert_eq!(s.vcf(VCF_DEPTH), None);
        assert_eq!(s.vct_within(1), None);
        // The same searcher, its refuted sets holding what the shallower search refuted.
        let win = s.vct_within(2).expect("a win with two threats");
        assert_eq!(s.grid.point(win).to_string(), "f9");
        // Deepening from one threat finds it too.
        let mut fresh = Searcher::new(Grid::new(&p), &stop, None);
        assert_eq!(fresh.vct(5), Some(win));
    }
}
