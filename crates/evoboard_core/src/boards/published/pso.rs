//! `pso`: particle swarm optimisation over real vectors, as the hex-board
//! paper used it.
//!
//! A particle is one real number per gene; within each segment the number
//! is truncated to an index into the segment's tile list, and an index
//! already taken walks forward cyclically to the next free one (the
//! published repair, [`crate::search::decode::repair_indices`]). Velocities
//! follow the global-best update `v ← w·v + c1·r1·(p − x) + c2·r2·(g − x)`
//! with `r1, r2` uniform per dimension; positions are clamped to the list
//! and velocities to ± the list length.
//!
//! The paper's 64 hyper-parameter sets (inertia, cognitive and social
//! weight each from {0.01, 0.33, 0.66, 0.99}) are numbered inertia-major:
//! set `k` (1..=64) has inertia `G[(k−1)/16]`, cognitive `G[(k−1)/4 % 4]`,
//! social `G[(k−1) % 4]`. `set=0` (the default) uses the `inertia`,
//! `cognitive` and `social` values, whose defaults are the best set of our
//! own sweep, set 48 = (0.66, 0.99, 0.99); the paper gives no swarm size,
//! our default of 2000 particles is the best of a short probe (see
//! `crates/evoboard_core/src/boards/README.md`).

use super::problem::{BoardProblem, first_progress, gene_ranks, next_progress};
use crate::boards::common::{Best, board_search_accessors};
use crate::boards::{ParamSpec, Params};
use crate::rng::{Rng, RngExt, seeded};
use crate::search::decode::repair_indices;
use crate::search::{Progress, Search};

/// The published grid of each weight.
pub const GRID: [f64; 4] = [0.01, 0.33, 0.66, 0.99];

/// (inertia, cognitive, social) of published set `k` (1..=64), or `None`
/// for any other `k`.
pub fn published_set(k: usize) -> Option<(f64, f64, f64)> {
    let k = k.checked_sub(1).filter(|&k| k < 64)?;
    Some((GRID[k / 16], GRID[k / 4 % 4], GRID[k % 4]))
}

const PARTICLES: ParamSpec = ParamSpec::new(
    "particles",
    2000.0,
    2.0,
    100_000.0,
    "particles in the swarm",
);
const SET: ParamSpec = ParamSpec::new(
    "set",
    0.0,
    0.0,
    64.0,
    "published hyper-parameter set 1-64 (inertia-major); 0 = use inertia/cognitive/social",
);
const INERTIA: ParamSpec = ParamSpec::new(
    "inertia",
    0.66,
    0.0,
    2.0,
    "inertia weight w (published grid 0.01, 0.33, 0.66, 0.99)",
);
const COGNITIVE: ParamSpec = ParamSpec::new(
    "cognitive",
    0.99,
    0.0,
    4.0,
    "pull towards the particle's own best c1 (published grid as inertia)",
);
const SOCIAL: ParamSpec = ParamSpec::new(
    "social",
    0.99,
    0.0,
    4.0,
    "pull towards the swarm's best c2 (published grid as inertia)",
);

/// The parameters of `pso`.
pub const PARAMS: &[ParamSpec] = &[PARTICLES, SET, INERTIA, COGNITIVE, SOCIAL];

/// A particle swarm on any [`BoardProblem`].
pub struct Pso<P: BoardProblem> {
    problem: P,
    rng: Rng,
    particles: usize,
    n: usize,
    w: f64,
    c1: f64,
    c2: f64,
    /// List length of the segment of each gene.
    span: Vec<f64>,
    x: Vec<f64>,
    v: Vec<f64>,
    pbest: Vec<f64>,
    pbest_score: Vec<u64>,
    gbest: Vec<f64>,
    gbest_score: u64,
    taken: Vec<bool>,
    genes: Vec<u8>,
    board: Vec<u8>,
    best: Best,
    progress: Progress,
}

