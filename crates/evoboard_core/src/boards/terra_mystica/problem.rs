//! Terra Mystica as a [`BoardProblem`]: one segment (the 113 tiles, 36
//! river and 11 of each land terrain; on the offset outline its 112, see
//! [`tiles_for`]), swaps scored incrementally with
//! [`TmState`], and a row-major construction whose heuristic counts the
//! violations that a choice makes certain.
//!
//! With a [`BoardSetup`], pinned hexes keep the start board's tile: the
//! segment holds only the unpinned tiles, [`BoardProblem::build`] fills
//! pinned hexes from the start board, swaps refuse pinned hexes and a
//! construction places them as given.
//!
//! Row crossover ([`BoardProblem::implant_rows`], the thesis's BRKGA):
//! the donor's rows 0 and 1 replace rows 0 and 1 of the board (unpinned
//! hexes only), and the tiles they pushed out go, in order, to the other
//! unpinned hexes whose tile is now in surplus (row-major).

use super::board::standard_grid;
use super::outline::tiles_for;
use super::pins::check_setup;
use super::rules::{Rules, Weights, local_terms};
use super::state::TmState;
use super::terrain::RIVER;
use crate::boards::published::{BoardProblem, ImplantScratch, Segment, implant_and_repair};
use crate::boards::{BoardError, BoardSetup, HexGrid, HexIndex};

/// Marks a hex not yet placed during a construction.
const UNPLACED: u8 = 255;

/// Terra Mystica on one outline under a rule set and weights.
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
    /// The start board (the standard mix in order when none was given):
    /// pinned hexes take their tiles from it.
    start: Vec<u8>,
    has_start: bool,
    pinned: Vec<bool>,
    /// The unpinned hexes, in order: gene `k` is the tile of `free[k]`.
    free: Vec<HexIndex>,
    /// `!pinned`, for the row crossover.
    unpinned: Vec<bool>,
    implant: ImplantScratch,
}

impl TmProblem {
    /// The standard map and tile mix.
    pub fn new(rules: Rules, weights: Weights) -> Self {
        let grid = standard_grid();
        Self::build_with(grid, rules, weights, None, vec![false; grid.len()])
    }

    /// The outline of `setup.variant` (standard or offset, with the tile
    /// mix of [`tiles_for`]) from `setup`'s start board (if any), keeping its
    /// pinned hexes. Errors as [`crate::boards::make_search_with`] does
    /// (wrong outline, length or counts, pins without a start or off the
    /// board, pins that make a perfect board impossible).
    pub fn with_setup(
        rules: Rules,
        weights: Weights,
        setup: &BoardSetup,
    ) -> Result<Self, BoardError> {
        let s = check_setup(setup, rules)?;
        Ok(Self::build_with(s.grid, rules, weights, s.start, s.pinned))
    }

    fn build_with(
        grid: &'static HexGrid,
        rules: Rules,
        weights: Weights,
        start: Option<Vec<u8>>,
        pinned: Vec<bool>,
    ) -> Self {
        let has_start = start.is_some();
        let start = start.unwrap_or_else(|| tiles_for(grid));
        let free: Vec<HexIndex> = grid.indices().filter(|&i| !pinned[i as usize]).collect();
        let mut pool: Vec<u8> = free.iter().map(|&i| start[i as usize]).collect();
        pool.sort_unstable();
        let mut counts = [0u32; 8];
        for &t in &pool {
            counts[t as usize] += 1;
        }
        TmProblem {
            grid,
            rules,
            weights,
            eval: TmState::new(grid, start.clone(), rules, weights),
            state: TmState::new(grid, start.clone(), rules, weights),
            segments: [Segment { start: 0, pool }],
            partial: vec![UNPLACED; grid.len()],
            missing: vec![0; grid.len()],
            remaining: counts,
            counts,
            start,
            has_start,
            unpinned: pinned.iter().map(|&p| !p).collect(),
            implant: ImplantScratch::new(grid.len()),
            pinned,
            free,
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
        if genes.len() == board.len() {
            board.copy_from_slice(genes);
            return;
        }
        board.copy_from_slice(&self.start);
        for (&h, &g) in self.free.iter().zip(genes) {
            board[h as usize] = g;
        }
    }

    fn start_genes(&self, genes: &mut [u8]) -> bool {
        self.has_start && self.genes_of(&self.start, genes)
    }

    fn genes_of(&self, board: &[u8], genes: &mut [u8]) -> bool {
        for (g, &h) in genes.iter_mut().zip(&self.free) {
            *g = board[h as usize];
        }
        true
    }

    fn implant_rows(&mut self, donor: &[u8], board: &mut [u8]) -> bool {
        let rows = self.grid.row_len(0) + self.grid.row_len(1);
        implant_and_repair(
            board,
            &self.unpinned,
            (0..rows).map(|h| (h, donor[h])),
            &mut self.implant,
        );
        true
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
        (t[a] != t[b] && !self.pinned[a] && !self.pinned[b])
            .then(|| self.state.swap(a as HexIndex, b as HexIndex))
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
        // Pinned hexes are placed from the start: their neighbours see them.
        for i in self.grid.indices() {
            if self.pinned[i as usize] {
                self.partial[i as usize] = self.start[i as usize];
                for &h in std::iter::once(&i).chain(self.grid.neighbours(i)) {
                    self.missing[h as usize] -= 1;
                }
            }
        }
    }

    fn heuristic(&mut self, step: usize, eta: &mut [f64]) {
        if self.pinned[step] {
            // Only the pinned tile may go here.
            let keep = self.start[step] as usize;
            for (v, e) in eta.iter_mut().enumerate() {
                *e = if v == keep { 1.0 } else { 0.0 };
            }
            return;
        }
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
        if self.pinned[step] {
            // Placed by `begin`.
            return;
        }
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

    fn construction_of(&self, board: &[u8], choices: &mut [u8]) -> bool {
        choices.copy_from_slice(board);
        true
    }
}
