//! Incremental (delta) scoring of a Terra Mystica board under swaps.
//!
//! [`TmState`] caches every hex's local terms and the totals. A swap of two
//! hexes rescores only the hexes it touches (the two and their neighbours,
//! at most 14) and recounts river components only when a river hex moved.
//! No allocation happens after construction.

use super::rules::{self, Rules, Violations, Weights};
use super::terrain::RIVER;
use crate::boards::{HexGrid, HexIndex};

/// A board with cached per-hex terms, for fast swap scoring.
#[derive(Clone, Debug)]
pub struct TmState<'g> {
    grid: &'g HexGrid,
    rules: Rules,
    weights: Weights,
    tiles: Vec<u8>,
    local: Vec<[u8; 4]>,
    totals: [u32; 4],
    components: u32,
    stamp: Vec<u32>,
    epoch: u32,
    stack: Vec<HexIndex>,
    seen: Vec<bool>,
    /// Full evaluations plus swap evaluations done so far.
    pub evaluations: u64,
}

impl<'g> TmState<'g> {
    /// Score `tiles` on `grid` from scratch.
    pub fn new(grid: &'g HexGrid, tiles: Vec<u8>, rules: Rules, weights: Weights) -> Self {
        let n = tiles.len();
        let mut s = TmState {
            grid,
            rules,
            weights,
            tiles,
            local: vec![[0; 4]; n],
            totals: [0; 4],
            components: 0,
            stamp: vec![0; n],
            epoch: 0,
            stack: Vec::with_capacity(n),
            seen: Vec::with_capacity(n),
            evaluations: 0,
        };
        s.rescore_all();
        s
    }

    /// Recompute everything from scratch (a full evaluation).
    pub fn rescore_all(&mut self) {
        self.totals = [0; 4];
        for i in self.grid.indices() {
            let t = rules::local_terms(self.grid, &self.tiles, self.rules, i);
            self.local[i as usize] = t;
            for (total, &x) in self.totals.iter_mut().zip(&t) {
                *total += x as u32;
            }
        }
        self.components =
            rules::river_components(self.grid, &self.tiles, &mut self.stack, &mut self.seen);
        self.evaluations += 1;
    }

    /// Replace the tiles and rescore.
    pub fn set_tiles(&mut self, tiles: &[u8]) {
        self.tiles.copy_from_slice(tiles);
        self.rescore_all();
    }

    /// The tiles (byte codes, row-major).
    pub fn tiles(&self) -> &[u8] {
        &self.tiles
    }

    /// The layout.
    pub fn grid(&self) -> &'g HexGrid {
        self.grid
    }

    /// The rule set.
    pub fn rules(&self) -> Rules {
        self.rules
    }

    /// The local terms of hex `i`.
    #[inline]
    pub fn local(&self, i: HexIndex) -> [u8; 4] {
        self.local[i as usize]
    }

    /// REQ1..REQ4.
    pub fn violations(&self) -> Violations {
        let mut v = self.totals;
        v[2] = rules::req3(self.rules, self.components);
        v
    }

    /// The weighted score.
    pub fn score(&self) -> u64 {
        self.weights.score(&self.violations())
    }

    /// Swap the tiles of `a` and `b` and rescore incrementally; returns the
    /// new weighted score. Swapping again undoes it.
    pub fn swap(&mut self, a: HexIndex, b: HexIndex) -> u64 {
        let (ta, tb) = (self.tiles[a as usize], self.tiles[b as usize]);
        if ta == tb {
            return self.score();
        }
        self.evaluations += 1;
        self.epoch = self.epoch.wrapping_add(1);
        if self.epoch == 0 {
            self.stamp.fill(0);
            self.epoch = 1;
        }
        let grid = self.grid;
        // Collect the touched hexes (a, b and their neighbours) once each.
        let mut touched = [0 as HexIndex; 14];
        let mut n = 0;
        for &h in [a, b]
            .iter()
            .chain(grid.neighbours(a))
            .chain(grid.neighbours(b))
        {
            if self.stamp[h as usize] != self.epoch {
                self.stamp[h as usize] = self.epoch;
                touched[n] = h;
                n += 1;
            }
        }
        for &h in &touched[..n] {
            let t = self.local[h as usize];
            for (total, &x) in self.totals.iter_mut().zip(&t) {
                *total -= x as u32;
            }
        }
        self.tiles.swap(a as usize, b as usize);
        for &h in &touched[..n] {
            let t = rules::local_terms(grid, &self.tiles, self.rules, h);
            self.local[h as usize] = t;
            for (total, &x) in self.totals.iter_mut().zip(&t) {
                *total += x as u32;
            }
        }
        if ta == RIVER || tb == RIVER {
            self.components =
                rules::river_components(grid, &self.tiles, &mut self.stack, &mut self.seen);
        }
        self.score()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::boards::shuffle;
    use crate::boards::terra_mystica::{standard_grid, standard_tiles};
    use crate::rng::{RngExt, seeded};

    #[test]
    fn swaps_match_full_evaluation() {
        let g = standard_grid();
        for rules in Rules::ALL {
            let mut rng = seeded(3);
            let mut tiles = standard_tiles();
            shuffle(&mut tiles, &mut rng);
            let mut s = TmState::new(g, tiles, rules, Weights([3, 5, 7, 11]));
            for _ in 0..2000 {
                let a = rng.random_range(0..113);
                let b = rng.random_range(0..113);
                let score = s.swap(a, b);
                let full = rules::evaluate(g, s.tiles(), rules);
                assert_eq!(s.violations(), full);
                assert_eq!(score, Weights([3, 5, 7, 11]).score(&full));
            }
        }
    }
}
