//! A board of square cells with grid lines and coordinate labels: the geometry (which cell a
//! screen position falls on, used for mouse clicks) and the widget that draws it. It knows
//! nothing of any game's rules: the caller says what each cell holds.

use crate::ui::theme::{Stone, Theme, background};
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::Modifier;
use ratatui::widgets::Widget;

/// Where a board is on the screen and how big its cells are. Scale 0 is the smallest board, for
/// small terminals: cells of two columns by one row with no grid lines. A cell at scale `s` ≥ 1
/// is `1 + 2s` columns by `s` rows, between grid lines, which keeps it square in a usual
/// terminal font.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Geometry {
    /// Top-left corner of the labels-and-grid block.
    pub x: u16,
    pub y: u16,
    pub cols: u8,
    pub rows: u8,
    /// Width of the row-label column on the left.
    pub label_w: u16,
    pub cell_w: u16,
    pub cell_h: u16,
    /// 1 with grid lines between the cells, 0 without.
    pub line: u16,
}

/// The largest scale tried.
const MAX_SCALE: u16 = 4;

impl Geometry {
    /// A board at scale `scale` with its top-left corner at (`x`, `y`).
    pub fn new(x: u16, y: u16, cols: u8, rows: u8, label_w: u16, scale: u16) -> Geometry {
        Geometry {
            x,
            y,
            cols,
            rows,
            label_w,
            cell_w: if scale == 0 { 2 } else { 1 + 2 * scale },
            cell_h: scale.max(1),
            line: u16::from(scale > 0),
        }
    }

    /// The largest scale at which the board fits in `width` × `height`, if any.
    pub fn fit_scale(width: u16, height: u16, cols: u8, rows: u8, label_w: u16) -> Option<u16> {
        (0..=MAX_SCALE).rev().find(|&s| {
            let g = Geometry::new(0, 0, cols, rows, label_w, s);
            g.width() <= width && g.height() <= height
        })
    }

    /// Width of labels and grid together.
    pub fn width(&self) -> u16 {
        self.label_w + u16::from(self.cols) * (self.cell_w + self.line) + self.line
    }

    /// Height of the label row and the grid together.
    pub fn height(&self) -> u16 {
        1 + u16::from(self.rows) * (self.cell_h + self.line) + self.line
    }

    pub fn area(&self) -> Rect {
        Rect::new(self.x, self.y, self.width(), self.height())
    }

    /// The inside of cell (`col`, `row`), without its grid lines.
    pub fn cell_rect(&self, col: u8, row: u8) -> Rect {
        let line = self.line;
        Rect::new(
            self.x + self.label_w + line + u16::from(col) * (self.cell_w + line),
            self.y + 1 + line + u16::from(row) * (self.cell_h + line),
            self.cell_w,
            self.cell_h,
        )
    }

    /// The cell whose inside holds screen position (`x`, `y`).
    pub fn cell_at(&self, x: u16, y: u16) -> Option<(u8, u8)> {
        let line = self.line;
        let gx = x.checked_sub(self.x + self.label_w + line)?;
        let gy = y.checked_sub(self.y + 1 + line)?;
        let (col, cx) = (gx / (self.cell_w + line), gx % (self.cell_w + line));
        let (row, cy) = (gy / (self.cell_h + line), gy % (self.cell_h + line));
        let inside = cx < self.cell_w && cy < self.cell_h;
        (inside && col < u16::from(self.cols) && row < u16::from(self.rows))
            .then_some((col as u8, row as u8))
    }
}

/// What one cell shows.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Cell {
    pub stone: Option<Stone>,
    /// A legal move of the side to move, shown when hints are on.
    pub hint: bool,
    pub cursor: bool,
    pub last: bool,
    /// Just flipped: highlighted for a moment.
    pub flash: bool,
    /// A short text on an empty cell (an analysis score) and whether it is the best one.
    pub label: Option<(String, bool)>,
}

/// The board widget: grid lines, labels, and each cell as `cell` describes it.
pub struct Board<'a> {
    pub geometry: Geometry,
    pub theme: Theme,
    pub col_label: &'a dyn Fn(u8) -> String,
    pub row_label: &'a dyn Fn(u8) -> String,
    pub cell: &'a dyn Fn(u8, u8) -> Cell,
}

impl Widget for Board<'_> {
    fn render(self, area: Rect, buf: &mut Buffer) {
        let g = self.geometry;
        if !crate::ui::layout::fits(g.area(), area, buf) {
            return;
        }
        self.grid(buf);
        self.labels(buf);
        for row in 0..g.rows {
            for col in 0..g.cols {
                self.draw_cell(buf, col, row, (self.cell)(col, row));
            }
        }
    }
}

