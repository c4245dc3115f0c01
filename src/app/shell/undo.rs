//! One undo/redo history for every editor (the hex-board designer, the
//! dungeon editor, the puzzle editor) and the one key binding for it:
//! Ctrl+Z undoes, Ctrl+Shift+Z or Ctrl+Y redoes.

use bevy::prelude::*;

/// Snapshots of an edited value: each edit pushes the value as it was
/// before; undo and redo swap the current value with the top of the
/// other stack.
#[derive(Clone, Debug, PartialEq)]
pub struct History<T> {
    undo: Vec<T>,
    redo: Vec<T>,
}

impl<T> Default for History<T> {
    fn default() -> Self {
        History {
            undo: Vec::new(),
            redo: Vec::new(),
        }
    }
}

impl<T> History<T> {
    /// Remember `before` (the value an edit is about to change); a new edit
    /// forgets what could be redone.
    pub fn record(&mut self, before: T) {
        self.undo.push(before);
        self.redo.clear();
    }

    /// Step back: `current` goes to the redo stack and the value before
    /// the last edit comes back (`None`: nothing to undo).
    pub fn undo(&mut self, current: T) -> Option<T> {
        let back = self.undo.pop()?;
        self.redo.push(current);
        Some(back)
    }

    /// Step forward again: `current` goes to the undo stack and the last
    /// undone value comes back (`None`: nothing to redo).
    pub fn redo(&mut self, current: T) -> Option<T> {
        let forward = self.redo.pop()?;
        self.undo.push(current);
        Some(forward)
    }

    /// Undo only when the value to come back passes `fits`; one that does
    /// not (a snapshot of another board size) is dropped.
    pub fn undo_if(&mut self, current: T, fits: impl Fn(&T) -> bool) -> Option<T> {
        let back = self.undo.pop().filter(fits)?;
        self.redo.push(current);
        Some(back)
    }

    /// Redo only when the value to come back passes `fits`; one that does
    /// not is dropped.
    pub fn redo_if(&mut self, current: T, fits: impl Fn(&T) -> bool) -> Option<T> {
        let forward = self.redo.pop().filter(fits)?;
        self.undo.push(current);
        Some(forward)
    }

    /// How many edits can be undone and redone.
    pub fn depth(&self) -> (usize, usize) {
        (self.undo.len(), self.redo.len())
    }

    /// Forget everything (another board altogether).
    pub fn clear(&mut self) {
        self.undo.clear();
        self.redo.clear();
    }
}

/// What the undo/redo keys ask for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum UndoKey {
    /// Ctrl+Z.
    Undo,
    /// Ctrl+Shift+Z or Ctrl+Y.
    Redo,
}

/// The one undo/redo key binding of the app: Ctrl+Z undoes, Ctrl+Shift+Z
/// or Ctrl+Y redoes (`None`: neither pressed this frame).
pub fn undo_key(keys: &ButtonInput<KeyCode>) -> Option<UndoKey> {
    let ctrl = keys.any_pressed([KeyCode::ControlLeft, KeyCode::ControlRight]);
    let shift = keys.any_pressed([KeyCode::ShiftLeft, KeyCode::ShiftRight]);
    if !ctrl {
        return None;
    }
    if keys.just_pressed(KeyCode::KeyZ) {
        return Some(if shift { UndoKey::Redo } else { UndoKey::Undo });
    }
    keys.just_pressed(KeyCode::KeyY).then_some(UndoKey::Redo)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn undo_and_redo_walk_the_edits() {
        let mut h = History::default();
        let mut v = 1;
        for next in [2, 3] {
            h.record(v);
            v = next;
        }
        assert_eq!(h.depth(), (2, 0));
        v = h.undo(v).unwrap();
        assert_eq!(v, 2);
        v = h.undo(v).unwrap();
        assert_eq!(v, 1);
        assert_eq!(h.undo(v), None);
        v = h.redo(v).unwrap();
        assert_eq!(v, 2);
        assert_eq!(h.depth(), (1, 1));
        // A new edit forgets the redo stack.
        h.record(v);
        assert_eq!(h.depth(), (2, 0));
        assert_eq!(h.redo(7), None);
    }

    #[test]
    fn snapshots_that_do_not_fit_are_dropped() {
        let mut h = History::default();
        h.record(vec![0u8; 3]);
        h.record(vec![0u8; 4]);
        assert_eq!(h.undo_if(vec![1; 3], |s| s.len() == 3), None);
        assert_eq!(h.depth(), (1, 0));
        assert_eq!(h.undo_if(vec![1; 3], |s| s.len() == 3), Some(vec![0; 3]));
        assert_eq!(h.redo_if(vec![0; 3], |s| s.len() == 5), None);
        assert_eq!(h.depth(), (0, 0));
        h.record(vec![2; 3]);
        h.clear();
        assert_eq!(h.depth(), (0, 0));
    }

    #[test]
    fn keys() {
        let mut k = ButtonInput::<KeyCode>::default();
        assert_eq!(undo_key(&k), None);
        k.press(KeyCode::ControlLeft);
        k.press(KeyCode::KeyZ);
        assert_eq!(undo_key(&k), Some(UndoKey::Undo));
        k.press(KeyCode::ShiftRight);
        assert_eq!(undo_key(&k), Some(UndoKey::Redo));
        k.clear();
        k.release(KeyCode::ShiftRight);
        k.press(KeyCode::KeyY);
        assert_eq!(undo_key(&k), Some(UndoKey::Redo));
    }
}
