//! `evoboard puzzle …` end to end: the fixed JSON keys, files, errors.

use super::evoboard;

fn json(out: &std::process::Output) -> serde_json::Value {
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    serde_json::from_slice(&out.stdout).expect("one JSON object on stdout")
}

#[test]
fn generate_then_solve() {
    let dir = std::env::temp_dir().join(format!("evoboard-pzcli-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("p.level.ron");
    let f = file.to_str().unwrap();
    let args = [
        "puzzle",
        "generate",
        "--width",
        "9",
        "--height",
        "7",
        "--difficulty",
        "hard",
        "--seed",
        "4",
        "--json",
        "--out",
        f,
    ];
    let g = json(&evoboard(&args));
    assert_eq!(g["width"], 9);
    assert_eq!(g["height"], 7);
    assert_eq!(g["cells"].as_array().unwrap().len(), 7);
    assert_eq!(g["solution"].as_array().unwrap().len(), 7);
    assert!(g["elapsed_ms"].is_number());
    // Same seed, same puzzle; the file is not overwritten without --force.
    let again = evoboard(&args);
    assert!(!again.status.success());
    assert!(String::from_utf8_lossy(&again.stderr).contains("--force"));
    let s = json(&evoboard(&["puzzle", "solve", f, "--json"]));
    assert_eq!(s["solutions"], 1);
    assert_eq!(s["solution"], g["solution"]);
    let mut forced = args.to_vec();
    forced.push("--force");
    let g2 = json(&evoboard(&forced));
    assert_eq!(g2["cells"], g["cells"]);

    // A plain text board with 8 solutions, capped at the limit.
    let txt = dir.join("empty.txt");
    std::fs::write(&txt, ".....\n.....\n.....\n.....\n.....\n").unwrap();
    let t = txt.to_str().unwrap();
    let s = json(&evoboard(&["puzzle", "solve", t, "--json"]));
    assert_eq!(s["solutions"], 2);
    let s = json(&evoboard(&[
        "puzzle", "solve", t, "--limit", "100", "--json",
    ]));
    assert_eq!(s["solutions"], 8);
    // No solution: null.
    std::fs::write(&txt, "XXX\n...\n").unwrap();
    let s = json(&evoboard(&["puzzle", "solve", t, "--json"]));
    assert_eq!(s["solutions"], 0);
    assert!(s["solution"].is_null());
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn clear_errors() {
    let out = evoboard(&[
        "puzzle",
        "generate",
        "--width",
        "3",
        "--height",
        "9",
        "--difficulty",
        "easy",
    ]);
    assert!(!out.status.success());
    assert!(out.stdout.is_empty());
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("between 4 and 20"), "{err}");
    let out = evoboard(&[
        "puzzle",
        "generate",
        "--width",
        "8",
        "--height",
        "8",
        "--difficulty",
        "medium",
    ]);
    assert!(!out.status.success());
    assert!(String::from_utf8_lossy(&out.stderr).contains("easy and hard"));
}
