//! The game master reshapes a finished proposal: select a room, choose the
//! entrance and the final room, move, resize, delete, draw and pin rooms,
//! "Evolve the rest" around the pinned rooms (a background job), and
//! undo or redo every one of these as whole-dungeon snapshots.
//!
//! Every edit arrives as a [`DungeonDesignCommand`] message, from the mouse
//! and keys (`input.rs`), the room panel and scripted runs alike.

use super::generator::{DungeonCommand, DungeonRun, DungeonRunState, Stage};
use crate::app::shell::StatusLine;
use crate::app::shell::jobs::{self, JobSlot, ScreenJob, panicked};
use crate::app::shell::undo::History;
use crate::dungeon::{self, Dungeon, DungeonEdit, DungeonParams, Room};
use crate::plugin::JobPanicked;
use crate::rng::derive_seed;
use bevy::prelude::*;
use std::time::Instant;

/// The dungeon being reshaped, its history and the room selected.
#[derive(Resource, Default)]
pub struct DungeonDesign {
    /// The edited dungeon (a copy of the shown proposal once finished).
    pub dungeon: Option<Dungeon>,
    /// The proposal it came from.
    pub proposal: Option<usize>,
    /// The parameters of the run (edits are checked against them).
    pub params: Option<DungeonParams>,
    /// The selected room's letter.
    pub selected: Option<char>,
    /// Dragging on empty rock draws a new room.
    pub draw_mode: bool,
    /// The last edit's outcome: what was done, or why it was refused.
    pub outcome: StatusLine,
    /// Edits applied since the proposal was shown (saved levels say so).
    pub edits: u32,
    /// The map must be redrawn.
    pub dirty: bool,
    history: History<Dungeon>,
    evolving: Option<Evolving>,
    evolve: JobSlot<EvolveOutcome>,
}

/// What "Evolve the rest" gives: the evolved dungeon, or why not.
pub type EvolveOutcome = Result<Dungeon, dungeon::DungeonError>;

/// "Evolve the rest" under way: for which proposal, since when.
struct Evolving {
    proposal: usize,
    started: Instant,
}

impl DungeonDesign {
    /// How many edits can be undone and redone.
    pub fn history(&self) -> (usize, usize) {
        self.history.depth()
    }

    /// Seconds "Evolve the rest" has been running, if it is.
    pub fn evolving(&self) -> Option<f32> {
        self.evolving
            .as_ref()
            .map(|e| e.started.elapsed().as_secs_f32())
    }

    /// Index of the selected room in the edited dungeon.
    pub fn selected_index(&self) -> Option<usize> {
        let (d, l) = (self.dungeon.as_ref()?, self.selected?);
        d.rooms.iter().position(|r| r.letter == l)
    }

    /// Start editing `d` (proposal `proposal`): history cleared.
    pub fn open(&mut self, d: Dungeon, proposal: usize, params: DungeonParams) {
        *self = DungeonDesign {
            dungeon: Some(d),
            proposal: Some(proposal),
            params: Some(params),
            draw_mode: self.draw_mode,
            dirty: true,
            ..DungeonDesign::default()
        };
    }

    /// Stop editing (a new run); a running evolve is abandoned.
    pub fn close(&mut self) {
        *self = DungeonDesign {
            draw_mode: self.draw_mode,
            dirty: true,
            ..DungeonDesign::default()
        };
    }

