//! Tests of `bench`: CSV, checkpoints, plots and the sweep.

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
        checkpoints: None,
        plot: None,
        param_sweep: None,
        sweep_values: "0.01,0.33,0.66,0.99".into(),
        json: true,
        scoring: scoring(Rules::Strict),
    }
}

fn scoring(rules: Rules) -> ScoringArgs {
    ScoringArgs {
        rules,
        weights: None,
        no_equal_neighbours: false,
        no_2_12_neighbours: false,
        desert: "anywhere".into(),
        max_corner_pips: 0,
        harbour_rule: false,
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
