//! Colours and glyphs. Only the 16 basic colours are used, so 16-colour terminals look the same
//! as others; without colour (NO_COLOR) the shapes and text modifiers alone carry the meaning, and
//! the ASCII set replaces box drawing and discs for terminals without Unicode.

use crate::settings::Palette;
use ratatui::style::{Color, Modifier, Style};

/// How to draw: with colour or not, with Unicode or ASCII, and in which colours.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Theme {
    pub color: bool,
    pub ascii: bool,
    pub palette: Palette,
}

/// `style` with a foreground that shows on its background: a stone as white as the cursor's
/// background under it (high contrast) is drawn black instead.
pub fn legible(style: Style) -> Style {
    match (style.fg, style.bg) {
        (Some(fg), Some(bg)) if fg == bg => {
            let fg = if bg == Color::Black {
                Color::White
            } else {
                Color::Black
            };
            style.fg(fg)
        }
        _ => style,
    }
}

/// Only the background (and modifiers) of a highlight, to lay over a stone's colours: every
/// board's cursor, last move and hints.
pub fn background(style: Style) -> Style {
    Style { fg: None, ..style }
}

/// The plain ASCII for a typographic character the words use, one cell for one cell.
pub fn plain_punctuation(symbol: &str) -> Option<&'static str> {
    Some(match symbol {
        "…" | "·" => ".",
        "—" | "–" | "−" => "-",
        "“" | "”" | "„" => "\"",
        "‘" | "’" => "'",
        "×" => "x",
        _ => return None,
    })
}

/// The colours of a palette.
struct Colors {
    board: Color,
    board_fg: Color,
    goban: Color,
    hint: Color,
    cursor: Color,
    last: Color,
    goban_last: Color,
    flash: Color,
    title: Color,
    marker: Color,
    dim: Color,
    emphasis: Color,
}

const CLASSIC: Colors = Colors {
    board: Color::Green,
    board_fg: Color::Black,
    goban: Color::Yellow,
    hint: Color::LightYellow,
    cursor: Color::Cyan,
    last: Color::Yellow,
    goban_last: Color::LightRed,
    flash: Color::LightGreen,
    title: Color::Blue,
    marker: Color::LightRed,
    dim: Color::DarkGray,
    emphasis: Color::Yellow,
};

const HIGH_CONTRAST: Colors = Colors {
    board: Color::Black,
    board_fg: Color::White,
    goban: Color::Black,
    hint: Color::LightYellow,
    cursor: Color::White,
    last: Color::LightBlue,
    goban_last: Color::LightBlue,
    flash: Color::LightMagenta,
    title: Color::White,
    marker: Color::LightYellow,
    dim: Color::Gray,
    emphasis: Color::LightYellow,
};

const COLOUR_BLIND: Colors = Colors {
    // Cyan rather than dark blue, so that black stones stand out on it as well as white ones.
    board: Color::Cyan,
    board_fg: Color::Black,
    goban: Color::Yellow,
    hint: Color::LightYellow,
    cursor: Color::White,
    last: Color::LightYellow,
    goban_last: Color::LightBlue,
    flash: Color::LightCyan,
    title: Color::Blue,
    marker: Color::LightYellow,
    dim: Color::DarkGray,
    emphasis: Color::LightYellow,
};

/// A stone of one side, as the board widget sees it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Stone {
    Black,
    White,
}

/// The characters a board is drawn with.
pub struct Glyphs {
    /// Corners and junctions: top row (left, middle, right), inner rows, bottom row.
    pub top: [char; 3],
    pub middle: [char; 3],
    pub bottom: [char; 3],
    pub horizontal: char,
    pub vertical: char,
    pub black: char,
    pub white: char,
    /// The fill of a large black / white disc.
    pub black_fill: char,
    pub white_fill: char,
    pub hint: char,
    /// A star point of a Go-style board.
    pub star: char,
    /// A point forbidden for Black.
    pub forbidden: char,
    /// The better move, where a replay shows a mistake.
    pub better: char,
    /// A fifth stone offered in a Taraguchi-10 opening.
    pub offer: char,
    pub cursor: [char; 2],
    pub to_move: &'static str,
    /// Between items of a line of text.
    pub sep: &'static str,
    pub arrows: &'static str,
    pub up_down: &'static str,
    pub left_right: &'static str,
    /// A graph's bars: a full cell, the lower half, the upper half, a light shade.
    pub bar: [char; 4],
}

