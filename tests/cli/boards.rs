//! generate, evaluate and bench for the hex boards.

use super::{fails_with, json, temp_dir};
use serde_json::Value;

fn base_map() -> String {
    concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/crates/evoboard_core/src/boards/terra_mystica/base_map.txt"
    )
    .to_string()
}

#[test]
fn generate_terra_mystica_reaches_zero_with_the_fixed_keys() {
    let v = json(&["generate", "terra-mystica", "--seed", "4", "--json"]);
    for key in [
        "game",
        "algorithm",
        "seed",
        "score",
        "violations",
        "elapsed_ms",
        "evaluations",
        "generations",
        "board",
    ] {
        assert!(v.get(key).is_some(), "missing {key}: {v}");
    }
    assert_eq!(v["game"], "terra-mystica");
    assert_eq!(v["score"], 0.0);
    for k in ["req1", "req2", "req3", "req4"] {
        assert_eq!(v["violations"][k], 0);
    }
    let rows = v["board"].as_array().unwrap();
    assert_eq!(rows.len(), 9);
    assert_eq!(
        rows.iter()
            .map(|r| r.as_array().unwrap().len())
            .sum::<usize>(),
        113
    );
    assert_eq!(
        rows.iter()
            .flat_map(|r| r.as_array().unwrap())
            .filter(|t| *t == "river")
            .count(),
        36
    );
    // Same seed, same board; another seed, another board.
    let again = json(&["generate", "terra-mystica", "--seed", "4", "--json"]);
    assert_eq!(v["board"], again["board"]);
    let other = json(&["generate", "terra-mystica", "--seed", "5", "--json"]);
    assert_ne!(v["board"], other["board"]);
}

#[test]
fn generate_catan_reaches_zero() {
    let v = json(&["generate", "catan", "--seed", "2", "--json"]);
    assert_eq!(v["score"], 0.0);
    for k in ["r1", "r2", "r3"] {
        assert_eq!(v["violations"][k], 0);
    }
    let rows = v["board"].as_array().unwrap();
    let lens: Vec<usize> = rows.iter().map(|r| r.as_array().unwrap().len()).collect();
    assert_eq!(lens, [3, 4, 5, 4, 3]);
    let desert: Vec<&Value> = rows
        .iter()
        .flat_map(|r| r.as_array().unwrap())
        .filter(|h| h["terrain"] == "desert")
        .collect();
    assert_eq!(desert.len(), 1);
    assert!(desert[0]["number"].is_null());
}

#[test]
fn evaluate_reproduces_the_base_map_figures() {
    let map = base_map();
    let v = json(&[
        "evaluate",
        "terra-mystica",
        "--map",
        &map,
        "--rules",
        "published",
        "--json",
    ]);
    assert_eq!(v["score"], 9.0);
    assert_eq!(v["violations"]["req2"], 3);
    assert_eq!(v["violations"]["req4"], 6);
    let v = json(&["evaluate", "terra-mystica", "--map", &map, "--json"]);
    assert_eq!(v["score"], 17.0);
}

