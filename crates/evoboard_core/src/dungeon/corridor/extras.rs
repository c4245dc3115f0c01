//! The optional extras on a finished layout: loops, dead ends and traps
//! (secret doors are placed with the ends known, `stock::secrets`). All are best effort: each returns how many it made.

use super::{Corridor, CorridorBuilder, CorridorKind, dig_corridor, for_each_exit};
use crate::dungeon::grid::DungeonTile;
use crate::dungeon::layout_ga::DungeonLayout;
use crate::rng::{Rng, RngExt};

/// How many steps a loop must save at least, so loops are worth walking.
pub const LOOP_GAIN: u32 = 12;

impl CorridorBuilder {
    /// Walking distances (in steps) from the floor of room `k` over
    /// walkable cells, into `walk_dist` (valid where `walk_seen == stamp`).
    pub(super) fn walk_from_room(&mut self, layout: &DungeonLayout, k: usize, stamp: u32) {
        let w = self.width as isize;
        let grid = layout.grid.cells();
        let r = layout.rooms[k];
        self.queue.clear();
        for y in r.top()..r.bottom() {
            for x in r.left()..r.right() {
                let i = y * self.width + x;
                self.walk_seen[i] = stamp;
                self.walk_dist[i] = 0;
                self.queue.push(i as u32);
            }
        }
        let mut head = 0;
        while head < self.queue.len() {
            let c = self.queue[head] as usize;
            head += 1;
            for d in [-w, 1, w, -1] {
                let nb = (c as isize + d) as usize;
                if nb < grid.len() && grid[nb].is_walkable() && self.walk_seen[nb] != stamp {
                    self.walk_seen[nb] = stamp;
                    self.walk_dist[nb] = self.walk_dist[c] + 1;
                    self.queue.push(nb as u32);
                }
            }
        }
    }

    /// Dig up to `count` extra corridors that each close a loop: from a
    /// random room to a room or corridor that is at least [`LOOP_GAIN`]
    /// steps further away on foot than along the new corridor (on cramped
    /// maps the gain asked for drops to 6, then 3). Returns how many were
    /// dug (fewer when the map has no room for them).
    pub fn add_loops(&mut self, layout: &mut DungeonLayout, count: usize, rng: &mut Rng) -> usize {
        let n = layout.rooms.len();
        self.index_rooms(layout);
        let mut added = 0;
        for gain in [LOOP_GAIN, 6, 3] {
            let mut attempts = 0;
            while added < count && attempts < count * 8 + 8 && n > 1 {
                attempts += 1;
                let k = rng.random_range(0..n);
                if self.dig_loop(layout, k, gain, rng) {
                    added += 1;
                }
            }
        }
        added
    }

