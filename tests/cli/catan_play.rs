//! Catan fairness by play: `evaluate catan --play N` and `generate catan
//! --fair-by-play K`.

use super::{fails_with, json, temp_dir};

const CODE: &str = "CVC0ouVQhJSjgyIjIxLM40LAP";

#[test]
fn evaluate_play_reports_every_seat() {
    let v = json(&[
        "evaluate",
        "catan",
        "--code",
        CODE,
        "--play",
        "40",
        "--threads",
        "2",
        "--seed",
        "3",
        "--json",
    ]);
    let p = &v["play"];
    assert_eq!(p["games"], 40);
    assert_eq!(p["seats"], 4);
    let shares = p["seat_win_share"].as_array().unwrap();
    assert_eq!(shares.len(), 4);
    let wins: u64 = shares.iter().map(|s| s["wins"].as_u64().unwrap()).sum();
    assert_eq!(wins + p["draws"].as_u64().unwrap(), 40);
    for s in shares {
        let (lo, x, hi) = (
            s["low"].as_f64().unwrap(),
            s["share"].as_f64().unwrap(),
            s["high"].as_f64().unwrap(),
        );
        assert!(lo <= x && x <= hi && hi <= 1.0);
    }
    let xs: Vec<f64> = shares
        .iter()
        .map(|s| s["share"].as_f64().unwrap())
        .collect();
    let spread =
        xs.iter().cloned().fold(f64::MIN, f64::max) - xs.iter().cloned().fold(f64::MAX, f64::min);
    assert!((p["seat_advantage"].as_f64().unwrap() - spread).abs() < 1e-12);
    assert_eq!(p["opening_pips"].as_array().unwrap().len(), 4);
    assert!(p["mean_turns"].as_f64().unwrap() > 20.0);
    assert!(p["games_per_sec"].as_f64().unwrap() > 0.0);
    assert_eq!(p["harbours_placed"], true);
    // The same seed gives the same games, whatever the threads.
    let again = json(&[
        "evaluate",
        "catan",
        "--code",
        CODE,
        "--play",
        "40",
        "--threads",
        "1",
        "--seed",
        "3",
        "--json",
    ]);
    assert_eq!(again["play"]["seat_win_share"], p["seat_win_share"]);
    assert_eq!(again["play"]["opening_pips"], p["opening_pips"]);
}

#[test]
fn a_lineup_rotates_and_the_value_bot_wins_most() {
    let v = json(&[
        "evaluate",
        "catan",
        "--code",
        CODE,
        "--play",
        "100",
        "--bots",
        "value,random,random,random",
        "--json",
    ]);
    let lineup = v["play"]["lineup_win_share"].as_array().unwrap();
    assert!(lineup[0]["share"].as_f64().unwrap() > 0.6, "{lineup:?}");
    let random = json(&[
        "evaluate", "catan", "--code", CODE, "--play", "50", "--bots", "random", "--seats", "3",
        "--json",
    ]);
    assert_eq!(
        random["play"]["seat_win_share"].as_array().unwrap().len(),
        3
    );
}

#[test]
fn bad_play_input_names_the_range() {
    let base = ["evaluate", "catan", "--code", CODE];
    fails_with(
        &[&base[..], &["--play", "0"]].concat(),
        "allowed: 1..=1000000",
    );
    fails_with(
        &[&base[..], &["--play", "99999999"]].concat(),
        "allowed: 1..=1000000",
    );
    fails_with(
        &[&base[..], &["--play", "5", "--bots", "smart"]].concat(),
        "allowed: value, random, planner, search",
    );
    fails_with(
        &[&base[..], &["--play", "5", "--seats", "6"]].concat(),
        "allowed: 3..=4",
    );
    fails_with(&[&base[..], &["--bots", "random"]].concat(), "add --play N");
    let dir = temp_dir("catan-play");
    let bad = dir.join("bad.txt");
    std::fs::write(
        &bad,
        "mountains:10 pasture:2 forest:9\nfields:12 hills:6 pasture:4 hills:10\n\
         fields:9 forest:11 desert:- forest:3 mountains:8\nforest:8 mountains:3 fields:4 pasture:5\n\
         hills:5 fields:6 fields:11\n",
    )
    .unwrap();
    fails_with(
        &[
            "evaluate",
            "catan",
            "--map",
            bad.to_str().unwrap(),
            "--play",
            "5",
        ],
        "expected fields 4, forest 4",
    );
    fails_with(
        &["generate", "terra-mystica", "--fair-by-play", "2"],
        "--fair-by-play plays Catan",
    );
    fails_with(
        &["generate", "catan", "--fair-by-play", "0"],
        "allowed: 1..=256",
    );
}

