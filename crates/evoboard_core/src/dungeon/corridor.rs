//! Corridor building: one cell wide, branching, shared between rooms.
//!
//! The rooms are painted first (walls, floor). Rooms whose floors are one
//! cell apart share a wall and get a door in it. Then, starting from a
//! random room, the builder grows one network: a breadth-first search from
//! *everything already connected* (the door-able walls of connected rooms
//! and every corridor cell built so far) finds the nearest unconnected
//! room; that shortest path is dug as a corridor with a door at the far
//! end (and at the near end when it starts at a room). Because corridors
//! are sources of the search, a new corridor may branch off an old one, so
//! corridors fork and serve several rooms. A shortest path from the
//! network never runs alongside it, which keeps corridors one cell wide.
//! The distance field is a bucket queue settled lazily (issue 40): each
//! round settles only as far as the nearest unconnected room, and what
//! lies further keeps its tentative distance for later rounds, so a
//! layout costs about one pass over the rock instead of one per room.
//!
//! The optional extras on a finished layout (loops, dead ends, secret
//! doors, traps) are in [`extras`].

use super::contents_ga::low_bits;
use super::grid::DungeonTile;
use super::layout_ga::{DungeonLayout, LayoutRules};
use super::room::Room;
use super::style::DungeonStyle;
use crate::rng::{Rng, RngExt};
use serde::{Deserialize, Serialize};

mod caves;
mod dig;
pub mod extras;
mod maze;
mod maze_prune;
mod wide;
mod wide_extras;
pub(crate) use caves::mouths_as_doors;
use dig::{corridor_neighbours, dig_corridor, for_each_exit, narrow_corridors};
pub use extras::{LOOP_GAIN, add_traps};
pub use maze::{LABYRINTH_WALK, TWIST};

/// Why a corridor was dug.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum CorridorKind {
    /// Part of the network that makes the dungeon connected.
    Connection,
    /// An extra passage that closes a loop (asked for by the user).
    Loop,
    /// A passage that leads nowhere (asked for by the user).
    DeadEnd,
    /// The maze of a labyrinth (one per maze piece that reaches a room).
    Maze,
}

/// One dug corridor: `len` cells of [`DungeonLayout::corridor_cells`] from
/// `start` (a corridor may have no cells of its own when a door opens
/// straight onto an older corridor).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Corridor {
    /// Why it was dug.
    pub kind: CorridorKind,
    /// First index in [`DungeonLayout::corridor_cells`].
    pub start: u32,
    /// Number of cells.
    pub len: u32,
}

const NONE: u32 = u32::MAX;
const NO_ROOM: u8 = u8::MAX;
/// Marks a parent link that is a door run's first wall cell (wide
/// corridors), not an anchor.
const DOOR_LINK: u32 = 1 << 31;

/// Reusable scratch memory for building corridors on one grid size, so
/// that rebuilding a candidate allocates nothing.
#[derive(Clone, Debug)]
pub struct CorridorBuilder {
    width: usize,
    height: usize,
    interior: Vec<bool>,
    /// Narrow corridors: per cell, the distance field as the search reads
    /// it: 0 where it may not spread (anything but rock inside the
    /// border, and rock touching two corridor cells), else the tentative
    /// distance (`u16::MAX`: not reached). One small array, so the inner
    /// loop reads two bytes per neighbour.
    gate: Vec<u16>,
    room_of: Vec<u8>,
    seen: Vec<u32>,
    stamp: u32,
    parent: Vec<u32>,
    depth: Vec<u32>,
    dist: Vec<u32>,
    walk_seen: Vec<u32>,
    walk_dist: Vec<u32>,
    queue: Vec<u32>,
    /// Narrow corridors: the distance field's pending cells by tentative
    /// distance (a bucket queue, settled lazily: only as far as the next
    /// room needs).
    buckets: Vec<Vec<u32>>,
    /// Narrow corridors: per cell, the rooms (bit set) whose side wall it
    /// lies just outside of.
    exit_of: Vec<u32>,
    exits: Vec<(usize, usize)>,
    /// How the rock between rooms is carved.
    style: DungeonStyle,
    /// Corridor width in cells (1 to 3).
    cw: usize,
    /// Wide corridors: whether the `cw × cw` block whose top-left cell is
    /// the index is all interior rock once the rooms are painted.
    open: Vec<bool>,
    /// Labyrinths, caves: scratch memory of the style builders.
    scratch: maze::Scratch,
}

