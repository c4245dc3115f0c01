//! The mouse and keys on the board: click a hex to select it, drag a hex
//! onto another to swap them, right-click (or `P`) to pin, `1`–`8` give
//! the selected Terra Mystica hex a terrain (in wheel order, `8` river),
//! Ctrl+Z / Ctrl+Shift+Z (or Ctrl+Y) undo and redo, Esc deselects.

use super::design::{DesignCommand, HexDesign};
use super::runtime::{BoardDrawing, MainGenerator, ShownBoard};
use crate::app::shell::ScreenSet;
use crate::app::shell::camera::{BoardCamera, PointerClaim};
use crate::app::shell::undo::{UndoKey, undo_key};
use crate::boards::BoardGame;
use crate::plugin::{EvoboardSettings, HexBoardMap};
use bevy::prelude::*;
use bevy::window::PrimaryWindow;

/// Where a press on the board started.
#[derive(Resource, Default)]
struct Press {
    /// The hex under a left press.
    left: Option<usize>,
    /// Cursor position of a right press (a click, not a pan, if it ends
    /// within a few pixels).
    right: Option<Vec2>,
}

/// Registers the board's mouse and keys.
pub(super) fn plugin(app: &mut App) {
    app.init_resource::<Press>().add_systems(
        Update,
        (
            mouse.run_if(not(bevy_egui::input::egui_wants_any_pointer_input)),
            keys.run_if(not(bevy_egui::input::egui_wants_any_keyboard_input)),
        )
            .in_set(ScreenSet::Input)
            .run_if(in_state(crate::app::Screen::HexBoards)),
    );
}

/// The hex under the cursor, if any.
fn hex_under_cursor(
    window: &Window,
    cameras: &Query<(&Camera, &GlobalTransform), With<BoardCamera>>,
    map: &HexBoardMap,
    at: &GlobalTransform,
    hex_size: f32,
) -> Option<usize> {
    let cursor = window.cursor_position()?;
    let (camera, cam_tf) = cameras.iter().next()?;
    let world = camera.viewport_to_world_2d(cam_tf, cursor).ok()?;
    let local = world - at.translation().truncate();
    let hex = map.hex_at(local, hex_size)?;
    map.grid.hex_index(hex).map(usize::from)
}

#[allow(clippy::too_many_arguments)]
fn mouse(
    buttons: Res<ButtonInput<MouseButton>>,
    window: Single<&Window, With<PrimaryWindow>>,
    cameras: Query<(&Camera, &GlobalTransform), With<BoardCamera>>,
    maps: Query<(&HexBoardMap, &GlobalTransform), With<BoardDrawing>>,
    settings: Res<EvoboardSettings>,
    mut press: ResMut<Press>,
    mut claim: ResMut<PointerClaim>,
    mut out: MessageWriter<DesignCommand>,
) {
    let Ok((map, at)) = maps.single() else { return };
    let under = hex_under_cursor(&window, &cameras, map, at, settings.hex_size);
    if buttons.just_pressed(MouseButton::Left) {
        press.left = under;
        claim.0 = under.is_some();
        if under.is_none() {
            out.write(DesignCommand::Select(None));
        }
    }
    if buttons.just_released(MouseButton::Left) {
        if let Some(from) = press.left.take() {
            match under {
                Some(to) if to != from => {
                    out.write(DesignCommand::Swap(from, to));
                    out.write(DesignCommand::Select(Some(to)));
                }
                _ => {
                    out.write(DesignCommand::Select(Some(from)));
                }
            }
        }
        claim.0 = false;
    }
    if buttons.just_pressed(MouseButton::Right) {
        press.right = window.cursor_position();
    }
    if buttons.just_released(MouseButton::Right) {
        let start = press.right.take();
        let still = match (start, window.cursor_position()) {
            (Some(a), Some(b)) => a.distance(b) < 5.0,
            _ => false,
        };
        if still && let Some(i) = under {
            out.write(DesignCommand::TogglePin(i));
        }
    }
}

fn keys(
    keys: Res<ButtonInput<KeyCode>>,
    design: Res<HexDesign>,
    maps: Query<&ShownBoard, With<MainGenerator>>,
    mut out: MessageWriter<DesignCommand>,
) {
    if let Some(k) = undo_key(&keys) {
        out.write(match k {
            UndoKey::Undo => DesignCommand::Undo,
            UndoKey::Redo => DesignCommand::Redo,
        });
        return;
    }
    let ctrl = keys.any_pressed([KeyCode::ControlLeft, KeyCode::ControlRight]);
    if ctrl {
        return;
    }
    if keys.just_pressed(KeyCode::Escape) {
        out.write(DesignCommand::Select(None));
    }
    let Some(hex) = design.selected else { return };
    if keys.just_pressed(KeyCode::KeyP) {
        out.write(DesignCommand::TogglePin(hex));
    }
    let Ok(map) = maps.single() else { return };
    if map.game != BoardGame::TerraMystica {
        return;
    }
    for (code, key) in crate::app::shell::DIGIT_KEYS[..8].iter().enumerate() {
        if keys.just_pressed(*key) {
            out.write(DesignCommand::SetTile {
                hex,
                code: code as u8,
            });
        }
    }
}
