//! What `evoboard bench --json` prints, as `Serialize` types: a
//! [`BenchReport`] (one [`AlgorithmSummary`] per algorithm) or, with
//! `--param-sweep`, a [`SweepReport`] (one [`SweepSetSummary`] per set).
//! The keys are those of `docs/spec/cli.md`.

use super::{AlgorithmResult, BenchOutcome, Checkpoint, PublishedPoint, SweepOutcome, SweepSet};
use crate::boards::{ParamValue, Params};
use crate::stats::{mean, sd};
use serde::{Serialize, Serializer};

/// The report of a bench (`bench --json`).
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct BenchReport {
    /// The game's name (`terra-mystica`, `catan`).
    pub game: &'static str,
    /// The rule set's name.
    pub rules: &'static str,
    /// Seconds per run.
    pub time_limit: f64,
    /// One summary per algorithm, in the order listed.
    pub results: Vec<AlgorithmSummary>,
}

/// The figures of one algorithm's runs in a [`BenchReport`].
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct AlgorithmSummary {
    /// The algorithm's name.
    pub algorithm: &'static str,
    /// Runs made (seeds 1..=runs).
    pub runs: u64,
    /// Runs that reached score 0.
    pub solved: usize,
    /// Mean final score.
    pub mean_score: f64,
    /// Sample sd (n − 1) of the final scores (0 for one run).
    pub sd_score: f64,
    /// Lowest final score.
    pub best_score: f64,
    /// Median ms to the best board.
    pub median_ms_to_best: f64,
    /// Largest ms to the best board.
    pub max_ms_to_best: f64,
    /// Mean ms to the best board.
    pub mean_ms_to_best: f64,
    /// Evaluations per second over all runs.
    pub evaluations_per_sec: f64,
    /// The parameters, choices by name (`"crossover": "rows"`).
    #[serde(serialize_with = "as_object")]
    pub params: Vec<(&'static str, ParamValue)>,
    /// Final score per run, in seed order.
    pub scores: Vec<f64>,
    /// Mean unweighted violation count of the final boards per
    /// requirement, keyed as `generate --json`'s `violations`.
    #[serde(serialize_with = "as_object")]
    pub requirement_means: Vec<(&'static str, f64)>,
    /// The matching published figures (empty when none match).
    pub published: Vec<PublishedFigure>,
    /// Every run's score at each checkpoint (only with checkpoints).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub checkpoints: Option<Vec<CheckpointSummary>>,
}

/// The best score of every run at one checkpoint, with their mean and sd.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct CheckpointSummary {
    /// Seconds from the start of each run.
    pub seconds: f64,
    /// One score per run, in seed order.
    pub scores: Vec<f64>,
    /// Their mean.
    pub mean: f64,
    /// Their sample sd.
    pub sd: f64,
}

/// A published figure as the report lists it.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct PublishedFigure {
    /// Seconds into the run.
    pub seconds: f64,
    /// The published score.
    pub score: f64,
    /// The published sd (0 when none was given).
    pub sd: f64,
    /// What the figure is, e.g. `mean of 30 runs`.
    pub what: &'static str,
}

/// The report of a parameter sweep (`bench --param-sweep … --json`).
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct SweepReport {
    /// The game's name.
    pub game: &'static str,
    /// The rule set's name.
    pub rules: &'static str,
    /// The swept algorithm's name.
    pub algorithm: &'static str,
    /// Runs per set.
    pub runs: u64,
    /// Seconds per run.
    pub time_limit: f64,
    /// The swept parameters, as named.
    pub sweep_params: Vec<String>,
    /// The values each takes, as written.
    pub sweep_values: Vec<String>,
    /// One summary per set, numbered from 1 (the first swept parameter
    /// varying slowest).
    pub sweep: Vec<SweepSetSummary>,
    /// The best set (lowest mean final score, ties: shorter mean time to
    /// best): a copy of its entry in `sweep`.
    pub best_set: SweepSetSummary,
}

