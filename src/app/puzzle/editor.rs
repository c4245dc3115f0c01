//! The Puzzle screen's Edit mode: a [`PuzzleDraft`] edited by hand, its
//! live status (solutions: none / one / several, the grade) counted by a
//! background job after every edit (a newer edit cancels an older count),
//! "Make unique" as another job, "Play this", and the scripted `--edit`
//! steps.

use super::{PuzzleLevels, PuzzleRequest};
use crate::app::shell::StatusLine;
use crate::app::shell::jobs::{self, JobSlot, ScreenJob, panicked};
use crate::app::shell::save_box::{SaveBox, levels_dir};
use crate::app::shell::scripted::ScriptArgs;
use crate::app::shell::undo::History;
use crate::level::hand_level;
use crate::plugin::JobPanicked;
use crate::puzzle::{
    EditStep, Puzzle, PuzzleDraft, PuzzleError, RuleSet, Solutions, Square, Technique, Uniqueness,
    parse_size, parse_steps, techniques_used,
};
use bevy::prelude::*;
use std::collections::VecDeque;
use std::path::Path;
use std::time::{Duration, Instant};

/// One request to the editor (from the panels, a click or a script).
#[derive(Message, Clone, Debug, PartialEq)]
pub enum EditorRequest {
    /// Switch to Edit mode (`true`) or back to Play (`false`).
    Open(bool),
    /// Put a given, a blocked cell or nothing at (row, column).
    Set(usize, usize, Square),
    /// Cycle a cell empty → X → O → blocked → empty.
    Cycle(usize, usize),
    /// A new empty draft of this size (4..=20 a side).
    New(usize, usize),
    /// Change the size, keeping the cells that fit.
    Resize(usize, usize),
    /// Edit the puzzle being played (its givens and blocked cells).
    FromPuzzle(Box<Puzzle>),
    /// Add the fewest givens that leave one solution (in the background).
    MakeUnique,
    /// Play the draft (it must have exactly one solution).
    Play,
    /// Undo the last edit of the draft.
    Undo,
    /// Redo the last undone edit.
    Redo,
    /// Check the draft under another rule set (no three in a row, or
    /// Takuzu); the cells stay.
    Rules(RuleSet),
}

/// What the editor shows about the draft, counted after each edit.
#[derive(Clone, Debug, PartialEq)]
pub struct DraftStatus {
    /// 0, 1 or 2 (two or more) solutions; `None`: the count ran out of
    /// nodes ([`crate::puzzle::STATUS_NODES`]).
    pub solutions: Option<u8>,
    /// The deduction level a person needs; `None`: not solvable by
    /// deductions (or not one solution).
    pub level: Option<u8>,
    /// The grade by technique and the techniques a solver uses (one
    /// solution only); `None`: beyond grade 3.
    pub grade: Option<u8>,
    /// The techniques the grader used, simplest first.
    pub techniques: Vec<Technique>,
    /// Rule breaks among the givens: three-in-a-rows, and under Takuzu
    /// lines over their half.
    pub rule_breaks: usize,
    /// The puzzle, when there is exactly one solution.
    pub puzzle: Option<Puzzle>,
    /// How long counting and grading took.
    pub took: Duration,
}

impl DraftStatus {
    /// "solutions: 1" / "solutions: several" / "solutions: none" (or
    /// unknown).
    pub fn solutions_text(&self) -> &'static str {
        match self.solutions {
            Some(0) => "solutions: none",
            Some(1) => "solutions: 1",
            Some(_) => "solutions: several",
            None => "solutions: unknown (too many open cells to count quickly)",
        }
    }

    /// "grade 2 (pairs, gaps, look-ahead) · level 3", or "unsolvable by
    /// deductions".
    pub fn grade_text(&self) -> String {
        let names: Vec<&str> = self.techniques.iter().map(|t| t.name()).collect();
        match (self.grade, self.level) {
            (Some(g), l) => format!(
                "grade {g} ({}){}",
                names.join(", "),
                l.map_or(String::new(), |l| format!(" · level {l}"))
            ),
            (None, Some(l)) => format!("beyond grade 3 · level {l}"),
            (None, None) => "unsolvable by deductions".to_string(),
        }
    }
}