#[test]
fn out_is_atomic_round_trips_and_never_clobbers() {
    let dir = temp_dir("out");
    let file = dir.join("board.level.ron");
    let f = file.to_str().unwrap();
    let g = json(&[
        "generate",
        "terra-mystica",
        "--seed",
        "9",
        "--out",
        f,
        "--json",
    ]);
    let saved = std::fs::read_to_string(&file).unwrap();
    let e = json(&["evaluate", "terra-mystica", "--map", f, "--json"]);
    assert_eq!(e["score"], g["score"]);
    fails_with(
        &["generate", "terra-mystica", "--seed", "10", "--out", f],
        "--force",
    );
    assert_eq!(
        std::fs::read_to_string(&file).unwrap(),
        saved,
        "the old file is kept"
    );
    json(&[
        "generate",
        "terra-mystica",
        "--seed",
        "10",
        "--out",
        f,
        "--force",
        "--json",
    ]);
    assert_ne!(std::fs::read_to_string(&file).unwrap(), saved);
    fails_with(
        &["evaluate", "catan", "--map", f],
        "holds a terra-mystica map",
    );
    let leftovers: Vec<_> = std::fs::read_dir(&dir).unwrap().collect();
    assert_eq!(leftovers.len(), 1, "no temporary files left");
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn levels_are_written_as_level_ron_and_old_plain_ron_levels_still_read() {
    let dir = temp_dir("ext");
    let asked = dir.join("mine.ron");
    let g = json(&[
        "generate",
        "catan",
        "--seed",
        "3",
        "--out",
        asked.to_str().unwrap(),
        "--json",
    ]);
    let written = dir.join("mine.level.ron");
    assert!(written.exists(), "--out mine.ron writes mine.level.ron");
    assert!(!asked.exists());
    let text = std::fs::read_to_string(&written).unwrap();
    assert!(text.contains("name: \"mine\""), "{text}");
    // A level saved before the rename, under a plain .ron name.
    let old = dir.join("old.ron");
    std::fs::rename(&written, &old).unwrap();
    let e = json(&[
        "evaluate",
        "catan",
        "--map",
        old.to_str().unwrap(),
        "--json",
    ]);
    assert_eq!(e["score"], g["score"]);
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn bad_input_says_what_is_allowed() {
    fails_with(
        &["generate", "terra-mystica", "--algorithm", "magic"],
        "allowed: best",
    );
    fails_with(
        &["generate", "terra-mystica", "--time-limit", "-3"],
        "above 0 and at most 86400",
    );
    fails_with(
        &["generate", "terra-mystica", "--rules", "loose"],
        "allowed: strict, published",
    );
    fails_with(&["generate", "chess"], "allowed: terra-mystica, catan");
    fails_with(
        &["generate", "catan", "--param", "noise=7"],
        "allowed: 0 to 1",
    );
    fails_with(
        &["generate", "catan", "--param", "speed=1"],
        "no parameter 'speed'",
    );
    fails_with(
        &["evaluate", "terra-mystica", "--map", "/nonexistent/map.txt"],
        "cannot read",
    );
    let dir = temp_dir("bad");
    let bad = dir.join("bad.ron");
    std::fs::write(
        &bad,
        "Level(\n  version: 1,\n  name: \"x\",\n  map: Chess(()),\n)",
    )
    .unwrap();
    fails_with(
        &["evaluate", "terra-mystica", "--map", bad.to_str().unwrap()],
        "line 4",
    );
    std::fs::write(&bad, "Level(version: 99)").unwrap();
    fails_with(
        &["evaluate", "terra-mystica", "--map", bad.to_str().unwrap()],
        "version 99",
    );
    let txt = dir.join("bad.txt");
    std::fs::write(&txt, "yellow x\npurple").unwrap();
    fails_with(
        &["evaluate", "terra-mystica", "--map", txt.to_str().unwrap()],
        "line 2",
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn bench_reports_every_algorithm() {
    let v = json(&[
        "bench",
        "catan",
        "--algorithms",
        "best",
        "--runs",
        "4",
        "--time-limit",
        "5",
        "--json",
    ]);
    let r = &v["results"][0];
    for key in [
        "algorithm",
        "runs",
        "solved",
        "mean_score",
        "best_score",
        "median_ms_to_best",
        "max_ms_to_best",
        "sd_score",
        "requirement_means",
    ] {
        assert!(r.get(key).is_some(), "missing {key}: {r}");
    }
    assert_eq!(r["runs"], 4);
    assert_eq!(r["solved"], 4);
}

#[test]
fn bench_checkpoints_on_the_command_line() {
    let v = json(&[
        "bench",
        "catan",
        "--algorithms",
        "best,sahc",
        "--runs",
        "2",
        "--time-limit",
        "0.3",
        "--checkpoints",
        "0.3,0.1",
        "--json",
    ]);
    for r in v["results"].as_array().unwrap() {
        let cps = r["checkpoints"].as_array().unwrap();
        assert_eq!(cps.len(), 2, "{r}");
        assert_eq!(cps[0]["seconds"], 0.1);
        assert_eq!(cps[1]["scores"], r["scores"], "{r}");
    }
    fails_with(
        &[
            "bench",
            "catan",
            "--time-limit",
            "0.3",
            "--checkpoints",
            "20",
        ],
        "at most 0.3",
    );
    fails_with(
        &["bench", "catan", "--sweep-values", "1,2"],
        "--param-sweep",
    );
}
