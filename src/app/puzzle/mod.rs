//! The Puzzle screen: generate an X/O puzzle ("no three in a row"), play
//! it, check it, ask for hints, save it as a level; or make one by hand
//! in Edit mode (`editor`, `edit_ui`).
//!
//! The rules of play live in [`crate::puzzle::Play`] (engine-free, unit
//! tested); this module wires them to Bevy:
//! - [`editor`]: Edit mode (a [`crate::puzzle::PuzzleDraft`], its live
//!   status, Make unique, Play this, the scripted `--edit` steps);
//! - [`logic_plugin`]: resources, generation on the async compute pool,
//!   the input messages, keyboard, timer and scripted flags — no egui, so
//!   headless tests add it alone;
//! - [`plugin`]: the logic plus the egui panels and the board (`ui`,
//!   `draw`), where clicks become [`PuzzleInput`] messages.

mod draw;
mod edit_ui;
pub mod editor;
mod input;
mod ui;

pub use editor::PuzzleEditor;
// What only the screen's tests (src/app/tests) reach.
#[cfg(test)]
pub(crate) use editor::EditorRequest;

use crate::app::AppArgs;
use crate::app::Screen;
use crate::app::shell::scripted::ScriptArgs;
use crate::app::shell::{ScreenSet, StatusLine};
use crate::level::{Level, LevelMap};
use crate::plugin::Job;
use crate::puzzle::{self, Action, Play, Puzzle, PuzzleError, Settings};
use bevy::prelude::*;
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

/// One input of the player (a click, a key, a button), applied to the
/// puzzle being played.
#[derive(Message, Clone, Copy, Debug, PartialEq, Eq)]
pub struct PuzzleInput(pub Action);

/// A request to the Puzzle screen.
#[derive(Message, Clone, Debug)]
pub enum PuzzleRequest {
    /// Generate with the current [`PuzzleSettings`] (in the background).
    Generate,
    /// Play a puzzle loaded from a level.
    Load {
        /// The puzzle.
        puzzle: Box<Puzzle>,
        /// Where it came from (the level name).
        name: String,
    },
}

/// The settings panel's values.
#[derive(Resource, Clone, Debug, Default, PartialEq)]
pub struct PuzzleSettings(pub Settings);

/// The puzzle being played and the screen's messages.
#[derive(Resource, Default)]
pub struct PuzzleGame {
    /// The puzzle being played (none before the first generation).
    pub play: Option<Play>,
    /// What the puzzle is ("10×10 hard, seed 3" or "level my-puzzle").
    pub title: String,
    /// How long the last generation took.
    pub generated_in: Option<Duration>,
    /// The last error (generation or loading), shown in red.
    pub error: StatusLine,
}

/// The background job: the puzzle (or why not) and how long it took.
type GenTask = Job<(Result<Puzzle, PuzzleError>, Duration)>;

/// A generation running off the main thread.
#[derive(Resource, Default)]
pub struct Generation {
    task: Option<(GenTask, Settings, Instant)>,
}

impl Generation {
    /// True while a puzzle is being generated.
    pub fn is_running(&self) -> bool {
        self.task.is_some()
    }

    /// Seconds since the running generation started.
    pub fn running_for(&self) -> Option<f64> {
        self.task.as_ref().map(|t| t.2.elapsed().as_secs_f64())
    }
}

/// The scripted demo (`--autoplay`): after the first generation, fill
/// half of the empty cells by hints, ask for one more hint, make one slip
/// (three in a row) and press Check, to show the screen mid-play.
#[derive(Resource, Default)]
pub struct PuzzleDemo {
    /// The demo runs when the next puzzle arrives.
    pub pending: bool,
}

/// Puzzle levels in `levels/` for the level list.
#[derive(Resource, Default)]
pub struct PuzzleLevels {
    /// (file, level name, one-line description), sorted by file.
    pub entries: Vec<(PathBuf, String, String)>,
    /// True once listed (listing happens on entering the screen).
    pub listed: bool,
    /// The Accept box (name, Save, overwrite confirmation).
    pub save: crate::app::shell::save_box::SaveBox,
    /// The puzzle title the save box was set up for.
    pub save_for: String,
    /// Level files that could not be read, with the reason (shown under
    /// the list rather than dropped in silence).
    pub unreadable: Vec<String>,
}

