//! What another Bevy game gets from evoboard (feature `plugin`): saved
//! levels as assets, runtime generators, the domino AI and the tilemaps
//! that draw levels. Nothing here needs a window, egui or the command
//! line, and nothing imports the desktop app. One import brings what a
//! game uses: [`prelude`].
//!
//! ```no_run
//! use bevy::prelude::*;
//! use bevy_evoboard::prelude::*;
//!
//! fn spawn(mut commands: Commands, assets: Res<AssetServer>) {
//!     let level: Handle<LevelAsset> = assets.load("levels/demo-catan.level.ron");
//!     commands.spawn(LevelTilemap(level));
//! }
//!
//! App::new()
//!     .add_plugins((DefaultPlugins, EvoboardPlugins::default()))
//!     .add_systems(Startup, spawn)
//!     .run();
//! ```
//!
//! **Settings.** [`EvoboardPlugins::new`] takes [`EvoboardSettings`]: the
//! schedule the plugin's systems run in (its [`EvoboardSet`]s, `Generate`
//! then `Draw`, are configured there once; `Update` by default), the world
//! size of a hex ([`EvoboardSettings::hex_size`], 32) and of a dungeon
//! cell ([`EvoboardSettings::cell_size`], 16). They stay a resource: the
//! geometry of [`HexBoardMap`] and [`DungeonMap`] takes the size from it.
//!
//! ```no_run
//! use bevy::prelude::*;
//! use bevy_evoboard::prelude::*;
//!
//! let settings = EvoboardSettings::default()
//!     .in_schedule(FixedUpdate)
//!     .with_hex_size(48.0);
//! App::new().add_plugins((DefaultPlugins, EvoboardPlugins::new(settings)));
//! ```
//!
//! **A board and its editor state.** A [`HexBoardMap`] is the board (game,
//! layout, tiles, broken hexes, harbours); pins, shade and letters are a
//! [`HexOverlay`], the selected hex a [`HexSelection`] on the same entity:
//! a selection recolours two outlines, an overlay the marks, and only a
//! board change repaints the tiles (the harbours only when they change).
//!
//! **Features.** `plugin` makes the core types (recipes, levels, boards,
//! dungeons, agents) derive `Reflect` (feature `bevy_reflect`, as `hexx`
//! does), so the plugin's components reflect whole in an inspector.
//! `asset_loader` adds `bevy_asset_loader` (levels in asset collections;
//! the `embed` example). `ecs_tilemap` adds `bevy_evoboard::ecs_tilemap`: a level as a
//! `bevy_ecs_tilemap` map. The desktop app (`app`) enables both.

mod domino_ai;
mod dungeon_tilemap;
mod frame_time;
mod generate;
mod hex_board;
mod hex_marks;
mod hex_tilemap;
mod job;
mod jobs;
mod level_asset;
pub mod prelude;
mod runner;
mod search_run;
mod settings;

#[cfg(feature = "ecs_tilemap")]
pub mod ecs_tilemap;

pub use domino_ai::{
    AskDominoAi, DominoAdvice, DominoAdviceFailed, DominoAdvised, DominoAiFailed, DominoAiPlugin,
    play_ai_seats,
};
pub use dungeon_tilemap::{
    CELL_PX, CORRIDOR_RGB, DOOR_RGB, DungeonMap, DungeonTexture, ENEMY_COLOUR, ENTRANCE_RGB,
    FINAL_RGB, FLOOR_RGB, ROCK_RGB, RoomLabel, SECRET_RGB, TRAP_RGB, TREASURE_COLOUR, WALL_RGB,
    WallMark, cell_pixel,
};
pub use frame_time::JobFrameTime;
pub use generate::{
    GenerateLevel, GeneratedLevel, GenerationFailed, GenerationProgress, GenerationStage,
    GeneratorStats, LevelGenerated, LevelGenerationFailed, requests_done,
};
pub use hex_board::{HexBoardMap, HexOverlay, HexSelection, catan_map};
pub use hex_marks::tile_letter;
pub use hex_tilemap::{HexTile, LevelTilemap, tile_colour};
pub use job::{Cancel, Job, JobPanicked};
pub use jobs::{BackgroundJob, JobFailed, JobFinished, JobsAppExt};
pub use level_asset::{LevelAsset, LevelLoadError, LevelLoader};
pub use runner::{Pace, RunReport, SearchRunner};
pub use search_run::SearchRun;
pub use settings::{
    DEFAULT_CELL_SIZE, DEFAULT_HEX_SIZE, EvoboardSet, EvoboardSettings, EvoboardSettingsPlugin,
};

