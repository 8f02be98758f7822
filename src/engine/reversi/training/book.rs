//! Building the opening book from recorded games: the positions that enough games reach in
//! their first moves, each move leaving the book scored by a midgame search, and every
//! position's value found by negamax over the moves that stay in it.

use super::games::Replayed;
use crate::engine::Budget;
use crate::engine::reversi::book::{Book, Entry, canonical};
use crate::engine::reversi::search::Searcher;
use crate::engine::reversi::tt::Table;
use crate::reversi::{flips, legal_moves};
use std::collections::{HashMap, HashSet};

/// Which positions go into the book.
#[derive(Clone, Copy, Debug)]
pub struct Choice {
    /// Positions up to this many moves into a game.
    pub plies: usize,
    /// Positions reached in at least this many games.
    pub min_games: usize,
}

/// The canonical positions (side to move first) that at least `min_games` games reach in their
/// first `plies` moves, where the side to move has a move; fewest discs first.
pub fn positions(games: &[Replayed], choice: Choice) -> Vec<(u64, u64)> {
    let mut counts: HashMap<(u64, u64), usize> = HashMap::new();
    for game in games {
        // A game that reaches a position twice (it cannot: discs only grow) counts once.
        for &(own, opp, _) in game.positions.iter().take(choice.plies) {
            *counts.entry(canonical(own, opp)).or_default() += 1;
        }
    }
    let mut out: Vec<_> = counts
        .into_iter()
        .filter(|&(_, n)| n >= choice.min_games)
        .map(|(k, _)| k)
        .collect();
    out.sort_by_key(|&(own, opp)| ((own | opp).count_ones(), own, opp));
    out
}

/// The best score, in hundredths of a disc, of the moves from `(own, opp)` that leave `book`,
/// searched to `depth` plies; `None` when every move stays in the book.
pub fn leaving_value(
    own: u64,
    opp: u64,
    book: &HashSet<(u64, u64)>,
    depth: u32,
    tt: &Table,
    budget: &Budget,
) -> Option<i32> {
    let mut searcher = Searcher::new(tt, budget);
    let mut best: Option<i32> = None;
    let mut bits = legal_moves(own, opp);
    while bits != 0 {
        let sq = bits.trailing_zeros() as u8;
        bits &= bits - 1;
        let f = flips(own, opp, sq);
        if book.contains(&canonical(opp & !f, own | f | 1 << sq)) {
            continue;
        }
        let v = match best {
            None => searcher.score_move(own, opp, sq, depth - 1, -10_000, 10_000),
            Some(b) => {
                let v = searcher.score_move(own, opp, sq, depth - 1, b, b + 1);
                if v > b {
                    searcher.score_move(own, opp, sq, depth - 1, b, 10_000)
                } else {
                    v
                }
            }
        };
        best = Some(best.map_or(v, |b| b.max(v)));
    }
    best
}

/// The book: each position's value is the best of its moves, those staying in the book worth
/// minus their position's value, the others `leaving` (hundredths of a disc) as searched.
pub fn propagate(positions: &[(u64, u64)], leaving: &HashMap<(u64, u64), Option<i32>>) -> Book {
    let mut values: HashMap<(u64, u64), i32> = HashMap::new();
    // Most discs first, so that a position's children are valued before it.
    for &(own, opp) in positions.iter().rev() {
        let mut best = leaving
            .get(&(own, opp))
            .copied()
            .flatten()
            .map(|v| (f64::from(v) / 100.0).round() as i32);
        let mut bits = legal_moves(own, opp);
        while bits != 0 {
            let sq = bits.trailing_zeros() as u8;
            bits &= bits - 1;
            let f = flips(own, opp, sq);
            if let Some(v) = values.get(&canonical(opp & !f, own | f | 1 << sq)) {
                best = Some(best.map_or(-v, |b| b.max(-v)));
            }
        }
        if let Some(v) = best {
            values.insert((own, opp), v.clamp(-64, 64));
        }
    }
    Book::new(values.into_iter().map(|((own, opp), v)| Entry {
        own,
        opp,
        value: v as i8,
    }))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::reversi::training::games::replay_transcript;
    use std::sync::atomic::AtomicBool;

    #[test]
    fn a_small_book_is_built_and_plays_legal_moves() {
        let games: Vec<Replayed> = [
            "f5d6c3d3c4b3",
            "f5d6c3d3c4f4",
            "f5f6e6f4c3",
            "d3c5f6f5e6",
            "f5d6c5f4d3",
        ]
        .iter()
        .map(|t| replay_transcript(t).unwrap())
        .collect();
        let chosen = positions(
            &games,
            Choice {
                plies: 6,
                min_games: 2,
            },
        );
        // The start, f5 (d3 is its image), f5d6, f5d6c3, f5d6c3d3, f5d6c3d3c4.
        assert_eq!(chosen.len(), 6, "{chosen:?}");
        let set: HashSet<_> = chosen.iter().copied().collect();
        let stop = AtomicBool::new(false);
        let budget = Budget::new(&stop, None);
        let tt = Table::new(4);
        let leaving: HashMap<_, _> = chosen
            .iter()
            .map(|&(p, o)| ((p, o), leaving_value(p, o, &set, 3, &tt, &budget)))
            .collect();
        // The start's four moves all lead to f5's image: nothing leaves the book there.
        let (p, o) = crate::reversi::Position::initial().own_opp();
        assert_eq!(leaving[&canonical(p, o)], None);
        let book = propagate(&chosen, &leaving);
        assert_eq!(book.len(), 6);
        let (sq, v) = book.choose(p, o, 0, 0.3).expect("the start is in the book");
        assert!(legal_moves(p, o) & 1 << sq != 0);
        assert_eq!(Some(v), book.value(p, o));
    }
}
