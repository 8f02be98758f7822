//! The lobby of an SSH server: play the computer, create a game for a person, join one by code
//! or from the list, watch one, or go back to a game whose seat is kept.

use super::keys::{Command, Place};
use super::menu::Item;
use super::play::Message;
use super::settings_view::next_clock;
use super::standings::{self, Standings};
use super::theme::Theme;
use crate::game::GameId;
use crate::game::SavedGame;
use crate::game::clock::TimeControl;
use crate::i18n::{Act, Text, fit_words, pad};
use crate::reversi::Color;
use crate::settings::Setup;
use crate::table::{Listing, NetRequest};
use ratatui::Frame;
use ratatui::layout::Rect;
use ratatui::text::{Line, Span};
use ratatui::widgets::Paragraph;

/// The longest join code a player can type.
pub const CODE_LEN: usize = 8;

/// One entry of the lobby.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Entry {
    /// The unfinished game against the computer, saved when this player last left.
    Continue,
    PlayComputer,
    /// A setting of the game to create (Game, Rule, Size), changed with ← and →.
    Setting(Item),
    Colour,
    /// Whether the game to create (or to be paired for) is rated.
    Rated,
    /// The game's clock.
    Clock,
    /// Wait to be paired with someone now.
    Seek,
    Create,
    Code,
    /// The table at this index of the list.
    Table(usize),
    /// The leaderboard and players' cards.
    Leaderboard,
    Help,
    Quit,
}

/// How a game with a person will be, besides its game: rated or not (`None` for a player
/// without a key, who plays unrated games only), and its clock.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Choices {
    pub rated: Option<bool>,
    pub clock: Option<TimeControl>,
}

#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Lobby {
    pub selected: usize,
    /// The join code being typed.
    pub code: String,
    /// The colour wanted in a new game; `None`: either.
    pub color: Option<Color>,
    pub message: Option<Message>,
    /// The leaderboard or a card, shown instead of the entries.
    pub standings: Option<Standings>,
}

/// What the lobby asks of the App after a command.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Answer {
    /// Continue the unfinished game.
    Continue,
    /// To the start menu, to play the computer.
    PlayComputer,
    /// Ask the server.
    Net(NetRequest),
    Help,
    Quit,
}

impl Lobby {
    /// A command in the lobby (while the code is being typed, its letters and digits are text
    /// the App gives [`Lobby::type_code`]). The game's settings chosen here are `setup`'s.
    pub fn command(
        &mut self,
        command: Command,
        (setup, choices): (&mut Setup, &mut Choices),
        (saved, tables): (bool, &[Listing]),
        t: &dyn Text,
    ) -> Option<Answer> {
        self.message = None;
        if let Some(standings) = &mut self.standings {
            return match standings.command(command)? {
                standings::Answer::Net(request) => Some(Answer::Net(request)),
                standings::Answer::Close => {
                    self.standings = None;
                    None
                }
            };
        }
        let entries = Lobby::entries(saved, setup, tables);
        let entry = entries[self.selected.min(entries.len() - 1)];
        let answer = match command {
            Command::Up => {
                self.step(-1, entries.len());
                None
            }
            Command::Down => {
                self.step(1, entries.len());
                None
            }
            Command::Left | Command::Right => {
                let forward = command == Command::Right;
                match entry {
                    Entry::Setting(item) => setup.change(item, forward),
                    Entry::Colour => self.change_colour(forward),
                    Entry::Rated => self.change_rated(&mut choices.rated, t),
                    Entry::Clock => choices.clock = next_clock(choices.clock, forward),
                    _ => {}
                }
                None
            }
            Command::Enter => match entry {
                Entry::Continue => Some(Answer::Continue),
                Entry::PlayComputer => Some(Answer::PlayComputer),
                Entry::Setting(item) => {
                    setup.change(item, true);
                    None
                }
                Entry::Colour => {
                    self.change_colour(true);
                    None
                }
                Entry::Rated => {
                    self.change_rated(&mut choices.rated, t);
                    None
                }
                Entry::Clock => {
                    choices.clock = next_clock(choices.clock, true);
                    None
                }
                Entry::Seek => {
                    self.message = Some(Message::info(t.seeking()));
                    Some(Answer::Net(NetRequest::Seek {
                        setup: *setup,
                        rated: choices.rated == Some(true),
                        clock: choices.clock,
                    }))
                }
                Entry::Create => Some(Answer::Net(NetRequest::Create {
                    setup: *setup,
                    color: self.color,
                    rated: choices.rated == Some(true),
                    clock: choices.clock,
                })),
                Entry::Code if self.code.is_empty() => {
                    self.message = Some(Message::info(t.type_the_code()));
                    None
                }
                Entry::Code => Some(Answer::Net(NetRequest::Join(self.code.clone()))),
                Entry::Table(i) => tables.get(i).map(|t| {
                    let code = t.code.clone();
                    Answer::Net(if t.seek && t.yours {
                        NetRequest::Withdraw
                    } else if t.seek {
                        NetRequest::Accept(code)
                    } else if t.yours || t.open() {
                        NetRequest::Join(code)
                    } else {
                        NetRequest::Watch(code)
                    })
                }),
                Entry::Leaderboard => {
                    self.standings = Some(Standings::board());
                    Some(Answer::Net(NetRequest::Leaderboard(None)))
                }
                Entry::Help => Some(Answer::Help),
                Entry::Quit => Some(Answer::Quit),
            },
            // Waiting to be paired, Esc stops waiting first.
            Command::Quit if tables.iter().any(|l| l.seek && l.yours) => {
                Some(Answer::Net(NetRequest::Withdraw))
            }
            Command::Quit => Some(Answer::Quit),
            _ => None,
        };
        // The Gomoku settings come and go with the game chosen: stay on the same entry.
        let entries = Lobby::entries(saved, setup, tables);
        if let Some(i) = entries.iter().position(|&e| e == entry)
            && !matches!(command, Command::Up | Command::Down)
        {
            self.selected = i;
        }
        self.selected = self.selected.min(entries.len() - 1);
        answer
    }

