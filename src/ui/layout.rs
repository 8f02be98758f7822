//! Where things go on the screen. Shared by drawing and by the mouse, so a click lands on the
//! square that was drawn there.

use super::gomoku::board as goban;
use super::reversi::board::Geometry;
use crate::settings::BoardSize;
use ratatui::layout::Rect;

/// The side panel's narrowest comfortable width: a larger board is chosen only beside this.
pub const PANEL_MIN: u16 = 28;
/// Its narrowest beside a board with grid lines, on a small terminal (its lines wrap more).
const PANEL_TIGHT: u16 = 23;
/// Its narrowest beside Reversi's smallest board (no grid), on the smallest terminals: the
/// players and their discs.
const PANEL_SMALL: u16 = 16;
/// Its widest; extra room goes to margins.
const PANEL_MAX: u16 = 40;
/// The width at which its longest lines no longer wrap: the automatic board size leaves it this.
const PANEL_COMFORT: u16 = 34;
/// Lines below the board: status, keys (and above it the title bar, where there is room).
const CHROME_H: u16 = 2;
/// Width of the row labels ("8 ").
pub const LABEL_W: u16 = 2;

/// The smallest screen the game is drawn on (the board without grid lines, the smallest panel,
/// no title bar); below it a message asks for more room.
pub fn min_size() -> (u16, u16) {
    let g = Geometry::new(0, 0, 8, 8, LABEL_W, 0);
    (g.width() + 1 + PANEL_SMALL + 1, g.height() + CHROME_H)
}

/// The board's scale for `board` in `width` columns, given the largest scale `fit` for a
/// width: beside the narrowest panel (large), beside a panel whose lines do not wrap if there is
/// room (auto), or the smallest (compact).
/// `gridded` is the smallest scale with grid lines (Reversi's scale 0 has none).
fn scale(
    board: BoardSize,
    width: u16,
    gridded: u16,
    fit: impl Fn(u16) -> Option<u16>,
) -> Option<u16> {
    let tight = fit(width.saturating_sub(PANEL_TIGHT + 2));
    let largest = match fit(width.saturating_sub(PANEL_MIN + 2)) {
        // A board without a grid is for when none with a grid fits, even beside the narrowest
        // panel (or when asked for).
        Some(s) if s < gridded && tight >= Some(gridded) && board != BoardSize::Compact => {
            return tight;
        }
        Some(largest) => largest,
        // A small terminal: the largest board beside the narrowest panel, else the smallest
        // board with what room is left.
        None => return tight.or_else(|| fit(width).map(|_| 0)),
    };
    Some(match board {
        BoardSize::Large => largest,
        BoardSize::Compact => 0,
        BoardSize::Auto => width
            .checked_sub(PANEL_COMFORT + 2)
            .and_then(fit)
            .unwrap_or(largest),
    })
}

/// The parts of a game screen: the title bar, the board (`B`, its geometry), the side panel,
/// the status line and the key line.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Layout<B> {
    pub title: Rect,
    pub board: B,
    pub panel: Rect,
    pub status: Rect,
    pub keys: Rect,
}

/// The parts of the Reversi screen.
pub type GameLayout = Layout<Geometry>;
/// The parts of the Gomoku screen: as the Reversi one, with a Go-style board.
pub type GomokuLayout = Layout<goban::Geometry>;

/// Where the parts around a board go.
pub struct Around {
    pub title: Rect,
    pub panel: Rect,
    pub status: Rect,
    pub keys: Rect,
}

impl<B> Layout<B> {
    pub fn around(&self) -> Around {
        Around {
            title: self.title,
            panel: self.panel,
            status: self.status,
            keys: self.keys,
        }
    }

    /// The parts for `area`, no smaller than `min`: a board made by `make(left, top, scale)`
    /// (its width and height then given by `size`) at the scale `board` asks for among those
    /// `fit(width, height)` allows (grid lines from scale `gridded`), the panel beside it.
    fn place(
        area: Rect,
        (board, gridded): (BoardSize, u16),
        (min_w, min_h): (u16, u16),
        fit: impl Fn(u16, u16) -> Option<u16>,
        make: impl Fn(u16, u16, u16) -> B,
        size: impl Fn(&B) -> (u16, u16),
    ) -> Option<Layout<B>> {
        if area.width < min_w || area.height < min_h {
            return None;
        }
        // The title bar, where there is a row for it that a larger board does not need.
        let scale_in = |body_h: u16| scale(board, area.width, gridded, |w| fit(w, body_h));
        let untitled = scale_in(area.height - CHROME_H)?;
        let titled = (area.height > min_h)
            .then(|| scale_in(area.height - CHROME_H - 1))
            .flatten()
            .filter(|&s| s >= untitled);
        let title_h = u16::from(titled.is_some());
        let body_h = area.height - CHROME_H - title_h;
        let scale = titled.unwrap_or(untitled);
        let (board_w, board_h) = size(&make(0, 0, scale));
        // A sliver of panel says nothing: none then.
        let panel_w = match area.width.saturating_sub(board_w + 2).min(PANEL_MAX) {
            w if w < PANEL_SMALL => 0,
            w => w,
        };
        let left = area.x + area.width.saturating_sub(board_w + 2 + panel_w) / 2;
        let body_y = area.y + title_h;
        let top = body_y + (body_h - board_h) / 2;
        Some(Layout {
            title: Rect::new(area.x, area.y, area.width, title_h),
            board: make(left, top, scale),
            panel: Rect::new(left + board_w + 2, body_y, panel_w, body_h),
            status: Rect::new(area.x, area.bottom() - 2, area.width, 1),
            keys: Rect::new(area.x, area.bottom() - 1, area.width, 1),
        })
    }
}

