//! A bench's plan (algorithms × parameters × seeds 1..N, the game, its
//! scoring, the time limit and the checkpoints) and running it on a rayon
//! pool.

use super::{AlgorithmResult, BenchError, BenchOutcome, SampledRun, Summary};
use super::{published, run_sampled, time_grid};
use crate::boards::{self, Algorithm, BoardGame, BoardRun, Params, Scoring};
use rayon::prelude::*;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::Duration;

/// One algorithm of a bench with the parameters all its runs use.
#[derive(Clone, Debug, PartialEq)]
pub struct BenchEntry {
    /// The search.
    pub algorithm: Algorithm,
    /// Its parameters.
    pub params: Params,
}

impl BenchEntry {
    /// `algorithm` with its default parameters for `game`.
    pub fn new(game: BoardGame, algorithm: Algorithm) -> BenchEntry {
        BenchEntry {
            algorithm,
            params: Params::defaults(boards::param_specs(game, algorithm)),
        }
    }
}

/// The algorithms of a comma-separated list (`best,brkga`) and the
/// parameters of each: every `NAME=VALUE` of `params` applies to each
/// listed algorithm that has the parameter; one that none has is an
/// error.
///
/// ```
/// use evoboard_core::boards::bench::algorithms_with_params;
/// use evoboard_core::boards::{Algorithm, BoardGame};
/// let entries = algorithms_with_params(
///     BoardGame::TerraMystica,
///     "brkga, sahc",
///     &["population=50".to_string()],
/// )?;
/// assert_eq!(entries[0].algorithm, Algorithm::Brkga);
/// assert!(entries[0].params.iter().any(|p| p == ("population", 50.0)));
/// assert!(algorithms_with_params(BoardGame::Catan, "sahc", &["nope=1".into()]).is_err());
/// # Ok::<(), evoboard_core::boards::bench::BenchError>(())
/// ```
pub fn algorithms_with_params(
    game: BoardGame,
    algorithms: &str,
    params: &[String],
) -> Result<Vec<BenchEntry>, BenchError> {
    let algorithms: Vec<Algorithm> = algorithms
        .split(',')
        .map(str::trim)
        .filter(|s| !s.is_empty())
        .map(str::parse)
        .collect::<Result<_, _>>()?;
    let name_of = |p: &str| -> String { p.split_once('=').map_or(p, |(n, _)| n.trim()).into() };
    let mut out = Vec::new();
    for &algorithm in &algorithms {
        let spec = boards::param_specs(game, algorithm);
        let mine: Vec<String> = params
            .iter()
            .filter(|p| spec.iter().any(|s| s.name == name_of(p)))
            .cloned()
            .collect();
        out.push(BenchEntry {
            algorithm,
            params: Params::parse(spec, &mine, algorithm)?,
        });
    }
    for p in params {
        let name = name_of(p);
        let known = algorithms.iter().any(|&alg| {
            boards::param_specs(game, alg)
                .iter()
                .any(|s| s.name == name)
        });
        if !known {
            return Err(BenchError::ParamOfNone {
                pair: p.clone(),
                name,
                algorithms: algorithms.iter().map(|alg| alg.name()).collect(),
            });
        }
    }
    Ok(out)
}

/// What a bench runs: seeds 1..=`runs` of every entry, all in one
/// parallel pool.
///
/// ```
/// use evoboard_core::boards::bench::{BenchEntry, BenchPlan};
/// use evoboard_core::boards::{Algorithm, BoardGame};
/// let game = BoardGame::Catan;
/// let mut plan = BenchPlan::new(game, vec![BenchEntry::new(game, Algorithm::Best)]);
/// plan.runs = 2;
/// plan.time_limit = 0.2;
/// let outcome = plan.run(&|_| {})?;
/// let report = outcome.report();
/// assert_eq!(report.results[0].scores.len(), 2);
/// assert_eq!(report.results[0].runs, 2);
/// # Ok::<(), evoboard_core::boards::bench::BenchError>(())
/// ```
#[derive(Clone, Debug, PartialEq)]
pub struct BenchPlan {
    /// Terra Mystica or Catan.
    pub game: BoardGame,
    /// Rules, weights and Catan's optional rules.
    pub scoring: Scoring,
    /// The algorithms with their parameters.
    pub entries: Vec<BenchEntry>,
    /// Runs per entry (seeds 1..=runs).
    pub runs: u64,
    /// Stop a run once the score is at most this.
    pub target: f64,
    /// Seconds per run.
    pub time_limit: f64,
    /// Parallel runs (`None`: every core).
    pub threads: Option<usize>,
    /// Record every run's score over time (the CSV,
    /// [`BenchOutcome::score_over_time_csv`]).
    pub trace: bool,
    /// Sample every run on the [`time_grid`] for the mean curves of
    /// [`BenchOutcome::curve_chart`].
    pub curves: bool,
    /// Seconds at which every run's best score is reported (each > 0 and
    /// at most the time limit, ascending; see
    /// [`parse_checkpoints`](super::parse_checkpoints)).
    pub checkpoints: Vec<f64>,
}

