//! A parameter sweep (`bench --param-sweep P1,P2,… [--sweep-values
//! V1,V2,…]`): every combination of the values for the one algorithm of
//! a plan, its runs each, and which set is best (lowest mean final score,
//! ties by the shorter mean time to best). For `pso` over inertia,
//! cognitive and social on the published grid, each set also gets the
//! paper's number ([`pso_set_number`]).

use super::{BenchError, BenchPlan, BenchProgress, Summary};
use crate::boards::published::published_set;
use crate::boards::{self, Algorithm, Params};

/// Most parameter sets one sweep may run.
pub const MAX_SETS: usize = 10_000;

/// A sweep: the base plan (one entry), the swept names and values, and
/// every set they make.
///
/// ```
/// use evoboard_core::boards::bench::{BenchEntry, BenchPlan, SweepPlan};
/// use evoboard_core::boards::{Algorithm, BoardGame};
/// let game = BoardGame::TerraMystica;
/// let plan = BenchPlan::new(game, vec![BenchEntry::new(game, Algorithm::Pso)]);
/// let sweep = SweepPlan::new(plan, "inertia,social", "0.33,0.66")?;
/// assert_eq!(sweep.sets.len(), 4);
/// assert!(SweepPlan::new(sweep.bench.clone(), "inertia,inertia", "0.33").is_err());
/// # Ok::<(), evoboard_core::boards::bench::BenchError>(())
/// ```
#[derive(Clone, Debug, PartialEq)]
pub struct SweepPlan {
    /// The plan every set runs with (its one entry is the base set).
    pub bench: BenchPlan,
    /// The swept parameters, in the order given.
    pub swept: Vec<String>,
    /// The values every swept parameter takes, as written.
    pub values: Vec<String>,
    /// Every combination, the first swept name varying slowest.
    pub sets: Vec<Params>,
}

/// One set of a finished sweep.
#[derive(Clone, Debug)]
pub struct SweepSet {
    /// Its number, from 1.
    pub number: usize,
    /// PSO's published number of these weights, if on the paper's grid.
    pub published_set: Option<usize>,
    /// The parameters.
    pub params: Params,
    /// The figures of its runs.
    pub summary: Summary,
}

impl SweepSet {
    /// The number a chart tags the set with: the published one when
    /// there is one, else its own.
    pub fn tag(&self) -> usize {
        self.published_set.unwrap_or(self.number)
    }

    /// The value of the numeric parameter `name` (a swept one, say) in
    /// this set (NaN when it has none).
    pub fn value(&self, name: &str) -> f64 {
        value(&self.params, name)
    }
}

/// A finished sweep.
#[derive(Clone, Debug)]
pub struct SweepOutcome {
    /// The sweep that ran.
    pub plan: SweepPlan,
    /// One per set, in the plan's order.
    pub sets: Vec<SweepSet>,
    /// Index in `sets` of the best: the lowest mean final score, ties by
    /// the shorter mean time to best.
    pub best: usize,
}

/// The value of the numeric parameter `name` (NaN when absent).
fn value(params: &Params, name: &str) -> f64 {
    params
        .iter()
        .find(|(n, _)| *n == name)
        .map_or(f64::NAN, |(_, v)| v)
}

/// The published PSO set (1..=64) with `params`' inertia, cognitive and
/// social, if `algorithm` is PSO and they are on the paper's grid.
///
/// ```
/// use evoboard_core::boards::bench::pso_set_number;
/// use evoboard_core::boards::{Algorithm, BoardGame, Params, param_specs};
/// let specs = param_specs(BoardGame::TerraMystica, Algorithm::Pso);
/// let pairs = ["inertia=0.66", "cognitive=0.99", "social=0.99"].map(String::from);
/// let params = Params::parse(specs, &pairs, Algorithm::Pso)?;
/// assert_eq!(pso_set_number(Algorithm::Pso, &params), Some(48));
/// # Ok::<(), evoboard_core::boards::BoardError>(())
/// ```
pub fn pso_set_number(algorithm: Algorithm, params: &Params) -> Option<usize> {
    if algorithm != Algorithm::Pso {
        return None;
    }
    let w = (
        value(params, "inertia"),
        value(params, "cognitive"),
        value(params, "social"),
    );
    (1..=64).find(|&k| published_set(k) == Some(w))
}

/// Comma-separated words, trimmed, empty ones dropped.
fn words(text: &str) -> Vec<String> {
    text.split(',')
        .map(str::trim)
        .filter(|s| !s.is_empty())
        .map(String::from)
        .collect()
}

