//! Quality figures of a finished map and the room-to-room walking
//! distances used to choose the entrance and the final room.

use super::grid::{DungeonTile, Grid};
use super::room::Room;
use serde::{Deserialize, Serialize};

/// Quality figures of one dungeon.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "bevy_reflect", derive(bevy_reflect::Reflect))]
pub struct Metrics {
    /// Number of rooms.
    pub rooms: usize,
    /// Number of dug corridors (connections, loops and dead ends).
    pub corridors: usize,
    /// Corridor cells (traps included).
    pub corridor_cells: usize,
    /// Doors (secret doors included).
    pub doors: usize,
    /// Secret doors.
    pub secret_doors: usize,
    /// Traps.
    pub traps: usize,
    /// Dead ends: corridor cells with a single way out; for wide
    /// corridors, `k × k` blocks of corridor with walkable cells on one
    /// side only (one per passage that leads nowhere).
    pub dead_ends: usize,
    /// Independent loops: the cycle rank of the room-and-corridor graph;
    /// for wide corridors and caves, the islands of rock or wall the
    /// dungeon (rooms counted as solid) walks around.
    pub loops: usize,
    /// The longest shortest walk between two rooms, in steps (cells).
    pub longest_path: usize,
    /// Pairs of rooms that touch and share a door.
    pub adjacent_pairs: usize,
    /// Rooms with enemies.
    pub enemy_rooms: usize,
    /// Rooms with treasure.
    pub treasure_rooms: usize,
    /// Rooms with neither.
    pub empty_rooms: usize,
    /// Share of empty rooms, 0 to 1.
    pub empty_share: f64,
}

/// Walking distance in steps between every pair of rooms (floor to floor;
/// `u32::MAX` when unreachable).
pub fn room_distances(grid: &Grid, rooms: &[Room]) -> Vec<Vec<u32>> {
    let (w, n) = (grid.width(), grid.width() * grid.height());
    let cells = grid.cells();
    let mut owner = vec![u8::MAX; n];
    for (k, r) in rooms.iter().enumerate() {
        for y in r.top()..r.bottom() {
            for x in r.left()..r.right() {
                owner[y * w + x] = k as u8;
            }
        }
    }
    let mut dist = vec![u32::MAX; n];
    let mut queue = Vec::with_capacity(n);
    let mut out = vec![vec![u32::MAX; rooms.len()]; rooms.len()];
    for (k, r) in rooms.iter().enumerate() {
        dist.fill(u32::MAX);
        queue.clear();
        for y in r.top()..r.bottom() {
            for x in r.left()..r.right() {
                // A cave's rectangle also holds wall and rock.
                if cells[y * w + x].is_walkable() {
                    dist[y * w + x] = 0;
                    queue.push(y * w + x);
                }
            }
        }
        let mut head = 0;
        while head < queue.len() {
            let c = queue[head];
            head += 1;
            let o = owner[c];
            if o != u8::MAX && out[k][o as usize] == u32::MAX {
                out[k][o as usize] = dist[c];
            }
            let (x, y) = (c % w, c / w);
            let nbs = [
                (x > 0).then(|| c - 1),
                (x + 1 < w).then_some(c + 1),
                (y > 0).then(|| c - w),
                (c + w < n).then_some(c + w),
            ];
            for j in nbs.into_iter().flatten() {
                if dist[j] == u32::MAX && cells[j].is_walkable() {
                    dist[j] = dist[c] + 1;
                    queue.push(j);
                }
            }
        }
    }
    out
}

/// The entrance and the final room: the two rooms farthest apart on foot
/// (first such pair in room order); of the two, the entrance is the one
/// nearer to the map's edge.
pub fn entrance_and_final(
    dist: &[Vec<u32>],
    rooms: &[Room],
    width: usize,
    height: usize,
) -> (usize, usize) {
    let n = rooms.len();
    let (mut a, mut b, mut best) = (0, n.saturating_sub(1), 0);
    for (i, row) in dist.iter().enumerate().take(n) {
        for (j, &d) in row.iter().enumerate().take(n).skip(i + 1) {
            if d != u32::MAX && d > best {
                (a, b, best) = (i, j, d);
            }
        }
    }
    if rooms[b].edge_distance(width, height) < rooms[a].edge_distance(width, height) {
        (b, a)
    } else {
        (a, b)
    }
}

