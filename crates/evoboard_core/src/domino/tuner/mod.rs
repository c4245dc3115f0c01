//! The published GA that tunes the evaluation coefficients, and the
//! dissertation's experiments around it.
//!
//! Real-valued chromosome (the strategy's free α, initial range [-10, 10]),
//! fitness = matches won against a fixed opponent team, population 100,
//! 200 generations, elite 10 %, uniform crossover at rate 0.8, uniform
//! mutation with probability 0.05 per gene, roulette selection; every
//! setting can be changed ([`TunerSettings`], `settings.rs`; the operators
//! are in `operators.rs`).
//!
//! Every generation plays all individuals on the same fresh deals (common
//! random numbers), elites included, so a lucky evaluation does not stick.
//! It is an ask-and-tell [`Search`]: one `step` is one generation.
//! Repeated runs and their statistics are in `runs.rs` ([`run_ga`],
//! [`RunsSummary`]), the head-to-head table of the strategies in
//! `table.rs` ([`head_to_head`]).

mod operators;
mod runs;
mod settings;
mod table;
#[cfg(test)]
mod tests;

pub use runs::{LevelTest, RunResult, RunsSummary, run_ga};
pub use settings::{Crossover, Elite, TunerSettings};
pub use table::{HeadToHeadCell, head_to_head, strategy_preset};

use super::agents::{Coefficients, EvalAgent, free_coefficients};
use super::error::DominoError;
use super::simulator::play_range;
use super::spec::EvalSpec;
use crate::rng::{Rng, RngExt, derive_seed, seeded};
use crate::search::{Objective, Progress, Search};
use operators::{crossover, mutate, random_genome, roulette};
use rayon::prelude::*;

/// The fixed opponents of a stage: 1 → basic; 2 → the strategy's own
/// stage-1 coefficients (our `tK` preset, else the published `sK`);
/// 3 → the other three strategies at stage 2 (`tJ@2`, else `sJ@2`).
pub fn stage_opponents(strategy: u8, stage: u8) -> Result<Vec<EvalSpec>, DominoError> {
    free_coefficients(strategy)?;
    match stage {
        1 => Ok(vec![EvalSpec::Basic]),
        2 => Ok(vec![strategy_preset(strategy, 1, false)?]),
        3 => (1..=4u8)
            .filter(|&j| j != strategy)
            .map(|j| strategy_preset(j, 2, false))
            .collect(),
        _ => Err(DominoError::BadStage { stage }),
    }
}

/// The GA tuner.
pub struct GaTuner {
    settings: TunerSettings,
    free: [bool; 7],
    opponents: Vec<EvalAgent>,
    seed: u64,
    rng: Rng,
    population: Vec<Coefficients>,
    generation: u64,
    evaluations: u64,
    best: (Coefficients, f64),
    history: Vec<(f64, f64)>,
    progress: Progress,
}

impl GaTuner {
    /// A tuner for `strategy` (1-4) against `opponents` (errors on a bad
    /// strategy or settings, or an opponent's unreadable coefficient file).
    pub fn new(
        strategy: u8,
        opponents: &[EvalSpec],
        settings: TunerSettings,
        seed: u64,
    ) -> Result<GaTuner, DominoError> {
        let free = free_coefficients(strategy)?;
        settings.check()?;
        let opponents = opponents
            .iter()
            .map(EvalSpec::build)
            .collect::<Result<Vec<_>, _>>()?;
        let mut rng = seeded(seed);
        let population = (0..settings.population)
            .map(|_| random_genome(&free, settings.range, &mut rng))
            .collect();
        Ok(GaTuner {
            settings,
            free,
            opponents,
            seed,
            rng,
            population,
            generation: 0,
            evaluations: 0,
            best: ([0.0; 7], 0.0),
            history: Vec::new(),
            progress: Progress {
                generation: 0,
                evaluations: 0,
                best: 0.0,
                mean: 0.0,
                improved: false,
            },
        })
    }

    /// Best and mean fitness of every generation so far.
    pub fn history(&self) -> &[(f64, f64)] {
        &self.history
    }

    /// The current population (the next generation to be evaluated).
    pub fn population(&self) -> &[Coefficients] {
        &self.population
    }

    /// The settings it runs with.
    pub fn settings(&self) -> &TunerSettings {
        &self.settings
    }

    /// Matches per evaluation (all opponents together).
    pub fn matches_per_evaluation(&self) -> u64 {
        self.settings.matches * self.opponents.len() as u64
    }

    /// Wins of each genome on generation `generation`'s deals.
    fn evaluate(&self, pop: &[Coefficients]) -> Vec<f64> {
        let gen_seed = derive_seed(self.seed, 1_000_000 + self.generation);
        let opponents = &self.opponents;
        let matches = self.settings.matches;
        pop.par_iter()
            .map(|c| {
                let me = EvalAgent::new("candidate", *c);
                opponents
                    .iter()
                    .enumerate()
                    .map(|(j, o)| play_range(&me, o, derive_seed(gen_seed, j as u64), 0, matches).0)
                    .sum::<u64>() as f64
            })
            .collect()
    }
}

impl Search for GaTuner {
    type Solution = Coefficients;

    fn name(&self) -> &'static str {
        "ga"
    }

    fn objective(&self) -> Objective {
        Objective::Maximize
    }

    fn step(&mut self) -> Progress {
        let fitness = self.evaluate(&self.population);
        self.evaluations += fitness.len() as u64;
        let mut order: Vec<usize> = (0..fitness.len()).collect();
        order.sort_by(|&a, &b| fitness[b].total_cmp(&fitness[a]).then(a.cmp(&b)));
        let best_i = order[0];
        let mean = crate::stats::mean(&fitness);
        let improved = fitness[best_i] > self.best.1 || self.generation == 0;
        self.best = (self.population[best_i], fitness[best_i]);
        self.history.push((fitness[best_i], mean));
        // Breed the next generation.
        let n = self.population.len();
        let elites = self.settings.elite.count(n);
        let mut next: Vec<Coefficients> = order[..elites]
            .iter()
            .map(|&i| self.population[i])
            .collect();
        let total: f64 = fitness.iter().sum();
        let s = self.settings;
        while next.len() < n {
            let i1 = roulette(&fitness, total, &mut self.rng);
            let mut child = self.population[i1];
            if self.rng.random::<f64>() < s.crossover {
                let i2 = roulette(&fitness, total, &mut self.rng);
                let p2 = self.population[i2];
                crossover(s.crossover_kind, &self.free, &mut child, &p2, &mut self.rng);
            }
            mutate(&self.free, &mut child, s.mutation, s.range, &mut self.rng);
            next.push(child);
        }
        self.population = next;
        self.generation += 1;
        self.progress = Progress {
            generation: self.generation,
            evaluations: self.evaluations,
            best: self.best.1,
            mean,
            improved,
        };
        self.progress
    }

    fn best(&self) -> (&Coefficients, f64) {
        (&self.best.0, self.best.1)
    }

    fn progress(&self) -> Progress {
        self.progress
    }
}
