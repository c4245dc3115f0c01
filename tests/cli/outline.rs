//! `generate terra-mystica --outline standard|offset`, and text maps of
//! either outline read back by `evaluate --map` and `generate --from`.

use super::{evoboard, fails_with, json, temp_dir};
use serde_json::Value;

fn row_lengths(board: &Value) -> Vec<usize> {
    board
        .as_array()
        .unwrap()
        .iter()
        .map(|r| r.as_array().unwrap().len())
        .collect()
}

#[test]
fn generate_offset_gives_12_13_rows_and_a_perfect_board() {
    let v = json(&[
        "generate",
        "terra-mystica",
        "--outline",
        "offset",
        "--json",
        "--seed",
        "5",
    ]);
    assert_eq!(v["outline"], "offset");
    assert_eq!(v["score"], 0.0);
    assert_eq!(
        row_lengths(&v["board"]),
        [12, 13, 12, 13, 12, 13, 12, 13, 12]
    );
    let code = v["code"].as_str().unwrap();
    assert!(code.starts_with('O'), "{code}");
    let e = json(&["evaluate", "terra-mystica", "--code", code, "--json"]);
    assert_eq!(e["score"], 0.0);
    // The default stays the base map's outline.
    let s = json(&["generate", "terra-mystica", "--json"]);
    assert_eq!(s["outline"], "standard");
    assert_eq!(row_lengths(&s["board"])[..2], [13, 12]);
}

#[test]
fn evaluate_reads_the_outline_from_a_text_map() {
    let dir = temp_dir("outline-eval");
    // A perfect board and an unfinished one (a few ms of sahc): the text
    // export of each scores as generate said.
    for (name, extra) in [
        ("perfect", vec![]),
        (
            "rough",
            vec!["--algorithm", "sahc", "--time-limit", "0.005"],
        ),
    ] {
        let level = dir.join(format!("{name}.level.ron"));
        let text = dir.join(format!("{name}.txt"));
        let mut args = vec![
            "generate",
            "terra-mystica",
            "--outline",
            "offset",
            "--json",
            "--out",
            level.to_str().unwrap(),
        ];
        args.extend(extra);
        let g = json(&args);
        let out = evoboard(&[
            "export",
            level.to_str().unwrap(),
            "--format",
            "text",
            "--out",
            text.to_str().unwrap(),
        ]);
        assert!(
            out.status.success(),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
        let first = std::fs::read_to_string(&text).unwrap();
        assert_eq!(first.lines().next().unwrap().split_whitespace().count(), 12);
        for map in [&text, &level] {
            let e = json(&[
                "evaluate",
                "terra-mystica",
                "--map",
                map.to_str().unwrap(),
                "--json",
            ]);
            assert_eq!(e["score"], g["score"], "{name}: {}", map.display());
            assert_eq!(e["violations"], g["violations"], "{name}");
            assert_eq!(e["code"], g["code"], "{name}");
        }
    }
}

#[test]
fn from_an_offset_map_keeps_its_outline_and_pins() {
    let dir = temp_dir("outline-from");
    let level = dir.join("o.level.ron");
    let text = dir.join("o.txt");
    json(&[
        "generate",
        "terra-mystica",
        "--outline",
        "offset",
        "--json",
        "--seed",
        "2",
        "--out",
        level.to_str().unwrap(),
    ]);
    let out = evoboard(&[
        "export",
        level.to_str().unwrap(),
        "--format",
        "text",
        "--out",
        text.to_str().unwrap(),
    ]);
    assert!(out.status.success());
    let t = text.to_str().unwrap();
    // Pins on (0, 11) (the last hex of a 12-row) and (1, 12) (of a 13-row).
    let v = json(&[
        "generate",
        "terra-mystica",
        "--from",
        t,
        "--pin",
        "0,11",
        "--pin",
        "1,12",
        "--json",
    ]);
    assert_eq!(v["outline"], "offset");
    assert_eq!(v["score"], 0.0);
    assert_eq!(v["pinned"], serde_json::json!([[0, 11], [1, 12]]));
    let w = json(&[
        "generate",
        "terra-mystica",
        "--from",
        t,
        "--outline",
        "offset",
        "--json",
    ]);
    assert_eq!(row_lengths(&w["board"])[0], 12);
    fails_with(
        &[
            "generate",
            "terra-mystica",
            "--from",
            t,
            "--outline",
            "standard",
        ],
        "the --from board is on the offset outline, not standard; allowed: --outline offset",
    );
    // A 13-row position that a 12-row lacks.
    fails_with(
        &["generate", "terra-mystica", "--from", t, "--pin", "0,12"],
        "no such hex",
    );
}

#[test]
fn bad_outlines_say_what_is_allowed() {
    fails_with(
        &["generate", "terra-mystica", "--outline", "oval"],
        "'oval' is not an outline; allowed: standard",
    );
    fails_with(
        &["generate", "terra-mystica", "--outline", "oval"],
        "offset (rows 12-13-12",
    );
    fails_with(
        &["generate", "catan", "--outline", "offset"],
        "--outline applies to terra-mystica only",
    );
    // Galleries on the offset outline and the 5–6 island: their boards are
    // of that board and perfect.
    for (args, hexes) in [
        (&["terra-mystica", "--outline", "offset"][..], 112),
        (&["catan", "--players", "5-6"][..], 30),
    ] {
        let mut all = vec!["generate"];
        all.extend(args);
        all.extend(["--gallery", "2", "--seed", "3", "--json"]);
        let v = json(&all);
        let boards = v["boards"].as_array().expect("a gallery prints boards");
        assert!(!boards.is_empty(), "{args:?}: {v}");
        for b in boards {
            let n: usize = b["board"]
                .as_array()
                .unwrap()
                .iter()
                .map(|row| row.as_array().unwrap().len())
                .sum();
            assert_eq!(n, hexes, "{args:?}");
            assert_eq!(b["score"].as_f64(), Some(0.0), "{args:?}");
        }
    }
    // A text map of neither outline is refused when read, naming the row.
    let dir = temp_dir("outline-bad");
    let map = dir.join("small.txt");
    std::fs::write(&map, "yellow brown yellow\nx x\nblue green blue\n").unwrap();
    fails_with(
        &["generate", "terra-mystica", "--from", map.to_str().unwrap()],
        "row 1 has 3 hexes: a Terra Mystica map has 9 rows",
    );
}