/// A count's outcome: the draft version it is for and the status.
pub type StatusOutcome = (u64, DraftStatus);
/// A "Make unique" outcome: the draft version it started from, the draft
/// with its givens added (or why not) and how long it took.
pub type UniqueOutcome = (
    u64,
    Result<(PuzzleDraft, Uniqueness), PuzzleError>,
    Duration,
);

/// The editor's state.
#[derive(Resource)]
pub struct PuzzleEditor {
    /// Edit mode is on.
    pub active: bool,
    /// The draft.
    pub draft: PuzzleDraft,
    /// Bumped by every edit; the status belongs to one version.
    pub version: u64,
    /// The status of `status_version`.
    pub status: Option<DraftStatus>,
    /// The draft version the status was counted for.
    pub status_version: u64,
    /// The seed "Make unique" uses (recorded in the saved level).
    pub seed: u64,
    /// The last "Make unique": givens added, whether proven fewest, time.
    pub last_unique: Option<(Uniqueness, Duration)>,
    /// The last error (no solution for Make unique, Play refused).
    pub error: StatusLine,
    /// The click tool: `None` cycles, `Some(s)` paints `s`.
    pub palette: Option<Square>,
    /// The save box.
    pub save: SaveBox,
    /// The drafts before each edit, for undo and redo.
    pub history: History<PuzzleDraft>,
    status_task: JobSlot<StatusOutcome>,
    /// The version being counted.
    counting: Option<u64>,
    unique_task: JobSlot<UniqueOutcome>,
    steps: VecDeque<EditStep>,
}

impl Default for PuzzleEditor {
    fn default() -> Self {
        PuzzleEditor {
            active: false,
            draft: PuzzleDraft::new(8, 8).expect("8 × 8 is an allowed size"),
            version: 1,
            status: None,
            status_version: 0,
            seed: 1,
            last_unique: None,
            error: StatusLine::default(),
            palette: None,
            save: SaveBox::default(),
            history: History::default(),
            status_task: JobSlot::default(),
            counting: None,
            unique_task: JobSlot::default(),
            steps: VecDeque::new(),
        }
    }
}

impl PuzzleEditor {
    /// The status, when it is the current draft's.
    pub fn current_status(&self) -> Option<&DraftStatus> {
        self.status
            .as_ref()
            .filter(|_| self.status_version == self.version)
    }

    /// True while a count or Make unique runs.
    pub fn is_busy(&self) -> bool {
        self.status_task.busy() || self.unique_task.busy()
    }

    /// True while Make unique runs.
    pub fn making_unique(&self) -> bool {
        self.unique_task.busy()
    }

    /// Scripted steps still to run.
    pub fn steps_left(&self) -> usize {
        self.steps.len()
    }

    fn edited(&mut self) {
        self.version += 1;
        self.error.clear();
    }

    /// Put `draft` in place of the current one, keeping the current one
    /// for undo.
    fn replace(&mut self, draft: PuzzleDraft) {
        let before = std::mem::replace(&mut self.draft, draft);
        self.history.record(before);
        self.edited();
    }

    /// Undo (`back`) or redo the last edit, saying so when there is none.
    fn step_history(&mut self, back: bool) {
        let current = self.draft.clone();
        let restored = if back {
            self.history.undo(current)
        } else {
            self.history.redo(current)
        };
        match restored {
            Some(d) => {
                self.draft = d;
                self.edited();
            }
            None if back => self.error = StatusLine::error("nothing to undo"),
            None => self.error = StatusLine::error("nothing to redo"),
        }
    }

    /// Change the draft with `edit`; kept for undo when it succeeds (and
    /// changes something), the error shown when it fails.
    fn try_edit(&mut self, edit: impl FnOnce(&mut PuzzleDraft) -> Result<(), PuzzleError>) {
        let mut next = self.draft.clone();
        match edit(&mut next) {
            Ok(()) if next == self.draft => self.edited(),
            Ok(()) => self.replace(next),
            Err(err) => self.error = StatusLine::error(err.to_string()),
        }
    }
}

