//! `aco`: ant colony optimisation for hex boards.
//!
//! Each ant builds a board step by step (Terra Mystica: hex by hex in
//! row-major order; Catan: the 19 terrains, then the tokens) choosing a
//! value with probability ∝ τ^α · η^β among the tiles still in the bag,
//! where τ is the pheromone of (step, value) and η = 1 / (1 + the
//! violations the choice surely adds) (see [`BoardProblem::heuristic`]).
//! After every iteration the pheromone evaporates (τ ← (1 − ρ)·τ) and the
//! iteration's best ants deposit ρ / k each on their choices (so τ stays in
//! [τmin, 1], the hyper-cube form of ACO); τmin keeps every tile possible.

use super::problem::{BoardProblem, first_progress, next_progress};
use crate::boards::common::{Best, board_search_accessors};
use crate::boards::{ParamSpec, Params};
use crate::rng::{Rng, seeded};
use crate::search::decode::roulette;
use crate::search::{Progress, Search};

const ANTS: ParamSpec = ParamSpec::new("ants", 20.0, 1.0, 10_000.0, "boards built per iteration");
const ALPHA: ParamSpec = ParamSpec::new("alpha", 1.0, 0.0, 10.0, "weight of the pheromone (τ^α)");
const BETA: ParamSpec = ParamSpec::new(
    "beta",
    2.0,
    0.0,
    10.0,
    "weight of the heuristic (η^β, η = 1/(1 + violations added))",
);
const RHO: ParamSpec = ParamSpec::new("rho", 0.1, 0.001, 1.0, "evaporation rate ρ per iteration");
const DEPOSIT: ParamSpec = ParamSpec::new(
    "deposit",
    2.0,
    1.0,
    10_000.0,
    "best ants of each iteration that deposit pheromone",
);
const TAU_MIN: ParamSpec = ParamSpec::new(
    "tau_min",
    0.01,
    0.0,
    1.0,
    "lowest pheromone (keeps every choice possible)",
);

/// The parameters of `aco`.
pub const PARAMS: &[ParamSpec] = &[ANTS, ALPHA, BETA, RHO, DEPOSIT, TAU_MIN];

/// Ant colony optimisation on any [`BoardProblem`].
pub struct Aco<P: BoardProblem> {
    problem: P,
    rng: Rng,
    ants: usize,
    alpha: f64,
    beta: f64,
    rho: f64,
    deposit: usize,
    tau_min: f64,
    steps: usize,
    values: usize,
    tau: Vec<f64>,
    eta: Vec<f64>,
    weights: Vec<f64>,
    choices: Vec<u8>,
    scores: Vec<u64>,
    order: Vec<usize>,
    board: Vec<u8>,
    best: Best,
    progress: Progress,
}

impl<P: BoardProblem> Aco<P> {
    /// A colony with uniform pheromone (and one board built), or, when the
    /// problem has a start board, pheromone laid by it.
    pub fn new(problem: P, params: &Params, seed: u64) -> Self {
        let ants = params.get(&ANTS) as usize;
        let (steps, values, hexes) = (problem.steps(), problem.values(), problem.hexes());
        let mut s = Aco {
            problem,
            rng: seeded(seed),
            ants,
            alpha: params.get(&ALPHA),
            beta: params.get(&BETA),
            rho: params.get(&RHO),
            deposit: (params.get(&DEPOSIT) as usize).min(ants),
            tau_min: params.get(&TAU_MIN),
            steps,
            values,
            tau: vec![1.0; steps * values],
            eta: vec![0.0; values],
            weights: vec![0.0; values],
            choices: vec![0; ants * steps],
            scores: vec![0; ants],
            order: (0..ants).collect(),
            board: vec![0; hexes],
            best: Best::unscored(hexes),
            progress: Progress::start(0, f64::INFINITY),
        };
        // One board before the first iteration, so that there is a best:
        // the problem's start board (which lays pheromone), or one built.
        let first = match s.start_board() {
            Some(score) => score as f64,
            None => s.construct(0) as f64,
        };
        s.progress = first_progress(&s.problem, &s.best, first);
        s
    }

