//! The CLI and the app save the same level for the same settings and
//! seed: both build it with the one builder per kind in `evoboard::level`.

use crate::common::{headless, headless_on, temp_dir};
use bevy::prelude::*;
use evoboard::app::Screen;
use evoboard::app::dungeon::{DungeonCommand, DungeonRun, DungeonSettings};
use evoboard::app::hex_boards::{
    BoardRunState, BoardSettings, GeneratorCommand, HexBoardGenerator, MainGenerator,
};
use evoboard::boards::BoardGame;
use evoboard::level::Level;
use evoboard::puzzle::{Difficulty, Settings};
use std::path::Path;
use std::process::Command;

fn cli_level(dir: &Path, file: &str, args: &[&str]) -> Level {
    let path = dir.join(file);
    let out = Command::new(env!("CARGO_BIN_EXE_evoboard"))
        .args(args)
        .arg("--out")
        .arg(&path)
        .output()
        .expect("the binary runs");
    assert!(
        out.status.success(),
        "{args:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    Level::load(&path).unwrap()
}

#[test]
fn a_dungeon_saved_by_the_cli_and_by_the_app_is_the_same_level() {
    let root = temp_dir("same-dungeon");
    let cli = cli_level(&root, "keep.level.ron", &["dungeon", "--seed", "9"]);

    let mut app = headless_on(&root, Screen::Dungeon);
    app.add_plugins(evoboard::app::dungeon::logic_plugin);
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
        app.add_plugins(evoboard::app::hex_boards::logic_plugin);
        {
            let mut s = app.world_mut().resource_mut::<BoardSettings>();
            s.select(game, evoboard::boards::Algorithm::Best);
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
    };
    let ours = Level::puzzle("xo", &settings.generate().unwrap());
    assert_eq!(ours, cli);
    std::fs::remove_dir_all(&root).unwrap();
}
