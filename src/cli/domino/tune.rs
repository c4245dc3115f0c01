//! `evoboard domino tune`: the GA that tunes a strategy's coefficients,
//! with the GA's settings as options, repeated runs (`--runs`) and
//! t-tests of their best fitness (`--t-test`).

use super::super::common::{
    CliError, CliResult, print_report, progress_bar, refuse_existing, write_atomic,
};
use super::threads;
use crate::domino::report::{TuneReport, TuneRunsReport};
use crate::domino::{
    CoefficientFile, Crossover, Elite, EvalSpec, RunResult, RunsSummary, TunerSettings, run_ga,
    stage_opponents, strategy_preset,
};
use clap::Args;
use std::path::PathBuf;
use std::time::Instant;

/// `evoboard domino tune --strategy 1|2|3|4 --stage 1|2|3 …`.
#[derive(Args, Debug)]
pub struct TuneArgs {
    /// Strategy 1-4.
    #[arg(long)]
    pub strategy: u8,
    /// Stage 1 (against basic), 2 (against its stage-1 self), 3 (against
    /// the other strategies at stage 2).
    #[arg(long)]
    pub stage: u8,
    /// Population size (2..=10000).
    #[arg(long, default_value_t = 100, value_parser = super::super::bounds::usize_in(2, 10_000))]
    pub population: usize,
    /// Generations (1..=100000).
    #[arg(long, default_value_t = 200, value_parser = super::super::bounds::u64_in(1, 100_000))]
    pub generations: u64,
    /// Matches per fitness evaluation (per opponent; 1..=1000000).
    #[arg(long, default_value_t = 5000, value_parser = super::super::bounds::u64_in(1, 1_000_000))]
    pub matches: u64,
    /// Crossover operator: scattered (uniform, published) or two-point.
    #[arg(long, default_value_t = Crossover::Scattered)]
    pub crossover: Crossover,
    /// Probability that a child is a crossover of two parents.
    #[arg(long, default_value_t = 0.8, allow_hyphen_values = true)]
    pub crossover_rate: f64,
    /// Probability that a free gene is redrawn uniformly in the range.
    #[arg(long, default_value_t = 0.05, allow_hyphen_values = true)]
    pub mutation: f64,
    /// Individuals copied unchanged (default: 10 % of the population).
    #[arg(long)]
    pub elite: Option<usize>,
    /// Range LO,HI of the coefficients (initial population and mutation).
    #[arg(long, default_value = "-10,10", allow_hyphen_values = true)]
    pub range: String,
    /// Repeat the tuning R times with seeds SEED..SEED+R-1 (1..R by
    /// default) and report mean and standard deviation of the best fitness.
    #[arg(long, value_parser = super::super::bounds::u64_in(1, 1_000))]
    pub runs: Option<u64>,
    /// One-sample t-tests of the runs' best fitness against these levels:
    /// wins per evaluation (2500) or a share of the matches (50%).
    #[arg(long = "t-test", value_delimiter = ',', allow_hyphen_values = true)]
    pub t_test: Vec<String>,
    /// Seed (with --runs: the first run's seed).
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Worker threads (1..=256; default: all cores).
    #[arg(long, value_parser = super::super::bounds::threads())]
    pub threads: Option<usize>,
    /// Replace the stage's fixed opponents (repeatable; evaluation-function
    /// agents only: basic, hand, presets, coef:…, file:…). Default: stage 1
    /// basic; stage 2 the strategy's stage-1 preset (tK, else sK); stage 3
    /// the other three at stage 2 (tJ@2, else sJ@2). At stage 3, sJ means
    /// strategy J's stage-2 set (tJ@2): one opponent per run, as the
    /// dissertation ran it; write s2@2 for the published table itself.
    #[arg(long = "opponent")]
    pub opponents: Vec<EvalSpec>,
    /// Save the coefficients (RON), loadable as `file:PATH` (with --runs:
    /// the best run's).
    #[arg(long)]
    pub out: Option<PathBuf>,
    /// Overwrite an existing --out file.
    #[arg(long)]
    pub force: bool,
    /// Print one JSON object.
    #[arg(long)]
    pub json: bool,
}

/// The largest magnitude of `--range`'s ends.
const MAX_RANGE: f64 = 1e6;

