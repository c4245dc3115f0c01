//! Catan as people play it: `--players 5-6`, harbours, `--harbour-rule`.

use super::{evoboard, fails_with, json, temp_dir};
use serde_json::Value;

fn hexes(v: &Value) -> Vec<&Value> {
    v["board"]
        .as_array()
        .unwrap()
        .iter()
        .flat_map(|r| r.as_array().unwrap())
        .collect()
}

fn kinds(v: &Value, kind: &str) -> usize {
    v["harbours"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|h| h["kind"] == kind)
        .count()
}

#[test]
fn five_six_players_board() {
    let v = json(&[
        "generate",
        "catan",
        "--players",
        "5-6",
        "--seed",
        "3",
        "--json",
    ]);
    assert_eq!(v["score"], 0.0);
    assert_eq!(v["players"], "5-6");
    let lens: Vec<usize> = v["board"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| r.as_array().unwrap().len())
        .collect();
    assert_eq!(lens, [3, 4, 5, 6, 5, 4, 3]);
    let all = hexes(&v);
    assert_eq!(all.len(), 30);
    assert_eq!(all.iter().filter(|h| h["terrain"] == "desert").count(), 2);
    assert_eq!(all.iter().filter(|h| h["number"].is_u64()).count(), 28);
    assert_eq!(v["harbours"].as_array().unwrap().len(), 11);
    assert_eq!(kinds(&v, "generic"), 5);
    assert_eq!(kinds(&v, "wool"), 2);
    let h = &v["harbours"][0];
    assert_eq!(h["hex"].as_array().unwrap().len(), 2);
    assert!(h["side"].as_u64().unwrap() < 6);
    assert_eq!(h["corners"].as_array().unwrap().len(), 2);
}

#[test]
fn base_board_has_nine_harbours_and_the_rule_reaches_zero() {
    let v = json(&["generate", "catan", "--seed", "4", "--json"]);
    assert_eq!(v["players"], "3-4");
    assert_eq!(v["harbours"].as_array().unwrap().len(), 9);
    assert_eq!(kinds(&v, "generic"), 4);
    for k in ["grain", "lumber", "wool", "brick", "ore"] {
        assert_eq!(kinds(&v, k), 1, "{k}");
    }
    for players in ["3-4", "5-6"] {
        let v = json(&[
            "generate",
            "catan",
            "--players",
            players,
            "--harbour-rule",
            "--seed",
            "5",
            "--json",
        ]);
        assert_eq!(v["score"], 0.0, "{players}");
        assert_eq!(v["violations"]["harbour"], 0, "{players}");
    }
}

#[test]
fn saved_levels_keep_harbours_and_old_levels_load() {
    let dir = temp_dir("catan-harbours");
    let file = dir.join("big.level.ron");
    let f = file.to_str().unwrap();
    let v = json(&[
        "generate",
        "catan",
        "--players",
        "5-6",
        "--harbour-rule",
        "--out",
        f,
        "--json",
    ]);
    let text = std::fs::read_to_string(&file).unwrap();
    assert!(text.contains("harbours"), "{text}");
    let e = json(&["evaluate", "catan", "--map", f, "--harbour-rule", "--json"]);
    assert_eq!(e["score"], v["score"]);
    assert_eq!(e["violations"]["harbour"], 0);
    // `--players 5-6` matches the level; the default 3-4 does not stop it.
    let e = json(&[
        "evaluate",
        "catan",
        "--map",
        f,
        "--players",
        "5-6",
        "--json",
    ]);
    assert_eq!(e["score"], v["score"]);
    // The shipped demo level predates harbours and still evaluates.
    let demo = concat!(env!("CARGO_MANIFEST_DIR"), "/levels/demo-catan.level.ron");
    let e = json(&[
        "evaluate",
        "catan",
        "--map",
        demo,
        "--harbour-rule",
        "--json",
    ]);
    assert!(e["score"].is_number());
    fails_with(
        &["evaluate", "catan", "--map", demo, "--players", "5-6"],
        "holds a 3-4-player board",
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn bad_player_counts_are_refused() {
    fails_with(
        &["generate", "catan", "--players", "7-8"],
        "allowed: 3-4, 5-6",
    );
    fails_with(
        &["generate", "terra-mystica", "--players", "5-6"],
        "--players applies to catan only",
    );
    let out = evoboard(&["generate", "catan", "--players", "5-6"]);
    assert!(out.status.success());
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(
        text.contains("harbours (rows and hexes counted from 1"),
        "{text}"
    );
}
