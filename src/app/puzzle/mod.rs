//! The Puzzle screen: generate an X/O puzzle ("no three in a row"), play
//! it, check it, ask for hints, save it as a level; or make one by hand
//! in Edit mode (`editor`, `edit_ui`).
//!
//! The rules of play live in [`crate::puzzle::Play`] (engine-free, unit
//! tested); this module wires them to Bevy:
//! - [`editor`]: Edit mode (a [`crate::puzzle::PuzzleDraft`], its live
//!   status, Make unique, Play this, the scripted `--edit` steps);
//! - [`logic_plugin`]: resources, generation through the plugin's
//!   [`GenerateLevel`] requests (the same recipe a game spawns), the input
//!   messages, keyboard, timer and scripted flags — no egui, so
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
use crate::app::shell::ScreenStatus;
use crate::app::shell::scripted::ScriptArgs;
use crate::app::shell::{ScreenSet, StatusLine};
use crate::level::{Level, LevelMap, Recipe, RecipeError};
use crate::plugin::{
    GenerateLevel, GenerationProgress, LevelAsset, LevelGenerated, LevelGenerationFailed,
};
use crate::puzzle::{self, Action, Play, Puzzle, Settings};
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

/// The puzzle being played (the screen's messages are its line in
/// [`ScreenStatus`]).
#[derive(Resource, Default)]
pub struct PuzzleGame {
    /// The puzzle being played (none before the first generation).
    pub play: Option<Play>,
    /// What the puzzle is ("10×10 hard, seed 3" or "level my-puzzle").
    pub title: String,
    /// How long the last generation took.
    pub generated_in: Option<Duration>,
}

/// The generation under way: the plugin's [`GenerateLevel`] request
/// entity (despawning it cancels the search), the settings it was made
/// from, and when it started.
#[derive(Resource, Default)]
pub struct Generation {
    request: Option<(Entity, Settings, Instant)>,
}

impl Generation {
    /// True while a puzzle is being generated.
    pub fn is_running(&self) -> bool {
        self.request.is_some()
    }

    /// Seconds since the running generation started.
    pub fn running_for(&self) -> Option<f64> {
        self.request.as_ref().map(|t| t.2.elapsed().as_secs_f64())
    }

    /// Give up on the generation under way (its request is despawned).
    fn cancel(&mut self, commands: &mut Commands) {
        if let Some((e, _, _)) = self.request.take() {
            commands.entity(e).try_despawn();
        }
    }

    /// The settings of the request `e`, taken, if it is the one under way.
    fn finish(&mut self, e: Entity) -> Option<Settings> {
        let (_, settings, _) = self.request.take_if(|r| r.0 == e)?;
        Some(settings)
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
    let mut s = *base;
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
        .add_plugins((editor::plugin, editor::jobs_plugin))
        .add_systems(
            OnEnter(Screen::Puzzle),
            (start_on_enter, editor::script_on_enter).chain(),
        )
        .add_systems(OnExit(Screen::Puzzle), editor::leave_screen)
        .add_systems(
            Update,
            (
                (input::keyboard, input::editor_keys, editor::run_script).in_set(ScreenSet::Input),
                (editor::handle_requests, handle_commands, apply_inputs)
                    .chain()
                    .in_set(ScreenSet::Commands),
                (editor::count_status, tick_timer).in_set(ScreenSet::Step),
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
    mut commands: Commands,
    mut requests: MessageReader<PuzzleRequest>,
    settings: Res<PuzzleSettings>,
    mut generation: ResMut<Generation>,
    mut game: ResMut<PuzzleGame>,
    mut status: ResMut<ScreenStatus>,
) {
    for cmd in requests.read() {
        match cmd {
            PuzzleRequest::Generate => {
                let s = settings.0;
                if let Err(e) = s.check() {
                    status[Screen::Puzzle] = StatusLine::error(e.to_string());
                    continue;
                }
                status[Screen::Puzzle].clear();
                // The newest request wins: the one before is cancelled.
                generation.cancel(&mut commands);
                let request = GenerateLevel::new(format!("puzzle-{}", s.seed), Recipe::Puzzle(s));
                let e = commands
                    .spawn((Name::new("puzzle generation"), request))
                    .observe(take_generated)
                    .observe(take_failure)
                    .id();
                generation.request = Some((e, s, Instant::now()));
            }
            PuzzleRequest::Load { puzzle, name } => match Play::new((**puzzle).clone()) {
                Ok(p) => {
                    generation.cancel(&mut commands);
                    game.play = Some(p);
                    game.title = format!("level {name}");
                    status[Screen::Puzzle].clear();
                }
                Err(e) => status[Screen::Puzzle] = StatusLine::error(format!("{name}: {e}")),
            },
        }
    }
}

/// The plugin made the puzzle: play it (unless a newer request replaced
/// it).
#[allow(clippy::too_many_arguments)]
fn take_generated(
    done: On<LevelGenerated>,
    mut commands: Commands,
    levels: Res<Assets<LevelAsset>>,
    progress: Query<&GenerationProgress>,
    mut generation: ResMut<Generation>,
    mut game: ResMut<PuzzleGame>,
    mut status: ResMut<ScreenStatus>,
    mut demo: ResMut<PuzzleDemo>,
    args: Option<Res<ScriptArgs>>,
) {
    let Some(settings) = generation.finish(done.entity) else {
        return;
    };
    let took = progress
        .get(done.entity)
        .map_or(Duration::ZERO, |p| Duration::from_secs_f32(p.elapsed));
    commands.entity(done.entity).try_despawn();
    let result = match levels.get(&done.level).map(|l| &l.0.map) {
        Some(LevelMap::Puzzle(p)) => Play::new(p.clone()).map_err(|e| e.to_string()),
        _ => Err("the generator made no puzzle".to_string()),
    };
    match result {
        Ok(mut p) => {
            if args.as_deref().is_some_and(|a| a.0.screenshot.is_some()) {
                crate::app::shell::scripted::say(format_args!(
                    "puzzle: {}; level {}; {} empty cells; generated in {:.1} ms",
                    settings.describe(),
                    p.puzzle()
                        .level
                        .map_or("beyond 3".to_string(), |l| l.to_string()),
                    p.empty_left(),
                    took.as_secs_f64() * 1000.0
                ));
            }
            if std::mem::take(&mut demo.pending) {
                run_demo(&mut p);
            }
            game.play = Some(p);
            game.title = settings.describe();
            game.generated_in = Some(took);
            status[Screen::Puzzle].clear();
        }
        Err(e) => status[Screen::Puzzle] = StatusLine::error(e),
    }
}

/// The plugin made no puzzle: say why (a crashed generator says so too).
fn take_failure(
    failed: On<LevelGenerationFailed>,
    mut commands: Commands,
    mut generation: ResMut<Generation>,
    mut status: ResMut<ScreenStatus>,
) {
    if generation.finish(failed.entity).is_none() {
        return;
    }
    commands.entity(failed.entity).try_despawn();
    status[Screen::Puzzle] = StatusLine::error(match &failed.error {
        RecipeError::Crashed(why) => format!("the puzzle generator stopped unexpectedly ({why})"),
        e => e.to_string(),
    });
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
