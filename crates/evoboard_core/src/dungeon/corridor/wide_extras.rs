//! Loops and dead ends for corridors two or three cells wide: the rules of
//! [`super::extras`], searched over `k × k` blocks (see [`super::wide`]).

use super::wide::{CELL_MASK, VERTICAL, door_link, for_each_wide_exit};
use super::{Corridor, CorridorBuilder, CorridorKind, DOOR_LINK, LOOP_GAIN, NONE};
use crate::dungeon::grid::DungeonTile;
use crate::dungeon::layout_ga::DungeonLayout;
use crate::rng::{Rng, RngExt};

impl CorridorBuilder {
    /// The four sides of the ring around anchor `a`'s block: (first cell,
    /// step along the side, offset outwards).
    fn sides(&self, a: usize) -> [(usize, usize, isize); 4] {
        let (w, k) = (self.width, self.cw);
        let wi = w as isize;
        [
            (a - w, 1, -wi),
            (a + k * w, 1, wi),
            (a - 1, w, -1),
            (a + k, w, 1),
        ]
    }

    /// Wide [`CorridorBuilder::add_loops`]: up to `count` loops, each a
    /// corridor as wide as the others. Returns how many were dug.
    pub fn add_wide_loops(
        &mut self,
        layout: &mut DungeonLayout,
        count: usize,
        rng: &mut Rng,
    ) -> usize {
        let n = layout.rooms.len();
        self.index_rooms(layout);
        let mut added = 0;
        for gain in [LOOP_GAIN, 6, 3] {
            let mut attempts = 0;
            while added < count && attempts < count * 8 + 8 && n > 1 {
                attempts += 1;
                self.compute_open(layout.grid.cells());
                let r = rng.random_range(0..n);
                if self.dig_wide_loop(layout, r, gain, rng) {
                    added += 1;
                }
            }
        }
        added
    }

