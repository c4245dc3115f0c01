//! What a game embedding evoboard usually needs, in one import:
//! `use bevy_evoboard::prelude::*;` brings the plugin group and its
//! settings, the request, event, asset and component types a game spawns,
//! reads or observes, and the core types their constructors take (recipes,
//! sizes, games, algorithms, difficulties, agents, levels).
//!
//! ```no_run
//! use bevy::prelude::*;
//! use bevy_evoboard::prelude::*;
//!
//! fn new_floor(mut commands: Commands) {
//!     commands.spawn(GenerateLevel::dungeon(Size::Large, 42));
//!     commands.spawn(GenerateLevel::hex_board(BoardGame::Catan, Algorithm::Brkga, 7));
//! }
//!
//! App::new()
//!     .add_plugins((DefaultPlugins, EvoboardPlugins::default()))
//!     .add_systems(Startup, new_floor)
//!     .run();
//! ```

pub use super::{
    AskDominoAi, BackgroundJob, DominoAdvice, DominoAdviceFailed, DominoAdvised, DominoAiFailed,
    DominoAiPlugin, DungeonMap, DungeonTilemapPlugin, EvoboardPlugins, EvoboardSet,
    EvoboardSettings, GenerateLevel, GeneratedLevel, GenerationFailed, GenerationProgress,
    GenerationStage, GeneratorPlugin, GeneratorStats, HexBoardMap, HexOverlay, HexSelection,
    HexTile, HexTilemapPlugin, Job, JobFailed, JobFinished, JobFrameTime, JobsAppExt, LevelAsset,
    LevelAssetPlugin, LevelGenerated, LevelGenerationFailed, LevelLoadError, LevelTilemap, Pace,
    RunReport, SearchRun, SearchRunner, ViewExtent, WallMark, requests_done,
};
pub use evoboard_core::boards::{Algorithm, BoardGame};
pub use evoboard_core::domino::{AgentSpec, DominoError, Move, Opening, PublicRound, Tile, Turn};
pub use evoboard_core::dungeon::{Dungeon, DungeonParams, Size};
pub use evoboard_core::level::{HexBoardRecipe, Level, LevelMap, Recipe, RecipeError};
pub use evoboard_core::puzzle::Difficulty;

#[cfg(feature = "ecs_tilemap")]
pub use super::ecs_tilemap::{
    EcsTileLayout, EcsTilemapPlugin, LevelEcsTilemap, LevelTiles, cell_tile_pos,
};
