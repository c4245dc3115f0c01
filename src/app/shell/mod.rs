//! The app's frame shared by every screen: the top bar with the screen
//! tabs and the frame rate, the system sets every screen is built on
//! ([`ScreenSet`], [`ScreenUiSet`]), and [`content_root`], the area below
//! the bar a screen lays its panels out in.

pub mod camera;
pub mod export_job;
pub mod jobs;
pub mod library;
pub mod save_box;
pub mod scripted;
pub mod sets;
pub mod side_panel;
pub mod status;
pub mod undo;

use crate::app::Screen;
use bevy::diagnostic::{DiagnosticsStore, FrameTimeDiagnosticsPlugin};
use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};
use camera::{BoardCamera, PanelInsets};

pub use sets::{ScreenSet, ScreenUiSet};
pub use status::{ScreenStatus, StatusKind, StatusLine};

/// The number keys 1 to 9, in order (a screen's shortcuts take the first
/// few).
pub const DIGIT_KEYS: [KeyCode; 9] = [
    KeyCode::Digit1,
    KeyCode::Digit2,
    KeyCode::Digit3,
    KeyCode::Digit4,
    KeyCode::Digit5,
    KeyCode::Digit6,
    KeyCode::Digit7,
    KeyCode::Digit8,
    KeyCode::Digit9,
];

/// Registers the shell: cameras, the level library, scripted runs, the top
/// bar and the screen switching.
pub fn plugin(app: &mut App) {
    sets::add(app);
    app.add_plugins((camera::plugin, library::plugin, scripted::plugin))
        .init_resource::<side_panel::SidePanels>()
        .add_systems(Startup, fold_panels_from_args)
        .add_systems(EguiPrimaryContextPass, top_bar.in_set(ScreenUiSet::Bar))
        .add_systems(
            EguiPrimaryContextPass,
            commit_insets.in_set(ScreenUiSet::Insets),
        )
        .add_systems(Update, on_screen_change.run_if(state_changed::<Screen>));
}

fn top_bar(
    mut contexts: EguiContexts,
    screen: Res<State<Screen>>,
    mut next: ResMut<NextState<Screen>>,
    mut insets: ResMut<PanelInsets>,
    diagnostics: Res<DiagnosticsStore>,
) -> Result {
    let ctx = contexts.ctx_mut()?;
    let mut root = egui::Ui::new(
        ctx.clone(),
        "top".into(),
        egui::UiBuilder::new()
            .layer_id(egui::LayerId::background())
            .max_rect(ctx.viewport_rect()),
    );
    let top = egui::Panel::top("top_bar")
        .show(&mut root, |ui| {
            ui.horizontal(|ui| {
                ui.heading("evoboard");
                ui.separator();
                for s in Screen::ALL {
                    if ui.selectable_label(*screen.get() == s, s.title()).clicked()
                        && *screen.get() != s
                    {
                        next.set(s);
                    }
                }
                ui.with_layout(egui::Layout::right_to_left(egui::Align::Center), |ui| {
                    ui.label(format!("{:.0} fps", fps(&diagnostics)));
                });
            });
        })
        .response
        .rect
        .height();
    // Each screen writes its own side panels; they start empty each frame
    // so that a screen without panels gets the whole window.
    *insets.bypass_change_detection() = PanelInsets { top, ..default() };
    Ok(())
}

/// A root `Ui` covering the window below the top bar: a screen shows its
/// `egui::Panel`s inside it (see the hex-board panels).
pub fn content_root(ctx: &egui::Context, insets: &PanelInsets, id: &'static str) -> egui::Ui {
    let mut rect = ctx.viewport_rect();
    rect.min.y += insets.top;
    egui::Ui::new(
        ctx.clone(),
        id.into(),
        egui::UiBuilder::new()
            .layer_id(egui::LayerId::background())
            .max_rect(rect),
    )
}

/// The bar and the screens write the insets each frame without marking
/// them changed; this marks them changed only when they differ from the
/// last frame's, so systems watching them run only on a real change.
fn commit_insets(mut insets: ResMut<PanelInsets>, mut last: Local<PanelInsets>) {
    if *insets != *last {
        *last = *insets;
        insets.set_changed();
    }
}

/// `--collapse-panels`: every side panel starts folded.
fn fold_panels_from_args(
    args: Option<Res<scripted::ScriptArgs>>,
    mut panels: ResMut<side_panel::SidePanels>,
) {
    panels.start_collapsed = args.is_some_and(|a| a.0.collapse_panels);
}

/// Frames per second, smoothed.
pub fn fps(diagnostics: &DiagnosticsStore) -> f64 {
    diagnostics
        .get(&FrameTimeDiagnosticsPlugin::FPS)
        .and_then(|d| d.smoothed())
        .unwrap_or(0.0)
}

/// The camera's user pan and zoom start afresh on every screen.
fn on_screen_change(mut cams: Query<&mut BoardCamera>) {
    for mut c in &mut cams {
        c.zoom = 1.0;
        c.pan = Vec2::ZERO;
    }
}
