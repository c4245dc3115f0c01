//! Labyrinths: rooms joined by twisting passages on a maze lattice, each
//! passage short enough to walk (issue 40).
//!
//! The passages live on a coarse lattice: *nodes* are `k × k` blocks (`k`
//! the corridor width) at columns and rows `1 + i (k + 1)`, one wall cell
//! apart. A node is free when its block is all interior rock. Rooms reach
//! the lattice through *stubs*: a door run of `k` wall cells and the (at
//! most `k`) rock cells between it and a node straight in front.
//!
//! Every step between two neighbouring nodes costs 1 or [`TWIST`], at
//! random (half each: the cheap steps form the twisting clusters of
//! critical percolation, so the cheapest way between two points winds
//! like a maze's passage). The rooms (a group of touching rooms counts as
//! one) are joined into a tree, nearest pairs first (Kruskal over the
//! pairs of rooms by the gap between their walls): for each pair not yet
//! joined, the cheapest passage from a door of one to a door of the other
//! over free nodes (A*) of at most [`LABYRINTH_WALK`] steps floor to
//! floor is dug. Passages never branch and never touch one another (two
//! passages on neighbouring nodes keep the wall cell between them), so
//! every walk from a room to the next is one passage, and the way from
//! the entrance to the final room passes rooms. Rooms that no short
//! passage can join (rooms further apart than that through the rock,
//! which the published sizes practically never have) are joined by the
//! shortest passage there is.
//!
//! Loops ([`CorridorBuilder::braid`]) are more such passages, between two
//! rooms already joined the long way round; dead ends
//! ([`CorridorBuilder::prune_labyrinth`]) are short twisting branches off
//! a passage.

mod passage;

use super::{Corridor, CorridorBuilder, CorridorKind, LOOP_GAIN};
use crate::dungeon::grid::DungeonTile;
use crate::dungeon::layout_ga::DungeonLayout;
use crate::rng::{Rng, RngExt};
use std::cmp::Reverse;
use std::collections::BinaryHeap;

/// Most steps from one room's floor to the next room's floor along a
/// labyrinth passage (60 steps = 300 ft at 5 ft a cell), so the walk
/// between consecutive rooms of the main path is at most this.
pub const LABYRINTH_WALK: u32 = 60;
/// Cost of a dear step between lattice nodes (a cheap one costs 1):
/// passages twist because the cheapest way is seldom the straight one.
pub const TWIST: u8 = 6;

/// Marks a node's `prev` that is a stub (the passage's first node).
const FROM_STUB: u32 = 1 << 31;

/// A way from a room's wall to a maze node.
#[derive(Clone, Copy, Debug, Default)]
struct Stub {
    room: u8,
    node: u32,
    /// First door cell and the step along the run.
    door: u32,
    step: u32,
    /// Offset from the wall outwards, and the rock cells to dig that way.
    out: i32,
    gap: u32,
}

/// Scratch memory of the style builders (reused between builds).
#[derive(Clone, Debug, Default)]
pub(crate) struct Scratch {
    /// Cells dug by the last wide stamp.
    pub cells: Vec<u32>,
    stubs: Vec<Stub>,
    /// Stubs by node: `order[at[node]..at[node + 1]]`.
    at: Vec<u32>,
    order: Vec<u32>,
    /// Per node: bit 0 when the step to the right is cheap, bit 1 when
    /// the step down is.
    cheap: Vec<u8>,
    /// Per node, valid where `seen == stamp`: cost so far, the node it
    /// was reached from (or [`FROM_STUB`] and the stub), nodes on the way,
    /// the stub the way started at.
    seen: Vec<u32>,
    stamp: u32,
    cost: Vec<u32>,
    prev: Vec<u32>,
    hops: Vec<u32>,
    origin: Vec<u32>,
    heap: BinaryHeap<Reverse<(u32, u32)>>,
    /// Pairs of rooms by the gap between them: (gap, tie-break, a, b).
    pairs: Vec<(u32, u32, u8, u8)>,
    /// Walking distance from a room to every room (loops).
    room_walk: Vec<u32>,
    /// Cave cells of one room (see `caves`).
    pub cave: Vec<u8>,
    /// A second buffer for the cave automaton.
    pub cave2: Vec<u8>,
    /// Per grid cell: what natural passages may do there (see `caves`).
    pub mark: Vec<u8>,
    /// Per grid cell: whether it was in a hole before passages widened,
    /// and whether it is now.
    pub hole: Vec<bool>,
    /// See `hole`.
    pub hole2: Vec<bool>,
}

