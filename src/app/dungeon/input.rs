//! The mouse and keys on the edited dungeon: click a room to select it,
//! drag its floor to move it, drag its wall (a side or a corner) to resize
//! it, drag on rock in "Draw room" mode to add one; a ghost outline follows
//! the drag and the edit is sent on release. Keys on the selected room: `E`
//! entrance, `F` final room, `P` pin, `Delete` delete; Ctrl+Z and
//! Ctrl+Shift+Z (or Ctrl+Y) undo and redo, Esc deselects.
//!
//! While a drag is on a room the shell camera does not pan
//! ([`PointerClaim`]).

use super::ScreenMap;
use super::design::{DungeonDesign, DungeonDesignCommand};
use crate::app::shell::ScreenSet;
use crate::app::shell::camera::{BoardCamera, PointerClaim};
use crate::app::shell::undo::{UndoKey, undo_key};
use crate::dungeon::{Dungeon, DungeonEdit, Edge, Room};
use crate::plugin::{DungeonMap, EvoboardSettings};
use bevy::prelude::*;
use bevy::window::PrimaryWindow;

/// What a left drag on the map is doing.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum DragKind {
    /// Moving room `letter`, grabbed `offset` cells from its top-left.
    Move {
        /// The room.
        letter: char,
        /// Grab point relative to the floor's top-left cell.
        offset: (usize, usize),
    },
    /// Dragging a wall (or corner) of room `letter`.
    Resize {
        /// The room.
        letter: char,
        /// The handle.
        edge: Edge,
    },
    /// Drawing a new room from the press cell.
    Draw,
}

/// The drag under way and the outline it would give.
#[derive(Resource, Default, Debug)]
pub struct Drag {
    /// What the drag does.
    pub kind: Option<DragKind>,
    /// The cell pressed.
    pub start: (usize, usize),
    /// The cell under the pointer now.
    pub at: (usize, usize),
    /// The floor rectangle the edit would give (the ghost outline).
    pub ghost: Option<Room>,
}

/// Registers the mouse and keys of the edited dungeon.
pub(super) fn plugin(app: &mut App) {
    app.init_resource::<Drag>().add_systems(
        Update,
        (
            mouse.run_if(not(bevy_egui::input::egui_wants_any_pointer_input)),
            keys.run_if(not(bevy_egui::input::egui_wants_any_keyboard_input)),
        )
            .in_set(ScreenSet::Input)
            .run_if(in_state(crate::app::Screen::Dungeon)),
    );
}

/// The cell under the cursor, if on the map.
fn cell_under_cursor(
    window: &Window,
    cameras: &Query<(&Camera, &GlobalTransform), With<BoardCamera>>,
    map: &DungeonMap,
    at: &GlobalTransform,
    cell: f32,
) -> Option<(usize, usize)> {
    let cursor = window.cursor_position()?;
    let (camera, cam_tf) = cameras.iter().next()?;
    let world = camera.viewport_to_world_2d(cam_tf, cursor).ok()?;
    let local = at.affine().inverse().transform_point3(world.extend(0.0));
    map.cell_at(local.truncate(), cell)
}

/// The floor rectangle a drag of `kind` from `start` to `at` gives.
pub fn ghost(
    d: &Dungeon,
    kind: DragKind,
    start: (usize, usize),
    at: (usize, usize),
) -> Option<Room> {
    let room = |l: char| d.rooms.iter().find(|r| r.letter == l).map(|r| r.rect());
    match kind {
        DragKind::Move { letter, offset } => {
            let r = room(letter)?;
            let x = at.0.saturating_sub(offset.0);
            let y = at.1.saturating_sub(offset.1);
            Some(Room::new(x, y, r.w as usize, r.h as usize))
        }
        DragKind::Resize { letter, edge } => Some(edge.dragged(&room(letter)?, at.0, at.1)),
        DragKind::Draw => {
            let (x0, x1) = (start.0.min(at.0), start.0.max(at.0));
            let (y0, y1) = (start.1.min(at.1), start.1.max(at.1));
            Some(Room::new(x0, y0, x1 - x0 + 1, y1 - y0 + 1))
        }
    }
}

/// The edit a finished drag asks for (none when nothing moved).
pub fn drag_edit(kind: DragKind, ghost: Room, d: &Dungeon) -> Option<DungeonEdit> {
    let same = |l: char| d.rooms.iter().any(|r| r.letter == l && r.rect() == ghost);
    match kind {
        DragKind::Move { letter, .. } if !same(letter) => Some(DungeonEdit::Move {
            room: letter,
            x: ghost.x,
            y: ghost.y,
        }),
        DragKind::Resize { letter, .. } if !same(letter) => Some(DungeonEdit::Resize {
            room: letter,
            rect: ghost,
        }),
        DragKind::Draw if ghost.w > 1 || ghost.h > 1 => Some(DungeonEdit::Add { rect: ghost }),
        _ => None,
    }
}