/// `LO,HI` of `--range`.
fn parse_range(text: &str) -> Result<(f64, f64), CliError> {
    let bad = || {
        CliError(format!(
            "--range {text}: give two numbers LO,HI with LO < HI, each from -{MAX_RANGE} to \
             {MAX_RANGE} (published: -10,10)"
        ))
    };
    let (lo, hi) = text.split_once(',').ok_or_else(bad)?;
    // Bounded so that HI - LO and every draw stay finite.
    let num = |s: &str| {
        s.trim()
            .parse::<f64>()
            .ok()
            .filter(|x| x.abs() <= MAX_RANGE)
    };
    match (num(lo), num(hi)) {
        (Some(lo), Some(hi)) if lo < hi => Ok((lo, hi)),
        _ => Err(bad()),
    }
}

/// A `--t-test` level in wins per evaluation: `2500` or `50%` of
/// `matches`.
fn parse_level(text: &str, matches: u64) -> Result<f64, CliError> {
    let t = text.trim();
    let (number, share) = match t.strip_suffix('%') {
        Some(p) => (p, true),
        None => (t, false),
    };
    let x = number
        .trim()
        .parse::<f64>()
        .ok()
        .filter(|x| x.is_finite())
        .ok_or_else(|| {
            CliError(format!(
                "--t-test {text}: give levels as wins per evaluation (2500) or a share \
                 of the matches (50%), separated by commas"
            ))
        })?;
    Ok(if share { x / 100.0 * matches as f64 } else { x })
}

/// At stage 3 `sJ` stands for strategy J's stage-2 set (our `tJ@2`).
fn stage3_opponent(strategy: u8, spec: EvalSpec) -> Result<EvalSpec, CliError> {
    let EvalSpec::Preset(p) = &spec else {
        return Ok(spec);
    };
    let Some(j) = ["s1", "s2", "s3", "s4"].iter().position(|n| *n == p.name()) else {
        return Ok(spec);
    };
    let j = j as u8 + 1;
    if j == strategy {
        let others: Vec<String> = (1..=4)
            .filter(|&k| k != strategy)
            .map(|k| format!("s{k}"))
            .collect();
        return Err(CliError(format!(
            "--opponent s{j}: at stage 3 strategy {strategy} plays the other strategies' \
             stage-2 sets ({}); write t{j}@2 or s{j}@2 to play its own",
            others.join(", ")
        )));
    }
    Ok(strategy_preset(j, 2, false)?)
}

fn settings(a: &TuneArgs) -> Result<TunerSettings, CliError> {
    let s = TunerSettings {
        population: a.population,
        generations: a.generations,
        matches: a.matches,
        elite: a.elite.map_or(Elite::Share(0.10), Elite::Count),
        crossover: a.crossover_rate,
        mutation: a.mutation,
        range: parse_range(&a.range)?,
        crossover_kind: a.crossover,
    };
    s.check().map_err(|e| {
        let flag = match &e {
            crate::domino::DominoError::BadTunerSetting { setting, .. } => match *setting {
                "crossover rate" => "--crossover-rate",
                "mutation rate" => "--mutation",
                "elite" => "--elite",
                "range" => "--range",
                _ => "--generations",
            },
            crate::domino::DominoError::NoMatches => "--matches",
            _ => "--population",
        };
        CliError(format!("{flag}: {e}"))
    })?;
    Ok(s)
}

