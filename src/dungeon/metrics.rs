//! Quality figures of a finished map and the room-to-room walking
//! distances used to choose the entrance and the final room.

use super::grid::{DungeonTile, Grid};
use super::room::Room;
use serde::{Deserialize, Serialize};

/// Quality figures of one dungeon.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
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
    /// Corridor cells with a single way out.
    pub dead_ends: usize,
    /// Independent loops (cycle rank of the room-and-corridor graph).
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
                dist[y * w + x] = 0;
                queue.push(y * w + x);
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

/// Measure the map. `flags` holds each room's (enemies, treasure).
pub fn measure(
    grid: &Grid,
    rooms: &[Room],
    flags: &[(bool, bool)],
    dist: &[Vec<u32>],
    corridors: usize,
    adjacent_pairs: usize,
) -> Metrics {
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
            match c {
                DungeonTile::Trap => m.traps += 1,
                DungeonTile::SecretDoor => m.secret_doors += 1,
                _ => {}
            }
            if c.is_door() {
                m.doors += 1;
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
            if c.is_corridor() && ways == 1 {
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
