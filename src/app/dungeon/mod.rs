//! The Dungeon screen: a parameters panel, the two genetic algorithms run
//! as ECS data and animated generation by generation on a square-grid
//! tilemap, proposals to flip through with their quality figures, rooms
//! lettered with enemy and treasure icons, hover a room to see its
//! contents, and "Accept and save" to `levels/NAME.level.ron`.
//!
//! - `generator.rs`: settings, the run and its systems (no UI, no drawing:
//!   [`logic_plugin`] alone runs headless).
//! - the square tilemap of a [`DungeonMap`] is the plugin's
//!   ([`crate::plugin`]), shared with games that load dungeon levels.
//! - `ui.rs`: the egui panels; `hover.rs`: the room under the pointer.
//! - the game master reshapes the shown proposal once finished:
//!   `design.rs` (the edited dungeon, undo and redo, "Evolve the rest"),
//!   `input.rs` (mouse and keys), `overlay.rs` (selection, pins, drag
//!   ghost, locks), `gm_panel.rs` (tools and the room panel),
//!   `pacing_plot.rs`, `export.rs` (PNG, SVG, VTT, room key) and
//!   `script.rs` (`--edit` steps).

mod design;
mod export;
mod generator;
mod gm_panel;
mod hover;
mod input;
mod overlay;
mod pacing_plot;
mod script;
mod ui;

pub use design::DungeonDesign;

pub use generator::{DungeonCommand, DungeonRun, DungeonRunState, DungeonSettings};
// What only the screen's tests (src/app/tests) reach.
#[cfg(test)]
pub(crate) use design::DungeonDesignCommand;

use crate::app::AppArgs;
use crate::app::Game;
use crate::app::Screen;
use crate::app::shell::scripted::ScriptArgs;
use crate::app::shell::{ScreenSet, ScreenUiSet};
use crate::dungeon::{DungeonParams, DungeonStyle, Size};
use crate::plugin::DungeonMap;
use bevy::prelude::*;
use bevy_egui::EguiPrimaryContextPass;

/// The entity the screen draws its map on.
#[derive(Component)]
pub struct ScreenMap;

/// Registers the dungeon screen.
pub fn plugin(app: &mut App) {
    app.add_plugins((logic_plugin, input::plugin, overlay::plugin))
        .init_resource::<hover::HoveredRoom>()
        .init_resource::<ui::DungeonSaveBox>()
        .add_systems(Startup, apply_script_args)
        .add_systems(OnEnter(Screen::Dungeon), spawn_screen_map)
        .add_systems(
            Update,
            // Input (mouse and keys) is in `input.rs`, the marks over the
            // map in `overlay.rs`.
            (show_selected, hover::hover_room, hover::highlight_room)
                .chain()
                .in_set(ScreenSet::Draw)
                .run_if(in_state(Screen::Dungeon)),
        )
        .add_systems(
            EguiPrimaryContextPass,
            ui::panels_ui
                .in_set(ScreenUiSet::Panels)
                .run_if(in_state(Screen::Dungeon)),
        );
}

/// The generator alone: settings, run, commands and stepping, the game
/// master's edits and `--edit` scripts (no UI, no drawing), for headless
/// tests.
pub fn logic_plugin(app: &mut App) {
    crate::app::shell::sets::add(app);
    app.init_resource::<DungeonSettings>()
        .init_resource::<DungeonRun>()
        .add_message::<DungeonCommand>()
        .add_plugins((design::plugin, export::plugin, script::plugin))
        .add_systems(OnExit(Screen::Dungeon), rest_run)
        .add_systems(
            Update,
            (
                generator::apply_commands.in_set(ScreenSet::Commands),
                (
                    generator::step_run,
                    report_done,
                    // The game master's edits apply to the proposal as the
                    // step left it; the `--edit` script plays like a user.
                    design::follow_run,
                    script::play_script,
                    design::apply_design,
                )
                    .chain()
                    .in_set(ScreenSet::Step),
            )
                .run_if(in_state(Screen::Dungeon)),
        );
}

/// The screen goes away: its searches rest (their thread stops; the run
/// resumes when the screen is back).
fn rest_run(mut run: ResMut<DungeonRun>) {
    run.stop_runner();
}

/// Check the dungeon flags of `evoboard app --game dungeon`: `--size`
/// must be small, medium or large, `--param` is `style=rooms|caves|
/// labyrinth` or `corridor-width=1|2|3` (`--seed` and `--run` take any
/// value).
pub fn validate(args: &AppArgs) -> Result<(), String> {
    if let Some(s) = &args.size {
        s.parse::<Size>()
            .map_err(|_| format!("unknown dungeon --size '{s}'; allowed: small, medium, large"))?;
    }
    let mut params = DungeonParams::for_size(Size::Small);
    for p in &args.params {
        set_param(&mut params, p)?;
    }
    Ok(())
}

