//! The server's leaderboard and players' cards, opened from the lobby: the best players of
//! each game and rule set, and for any of them (or oneself) their ratings and latest games,
//! each of which opens as a replay.

use super::keys::{Command, Place};
use super::theme::Theme;
use crate::i18n::{Act, Text, fit_words};
use crate::table::{Card, Leaderboard, NetRequest};
use ratatui::Frame;
use ratatui::layout::Rect;
use ratatui::text::Line;
use ratatui::widgets::Paragraph;

/// What the lobby shows instead of its entries: a leaderboard or a card (`None` while the
/// server has not answered yet).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Standings {
    Board {
        board: Option<Box<Leaderboard>>,
        selected: usize,
    },
    Card {
        card: Option<Box<Card>>,
        selected: usize,
        /// The leaderboard it was opened from, to go back to.
        from: Option<Box<Leaderboard>>,
    },
}

/// What a command asks of the lobby.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Answer {
    Net(NetRequest),
    /// Back to the lobby's entries.
    Close,
}

impl Standings {
    /// A leaderboard asked for.
    pub fn board() -> Standings {
        Standings::Board {
            board: None,
            selected: 0,
        }
    }

    /// The leaderboard's players in order: the asking player's own line first, if any, then
    /// the ranked, then the provisional.
    fn players(board: &Leaderboard) -> Vec<&crate::table::Standing> {
        board
            .you
            .iter()
            .chain(&board.top)
            .chain(&board.provisional)
            .collect()
    }

    pub fn command(&mut self, command: Command) -> Option<Answer> {
        match self {
            Standings::Board { board, selected } => {
                let count = board.as_ref().map_or(0, |b| Self::players(b).len());
                match command {
                    Command::Up => *selected = selected.saturating_sub(1),
                    Command::Down => *selected = (*selected + 1).min(count.saturating_sub(1)),
                    Command::Left | Command::Right => {
                        let b = board.as_ref()?;
                        let at = b.pools.iter().position(|&p| p == b.pool);
                        let n = b.pools.len();
                        let next = match (at, command == Command::Right) {
                            (_, _) if n == 0 => return None,
                            (Some(i), true) => (i + 1) % n,
                            (Some(i), false) => (i + n - 1) % n,
                            (None, _) => 0,
                        };
                        let pool = b.pools[next];
                        *selected = 0;
                        return Some(Answer::Net(NetRequest::Leaderboard(Some(pool))));
                    }
                    Command::Enter => {
                        let b = board.take()?;
                        let Some(player) = Self::players(&b).get(*selected).map(|p| p.key.clone())
                        else {
                            *board = Some(b);
                            return None;
                        };
                        *self = Standings::Card {
                            card: None,
                            selected: 0,
                            from: Some(b),
                        };
                        return Some(Answer::Net(NetRequest::Card(player)));
                    }
                    Command::Quit => return Some(Answer::Close),
                    _ => {}
                }
                None
            }
            Standings::Card {
                card,
                selected,
                from,
            } => {
                let count = card.as_ref().map_or(0, |c| c.games.len());
                match command {
                    Command::Up => *selected = selected.saturating_sub(1),
                    Command::Down => *selected = (*selected + 1).min(count.saturating_sub(1)),
                    Command::Enter => {
                        let game = card.as_ref()?.games.get(*selected)?;
                        return Some(Answer::Net(NetRequest::PastGame(game.code.clone())));
                    }
                    Command::Quit => match from.take() {
                        Some(board) => {
                            *self = Standings::Board {
                                board: Some(board),
                                selected: 0,
                            }
                        }
                        None => return Some(Answer::Close),
                    },
                    _ => {}
                }
                None
            }
        }
    }

    /// The server's leaderboard arrived: shown if one is awaited.
    pub fn show_board(&mut self, new: Leaderboard) {
        if let Standings::Board { board, selected } = self {
            *selected = (*selected).min(Self::players(&new).len().saturating_sub(1));
            *board = Some(Box::new(new));
        }
    }

