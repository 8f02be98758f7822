//! Threat-space search: wins the defender cannot stop because every attacking move forces one
//! reply. VCF ("victory by continuous fours") tries fours only, each answered at its one
//! five-point; VCT ("victory by continuous threats") adds threes, answered by every stone on
//! the three's lines and every counter-four. Both respect Black's forbidden points, and a
//! defender who must block on a forbidden point has lost.

use super::search::Searcher;

/// How many of the attacker's own fours one VCF line may hold.
pub const VCF_DEPTH: u32 = 20;

impl Searcher<'_> {
    /// A continuous-four win for the side to move, at most `depth` fours deep: its first move.
    pub fn vcf(&mut self, depth: u32) -> Option<usize> {
        let me = self.grid.to_move();
        let them = me.opponent();
        let cands = self.grid.candidates();
        if let Some(&win) = self.grid.fives(me, &cands).first() {
            return Some(win);
        }
        if depth == 0 || self.aborted() || self.vcf_failed.contains(&self.grid.hash()) {
            return None;
        }
        let theirs = self.grid.fives(them, &cands);
        let mut moves: Vec<usize> = match theirs.as_slice() {
            // The defender's own four must be blocked first; that block must itself be a four.
            [] => cands,
            [one] => vec![*one],
            _ => return None,
        };
        moves.retain(|&i| self.grid.threat(i, me) >= 3);
        if let Some(win) = self.first_win(moves, depth, Self::four_wins) {
            return Some(win);
        }
        if !self.aborted() {
            self.vcf_failed.insert(self.grid.hash());
        }
        None
    }

    /// After the attacker's stone at `i`: whether the four it made wins, the defender to move.
    fn four_wins(&mut self, i: usize, depth: u32) -> bool {
        let attacker = self.grid.to_move().opponent();
        let blocks = self.grid.fives_near(i, attacker);
        if blocks.is_empty() || self.defender_has_five() {
            return false;
        }
        let [block] = blocks[..] else {
            return true;
        };
        if !self.grid.legal(block) {
            return true;
        }
        self.grid.play(block);
        let won = self.vcf(depth - 1).is_some();
        self.grid.undo();
        won
    }

    /// Whether the side to move can make five right now.
    fn defender_has_five(&self) -> bool {
        let me = self.grid.to_move();
        !self.grid.fives(me, &self.grid.candidates()).is_empty()
    }

    /// A win by fours and threes for the side to move, at most `depth` threats deep: its first
    /// move.
    pub fn vct(&mut self, depth: u32) -> Option<usize> {
        if let Some(i) = self.vcf(VCF_DEPTH) {
            return Some(i);
        }
        if depth == 0 || self.aborted() || self.vct_failed.contains(&self.grid.hash()) {
            return None;
        }
        let me = self.grid.to_move();
        let them = me.opponent();
        let cands = self.grid.candidates();
        if !self.grid.fives(them, &cands).is_empty() {
            // Only a four answers a four, and VCF has tried them all.
            return None;
        }
        let moves: Vec<usize> = cands
            .into_iter()
            .filter(|&i| self.grid.threat(i, me) >= 2)
            .collect();
        let win = self.first_win(moves, depth, Self::threat_wins);
        if win.is_none() && !self.aborted() {
            self.vct_failed.insert(self.grid.hash());
        }
        win
    }

    /// The first of `moves` (those gaining most first) that is legal for the side to move and
    /// after which `wins` says the attack succeeds.
    fn first_win(
        &mut self,
        mut moves: Vec<usize>,
        depth: u32,
        wins: fn(&mut Self, usize, u32) -> bool,
    ) -> Option<usize> {
        let me = self.grid.to_move();
        moves.sort_by_cached_key(|&i| -self.grid.gain(i, me));
        for i in moves {
            if self.aborted() {
                return None;
            }
            if !self.grid.legal(i) {
                continue;
            }
            self.nodes += 1;
            self.grid.play(i);
            let won = wins(self, i, depth);
            self.grid.undo();
            if won {
                return Some(i);
            }
        }
        None
    }

    /// After the attacker's stone at `i`: whether it is a four or a three that wins against
    /// every defence, the defender to move.
    fn threat_wins(&mut self, i: usize, depth: u32) -> bool {
        let attacker = self.grid.to_move().opponent();
        let fours = self.grid.fives_near(i, attacker);
        if !fours.is_empty() {
            // VCF already tried every four at this node.
            return false;
        }
        if !self.makes_three(i) || self.defender_has_five() {
            return false;
        }
        let defender = self.grid.to_move();
        let mut defences = self.grid.line_points(i, 5);
        for j in self.grid.candidates() {
            if self.grid.threat(j, defender) >= 3 && !defences.contains(&j) {
                defences.push(j);
            }
        }
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

    /// Whether the attacker's stone at `i` made a three: one more stone on its lines, itself
    /// allowed, makes a four with two five-points.
    fn makes_three(&mut self, i: usize) -> bool {
        let attacker = self.grid.to_move().opponent();
        let defender = self.grid.to_move();
        // Judged as if it were the attacker's turn again.
        self.grid.pass();
        let found = self.grid.line_points(i, 4).into_iter().any(|j| {
            self.grid.threat(j, attacker) >= 3 && self.grid.legal(j) && {
                self.grid.play(j);
                let straight = self.grid.fives_near(j, attacker).len() >= 2;
                self.grid.undo();
                straight
            }
        });
        self.grid.pass();
        debug_assert_eq!(self.grid.to_move(), defender);
        found
    }
}