/// Count and grade a draft (what the status task runs).
pub fn status_of(draft: &PuzzleDraft, seed: u64) -> DraftStatus {
    let t = Instant::now();
    let sol = draft.solutions();
    let puzzle = match sol {
        Solutions::One(_) => draft.to_puzzle(seed).ok(),
        _ => None,
    };
    let one = puzzle.is_some();
    DraftStatus {
        solutions: sol.count(),
        level: puzzle.as_ref().and_then(|p| p.level),
        grade: if one { draft.technique_grade() } else { None },
        techniques: if one {
            techniques_used(draft.board())
        } else {
            Vec::new()
        },
        rule_breaks: crate::puzzle::rule_breaks(draft.board()).len()
            + crate::puzzle::line_breaks(draft.board()).len(),
        puzzle,
        took: t.elapsed(),
    }
}

/// Registers the editor's message and state (its systems are placed in
/// the screen's sets in `mod.rs`).
pub fn plugin(app: &mut App) {
    app.add_message::<EditorRequest>()
        .init_resource::<PuzzleEditor>();
}

/// `--edit`: open the editor at `--size` with the steps queued.
pub(super) fn script_on_enter(args: Option<Res<ScriptArgs>>, mut editor: ResMut<PuzzleEditor>) {
    let Some(a) = args.as_deref().map(|a| &a.0) else {
        return;
    };
    let Some(steps) = a.edit.as_deref() else {
        return;
    };
    if editor.steps_left() > 0 || editor.active {
        return;
    }
    editor.active = true;
    if let Some((w, h)) = a.size.as_deref().and_then(|s| parse_size(s).ok())
        && let Ok(d) = PuzzleDraft::new(w, h)
    {
        editor.draft = d;
        editor.edited();
    }
    if let Some(seed) = a.seed {
        editor.seed = seed;
    }
    editor.steps = parse_steps(steps).unwrap_or_default().into();
}

/// One scripted step per frame, when the editor is idle and its status
/// is current.
pub(super) fn run_script(
    mut editor: ResMut<PuzzleEditor>,
    mut levels: ResMut<PuzzleLevels>,
    mut out: MessageWriter<EditorRequest>,
) {
    if editor.steps.is_empty() || editor.is_busy() || editor.current_status().is_none() {
        return;
    }
    let Some(step) = editor.steps.pop_front() else {
        return;
    };
    match step {
        EditStep::Set(r, c, s) => {
            out.write(EditorRequest::Set(r, c, s));
        }
        EditStep::MakeUnique => {
            out.write(EditorRequest::MakeUnique);
        }
        EditStep::Play => {
            out.write(EditorRequest::Play);
        }
        EditStep::Save(name) => {
            let line = save_now(&mut editor, &name, &levels_dir());
            crate::app::shell::scripted::say(format_args!("{line}"));
            levels.refresh(Path::new(crate::app::shell::library::LEVELS_DIR));
        }
    }
}

/// Save the draft as level `name` in `dir` the way the save box does
/// (atomic, never over an existing file); the report line.
pub fn save_now(editor: &mut PuzzleEditor, name: &str, dir: &Path) -> String {
    let Some(status) = editor.current_status().cloned() else {
        return "puzzle editor: not saved: still counting".into();
    };
    let head = format!(
        "puzzle editor: {}; {}; {} givens",
        status.solutions_text(),
        status.grade_text(),
        editor.draft.givens()
    );
    let Some(p) = status.puzzle else {
        let why = if status.solutions == Some(0) {
            PuzzleError::NoSolution {
                rule_breaks: status.rule_breaks,
            }
        } else {
            PuzzleError::NotUnique
        };
        return format!("{head}; not saved: {why}");
    };
    editor.save.name = name.to_string();
    match editor.save.request(dir) {
        Ok(Some(path)) => {
            editor.save.write(&path, &hand_level(name, &p), false);
        }
        Ok(None) => {
            editor.save.confirm_overwrite = None;
            editor.save.message = StatusLine::error(format!("{name} exists; not overwritten"));
        }
        Err(e) => editor.save.message = StatusLine::error(e),
    }
    let msg = editor.save.message.to_string();
    format!("{head}; {msg}")
}

