//! The reports' JSON: key names, which keys each game adds, and the kind
//! of every number (an integer stays an integer, a float a float).

use super::*;
use crate::boards::catan::{CatanBoard, CatanOptions, standard_codes};
use crate::boards::terra_mystica::TerraMysticaBoard;
use crate::boards::{Algorithm, BoardGame, BoardRun, BoardSetup, BoardVariant, Scoring};
use serde_json::Value;

fn keys(v: &Value) -> Vec<&str> {
    let mut k: Vec<&str> = v.as_object().unwrap().keys().map(String::as_str).collect();
    k.sort_unstable();
    k
}

#[test]
fn board_rows_name_terrains_and_leave_the_desert_without_a_number() {
    let tm =
        serde_json::to_value(BoardRows::terra_mystica(&TerraMysticaBoard::base_map())).unwrap();
    assert_eq!(tm.as_array().unwrap().len(), 9);
    assert_eq!(tm[0].as_array().unwrap().len(), 13);
    assert!(tm[0].as_array().unwrap().iter().all(Value::is_string));
    let catan = serde_json::to_value(BoardRows::of(BoardGame::Catan, &standard_codes())).unwrap();
    let hexes: Vec<&Value> = catan
        .as_array()
        .unwrap()
        .iter()
        .flat_map(|r| r.as_array().unwrap())
        .collect();
    assert_eq!(hexes.len(), 19);
    let deserts: Vec<&&Value> = hexes.iter().filter(|h| h["terrain"] == "desert").collect();
    assert_eq!(deserts.len(), 1);
    assert!(deserts[0]["number"].is_null());
    assert!(
        hexes
            .iter()
            .filter(|h| h["terrain"] != "desert")
            .all(|h| h["number"].is_u64())
    );
}

#[test]
fn harbours_list_their_corners_as_land_hexes() {
    let b = CatanBoard::with_placed_harbours(&standard_codes(), &CatanOptions::default(), 3);
    let list = HarbourEntry::list(&b);
    assert_eq!(list.len(), b.harbours.len());
    assert!(!list.is_empty());
    for (h, entry) in b.harbours.iter().zip(&list) {
        assert_eq!(entry.hex, [h.hex.0, h.hex.1]);
        assert_eq!(entry.kind, h.kind.name());
        assert_eq!(entry.corners.len(), 2, "a harbour has two corners");
        // The hex it faces meets both corners.
        assert!(entry.corners.iter().all(|c| c.contains(&entry.hex)));
    }
    let json = serde_json::to_value(&list[0]).unwrap();
    assert_eq!(keys(&json), ["corners", "hex", "kind", "side"]);
}

#[test]
fn a_generated_board_carries_its_game_s_keys_only() {
    let tm_run = BoardRun::new(BoardGame::TerraMystica, Algorithm::Best, 2);
    let done = tm_run.run_to_end().unwrap();
    let tm = serde_json::to_value(BoardReport::new(&tm_run, &done, None)).unwrap();
    assert_eq!(
        keys(&tm),
        [
            "algorithm",
            "board",
            "code",
            "elapsed_ms",
            "evaluations",
            "game",
            "generations",
            "ms_to_best",
            "outline",
            "pinned",
            "rules",
            "score",
            "seed",
            "violations"
        ]
    );
    assert!(tm["score"].is_f64() && tm["elapsed_ms"].is_f64());
    assert!(tm["evaluations"].is_u64() && tm["generations"].is_u64() && tm["seed"].is_u64());
    let rules = keys(&tm["violations"]);
    assert!(
        ["req1", "req2", "req3", "req4"]
            .iter()
            .all(|r| rules.contains(r)),
        "{rules:?}"
    );
    assert!(tm["code"].is_string());

    let run = BoardRun::new(BoardGame::Catan, Algorithm::Best, 2);
    let done = run.run_to_end().unwrap();
    let island = CatanBoard::with_placed_harbours(&done.tiles, &run.scoring.catan, 2);
    let c = serde_json::to_value(BoardReport::new(&run, &done, Some(&island))).unwrap();
    for key in ["players", "harbours", "imbalance_index"] {
        assert!(c.get(key).is_some(), "{key}");
    }
    assert!(c.get("outline").is_none() && c.get("play").is_none());
    assert_eq!(c["players"], "3-4");
    assert!(
        c["code"].as_str().unwrap().starts_with('H'),
        "the code carries the harbours"
    );
}

#[test]
fn pinned_hexes_are_reported_by_row_and_position() {
    let tiles = TerraMysticaBoard::base_map().tiles();
    let run = BoardRun {
        setup: BoardSetup::from_board(BoardVariant::Standard, tiles, vec![13, 0]),
        max_generations: Some(1),
        ..BoardRun::new(BoardGame::TerraMystica, Algorithm::Best, 1)
    };
    let done = run.run_to_end().unwrap();
    let report = BoardReport::new(&run, &done, None);
    assert_eq!(report.pinned, vec![[0, 0], [1, 0]]);
}

#[test]
fn evaluate_reports_score_analysis_and_code() {
    let base = TerraMysticaBoard::base_map();
    let r = EvaluateReport::terra_mystica(&base, Scoring::default()).unwrap();
    let s = BoardScore::terra_mystica(&base, Scoring::default()).unwrap();
    assert_eq!(r.score, s.score);
    assert_eq!(r.violations, violation_counts(&s.violations));
    let json = serde_json::to_value(&r).unwrap();
    assert_eq!(keys(&json), ["analysis", "code", "score", "violations"]);
    assert_eq!(json["analysis"]["game"], "terra-mystica");
    assert!(json["score"].is_f64());

    let catan = crate::boards::analysis::catan_table::official_beginner();
    let r = EvaluateReport::catan(catan, Scoring::default());
    assert_eq!(r.score, BoardScore::catan(catan, Scoring::default()).score);
    let json = serde_json::to_value(&r).unwrap();
    assert_eq!(json["analysis"]["game"], "catan");
    assert!(json["violations"].get("r1").is_some());
}