impl CorridorBuilder {
    /// Scratch memory for a `width × height` grid.
    pub fn new(width: usize, height: usize) -> CorridorBuilder {
        let n = width * height;
        let mut interior = vec![false; n];
        for y in 1..height.saturating_sub(1) {
            for x in 1..width.saturating_sub(1) {
                interior[y * width + x] = true;
            }
        }
        CorridorBuilder {
            width,
            height,
            gate: vec![0; n],
            interior,
            room_of: vec![NO_ROOM; n],
            seen: vec![0; n],
            stamp: 0,
            parent: vec![NONE; n],
            depth: vec![0; n],
            dist: vec![u32::MAX; n],
            walk_seen: vec![0; n],
            walk_dist: vec![0; n],
            queue: Vec::with_capacity(n),
            buckets: Vec::new(),
            exit_of: vec![0; n],
            exits: Vec::new(),
            style: DungeonStyle::Rooms,
            cw: 1,
            open: Vec::new(),
            scratch: maze::Scratch::default(),
        }
    }

    /// Scratch memory for the grid, style and corridor width of `rules`.
    pub fn for_rules(rules: &LayoutRules) -> CorridorBuilder {
        let mut b = CorridorBuilder::new(rules.width, rules.height);
        b.style = rules.style;
        b.cw = rules.corridor_width.clamp(1, 3);
        if b.cw > 1 || b.style == DungeonStyle::Labyrinth {
            b.open = vec![false; rules.width * rules.height];
        }
        b
    }

    /// Whether this builder builds for `rules` (same grid, style and
    /// corridor width as [`CorridorBuilder::for_rules`] would give).
    pub fn suits(&self, rules: &LayoutRules) -> bool {
        (self.width, self.height, self.style, self.cw)
            == (
                rules.width,
                rules.height,
                rules.style,
                rules.corridor_width.clamp(1, 3),
            )
    }

    /// The corridor width this builder digs.
    pub fn corridor_width(&self) -> usize {
        self.cw
    }

    /// The style this builder carves.
    pub fn style(&self) -> DungeonStyle {
        self.style
    }

    fn next_stamp(&mut self) -> u32 {
        self.stamp = self.stamp.wrapping_add(1);
        if self.stamp == 0 {
            self.seen.fill(0);
            self.walk_seen.fill(0);
            self.stamp = 1;
        }
        self.stamp
    }

    /// The four neighbour offsets in a random order.
    fn shuffled_dirs(&self, rng: &mut Rng) -> [isize; 4] {
        let w = self.width as isize;
        let mut d = [-w, 1, w, -1];
        for i in (1..4).rev() {
            let j = rng.random_range(0..=i);
            d.swap(i, j);
        }
        d
    }

    /// Paint the rooms of `layout` on its grid, put doors between touching
    /// rooms and dig the connecting corridors (or, for a labyrinth, the
    /// maze) in the builder's style and width. Sets `layout.valid` to
    /// whether every room could be connected, and returns it.
    pub fn build(&mut self, layout: &mut DungeonLayout, rng: &mut Rng) -> bool {
        debug_assert_eq!(layout.grid.width(), self.width);
        debug_assert_eq!(layout.grid.height(), self.height);
        let n = layout.rooms.len();
        layout.corridors.clear();
        layout.corridor_cells.clear();
        layout.adjacent_pairs = 0;
        layout.valid = false;
        if n == 0 || n > 32 {
            return false;
        }
        match (self.style, self.cw) {
            (DungeonStyle::Labyrinth, _) => self.build_labyrinth(layout, rng),
            (_, 1) => self.build_narrow(layout, rng),
            _ => self.build_wide(layout, rng),
        }
    }

