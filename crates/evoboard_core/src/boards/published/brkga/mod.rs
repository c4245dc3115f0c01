//! `brkga`: the biased random-key genetic algorithm (Gonçalves & Resende)
//! as the hex-board papers used it.
//!
//! A chromosome is one key in `[0, 1)` per gene; the decoder sorts each
//! segment's keys and gives the position with the `k`-th smallest key the
//! `k`-th tile of the segment's fixed multiset
//! ([`crate::search::decode::decode_keys`]). Each generation keeps the
//! elite unchanged, adds random mutants and fills the rest by biased
//! crossover of an elite and a non-elite parent (each gene from the elite
//! parent with probability ρe). Optionally the population restarts after K
//! generations without a new best. The weighted objective is the
//! `--weights` of the scoring. All buffers are allocated once.
//!
//! `crossover=rows` is the BRKGA of the thesis as it ran (see `rows.rs`):
//! each non-elite member of the crossover share gets a random elite
//! member's first two rows implanted ([`BoardProblem::implant_rows`]), the
//! other non-elite members have their whole key reshuffled, and `restart`
//! mutates the elite instead of the whole population. `start=shared`
//! draws the first population from one fixed seed for every run.

mod rows;

use super::problem::{BoardProblem, first_progress, gene_ranks, next_progress};
use crate::boards::common::{Best, board_search_accessors};
use crate::boards::{ParamSpec, Params};
use crate::rng::{Rng, RngExt, seeded};
use crate::search::decode::decode_keys;
use crate::search::{Progress, Search};

const POPULATION: ParamSpec = ParamSpec::new(
    "population",
    1000.0,
    4.0,
    100_000.0,
    "chromosomes per generation (the papers: 1000 or 50000)",
);
const ELITE: ParamSpec = ParamSpec::new(
    "elite",
    0.1,
    0.01,
    0.5,
    "fraction kept unchanged each generation (published 10 %)",
);
const MUTANTS: ParamSpec = ParamSpec::new(
    "mutants",
    0.1,
    0.0,
    0.5,
    "fraction replaced by random chromosomes each generation (published 10 %)",
);
const RHO: ParamSpec = ParamSpec::new(
    "rho",
    0.7,
    0.5,
    1.0,
    "chance a child's gene comes from its elite parent (ρe, published 0.7)",
);
const RESTART: ParamSpec = ParamSpec::new(
    "restart",
    0.0,
    0.0,
    1_000_000.0,
    "restart the population after this many generations without a new best (0 = never; \
     crossover=rows: mutate the elite instead)",
);

const CROSSOVER: ParamSpec = ParamSpec::choice(
    "crossover",
    0,
    &["uniform", "rows"],
    "uniform: biased uniform crossover (ρe); rows: the thesis's row copy with reshuffle mutants",
);
const START: ParamSpec = ParamSpec::choice(
    "start",
    0,
    &["random", "shared"],
    "random: the first population from the run's seed; shared: from one fixed seed for every run",
);

/// The seed of the first population under `start=shared`.
pub const SHARED_START_SEED: u64 = 0x7E5E_5134;

/// The parameters of `brkga`: the published defaults.
pub const PARAMS: &[ParamSpec] = &[POPULATION, ELITE, MUTANTS, RHO, RESTART, CROSSOVER, START];

/// A BRKGA on any [`BoardProblem`].
pub struct Brkga<P: BoardProblem> {
    problem: P,
    rng: Rng,
    pop: usize,
    n: usize,
    elite: usize,
    mutants: usize,
    rho: f64,
    restart: u64,
    keys: Vec<f32>,
    next: Vec<f32>,
    fitness: Vec<u64>,
    next_fitness: Vec<u64>,
    order: Vec<u32>,
    scratch: Vec<u16>,
    genes: Vec<u8>,
    board: Vec<u8>,
    since_best: u64,
    best: Best,
    progress: Progress,
    /// `crossover=rows`: its buffers (none for `uniform`).
    rows: Option<rows::RowBuffers>,
}

impl<P: BoardProblem> Brkga<P> {
    /// A random first population on `problem` (one chromosome its start
    /// board, when it has one).
    pub fn new(problem: P, params: &Params, seed: u64) -> Self {
        let pop = params.get(&POPULATION) as usize;
        let n = problem.genes();
        let elite = ((params.get(&ELITE) * pop as f64).round() as usize).clamp(1, pop - 1);
        let mutants = ((params.get(&MUTANTS) * pop as f64).round() as usize).min(pop - elite);
        let hexes = problem.hexes();
        let mut s = Brkga {
            problem,
            rng: seeded(seed),
            pop,
            n,
            elite,
            mutants,
            rho: params.get(&RHO),
            restart: params.get(&RESTART) as u64,
            keys: vec![0.0; pop * n],
            next: vec![0.0; pop * n],
            fitness: vec![0; pop],
            next_fitness: vec![0; pop],
            order: (0..pop as u32).collect(),
            scratch: vec![0; n],
            genes: vec![0; n],
            board: vec![0; hexes],
            since_best: 0,
            best: Best::unscored(hexes),
            progress: Progress::start(0, 0.0),
            rows: (params.choice(&CROSSOVER) == 1).then(|| rows::RowBuffers::new(elite, n, hexes)),
        };
        if params.choice(&START) == 1 {
            // Keys from the fixed seed; later choices follow the run's seed.
            let run = std::mem::replace(&mut s.rng, seeded(SHARED_START_SEED));
            s.random_population();
            s.rng = run;
        } else {
            s.random_population();
        }
        s.seed_start();
        s.progress = first_progress(&s.problem, &s.best, s.mean());
        s
    }