impl PuzzleLevels {
    /// Re-read `dir`, keeping the files that hold puzzles.
    pub fn refresh(&mut self, dir: &Path) {
        self.unreadable.clear();
        let unreadable = &mut self.unreadable;
        self.entries = crate::app::shell::library::list_levels(dir)
            .into_iter()
            .filter_map(|path| {
                let level = match Level::load(&path) {
                    Ok(level) => level,
                    Err(e) => {
                        unreadable.push(e.to_string());
                        return None;
                    }
                };
                let LevelMap::Puzzle(p) = &level.map else {
                    return None;
                };
                let desc = format!(
                    "{}×{} {}{}",
                    p.width,
                    p.height,
                    p.difficulty.name(),
                    p.level.map_or(String::new(), |l| format!(", level {l}"))
                );
                Some((path, level.name.clone(), desc))
            })
            .collect();
        self.listed = true;
    }
}

/// Check the puzzle flags of a scripted run (`--size WxH`,
/// `--difficulty easy|hard|easy-L|hard-L`); the error says what is
/// allowed.
pub fn validate(args: &AppArgs) -> Result<(), String> {
    if let Some(s) = &args.size {
        puzzle::parse_size(s).map_err(|e| format!("--size: {e}"))?;
    }
    if let Some(d) = &args.difficulty {
        puzzle::parse_difficulty(d).map_err(|e| format!("--difficulty: {e}"))?;
    }
    let s = settings_from_args(args, &Settings::default());
    if let Some(r) = &args.puzzle_rules {
        puzzle_rules(r).map_err(|e| format!("--puzzle-rules: {e}"))?;
    }
    if args.grade.is_some() || args.puzzle_rules.is_some() {
        s.check()
            .map_err(|e| format!("--grade/--puzzle-rules: {e}"))?;
    }
    if let Some(steps) = &args.edit {
        puzzle::parse_steps(steps).map_err(|e| format!("--edit: {e}"))?;
    }
    Ok(())
}

/// The settings the scripted flags ask for, on top of `base`.
pub fn settings_from_args(args: &AppArgs, base: &Settings) -> Settings {
    let mut s = base.clone();
    if let Some(seed) = args.seed {
        s.seed = seed;
    }
    if let Some((w, h)) = args
        .size
        .as_deref()
        .and_then(|t| puzzle::parse_size(t).ok())
    {
        s.width = w;
        s.height = h;
    }
    if let Some((d, l)) = args
        .difficulty
        .as_deref()
        .and_then(|d| puzzle::parse_difficulty(d).ok())
    {
        s.difficulty = d;
        s.level = l;
    }
    if let Some(r) = args
        .puzzle_rules
        .as_deref()
        .and_then(|r| puzzle_rules(r).ok())
    {
        s.rules = r;
    }
    if let Some(g) = args.grade {
        s.grade = Some(g);
    }
    s
}

/// `--puzzle-rules`: `no-three`, `takuzu` or `takuzu-unique`.
fn puzzle_rules(text: &str) -> Result<puzzle::RuleSet, puzzle::PuzzleError> {
    puzzle::RuleSet::from_flags(text, false)
}

/// The screen without egui: resources, messages, generation, keyboard,
/// input handling, timer, scripted flags.
pub fn logic_plugin(app: &mut App) {
    crate::app::shell::sets::add(app);
    app.add_message::<PuzzleInput>()
        .add_message::<PuzzleRequest>()
        .init_resource::<PuzzleSettings>()
        .init_resource::<PuzzleGame>()
        .init_resource::<Generation>()
        .init_resource::<PuzzleDemo>()
        .init_resource::<PuzzleLevels>()
        .add_plugins(editor::plugin)
        .add_systems(
            OnEnter(Screen::Puzzle),
            (start_on_enter, editor::script_on_enter).chain(),
        )
        .add_systems(
            Update,
            (
                (input::keyboard, input::editor_keys, editor::run_script).in_set(ScreenSet::Input),
                (editor::handle_requests, handle_commands, apply_inputs)
                    .chain()
                    .in_set(ScreenSet::Commands),
                (editor::poll_tasks, poll_generation, tick_timer)
                    .chain()
                    .in_set(ScreenSet::Step),
                // Draw: the board is painted by egui (`draw.rs`).
            )
                .run_if(in_state(Screen::Puzzle)),
        );
}

/// The whole screen: the logic and the egui panels.
pub fn plugin(app: &mut App) {
    app.add_plugins(logic_plugin);
    ui::plugin(app);
}

