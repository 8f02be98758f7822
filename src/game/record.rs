//! A game as a record: the start position, every move (passes included) and a cursor into them.
//! Undo and redo only move the cursor; a new move after an undo starts a new line, and the
//! undone one is kept as a variation. Every move, takeback and replay is also kept in order, as
//! the history a replay can show.

pub use crate::rules::Playable;

/// One thing done to a record.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Step<M> {
    Play(M),
    Undo,
    Redo,
}

/// The moves of one game and how far along them we are.
#[derive(Clone, Debug, PartialEq)]
pub struct Record<P: Playable> {
    /// `positions[i]` is the position after the first `i` moves; one more than `moves`.
    positions: Vec<P>,
    moves: Vec<P::Move>,
    cursor: usize,
    /// Everything done, in order.
    history: Vec<Step<P::Move>>,
    /// Lines a new move after an undo left: where they branched off, and all their moves.
    variations: Vec<(usize, Vec<P::Move>)>,
}

impl<P: Playable> Record<P> {
    /// A record with no moves yet.
    pub fn new(start: P) -> Self {
        Record {
            positions: vec![start],
            moves: Vec::new(),
            cursor: 0,
            history: Vec::new(),
            variations: Vec::new(),
        }
    }

    /// A record made by doing `steps` in order from `start`. Fails with the index and error of
    /// the first move that is illegal (an undo or redo that cannot be done is skipped).
    pub fn from_history(start: P, steps: &[Step<P::Move>]) -> Result<Self, (usize, P::Error)> {
        let mut record = Record::new(start);
        for (i, &step) in steps.iter().enumerate() {
            match step {
                Step::Play(mv) => record.play(mv).map_err(|e| (i, e))?,
                Step::Undo => {
                    record.undo();
                }
                Step::Redo => {
                    record.redo();
                }
            }
        }
        Ok(record)
    }

    /// Everything done to the record, in order.
    pub fn history(&self) -> &[Step<P::Move>] {
        &self.history
    }

    /// Whether anything was ever taken back.
    pub fn has_takebacks(&self) -> bool {
        self.history.contains(&Step::Undo)
    }

    /// The lines a new move after an undo left behind: where each branched off, and all its
    /// moves from the start.
    pub fn variations(&self) -> &[(usize, Vec<P::Move>)] {
        &self.variations
    }

    /// A record replaying `moves` from `start`, with the cursor at `cursor` (clamped to the end).
    /// Fails with the index and error of the first illegal move.
    pub fn from_moves(
        start: P,
        moves: &[P::Move],
        cursor: usize,
    ) -> Result<Self, (usize, P::Error)> {
        let mut record = Record::new(start);
        for (i, &mv) in moves.iter().enumerate() {
            record.play(mv).map_err(|e| (i, e))?;
        }
        record.cursor = cursor.min(record.moves.len());
        Ok(record)
    }

    pub fn start(&self) -> &P {
        &self.positions[0]
    }

    /// The position at the cursor.
    pub fn position(&self) -> &P {
        &self.positions[self.cursor]
    }

    /// How many moves have been played up to the cursor.
    pub fn cursor(&self) -> usize {
        self.cursor
    }

    /// Every recorded move, including those after the cursor (the redo future).
    pub fn moves(&self) -> &[P::Move] {
        &self.moves
    }

    /// The moves up to the cursor, each with the position it was played from.
    pub fn played_from(&self) -> impl Iterator<Item = (&P, P::Move)> {
        self.positions.iter().zip(self.played().iter().copied())
    }

    /// Every move of the line (those after the cursor too) with the position it was made from.
    pub fn moved_from(&self) -> impl Iterator<Item = (&P, P::Move)> {
        self.positions.iter().zip(self.moves.iter().copied())
    }

    /// The moves up to the cursor.
    pub fn played(&self) -> &[P::Move] {
        &self.moves[..self.cursor]
    }

    /// The move that redo would replay, if any.
    pub fn next_move(&self) -> Option<P::Move> {
        self.moves.get(self.cursor).copied()
    }

    /// The last move before the cursor.
    pub fn last_move(&self) -> Option<P::Move> {
        self.played().last().copied()
    }