pub(super) fn handle_requests(
    mut requests: MessageReader<EditorRequest>,
    mut editor: ResMut<PuzzleEditor>,
    mut play: MessageWriter<PuzzleRequest>,
) {
    for req in requests.read() {
        let e = &mut *editor;
        match req {
            EditorRequest::Open(on) => e.active = *on,
            EditorRequest::Set(r, c, s) => e.try_edit(|d| d.set(*r, *c, *s)),
            EditorRequest::Cycle(r, c) => {
                let palette = e.palette;
                e.try_edit(|d| match palette {
                    None => d.cycle(*r, *c).map(|_| ()),
                    Some(s) => d.set(*r, *c, s),
                });
            }
            EditorRequest::New(w, h) => match PuzzleDraft::new(*w, *h) {
                Ok(d) => {
                    e.last_unique = None;
                    e.replace(d);
                }
                Err(err) => e.error = StatusLine::error(err.to_string()),
            },
            EditorRequest::Resize(w, h) => e.try_edit(|d| d.resize(*w, *h)),
            EditorRequest::FromPuzzle(p) => match PuzzleDraft::from_puzzle(p) {
                Ok(d) => {
                    e.last_unique = None;
                    e.active = true;
                    e.replace(d);
                }
                Err(err) => e.error = StatusLine::error(err.to_string()),
            },
            EditorRequest::Rules(r) => e.try_edit(|d| {
                d.set_rules(*r);
                Ok(())
            }),
            EditorRequest::Undo => e.step_history(true),
            EditorRequest::Redo => e.step_history(false),
            EditorRequest::MakeUnique => {
                let mut d = e.draft.clone();
                let (seed, version) = (e.seed, e.version);
                e.unique_task.start("make unique", move || {
                    let t = Instant::now();
                    let u = d.make_unique(seed).map(|u| (d, u));
                    (version, u, t.elapsed())
                });
            }
            EditorRequest::Play => match e.draft.to_puzzle(e.seed) {
                Ok(p) => {
                    e.active = false;
                    play.write(PuzzleRequest::Load {
                        puzzle: Box::new(p),
                        name: "made by hand".into(),
                    });
                }
                Err(err) => e.error = StatusLine::error(err.to_string()),
            },
        }
    }
}

impl ScreenJob<UniqueOutcome> for PuzzleEditor {
    fn slot(&mut self) -> &mut JobSlot<UniqueOutcome> {
        &mut self.unique_task
    }
    fn finished(&mut self, outcome: Result<UniqueOutcome, JobPanicked>) {
        match outcome {
            // Edits made meanwhile win over a stale answer.
            Ok((version, Ok((d, u)), took)) if version == self.version => {
                self.last_unique = Some((u, took));
                self.replace(d);
            }
            Ok((_, Ok(_), _)) => {}
            Ok((_, Err(err), _)) => self.error = StatusLine::error(err.to_string()),
            Err(why) => self.error = StatusLine::error(panicked("make-unique search", &why)),
        }
    }
}

impl ScreenJob<StatusOutcome> for PuzzleEditor {
    fn slot(&mut self) -> &mut JobSlot<StatusOutcome> {
        &mut self.status_task
    }
    fn finished(&mut self, outcome: Result<StatusOutcome, JobPanicked>) {
        self.counting = None;
        match outcome {
            Ok((version, status)) => {
                self.status_version = version;
                self.status = Some(status);
            }
            Err(why) => self.error = StatusLine::error(panicked("count", &why)),
        }
    }
}

/// Teardown: a count under way is cancelled (the draft is counted again
/// when the screen is back).
pub(super) fn leave_screen(mut editor: ResMut<PuzzleEditor>) {
    editor.status_task.cancel();
    editor.counting = None;
}

/// Registers the editor's jobs.
pub(super) fn jobs_plugin(app: &mut App) {
    jobs::add::<PuzzleEditor, StatusOutcome>(app);
    jobs::add::<PuzzleEditor, UniqueOutcome>(app);
}

/// Count the current draft when it has no status yet (a count of an
/// older version still running is cancelled).
pub(super) fn count_status(mut editor: ResMut<PuzzleEditor>) {
    let e = &mut *editor;
    if e.status_version != e.version && e.counting != Some(e.version) {
        let d = e.draft.clone();
        let (seed, version) = (e.seed, e.version);
        e.counting = Some(version);
        e.status_task
            .start("puzzle status", move || (version, status_of(&d, seed)));
    }
}
