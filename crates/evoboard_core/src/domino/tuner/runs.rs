//! Repeated GA runs, as the dissertation studied its settings: one run per
//! seed ([`run_ga`]), then the mean and standard deviation of the runs'
//! best fitness and one-sample t-tests against fixed levels
//! ([`RunsSummary`]).

use super::super::agents::Coefficients;
use super::super::error::DominoError;
use super::super::spec::EvalSpec;
use super::{GaTuner, TunerSettings};
use crate::search::{Progress, Search};
use crate::stats::{TestResult, mean, sd, t_test};

/// The outcome of one GA run.
#[derive(Clone, Debug, PartialEq)]
pub struct RunResult {
    /// The run's seed.
    pub seed: u64,
    /// The best individual of the last generation.
    pub coefficients: Coefficients,
    /// Its fitness: wins in the last generation's evaluation (all
    /// opponents together).
    pub fitness: f64,
    /// Best and mean fitness of every generation.
    pub history: Vec<(f64, f64)>,
    /// Matches per evaluation (all opponents together).
    pub matches: u64,
}

/// Run the GA for `settings.generations` generations with `seed` on the
/// current rayon pool (the result does not depend on the thread count);
/// `on_generation` sees each generation's progress.
pub fn run_ga(
    strategy: u8,
    opponents: &[EvalSpec],
    settings: TunerSettings,
    seed: u64,
    on_generation: &mut dyn FnMut(Progress),
) -> Result<RunResult, DominoError> {
    let mut ga = GaTuner::new(strategy, opponents, settings, seed)?;
    for _ in 0..settings.generations {
        on_generation(ga.step());
    }
    let (coefficients, fitness) = ga.best();
    Ok(RunResult {
        seed,
        coefficients: *coefficients,
        fitness,
        history: ga.history().to_vec(),
        matches: ga.matches_per_evaluation(),
    })
}

/// A one-sample t-test of the runs' best fitness against a level.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct LevelTest {
    /// The level, in wins per evaluation.
    pub level: f64,
    /// t (`statistic`), degrees of freedom and two-sided p.
    pub test: TestResult,
}

/// Mean, standard deviation and t-tests of repeated runs' best fitness.
#[derive(Clone, Debug, PartialEq)]
pub struct RunsSummary {
    /// Mean best fitness.
    pub mean: f64,
    /// Sample standard deviation (n − 1) of the best fitness.
    pub sd: f64,
    /// One test per level, in the order given.
    pub t_tests: Vec<LevelTest>,
    /// Index (into the runs) of the best run: highest fitness, the
    /// earliest on ties.
    pub best: usize,
}

impl RunsSummary {
    /// Summarize `runs` (at least one; t-tests need two) and test their
    /// best fitness against each of `levels` (wins per evaluation).
    ///
    /// ```
    /// use evoboard_core::domino::{RunResult, RunsSummary};
    /// let run = |seed, fitness| RunResult {
    ///     seed, coefficients: [0.0; 7], fitness, history: vec![], matches: 100,
    /// };
    /// let s = RunsSummary::of(&[run(1, 60.0), run(2, 64.0), run(3, 62.0)], &[50.0]).unwrap();
    /// assert_eq!((s.mean, s.sd, s.best), (62.0, 2.0, 1));
    /// // t = (62 - 50) / (2 / √3) = 10.39, df 2
    /// assert!((s.t_tests[0].test.statistic - 10.392).abs() < 1e-3);
    /// ```
    pub fn of(runs: &[RunResult], levels: &[f64]) -> Result<RunsSummary, DominoError> {
        if runs.is_empty() {
            return Err(DominoError::BadTunerSetting {
                setting: "runs",
                value: "0".into(),
                allowed: "at least 1".into(),
            });
        }
        if !levels.is_empty() && runs.len() < 2 {
            return Err(DominoError::BadTunerSetting {
                setting: "runs",
                value: runs.len().to_string(),
                allowed: "at least 2 for a t-test (one run has no spread)".into(),
            });
        }
        let fitness: Vec<f64> = runs.iter().map(|r| r.fitness).collect();
        let mut best = 0;
        for (i, f) in fitness.iter().enumerate() {
            if *f > fitness[best] {
                best = i;
            }
        }
        Ok(RunsSummary {
            mean: mean(&fitness),
            sd: sd(&fitness),
            t_tests: levels
                .iter()
                .map(|&level| LevelTest {
                    level,
                    test: t_test(&fitness, level),
                })
                .collect(),
            best,
        })
    }
}