/// The maze lattice of a `w × h` grid for corridor width `k`.
#[derive(Clone, Copy)]
pub(super) struct Lattice {
    w: usize,
    k: usize,
    s: usize,
    /// Node columns.
    pub nx: usize,
    /// Node rows.
    pub ny: usize,
}

impl Lattice {
    /// The lattice of a `w × h` grid for corridor width `k`.
    pub(super) fn new(w: usize, h: usize, k: usize) -> Lattice {
        let s = k + 1;
        Lattice {
            w,
            k,
            s,
            nx: (w - 2 - k) / s + 1,
            ny: (h - 2 - k) / s + 1,
        }
    }

    /// The top-left cell of node `(i, j)`.
    pub(super) fn anchor(&self, i: usize, j: usize) -> usize {
        (1 + j * self.s) * self.w + 1 + i * self.s
    }

    /// The top-left cell of node number `node`.
    fn anchor_of(&self, node: usize) -> usize {
        self.anchor(node % self.nx, node / self.nx)
    }

    /// First cell of the strip between node `(i, j)` and its neighbour to
    /// the right (`down == false`) or below, and the step along it.
    fn strip(&self, i: usize, j: usize, down: bool) -> (usize, usize) {
        let a = self.anchor(i, j);
        if down {
            (a + self.k * self.w, 1)
        } else {
            (a + self.k, self.w)
        }
    }

    /// The up to four neighbours of `node` with the strip between them
    /// (first cell, step along it).
    fn neighbours(&self, node: usize) -> [Option<(usize, usize, usize)>; 4] {
        let (i, j) = (node % self.nx, node / self.nx);
        let right = |i: usize, j: usize| self.strip(i, j, false);
        let down = |i: usize, j: usize| self.strip(i, j, true);
        [
            (i + 1 < self.nx).then(|| {
                let (s, st) = right(i, j);
                (node + 1, s, st)
            }),
            (j + 1 < self.ny).then(|| {
                let (s, st) = down(i, j);
                (node + self.nx, s, st)
            }),
            (i > 0).then(|| {
                let (s, st) = right(i - 1, j);
                (node - 1, s, st)
            }),
            (j > 0).then(|| {
                let (s, st) = down(i, j - 1);
                (node - self.nx, s, st)
            }),
        ]
    }
}

/// Whether bit `r` of `mask` is set.
#[inline]
fn has(mask: u32, r: u8) -> bool {
    mask & (1 << r) != 0
}

/// The gap in cells between the walls of two rooms (0 when they touch
/// or overlap along both axes).
fn gap(a: &crate::dungeon::room::Room, b: &crate::dungeon::room::Room) -> u32 {
    let dx = b.left().saturating_sub(a.right()) + a.left().saturating_sub(b.right());
    let dy = b.top().saturating_sub(a.bottom()) + a.top().saturating_sub(b.bottom());
    (dx + dy) as u32
}

impl CorridorBuilder {
    fn all_rock(&self, grid: &[DungeonTile], start: usize, step: usize) -> bool {
        (0..self.cw).all(|i| grid[start + i * step] == DungeonTile::Rock)
    }