    /// Apply `cmd` now (the systems call this for each message); the
    /// outcome is kept in [`DungeonDesign::outcome`].
    pub fn apply(&mut self, cmd: &DungeonDesignCommand, seed: u64) {
        let (Some(d), Some(params)) = (self.dungeon.as_ref(), self.params.as_ref()) else {
            self.outcome = StatusLine::error("nothing to edit yet: wait for the proposals");
            return;
        };
        if self.evolving.is_some() && !matches!(cmd, DungeonDesignCommand::Select(_)) {
            self.outcome = StatusLine::error("wait: the rest is still evolving");
            return;
        }
        let letter_of = |l: char| d.rooms.iter().position(|r| r.letter == l);
        let mut next = d.clone();
        let done: Result<String, String> = match cmd {
            DungeonDesignCommand::Select(l) => {
                self.selected = l.filter(|&l| letter_of(l).is_some());
                self.outcome = StatusLine::from_result(match self.selected {
                    Some(l) => Ok(format!("room {l} selected")),
                    None => Ok("nothing selected".into()),
                });
                self.dirty = true;
                return;
            }
            DungeonDesignCommand::Entrance(l) | DungeonDesignCommand::Final(l) => {
                let (entrance, last) = (d.rooms[d.entrance].letter, d.rooms[d.final_room].letter);
                let (e, f, what) = match cmd {
                    DungeonDesignCommand::Entrance(_) => (*l, last, "entrance"),
                    _ => (entrance, *l, "final room"),
                };
                next.choose_ends(e, f, params)
                    .map(|()| format!("room {l} is the {what}"))
                    .map_err(|e| e.to_string())
            }
            DungeonDesignCommand::TogglePin(l) => match letter_of(*l) {
                Some(i) => {
                    let pinned = !d.rooms[i].pinned;
                    let edit = DungeonEdit::Pin { room: *l, pinned };
                    next.apply(&edit, params)
                        .map(|()| {
                            format!("room {l} {}", if pinned { "pinned" } else { "unpinned" })
                        })
                        .map_err(|e| e.to_string())
                }
                None => Err(format!("there is no room {l}")),
            },
            DungeonDesignCommand::Edit(edit) => next
                .apply(edit, params)
                .map(|()| describe(edit))
                .map_err(|e| e.to_string()),
            DungeonDesignCommand::EvolveRest => {
                let (d, params) = (d.clone(), params.clone());
                let seed = derive_seed(seed, 0xE0 + self.edits as u64);
                self.evolve.start("evolve the rest", move || {
                    dungeon::evolve_rest(&d, &params, seed)
                });
                self.evolving = Some(Evolving {
                    proposal: self.proposal.unwrap_or(0),
                    started: Instant::now(),
                });
                self.outcome = StatusLine::info("evolving the rest…");
                return;
            }
            DungeonDesignCommand::Undo => match self.history.undo(next) {
                Some(back) => {
                    self.show(back);
                    self.outcome = StatusLine::ok("undone");
                    return;
                }
                None => {
                    self.outcome = StatusLine::error("nothing to undo");
                    self.dirty = true;
                    return;
                }
            },
            DungeonDesignCommand::Redo => match self.history.redo(next) {
                Some(forward) => {
                    self.show(forward);
                    self.outcome = StatusLine::ok("redone");
                    return;
                }
                None => {
                    self.outcome = StatusLine::error("nothing to redo");
                    self.dirty = true;
                    return;
                }
            },
        };
        if done.is_ok() {
            self.commit(next);
        }
        self.outcome = StatusLine::from_result(done);
        self.dirty = true;
    }

    /// Keep the dungeon as it was for undo and show `next`.
    fn commit(&mut self, next: Dungeon) {
        if let Some(before) = self.dungeon.take() {
            self.history.record(before);
        }
        self.edits += 1;
        self.show(next);
    }

    /// Show `d` (the selection follows its letters).
    fn show(&mut self, d: Dungeon) {
        if self
            .selected
            .is_some_and(|l| !d.rooms.iter().any(|r| r.letter == l))
        {
            self.selected = None;
        }
        self.dungeon = Some(d);
        self.dirty = true;
    }
}

impl ScreenJob<EvolveOutcome> for DungeonDesign {
    fn slot(&mut self) -> &mut JobSlot<EvolveOutcome> {
        &mut self.evolve
    }

