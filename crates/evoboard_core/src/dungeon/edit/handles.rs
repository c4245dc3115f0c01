//! Resize handles: where on a room a cell is ([`Edge`]) and the rectangle
//! a dragged handle gives ([`Edge::dragged`]).

use super::super::room::Room;
use serde::{Deserialize, Serialize};

/// Where on a room a cell lies: its floor, or a side or corner of its wall
/// ring (the resize handles).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Edge {
    /// A floor cell (drag to move the room).
    Inside,
    /// The left wall column.
    Left,
    /// The right wall column.
    Right,
    /// The top wall row.
    Top,
    /// The bottom wall row.
    Bottom,
    /// The top-left wall corner.
    TopLeft,
    /// The top-right wall corner.
    TopRight,
    /// The bottom-left wall corner.
    BottomLeft,
    /// The bottom-right wall corner.
    BottomRight,
}

impl Edge {
    /// Which part of `room`'s wall ring (`x`, `y`) is on, if any.
    pub fn of_wall(room: &Room, x: usize, y: usize) -> Option<Edge> {
        let (l, t, r, b) = (room.left(), room.top(), room.right(), room.bottom());
        if l == 0 || t == 0 || x + 1 < l || x > r || y + 1 < t || y > b {
            return None;
        }
        let (left, right, top, bottom) = (x + 1 == l, x == r, y + 1 == t, y == b);
        Some(match (left, right, top, bottom) {
            (true, _, true, _) => Edge::TopLeft,
            (_, true, true, _) => Edge::TopRight,
            (true, _, _, true) => Edge::BottomLeft,
            (_, true, _, true) => Edge::BottomRight,
            (true, ..) => Edge::Left,
            (_, true, ..) => Edge::Right,
            (_, _, true, _) => Edge::Top,
            (.., true) => Edge::Bottom,
            _ => return None,
        })
    }

    /// Whether dragging this handle moves the left wall.
    pub fn moves_left(self) -> bool {
        matches!(self, Edge::Left | Edge::TopLeft | Edge::BottomLeft)
    }

    /// Whether dragging this handle moves the right wall.
    pub fn moves_right(self) -> bool {
        matches!(self, Edge::Right | Edge::TopRight | Edge::BottomRight)
    }

    /// Whether dragging this handle moves the top wall.
    pub fn moves_top(self) -> bool {
        matches!(self, Edge::Top | Edge::TopLeft | Edge::TopRight)
    }

    /// Whether dragging this handle moves the bottom wall.
    pub fn moves_bottom(self) -> bool {
        matches!(self, Edge::Bottom | Edge::BottomLeft | Edge::BottomRight)
    }

    /// The floor rectangle of `room` after this handle's wall(s) were
    /// dragged onto cell (`x`, `y`); the opposite walls stay. The floor
    /// keeps at least one cell per side ([`super::Dungeon::apply`] then
    /// says whether the size is allowed). [`Edge::Inside`] gives `room`.
    ///
    /// ```
    /// use evoboard_core::dungeon::{Edge, Room};
    /// let r = Room::new(5, 5, 4, 3); // walls at x 4 and 9, y 4 and 8
    /// assert_eq!(Edge::Right.dragged(&r, 11, 0), Room::new(5, 5, 6, 3));
    /// assert_eq!(Edge::TopLeft.dragged(&r, 2, 3), Room::new(3, 4, 6, 4));
    /// ```
    pub fn dragged(self, room: &Room, x: usize, y: usize) -> Room {
        let (mut l, mut t, mut r, mut b) = (room.left(), room.top(), room.right(), room.bottom());
        if self.moves_left() {
            l = (x + 1).min(r - 1);
        }
        if self.moves_right() {
            r = x.max(l + 1);
        }
        if self.moves_top() {
            t = (y + 1).min(b - 1);
        }
        if self.moves_bottom() {
            b = y.max(t + 1);
        }
        Room::new(l, t, r - l, b - t)
    }
}
