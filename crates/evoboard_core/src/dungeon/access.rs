//! Typed read access for game logic: rooms by letter and role, their doors
//! and centres, the tile at a cell, and shortest walks between cells.
//!
//! Cells are (`x`, `y`): `x` is the column (0 at the left), `y` the row (0
//! at the top, growing downwards), as in [`Grid::get`](super::Grid::get)
//! and the saved rows of symbols. The plugin's dungeon tilemap draws cell
//! (`x`, `y`) as the square whose top-left corner is `x` cells right of and
//! `y` cells below the map's top-left corner.

use super::grid::DungeonTile;
use super::{Dungeon, DungeonRoom};
use std::collections::VecDeque;

/// A door in a room's wall ring: a cell holding a [`DungeonTile::Door`] or
/// [`DungeonTile::SecretDoor`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Door {
    /// Column of the door cell.
    pub x: usize,
    /// Row of the door cell (0 at the top).
    pub y: usize,
    /// Whether it is a secret door (players must find it first).
    pub secret: bool,
}

impl DungeonRoom {
    /// The cells of the room's wall ring: the one-cell ring just outside
    /// the floor rectangle, corners included, in reading order. (Cells
    /// that would lie left of column 0 or above row 0 are left out.)
    ///
    /// ```
    /// use evoboard_core::dungeon::DungeonRoom;
    /// let room = DungeonRoom { letter: 'A', x: 2, y: 3, w: 3, h: 2, enemies: false, treasure: false, ..Default::default() };
    /// let ring: Vec<(usize, usize)> = room.wall_ring().collect();
    /// assert_eq!(ring.len(), 2 * (3 + 2) + 4);
    /// assert_eq!(ring[0], (1, 2));
    /// assert!(ring.iter().all(|&(x, y)| !room.rect().contains(x, y)));
    /// ```
    pub fn wall_ring(&self) -> impl Iterator<Item = (usize, usize)> + use<> {
        let (left, top) = (i64::from(self.x) - 1, i64::from(self.y) - 1);
        let (right, bottom) = (left + i64::from(self.w) + 1, top + i64::from(self.h) + 1);
        (top..=bottom)
            .flat_map(move |y| (left..=right).map(move |x| (x, y)))
            .filter(move |&(x, y)| y == top || y == bottom || x == left || x == right)
            .filter_map(|(x, y)| Some((usize::try_from(x).ok()?, usize::try_from(y).ok()?)))
    }
}

impl Dungeon {
    /// The room with this letter (`'A'`, `'B'`, …; lower case also finds
    /// it), or `None`.
    ///
    /// ```
    /// # use evoboard_core::dungeon::{generate_proposal, DungeonParams, Size};
    /// let dungeon = generate_proposal(&DungeonParams::for_size(Size::Small), 7, 0).unwrap();
    /// assert_eq!(dungeon.room('A').map(|r| r.letter), Some('A'));
    /// assert_eq!(dungeon.room('b'), dungeon.rooms.get(1));
    /// assert_eq!(dungeon.room('?'), None);
    /// ```
    pub fn room(&self, letter: char) -> Option<&DungeonRoom> {
        let letter = letter.to_ascii_uppercase();
        self.rooms.iter().find(|r| r.letter == letter)
    }

    /// The entrance room (`rooms[entrance]`); `None` only for a hand-made
    /// dungeon whose `entrance` is not a room index.
    ///
    /// ```
    /// # use evoboard_core::dungeon::{generate_proposal, DungeonParams, Size};
    /// let dungeon = generate_proposal(&DungeonParams::for_size(Size::Small), 7, 0).unwrap();
    /// let entrance = dungeon.entrance_room().unwrap();
    /// assert_eq!(entrance, &dungeon.rooms[dungeon.entrance]);
    /// ```
    pub fn entrance_room(&self) -> Option<&DungeonRoom> {
        self.rooms.get(self.entrance)
    }

