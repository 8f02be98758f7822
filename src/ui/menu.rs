//! The start screen: what the game is, the keys, and a menu of ways to start.

use super::keys::Place;
use super::settings_view::cycle;
use super::theme::Theme;
use crate::game::GameId;
use crate::game::{Player, SavedGame};
use crate::gomoku::Rule;
use crate::i18n::{Act, Text};
use crate::settings::{OpeningChoice, Setup};
use crate::store::Entry;
use ratatui::Frame;
use ratatui::layout::Rect;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Paragraph, Wrap};

/// The widest the start screen's text gets; a longer notice wraps.
const MAX_WIDTH: u16 = 78;

impl Setup {
    /// Changes what `item` sets by one step either way (`forward` is →).
    pub fn change(&mut self, item: Item, forward: bool) {
        match item {
            Item::Game => self.kind = self.kind.step(forward),
            Item::Size => self.size = if self.size == 15 { 19 } else { 15 },
            Item::Rule => {
                let rules = [Rule::Renju, Rule::Standard, Rule::Freestyle];
                self.rule = cycle(&rules, self.rule, forward);
            }
            Item::Level if forward => {
                self.level = (self.level + 1).min(crate::engine::reversi::LEVELS.len() as u8)
            }
            Item::Level => self.level = self.level.saturating_sub(1).max(1),
            Item::Opening => {
                self.opening = cycle(&OpeningChoice::all(), self.opening, forward);
            }
            _ => {}
        }
    }
}

/// One entry of the start menu.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Item {
    /// The latest unfinished game of this kind in the history.
    Continue(GameId),
    /// The list of the games kept.
    Load,
    /// Reversi or Gomoku, changed with ← and →.
    Game,
    /// Gomoku's board size.
    Size,
    /// Gomoku's rule set.
    Rule,
    /// Gomoku's opening (the lobby's; the start menu leaves it to the settings).
    Opening,
    New {
        black: Player,
        white: Player,
    },
    /// The computer's level for new games, changed with ← and →.
    Level,
    Settings,
    Help,
    Quit,
}

/// The kinds of new game, by who plays Black and White.
const NEW_GAMES: [(Player, Player); 4] = [
    (Player::Human, Player::Human),
    (Player::Human, Player::Computer),
    (Player::Computer, Player::Human),
    (Player::Computer, Player::Computer),
];

/// What there is to go back to: the history, newest first.
#[derive(Clone, Copy)]
pub struct Offers<'a> {
    pub library: &'a [Entry],
}

impl<'a> Offers<'a> {
    /// The latest unfinished game of kind `id`: Continue offers one game of each kind.
    pub fn resume(&self, id: GameId) -> Option<&'a Entry> {
        self.unfinished()
            .find(|e| e.game.as_ref().is_ok_and(|g| g.id() == id))
    }

    /// The latest unfinished game of any kind.
    pub fn latest(&self) -> Option<&'a SavedGame> {
        self.unfinished().find_map(|e| e.game.as_ref().ok())
    }

    fn unfinished(&self) -> impl Iterator<Item = &'a Entry> {
        let library = self.library;
        library
            .iter()
            .filter(|e| e.game.as_ref().is_ok_and(|g| !g.is_over()))
    }

    /// The menu's entries for these offers, with the Gomoku settings when `kind` is Gomoku:
    /// Continue first, the latest game's kind before the other's.
    pub fn items(&self, kind: GameId) -> Vec<Item> {
        let mut items = vec![];
        for entry in self.unfinished() {
            if let Ok(g) = &entry.game
                && !items.contains(&Item::Continue(g.id()))
            {
                items.push(Item::Continue(g.id()));
            }
        }
        if !self.library.is_empty() {
            items.push(Item::Load);
        }
        items.extend(
            NEW_GAMES
                .iter()
                .map(|&(black, white)| Item::New { black, white }),
        );
        items.push(Item::Game);
        if kind == GameId::Gomoku {
            items.extend([Item::Rule, Item::Size]);
        }
        items.extend([Item::Level, Item::Settings, Item::Help, Item::Quit]);
        items
    }
}

