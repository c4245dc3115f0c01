//! The CLI and the app save the same level for the same settings and
//! seed: both build it with the one builder per kind in `evoboard_core::level`.
//! A test of the binary, which owns both front ends (neither imports the
//! other): the CLI runs in-process, parsed as `main` parses it.
// Tests may unwrap: a failure is the report (the lint table exempts tests).
#![allow(clippy::unwrap_used)]

use crate::app::Screen;
use crate::app::dungeon::{DungeonCommand, DungeonRun, DungeonSettings};
use crate::app::hex_boards::{
    BoardRunState, BoardSettings, GeneratorCommand, HexBoardGenerator, MainGenerator,
};
use crate::app::tests::common::{headless, headless_on, temp_dir};
use bevy::prelude::*;
use evoboard_core::boards::BoardGame;
use evoboard_core::level::Level;
use evoboard_core::puzzle::{Difficulty, Settings};
use std::path::Path;

fn cli_level(dir: &Path, file: &str, args: &[&str]) -> Level {
    use clap::Parser;
    let path = dir.join(file);
    let out = path.to_str().expect("a UTF-8 temp path");
    let mut argv = vec!["evoboard"];
    argv.extend(args);
    argv.extend(["--out", out]);
    let crate::Command::Headless(command) = crate::Args::parse_from(argv)
        .command
        .expect("a sub-command")
    else {
        panic!("{args:?} is not a headless command");
    };
    crate::cli::run(*command).unwrap_or_else(|e| panic!("{args:?}: {e}"));
    Level::load(&path).unwrap()
}

#[test]
fn a_dungeon_saved_by_the_cli_and_by_the_app_is_the_same_level() {
    let root = temp_dir("same-dungeon");
    let cli = cli_level(&root, "keep.level.ron", &["dungeon", "--seed", "9"]);

    let mut app = headless_on(&root, Screen::Dungeon);
    app.add_plugins(crate::app::dungeon::logic_plugin);
    app.insert_resource(DungeonSettings {
        seed: 9,
        steps_per_second: 0.0,
        ..DungeonSettings::default()
    });
    app.world_mut().write_message(DungeonCommand::Start);
    for _ in 0..10_000 {
        app.update();
        if app
            .world()
            .resource::<DungeonRun>()
            .shown_level("keep")
            .is_some()
        {
            break;
        }
    }
    let ours = app
        .world()
        .resource::<DungeonRun>()
        .shown_level("keep")
        .expect("the run finished");
    assert_eq!(ours, cli);
    assert!(!ours.generator.params.is_empty(), "the settings are kept");
    std::fs::remove_dir_all(&root).unwrap();
}

#[test]
fn a_hex_board_saved_by_the_cli_and_by_the_app_is_the_same_level() {
    let root = temp_dir("same-board");
    for (game, name) in [
        (BoardGame::TerraMystica, "terra-mystica"),
        (BoardGame::Catan, "catan"),
    ] {
        let cli = cli_level(
            &root,
            &format!("{name}.level.ron"),
            &["generate", name, "--seed", "5"],
        );
        let mut app = headless(&root);
        app.add_plugins(crate::app::hex_boards::logic_plugin);
        {
            let mut s = app.world_mut().resource_mut::<BoardSettings>();
            s.select(game, evoboard_core::boards::Algorithm::Best);
            s.seed = 5;
            s.steps_per_second = 0.0;
        }
        app.update();
        app.world_mut().write_message(GeneratorCommand::Reset);
        app.world_mut().write_message(GeneratorCommand::Start);
        let mut solved = false;
        for _ in 0..2_000 {
            app.update();
            let mut q = app
                .world_mut()
                .query_filtered::<&HexBoardGenerator, With<MainGenerator>>();
            if q.single(app.world()).unwrap().state == BoardRunState::Solved {
                solved = true;
                break;
            }
        }
        assert!(solved, "{name}: not solved");
        let mut q = app
            .world_mut()
            .query_filtered::<&HexBoardGenerator, With<MainGenerator>>();
        let ours = q.single(app.world()).unwrap().level(name);
        assert_eq!(ours, cli, "{name}");
    }
    std::fs::remove_dir_all(&root).unwrap();
}

#[test]
fn a_puzzle_saved_by_the_cli_and_by_the_app_is_the_same_level() {
    let root = temp_dir("same-puzzle");
    let cli = cli_level(
        &root,
        "xo.level.ron",
        &[
            "puzzle",
            "generate",
            "--width",
            "8",
            "--height",
            "8",
            "--difficulty",
            "easy",
            "--seed",
            "3",
        ],
    );
    let settings = Settings {
        width: 8,
        height: 8,
        difficulty: Difficulty::Easy,
        level: None,
        seed: 3,
        ..Settings::default()
    };
    let ours = Level::puzzle("xo", &settings.generate().unwrap());
    assert_eq!(ours, cli);
    std::fs::remove_dir_all(&root).unwrap();
}
