//! The game master on the dungeon screen: edits sent as commands through
//! the ECS (ends, moves, pins, refused edits, undo and redo of exact
//! snapshots, "Evolve the rest" off the main thread), and a scripted run of
//! the real app under Xvfb that chooses the ends, moves a room, evolves the
//! rest, saves and exports.

use super::common::*;
use super::shared::valid_move;
use crate::app::Screen;
use crate::app::dungeon::{
    DungeonCommand, DungeonDesign, DungeonDesignCommand as Cmd, DungeonRun, DungeonRunState,
    DungeonSettings, logic_plugin,
};
use crate::app::shell::StatusLine;
use bevy::prelude::*;
use evoboard_core::dungeon::{Dungeon, DungeonEdit, Size};

fn design(app: &App) -> &DungeonDesign {
    app.world().resource::<DungeonDesign>()
}

fn shown(app: &App) -> Dungeon {
    design(app).dungeon.clone().unwrap()
}

fn send(app: &mut App, cmd: Cmd) {
    app.world_mut().write_message(cmd);
    app.update();
}

#[test]
fn commands_edit_the_dungeon_and_undo_and_redo_restore_exact_snapshots() {
    let root = temp_dir("dungeon-gm");
    let mut app = headless_on(&root, Screen::Dungeon);
    app.add_plugins(logic_plugin);
    let mut s = DungeonSettings::default();
    s.set_size(Size::Small);
    s.seed = 5;
    s.steps_per_second = 0.0;
    let params = s.params.clone();
    app.insert_resource(s);
    app.world_mut().write_message(DungeonCommand::Start);
    assert!(update_until(&mut app, 2_000, |a| {
        a.world().resource::<DungeonRun>().state == DungeonRunState::Done
            && design(a).dungeon.is_some()
    }));
    let run = app.world().resource::<DungeonRun>();
    let proposal = run.shown().unwrap().dungeon().unwrap().clone();
    let first = shown(&app);
    assert_eq!(first, proposal, "the shown proposal opens for editing");

    // Ends: the core's choose_ends, through a command.
    let (e, f) = ('B', 'A');
    send(&mut app, Cmd::Entrance(e));
    send(&mut app, Cmd::Final(f));
    let ends = shown(&app);
    assert_eq!(ends.rooms[ends.entrance].letter, e);
    assert_eq!(ends.rooms[ends.final_room].letter, f);
    assert!(!ends.pacing.main_path.is_empty(), "pacing re-ran");

    // A move the core accepts, then a refused one that changes nothing.
    let (x, y) = valid_move(&ends, 'C', &params);
    send(&mut app, Cmd::Edit(DungeonEdit::Move { room: 'C', x, y }));
    let moved = shown(&app);
    let c = moved.room('C').unwrap();
    assert_eq!((c.x, c.y), (x, y));
    assert!(design(&app).outcome.is_ok());
    let history = design(&app).history();
    let a = moved.room('A').unwrap().rect();
    send(&mut app, Cmd::Edit(DungeonEdit::Add { rect: a }));
    assert_eq!(shown(&app), moved, "a refused edit changes nothing");
    assert_eq!(design(&app).history(), history, "nor the history");
    assert!(design(&app).outcome.is_error());

    // Pin, select, delete.
    send(&mut app, Cmd::TogglePin('C'));
    assert!(shown(&app).room('C').unwrap().pinned);
    let pinned = shown(&app);
    send(&mut app, Cmd::Select(Some('D')));
    assert_eq!(design(&app).selected, Some('D'));
    send(&mut app, Cmd::Edit(DungeonEdit::Delete { room: 'D' }));
    let deleted = shown(&app);
    assert!(deleted.room('D').is_none());
    assert_eq!(
        design(&app).selected,
        None,
        "the deleted room is deselected"
    );
    assert_eq!(deleted.rooms.len() + 1, pinned.rooms.len());

    // Undo walks back through exact snapshots; redo walks forward.
    let snapshots = [&pinned, &moved, &ends];
    for want in snapshots {
        send(&mut app, Cmd::Undo);
        assert_eq!(&shown(&app), want);
    }
    send(&mut app, Cmd::Undo);
    send(&mut app, Cmd::Undo);
    assert_eq!(shown(&app), first, "back to the proposal");
    send(&mut app, Cmd::Undo);
    assert_eq!(shown(&app), first, "nothing more to undo");
    assert!(design(&app).outcome.is_error());
    for _ in 0..5 {
        send(&mut app, Cmd::Redo);
    }
    assert_eq!(shown(&app), deleted, "redo restores every edit");

    // Evolve the rest off the main thread: the pinned room stays, undo
    // restores the dungeon as it was.
    // Both commands in one frame: the evolve has just started on its
    // thread (it may end any frame after this one), so the undo must wait.
    app.world_mut().write_message(Cmd::EvolveRest);
    app.world_mut().write_message(Cmd::Undo);
    app.update();
    assert_eq!(
        &design(&app).outcome,
        &StatusLine::error("wait: the rest is still evolving"),
        "edits wait for the evolve"
    );
    assert!(update_until(&mut app, 100_000, |a| design(a)
        .evolving()
        .is_none()));
    let evolved = shown(&app);
    assert!(design(&app).outcome.is_ok(), "{:?}", design(&app).outcome);
    assert_eq!(
        evolved.room('C').unwrap().rect(),
        deleted.room('C').unwrap().rect(),
        "the pinned room stays"
    );
    assert_ne!(evolved, deleted);
    send(&mut app, Cmd::Undo);
    assert_eq!(shown(&app), deleted);
    send(&mut app, Cmd::Redo);
    assert_eq!(shown(&app), evolved);

    // A new run closes the design.
    app.world_mut().write_message(DungeonCommand::Reset);
    app.update();
    assert!(design(&app).dungeon.is_none());
    std::fs::remove_dir_all(&root).unwrap();
}