#[allow(clippy::too_many_arguments)]
fn mouse(
    buttons: Res<ButtonInput<MouseButton>>,
    window: Single<&Window, With<PrimaryWindow>>,
    cameras: Query<(&Camera, &GlobalTransform), With<BoardCamera>>,
    maps: Query<(&DungeonMap, &GlobalTransform), With<ScreenMap>>,
    settings: Res<EvoboardSettings>,
    design: Res<DungeonDesign>,
    mut drag: ResMut<Drag>,
    mut claim: ResMut<PointerClaim>,
    mut out: MessageWriter<DungeonDesignCommand>,
) {
    let (Some(d), Ok((map, at))) = (design.dungeon.as_ref(), maps.single()) else {
        return;
    };
    let under = cell_under_cursor(&window, &cameras, map, at, settings.cell_size);
    if buttons.just_pressed(MouseButton::Left) {
        let kind = under.and_then(|(x, y)| {
            if design.draw_mode && d.room_edge_at(x, y).is_none() {
                return Some(DragKind::Draw);
            }
            let (i, edge) = d.room_edge_at(x, y)?;
            let r = &d.rooms[i];
            Some(match edge {
                Edge::Inside => DragKind::Move {
                    letter: r.letter,
                    offset: (x - r.x as usize, y - r.y as usize),
                },
                edge => DragKind::Resize {
                    letter: r.letter,
                    edge,
                },
            })
        });
        if kind.is_none() && under.is_some() {
            out.write(DungeonDesignCommand::Select(None));
        }
        let start = under.unwrap_or_default();
        *drag = Drag {
            kind,
            start,
            at: start,
            ghost: None,
        };
        claim.0 = kind.is_some();
    }
    if let (Some(kind), Some(cell)) = (drag.kind, under)
        && buttons.pressed(MouseButton::Left)
        && (cell != drag.at || drag.ghost.is_none() && cell != drag.start)
    {
        drag.at = cell;
        drag.ghost = ghost(d, kind, drag.start, cell);
    }
    if buttons.just_released(MouseButton::Left) {
        let (kind, moved) = (drag.kind.take(), drag.ghost.take());
        claim.0 = false;
        let letter = match kind {
            Some(DragKind::Move { letter, .. } | DragKind::Resize { letter, .. }) => Some(letter),
            _ => None,
        };
        let edit = kind.zip(moved).and_then(|(k, g)| drag_edit(k, g, d));
        if let Some(edit) = edit {
            out.write(DungeonDesignCommand::Edit(edit));
        }
        if letter.is_some() {
            out.write(DungeonDesignCommand::Select(letter));
        }
    }
}

fn keys(
    keys: Res<ButtonInput<KeyCode>>,
    design: Res<DungeonDesign>,
    mut out: MessageWriter<DungeonDesignCommand>,
) {
    if design.dungeon.is_none() {
        return;
    }
    if let Some(k) = undo_key(&keys) {
        out.write(match k {
            UndoKey::Undo => DungeonDesignCommand::Undo,
            UndoKey::Redo => DungeonDesignCommand::Redo,
        });
        return;
    }
    let ctrl = keys.any_pressed([KeyCode::ControlLeft, KeyCode::ControlRight]);
    if ctrl {
        return;
    }
    if keys.just_pressed(KeyCode::Escape) {
        out.write(DungeonDesignCommand::Select(None));
    }
    let Some(room) = design.selected else { return };
    let pairs = [
        (KeyCode::KeyE, DungeonDesignCommand::Entrance(room)),
        (KeyCode::KeyF, DungeonDesignCommand::Final(room)),
        (KeyCode::KeyP, DungeonDesignCommand::TogglePin(room)),
        (
            KeyCode::Delete,
            DungeonDesignCommand::Edit(DungeonEdit::Delete { room }),
        ),
    ];
    for (key, cmd) in pairs {
        if keys.just_pressed(key) {
            out.write(cmd);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::dungeon::{DungeonParams, Size, generate_proposal};

    #[test]
    fn drags_give_the_edits_a_person_expects() {
        let d = generate_proposal(&DungeonParams::for_size(Size::Small), 7, 0).unwrap();
        let r = d.rooms[0].clone();
        let (x, y) = (r.x as usize, r.y as usize);
        // Grab the floor one cell in and drop it three cells right.
        let grab = DragKind::Move {
            letter: r.letter,
            offset: (1, 1),
        };
        let g = ghost(&d, grab, (x + 1, y + 1), (x + 4, y + 1)).unwrap();
        assert_eq!((g.x as usize, g.y as usize, g.w, g.h), (x + 3, y, r.w, r.h));
        assert_eq!(
            drag_edit(grab, g, &d),
            Some(DungeonEdit::Move {
                room: r.letter,
                x: g.x,
                y: g.y
            })
        );
        // Dropped where it was: no edit (a click selects instead).
        let same = ghost(&d, grab, (x + 1, y + 1), (x + 1, y + 1)).unwrap();
        assert_eq!(drag_edit(grab, same, &d), None);
        // The right wall dragged two cells out widens the floor by two.
        let edge = DragKind::Resize {
            letter: r.letter,
            edge: Edge::Right,
        };
        let right = r.x as usize + r.w as usize;
        let g = ghost(&d, edge, (right, y), (right + 2, y)).unwrap();
        assert_eq!((g.x, g.y, g.w, g.h), (r.x, r.y, r.w + 2, r.h));
        assert!(matches!(
            drag_edit(edge, g, &d),
            Some(DungeonEdit::Resize { .. })
        ));
        // Drawing from corner to corner, either way round, adds that floor.
        let a = ghost(&d, DragKind::Draw, (10, 12), (6, 9)).unwrap();
        assert_eq!(a, Room::new(6, 9, 5, 4));
        assert_eq!(
            drag_edit(DragKind::Draw, a, &d),
            Some(DungeonEdit::Add { rect: a })
        );
        let dot = ghost(&d, DragKind::Draw, (3, 3), (3, 3)).unwrap();
        assert_eq!(drag_edit(DragKind::Draw, dot, &d), None);
    }
}