    /// Plays `mv` at the cursor. If it is the move redo would replay, the future is kept;
    /// otherwise the future becomes a variation and this move starts a new line. An illegal
    /// move changes nothing.
    pub fn play(&mut self, mv: P::Move) -> Result<(), P::Error> {
        if self.next_move() == Some(mv) {
            self.cursor += 1;
            self.history.push(Step::Play(mv));
            return Ok(());
        }
        let next = self.position().play(mv)?;
        if self.cursor < self.moves.len() {
            self.variations.push((self.cursor, self.moves.clone()));
        }
        self.moves.truncate(self.cursor);
        self.positions.truncate(self.cursor + 1);
        self.moves.push(mv);
        self.positions.push(next);
        self.cursor += 1;
        self.history.push(Step::Play(mv));
        Ok(())
    }

    /// Takes back one move; false at the start.
    pub fn undo(&mut self) -> bool {
        let can = self.cursor > 0;
        if can {
            self.cursor -= 1;
            self.history.push(Step::Undo);
        }
        can
    }

    /// Replays one taken-back move; false at the end.
    pub fn redo(&mut self) -> bool {
        let can = self.cursor < self.moves.len();
        if can {
            self.cursor += 1;
            self.history.push(Step::Redo);
        }
        can
    }

    /// Replaces the other lines with `lines` (each a branch point and its moves, all playable
    /// from the start), as a saved game had them.
    pub fn set_variations(&mut self, lines: Vec<(usize, Vec<P::Move>)>) {
        self.variations = lines;
    }

    /// Puts the cursor after `n` moves (clamped to the end) without making it history: for
    /// looking (a replay), not for playing.
    pub fn goto(&mut self, n: usize) {
        self.cursor = n.min(self.moves.len());
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::reversi::{Move, Position};

    fn mv(s: &str) -> Move {
        s.parse().unwrap()
    }

    #[test]
    fn undo_redo_move_the_cursor() {
        let mut r = Record::new(Position::initial());
        r.play(mv("f5")).unwrap();
        r.play(mv("d6")).unwrap();
        assert!(r.undo());
        assert_eq!(r.cursor(), 1);
        assert_eq!(r.next_move(), Some(mv("d6")));
        assert!(r.redo());
        assert!(!r.redo());
        assert_eq!(r.last_move(), Some(mv("d6")));
        assert!(r.undo() && r.undo() && !r.undo());
        assert_eq!(r.position(), &Position::initial());
    }

    #[test]
    fn new_move_after_undo_replaces_future_but_same_move_keeps_it() {
        let mut r = Record::new(Position::initial());
        for m in ["f5", "d6", "c3"] {
            r.play(mv(m)).unwrap();
        }
        r.goto(1);
        r.play(mv("d6")).unwrap();
        assert_eq!(
            r.moves().len(),
            3,
            "replaying the redo move keeps the future"
        );
        r.goto(1);
        r.play(mv("f6")).unwrap();
        assert_eq!(r.moves(), &[mv("f5"), mv("f6")]);
    }

    #[test]
    fn takebacks_are_history_and_old_lines_variations() {
        let mut r = Record::new(Position::initial());
        for m in ["f5", "d6", "c3"] {
            r.play(mv(m)).unwrap();
        }
        r.undo();
        r.undo();
        r.redo();
        r.play(mv("c5")).unwrap();
        assert_eq!(
            r.history(),
            &[
                Step::Play(mv("f5")),
                Step::Play(mv("d6")),
                Step::Play(mv("c3")),
                Step::Undo,
                Step::Undo,
                Step::Redo,
                Step::Play(mv("c5")),
            ]
        );
        assert_eq!(r.variations(), &[(2, vec![mv("f5"), mv("d6"), mv("c3")])]);
        assert!(r.has_takebacks());
        let again = Record::from_history(Position::initial(), r.history()).unwrap();
        assert_eq!(again, r);
    }

    #[test]
    fn illegal_move_changes_nothing() {
        let mut r = Record::new(Position::initial());
        let before = r.clone();
        assert!(r.play(mv("a1")).is_err());
        assert_eq!(r, before);
    }

    #[test]
    fn from_moves_reports_first_illegal() {
        let moves = [mv("f5"), mv("a1")];
        let err = Record::from_moves(Position::initial(), &moves, 2).unwrap_err();
        assert_eq!(err.0, 1);
        let r = Record::from_moves(Position::initial(), &moves[..1], 0).unwrap();
        assert_eq!(r.cursor(), 0);
        assert_eq!(r.moves().len(), 1);
    }
}
