//! A server or a test that reads evoboard levels without a window or a
//! renderer: `MinimalPlugins`, `AssetPlugin` and [`EvoboardPlugin`] (the
//! plugin feature alone: no egui, no clap, no winit). It loads the three
//! shipped levels through the asset server and prints what they hold.
//!
//! `cargo run --example headless` (or, with only what a game needs:
//! `cargo run --example headless --no-default-features --features plugin`).

use bevy::app::AppExit;
use bevy::prelude::*;
use evoboard::level::LevelMap;
use evoboard::plugin::{EvoboardPlugin, LevelAsset};

const LEVELS: [&str; 3] = [
    "levels/demo-terra-mystica.ron",
    "levels/demo-catan.ron",
    "levels/demo-dungeon.ron",
];

#[derive(Resource)]
struct Pending(Vec<Handle<LevelAsset>>);

fn main() -> AppExit {
    App::new()
        .add_plugins((
            MinimalPlugins,
            AssetPlugin {
                file_path: std::env::current_dir()
                    .map_or_else(|_| ".".into(), |d| d.to_string_lossy().into_owned()),
                ..default()
            },
            EvoboardPlugin,
        ))
        .add_systems(Startup, load)
        .add_systems(Update, report)
        .run()
}

fn load(mut commands: Commands, assets: Res<AssetServer>) {
    commands.insert_resource(Pending(LEVELS.iter().map(|p| assets.load(*p)).collect()));
}

/// Print each level once all are loaded; exit with an error if one fails.
fn report(
    pending: Res<Pending>,
    assets: Res<AssetServer>,
    levels: Res<Assets<LevelAsset>>,
    mut exit: MessageWriter<AppExit>,
) {
    for h in &pending.0 {
        if let bevy::asset::LoadState::Failed(e) = assets.load_state(h) {
            eprintln!("cannot load a level: {e}");
            exit.write(AppExit::error());
            return;
        }
    }
    let Some(loaded) = pending
        .0
        .iter()
        .map(|h| levels.get(h))
        .collect::<Option<Vec<_>>>()
    else {
        return;
    };
    for LevelAsset(level) in loaded {
        let what = match &level.map {
            LevelMap::TerraMystica(b) => format!("Terra Mystica board, {} rows", b.rows.len()),
            LevelMap::Catan(b) => format!("Catan island, {} rows", b.rows.len()),
            LevelMap::Dungeon(d) => format!("dungeon, {} rooms", d.rooms.len()),
            LevelMap::Puzzle(p) => format!("{}x{} puzzle", p.width, p.height),
        };
        println!(
            "{}: {what}; {} seed {}, score {}",
            level.name, level.generator.algorithm, level.generator.seed, level.scores.total
        );
    }
    exit.write(AppExit::Success);
}
