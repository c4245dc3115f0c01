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
    assert!(g["stripped_empty_share"].as_f64().unwrap() >= g["empty_share"].as_f64().unwrap());
    assert_eq!(g["prefer_trails"], false);
    assert!(g["trail"].is_null());
    let s = json(&evoboard(&["puzzle", "solve", f, "--json"]));
    assert_eq!(s["solutions"], 1);
    assert_eq!(s["solution"], g["solution"]);
    // A unique puzzle: the complete tree has one treasure, and its root
    // is a trail (or the treasure itself when propagation alone solves it).
    let t = &s["tree"];
    assert_eq!(t["complete"], true);
    assert_eq!(t["treasure"], 1);
    assert!(t["trail"].as_u64().unwrap() >= 1 || t["nodes"] == 1);
    assert_eq!(t["open"], 0);
    let sum = ["road", "trail", "treasure", "open"]
        .iter()
        .map(|k| t[k].as_u64().unwrap())
        .sum::<u64>();
    assert_eq!(t["nodes"].as_u64(), Some(sum));
    assert!(t["elapsed_ms"].is_number());
    assert_eq!(t["budget"], 100_000);
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
    // The tree is complete: its treasures are all 8 solutions, even with
    // the count capped at 2; a small budget cuts it.
    let s = json(&evoboard(&["puzzle", "solve", t, "--json"]));
    assert_eq!(s["tree"]["treasure"], 8);
    assert_eq!(s["tree"]["complete"], true);
    let s = json(&evoboard(&[
        "puzzle",
        "solve",
        t,
        "--tree-nodes",
        "3",
        "--json",
    ]));
    assert_eq!(s["tree"]["complete"], false);
    assert_eq!(s["tree"]["nodes"], 3);
    let s = json(&evoboard(&[
        "puzzle",
        "solve",
        t,
        "--tree-nodes",
        "0",
        "--json",
    ]));
    assert!(s["tree"].is_null());
    // No solution: null.
    std::fs::write(&txt, "XXX\n...\n").unwrap();
    let s = json(&evoboard(&["puzzle", "solve", t, "--json"]));
    assert_eq!(s["solutions"], 0);
    assert!(s["solution"].is_null());
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn prefer_trails_and_seed_summaries() {
    let args = [
        "puzzle",
        "generate",
        "--width",
        "10",
        "--height",
        "10",
        "--difficulty",
        "hard",
        "--seed",
        "6",
        "--prefer-trails",
        "--json",
    ];
    let g = json(&evoboard(&args));
    assert_eq!(g["prefer_trails"], true);
    let trail = &g["trail"];
    assert_eq!(trail["found"], true);
    assert!(trail["depth"].as_u64().unwrap() >= 1);
    assert!(trail["nodes"].as_u64().unwrap() >= 1);
    assert_eq!(trail["budget"], 200_000);
    assert!((g["empty_share"].as_f64().unwrap() - 0.30).abs() < 0.006);
    // Same seed, same puzzle.
    assert_eq!(json(&evoboard(&args))["cells"], g["cells"]);
    // A budget of one node falls back to the published way.
    let mut tiny = args.to_vec();
    tiny.extend(["--trail-nodes", "1"]);
    let t = json(&evoboard(&tiny));
    assert_eq!(t["trail"]["found"], false);
    assert!(t["trail"]["depth"].is_null());
    let sum = json(&evoboard(&[
        "puzzle",
        "generate",
        "--width",
        "8",
        "--height",
        "8",
        "--difficulty",
        "easy",
        "--seeds",
        "1..5",
        "--prefer-trails",
        "--json",
    ]));
    assert_eq!(sum["puzzles"], 5);
    assert_eq!(sum["seeds"], serde_json::json!([1, 5]));
    assert_eq!(sum["target_empty_share"], 0.4);
    for k in ["stripped_empty_share", "empty_share"] {
        for s in ["mean", "min", "max"] {
            assert!(sum[k][s].is_number(), "{k}.{s}");
        }
    }
    assert_eq!(
        sum["trail"]["found"].as_u64().unwrap() + sum["trail"]["fallbacks"].as_u64().unwrap(),
        5
    );
    for s in ["median", "mean", "max"] {
        assert!(sum["elapsed_ms"][s].is_number());
    }
    let levels = &sum["levels"];
    let total: u64 = ["1", "2", "3", "beyond"]
        .iter()
        .map(|k| levels[k].as_u64().unwrap())
        .sum();
    assert_eq!(total, 5);
    // --seeds with --seed, and a reversed range, are refused.
    let out = evoboard(&[
        "puzzle",
        "generate",
        "--width",
        "8",
        "--height",
        "8",
        "--difficulty",
        "easy",
        "--seeds",
        "5..1",
    ]);
    assert!(!out.status.success());
    assert!(String::from_utf8_lossy(&out.stderr).contains("A..B"));
    let out = evoboard(&[
        "puzzle",
        "generate",
        "--width",
        "8",
        "--height",
        "8",
        "--difficulty",
        "easy",
        "--seeds",
        "1..3",
        "--seed",
        "2",
    ]);
    assert!(!out.status.success());
    // --trail-nodes needs --prefer-trails.
    let out = evoboard(&[
        "puzzle",
        "generate",
        "--width",
        "8",
        "--height",
        "8",
        "--difficulty",
        "easy",
        "--trail-nodes",
        "5",
    ]);
    assert!(!out.status.success());
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

/// `puzzle generate` with no flags: a 10 × 10 puzzle of grade 2 (issue
/// 41); `--size` works; the human line names the grade only.
#[test]
fn generate_with_no_flags() {
    let g = json(&evoboard(&["puzzle", "generate", "--json"]));
    assert_eq!(g["width"], 10);
    assert_eq!(g["height"], 10);
    assert_eq!(g["grade"], 2);
    assert_eq!(g["rules"], "no-three");
    let out = evoboard(&["puzzle", "generate"]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let text = String::from_utf8_lossy(&out.stdout);
    let first = text.lines().next().unwrap();
    assert!(first.starts_with("10 × 10 puzzle, grade 2 ("), "{first}");
    assert!(
        !first.contains("easy") && !first.contains("level"),
        "{first}"
    );
    let s = json(&evoboard(&[
        "puzzle", "generate", "--size", "8x6", "--json",
    ]));
    assert_eq!(
        (s["width"].as_u64(), s["height"].as_u64()),
        (Some(8), Some(6))
    );
}

/// True when the givens and blocked cells of `rows` are symmetric under
/// 180° rotation (positions only).
fn rotation_symmetric(rows: &[serde_json::Value]) -> bool {
    let rows: Vec<Vec<char>> = rows
        .iter()
        .map(|r| r.as_str().unwrap().chars().collect())
        .collect();
    let (h, w) = (rows.len(), rows[0].len());
    let kind = |c: char| match c {
        'X' | 'O' => 1,
        '#' => 2,
        _ => 0,
    };
    (0..h).all(|r| (0..w).all(|c| kind(rows[r][c]) == kind(rows[h - 1 - r][w - 1 - c])))
}

/// `--symmetric` (issue 41): givens and blocked cells symmetric under
/// 180° rotation in `generate` and `book`, at the asked grade, with one
/// solution; refused with the published generator.
#[test]
fn symmetric_layouts() {
    for (rules, grade) in [("no-three", "3"), ("takuzu", "2")] {
        let g = json(&evoboard(&[
            "puzzle",
            "generate",
            "--rules",
            rules,
            "--grade",
            grade,
            "--symmetric",
            "--seed",
            "7",
            "--json",
        ]));
        let cells = g["cells"].as_array().unwrap();
        assert!(rotation_symmetric(cells), "{rules}: {cells:?}");
        assert_eq!(g["grade"].to_string(), grade);
        assert_eq!(g["symmetric"], true);
    }
    let d = super::temp_dir("puzzle-symmetric");
    let pdf = d.join("b.pdf");
    let b = json(&evoboard(&[
        "puzzle",
        "book",
        "--count",
        "4",
        "--grade",
        "4",
        "--symmetric",
        "--out",
        pdf.to_str().unwrap(),
        "--json",
    ]));
    for p in b["puzzles"].as_array().unwrap() {
        assert!(rotation_symmetric(p["cells"].as_array().unwrap()), "{p}");
        assert_eq!(p["grade"], 4);
    }
    super::fails_with(
        &["puzzle", "generate", "--difficulty", "hard", "--symmetric"],
        "--symmetric lays out graded puzzles",
    );
}
