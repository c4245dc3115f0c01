//! `evoboard domino tune` with the GA's options and `--runs`, and
//! `evoboard domino table` (tiny populations and few matches).

use super::{fails_with, json, temp_dir};
use serde_json::Value;

/// `domino tune` on strategy `strategy` with a tiny GA plus `extra` flags.
fn tune(strategy: &str, extra: &[&str]) -> Value {
    tune_for("6", strategy, extra)
}

/// The same for `generations` generations.
fn tune_for(generations: &str, strategy: &str, extra: &[&str]) -> Value {
    let mut args = vec![
        "domino",
        "tune",
        "--strategy",
        strategy,
        "--stage",
        "1",
        "--population",
        "20",
        "--generations",
        generations,
        "--matches",
        "30",
        "--seed",
        "3",
        "--threads",
        "2",
        "--json",
    ];
    args.extend_from_slice(extra);
    json(&args)
}

fn numbers(v: &Value) -> Vec<f64> {
    v.as_array()
        .unwrap()
        .iter()
        .map(|x| x.as_f64().unwrap())
        .collect()
}

#[test]
fn scattered_is_the_default_and_reproduces_the_original_tuner() {
    // Recorded from the tuner before the options existed (compared as
    // JSON numbers read by the same parser).
    let before: Value = serde_json::from_str(
        "[8.46958460598168, 8.30784356032705, 9.979959651104465, 3.093775014918805, \
         8.280385450730027, 8.112739795987608, 3.790604553571807]",
    )
    .unwrap();
    let v = tune("1", &[]);
    assert_eq!(v["coefficients"], before);
    assert_eq!(v["fitness"], 20.0);
    assert_eq!(v["crossover"], "scattered");
    assert_eq!(v["elite"], 2, "10 % of 20");
    assert_eq!(numbers(&v["range"]), [-10.0, 10.0]);
    let explicit = tune(
        "1",
        &[
            "--crossover",
            "scattered",
            "--crossover-rate",
            "0.8",
            "--mutation",
            "0.05",
            "--elite",
            "2",
            "--range",
            "-10,10",
        ],
    );
    assert_eq!(explicit["coefficients"], v["coefficients"]);
    assert_eq!(explicit["history"], v["history"]);
    let two_point = tune("1", &["--crossover", "two-point"]);
    assert_eq!(two_point["crossover"], "two-point");
    assert_ne!(two_point["coefficients"], v["coefficients"]);
    assert_eq!(
        two_point["history"][0], v["history"][0],
        "same first generation"
    );
    let mutated = tune("1", &["--mutation", "0.5"]);
    assert_ne!(mutated["coefficients"], v["coefficients"]);
}

#[test]
fn the_range_bounds_every_free_gene_and_the_elite_is_echoed() {
    let v = tune(
        "4",
        &["--range", "2,3", "--mutation", "0.3", "--elite", "5"],
    );
    assert_eq!(v["elite"], 5);
    assert_eq!(numbers(&v["range"]), [2.0, 3.0]);
    let c = numbers(&v["coefficients"]);
    // Strategy 4: α1..α3 free, the rest 0.
    assert!(c[..3].iter().all(|x| (2.0..3.0).contains(x)), "{c:?}");
    assert!(c[3..].iter().all(|&x| x == 0.0), "{c:?}");
    let v = tune("2", &["--range=-3,-1"]);
    let c = numbers(&v["coefficients"]);
    assert!(c[3..6].iter().all(|x| (-3.0..-1.0).contains(x)), "{c:?}");
}

