//! Searches run off the frame on the plugin's `SearchRunner`: a paced
//! hex-board run still animates generation by generation and gives what
//! stepping by hand gives; the hex and dungeon screens' unpaced runs cost
//! the frame little (`cargo test --test app frame_cost -- --nocapture`
//! prints the figures of `JobFrameTime`).

use super::common::{headless, headless_on, temp_dir};
use crate::app::Screen;
use crate::app::dungeon::{
    DungeonCommand, DungeonRun, DungeonRunState, DungeonSettings, logic_plugin as dungeon_logic,
};
use crate::app::hex_boards::{
    BoardRunState, BoardSettings, GeneratorCommand, HexBoardGenerator, MainGenerator,
    logic_plugin as hex_logic,
};
use crate::app::shell::library::LevelLibrary;
use bevy::prelude::*;
use bevy_evoboard::JobFrameTime;
use evoboard_core::boards::{Algorithm, BoardGame};
use evoboard_core::dungeon::Size;

fn generator(app: &mut App) -> &HexBoardGenerator {
    let mut q = app
        .world_mut()
        .query_filtered::<&HexBoardGenerator, With<MainGenerator>>();
    q.single(app.world()).unwrap()
}

fn hex_app(root: &std::path::Path, steps_per_second: f32) -> App {
    let mut app = headless(root);
    app.insert_resource(LevelLibrary::default())
        .add_plugins(hex_logic);
    {
        let mut s = app.world_mut().resource_mut::<BoardSettings>();
        s.select(BoardGame::TerraMystica, Algorithm::Brkga);
        s.seed = 3;
        s.steps_per_second = steps_per_second;
    }
    app.update();
    app.world_mut().write_message(GeneratorCommand::Reset);
    app.world_mut().write_message(GeneratorCommand::Start);
    app
}

#[test]
fn a_paced_hex_run_animates_off_the_frame_and_matches_stepping_by_hand() {
    let root = temp_dir("paced-runner");
    // 60 steps a second at 60 frames a second: one permit a frame.
    let mut app = hex_app(&root, 60.0);
    let frame_thread = std::thread::current().id();
    let mut last = 0;
    let mut frames_with_progress = 0;
    for _ in 0..100_000 {
        app.update();
        std::thread::yield_now();
        let g = generator(&mut app);
        assert!(
            g.background_thread().is_some_and(|t| t != frame_thread),
            "a paced search steps on its own thread too"
        );
        let now = g.progress.generation;
        assert!(now - last <= 7, "{last} → {now}: the animation jumped");
        frames_with_progress += usize::from(now > last);
        last = now;
        if now >= 20 {
            break;
        }
    }
    assert!(last >= 20, "the paced run stalled at generation {last}");
    assert!(
        frames_with_progress >= 4,
        "generation by generation: {frames_with_progress} frames showed progress"
    );
    app.world_mut().write_message(GeneratorCommand::Pause);
    app.update();
    let g = generator(&mut app);
    assert_eq!(g.state, BoardRunState::Paused);
    assert_eq!(g.background_thread(), None);
    let (n, tiles, best) = (g.progress.generation, g.best_tiles(), g.progress.best);
    let settings = app.world().resource::<BoardSettings>().clone();
    let mut by_hand = HexBoardGenerator::new(&settings).unwrap();
    for _ in 0..n {
        by_hand.step_once();
    }
    assert_eq!(by_hand.progress.generation, n);
    assert_eq!(by_hand.progress.best, best);
    assert_eq!(by_hand.best_tiles(), tiles, "the same seed, the same board");
    std::fs::remove_dir_all(&root).unwrap();
}

/// Print what driving the runners cost the frame (ms).
fn report(what: &str, t: &JobFrameTime) {
    eprintln!(
        "frame_cost {what}: {} frames with a run, main-thread time per frame mean {:.4} ms, max {:.4} ms",
        t.busy_frames,
        t.busy_mean_ms(),
        t.busy_max_ms
    );
}

#[test]
fn frame_cost_of_the_unpaced_hex_and_dungeon_runs() {
    let root = temp_dir("frame-cost");
    let mut app = hex_app(&root, 0.0);
    app.insert_resource(JobFrameTime::default());
    for _ in 0..600 {
        app.update();
        std::thread::yield_now();
    }
    let hex = *app.world().resource::<JobFrameTime>();
    report("hex brkga unpaced, 600 frames", &hex);
    assert!(hex.busy_frames > 0);
    assert!(generator(&mut app).progress.generation > 0);

    let mut app = headless_on(&root, Screen::Dungeon);
    app.add_plugins(dungeon_logic);
    let mut s = DungeonSettings::default();
    s.set_size(Size::Large);
    s.seed = 7;
    s.steps_per_second = 0.0;
    app.insert_resource(s);
    app.world_mut().write_message(DungeonCommand::Start);
    app.update();
    app.insert_resource(JobFrameTime::default());
    let mut frames = 0;
    while app.world().resource::<DungeonRun>().state != DungeonRunState::Done {
        app.update();
        std::thread::yield_now();
        frames += 1;
        assert!(frames < 1_000_000, "the dungeon run did not finish");
    }
    let dungeon = *app.world().resource::<JobFrameTime>();
    report("dungeon large unpaced, whole run", &dungeon);
    assert!(dungeon.busy_frames > 0);
    std::fs::remove_dir_all(&root).unwrap();
}
