//! Hovering a room: the pointer goes through the board camera
//! (`viewport_to_world_2d`) to the map, the room under it is outlined and
//! its contents shown ("ROOM C - Has enemies and treasure").

use super::ScreenMap;
use crate::app::shell::camera::BoardCamera;
use crate::plugin::{DungeonMap, EvoboardSettings};
use bevy::prelude::*;
use bevy::window::PrimaryWindow;
use bevy_egui::input::EguiWantsInput;

/// The room under the pointer on the dungeon screen.
#[derive(Resource, Default, Debug, Clone, PartialEq)]
pub struct HoveredRoom {
    /// Index of the room in the shown map.
    pub room: Option<usize>,
    /// Its description.
    pub text: Option<String>,
}

/// The translucent outline over the hovered room.
#[derive(Component)]
pub struct HoverHighlight;

/// Find the room under the pointer.
pub fn hover_room(
    window: Single<&Window, With<PrimaryWindow>>,
    egui: Option<Res<EguiWantsInput>>,
    cams: Query<(&Camera, &GlobalTransform), With<BoardCamera>>,
    maps: Query<(&DungeonMap, &GlobalTransform), With<ScreenMap>>,
    settings: Res<EvoboardSettings>,
    mut hovered: ResMut<HoveredRoom>,
    args: Option<Res<crate::app::shell::scripted::ScriptArgs>>,
) {
    // A screenshot run's pointer rests mid-window: its tip would hide the
    // map, so scripted screenshots show no hover.
    let scripted = args.is_some_and(|a| a.0.screenshot.is_some());
    let over_egui = scripted || egui.is_some_and(|e| e.wants_any_pointer_input());
    let found = window
        .cursor_position()
        .filter(|_| !over_egui)
        .and_then(|cursor| {
            let (cam, cam_tf) = cams.iter().next()?;
            let view = cam.logical_viewport_rect()?;
            if !view.contains(cursor) {
                return None;
            }
            let world = cam.viewport_to_world_2d(cam_tf, cursor).ok()?;
            let (map, tf) = maps.iter().next()?;
            let local = tf.affine().inverse().transform_point3(world.extend(0.0));
            let room = map.room_at(local.truncate(), settings.cell_size)?;
            Some((room, map.describe(room)))
        });
    let new = HoveredRoom {
        room: found.as_ref().map(|f| f.0),
        text: found.map(|f| f.1),
    };
    if *hovered != new {
        *hovered = new;
    }
}

/// Keep the outline on the hovered room.
pub fn highlight_room(
    mut commands: Commands,
    hovered: Res<HoveredRoom>,
    maps: Query<(Entity, &DungeonMap), With<ScreenMap>>,
    settings: Res<EvoboardSettings>,
    mut highlights: Query<(Entity, &mut Transform, &mut Sprite), With<HoverHighlight>>,
) {
    let target = hovered.room.and_then(|i| {
        let (e, map) = maps.iter().next()?;
        (i < map.rooms.len()).then(|| (e, map.room_rect(i, settings.cell_size)))
    });
    match (target, highlights.iter_mut().next()) {
        (Some((_, (centre, size))), Some((_, mut tf, mut sprite))) => {
            // Touch them only when the room changed (change detection).
            let at = centre.extend(0.5);
            if tf.translation != at {
                tf.translation = at;
            }
            if sprite.custom_size != Some(size) {
                sprite.custom_size = Some(size);
            }
        }
        (Some((map, (centre, size))), None) => {
            commands.entity(map).with_child((
                HoverHighlight,
                Sprite::from_color(Color::srgba(1.0, 0.95, 0.3, 0.28), size),
                Transform::from_translation(centre.extend(0.5)),
            ));
        }
        (None, Some((e, ..))) => commands.entity(e).despawn(),
        (None, None) => {}
    }
}