    /// The entries: Continue when there is a saved game, the Gomoku settings only when Gomoku
    /// is chosen, then one per table.
    pub fn entries(saved: bool, setup: &Setup, tables: &[Listing]) -> Vec<Entry> {
        let mut entries = vec![];
        if saved {
            entries.push(Entry::Continue);
        }
        entries.extend([Entry::PlayComputer, Entry::Setting(Item::Game)]);
        if setup.kind == GameId::Gomoku {
            entries.extend([Item::Rule, Item::Size, Item::Opening].map(Entry::Setting));
        }
        entries.extend([
            Entry::Rated,
            Entry::Clock,
            Entry::Seek,
            Entry::Colour,
            Entry::Create,
            Entry::Code,
        ]);
        entries.extend((0..tables.len()).map(Entry::Table));
        entries.extend([Entry::Leaderboard, Entry::Help, Entry::Quit]);
        entries
    }

    /// Up or down one entry, stopping at the ends.
    pub fn step(&mut self, delta: isize, count: usize) {
        self.selected = self.selected.saturating_add_signed(delta).min(count - 1);
    }

    /// The next colour choice: Black, White, either.
    pub fn change_colour(&mut self, forward: bool) {
        let choices = [Some(Color::Black), Some(Color::White), None];
        let i = choices.iter().position(|&c| c == self.color).unwrap_or(0);
        let step = if forward { 1 } else { choices.len() - 1 };
        self.color = choices[(i + step) % choices.len()];
    }

    /// Rated or not, for a player with a key (`rated` is `None` for one without, who is told
    /// what a key gives).
    fn change_rated(&mut self, rated: &mut Option<bool>, t: &dyn Text) {
        match rated {
            Some(rated) => *rated = !*rated,
            None => self.message = Some(Message::info(t.rated_needs_key())),
        }
    }

    /// A character typed into the join code (letters and digits only).
    pub fn type_code(&mut self, c: char) {
        if c.is_ascii_alphanumeric() && self.code.len() < CODE_LEN {
            self.code.push(c.to_ascii_uppercase());
        }
    }
}

fn label(
    entry: Entry,
    lobby: &Lobby,
    saved: Option<&SavedGame>,
    (setup, choices): (&Setup, Choices),
    tables: &[Listing],
    t: &dyn Text,
) -> String {
    let offers = super::menu::Offers { library: &[] };
    match entry {
        Entry::Continue => saved.map_or_else(
            || t.continue_word().into(),
            |g| super::menu::continue_with(g, t),
        ),
        Entry::PlayComputer => t.play_the_computer().into(),
        Entry::Setting(item @ (Item::Game | Item::Rule | Item::Size | Item::Opening)) => {
            super::menu::label(item, offers, setup, t)
        }
        Entry::Setting(_) => String::new(),
        Entry::Colour => t.your_colour(lobby.color),
        Entry::Rated => t.rated_choice(choices.rated),
        Entry::Clock => t.clock_choice(choices.clock),
        Entry::Seek => t.play_someone_now().into(),
        Entry::Create => t.create_game().into(),
        Entry::Code => format!(
            "{} [{:<width$}]",
            t.join_by_code(),
            lobby.code,
            width = CODE_LEN
        ),
        Entry::Table(i) => tables.get(i).map_or_else(String::new, |l| table_line(l, t)),
        Entry::Leaderboard => t.leaderboard_entry().into(),
        Entry::Help => t.menu_help().into(),
        Entry::Quit => t.menu_quit().into(),
    }
}

