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

mod mouths;
mod passages;
pub(crate) use mouths::mouths_as_doors;

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
}
