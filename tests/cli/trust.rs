//! Hostile input, second round (issue 42): inputs and outputs that are not
//! regular files, two outputs on one file, share codes and levels whose
//! fields lie outside what their kind allows, and flags a command would
//! otherwise ignore. Each is refused with exit 2 and a message naming
//! what is allowed, before any work and without touching anything.

use super::{evoboard, fails_with, json, temp_dir};
use std::process::Command;

#[cfg(unix)]
#[test]
fn a_fifo_is_refused_without_blocking_and_never_replaced() {
    let d = temp_dir("trust-fifo");
    let fifo = d.join("pipe.level.ron");
    let made = std::process::Command::new("mkfifo")
        .arg(&fifo)
        .status()
        .expect("mkfifo runs");
    assert!(made.success());
    let p = fifo.to_str().unwrap();
    // Reading: a FIFO with no writer would block an open(); it is refused
    // from its file type.
    fails_with(&["export", p, "--format", "png"], "FIFO");
    // Writing over it, even with --force.
    let out = d.join("pipe");
    let o = out.to_str().unwrap();
    fails_with(
        &["generate", "catan", "--seed", "1", "--out", o, "--force"],
        "not a regular file",
    );
    use std::os::unix::fs::FileTypeExt;
    assert!(
        std::fs::symlink_metadata(&fifo)
            .unwrap()
            .file_type()
            .is_fifo()
    );
}

#[test]
fn an_out_that_is_a_folder_says_so() {
    let d = temp_dir("trust-folder");
    let slash = format!("{}/", d.display());
    fails_with(
        &[
            "generate", "catan", "--seed", "1", "--out", &slash, "--force",
        ],
        "is a folder: give a file name",
    );
    let bare = d.display().to_string();
    fails_with(
        &["dungeon", "--size", "small", "--out", &bare, "--force"],
        "is a folder",
    );
    assert_eq!(std::fs::read_dir(&d).unwrap().count(), 0, "nothing written");
}

#[test]
fn two_outputs_on_one_file_are_refused_before_the_work() {
    let d = temp_dir("trust-same");
    let svg = d.join("s.svg");
    let s = svg.to_str().unwrap();
    let dotted = d.join(".").join("s.svg");
    fails_with(
        &[
            "bench",
            "catan",
            "--runs",
            "1",
            "--csv",
            s,
            "--plot",
            dotted.to_str().unwrap(),
            "--force",
        ],
        "two outputs",
    );
    assert!(!svg.exists());
}

#[test]
fn a_share_code_with_a_token_past_twelve_is_an_error_not_a_panic() {
    // The check character is right; the tokens 13-15 fit the code's bits.
    fails_with(
        &[
            "evaluate",
            "catan",
            "--code",
            "HHvDLpTQhIygVwEFylZVQTjQMA1AO",
        ],
        "allowed: 2-6 and 8-12",
    );
}

#[test]
fn dungeon_level_fields_outside_their_range_are_refused_by_name() {
    let d = temp_dir("trust-dungeon");
    let base = d.join("base");
    let b = base.to_str().unwrap();
    json(&[
        "dungeon", "--size", "small", "--traps", "2", "--seed", "3", "--out", b, "--json",
    ]);
    let text = std::fs::read_to_string(d.join("base.level.ron")).unwrap();
    let cases: [(&str, String, &str); 4] = [
        (
            "gens",
            text.replace("(\"generations\", 10.0)", "(\"generations\", 1000000000.0)"),
            "generations = 1000000000 is not allowed: a whole number from 1 to 1000",
        ),
        (
            "nan",
            text.replace("(\"mutation\", 0.4)", "(\"mutation\", NaN)"),
            "mutation = NaN is not allowed: 0 to 1",
        ),
        (
            "letter",
            text.replacen("letter: 'B'", "letter: '<'", 1),
            "room 1 has the letter '<'; allowed: A to Z",
        ),
        (
            "trap",
            {
                let at = text.find("cell: (").expect("a trap");
                let end = at + text[at..].find(')').unwrap() + 1;
                format!("{}cell: (65535, 65535){}", &text[..at], &text[end..])
            },
            "a trap at (65535, 65535) lies outside",
        ),
    ];
    for (name, bad, needle) in cases {
        assert_ne!(bad, text, "{name}: the mutation applies");
        let path = d.join(format!("{name}.level.ron"));
        std::fs::write(&path, bad).unwrap();
        let p = path.to_str().unwrap();
        fails_with(&["export", p, "--format", "key"], needle);
        fails_with(&["dungeon", "--from", p], needle);
    }
}

