//! Incremental (delta) scoring of a Terra Mystica board under swaps.
//!
//! [`TmState`] caches every hex's local terms and the totals. A swap of two
//! hexes rescores only the hexes it touches (the two and their neighbours,
//! at most 14) and recounts river components only when a river hex moved.
//! Under `table` it keeps the `table` figures the same way
//! ([`super::table_state`]). No allocation happens after construction.

use super::rules::{self, Rules, Violations, Weights};
use super::table::{TableFigures, penalty};
use super::table_state::TableCounts;
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
    /// The `table` counters (under [`Rules::Table`] only).
    table: Option<Box<TableCounts>>,
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
            table: None,
            evaluations: 0,
        };
        if rules == Rules::Table {
            s.table = Some(Box::new(TableCounts::new(grid, &s.tiles)));
        }
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
        if let Some(t) = &mut self.table {
            t.rescore_all(self.grid, &self.tiles, self.components);
        }
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

    /// The `table` figures (`None` under other rules).
    pub fn table_figures(&self) -> Option<TableFigures> {
        self.table.as_ref().map(|t| t.figures())
    }

    /// The weighted score (under `table`, plus the weighted excesses of
    /// its figures: [`rules::score`]).
    pub fn score(&self) -> u64 {
        let req = self.weights.score(&self.violations());
        match &self.table {
            Some(t) => req + penalty(&t.figures().excess()),
            None => req,
        }
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
            if let Some(c) = &mut self.table {
                c.remove(grid, &self.tiles, h);
            }
        }
        self.tiles.swap(a as usize, b as usize);
        for &h in &touched[..n] {
            let t = rules::local_terms(grid, &self.tiles, self.rules, h);
            self.local[h as usize] = t;
            for (total, &x) in self.totals.iter_mut().zip(&t) {
                *total += x as u32;
            }
            if let Some(c) = &mut self.table {
                c.add(grid, &self.tiles, h);
            }
        }
        if ta == RIVER || tb == RIVER {
            self.components =
                rules::river_components(grid, &self.tiles, &mut self.stack, &mut self.seen);
            if let Some(c) = &mut self.table {
                let (from, to) = if ta == RIVER { (a, b) } else { (b, a) };
                c.river_moved(&self.tiles, from, to, self.components);
            }
        }
        self.score()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::boards::shuffle;
    use crate::boards::terra_mystica::{
        offset_grid, standard_grid, standard_tiles, table_figures, tiles_for,
    };
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
                let w = Weights([3, 5, 7, 11]);
                assert_eq!(score, rules::score(g, s.tiles(), rules, w));
                if rules != Rules::Table {
                    assert_eq!(score, w.score(&full));
                }
                assert_eq!(
                    s.table_figures(),
                    (rules == Rules::Table).then(|| table_figures(g, s.tiles()))
                );
            }
        }
    }

    #[test]
    fn table_swaps_match_full_figures_on_the_offset_outline() {
        let g = offset_grid();
        let mut rng = seeded(9);
        let mut tiles = tiles_for(g);
        shuffle(&mut tiles, &mut rng);
        let mut s = TmState::new(g, tiles, Rules::Table, Weights::default());
        for _ in 0..3000 {
            let a = rng.random_range(0..112);
            let b = rng.random_range(0..112);
            let score = s.swap(a, b);
            assert_eq!(s.table_figures(), Some(table_figures(g, s.tiles())));
            assert_eq!(
                score,
                rules::score(g, s.tiles(), Rules::Table, Weights::default())
            );
        }
    }
}