    /// Paint walls and floors, put a door run of up to `run` cells in the
    /// wall of every pair of touching rooms; returns each room's group
    /// (bit set of the rooms joined through such doors).
    fn paint_rooms(&mut self, layout: &mut DungeonLayout, rng: &mut Rng, run: usize) -> [u32; 32] {
        let w = self.width;
        let n = layout.rooms.len();
        self.room_of.fill(NO_ROOM);
        let grid = layout.grid.cells_mut();
        grid.fill(DungeonTile::Rock);
        for (k, r) in layout.rooms.iter().enumerate() {
            for y in r.top() - 1..=r.bottom() {
                let row = y * w;
                for x in r.left() - 1..=r.right() {
                    let inside = x >= r.left() && x < r.right() && y >= r.top() && y < r.bottom();
                    if inside {
                        grid[row + x] = DungeonTile::Floor;
                        self.room_of[row + x] = k as u8;
                    } else if grid[row + x] == DungeonTile::Rock {
                        grid[row + x] = DungeonTile::Wall;
                    }
                }
            }
        }

        // Touching rooms: a door in the shared wall; they form groups.
        let mut group = [0u32; 32];
        for (i, g) in group.iter_mut().enumerate().take(n) {
            *g = 1 << i;
        }
        for i in 0..n {
            for j in i + 1..n {
                if let Some(sw) = layout.rooms[i].shared_wall(&layout.rooms[j]) {
                    layout.adjacent_pairs += 1;
                    // A labyrinth is a tree: no door between two rooms
                    // the touching doors already join.
                    if self.style == DungeonStyle::Labyrinth && group[i] & (1 << j) != 0 {
                        continue;
                    }
                    // A shared wall shorter than the corridor width gets a
                    // door as wide as the wall.
                    let run = run.min(sw.len);
                    let k = rng.random_range(0..sw.len - run + 1);
                    for c in k..k + run {
                        let (x, y) = if sw.vertical {
                            (sw.start.0, sw.start.1 + c)
                        } else {
                            (sw.start.0 + c, sw.start.1)
                        };
                        grid[y * w + x] = DungeonTile::Door;
                    }
                    let merged = group[i] | group[j];
                    let mut m = merged;
                    while m != 0 {
                        let b = m.trailing_zeros() as usize;
                        group[b] = merged;
                        m &= m - 1;
                    }
                }
            }
        }
        group
    }

    /// One cell wide corridors (the published generator).
    fn build_narrow(&mut self, layout: &mut DungeonLayout, rng: &mut Rng) -> bool {
        let w = self.width;
        let n = layout.rooms.len();
        let group = self.paint_rooms(layout, rng, 1);
        let grid = layout.grid.cells_mut();
        for (o, (&g, &inside)) in self.gate.iter_mut().zip(grid.iter().zip(&self.interior)) {
            *o = if inside && g == DungeonTile::Rock {
                u16::MAX
            } else {
                0
            };
        }
        for (k, r) in layout.rooms.iter().enumerate() {
            let exit_of = &mut self.exit_of;
            for_each_exit(r, w, |_, o| exit_of[o] |= 1 << k);
        }
        let all = low_bits(n);
        let mut connected = group[rng.random_range(0..n)];
        // Distance field from the network, kept up to date as it grows
        // but settled only as far as the nearest unconnected room.
        let dirs = self.shuffled_dirs(rng);
        self.dist.fill(u32::MAX);
        for b in &mut self.buckets {
            b.clear();
        }
        self.add_room_sources(grid, &layout.rooms, connected);
        let mut room_min = [u32::MAX; 32];
        let valid = loop {
            if connected == all {
                break true;
            }
            // Exits already at a known distance: the nearest room of the
            // last round's scan but the one it joined (the distances
            // only shrink since, and a shrunken one is settled again).
            let mut known = u32::MAX;
            let mut m = all & !connected;
            while m != 0 {
                let k = m.trailing_zeros() as usize;
                m &= m - 1;
                known = known.min(room_min[k]);
            }
            self.settle(all & !connected, known, &dirs);
            // The unconnected room nearest to the network.
            let (mut best, mut out, mut wall, mut room) = (u32::MAX, 0, 0, 0);
            let mut m = all & !connected;
            while m != 0 {
                let k = m.trailing_zeros() as usize;
                m &= m - 1;
                let mut nearest = u32::MAX;
                for_each_exit(&layout.rooms[k], w, |wl, o| {
                    let d = self.dist[o];
                    nearest = nearest.min(d);
                    if d < best {
                        (best, out, wall, room) = (d, o, wl, k);
                    }
                });
                room_min[k] = nearest;
            }
            if best == u32::MAX {
                break false;
            }
            grid[wall] = DungeonTile::Door;
            let start = dig_corridor(
                grid,
                &self.parent,
                out,
                CorridorKind::Connection,
                &mut layout.corridor_cells,
                &mut layout.corridors,
            );
            for &c in &layout.corridor_cells[start as usize..] {
                let c = c as usize;
                self.gate[c] = 0;
                for nb in [c - 1, c + 1, c - w, c + w] {
                    if self.gate[nb] != 0 && corridor_neighbours(grid, nb, w) >= 2 {
                        self.gate[nb] = 0;
                    }
                }
                self.dist[c] = 0;
                self.parent[c] = NONE;
                self.push(0, c);
                // A door-to-be right beside the new corridor: lead it to
                // the corridor instead (same distance, no second door).
                for nb in [c - 1, c + 1, c - w, c + w] {
                    let p = self.parent[nb];
                    if grid[nb] == DungeonTile::Rock
                        && self.dist[nb] == 1
                        && p != NONE
                        && grid[p as usize] == DungeonTile::Wall
                    {
                        self.parent[nb] = c as u32;
                    }
                }
            }
            let new_rooms = group[room] & !connected;
            connected |= group[room];
            self.add_room_sources(grid, &layout.rooms, new_rooms);
        };
        for r in &layout.rooms {
            let exit_of = &mut self.exit_of;
            for_each_exit(r, w, |_, o| exit_of[o] = 0);
        }
        layout.valid = valid && narrow_corridors(grid, &layout.corridor_cells, w);
        layout.valid
    }

