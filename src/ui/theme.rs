//! Colours and glyphs. Only the 16 basic colours are used, so 16-colour terminals look the same
//! as others; without colour (NO_COLOR) the shapes and text modifiers alone carry the meaning, and
//! the ASCII set replaces box drawing and discs for terminals without Unicode.

use ratatui::style::{Color, Modifier, Style};

/// How to draw: with colour or not, with Unicode or ASCII.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Theme {
    pub color: bool,
    pub ascii: bool,
}

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
    pub cursor: [char; 2],
    pub to_move: &'static str,
    /// Between items of a line of text.
    pub sep: &'static str,
    pub arrows: &'static str,
    pub up_down: &'static str,
    pub left_right: &'static str,
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
    cursor: ['[', ']'],
    to_move: "▶",
    sep: " · ",
    arrows: "←↑↓→",
    up_down: "↑↓",
    left_right: "←→",
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
    cursor: ['[', ']'],
    to_move: ">",
    sep: " | ",
    arrows: "arrows",
    up_down: "Up/Down",
    left_right: "Left/Right",
};

impl Theme {
    /// Colour unless NO_COLOR is set to anything non-empty (no-color.org).
    pub fn from_env(ascii: bool) -> Theme {
        let no_color = std::env::var_os("NO_COLOR").is_some_and(|v| !v.is_empty());
        Theme {
            color: !no_color,
            ascii,
        }
    }

    pub fn glyphs(&self) -> &'static Glyphs {
        if self.ascii { &ASCII } else { &UNICODE }
    }

    /// A disc glyph: in colour both sides use the filled shape, told apart by colour.
    pub fn stone_glyph(&self, stone: Stone) -> char {
        let g = self.glyphs();
        match stone {
            Stone::Black => g.black,
            Stone::White if self.color && !self.ascii => g.black,
            Stone::White => g.white,
        }
    }

    /// The fill of a large disc.
    pub fn stone_fill(&self, stone: Stone) -> char {
        let g = self.glyphs();
        match stone {
            Stone::Black => g.black_fill,
            Stone::White if self.color => g.black_fill,
            Stone::White => g.white_fill,
        }
    }

    fn pick(&self, colored: Style, plain: Style) -> Style {
        if self.color { colored } else { plain }
    }

    /// The board surface.
    pub fn board(&self) -> Style {
        self.pick(Style::new().bg(Color::Green).fg(Color::Black), Style::new())
    }

    pub fn stone(&self, stone: Stone) -> Style {
        let fg = match stone {
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
            Style::new().bg(Color::Yellow).fg(Color::Black),
            Style::new(),
        )
    }

    /// A stone on the Go-style board.
    pub fn goban_stone(&self, stone: Stone) -> Style {
        let fg = match stone {
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
            Style::new().bg(Color::LightRed),
            Style::new().add_modifier(Modifier::UNDERLINED),
        )
    }

    /// The brackets either side of the cursor on the Go-style board.
    pub fn cursor_bracket(&self) -> Style {
        self.pick(Style::new().fg(Color::Blue), Style::new())
            .add_modifier(Modifier::BOLD)
    }

    pub fn hint(&self) -> Style {
        self.pick(self.board().fg(Color::LightYellow), Style::new())
    }

    /// The cell under the cursor (its brackets carry it without colour).
    pub fn cursor(&self) -> Style {
        self.pick(Style::new().bg(Color::Cyan).fg(Color::Black), Style::new())
    }

    /// The last move's cell.
    pub fn last_move(&self) -> Style {
        self.pick(
            Style::new().bg(Color::Yellow),
            Style::new().add_modifier(Modifier::UNDERLINED),
        )
    }

    /// Discs that the last move flipped, for a moment.
    pub fn flash(&self) -> Style {
        self.pick(
            Style::new().bg(Color::LightGreen),
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
            Color::LightYellow
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
                .bg(Color::Blue)
                .fg(Color::White)
                .add_modifier(Modifier::BOLD),
            Style::new().add_modifier(Modifier::REVERSED),
        )
    }

    /// The marker of the side to move: red, as the original's.
    pub fn to_move(&self) -> Style {
        self.pick(Style::new().fg(Color::LightRed), Style::new())
            .add_modifier(Modifier::BOLD)
    }

    pub fn error(&self) -> Style {
        self.pick(Style::new().fg(Color::LightRed), Style::new())
            .add_modifier(Modifier::BOLD)
    }

    pub fn dim(&self) -> Style {
        self.pick(Style::new().fg(Color::DarkGray), Style::new())
    }

    pub fn selected(&self) -> Style {
        Style::new().add_modifier(Modifier::REVERSED | Modifier::BOLD)
    }

    pub fn emphasis(&self) -> Style {
        self.pick(Style::new().fg(Color::Yellow), Style::new())
            .add_modifier(Modifier::BOLD)
    }
}
