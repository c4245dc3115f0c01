//! Tests of the bench: the score-over-time CSV, checkpoints, the report
//! and the sweep.

use super::*;
use crate::boards::terra_mystica::Rules;
use crate::boards::{BoardGame, Scoring};
use serde_json::Value;

/// Scoring under `rules` with their own weights (Catan: R1–R3, no
/// optional rule, as `--rules published` or `strict` give).
fn scoring(rules: Rules) -> Scoring {
    Scoring {
        rules,
        weights: crate::boards::terra_mystica::Weights::for_rules(rules),
        catan: Default::default(),
    }
}

/// A short plan: `algorithms` with `params`, `runs` runs of `time_limit`.
fn plan(
    game: BoardGame,
    rules: Rules,
    algorithms: &str,
    params: &[&str],
    runs: u64,
    time_limit: f64,
) -> BenchPlan {
    let params: Vec<String> = params.iter().map(|p| p.to_string()).collect();
    let entries = algorithms_with_params(game, algorithms, &params).unwrap();
    let mut plan = BenchPlan::new(game, entries);
    plan.scoring = scoring(rules);
    plan.runs = runs;
    plan.time_limit = time_limit;
    plan.threads = Some(2);
    plan
}

fn numbers(v: &Value) -> Vec<f64> {
    v.as_array()
        .unwrap()
        .iter()
        .map(|x| x.as_f64().unwrap())
        .collect()
}

#[test]
fn the_csv_holds_every_runs_score_over_time() {
    let mut p = plan(
        BoardGame::Catan,
        Rules::Strict,
        "best,brkga,sahc",
        &["population=50"],
        2,
        2.0,
    );
    p.threads = Some(1);
    p.trace = true;
    let calls = std::sync::atomic::AtomicU64::new(0);
    let outcome = p
        .run(&|progress| {
            assert_eq!(progress.total, 6);
            calls.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
        })
        .unwrap();
    assert_eq!(calls.into_inner(), 6);
    let text = outcome.score_over_time_csv();
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
}

#[test]
fn a_param_no_algorithm_has_is_refused() {
    let err = algorithms_with_params(BoardGame::Catan, "best,sahc", &["nope=1".into()]);
    let err = err.unwrap_err().to_string();
    assert_eq!(
        err,
        "--param nope=1: none of best, sahc has a parameter 'nope'"
    );
    assert!(algorithms_with_params(BoardGame::Catan, "best,nope", &[]).is_err());
}

#[test]
fn checkpoints_hold_one_score_per_run_and_never_rise() {
    let mut p = plan(
        BoardGame::TerraMystica,
        Rules::Published,
        "brkga,sahc",
        &["population=50"],
        3,
        0.4,
    );
    p.checkpoints = parse_checkpoints("0.4,0.05,0.2", p.time_limit).unwrap();
    let v = serde_json::to_value(p.run(&|_| {}).unwrap().report()).unwrap();
    for r in v["results"].as_array().unwrap() {
        let cps = r["checkpoints"].as_array().unwrap();
        let seconds: Vec<f64> = cps.iter().map(|c| c["seconds"].as_f64().unwrap()).collect();
        assert_eq!(seconds, [0.05, 0.2, 0.4], "{r}");
        let per_cp: Vec<Vec<f64>> = cps
            .iter()
            .map(|c| {
                let s = numbers(&c["scores"]);
                assert_eq!(s.len(), 3, "{c}");
                assert!((c["mean"].as_f64().unwrap() - crate::stats::mean(&s)).abs() < 1e-9);
                s
            })
            .collect();
        let finals = numbers(&r["scores"]);
        for run in 0..3 {
            let over_time: Vec<f64> = per_cp.iter().map(|s| s[run]).collect();
            assert!(over_time.windows(2).all(|w| w[1] <= w[0]), "{over_time:?}");
            // The last checkpoint is the time limit: the final score.
            assert_eq!(over_time[2], finals[run], "{r}");
        }
        let sd = r["sd_score"].as_f64().unwrap();
        assert!((sd - crate::stats::sd(&finals)).abs() < 1e-9, "{r}");
        let req = r["requirement_means"].as_object().unwrap();
        let mut keys: Vec<&str> = req.keys().map(String::as_str).collect();
        keys.sort();
        assert_eq!(keys, ["req1", "req2", "req3", "req4"]);
        // Unweighted counts of the final boards add up to the mean score.
        let sum: f64 = req.values().map(|x| x.as_f64().unwrap()).sum();
        assert!(
            (sum - r["mean_score"].as_f64().unwrap()).abs() < 1e-9,
            "{r}"
        );
    }
    // Without checkpoints the key is absent.
    let p = plan(
        BoardGame::TerraMystica,
        Rules::Published,
        "sahc",
        &[],
        1,
        0.1,
    );
    let v = serde_json::to_value(p.run(&|_| {}).unwrap().report()).unwrap();
    assert!(v["results"][0].get("checkpoints").is_none(), "{v}");
}