/// On entering the screen: list the puzzle levels; the first time, apply
/// the scripted flags and generate.
fn start_on_enter(
    game: Res<PuzzleGame>,
    generation: Res<Generation>,
    args: Option<Res<ScriptArgs>>,
    mut settings: ResMut<PuzzleSettings>,
    mut demo: ResMut<PuzzleDemo>,
    mut levels: ResMut<PuzzleLevels>,
    mut out: MessageWriter<PuzzleRequest>,
) {
    if !levels.listed {
        levels.refresh(Path::new(crate::app::shell::library::LEVELS_DIR));
    }
    if game.play.is_some() || generation.is_running() {
        return;
    }
    if let Some(a) = args.as_deref().map(|a| &a.0)
        && a.opens(crate::app::Game::Puzzle)
    {
        settings.0 = settings_from_args(a, &settings.0);
        demo.pending = a.autoplay;
    }
    out.write(PuzzleRequest::Generate);
}

fn handle_commands(
    mut commands: MessageReader<PuzzleRequest>,
    settings: Res<PuzzleSettings>,
    mut generation: ResMut<Generation>,
    mut game: ResMut<PuzzleGame>,
) {
    for cmd in commands.read() {
        match cmd {
            PuzzleRequest::Generate => {
                let s = settings.0.clone();
                if let Err(e) = s.check() {
                    game.error = StatusLine::error(e.to_string());
                    continue;
                }
                game.error.clear();
                let job = s.clone();
                // Dropping a running job throws its answer away: the newest
                // request wins.
                let task = Job::spawn("puzzle-generator", move || {
                    let t = Instant::now();
                    let p = job.generate();
                    (p, t.elapsed())
                });
                generation.task = Some((task, s, Instant::now()));
            }
            PuzzleRequest::Load { puzzle, name } => match Play::new((**puzzle).clone()) {
                Ok(p) => {
                    generation.task = None;
                    game.play = Some(p);
                    game.title = format!("level {name}");
                    game.error.clear();
                }
                Err(e) => game.error = StatusLine::error(format!("{name}: {e}")),
            },
        }
    }
}

fn poll_generation(
    mut generation: ResMut<Generation>,
    mut game: ResMut<PuzzleGame>,
    mut demo: ResMut<PuzzleDemo>,
    args: Option<Res<ScriptArgs>>,
) {
    let Some((task, _, _)) = generation.task.as_mut() else {
        return;
    };
    let Some(done) = task.poll() else {
        return;
    };
    // A panicking generator is a bug in evoboard: say so loudly.
    let (result, took) = done.unwrap_or_else(|p| panic!("{p}"));
    let (_, settings, _) = generation.task.take().expect("a task was running");
    match result.and_then(Play::new).map_err(|e| e.to_string()) {
        Ok(mut p) => {
            if args.as_deref().is_some_and(|a| a.0.screenshot.is_some()) {
                println!(
                    "puzzle: {}; level {}; {} empty cells; generated in {:.1} ms",
                    settings.describe(),
                    p.puzzle()
                        .level
                        .map_or("beyond 3".to_string(), |l| l.to_string()),
                    p.empty_left(),
                    took.as_secs_f64() * 1000.0
                );
            }
            if std::mem::take(&mut demo.pending) {
                run_demo(&mut p);
            }
            game.play = Some(p);
            game.title = settings.describe();
            game.generated_in = Some(took);
            game.error.clear();
        }
        Err(e) => game.error = StatusLine::error(e),
    }
}

/// The `--autoplay` demo on a fresh puzzle: half the empty cells by hints,
/// one more hint shown, one slip making three in a row, then Check.
pub fn run_demo(p: &mut Play) {
    let steps = p.empty_left() / 2;
    for _ in 0..steps {
        p.apply(Action::Hint);
        if !p.apply(Action::ApplyHint) {
            break;
        }
    }
    p.apply(Action::Hint);
    if let Some((r, c, v)) = p.find_slip() {
        p.apply(Action::Set(r, c, v));
        p.apply(Action::Check);
    }
}

fn apply_inputs(mut inputs: MessageReader<PuzzleInput>, mut game: ResMut<PuzzleGame>) {
    let Some(p) = game.play.as_mut() else {
        inputs.clear();
        return;
    };
    for PuzzleInput(action) in inputs.read() {
        p.apply(*action);
    }
}

fn tick_timer(time: Res<Time>, generation: Res<Generation>, mut game: ResMut<PuzzleGame>) {
    if generation.is_running() {
        return;
    }
    if let Some(p) = game.play.as_mut() {
        p.tick(time.delta_secs_f64());
    }
}
