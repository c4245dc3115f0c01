//! Tests of `bench`'s command line: the CSV and plot files, the text
//! output and the flags' errors (the figures themselves are tested in
//! `evoboard_core::boards::bench`).

use super::*;
use crate::boards::terra_mystica::Rules;

fn bench_args(csv: PathBuf, params: Vec<String>) -> BenchArgs {
    BenchArgs {
        game: BoardGame::Catan,
        algorithms: "best,brkga,sahc".into(),
        runs: 2,
        time_limit: 0.3,
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
        rules: Some(rules.name().into()),
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
    run(&bench_args(csv.clone(), vec!["population=50".into()])).unwrap();
    let text = std::fs::read_to_string(&csv).unwrap();
    let mut lines = text.lines();
    assert_eq!(lines.next(), Some("algorithm,seed,ms,score"));
    // Every run of every algorithm is in the file (the rows themselves,
    // each run's scores never rising, are tested in the core's bench).
    let mut runs: Vec<(&str, &str)> = lines
        .map(|l| {
            let row: Vec<&str> = l.split(',').collect();
            assert_eq!(row.len(), 4, "{l}");
            (row[0], row[1])
        })
        .collect();
    runs.dedup();
    assert_eq!(runs.len(), 6, "{runs:?}");
    let err = run(&bench_args(csv.clone(), vec![])).unwrap_err();
    assert!(err.0.contains("--force"), "{err}");
    let err = run(&bench_args(dir.join("b.csv"), vec!["nope=1".into()])).unwrap_err();
    assert!(err.0.contains("nope"), "{err}");
    std::fs::remove_dir_all(&dir).unwrap();
}

/// A short Terra Mystica bench without files (`published` rules).
fn tm_args(algorithms: &str, runs: u64, time_limit: f64) -> BenchArgs {
    BenchArgs {
        game: BoardGame::TerraMystica,
        algorithms: algorithms.into(),
        runs,
        time_limit,
        target: 0.0,
        threads: Some(2),
        params: ["brkga", "pso"]
            .iter()
            .zip(["population=50", "particles=20"])
            .filter(|(alg, _)| algorithms.split(',').any(|a| a == **alg))
            .map(|(_, p)| p.to_string())
            .collect(),
        csv: None,
        force: false,
        checkpoints: None,
        plot: None,
        param_sweep: None,
        sweep_values: "0.01,0.33,0.66,0.99".into(),
        json: true,
        scoring: scoring(Rules::Published),
    }
}

/// The texts of an SVG's `<text>` elements, trimmed.
fn svg_texts(svg: &str) -> Vec<String> {
    svg.split("<text")
        .skip(1)
        .filter_map(|t| {
            let body = t.split_once('>')?.1;
            Some(body.split_once("</text>")?.0.trim().to_string())
        })
        .collect()
}

fn temp_dir(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("evoboard-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

#[test]
fn the_text_gives_mean_and_sd_and_checkpoints_only_when_asked() {
    let Outcome::Bench(o) = run(&tm_args("sahc", 1, 0.1)).unwrap() else {
        panic!("a bench without --param-sweep");
    };
    let out = text(&o);
    assert!(out.contains(" ± "), "{out}");
    assert!(!out.contains("checkpoint"), "{out}");
    let mut a = tm_args("sahc", 2, 0.2);
    a.checkpoints = Some("0.1,0.2".into());
    let Outcome::Bench(o) = run(&a).unwrap() else {
        panic!("a bench without --param-sweep");
    };
    let out = text(&o);
    assert!(out.contains("best score at each checkpoint"), "{out}");
    assert!(out.contains("paper, sahc: 24.9 at 270 s"), "{out}");
}

#[test]
fn a_checkpoint_beyond_the_time_limit_is_refused() {
    let mut a = tm_args("sahc", 1, 0.5);
    a.checkpoints = Some("0.1,1".into());
    let err = run(&a).err().unwrap();
    assert!(err.0.contains("at most 0.5"), "{err}");
}

#[test]
fn plots_have_one_series_per_algorithm_and_are_never_clobbered() {
    let dir = temp_dir("plot");
    let svg = dir.join("runs.svg");
    let mut a = tm_args("best,brkga,sahc", 2, 0.3);
    a.plot = Some(svg.clone());
    a.checkpoints = Some("0.1".into());
    run(&a).unwrap();
    let text = std::fs::read_to_string(&svg).unwrap();
    assert!(text.contains("<svg "), "{text}");
    let texts = svg_texts(&text);
    // One legend entry per algorithm.
    for alg in ["best", "brkga", "sahc"] {
        let n = texts
            .iter()
            .filter(|t| t.starts_with(&format!("{alg} (")))
            .count();
        assert_eq!(n, 1, "{alg}: {texts:?}");
    }
    assert!(!texts.iter().any(|t| t.starts_with("pso")));
    // BRKGA and SAHC have published end points under these rules.
    assert!(texts.iter().any(|t| t == "paper mean 30"), "{texts:?}");
    assert!(texts.iter().any(|t| t == "paper 24.9 ± 2.05"), "{texts:?}");
    // One band (a filled polygon) per algorithm with a spread.
    assert!(text.matches("<polygon").count() >= 2);
    // Refused without --force, the file kept.
    let err = run(&a).err().unwrap();
    assert!(err.0.contains("--force"), "{err}");
    assert_eq!(std::fs::read_to_string(&svg).unwrap(), text);
    a.force = true;
    run(&a).unwrap();

    let png = dir.join("runs.png");
    let mut a = tm_args("sahc", 1, 0.1);
    a.plot = Some(png.clone());
    run(&a).unwrap();
    let decoder = ::png::Decoder::new(std::io::BufReader::new(std::fs::File::open(&png).unwrap()));
    let reader = decoder.read_info().unwrap();
    let info = reader.info();
    assert_eq!(
        (info.width, info.height),
        (
            super::super::plot::PNG_WIDTH,
            super::super::plot::PNG_HEIGHT
        )
    );
    a.plot = Some(dir.join("runs.jpg"));
    let err = run(&a).err().unwrap();
    assert!(err.0.contains(".svg or .png"), "{err}");
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn the_sweep_runs_every_set_and_names_the_best() {
    let dir = temp_dir("sweep");
    let mut a = tm_args("pso", 1, 0.1);
    a.params = vec!["particles=20".into()];
    a.param_sweep = Some("inertia,cognitive,social".into());
    a.sweep_values = "0.33,0.66".into();
    a.plot = Some(dir.join("sweep.svg"));
    let Outcome::Sweep(o) = run(&a).unwrap() else {
        panic!("a sweep");
    };
    assert_eq!(o.sets.len(), 8);
    let text = sweep_text(&o);
    assert!(
        text.contains("pso sweep of inertia,cognitive,social: 8 sets"),
        "{text}"
    );
    assert_eq!(
        text.lines().filter(|l| l.starts_with("best: set ")).count(),
        1
    );
    let svg = std::fs::read_to_string(dir.join("sweep.svg")).unwrap();
    let texts = svg_texts(&svg);
    assert_eq!(
        texts.iter().filter(|t| t.starts_with("best: set ")).count(),
        1,
        "{texts:?}"
    );
    // Two algorithms, an unknown or repeated parameter: refused.
    a.plot = None;
    a.algorithms = "pso,sahc".into();
    assert!(run(&a).err().unwrap().0.contains("exactly one algorithm"));
    a.algorithms = "pso".into();
    a.param_sweep = Some("inertia,nope".into());
    assert!(run(&a).err().unwrap().0.contains("allowed: "));
    a.param_sweep = Some("social,social".into());
    assert!(run(&a).err().unwrap().0.contains("twice"));
    a.param_sweep = Some("social".into());
    a.sweep_values = "9".into();
    assert!(run(&a).err().unwrap().0.contains("social"));
    std::fs::remove_dir_all(&dir).unwrap();
}