    /// The final room (`rooms[final_room]`, the room farthest from the
    /// entrance on foot); `None` only for a hand-made dungeon whose
    /// `final_room` is not a room index.
    ///
    /// ```
    /// # use evoboard_core::dungeon::{generate_proposal, DungeonParams, Size};
    /// let dungeon = generate_proposal(&DungeonParams::for_size(Size::Small), 7, 0).unwrap();
    /// assert_ne!(dungeon.final_room(), dungeon.entrance_room());
    /// ```
    pub fn final_room(&self) -> Option<&DungeonRoom> {
        self.rooms.get(self.final_room)
    }

    /// The tile at (`x`, `y`), or `None` off the grid.
    ///
    /// ```
    /// # use evoboard_core::dungeon::{generate_proposal, DungeonParams, DungeonTile, Size};
    /// let dungeon = generate_proposal(&DungeonParams::for_size(Size::Small), 7, 0).unwrap();
    /// let room = dungeon.room('A').unwrap();
    /// let (x, y) = (room.x as usize, room.y as usize);
    /// assert_eq!(dungeon.tile(x, y), Some(DungeonTile::Floor));
    /// assert_eq!(dungeon.tile(x - 1, y - 1), Some(DungeonTile::Wall));
    /// assert_eq!(dungeon.tile(dungeon.width(), 0), None);
    /// ```
    pub fn tile(&self, x: usize, y: usize) -> Option<DungeonTile> {
        (x < self.width() && y < self.height()).then(|| self.grid.get(x, y))
    }

    /// Whether a character can stand on (`x`, `y`): floor, corridor, door,
    /// secret door or trap ([`DungeonTile::is_walkable`]); false off the
    /// grid.
    ///
    /// ```
    /// # use evoboard_core::dungeon::{generate_proposal, DungeonParams, Size};
    /// let dungeon = generate_proposal(&DungeonParams::for_size(Size::Small), 7, 0).unwrap();
    /// let (x, y) = dungeon.room_centre(dungeon.room('A').unwrap());
    /// assert!(dungeon.is_walkable(x, y));
    /// assert!(!dungeon.is_walkable(0, 0)); // the outer ring is rock
    /// ```
    pub fn is_walkable(&self, x: usize, y: usize) -> bool {
        self.tile(x, y).is_some_and(DungeonTile::is_walkable)
    }

    /// The doors (plain and secret) in `room`'s wall ring, in reading
    /// order. A door between two touching rooms belongs to both.
    ///
    /// ```
    /// # use evoboard_core::dungeon::{generate_proposal, DungeonParams, Size};
    /// let dungeon = generate_proposal(&DungeonParams::for_size(Size::Small), 7, 0).unwrap();
    /// for room in &dungeon.rooms {
    ///     let doors = dungeon.doors(room);
    ///     assert!(!doors.is_empty(), "room {} has a way in", room.letter);
    ///     assert!(doors.iter().all(|d| dungeon.is_walkable(d.x, d.y)));
    /// }
    /// ```
    pub fn doors(&self, room: &DungeonRoom) -> Vec<Door> {
        room.wall_ring()
            .filter_map(|(x, y)| {
                let tile = self.tile(x, y)?;
                tile.is_door().then_some(Door {
                    x,
                    y,
                    secret: tile == DungeonTile::SecretDoor,
                })
            })
            .collect()
    }

    /// A floor cell at the middle of `room` (for placing a character or an
    /// icon): the middle cell of the floor rectangle, or when a hand-edited
    /// grid has no floor there, the room's floor cell nearest to it (the
    /// middle itself when the room has no floor cell at all).
    ///
    /// ```
    /// # use evoboard_core::dungeon::{generate_proposal, DungeonParams, DungeonTile, Size};
    /// let dungeon = generate_proposal(&DungeonParams::for_size(Size::Small), 7, 0).unwrap();
    /// let room = dungeon.entrance_room().unwrap();
    /// let (x, y) = dungeon.room_centre(room);
    /// assert!(room.rect().contains(x, y));
    /// assert_eq!(dungeon.tile(x, y), Some(DungeonTile::Floor));
    /// ```
    pub fn room_centre(&self, room: &DungeonRoom) -> (usize, usize) {
        let r = room.rect();
        let (w, h) = (usize::from(room.w), usize::from(room.h));
        let middle = (r.left() + w / 2, r.top() + h / 2);
        let floor = |&(x, y): &(usize, usize)| self.tile(x, y) == Some(DungeonTile::Floor);
        if floor(&middle) {
            return middle;
        }
        (r.top()..r.bottom())
            .flat_map(|y| (r.left()..r.right()).map(move |x| (x, y)))
            .filter(floor)
            .min_by_key(|&(x, y)| x.abs_diff(middle.0) + y.abs_diff(middle.1))
            .unwrap_or(middle)
    }

