//! Where things go on the screen. Shared by drawing and by the mouse, so a click lands on the
//! square that was drawn there.

use super::board::Geometry;
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
    }
}