/// A bench's progress: sent once each time a run finishes. Runs finish
/// on several threads, so two reports may arrive out of order; each run
/// is reported exactly once.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BenchProgress {
    /// Runs finished so far, this one included.
    pub finished: u64,
    /// Runs in the whole bench.
    pub total: u64,
}

impl BenchPlan {
    /// `entries` on `game` with the default scoring, 30 runs of 10 s,
    /// target 0, every core, no trace, curves or checkpoints.
    pub fn new(game: BoardGame, entries: Vec<BenchEntry>) -> BenchPlan {
        BenchPlan {
            game,
            scoring: Scoring::default(),
            entries,
            runs: 30,
            target: 0.0,
            time_limit: 10.0,
            threads: None,
            trace: false,
            curves: false,
            checkpoints: Vec::new(),
        }
    }

    /// Runs in the whole bench: runs × entries.
    pub fn total_runs(&self) -> u64 {
        self.runs * self.entries.len() as u64
    }

    /// The times (ms) every run is sampled at: the [`time_grid`] holding
    /// the checkpoints, or empty when neither curves nor checkpoints are
    /// wanted.
    pub fn grid_ms(&self) -> Vec<f64> {
        if self.curves || !self.checkpoints.is_empty() {
            time_grid(self.time_limit, &self.checkpoints)
        } else {
            Vec::new()
        }
    }

    /// Run seeds 1..=runs of every entry, calling `progress` as each run
    /// finishes (from the pool's threads), and summarise each entry.
    pub fn run(
        &self,
        progress: &(dyn Fn(BenchProgress) + Sync),
    ) -> Result<BenchOutcome, BenchError> {
        let grid_ms = self.grid_ms();
        let outcomes = self.run_entries(&grid_ms, progress)?;
        let results = self
            .entries
            .iter()
            .zip(outcomes)
            .map(|(entry, runs)| AlgorithmResult {
                algorithm: entry.algorithm,
                params: entry.params.clone(),
                summary: self.summary(&runs, &grid_ms),
                published: published::matching(
                    self.game,
                    &self.scoring,
                    entry.algorithm,
                    &entry.params,
                ),
                runs,
            })
            .collect();
        Ok(BenchOutcome {
            plan: self.clone(),
            results,
        })
    }

    /// Seeds 1..=runs of every entry, all in one parallel pool; the runs
    /// of each entry in seed order.
    pub(super) fn run_entries(
        &self,
        grid_ms: &[f64],
        progress: &(dyn Fn(BenchProgress) + Sync),
    ) -> Result<Vec<Vec<SampledRun>>, BenchError> {
        let time_limit = Duration::try_from_secs_f64(self.time_limit)
            .ok()
            .filter(|t| !t.is_zero())
            .ok_or(BenchError::TimeLimit {
                seconds: self.time_limit,
            })?;
        let pool = rayon::ThreadPoolBuilder::new()
            .num_threads(self.threads.unwrap_or(0))
            .build()
            .map_err(|e| BenchError::Threads {
                reason: e.to_string(),
            })?;
        let total = self.total_runs();
        let finished = AtomicU64::new(0);
        let jobs: Vec<(usize, u64)> = (0..self.entries.len())
            .flat_map(|g| (1..=self.runs).map(move |seed| (g, seed)))
            .collect();
        let outcomes: Vec<(usize, SampledRun)> = pool.install(|| {
            jobs.into_par_iter()
                .map(|(g, seed)| {
                    let entry = &self.entries[g];
                    let run = BoardRun {
                        params: entry.params.clone(),
                        scoring: self.scoring,
                        target: self.target,
                        time_limit,
                        ..BoardRun::new(self.game, entry.algorithm, seed)
                    };
                    let r = run_sampled(&run, self.trace, grid_ms)?;
                    progress(BenchProgress {
                        finished: finished.fetch_add(1, Ordering::Relaxed) + 1,
                        total,
                    });
                    Ok((g, r))
                })
                .collect::<Result<_, BenchError>>()
        })?;
        let mut out: Vec<Vec<SampledRun>> = self.entries.iter().map(|_| Vec::new()).collect();
        // The parallel collect keeps the job order: entry-major, seeds ascending.
        for (g, r) in outcomes {
            out[g].push(r);
        }
        Ok(out)
    }

    /// The figures of one entry's runs, sampled on `grid_ms`.
    pub(super) fn summary(&self, runs: &[SampledRun], grid_ms: &[f64]) -> Summary {
        Summary::of(self.game, self.scoring, runs, grid_ms, &self.checkpoints)
    }
}
