//! Caves: each room's floor becomes an irregular blob grown by a cellular
//! automaton inside its rectangle (which stays the room's bounding box),
//! and the corridors between them become natural passages (issue 40).
//!
//! Per room: cells start as floor with probability [`CAVE_FILL`], then
//! [`CAVE_STEPS`] rounds of the 4-5 rule (a cell is floor when at least 5
//! of the 9 cells of its 3 × 3 neighbourhood are; cells outside the
//! rectangle count as rock). The four corners are cleared; the middle
//! cell, the middle of each side and the cell inside every door are
//! forced to floor and joined to the middle by an L-shaped tunnel; floor
//! not joined to the middle is dropped. Up to [`CAVE_TRIES`] draws, until
//! the floor covers at least [`CAVE_SHARE`] of the rectangle. Then every
//! non-floor cell of the rectangle and its wall ring becomes wall when it
//! touches floor (also diagonally), else rock: walls hug the cave.
//!
//! Passages: no built doors. Every door the corridor builder made becomes
//! a *mouth*, a passage cell in the cave's wall ring (as wide as the
//! corridor, wall on both sides: where the contents may put a door, see
//! [`Dungeon::mouths`]). The corridors are then widened irregularly: the
//! free rock within [`BAND`] cells of a corridor (outside the caves'
//! rectangles and wall rings, so mouths stay narrow, and not beside a
//! dead end, so dead ends asked for stay dead ends) starts dug at random
//! ([`BAND_FILL`]), and [`BAND_STEPS`] rounds of the 4-5 rule turn the
//! speckle into lumps, as the caves themselves grow; lumps that touch no
//! corridor are dropped. Dug cells that would end a passage are
//! filled again (no dead ends); a pocket of rock the widening closed in
//! is dug out when small (up to [`POCKET`] cells) and, when large (two
//! passages met), the widening around it is undone: widening never closes
//! a loop.

#![allow(clippy::needless_range_loop)] // grid passes read best as index loops

use super::{CorridorBuilder, CorridorKind};
use crate::dungeon::grid::DungeonTile;
use crate::dungeon::layout_ga::DungeonLayout;
use crate::dungeon::{DoorRun, Dungeon, Grid, Room};
use crate::rng::{Rng, RngExt};

/// Chance that a cell starts as floor.
pub const CAVE_FILL: f64 = 0.58;
/// Rounds of the cellular automaton.
pub const CAVE_STEPS: usize = 4;
/// Draws per room before the last one is kept.
pub const CAVE_TRIES: usize = 4;
/// Share of the rectangle the floor should cover at least.
pub const CAVE_SHARE: f64 = 0.45;

/// How far from a corridor the widening may dig (plus `k - 1` at
/// corridor width `k`).
pub const BAND: usize = 3;
/// Share of the band that starts dug.
pub const BAND_FILL: f64 = 0.45;
/// Rounds of the 4-5 rule that shape the widening.
pub const BAND_STEPS: usize = 4;
/// Largest pocket of rock closed in by widening that is dug out.
pub const POCKET: usize = 24;

const FORCED: u8 = 2;

/// Marks of natural passages: near a cave (no digging), a corridor the
/// builder dug, a cell the widening dug, near a dead end (no digging).
const NEAR: u8 = 1;
const DUG: u8 = 2;
const WIDE: u8 = 3;
const NEAR_END: u8 = 4;
const IN_BAND: u8 = 5;
const KEPT: u8 = 6;

