//! No stubs in a labyrinth unless asked: the maze's dead-end branches are
//! filled back to rock, so every passage ends at a door; `keep` of them
//! (the `--dead-ends` asked for) are left as they are.
//!
//! Works on the maze lattice of `maze.rs`: a dug node with exactly one
//! open side is a leaf. Pruning a leaf fills its block with rock and, if
//! the open side is a maze link, the link too and the node behind it is
//! looked at again; if the open side is a room's stub, the stub's
//! corridor cells become rock and its door cells wall again (the room
//! has another way: the leaf joined it to nothing else).

use super::CorridorBuilder;
use super::maze::Lattice;
use crate::dungeon::grid::DungeonTile;
use crate::dungeon::layout_ga::DungeonLayout;
use crate::rng::{Rng, RngExt};

impl CorridorBuilder {
    /// Fill the labyrinth's dead-end branches back to rock, all but `keep`
    /// of them (chosen at random). Returns how many dead ends are left.
    pub fn prune_labyrinth(
        &mut self,
        layout: &mut DungeonLayout,
        keep: usize,
        rng: &mut Rng,
    ) -> usize {
        let (w, h, k) = (self.width, self.height, self.cw);
        let lat = Lattice::new(w, h, k);
        let grid = layout.grid.cells_mut();
        // The four sides of node (i, j): (strip start, step along the
        // strip, step outwards, neighbour).
        let sides = |i: usize, j: usize| {
            let a = lat.anchor(i, j);
            let wi = w as isize;
            [
                (a - w, 1, -wi, (j > 0).then(|| (i, j - 1))),
                (a + k * w, 1, wi, (j + 1 < lat.ny).then_some((i, j + 1))),
                (a - 1, w, -1, (i > 0).then(|| (i - 1, j))),
                (a + k, w, 1, (i + 1 < lat.nx).then_some((i + 1, j))),
            ]
        };
        // A node is dug when its whole block is corridor (a stub's cells
        // may cover the corner of a node that was never dug).
        let dug = |g: &[DungeonTile], i: usize, j: usize| {
            let a = lat.anchor(i, j);
            (0..k).all(|dy| (0..k).all(|dx| g[a + dy * w + dx].is_corridor()))
        };
        let open_side =
            |g: &[DungeonTile], s0: usize, st: usize| (0..k).any(|c| g[s0 + c * st].is_walkable());
        let ways = |g: &[DungeonTile], i: usize, j: usize| {
            sides(i, j)
                .iter()
                .filter(|&&(s0, st, _, _)| open_side(g, s0, st))
                .count()
        };
        let mut leaves: Vec<usize> = (0..lat.nx * lat.ny)
            .filter(|&node| {
                let (i, j) = (node % lat.nx, node / lat.nx);
                dug(grid, i, j) && ways(grid, i, j) == 1
            })
            .collect();
        for i in (1..leaves.len()).rev() {
            leaves.swap(i, rng.random_range(0..=i));
        }
        let kept = keep.min(leaves.len());
        let mut work: Vec<usize> = leaves.split_off(kept);
        let protected = leaves;
        while let Some(node) = work.pop() {
            let (i, j) = (node % lat.nx, node / lat.nx);
            if protected.contains(&node) || !dug(grid, i, j) || ways(grid, i, j) != 1 {
                continue;
            }
            let a = lat.anchor(i, j);
            for dy in 0..k {
                for dx in 0..k {
                    grid[a + dy * w + dx] = DungeonTile::Rock;
                }
            }
            let Some(&(s0, st, out, nb)) = sides(i, j)
                .iter()
                .find(|&&(s0, st, _, _)| open_side(grid, s0, st))
            else {
                continue;
            };
            let link = nb.filter(|&(ni, nj)| {
                dug(grid, ni, nj) && (0..k).all(|c| grid[s0 + c * st].is_corridor())
            });
            if let Some((ni, nj)) = link {
                for c in 0..k {
                    grid[s0 + c * st] = DungeonTile::Rock;
                }
                work.push(nj * lat.nx + ni);
            } else {
                // A stub: corridor cells back to rock up to the door, the
                // door back to wall.
                for c in 0..k {
                    let mut cell = s0 + c * st;
                    loop {
                        match grid[cell] {
                            DungeonTile::Corridor | DungeonTile::Trap => {
                                grid[cell] = DungeonTile::Rock
                            }
                            DungeonTile::Door | DungeonTile::SecretDoor => {
                                grid[cell] = DungeonTile::Wall;
                                break;
                            }
                            _ => break,
                        }
                        cell = (cell as isize + out) as usize;
                    }
                }
            }
        }
        kept
    }
}
