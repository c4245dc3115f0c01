//! Labyrinths: a maze fills the rock between the rooms.
//!
//! The maze lives on a coarse lattice: *nodes* are `k × k` blocks (`k` the
//! corridor width) at columns and rows `1 + i (k + 1)`, one wall cell
//! apart. A node is usable when its block is all interior rock once the
//! rooms are painted. A randomised depth-first search (recursive
//! backtracker) joins the usable nodes into a perfect maze (a tree),
//! opening the one-cell strip between two nodes. Rooms reach the maze
//! through *stubs*: a door run of `k` wall cells and the (at most `k`)
//! rock cells between it and a node straight in front. The rooms (a group
//! of touching rooms counts as one) are nodes of the same search, their
//! stubs its edges: the whole dungeon is one tree in which a room is
//! entered by one door and often left by another, so the way from the
//! entrance to the final room passes rooms, not only maze (with rooms as
//! leaves of one maze, every way between two rooms passed just those
//! two). Lattice nodes no room reaches are not dug. Braiding
//! ([`CorridorBuilder::braid`]) opens a wall at a maze dead end, closing
//! a loop.

use super::{Corridor, CorridorBuilder, CorridorKind};
use crate::dungeon::grid::DungeonTile;
use crate::dungeon::layout_ga::DungeonLayout;
use crate::rng::{Rng, RngExt};

const UNSEEN: u32 = u32::MAX;

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
    comp: Vec<u32>,
    links: Vec<u8>,
    stack: Vec<u32>,
    stubs: Vec<Stub>,
    uf: Vec<u32>,
    used: Vec<bool>,
    /// Stubs by node: `order[at[node]..at[node + 1]]`.
    at: Vec<u32>,
    order: Vec<u32>,
    /// Cave cells of one room (see `caves`).
    pub cave: Vec<u8>,
    /// A second buffer for the cave automaton.
    pub cave2: Vec<u8>,
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
}

impl CorridorBuilder {
    fn all_rock(&self, grid: &[DungeonTile], start: usize, step: usize) -> bool {
        (0..self.cw).all(|i| grid[start + i * step] == DungeonTile::Rock)
    }

