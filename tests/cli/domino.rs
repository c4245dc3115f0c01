//! The `evoboard domino` command line: JSON keys, files and errors.

use super::evoboard;

fn json(out: &std::process::Output) -> serde_json::Value {
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let text = String::from_utf8(out.stdout.clone()).unwrap();
    assert_eq!(
        text.trim().lines().count(),
        1,
        "exactly one JSON object: {text}"
    );
    serde_json::from_str(text.trim()).unwrap()
}

#[test]
fn duel_json_has_the_contract_keys_and_is_reproducible() {
    let args = [
        "domino",
        "duel",
        "--team-a",
        "hand",
        "--team-b",
        "basic",
        "--matches",
        "300",
        "--threads",
        "2",
        "--seed",
        "4",
        "--json",
    ];
    let v = json(&evoboard(&args));
    for k in [
        "matches",
        "wins_a",
        "wins_b",
        "win_rate_a",
        "elapsed_ms",
        "matches_per_sec",
    ] {
        assert!(v.get(k).is_some(), "missing key {k}: {v}");
    }
    assert_eq!(v["matches"], 300);
    assert_eq!(
        v["wins_a"].as_u64().unwrap() + v["wins_b"].as_u64().unwrap(),
        300
    );
    let again = json(&evoboard(&args));
    assert_eq!(v["wins_a"], again["wins_a"]);
    assert_eq!(v["rounds"], again["rounds"]);
}

#[test]
fn tune_json_saves_a_file_that_duel_loads() {
    let dir = std::env::temp_dir().join(format!("evoboard-domcli-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let out = dir.join("c.ron");
    let _ = std::fs::remove_file(&out);
    let o = out.to_str().unwrap();
    let tune = [
        "domino",
        "tune",
        "--strategy",
        "2",
        "--stage",
        "1",
        "--population",
        "6",
        "--generations",
        "2",
        "--matches",
        "30",
        "--seed",
        "2",
        "--out",
        o,
        "--json",
    ];
    let v = json(&evoboard(&tune));
    for k in [
        "strategy",
        "stage",
        "coefficients",
        "fitness",
        "matches",
        "history",
        "elapsed_ms",
    ] {
        assert!(v.get(k).is_some(), "missing key {k}: {v}");
    }
    assert_eq!(v["coefficients"].as_array().unwrap().len(), 7);
    assert_eq!(v["history"].as_array().unwrap().len(), 2);
    assert!(v["history"][0].get("best").is_some() && v["history"][0].get("mean").is_some());
    // No clobbering without --force.
    let again = evoboard(&tune);
    assert!(!again.status.success());
    assert!(String::from_utf8_lossy(&again.stderr).contains("--force"));
    let agent = format!("file:{o}");
    let d = json(&evoboard(&[
        "domino",
        "duel",
        "--team-a",
        &agent,
        "--team-b",
        "basic",
        "--matches",
        "50",
        "--json",
    ]));
    assert_eq!(d["matches"], 50);
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn bad_arguments_fail_with_a_message_that_says_what_is_allowed() {
    let o = evoboard(&[
        "domino",
        "duel",
        "--team-a",
        "s9",
        "--team-b",
        "basic",
        "--matches",
        "5",
    ]);
    assert!(!o.status.success());
    assert!(o.stdout.is_empty());
    let e = String::from_utf8_lossy(&o.stderr);
    assert!(e.contains("allowed") && e.contains("s1@2"), "{e}");
    let o = evoboard(&["domino", "tune", "--strategy", "7", "--stage", "1"]);
    assert!(!o.status.success());
    assert!(String::from_utf8_lossy(&o.stderr).contains("1, 2, 3 or 4"));
}
