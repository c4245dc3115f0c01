//! The real app evolves and draws a dungeon under Xvfb.

use crate::common::*;
use bevy_evoboard::{ENTRANCE_RGB, FINAL_RGB, FLOOR_RGB, ROCK_RGB};
use evoboard_core::dungeon::{self, DungeonParams, Size};

#[test]
fn the_real_app_evolves_and_draws_a_dungeon() {
    let display = crate::common::Display::start();
    let dir = temp_dir("dungeon-shot");
    let shot = dir.join("dungeon.png");
    let out = run_app(
        &display,
        &[
            "app",
            "--game",
            "dungeon",
            "--seed",
            "7",
            "--size",
            "small",
            "--run",
            "--steps-per-second",
            "0",
            "--screenshot",
            shot.to_str().unwrap(),
            "--frames",
            "40",
        ],
    );
    let summary = out
        .lines()
        .find(|l| l.starts_with("dungeon: "))
        .unwrap_or_else(|| panic!("no dungeon summary: {out}"));
    let cli = dungeon::generate(&DungeonParams::for_size(Size::Small), 7).unwrap();
    let best = dungeon::best_proposal(&cli);
    assert!(
        summary.contains(&format!(
            "best proposal {}: fitness {}, contents fitness {}, {} rooms",
            best + 1,
            cli[best].fitness,
            cli[best].contents_fitness,
            cli[best].rooms.len()
        )),
        "{summary}"
    );
    let (w, h, rgb) = read_png(&shot);
    assert_eq!((w, h), (1280, 800));
    let floor = count_near(&rgb, FLOOR_RGB, 6);
    let rock = count_near(&rgb, ROCK_RGB, 4);
    assert!(floor > 5_000, "too little floor drawn: {floor} pixels");
    assert!(rock > 50_000, "no rock around the dungeon: {rock} pixels");
    assert!(count_near(&rgb, ENTRANCE_RGB, 6) > 50, "no entrance marked");
    assert!(count_near(&rgb, FINAL_RGB, 6) > 50, "no final room marked");
    std::fs::remove_dir_all(&dir).unwrap();
}
