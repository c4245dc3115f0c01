//! The published GA that tunes the evaluation coefficients.
//!
//! Real-valued chromosome (the strategy's free α, initial range [-10, 10]),
//! fitness = matches won against a fixed opponent team, population 100,
//! 200 generations, elite 10 %, uniform crossover at rate 0.8, uniform
//! mutation with probability 0.05 per gene, roulette selection.
//!
//! Every generation plays all individuals on the same fresh deals (common
//! random numbers), elites included, so a lucky evaluation does not stick.
//! It is an ask-and-tell [`Search`]: one `step` is one generation.

use super::agents::{Coefficients, EvalAgent, free_coefficients};
use super::error::DominoError;
use super::simulator::play_range;
use super::spec::{EvalSpec, Preset};
use crate::rng::{Rng, RngExt, derive_seed, seeded};
use crate::search::{Objective, Progress, Search};
use rayon::prelude::*;

/// GA settings; [`Default`] is the published setup.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct TunerSettings {
    /// Individuals per generation.
    pub population: usize,
    /// Generations.
    pub generations: u64,
    /// Matches per fitness evaluation (per opponent).
    pub matches: u64,
    /// Share of the population copied unchanged.
    pub elite: f64,
    /// Probability that a child is a uniform crossover of two parents.
    pub crossover: f64,
    /// Probability that a gene is redrawn uniformly.
    pub mutation: f64,
    /// Genes are drawn in [-range, range].
    pub range: f64,
}

impl Default for TunerSettings {
    fn default() -> Self {
        TunerSettings {
            population: 100,
            generations: 200,
            matches: 5000,
            elite: 0.10,
            crossover: 0.8,
            mutation: 0.05,
            range: 10.0,
        }
    }
}

/// The fixed opponents of a stage: 1 → basic; 2 → the strategy's own
/// stage-1 coefficients (our `tK` preset, else the published `sK`);
/// 3 → the other three strategies at stage 2 (`tJ@2`, else `sJ@2`).
pub fn stage_opponents(strategy: u8, stage: u8) -> Result<Vec<EvalSpec>, DominoError> {
    free_coefficients(strategy)?;
    let named = |ours: String, published: String| {
        let p = Preset::named(&ours)
            .or_else(|| Preset::named(&published))
            .expect("the published presets s1..s4 and s1@2..s4@2 exist");
        EvalSpec::Preset(p)
    };
    match stage {
        1 => Ok(vec![EvalSpec::Basic]),
        2 => Ok(vec![named(format!("t{strategy}"), format!("s{strategy}"))]),
        3 => Ok((1..=4u8)
            .filter(|&j| j != strategy)
            .map(|j| named(format!("t{j}@2"), format!("s{j}@2")))
            .collect()),
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
        if settings.population < 2 {
            return Err(DominoError::PopulationTooSmall {
                population: settings.population,
            });
        }
        if settings.matches == 0 {
            return Err(DominoError::NoMatches);
        }
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

    fn roulette(&mut self, fitness: &[f64], total: f64) -> usize {
        if total <= 0.0 {
            return self.rng.random_range(0..fitness.len() as u32) as usize;
        }
        let mut x = self.rng.random::<f64>() * total;
        for (i, f) in fitness.iter().enumerate() {
            x -= f;
            if x < 0.0 {
                return i;
            }
        }
        fitness.len() - 1
    }
}

fn random_genome(free: &[bool; 7], range: f64, rng: &mut Rng) -> Coefficients {
    std::array::from_fn(|i| {
        if free[i] {
            rng.random_range(-range..range)
        } else {
            0.0
        }
    })
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
        let mean = super::stats::mean(&fitness);
        let improved = fitness[best_i] > self.best.1 || self.generation == 0;
        self.best = (self.population[best_i], fitness[best_i]);
        self.history.push((fitness[best_i], mean));
        // Breed the next generation.
        let n = self.population.len();
        let elites = ((n as f64 * self.settings.elite).round() as usize).clamp(1, n);
        let mut next: Vec<Coefficients> = order[..elites]
            .iter()
            .map(|&i| self.population[i])
            .collect();
        let total: f64 = fitness.iter().sum();
        while next.len() < n {
            let i1 = self.roulette(&fitness, total);
            let p1 = self.population[i1];
            let mut child = p1;
            if self.rng.random::<f64>() < self.settings.crossover {
                let i2 = self.roulette(&fitness, total);
                let p2 = self.population[i2];
                for (i, g) in child.iter_mut().enumerate() {
                    if self.rng.random::<bool>() {
                        *g = p2[i];
                    }
                }
            }
            for (i, g) in child.iter_mut().enumerate() {
                if self.free[i] && self.rng.random::<f64>() < self.settings.mutation {
                    *g = self
                        .rng
                        .random_range(-self.settings.range..self.settings.range);
                }
            }
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
