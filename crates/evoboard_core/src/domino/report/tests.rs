//! The domino reports carry the spec's keys (`docs/spec/cli.md`) with
//! the number types the command line has always printed.

use super::*;
use crate::domino::net::{BotResult, HostReport};
use crate::domino::records::RecordFile;
use crate::domino::{
    DuelResult, Elite, HeadToHeadCell, RunResult, RunsSummary, TunerSettings, head_to_head,
};
use crate::stats::chi_square_uniform;
use serde_json::Value;
use std::path::Path;
use std::time::Duration;

fn keys(v: &Value) -> Vec<&str> {
    let mut k: Vec<&str> = v.as_object().unwrap().keys().map(String::as_str).collect();
    k.sort_unstable();
    k
}

fn sorted(mut k: Vec<&str>) -> Vec<&str> {
    k.sort_unstable();
    k
}

#[test]
fn duel_keys_and_numbers() {
    let r = DuelResult {
        matches: 100,
        wins_a: 60,
        wins_b: 40,
        rounds: 900,
        elapsed: Duration::from_micros(12_600),
    };
    let v = serde_json::to_value(DuelReport::new(
        ["s1", "basic"],
        7,
        3,
        &r,
        [Some(0.5), None],
    ))
    .unwrap();
    let spec = [
        "matches",
        "wins_a",
        "wins_b",
        "win_rate_a",
        "elapsed_ms",
        "matches_per_sec",
    ];
    for k in spec {
        assert!(v.get(k).is_some(), "{k} missing");
    }
    assert_eq!(v.as_object().unwrap().len(), 19);
    assert_eq!(v["elapsed_ms"], 13, "rounded whole milliseconds");
    assert!(v["elapsed_ms"].is_u64() && v["threads"].is_u64() && v["rounds"].is_u64());
    assert_eq!(v["win_rate_a"], 0.6);
    assert_eq!(v["chi_square"], chi_square_uniform(&[60, 40]).statistic);
    assert_eq!(v["think_ms_per_move_a"], 0.5);
    assert!(v["think_ms_per_move_b"].is_null());
    assert_eq!(
        (v["team_a"].as_str(), v["seed"].as_u64()),
        (Some("s1"), Some(7))
    );
}

#[test]
fn table_cells_and_ranking() {
    let cells = head_to_head(&[1, 2, 3], 1, false, 8, 1, 5, &|_| {}).unwrap();
    let settings = TableSettings {
        strategies: vec![1, 2, 3],
        matches: 8,
        stage: 1,
        published: false,
        seed: 5,
        threads: 1,
    };
    let report = TableReport::new(settings, &cells, 42);
    let v = serde_json::to_value(&report).unwrap();
    assert_eq!(
        keys(&v),
        sorted(vec![
            "strategies",
            "matches",
            "stage",
            "published",
            "seed",
            "threads",
            "cells",
            "ranking",
            "elapsed_ms"
        ])
    );
    assert_eq!(v["cells"].as_array().unwrap().len(), 3);
    assert_eq!(
        keys(&v["cells"][0]),
        sorted(vec![
            "a",
            "b",
            "agent_a",
            "agent_b",
            "matches",
            "wins_a",
            "win_rate_a",
            "chi_square",
            "p_value"
        ])
    );
    assert_eq!(v["cells"][0]["wins_a"], cells[0].wins_a);
    let mut ranked = report.ranking.clone();
    ranked.sort_unstable();
    assert_eq!(ranked, vec![1, 2, 3]);
}

#[test]
fn ranking_puts_the_strongest_first() {
    let cell = |a, b, wins_a| HeadToHeadCell {
        a,
        b,
        agent_a: format!("t{a}"),
        agent_b: format!("t{b}"),
        matches: 10,
        wins_a,
        chi: chi_square_uniform(&[wins_a, 10 - wins_a]),
        elapsed_ms: 1.0,
    };
    // 2 beats 1 (8 of 10) and 3 (7 of 10); 1 beats 3 (6 of 10).
    let cells = [cell(1, 2, 2), cell(1, 3, 6), cell(2, 3, 7)];
    assert_eq!(strategy_ranking(&[1, 2, 3], &cells), vec![2, 1, 3]);
}

