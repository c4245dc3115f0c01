//! `domino tune --json`: the GA's best coefficients, its settings and,
//! with `--runs`, every run and the t-tests of their best fitness.

use crate::domino::{Coefficients, RunResult, RunsSummary, TunerSettings};
use serde::Serialize;

/// What `domino tune --json` prints: the best run's coefficients and
/// history, and the GA's settings.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct TuneReport {
    /// The strategy tuned (1-4).
    pub strategy: u8,
    /// The stage (1-3).
    pub stage: u8,
    /// The best run's best coefficients (7 numbers).
    pub coefficients: Coefficients,
    /// Their fitness: wins in the last evaluation.
    pub fitness: f64,
    /// Matches per evaluation (all opponents together).
    pub matches: u64,
    /// Best and mean fitness of every generation of the best run.
    pub history: Vec<HistoryPoint>,
    /// Wall time of all runs, in whole milliseconds.
    pub elapsed_ms: u64,
    /// The best run's seed.
    pub seed: u64,
    /// The opponents, by agent name.
    pub opponents: Vec<String>,
    /// Population size.
    pub population: usize,
    /// Generations per run.
    pub generations: u64,
    /// The crossover operator (`scattered`, `two-point`).
    pub crossover: &'static str,
    /// Probability that a child is a crossover of two parents.
    pub crossover_rate: f64,
    /// Probability that a free gene is redrawn.
    pub mutation: f64,
    /// Individuals copied unchanged each generation.
    pub elite: usize,
    /// The coefficients' range, `[LO, HI]`.
    pub range: [f64; 2],
    /// With `--runs`: every run, and the runs' mean, spread and t-tests.
    #[serde(flatten)]
    pub runs: Option<TuneRunsReport>,
}

/// One generation's fitness in [`TuneReport::history`].
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
pub struct HistoryPoint {
    /// The best fitness.
    pub best: f64,
    /// The mean fitness.
    pub mean: f64,
}

/// The keys `domino tune --runs R --json` adds to [`TuneReport`].
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct TuneRunsReport {
    /// Every run, in seed order.
    pub runs: Vec<TuneRunReport>,
    /// The mean of the runs' best fitness.
    pub mean_fitness: f64,
    /// Its sample standard deviation.
    pub sd_fitness: f64,
    /// One t-test per `--t-test` level.
    pub t_tests: Vec<LevelTestReport>,
}

/// One run of `domino tune --runs`.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct TuneRunReport {
    /// The run's seed.
    pub seed: u64,
    /// Its best fitness.
    pub fitness: f64,
    /// Its best coefficients.
    pub coefficients: Coefficients,
    /// Its wall time, in whole milliseconds.
    pub elapsed_ms: u64,
}

/// A one-sample t-test of the runs' best fitness against a level.
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
pub struct LevelTestReport {
    /// The level, in wins per evaluation.
    pub level: f64,
    /// t.
    pub t: f64,
    /// Degrees of freedom.
    pub df: f64,
    /// The two-sided p-value.
    pub p_value: f64,
}

impl TuneReport {
    /// The report of the GA's `best` run for `strategy` at `stage`, run
    /// with `settings` against `opponents` (agent names) in `elapsed_ms`.
    /// No `--runs` keys: set [`Self::runs`] with [`TuneRunsReport::new`].
    pub fn new(
        (strategy, stage): (u8, u8),
        best: &RunResult,
        settings: &TunerSettings,
        opponents: Vec<String>,
        elapsed_ms: u64,
    ) -> Self {
        TuneReport {
            strategy,
            stage,
            coefficients: best.coefficients,
            fitness: best.fitness,
            matches: best.matches,
            history: best
                .history
                .iter()
                .map(|&(best, mean)| HistoryPoint { best, mean })
                .collect(),
            elapsed_ms,
            seed: best.seed,
            opponents,
            population: settings.population,
            generations: settings.generations,
            crossover: settings.crossover_kind.name(),
            crossover_rate: settings.crossover,
            mutation: settings.mutation,
            elite: settings.elite.count(settings.population),
            range: [settings.range.0, settings.range.1],
            runs: None,
        }
    }
}

impl TuneRunsReport {
    /// The runs (each with its wall time in milliseconds) and their
    /// `summary`.
    pub fn new(results: &[(RunResult, u64)], summary: &RunsSummary) -> Self {
        TuneRunsReport {
            runs: results
                .iter()
                .map(|(r, ms)| TuneRunReport {
                    seed: r.seed,
                    fitness: r.fitness,
                    coefficients: r.coefficients,
                    elapsed_ms: *ms,
                })
                .collect(),
            mean_fitness: summary.mean,
            sd_fitness: summary.sd,
            t_tests: summary
                .t_tests
                .iter()
                .map(|t| LevelTestReport {
                    level: t.level,
                    t: t.test.statistic,
                    df: t.test.df,
                    p_value: t.test.p_value,
                })
                .collect(),
        }
    }
}
