//! Terra Mystica as a [`BoardProblem`]: one segment (the 113 tiles, 36
//! river and 11 of each land terrain), swaps scored incrementally with
//! [`TmState`], and a row-major construction whose heuristic counts the
//! violations that a choice makes certain.

use super::board::{standard_grid, standard_tiles};
use super::rules::{Rules, Weights, local_terms};
use super::state::TmState;
use super::terrain::RIVER;
use crate::boards::published::{BoardProblem, Segment};
use crate::boards::{HexGrid, HexIndex};

/// Marks a hex not yet placed during a construction.
const UNPLACED: u8 = 255;

/// Terra Mystica on the standard map under a rule set and weights.
pub struct TmProblem {
    grid: &'static HexGrid,
    rules: Rules,
    weights: Weights,
    segments: [Segment; 1],
    /// Full evaluations (rescored from scratch, allocation-free).
    eval: TmState<'static>,
    /// The current board of the local moves.
    state: TmState<'static>,
    // Construction scratch.
    partial: Vec<u8>,
    missing: Vec<u8>,
    remaining: [u32; 8],
    counts: [u32; 8],
}

impl TmProblem {
    /// The standard map and tile mix.
    pub fn new(rules: Rules, weights: Weights) -> Self {
        let grid = standard_grid();
        let mut pool = standard_tiles();
        pool.sort_unstable();
        let mut counts = [0u32; 8];
        for &t in &pool {
            counts[t as usize] += 1;
        }
        TmProblem {
            grid,
            rules,
            weights,
            eval: TmState::new(grid, pool.clone(), rules, weights),
            state: TmState::new(grid, pool.clone(), rules, weights),
            segments: [Segment { start: 0, pool }],
            partial: vec![UNPLACED; grid.len()],
            missing: vec![0; grid.len()],
            remaining: counts,
            counts,
        }
    }

    fn weighted(&self, t: [u8; 4]) -> u64 {
        let w = self.weights.0;
        t[0] as u64 * w[0] as u64 + t[1] as u64 * w[1] as u64 + t[3] as u64 * w[3] as u64
    }
}

impl BoardProblem for TmProblem {
    fn game(&self) -> &'static str {
        "terra-mystica"
    }

    fn segments(&self) -> &[Segment] {
        &self.segments
    }

    fn hexes(&self) -> usize {
        self.grid.len()
    }

    fn build(&self, genes: &[u8], board: &mut [u8]) {
        board.copy_from_slice(genes);
    }

    fn score(&mut self, board: &[u8]) -> u64 {
        self.eval.set_tiles(board);
        self.eval.score()
    }

    fn load(&mut self, board: &[u8]) -> u64 {
        self.state.set_tiles(board);
        self.state.score()
    }

    fn current(&self) -> &[u8] {
        self.state.tiles()
    }

    fn current_score(&self) -> u64 {
        self.state.score()
    }

    fn neighbours(&self, i: usize) -> &[HexIndex] {
        self.grid.neighbours(i as HexIndex)
    }

    fn swap_kinds(&self) -> usize {
        1
    }

    fn swap(&mut self, _kind: usize, a: usize, b: usize) -> Option<u64> {
        let t = self.state.tiles();
        (t[a] != t[b]).then(|| self.state.swap(a as HexIndex, b as HexIndex))
    }

    fn steps(&self) -> usize {
        self.grid.len()
    }

    fn values(&self) -> usize {
        8
    }

    fn begin(&mut self) {
        self.partial.fill(UNPLACED);
        for i in self.grid.indices() {
            self.missing[i as usize] = 1 + self.grid.neighbours(i).len() as u8;
        }
        self.remaining = self.counts;
    }

    fn heuristic(&mut self, step: usize, eta: &mut [f64]) {
        let p = step as HexIndex;
        let grid = self.grid;
        for (v, e) in eta.iter_mut().enumerate() {
            if self.remaining[v] == 0 {
                *e = 0.0;
                continue;
            }
            let v = v as u8;
            self.partial[step] = v;
            let mut added = 0u64;
            // Hexes whose neighbourhood this choice completes: their local
            // terms are now final.
            for &h in std::iter::once(&p).chain(grid.neighbours(p)) {
                if self.missing[h as usize] == 1 {
                    added += self.weighted(local_terms(grid, &self.partial, self.rules, h));
                }
            }
            // Same-terrain neighbours (REQ1) and crowded rivers (REQ2) are
            // certain as soon as they exist.
            let (mut same, mut rivers) = (0u64, 0u32);
            for &j in grid.neighbours(p) {
                let u = self.partial[j as usize];
                same += (u == v && v != RIVER) as u64;
                rivers += (u == RIVER) as u32;
            }
            added += same * self.weights.0[0] as u64;
            if v == RIVER && rivers > 3 {
                added += self.weights.0[1] as u64;
            }
            self.partial[step] = UNPLACED;
            *e = 1.0 / (1.0 + added as f64);
        }
    }

    fn place(&mut self, step: usize, v: u8) {
        self.partial[step] = v;
        self.remaining[v as usize] -= 1;
        let p = step as HexIndex;
        for &h in std::iter::once(&p).chain(self.grid.neighbours(p)) {
            self.missing[h as usize] -= 1;
        }
    }

    fn finish(&mut self, board: &mut [u8]) -> u64 {
        board.copy_from_slice(&self.partial);
        self.score(board)
    }

    fn evaluations(&self) -> u64 {
        self.eval.evaluations + self.state.evaluations
    }
}