    /// Make the problem's start board (if it has one) the first best and
    /// let it deposit as one iteration's only ant would: τ ← (1 − ρ)·τ + ρ
    /// on its choices. Returns its score.
    fn start_board(&mut self) -> Option<u64> {
        let mut genes = vec![0; self.problem.genes()];
        if !self.problem.start_genes(&mut genes) {
            return None;
        }
        self.problem.build(&genes, &mut self.board);
        let score = self.problem.score(&self.board);
        self.best.offer(&self.board, score);
        let mut choices = vec![0; self.steps];
        if self.problem.construction_of(&self.board, &mut choices) {
            for t in self.tau.iter_mut() {
                *t *= 1.0 - self.rho;
            }
            for (step, &v) in choices.iter().enumerate() {
                self.tau[step * self.values + v as usize] += self.rho;
            }
            for t in self.tau.iter_mut() {
                *t = t.max(self.tau_min);
            }
        }
        Some(score)
    }

    /// Build one board as ant `a`; returns its score.
    fn construct(&mut self, a: usize) -> u64 {
        self.problem.begin();
        for step in 0..self.steps {
            self.problem.heuristic(step, &mut self.eta);
            let tau = &self.tau[step * self.values..(step + 1) * self.values];
            for ((w, &t), &e) in self.weights.iter_mut().zip(tau).zip(&self.eta) {
                *w = if e > 0.0 {
                    pow(t, self.alpha) * pow(e, self.beta)
                } else {
                    0.0
                };
            }
            let v = roulette(&self.weights, &mut self.rng).expect("a tile is left") as u8;
            self.problem.place(step, v);
            self.choices[a * self.steps + step] = v;
        }
        let s = self.problem.finish(&mut self.board);
        self.best.offer(&self.board, s);
        s
    }
}

fn pow(x: f64, e: f64) -> f64 {
    if e == 1.0 {
        x
    } else if e == 2.0 {
        x * x
    } else {
        x.powf(e)
    }
}

impl<P: BoardProblem> Search for Aco<P> {
    type Solution = Vec<u8>;

    fn name(&self) -> &'static str {
        "aco"
    }

    fn step(&mut self) -> Progress {
        let before = self.best.score;
        for a in 0..self.ants {
            self.scores[a] = self.construct(a);
        }
        let scores = &self.scores;
        self.order
            .sort_unstable_by(|&a, &b| scores[a].cmp(&scores[b]).then(a.cmp(&b)));
        for t in self.tau.iter_mut() {
            *t *= 1.0 - self.rho;
        }
        let amount = self.rho / self.deposit as f64;
        for &a in &self.order[..self.deposit] {
            for step in 0..self.steps {
                let v = self.choices[a * self.steps + step] as usize;
                self.tau[step * self.values + v] += amount;
            }
        }
        for t in self.tau.iter_mut() {
            *t = t.max(self.tau_min);
        }
        let mean = self.scores.iter().map(|&s| s as f64).sum::<f64>() / self.ants as f64;
        self.progress = next_progress(self.progress, &self.problem, &self.best, mean, before);
        self.progress
    }

    board_search_accessors!();
}

#[cfg(test)]
mod tests {
    use crate::boards::published::testing::check_algorithm;
    use crate::boards::terra_mystica::{Rules, Weights};
    use crate::boards::{Algorithm, BoardGame};

    #[test]
    fn terra_mystica_improves_and_reports_true_scores() {
        for rules in [Rules::Strict, Rules::Published] {
            check_algorithm(
                Algorithm::Aco,
                BoardGame::TerraMystica,
                rules,
                Weights::default(),
                20,
                &["ants=5"],
            );
        }
    }

    #[test]
    fn catan_improves_and_reports_true_scores() {
        check_algorithm(
            Algorithm::Aco,
            BoardGame::Catan,
            Rules::Strict,
            Weights::default(),
            30,
            &["ants=3"],
        );
    }
}
