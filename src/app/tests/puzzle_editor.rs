//! The puzzle editor: headless ECS tests of Edit mode (cells set by
//! requests, the live count, Make unique, saving, Play this) and a
//! scripted `--edit` run of the real binary under Xvfb.

use super::common::{headless, temp_dir, update_until};
use super::shared::{GIVENS, check_level};
use crate::app::Screen;
use crate::app::puzzle::{self, EditorRequest, PuzzleEditor, PuzzleGame, editor};
use bevy::prelude::*;
use evoboard_core::puzzle::Square;
use std::path::Path;

fn editor_app(root: &Path) -> App {
    let mut app = headless(root);
    app.init_state::<Screen>();
    app.init_resource::<ButtonInput<KeyCode>>();
    app.add_plugins(puzzle::logic_plugin);
    app.world_mut()
        .resource_mut::<NextState<Screen>>()
        .set(Screen::Puzzle);
    app
}

fn ed(app: &App) -> &PuzzleEditor {
    app.world().resource::<PuzzleEditor>()
}

/// Send a request and update until the editor is idle with a current
/// status.
fn request(app: &mut App, r: EditorRequest) {
    app.world_mut().write_message(r);
    app.update();
    let idle = update_until(app, 100_000, |app| {
        !ed(app).is_busy() && ed(app).current_status().is_some()
    });
    assert!(idle, "the editor did not settle");
}

#[test]
fn edit_make_unique_save_and_play() {
    let root = temp_dir("puzzle-editor");
    let mut app = editor_app(&root);
    request(&mut app, EditorRequest::Open(true));
    request(&mut app, EditorRequest::New(6, 6));
    // An empty 6×6 board: several solutions.
    assert_eq!(ed(&app).current_status().unwrap().solutions, Some(2));
    for &(r, c, v) in &GIVENS {
        request(&mut app, EditorRequest::Set(r, c, v));
    }
    // Cycling: empty → X → O → blocked → empty.
    for want in [Square::X, Square::O, Square::Blocked, Square::Empty] {
        request(&mut app, EditorRequest::Cycle(5, 5));
        assert_eq!(ed(&app).draft.get(5, 5), Some(want));
    }
    let st = ed(&app).current_status().unwrap();
    assert_eq!(st.solutions_text(), "solutions: several");
    assert_eq!(st.grade_text(), "unsolvable by deductions");
    request(&mut app, EditorRequest::MakeUnique);
    let st = ed(&app).current_status().unwrap().clone();
    assert_eq!(st.solutions_text(), "solutions: 1");
    assert!(st.puzzle.is_some());
    let (u, _) = ed(&app).last_unique.clone().unwrap();
    assert!(!u.added.is_empty());

    // Saved once; a second save under the same name does not overwrite.
    let dir = root.join("levels");
    let mut e = app.world_mut().resource_mut::<PuzzleEditor>();
    let line = editor::save_now(&mut e, "mine", &dir);
    assert!(line.contains("saved"), "{line}");
    let line = editor::save_now(&mut e, "mine", &dir);
    assert!(line.contains("not overwritten"), "{line}");
    check_level(&dir.join("mine.level.ron"), &GIVENS);

    // A contradiction shows as none.
    let kept: Vec<Square> = (0..3).map(|c| ed(&app).draft.get(4, c).unwrap()).collect();
    request(&mut app, EditorRequest::Set(4, 0, Square::O));
    request(&mut app, EditorRequest::Set(4, 1, Square::O));
    request(&mut app, EditorRequest::Set(4, 2, Square::O));
    assert_eq!(ed(&app).current_status().unwrap().solutions, Some(0));
    assert_eq!(ed(&app).current_status().unwrap().rule_breaks, 1);
    request(&mut app, EditorRequest::MakeUnique);
    assert!(ed(&app).error.is_error());
    let err = ed(&app).error.text().unwrap().to_string();
    assert!(err.contains("no solution"), "{err}");
    for (c, &v) in kept.iter().enumerate() {
        request(&mut app, EditorRequest::Set(4, c, v));
    }
    assert_eq!(ed(&app).current_status().unwrap().solutions, Some(1));

    // Play this: the Play side gets the same cells.
    request(&mut app, EditorRequest::Play);
    app.update();
    assert!(!ed(&app).active);
    let game = app.world().resource::<PuzzleGame>();
    let play = game.play.as_ref().unwrap();
    assert_eq!(
        play.puzzle().cells_board().unwrap(),
        *ed(&app).draft.board()
    );
    assert_eq!(game.title, "level made by hand");
}

#[test]
fn the_editor_undoes_and_redoes_an_edit() {
    let root = temp_dir("puzzle-editor-undo");
    let mut app = editor_app(&root);
    request(&mut app, EditorRequest::Open(true));
    request(&mut app, EditorRequest::New(6, 6));
    let empty = ed(&app).draft.clone();
    request(&mut app, EditorRequest::Set(1, 2, Square::X));
    request(&mut app, EditorRequest::Cycle(3, 3));
    let edited = ed(&app).draft.clone();
    assert_eq!(edited.get(1, 2), Some(Square::X));
    assert_eq!(edited.get(3, 3), Some(Square::X));
    assert_eq!(ed(&app).history.depth(), (3, 0));

    // Undo walks back edit by edit; the status follows the draft.
    request(&mut app, EditorRequest::Undo);
    assert_eq!(ed(&app).draft.get(3, 3), Some(Square::Empty));
    assert_eq!(ed(&app).draft.get(1, 2), Some(Square::X));
    request(&mut app, EditorRequest::Undo);
    assert_eq!(ed(&app).draft, empty);
    assert_eq!(ed(&app).current_status().unwrap().solutions, Some(2));
    assert_eq!(ed(&app).history.depth(), (1, 2));

    // Redo restores both edits.
    request(&mut app, EditorRequest::Redo);
    request(&mut app, EditorRequest::Redo);
    assert_eq!(ed(&app).draft, edited);
    request(&mut app, EditorRequest::Redo);
    assert!(ed(&app).error.is_error(), "nothing more to redo");
    assert_eq!(ed(&app).draft, edited);

    // A new edit after an undo forgets what could be redone.
    request(&mut app, EditorRequest::Undo);
    request(&mut app, EditorRequest::Set(0, 0, Square::O));
    assert_eq!(ed(&app).history.depth().1, 0);
    assert_eq!(ed(&app).draft.get(3, 3), Some(Square::Empty));

    // The keys: Ctrl+Z undoes in Edit mode.
    let before = ed(&app).draft.clone();
    {
        let mut keys = app.world_mut().resource_mut::<ButtonInput<KeyCode>>();
        keys.press(KeyCode::ControlLeft);
        keys.press(KeyCode::KeyZ);
    }
    app.update();
    {
        let mut keys = app.world_mut().resource_mut::<ButtonInput<KeyCode>>();
        keys.release(KeyCode::KeyZ);
        keys.release(KeyCode::ControlLeft);
        keys.clear();
    }
    assert!(update_until(&mut app, 100_000, |app| !ed(app).is_busy()
        && ed(app).current_status().is_some()));
    assert_ne!(ed(&app).draft, before);
    assert_eq!(ed(&app).draft.get(0, 0), Some(Square::Empty));
    std::fs::remove_dir_all(&root).unwrap();
}