impl GameLayout {
    /// The layout for `area` with the board drawn as `board` says, or `None` if it is too small.
    pub fn new(area: Rect, board: BoardSize) -> Option<GameLayout> {
        Layout::place(
            area,
            (board, 1),
            min_size(),
            |w, h| Geometry::fit_scale(w, h, 8, 8, LABEL_W),
            |left, top, scale| Geometry::new(left, top, 8, 8, LABEL_W, scale),
            |g| (g.width(), g.height()),
        )
    }
}

/// The smallest screen a Gomoku board of `size` points is drawn on: the board alone, with the
/// status and key lines (the panel where there is room).
pub fn gomoku_min_size(size: u8) -> (u16, u16) {
    let g = goban::Geometry::new(0, 0, size, 0);
    (g.width(), g.height() + CHROME_H)
}

impl GomokuLayout {
    /// The layout for `area` and a board of `size` points drawn as `board` says, or `None` if
    /// it is too small.
    pub fn new(area: Rect, size: u8, board: BoardSize) -> Option<GomokuLayout> {
        Layout::place(
            area,
            (board, 0),
            gomoku_min_size(size),
            |w, h| goban::Geometry::fit_scale(w, h, size),
            |left, top, scale| goban::Geometry::new(left, top, size, scale),
            |g| (g.width(), g.height()),
        )
    }
}

/// Whether `rect` lies inside both `area` and the buffer: a widget never draws past either.
pub fn fits(rect: Rect, area: Rect, buf: &ratatui::buffer::Buffer) -> bool {
    let clip = area.intersection(buf.area);
    clip.contains(rect.as_position())
        && rect.right() <= clip.right()
        && rect.bottom() <= clip.bottom()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Whether `area` is big enough for the Reversi screen.
    fn fits(area: Rect) -> bool {
        let (w, h) = min_size();
        area.width >= w && area.height >= h
    }

    #[test]
    fn every_size_either_fits_inside_or_is_refused() {
        for w in (0..300).step_by(7) {
            for h in (0..120).step_by(5) {
                let area = Rect::new(0, 0, w, h);
                for board in BoardSize::ALL {
                    match GameLayout::new(area, board) {
                        Some(l) => {
                            assert!(area.contains(l.board.area().as_position()));
                            assert!(l.board.area().right() <= area.right());
                            assert!(l.board.area().bottom() <= area.bottom() - 2);
                            assert!(l.panel.right() <= area.right());
                            assert!(l.board.area().right() < l.panel.x);
                        }
                        None => assert!(!fits(area)),
                    }
                }
            }
        }
    }

    #[test]
    fn compact_is_smallest_large_largest_and_auto_between() {
        let area = Rect::new(0, 0, 120, 45);
        let width = |b| GameLayout::new(area, b).unwrap().board.width();
        let (compact, auto, large) = (
            width(BoardSize::Compact),
            width(BoardSize::Auto),
            width(BoardSize::Large),
        );
        assert!(compact < large, "{compact} {large}");
        assert!(compact <= auto && auto <= large, "{compact} {auto} {large}");
        let small = Rect::new(0, 0, 80, 24);
        assert_eq!(
            GameLayout::new(small, BoardSize::Auto),
            GameLayout::new(small, BoardSize::Large),
            "at 80x24 there is one size with a grid"
        );
        let compact = GameLayout::new(small, BoardSize::Compact).unwrap();
        assert_eq!(compact.board.line, 0, "compact has no grid");
    }

    #[test]
    fn eighty_by_twenty_four_fits() {
        assert!(fits(Rect::new(0, 0, 80, 24)));
        // 60x20 holds the smallest board with a grid beside the narrowest panel, without the
        // title bar; 40x14 the board without a grid, with the title bar.
        assert_eq!(min_size(), (36, 11));
        let tight = GameLayout::new(Rect::new(0, 0, 60, 20), BoardSize::Auto).unwrap();
        assert_eq!((tight.title.height, tight.panel.width), (0, 23));
        assert_eq!(tight.board.line, 1);
        let small = GameLayout::new(Rect::new(0, 0, 40, 14), BoardSize::Auto).unwrap();
        assert_eq!(
            (small.title.height, small.panel.width, small.board.line),
            (1, 20, 0)
        );
        let roomy = GameLayout::new(Rect::new(0, 0, 80, 24), BoardSize::Auto).unwrap();
        assert_eq!(roomy.title.height, 1);
        for size in [15, 19] {
            assert!(GomokuLayout::new(Rect::new(0, 0, 80, 24), size, BoardSize::Auto).is_some());
        }
        assert_eq!(gomoku_min_size(15), (33, 18));
        assert_eq!(gomoku_min_size(19), (41, 22));
        let small = GomokuLayout::new(Rect::new(0, 0, 40, 18), 15, BoardSize::Auto).unwrap();
        assert_eq!(small.panel.width, 0, "the board alone");
    }

    #[test]
    fn every_gomoku_layout_fits_inside() {
        for size in [15, 19] {
            for w in (0..300).step_by(7) {
                for h in (0..120).step_by(5) {
                    let area = Rect::new(0, 0, w, h);
                    for board in BoardSize::ALL {
                        if let Some(l) = GomokuLayout::new(area, size, board) {
                            assert!(l.board.area().right() <= area.right());
                            assert!(l.board.area().bottom() <= area.bottom() - 2);
                            assert!(l.board.area().right() < l.panel.x);
                            assert!(l.panel.width == 0 || l.panel.right() <= area.right());
                        }
                    }
                }
            }
        }
    }
}
