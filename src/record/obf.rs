//! OBF lines, the form of the FFO endgame suite: 64 squares (X, O, -), the side to move, `;`, and
//! optionally `move:score` pairs giving exact final scores (the first names a best move).

use crate::reversi::{Move, Position, PositionError};

/// One position with the scores the file claims for its moves.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ObfLine {
    pub position: Position,
    pub scores: Vec<(Move, i32)>,
}

/// Why a line is not OBF.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ObfError {
    Position(PositionError),
    /// Not a `move:score` pair.
    Score(String),
}

impl From<PositionError> for ObfError {
    fn from(e: PositionError) -> ObfError {
        ObfError::Position(e)
    }
}

impl ObfError {
    /// What is wrong, as a game's text can be wrong.
    pub fn flaw(&self) -> crate::game::Flaw {
        match self {
            ObfError::Position(e) => crate::game::Flaw::Position(e.clone()),
            ObfError::Score(pair) => crate::game::Flaw::BadScore(pair.clone()),
        }
    }
}

impl std::fmt::Display for ObfError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        self.flaw().fmt(f)
    }
}

impl std::error::Error for ObfError {}

impl ObfLine {
    /// The best score the line gives, if any.
    pub fn expected(&self) -> Option<i32> {
        self.scores.first().map(|&(_, s)| s)
    }
}

/// Parses one line; blank lines and `%` comments give `None`.
pub fn parse_line(line: &str) -> Option<Result<ObfLine, ObfError>> {
    let line = line.trim();
    if line.is_empty() || line.starts_with('%') {
        return None;
    }
    Some(parse(line))
}

fn parse(line: &str) -> Result<ObfLine, ObfError> {
    let mut parts = line.split(';');
    let position: Position = parts.next().unwrap_or("").parse()?;
    let scores = parts
        .map(str::trim)
        .filter(|s| !s.is_empty())
        .map(|pair| {
            let bad = || ObfError::Score(pair.to_string());
            let (mv, score) = pair.split_once(':').ok_or_else(bad)?;
            let mv = mv.trim().parse::<Move>().map_err(|_| bad())?;
            let score = score
                .trim()
                .trim_start_matches('+')
                .parse::<i32>()
                .map_err(|_| bad())?;
            Ok((mv, score))
        })
        .collect::<Result<_, ObfError>>()?;
    Ok(ObfLine { position, scores })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_ffo_lines() {
        let line = "--XXXXX--OOOXX-O-OOOXXOX-OXOXOXXOXXXOXXX--XOXOXX-XXXOOO--OOOOO-- X; G8:+18; H1:+12; A4:-22;";
        let obf = parse_line(line).unwrap().unwrap();
        assert_eq!(obf.expected(), Some(18));
        assert_eq!(obf.scores[0].0.to_string(), "g8");
        assert_eq!(obf.scores[2], ("a4".parse().unwrap(), -22));
        assert!(parse_line("% comment").is_none());
        assert!(parse_line("   ").is_none());
        assert!(parse_line("XX X;").unwrap().is_err());
        let bare = parse_line(&format!("{} O", "-".repeat(64)))
            .unwrap()
            .unwrap();
        assert_eq!(bare.expected(), None);
        assert!(
            parse_line(&format!("{} O; Z9:+1", "-".repeat(64)))
                .unwrap()
                .is_err()
        );
    }
}
