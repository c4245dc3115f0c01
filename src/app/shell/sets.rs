//! The skeleton every screen is built on: the same four parts in the same
//! order, as system sets configured once here.
//!
//! In `Update`: [`ScreenSet::Input`] (mouse and keys become commands) →
//! [`ScreenSet::Commands`] (commands change the screen's resources) →
//! the plugin's [`EvoboardSet::Generate`] → [`ScreenSet::Step`] (runs
//! advance, jobs are taken in) → [`ScreenSet::Draw`] (what is shown is
//! written to the map components) → the plugin's [`EvoboardSet::Draw`]
//! (the maps become tiles). Each screen puts its systems into these sets
//! gated by `in_state(Screen::X)`, so nothing of a hidden screen runs.
//!
//! In `EguiPrimaryContextPass`: [`ScreenUiSet::Bar`] (the top bar) →
//! [`ScreenUiSet::Panels`] (the shown screen's panels) →
//! [`ScreenUiSet::Insets`] (the panels' widths go to the camera).

use crate::plugin::EvoboardSet;
use bevy::prelude::*;
use bevy_egui::EguiPrimaryContextPass;

/// The four parts of a screen's frame, in order.
#[derive(SystemSet, Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum ScreenSet {
    /// Mouse, keys and scripted steps become the screen's commands.
    Input,
    /// Commands change the screen's state (settings, runs, edits).
    Commands,
    /// Runs advance and finished jobs are taken in.
    Step,
    /// What the screen shows is written to its map entities.
    Draw,
}

/// The egui parts of a frame, in order.
#[derive(SystemSet, Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum ScreenUiSet {
    /// The shell's top bar with the screen tabs.
    Bar,
    /// The shown screen's panels and windows.
    Panels,
    /// The shell commits the panels' insets.
    Insets,
}

/// Configures [`ScreenSet`] and [`ScreenUiSet`] (once, however many
/// screens add it: see [`add`]).
pub struct ScreenSetsPlugin;

impl Plugin for ScreenSetsPlugin {
    fn build(&self, app: &mut App) {
        app.configure_sets(
            Update,
            (
                ScreenSet::Input,
                ScreenSet::Commands,
                ScreenSet::Step,
                ScreenSet::Draw,
            )
                .chain(),
        )
        .configure_sets(
            Update,
            (
                ScreenSet::Commands.before(EvoboardSet::Generate),
                ScreenSet::Step.after(EvoboardSet::Generate),
                ScreenSet::Draw.before(EvoboardSet::Draw),
            ),
        )
        .configure_sets(
            EguiPrimaryContextPass,
            (ScreenUiSet::Bar, ScreenUiSet::Panels, ScreenUiSet::Insets).chain(),
        );
    }
}

/// Add the sets (and the screens' one status resource,
/// [`ScreenStatus`](super::ScreenStatus)) unless they are already there:
/// every screen's plugin calls this, so a screen added alone (headless
/// tests) is ordered and equipped the same as in the app.
pub fn add(app: &mut App) {
    app.init_resource::<super::ScreenStatus>();
    if !app.is_plugin_added::<ScreenSetsPlugin>() {
        app.add_plugins(ScreenSetsPlugin);
    }
}
