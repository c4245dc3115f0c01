//! Benchmarks of the hex-board searches: every algorithm over seeds 1..N
//! in parallel, with the figures the papers report, ready to print,
//! serialize or draw. The command line's `evoboard bench` is a thin
//! front end over this module; the app or the plugin can run the same
//! plan.
//!
//! - [`BenchPlan`]: algorithms × parameters × seeds, the game and its
//!   scoring, the time limit and the checkpoints; [`BenchPlan::run`]
//!   runs it on a rayon pool and reports each finished run to a
//!   [`BenchProgress`] callback;
//! - [`Summary`]: mean ± sd, time to best, per-requirement means,
//!   [`Checkpoint`]s and the mean curve on the [`time_grid`];
//! - [`SweepPlan`]: every combination of values of some parameters of one
//!   algorithm, the best set, and PSO's published set numbers;
//! - [`published`]: the papers' end points matching a bench;
//! - [`BenchReport`] and [`SweepReport`]: what `bench --json` prints, as
//!   `Serialize` types; [`CurveChart`] and [`Dot`]s: what its plots show.
//!
//! ```
//! use evoboard_core::boards::bench::{BenchPlan, algorithms_with_params};
//! use evoboard_core::boards::BoardGame;
//! let entries = algorithms_with_params(BoardGame::Catan, "best,sahc", &[])?;
//! let mut plan = BenchPlan::new(BoardGame::Catan, entries);
//! plan.runs = 2;
//! plan.time_limit = 0.1;
//! plan.checkpoints = vec![0.05];
//! let outcome = plan.run(&|p| assert!(p.finished <= p.total))?;
//! let report = outcome.report();
//! assert_eq!(report.results.len(), 2);
//! let json = serde_json::to_value(&report).unwrap();
//! assert_eq!(json["results"][1]["algorithm"], "sahc");
//! assert_eq!(json["results"][0]["checkpoints"][0]["seconds"], 0.05);
//! # Ok::<(), evoboard_core::boards::bench::BenchError>(())
//! ```

mod chart;
mod error;
mod plan;
pub mod published;
mod report;
mod sampled;
mod stats;
mod sweep;
#[cfg(test)]
mod tests;

pub use chart::{CurveChart, Dot, Line, LinePoint, Marker, algorithm_colour};
pub use error::BenchError;
pub use plan::{BenchEntry, BenchPlan, BenchProgress, algorithms_with_params};
pub use published::PublishedPoint;
pub use report::{
    AlgorithmSummary, BenchReport, CheckpointSummary, PublishedFigure, SweepReport, SweepSetSummary,
};
pub use sampled::{SampledRun, TRACE_POINTS, run_sampled};
pub use stats::{Checkpoint, GRID_POINTS, GRID_START_MS, Summary, parse_checkpoints, time_grid};
pub use sweep::{MAX_SETS, SweepOutcome, SweepPlan, SweepSet, pso_set_number};

use crate::boards::{Algorithm, Params};
use std::fmt::Write as _;

/// The runs of one algorithm of a bench and their figures.
#[derive(Clone, Debug)]
pub struct AlgorithmResult {
    /// The search.
    pub algorithm: Algorithm,
    /// Its parameters.
    pub params: Params,
    /// Every run, in seed order (seed 1 first).
    pub runs: Vec<SampledRun>,
    /// Their figures.
    pub summary: Summary,
    /// The published end points matching this algorithm's set-up.
    pub published: Vec<PublishedPoint>,
}

/// A finished bench: its plan and one result per entry, in the plan's
/// order.
#[derive(Clone, Debug)]
pub struct BenchOutcome {
    /// The plan that ran.
    pub plan: BenchPlan,
    /// One result per entry of the plan.
    pub results: Vec<AlgorithmResult>,
}

impl BenchOutcome {
    /// The score over time of every run as CSV, `algorithm,seed,ms,score`
    /// (the start, every improvement, [`TRACE_POINTS`] grid points and the
    /// end; only the header unless the plan's `trace` was set).
    pub fn score_over_time_csv(&self) -> String {
        let mut csv = String::from("algorithm,seed,ms,score\n");
        for r in &self.results {
            for (seed, run) in (1..).zip(&r.runs) {
                for (ms, score) in &run.trace {
                    let _ = writeln!(csv, "{},{seed},{ms:.1},{score}", r.algorithm);
                }
            }
        }
        csv
    }
}
