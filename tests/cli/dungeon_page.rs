//! Issue 40 through the binary: the printed dungeon (`--format pdf`:
//! title, paper, pages) with its errors, and how often a medium dungeon
//! fits one page.

use super::dungeon_handout::{Level, find};
use super::{evoboard, fails_with, json, temp_dir};
use serde_json::Value;
use std::path::Path;

/// The level at `path` with its adventure replaced by `adventure` (RON).
fn with_adventure(path: &str, adventure: &str, out: &Path) -> String {
    let ron = std::fs::read_to_string(path).unwrap();
    let start = ron.find("adventure: Adventure(").unwrap();
    let indent = ron[..start].rsplit('\n').next().unwrap();
    let end = start + ron[start..].find(&format!("\n{indent})")).unwrap() + indent.len() + 2;
    let changed = format!("{}adventure: {adventure}{}", &ron[..start], &ron[end..]);
    std::fs::write(out, changed).unwrap();
    out.to_str().unwrap().to_string()
}

#[test]
fn the_pdf_has_the_title_paper_and_pages_asked_for() {
    let dir = temp_dir("hpdf");
    let l = Level::sized(&dir, 3, "small");
    let told = with_adventure(
        &l.path,
        r#"Adventure(theme: "crypt", title: "The Crypt of Test", hook: "Go down.", party_level: 2, party_size: 4, wandering: [WanderingMonster(roll: (1, 6), text: "Rats")])"#,
        &dir.join("told.level.ron"),
    );
    let pdf = |level: &str, args: &[&str]| -> (Value, Vec<u8>) {
        let out = dir.join("x.pdf");
        let mut all = vec![
            "export",
            level,
            "--format",
            "pdf",
            "--out",
            out.to_str().unwrap(),
            "--force",
            "--json",
        ];
        all.extend_from_slice(args);
        let v = json(&all);
        (v, std::fs::read(&out).unwrap())
    };
    let has = |bytes: &[u8], s: &str| find(bytes, s.as_bytes()).is_some();
    let (v, bytes) = pdf(&told, &[]);
    assert_eq!(
        (v["pages"].as_u64(), v["paper"].as_str()),
        (Some(1), Some("a4"))
    );
    assert_eq!(v["view"], "gm");
    assert!(bytes.starts_with(b"%PDF-"));
    assert!(has(&bytes, "/Title (The Crypt of Test)"));
    assert!(has(&bytes, "/MediaBox [0 0 595.28 841.89]"));
    let (v, bytes) = pdf(&told, &["--paper", "letter", "--pages", "2"]);
    assert_eq!(
        (v["pages"].as_u64(), v["paper"].as_str()),
        (Some(2), Some("letter"))
    );
    assert!(has(&bytes, "/MediaBox [0 0 612 792]"));
    let (v, _) = pdf(&told, &["--view", "players", "--style-print", "ink"]);
    assert_eq!(
        (v["pages"].as_u64(), v["view"].as_str()),
        (Some(1), Some("players"))
    );
    // A level without an adventure gets a plain title.
    let blank = with_adventure(
        &l.path,
        r#"Adventure(theme: "", title: "", hook: "", party_level: 0, party_size: 0, wandering: [])"#,
        &dir.join("blank.level.ron"),
    );
    let (_, bytes) = pdf(&blank, &[]);
    assert!(has(&bytes, "/Title (Dungeon, seed "));
    // A key too long for one page: an error that names --pages 2 (and
    // too long for two: one that names the Markdown key).
    let ron = std::fs::read_to_string(&told).unwrap();
    let long = ron.replace(
        "description: \"",
        &format!(
            "description: \"{}",
            "The walls are damp and the air is cold here. ".repeat(100)
        ),
    );
    let long_path = dir.join("long.level.ron");
    std::fs::write(&long_path, long).unwrap();
    let long_path = long_path.to_str().unwrap();
    let out = dir.join("long.pdf");
    let out = out.to_str().unwrap();
    for (pages, says) in [("1", "--pages 2"), ("2", "--format key")] {
        let run = evoboard(&[
            "export", long_path, "--format", "pdf", "--pages", pages, "--out", out,
        ]);
        assert_eq!(run.status.code(), Some(2));
        let err = String::from_utf8_lossy(&run.stderr);
        assert!(
            err.contains("does not fit on") && err.contains(says),
            "{err}"
        );
        assert!(!Path::new(out).exists());
    }
}

#[test]
fn bad_paper_and_pages_say_what_is_allowed() {
    let dir = temp_dir("hbad");
    let l = Level::new(&dir, 3);
    for (flag, bad, allowed) in [
        ("--paper", "a5", "allowed: a4, letter"),
        ("--pages", "3", "allowed: 1, 2"),
        ("--pages", "0", "allowed: 1, 2"),
        ("--pages", "two", "allowed: 1, 2"),
    ] {
        let run = evoboard(&["export", &l.path, "--format", "pdf", flag, bad]);
        assert_eq!(run.status.code(), Some(2), "{flag} {bad}");
        let err = String::from_utf8_lossy(&run.stderr);
        assert!(err.contains(allowed), "{flag} {bad}: {err}");
    }
    fails_with(
        &[
            "export", &l.path, "--format", "pdf", "--view", "players", "--pages", "2",
        ],
        "the players' handout is one page",
    );
    fails_with(
        &["export", &l.path, "--format", "png", "--paper", "letter"],
        "apply to a dungeon's pdf only",
    );
}

/// Most medium dungeons print on one page, A4 and Letter: the key's
/// columns run beside the map (measured: 40 of these 42 pages fit; 18
/// did with the key under the map only).
#[test]
fn most_medium_dungeons_fit_one_page() {
    let dir = temp_dir("hfit");
    let out = dir.join("fit.pdf");
    let out = out.to_str().unwrap();
    let (mut fit, mut tried) = (0, 0);
    for theme in [
        "crypt",
        "goblin-warren",
        "cultist-temple",
        "bandit-hideout",
        "flooded-ruin",
        "dragons-lair",
        "wizards-tower",
    ] {
        for seed in ["1", "2", "3"] {
            let level = dir.join(format!("{theme}{seed}.level.ron"));
            let level = level.to_str().unwrap();
            json(&[
                "dungeon",
                "--size",
                "medium",
                "--theme",
                theme,
                "--keys",
                "2",
                "--secret-doors",
                "2",
                "--traps",
                "2",
                "--proposals",
                "1",
                "--seed",
                seed,
                "--out",
                level,
                "--force",
                "--json",
            ]);
            for paper in ["a4", "letter"] {
                let run = evoboard(&[
                    "export", level, "--format", "pdf", "--paper", paper, "--out", out, "--force",
                ]);
                tried += 1;
                fit += usize::from(run.status.success());
            }
        }
    }
    assert!(fit >= 36, "{fit} of {tried} pages fit");
}