/// Measure the map. `flags` holds each room's (enemies, treasure);
/// `corridor_width` is in cells (see [`Metrics`] for how wide corridors
/// are counted).
pub fn measure(
    grid: &Grid,
    rooms: &[Room],
    flags: &[(bool, bool)],
    dist: &[Vec<u32>],
    corridors: usize,
    adjacent_pairs: usize,
    corridor_width: usize,
) -> Metrics {
    let k = corridor_width.max(1);
    let (w, h) = (grid.width(), grid.height());
    let cells = grid.cells();
    let at = |x: usize, y: usize| cells[y * w + x];
    let mut m = Metrics {
        rooms: rooms.len(),
        corridors,
        adjacent_pairs,
        ..Metrics::default()
    };
    // Graph: each room is one node, every other walkable cell a node.
    let mut nodes = rooms.len();
    let mut edges = 0usize;
    for y in 0..h {
        for x in 0..w {
            let c = at(x, y);
            if c.is_corridor() {
                m.corridor_cells += 1;
            }
            if c == DungeonTile::Trap {
                m.traps += 1;
            }

            if !c.is_walkable() {
                continue;
            }
            if c != DungeonTile::Floor {
                nodes += 1;
            }
            let mut ways = 0;
            for (dx, dy) in [(-1i32, 0i32), (1, 0), (0, -1), (0, 1)] {
                let (nx, ny) = (x as i32 + dx, y as i32 + dy);
                if nx >= 0
                    && ny >= 0
                    && (nx as usize) < w
                    && (ny as usize) < h
                    && at(nx as usize, ny as usize).is_walkable()
                {
                    ways += 1;
                }
            }
            if k == 1 && c.is_corridor() && ways == 1 {
                m.dead_ends += 1;
            }
            // Edges to the right and down, once each.
            for (nx, ny) in [(x + 1, y), (x, y + 1)] {
                if nx >= w || ny >= h {
                    continue;
                }
                let d = at(nx, ny);
                if !d.is_walkable()
                    || (c == DungeonTile::Floor && d == DungeonTile::Floor)
                    || (c.is_door() && d.is_door())
                {
                    continue;
                }
                edges += 1;
            }
        }
    }
    // The dungeon is one component when valid.
    let components = 1;
    m.loops = (edges + components).saturating_sub(nodes);
    (m.doors, m.secret_doors) = door_counts(grid, k);
    if k > 1 {
        m.dead_ends = wide_dead_ends(grid, k);
    }
    // Wide corridors and caves' natural passages (wider than a cell, and
    // so full of little cycles of cells): loops are the islands walked
    // around. Caves are the rooms that are not full rectangles of floor.
    let irregular = rooms.iter().any(|r| {
        (r.top()..r.bottom().min(h))
            .any(|y| (r.left()..r.right().min(w)).any(|x| at(x, y) != DungeonTile::Floor))
    });
    if k > 1 || irregular {
        m.loops = holes(grid, rooms);
    }
    m.longest_path = dist
        .iter()
        .flatten()
        .filter(|&&d| d != u32::MAX)
        .max()
        .copied()
        .unwrap_or(0) as usize;
    m.enemy_rooms = flags.iter().filter(|f| f.0).count();
    m.treasure_rooms = flags.iter().filter(|f| f.1).count();
    m.empty_rooms = flags.iter().filter(|f| !f.0 && !f.1).count();
    m.empty_share = if rooms.is_empty() {
        0.0
    } else {
        m.empty_rooms as f64 / rooms.len() as f64
    };
    m
}

