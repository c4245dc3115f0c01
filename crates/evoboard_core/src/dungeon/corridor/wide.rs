//! Corridors two or three cells wide.
//!
//! The same branching network as the one-cell builder, searched over
//! *anchors*: an anchor is the top-left cell of a `k × k` block (`k` the
//! corridor width), open when the whole block was interior rock once the
//! rooms were painted. A corridor is a chain of 4-adjacent anchors whose
//! blocks are dug; it meets a room through a door run of `k` wall cells
//! in front of its first block. Anchors whose block overlaps a corridor
//! are the network (distance 0); the anchors in front of the door runs of
//! connected rooms are at distance 1. Digging stops one anchor short of
//! the network, so a branch meets an old corridor side on without
//! widening it. An anchor whose block touches corridor on two sides is
//! never entered (no loops nobody asked for).
//!
//! [`DungeonLayout::corridor_cells`] holds one cell per step (the anchor
//! of each newly dug block), so corridor lengths, and the layout fitness,
//! are in steps as for one-cell corridors.

use super::{Corridor, CorridorBuilder, CorridorKind, DOOR_LINK, NONE};
use crate::dungeon::contents_ga::low_bits;
use crate::dungeon::grid::DungeonTile;
use crate::dungeon::layout_ga::DungeonLayout;
use crate::dungeon::room::Room;
use crate::rng::{Rng, RngExt};

/// Set in a door link when the door run goes down a vertical wall.
pub(super) const VERTICAL: u32 = 1 << 30;
/// The cell bits of a door link.
pub(super) const CELL_MASK: u32 = VERTICAL - 1;

/// Call `f(door, step, anchor)` for every place on a side of `r` where a
/// door run of `k` wall cells fits (corners excluded) with the `k × k`
/// block just outside it: `door` is the first wall cell, `step` the
/// offset between door cells (1 along a horizontal wall, `w` down a
/// vertical one) and `anchor` the top-left cell of the block.
pub(super) fn for_each_wide_exit(
    r: &Room,
    w: usize,
    h: usize,
    k: usize,
    mut f: impl FnMut(usize, usize, usize),
) {
    let (l, t, rt, b) = (r.left(), r.top(), r.right(), r.bottom());
    if rt - l >= k {
        for x in l..=rt - k {
            if t >= k + 2 {
                f((t - 1) * w + x, 1, (t - 1 - k) * w + x);
            }
            if b + k + 1 < h {
                f(b * w + x, 1, (b + 1) * w + x);
            }
        }
    }
    if b - t >= k {
        for y in t..=b - k {
            if l >= k + 2 {
                f(y * w + l - 1, w, y * w + l - 1 - k);
            }
            if rt + k + 1 < w {
                f(y * w + rt, w, y * w + rt + 1);
            }
        }
    }
}

/// How many sides of the ring just around the `k × k` block at anchor `a`
/// hold a corridor cell (`w` the grid width).
#[inline]
fn corridor_sides(grid: &[DungeonTile], w: usize, k: usize, a: usize) -> usize {
    let side = |start: usize, step: usize| (0..k).any(|i| grid[start + i * step].is_corridor());
    usize::from(side(a - w, 1))
        + usize::from(side(a + k * w, 1))
        + usize::from(side(a - 1, w))
        + usize::from(side(a + k, w))
}

/// A door link: the first wall cell of a run and its direction.
pub(super) fn door_link(door: usize, step: usize) -> u32 {
    DOOR_LINK | if step == 1 { 0 } else { VERTICAL } | door as u32
}

impl CorridorBuilder {
    /// Mark which anchors are open (their `cw × cw` block all interior
    /// rock) on the painted grid.
    pub(super) fn compute_open(&mut self, grid: &[DungeonTile]) {
        let (w, h, k) = (self.width, self.height, self.cw);
        // Rock cells in a row to the right of each cell, in `depth`.
        for y in 0..h {
            let mut run = 0;
            for x in (0..w).rev() {
                let i = y * w + x;
                run = if self.interior[i] && grid[i] == DungeonTile::Rock {
                    run + 1
                } else {
                    0
                };
                self.depth[i] = run;
            }
        }
        for y in 0..h {
            for x in 0..w {
                let i = y * w + x;
                self.open[i] = y + k <= h && (0..k).all(|j| self.depth[i + j * w] as usize >= k);
            }
        }
    }

    /// Set the door run of a door link (or of `door`, `step`).
    pub(super) fn open_door_run(&self, grid: &mut [DungeonTile], link: u32) {
        let door = (link & CELL_MASK) as usize;
        let step = if link & VERTICAL != 0 { self.width } else { 1 };
        for i in 0..self.cw {
            let c = door + i * step;
            if grid[c] == DungeonTile::Wall {
                grid[c] = DungeonTile::Door;
            }
        }
    }

