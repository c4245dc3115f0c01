//! A scripted run of the Puzzle screen under Xvfb.

use crate::common::{Display, count_near, read_png, run_app, temp_dir};
use evoboard_core::puzzle::Difficulty;

#[test]
fn the_scripted_run_shows_a_puzzle_mid_play() {
    let display = Display::start();
    let dir = temp_dir("puzzle-shot");
    let shot = dir.join("puzzle.png");
    let out = run_app(
        &display,
        &[
            "app",
            "--game",
            "puzzle",
            "--seed",
            "7",
            "--size",
            "10x10",
            "--difficulty",
            "hard",
            "--autoplay",
            "--screenshot",
            shot.to_str().unwrap(),
            "--frames",
            "30",
        ],
    );
    let core = evoboard_core::puzzle::generate(10, 10, Difficulty::Hard, 7).unwrap();
    let empty = core
        .cells
        .iter()
        .map(|r| r.matches('.').count())
        .sum::<usize>();
    let line = format!(
        "puzzle: 10×10 hard, seed 7; level {}; {empty} empty cells;",
        core.level.unwrap()
    );
    assert!(out.contains(&line), "expected '{line}' in: {out}");
    let (w, h, rgb) = read_png(&shot);
    assert!(w >= 640 && h >= 400, "{w}x{h}");
    // Paper (empty cells and marks), givens, a three-in-a-row, the hint.
    for (what, colour, at_least) in [
        ("paper", [0xf4, 0xf1, 0xea], 5_000),
        ("givens", [0xc4, 0xc8, 0xd0], 20_000),
        ("three in a row", [0xf4, 0xa8, 0xa8], 3_000),
        ("hint cell", [0xb8, 0xe6, 0xb0], 1_000),
    ] {
        let n = count_near(&rgb, colour, 6);
        assert!(n >= at_least, "{what}: only {n} pixels");
    }
    std::fs::remove_dir_all(&dir).unwrap();
}