#[test]
fn evaluate_families_plays_each_family_at_every_seat() {
    let args = |bots: &str| {
        json(&[
            "evaluate",
            "catan",
            "--code",
            CODE,
            "--play",
            "30",
            "--threads",
            "2",
            "--seed",
            "4",
            "--bots",
            bots,
            "--json",
        ])
    };
    let v = args("families:value,planner,random");
    let p = &v["play"];
    let fams = p["families"].as_array().unwrap();
    let names: Vec<&str> = fams.iter().map(|f| f["family"].as_str().unwrap()).collect();
    assert_eq!(names, ["value", "planner", "random"]);
    let worst = fams
        .iter()
        .map(|f| f["seat_advantage"].as_f64().unwrap())
        .fold(0.0, f64::max);
    assert_eq!(p["robust_seat_advantage"]["value"].as_f64().unwrap(), worst);
    // Each family's figures are its own play-test's with the same seed.
    for f in fams {
        let own = args(f["family"].as_str().unwrap());
        assert_eq!(own["play"]["seat_win_share"], f["seat_win_share"]);
    }
    // `families` is the fast ones; a family twice is refused.
    let fast = args("families");
    assert_eq!(fast["play"]["families"].as_array().unwrap().len(), 2);
    fails_with(
        &[
            "evaluate",
            "catan",
            "--code",
            CODE,
            "--play",
            "5",
            "--bots",
            "families:value,value",
        ],
        "names a family twice",
    );
    fails_with(
        &["evaluate", "catan", "--code", CODE, "--trades"],
        "add --play N",
    );
}

#[test]
fn fair_by_play_races_and_its_code_reproduces_the_figures() {
    let dir = temp_dir("fair-by-play");
    let plot = dir.join("fair.png");
    let v = json(&[
        "generate",
        "catan",
        "--fair-by-play",
        "3",
        "--play",
        "30",
        "--precision",
        "0.5",
        "--search-games",
        "0",
        "--compare",
        "2",
        "--seed",
        "2",
        "--plot",
        plot.to_str().unwrap(),
        "--json",
    ]);
    let cands = v["candidates"].as_array().unwrap();
    assert!(!cands.is_empty() && cands.len() <= 3);
    let robust = |c: &serde_json::Value| {
        c["play"]["robust_seat_advantage"]["value"]
            .as_f64()
            .unwrap()
    };
    let pick = v["pick"].as_u64().unwrap() as usize;
    assert!(cands[pick]["dropped_after"].is_null());
    assert!(
        cands
            .iter()
            .filter(|c| c["dropped_after"].is_null())
            .all(|c| robust(&cands[pick]) <= robust(c))
    );
    assert_eq!(v["board"], cands[pick]["board"]);
    assert!(cands.iter().all(|c| c["score"] == 0.0));
    // Every code carries the harbours.
    assert!(
        cands
            .iter()
            .all(|c| c["code"].as_str().unwrap().starts_with('H'))
    );
    assert_eq!(v["code"], cands[pick]["code"]);
    assert_eq!(v["recheck"]["games"], 30);
    assert_eq!(v["beginner"]["families"].as_array().unwrap().len(), 2);
    assert!(v["beats_beginner"].is_boolean());
    assert!(v["verdict"].as_str().unwrap().contains("beginner board"));
    assert!(v["search"]["pick"].is_null(), "--search-games 0 skips it");
    assert_eq!(v["compare"]["random"]["boards"], 2);
    let fams = v["compare"]["random_families"].as_array().unwrap();
    assert_eq!(fams.len(), 2);
    let worst_mean = v["compare"]["random"]["seat_advantage_mean"]
        .as_f64()
        .unwrap();
    assert!(
        fams.iter()
            .all(|f| f["seat_advantage_mean"].as_f64().unwrap() <= worst_mean + 1e-12)
    );
    assert!(std::fs::metadata(&plot).unwrap().len() > 1000);
    // The printed command plays the pick's fresh games again, exactly,
    // on the pick's own harbours.
    let command = v["recheck_command"].as_str().unwrap();
    let mut words: Vec<&str> = command.split_whitespace().skip(1).collect();
    words.push("--json");
    let again = json(&words);
    assert_eq!(
        again["play"]["robust_seat_advantage"],
        v["recheck"]["robust_seat_advantage"]
    );
    for (a, b) in again["play"]["families"]
        .as_array()
        .unwrap()
        .iter()
        .zip(v["recheck"]["families"].as_array().unwrap())
    {
        assert_eq!(a["seat_win_share"], b["seat_win_share"]);
        assert_eq!(a["harbours_placed"], false);
    }
}

#[test]
fn generate_prints_a_code_with_the_harbours_of_its_level() {
    let dir = temp_dir("catan-code");
    let level = dir.join("b.level.ron");
    let level = level.to_str().unwrap();
    let v = json(&["generate", "catan", "--seed", "7", "--out", level, "--json"]);
    let code = v["code"].as_str().unwrap();
    assert!(code.starts_with('H'), "{code}");
    let play = |source: &[&str]| {
        let mut args = vec!["evaluate", "catan"];
        args.extend_from_slice(source);
        args.extend_from_slice(&["--play", "12", "--seed", "3", "--json"]);
        json(&args)["play"].clone()
    };
    let by_code = play(&["--code", code]);
    assert_eq!(by_code["harbours_placed"], false);
    assert_eq!(
        by_code["seat_win_share"],
        play(&["--map", level])["seat_win_share"]
    );
    // The text output prints the same code.
    let out = super::evoboard(&["generate", "catan", "--seed", "7"]);
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(text.contains(&format!("code {code}")), "{text}");
}
