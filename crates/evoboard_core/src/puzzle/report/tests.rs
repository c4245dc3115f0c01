//! The puzzle reports carry the spec's keys (`docs/spec/cli.md`) with
//! the number types the command line has always printed.

use super::*;
use crate::puzzle::{
    Board, Difficulty, GenOptions, RuleSet, Settings, count_solutions, generate, generate_with,
    most_neighbours, technique_grade, tree_census,
};
use serde_json::Value;

fn keys(v: &Value) -> Vec<&str> {
    let mut k: Vec<&str> = v.as_object().unwrap().keys().map(String::as_str).collect();
    k.sort_unstable();
    k
}

fn has(v: &Value, spec: &[&str]) {
    for k in spec {
        assert!(v.get(*k).is_some(), "{k} missing in {v}");
    }
}

#[test]
fn generate_keys_and_trail() {
    let opts = GenOptions {
        prefer_trails: true,
        trail_nodes: 500,
    };
    let g = generate_with(6, 6, Difficulty::Easy, 4, opts).unwrap();
    let asked = GenerateAsked {
        seed: 4,
        prefer_trails: true,
        symmetric: false,
        trail_nodes: 500,
    };
    let report = GenerateReport::new(&g, &asked, 2.0).unwrap();
    let v = serde_json::to_value(&report).unwrap();
    has(&v, &["width", "height", "cells", "solution", "elapsed_ms"]);
    assert_eq!(v.as_object().unwrap().len(), 18);
    assert_eq!(v["cells"], serde_json::json!(g.puzzle.cells));
    assert_eq!(
        report.grade,
        technique_grade(&g.puzzle.cells_board().unwrap())
    );
    assert_eq!(keys(&v["trail"]), vec!["budget", "depth", "found", "nodes"]);
    assert_eq!(v["trail"]["budget"], 500);
    assert_eq!(v["trail"]["found"], g.trail_depth.is_some());
    assert!(v["elapsed_ms"].is_f64() && v["width"].is_u64());
    // Without --prefer-trails the key stays, as null.
    let plain = GenerateReport::new(&g, &GenerateAsked::default(), 1.0).unwrap();
    let v = serde_json::to_value(&plain).unwrap();
    assert!(v["trail"].is_null() && v.get("trail").is_some());
    assert_eq!(v["seed"], 1);
}

#[test]
fn solve_keys_unique_and_not() {
    let p = generate(6, 6, Difficulty::Easy, 3).unwrap();
    let board = p.cells_board().unwrap();
    let solved = count_solutions(&board, 2);
    let census = tree_census(&board, &most_neighbours, 1000);
    let tree = TreeReport {
        census,
        budget: 1000,
        elapsed_ms: 0.5,
    };
    let v = serde_json::to_value(SolveReport::new(&board, &solved, 1.0, Some(tree))).unwrap();
    has(&v, &["solutions", "solution"]);
    assert_eq!(v["solutions"], 1);
    assert_eq!(v["unique"], true);
    assert_eq!(v["solution"], serde_json::json!(p.solution));
    assert_eq!(
        keys(&v["tree"]),
        vec![
            "budget",
            "complete",
            "elapsed_ms",
            "nodes",
            "open",
            "road",
            "trail",
            "treasure"
        ]
    );
    assert_eq!(v["tree"]["treasure"], census.treasure);
    // An empty 4 × 4 board: many solutions, no level, tree left out.
    let empty = Board::parse("....\n....\n....\n....").unwrap();
    let solved = count_solutions(&empty, 2);
    let v = serde_json::to_value(SolveReport::new(&empty, &solved, 1.0, None)).unwrap();
    assert_eq!(
        (v["solutions"].as_u64(), v["unique"].as_bool()),
        (Some(2), Some(false))
    );
    assert!(v["level"].is_null() && v["tree"].is_null());
    assert_eq!(v["rules"], RuleSet::default().name());
}

#[test]
fn seeds_summary_counts_every_puzzle() {
    let mut tally = SeedsTally::new();
    let opts = GenOptions::default();
    let gens: Vec<_> = (1..=3)
        .map(|s| generate_with(6, 6, Difficulty::Easy, s, opts).unwrap())
        .collect();
    for (i, g) in gens.iter().enumerate() {
        tally.add(g, 1.0 + i as f64).unwrap();
    }
    tally.miss(3.0);
    let asked = SeedsAsked {
        settings: Settings {
            width: 6,
            height: 6,
            difficulty: Difficulty::Easy,
            level: None,
            rules: RuleSet::default(),
            grade: Some(2),
            seed: 1,
        },
        last_seed: 4,
        prefer_trails: false,
        trail_nodes: 10,
    };
    let report = SeedsReport::new(&tally, &asked).unwrap();
    let v = serde_json::to_value(&report).unwrap();
    assert_eq!(v["puzzles"], 3);
    assert_eq!(v["not_reached"], 1);
    assert_eq!(v["seeds"], serde_json::json!([1, 4]));
    assert_eq!(v["ms_per_puzzle"], 2.25, "(1 + 2 + 3 + 3) / 4 seeds tried");
    assert_eq!(
        v["elapsed_ms"],
        serde_json::json!({"median": 2.0, "mean": 2.0, "max": 3.0})
    );
    assert_eq!(keys(&v["levels"]), vec!["1", "2", "3", "beyond"]);
    assert_eq!(keys(&v["grades"]), vec!["0", "1", "2", "3", "4", "beyond"]);
    let graded: u64 = v["grades"]
        .as_object()
        .unwrap()
        .values()
        .map(|x| x.as_u64().unwrap())
        .sum();
    assert_eq!(graded, 3);
    let hits = v["grades"]["2"].as_u64().unwrap();
    assert_eq!(v["grade_hits"], hits);
    assert_eq!(v["hit_rate"], hits as f64 / 4.0);
    assert!(v["trail"].is_null());
    assert_eq!(keys(&v["stripped_empty_share"]), vec!["max", "mean", "min"]);
    let median = &v["steps_median"][crate::puzzle::Technique::ALL[0].name()];
    assert_eq!(keys(median), vec!["all", "puzzles", "when_used"]);
    // No puzzle: no report.
    assert!(SeedsReport::new(&SeedsTally::new(), &asked).is_none());
}

#[test]
fn book_keys() {
    let p = generate(6, 6, Difficulty::Easy, 5).unwrap();
    let report = BookReport {
        out: "book.pdf".into(),
        bytes: 100,
        pages: 2,
        puzzle_pages: 1,
        solution_pages: 1,
        elapsed_ms: 3.0,
        puzzles: vec![BookPuzzleReport::new(1, &p, Some(1))],
    };
    let v = serde_json::to_value(&report).unwrap();
    assert_eq!(
        keys(&v),
        vec![
            "bytes",
            "elapsed_ms",
            "out",
            "pages",
            "puzzle_pages",
            "puzzles",
            "solution_pages"
        ]
    );
    assert_eq!(
        keys(&v["puzzles"][0]),
        vec!["cells", "givens", "grade", "number", "seed"]
    );
    assert_eq!(v["puzzles"][0]["seed"], 5);
}
