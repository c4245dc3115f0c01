//! A server or a test that generates evoboard levels at runtime without a
//! window or a renderer: `MinimalPlugins`, `AssetPlugin` and
//! [`EvoboardPlugins`] (the `plugin` feature alone: no egui, no clap, no
//! winit). It requests a large dungeon, a Terra Mystica board and a 10×10
//! hard puzzle, waits for their [`LevelGenerated`] triggers, and prints one
//! JSON line: `{"dungeon_rooms": N, "tm_score": S, "puzzle_unique": true,
//! "frames": F, "max_frame_ms": X}`, where `max_frame_ms` is the longest
//! main-thread frame (First to Last) while the searches ran. It also loads
//! the three shipped levels through the asset server (`*.level.ron`).
//!
//! `cargo run --example headless --no-default-features --features plugin`
//! (or simply `cargo run --example headless`).

use bevy::app::{AppExit, ScheduleRunnerPlugin};
use bevy::prelude::*;
use bevy_evoboard::prelude::*;
use evoboard_core::puzzle::count_solutions;
use std::time::{Duration, Instant};

const LEVELS: [&str; 3] = [
    "levels/demo-terra-mystica.level.ron",
    "levels/demo-catan.level.ron",
    "levels/demo-dungeon.level.ron",
];

/// What the run found so far.
#[derive(Resource, Default)]
struct Report {
    dungeon_rooms: Option<usize>,
    tm_score: Option<f64>,
    puzzle_unique: Option<bool>,
    frames: u64,
    max_frame_ms: f64,
    frame_start: Option<Instant>,
    shipped: Vec<Handle<LevelAsset>>,
}

fn main() -> AppExit {
    App::new()
        .add_plugins((
            MinimalPlugins.set(ScheduleRunnerPlugin::run_loop(Duration::from_secs_f64(
                1.0 / 60.0,
            ))),
            AssetPlugin {
                file_path: std::env::current_dir()
                    .map_or_else(|_| ".".into(), |d| d.to_string_lossy().into_owned()),
                ..default()
            },
            EvoboardPlugins::default(),
        ))
        .init_resource::<Report>()
        .add_systems(Startup, request)
        .add_systems(First, frame_start)
        .add_systems(Last, (frame_end, finish).chain())
        .add_observer(on_generated)
        .add_observer(on_failed)
        .run()
}

/// A refused request carries the core's typed error (`RecipeError`).
fn on_failed(failed: On<LevelGenerationFailed>, mut exit: MessageWriter<AppExit>) {
    eprintln!("cannot generate a level: {}", failed.error);
    exit.write(AppExit::error());
}

fn request(mut commands: Commands, assets: Res<AssetServer>, mut report: ResMut<Report>) {
    report.shipped = LEVELS.iter().map(|p| assets.load(*p)).collect();
    commands.spawn(GenerateLevel::dungeon(Size::Large, 1));
    commands.spawn(GenerateLevel::hex_board(
        BoardGame::TerraMystica,
        Algorithm::Best,
        1,
    ));
    commands.spawn(GenerateLevel::puzzle(10, 10, Difficulty::Hard, 1));
}

/// Read each finished level in game terms.
fn on_generated(
    done: On<LevelGenerated>,
    levels: Res<Assets<LevelAsset>>,
    mut report: ResMut<Report>,
) {
    let Some(LevelAsset(level)) = levels.get(&done.level) else {
        return;
    };
    match &level.map {
        LevelMap::Dungeon(d) => report.dungeon_rooms = Some(d.rooms.len()),
        LevelMap::TerraMystica(_) | LevelMap::Catan(_) => {
            report.tm_score = Some(level.scores.total)
        }
        LevelMap::Puzzle(p) => {
            report.puzzle_unique = Some(
                p.cells_board()
                    .is_ok_and(|b| count_solutions(&b, 2).count == 1),
            )
        }
    }
}

fn frame_start(mut report: ResMut<Report>) {
    report.frame_start = Some(Instant::now());
}

fn frame_end(mut report: ResMut<Report>) {
    if let Some(t) = report.frame_start {
        let ms = t.elapsed().as_secs_f64() * 1000.0;
        report.frames += 1;
        // The first frame loads and sets up; count the frames after it.
        if report.frames > 1 {
            report.max_frame_ms = report.max_frame_ms.max(ms);
        }
    }
}

fn finish(
    report: Res<Report>,
    assets: Res<AssetServer>,
    levels: Res<Assets<LevelAsset>>,
    mut exit: MessageWriter<AppExit>,
) {
    for h in &report.shipped {
        if let bevy::asset::LoadState::Failed(e) = assets.load_state(h) {
            eprintln!("cannot load a shipped level: {e}");
            exit.write(AppExit::error());
            return;
        }
    }
    let shipped_loaded = report.shipped.iter().all(|h| levels.contains(h));
    let (Some(rooms), Some(score), Some(unique)) =
        (report.dungeon_rooms, report.tm_score, report.puzzle_unique)
    else {
        return;
    };
    if !shipped_loaded {
        return;
    }
    // The keys in the documented order (serde_json would sort them).
    println!(
        "{{\"dungeon_rooms\": {rooms}, \"tm_score\": {}, \"puzzle_unique\": {unique}, \
         \"frames\": {}, \"max_frame_ms\": {:.3}}}",
        serde_json::json!(score),
        report.frames,
        report.max_frame_ms
    );
    exit.write(if unique && score == 0.0 && rooms > 0 {
        AppExit::Success
    } else {
        AppExit::error()
    });
}
