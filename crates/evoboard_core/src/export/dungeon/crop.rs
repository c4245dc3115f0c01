//! Cropping a dungeon to what is drawn: the smallest rectangle holding
//! every cell that is not rock, plus a margin of rock (for the hatched
//! rock edge). The cropped dungeon is a dungeon of its own (rooms, locks,
//! traps and secret doors moved with the cells), so every export draws
//! and traces it unchanged; `origin` says where its first cell was.

use crate::dungeon::{Dungeon, DungeonTile, Grid};

/// A cropped dungeon and where its top-left cell lies in the original.
#[derive(Clone, Debug)]
pub struct Cropped {
    /// The cropped dungeon.
    pub dungeon: Dungeon,
    /// Column and row of its cell (0, 0) in the dungeon it was cut from.
    pub origin: (usize, usize),
}

/// The smallest rectangle holding every cell of `d` that is not rock:
/// first column, first row, last column, last row (inclusive); `None`
/// when every cell is rock.
pub fn drawn_bounds(d: &Dungeon) -> Option<(usize, usize, usize, usize)> {
    let mut b: Option<(usize, usize, usize, usize)> = None;
    for y in 0..d.height() {
        for x in 0..d.width() {
            if d.grid.get(x, y) != DungeonTile::Rock {
                b = Some(match b {
                    None => (x, y, x, y),
                    Some((x0, y0, x1, y1)) => (x0.min(x), y0.min(y), x1.max(x), y1.max(y)),
                });
            }
        }
    }
    b
}

/// `d` cut to its drawn cells ([`drawn_bounds`]) plus `margin` cells on
/// every side (as far as the grid goes); the whole dungeon when nothing
/// is drawn.
///
/// ```
/// use evoboard_core::dungeon::{generate_proposal, DungeonParams, Size};
/// use evoboard_core::export::dungeon::crop::crop;
/// let d = generate_proposal(&DungeonParams::for_size(Size::Small), 7, 0).unwrap();
/// let c = crop(&d, 1);
/// let (ox, oy) = c.origin;
/// assert!(c.dungeon.width() <= d.width() && c.dungeon.height() <= d.height());
/// let a = &c.dungeon.rooms[0];
/// assert_eq!((usize::from(a.x) + ox, usize::from(a.y) + oy), (d.rooms[0].x.into(), d.rooms[0].y.into()));
/// ```
pub fn crop(d: &Dungeon, margin: usize) -> Cropped {
    let Some((x0, y0, x1, y1)) = drawn_bounds(d) else {
        return Cropped {
            dungeon: d.clone(),
            origin: (0, 0),
        };
    };
    let (x0, y0) = (x0.saturating_sub(margin), y0.saturating_sub(margin));
    let (x1, y1) = (
        (x1 + margin).min(d.width() - 1),
        (y1 + margin).min(d.height() - 1),
    );
    let (w, h) = (x1 + 1 - x0, y1 + 1 - y0);
    let mut grid = Grid::new(w, h);
    for y in 0..h {
        for x in 0..w {
            grid.set(x, y, d.grid.get(x0 + x, y0 + y));
        }
    }
    let (dx, dy) = (x0 as u16, y0 as u16);
    let mut c = d.clone();
    c.grid = grid;
    for r in &mut c.rooms {
        r.x = r.x.saturating_sub(dx);
        r.y = r.y.saturating_sub(dy);
    }
    let shift = |p: &mut (u16, u16)| *p = (p.0.saturating_sub(dx), p.1.saturating_sub(dy));
    c.locks.iter_mut().for_each(|l| shift(&mut l.door));
    c.traps.iter_mut().for_each(|t| shift(&mut t.cell));
    c.secret_doors.iter_mut().for_each(|s| shift(&mut s.door));
    Cropped {
        dungeon: c,
        origin: (x0, y0),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::export::dungeon::tests::wide;

    #[test]
    fn the_crop_keeps_every_drawn_cell_and_moves_the_marks() {
        let d = wide();
        let c = crop(&d, 1);
        assert_eq!(c.origin, (0, 0));
        assert_eq!((c.dungeon.width(), c.dungeon.height()), (13, 14));
        let c = crop(&d, 0);
        assert_eq!(c.origin, (1, 1));
        assert_eq!((c.dungeon.width(), c.dungeon.height()), (11, 12));
        let n = |g: &Dungeon| {
            g.grid
                .cells()
                .iter()
                .filter(|&&t| t != DungeonTile::Rock)
                .count()
        };
        assert_eq!(n(&c.dungeon), n(&d));
        assert_eq!(c.dungeon.locks[0].door, (2, 4));
        assert_eq!(c.dungeon.grid.get(2, 4), DungeonTile::Door);
        assert_eq!((c.dungeon.rooms[1].x, c.dungeon.rooms[1].y), (7, 9));
        assert_eq!(c.dungeon.door_runs().len(), d.door_runs().len());
    }
}