impl CorridorBuilder {
    /// Turn every room of `layout` into a cave (its doors keep leading
    /// in). Call after all doors are placed.
    pub fn carve_caves(&mut self, layout: &mut DungeonLayout, rng: &mut Rng) {
        let w = self.width;
        let mut cave = std::mem::take(&mut self.scratch.cave);
        let mut next = std::mem::take(&mut self.scratch.cave2);
        let mut stack = std::mem::take(&mut self.scratch.cells);
        let grid = layout.grid.cells_mut();
        for r in &layout.rooms {
            let (l, t, rw, rh) = (r.left(), r.top(), r.w as usize, r.h as usize);
            let area = rw * rh;
            let (cx, cy) = (rw / 2, rh / 2);
            for attempt in 0..CAVE_TRIES {
                cave.clear();
                cave.extend((0..area).map(|_| u8::from(rng.random_bool(CAVE_FILL))));
                for _ in 0..CAVE_STEPS {
                    next.clear();
                    for y in 0..rh {
                        for x in 0..rw {
                            let mut count = 0;
                            for ny in y.saturating_sub(1)..(y + 2).min(rh) {
                                for nx in x.saturating_sub(1)..(x + 2).min(rw) {
                                    count += usize::from(cave[ny * rw + nx] != 0);
                                }
                            }
                            next.push(u8::from(count >= 5));
                        }
                    }
                    std::mem::swap(&mut cave, &mut next);
                }
                for c in [0, rw - 1, area - rw, area - 1] {
                    cave[c] = 0;
                }
                // Forced cells: middle, middle of each side, inside doors.
                let mut force = |x: usize, y: usize| cave[y * rw + x] = FORCED;
                force(cx, cy);
                force(cx, 0);
                force(cx, rh - 1);
                force(0, cy);
                force(rw - 1, cy);
                for x in 0..rw {
                    if grid[(t - 1) * w + l + x].is_door() {
                        force(x, 0);
                    }
                    if grid[(t + rh) * w + l + x].is_door() {
                        force(x, rh - 1);
                    }
                }
                for y in 0..rh {
                    if grid[(t + y) * w + l - 1].is_door() {
                        force(0, y);
                    }
                    if grid[(t + y) * w + l + rw].is_door() {
                        force(rw - 1, y);
                    }
                }
                // L-shaped tunnels from forced cells to the middle.
                for i in 0..area {
                    if cave[i] != FORCED {
                        continue;
                    }
                    let (mut x, mut y) = (i % rw, i / rw);
                    while x != cx {
                        x = if x < cx { x + 1 } else { x - 1 };
                        cave[y * rw + x] = cave[y * rw + x].max(1);
                    }
                    while y != cy {
                        y = if y < cy { y + 1 } else { y - 1 };
                        cave[y * rw + x] = cave[y * rw + x].max(1);
                    }
                }
                // Keep what the middle reaches (marked 3).
                stack.clear();
                stack.push((cy * rw + cx) as u32);
                cave[cy * rw + cx] = 3;
                while let Some(c) = stack.pop() {
                    let c = c as usize;
                    let (x, y) = (c % rw, c / rw);
                    let nbs = [
                        (x > 0).then(|| c - 1),
                        (x + 1 < rw).then_some(c + 1),
                        (y > 0).then(|| c - rw),
                        (y + 1 < rh).then_some(c + rw),
                    ];
                    for nb in nbs.into_iter().flatten() {
                        if cave[nb] == 1 || cave[nb] == FORCED {
                            cave[nb] = 3;
                            stack.push(nb as u32);
                        }
                    }
                }
                let floor = cave.iter().filter(|&&c| c == 3).count();
                if floor as f64 >= CAVE_SHARE * area as f64 || attempt + 1 == CAVE_TRIES {
                    break;
                }
            }
            // Still too small: grow the cave by a ring at a time (never
            // into the corners, so it stays irregular).
            let corners = [0, rw - 1, area - rw, area - 1];
            loop {
                let floor = cave.iter().filter(|&&c| c == 3).count();
                if floor as f64 >= CAVE_SHARE * area as f64 {
                    break;
                }
                next.clear();
                next.extend_from_slice(&cave);
                let mut grew = false;
                for c in 0..area {
                    if cave[c] == 3 || corners.contains(&c) {
                        continue;
                    }
                    let (x, y) = (c % rw, c / rw);
                    let touches = (x > 0 && cave[c - 1] == 3)
                        || (x + 1 < rw && cave[c + 1] == 3)
                        || (y > 0 && cave[c - rw] == 3)
                        || (y + 1 < rh && cave[c + rw] == 3);
                    if touches {
                        next[c] = 3;
                        grew = true;
                    }
                }
                std::mem::swap(&mut cave, &mut next);
                if !grew {
                    break;
                }
            }
            for y in 0..rh {
                for x in 0..rw {
                    grid[(t + y) * w + l + x] = if cave[y * rw + x] == 3 {
                        DungeonTile::Floor
                    } else {
                        DungeonTile::Rock
                    };
                }
            }
        }
        // Walls hug the floor: in each rectangle and its ring.
        for r in &layout.rooms {
            for y in r.top() - 1..=r.bottom() {
                for x in r.left() - 1..=r.right() {
                    let c = y * w + x;
                    if !matches!(grid[c], DungeonTile::Wall | DungeonTile::Rock) {
                        continue;
                    }
                    let near_floor = (y - 1..=y + 1).any(|ny| {
                        (x - 1..=x + 1).any(|nx| grid[ny * w + nx] == DungeonTile::Floor)
                    });
                    grid[c] = if near_floor {
                        DungeonTile::Wall
                    } else {
                        DungeonTile::Rock
                    };
                }
            }
        }
        self.scratch.cave = cave;
        self.scratch.cave2 = next;
        self.scratch.cells = stack;
        self.natural_passages(layout, rng);
    }

