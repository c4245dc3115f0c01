//! The desktop app (feature `app`): the shell (top bar and screen tabs,
//! camera, save box, level library, scripted runs) and one folder per
//! screen. It sits on the embeddable [`crate::plugin`]; nothing in the
//! plugin imports it, and the screens do not import each other: they meet
//! in the shell.

mod args;
pub mod domino;
pub mod dungeon;
pub mod hex_boards;
pub mod puzzle;
pub mod shell;
mod startup;
#[cfg(test)]
pub(crate) mod tests;

pub use args::{AppArgs, Game};
pub use startup::{StartupError, check_display};

use crate::plugin::EvoboardPlugins;
use bevy::prelude::*;
use bevy_egui::EguiPlugin;

/// The app's screens (tabs in the top bar).
#[derive(States, Default, Debug, Clone, Copy, PartialEq, Eq, Hash, Reflect)]
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
    pub fn for_game(game: Game) -> Screen {
        match game {
            Game::TerraMystica | Game::Catan => Screen::HexBoards,
            Game::Domino => Screen::Domino,
            Game::Dungeon => Screen::Dungeon,
            Game::Puzzle => Screen::Puzzle,
        }
    }
}

/// The whole desktop app, on top of [`EvoboardPlugins`].
pub struct EvoboardAppPlugin {
    /// Flags of `evoboard app` (scripted runs).
    pub args: AppArgs,
}

impl Plugin for EvoboardAppPlugin {
    fn build(&self, app: &mut App) {
        app.add_plugins(EvoboardPlugins::default())
            .init_state::<Screen>()
            .register_type::<Screen>()
            .insert_resource(shell::scripted::ScriptArgs(self.args.clone()))
            .add_plugins(bevy::diagnostic::FrameTimeDiagnosticsPlugin::default())
            .add_plugins(shell::plugin)
            .add_plugins((
                hex_boards::plugin,
                domino::plugin,
                dungeon::plugin,
                puzzle::plugin,
            ));
    }
}

/// The working folder as an absolute path (the asset root for levels).
pub fn working_dir() -> String {
    std::env::current_dir()
        .map(|d| d.to_string_lossy().into_owned())
        .unwrap_or_else(|_| ".".into())
}

/// Check `args` before a window opens: each screen checks its own flags,
/// and the error says what is allowed.
pub fn validate(args: &AppArgs) -> Result<(), String> {
    shell::scripted::check_common(args)?;
    let screen = args.game.map_or(Screen::HexBoards, Screen::for_game);
    if let Some(flag) = args.domino_only_flags().first()
        && screen != Screen::Domino
    {
        return Err(format!(
            "{flag} is a domino flag: use it with --game domino"
        ));
    }
    match screen {
        Screen::HexBoards => hex_boards::validate(args),
        Screen::Domino => domino::validate(args),
        Screen::Dungeon => dungeon::validate(args),
        Screen::Puzzle => puzzle::validate(args),
    }
}

/// Why the app did not run.
#[derive(Debug)]
pub enum AppError {
    /// A flag is wrong; the text says what is allowed.
    Args(String),
    /// No window can open on this machine.
    Startup(StartupError),
}

impl std::fmt::Display for AppError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            AppError::Args(e) => f.write_str(e),
            AppError::Startup(e) => e.fmt(f),
        }
    }
}

impl std::error::Error for AppError {}

/// Open the desktop app with `args` (validated, and the display checked,
/// before a window opens).
pub fn run(args: AppArgs) -> Result<(), AppError> {
    validate(&args).map_err(AppError::Args)?;
    check_display().map_err(AppError::Startup)?;
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

/// `evoboard domino join HOST:PORT [--seat K] [--name NAME]` without
/// `--bot` in a build with the app: open the app's domino screen connected
/// to the host (as `evoboard app --game domino --join HOST:PORT`).
pub fn run_domino_join(
    addr: String,
    seat: Option<u8>,
    name: Option<String>,
    code: Option<String>,
    token: Option<String>,
) -> Result<(), AppError> {
    let args = AppArgs {
        game: Some(Game::Domino),
        join: Some(addr),
        seat,
        name,
        code,
        token,
        ..AppArgs::default()
    };
    run(args)
}
