//! Scripted game-master runs (`evoboard app --game dungeon --run --edit
//! "STEPS"`): each step sends the same [`DungeonDesignCommand`] the mouse,
//! keys and panel send. The script waits for the run, for "Evolve the
//! rest" and for exports, holds the screenshot until it is done, and
//! prints one line per step (`edit: move C 20,4 → ok: room C moved to
//! 20,4`).

use super::design::{DungeonDesign, DungeonDesignCommand};
use super::export::{DungeonExport, DungeonFormat};
use super::generator::{DungeonRun, DungeonRunState};
use crate::app::shell::StatusKind;
use crate::app::shell::export_job::write_new;
use crate::app::shell::scripted::{ScriptArgs, ScriptReport};
use crate::dungeon::{DungeonEdit, Room};
use crate::level::Level;
use bevy::prelude::*;
use std::collections::VecDeque;
use std::path::PathBuf;

/// One step of a game-master script.
#[derive(Clone, Debug, PartialEq)]
pub enum GmStep {
    /// Wait for the run, an evolve or an export.
    Wait,
    /// Select a room.
    Select(char),
    /// Make a room the entrance.
    Entrance(char),
    /// Make a room the final room.
    Final(char),
    /// Pin or unpin a room.
    Pin(char),
    /// Move, resize, delete or add a room.
    Edit(DungeonEdit),
    /// Evolve the rest (the next step waits for it).
    Evolve,
    /// Undo.
    Undo,
    /// Redo.
    Redo,
    /// Save the edited dungeon as a level (never overwriting).
    Save(PathBuf),
    /// Export as `FORMAT` to `PATH` plus the format's ending.
    Export(DungeonFormat, PathBuf),
}

const ALLOWED: &str = "allowed: wait, select L, entrance L, final L, pin L, move L X,Y, \
     resize L X,Y,W,H, delete L, add X,Y,W,H, evolve, undo, redo, save PATH, \
     export png|svg|vtt|key PATH";

/// Parse `STEP; STEP; …`; the error names the step and what is allowed.
pub fn parse_steps(text: &str) -> Result<Vec<GmStep>, String> {
    text.split(';')
        .map(str::trim)
        .filter(|s| !s.is_empty())
        .map(parse_step)
        .collect()
}

fn parse_step(step: &str) -> Result<GmStep, String> {
    let words: Vec<&str> = step.split_whitespace().collect();
    let letter = |w: &str| -> Result<char, String> {
        let mut c = w.chars();
        match (c.next(), c.next()) {
            (Some(l), None) if l.is_ascii_alphabetic() => Ok(l.to_ascii_uppercase()),
            _ => Err(format!(
                "'{w}' in '{step}' is not a room letter: write A to Z"
            )),
        }
    };
    let numbers = |w: &str, n: usize| -> Result<Vec<u16>, String> {
        let v: Vec<u16> = w
            .split(',')
            .map(|v| v.trim().parse::<u16>())
            .collect::<Result<_, _>>()
            .map_err(|_| format!("'{w}' in '{step}': write {n} numbers separated by commas"))?;
        if v.len() == n {
            Ok(v)
        } else {
            Err(format!(
                "'{w}' in '{step}': write {n} numbers separated by commas"
            ))
        }
    };
    let rect = |w: &str| -> Result<Room, String> {
        let v = numbers(w, 4)?;
        Ok(Room {
            x: v[0],
            y: v[1],
            w: v[2],
            h: v[3],
        })
    };
    Ok(match (words.first().copied().unwrap_or(""), words.len()) {
        ("wait", 1) => GmStep::Wait,
        ("select", 2) => GmStep::Select(letter(words[1])?),
        ("entrance", 2) => GmStep::Entrance(letter(words[1])?),
        ("final", 2) => GmStep::Final(letter(words[1])?),
        ("pin", 2) => GmStep::Pin(letter(words[1])?),
        ("move", 3) => {
            let v = numbers(words[2], 2)?;
            GmStep::Edit(DungeonEdit::Move {
                room: letter(words[1])?,
                x: v[0],
                y: v[1],
            })
        }
        ("resize", 3) => GmStep::Edit(DungeonEdit::Resize {
            room: letter(words[1])?,
            rect: rect(words[2])?,
        }),
        ("delete", 2) => GmStep::Edit(DungeonEdit::Delete {
            room: letter(words[1])?,
        }),
        ("add", 2) => GmStep::Edit(DungeonEdit::Add {
            rect: rect(words[1])?,
        }),
        ("evolve", 1) => GmStep::Evolve,
        ("undo", 1) => GmStep::Undo,
        ("redo", 1) => GmStep::Redo,
        ("save", 2) => GmStep::Save(PathBuf::from(words[1])),
        ("export", 3) => GmStep::Export(
            DungeonFormat::parse(words[1]).map_err(|e| format!("'{step}': {e}"))?,
            PathBuf::from(words[2]),
        ),
        _ => return Err(format!("unknown dungeon step '{step}'; {ALLOWED}")),
    })
}