    /// Make chromosome 0 the problem's start board, if it has one: its
    /// keys are the genes' ranks, spread over `[0, 1)`.
    fn seed_start(&mut self) {
        if !self.problem.start_genes(&mut self.genes) {
            return;
        }
        let mut ranks = vec![0; self.n];
        gene_ranks(&self.problem, &self.genes, &mut ranks);
        for seg in self.problem.segments() {
            let len = seg.pool.len() as f32;
            for g in seg.range() {
                self.keys[g] = (ranks[g] as f32 + 0.5) / len;
            }
        }
        self.fitness[0] = self.decode(false, 0);
    }

    fn random_population(&mut self) {
        for k in self.keys.iter_mut() {
            *k = self.rng.random::<f32>();
        }
        for i in 0..self.pop {
            self.fitness[i] = self.decode(false, i);
        }
    }

    /// Decode chromosome `i` of the current (or next) population, score
    /// it and offer it as the best.
    fn decode(&mut self, next: bool, i: usize) -> u64 {
        let keys = if next { &self.next } else { &self.keys };
        let chrom = &keys[i * self.n..(i + 1) * self.n];
        decode_genes(&self.problem, chrom, &mut self.scratch, &mut self.genes);
        self.problem.build(&self.genes, &mut self.board);
        let s = self.problem.score(&self.board);
        if self.best.offer(&self.board, s) {
            self.since_best = 0;
        }
        s
    }

    /// The non-elite of the next population by biased uniform crossover:
    /// fresh random mutants, then children of one elite and one non-elite
    /// parent (each gene from the elite parent with probability ρe).
    fn breed_uniform(&mut self) {
        let n = self.n;
        for k in self.elite..self.elite + self.mutants {
            for g in &mut self.next[k * n..(k + 1) * n] {
                *g = self.rng.random::<f32>();
            }
        }
        for k in self.elite + self.mutants..self.pop {
            let e = self.order[self.rng.random_range(0..self.elite)] as usize;
            let o = self.order[self.rng.random_range(self.elite..self.pop)] as usize;
            for g in 0..n {
                let from = if self.rng.random_bool(self.rho) { e } else { o };
                self.next[k * n + g] = self.keys[from * n + g];
            }
        }
    }

    fn mean(&self) -> f64 {
        self.fitness.iter().map(|&f| f as f64).sum::<f64>() / self.pop as f64
    }
}

/// The genes a chromosome's keys decode to, segment by segment
/// (`scratch` holds at least the longest segment).
fn decode_genes<P: BoardProblem>(
    problem: &P,
    chrom: &[f32],
    scratch: &mut [u16],
    genes: &mut [u8],
) {
    for seg in problem.segments() {
        let r = seg.range();
        let len = r.len();
        decode_keys(
            &chrom[r.clone()],
            &mut scratch[..len],
            &seg.pool,
            &mut genes[r],
        );
    }
}

impl<P: BoardProblem> Search for Brkga<P> {
    type Solution = Vec<u8>;

    fn name(&self) -> &'static str {
        "brkga"
    }

    fn step(&mut self) -> Progress {
        let before = self.best.score;
        self.since_best += 1;
        let fit = &self.fitness;
        self.order
            .sort_unstable_by(|&a, &b| fit[a as usize].cmp(&fit[b as usize]).then(a.cmp(&b)));
        let n = self.n;
        // Elite: copied unchanged (and not re-scored).
        for k in 0..self.elite {
            let src = self.order[k] as usize;
            self.next[k * n..(k + 1) * n].copy_from_slice(&self.keys[src * n..(src + 1) * n]);
            self.next_fitness[k] = self.fitness[src];
        }
        let mut rows = self.rows.take();
        match rows.as_mut() {
            None => self.breed_uniform(),
            Some(rb) => self.breed_rows(rb),
        }
        for k in self.elite..self.pop {
            self.next_fitness[k] = self.decode(true, k);
        }
        std::mem::swap(&mut self.keys, &mut self.next);
        std::mem::swap(&mut self.fitness, &mut self.next_fitness);
        self.rows = rows;
        if self.restart > 0 && self.since_best >= self.restart && self.best.score > 0 {
            // `uniform` restarts the population, `rows` mutates the elite.
            if self.rows.is_some() {
                self.mutate_elite();
            } else {
                self.random_population();
            }
            self.since_best = 0;
        }
        let mean = self.mean();
        self.progress = next_progress(self.progress, &self.problem, &self.best, mean, before);
        self.progress
    }

    board_search_accessors!();
}

#[cfg(test)]
mod tests;
