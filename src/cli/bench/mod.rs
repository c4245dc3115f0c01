//! `evoboard bench`: every algorithm over seeds 1..N in parallel (rayon),
//! with a summary per algorithm (mean ± sd, per-requirement means,
//! checkpoints), an optional score-over-time CSV, a plot of the mean
//! score over time (`plot.rs`) and a parameter sweep (`sweep.rs`).

mod plot;
pub mod published;
pub mod stats;
mod sweep;
#[cfg(test)]
mod tests;

use super::boards::{RunOutcome, ScoringArgs, run_board};
use super::common::{
    CliError, CliResult, parse_time_limit, print_json, progress_bar, refuse_existing, write_atomic,
};
use crate::boards::{self, Algorithm, BoardGame, BoardRun, Params, Scoring};
use clap::Args;
use rayon::prelude::*;
use serde_json::{Map, Value, json};
use stats::{Summary, mean_sd};
use std::fmt::Write as _;
use std::path::PathBuf;
use std::time::Duration;

/// `evoboard bench terra-mystica|catan --algorithms LIST --runs N --time-limit S`
#[derive(Args, Debug)]
pub struct BenchArgs {
    /// terra-mystica or catan.
    #[arg(value_parser = BoardGame::parse)]
    pub game: BoardGame,
    /// Comma-separated algorithm names.
    #[arg(long, default_value = "best")]
    pub algorithms: String,
    /// Runs per algorithm (seeds 1..N; 1..=10000).
    #[arg(long, default_value_t = 30, value_parser = super::bounds::u64_in(1, 10_000))]
    pub runs: u64,
    /// Seconds per run.
    #[arg(long, default_value = "10", value_parser = parse_time_limit, allow_hyphen_values = true)]
    pub time_limit: f64,
    /// Stop a run once the score is at most this.
    #[arg(long, default_value_t = 0.0)]
    pub target: f64,
    /// Parallel runs (1..=256; default: all cores; 1 = one after another).
    #[arg(long, value_parser = super::bounds::threads())]
    pub threads: Option<usize>,
    /// Algorithm parameter NAME=VALUE (repeatable); applies to every
    /// listed algorithm that has the parameter.
    #[arg(long = "param")]
    pub params: Vec<String>,
    /// Write the score over time of every run as CSV
    /// (`algorithm,seed,ms,score`: the start, every improvement, 50 grid
    /// points and the end).
    #[arg(long)]
    pub csv: Option<PathBuf>,
    /// Overwrite --csv and --plot if they exist.
    #[arg(long)]
    pub force: bool,
    /// Seconds at which to report every run's best score (e.g.
    /// 20,60,120,300); each at most --time-limit.
    #[arg(long, value_name = "S1,S2,…")]
    pub checkpoints: Option<String>,
    /// Draw the mean score over time per algorithm (±sd band, log time
    /// axis, the papers' end points marked) to FILE.svg or FILE.png; with
    /// --param-sweep, mean score against mean time to best per set.
    #[arg(long, value_name = "FILE.svg|FILE.png")]
    pub plot: Option<PathBuf>,
    /// Sweep these numeric parameters of the one algorithm listed
    /// (comma-separated, e.g. inertia,cognitive,social): every combination
    /// of --sweep-values, --runs runs each.
    #[arg(long, value_name = "P1,P2,…")]
    pub param_sweep: Option<String>,
    /// The values every swept parameter takes (default: the PSO paper's
    /// grid).
    #[arg(
        long,
        value_name = "V1,V2,…",
        requires = "param_sweep",
        default_value = "0.01,0.33,0.66,0.99"
    )]
    pub sweep_values: String,
    /// Print one JSON object.
    #[arg(long)]
    pub json: bool,
    /// The scoring flags every hex-board command shares.
    #[command(flatten)]
    pub scoring: ScoringArgs,
}

/// The algorithms of `--algorithms` and the parameters of each (every
/// `--param` applies to each listed algorithm that has it; one that none
/// has is an error).
fn algorithms_and_params(a: &BenchArgs) -> Result<Vec<(Algorithm, Params)>, CliError> {
    let algorithms: Vec<Algorithm> = a
        .algorithms
        .split(',')
        .map(str::trim)
        .filter(|s| !s.is_empty())
        .map(str::parse)
        .collect::<Result<_, _>>()?;
    let mut out = Vec::new();
    for &alg in &algorithms {
        let spec = boards::param_specs(a.game, alg);
        let mine: Vec<String> = a
            .params
            .iter()
            .filter(|p| {
                let name = p.split_once('=').map_or(p.as_str(), |(n, _)| n.trim());
                spec.iter().any(|s| s.name == name)
            })
            .cloned()
            .collect();
        out.push((alg, Params::parse(spec, &mine, alg)?));
    }
    for p in &a.params {
        let name = p.split_once('=').map_or(p.as_str(), |(n, _)| n.trim());
        let known = algorithms.iter().any(|&alg| {
            boards::param_specs(a.game, alg)
                .iter()
                .any(|s| s.name == name)
        });
        if !known {
            let names: Vec<&str> = algorithms.iter().map(|alg| alg.name()).collect();
            return Err(CliError(format!(
                "--param {p}: none of {} has a parameter '{name}'",
                names.join(", ")
            )));
        }
    }
    Ok(out)
}

