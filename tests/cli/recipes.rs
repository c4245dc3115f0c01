//! The command line and the runtime generators make the same level from the
//! same settings and seed: both run an engine-free `Recipe` (the plugin's
//! `GenerateLevel` carries one; `tests/plugin` checks that side).

use super::{json, temp_dir};
use evoboard_core::boards::{Algorithm, BoardGame};
use evoboard_core::dungeon::Size;
use evoboard_core::level::{HexBoardRecipe, Level, Recipe};
use evoboard_core::puzzle::Difficulty;
use std::sync::atomic::AtomicBool;

fn cli_level(dir: &std::path::Path, name: &str, args: &[&str]) -> Level {
    let out = dir.join(format!("{name}.level.ron"));
    let mut all: Vec<&str> = args.to_vec();
    let out_str = out.to_str().unwrap().to_string();
    all.extend(["--out", &out_str, "--json"]);
    json(&all);
    Level::load(&out).unwrap()
}

fn recipe_level(recipe: Recipe, name: &str) -> Level {
    recipe
        .generate(name, &AtomicBool::new(false), |_| {})
        .unwrap()
}

#[test]
fn the_cli_and_the_recipes_make_the_same_levels() {
    let dir = temp_dir("recipes");
    assert_eq!(
        cli_level(&dir, "d", &["dungeon", "--size", "medium", "--seed", "4"]),
        recipe_level(Recipe::dungeon(Size::Medium, 4), "d")
    );
    assert_eq!(
        cli_level(&dir, "tm", &["generate", "terra-mystica", "--seed", "4"]),
        recipe_level(Recipe::terra_mystica(4), "tm")
    );
    // Catan with the optional rules and a desert in the centre.
    let mut catan = HexBoardRecipe::new(BoardGame::Catan, Algorithm::Best, 4);
    catan.scoring.catan.no_equal_neighbours = true;
    catan.scoring.catan.desert = evoboard_core::boards::catan::DesertPlacement::Centre;
    assert_eq!(
        cli_level(
            &dir,
            "c",
            &[
                "generate",
                "catan",
                "--no-equal-neighbours",
                "--desert",
                "centre",
                "--seed",
                "4"
            ]
        ),
        recipe_level(Recipe::HexBoard(catan), "c")
    );
    assert_eq!(
        cli_level(
            &dir,
            "p",
            &[
                "puzzle",
                "generate",
                "--width",
                "10",
                "--height",
                "10",
                "--difficulty",
                "hard",
                "--seed",
                "4"
            ]
        ),
        recipe_level(Recipe::puzzle(10, 10, Difficulty::Hard, 4), "p")
    );
    std::fs::remove_dir_all(&dir).unwrap();
}
