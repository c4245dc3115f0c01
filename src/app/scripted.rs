//! Scripted runs for tests and screenshots: `evoboard app --game G
//! --algorithm A --seed N --run --screenshot PATH --frames N`.

use super::Screen;
use super::runtime::{BoardSettings, GeneratorCommand};
use crate::boards::terra_mystica::Rules;
use crate::boards::{self, Algorithm, BoardGame, Params};
use crate::cli::app_args::AppArgs;
use bevy::prelude::*;
use bevy::render::view::screenshot::{Screenshot, save_to_disk};

/// The flags the app was started with.
#[derive(Resource, Clone, Debug, Default)]
pub struct ScriptArgs(pub AppArgs);

/// Check the flags before a window opens; the error says what is allowed.
pub fn validate(args: &AppArgs) -> Result<(), String> {
    let screen = match &args.game {
        Some(g) => Screen::for_game(g).ok_or_else(|| {
            format!("unknown --game {g}: use terra-mystica, catan, domino, dungeon or puzzle")
        })?,
        None => Screen::HexBoards,
    };
    check_common(args)?;
    match screen {
        Screen::HexBoards => {}
        Screen::Dungeon => return super::dungeon_screen::validate(args),
        Screen::Puzzle => return super::puzzle_screen::validate(args),
        Screen::Domino => return super::domino_table::validate(args),
    }
    let game = match &args.game {
        Some(g) => BoardGame::parse(g)?,
        None => BoardGame::TerraMystica,
    };
    let algorithm: Algorithm = match &args.algorithm {
        Some(a) => a.parse()?,
        None => Algorithm::default(),
    };
    Params::parse(
        boards::param_specs(game, algorithm),
        &args.params,
        algorithm,
    )?;
    if let Some(r) = &args.rules {
        Rules::parse(r)?;
    }
    Ok(())
}

/// Checks of the flags every screen shares.
fn check_common(args: &AppArgs) -> Result<(), String> {
    if args
        .steps_per_second
        .is_some_and(|s| !(0.0..=10_000.0).contains(&s))
    {
        return Err("--steps-per-second takes 0 to 10000".into());
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

/// Frame-rate figures of a scripted run: all frames, and frames while a
/// search was running.
#[derive(Resource, Default)]
struct FrameStats {
    start: Option<std::time::Instant>,
    last: Option<std::time::Instant>,
    running_frames: u32,
    running_secs: f64,
}

/// Registers the scripted-run systems.
pub fn plugin(app: &mut App) {
    app.init_resource::<FrameCount>()
        .init_resource::<FrameStats>()
        .add_systems(Startup, apply_args)
        .add_systems(Last, screenshot_and_exit);
}

fn apply_args(
    args: Res<ScriptArgs>,
    mut settings: ResMut<BoardSettings>,
    mut out: MessageWriter<GeneratorCommand>,
    mut screen: ResMut<NextState<Screen>>,
) {
    let a = &args.0;
    let chosen = a.game.as_deref().and_then(Screen::for_game);
    if let Some(s) = chosen {
        screen.set(s);
    }
    if chosen.is_some_and(|s| s != Screen::HexBoards) {
        // The other screens read ScriptArgs themselves.
        return;
    }
    let game = a
        .game
        .as_deref()
        .and_then(|g| BoardGame::parse(g).ok())
        .unwrap_or(settings.game);
    let algorithm = match a.algorithm.as_deref().map(str::parse::<Algorithm>) {
        Some(Ok(alg)) => alg,
        Some(Err(e)) => {
            error!("{e}");
            settings.algorithm
        }
        None => settings.algorithm,
    };
    settings.select(game, algorithm);
    if let Some(seed) = a.seed {
        settings.seed = seed;
    }
    if let Some(r) = a.rules.as_deref().and_then(|r| Rules::parse(r).ok()) {
        settings.scoring.rules = r;
    }
    if let Some(s) = a.steps_per_second {
        settings.steps_per_second = s;
    }
    if let Ok(p) = Params::parse(boards::param_specs(game, algorithm), &a.params, algorithm) {
        settings.params = p;
    }
    out.write(GeneratorCommand::Reset);
    if a.run {
        out.write(GeneratorCommand::Start);
    }
}

#[allow(clippy::too_many_arguments)]
fn screenshot_and_exit(
    mut commands: Commands,
    args: Res<ScriptArgs>,
    mut frames: ResMut<FrameCount>,
    mut stats: ResMut<FrameStats>,
    generators: Query<&super::runtime::Generator>,
    screen: Res<State<Screen>>,
    mut exit: MessageWriter<AppExit>,
) {
    let Some(path) = &args.0.screenshot else {
        return;
    };
    frames.0 += 1;
    let start = *stats.start.get_or_insert_with(std::time::Instant::now);
    let now = std::time::Instant::now();
    let since_last = stats
        .last
        .replace(now)
        .map_or(0.0, |t| (now - t).as_secs_f64());
    if generators
        .iter()
        .any(|g| g.state == super::runtime::RunState::Running)
    {
        stats.running_frames += 1;
        stats.running_secs += since_last;
    }
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
            let secs = start.elapsed().as_secs_f64();
            let board = match screen.get() {
                Screen::HexBoards => generators.iter().next().map_or(String::new(), |g| {
                    format!(
                        "; generation {}, score {}",
                        g.progress.generation, g.progress.best
                    )
                }),
                _ => String::new(),
            };
            println!(
                "scripted run: {} frames in {secs:.1} s = {:.1} fps; {} frames while searching = {:.1} fps{board}",
                frames.0,
                frames.0 as f64 / secs,
                stats.running_frames,
                if stats.running_secs > 0.0 {
                    stats.running_frames as f64 / stats.running_secs
                } else {
                    f64::NAN
                },
            );
            exit.write(AppExit::Success);
        }
    } else if frames.0 > n + 600 {
        error!("the screenshot was not written after 600 frames");
        exit.write(AppExit::error());
    }
}
