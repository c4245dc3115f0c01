//! The Bevy layer: the desktop app and the plugins other games embed.
//!
//! Plugins all the way down: each module owns a `plugin(app)` that
//! registers its resources, systems and UI.
//! - [`EvoboardPlugin`]: what another game adds — the RON level asset
//!   loader and hex tilemaps drawn from levels ([`LevelTilemap`]).
//! - [`EvoboardAppPlugin`]: the whole desktop app (generator runtime,
//!   panels, camera, scripted runs) on top of it.

pub mod camera;
pub mod domino_table;
pub mod dungeon_screen;
pub mod hex_map;
pub mod levels;
pub mod panels;
pub mod puzzle_screen;
pub mod runtime;
pub mod save_box;
pub mod scripted;
pub mod shell;

use crate::cli::{CliError, CliResult, app_args::AppArgs};
use bevy::prelude::*;
use bevy_egui::EguiPlugin;

pub use hex_map::{HexBoardMap, LevelTilemap};
pub use levels::{LevelAsset, LevelLoader};

/// The app's screens (tabs in the top bar).
#[derive(States, Default, Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Screen {
    /// Balanced Terra Mystica and Catan boards.
    #[default]
    HexBoards,
    /// A four-ends domino match: a person and an AI partner against two AIs.
    Domino,
    /// Dungeon maps for tabletop RPGs.
    Dungeon,
    /// X/O logic puzzles.
    Puzzle,
}

impl Screen {
    /// Every screen, in tab order.
    pub const ALL: [Screen; 4] = [
        Screen::HexBoards,
        Screen::Domino,
        Screen::Dungeon,
        Screen::Puzzle,
    ];

    /// The tab's title.
    pub fn title(self) -> &'static str {
        match self {
            Screen::HexBoards => "Hex boards",
            Screen::Domino => "Domino",
            Screen::Dungeon => "Dungeon",
            Screen::Puzzle => "Puzzle",
        }
    }

    /// The screen `evoboard app --game G` opens: terra-mystica and catan open
    /// the hex boards; domino, dungeon, puzzle their own screens.
    pub fn for_game(game: &str) -> Option<Screen> {
        match game {
            "terra-mystica" | "tm" | "catan" => Some(Screen::HexBoards),
            "domino" => Some(Screen::Domino),
            "dungeon" => Some(Screen::Dungeon),
            "puzzle" => Some(Screen::Puzzle),
            _ => None,
        }
    }
}

/// The embeddable part: level assets and hex tilemaps from levels.
pub struct EvoboardPlugin;

impl Plugin for EvoboardPlugin {
    fn build(&self, app: &mut App) {
        app.add_plugins((
            levels::plugin,
            hex_map::plugin,
            dungeon_screen::tilemap_plugin,
        ));
    }
}

/// The whole desktop app.
pub struct EvoboardAppPlugin {
    /// Flags of `evoboard app` (scripted runs).
    pub args: AppArgs,
}

impl Plugin for EvoboardAppPlugin {
    fn build(&self, app: &mut App) {
        app.add_plugins(EvoboardPlugin)
            .init_state::<Screen>()
            .insert_resource(scripted::ScriptArgs(self.args.clone()))
            .add_plugins((
                bevy::diagnostic::FrameTimeDiagnosticsPlugin::default(),
                runtime::plugin,
                camera::plugin,
                panels::plugin,
                levels::library_plugin,
                scripted::plugin,
                shell::plugin,
            ))
            .add_plugins((
                domino_table::plugin,
                dungeon_screen::plugin,
                puzzle_screen::plugin,
            ));
    }
}

/// The working folder as an absolute path (the asset root for levels).
pub fn working_dir() -> String {
    std::env::current_dir()
        .map(|d| d.to_string_lossy().into_owned())
        .unwrap_or_else(|_| ".".into())
}

/// Open the desktop app with `args` (validated before a window opens).
pub fn run(args: AppArgs) -> CliResult {
    scripted::validate(&args).map_err(CliError)?;
    App::new()
        .add_plugins(
            DefaultPlugins
                .set(WindowPlugin {
                    primary_window: Some(Window {
                        title: "evoboard".into(),
                        resolution: bevy::window::WindowResolution::new(1280, 800),
                        ..default()
                    }),
                    ..default()
                })
                .set(AssetPlugin {
                    // Levels are read from and saved to `levels/` in the
                    // working folder, however the binary was started.
                    file_path: working_dir(),
                    ..default()
                }),
        )
        .add_plugins(EguiPlugin::default())
        .add_plugins(EvoboardAppPlugin { args })
        .run();
    Ok(())
}
