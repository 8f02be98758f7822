//! A Go-style board: stones on the intersections of grid lines, star points, column letters on
//! top and row numbers counted from the bottom (a1 bottom-left). The geometry maps screen cells
//! back to points for the mouse; the widget draws what the caller says each point holds.

use crate::gomoku::Point;
use crate::ui::theme::{Stone, Theme, background};
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::Style;
use ratatui::widgets::Widget;

/// Width of the row labels ("15").
const LABEL_W: u16 = 2;
/// The largest scale tried: 0 puts points two columns and one row apart, 1 four and two.
const MAX_SCALE: u16 = 1;

/// Where a board of `size`×`size` points is on the screen and how far apart its points are.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Geometry {
    pub x: u16,
    pub y: u16,
    pub size: u8,
    pub step_x: u16,
    pub step_y: u16,
}

impl Geometry {
    pub fn new(x: u16, y: u16, size: u8, scale: u16) -> Geometry {
        Geometry {
            x,
            y,
            size,
            step_x: 2 * (1 + scale),
            step_y: 1 + scale,
        }
    }

    /// The largest scale at which the board fits in `width` × `height`, if any.
    pub fn fit_scale(width: u16, height: u16, size: u8) -> Option<u16> {
        (0..=MAX_SCALE).rev().find(|&s| {
            let g = Geometry::new(0, 0, size, s);
            g.width() <= width && g.height() <= height
        })
    }

    /// Labels, grid, and a column either side for the cursor's brackets.
    pub fn width(&self) -> u16 {
        LABEL_W + 1 + u16::from(self.size - 1) * self.step_x + 2
    }

    /// The letters row and the grid.
    pub fn height(&self) -> u16 {
        1 + u16::from(self.size - 1) * self.step_y + 1
    }

    pub fn area(&self) -> Rect {
        Rect::new(self.x, self.y, self.width(), self.height())
    }

    /// The screen cell of point `p`.
    pub fn at(&self, p: Point) -> (u16, u16) {
        let top_row = u16::from(self.size - 1 - p.row);
        (
            self.x + LABEL_W + 1 + u16::from(p.col) * self.step_x,
            self.y + 1 + top_row * self.step_y,
        )
    }

    /// The point nearest screen cell (`x`, `y`), if it is on the board.
    pub fn point_at(&self, x: u16, y: u16) -> Option<Point> {
        let near = |v: u16, origin: u16, step: u16| {
            let d = i32::from(v) - i32::from(origin) + i32::from(step / 2);
            (d >= 0).then_some(d as u16 / step)
        };
        let col = near(x, self.x + LABEL_W + 1, self.step_x)?;
        let top_row = near(y, self.y + 1, self.step_y)?;
        let size = u16::from(self.size);
        (col < size && top_row < size).then(|| Point {
            col: col as u8,
            row: (size - 1 - top_row) as u8,
        })
    }
}

/// What one point shows.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Mark {
    pub stone: Option<Stone>,
    pub cursor: bool,
    pub last: bool,
    /// Part of the winning line.
    pub win: bool,
    /// Forbidden for Black (shown with hints).
    pub forbidden: bool,
    /// The better move, where a replay shows a mistake.
    pub better: bool,
    /// A fifth stone offered in a Taraguchi-10 opening.
    pub offer: bool,
}

/// The star points of a board: the centre, and for 13 points and up four (nine on 19×19) more.
pub fn is_star(size: u8, p: Point) -> bool {
    let edge = if size >= 13 { 3 } else { 2 };
    let lines = [edge, size / 2, size - 1 - edge];
    let both = lines.contains(&p.col) && lines.contains(&p.row);
    let centre = p.col == size / 2 && p.row == size / 2;
    let corner_or_side = (p.col != size / 2 && p.row != size / 2) || size >= 19;
    centre || both && corner_or_side
}

pub struct Goban<'a> {
    pub geometry: Geometry,
    pub theme: Theme,
    pub mark: &'a dyn Fn(Point) -> Mark,
}

