//! `evoboard domino records`: counts and intervals from a record file,
//! refusals naming line and column, a missing file.

use super::{evoboard, fails_with, json, temp_dir};

/// One match in the file's RON: a person at seat 0, `partner` at seat 2,
/// `opp` at seats 1 and 3; `winner` 0 = team A.
fn entry(partner: &str, opp: &str, winner: u8) -> String {
    format!(
        "(date: \"2026-11-23T22:00:00Z\", seats: (Person(name: \"Ana\"), Ai(agent: \"{opp}\"), \
         Ai(agent: \"{partner}\"), Ai(agent: \"{opp}\")), mode: Local, seed: 1, \
         scores: ({}, {}), rounds: 8, winner_team: {winner})",
        if winner == 0 { 210 } else { 150 },
        if winner == 0 { 150 } else { 210 },
    )
}

#[test]
fn known_matches_give_the_counts_and_the_wilson_interval() {
    let dir = temp_dir("records-known");
    let path = dir.join("r.ron");
    // 30 wins and 20 losses against t1, 1 loss against mc.
    let mut m: Vec<String> = (0..50)
        .map(|i| entry("t1", "t1", u8::from(i >= 30)))
        .collect();
    m.push(entry("t1", "mc", 1));
    std::fs::write(&path, format!("(version: 1, matches: [{}])", m.join(",\n"))).unwrap();
    let p = path.to_str().unwrap();
    let v = json(&["domino", "records", "--file", p, "--json"]);
    assert_eq!(v["file"], p);
    assert_eq!(v["matches"], 51);
    let pairings = v["pairings"].as_array().unwrap();
    assert_eq!(pairings.len(), 2, "{v}");
    let t1 = pairings.iter().find(|x| x["opponent"] == "t1").unwrap();
    assert_eq!(t1["human_seats"], serde_json::json!([0]));
    assert_eq!(t1["partner"], "t1");
    assert_eq!(
        (
            t1["matches"].as_u64(),
            t1["wins"].as_u64(),
            t1["losses"].as_u64()
        ),
        (Some(50), Some(30), Some(20))
    );
    assert_eq!(t1["win_rate"], 0.6);
    // Wilson, 30 of 50: 0.4618 to 0.7239 (worked by hand in the unit test).
    let ci = t1["ci95"].as_array().unwrap();
    assert!((ci[0].as_f64().unwrap() - 0.46181).abs() < 1e-4, "{ci:?}");
    assert!((ci[1].as_f64().unwrap() - 0.72392).abs() < 1e-4, "{ci:?}");
    let mc = pairings.iter().find(|x| x["opponent"] == "mc").unwrap();
    assert_eq!(
        (mc["wins"].as_u64(), mc["losses"].as_u64()),
        (Some(0), Some(1))
    );
    // The table names the pairing and the interval.
    let out = evoboard(&["domino", "records", "--file", p]);
    assert!(out.status.success());
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(
        text.contains("51 matches") && text.contains("60.0 %"),
        "{text}"
    );
    assert!(text.contains("46.2 – 72.4 %"), "{text}");
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_malformed_file_is_refused_with_line_and_column() {
    let dir = temp_dir("records-bad");
    let path = dir.join("r.ron");
    let text = "(version: 1,\n matches: [\n  (date: 12)\n ])\n";
    std::fs::write(&path, text).unwrap();
    let p = path.to_str().unwrap();
    fails_with(
        &["domino", "records", "--file", p, "--json"],
        &format!("{p}:3:"),
    );
    // A failed append (the library's) leaves it as it was.
    let rec = evoboard_core::domino::records::MatchRecord {
        date: "2026-11-23T22:00:00Z".into(),
        seats: std::array::from_fn(|_| evoboard_core::domino::records::SeatRecord::Person {
            name: "x".into(),
        }),
        mode: evoboard_core::domino::records::MatchMode::HotSeat,
        seed: 1,
        scores: [200, 0],
        rounds: 3,
        winner_team: 0,
    };
    assert!(evoboard_core::domino::records::append(&path, rec).is_err());
    assert_eq!(std::fs::read_to_string(&path).unwrap(), text);
    fails_with(
        &["domino", "records", "--file", p],
        "not a domino record file",
    );
    std::fs::write(&path, "(version: 9, matches: [])").unwrap();
    fails_with(&["domino", "records", "--file", p], "reads version 1");
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_missing_file_has_no_matches() {
    let dir = temp_dir("records-missing");
    let path = dir.join("none.ron");
    let v = json(&[
        "domino",
        "records",
        "--file",
        path.to_str().unwrap(),
        "--json",
    ]);
    assert_eq!(v["matches"], 0);
    assert_eq!(v["pairings"], serde_json::json!([]));
    // The environment variable names the default file.
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_evoboard"))
        .args(["domino", "records", "--json"])
        .env("EVOBOARD_RECORDS", &path)
        .output()
        .unwrap();
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(v["file"], path.to_str().unwrap());
    assert_eq!(v["matches"], 0);
    assert!(!path.exists(), "reading does not create the file");
    std::fs::remove_dir_all(&dir).unwrap();
}