/// What every run of a bench shares.
struct Plan {
    game: BoardGame,
    scoring: Scoring,
    runs: u64,
    target: f64,
    time_limit: f64,
    traced: bool,
    /// The sample times (ms); empty when nothing needs them.
    grid_ms: Vec<f64>,
    /// `--checkpoints`, seconds.
    checkpoints: Vec<f64>,
}

impl Plan {
    /// Seeds 1..=runs of every `(algorithm, params)` group, all in one
    /// parallel pool; the runs of each group in seed order.
    fn run_all(
        &self,
        groups: &[(Algorithm, Params)],
        threads: Option<usize>,
    ) -> Result<Vec<Vec<RunOutcome>>, CliError> {
        let pool = rayon::ThreadPoolBuilder::new()
            .num_threads(threads.unwrap_or(0))
            .build()
            .map_err(|e| CliError(format!("cannot start threads: {e}")))?;
        let bar = progress_bar(self.runs * groups.len() as u64, "bench");
        let jobs: Vec<(usize, u64)> = (0..groups.len())
            .flat_map(|g| (1..=self.runs).map(move |seed| (g, seed)))
            .collect();
        let mut outcomes: Vec<(usize, RunOutcome)> = pool.install(|| {
            jobs.into_par_iter()
                .map(|(g, seed)| {
                    let (alg, params) = &groups[g];
                    let run = BoardRun {
                        params: params.clone(),
                        scoring: self.scoring,
                        target: self.target,
                        time_limit: Duration::from_secs_f64(self.time_limit),
                        ..BoardRun::new(self.game, *alg, seed)
                    };
                    let r = run_board(&run, self.traced, &self.grid_ms)
                        .unwrap_or_else(|e| panic!("the standard setup is valid: {e}"));
                    bar.inc(1);
                    (g, r)
                })
                .collect()
        });
        bar.finish_and_clear();
        let mut out: Vec<Vec<RunOutcome>> = groups.iter().map(|_| Vec::new()).collect();
        // The parallel collect keeps the job order: group-major, seeds ascending.
        for (g, r) in outcomes.drain(..) {
            out[g].push(r);
        }
        Ok(out)
    }

    fn summary(&self, runs: &[RunOutcome]) -> Summary {
        Summary::of(
            self.game,
            self.scoring,
            runs,
            &self.grid_ms,
            &self.checkpoints,
        )
    }
}

/// What a bench reports: one JSON object (`--json`) or a text.
#[derive(Debug)]
struct Report {
    json: Value,
    text: String,
}

/// Run `bench`.
pub fn bench(a: BenchArgs) -> CliResult {
    let report = run(&a)?;
    if a.json {
        return print_json(&report.json);
    }
    print!("{}", report.text);
    Ok(())
}