use bevy::app::PluginGroupBuilder;
use bevy::prelude::*;

/// The half size (world units) of what an entity draws around its
/// transform: a camera can fit every visible one. Dungeon maps carry one;
/// hex boards give theirs through [`HexBoardMap::drawn_rect`].
#[derive(Component, Clone, Copy, Debug, PartialEq, Reflect)]
#[reflect(Component)]
pub struct ViewExtent(pub Vec2);

/// Everything evoboard gives a game, as one plugin group: add it whole
/// (`app.add_plugins(EvoboardPlugins::default())`), configure it
/// ([`EvoboardPlugins::new`] with [`EvoboardSettings`]: schedule, hex and
/// cell size), or leave out what you draw yourself:
///
/// ```no_run
/// use bevy::prelude::*;
/// use bevy_evoboard::prelude::*;
/// App::new().add_plugins((
///     MinimalPlugins,
///     AssetPlugin::default(),
///     EvoboardPlugins::default()
///         .build()
///         .disable::<HexTilemapPlugin>()
///         .disable::<DungeonTilemapPlugin>(),
/// ));
/// ```
#[derive(Clone, Debug, Default)]
pub struct EvoboardPlugins {
    /// The settings, inserted as a resource by the group's first plugin.
    pub settings: EvoboardSettings,
}

impl EvoboardPlugins {
    /// The plugin group with these settings.
    pub fn new(settings: EvoboardSettings) -> Self {
        EvoboardPlugins { settings }
    }
}

impl PluginGroup for EvoboardPlugins {
    fn build(self) -> PluginGroupBuilder {
        let group = PluginGroupBuilder::start::<Self>()
            .add(EvoboardSettingsPlugin(self.settings))
            .add(LevelAssetPlugin)
            .add(GeneratorPlugin)
            .add(DominoAiPlugin)
            .add(HexTilemapPlugin)
            .add(DungeonTilemapPlugin);
        // With the feature on, the bevy_ecs_tilemap filler is in the group
        // (after the settings, whatever order a game adds plugins in).
        #[cfg(feature = "ecs_tilemap")]
        let group = group.add(ecs_tilemap::EcsTilemapPlugin);
        group
    }
}

/// Levels as assets: [`LevelAsset`] and its loader for `*.level.ron`.
/// Works with `MinimalPlugins` + `AssetPlugin` (no renderer).
pub struct LevelAssetPlugin;

impl Plugin for LevelAssetPlugin {
    fn build(&self, app: &mut App) {
        app.register_type::<ViewExtent>()
            .add_plugins(level_asset::plugin);
    }
}

/// Runtime generators and background jobs: [`GenerateLevel`] requests
/// and [`BackgroundJob`]s run off the main thread; [`JobFrameTime`] counts
/// what they (and [`SearchRun`]s) cost the frame.
pub struct GeneratorPlugin;

impl Plugin for GeneratorPlugin {
    fn build(&self, app: &mut App) {
        app.add_plugins(generate::plugin);
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
/// level) as one texture on a square grid of cells
/// ([`EvoboardSettings::cell_size`] world units each).
/// Optional.
pub struct DungeonTilemapPlugin;

impl Plugin for DungeonTilemapPlugin {
    fn build(&self, app: &mut App) {
        app.add_plugins(dungeon_tilemap::plugin);
    }
}