    /// Every stub from a room's wall (still wall) through rock to a free
    /// node straight in front, indexed by node. Needs `self.open` for the
    /// grid as it is.
    fn collect_stubs(&self, layout: &DungeonLayout, lat: &Lattice, sc: &mut Scratch) {
        let (w, k) = (self.width, self.cw);
        let grid = layout.grid.cells();
        let nodes = lat.nx * lat.ny;
        sc.stubs.clear();
        for (r, room) in layout.rooms.iter().enumerate() {
            let (l, t, rt, b) = (room.left(), room.top(), room.right(), room.bottom());
            let mut add = |node_i: usize, node_j: usize, door: usize, step: usize, out: isize| {
                let node = node_j * lat.nx + node_i;
                if !self.open[lat.anchor(node_i, node_j)] {
                    return;
                }
                if (0..k).any(|c| grid[door + c * step] != DungeonTile::Wall) {
                    return;
                }
                let a = lat.anchor(node_i, node_j) as isize;
                // Gap: cells from the wall (exclusive) to the block.
                let mut gap = 0u32;
                let mut c = door as isize + out;
                let (wi, ki) = (w as isize, k as isize);
                let in_block = |c: isize| {
                    let (p, q) = if step == 1 {
                        (c / wi, a / wi)
                    } else {
                        (c % wi, a % wi)
                    };
                    (q..q + ki).contains(&p)
                };
                while !in_block(c) {
                    gap += 1;
                    c += out;
                    if gap > k as u32 {
                        return;
                    }
                }
                for d in 1..=gap as isize {
                    let s0 = (door as isize + d * out) as usize;
                    if !self.all_rock(grid, s0, step) {
                        return;
                    }
                }
                sc.stubs.push(Stub {
                    room: r as u8,
                    node: node as u32,
                    door: door as u32,
                    step: step as u32,
                    out: out as i32,
                    gap,
                });
            };
            let s = lat.s;
            // Node columns whose block lies within [l, rt).
            let mut i = (l.saturating_sub(1)).div_ceil(s);
            while i < lat.nx && 1 + i * s + k <= rt {
                let x = 1 + i * s;
                if t >= k + 2 {
                    let j = (t - 2 - k) / s;
                    add(i, j, (t - 1) * w + x, 1, -(w as isize));
                }
                let j = b.div_ceil(s);
                if j < lat.ny {
                    add(i, j, b * w + x, 1, w as isize);
                }
                i += 1;
            }
            let mut j = (t.saturating_sub(1)).div_ceil(s);
            while j < lat.ny && 1 + j * s + k <= b {
                let y = 1 + j * s;
                if l >= k + 2 {
                    let i = (l - 2 - k) / s;
                    add(i, j, y * w + l - 1, w, -1);
                }
                let i = rt.div_ceil(s);
                if i < lat.nx {
                    add(i, j, y * w + rt, w, 1);
                }
                j += 1;
            }
        }
        // Stubs by node (counting sort into `order`, offsets in `at`).
        sc.at.clear();
        sc.at.resize(nodes + 2, 0);
        for st in &sc.stubs {
            sc.at[st.node as usize + 2] += 1;
        }
        for i in 0..nodes {
            sc.at[i + 2] += sc.at[i + 1];
        }
        sc.order.clear();
        sc.order.resize(sc.stubs.len(), 0);
        for (s, st) in sc.stubs.iter().enumerate() {
            let slot = &mut sc.at[st.node as usize + 1];
            sc.order[*slot as usize] = s as u32;
            *slot += 1;
        }
        sc.at.pop();
        if sc.seen.len() != nodes {
            sc.seen.clear();
            sc.seen.resize(nodes, 0);
            sc.cost.resize(nodes, 0);
            sc.prev.resize(nodes, 0);
            sc.hops.resize(nodes, 0);
            sc.origin.resize(nodes, 0);
            sc.stamp = 0;
        }
    }

    /// Draw which lattice steps are cheap (half of them).
    fn draw_twist(&self, lat: &Lattice, sc: &mut Scratch, rng: &mut Rng) {
        sc.cheap.clear();
        let nodes = lat.nx * lat.ny;
        let mut bits = 0u64;
        for i in 0..nodes {
            if i % 32 == 0 {
                bits = rng.random::<u64>();
            }
            sc.cheap.push((bits & 3) as u8);
            bits >>= 2;
        }
    }

    /// Whether stub `st` can still be dug: its node free, its door wall.
    fn stub_free(&self, grid: &[DungeonTile], lat: &Lattice, st: &Stub) -> bool {
        self.open[lat.anchor_of(st.node as usize)]
            && (0..self.cw)
                .all(|c| grid[st.door as usize + c * st.step as usize] == DungeonTile::Wall)
    }