    /// Doors to mouths, corridors to irregular passages (see the module
    /// notes).
    fn natural_passages(&mut self, layout: &mut DungeonLayout, rng: &mut Rng) {
        let (w, h, k) = (self.width, self.height, self.cw);
        let n = w * h;
        let mut mark = std::mem::take(&mut self.scratch.mark);
        let mut hole = std::mem::take(&mut self.scratch.hole);
        let mut now = std::mem::take(&mut self.scratch.hole2);
        mark.clear();
        mark.resize(n, 0);
        {
            let grid = layout.grid.cells_mut();
            for c in grid.iter_mut() {
                if c.is_door() {
                    *c = DungeonTile::Corridor;
                }
            }
        }
        holes(layout, &mut hole);
        for r in &layout.rooms {
            for y in r.top() - 1..=r.bottom() {
                for x in r.left() - 1..=r.right() {
                    mark[y * w + x] = NEAR;
                }
            }
        }
        // Dead ends asked for stay one passage wide to their end.
        for cor in &layout.corridors {
            if cor.kind != CorridorKind::DeadEnd {
                continue;
            }
            let cells = &layout.corridor_cells[cor.start as usize..(cor.start + cor.len) as usize];
            for &a in cells {
                let (ax, ay) = (a as usize % w, a as usize / w);
                for y in ay.saturating_sub(1)..(ay + k + 1).min(h) {
                    for x in ax.saturating_sub(1)..(ax + k + 1).min(w) {
                        if mark[y * w + x] == 0 {
                            mark[y * w + x] = NEAR_END;
                        }
                    }
                }
            }
        }
        let grid = layout.grid.cells_mut();
        for i in 0..n {
            if grid[i].is_corridor() && mark[i] == 0 {
                mark[i] = DUG;
            }
        }
        // The band the widening may dig: free rock within BAND cells of a
        // dug corridor; half of it starts dug, then rounds of the 4-5 rule
        // (as the caves grow) make it lumpy rather than speckled.
        let band = BAND + k - 1;
        for i in 0..n {
            if mark[i] != DUG {
                continue;
            }
            let (cx, cy) = (i % w, i / w);
            for y in cy.saturating_sub(band)..(cy + band + 1).min(h) {
                for x in cx.saturating_sub(band)..(cx + band + 1).min(w) {
                    let c = y * w + x;
                    if mark[c] == 0 && grid[c] == DungeonTile::Rock && self.interior[c] {
                        mark[c] = IN_BAND;
                    }
                }
            }
        }
        for i in 0..n {
            if mark[i] == IN_BAND && rng.random_bool(BAND_FILL) {
                mark[i] = WIDE;
            }
        }
        let mut next = std::mem::take(&mut self.scratch.cave2);
        for _ in 0..BAND_STEPS {
            next.clear();
            next.extend_from_slice(&mark);
            for i in 0..n {
                if !matches!(mark[i], IN_BAND | WIDE) {
                    continue;
                }
                let (cx, cy) = (i % w, i / w);
                let mut count = 0;
                for y in cy - 1..=cy + 1 {
                    for x in cx - 1..=cx + 1 {
                        count += usize::from(matches!(mark[y * w + x], DUG | WIDE));
                    }
                }
                next[i] = if count >= 5 { WIDE } else { IN_BAND };
            }
            std::mem::swap(&mut mark, &mut next);
        }
        self.scratch.cave2 = next;
        // Keep the lumps that touch a corridor (4-connected).
        let mut stack = std::mem::take(&mut self.scratch.cells);
        stack.clear();
        for i in 0..n {
            if mark[i] == DUG {
                stack.push(i as u32);
            }
        }
        while let Some(c) = stack.pop() {
            let c = c as usize;
            for nb in [c - 1, c + 1, c - w, c + w] {
                if mark[nb] == WIDE {
                    mark[nb] = KEPT;
                    stack.push(nb as u32);
                }
            }
        }
        self.scratch.cells = stack;
        for i in 0..n {
            match mark[i] {
                KEPT => {
                    grid[i] = DungeonTile::Corridor;
                    mark[i] = WIDE;
                }
                IN_BAND | WIDE => mark[i] = 0,
                _ => {}
            }
        }
        let dirs = [-(w as isize), 1, w as isize, -1];
        // Undo what closes a large loop, dig out small pockets, fill dug
        // cells that lead nowhere; until nothing changes.
        let mut fresh = std::mem::take(&mut self.scratch.cells);
        for round in 0.. {
            fill_dead_blocks(layout.grid.cells_mut(), &mut mark, w, k);
            holes(layout, &mut now);
            let grid = layout.grid.cells_mut();
            let mut changed = false;
            for i in 0..n {
                if !now[i] || hole[i] {
                    continue;
                }
                // A new pocket: its cells, then dig it out or undo.
                fresh.clear();
                fresh.push(i as u32);
                now[i] = false;
                let mut head = 0;
                let mut rock_only = true;
                while head < fresh.len() {
                    let c = fresh[head] as usize;
                    head += 1;
                    rock_only &= grid[c] == DungeonTile::Rock && mark[c] != NEAR;
                    for d in dirs {
                        let nb = c.wrapping_add_signed(d);
                        if nb < n && now[nb] && !hole[nb] {
                            now[nb] = false;
                            fresh.push(nb as u32);
                        }
                    }
                }
                changed = true;
                if rock_only && fresh.len() <= POCKET && round < 8 {
                    for &c in &fresh {
                        grid[c as usize] = DungeonTile::Corridor;
                        mark[c as usize] = WIDE;
                    }
                } else {
                    // Undo the widening around it (all of it, late on).
                    for &c in &fresh {
                        let (cx, cy) = (c as usize % w, c as usize / w);
                        for y in cy.saturating_sub(1)..(cy + 2).min(h) {
                            for x in cx.saturating_sub(1)..(cx + 2).min(w) {
                                if mark[y * w + x] == WIDE {
                                    grid[y * w + x] = DungeonTile::Rock;
                                    mark[y * w + x] = 0;
                                }
                            }
                        }
                    }
                    if round >= 12 {
                        for i in 0..n {
                            if mark[i] == WIDE {
                                grid[i] = DungeonTile::Rock;
                                mark[i] = 0;
                            }
                        }
                    }
                }
            }
            if !changed {
                break;
            }
        }
        // Record the widening as passage cells.
        for i in 0..n {
            if mark[i] == WIDE {
                layout.corridor_cells.push(i as u32);
            }
        }
        self.scratch.cells = fresh;
        self.scratch.mark = mark;
        self.scratch.hole = hole;
        self.scratch.hole2 = now;
    }
}

