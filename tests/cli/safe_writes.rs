//! Destinations are checked before any work: a missing folder fails a
//! long search at once, and no command writes over its own input.

use super::{evoboard, fails_with, temp_dir};
use std::time::{Duration, Instant};

#[test]
fn outputs_are_checked_before_the_work_and_never_replace_the_input() {
    let dir = temp_dir("safe-writes");
    let p = |n: &str| dir.join(n).display().to_string();
    // A 5 s search with --out in a missing folder fails at once.
    let start = Instant::now();
    fails_with(
        &[
            "generate",
            "terra-mystica",
            "--time-limit",
            "5",
            "--out",
            &p("no/such/board"),
        ],
        "does not exist",
    );
    assert!(
        start.elapsed() < Duration::from_secs(3),
        "{:?}",
        start.elapsed()
    );
    let start = Instant::now();
    fails_with(
        &[
            "bench",
            "terra-mystica",
            "--runs",
            "3",
            "--time-limit",
            "5",
            "--csv",
            &p("no/such/b.csv"),
        ],
        "does not exist",
    );
    assert!(
        start.elapsed() < Duration::from_secs(3),
        "{:?}",
        start.elapsed()
    );
    // `export --format text mine.txt --force` would write over mine.txt.
    let level = p("mine");
    let o = evoboard(&[
        "generate",
        "terra-mystica",
        "--time-limit",
        "0.2",
        "--out",
        &level,
    ]);
    assert!(o.status.success());
    let level = p("mine.level.ron");
    let o = evoboard(&[
        "export",
        &level,
        "--format",
        "text",
        "--out",
        &p("mine.txt"),
    ]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let before = std::fs::read(p("mine.txt")).unwrap();
    fails_with(
        &["export", &p("mine.txt"), "--format", "text", "--force"],
        "is this command's input",
    );
    assert_eq!(std::fs::read(p("mine.txt")).unwrap(), before);
    // `--out` naming the input level, by another path, with --force.
    let same = dir.join(".").join("mine.level.ron").display().to_string();
    let level_before = std::fs::read(&level).unwrap();
    fails_with(
        &[
            "export", &level, "--format", "png", "--out", &same, "--force",
        ],
        "is this command's input",
    );
    fails_with(
        &[
            "generate",
            "terra-mystica",
            "--from",
            &level,
            "--time-limit",
            "0.1",
            "--out",
            &same,
            "--force",
        ],
        "is this command's input",
    );
    assert_eq!(std::fs::read(&level).unwrap(), level_before);
    let _ = std::fs::remove_dir_all(&dir);
}
