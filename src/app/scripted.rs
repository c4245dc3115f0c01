//! Scripted runs for tests and screenshots: `evoboard app --game G
//! --algorithm A --seed N --run --screenshot PATH --frames N`.

use super::runtime::{BoardSettings, GeneratorCommand};
use crate::boards::registry::{self, BoardGame};
use crate::cli::app_args::AppArgs;
use bevy::prelude::*;
use bevy::render::view::screenshot::{Screenshot, save_to_disk};

/// The flags the app was started with.
#[derive(Resource, Clone, Debug, Default)]
pub struct ScriptArgs(pub AppArgs);

/// Check the flags before a window opens; the error says what is allowed.
pub fn validate(args: &AppArgs) -> Result<(), String> {
    let game = match &args.game {
        Some(g) => BoardGame::parse(g)?,
        None => BoardGame::TerraMystica,
    };
    if let Some(a) = &args.algorithm {
        registry::param_specs(game, a)?;
    }
    if args.screenshot.is_some() && args.frames == 0 {
        return Err("--frames must be at least 1".into());
    }
    if let Some(p) = &args.screenshot {
        let dir = p.parent().filter(|d| !d.as_os_str().is_empty());
        if dir.is_some_and(|d| !d.is_dir()) {
            return Err(format!(
                "cannot save {}: its folder does not exist",
                p.display()
            ));
        }
    }
    Ok(())
}

#[derive(Resource, Default)]
struct FrameCount(u32);

/// Registers the scripted-run systems.
pub fn plugin(app: &mut App) {
    app.init_resource::<FrameCount>()
        .add_systems(Startup, apply_args)
        .add_systems(Last, screenshot_and_exit);
}

fn apply_args(
    args: Res<ScriptArgs>,
    mut settings: ResMut<BoardSettings>,
    mut out: MessageWriter<GeneratorCommand>,
) {
    let a = &args.0;
    let game = a
        .game
        .as_deref()
        .and_then(|g| BoardGame::parse(g).ok())
        .unwrap_or(settings.game);
    let algorithm = a
        .algorithm
        .clone()
        .unwrap_or_else(|| settings.algorithm.clone());
    if let Err(e) = settings.select(game, &algorithm) {
        error!("{e}");
    }
    if let Some(seed) = a.seed {
        settings.seed = seed;
    }
    out.write(GeneratorCommand::Reset);
    if a.run {
        out.write(GeneratorCommand::Start);
    }
}

fn screenshot_and_exit(
    mut commands: Commands,
    args: Res<ScriptArgs>,
    mut frames: ResMut<FrameCount>,
    mut exit: MessageWriter<AppExit>,
) {
    let Some(path) = &args.0.screenshot else {
        return;
    };
    frames.0 += 1;
    let n = args.0.frames;
    if frames.0 == n {
        let _ = std::fs::remove_file(path);
        commands
            .spawn(Screenshot::primary_window())
            .observe(save_to_disk(path.clone()));
    }
    if frames.0 > n && path.exists() && std::fs::metadata(path).is_ok_and(|m| m.len() > 0) {
        // Give the writer a frame to finish, then leave.
        if frames.0 > n + 5 {
            exit.write(AppExit::Success);
        }
    } else if frames.0 > n + 600 {
        error!("the screenshot was not written after 600 frames");
        exit.write(AppExit::error());
    }
}