    /// The server's card arrived: shown if one is awaited.
    pub fn show_card(&mut self, new: Card) {
        if let Standings::Card { card, .. } = self {
            *card = Some(Box::new(new));
        }
    }
}

/// A note in as many dim lines of `room` columns as it takes.
fn wrapped(text: &str, room: usize, theme: Theme) -> Vec<Line<'static>> {
    crate::i18n::wrap(text, room)
        .into_iter()
        .map(|l| Line::styled(format!("  {l}"), theme.dim()))
        .collect()
}

/// Draws the leaderboard or the card over the lobby's area.
pub fn draw(frame: &mut Frame, area: Rect, standings: &Standings, theme: Theme, t: &dyn Text) {
    let width = area.width.min(78);
    let room = usize::from(width).saturating_sub(4);
    let marker = theme.glyphs().to_move;
    let line = |text: String, chosen: bool| match chosen {
        true => Line::styled(
            format!("{marker} {}", fit_words(&text, room)),
            theme.selected(),
        ),
        false => Line::from(format!("  {}", fit_words(&text, room))),
    };
    let mut lines = vec![];
    let mut selected_line = 0;
    match standings {
        Standings::Board { board: None, .. } | Standings::Card { card: None, .. } => {
            lines.push(Line::styled(t.asking_the_server(), theme.dim()));
        }
        Standings::Board {
            board: Some(board),
            selected,
        } => {
            let title = t.leaderboard_title(board.pool, board.pools.len() > 1);
            lines.extend([Line::styled(title, theme.emphasis()), Line::default()]);
            let you = usize::from(board.you.is_some());
            let ranked = you + board.top.len();
            for (i, s) in Standings::players(board).into_iter().enumerate() {
                if i == you && board.top.is_empty() {
                    lines.extend(wrapped(t.leaderboard_empty(), room, theme));
                }
                if i == ranked {
                    lines.extend([
                        Line::default(),
                        Line::styled(t.provisional_players(), theme.label()),
                    ]);
                }
                let rank = (i >= you && i < ranked).then(|| i + 1 - you);
                if i == *selected {
                    selected_line = lines.len();
                }
                lines.push(line(t.standing_line(rank, s, i < you), i == *selected));
                if i + 1 == you {
                    lines.push(Line::default());
                }
            }
            if board.top.is_empty() && board.provisional.is_empty() {
                lines.extend(wrapped(t.leaderboard_empty(), room, theme));
            }
        }
        Standings::Card {
            card: Some(card),
            selected,
            ..
        } => {
            lines.extend([
                Line::styled(t.card_title(&card.name), theme.emphasis()),
                Line::default(),
            ]);
            for s in &card.standings {
                lines.push(Line::from(format!("  {}", t.card_rating(s))));
            }
            if card.standings.is_empty() {
                lines.push(Line::styled(t.no_rating_yet(), theme.dim()));
            }
            lines.extend([
                Line::default(),
                Line::styled(t.latest_games(), theme.label()),
            ]);
            for (i, g) in card.games.iter().enumerate() {
                if i == *selected {
                    selected_line = lines.len();
                }
                lines.push(line(t.past_game_line(g), i == *selected));
            }
        }
    }
    let mut footer = vec![Line::default()];
    let mut keys = Place::Lobby.items(&[Act::Choose, Act::Change, Act::Go], theme, t);
    keys.push(format!("Esc {}", t.act(Act::Back)));
    footer.push(Line::styled(keys.join(theme.glyphs().sep), theme.dim()));
    let room = usize::from(area.height).saturating_sub(footer.len()).max(1);
    let skip = (selected_line + 2).saturating_sub(room);
    let mut shown: Vec<Line> = lines.into_iter().skip(skip).take(room).collect();
    shown.resize(room, Line::default());
    shown.extend(footer);
    let body = Rect::new(
        area.x + (area.width - width) / 2,
        area.y,
        width,
        area.height,
    );
    frame.render_widget(Paragraph::new(shown), body);
}