    /// Dig the block of anchor `a`: rock becomes corridor. The new cells
    /// go to `scratch.cells`; the anchor goes to `cells` when it is new.
    pub(super) fn stamp(&mut self, grid: &mut [DungeonTile], a: usize, cells: &mut Vec<u32>) {
        let (w, k) = (self.width, self.cw);
        if grid[a] == DungeonTile::Rock {
            cells.push(a as u32);
        }
        for dy in 0..k {
            for dx in 0..k {
                let c = a + dy * w + dx;
                if grid[c] == DungeonTile::Rock {
                    grid[c] = DungeonTile::Corridor;
                    self.scratch.cells.push(c as u32);
                }
            }
        }
    }

    /// How many sides of the ring just around anchor `a`'s block hold a
    /// corridor cell.
    fn corridor_sides(&self, grid: &[DungeonTile], a: usize) -> usize {
        corridor_sides(grid, self.width, self.cw, a)
    }

    /// Wide corridors: the branching network over anchors.
    pub(super) fn build_wide(&mut self, layout: &mut DungeonLayout, rng: &mut Rng) -> bool {
        let (w, h, k) = (self.width, self.height, self.cw);
        let n = layout.rooms.len();
        let group = self.paint_rooms(layout, rng, k);
        self.compute_open(layout.grid.cells());
        let all = low_bits(n);
        let mut connected = group[rng.random_range(0..n)];
        let dirs = self.shuffled_dirs(rng);
        self.dist.fill(u32::MAX);
        self.queue.clear();
        self.add_wide_sources(layout, connected);
        self.propagate_wide(layout.grid.cells(), &dirs);
        while connected != all {
            let (mut best, mut exit, mut room) = (u32::MAX, (0, 0, 0), 0);
            let mut m = all & !connected;
            while m != 0 {
                let r = m.trailing_zeros() as usize;
                m &= m - 1;
                for_each_wide_exit(&layout.rooms[r], w, h, k, |door, step, a| {
                    if self.dist[a] < best {
                        (best, exit, room) = (self.dist[a], (door, step, a), r);
                    }
                });
            }
            if best == u32::MAX {
                return false;
            }
            let grid = layout.grid.cells_mut();
            self.open_door_run(grid, door_link(exit.0, exit.1));
            let start = layout.corridor_cells.len() as u32;
            self.scratch.cells.clear();
            let mut cur = exit.2;
            loop {
                self.stamp(grid, cur, &mut layout.corridor_cells);
                if self.dist[cur] == 0 {
                    break;
                }
                let p = self.parent[cur];
                if p == NONE {
                    break;
                }
                if p & DOOR_LINK != 0 {
                    self.open_door_run(grid, p);
                    break;
                }
                if self.dist[p as usize] == 0 {
                    break;
                }
                cur = p as usize;
            }
            layout.corridors.push(Corridor {
                kind: CorridorKind::Connection,
                start,
                len: layout.corridor_cells.len() as u32 - start,
            });
            // Anchors overlapping the new cells join the network.
            self.queue.clear();
            for i in 0..self.scratch.cells.len() {
                let c = self.scratch.cells[i] as usize;
                let (x, y) = (c % w, c / w);
                for dy in 0..k.min(y + 1) {
                    for dx in 0..k.min(x + 1) {
                        let a = c - dy * w - dx;
                        if self.open[a] && self.dist[a] != 0 {
                            self.dist[a] = 0;
                            self.parent[a] = NONE;
                            self.queue.push(a as u32);
                        }
                    }
                }
            }
            let new_rooms = group[room] & !connected;
            connected |= group[room];
            self.add_wide_sources(layout, new_rooms);
            self.propagate_wide(layout.grid.cells(), &dirs);
        }
        layout.valid = true;
        true
    }

    /// Anchors in front of the door runs of the rooms in `mask` become
    /// sources at distance 1 (their parent link is the door run).
    fn add_wide_sources(&mut self, layout: &DungeonLayout, mask: u32) {
        let (w, h, k) = (self.width, self.height, self.cw);
        let grid = layout.grid.cells();
        let mut m = mask;
        while m != 0 {
            let r = m.trailing_zeros() as usize;
            m &= m - 1;
            for_each_wide_exit(&layout.rooms[r], w, h, k, |door, step, a| {
                if self.open[a] && self.dist[a] > 1 && self.corridor_sides(grid, a) == 0 {
                    self.dist[a] = 1;
                    self.parent[a] = door_link(door, step);
                    self.queue.push(a as u32);
                }
            });
        }
    }

    /// Breadth-first relaxation over open anchors from the queued ones.
    fn propagate_wide(&mut self, grid: &[DungeonTile], dirs: &[isize; 4]) {
        // Borrow the fields apart so the hot loop keeps them in registers.
        let (w, k) = (self.width, self.cw);
        let open = &self.open[..];
        let dist = &mut self.dist[..];
        let parent = &mut self.parent[..];
        let queue = &mut self.queue;
        let mut head = 0;
        while head < queue.len() {
            let c = queue[head] as usize;
            head += 1;
            let nd = dist[c] + 1;
            for &d in dirs {
                let nb = (c as isize + d) as usize;
                if nd < dist[nb] && open[nb] && corridor_sides(grid, w, k, nb) < 2 {
                    dist[nb] = nd;
                    parent[nb] = c as u32;
                    queue.push(nb as u32);
                }
            }
        }
    }
}
