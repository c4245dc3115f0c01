//! What another Bevy game gets from evoboard (feature `plugin`): saved
//! levels as assets and the tilemaps that draw them. Nothing here needs a
//! window, egui or the command line, and nothing imports the desktop app.
//!
//! ```no_run
//! use bevy::prelude::*;
//! use evoboard::plugin::{EvoboardPlugin, LevelAsset, LevelTilemap};
//!
//! fn spawn(mut commands: Commands, assets: Res<AssetServer>) {
//!     let level: Handle<LevelAsset> = assets.load("levels/demo-catan.level.ron");
//!     commands.spawn(LevelTilemap(level));
//! }
//!
//! App::new()
//!     .add_plugins((DefaultPlugins, EvoboardPlugin))
//!     .add_systems(Startup, spawn)
//!     .run();
//! ```

mod domino_ai;
mod dungeon_tilemap;
mod generate;
mod hex_marks;
mod hex_tilemap;
mod job;
mod level_asset;
mod runner;

pub use domino_ai::{
    AskDominoAi, DominoAdvice, DominoAdviceFailed, DominoAdvised, DominoAiFailed, DominoAiPlugin,
};
pub use dungeon_tilemap::{
    CELL, CELL_PX, CORRIDOR_RGB, DOOR_RGB, DungeonMap, DungeonTexture, ENEMY_COLOUR, ENTRANCE_RGB,
    FINAL_RGB, FLOOR_RGB, ROCK_RGB, RoomLabel, SECRET_RGB, TRAP_RGB, TREASURE_COLOUR, WALL_RGB,
    cell_pixel,
};
pub use generate::{
    EvoboardSet, GenerateLevel, GeneratedLevel, GenerationFailed, GenerationProgress,
    GenerationStage, GeneratorFrameTime, GeneratorStats, LevelGenerated, LevelGenerationFailed,
};
pub use hex_marks::tile_letter;
pub use hex_tilemap::{HEX_SIZE, HexBoardMap, HexTile, LevelTilemap, catan_map, tile_colour};
pub use job::{Cancel, Job, JobPanicked};
pub use level_asset::{LevelAsset, LevelLoadError, LevelLoader};
pub use runner::{Pace, RunReport, RunnerFrameTime, SearchRunner};

use bevy::app::PluginGroupBuilder;
use bevy::prelude::*;

/// The half size (world units) of what an entity draws around its
/// transform: a camera can fit every visible one. Dungeon maps carry one;
/// hex boards give theirs through [`HexBoardMap::half_extent`].
#[derive(Component, Clone, Copy, Debug, PartialEq, Reflect)]
#[reflect(Component)]
pub struct ViewExtent(pub Vec2);

/// Everything evoboard gives a game, as one plugin group: add it whole
/// (`app.add_plugins(EvoboardPlugin)`), or leave out what you draw
/// yourself:
///
/// ```no_run
/// use bevy::prelude::*;
/// use evoboard::plugin::{EvoboardPlugin, HexTilemapPlugin, DungeonTilemapPlugin};
/// App::new().add_plugins((
///     MinimalPlugins,
///     AssetPlugin::default(),
///     EvoboardPlugin.build().disable::<HexTilemapPlugin>().disable::<DungeonTilemapPlugin>(),
/// ));
/// ```
pub struct EvoboardPlugin;

impl PluginGroup for EvoboardPlugin {
    fn build(self) -> PluginGroupBuilder {
        PluginGroupBuilder::start::<Self>()
            .add(LevelAssetPlugin)
            .add(GeneratorPlugin)
            .add(DominoAiPlugin)
            .add(HexTilemapPlugin)
            .add(DungeonTilemapPlugin)
    }
}

/// Levels as assets: [`LevelAsset`] and its loader for `*.level.ron`.
/// Works with `MinimalPlugins` + `AssetPlugin` (no renderer).
pub struct LevelAssetPlugin;

impl Plugin for LevelAssetPlugin {
    fn build(&self, app: &mut App) {
        app.register_type::<ViewExtent>()
            .configure_sets(Update, (EvoboardSet::Generate, EvoboardSet::Draw).chain())
            .add_plugins(level_asset::plugin);
    }
}

/// Runtime generators: [`GenerateLevel`] requests run off the main thread;
/// [`RunnerFrameTime`] counts what systems driving [`SearchRunner`]s cost
/// the frame.
pub struct GeneratorPlugin;

impl Plugin for GeneratorPlugin {
    fn build(&self, app: &mut App) {
        app.init_resource::<RunnerFrameTime>()
            .add_systems(Last, runner::end_frame)
            .add_plugins(generate::plugin);
    }
}

/// Draws hex boards ([`HexBoardMap`], or a [`LevelTilemap`] of a Terra
/// Mystica or Catan level), one entity per hex. Optional.
pub struct HexTilemapPlugin;

impl Plugin for HexTilemapPlugin {
    fn build(&self, app: &mut App) {
        app.add_plugins((hex_tilemap::plugin, hex_marks::plugin));
    }
}

/// Draws dungeons ([`DungeonMap`], or a [`LevelTilemap`] of a dungeon
/// level) as one texture on a square grid of [`CELL`]-sized cells.
/// Optional.
pub struct DungeonTilemapPlugin;

impl Plugin for DungeonTilemapPlugin {
    fn build(&self, app: &mut App) {
        app.add_plugins(dungeon_tilemap::plugin);
    }
}