/// The steps still to play, and whether the end is still to be reported.
#[derive(Resource, Default)]
pub(super) struct GmScript(VecDeque<GmStep>, bool);

/// Registers scripted game-master runs.
pub(super) fn plugin(app: &mut App) {
    app.init_resource::<GmScript>()
        .add_systems(Startup, load_script);
}

fn load_script(args: Option<Res<ScriptArgs>>, mut script: ResMut<GmScript>) {
    let Some(text) = args
        .as_ref()
        .filter(|a| a.0.opens(crate::app::Game::Dungeon))
        .and_then(|a| a.0.edit.as_ref())
    else {
        return;
    };
    match parse_steps(text) {
        Ok(steps) => {
            script.1 = !steps.is_empty();
            script.0 = steps.into();
        }
        Err(e) => error!("{e}"),
    }
}

/// Play the next step once nothing is running.
#[allow(clippy::too_many_arguments)]
pub(super) fn play_script(
    mut script: ResMut<GmScript>,
    design: Res<DungeonDesign>,
    run: Res<DungeonRun>,
    mut exports: ResMut<DungeonExport>,
    report: Option<ResMut<ScriptReport>>,
    mut out: MessageWriter<DungeonDesignCommand>,
    mut last: Local<Option<(String, bool)>>,
) {
    if let Some(mut r) = report {
        let busy = !script.0.is_empty() || last.is_some() || script.1;
        r.bypass_change_detection().busy = busy;
    }
    let ready = run.state == DungeonRunState::Done && design.dungeon.is_some();
    if !ready || design.evolving().is_some() || exports.0.busy() {
        return;
    }
    if let Some((step, export)) = last.take() {
        let said = if export {
            let m = exports.0.message.take();
            match m.kind() {
                Some(StatusKind::Error) => format!("failed: {m}"),
                Some(_) => format!("ok: {m}"),
                None => "ok".into(),
            }
        } else {
            let m = &design.outcome;
            match m.kind() {
                Some(StatusKind::Error) => format!("refused: {m}"),
                Some(_) => format!("ok: {m}"),
                None => "ok".into(),
            }
        };
        crate::app::shell::scripted::say(format_args!("edit: {step} → {said}"));
    }
    if script.0.is_empty() && last.is_none() && script.1 {
        script.1 = false;
        if let Some(d) = &design.dungeon {
            crate::app::shell::scripted::say(format_args!(
                "edit script done: {} rooms, entrance {}, final room {}, {} edits",
                d.rooms.len(),
                d.rooms[d.entrance].letter,
                d.rooms[d.final_room].letter,
                design.edits
            ));
        }
    }
    let Some(step) = script.0.pop_front() else {
        return;
    };
    let Some(d) = &design.dungeon else { return };
    let cmd = match &step {
        GmStep::Wait => None,
        GmStep::Select(l) => Some(DungeonDesignCommand::Select(Some(*l))),
        GmStep::Entrance(l) => Some(DungeonDesignCommand::Entrance(*l)),
        GmStep::Final(l) => Some(DungeonDesignCommand::Final(*l)),
        GmStep::Pin(l) => Some(DungeonDesignCommand::TogglePin(*l)),
        GmStep::Edit(e) => Some(DungeonDesignCommand::Edit(*e)),
        GmStep::Evolve => Some(DungeonDesignCommand::EvolveRest),
        GmStep::Undo => Some(DungeonDesignCommand::Undo),
        GmStep::Redo => Some(DungeonDesignCommand::Redo),
        GmStep::Save(path) => {
            let path = crate::level::level_path(path);
            let name = Level::name_for(&path);
            let params = design.params.clone();
            let written = params
                .ok_or_else(|| "nothing to save yet".to_string())
                .and_then(|p| {
                    let level = Level::dungeon(&name, d, &p);
                    write_new(&path, level.to_ron().as_bytes())
                });
            match written {
                Ok(()) => crate::app::shell::scripted::say(format_args!(
                    "edit: save: saved {}",
                    path.display()
                )),
                Err(e) => crate::app::shell::scripted::say(format_args!("edit: save: {e}")),
            }
            None
        }
        GmStep::Export(format, path) => {
            exports.start(d, *format, path);
            None
        }
    };
    let label = step_label(&step);
    match cmd {
        Some(c) => {
            out.write(c);
            *last = Some((label, false));
        }
        // An export says how it went once written.
        None if matches!(step, GmStep::Export(..)) => *last = Some((label, true)),
        None => crate::app::shell::scripted::say(format_args!("edit: {label} → ok")),
    }
}

