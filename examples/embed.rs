//! Another game that embeds evoboard: it adds [`EvoboardPlugins`] (no
//! generator UI), loads saved levels from `levels/` through a
//! bevy_asset_loader collection (the `asset_loader` feature), and spawns their tilemaps: two hex
//! boards and a dungeon on a square grid.
//!
//! `cargo run --example embed` (add `-- --screenshot PATH` to save a
//! screenshot after 60 frames and exit).

use bevy::prelude::*;
use bevy::render::view::screenshot::{Screenshot, save_to_disk};
use bevy_asset_loader::prelude::*;
use bevy_evoboard::prelude::*;

#[derive(AssetCollection, Resource)]
struct Levels {
    #[asset(path = "levels/demo-terra-mystica.level.ron")]
    terra_mystica: Handle<LevelAsset>,
    #[asset(path = "levels/demo-catan.level.ron")]
    catan: Handle<LevelAsset>,
    #[asset(path = "levels/demo-dungeon.level.ron")]
    dungeon: Handle<LevelAsset>,
}

#[derive(States, Default, Debug, Clone, Copy, PartialEq, Eq, Hash)]
enum GameState {
    #[default]
    Loading,
    Playing,
}

fn main() {
    let screenshot = std::env::args().skip_while(|a| a != "--screenshot").nth(1);
    App::new()
        .add_plugins(
            DefaultPlugins
                .set(WindowPlugin {
                    primary_window: Some(Window {
                        title: "embed: a game using evoboard levels".into(),
                        ..default()
                    }),
                    ..default()
                })
                .set(AssetPlugin {
                    // Levels resolve from the working folder.
                    file_path: std::env::current_dir()
                        .map_or_else(|_| ".".into(), |d| d.to_string_lossy().into_owned()),
                    ..default()
                }),
        )
        .add_plugins(EvoboardPlugins::default())
        .init_state::<GameState>()
        .add_loading_state(
            LoadingState::new(GameState::Loading)
                .continue_to_state(GameState::Playing)
                .load_collection::<Levels>(),
        )
        .insert_resource(ShotPath(screenshot))
        .add_systems(OnEnter(GameState::Playing), spawn_levels)
        .add_systems(Update, screenshot_after_60_frames)
        .run();
}

fn spawn_levels(mut commands: Commands, levels: Res<Levels>, assets: Res<Assets<LevelAsset>>) {
    commands.spawn((
        Camera2d,
        Projection::Orthographic(OrthographicProjection {
            scale: 2.0,
            ..OrthographicProjection::default_2d()
        }),
    ));
    // Terra Mystica on the left, Catan in the middle, the dungeon on the
    // right.
    commands.spawn((
        LevelTilemap(levels.terra_mystica.clone()),
        Transform::from_xyz(-700.0, 0.0, 0.0),
    ));
    commands.spawn((
        LevelTilemap(levels.catan.clone()),
        Transform::from_xyz(40.0, 0.0, 0.0),
    ));
    // The dungeon: 50 × 50 cells of `EvoboardSettings::cell_size` (16)
    // units.
    commands.spawn((
        LevelTilemap(levels.dungeon.clone()),
        Transform::from_xyz(820.0, 0.0, 0.0),
    ));
    for h in [&levels.terra_mystica, &levels.catan, &levels.dungeon] {
        if let Some(l) = assets.get(h) {
            info!(
                "loaded level {} ({}), score {}",
                l.0.name,
                l.0.map.game(),
                l.0.scores.total
            );
        }
    }
}

#[derive(Resource)]
struct ShotPath(Option<String>);

fn screenshot_after_60_frames(
    mut commands: Commands,
    path: Res<ShotPath>,
    mut frame: Local<u32>,
    mut exit: MessageWriter<AppExit>,
) {
    let Some(p) = &path.0 else { return };
    *frame += 1;
    if *frame == 60 {
        commands
            .spawn(Screenshot::primary_window())
            .observe(save_to_disk(p.clone()));
    }
    if *frame == 90 {
        exit.write(AppExit::Success);
    }
}
