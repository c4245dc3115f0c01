//! Cave mouths: the passage cells in a cave's wall ring where it is
//! entered, and where the contents may put a door.

use super::*;

impl Dungeon {
    /// Every cave mouth: a run of passage cells (up to the corridor width)
    /// in a room's wall ring, between the room's floor and a walkable cell
    /// outside: where a cave is entered, and where a door can be put
    /// (caves have no built doors; a lock's door goes on a mouth). Empty
    /// for rooms and labyrinths, whose ways in are doors.
    ///
    /// ```
    /// # use evoboard_core::dungeon::{generate_proposal, DungeonParams, DungeonStyle, Size};
    /// let mut params = DungeonParams::for_size(Size::Small);
    /// params.style = DungeonStyle::Caves;
    /// let caves = generate_proposal(&params, 3, 0).unwrap();
    /// assert!(caves.door_runs().is_empty());
    /// assert!(caves.mouths().len() >= caves.rooms.len() - 1);
    /// ```
    pub fn mouths(&self) -> Vec<DoorRun> {
        let rooms: Vec<Room> = self.rooms.iter().map(|r| r.rect()).collect();
        mouth_runs(&self.grid, &rooms, usize::from(self.corridor_width.max(1)))
    }
}

/// The cave mouths of `grid` around `rooms` (see [`Dungeon::mouths`]):
/// runs of at most `k` passage cells in a room's wall ring, between its
/// floor and a walkable cell outside.
pub(crate) fn mouth_runs(grid: &Grid, rooms: &[Room], k: usize) -> Vec<DoorRun> {
    let (w, h) = (grid.width(), grid.height());
    let tile = |x: usize, y: usize| (x < w && y < h).then(|| grid.get(x, y));
    let passage = |x: usize, y: usize| tile(x, y).is_some_and(|t| t.is_corridor());
    let walk = |x: usize, y: usize| tile(x, y).is_some_and(|t| t.is_walkable());
    let floor = |x: usize, y: usize| tile(x, y) == Some(DungeonTile::Floor);
    let mut runs: Vec<DoorRun> = Vec::new();
    let mut push = |x: usize, y: usize, vertical: bool| {
        if let Some(last) = runs.last_mut() {
            let next = if last.vertical {
                (last.x, last.y + last.len)
            } else {
                (last.x + last.len, last.y)
            };
            if last.vertical == vertical && next == (x, y) && last.len < k {
                last.len += 1;
                return;
            }
        }
        runs.push(DoorRun {
            x,
            y,
            len: 1,
            vertical,
            secret: false,
        });
    };
    for rect in rooms {
        let (l, t, rt, b) = (rect.left(), rect.top(), rect.right(), rect.bottom());
        for x in l..rt {
            if passage(x, t - 1) && floor(x, t) && t >= 2 && walk(x, t - 2) {
                push(x, t - 1, false);
            }
        }
        for x in l..rt {
            if passage(x, b) && floor(x, b - 1) && walk(x, b + 1) {
                push(x, b, false);
            }
        }
        for y in t..b {
            if passage(l - 1, y) && floor(l, y) && l >= 2 && walk(l - 2, y) {
                push(l - 1, y, true);
            }
        }
        for y in t..b {
            if passage(rt, y) && floor(rt - 1, y) && walk(rt + 1, y) {
                push(rt, y, true);
            }
        }
    }
    runs.sort_by_key(|r| (r.y, r.x));
    runs.dedup_by_key(|r| (r.x, r.y));
    runs
}

/// A copy of `grid` with every cave mouth (see [`mouth_runs`]) made a
/// plain door: where secret doors and locks may go in caves, which have
/// no built doors. The caller copies back only the doors it keeps.
pub(crate) fn mouths_as_doors(grid: &Grid, rooms: &[Room], k: usize) -> Grid {
    let mut doors = grid.clone();
    for m in mouth_runs(grid, rooms, k) {
        for (x, y) in m.cells() {
            doors.set(x, y, DungeonTile::Door);
        }
    }
    doors
}
