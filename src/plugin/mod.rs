//! What another Bevy game gets from evoboard (feature `plugin`): saved
//! levels as assets and the tilemaps that draw them. Nothing here needs a
//! window, egui or the command line, and nothing imports the desktop app.
//!
//! ```no_run
//! use bevy::prelude::*;
//! use evoboard::plugin::{EvoboardPlugin, LevelAsset, LevelTilemap};
//!
//! fn spawn(mut commands: Commands, assets: Res<AssetServer>) {
//!     let level: Handle<LevelAsset> = assets.load("levels/demo-catan.ron");
//!     commands.spawn(LevelTilemap(level));
//! }
//!
//! App::new()
//!     .add_plugins((DefaultPlugins, EvoboardPlugin))
//!     .add_systems(Startup, spawn)
//!     .run();
//! ```

mod dungeon_tilemap;
mod hex_tilemap;
mod level_asset;

pub use dungeon_tilemap::{
    CELL, CELL_PX, CORRIDOR_RGB, DOOR_RGB, DungeonMap, DungeonTexture, ENEMY_COLOUR, ENTRANCE_RGB,
    FINAL_RGB, FLOOR_RGB, ROCK_RGB, RoomLabel, SECRET_RGB, TRAP_RGB, TREASURE_COLOUR, WALL_RGB,
    cell_pixel,
};
pub use hex_tilemap::{HEX_SIZE, HexBoardMap, HexTile, LevelTilemap, catan_map, tile_colour};
pub use level_asset::{LevelAsset, LevelLoadError, LevelLoader};

use bevy::prelude::*;

/// The half size (world units) of what an entity draws around its
/// transform: a camera can fit every visible one. Dungeon maps carry one;
/// hex boards give theirs through [`HexBoardMap::half_extent`].
#[derive(Component, Clone, Copy, Debug, PartialEq, Reflect)]
#[reflect(Component)]
pub struct ViewExtent(pub Vec2);

/// The embeddable plugin: the level asset and its loader, hex tilemaps and
/// dungeon tilemaps drawn from [`HexBoardMap`], [`DungeonMap`] or a loaded
/// level ([`LevelTilemap`]).
pub struct EvoboardPlugin;

impl Plugin for EvoboardPlugin {
    fn build(&self, app: &mut App) {
        app.register_type::<ViewExtent>().add_plugins((
            level_asset::plugin,
            hex_tilemap::plugin,
            dungeon_tilemap::plugin,
        ));
    }
}