/// The step as written (`move C 20,4`).
fn step_label(step: &GmStep) -> String {
    match step {
        GmStep::Wait => "wait".into(),
        GmStep::Select(l) => format!("select {l}"),
        GmStep::Entrance(l) => format!("entrance {l}"),
        GmStep::Final(l) => format!("final {l}"),
        GmStep::Pin(l) => format!("pin {l}"),
        GmStep::Edit(DungeonEdit::Move { room, x, y }) => format!("move {room} {x},{y}"),
        GmStep::Edit(DungeonEdit::Resize { room, rect: r }) => {
            format!("resize {room} {},{},{},{}", r.x, r.y, r.w, r.h)
        }
        GmStep::Edit(DungeonEdit::Delete { room }) => format!("delete {room}"),
        GmStep::Edit(DungeonEdit::Add { rect: r }) => {
            format!("add {},{},{},{}", r.x, r.y, r.w, r.h)
        }
        GmStep::Edit(DungeonEdit::Pin { room, .. }) => format!("pin {room}"),
        GmStep::Evolve => "evolve".into(),
        GmStep::Undo => "undo".into(),
        GmStep::Redo => "redo".into(),
        GmStep::Save(p) => format!("save {}", p.display()),
        GmStep::Export(f, p) => format!("export {} {}", f.name(), p.display()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn steps_parse_and_bad_ones_say_what_is_allowed() {
        let steps = parse_steps(
            "wait; entrance b; final A; move C 20,4; resize D 3,4,5,6; add 1,2,3,4; \
             delete E; pin F; evolve; wait; undo; redo; save out/x; export vtt out/x",
        )
        .unwrap();
        assert_eq!(steps.len(), 14);
        assert_eq!(steps[1], GmStep::Entrance('B'));
        assert_eq!(
            steps[3],
            GmStep::Edit(DungeonEdit::Move {
                room: 'C',
                x: 20,
                y: 4
            })
        );
        assert_eq!(
            steps[13],
            GmStep::Export(DungeonFormat::Vtt, PathBuf::from("out/x"))
        );
        let e = parse_steps("move C 20").unwrap_err();
        assert!(e.contains("2 numbers"), "{e}");
        let e = parse_steps("entrance 7").unwrap_err();
        assert!(e.contains("A to Z"), "{e}");
        let e = parse_steps("export pdf x").unwrap_err();
        assert!(e.contains("png, svg, vtt, key"), "{e}");
        let e = parse_steps("paint it").unwrap_err();
        assert!(e.contains("allowed: wait"), "{e}");
    }
}
