//! `evoboard bench`: every algorithm over seeds 1..N in parallel (rayon),
//! with a summary per algorithm and an optional score-over-time CSV.

use super::boards::{RunOutcome, ScoringArgs, run_traced};
use super::common::{
    CliError, CliResult, parse_time_limit, print_json, progress_bar, refuse_existing, write_atomic,
};
use crate::boards::{self, Algorithm, BoardGame, Params};
use clap::Args;
use rayon::prelude::*;
use serde_json::{Map, json};
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
    /// Runs per algorithm (seeds 1..N).
    #[arg(long, default_value_t = 30)]
    pub runs: u64,
    /// Seconds per run.
    #[arg(long, default_value = "10", value_parser = parse_time_limit, allow_hyphen_values = true)]
    pub time_limit: f64,
    /// Stop a run once the score is at most this.
    #[arg(long, default_value_t = 0.0)]
    pub target: f64,
    /// Parallel runs (default: all cores; 1 = one after another).
    #[arg(long)]
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
    /// Overwrite --csv if it exists.
    #[arg(long)]
    pub force: bool,
    /// Print one JSON object.
    #[arg(long)]
    pub json: bool,
    /// The scoring flags every hex-board command shares.
    #[command(flatten)]
    pub scoring: ScoringArgs,
}

fn median(v: &mut [f64]) -> f64 {
    if v.is_empty() {
        return f64::NAN;
    }
    v.sort_by(f64::total_cmp);
    let n = v.len();
    if n % 2 == 1 {
        v[n / 2]
    } else {
        (v[n / 2 - 1] + v[n / 2]) / 2.0
    }
}

/// Run `bench`.
pub fn bench(a: BenchArgs) -> CliResult {
    if a.runs == 0 {
        return Err("--runs must be at least 1".into());
    }
    let scoring = a.scoring.scoring(a.game)?;
    let algorithms: Vec<Algorithm> = a
        .algorithms
        .split(',')
        .map(str::trim)
        .filter(|s| !s.is_empty())
        .map(str::parse)
        .collect::<Result<_, _>>()?;
    let mut specs = Vec::new();
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
        specs.push(Params::parse(spec, &mine, alg)?);
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
    if let Some(csv) = &a.csv {
        refuse_existing(csv, a.force)?;
    }
    let mut csv_text = String::from("algorithm,seed,ms,score\n");
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(a.threads.unwrap_or(0))
        .build()
        .map_err(|e| CliError(format!("cannot start threads: {e}")))?;
    let bar = progress_bar(a.runs * algorithms.len() as u64, "bench");
    let mut results = Vec::new();
    let mut table = Vec::new();
    for (&alg, params) in algorithms.iter().zip(&specs) {
        let runs: Vec<RunOutcome> = pool.install(|| {
            (1..=a.runs)
                .into_par_iter()
                .map(|seed| {
                    let r = run_traced(
                        a.game,
                        alg,
                        params,
                        scoring,
                        seed,
                        a.target,
                        a.time_limit,
                        a.csv.is_some(),
                    );
                    bar.inc(1);
                    r
                })
                .collect()
        });
        for (seed, r) in (1..).zip(&runs) {
            for (ms, score) in &r.trace {
                csv_text.push_str(&format!("{alg},{seed},{ms:.1},{score}\n"));
            }
        }
        let scores: Vec<f64> = runs.iter().map(|r| r.score).collect();
        let mut ms: Vec<f64> = runs
            .iter()
            .map(|r| r.to_best.as_secs_f64() * 1000.0)
            .collect();
        let solved = runs.iter().filter(|r| r.score <= 0.0).count();
        let evals: u64 = runs.iter().map(|r| r.evaluations).sum();
        let secs: f64 = runs.iter().map(|r| r.elapsed.as_secs_f64()).sum();
        let mean = scores.iter().sum::<f64>() / scores.len() as f64;
        let best = scores.iter().copied().fold(f64::INFINITY, f64::min);
        let median_ms = median(&mut ms);
        let max_ms = ms.iter().copied().fold(0.0, f64::max);
        table.push(format!(
            "{:<8} {:>6} {:>6} {:>10.2} {:>10} {:>12.1} {:>12.1}",
            alg.name(),
            json!(a.runs),
            json!(solved),
            mean,
            json!(best),
            median_ms,
            max_ms
        ));
        results.push(json!({
            "algorithm": alg.name(),
            "runs": a.runs,
            "solved": solved,
            "mean_score": mean,
            "best_score": best,
            "median_ms_to_best": median_ms,
            "max_ms_to_best": max_ms,
            "evaluations_per_sec": evals as f64 / secs.max(1e-9),
            "params": params.named().map(|(k, v)| (k.to_string(), json!(v))).collect::<Map<_, _>>(),
            "scores": scores,
        }));
    }
    bar.finish_and_clear();
    if let Some(csv) = &a.csv {
        write_atomic(csv, csv_text.as_bytes(), a.force)?;
    }
    let out = json!({
        "game": a.game.name(),
        "rules": scoring.rules.name(),
        "time_limit": a.time_limit,
        "results": results,
    });
    if a.json {
        return print_json(&out);
    }
    println!(
        "{} ({} rules), {} runs of at most {} s",
        a.game.name(),
        scoring.rules.name(),
        a.runs,
        a.time_limit
    );
    println!(
        "{:<8} {:>6} {:>6} {:>10} {:>10} {:>12} {:>12}",
        "alg", "runs", "solved", "mean", "best", "median ms", "max ms"
    );
    for row in table {
        println!("{row}");
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::boards::terra_mystica::Rules;

    fn bench_args(csv: PathBuf, params: Vec<String>) -> BenchArgs {
        BenchArgs {
            game: BoardGame::Catan,
            algorithms: "best,brkga,sahc".into(),
            runs: 2,
            time_limit: 2.0,
            target: 0.0,
            threads: Some(1),
            params,
            csv: Some(csv),
            force: false,
            json: true,
            scoring: ScoringArgs {
                rules: Rules::Strict,
                weights: None,
                no_equal_neighbours: false,
                no_2_12_neighbours: false,
                desert: "anywhere".into(),
                max_corner_pips: 0,
                harbour_rule: false,
            },
        }
    }

    #[test]
    fn bench_writes_a_score_over_time_csv_and_never_clobbers() {
        let dir = std::env::temp_dir().join(format!("evoboard-csv-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let csv = dir.join("runs.csv");
        let _ = std::fs::remove_file(&csv);
        bench(bench_args(csv.clone(), vec!["population=50".into()])).unwrap();
        let text = std::fs::read_to_string(&csv).unwrap();
        let mut lines = text.lines();
        assert_eq!(lines.next(), Some("algorithm,seed,ms,score"));
        let rows: Vec<Vec<&str>> = lines.map(|l| l.split(',').collect()).collect();
        for alg in ["best", "brkga", "sahc"] {
            for seed in ["1", "2"] {
                let run: Vec<f64> = rows
                    .iter()
                    .filter(|r| r[0] == alg && r[1] == seed)
                    .map(|r| r[3].parse().unwrap())
                    .collect();
                assert!(run.len() >= 2, "{alg} {seed}");
                assert!(
                    run.windows(2).all(|w| w[1] <= w[0]),
                    "{alg} {seed}: {run:?}"
                );
            }
        }
        let err = bench(bench_args(csv.clone(), vec![])).unwrap_err();
        assert!(err.0.contains("--force"), "{err}");
        let err = bench(bench_args(dir.join("b.csv"), vec!["nope=1".into()])).unwrap_err();
        assert!(err.0.contains("nope"), "{err}");
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