    fn dig_wide_loop(
        &mut self,
        layout: &mut DungeonLayout,
        room: usize,
        gain: u32,
        rng: &mut Rng,
    ) -> bool {
        let (w, h, k) = (self.width, self.height, self.cw);
        let stamp = self.next_stamp();
        self.walk_from_room(layout, room, stamp);
        let dirs = self.shuffled_dirs(rng);
        let grid = layout.grid.cells();
        self.queue.clear();
        let r = layout.rooms[room];
        for_each_wide_exit(&r, w, h, k, |door, step, a| {
            if self.open[a] && self.seen[a] != stamp {
                self.seen[a] = stamp;
                self.parent[a] = door_link(door, step);
                self.depth[a] = 1;
                self.queue.push(a as u32);
            }
        });
        let mut head = 0;
        let mut found = None;
        'bfs: while head < self.queue.len() {
            let c = self.queue[head] as usize;
            head += 1;
            let len = self.depth[c];
            let sides = self.sides(c);
            let mut touching = 0;
            let mut touch_cell = 0;
            for &(s0, st, _) in &sides {
                if let Some(x) = (0..k).map(|i| s0 + i * st).find(|&x| grid[x].is_walkable()) {
                    touching += 1;
                    touch_cell = x;
                }
            }
            if touching > 0 {
                if touching == 1
                    && grid[touch_cell].is_corridor()
                    && self.walk_seen[touch_cell] == stamp
                    && self.walk_dist[touch_cell] >= len + gain
                {
                    found = Some((c, None));
                    break 'bfs;
                }
                continue;
            }
            for &(s0, st, out) in &sides {
                let wall = (0..k).all(|i| grid[s0 + i * st] == DungeonTile::Wall);
                if !wall {
                    continue;
                }
                let other_floor = (0..k).all(|i| {
                    let f = (s0 as isize + (i * st) as isize + out) as usize;
                    grid[f] == DungeonTile::Floor
                        && self.room_of[f] as usize != room
                        && self.walk_seen[f] == stamp
                        && self.walk_dist[f] >= len + 2 + gain
                });
                if other_floor {
                    found = Some((c, Some(door_link(s0, st))));
                    break 'bfs;
                }
            }
            for &d in &dirs {
                let nb = (c as isize + d) as usize;
                if self.open[nb] && self.seen[nb] != stamp {
                    self.seen[nb] = stamp;
                    self.parent[nb] = c as u32;
                    self.depth[nb] = len + 1;
                    self.queue.push(nb as u32);
                }
            }
        }
        let Some((last, door)) = found else {
            return false;
        };
        let grid = layout.grid.cells_mut();
        if let Some(link) = door {
            self.open_door_run(grid, link);
        }
        let start = layout.corridor_cells.len() as u32;
        self.scratch.cells.clear();
        let mut cur = last;
        loop {
            self.stamp(grid, cur, &mut layout.corridor_cells);
            let p = self.parent[cur];
            if p == NONE {
                break;
            }
            if p & DOOR_LINK != 0 {
                self.open_door_run(grid, p);
                break;
            }
            cur = p as usize;
        }
        layout.corridors.push(Corridor {
            kind: CorridorKind::Loop,
            start,
            len: layout.corridor_cells.len() as u32 - start,
        });
        true
    }

    /// Wide [`CorridorBuilder::add_dead_ends`]: straight passages of 3 to
    /// 8 steps, as wide as the corridors, off a corridor or out of a room
    /// through a new door run, touching nothing. Returns how many.
    pub fn add_wide_dead_ends(
        &mut self,
        layout: &mut DungeonLayout,
        count: usize,
        rng: &mut Rng,
    ) -> usize {
        let (w, h, k) = (self.width, self.height, self.cw);
        let n = w * h;
        let branchable = layout.corridor_cells.len();
        let mut added = 0;
        let mut attempts = 0;
        while added < count && attempts < count * 20 + 20 {
            attempts += 1;
            self.compute_open(layout.grid.cells());
            let grid = layout.grid.cells();
            let wi = w as isize;
            let (first, d, door) = if branchable > 0 && rng.random_bool(0.7) {
                let a = layout.corridor_cells[rng.random_range(0..branchable)] as usize;
                let full = (0..k).all(|y| (0..k).all(|x| grid[a + y * w + x].is_corridor()));
                if !full {
                    continue;
                }
                let ki = k as isize;
                let (off, d) =
                    [(-ki * wi, -wi), (ki * wi, wi), (-ki, -1), (ki, 1)][rng.random_range(0..4)];
                let f = a as isize + off;
                if f < 0 || f >= n as isize {
                    continue;
                }
                (f as usize, d, None)
            } else {
                let r = layout.rooms[rng.random_range(0..layout.rooms.len())];
                let mut exits = std::mem::take(&mut self.exits);
                exits.clear();
                for_each_wide_exit(&r, w, h, k, |door, step, a| {
                    if self.open[a] {
                        exits.push((door_link(door, step) as usize, a));
                    }
                });
                let pick = (!exits.is_empty()).then(|| exits[rng.random_range(0..exits.len())]);
                self.exits = exits;
                let Some((link, a)) = pick else {
                    continue;
                };
                let door = link & CELL_MASK as usize;
                let d = if link & VERTICAL as usize == 0 {
                    if a < door { -wi } else { wi }
                } else if a < door {
                    -1
                } else {
                    1
                };
                (a, d, Some(link as u32))
            };
            let target = rng.random_range(3..=8usize);
            let mut cells = [0usize; 8];
            let mut len = 0;
            let mut cur = first;
            while len < target {
                if !self.open[cur] {
                    break;
                }
                let clear = self.sides(cur).iter().all(|&(s0, st, out)| {
                    out == -d || (0..k).all(|i| grid[s0 + i * st] == DungeonTile::Rock)
                });
                if !clear {
                    break;
                }
                cells[len] = cur;
                len += 1;
                cur = (cur as isize + d) as usize;
            }
            if len < 3 {
                continue;
            }
            let grid = layout.grid.cells_mut();
            if let Some(link) = door {
                self.open_door_run(grid, link);
            }
            let start = layout.corridor_cells.len() as u32;
            self.scratch.cells.clear();
            for &c in &cells[..len] {
                self.stamp(grid, c, &mut layout.corridor_cells);
            }
            layout.corridors.push(Corridor {
                kind: CorridorKind::DeadEnd,
                start,
                len: layout.corridor_cells.len() as u32 - start,
            });
            added += 1;
        }
        added
    }
}
