//! Scripted runs for tests and screenshots: `evoboard app --game G
//! --algorithm A --seed N --run --screenshot PATH --frames N`.

use crate::app::AppArgs;
use crate::app::Screen;
use bevy::prelude::*;
use bevy::render::view::screenshot::{Screenshot, save_to_disk};

/// The flags the app was started with; each screen reads its own.
#[derive(Resource, Clone, Debug, Default)]
pub struct ScriptArgs(pub AppArgs);

/// What the shown screen tells a scripted run each frame: whether a search
/// is running (for the frame rate while searching) and a summary for the
/// last line. Screens write it; the shell reads it.
#[derive(Resource, Clone, Debug, Default)]
pub struct ScriptReport {
    /// A search ran this frame.
    pub searching: bool,
    /// Appended to the run's summary line (`"; generation 40, score 0"`).
    pub summary: String,
    /// The screen is still playing a script: hold the screenshot.
    pub busy: bool,
}

/// The one path of a screen's lines to a scripted run (stdout, where
/// scripts and tests read them: "domino: match over, …", "edit: …").
pub fn say(line: impl std::fmt::Display) {
    println!("{line}");
}

/// Checks of the flags every screen shares.
pub fn check_common(args: &AppArgs) -> Result<(), String> {
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
pub(super) fn plugin(app: &mut App) {
    app.init_resource::<FrameCount>()
        .init_resource::<FrameStats>()
        .init_resource::<ScriptReport>()
        .add_systems(Last, screenshot_and_exit);
    for screen in Screen::ALL {
        app.add_systems(OnExit(screen), clear_report);
    }
}

/// A screen left behind stops reporting.
fn clear_report(mut report: ResMut<ScriptReport>) {
    *report = ScriptReport::default();
}

fn screenshot_and_exit(
    mut commands: Commands,
    args: Res<ScriptArgs>,
    mut frames: ResMut<FrameCount>,
    mut stats: ResMut<FrameStats>,
    report: Res<ScriptReport>,
    mut exit: MessageWriter<AppExit>,
) {
    let Some(path) = &args.0.screenshot else {
        return;
    };
    if report.busy {
        return;
    }
    frames.0 += 1;
    let start = *stats.start.get_or_insert_with(std::time::Instant::now);
    let now = std::time::Instant::now();
    let since_last = stats
        .last
        .replace(now)
        .map_or(0.0, |t| (now - t).as_secs_f64());
    if report.searching {
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
            let board = &report.summary;
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
