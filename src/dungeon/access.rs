//! A finished [`Dungeon`] as a game uses it: rooms by letter, the
//! entrance and final room, each room's doors, what is on a cell, and a
//! shortest walk between two cells. Cells are (`x`, `y`): column `x`, row
//! `y`, row 0 at the top, as in the grid and the rooms' rectangles; the
//! plugin's `DungeonMap::cell_centre` gives a cell's world position on the
//! drawn tilemap.

use super::{Dungeon, DungeonRoom, DungeonTile};
use std::collections::VecDeque;

/// A door in a room's wall.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Door {
    /// Column.
    pub x: usize,
    /// Row.
    pub y: usize,
    /// Whether the players must find it first (a secret door).
    pub secret: bool,
}

impl Dungeon {
    /// The room with this letter.
    ///
    /// ```
    /// use evoboard::dungeon::{generate, DungeonParams, Size};
    /// let d = generate(&DungeonParams::for_size(Size::Small), 7).unwrap().remove(0);
    /// let a = d.room('A').unwrap();
    /// assert_eq!(d.tile(a.x as usize, a.y as usize), Some(evoboard::dungeon::DungeonTile::Floor));
    /// // Walk from the entrance to the final room, as a game's character would.
    /// let start = d.room_centre(d.entrance);
    /// let goal = d.room_centre(d.final_room);
    /// let walk = d.path(start, goal).unwrap();
    /// assert_eq!((walk[0], *walk.last().unwrap()), (start, goal));
    /// assert!(!d.doors(d.entrance).is_empty());
    /// ```
    pub fn room(&self, letter: char) -> Option<&DungeonRoom> {
        self.rooms.iter().find(|r| r.letter == letter)
    }

    /// The room the players enter by.
    pub fn entrance_room(&self) -> &DungeonRoom {
        &self.rooms[self.entrance]
    }

    /// The final room (the farthest from the entrance on foot).
    pub fn final_room(&self) -> &DungeonRoom {
        &self.rooms[self.final_room]
    }

    /// The cell at (`x`, `y`), `None` off the map.
    pub fn tile(&self, x: usize, y: usize) -> Option<DungeonTile> {
        (x < self.width() && y < self.height()).then(|| self.grid.get(x, y))
    }

    /// Whether a character can stand on (`x`, `y`): floor, corridor, doors
    /// (secret ones too) and traps.
    pub fn is_walkable(&self, x: usize, y: usize) -> bool {
        self.tile(x, y).is_some_and(DungeonTile::is_walkable)
    }

    /// The floor cell at (or next to) the middle of room `room` (an index
    /// into [`Dungeon::rooms`]).
    pub fn room_centre(&self, room: usize) -> (usize, usize) {
        let r = &self.rooms[room];
        (usize::from(r.x + r.w / 2), usize::from(r.y + r.h / 2))
    }

    /// The doors in room `room`'s wall (the ring of cells around its floor).
    pub fn doors(&self, room: usize) -> Vec<Door> {
        let r = &self.rooms[room];
        let (x0, y0) = (usize::from(r.x), usize::from(r.y));
        let (x1, y1) = (x0 + usize::from(r.w), y0 + usize::from(r.h));
        let mut ring = Vec::new();
        for x in x0.saturating_sub(1)..=x1 {
            ring.push((x, y0.wrapping_sub(1)));
            ring.push((x, y1));
        }
        for y in y0..y1 {
            ring.push((x0.wrapping_sub(1), y));
            ring.push((x1, y));
        }
        ring.into_iter()
            .filter_map(|(x, y)| match self.tile(x, y)? {
                DungeonTile::Door => Some(Door {
                    x,
                    y,
                    secret: false,
                }),
                DungeonTile::SecretDoor => Some(Door { x, y, secret: true }),
                _ => None,
            })
            .collect()
    }

    /// A shortest walk from `from` to `to` over walkable cells, one step
    /// up, down, left or right at a time, both ends included; `None` when
    /// either end is not walkable or nothing connects them.
    pub fn path(&self, from: (usize, usize), to: (usize, usize)) -> Option<Vec<(usize, usize)>> {
        if !self.is_walkable(from.0, from.1) || !self.is_walkable(to.0, to.1) {
            return None;
        }
        let w = self.width();
        let mut came = vec![usize::MAX; w * self.height()];
        let start = from.1 * w + from.0;
        let goal = to.1 * w + to.0;
        came[start] = start;
        let mut queue = VecDeque::from([start]);
        while let Some(i) = queue.pop_front() {
            if i == goal {
                break;
            }
            let (x, y) = (i % w, i / w);
            let steps = [
                (x.wrapping_sub(1), y),
                (x + 1, y),
                (x, y.wrapping_sub(1)),
                (x, y + 1),
            ];
            for (nx, ny) in steps {
                if self.is_walkable(nx, ny) && came[ny * w + nx] == usize::MAX {
                    came[ny * w + nx] = i;
                    queue.push_back(ny * w + nx);
                }
            }
        }
        if came[goal] == usize::MAX {
            return None;
        }
        let mut walk = vec![to];
        let mut i = goal;
        while i != start {
            i = came[i];
            walk.push((i % w, i / w));
        }
        walk.reverse();
        Some(walk)
    }
}

#[cfg(test)]
mod tests {
    use crate::dungeon::{DungeonParams, Size, generate};

    #[test]
    fn doors_sit_in_walls_and_every_room_is_reachable() {
        let mut p = DungeonParams::for_size(Size::Medium);
        p.secret_doors = 1;
        for d in generate(&p, 11).unwrap() {
            assert_eq!(d.entrance_room().letter, d.rooms[d.entrance].letter);
            assert_eq!(d.final_room().letter, d.rooms[d.final_room].letter);
            let start = d.room_centre(d.entrance);
            for (i, room) in d.rooms.iter().enumerate() {
                assert_eq!(d.room(room.letter), Some(room));
                let doors = d.doors(i);
                assert!(!doors.is_empty(), "room {} has a door", room.letter);
                for door in doors {
                    let r = room.rect();
                    let (x, y) = (door.x as i64, door.y as i64);
                    let inside_x = (i64::from(r.x) - 1..=i64::from(r.x + r.w)).contains(&x);
                    let inside_y = (i64::from(r.y) - 1..=i64::from(r.y + r.h)).contains(&y);
                    assert!(inside_x && inside_y && !r.contains(door.x, door.y));
                }
                let walk = d.path(start, d.room_centre(i)).unwrap();
                for pair in walk.windows(2) {
                    let step = pair[0].0.abs_diff(pair[1].0) + pair[0].1.abs_diff(pair[1].1);
                    assert_eq!(step, 1);
                    assert!(d.is_walkable(pair[1].0, pair[1].1));
                }
            }
            assert_eq!(d.path((0, 0), start), None, "rock is not walkable");
            assert_eq!(d.tile(d.width(), 0), None);
        }
    }
}