/// The menu's state: which entry is selected.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Menu {
    pub selected: usize,
}

impl Menu {
    /// Up or down one entry, stopping at the ends as the board cursor does.
    pub fn step(&mut self, delta: isize, count: usize) {
        self.selected = self.selected.saturating_add_signed(delta).min(count - 1);
    }
}

/// "Continue Reversi (move 12, White to play)": the Continue entry for `g`.
pub fn continue_with(g: &SavedGame, t: &dyn Text) -> String {
    let to_move = g.progress().1;
    t.menu_continue(t.game_of(g), g.move_number(), to_move)
}

pub fn label(item: Item, offers: Offers, setup: &Setup, t: &dyn Text) -> String {
    match item {
        Item::Game => t.menu_game(setup.kind),
        Item::Rule => t.menu_rules(setup.rule),
        Item::Size => t.menu_board(setup.size),
        Item::Opening => t.menu_opening(&t.opening_choice(setup.opening)),
        Item::Level => t.menu_level(setup.level),
        Item::Continue(id) => match offers.resume(id).map(|e| &e.game) {
            Some(Ok(g)) => continue_with(g, t),
            _ => t.continue_word().into(),
        },
        Item::New { black, white } => t.new_game(black, white).into(),
        Item::Load => t.menu_load().into(),
        Item::Settings => t.menu_settings().into(),
        Item::Help => t.menu_help().into(),
        Item::Quit => t.menu_quit().into(),
    }
}

/// "Enter start": a key and what it does, for a key line.
pub fn key_item(key: &str, act: Act, t: &dyn Text) -> String {
    format!("{key} {}", t.act(act))
}

/// The key lines of a list: "↑↓ choose · ←→ change · …", the keys of `acts` at `place`, on
/// as many lines `width` columns wide as they need, a key never parted from its word.
pub fn key_lines(
    place: Place,
    acts: &[Act],
    width: u16,
    theme: Theme,
    t: &dyn Text,
) -> Vec<Line<'static>> {
    let items = place.items(acts, theme, t);
    pack(&items, theme.glyphs().sep, usize::from(width))
        .into_iter()
        .map(|line| Line::styled(line, theme.dim()))
        .collect()
}

/// `items` joined by `sep` into lines at most `width` columns wide, each item whole on one
/// line (one wider than a line cut at a word, with "…").
pub fn pack(items: &[String], sep: &str, width: usize) -> Vec<String> {
    let mut lines: Vec<String> = vec![];
    for item in items {
        let item = crate::i18n::fit_words(item, width);
        match lines.last_mut() {
            Some(line) if width_of(line) + width_of(sep) + width_of(&item) <= width => {
                line.push_str(sep);
                line.push_str(&item);
            }
            _ => lines.push(item),
        }
    }
    lines
}

fn width_of(text: &str) -> usize {
    crate::i18n::width(text)
}