impl<P: BoardProblem> Pso<P> {
    /// A random swarm on `problem` (particle 0 on its start board, when it
    /// has one).
    pub fn new(problem: P, params: &Params, seed: u64) -> Self {
        // `set` 0 (or any number that is not a set) selects the values.
        let (w, c1, c2) = published_set(params.get(&SET) as usize).unwrap_or((
            params.get(&INERTIA),
            params.get(&COGNITIVE),
            params.get(&SOCIAL),
        ));
        let particles = params.get(&PARTICLES) as usize;
        let n = problem.genes();
        let mut span = vec![0.0; n];
        for seg in problem.segments() {
            span[seg.range()].fill(seg.pool.len() as f64);
        }
        let hexes = problem.hexes();
        let mut rng = seeded(seed);
        let mut x = vec![0.0; particles * n];
        let mut v = vec![0.0; particles * n];
        for (i, (xi, vi)) in x.iter_mut().zip(v.iter_mut()).enumerate() {
            let len = span[i % n];
            *xi = rng.random::<f64>() * len;
            *vi = (rng.random::<f64>() - 0.5) * len * 0.2;
        }
        // Particle 0 starts on the problem's start board, if it has one.
        let mut genes = vec![0; n];
        if particles > 0 && problem.start_genes(&mut genes) {
            let mut ranks = vec![0; n];
            gene_ranks(&problem, &genes, &mut ranks);
            for (xi, &r) in x.iter_mut().zip(&ranks) {
                *xi = r as f64 + 0.5;
            }
        }
        let mut s = Pso {
            problem,
            rng,
            particles,
            n,
            w,
            c1,
            c2,
            span,
            pbest: x.clone(),
            x,
            v,
            pbest_score: vec![u64::MAX; particles],
            gbest: vec![0.0; n],
            gbest_score: u64::MAX,
            taken: vec![false; n],
            genes: vec![0; n],
            board: vec![0; hexes],
            best: Best::unscored(hexes),
            progress: Progress::start(0, 0.0),
        };
        let mut sum = 0.0;
        for i in 0..particles {
            sum += s.evaluate(i) as f64;
        }
        s.progress = first_progress(&s.problem, &s.best, sum / particles as f64);
        s
    }

    /// Decode and score particle `i`; update its and the swarm's best.
    fn evaluate(&mut self, i: usize) -> u64 {
        let x = &self.x[i * self.n..(i + 1) * self.n];
        for seg in self.problem.segments() {
            let r = seg.range();
            let len = r.len();
            repair_indices(
                &x[r.clone()],
                &mut self.taken[..len],
                &seg.pool,
                &mut self.genes[r],
            );
        }
        self.problem.build(&self.genes, &mut self.board);
        let s = self.problem.score(&self.board);
        self.best.offer(&self.board, s);
        let n = self.n;
        if s < self.pbest_score[i] {
            self.pbest_score[i] = s;
            self.pbest[i * n..(i + 1) * n].copy_from_slice(&self.x[i * n..(i + 1) * n]);
        }
        if s < self.gbest_score {
            self.gbest_score = s;
            self.gbest.copy_from_slice(&self.x[i * n..(i + 1) * n]);
        }
        s
    }
}

impl<P: BoardProblem> Search for Pso<P> {
    type Solution = Vec<u8>;

    fn name(&self) -> &'static str {
        "pso"
    }

    fn step(&mut self) -> Progress {
        let before = self.best.score;
        let n = self.n;
        let mut sum = 0.0;
        for i in 0..self.particles {
            for d in 0..n {
                let k = i * n + d;
                let (r1, r2) = (self.rng.random::<f64>(), self.rng.random::<f64>());
                let len = self.span[d];
                let v = self.w * self.v[k]
                    + self.c1 * r1 * (self.pbest[k] - self.x[k])
                    + self.c2 * r2 * (self.gbest[d] - self.x[k]);
                self.v[k] = v.clamp(-len, len);
                self.x[k] = (self.x[k] + self.v[k]).clamp(0.0, len - 1e-9);
            }
            sum += self.evaluate(i) as f64;
        }
        let mean = sum / self.particles as f64;
        self.progress = next_progress(self.progress, &self.problem, &self.best, mean, before);
        self.progress
    }

    board_search_accessors!();
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::boards::published::testing::check_algorithm;
    use crate::boards::terra_mystica::{Rules, Weights};
    use crate::boards::{Algorithm, BoardGame};

    #[test]
    fn sets_are_numbered_inertia_major() {
        assert_eq!(published_set(1), Some((0.01, 0.01, 0.01)));
        assert_eq!(published_set(2), Some((0.01, 0.01, 0.33)));
        assert_eq!(published_set(5), Some((0.01, 0.33, 0.01)));
        assert_eq!(published_set(17), Some((0.33, 0.01, 0.01)));
        assert_eq!(published_set(64), Some((0.99, 0.99, 0.99)));
        assert_eq!(published_set(0), None);
        assert_eq!(published_set(65), None);
    }

    #[test]
    fn terra_mystica_improves_and_reports_true_scores() {
        check_algorithm(
            Algorithm::Pso,
            BoardGame::TerraMystica,
            Rules::Strict,
            Weights::default(),
            20,
            &["particles=20"],
        );
    }

    #[test]
    fn catan_improves_and_reports_true_scores() {
        check_algorithm(
            Algorithm::Pso,
            BoardGame::Catan,
            Rules::Strict,
            Weights::default(),
            20,
            &["particles=10", "set=43"],
        );
    }
}