#[test]
fn curves_and_published_markers_come_per_algorithm() {
    let mut p = plan(
        BoardGame::TerraMystica,
        Rules::Published,
        "best,brkga,sahc",
        &["population=50"],
        2,
        0.3,
    );
    p.curves = true;
    let chart = p.run(&|_| {}).unwrap().curve_chart();
    let labels: Vec<&str> = chart.lines.iter().map(|l| l.label.as_str()).collect();
    for (label, alg) in labels.iter().zip(["best (", "brkga (", "sahc ("]) {
        assert!(label.starts_with(alg), "{labels:?}");
    }
    for line in &chart.lines {
        assert_eq!(line.points.len(), GRID_POINTS, "{}", line.label);
        assert!(line.points.windows(2).all(|w| w[0].x < w[1].x));
    }
    let markers: Vec<&str> = chart.markers.iter().map(|m| m.label.as_str()).collect();
    assert_eq!(
        markers,
        ["paper mean 30", "paper best 22", "paper 24.9 ± 2.05"]
    );
    assert_eq!(chart.markers[2].colour, algorithm_colour(Algorithm::Sahc));
}

#[test]
fn the_sweep_runs_every_set_and_names_the_best() {
    let base = plan(
        BoardGame::TerraMystica,
        Rules::Published,
        "pso",
        &["particles=20"],
        1,
        0.1,
    );
    let sweep = SweepPlan::new(base.clone(), "inertia,cognitive,social", "0.33,0.66").unwrap();
    assert_eq!(sweep.total_runs(), 8);
    let outcome = sweep.run(&|_| {}).unwrap();
    let report = outcome.report();
    assert_eq!(report.sweep_values, ["0.33", "0.66"]);
    let v = serde_json::to_value(report).unwrap();
    let sets = v["sweep"].as_array().unwrap();
    assert_eq!(sets.len(), 8);
    let means: Vec<f64> = sets
        .iter()
        .map(|s| s["mean_score"].as_f64().unwrap())
        .collect();
    let lowest = means.iter().copied().fold(f64::INFINITY, f64::min);
    assert_eq!(v["best_set"]["mean_score"].as_f64().unwrap(), lowest);
    // Set 1 is (0.33, 0.33, 0.33): the paper's set 22; set 8 is
    // (0.66, 0.66, 0.66): 43.
    assert_eq!(sets[0]["published_set"], 22);
    assert_eq!(sets[0]["params"]["inertia"], 0.33);
    assert_eq!(sets[7]["published_set"], 43);
    assert_eq!(sets[0]["scores"].as_array().unwrap().len(), 1);
    // One dot per set, tagged with the paper's number, the best one
    // highlighted.
    let dots = outcome.scatter();
    assert_eq!(dots.len(), 8);
    assert_eq!((dots[0].tag.as_str(), dots[7].tag.as_str()), ("22", "43"));
    let best: Vec<&Dot> = dots.iter().filter(|d| d.highlight.is_some()).collect();
    assert_eq!(best.len(), 1);
    assert!(
        best[0]
            .highlight
            .as_ref()
            .unwrap()
            .starts_with("best: set ")
    );
    assert_eq!(best[0].y, lowest);
    // Two algorithms, an unknown or repeated parameter, a value out of
    // bounds: refused.
    let two = plan(
        BoardGame::TerraMystica,
        Rules::Published,
        "pso,sahc",
        &[],
        1,
        0.1,
    );
    let refused = |plan: &BenchPlan, names: &str, values: &str| {
        SweepPlan::new(plan.clone(), names, values)
            .unwrap_err()
            .to_string()
    };
    assert!(refused(&two, "social", "0.33").contains("exactly one algorithm"));
    assert!(refused(&base, "inertia,nope", "0.33").contains("allowed: "));
    assert!(refused(&base, "social,social", "0.33").contains("twice"));
    assert!(refused(&base, "social", "9").contains("social"));
    assert!(refused(&base, "social", " , ").contains("--sweep-values"));
    let with_set = plan(
        BoardGame::TerraMystica,
        Rules::Published,
        "pso",
        &["set=3"],
        1,
        0.1,
    );
    assert!(refused(&with_set, "social", "0.33").contains("leave --param set at 0"));
}

#[test]
fn a_zero_time_limit_is_refused_before_any_run() {
    let mut p = plan(BoardGame::Catan, Rules::Strict, "best", &[], 1, 1.0);
    p.time_limit = 0.0;
    assert_eq!(
        p.run(&|_| panic!("no run")).unwrap_err(),
        BenchError::TimeLimit { seconds: 0.0 }
    );
}
