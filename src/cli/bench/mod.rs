//! `evoboard bench`: the command line of
//! [`evoboard_core::boards::bench`](crate::boards::bench), which plans,
//! runs and summarises the bench (every algorithm over seeds 1..N in
//! parallel, checkpoints, a parameter sweep). Here: the flags, turning
//! them into a [`BenchPlan`] or [`SweepPlan`], the progress bar, the
//! text and JSON output, the score-over-time CSV and the plots
//! (`plot.rs`).

mod plot;
#[cfg(test)]
mod tests;

use super::boards::ScoringArgs;
use super::common::{
    CliError, CliResult, parse_time_limit, print_report, progress_bar, refuse_existing,
    write_atomic,
};
use crate::boards::BoardGame;
use crate::boards::bench::{
    BenchError, BenchOutcome, BenchPlan, BenchProgress, SweepOutcome, SweepPlan,
    algorithms_with_params, parse_checkpoints,
};
use crate::stats::mean_sd;
use clap::Args;
use std::fmt::Write as _;
use std::path::PathBuf;

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

impl From<BenchError> for CliError {
    fn from(e: BenchError) -> Self {
        CliError(e.to_string())
    }
}

/// What a bench ran: the plain bench or a parameter sweep.
#[derive(Debug)]
enum Outcome {
    /// Every algorithm over the seeds.
    Bench(BenchOutcome),
    /// Every parameter set of one algorithm over the seeds.
    Sweep(SweepOutcome),
}

/// Run `bench`.
pub fn bench(a: BenchArgs) -> CliResult {
    match run(&a)? {
        Outcome::Bench(o) if a.json => print_report(&o.report()),
        Outcome::Sweep(o) if a.json => print_report(&o.report()),
        Outcome::Bench(o) => {
            print!("{}", text(&o));
            Ok(())
        }
        Outcome::Sweep(o) => {
            print!("{}", sweep_text(&o));
            Ok(())
        }
    }
}

/// `work` with a progress bar of `total` runs driven by the core's
/// progress reports; the bar is cleared however the work ends.
fn with_bar<T>(total: u64, work: impl FnOnce(&(dyn Fn(BenchProgress) + Sync)) -> T) -> T {
    let bar = progress_bar(total, "bench");
    let out = work(&|_| bar.inc(1));
    bar.finish_and_clear();
    out
}