impl SweepPlan {
    /// Sweep the comma-separated parameters `names` of `bench`'s one
    /// entry over the comma-separated `values`, every set on top of the
    /// entry's parameters. Refused: other than one entry, no names, a name
    /// the algorithm lacks or given twice, PSO with a published `set`, no
    /// values, more than [`MAX_SETS`] sets, a value out of bounds.
    pub fn new(bench: BenchPlan, names: &str, values: &str) -> Result<SweepPlan, BenchError> {
        let [entry] = bench.entries.as_slice() else {
            return Err(BenchError::SweepAlgorithms {
                count: bench.entries.len(),
            });
        };
        let algorithm = entry.algorithm;
        let specs = boards::param_specs(bench.game, algorithm);
        let swept = words(names);
        if swept.is_empty() {
            return Err(BenchError::NoSweptParams);
        }
        for (i, n) in swept.iter().enumerate() {
            if !specs.iter().any(|s| s.name == n.as_str()) {
                return Err(BenchError::UnknownSweptParam {
                    algorithm: algorithm.name(),
                    name: n.clone(),
                    allowed: specs.iter().map(|s| s.name).collect(),
                });
            }
            if swept[..i].contains(n) {
                return Err(BenchError::SweptTwice { name: n.clone() });
            }
        }
        if algorithm == Algorithm::Pso && value(&entry.params, "set") != 0.0 {
            return Err(BenchError::SweepWithPsoSet);
        }
        let values = words(values);
        if values.is_empty() {
            return Err(BenchError::NoSweepValues);
        }
        let sets = sets(algorithm, specs, &entry.params, &swept, &values)?;
        Ok(SweepPlan {
            bench,
            swept,
            values,
            sets,
        })
    }

    /// The swept algorithm.
    pub fn algorithm(&self) -> Algorithm {
        self.bench.entries[0].algorithm
    }

    /// Runs in the whole sweep: sets × runs.
    pub fn total_runs(&self) -> u64 {
        self.sets.len() as u64 * self.bench.runs
    }

    /// Run every set (all sets × seeds in one pool), calling `progress`
    /// as each run finishes, and find the best set.
    pub fn run(
        &self,
        progress: &(dyn Fn(BenchProgress) + Sync),
    ) -> Result<SweepOutcome, BenchError> {
        let algorithm = self.algorithm();
        let mut plan = self.bench.clone();
        plan.entries = self
            .sets
            .iter()
            .map(|params| super::BenchEntry {
                algorithm,
                params: params.clone(),
            })
            .collect();
        let grid_ms = plan.grid_ms();
        let outcomes = plan.run_entries(&grid_ms, progress)?;
        let sets: Vec<SweepSet> = self
            .sets
            .iter()
            .zip(&outcomes)
            .enumerate()
            .map(|(i, (params, runs))| SweepSet {
                number: i + 1,
                published_set: pso_set_number(algorithm, params),
                params: params.clone(),
                summary: plan.summary(runs, &grid_ms),
            })
            .collect();
        let best = (0..sets.len())
            .min_by(|&i, &j| {
                let (si, sj) = (&sets[i].summary, &sets[j].summary);
                si.mean
                    .total_cmp(&sj.mean)
                    .then(si.mean_ms.total_cmp(&sj.mean_ms))
            })
            .unwrap_or(0);
        Ok(SweepOutcome {
            plan: self.clone(),
            sets,
            best,
        })
    }
}

impl SweepOutcome {
    /// The swept values of `set`, e.g. `inertia 0.33, social 0.66`.
    pub fn swept_text(&self, set: &SweepSet) -> String {
        self.plan
            .swept
            .iter()
            .map(|n| format!("{n} {}", value(&set.params, n)))
            .collect::<Vec<_>>()
            .join(", ")
    }
}

/// The parameter sets of a sweep: every combination of `values` for
/// `names`, the first name varying slowest, on top of `base`.
fn sets(
    algorithm: Algorithm,
    specs: &[boards::ParamSpec],
    base: &Params,
    names: &[String],
    values: &[String],
) -> Result<Vec<Params>, BenchError> {
    let count = values
        .len()
        .checked_pow(names.len() as u32)
        .filter(|&n| n <= MAX_SETS)
        .ok_or(BenchError::TooManySets {
            values: values.len(),
            params: names.len(),
        })?;
    let mut out = Vec::with_capacity(count);
    for k in 0..count {
        let mut p = base.clone();
        let mut rest = k;
        for (i, name) in names.iter().enumerate().rev() {
            let v = &values[rest % values.len()];
            rest /= values.len();
            p.set(specs, name, v, algorithm)
                .map_err(|error| BenchError::SweepValue {
                    names: names[..=i].join(","),
                    error: Box::new(error),
                })?;
        }
        out.push(p);
    }
    Ok(out)
}