impl Board<'_> {
    fn grid(&self, buf: &mut Buffer) {
        let g = self.geometry;
        let glyphs = self.theme.glyphs();
        let style = self.theme.board();
        let left = g.x + g.label_w;
        let top = g.y + 1;
        let width = g.width() - g.label_w;
        if g.line == 0 {
            // No grid: the board's colour under the cells.
            for dy in 0..g.height() - 1 {
                for dx in 0..width {
                    buf[(left + dx, top + dy)].set_char(' ').set_style(style);
                }
            }
            return;
        }
        for dy in 0..g.height() - 1 {
            let on_line = dy % (g.cell_h + 1) == 0;
            let junctions = if dy == 0 {
                glyphs.top
            } else if dy == g.height() - 2 {
                glyphs.bottom
            } else {
                glyphs.middle
            };
            for dx in 0..width {
                let at_vertical = dx % (g.cell_w + 1) == 0;
                let ch = match (on_line, at_vertical) {
                    (true, true) if dx == 0 => junctions[0],
                    (true, true) if dx == width - 1 => junctions[2],
                    (true, true) => junctions[1],
                    (true, false) => glyphs.horizontal,
                    (false, true) => glyphs.vertical,
                    (false, false) => ' ',
                };
                buf[(left + dx, top + dy)].set_char(ch).set_style(style);
            }
        }
    }

    fn labels(&self, buf: &mut Buffer) {
        let g = self.geometry;
        let style = self.theme.label();
        for col in 0..g.cols {
            let r = g.cell_rect(col, 0);
            let label = (self.col_label)(col);
            let x = centred(r, label.len() as u16);
            buf.set_string(x, g.y, label, style);
        }
        for row in 0..g.rows {
            let r = g.cell_rect(0, row);
            let label = format!("{:>w$} ", (self.row_label)(row), w = g.label_w as usize - 1);
            buf.set_string(g.x, r.y + r.height / 2, label, style);
        }
    }

    fn draw_cell(&self, buf: &mut Buffer, col: u8, row: u8, cell: Cell) {
        let t = self.theme;
        let r = self.geometry.cell_rect(col, row);
        let mut style = t.board();
        for (on, highlight) in [
            (cell.flash, t.flash()),
            (cell.last, t.last_move()),
            (cell.cursor, t.cursor()),
        ] {
            if on {
                style = style.patch(highlight);
            }
        }
        for y in r.top()..r.bottom() {
            for x in r.left()..r.right() {
                buf[(x, y)].set_char(' ').set_style(style);
            }
        }
        let mid_x = r.x + r.width / 2;
        let mid_y = r.y + r.height / 2;
        if let Some(stone) = cell.stone {
            let stone_style =
                crate::ui::theme::legible(style.patch(t.stone(stone)).patch(background(style)));
            if r.height == 1 {
                buf[(mid_x, mid_y)]
                    .set_char(t.stone_glyph(stone))
                    .set_style(stone_style);
            } else {
                let fill = t.stone_fill(stone);
                for dy in 0..r.height {
                    // Round the disc a little: the first and last rows are narrower.
                    let inset = if r.height >= 3 && (dy == 0 || dy == r.height - 1) {
                        2
                    } else {
                        1
                    };
                    for x in r.left() + inset..r.right() - inset {
                        buf[(x, r.y + dy)].set_char(fill).set_style(stone_style);
                    }
                }
            }
        } else if let Some((text, best)) = &cell.label {
            let x = centred(r, text.chars().count() as u16);
            let label_style = style.patch(t.score(*best)).patch(background(style));
            buf.set_stringn(x, mid_y, text, r.width as usize, label_style);
        } else if cell.hint {
            buf[(mid_x, mid_y)]
                .set_char(t.glyphs().hint)
                .set_style(style.patch(t.hint()).patch(background(style)));
        }
        // Brackets would cover a label that fills the cell: the label is reversed instead.
        let label_w = cell
            .label
            .as_ref()
            .map_or(0, |(text, _)| text.chars().count() as u16);
        if cell.cursor && (label_w + 2 > r.width || r.width < 3) {
            for x in r.left()..r.right() {
                let c = &mut buf[(x, mid_y)];
                c.set_style(c.style().add_modifier(Modifier::REVERSED));
            }
        } else if cell.cursor {
            let [open, close] = t.glyphs().cursor;
            buf[(r.left(), mid_y)].set_char(open).set_style(style);
            buf[(r.right() - 1, mid_y)].set_char(close).set_style(style);
        }
    }
}

/// Where text `len` columns wide starts to stand centred in `r`, over the disc's column where
/// the cell's width is even (two columns at scale 0, the disc in the second).
fn centred(r: Rect, len: u16) -> u16 {
    r.x + (r.width / 2).saturating_sub(len / 2)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cells_map_back_from_screen_positions() {
        for scale in 0..=MAX_SCALE {
            let g = Geometry::new(3, 2, 8, 8, 2, scale);
            for row in 0..8 {
                for col in 0..8 {
                    let r = g.cell_rect(col, row);
                    assert_eq!(g.cell_at(r.x, r.y), Some((col, row)));
                    assert_eq!(g.cell_at(r.right() - 1, r.bottom() - 1), Some((col, row)));
                    if scale > 0 {
                        assert_eq!(g.cell_at(r.right(), r.y), None, "grid line");
                    }
                }
            }
            assert_eq!(g.cell_at(0, 0), None);
            assert_eq!(g.cell_at(u16::MAX, u16::MAX), None);
        }
    }

    #[test]
    fn fit_picks_the_largest_scale() {
        assert_eq!(Geometry::fit_scale(35, 18, 8, 8, 2), Some(1));
        assert_eq!(Geometry::fit_scale(34, 18, 8, 8, 2), Some(0), "no grid");
        assert_eq!(Geometry::fit_scale(18, 9, 8, 8, 2), Some(0));
        assert_eq!(Geometry::fit_scale(17, 9, 8, 8, 2), None);
        assert_eq!(Geometry::fit_scale(51, 26, 8, 8, 2), Some(2));
        assert_eq!(Geometry::fit_scale(500, 500, 8, 8, 2), Some(MAX_SCALE));
    }
}
