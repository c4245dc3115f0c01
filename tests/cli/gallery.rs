//! generate --gallery: K perfect boards spread along two axes.

use super::{evoboard, fails_with, json};
use serde_json::Value;

fn check(v: &Value, game: &str, axes: [&str; 2], k: usize) {
    assert_eq!(v["game"], game);
    assert_eq!(v["axes"], serde_json::json!(axes));
    let cells = v["archive_cells"].as_u64().unwrap();
    assert!(cells as usize >= k, "{v}");
    assert!(v["elapsed_ms"].as_f64().unwrap() > 0.0);
    let boards = v["boards"].as_array().unwrap();
    assert_eq!(boards.len(), k);
    for b in boards {
        assert_eq!(b["score"], 0.0, "{b}");
        let d = b["descriptors"].as_object().unwrap();
        assert_eq!(d.len(), 2);
        for a in axes {
            assert!(d[a].is_number(), "{a} in {b}");
        }
        assert!(b["board"].is_array());
    }
    for (i, a) in boards.iter().enumerate() {
        for b in &boards[i + 1..] {
            assert_ne!(a["board"], b["board"]);
            assert_ne!(a["cell"], b["cell"], "one board per cell");
        }
    }
    assert!(v["min_distance"].as_f64().unwrap() > 0.0);
}

#[test]
fn gallery_of_8_for_both_games() {
    let v = json(&["generate", "terra-mystica", "--gallery", "8", "--json"]);
    check(
        &v,
        "terra-mystica",
        ["river-branching", "terrain-clustering"],
        8,
    );
    let rows = v["boards"][0]["board"].as_array().unwrap();
    assert_eq!(rows.len(), 9);
    let river = rows
        .iter()
        .flat_map(|r| r.as_array().unwrap())
        .filter(|t| *t == "river")
        .count();
    assert_eq!(river, 36);

    let v = json(&["generate", "catan", "--gallery", "8", "--json"]);
    check(&v, "catan", ["production-spread", "high-pips-centre"], 8);
    let lens: Vec<usize> = v["boards"][7]["board"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| r.as_array().unwrap().len())
        .collect();
    assert_eq!(lens, [3, 4, 5, 4, 3]);
}

#[test]
fn gallery_axes_seed_and_table() {
    let args = [
        "generate",
        "catan",
        "--gallery",
        "4",
        "--axes",
        "desert-distance,number-spread",
        "--seed",
        "3",
        "--json",
    ];
    let v = json(&args);
    check(&v, "catan", ["desert-distance", "number-spread"], 4);
    assert_eq!(v["bins"], serde_json::json!([3, 8]));
    // Same seed, same gallery.
    assert_eq!(json(&args)["boards"], v["boards"]);
    // The table: a header, one line per board.
    let out = evoboard(&[
        "generate",
        "terra-mystica",
        "--gallery",
        "3",
        "--axes",
        "coast,river-length",
    ]);
    assert!(out.status.success());
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(
        text.contains("coast") && text.contains("river-length"),
        "{text}"
    );
    assert!(text.lines().count() >= 5, "{text}");
}

#[test]
fn gallery_errors_say_what_is_allowed() {
    fails_with(
        &[
            "generate",
            "catan",
            "--gallery",
            "4",
            "--axes",
            "river-branching,coast",
        ],
        "allowed: production-spread, high-pips-centre, desert-distance, number-spread, best-corner",
    );
    fails_with(
        &[
            "generate",
            "terra-mystica",
            "--gallery",
            "4",
            "--axes",
            "coast",
        ],
        "two different descriptor names",
    );
    fails_with(
        &["generate", "terra-mystica", "--gallery", "0"],
        "0 is not in 1..=1000",
    );
    fails_with(
        &[
            "generate",
            "terra-mystica",
            "--gallery",
            "2",
            "--algorithm",
            "pso",
        ],
        "--algorithm best",
    );
    fails_with(
        &["generate", "catan", "--axes", "coast,river-length"],
        "--gallery",
    );
}
