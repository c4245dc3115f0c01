//! Hostile input in the puzzle domain (issue 42, items 1–2): a puzzle
//! level whose stored solution lies is refused on load with exit 2 and
//! the field named; seed ranges are capped and seed arithmetic never
//! wraps; a grade that is not a whole number says which grades exist.

use super::{evoboard, json, temp_dir};
use evoboard_core::level::{Level, LevelMap};
use evoboard_core::puzzle::Puzzle;
use std::path::Path;

/// Exit 2, nothing on stdout, stderr holding `needle`.
fn refused(args: &[&str], needle: &str) {
    let out = evoboard(args);
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{args:?}: {err}");
    assert!(err.contains(needle), "{args:?}: stderr was {err}");
    assert!(out.stdout.is_empty(), "{args:?}: nothing on stdout");
}

/// A generated 6 × 6 puzzle level in `dir` and its level.
fn level_in(dir: &Path) -> Level {
    let out = dir.join("pz.level.ron");
    let o = out.to_str().unwrap();
    json(&[
        "puzzle", "generate", "--size", "6", "--seed", "3", "--out", o, "--json",
    ]);
    Level::load(&out).unwrap()
}

/// `level` with its puzzle changed by `edit`, written to `dir/name`.
fn tampered(dir: &Path, level: &Level, name: &str, edit: impl Fn(&mut Puzzle)) -> String {
    let mut level = level.clone();
    let LevelMap::Puzzle(p) = &mut level.map else {
        panic!("not a puzzle level")
    };
    edit(p);
    let path = dir.join(name);
    std::fs::write(&path, level.to_ron()).unwrap();
    path.to_str().unwrap().to_string()
}

#[test]
fn a_puzzle_level_whose_solution_lies_is_refused_naming_the_field() {
    let d = temp_dir("puzzle-trust");
    let level = level_in(&d);
    let LevelMap::Puzzle(p) = &level.map else {
        panic!("not a puzzle level")
    };
    // The first given, and its opposite written into the solution.
    let (r, c) = p
        .cells
        .iter()
        .enumerate()
        .find_map(|(r, row)| row.find(['X', 'O']).map(|c| (r, c)))
        .expect("a given");
    let given = p.cells[r].as_bytes()[c] as char;
    let other = if given == 'X' { "O" } else { "X" };
    let lie = tampered(&d, &level, "lie.level.ron", |p| {
        p.solution[r].replace_range(c..=c, other)
    });
    let want = format!(
        "puzzle solution: row {} column {} is {other} but the given cell is {given}",
        r + 1,
        c + 1
    );
    let png = d.join("out.png");
    let png = png.to_str().unwrap();
    refused(&["export", &lie, "--format", "png", "--out", png], &want);
    refused(&["puzzle", "solve", &lie], &want);
    assert!(!Path::new(png).exists(), "nothing written");
    // Sizes that disagree.
    let short = tampered(&d, &level, "short.level.ron", |p| {
        p.solution.pop();
    });
    refused(
        &["export", &short, "--format", "png"],
        "puzzle solution: 6 × 5",
    );
    let wide = tampered(&d, &level, "wide.level.ron", |p| p.width = 9);
    refused(&["export", &wide, "--format", "png"], "puzzle width/height");
    // A solution that breaks the rules, with cells that agree with it.
    // (every cell open, every symbol X).
    let broken = tampered(&d, &level, "rules.level.ron", |p| {
        p.cells = p
            .solution
            .iter()
            .map(|r| r.replace(['X', 'O'], "."))
            .collect();
        p.solution = p.solution.iter().map(|r| r.replace('O', "X")).collect();
    });
    refused(&["export", &broken, "--format", "png"], "three X in a row");
    // A stored grade outside 1..=4.
    let graded = tampered(&d, &level, "grade.level.ron", |p| p.grade = Some(200));
    refused(&["puzzle", "solve", &graded], "puzzle grade: 200");
    // The untampered level still exports.
    let ok = d.join("pz.level.ron");
    let out = evoboard(&[
        "export",
        ok.to_str().unwrap(),
        "--format",
        "png",
        "--out",
        png,
    ]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
}

#[test]
fn seed_ranges_are_capped_and_never_wrap() {
    refused(
        &["puzzle", "generate", "--seeds", "0..18446744073709551615"],
        "at most 100000 are allowed",
    );
    refused(
        &["puzzle", "generate", "--seeds", "1..100001"],
        "at most 100000 are allowed",
    );
    refused(
        &[
            "puzzle",
            "generate",
            "--seed",
            "18446744073709551615",
            "--count",
            "3",
        ],
        "exceeds the largest seed",
    );
    refused(&["puzzle", "generate", "--count", "100001"], "100000");
    // The largest seed alone, and as the last of a count, still work.
    let g = json(&[
        "puzzle",
        "generate",
        "--size",
        "6",
        "--seed",
        "18446744073709551614",
        "--count",
        "2",
        "--json",
    ]);
    assert_eq!(
        g["seeds"],
        serde_json::json!([18446744073709551614u64, 18446744073709551615u64])
    );
    assert_eq!(
        g["puzzles"].as_u64().unwrap() + g["not_reached"].as_u64().unwrap(),
        2
    );
}

#[test]
fn a_grade_that_is_not_one_of_the_grades_says_which_are() {
    for bad in ["1e308", "2.5", "0", "5", "02", "-1", "two", "300"] {
        let flag = format!("--grade={bad}");
        refused(
            &["puzzle", "generate", &flag],
            &format!("grade '{bad}' is not allowed; grades are 1..=4 (whole numbers)"),
        );
    }
    let d = temp_dir("puzzle-trust-grade");
    let pdf = d.join("b.pdf");
    refused(
        &[
            "puzzle",
            "book",
            "--grades",
            "1,1e308",
            "--out",
            pdf.to_str().unwrap(),
        ],
        "grade '1e308' is not allowed",
    );
}