/// Fill dug cells (marked [`WIDE`]) that end a passage, again and again:
/// every `k × k` block of passage holding one, with walkable cells on one
/// of its four sides or none (at `k = 1`: a dug cell with one way or
/// none), so the widening makes no dead end.
fn fill_dead_blocks(grid: &mut [DungeonTile], mark: &mut [u8], w: usize, k: usize) {
    let n = grid.len();
    let h = n / w;
    loop {
        let mut changed = false;
        for y in 1..h.saturating_sub(k) {
            for x in 1..w.saturating_sub(k) {
                let a = y * w + x;
                let block =
                    |f: &dyn Fn(usize) -> bool| (0..k).all(|j| (0..k).all(|i| f(a + j * w + i)));
                if !block(&|c| grid[c].is_walkable() && !matches!(grid[c], DungeonTile::Floor))
                    || block(&|c| mark[c] != WIDE)
                {
                    continue;
                }
                let side = |s0: usize, st: usize| (0..k).any(|i| grid[s0 + i * st].is_walkable());
                let ways = usize::from(side(a - w, 1))
                    + usize::from(side(a + k * w, 1))
                    + usize::from(side(a - 1, w))
                    + usize::from(side(a + k, w));
                if ways <= 1 {
                    for j in 0..k {
                        for i in 0..k {
                            let c = a + j * w + i;
                            if mark[c] == WIDE {
                                grid[c] = DungeonTile::Rock;
                                mark[c] = 0;
                            }
                        }
                    }
                    changed = true;
                }
            }
        }
        if !changed {
            break;
        }
    }
}

/// `hole[i]`: whether cell `i` is a non-walkable cell the dungeon closes
/// in (not reached from the map's border over non-walkable cells; room
/// rectangles count as walkable, as for the loops figure).
fn holes(layout: &DungeonLayout, hole: &mut Vec<bool>) {
    let (w, h) = (layout.grid.width(), layout.grid.height());
    let grid = layout.grid.cells();
    let n = w * h;
    hole.clear();
    hole.extend(grid.iter().map(|c| !c.is_walkable()));
    for r in &layout.rooms {
        for y in r.top()..r.bottom() {
            for x in r.left()..r.right() {
                hole[y * w + x] = false;
            }
        }
    }
    // Flood the open rock from the border: what stays true is closed in.
    let mut stack: Vec<usize> = Vec::new();
    for i in 0..n {
        let (x, y) = (i % w, i / w);
        if (x == 0 || y == 0 || x + 1 == w || y + 1 == h) && hole[i] {
            hole[i] = false;
            stack.push(i);
        }
    }
    while let Some(c) = stack.pop() {
        let (x, y) = (c % w, c / w);
        let nbs = [
            (x > 0).then(|| c - 1),
            (x + 1 < w).then_some(c + 1),
            (y > 0).then(|| c - w),
            (y + 1 < h).then_some(c + w),
        ];
        for nb in nbs.into_iter().flatten() {
            if hole[nb] {
                hole[nb] = false;
                stack.push(nb);
            }
        }
    }
}