fn settings() -> TunerSettings {
    TunerSettings {
        population: 20,
        generations: 3,
        matches: 50,
        elite: Elite::Share(0.10),
        crossover: 0.8,
        mutation: 0.05,
        range: (-10.0, 10.0),
        crossover_kind: Default::default(),
    }
}

fn run(seed: u64, fitness: f64) -> RunResult {
    RunResult {
        seed,
        coefficients: [1.0; 7],
        fitness,
        history: vec![(fitness, fitness / 2.0)],
        matches: 50,
    }
}

#[test]
fn tune_keys_without_and_with_runs() {
    let best = run(3, 30.0);
    let report = TuneReport::new((2, 1), &best, &settings(), vec!["basic".into()], 9);
    let v = serde_json::to_value(&report).unwrap();
    for k in [
        "strategy",
        "stage",
        "coefficients",
        "fitness",
        "matches",
        "history",
        "elapsed_ms",
    ] {
        assert!(v.get(k).is_some(), "{k} missing");
    }
    assert!(v.get("runs").is_none() && v.get("t_tests").is_none());
    assert_eq!(v["elite"], 2);
    assert_eq!(v["range"], serde_json::json!([-10.0, 10.0]));
    assert_eq!(v["history"][0]["mean"], 15.0);
    assert_eq!(v["coefficients"].as_array().unwrap().len(), 7);
    assert!(v["fitness"].is_f64() && v["matches"].is_u64());

    let results = vec![(run(1, 20.0), 5), (run(2, 24.0), 6), (run(3, 22.0), 7)];
    let list: Vec<RunResult> = results.iter().map(|(r, _)| r.clone()).collect();
    let summary = RunsSummary::of(&list, &[20.0]).unwrap();
    let mut report = report;
    report.runs = Some(TuneRunsReport::new(&results, &summary));
    let v = serde_json::to_value(&report).unwrap();
    assert_eq!(v["runs"].as_array().unwrap().len(), 3);
    assert_eq!(v["runs"][1]["elapsed_ms"], 6);
    assert_eq!(v["mean_fitness"], 22.0);
    assert_eq!(v["sd_fitness"], 2.0);
    assert_eq!(
        keys(&v["t_tests"][0]),
        sorted(vec!["level", "t", "df", "p_value"])
    );
    assert!(v["t_tests"][0]["df"].is_f64(), "df stays a float (2.0)");
}

#[test]
fn host_report_keys_are_flat() {
    let host = HostReport {
        winner_team: Some(1),
        scores: [120, 205],
        rounds: 9,
        seats: vec![],
        stand_ins: vec![],
        refused: vec![],
        refused_count: 0,
        dropped: vec![],
        dropped_count: 0,
        turn_timeouts: [0; 4],
        ended: "the match is over".into(),
        messages_sent: 10,
        bytes_sent: 1000,
        max_message_bytes: 300,
    };
    let v = serde_json::to_value(HostMatchReport::new(
        host,
        Some(Path::new("/tmp/r.ron")),
        None,
    ))
    .unwrap();
    assert_eq!(v["winner_team"], 1);
    assert_eq!(v["scores"], serde_json::json!([120, 205]));
    assert_eq!(v["recorded"], "/tmp/r.ron");
    assert!(v["record_error"].is_null());
    assert_eq!(v.as_object().unwrap().len(), 16);
}

#[test]
fn join_and_records_keys() {
    let bot = BotResult {
        seat: 1,
        winner_team: 0,
        scores: [200, 40],
        rounds: 7,
        messages_received: 80,
        refused: 0,
        token: "abc".into(),
    };
    let v = serde_json::to_value(&bot).unwrap();
    for k in ["winner_team", "scores", "rounds", "messages_received"] {
        assert!(v.get(k).is_some(), "{k} missing");
    }
    let r = RecordsReport::new(Path::new("r.ron"), &RecordFile::default());
    let v = serde_json::to_value(&r).unwrap();
    assert_eq!(keys(&v), vec!["file", "matches", "pairings"]);
    assert_eq!(
        (v["matches"].as_u64(), v["file"].as_str()),
        (Some(0), Some("r.ron"))
    );
    assert_eq!(v["pairings"], serde_json::json!([]));
}
