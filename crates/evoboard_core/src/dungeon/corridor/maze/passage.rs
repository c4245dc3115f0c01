//! A labyrinth's passages: the cheapest way over the maze lattice
//! between two rooms' stubs (A*, steps costing 1 or [`TWIST`]), the
//! twisting depth-first walk that is tried first, and digging the chosen
//! passage into the grid (see the notes of `maze.rs`).

use super::{FROM_STUB, Lattice, Scratch, Stub, TWIST};
use crate::dungeon::corridor::{Corridor, CorridorBuilder, CorridorKind};
use crate::dungeon::grid::DungeonTile;
use crate::dungeon::layout_ga::DungeonLayout;
use crate::rng::{Rng, RngExt};
use std::cmp::Reverse;

impl CorridorBuilder {
    /// Floor-to-floor steps of a passage of `hops` nodes between stubs
    /// `a` and `b` (an upper bound for wide passages, which cut corners):
    /// doors, gaps, the blocks crossed and the strips between them, and
    /// the step onto the far floor.
    pub(super) fn passage_steps(&self, hops: u32, a: &Stub, b: &Stub) -> u32 {
        2 + a.gap + b.gap + hops * (self.cw as u32 + 1)
    }

    /// The cheapest passage (A*) from a free stub of room `a` to a free
    /// stub of room `b` over free nodes, of at most `limit` steps floor to
    /// floor: the last node and the far stub. Steps cost 1 or [`TWIST`]
    /// when `twist`, else 1 (the shortest passage).
    pub(super) fn find_passage(
        &self,
        layout: &DungeonLayout,
        lat: &Lattice,
        sc: &mut Scratch,
        (a, b): (u8, u8),
        twist: bool,
        limit: u32,
    ) -> Option<(usize, usize)> {
        let grid = layout.grid.cells();
        // Goal box: the nodes of room b's free stubs.
        let (mut i0, mut j0, mut i1, mut j1) = (usize::MAX, usize::MAX, 0, 0);
        for st in &sc.stubs {
            if st.room == b && self.stub_free(grid, lat, st) {
                let (i, j) = (st.node as usize % lat.nx, st.node as usize / lat.nx);
                (i0, j0, i1, j1) = (i0.min(i), j0.min(j), i1.max(i), j1.max(j));
            }
        }
        if i0 == usize::MAX {
            return None;
        }
        let h = |node: usize| {
            let (i, j) = (node % lat.nx, node / lat.nx);
            (i0.saturating_sub(i)
                + i.saturating_sub(i1)
                + j0.saturating_sub(j)
                + j.saturating_sub(j1)) as u32
        };
        let max_hops = limit.saturating_sub(2) / (self.cw as u32 + 1);
        sc.stamp = sc.stamp.wrapping_add(1);
        if sc.stamp == 0 {
            sc.seen.fill(0);
            sc.stamp = 1;
        }
        let stamp = sc.stamp;
        sc.heap.clear();
        for (s, st) in sc.stubs.iter().enumerate() {
            if st.room != a || !self.stub_free(grid, lat, st) {
                continue;
            }
            let node = st.node as usize;
            if sc.seen[node] == stamp || 1 + h(node) > max_hops {
                continue;
            }
            sc.seen[node] = stamp;
            sc.cost[node] = 0;
            sc.prev[node] = FROM_STUB | s as u32;
            sc.hops[node] = 1;
            sc.origin[node] = s as u32;
            sc.heap.push(Reverse((h(node), node as u32)));
        }
        while let Some(Reverse((f, node))) = sc.heap.pop() {
            let node = node as usize;
            let g = sc.cost[node];
            if f != g + h(node) {
                continue; // reached more cheaply since
            }
            let start = sc.stubs[sc.origin[node] as usize];
            for &t in &sc.order[sc.at[node] as usize..sc.at[node + 1] as usize] {
                let st = sc.stubs[t as usize];
                if st.room == b
                    && self.stub_free(grid, lat, &st)
                    && self.passage_steps(sc.hops[node], &start, &st) <= limit
                {
                    return Some((node, t as usize));
                }
            }
            let hops = sc.hops[node] + 1;
            for (nb, s0, step) in lat.neighbours(node).into_iter().flatten() {
                if hops + h(nb) > max_hops
                    || !self.open[lat.anchor_of(nb)]
                    || !self.all_rock(grid, s0, step)
                {
                    continue;
                }
                let (owner, bit) = if nb > node {
                    (node, if nb == node + 1 { 1 } else { 2 })
                } else {
                    (nb, if nb + 1 == node { 1 } else { 2 })
                };
                let step_cost = if !twist || sc.cheap[owner] & bit != 0 {
                    1
                } else {
                    u32::from(TWIST)
                };
                let ng = g + step_cost;
                if sc.seen[nb] != stamp || ng < sc.cost[nb] {
                    sc.seen[nb] = stamp;
                    sc.cost[nb] = ng;
                    sc.prev[nb] = node as u32;
                    sc.hops[nb] = hops;
                    sc.origin[nb] = sc.origin[node];
                    sc.heap.push(Reverse((ng + h(nb), nb as u32)));
                }
            }
        }
        None
    }

