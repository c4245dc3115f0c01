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
pub mod extras;
mod maze;
mod maze_prune;
mod wide;
mod wide_extras;
pub use extras::{LOOP_GAIN, add_traps};

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
    /// Rock inside the border with fewer than two corridor neighbours:
    /// where the distance field may spread (kept in step with the grid
    /// while corridors are dug, so the inner loop reads one byte).
    narrow_open: Vec<bool>,
    room_of: Vec<u8>,
    seen: Vec<u32>,
    stamp: u32,
    parent: Vec<u32>,
    depth: Vec<u32>,
    dist: Vec<u32>,
    walk_seen: Vec<u32>,
    walk_dist: Vec<u32>,
    queue: Vec<u32>,
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
            narrow_open: vec![false; n],
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
        for (o, (&g, &inside)) in self
            .narrow_open
            .iter_mut()
            .zip(grid.iter().zip(&self.interior))
        {
            *o = inside && g == DungeonTile::Rock;
        }
        let all = low_bits(n);
        let mut connected = group[rng.random_range(0..n)];
        // Distance field from the network, kept up to date as it grows.
        let dirs = self.shuffled_dirs(rng);
        self.dist.fill(u32::MAX);
        self.queue.clear();
        self.add_room_sources(grid, &layout.rooms, connected);
        self.propagate(&dirs);
        while connected != all {
            // The unconnected room nearest to the network.
            let (mut best, mut out, mut wall, mut room) = (u32::MAX, 0, 0, 0);
            let mut m = all & !connected;
            while m != 0 {
                let k = m.trailing_zeros() as usize;
                m &= m - 1;
                for_each_exit(&layout.rooms[k], w, |wl, o| {
                    if self.dist[o] < best {
                        (best, out, wall, room) = (self.dist[o], o, wl, k);
                    }
                });
            }
            if best == u32::MAX {
                return false;
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
            self.queue.clear();
            for &c in &layout.corridor_cells[start as usize..] {
                let c = c as usize;
                self.narrow_open[c] = false;
                for nb in [c - 1, c + 1, c - w, c + w] {
                    self.narrow_open[nb] =
                        self.narrow_open[nb] && corridor_neighbours(grid, nb, w) < 2;
                }
                self.dist[c] = 0;
                self.parent[c] = NONE;
                self.queue.push(c as u32);
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
            self.propagate(&dirs);
        }
        layout.valid = narrow_corridors(grid, &layout.corridor_cells, w);
        layout.valid
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
                    self.parent[out] = wall as u32;
                    self.queue.push(out as u32);
                }
            });
        }
    }

    /// Breadth-first relaxation from the queued sources over rock: every
    /// cell whose distance to the network shrinks gets the new distance
    /// and parent (an exact multi-source BFS, touching only what changed).
    /// Rock touching two corridor cells is never entered: digging it would
    /// close a loop nobody asked for.
    fn propagate(&mut self, dirs: &[isize; 4]) {
        // Disjoint borrows, so the loop keeps them in registers.
        let (dist, parent, open, queue) = (
            &mut self.dist,
            &mut self.parent,
            &self.narrow_open,
            &mut self.queue,
        );
        let mut head = 0;
        while head < queue.len() {
            let c = queue[head] as usize;
            head += 1;
            let nd = dist[c] + 1;
            for &d in dirs {
                let nb = c.wrapping_add_signed(d);
                if nd < dist[nb] && open[nb] {
                    dist[nb] = nd;
                    parent[nb] = c as u32;
                    queue.push(nb as u32);
                }
            }
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

/// How many of the four neighbours of interior cell `i` are corridor.
#[inline]
fn corridor_neighbours(grid: &[DungeonTile], i: usize, w: usize) -> usize {
    [i - 1, i + 1, i - w, i + w]
        .into_iter()
        .filter(|&n| grid[n].is_corridor())
        .count()
}

/// Keep corridors one cell wide: where four corridor cells form a 2×2
/// block (a new corridor cutting the inside corner of an old bend), turn
/// back to rock a block cell whose only walkable neighbours are in the
/// block (the other three stay connected). Returns false if a block has
/// no such cell.
fn narrow_corridors(grid: &mut [DungeonTile], cells: &[u32], w: usize) -> bool {
    let walk = |g: &[DungeonTile], i: usize| g[i].is_walkable();
    for &c in cells {
        let c = c as usize;
        // The blocks `c` belongs to: top-left corners c, c-1, c-w, c-w-1.
        for tl in [c, c - 1, c - w, c - w - 1] {
            let block = [tl, tl + 1, tl + w, tl + w + 1];
            if !block.iter().all(|&b| grid[b].is_corridor()) {
                continue;
            }
            let removable = block.into_iter().find(|&b| {
                [b - 1, b + 1, b - w, b + w]
                    .into_iter()
                    .all(|n| block.contains(&n) || !walk(grid, n))
                    && grid[b] == DungeonTile::Corridor
            });
            match removable {
                Some(b) => grid[b] = DungeonTile::Rock,
                None => return false,
            }
        }
    }
    true
}

/// Call `f(wall, outside)` for every side wall cell of `r` (corners
/// excluded) with the cell just outside it.
#[inline]
fn for_each_exit(r: &Room, w: usize, mut f: impl FnMut(usize, usize)) {
    let (l, t, rt, b) = (r.left(), r.top(), r.right(), r.bottom());
    for x in l..rt {
        f((t - 1) * w + x, (t - 2) * w + x);
        f(b * w + x, (b + 1) * w + x);
    }
    for y in t..b {
        f(y * w + l - 1, y * w + l - 2);
        f(y * w + rt, y * w + rt + 1);
    }
}

/// Dig from `last` back along `parent` links ([`dig_back`]) and record
/// the new cells as one corridor of `kind`; returns its first index in
/// `cells`.
fn dig_corridor(
    grid: &mut [DungeonTile],
    parent: &[u32],
    last: usize,
    kind: CorridorKind,
    cells: &mut Vec<u32>,
    corridors: &mut Vec<Corridor>,
) -> u32 {
    let start = cells.len() as u32;
    dig_back(grid, parent, last, cells);
    corridors.push(Corridor {
        kind,
        start,
        len: cells.len() as u32 - start,
    });
    start
}

/// Dig from `last` back along `parent` links: rock becomes corridor, the
/// walk stops at an existing corridor or turns the starting wall into a
/// door.
fn dig_back(grid: &mut [DungeonTile], parent: &[u32], last: usize, out: &mut Vec<u32>) {
    let mut cur = last;
    loop {
        match grid[cur] {
            DungeonTile::Rock => {
                grid[cur] = DungeonTile::Corridor;
                out.push(cur as u32);
                let p = parent[cur];
                if p == NONE {
                    break;
                }
                cur = p as usize;
            }
            DungeonTile::Wall => {
                grid[cur] = DungeonTile::Door;
                break;
            }
            _ => break,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::dungeon::grid::Grid;

    #[test]
    fn inside_corners_are_cut_back() {
        // An old bend (c) and a new corridor (n) filling its inside corner.
        let rows = ["      ", " ccc  ", " cn   ", " cn   ", "      "];
        let mut g = Grid::from_rows(&rows.map(|r| r.replace('n', "c"))).unwrap();
        let w = g.width();
        let cells: Vec<u32> = (0..g.cells().len() as u32)
            .filter(|&i| g.cells()[i as usize].is_corridor())
            .collect();
        assert!(narrow_corridors(g.cells_mut(), &cells, w));
        assert_eq!(g.get(1, 1), DungeonTile::Rock, "{:?}", g.rows());
        // A block whose every cell leads on elsewhere cannot be narrowed.
        let rows = ["      ", "  c   ", "  ccc ", " ccc  ", "   c  ", "      "];
        let mut g = Grid::from_rows(&rows).unwrap();
        let cells: Vec<u32> = (0..g.cells().len() as u32)
            .filter(|&i| g.cells()[i as usize].is_corridor())
            .collect();
        assert!(!narrow_corridors(g.cells_mut(), &cells, w));
    }
}
