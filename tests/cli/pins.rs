//! `generate --from FILE --pin R,C[=TILE] [--rebalance]`: start boards and
//! pinned hexes.

use super::{evoboard, fails_with, json, temp_dir};
use serde_json::Value;
use std::path::Path;

const ROWS: [usize; 9] = [13, 12, 13, 12, 13, 12, 13, 12, 13];

/// `(row, col)` of row-major hex `i`.
fn cell(i: usize) -> (usize, usize) {
    let mut i = i;
    for (r, &len) in ROWS.iter().enumerate() {
        if i < len {
            return (r, i);
        }
        i -= len;
    }
    panic!("hex {i} is off the board")
}

/// 30 pins spread over the board.
fn thirty() -> Vec<(usize, usize)> {
    (0..30).map(|k| cell(k * 113 / 30)).collect()
}

fn pin_args(pins: &[(usize, usize)]) -> Vec<String> {
    pins.iter()
        .flat_map(|(r, c)| ["--pin".to_string(), format!("{r},{c}")])
        .collect()
}

/// A solved level, saved with `generate --out`.
fn solved_level(dir: &Path) -> (String, Value) {
    let out = dir.join("solved.level.ron");
    let v = json(&[
        "generate",
        "terra-mystica",
        "--seed",
        "3",
        "--json",
        "--out",
        out.to_str().unwrap(),
    ]);
    assert_eq!(v["score"], 0.0);
    (out.to_str().unwrap().to_string(), v)
}

fn tile(board: &Value, (r, c): (usize, usize)) -> &str {
    board[r][c].as_str().unwrap()
}

/// The solved board with its unpinned tiles reversed, as a text map.
fn scrambled_map(dir: &Path, board: &Value, pins: &[(usize, usize)]) -> String {
    let cells: Vec<(usize, usize)> = (0..113).map(cell).collect();
    let free: Vec<(usize, usize)> = cells
        .iter()
        .copied()
        .filter(|c| !pins.contains(c))
        .collect();
    let mut rows: Vec<Vec<String>> = ROWS.iter().map(|&n| vec![String::new(); n]).collect();
    for &(r, c) in &cells {
        rows[r][c] = tile(board, (r, c)).to_string();
    }
    for (&(r, c), &src) in free.iter().zip(free.iter().rev()) {
        rows[r][c] = tile(board, src).to_string();
    }
    let text: String = rows.iter().map(|r| r.join(" ") + "\n").collect();
    let path = dir.join("scrambled.txt");
    std::fs::write(&path, text).unwrap();
    path.to_str().unwrap().to_string()
}

fn generate(args: &[String]) -> Value {
    let refs: Vec<&str> = args.iter().map(String::as_str).collect();
    json(&refs)
}

fn keeps_pins(v: &Value, solved: &Value, pins: &[(usize, usize)]) {
    let listed: Vec<(usize, usize)> = v["pinned"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| {
            (
                p[0].as_u64().unwrap() as usize,
                p[1].as_u64().unwrap() as usize,
            )
        })
        .collect();
    let mut want = pins.to_vec();
    want.sort_unstable();
    assert_eq!(listed, want);
    for &p in pins {
        assert_eq!(tile(&v["board"], p), tile(solved, p), "pinned {p:?} moved");
    }
}

#[test]
fn every_algorithm_keeps_30_pins_and_reaches_zero() {
    let dir = temp_dir("pins-all");
    let (level, solved) = solved_level(&dir);
    let board = &solved["board"];
    let pins = thirty();
    let scrambled = scrambled_map(&dir, board, &pins);
    for (alg, param) in [
        ("best", "moves=100"),
        ("brkga", "population=60"),
        ("pso", "particles=10"),
        ("sahc", "moves=50"),
        ("aco", "ants=3"),
    ] {
        // From the solved level itself: 0 at once, pins kept.
        let mut args: Vec<String> = ["generate", "terra-mystica", "--json", "--from", &level]
            .iter()
            .map(|s| s.to_string())
            .collect();
        args.extend(["--algorithm", alg, "--param", param, "--time-limit", "5"].map(String::from));
        args.extend(pin_args(&pins));
        let v = generate(&args);
        assert_eq!(v["score"], 0.0, "{alg}");
        keeps_pins(&v, board, &pins);
        // From a scrambled map: `best` reaches 0; the others keep the pins
        // within a short time limit.
        let mut args: Vec<String> = ["generate", "terra-mystica", "--json", "--from", &scrambled]
            .iter()
            .map(|s| s.to_string())
            .collect();
        let limit = if alg == "best" { "20" } else { "0.5" };
        args.extend(
            ["--algorithm", alg, "--param", param, "--time-limit", limit].map(String::from),
        );
        args.extend(pin_args(&pins));
        let v = generate(&args);
        keeps_pins(&v, board, &pins);
        assert!(v["score"].as_f64().unwrap().is_finite(), "{alg}");
        if alg == "best" {
            assert_eq!(v["score"], 0.0);
        }
    }
    // No pins: `pinned` is there and empty.
    let v = json(&["generate", "terra-mystica", "--seed", "1", "--json"]);
    assert_eq!(v["pinned"], serde_json::json!([]));
}

#[test]
fn a_pin_may_set_its_tile_first_and_rebalance_fixes_the_counts() {
    let dir = temp_dir("pins-set");
    let (level, solved) = solved_level(&dir);
    let to = if tile(&solved["board"], (4, 6)) == "lake" {
        "desert"
    } else {
        "lake"
    };
    let pin = format!("4,6={to}");
    fails_with(
        &["generate", "terra-mystica", "--from", &level, "--pin", &pin],
        "--rebalance",
    );
    let v = json(&[
        "generate",
        "terra-mystica",
        "--from",
        &level,
        "--pin",
        &pin,
        "--rebalance",
        "--json",
    ]);
    assert_eq!(v["board"][4][6], to);
    assert_eq!(v["pinned"], serde_json::json!([[4, 6]]));
    assert_eq!(v["score"], 0.0);
}

#[test]
fn impossible_and_malformed_pins_fail_clearly() {
    let dir = temp_dir("pins-bad");
    let (level, _) = solved_level(&dir);
    let out = evoboard(&[
        "generate",
        "terra-mystica",
        "--from",
        &level,
        "--pin",
        "4,6=lake",
        "--pin",
        "4,7=lake",
        "--rebalance",
    ]);
    assert!(!out.status.success());
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains("REQ1") && err.contains("(4, 6), (4, 7)") && err.contains("impossible"),
        "{err}"
    );
    for bad in ["4x6", "4,", "4,6=", "a,b"] {
        fails_with(
            &["generate", "terra-mystica", "--from", &level, "--pin", bad],
            "R,C or R,C=TERRAIN",
        );
    }
    fails_with(
        &[
            "generate",
            "terra-mystica",
            "--from",
            &level,
            "--pin",
            "9,0",
        ],
        "no such hex",
    );
    fails_with(
        &[
            "generate",
            "terra-mystica",
            "--from",
            &level,
            "--pin",
            "0,0=purple",
        ],
        "not a terrain",
    );
    fails_with(&["generate", "terra-mystica", "--pin", "0,0"], "--from");
}