pub(super) fn run(a: TuneArgs) -> CliResult {
    if !(1..=4).contains(&a.strategy) {
        return Err(format!("--strategy must be 1, 2, 3 or 4, got {}", a.strategy).into());
    }
    if !(1..=3).contains(&a.stage) {
        return Err(format!("--stage must be 1, 2 or 3, got {}", a.stage).into());
    }
    let settings = settings(&a)?;
    let runs = a.runs.unwrap_or(1);
    if runs == 0 {
        return Err("--runs must be at least 1".into());
    }
    if !a.t_test.is_empty() && runs < 2 {
        return Err("--t-test needs --runs 2 or more (one run has no spread)".into());
    }
    if let Some(p) = &a.out {
        refuse_existing(p, a.force)?;
    }
    let opponents = if a.opponents.is_empty() {
        stage_opponents(a.strategy, a.stage)?
    } else {
        let mut list = Vec::new();
        for o in &a.opponents {
            let o = if a.stage == 3 {
                stage3_opponent(a.strategy, o.clone())?
            } else {
                o.clone()
            };
            // Read the coefficient files now, so that their errors name the flag.
            o.build()
                .map_err(|e| CliError(format!("--opponent: {e}")))?;
            list.push(o);
        }
        list
    };
    let per_evaluation = a.matches * opponents.len() as u64;
    let levels = a
        .t_test
        .iter()
        .map(|t| parse_level(t, per_evaluation))
        .collect::<Result<Vec<f64>, CliError>>()?;
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(threads(a.threads)?)
        .build()
        .map_err(|e| CliError(format!("cannot start threads: {e}")))?;
    let start = Instant::now();
    let bar = progress_bar(a.generations * runs, "tune");
    let mut results = Vec::new();
    for seed in a.seed..a.seed + runs {
        let run_start = Instant::now();
        let r = pool.install(|| {
            run_ga(a.strategy, &opponents, settings, seed, &mut |p| {
                bar.set_message(format!(
                    "tune seed {seed} best {:.0} mean {:.0}",
                    p.best, p.mean
                ));
                bar.inc(1);
            })
        })?;
        results.push((r, run_start.elapsed().as_millis() as u64));
    }
    bar.finish_and_clear();
    let elapsed_ms = start.elapsed().as_millis() as u64;
    let list: Vec<RunResult> = results.iter().map(|(r, _)| r.clone()).collect();
    let summary = RunsSummary::of(&list, &levels)?;
    let best = &list[summary.best];
    if let Some(p) = &a.out {
        let file = CoefficientFile {
            strategy: a.strategy,
            stage: a.stage,
            coefficients: best.coefficients,
            fitness: best.fitness,
            matches: best.matches as u32,
            seed: best.seed,
        };
        write_atomic(p, file.to_ron().as_bytes(), a.force)?;
    }
    let opponent_names: Vec<String> = opponents.iter().map(EvalSpec::to_string).collect();
    if a.json {
        let mut report = TuneReport::new(
            (a.strategy, a.stage),
            best,
            &settings,
            opponent_names,
            elapsed_ms,
        );
        if a.runs.is_some() {
            report.runs = Some(TuneRunsReport::new(&results, &summary));
        }
        print_report(&report)
    } else {
        print_text(&a, &opponent_names, &results, &summary, elapsed_ms);
        Ok(())
    }
}

fn print_text(
    a: &TuneArgs,
    opponents: &[String],
    results: &[(RunResult, u64)],
    summary: &RunsSummary,
    elapsed_ms: u64,
) {
    let line = |r: &RunResult| {
        let c: Vec<String> = r.coefficients.iter().map(|x| format!("{x:.4}")).collect();
        format!(
            "coef:{} won {} of {} matches ({:.2} %) in its last evaluation",
            c.join(","),
            r.fitness,
            r.matches,
            100.0 * r.fitness / r.matches as f64
        )
    };
    let head = format!(
        "strategy {} stage {} against {}",
        a.strategy,
        a.stage,
        opponents.join(" + ")
    );
    let secs = elapsed_ms as f64 / 1000.0;
    if a.runs.is_none() {
        println!("{head}: {}; {secs:.1} s", line(&results[0].0));
        return;
    }
    println!("{head}, {} runs:", results.len());
    for (r, ms) in results {
        println!(
            "  seed {}: {} ({:.1} s)",
            r.seed,
            line(r),
            *ms as f64 / 1000.0
        );
    }
    let m = results[0].0.matches as f64;
    println!(
        "best fitness: mean {:.2} ({:.2} %), sd {:.2}; best run seed {}; {secs:.1} s",
        summary.mean,
        100.0 * summary.mean / m,
        summary.sd,
        results[summary.best].0.seed
    );
    for t in &summary.t_tests {
        println!(
            "  t-test against {} wins ({:.2} %): t = {:.3}, df = {}, p = {:.3e}",
            t.level,
            100.0 * t.level / m,
            t.test.statistic,
            t.test.df,
            t.test.p_value
        );
    }
}
