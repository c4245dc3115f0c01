//! Keyboard play: arrows move the cursor, X / O set, Space, Backspace or
//! Delete clear, C cycles, Enter checks, H asks for a hint, A applies it.
//! In Edit mode the app's undo/redo keys undo and redo the draft's edits.

use super::PuzzleInput;
use super::editor::EditorRequest;
use crate::app::shell::undo::{UndoKey, undo_key};
use crate::puzzle::{Action, Square};
use bevy::prelude::*;
use bevy_egui::input::EguiWantsInput;

/// The action of a key, if it has one.
pub fn action_for(key: KeyCode) -> Option<Action> {
    Some(match key {
        KeyCode::ArrowUp => Action::Move(-1, 0),
        KeyCode::ArrowDown => Action::Move(1, 0),
        KeyCode::ArrowLeft => Action::Move(0, -1),
        KeyCode::ArrowRight => Action::Move(0, 1),
        KeyCode::KeyX => Action::SetAtCursor(Square::X),
        KeyCode::KeyO => Action::SetAtCursor(Square::O),
        KeyCode::Space | KeyCode::Backspace | KeyCode::Delete => Action::SetAtCursor(Square::Empty),
        KeyCode::KeyC => Action::CycleAtCursor,
        KeyCode::Enter | KeyCode::NumpadEnter => Action::Check,
        KeyCode::KeyH => Action::Hint,
        KeyCode::KeyA => Action::ApplyHint,
        _ => return None,
    })
}

/// Keys pressed this frame become [`PuzzleInput`]s (not while typing in
/// an egui text field, nor in Edit mode).
pub fn keyboard(
    keys: Option<Res<ButtonInput<KeyCode>>>,
    egui: Option<Res<EguiWantsInput>>,
    editor: Option<Res<super::PuzzleEditor>>,
    mut out: MessageWriter<PuzzleInput>,
) {
    if editor.is_some_and(|e| e.active) {
        return;
    }
    let Some(keys) = keys else {
        return;
    };
    if egui.is_some_and(|e| e.wants_any_keyboard_input()) {
        return;
    }
    for key in keys.get_just_pressed() {
        if let Some(a) = action_for(*key) {
            out.write(PuzzleInput(a));
        }
    }
}

/// Edit mode: the undo/redo keys become [`EditorRequest::Undo`] and
/// [`EditorRequest::Redo`] (not while typing in an egui text field).
pub fn editor_keys(
    keys: Option<Res<ButtonInput<KeyCode>>>,
    egui: Option<Res<EguiWantsInput>>,
    editor: Res<super::PuzzleEditor>,
    mut out: MessageWriter<EditorRequest>,
) {
    if !editor.active || egui.is_some_and(|e| e.wants_any_keyboard_input()) {
        return;
    }
    match keys.as_deref().and_then(undo_key) {
        Some(UndoKey::Undo) => {
            out.write(EditorRequest::Undo);
        }
        Some(UndoKey::Redo) => {
            out.write(EditorRequest::Redo);
        }
        None => {}
    }
}
