//! Helpers shared by the app tests: temporary roots, a headless Bevy app,
//! an Xvfb display and the real binary run under it, PNG reading.

use crate::app::Screen;
use bevy::prelude::*;
use bevy::time::TimeUpdateStrategy;
use std::path::{Path, PathBuf};
use std::time::Duration;

pub fn temp_dir(name: &str) -> PathBuf {
    let d = std::env::temp_dir().join(format!("evoboard-app-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&d);
    std::fs::create_dir_all(d.join("levels")).unwrap();
    d
}

/// A headless app (no window, no renderer) with the embeddable plugin and
/// the screens' state, on `screen`. Time advances by a fixed 1/60 s per
/// update, whatever the machine's load.
pub fn headless_on(root: &Path, screen: Screen) -> App {
    let mut app = App::new();
    app.add_plugins((
        MinimalPlugins,
        AssetPlugin {
            file_path: root.to_string_lossy().into_owned(),
            ..default()
        },
        bevy::state::app::StatesPlugin,
    ))
    .insert_resource(TimeUpdateStrategy::ManualDuration(FRAME))
    .add_plugins(bevy_evoboard::EvoboardPlugins::default())
    .insert_state(screen);
    app
}

/// [`headless_on`] the hex-board screen (the app's first screen).
pub fn headless(root: &Path) -> App {
    headless_on(root, Screen::HexBoards)
}

/// The simulated time of one headless update.
pub const FRAME: Duration = Duration::from_nanos(16_666_667);

/// Update `app` until `done` holds, at most `frames` times; whether it held.
/// For work that runs on other threads (asset loading, async generation)
/// each update yields the core for a moment.
pub fn update_until(app: &mut App, frames: u32, mut done: impl FnMut(&mut App) -> bool) -> bool {
    for _ in 0..frames {
        app.update();
        if done(app) {
            return true;
        }
        std::thread::yield_now();
    }
    false
}