/// Doors and secret doors: each 4-connected run of door cells of `L` cells
/// counts `ceil(L / k)` (a run as wide as the corridor is one door).
pub fn door_counts(grid: &Grid, k: usize) -> (usize, usize) {
    let w = grid.width();
    let cells = grid.cells();
    let mut seen = vec![false; cells.len()];
    let mut stack = Vec::new();
    let mut count = |secret_only: bool, seen: &mut Vec<bool>| {
        seen.fill(false);
        let want = |t: DungeonTile| {
            if secret_only {
                t == DungeonTile::SecretDoor
            } else {
                t.is_door()
            }
        };
        let mut total = 0;
        for i in 0..cells.len() {
            if seen[i] || !want(cells[i]) {
                continue;
            }
            seen[i] = true;
            stack.push(i);
            let mut size = 0usize;
            while let Some(c) = stack.pop() {
                size += 1;
                let (x, y) = (c % w, c / w);
                let nbs = [
                    (x > 0).then(|| c - 1),
                    (x + 1 < w).then_some(c + 1),
                    (y > 0).then(|| c - w),
                    (c + w < cells.len()).then_some(c + w),
                ];
                for nb in nbs.into_iter().flatten() {
                    if !seen[nb] && want(cells[nb]) {
                        seen[nb] = true;
                        stack.push(nb);
                    }
                }
            }
            total += size.div_ceil(k);
        }
        total
    };
    let doors = count(false, &mut seen);
    let secret = count(true, &mut seen);
    (doors, secret)
}

/// Wide corridors: `k × k` blocks of corridor whose surrounding ring has
/// walkable cells on exactly one of its four sides.
fn wide_dead_ends(grid: &Grid, k: usize) -> usize {
    let (w, h) = (grid.width(), grid.height());
    let cells = grid.cells();
    let mut ends = 0;
    for y in 1..h.saturating_sub(k) {
        for x in 1..w.saturating_sub(k) {
            let a = y * w + x;
            if !(0..k).all(|j| (0..k).all(|i| cells[a + j * w + i].is_corridor())) {
                continue;
            }
            let side = |s0: usize, st: usize| (0..k).any(|i| cells[s0 + i * st].is_walkable());
            let ways = usize::from(side(a - w, 1))
                + usize::from(side(a + k * w, 1))
                + usize::from(side(a - 1, w))
                + usize::from(side(a + k, w));
            if ways == 1 {
                ends += 1;
            }
        }
    }
    ends
}

/// Islands of non-walkable cells enclosed by the dungeon, with each
/// room's rectangle counted as walkable: `1 − χ`, where χ, the Euler
/// number of the 4-connected walkable set, is cells − adjacent pairs +
/// full 2 × 2 blocks.
fn holes(grid: &Grid, rooms: &[Room]) -> usize {
    let (w, h) = (grid.width(), grid.height());
    let mut walk: Vec<bool> = grid.cells().iter().map(|c| c.is_walkable()).collect();
    for r in rooms {
        for y in r.top()..r.bottom().min(h) {
            for x in r.left()..r.right().min(w) {
                walk[y * w + x] = true;
            }
        }
    }
    let (mut v, mut e, mut f) = (0i64, 0i64, 0i64);
    for y in 0..h {
        for x in 0..w {
            let i = y * w + x;
            if !walk[i] {
                continue;
            }
            v += 1;
            let right = x + 1 < w && walk[i + 1];
            let down = y + 1 < h && walk[i + w];
            e += i64::from(right) + i64::from(down);
            if right && down && walk[i + w + 1] {
                f += 1;
            }
        }
    }
    (1 - (v - e + f)).max(0) as usize
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn wide_corridors_are_counted_by_passage() {
        // A room, a door run of 2 and a 2-wide corridor that ends blind.
        let rows = [
            "          ",
            " wwww     ",
            " w..w     ",
            " w../cccc ",
            " w../cccc ",
            " w..w     ",
            " wwww     ",
            "          ",
        ];
        let g = Grid::from_rows(&rows).unwrap();
        assert_eq!(door_counts(&g, 2), (1, 0));
        assert_eq!(door_counts(&g, 1), (2, 0), "width 1: every cell a door");
        assert_eq!(wide_dead_ends(&g, 2), 1);
        let room = [Room::new(2, 2, 2, 4)];
        assert_eq!(holes(&g, &room), 0, "a wide corridor is no loop");
        // A 2-wide ring around a pillar of rock is one loop.
        let rows = [
            "       ", " cccc  ", " cccc  ", " cc cc ", " cccc  ", " cccc  ", "       ",
        ];
        let g = Grid::from_rows(&rows).unwrap();
        assert_eq!(holes(&g, &[]), 1);
    }
}
