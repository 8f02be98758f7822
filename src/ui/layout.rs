//! Where things go on the screen. Shared by drawing and by the mouse, so a click lands on the
//! square that was drawn there.

use super::board::Geometry;
use super::goban;
use ratatui::layout::Rect;

/// The side panel's narrowest useful width.
pub const PANEL_MIN: u16 = 28;
/// Its widest; extra room goes to margins.
const PANEL_MAX: u16 = 40;
/// Lines above and below the board: title, status, keys.
const CHROME_H: u16 = 3;
/// Width of the row labels ("8 ").
pub const LABEL_W: u16 = 2;

/// The smallest screen the game is drawn on; below it a message asks for more room.
pub fn min_size() -> (u16, u16) {
    let g = Geometry::new(0, 0, 8, 8, LABEL_W, 0);
    (g.width() + 1 + PANEL_MIN + 1, g.height() + CHROME_H)
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
    /// The layout for `area`, or `None` if it is too small.
    pub fn new(area: Rect) -> Option<GameLayout> {
        if !fits(area) {
            return None;
        }
        let body_h = area.height - CHROME_H;
        let scale = Geometry::fit_scale(area.width - PANEL_MIN - 2, body_h, 8, 8, LABEL_W)?;
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
    /// The layout for `area` and a board of `size` points, or `None` if it is too small.
    pub fn new(area: Rect, size: u8) -> Option<GomokuLayout> {
        let (w, h) = gomoku_min_size(size);
        if area.width < w || area.height < h {
            return None;
        }
        let body_h = area.height - CHROME_H;
        let scale = goban::Geometry::fit_scale(area.width - PANEL_MIN - 2, body_h, size)?;
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
                match GameLayout::new(area) {
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

    #[test]
    fn eighty_by_twenty_four_fits() {
        assert!(fits(Rect::new(0, 0, 80, 24)));
        assert_eq!(min_size(), (65, 21));
        for size in [15, 19] {
            assert!(GomokuLayout::new(Rect::new(0, 0, 80, 24), size).is_some());
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
                    if let Some(l) = GomokuLayout::new(area, size) {
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