impl Widget for Goban<'_> {
    fn render(self, area: Rect, buf: &mut Buffer) {
        let g = self.geometry;
        if !crate::ui::layout::fits(g.area(), area, buf) {
            return;
        }
        let t = self.theme;
        let style = t.goban();
        for y in g.y + 1..g.y + g.height() {
            for x in g.x + LABEL_W..g.x + g.width() {
                buf[(x, y)].set_char(' ').set_style(style);
            }
        }
        let points = (0..g.size).flat_map(|row| (0..g.size).map(move |col| Point { col, row }));
        for p in points.clone() {
            self.lines(buf, p);
        }
        for p in points {
            self.point(buf, p, (self.mark)(p));
        }
        let label = t.label();
        for col in 0..g.size {
            let (x, _) = g.at(Point { col, row: 0 });
            buf.set_string(x, g.y, ((b'a' + col) as char).to_string(), label);
        }
        for row in 0..g.size {
            let (_, y) = g.at(Point { col: 0, row });
            buf.set_string(g.x, y, format!("{:>2}", row + 1), label);
        }
    }
}

impl Goban<'_> {
    /// The junction at `p` and the lines from it to the right and down.
    fn lines(&self, buf: &mut Buffer, p: Point) {
        let g = self.geometry;
        let glyphs = self.theme.glyphs();
        let last = g.size - 1;
        let row_set = match p.row {
            r if r == last => glyphs.top,
            0 => glyphs.bottom,
            _ => glyphs.middle,
        };
        let junction = match p.col {
            0 => row_set[0],
            c if c == last => row_set[2],
            _ => row_set[1],
        };
        let junction = if is_star(g.size, p) {
            glyphs.star
        } else {
            junction
        };
        let (x, y) = g.at(p);
        let style = self.theme.goban();
        buf[(x, y)].set_char(junction).set_style(style);
        if p.col < last {
            for dx in 1..g.step_x {
                buf[(x + dx, y)]
                    .set_char(glyphs.horizontal)
                    .set_style(style);
            }
        }
        if p.row > 0 {
            for dy in 1..g.step_y {
                buf[(x, y + dy)].set_char(glyphs.vertical).set_style(style);
            }
        }
    }

    fn point(&self, buf: &mut Buffer, p: Point, mark: Mark) {
        let t = self.theme;
        let (x, y) = self.geometry.at(p);
        let mut highlight = Style::new();
        for (on, style) in [
            (mark.win, t.flash()),
            (mark.last, t.goban_last()),
            (mark.cursor, t.cursor()),
        ] {
            if on {
                highlight = highlight.patch(style);
            }
        }
        let base = t.goban();
        let cell = &mut buf[(x, y)];
        if let Some(stone) = mark.stone {
            cell.set_char(t.stone_glyph(stone));
            cell.set_style(crate::ui::theme::legible(
                base.patch(t.goban_stone(stone))
                    .patch(background(highlight)),
            ));
        } else if mark.better {
            cell.set_char(t.glyphs().better);
            cell.set_style(base.patch(t.emphasis()).patch(background(highlight)));
        } else if mark.offer {
            cell.set_char(t.glyphs().offer);
            cell.set_style(base.patch(t.emphasis()).patch(background(highlight)));
        } else if mark.forbidden {
            cell.set_char(t.glyphs().forbidden);
            cell.set_style(base.patch(t.error()).patch(background(highlight)));
        } else {
            cell.set_style(base.patch(highlight));
        }
        if mark.cursor {
            let [open, close] = t.glyphs().cursor;
            let bracket = base.patch(t.cursor_bracket());
            buf[(x - 1, y)].set_char(open).set_style(bracket);
            buf[(x + 1, y)].set_char(close).set_style(bracket);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn points_map_back_from_the_screen() {
        for (size, scale) in [(15, 0), (15, 1), (19, 0), (19, 1)] {
            let g = Geometry::new(4, 2, size, scale);
            for row in 0..size {
                for col in 0..size {
                    let p = Point { col, row };
                    let (x, y) = g.at(p);
                    assert_eq!(g.point_at(x, y), Some(p));
                    let near = x + g.step_x / 2 - 1;
                    assert_eq!(g.point_at(near, y), Some(p), "closer to it than the next");
                }
            }
            assert_eq!(g.point_at(0, 0), None);
            assert_eq!(g.point_at(u16::MAX, u16::MAX), None);
        }
    }

    #[test]
    fn star_points() {
        let stars = |size: u8| {
            (0..size)
                .flat_map(|row| (0..size).map(move |col| Point { col, row }))
                .filter(|&p| is_star(size, p))
                .map(|p| p.to_string())
                .collect::<Vec<_>>()
        };
        assert_eq!(stars(15), ["d4", "l4", "h8", "d12", "l12"]);
        assert_eq!(stars(19).len(), 9);
        assert!(stars(19).contains(&"j10".to_string()));
    }
}