const UNICODE: Glyphs = Glyphs {
    top: ['┌', '┬', '┐'],
    middle: ['├', '┼', '┤'],
    bottom: ['└', '┴', '┘'],
    horizontal: '─',
    vertical: '│',
    black: '●',
    white: '○',
    black_fill: '█',
    white_fill: '░',
    hint: '·',
    star: '╋',
    forbidden: '×',
    better: '◇',
    offer: '◌',
    cursor: ['[', ']'],
    to_move: "▶",
    sep: " · ",
    arrows: "←↑↓→",
    up_down: "↑↓",
    left_right: "←→",
    bar: ['█', '▄', '▀', '░'],
};

const ASCII: Glyphs = Glyphs {
    top: ['+', '+', '+'],
    middle: ['+', '+', '+'],
    bottom: ['+', '+', '+'],
    horizontal: '-',
    vertical: '|',
    black: 'X',
    white: 'O',
    black_fill: 'X',
    white_fill: 'O',
    hint: '.',
    star: '*',
    forbidden: 'x',
    better: '@',
    offer: '?',
    cursor: ['[', ']'],
    to_move: ">",
    sep: " | ",
    arrows: "arrows",
    up_down: "Up/Down",
    left_right: "Left/Right",
    bar: ['#', '.', '\'', '-'],
};

impl Theme {
    /// The classic colours, or none.
    pub fn new(color: bool, ascii: bool) -> Theme {
        Theme {
            color,
            ascii,
            palette: Palette::Classic,
        }
    }

    /// `palette` (`None`: monochrome), unless NO_COLOR is set to anything non-empty
    /// (no-color.org).
    pub fn from_env(ascii: bool, palette: Option<Palette>) -> Theme {
        let no_color = std::env::var_os("NO_COLOR").is_some_and(|v| !v.is_empty());
        Theme {
            color: !no_color && palette.is_some(),
            ascii,
            palette: palette.unwrap_or_default(),
        }
    }