/// Check the flags, run the bench (and write its CSV and plot).
fn run(a: &BenchArgs) -> Result<Outcome, CliError> {
    if a.runs == 0 {
        return Err("--runs must be at least 1".into());
    }
    let scoring = a.scoring.scoring(a.game)?;
    let entries = algorithms_with_params(a.game, &a.algorithms, &a.params)?;
    let checkpoints = match &a.checkpoints {
        Some(text) => parse_checkpoints(text, a.time_limit)?,
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
    let plan = BenchPlan {
        game: a.game,
        scoring,
        entries,
        runs: a.runs,
        target: a.target,
        time_limit: a.time_limit,
        threads: a.threads,
        trace: a.csv.is_some(),
        curves: a.plot.is_some() && a.param_sweep.is_none(),
        checkpoints,
    };
    if let Some(names) = &a.param_sweep {
        let sweep = SweepPlan::new(plan, names, &a.sweep_values)?;
        let outcome = with_bar(sweep.total_runs(), |progress| sweep.run(progress))?;
        if let Some(path) = &a.plot {
            plot::scatter(&outcome).write(path, a.force)?;
        }
        return Ok(Outcome::Sweep(outcome));
    }
    let outcome = with_bar(plan.total_runs(), |progress| plan.run(progress))?;
    if let Some(csv) = &a.csv {
        write_atomic(csv, outcome.score_over_time_csv().as_bytes(), a.force)?;
    }
    if let Some(path) = &a.plot {
        plot::curves(a, &outcome).write(path, a.force)?;
    }
    Ok(Outcome::Bench(outcome))
}

/// `mean ± sd` with two decimals.
fn mean_sd_text(v: &[f64]) -> String {
    let (mean, sd) = mean_sd(v);
    format!("{mean:.2} ± {sd:.2}")
}

/// The text output: the summary table, the requirement means, the
/// checkpoint table and the matching published figures.
fn text(outcome: &BenchOutcome) -> String {
    let plan = &outcome.plan;
    let mut out = String::new();
    let _ = writeln!(
        out,
        "{} ({} rules), {} runs of at most {} s",
        plan.game.name(),
        plan.scoring.rules_name(plan.game),
        plan.runs,
        plan.time_limit
    );
    let _ = writeln!(
        out,
        "{:<8} {:>6} {:>6} {:>18} {:>8} {:>12} {:>12}",
        "alg", "runs", "solved", "mean ± sd", "best", "median ms", "max ms"
    );
    for r in &outcome.results {
        let s = &r.summary;
        let _ = writeln!(
            out,
            "{:<8} {:>6} {:>6} {:>18} {:>8} {:>12.1} {:>12.1}",
            r.algorithm.name(),
            plan.runs,
            s.solved,
            mean_sd_text(&s.scores),
            s.best,
            s.median_ms,
            s.max_ms
        );
    }
    let _ = writeln!(
        out,
        "requirement means of the final boards (unweighted counts):"
    );
    for r in &outcome.results {
        let means = r
            .summary
            .requirement_means
            .iter()
            .map(|(k, v)| format!("{k} {v:.2}"))
            .collect::<Vec<_>>()
            .join("  ");
        let _ = writeln!(out, "{:<8} {means}", r.algorithm.name());
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
        for r in &outcome.results {
            let mut row = format!("{:<8}", r.algorithm.name());
            for c in &r.summary.checkpoints {
                row.push_str(&format!(" {:>16}", mean_sd_text(&c.scores)));
            }
            let _ = writeln!(out, "{row}");
        }
    }
    for r in &outcome.results {
        for p in &r.published {
            let _ = writeln!(
                out,
                "paper, {}: {} at {} s ({})",
                r.algorithm.name(),
                p.score,
                p.seconds,
                p.what
            );
        }
    }
    out
}

/// The text output of a sweep: one row per set and the best one.
fn sweep_text(outcome: &SweepOutcome) -> String {
    let sweep = &outcome.plan;
    let plan = &sweep.bench;
    let algorithm = sweep.algorithm();
    let mut out = String::new();
    let _ = writeln!(
        out,
        "{} ({} rules), {} sweep of {}: {} sets × {} runs of at most {} s",
        plan.game.name(),
        plan.scoring.rules_name(plan.game),
        algorithm.name(),
        sweep.swept.join(","),
        outcome.sets.len(),
        plan.runs,
        plan.time_limit
    );
    let mut head = format!("{:>5} {:>5}", "set", "paper");
    for n in &sweep.swept {
        head.push_str(&format!(" {n:>10}"));
    }
    let _ = writeln!(
        out,
        "{head} {:>18} {:>8} {:>14}",
        "mean ± sd", "best", "mean ms to best"
    );
    for set in &outcome.sets {
        let s = &set.summary;
        let paper = set.published_set.map_or("-".to_string(), |k| k.to_string());
        let mut row = format!("{:>5} {paper:>5}", set.number);
        for n in &sweep.swept {
            row.push_str(&format!(" {:>10}", set.value(n)));
        }
        let _ = writeln!(
            out,
            "{row} {:>18} {:>8} {:>14.1}",
            mean_sd_text(&s.scores),
            s.best,
            s.mean_ms
        );
    }
    let best = &outcome.sets[outcome.best];
    let paper = best
        .published_set
        .map_or(String::new(), |k| format!(", the paper's set {k}"));
    let _ = writeln!(
        out,
        "best: set {}{paper} ({}), mean {:.2}, mean {:.1} ms to best",
        best.number,
        outcome.swept_text(best),
        best.summary.mean,
        best.summary.mean_ms
    );
    out
}