    /// A twisting passage from a free stub of room `a` to a free stub of
    /// room `b`: a randomised depth-first search over free nodes (the
    /// way a recursive-backtracker maze is carved) that never strays so
    /// far that the passage could outgrow `limit` steps or twice the
    /// nodes between the rooms plus four; the first free stub of `b` it
    /// reaches ends it. `None` when the search finds none (the cheapest
    /// passage is then asked of [`CorridorBuilder::find_passage`]).
    pub(super) fn twist_passage(
        &self,
        layout: &DungeonLayout,
        lat: &Lattice,
        sc: &mut Scratch,
        (a, b): (u8, u8),
        limit: u32,
        rng: &mut Rng,
    ) -> Option<(usize, usize)> {
        let grid = layout.grid.cells();
        let (mut i0, mut j0, mut i1, mut j1) = (usize::MAX, usize::MAX, 0, 0);
        for st in &sc.stubs {
            if st.room == b && self.stub_free(grid, lat, st) {
                let (i, j) = (st.node as usize % lat.nx, st.node as usize / lat.nx);
                (i0, j0, i1, j1) = (i0.min(i), j0.min(j), i1.max(i), j1.max(j));
            }
        }
        if i0 == usize::MAX {
            return None;
        }
        let h = |node: usize| {
            let (i, j) = (node % lat.nx, node / lat.nx);
            (i0.saturating_sub(i)
                + i.saturating_sub(i1)
                + j0.saturating_sub(j)
                + j.saturating_sub(j1)) as u32
        };
        let max_hops = limit.saturating_sub(2) / (self.cw as u32 + 1);
        sc.stamp = sc.stamp.wrapping_add(1);
        if sc.stamp == 0 {
            sc.seen.fill(0);
            sc.stamp = 1;
        }
        let stamp = sc.stamp;
        // Start stubs in random order.
        let mut starts = [0u32; 64];
        let mut ns = 0;
        for (s, st) in sc.stubs.iter().enumerate() {
            if st.room == a && ns < starts.len() && self.stub_free(grid, lat, st) {
                starts[ns] = s as u32;
                ns += 1;
            }
        }
        for i in (1..ns).rev() {
            starts.swap(i, rng.random_range(0..=i));
        }
        let mut stack = std::mem::take(&mut sc.cells);
        for &s in &starts[..ns] {
            let node = sc.stubs[s as usize].node as usize;
            if sc.seen[node] == stamp {
                continue;
            }
            let budget = max_hops.min(2 * h(node) + 5);
            if 1 + h(node) > budget {
                continue;
            }
            sc.seen[node] = stamp;
            sc.prev[node] = FROM_STUB | s;
            sc.hops[node] = 1;
            sc.origin[node] = s;
            stack.clear();
            stack.push(node as u32);
            while let Some(&top) = stack.last() {
                let node = top as usize;
                let start = sc.stubs[s as usize];
                for &t in &sc.order[sc.at[node] as usize..sc.at[node + 1] as usize] {
                    let st = sc.stubs[t as usize];
                    if st.room == b
                        && self.stub_free(grid, lat, &st)
                        && self.passage_steps(sc.hops[node], &start, &st) <= limit
                    {
                        sc.cells = stack;
                        return Some((node, t as usize));
                    }
                }
                let hops = sc.hops[node] + 1;
                let mut cand = [0usize; 4];
                let mut nc = 0;
                for (nb, s0, step) in lat.neighbours(node).into_iter().flatten() {
                    if sc.seen[nb] != stamp
                        && hops + h(nb) <= budget
                        && self.open[lat.anchor_of(nb)]
                        && self.all_rock(grid, s0, step)
                    {
                        cand[nc] = nb;
                        nc += 1;
                    }
                }
                if nc == 0 {
                    stack.pop();
                    continue;
                }
                let nb = cand[rng.random_range(0..nc)];
                sc.seen[nb] = stamp;
                sc.prev[nb] = node as u32;
                sc.hops[nb] = hops;
                sc.origin[nb] = s;
                stack.push(nb as u32);
            }
        }
        sc.cells = stack;
        None
    }