    fn colors(&self) -> &'static Colors {
        match self.palette {
            Palette::Classic => &CLASSIC,
            Palette::HighContrast => &HIGH_CONTRAST,
            Palette::ColourBlind => &COLOUR_BLIND,
        }
    }

    /// Whether both sides' stones share one shape, told apart by colour alone.
    fn same_shape(&self) -> bool {
        self.color && !self.ascii && self.palette != Palette::HighContrast
    }

    pub fn glyphs(&self) -> &'static Glyphs {
        if self.ascii { &ASCII } else { &UNICODE }
    }

    /// A disc glyph: in colour both sides use the filled shape, told apart by colour.
    pub fn stone_glyph(&self, stone: Stone) -> char {
        let g = self.glyphs();
        match stone {
            Stone::Black => g.black,
            Stone::White if self.same_shape() => g.black,
            Stone::White => g.white,
        }
    }

    /// The fill of a large disc.
    pub fn stone_fill(&self, stone: Stone) -> char {
        let g = self.glyphs();
        match stone {
            Stone::Black => g.black_fill,
            Stone::White if self.same_shape() => g.black_fill,
            Stone::White => g.white_fill,
        }
    }

    fn pick(&self, colored: Style, plain: Style) -> Style {
        if self.color { colored } else { plain }
    }

    /// The board surface.
    pub fn board(&self) -> Style {
        let c = self.colors();
        self.pick(Style::new().bg(c.board).fg(c.board_fg), Style::new())
    }

    pub fn stone(&self, stone: Stone) -> Style {
        let fg = match stone {
            // On the high-contrast black board both are white, told apart by shape.
            Stone::Black if self.palette == Palette::HighContrast => Color::White,
            Stone::Black => Color::Black,
            Stone::White => Color::White,
        };
        self.pick(
            self.board().fg(fg).add_modifier(Modifier::BOLD),
            Style::new().add_modifier(Modifier::BOLD),
        )
    }

    /// A Go-style board's wood.
    pub fn goban(&self) -> Style {
        self.pick(
            Style::new()
                .bg(self.colors().goban)
                .fg(self.colors().board_fg),
            Style::new(),
        )
    }

    /// A stone on the Go-style board.
    pub fn goban_stone(&self, stone: Stone) -> Style {
        let fg = match stone {
            // On the high-contrast black board both are white, told apart by shape.
            Stone::Black if self.palette == Palette::HighContrast => Color::White,
            Stone::Black => Color::Black,
            Stone::White => Color::White,
        };
        self.pick(
            Style::new().fg(fg).add_modifier(Modifier::BOLD),
            Style::new().add_modifier(Modifier::BOLD),
        )
    }

    /// The last stone played on the Go-style board (yellow, the usual mark, is its wood).
    pub fn goban_last(&self) -> Style {
        self.pick(
            Style::new().bg(self.colors().goban_last),
            Style::new().add_modifier(Modifier::UNDERLINED),
        )
    }

    /// The brackets either side of the cursor on the Go-style board.
    pub fn cursor_bracket(&self) -> Style {
        let color = match self.palette {
            Palette::Classic => Color::Blue,
            _ => self.colors().cursor,
        };
        self.pick(Style::new().fg(color), Style::new())
            .add_modifier(Modifier::BOLD)
    }

    pub fn hint(&self) -> Style {
        self.pick(self.board().fg(self.colors().hint), Style::new())
    }

    /// The cell under the cursor (its brackets carry it without colour).
    pub fn cursor(&self) -> Style {
        self.pick(
            Style::new().bg(self.colors().cursor).fg(Color::Black),
            Style::new(),
        )
    }

    /// The last move's cell.
    pub fn last_move(&self) -> Style {
        self.pick(
            Style::new().bg(self.colors().last),
            Style::new().add_modifier(Modifier::UNDERLINED),
        )
    }

    /// Discs that the last move flipped, for a moment.
    pub fn flash(&self) -> Style {
        self.pick(
            Style::new().bg(self.colors().flash),
            Style::new().add_modifier(Modifier::REVERSED),
        )
    }

    /// An analysis score on the board; the best one stands out.
    pub fn score(&self, best: bool) -> Style {
        let base = if best {
            Style::new().add_modifier(Modifier::BOLD | Modifier::UNDERLINED)
        } else {
            Style::new()
        };
        let fg = if best {
            self.colors().hint
        } else {
            Color::White
        };
        self.pick(self.board().fg(fg).patch(base), base)
    }

    pub fn label(&self) -> Style {
        Style::new().add_modifier(Modifier::BOLD)
    }

    pub fn title(&self) -> Style {
        self.pick(
            Style::new()
                .bg(self.colors().title)
                .fg(if self.palette == Palette::HighContrast {
                    Color::Black
                } else {
                    Color::White
                })
                .add_modifier(Modifier::BOLD),
            Style::new().add_modifier(Modifier::REVERSED),
        )
    }

    /// The marker of the side to move: red, as the original's (yellow where red is hard to tell).
    pub fn to_move(&self) -> Style {
        self.pick(Style::new().fg(self.colors().marker), Style::new())
            .add_modifier(Modifier::BOLD)
    }

    pub fn error(&self) -> Style {
        let red = match self.palette {
            Palette::ColourBlind => Color::LightMagenta,
            _ => Color::LightRed,
        };
        self.pick(Style::new().fg(red), Style::new())
            .add_modifier(Modifier::BOLD)
    }

    pub fn dim(&self) -> Style {
        self.pick(Style::new().fg(self.colors().dim), Style::new())
    }

    pub fn selected(&self) -> Style {
        Style::new().add_modifier(Modifier::REVERSED | Modifier::BOLD)
    }

    pub fn emphasis(&self) -> Style {
        self.pick(Style::new().fg(self.colors().emphasis), Style::new())
            .add_modifier(Modifier::BOLD)
    }
}