#[test]
fn runs_report_each_seed_their_mean_sd_and_t_tests() {
    let dir = temp_dir("domino-runs");
    let out = dir.join("best.ron");
    let o = out.to_str().unwrap();
    let v = tune_for("2", "2", &["--runs", "3", "--t-test", "10,50%", "--out", o]);
    let runs = v["runs"].as_array().unwrap();
    let seeds: Vec<u64> = runs.iter().map(|r| r["seed"].as_u64().unwrap()).collect();
    assert_eq!(seeds, [3, 4, 5], "--seed 3 starts the seeds");
    let f: Vec<f64> = runs
        .iter()
        .map(|r| r["fitness"].as_f64().unwrap())
        .collect();
    for r in runs {
        assert_eq!(r["coefficients"].as_array().unwrap().len(), 7);
    }
    let mean = f.iter().sum::<f64>() / 3.0;
    let sd = (f.iter().map(|x| (x - mean).powi(2)).sum::<f64>() / 2.0).sqrt();
    assert!((v["mean_fitness"].as_f64().unwrap() - mean).abs() < 1e-9);
    assert!((v["sd_fitness"].as_f64().unwrap() - sd).abs() < 1e-9);
    // The top-level keys describe the best run (the first of equal ones).
    let best = f.iter().cloned().fold(f64::MIN, f64::max);
    let i = f.iter().position(|&x| x == best).unwrap();
    assert_eq!(v["fitness"], best);
    assert_eq!(v["seed"], seeds[i]);
    assert_eq!(v["coefficients"], runs[i]["coefficients"]);
    // t = (mean − level) / (sd / √3), df 2; 50 % of 30 matches = 15 wins.
    let tests = v["t_tests"].as_array().unwrap();
    assert_eq!(tests.len(), 2);
    for (t, level) in tests.iter().zip([10.0, 15.0]) {
        assert_eq!(t["level"], level);
        assert_eq!(t["df"], 2.0);
        let expect = (mean - level) / (sd / 3f64.sqrt());
        assert!((t["t"].as_f64().unwrap() - expect).abs() < 1e-9, "{t}");
        // Student's t with 2 df: two-sided p = 1 − |t| / √(2 + t²).
        let p = 1.0 - expect.abs() / (2.0 + expect * expect).sqrt();
        assert!((t["p_value"].as_f64().unwrap() - p).abs() < 1e-9, "{t}");
    }
    // --out keeps the best run.
    let saved = std::fs::read_to_string(&out).unwrap();
    assert!(saved.contains(&format!("seed: {}", seeds[i])), "{saved}");
    // A single run keeps today's keys only.
    let single = tune_for("2", "2", &[]);
    assert!(single.get("runs").is_none() && single.get("t_tests").is_none());
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn stage_3_plays_one_strategy_at_stage_2_per_opponent() {
    let stage3 = |opponent: &str| {
        json(&[
            "domino",
            "tune",
            "--strategy",
            "1",
            "--stage",
            "3",
            "--opponent",
            opponent,
            "--population",
            "4",
            "--generations",
            "1",
            "--matches",
            "10",
            "--json",
        ])
    };
    let v = stage3("s3");
    assert_eq!(v["opponents"], serde_json::json!(["t3@2"]));
    assert_eq!(v["matches"], 10);
    // Any other agent name keeps its meaning.
    assert_eq!(stage3("s3@2")["opponents"], serde_json::json!(["s3@2"]));
    fails_with(
        &[
            "domino",
            "tune",
            "--strategy",
            "1",
            "--stage",
            "3",
            "--opponent",
            "s1",
        ],
        "s2, s3, s4",
    );
}

#[test]
fn the_table_has_one_cell_per_pair_with_its_chi_square() {
    let v = json(&[
        "domino",
        "table",
        "--strategies",
        "1,2,3,4",
        "--matches",
        "60",
        "--threads",
        "2",
        "--seed",
        "5",
        "--json",
    ]);
    assert_eq!(v["strategies"], serde_json::json!([1, 2, 3, 4]));
    assert_eq!(v["matches"], 60);
    let cells = v["cells"].as_array().unwrap();
    let pairs: Vec<(u64, u64)> = cells
        .iter()
        .map(|c| (c["a"].as_u64().unwrap(), c["b"].as_u64().unwrap()))
        .collect();
    assert_eq!(pairs, [(1, 2), (1, 3), (1, 4), (2, 3), (2, 4), (3, 4)]);
    for c in cells {
        let a = c["wins_a"].as_f64().unwrap();
        let b = 60.0 - a;
        assert!((c["win_rate_a"].as_f64().unwrap() - a / 60.0).abs() < 1e-12);
        let chi = (a - b).powi(2) / 60.0;
        assert!(
            (c["chi_square"].as_f64().unwrap() - chi).abs() < 1e-9,
            "{c}"
        );
        let p = c["p_value"].as_f64().unwrap();
        assert!((0.0..=1.0).contains(&p));
        assert_eq!(c["agent_a"], format!("t{}", c["a"]));
    }
    assert_eq!(v["ranking"].as_array().unwrap().len(), 4);
    // Same deals for a duel with the same seed: the cells are duels.
    let d = json(&[
        "domino",
        "duel",
        "--team-a",
        "t2",
        "--team-b",
        "t4",
        "--matches",
        "60",
        "--seed",
        "5",
        "--json",
    ]);
    assert_eq!(d["wins_a"], cells[4]["wins_a"]);
    let s2 = json(&[
        "domino",
        "table",
        "--strategies",
        "3,1",
        "--matches",
        "20",
        "--stage",
        "2",
        "--published",
        "--json",
    ]);
    assert_eq!(s2["cells"][0]["agent_a"], "s3@2");
    assert_eq!(s2["cells"][0]["agent_b"], "s1@2");
}

#[test]
fn bad_options_are_refused_with_what_is_allowed() {
    let base = [
        "domino",
        "tune",
        "--strategy",
        "1",
        "--stage",
        "1",
        "--population",
        "4",
        "--generations",
        "1",
        "--matches",
        "5",
    ];
    let with = |extra: &[&str], needle: &str| {
        let mut a = base.to_vec();
        a.extend_from_slice(extra);
        fails_with(&a, needle);
    };
    with(&["--crossover", "one-point"], "scattered, two-point");
    with(&["--mutation", "1.5"], "from 0 to 1");
    with(&["--crossover-rate", "-0.2"], "from 0 to 1");
    with(&["--elite", "4"], "0 to 3");
    with(&["--range", "5,1"], "LO < HI");
    with(&["--range", "x"], "LO,HI");
    with(&["--runs", "0"], "0 is not in 1..=1000");
    with(&["--t-test", "2500"], "--runs 2 or more");
    with(&["--runs", "2", "--t-test", "half"], "share of the matches");
    let table = |extra: &[&str], needle: &str| {
        let mut a = vec!["domino", "table", "--matches", "5"];
        a.extend_from_slice(extra);
        fails_with(&a, needle);
    };
    table(&["--strategies", "1"], "at least two");
    table(&["--strategies", "1,5"], "1, 2, 3, 4");
    table(&["--strategies", "2,2"], "distinct");
    table(&["--stage", "3"], "1 or 2");
    fails_with(
        &["domino", "table", "--matches", "0"],
        "0 is not in 1..=10000000",
    );
}