/// The figures of one parameter set in a [`SweepReport`].
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct SweepSetSummary {
    /// The set's number (1-based).
    pub set: usize,
    /// PSO's published set number (1..=64) when the set is on the paper's
    /// grid, else `null`.
    pub published_set: Option<usize>,
    /// The set's parameters, choices by name.
    #[serde(serialize_with = "as_object")]
    pub params: Vec<(&'static str, ParamValue)>,
    /// Mean final score.
    pub mean_score: f64,
    /// Sample sd of the final scores.
    pub sd_score: f64,
    /// Lowest final score.
    pub best_score: f64,
    /// Runs that reached score 0.
    pub solved: usize,
    /// Mean ms to the best board.
    pub mean_ms_to_best: f64,
    /// Final score per run, in seed order.
    pub scores: Vec<f64>,
    /// Every run's score at each checkpoint (only with checkpoints).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub checkpoints: Option<Vec<CheckpointSummary>>,
}

/// Name–value pairs as one JSON object, in their order.
fn as_object<S: Serializer, V: Serialize>(
    pairs: &[(&'static str, V)],
    s: S,
) -> Result<S::Ok, S::Error> {
    s.collect_map(pairs.iter().map(|(k, v)| (k, v)))
}

fn named(params: &Params) -> Vec<(&'static str, ParamValue)> {
    params.named().collect()
}

impl From<&Checkpoint> for CheckpointSummary {
    fn from(c: &Checkpoint) -> Self {
        CheckpointSummary {
            seconds: c.seconds,
            scores: c.scores.clone(),
            mean: mean(&c.scores),
            sd: sd(&c.scores),
        }
    }
}

impl From<&PublishedPoint> for PublishedFigure {
    fn from(p: &PublishedPoint) -> Self {
        PublishedFigure {
            seconds: p.seconds,
            score: p.score,
            sd: p.sd,
            what: p.what,
        }
    }
}

/// The checkpoints of a summary when any were asked for.
fn checkpoints(asked: bool, of: &[Checkpoint]) -> Option<Vec<CheckpointSummary>> {
    asked.then(|| of.iter().map(CheckpointSummary::from).collect())
}

impl BenchOutcome {
    /// The report `bench --json` prints.
    pub fn report(&self) -> BenchReport {
        let plan = &self.plan;
        BenchReport {
            game: plan.game.name(),
            rules: plan.scoring.rules_name(plan.game),
            time_limit: plan.time_limit,
            results: self
                .results
                .iter()
                .map(|r| self.algorithm_summary(r))
                .collect(),
        }
    }

    fn algorithm_summary(&self, r: &AlgorithmResult) -> AlgorithmSummary {
        let s = &r.summary;
        AlgorithmSummary {
            algorithm: r.algorithm.name(),
            runs: self.plan.runs,
            solved: s.solved,
            mean_score: s.mean,
            sd_score: s.sd,
            best_score: s.best,
            median_ms_to_best: s.median_ms,
            max_ms_to_best: s.max_ms,
            mean_ms_to_best: s.mean_ms,
            evaluations_per_sec: s.evals_per_sec,
            params: named(&r.params),
            scores: s.scores.clone(),
            requirement_means: s.requirement_means.clone(),
            published: r.published.iter().map(PublishedFigure::from).collect(),
            checkpoints: checkpoints(!self.plan.checkpoints.is_empty(), &s.checkpoints),
        }
    }
}

impl SweepOutcome {
    /// The report `bench --param-sweep … --json` prints.
    pub fn report(&self) -> SweepReport {
        let plan = &self.plan.bench;
        let sweep: Vec<SweepSetSummary> = self.sets.iter().map(|s| self.set_summary(s)).collect();
        SweepReport {
            game: plan.game.name(),
            rules: plan.scoring.rules_name(plan.game),
            algorithm: self.plan.algorithm().name(),
            runs: plan.runs,
            time_limit: plan.time_limit,
            sweep_params: self.plan.swept.clone(),
            sweep_values: self.plan.values.clone(),
            best_set: sweep[self.best].clone(),
            sweep,
        }
    }

    fn set_summary(&self, set: &SweepSet) -> SweepSetSummary {
        let s = &set.summary;
        SweepSetSummary {
            set: set.number,
            published_set: set.published_set,
            params: named(&set.params),
            mean_score: s.mean,
            sd_score: s.sd,
            best_score: s.best,
            solved: s.solved,
            mean_ms_to_best: s.mean_ms,
            scores: s.scores.clone(),
            checkpoints: checkpoints(!self.plan.bench.checkpoints.is_empty(), &s.checkpoints),
        }
    }
}