fn table_line(l: &Listing, t: &dyn Text) -> String {
    if l.seek {
        let name = l.names[0].as_deref().unwrap_or_default();
        return t.seek_line(name, l.ratings[0], l.game, l.rated, l.clock);
    }
    let name = |i: usize| l.names[i].as_deref().unwrap_or(t.seat_free());
    let watching = if l.watchers > 0 {
        format!(" · {}", t.watching_count(l.watchers))
    } else {
        String::new()
    };
    let player = |i: usize| match l.ratings[i] {
        Some(rating) => format!("{} {rating}", name(i)),
        None => name(i).to_string(),
    };
    let rated = if l.rated {
        format!(" · {}", t.rated_word())
    } else {
        String::new()
    };
    let rated = match l.clock {
        Some(clock) => format!("{rated} · {clock}"),
        None => rated,
    };
    format!(
        "{}  {} {} - {}  {}{rated}{watching}",
        l.code,
        pad(&t.variant(l.game), 12),
        player(0),
        player(1),
        t.listing_move(l.move_number)
    )
}

/// The heading over a table's line, when it starts a group.
fn group(l: &Listing, t: &dyn Text) -> &'static str {
    if l.seek {
        t.seeks_heading(l.yours)
    } else if l.yours {
        t.your_games()
    } else if l.open() {
        t.open_games()
    } else {
        t.games_being_played()
    }
}

/// Draws the lobby; `user` is the name this player connected with.
#[allow(clippy::too_many_arguments)]
pub fn draw(
    frame: &mut Frame,
    area: Rect,
    lobby: &Lobby,
    saved: Option<&SavedGame>,
    (setup, choices): (&Setup, Choices),
    tables: &[Listing],
    user: &str,
    theme: Theme,
    t: &dyn Text,
) {
    if let Some(standings) = &lobby.standings {
        return super::standings::draw(frame, area, standings, theme, t);
    }
    let entries = Lobby::entries(saved.is_some(), setup, tables);
    let title = if theme.ascii {
        "heibai"
    } else {
        "heibai  黑白"
    };
    let mut lines = vec![
        Line::from(vec![
            Span::styled(title, theme.emphasis()),
            Span::raw(format!("{}{}", theme.glyphs().sep, t.playing_as(user))),
        ]),
        Line::default(),
    ];
    let marker = theme.glyphs().to_move;
    let mut selected_line = 0;
    let mut heading = "";
    for (i, &entry) in entries.iter().enumerate() {
        match entry {
            Entry::Setting(Item::Game) => {
                lines.push(Line::default());
                lines.push(Line::styled(t.a_game_with_a_person(), theme.label()));
            }
            Entry::Table(i_table) => {
                let h = group(&tables[i_table], t);
                if h != heading {
                    heading = h;
                    lines.push(Line::default());
                    lines.push(Line::styled(h, theme.label()));
                }
            }
            Entry::Leaderboard => lines.push(Line::default()),
            _ => {}
        }
        // Cut at a word where the line is too narrow (after the marker's three columns).
        let text = label(entry, lobby, saved, (setup, choices), tables, t);
        let text = format!(
            " {} ",
            fit_words(&text, usize::from(area.width.min(78)).saturating_sub(5))
        );
        if i == lobby.selected {
            selected_line = lines.len();
            lines.push(Line::from(vec![
                Span::styled(format!("{marker} "), theme.to_move()),
                Span::styled(text, theme.selected()),
            ]));
        } else {
            lines.push(Line::from(format!("  {text}")));
        }
    }
    if !tables.iter().any(|t| !t.yours) {
        lines.insert(
            lines.len() - 4,
            Line::styled(format!("  {}", t.no_one_else()), theme.dim()),
        );
    }
    // A blank line over the keys, and a message there when there is one (set off by one
    // more), so that a quiet lobby lists one entry more.
    let mut footer = vec![];
    match &lobby.message {
        Some(m) => {
            let style = if m.error {
                theme.error()
            } else {
                theme.emphasis()
            };
            footer.push(Line::default());
            let lines = crate::i18n::wrap(&m.text, usize::from(area.width.min(78)));
            footer.extend(lines.into_iter().map(|l| Line::styled(l, style)));
        }
        None => footer.push(Line::default()),
    }
    let width = area.width.min(78);
    footer.extend(super::menu::key_lines(
        Place::Lobby,
        &[Act::Choose, Act::Change, Act::Go, Act::Help, Act::Quit],
        width,
        theme,
        t,
    ));
    // Scroll so that the selected entry is on screen when the list is long.
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