#[test]
fn generate_plays_the_board_it_made_when_asked_and_refuses_play_elsewhere() {
    let g = json(&["generate", "catan", "--seed", "4", "--play", "40", "--json"]);
    assert_eq!(g["play"]["games"], 40, "{g}");
    let code = g["code"].as_str().unwrap();
    let e = json(&[
        "evaluate", "catan", "--code", code, "--seed", "4", "--play", "40", "--json",
    ]);
    assert_eq!(g["play"]["seat_win_share"], e["play"]["seat_win_share"]);
    fails_with(
        &["generate", "terra-mystica", "--play", "2"],
        "--play applies to catan only",
    );
    let out = evoboard(&["generate", "terra-mystica", "--seed", "1"]);
    assert!(out.status.success());
}

#[test]
fn agent_budgets_and_tuning_ranges_are_bounded() {
    for (agent, needle) in [
        ("mc:100000000", "1 to 10000 determinizations"),
        ("mc:99999999999ms", "1 to 60000 milliseconds"),
    ] {
        fails_with(
            &[
                "domino",
                "duel",
                "--team-a",
                agent,
                "--team-b",
                "hand",
                "--matches",
                "1",
            ],
            needle,
        );
    }
    fails_with(
        &[
            "domino",
            "tune",
            "--strategy",
            "1",
            "--stage",
            "1",
            "--range=-1e308,1e308",
            "--json",
        ],
        "each from -1000000 to 1000000",
    );
}

#[test]
fn a_contents_table_challenge_that_would_wrap_is_refused() {
    let d = temp_dir("trust-table");
    let t = d.join("t.ron");
    let table = "(enemies: [(name: \"Rat\", challenge: 4294967292, group: (2, 4)), \
                 (name: \"King\", challenge: 4294967295, group: (1, 1), boss: true)], \
                 treasures: [(name: \"Coin\", value: 1)], dressings: [(purpose: \"cellar\", \
                 lighting: [Dark], furniture: [\"a barrel\"], senses: [\"damp\"])])";
    std::fs::write(&t, table).unwrap();
    fails_with(
        &["dungeon", "--contents", t.to_str().unwrap()],
        "allowed: 1 to 1000000",
    );
}

#[test]
fn catan_rules_asked_of_a_terra_mystica_board_are_refused() {
    for flag in [
        &["--harbour-rule"][..],
        &["--no-equal-neighbours"],
        &["--no-2-12-neighbours"],
        &["--desert", "coast"],
        &["--max-corner-pips", "11"],
    ] {
        let mut args = vec!["generate", "terra-mystica"];
        args.extend_from_slice(flag);
        let out = Command::new(env!("CARGO_BIN_EXE_evoboard"))
            .args(&args)
            .output()
            .unwrap();
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{args:?}: {err}");
        assert!(
            err.contains(flag[0]) && err.contains("catan only"),
            "{args:?}: {err}"
        );
    }
}

#[test]
fn a_difficulty_asked_of_a_takuzu_board_is_refused() {
    let out = Command::new(env!("CARGO_BIN_EXE_evoboard"))
        .args([
            "puzzle",
            "generate",
            "--rules",
            "takuzu",
            "--difficulty",
            "hard",
        ])
        .output()
        .unwrap();
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{err}");
    assert!(
        err.contains("--difficulty") && err.contains("takuzu"),
        "{err}"
    );
}