/// Draws the start screen. `notice` is an error to show (such as an unreadable saved game);
/// `served`: on a server, where Esc goes back to the lobby.
#[allow(clippy::too_many_arguments)]
pub fn draw(
    frame: &mut Frame,
    area: Rect,
    menu: &Menu,
    offers: Offers,
    notice: Option<&str>,
    setup: &Setup,
    served: bool,
    theme: Theme,
    t: &dyn Text,
) {
    let items = offers.items(setup.kind);
    let about = t.about(setup.kind);
    let (subtitle, rules) = (t.subtitle(), about.rules_brief);
    let mut lines = vec![
        Line::styled(
            if theme.ascii {
                "heibai"
            } else {
                "heibai  黑白"
            },
            theme.emphasis(),
        )
        .centered(),
        Line::from(subtitle).centered(),
        Line::default(),
    ];
    // The rules in brief, where there is room for them.
    let intro = [Line::from(rules), Line::default()];
    let intro_at = lines.len();
    let marker = theme.glyphs().to_move;
    let out = if served { Act::Lobby } else { Act::Quit };
    let key_acts = [Act::Choose, Act::Change, Act::Start, Act::Help, out];
    let place = Place::Menu { served };
    // The box is as wide as its widest line unwrapped, within the screen.
    let labels: Vec<String> = items.iter().map(|&i| label(i, offers, setup, t)).collect();
    let one_line = key_lines(place, &key_acts, u16::MAX, theme, t);
    let widest = lines
        .iter()
        .chain(&one_line)
        .map(Line::width)
        .chain(labels.iter().map(|l| crate::i18n::width(l) + 4))
        .chain(notice.map(crate::i18n::width))
        .max();
    let width = (widest.unwrap_or(1) as u16)
        .clamp(1, MAX_WIDTH)
        .min(area.width.max(1));
    let first_new = items.iter().position(|i| matches!(i, Item::New { .. }));
    for (i, (&item, text)) in items.iter().zip(&labels).enumerate() {
        if Some(i) == first_new {
            lines.push(Line::styled(t.new_game_heading(), theme.label()));
        }
        if item == Item::Game {
            lines.push(Line::default());
        }
        // An entry too long for the box wraps under its own text, not under the marker.
        let wrapped = crate::i18n::wrap(text, usize::from(width).saturating_sub(4).max(1));
        for (n, part) in wrapped.into_iter().enumerate() {
            let part = format!(" {part} ");
            lines.push(match (n, i == menu.selected) {
                (0, true) => Line::from(vec![
                    Span::styled(format!("{marker} "), theme.to_move()),
                    Span::styled(part, theme.selected()),
                ]),
                (_, true) => {
                    Line::from(vec![Span::raw("  "), Span::styled(part, theme.selected())])
                }
                _ => Line::from(format!("  {part}")),
            });
        }
    }
    lines.push(Line::default());
    if let Some(notice) = notice {
        lines.push(Line::styled(notice.to_string(), theme.error()));
    }
    let keys = key_lines(place, &key_acts, width, theme, t);
    lines.extend(keys.iter().cloned());
    // Lines wider than the box wrap onto more rows.
    let rows_of = |lines: &[Line]| -> usize {
        lines
            .iter()
            .map(|l| l.width().max(1).div_ceil(width as usize))
            .sum()
    };
    let mut rows = rows_of(&lines);
    if rows + rows_of(&intro) <= usize::from(area.height) {
        rows += rows_of(&intro);
        lines.splice(intro_at..intro_at, intro);
    }
    if rows > usize::from(area.height) {
        // Too few rows: the menu scrolls to keep the entry chosen in view, the keys below.
        lines.truncate(lines.len() - keys.len());
        let key_rows = keys.len() as u16;
        let body_h = area.height.saturating_sub(key_rows);
        let chosen = lines
            .iter()
            .position(|l| {
                l.spans
                    .first()
                    .is_some_and(|s| s.content.starts_with(marker))
            })
            .unwrap_or(0);
        let total = rows_of(&lines);
        let scroll = rows_of(&lines[..chosen])
            .saturating_sub(usize::from(body_h) / 2)
            .min(total.saturating_sub(usize::from(body_h)));
        let x = area.x + (area.width - width) / 2;
        let paragraph = Paragraph::new(lines)
            .wrap(Wrap { trim: false })
            .scroll((scroll as u16, 0));
        frame.render_widget(paragraph, Rect::new(x, area.y, width, body_h));
        let keys_at = Rect::new(x, area.y + body_h, width, key_rows.min(area.height));
        frame.render_widget(Paragraph::new(keys).wrap(Wrap { trim: false }), keys_at);
        return;
    }
    let height = (rows as u16).min(area.height);
    let body = Rect::new(
        area.x + (area.width - width) / 2,
        area.y + (area.height - height) / 2,
        width,
        height,
    );
    frame.render_widget(Paragraph::new(lines).wrap(Wrap { trim: false }), body);
}
