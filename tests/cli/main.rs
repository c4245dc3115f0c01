//! The command-line contract (`shared/spec/cli.md`), run on the real
//! binary: one test binary, a module per sub-command family.
// Tests may unwrap: a failure is the report (the lint table exempts tests).
#![allow(clippy::unwrap_used)]

mod boards;
mod catan;
mod catan_play;
mod domino;
mod domino_net;
mod domino_records;
mod domino_trust;
mod domino_tune;
mod dungeon_export;
mod dungeon_gm;
mod dungeon_handout;
mod dungeon_page;
mod dungeon_stock;
mod dungeon_styles;
mod export;
mod fuzz;
mod fuzz_fields;
mod gallery;
mod human_output;
mod layers;
mod outline;
mod pins;
mod puzzle;
mod puzzle_paper;
mod puzzle_trust;
mod readme;
mod recipes;
mod safe_writes;
mod same_seed;
mod shell;
mod trust;

use serde_json::Value;
use std::path::PathBuf;
use std::process::{Command, Output};

fn evoboard(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_evoboard"))
        .args(args)
        .output()
        .expect("the binary runs")
}

fn json(args: &[&str]) -> Value {
    let out = evoboard(args);
    assert!(
        out.status.success(),
        "{args:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    let text = String::from_utf8(out.stdout).unwrap();
    assert_eq!(
        text.trim().lines().count(),
        1,
        "exactly one JSON object: {text}"
    );
    serde_json::from_str(&text).unwrap()
}

fn fails_with(args: &[&str], needle: &str) {
    let out = evoboard(args);
    assert!(!out.status.success(), "{args:?} should fail");
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains(needle), "{args:?}: stderr was {err}");
    assert!(out.stdout.is_empty(), "nothing on stdout on error");
}

fn temp_dir(name: &str) -> PathBuf {
    let d = std::env::temp_dir().join(format!("evoboard-cli-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&d);
    std::fs::create_dir_all(&d).unwrap();
    d
}
