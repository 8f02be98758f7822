//! Threat-space search: wins the defender cannot stop because every attacking move forces its
//! replies. VCF ("victory by continuous fours") tries fours only, each answered at its one
//! five-point; VCT ("victory by continuous threats") adds open threes, answered at the three's
//! four-points or by a four of the defender's own. Moves come from the grid's sets of four-
//! and five-points, so a node costs a few set reads. Both respect Black's forbidden points,
//! and a defender who must block on a forbidden point has lost.

use super::search::Searcher;

/// How many of the attacker's own fours one VCF line may hold.
pub const VCF_DEPTH: u32 = 20;

impl Searcher<'_> {
    /// A continuous-four win for the side to move, at most `depth` fours deep: its first move.
    pub fn vcf(&mut self, depth: u32) -> Option<usize> {
        let me = self.grid.to_move();
        let them = me.opponent();
        if let Some(win) = self.grid.fives(me).iter().next() {
            return Some(win);
        }
        if depth == 0 || self.aborted() || self.vcf_failed.contains(self.grid.hash()) {
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
            self.vcf_failed.insert(self.grid.hash());
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
    /// move.
    pub fn vct(&mut self, depth: u32) -> Option<usize> {
        if let Some(i) = self.vcf(VCF_DEPTH) {
            return Some(i);
        }
        if depth == 0 || self.aborted() || self.vct_failed.contains(self.grid.hash()) {
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
            self.vct_failed.insert(self.grid.hash());
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
            return self.block_then(depth, |s, d| s.vct(d).is_some());
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
            let won = self.vct(depth - 1).is_some();
            self.grid.undo();
            won
        })
    }
}