/// Apply one `--param NAME=VALUE` to the dungeon settings.
fn set_param(params: &mut DungeonParams, p: &str) -> Result<(), String> {
    let bad = || {
        format!(
            "unknown dungeon --param '{p}'; allowed: style=rooms|caves|labyrinth, corridor-width=1|2|3"
        )
    };
    match p.split_once('=').ok_or_else(bad)? {
        ("style", v) => params.style = v.parse::<DungeonStyle>().map_err(|_| bad())?,
        ("corridor-width", v) => {
            params.corridor_width = v
                .parse()
                .ok()
                .filter(|w| (1..=3).contains(w))
                .ok_or_else(bad)?
        }
        _ => return Err(bad()),
    }
    Ok(())
}

/// Apply `--size`, `--seed`, `--steps-per-second` and `--run` when the app
/// opens on this screen.
fn apply_script_args(
    args: Option<Res<ScriptArgs>>,
    mut settings: ResMut<DungeonSettings>,
    mut out: MessageWriter<DungeonCommand>,
) {
    let Some(args) = args else { return };
    let a = &args.0;
    if !a.opens(Game::Dungeon) {
        return;
    }
    if let Some(size) = a.size.as_deref().and_then(|s| s.parse::<Size>().ok()) {
        settings.set_size(size);
    }
    if let Some(seed) = a.seed {
        settings.seed = seed;
    }
    for p in &a.params {
        // Checked by `validate` before the app opened.
        let _ = set_param(&mut settings.params, p);
    }
    if let Some(s) = a.steps_per_second {
        settings.steps_per_second = s;
    }
    if a.run {
        out.write(DungeonCommand::Start);
    }
}

fn spawn_screen_map(mut commands: Commands, mut run: ResMut<DungeonRun>) {
    commands.spawn((
        ScreenMap,
        Transform::default(),
        Visibility::default(),
        DespawnOnExit(Screen::Dungeon),
    ));
    run.dirty = true;
}

/// Draw the selected proposal as it is now (when it changed): the
/// game master's edited copy once it is finished.
fn show_selected(
    mut commands: Commands,
    mut run: ResMut<DungeonRun>,
    mut design: ResMut<DungeonDesign>,
    maps: Query<(Entity, Option<&DungeonMap>), With<ScreenMap>>,
) {
    if !run.dirty && !design.dirty {
        return;
    }
    let Some((entity, old)) = maps.iter().next() else {
        return;
    };
    run.dirty = false;
    design.dirty = false;
    let edited = design
        .dungeon
        .as_ref()
        .filter(|_| design.proposal == Some(run.selected));
    let map = match edited {
        Some(d) => Some(DungeonMap::from_dungeon(d)),
        None => run.shown().map(|p| p.map()),
    };
    match map {
        Some(map) if old != Some(&map) => {
            commands.entity(entity).insert(map);
        }
        Some(_) => {}
        None if old.is_some() => {
            // Nothing to show: a fresh, empty map entity.
            commands.entity(entity).despawn();
            commands.spawn((
                ScreenMap,
                Transform::default(),
                Visibility::default(),
                DespawnOnExit(Screen::Dungeon),
            ));
        }
        None => {}
    }
}

/// In scripted runs, one summary line when every proposal is finished.
fn report_done(run: Res<DungeonRun>, args: Option<Res<ScriptArgs>>, mut said: Local<bool>) {
    if run.state != DungeonRunState::Done {
        *said = false;
        return;
    }
    let scripted = args.is_some_and(|a| a.0.screenshot.is_some());
    if *said || !scripted {
        return;
    }
    *said = true;
    let (Some(best), Some(p)) = (run.best(), run.params.as_ref()) else {
        return;
    };
    let d = run.dungeons()[best];
    crate::app::shell::scripted::say(format_args!(
        "dungeon: seed {}, {}x{} grid, {} proposals finished in {} generation steps; best proposal {}: fitness {}, contents fitness {}, {} rooms, entrance {}, final room {}",
        run.seed,
        p.width,
        p.height,
        run.proposals.len(),
        run.ticks,
        best + 1,
        d.fitness,
        d.contents_fitness,
        d.rooms.len(),
        d.rooms[d.entrance].letter,
        d.rooms[d.final_room].letter,
    ));
}