    /// Dig the passage [`CorridorBuilder::find_passage`] found, ending at
    /// node `last` and stub `end`: its stubs as corridors of `stubs`, the
    /// nodes and strips between them as one corridor of `body` (one cell
    /// per step into `corridor_cells`).
    pub(super) fn dig_passage(
        &mut self,
        layout: &mut DungeonLayout,
        lat: &Lattice,
        sc: &Scratch,
        (last, end): (usize, usize),
        (body, stubs): (CorridorKind, CorridorKind),
    ) {
        let (w, k) = (self.width, self.cw);
        let grid = layout.grid.cells_mut();
        let dig_stub = |grid: &mut [DungeonTile], st: &Stub, layout_cells: &mut Vec<u32>| {
            let start = layout_cells.len() as u32;
            for c in 0..k {
                let d0 = st.door as usize + c * st.step as usize;
                grid[d0] = DungeonTile::Door;
                for d in 1..=st.gap as isize {
                    let cell = (d0 as isize + d * st.out as isize) as usize;
                    grid[cell] = DungeonTile::Corridor;
                    if c == 0 {
                        layout_cells.push(cell as u32);
                    }
                }
            }
            Corridor {
                kind: stubs,
                start,
                len: layout_cells.len() as u32 - start,
            }
        };
        let far = dig_stub(grid, &sc.stubs[end], &mut layout.corridor_cells);
        layout.corridors.push(far);
        let start = layout.corridor_cells.len() as u32;
        let mut node = last;
        let first = loop {
            let a = lat.anchor_of(node);
            for dy in 0..k {
                for dx in 0..k {
                    grid[a + dy * w + dx] = DungeonTile::Corridor;
                }
            }
            self.open[a] = false;
            layout.corridor_cells.push(a as u32);
            let p = sc.prev[node];
            if p & FROM_STUB != 0 {
                break (p & !FROM_STUB) as usize;
            }
            let p = p as usize;
            let (s0, step) = lat
                .neighbours(node)
                .into_iter()
                .flatten()
                .find(|&(nb, _, _)| nb == p)
                .map(|(_, s0, step)| (s0, step))
                .expect("a passage steps between neighbouring nodes");
            for c in 0..k {
                grid[s0 + c * step] = DungeonTile::Corridor;
            }
            layout.corridor_cells.push(s0 as u32);
            node = p;
        };
        layout.corridors.push(Corridor {
            kind: body,
            start,
            len: layout.corridor_cells.len() as u32 - start,
        });
        let near = dig_stub(grid, &sc.stubs[first], &mut layout.corridor_cells);
        layout.corridors.push(near);
    }
}