    /// A labyrinth: rooms, then a maze through the rock around them.
    pub(super) fn build_labyrinth(&mut self, layout: &mut DungeonLayout, rng: &mut Rng) -> bool {
        let (w, h, k) = (self.width, self.height, self.cw);
        let n = layout.rooms.len();
        let group = self.paint_rooms(layout, rng, k);
        self.compute_open(layout.grid.cells());
        let lat = Lattice::new(w, h, k);
        let nodes = lat.nx * lat.ny;
        let mut sc = std::mem::take(&mut self.scratch);
        sc.comp.clear();
        sc.comp.resize(nodes, UNSEEN);
        sc.links.clear();
        sc.links.resize(nodes, 0);
        let grid = layout.grid.cells();

        // Stubs from every room side to the nodes straight in front.
        sc.stubs.clear();
        for (r, room) in layout.rooms.iter().enumerate() {
            let (l, t, rt, b) = (room.left(), room.top(), room.right(), room.bottom());
            let mut add = |node_i: usize, node_j: usize, door: usize, step: usize, out: isize| {
                let node = node_j * lat.nx + node_i;
                if !self.open[lat.anchor(node_i, node_j)] {
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
            let i0 = (l.saturating_sub(1)).div_ceil(s);
            let mut i = i0;
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
        sc.at.resize(nodes + 1, 0);
        for st in &sc.stubs {
            sc.at[st.node as usize + 1] += 1;
        }
        for i in 0..nodes {
            sc.at[i + 1] += sc.at[i];
        }
        sc.order.clear();
        sc.order.resize(sc.stubs.len(), 0);
        sc.uf.clear();
        sc.uf.extend_from_slice(&sc.at[..nodes]);
        for (s, st) in sc.stubs.iter().enumerate() {
            let slot = &mut sc.uf[st.node as usize];
            sc.order[*slot as usize] = s as u32;
            *slot += 1;
        }

        // One perfect maze whose nodes are the lattice nodes *and* the
        // rooms (a group of touching rooms is one node): a randomised
        // depth-first search from the first room. A room is entered by one
        // stub and left by others, so the ways between rooms run through
        // rooms (a path that builds), not only through the maze.
        let rep = |r: usize| group[r].trailing_zeros() as usize;
        sc.comp.resize(nodes + n, UNSEEN);
        sc.used.clear();
        sc.used.resize(sc.stubs.len(), false);
        sc.stack.clear();
        sc.comp[nodes + rep(0)] = 0;
        sc.stack.push((nodes + rep(0)) as u32);
        while let Some(&top) = sc.stack.last() {
            let top = top as usize;
            if top >= nodes {
                // A room: leave by a random stub to an unseen node.
                let g = top - nodes;
                let fresh = |st: &Stub, comp: &[u32]| {
                    rep(st.room as usize) == g && comp[st.node as usize] == UNSEEN
                };
                let nc = sc.stubs.iter().filter(|st| fresh(st, &sc.comp)).count();
                if nc == 0 {
                    sc.stack.pop();
                    continue;
                }
                let pick = rng.random_range(0..nc);
                let s = (0..sc.stubs.len())
                    .filter(|&s| fresh(&sc.stubs[s], &sc.comp))
                    .nth(pick)
                    .unwrap_or(0);
                sc.used[s] = true;
                let node = sc.stubs[s].node;
                sc.comp[node as usize] = 0;
                sc.stack.push(node);
                continue;
            }
            let (i, j) = (top % lat.nx, top / lat.nx);
            // Unseen neighbours: lattice nodes with rock between (node,
            // which node owns the link, link bit) and rooms whose stub
            // reaches this node (room node, stub, 0).
            let mut cand = [(0usize, 0usize, 0u8); 8];
            let mut nc = 0;
            let mut try_nb = |nb: usize, owner: usize, bit: u8, ni: usize, nj: usize| {
                if sc.comp[nb] == UNSEEN && self.open[lat.anchor(ni, nj)] {
                    let (oi, oj) = (owner % lat.nx, owner / lat.nx);
                    let (s0, st) = lat.strip(oi, oj, bit == 2);
                    if self.all_rock(grid, s0, st) {
                        cand[nc] = (nb, owner, bit);
                        nc += 1;
                    }
                }
            };
            if i + 1 < lat.nx {
                try_nb(top + 1, top, 1, i + 1, j);
            }
            if j + 1 < lat.ny {
                try_nb(top + lat.nx, top, 2, i, j + 1);
            }
            if i > 0 {
                try_nb(top - 1, top - 1, 1, i - 1, j);
            }
            if j > 0 {
                try_nb(top - lat.nx, top - lat.nx, 2, i, j - 1);
            }
            for &s in &sc.order[sc.at[top] as usize..sc.at[top + 1] as usize] {
                let g = nodes + rep(sc.stubs[s as usize].room as usize);
                if sc.comp[g] == UNSEEN && nc < cand.len() {
                    cand[nc] = (g, s as usize, 0);
                    nc += 1;
                }
            }
            if nc == 0 {
                sc.stack.pop();
                continue;
            }
            let (nb, owner, bit) = cand[rng.random_range(0..nc)];
            if bit == 0 {
                sc.used[owner] = true;
            } else {
                sc.links[owner] |= bit;
            }
            sc.comp[nb] = 0;
            sc.stack.push(nb as u32);
        }
        let valid = (0..n).all(|r| sc.comp[nodes + rep(r)] != UNSEEN);
        let mut taken = 0;
        for s in 0..sc.stubs.len() {
            if sc.used[s] {
                sc.stubs[taken] = sc.stubs[s];
                taken += 1;
            }
        }
        sc.stubs.truncate(taken);
        let grid = layout.grid.cells_mut();

        // Dig the maze pieces that reach a room, then the stubs.
        let start = layout.corridor_cells.len() as u32;
        for node in 0..nodes {
            if sc.comp[node] == UNSEEN {
                continue;
            }
            let (i, j) = (node % lat.nx, node / lat.nx);
            let a = lat.anchor(i, j);
            let mut dig = |c: usize| {
                grid[c] = DungeonTile::Corridor;
                layout.corridor_cells.push(c as u32);
            };
            for dy in 0..k {
                for dx in 0..k {
                    dig(a + dy * w + dx);
                }
            }
            for (bit, down) in [(1u8, false), (2u8, true)] {
                if sc.links[node] & bit != 0 {
                    let (s0, step) = lat.strip(i, j, down);
                    for c in 0..k {
                        dig(s0 + c * step);
                    }
                }
            }
        }
        layout.corridors.push(Corridor {
            kind: CorridorKind::Maze,
            start,
            len: layout.corridor_cells.len() as u32 - start,
        });
        for st in &sc.stubs {
            let start = layout.corridor_cells.len() as u32;
            for c in 0..k {
                let d0 = st.door as usize + c * st.step as usize;
                grid[d0] = DungeonTile::Door;
                for d in 1..=st.gap as isize {
                    let cell = (d0 as isize + d * st.out as isize) as usize;
                    grid[cell] = DungeonTile::Corridor;
                    layout.corridor_cells.push(cell as u32);
                }
            }
            layout.corridors.push(Corridor {
                kind: CorridorKind::Connection,
                start,
                len: layout.corridor_cells.len() as u32 - start,
            });
        }
        self.scratch = sc;
        layout.valid = valid;
        valid
    }

    /// Braid a labyrinth: open the wall at the end of up to `count` maze
    /// dead ends into a neighbouring maze node, each closing a loop.
    /// Returns how many were opened.
    pub fn braid(&mut self, layout: &mut DungeonLayout, count: usize, rng: &mut Rng) -> usize {
        let (w, h, k) = (self.width, self.height, self.cw);
        let lat = Lattice::new(w, h, k);
        let grid = layout.grid.cells_mut();
        let mut ends = std::mem::take(&mut self.scratch.stack);
        ends.clear();
        let dug = |g: &[DungeonTile], i: usize, j: usize| g[lat.anchor(i, j)].is_corridor();
        let walk_side =
            |g: &[DungeonTile], s0: usize, st: usize| (0..k).any(|c| g[s0 + c * st].is_walkable());
        // The four sides of node (i, j): (strip start, step, neighbour).
        let sides = |i: usize, j: usize| {
            let a = lat.anchor(i, j);
            [
                (a - w, 1, (j > 0).then(|| (i, j.wrapping_sub(1)))),
                (a + k * w, 1, (j + 1 < lat.ny).then_some((i, j + 1))),
                (a - 1, w, (i > 0).then(|| (i.wrapping_sub(1), j))),
                (a + k, w, (i + 1 < lat.nx).then_some((i + 1, j))),
            ]
        };
        for node in 0..lat.nx * lat.ny {
            let (i, j) = (node % lat.nx, node / lat.nx);
            if dug(grid, i, j) {
                let ways = sides(i, j)
                    .iter()
                    .filter(|&&(s0, st, _)| walk_side(grid, s0, st))
                    .count();
                if ways == 1 {
                    ends.push(node as u32);
                }
            }
        }
        let mut made = 0;
        while made < count && !ends.is_empty() {
            let node = ends.swap_remove(rng.random_range(0..ends.len())) as usize;
            let (i, j) = (node % lat.nx, node / lat.nx);
            let sd = sides(i, j);
            if sd
                .iter()
                .filter(|&&(s0, st, _)| walk_side(grid, s0, st))
                .count()
                != 1
            {
                continue;
            }
            let mut cand = [0usize; 4];
            let mut nc = 0;
            for (c, &(s0, st, nb)) in sd.iter().enumerate() {
                if let Some((ni, nj)) = nb
                    && dug(grid, ni, nj)
                    && (0..k).all(|x| grid[s0 + x * st] == DungeonTile::Rock)
                {
                    cand[nc] = c;
                    nc += 1;
                }
            }
            if nc == 0 {
                continue;
            }
            let (s0, st, _) = sd[cand[rng.random_range(0..nc)]];
            let start = layout.corridor_cells.len() as u32;
            for c in 0..k {
                grid[s0 + c * st] = DungeonTile::Corridor;
                layout.corridor_cells.push((s0 + c * st) as u32);
            }
            layout.corridors.push(Corridor {
                kind: CorridorKind::Loop,
                start,
                len: k as u32,
            });
            made += 1;
        }
        self.scratch.stack = ends;
        made
    }
}