    /// A labyrinth: rooms, then twisting passages between them (a tree of
    /// rooms, see the module documentation).
    #[allow(clippy::needless_range_loop)] // pairs of rooms by index
    pub(super) fn build_labyrinth(&mut self, layout: &mut DungeonLayout, rng: &mut Rng) -> bool {
        let (w, h, k) = (self.width, self.height, self.cw);
        let n = layout.rooms.len();
        let group = self.paint_rooms(layout, rng, k);
        self.compute_open(layout.grid.cells());
        let lat = Lattice::new(w, h, k);
        let mut sc = std::mem::take(&mut self.scratch);
        self.collect_stubs(layout, &lat, &mut sc);
        self.draw_twist(&lat, &mut sc, rng);
        // Each room's component: the rooms (bit set) joined to it so far.
        let mut comp = group;
        sc.pairs.clear();
        for a in 0..n {
            for b in a + 1..n {
                if comp[a] & (1 << b) == 0 {
                    let g = gap(&layout.rooms[a], &layout.rooms[b]);
                    sc.pairs.push((g, rng.random::<u32>(), a as u8, b as u8));
                }
            }
        }
        sc.pairs.sort_unstable();
        let all = super::low_bits(n);
        // Short twisting passages first; then the shortest passages within
        // the bound; then, for rooms still apart, the shortest passage
        // whatever its length: its cells cost layout fitness like any
        // corridor's (a twisting passage's do not), so the GA keeps away
        // from layouts that need one.
        let passes = [
            (true, LABYRINTH_WALK, CorridorKind::Maze),
            (false, LABYRINTH_WALK, CorridorKind::Maze),
            (false, u32::MAX, CorridorKind::Connection),
        ];
        for (twist, limit, body) in passes {
            for p in 0..sc.pairs.len() {
                let (_, _, a, b) = sc.pairs[p];
                if comp[a as usize] == all {
                    break;
                }
                if has(comp[a as usize], b) {
                    continue;
                }
                let found = if twist {
                    self.twist_passage(layout, &lat, &mut sc, (a, b), limit, rng)
                        .or_else(|| self.find_passage(layout, &lat, &mut sc, (a, b), true, limit))
                } else {
                    self.find_passage(layout, &lat, &mut sc, (a, b), false, limit)
                };
                if let Some(found) = found {
                    self.dig_passage(layout, &lat, &sc, found, (body, CorridorKind::Connection));
                    let merged = comp[a as usize] | comp[b as usize];
                    let mut m = merged;
                    while m != 0 {
                        comp[m.trailing_zeros() as usize] = merged;
                        m &= m - 1;
                    }
                }
            }
        }
        self.scratch = sc;
        layout.valid = comp[0] == all;
        layout.valid
    }

    /// Loops in a labyrinth: up to `count` more passages, each between two
    /// rooms whose walk is at least [`LOOP_GAIN`] steps longer than the
    /// new passage (6, then 3 on cramped maps), each at most
    /// [`LABYRINTH_WALK`] steps. Returns how many were dug.
    pub fn braid(&mut self, layout: &mut DungeonLayout, count: usize, rng: &mut Rng) -> usize {
        let n = layout.rooms.len();
        if count == 0 || n < 2 {
            return 0;
        }
        let (w, h, k) = (self.width, self.height, self.cw);
        let lat = Lattice::new(w, h, k);
        let mut sc = std::mem::take(&mut self.scratch);
        self.compute_open(layout.grid.cells());
        self.collect_stubs(layout, &lat, &mut sc);
        self.draw_twist(&lat, &mut sc, rng);
        let mut made = 0;
        for gain in [LOOP_GAIN, 6, 3] {
            let mut attempts = 0;
            while made < count && attempts < count * 8 + 8 {
                attempts += 1;
                let a = rng.random_range(0..n);
                let stamp = self.next_stamp();
                self.walk_from_room(layout, a, stamp);
                sc.room_walk.clear();
                for r in &layout.rooms {
                    let mut best = u32::MAX;
                    for y in r.top()..r.bottom() {
                        for x in r.left()..r.right() {
                            let i = y * w + x;
                            if self.walk_seen[i] == stamp {
                                best = best.min(self.walk_dist[i]);
                            }
                        }
                    }
                    sc.room_walk.push(best);
                }
                // The nearest rooms the walk to is long enough.
                sc.pairs.clear();
                for b in 0..n {
                    let g = gap(&layout.rooms[a], &layout.rooms[b]);
                    if b != a && sc.room_walk[b] != u32::MAX && sc.room_walk[b] > g + gain {
                        sc.pairs.push((g, rng.random::<u32>(), a as u8, b as u8));
                    }
                }
                sc.pairs.sort_unstable();
                for p in 0..sc.pairs.len().min(4) {
                    let (_, _, _, b) = sc.pairs[p];
                    let limit = LABYRINTH_WALK.min(sc.room_walk[b as usize] - gain);
                    let found = self
                        .twist_passage(layout, &lat, &mut sc, (a as u8, b), limit, rng)
                        .or_else(|| {
                            self.find_passage(layout, &lat, &mut sc, (a as u8, b), true, limit)
                        });
                    if let Some(found) = found {
                        self.dig_passage(
                            layout,
                            &lat,
                            &sc,
                            found,
                            (CorridorKind::Loop, CorridorKind::Loop),
                        );
                        made += 1;
                        break;
                    }
                }
            }
        }
        self.scratch = sc;
        made
    }

