//! `crossover=rows`: the BRKGA of the thesis as it ran.
//!
//! Each generation, after sorting by score:
//! - the elite is copied unchanged (not re-scored);
//! - **crossover share** (the `1 − elite − mutants` best non-elite
//!   members, in rank order): each member gets a random elite member's
//!   first two rows implanted ([`BoardProblem::implant_rows`]: Terra
//!   Mystica rows 0–1 onto rows 0–1, Catan rows 0–1 onto the last two rows,
//!   terrains and numbers separately, the tile multiset repaired). On keys:
//!   both are decoded, the implant is done on the member's board, and the
//!   child's keys are the member's own key values re-dealt by rank so that
//!   they decode to the new board (`encode`): the key multiset of every
//!   segment is the member's;
//! - **mutants** (the `mutants` worst members): the member's whole key is
//!   reshuffled (a random permutation of its keys: a uniformly random
//!   board);
//! - `restart=K`: after K generations without a new best the elite is
//!   mutated: every elite member gets `max(1, genes / 20)` random swaps of
//!   two keys of one segment (two tiles of the board change places) and is
//!   re-scored. The best board so far is kept (it is what `best()` shows).
//!
//! No allocation per candidate: the buffers are [`RowBuffers`].

use super::{Brkga, decode_genes};
use crate::boards::common::shuffle;
use crate::boards::published::BoardProblem;
use crate::rng::RngExt;

/// The row crossover's buffers, allocated when the search is built.
pub(super) struct RowBuffers {
    /// The elite's boards, decoded once per generation.
    elite_boards: Vec<u8>,
    /// The member's board being implanted.
    child: Vec<u8>,
    /// The child's genes.
    genes: Vec<u8>,
    /// The member's keys, sorted per segment.
    sorted: Vec<f32>,
}

impl RowBuffers {
    /// Buffers for `elite` elite members, `n` genes and `hexes` hexes.
    pub(super) fn new(elite: usize, n: usize, hexes: usize) -> Self {
        RowBuffers {
            elite_boards: vec![0; elite * hexes],
            child: vec![0; hexes],
            genes: vec![0; n],
            sorted: vec![0.0; n],
        }
    }
}

impl<P: BoardProblem> Brkga<P> {
    /// Decode chromosome `i` of the current population into `board`
    /// (not scored).
    fn decode_into(&mut self, i: usize, board: &mut [u8]) {
        let chrom = &self.keys[i * self.n..(i + 1) * self.n];
        decode_genes(&self.problem, chrom, &mut self.scratch, &mut self.genes);
        self.problem.build(&self.genes, board);
    }

    /// The non-elite of the next population by the thesis's row copy
    /// (the elite is already in place): the crossover share gets a random
    /// elite member's first two rows, the rest have their keys reshuffled.
    pub(super) fn breed_rows(&mut self, rb: &mut RowBuffers) {
        let (n, hexes) = (self.n, self.board.len());
        for k in 0..self.elite {
            let src = self.order[k] as usize;
            self.decode_into(src, &mut rb.elite_boards[k * hexes..(k + 1) * hexes]);
        }
        let share_end = self.pop - self.mutants;
        for k in self.elite..share_end {
            let e = self.rng.random_range(0..self.elite);
            let o = self.order[k] as usize;
            self.decode_into(o, &mut rb.child);
            let donor = &rb.elite_boards[e * hexes..(e + 1) * hexes];
            let member = &self.keys[o * n..(o + 1) * n];
            let child = &mut self.next[k * n..(k + 1) * n];
            if self.problem.implant_rows(donor, &mut rb.child)
                && self.problem.genes_of(&rb.child, &mut rb.genes)
            {
                encode(&self.problem, member, &rb.genes, &mut rb.sorted, child);
            } else {
                child.copy_from_slice(member);
            }
        }
        for k in share_end..self.pop {
            let o = self.order[k] as usize;
            self.next[k * n..(k + 1) * n].copy_from_slice(&self.keys[o * n..(o + 1) * n]);
            shuffle(&mut self.next[k * n..(k + 1) * n], &mut self.rng);
        }
    }

    /// The restart of `crossover=rows`: a few random key swaps (within a
    /// segment) in every elite member (the first `elite` chromosomes after
    /// a step), each re-scored.
    pub(super) fn mutate_elite(&mut self) {
        let n = self.n;
        let swaps = (n / 20).max(1);
        let segments = self.problem.segments().len();
        for k in 0..self.elite {
            for _ in 0..swaps {
                let seg = &self.problem.segments()[self.rng.random_range(0..segments)];
                let r = seg.range();
                if r.len() < 2 {
                    continue;
                }
                let a = self.rng.random_range(r.clone());
                let b = self.rng.random_range(r);
                self.keys.swap(k * n + a, k * n + b);
            }
            self.fitness[k] = self.decode(false, k);
        }
    }
}

/// Keys that decode to `genes`: within each segment, the `member`'s own
/// key values sorted, the gene with rank `k` (by value, ties by position,
/// as [`crate::boards::published::gene_ranks`]) taking the `k`-th
/// smallest. Two equal keys in `member` (rare with `f32` keys) may decode
/// two equal-ranked tiles the other way round; the tile multiset is kept
/// either way.
pub(super) fn encode<P: BoardProblem>(
    problem: &P,
    member: &[f32],
    genes: &[u8],
    sorted: &mut [f32],
    out: &mut [f32],
) {
    for seg in problem.segments() {
        let r = seg.range();
        let s = &mut sorted[r.clone()];
        s.copy_from_slice(&member[r.clone()]);
        s.sort_unstable_by(f32::total_cmp);
        // Counting sort of the genes' values: next free rank per value.
        let mut next = [0usize; 257];
        for &g in &genes[r.clone()] {
            next[g as usize + 1] += 1;
        }
        for v in 1..257 {
            next[v] += next[v - 1];
        }
        for i in r.clone() {
            let v = genes[i] as usize;
            out[i] = s[next[v]];
            next[v] += 1;
        }
    }
}
