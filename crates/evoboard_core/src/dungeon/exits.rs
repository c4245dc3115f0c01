//! Ways out of rooms, read from the grid: from each door of a room (a run
//! of door cells next to its floor) a walk spreads through walkable cells
//! that are not a room's floor (corridors, doors, traps) and stops at the
//! floor of other rooms; those rooms are where that door leads. A cave's
//! mouths (openings without a door) are ways out the same way. Also the
//! names of cells as the game master's map labels them (`D6`: column D,
//! row 6).

use super::{DoorRun, Dungeon, DungeonTile};
use std::collections::VecDeque;

/// The in-map 4-neighbours of (`x`, `y`).
fn neighbours(
    x: usize,
    y: usize,
    cols: usize,
    rows: usize,
) -> impl Iterator<Item = (usize, usize)> {
    [
        (x.checked_sub(1), Some(y)),
        ((x + 1 < cols).then_some(x + 1), Some(y)),
        (Some(x), y.checked_sub(1)),
        (Some(x), (y + 1 < rows).then_some(y + 1)),
    ]
    .into_iter()
    .filter_map(|(a, b)| Some((a?, b?)))
}

/// The label of column `x` on the game master's map: A … Z, then AA, AB …
///
/// ```
/// use evoboard_core::dungeon::column_label;
/// assert_eq!(column_label(0), "A");
/// assert_eq!(column_label(25), "Z");
/// assert_eq!(column_label(26), "AA");
/// assert_eq!(column_label(99), "CV");
/// ```
pub fn column_label(x: usize) -> String {
    let mut n = x + 1;
    let mut s = Vec::new();
    while n > 0 {
        n -= 1;
        s.push(b'A' + (n % 26) as u8);
        n /= 26;
    }
    s.reverse();
    String::from_utf8(s).unwrap_or_default()
}

/// The name of cell (`x`, `y`) as the game master's map labels it: the
/// column's letters and the row counted from 1 (`cell_name(3, 5)` is
/// `"D6"`).
///
/// ```
/// assert_eq!(evoboard_core::dungeon::cell_name(3, 5), "D6");
/// ```
pub fn cell_name(x: usize, y: usize) -> String {
    format!("{}{}", column_label(x), y + 1)
}

/// A compass word for a side letter: `'N'` → `"north"`.
pub fn side_name(side: char) -> &'static str {
    match side {
        'N' => "north",
        'E' => "east",
        'S' => "south",
        _ => "west",
    }
}

/// One way out of a room: a door and the rooms beyond it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Exit {
    /// The door (one run of door cells).
    pub door: DoorRun,
    /// The wall of the room the door is in: `'N'`, `'E'`, `'S'` or `'W'`.
    pub side: char,
    /// Indices of the rooms this door leads to (sorted, without the room
    /// itself; empty for a dead end).
    pub rooms: Vec<usize>,
    /// Whether the door is locked (in [`Dungeon::locks`]).
    pub locked: bool,
    /// Whether this is a cave's mouth, an opening with no door
    /// ([`Dungeon::mouths`]).
    pub opening: bool,
}