    /// Take in a finished "Evolve the rest".
    fn finished(&mut self, result: Result<EvolveOutcome, JobPanicked>) {
        let Some(e) = self.evolving.take() else {
            return;
        };
        let secs = e.started.elapsed().as_secs_f32();
        self.outcome = StatusLine::from_result(match result {
            Ok(Ok(d)) if Some(e.proposal) == self.proposal => {
                self.commit(d);
                Ok(format!("evolved the rest in {secs:.1} s"))
            }
            Ok(Ok(_)) => Err("another proposal is shown: the evolved one was dropped".into()),
            Ok(Err(err)) => Err(format!("cannot evolve the rest: {err}")),
            Err(why) => Err(panicked("evolving", &why)),
        });
        self.dirty = true;
    }
}

/// "room C moved to 12,4" etc.
fn describe(edit: &DungeonEdit) -> String {
    let rect = |r: &Room| format!("{},{} {}×{}", r.x, r.y, r.w, r.h);
    match edit {
        DungeonEdit::Move { room, x, y } => format!("room {room} moved to {x},{y}"),
        DungeonEdit::Resize { room, rect: r } => format!("room {room} resized to {}", rect(r)),
        DungeonEdit::Delete { room } => format!("room {room} deleted"),
        DungeonEdit::Add { rect: r } => format!("room added at {}", rect(r)),
        DungeonEdit::Pin { room, pinned } => {
            format!(
                "room {room} {}",
                if *pinned { "pinned" } else { "unpinned" }
            )
        }
    }
}

/// What the mouse, keys, panel and scripts ask of the edited dungeon.
#[derive(Message, Clone, Debug, PartialEq)]
pub enum DungeonDesignCommand {
    /// Select a room by letter (or none).
    Select(Option<char>),
    /// Make this room the entrance (contents and pacing re-run).
    Entrance(char),
    /// Make this room the final room (contents and pacing re-run).
    Final(char),
    /// Pin or unpin a room.
    TogglePin(char),
    /// Move, resize, delete, add or pin a room.
    Edit(DungeonEdit),
    /// Re-run the layout around the pinned rooms, then corridors and
    /// contents (on its own thread).
    EvolveRest,
    /// Undo the last edit.
    Undo,
    /// Redo the last undone edit.
    Redo,
}

/// Registers the design state (its systems are placed in the screen's
/// sets in `mod.rs`).
pub(super) fn plugin(app: &mut App) {
    app.init_resource::<DungeonDesign>()
        .add_message::<DungeonDesignCommand>();
    jobs::add::<DungeonDesign, EvolveOutcome>(app);
}

/// Open the shown proposal for editing once it is finished; write edits
/// back into a proposal when another one is shown; close on a new run.
pub(super) fn follow_run(
    mut runs: MessageReader<DungeonCommand>,
    mut run: ResMut<DungeonRun>,
    mut design: ResMut<DungeonDesign>,
) {
    let restarted = runs
        .read()
        .any(|c| matches!(c, DungeonCommand::Start | DungeonCommand::Reset));
    if restarted && design.dungeon.is_some() {
        design.close();
    }
    if run.state != DungeonRunState::Done {
        return;
    }
    let shown = run.selected;
    if design.proposal == Some(shown) && design.dungeon.is_some() {
        return;
    }
    // Keep the edits of the proposal left behind.
    if let (Some(old), Some(d)) = (design.proposal, design.dungeon.take())
        && let Some(p) = run.proposals.get_mut(old)
    {
        p.stage = Stage::Done(Box::new(d));
    }
    let (Some(d), Some(params)) = (
        run.shown().and_then(|p| p.dungeon()).cloned(),
        run.params.clone(),
    ) else {
        return;
    };
    design.open(d, shown, params);
    run.dirty = true;
}

pub(super) fn apply_design(
    mut messages: MessageReader<DungeonDesignCommand>,
    mut design: ResMut<DungeonDesign>,
    run: Res<DungeonRun>,
) {
    for cmd in messages.read() {
        design.apply(cmd, run.seed);
    }
}