    /// Queue cell `c` at tentative distance `d`.
    #[inline]
    fn push(&mut self, d: u32, c: usize) {
        let d = d as usize;
        if d >= self.buckets.len() {
            self.buckets.resize_with(d + 1, Vec::new);
        }
        self.buckets[d].push(c as u32);
    }

    /// Settle the distance field (a bucket queue: breadth-first, lowest
    /// distance first) until every cell at distance `b` or less is exact
    /// for the smallest `b` at which some exit of a room in `want` lies,
    /// or nothing is left to settle; `known` is an exit distance already
    /// settled (`u32::MAX`: none). Cells further out keep tentative
    /// distances in their buckets for later. Rock touching two corridor
    /// cells is never entered: digging it would close a loop nobody asked
    /// for.
    fn settle(&mut self, want: u32, known: u32, dirs: &[isize; 4]) {
        let mut b = 0;
        while b < self.buckets.len() && (b as u32) < known {
            if self.buckets[b].is_empty() {
                b += 1;
                continue;
            }
            let mut cur = std::mem::take(&mut self.buckets[b]);
            if b + 1 >= self.buckets.len() {
                self.buckets.push(Vec::new());
            }
            // Plain slices and locals, so the loop keeps them in registers.
            let gate = &mut self.gate[..];
            let dist = &mut self.dist[..];
            let parent = &mut self.parent[..];
            let exit_of = &self.exit_of[..];
            let next = &mut self.buckets[b + 1];
            let (d, nd) = (b as u16, b as u16 + 1);
            let [o0, o1, o2, o3] = *dirs;
            let mut found = false;
            for &c in &cur {
                let c = c as usize;
                if gate[c] != d {
                    continue; // improved (or closed) since it was queued
                }
                found |= exit_of[c] & want != 0;
                for o in [o0, o1, o2, o3] {
                    let nb = c.wrapping_add_signed(o);
                    if nd < gate[nb] {
                        gate[nb] = nd;
                        dist[nb] = u32::from(nd);
                        parent[nb] = c as u32;
                        next.push(nb as u32);
                    }
                }
            }
            cur.clear();
            self.buckets[b] = cur;
            if found {
                break;
            }
            b += 1;
        }
    }

    /// Make the rock cells outside the walls of the rooms in `mask`
    /// sources (parent: the wall that becomes their door). They start at
    /// distance 1 and corridor cells at 0, so that a new corridor rather
    /// branches off an old one than runs beside it from the next door.
    fn add_room_sources(&mut self, grid: &[DungeonTile], rooms: &[Room], mask: u32) {
        let w = self.width;
        let mut m = mask;
        while m != 0 {
            let k = m.trailing_zeros() as usize;
            m &= m - 1;
            for_each_exit(&rooms[k], w, |wall, out| {
                // Next to a corridor: reached from it, no second door.
                if grid[out] == DungeonTile::Rock
                    && self.interior[out]
                    && self.dist[out] > 1
                    && corridor_neighbours(grid, out, w) == 0
                {
                    self.dist[out] = 1;
                    self.gate[out] = 1;
                    self.parent[out] = wall as u32;
                    self.push(1, out);
                }
            });
        }
    }

    /// Record which room owns each floor cell of `layout` (done by
    /// [`CorridorBuilder::build`]; needed before adding extras to a layout
    /// built elsewhere).
    pub fn index_rooms(&mut self, layout: &DungeonLayout) {
        self.room_of.fill(NO_ROOM);
        for (k, r) in layout.rooms.iter().enumerate() {
            for y in r.top()..r.bottom() {
                for x in r.left()..r.right() {
                    self.room_of[y * self.width + x] = k as u8;
                }
            }
        }
    }
}