    /// Dead ends in a labyrinth: up to `count` twisting branches of 3 to 8
    /// nodes off a passage, touching nothing else. Returns how many.
    pub(super) fn labyrinth_dead_ends(
        &mut self,
        layout: &mut DungeonLayout,
        count: usize,
        rng: &mut Rng,
    ) -> usize {
        if count == 0 {
            return 0;
        }
        let (w, h, k) = (self.width, self.height, self.cw);
        let lat = Lattice::new(w, h, k);
        self.compute_open(layout.grid.cells());
        let dug = |g: &[DungeonTile], node: usize| {
            let a = lat.anchor_of(node);
            (0..k).all(|dy| (0..k).all(|dx| g[a + dy * w + dx].is_corridor()))
        };
        let mut made = 0;
        let mut attempts = 0;
        let nodes = lat.nx * lat.ny;
        let mut branch = [0usize; 8];
        while made < count && attempts < count * 40 + 40 {
            attempts += 1;
            let from = rng.random_range(0..nodes);
            if !dug(layout.grid.cells(), from) {
                continue;
            }
            let target = rng.random_range(3..=8usize);
            let grid = layout.grid.cells();
            let mut len = 0;
            let mut cur = from;
            while len < target {
                let mut cand = [0usize; 4];
                let mut nc = 0;
                for (nb, s0, step) in lat.neighbours(cur).into_iter().flatten() {
                    if self.open[lat.anchor_of(nb)]
                        && self.all_rock(grid, s0, step)
                        && !branch[..len].contains(&nb)
                    {
                        cand[nc] = nb;
                        nc += 1;
                    }
                }
                if nc == 0 {
                    break;
                }
                cur = cand[rng.random_range(0..nc)];
                branch[len] = cur;
                len += 1;
            }
            if len < 3 {
                continue;
            }
            let start = layout.corridor_cells.len() as u32;
            let grid = layout.grid.cells_mut();
            let mut prev = from;
            for &node in &branch[..len] {
                let (s0, step) = lat
                    .neighbours(prev)
                    .into_iter()
                    .flatten()
                    .find(|&(nb, _, _)| nb == node)
                    .map(|(_, s0, step)| (s0, step))
                    .expect("a branch steps between neighbouring nodes");
                for c in 0..k {
                    grid[s0 + c * step] = DungeonTile::Corridor;
                }
                layout.corridor_cells.push(s0 as u32);
                let a = lat.anchor_of(node);
                for dy in 0..k {
                    for dx in 0..k {
                        grid[a + dy * w + dx] = DungeonTile::Corridor;
                    }
                }
                layout.corridor_cells.push(a as u32);
                self.open[a] = false;
                prev = node;
            }
            layout.corridors.push(Corridor {
                kind: CorridorKind::DeadEnd,
                start,
                len: layout.corridor_cells.len() as u32 - start,
            });
            made += 1;
        }
        made
    }
}