/// Run the bench (and write its CSV and plot); the report to print.
fn run(a: &BenchArgs) -> Result<Report, CliError> {
    if a.runs == 0 {
        return Err("--runs must be at least 1".into());
    }
    let scoring = a.scoring.scoring(a.game)?;
    let groups = algorithms_and_params(a)?;
    let checkpoints = match &a.checkpoints {
        Some(text) => stats::parse_checkpoints(text, a.time_limit)?,
        None => Vec::new(),
    };
    if let Some(csv) = &a.csv {
        if a.param_sweep.is_some() {
            return Err(CliError(
                "--csv is not available with --param-sweep; allowed with it: --json, --plot, \
                 --checkpoints"
                    .into(),
            ));
        }
        refuse_existing(csv, a.force)?;
    }
    if let Some(plot) = &a.plot {
        super::plot::PlotFormat::of(plot)?;
        refuse_existing(plot, a.force)?;
    }
    if let (Some(csv), Some(plot)) = (&a.csv, &a.plot) {
        crate::files::refuse_same_outputs(&[csv, plot]).map_err(|e| CliError(e.to_string()))?;
    }
    let sampled = !checkpoints.is_empty() || (a.plot.is_some() && a.param_sweep.is_none());
    let plan = Plan {
        game: a.game,
        scoring,
        runs: a.runs,
        target: a.target,
        time_limit: a.time_limit,
        traced: a.csv.is_some(),
        grid_ms: if sampled {
            stats::time_grid(a.time_limit, &checkpoints)
        } else {
            Vec::new()
        },
        checkpoints,
    };
    if let Some(names) = &a.param_sweep {
        return sweep::run(a, &plan, &groups, names);
    }
    let outcomes = plan.run_all(&groups, a.threads)?;
    let mut csv_text = String::from("algorithm,seed,ms,score\n");
    let mut results = Vec::new();
    let mut summaries = Vec::new();
    for ((alg, params), runs) in groups.iter().zip(&outcomes) {
        for (seed, r) in (1..).zip(runs) {
            for (ms, score) in &r.trace {
                csv_text.push_str(&format!("{alg},{seed},{ms:.1},{score}\n"));
            }
        }
        let s = plan.summary(runs);
        let paper = published::matching(a.game, &scoring, *alg, params);
        let mut result = json!({
            "algorithm": alg.name(),
            "runs": a.runs,
            "solved": s.solved,
            "mean_score": s.mean,
            "sd_score": s.sd,
            "best_score": s.best,
            "median_ms_to_best": s.median_ms,
            "max_ms_to_best": s.max_ms,
            "mean_ms_to_best": s.mean_ms,
            "evaluations_per_sec": s.evals_per_sec,
            "params": params_json(params),
            "scores": s.scores,
            "requirement_means": s.requirement_means_json(),
            "published": published::json(&paper),
        });
        if !plan.checkpoints.is_empty() {
            result["checkpoints"] = s.checkpoints_json();
        }
        results.push(result);
        summaries.push((*alg, s, paper));
    }
    if let Some(csv) = &a.csv {
        write_atomic(csv, csv_text.as_bytes(), a.force)?;
    }
    if let Some(path) = &a.plot {
        plot::curves(a, &plan, &summaries).write(path, a.force)?;
    }
    let out = json!({
        "game": a.game.name(),
        "rules": scoring.rules_name(a.game),
        "time_limit": a.time_limit,
        "results": results,
    });
    Ok(Report {
        json: out,
        text: text(a, &plan, &summaries),
    })
}

/// An algorithm's parameters as a JSON object.
fn params_json(params: &Params) -> Value {
    Value::Object(
        params
            .named()
            .map(|(k, v)| (k.to_string(), json!(v)))
            .collect::<Map<_, _>>(),
    )
}

/// The text output: the summary table, the requirement means and the
/// checkpoint table.
fn text(
    a: &BenchArgs,
    plan: &Plan,
    summaries: &[(Algorithm, Summary, Vec<published::PublishedPoint>)],
) -> String {
    let mut out = String::new();
    let _ = writeln!(
        out,
        "{} ({} rules), {} runs of at most {} s",
        a.game.name(),
        plan.scoring.rules_name(a.game),
        a.runs,
        a.time_limit
    );
    let _ = writeln!(
        out,
        "{:<8} {:>6} {:>6} {:>18} {:>8} {:>12} {:>12}",
        "alg", "runs", "solved", "mean ± sd", "best", "median ms", "max ms"
    );
    for (alg, s, _) in summaries {
        let _ = writeln!(
            out,
            "{:<8} {:>6} {:>6} {:>18} {:>8} {:>12.1} {:>12.1}",
            alg.name(),
            a.runs,
            s.solved,
            mean_sd(&s.scores),
            s.best,
            s.median_ms,
            s.max_ms
        );
    }
    let _ = writeln!(
        out,
        "requirement means of the final boards (unweighted counts):"
    );
    for (alg, s, _) in summaries {
        let _ = writeln!(out, "{:<8} {}", alg.name(), s.requirement_means_text());
    }
    if !plan.checkpoints.is_empty() {
        let _ = writeln!(
            out,
            "best score at each checkpoint (mean ± sd over the runs):"
        );
        let mut head = format!("{:<8}", "alg");
        for c in &plan.checkpoints {
            head.push_str(&format!(" {:>16}", format!("{c} s")));
        }
        let _ = writeln!(out, "{head}");
        for (alg, s, _) in summaries {
            let mut row = format!("{:<8}", alg.name());
            for c in &s.checkpoints {
                row.push_str(&format!(" {:>16}", mean_sd(&c.scores)));
            }
            let _ = writeln!(out, "{row}");
        }
    }
    for (alg, _, paper) in summaries {
        for p in paper {
            let _ = writeln!(
                out,
                "paper, {}: {} at {} s ({})",
                alg.name(),
                p.score,
                p.seconds,
                p.what
            );
        }
    }
    out
}
