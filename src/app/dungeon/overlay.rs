//! Marks drawn over the edited dungeon each frame (gizmos, no entities):
//! the selected room's outline, a pin on pinned rooms, the ghost outline
//! of a drag, and locked doors with a key in the room that opens them.

use super::ScreenMap;
use super::design::DungeonDesign;
use super::input::Drag;
use crate::dungeon::Room;
use crate::plugin::{DungeonMap, EvoboardSettings};
use bevy::prelude::*;

const SELECTED: Color = Color::srgb(1.0, 0.9, 0.2);
const PIN: Color = Color::srgb(0.95, 0.3, 0.85);
const GHOST: Color = Color::srgb(0.4, 0.9, 1.0);
const LOCK: Color = Color::srgb(1.0, 0.6, 0.1);

/// Registers the marks.
pub(super) fn plugin(app: &mut App) {
    app.add_systems(
        Update,
        draw_marks
            .in_set(crate::app::shell::ScreenSet::Draw)
            .run_if(in_state(crate::app::Screen::Dungeon)),
    );
}

/// A rectangle of cells as a closed line, in world units.
fn outline(map: &DungeonMap, tf: &GlobalTransform, r: Room, grow: f32, cell: f32) -> [Vec2; 5] {
    let (x0, y0) = (r.x as f32 - grow, r.y as f32 - grow);
    let (x1, y1) = (x0 + r.w as f32 + 2.0 * grow, y0 + r.h as f32 + 2.0 * grow);
    let p = |x: f32, y: f32| {
        tf.transform_point(map.local(x, y, cell).extend(0.0))
            .truncate()
    };
    [p(x0, y0), p(x1, y0), p(x1, y1), p(x0, y1), p(x0, y0)]
}

fn draw_marks(
    design: Res<DungeonDesign>,
    drag: Res<Drag>,
    maps: Query<(&DungeonMap, &GlobalTransform), With<ScreenMap>>,
    settings: Res<EvoboardSettings>,
    mut gizmos: Gizmos,
) {
    let (Some(d), Ok((map, tf))) = (design.dungeon.as_ref(), maps.single()) else {
        return;
    };
    let size = settings.cell_size;
    let cell = size * tf.scale().x;
    let at = |x: f32, y: f32| {
        tf.transform_point(map.local(x, y, size).extend(0.0))
            .truncate()
    };
    if let Some(i) = design.selected_index() {
        let r = d.rooms[i].rect();
        gizmos.linestrip_2d(outline(map, tf, r, 1.0, size), SELECTED);
        gizmos.linestrip_2d(outline(map, tf, r, 1.15, size), SELECTED);
    }
    for r in d.rooms.iter().filter(|r| r.pinned) {
        // A pin stuck in the top-right corner of the floor.
        let head = at(r.x as f32 + r.w as f32 - 0.7, r.y as f32 + 0.7);
        let tip = at(r.x as f32 + r.w as f32 - 1.5, r.y as f32 + 1.8);
        gizmos.circle_2d(Isometry2d::from_translation(head), 0.45 * cell, PIN);
        gizmos.circle_2d(Isometry2d::from_translation(head), 0.25 * cell, PIN);
        gizmos.line_2d(head, tip, PIN);
    }
    for lock in &d.locks {
        let (x, y) = (lock.door.0 as f32, lock.door.1 as f32);
        let r = Room {
            x: lock.door.0,
            y: lock.door.1,
            w: 1,
            h: 1,
        };
        gizmos.linestrip_2d(outline(map, tf, r, 0.1, size), LOCK);
        gizmos.line_2d(at(x, y), at(x + 1.0, y + 1.0), LOCK);
        if let Some(k) = d.rooms.get(lock.key_room) {
            // A key in the bottom-left corner of the room that holds it.
            let bow = at(k.x as f32 + 0.6, k.y as f32 + k.h as f32 - 0.6);
            let end = at(k.x as f32 + 1.8, k.y as f32 + k.h as f32 - 0.6);
            gizmos.circle_2d(Isometry2d::from_translation(bow), 0.3 * cell, LOCK);
            gizmos.line_2d(bow + Vec2::X * 0.3 * cell, end, LOCK);
            gizmos.line_2d(end, end - Vec2::Y * 0.3 * cell, LOCK);
            gizmos.line_2d(
                end - Vec2::X * 0.35 * cell,
                end - Vec2::new(0.35, 0.3) * cell,
                LOCK,
            );
        }
    }
    if let Some(g) = drag.ghost {
        gizmos.linestrip_2d(outline(map, tf, g, 0.0, size), GHOST);
        gizmos.linestrip_2d(outline(map, tf, g, 1.0, size), GHOST.with_alpha(0.5));
    }
}
