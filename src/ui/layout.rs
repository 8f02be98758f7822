//! Where things go on the screen. Shared by drawing and by the mouse, so a click lands on the
//! square that was drawn there.

use super::board::Geometry;
use super::goban;
use crate::settings::BoardSize;
use ratatui::layout::Rect;

/// The side panel's narrowest useful width.
pub const PANEL_MIN: u16 = 28;
/// Its widest; extra room goes to margins.
const PANEL_MAX: u16 = 40;
/// The width at which its longest lines no longer wrap: the automatic board size leaves it this.
const PANEL_COMFORT: u16 = 34;
/// Lines above and below the board: title, status, keys.
const CHROME_H: u16 = 3;
/// Width of the row labels ("8 ").
pub const LABEL_W: u16 = 2;

/// The smallest screen the game is drawn on; below it a message asks for more room.
pub fn min_size() -> (u16, u16) {
    let g = Geometry::new(0, 0, 8, 8, LABEL_W, 0);
    (g.width() + 1 + PANEL_MIN + 1, g.height() + CHROME_H)
}

/// The board's scale for `board` in `width` columns, given the largest scale `fit` for a
/// width: beside the narrowest panel (large), beside a panel whose lines do not wrap if there is
/// room (auto), or the smallest (compact).
fn scale(board: BoardSize, width: u16, fit: impl Fn(u16) -> Option<u16>) -> Option<u16> {
    let largest = fit(width.checked_sub(PANEL_MIN + 2)?)?;
    Some(match board {
        BoardSize::Large => largest,
        BoardSize::Compact => 0,
        BoardSize::Auto => width
            .checked_sub(PANEL_COMFORT + 2)
            .and_then(fit)
            .unwrap_or(largest),
    })
}

/// Whether `area` is big enough.
pub fn fits(area: Rect) -> bool {
    let (w, h) = min_size();
    area.width >= w && area.height >= h
}

/// The parts of the game screen.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct GameLayout {
    pub title: Rect,
    pub board: Geometry,
    pub panel: Rect,
    pub status: Rect,
    pub keys: Rect,
}

impl GameLayout {
    /// The layout for `area` with the board drawn as `board` says, or `None` if it is too small.
    pub fn new(area: Rect, board: BoardSize) -> Option<GameLayout> {
        if !fits(area) {
            return None;
        }
        let body_h = area.height - CHROME_H;
        let fit = |w| Geometry::fit_scale(w, body_h, 8, 8, LABEL_W);
        let scale = scale(board, area.width, fit)?;
        let probe = Geometry::new(0, 0, 8, 8, LABEL_W, scale);
        let panel_w = (area.width - probe.width() - 2).min(PANEL_MAX);
        let total_w = probe.width() + 2 + panel_w;
        let left = area.x + (area.width - total_w) / 2;
        let top = area.y + 1 + (body_h - probe.height()) / 2;
        let board = Geometry::new(left, top, 8, 8, LABEL_W, scale);
        Some(GameLayout {
            title: Rect::new(area.x, area.y, area.width, 1),
            board,
            panel: Rect::new(left + probe.width() + 2, area.y + 1, panel_w, body_h),
            status: Rect::new(area.x, area.bottom() - 2, area.width, 1),
            keys: Rect::new(area.x, area.bottom() - 1, area.width, 1),
        })
    }
}

/// The smallest screen a Gomoku board of `size` points is drawn on.
pub fn gomoku_min_size(size: u8) -> (u16, u16) {
    let g = goban::Geometry::new(0, 0, size, 0);
    (g.width() + 1 + PANEL_MIN + 1, g.height() + CHROME_H)
}

/// The parts of the Gomoku screen: as the Reversi one, with a Go-style board.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct GomokuLayout {
    pub title: Rect,
    pub board: goban::Geometry,
    pub panel: Rect,
    pub status: Rect,
    pub keys: Rect,
}

impl GomokuLayout {
    /// The layout for `area` and a board of `size` points drawn as `board` says, or `None` if
    /// it is too small.
    pub fn new(area: Rect, size: u8, board: BoardSize) -> Option<GomokuLayout> {
        let (w, h) = gomoku_min_size(size);
        if area.width < w || area.height < h {
            return None;
        }
        let body_h = area.height - CHROME_H;
        let fit = |w| goban::Geometry::fit_scale(w, body_h, size);
        let scale = scale(board, area.width, fit)?;
        let probe = goban::Geometry::new(0, 0, size, scale);
        let panel_w = (area.width - probe.width() - 2).min(PANEL_MAX);
        let total_w = probe.width() + 2 + panel_w;
        let left = area.x + (area.width - total_w) / 2;
        let top = area.y + 1 + (body_h - probe.height()) / 2;
        Some(GomokuLayout {
            title: Rect::new(area.x, area.y, area.width, 1),
            board: goban::Geometry::new(left, top, size, scale),
            panel: Rect::new(left + probe.width() + 2, area.y + 1, panel_w, body_h),
            status: Rect::new(area.x, area.bottom() - 2, area.width, 1),
            keys: Rect::new(area.x, area.bottom() - 1, area.width, 1),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

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
            GameLayout::new(small, BoardSize::Compact),
            GameLayout::new(small, BoardSize::Large),
            "at 80x24 there is one size"
        );
    }

    #[test]
    fn eighty_by_twenty_four_fits() {
        assert!(fits(Rect::new(0, 0, 80, 24)));
        assert_eq!(min_size(), (65, 21));
        for size in [15, 19] {
            assert!(GomokuLayout::new(Rect::new(0, 0, 80, 24), size, BoardSize::Auto).is_some());
        }
        assert_eq!(gomoku_min_size(15), (63, 19));
        assert_eq!(gomoku_min_size(19), (71, 23));
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
                            assert!(l.panel.right() <= area.right());
                        }
                    }
                }
            }
        }
    }
}