/// Every room's exits (indexed like [`Dungeon::rooms`]), doors in reading
/// order (see the module notes).
pub(crate) fn exits(d: &Dungeon) -> Vec<Vec<Exit>> {
    let (cols, rows) = (d.width(), d.height());
    let owner = d.floor_owners();
    let mut runs = d.door_runs();
    let doors = runs.len();
    if d.style == super::DungeonStyle::Caves {
        runs.extend(d.mouths());
    }
    let mut out = vec![Vec::new(); d.rooms.len()];
    let mut seen = vec![u32::MAX; cols * rows];
    let mut queue = VecDeque::new();
    for (ri, run) in runs.iter().enumerate() {
        // Rooms whose floor touches the run, and from which side.
        let mut at: Vec<(usize, char)> = Vec::new();
        for (x, y) in run.cells() {
            for (nx, ny) in neighbours(x, y, cols, rows) {
                if let Some(k) = owner[ny * cols + nx] {
                    let side = match (nx.cmp(&x), ny.cmp(&y)) {
                        (_, std::cmp::Ordering::Less) => 'S',
                        (_, std::cmp::Ordering::Greater) => 'N',
                        (std::cmp::Ordering::Less, _) => 'E',
                        _ => 'W',
                    };
                    if !at.iter().any(|a| a.0 == k) {
                        at.push((k, side));
                    }
                }
            }
        }
        if at.is_empty() {
            continue;
        }
        // Everything the run reaches without crossing a room's floor.
        let stamp = ri as u32;
        let mut reached: Vec<usize> = Vec::new();
        queue.clear();
        for (x, y) in run.cells() {
            seen[y * cols + x] = stamp;
            queue.push_back((x, y));
        }
        while let Some((x, y)) = queue.pop_front() {
            for (nx, ny) in neighbours(x, y, cols, rows) {
                let i = ny * cols + nx;
                if seen[i] == stamp || !d.is_walkable(nx, ny) {
                    continue;
                }
                seen[i] = stamp;
                match owner[i] {
                    Some(k) => reached.push(k),
                    None => queue.push_back((nx, ny)),
                }
            }
        }
        reached.sort_unstable();
        reached.dedup();
        let locked = d.locks.iter().any(|l| {
            run.cells()
                .any(|c| c == (usize::from(l.door.0), usize::from(l.door.1)))
        });
        for &(k, side) in &at {
            out[k].push(Exit {
                door: *run,
                side,
                rooms: reached.iter().copied().filter(|&r| r != k).collect(),
                locked,
                opening: ri >= doors,
            });
        }
    }
    for list in &mut out {
        list.sort_by_key(|e| (e.door.y, e.door.x));
    }
    out
}

impl Dungeon {
    /// For every cell (row-major), the index of the room whose floor it
    /// is: a floor cell inside the room's rectangle (cave rooms are
    /// irregular inside their rectangle).
    pub fn floor_owners(&self) -> Vec<Option<usize>> {
        let cols = self.width();
        let mut owner = vec![None; cols * self.height()];
        for (k, r) in self.rooms.iter().enumerate() {
            let (x0, y0) = (usize::from(r.x), usize::from(r.y));
            for y in y0..(y0 + usize::from(r.h)).min(self.height()) {
                for x in x0..(x0 + usize::from(r.w)).min(cols) {
                    if self.tile(x, y) == Some(DungeonTile::Floor) {
                        owner[y * cols + x] = Some(k);
                    }
                }
            }
        }
        owner
    }

    /// Every room's exits (indexed like `rooms`): one [`Exit`] per door
    /// (a run of door cells, however wide), with the wall it is in and
    /// the rooms it leads to.
    pub fn exits(&self) -> Vec<Vec<Exit>> {
        exits(self)
    }

    /// The rooms reached from cell (`x`, `y`) through corridors, doors and
    /// traps without crossing a room's floor (where a corridor cell
    /// leads), sorted.
    pub fn rooms_near(&self, x: usize, y: usize) -> Vec<usize> {
        let (cols, rows) = (self.width(), self.height());
        let owner = self.floor_owners();
        let mut seen = vec![false; cols * rows];
        let mut queue = VecDeque::from([(x, y)]);
        seen[y * cols + x] = true;
        let mut reached = Vec::new();
        while let Some((cx, cy)) = queue.pop_front() {
            for (nx, ny) in neighbours(cx, cy, cols, rows) {
                let i = ny * cols + nx;
                if seen[i] || !self.is_walkable(nx, ny) {
                    continue;
                }
                seen[i] = true;
                match owner[i] {
                    Some(k) => reached.push(k),
                    None => queue.push_back((nx, ny)),
                }
            }
        }
        reached.sort_unstable();
        reached.dedup();
        reached
    }
}