impl Dungeon {
    /// Every cave mouth: a run of passage cells (up to the corridor width)
    /// in a room's wall ring, between the room's floor and a walkable cell
    /// outside: where a cave is entered, and where a door can be put
    /// (caves have no built doors; a lock's door goes on a mouth). Empty
    /// for rooms and labyrinths, whose ways in are doors.
    ///
    /// ```
    /// # use evoboard::dungeon::{generate_proposal, DungeonParams, DungeonStyle, Size};
    /// let mut params = DungeonParams::for_size(Size::Small);
    /// params.style = DungeonStyle::Caves;
    /// let caves = generate_proposal(&params, 3, 0).unwrap();
    /// assert!(caves.door_runs().is_empty());
    /// assert!(caves.mouths().len() >= caves.rooms.len() - 1);
    /// ```
    pub fn mouths(&self) -> Vec<DoorRun> {
        let rooms: Vec<Room> = self.rooms.iter().map(|r| r.rect()).collect();
        mouth_runs(&self.grid, &rooms, usize::from(self.corridor_width.max(1)))
    }
}

/// The cave mouths of `grid` around `rooms` (see [`Dungeon::mouths`]):
/// runs of at most `k` passage cells in a room's wall ring, between its
/// floor and a walkable cell outside.
pub(crate) fn mouth_runs(grid: &Grid, rooms: &[Room], k: usize) -> Vec<DoorRun> {
    let (w, h) = (grid.width(), grid.height());
    let tile = |x: usize, y: usize| (x < w && y < h).then(|| grid.get(x, y));
    let passage = |x: usize, y: usize| tile(x, y).is_some_and(|t| t.is_corridor());
    let walk = |x: usize, y: usize| tile(x, y).is_some_and(|t| t.is_walkable());
    let floor = |x: usize, y: usize| tile(x, y) == Some(DungeonTile::Floor);
    let mut runs: Vec<DoorRun> = Vec::new();
    let mut push = |x: usize, y: usize, vertical: bool| {
        if let Some(last) = runs.last_mut() {
            let next = if last.vertical {
                (last.x, last.y + last.len)
            } else {
                (last.x + last.len, last.y)
            };
            if last.vertical == vertical && next == (x, y) && last.len < k {
                last.len += 1;
                return;
            }
        }
        runs.push(DoorRun {
            x,
            y,
            len: 1,
            vertical,
            secret: false,
        });
    };
    for rect in rooms {
        let (l, t, rt, b) = (rect.left(), rect.top(), rect.right(), rect.bottom());
        for x in l..rt {
            if passage(x, t - 1) && floor(x, t) && t >= 2 && walk(x, t - 2) {
                push(x, t - 1, false);
            }
        }
        for x in l..rt {
            if passage(x, b) && floor(x, b - 1) && walk(x, b + 1) {
                push(x, b, false);
            }
        }
        for y in t..b {
            if passage(l - 1, y) && floor(l, y) && l >= 2 && walk(l - 2, y) {
                push(l - 1, y, true);
            }
        }
        for y in t..b {
            if passage(rt, y) && floor(rt - 1, y) && walk(rt + 1, y) {
                push(rt, y, true);
            }
        }
    }
    runs.sort_by_key(|r| (r.y, r.x));
    runs.dedup_by_key(|r| (r.x, r.y));
    runs
}

/// A copy of `grid` with every cave mouth (see [`mouth_runs`]) made a
/// plain door: where secret doors and locks may go in caves, which have
/// no built doors. The caller copies back only the doors it keeps.
pub(crate) fn mouths_as_doors(grid: &Grid, rooms: &[Room], k: usize) -> Grid {
    let mut doors = grid.clone();
    for m in mouth_runs(grid, rooms, k) {
        for (x, y) in m.cells() {
            doors.set(x, y, DungeonTile::Door);
        }
    }
    doors
}
