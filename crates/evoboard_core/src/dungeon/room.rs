//! Rooms: axis-aligned rectangles of floor with a one-cell wall around.

use crate::rng::{Rng, RngExt};
use serde::{Deserialize, Serialize};

/// A rectangular room. `x`, `y` is its top-left floor cell and `w` × `h`
/// its floor size; the walls are the ring of cells just outside the floor.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Room {
    /// Column of the left-most floor cell.
    pub x: u16,
    /// Row of the top floor row.
    pub y: u16,
    /// Floor width in cells.
    pub w: u16,
    /// Floor height in cells.
    pub h: u16,
}

/// Where two touching rooms share a wall: the wall cells between them that
/// have floor on both sides (any of them can hold the connecting door).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct SharedWall {
    /// First wall cell (x, y).
    pub start: (usize, usize),
    /// Whether the cells run down (a vertical wall) or right (horizontal).
    pub vertical: bool,
    /// Number of wall cells with floor on both sides (at least 1).
    pub len: usize,
}

impl Room {
    /// A room with top-left floor cell (`x`, `y`) and floor `w` × `h`.
    pub fn new(x: usize, y: usize, w: usize, h: usize) -> Room {
        Room {
            x: x as u16,
            y: y as u16,
            w: w as u16,
            h: h as u16,
        }
    }

    /// Left floor column.
    #[inline]
    pub fn left(&self) -> usize {
        self.x as usize
    }

    /// Top floor row.
    #[inline]
    pub fn top(&self) -> usize {
        self.y as usize
    }

    /// One past the right floor column (the right wall's column).
    #[inline]
    pub fn right(&self) -> usize {
        (self.x + self.w) as usize
    }

    /// One past the bottom floor row (the bottom wall's row).
    #[inline]
    pub fn bottom(&self) -> usize {
        (self.y + self.h) as usize
    }

    /// Floor area in cells.
    pub fn area(&self) -> usize {
        self.w as usize * self.h as usize
    }

    /// Whether (`x`, `y`) is a floor cell of this room.
    pub fn contains(&self, x: usize, y: usize) -> bool {
        x >= self.left() && x < self.right() && y >= self.top() && y < self.bottom()
    }

    /// Whether two rooms are too close: their floors overlap or touch with
    /// no wall cell between them. Rooms whose floors are exactly one cell
    /// apart share that wall; further apart they each have their own.
    #[inline]
    pub fn conflicts(&self, o: &Room) -> bool {
        // Grow `self` by one cell and test against the other floor.
        self.left() < o.right() + 1
            && o.left() < self.right() + 1
            && self.top() < o.bottom() + 1
            && o.top() < self.bottom() + 1
    }

    /// The wall two rooms share, if their floors are one cell apart and
    /// face each other along at least one cell (touching rooms).
    pub(crate) fn shared_wall(&self, o: &Room) -> Option<SharedWall> {
        let (a, b) = (self, o);
        let overlap = |a0: usize, a1: usize, b0: usize, b1: usize| {
            let lo = a0.max(b0);
            let hi = a1.min(b1);
            (lo < hi).then(|| (lo, hi - lo))
        };
        if a.right() + 1 == b.left() || b.right() + 1 == a.left() {
            let x = if a.right() + 1 == b.left() {
                a.right()
            } else {
                b.right()
            };
            let (y, len) = overlap(a.top(), a.bottom(), b.top(), b.bottom())?;
            return Some(SharedWall {
                start: (x, y),
                vertical: true,
                len,
            });
        }
        if a.bottom() + 1 == b.top() || b.bottom() + 1 == a.top() {
            let y = if a.bottom() + 1 == b.top() {
                a.bottom()
            } else {
                b.bottom()
            };
            let (x, len) = overlap(a.left(), a.right(), b.left(), b.right())?;
            return Some(SharedWall {
                start: (x, y),
                vertical: false,
                len,
            });
        }
        None
    }

    /// Whether the room fits on a `width × height` grid (its walls inside,
    /// a free rock border for corridors) and clashes with none of `rooms`.
    pub fn fits(&self, rooms: &[Room], width: usize, height: usize) -> bool {
        self.left() >= 2
            && self.top() >= 2
            && self.right() + 2 <= width
            && self.bottom() + 2 <= height
            && rooms.iter().all(|r| !self.conflicts(r))
    }

    /// Distance in cells from the room's floor to the nearest map edge.
    pub(crate) fn edge_distance(&self, width: usize, height: usize) -> usize {
        self.left()
            .min(self.top())
            .min(width - self.right())
            .min(height - self.bottom())
    }
}

/// The room sizes a layout may use.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RoomShape {
    /// Smallest floor side (3).
    pub min_side: usize,
    /// Largest floor side.
    pub max_side: usize,
}

impl RoomShape {
    /// The room sizes for a `width × height` grid: floor sides from 3 to
    /// min(width, height) / 7, clamped to 4..=12.
    pub fn for_grid(width: usize, height: usize) -> RoomShape {
        RoomShape {
            min_side: 3,
            max_side: (width.min(height) / 7).clamp(4, 12),
        }
    }

    /// A random room anywhere on the grid (it may clash with others).
    pub(crate) fn random(&self, rng: &mut Rng, width: usize, height: usize) -> Room {
        let w = rng.random_range(self.min_side..=self.max_side);
        let h = rng.random_range(self.min_side..=self.max_side);
        // Floor from column 2 to width - 3 (walls inside, rock border).
        let x = rng.random_range(2..=width - 2 - w);
        let y = rng.random_range(2..=height - 2 - h);
        Room::new(x, y, w, h)
    }

    /// Up to `tries` random rooms until one fits among `rooms`.
    pub(crate) fn place(
        &self,
        rng: &mut Rng,
        rooms: &[Room],
        width: usize,
        height: usize,
        tries: usize,
    ) -> Option<Room> {
        (0..tries)
            .map(|_| self.random(rng, width, height))
            .find(|r| r.fits(rooms, width, height))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn spacing_rules() {
        let a = Room::new(2, 2, 4, 4); // floor x 2..6, wall at x = 6
        // Floors one cell apart: they share the wall column x = 6.
        let b = Room::new(7, 3, 3, 3);
        assert!(!a.conflicts(&b));
        let w = a.shared_wall(&b).unwrap();
        assert_eq!(
            w,
            SharedWall {
                start: (6, 3),
                vertical: true,
                len: 3
            }
        );
        // Floors touching: not allowed.
        assert!(a.conflicts(&Room::new(6, 2, 3, 3)));
        // Overlapping: not allowed.
        assert!(a.conflicts(&Room::new(3, 3, 3, 3)));
        // Diagonal corner touch: allowed, no door.
        let c = Room::new(7, 7, 3, 3);
        assert!(!a.conflicts(&c));
        assert_eq!(a.shared_wall(&c), None);
        // Two walls between: allowed, not touching.
        let d = Room::new(8, 2, 3, 3);
        assert!(!a.conflicts(&d));
        assert_eq!(a.shared_wall(&d), None);
        // Vertical neighbour.
        let e = Room::new(3, 7, 2, 2);
        assert_eq!(
            a.shared_wall(&e),
            Some(SharedWall {
                start: (3, 6),
                vertical: false,
                len: 2
            })
        );
    }

    #[test]
    fn fits_inside_the_border() {
        assert!(Room::new(2, 2, 3, 3).fits(&[], 7, 7));
        assert!(!Room::new(1, 2, 3, 3).fits(&[], 7, 7));
        assert!(!Room::new(2, 2, 4, 3).fits(&[], 7, 7));
    }
}