    /// A shortest walk from `from` to `to` in steps to the four
    /// neighbouring cells over walkable cells ([`Self::is_walkable`];
    /// secret doors and traps count as walkable), both ends included;
    /// `None` when either end is not walkable or no walk exists.
    ///
    /// ```
    /// # use evoboard_core::dungeon::{generate_proposal, DungeonParams, Size};
    /// let dungeon = generate_proposal(&DungeonParams::for_size(Size::Small), 7, 0).unwrap();
    /// let start = dungeon.room_centre(dungeon.entrance_room().unwrap());
    /// let goal = dungeon.room_centre(dungeon.final_room().unwrap());
    /// let walk = dungeon.path(start, goal).unwrap();
    /// assert_eq!((walk[0], walk[walk.len() - 1]), (start, goal));
    /// assert!(walk.windows(2).all(|s| s[0].0.abs_diff(s[1].0) + s[0].1.abs_diff(s[1].1) == 1));
    /// ```
    pub fn path(&self, from: (usize, usize), to: (usize, usize)) -> Option<Vec<(usize, usize)>> {
        self.path_where(from, to, |_, tile| tile.is_walkable())
    }

    /// Like [`Self::path`], but a cell can be entered only when
    /// `passable((x, y), tile)` says so (e.g. to avoid traps, or secret
    /// doors not found yet).
    ///
    /// ```
    /// # use evoboard_core::dungeon::{generate_proposal, DungeonParams, DungeonTile, Size};
    /// let dungeon = generate_proposal(&DungeonParams::for_size(Size::Small), 7, 0).unwrap();
    /// let start = dungeon.room_centre(dungeon.entrance_room().unwrap());
    /// let goal = dungeon.room_centre(dungeon.final_room().unwrap());
    /// let safe = dungeon.path_where(start, goal, |_, t| t.is_walkable() && t != DungeonTile::Trap);
    /// if let Some(walk) = safe {
    ///     assert!(walk.iter().all(|&(x, y)| dungeon.tile(x, y) != Some(DungeonTile::Trap)));
    /// }
    /// ```
    pub fn path_where(
        &self,
        from: (usize, usize),
        to: (usize, usize),
        mut passable: impl FnMut((usize, usize), DungeonTile) -> bool,
    ) -> Option<Vec<(usize, usize)>> {
        let (w, h) = (self.width(), self.height());
        let mut ok = |(x, y): (usize, usize)| self.tile(x, y).is_some_and(|t| passable((x, y), t));
        if !ok(from) || !ok(to) {
            return None;
        }
        let index = |(x, y): (usize, usize)| y * w + x;
        // prev[i]: the cell the walk came from (usize::MAX: not reached).
        let mut prev = vec![usize::MAX; w * h];
        prev[index(from)] = index(from);
        let mut queue = VecDeque::from([from]);
        while let Some(cell @ (x, y)) = queue.pop_front() {
            if cell == to {
                let mut walk = vec![to];
                let mut i = index(to);
                while i != index(from) {
                    i = prev[i];
                    walk.push((i % w, i / w));
                }
                walk.reverse();
                return Some(walk);
            }
            let steps = [
                (x, y.wrapping_sub(1)),
                (x.wrapping_sub(1), y),
                (x + 1, y),
                (x, y + 1),
            ];
            for next in steps {
                if next.0 < w && next.1 < h && prev[index(next)] == usize::MAX && ok(next) {
                    prev[index(next)] = index(cell);
                    queue.push_back(next);
                }
            }
        }
        None
    }
}

#[cfg(test)]
mod tests;
