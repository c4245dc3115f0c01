//! The plain (non-JSON) output of the commands a person reads: sentences
//! and aligned lines, no Rust debug formatting (`[("`, `Some(`, `{ .. }`)
//! and no `kind@row,col/side` codes.

use std::process::Command;

fn plain(args: &[&str]) -> String {
    let out = Command::new(env!("CARGO_BIN_EXE_evoboard"))
        .args(args)
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{args:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout).unwrap() + &String::from_utf8(out.stderr).unwrap()
}

/// Marks of debug formatting that a person should never meet.
fn debug_marks(text: &str) -> Vec<&'static str> {
    let mut found = Vec::new();
    for mark in ["[(\"", "(\"", "Some(", "None", " { ", "\\\"", "Ok(", "Err("] {
        if text.contains(mark) {
            found.push(mark);
        }
    }
    // `grain@0,1/5`: a harbour as a code.
    let coded = text.split_whitespace().any(|w| {
        w.split_once('@')
            .is_some_and(|(_, at)| at.contains(',') && at.contains('/'))
    });
    if coded {
        found.push("kind@row,col/side");
    }
    found
}

#[test]
fn board_commands_print_rules_by_name_and_harbours_in_words() {
    let cases: [&[&str]; 4] = [
        &["generate", "catan", "--seed", "3", "--harbour-rule"],
        &["generate", "terra-mystica", "--seed", "3"],
        &["evaluate", "catan", "--code", "CVC0ouVQhJSjgyIjIxLM40LAP"],
        &[
            "evaluate",
            "terra-mystica",
            "--map",
            "src/boards/terra_mystica/base_map.txt",
        ],
    ];
    for args in cases {
        let text = plain(args);
        assert!(
            debug_marks(&text).is_empty(),
            "{args:?}: {:?}\n{text}",
            debug_marks(&text)
        );
    }
    let catan = plain(cases[0]);
    assert!(catan.contains("6 and 8 side by side"), "{catan}");
    assert!(catan.contains("every rule met"), "{catan}");
    assert!(
        catan.contains("side\n") && catan.contains("2:1 "),
        "{catan}"
    );
    let tm = plain(cases[3]);
    assert!(tm.contains("same terrain side by side"), "{tm}");
}

#[test]
fn every_other_command_prints_without_debug_formatting() {
    let cases: [&[&str]; 5] = [
        &["dungeon", "--size", "small", "--seed", "2"],
        &["puzzle", "generate", "--seed", "2"],
        &[
            "domino",
            "duel",
            "--team-a",
            "t1",
            "--team-b",
            "t2",
            "--matches",
            "2",
            "--seed",
            "1",
        ],
        &[
            "bench",
            "terra-mystica",
            "--runs",
            "2",
            "--time-limit",
            "0.2",
        ],
        &["domino", "records", "--file", "no-such-records-file.ron"],
    ];
    for args in cases {
        let text = plain(args);
        assert!(!text.trim().is_empty(), "{args:?} printed nothing");
        assert!(
            debug_marks(&text).is_empty(),
            "{args:?}: {:?}\n{text}",
            debug_marks(&text)
        );
    }
}