    fn dig_loop(&mut self, layout: &mut DungeonLayout, k: usize, gain: u32, rng: &mut Rng) -> bool {
        let w = self.width;
        let stamp = self.next_stamp();
        self.walk_from_room(layout, k, stamp);
        let dirs = self.shuffled_dirs(rng);
        let grid = layout.grid.cells_mut();
        let r = layout.rooms[k];
        self.queue.clear();
        for_each_exit(&r, w, |wall, out| {
            if grid[out] == DungeonTile::Rock && self.interior[out] && self.seen[out] != stamp {
                self.seen[out] = stamp;
                self.parent[out] = wall as u32;
                self.depth[out] = 1;
                self.queue.push(out as u32);
            }
        });
        let mut head = 0;
        let mut found = None;
        'bfs: while head < self.queue.len() {
            let c = self.queue[head] as usize;
            head += 1;
            let len = self.depth[c];
            // Walkable neighbours decide whether `c` ends the loop here.
            let mut walk_nb = None;
            let mut walk_count = 0;
            for &d in &dirs {
                let nb = (c as isize + d) as usize;
                if grid[nb].is_walkable() {
                    walk_count += 1;
                    walk_nb = Some(nb);
                }
            }
            if walk_count > 0 {
                if let Some(x) = walk_nb
                    && walk_count == 1
                    && grid[x].is_corridor()
                    && self.walk_seen[x] == stamp
                    && self.walk_dist[x] >= len + gain
                {
                    found = Some((c, None));
                    break 'bfs;
                }
                continue;
            }
            for &d in &dirs {
                let nb = (c as isize + d) as usize;
                match grid[nb] {
                    DungeonTile::Rock if self.interior[nb] && self.seen[nb] != stamp => {
                        self.seen[nb] = stamp;
                        self.parent[nb] = c as u32;
                        self.depth[nb] = len + 1;
                        self.queue.push(nb as u32);
                    }
                    DungeonTile::Wall => {
                        let f = (nb as isize + d) as usize;
                        if grid[f] == DungeonTile::Floor
                            && self.room_of[f] as usize != k
                            && self.walk_seen[f] == stamp
                            && self.walk_dist[f] >= len + 2 + gain
                        {
                            found = Some((c, Some(nb)));
                            break 'bfs;
                        }
                    }
                    _ => {}
                }
            }
        }
        let Some((last, door)) = found else {
            return false;
        };
        if let Some(door) = door {
            grid[door] = DungeonTile::Door;
        }
        dig_corridor(
            grid,
            &self.parent,
            last,
            CorridorKind::Loop,
            &mut layout.corridor_cells,
            &mut layout.corridors,
        );
        true
    }

    /// Dig up to `count` dead ends: straight passages of 3 to 8 cells that
    /// branch off a corridor (or open from a room through a new door) and
    /// lead nowhere. Returns how many were dug.
    pub fn add_dead_ends(
        &mut self,
        layout: &mut DungeonLayout,
        count: usize,
        rng: &mut Rng,
    ) -> usize {
        let w = self.width as isize;
        // Branch only off corridors that existed before: branching off the
        // tip of a new dead end would just make it longer.
        let branchable = layout.corridor_cells.len();
        let mut added = 0;
        let mut attempts = 0;
        while added < count && attempts < count * 20 + 20 {
            attempts += 1;
            let grid = layout.grid.cells();
            // A start: the cell we branch from (a corridor cell, or a room
            // wall that becomes a door) and the direction of the passage.
            let (from, d) = if branchable > 0 && rng.random_bool(0.7) {
                let i = rng.random_range(0..branchable);
                let d = [-w, 1, w, -1][rng.random_range(0..4)];
                let from = layout.corridor_cells[i] as usize;
                if !grid[from].is_corridor() {
                    continue; // narrowed away
                }
                (from, d)
            } else {
                let r = layout.rooms[rng.random_range(0..layout.rooms.len())];
                self.exits.clear();
                for_each_exit(&r, self.width, |wall, out| {
                    if grid[out] == DungeonTile::Rock {
                        self.exits.push((wall, out));
                    }
                });
                if self.exits.is_empty() {
                    continue;
                }
                let (wall, out) = self.exits[rng.random_range(0..self.exits.len())];
                (wall, out as isize - wall as isize)
            };
            let target = rng.random_range(3..=8usize);
            let mut cells = [0usize; 8];
            let mut len = 0;
            let mut prev = from;
            while len < target {
                let c = (prev as isize + d) as usize;
                if !(self.interior[c] && grid[c] == DungeonTile::Rock) {
                    break;
                }
                let clear = [-w, 1, w, -1].iter().all(|&e| {
                    let nb = (c as isize + e) as usize;
                    nb == prev || grid[nb] == DungeonTile::Rock
                });
                if !clear {
                    break;
                }
                cells[len] = c;
                len += 1;
                prev = c;
            }
            if len < 3 {
                continue;
            }
            let grid = layout.grid.cells_mut();
            if grid[from] == DungeonTile::Wall {
                grid[from] = DungeonTile::Door;
            }
            let start = layout.corridor_cells.len() as u32;
            for &c in &cells[..len] {
                grid[c] = DungeonTile::Corridor;
                layout.corridor_cells.push(c as u32);
            }
            layout.corridors.push(Corridor {
                kind: CorridorKind::DeadEnd,
                start,
                len: len as u32,
            });
            added += 1;
        }
        added
    }
}

/// Put traps on up to `count` random corridor cells. Returns how many.
pub fn add_traps(layout: &mut DungeonLayout, count: usize, rng: &mut Rng) -> usize {
    let grid = layout.grid.cells_mut();
    let mut free: Vec<u32> = layout
        .corridor_cells
        .iter()
        .copied()
        .filter(|&c| grid[c as usize] == DungeonTile::Corridor)
        .collect();
    let mut added = 0;
    while added < count && !free.is_empty() {
        let i = rng.random_range(0..free.len());
        grid[free.swap_remove(i) as usize] = DungeonTile::Trap;
        added += 1;
    }
    added
}
