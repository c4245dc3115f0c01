//! Runtime generators: a game spawns a [`GenerateLevel`] request, the
//! plugin runs its [`Recipe`] as a [`Job`] (never on the main thread),
//! mirrors its progress in [`GenerationProgress`], and when it is done adds the [`Level`] as a [`LevelAsset`], inserts
//! [`GeneratedLevel`] and triggers [`LevelGenerated`] on the entity.
//! Despawning the entity (or removing its request) cancels the search;
//! changing the request starts it again.
//!
//! ```no_run
//! use bevy::prelude::*;
//! use evoboard_core::dungeon::Size;
//! use bevy_evoboard::{EvoboardPlugins, GenerateLevel, LevelAsset, LevelGenerated};
//!
//! fn new_floor(mut commands: Commands) {
//!     commands
//!         .spawn(GenerateLevel::dungeon(Size::Large, 42))
//!         .observe(|done: On<LevelGenerated>, levels: Res<Assets<LevelAsset>>| {
//!             if let Some(LevelAsset(level)) = levels.get(&done.level) {
//!                 println!("{} is ready", level.name);
//!             }
//!         });
//! }
//!
//! App::new()
//!     .add_plugins((MinimalPlugins, AssetPlugin::default(), EvoboardPlugins::default()))
//!     .add_systems(Startup, new_floor)
//!     .run();
//! ```

use super::frame_time::JobFrameTime;
use super::job::Job;
use super::level_asset::LevelAsset;
use super::settings::{EvoboardSet, EvoboardSettings};
use bevy::prelude::*;
use evoboard_core::boards::{Algorithm, BoardGame};
use evoboard_core::dungeon::Size;
use evoboard_core::level::{
    HexBoardRecipe, Level, Recipe, RecipeError, RecipeProgress, RecipeStage,
};
use evoboard_core::puzzle::Difficulty;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Instant;

/// A request for a level: spawn it (with anything else the game wants on
/// the entity) and the plugin generates the level off the main thread.
/// The same recipe and seed give the same level as the command line.
#[derive(Component, Clone, Debug, PartialEq, Reflect)]
#[reflect(Component)]
#[require(GenerationProgress)]
pub struct GenerateLevel {
    /// The level's name.
    pub name: String,
    /// What to generate and how.
    pub recipe: Recipe,
}

impl Default for GenerateLevel {
    fn default() -> Self {
        GenerateLevel::new("level", Recipe::terra_mystica(0))
    }
}

impl GenerateLevel {
    /// A request for `recipe`, named `name`.
    pub fn new(name: impl Into<String>, recipe: Recipe) -> Self {
        GenerateLevel {
            name: name.into(),
            recipe,
        }
    }

    /// A dungeon of a preset size (the best of its proposals, as
    /// `evoboard dungeon --size SIZE --seed SEED`).
    pub fn dungeon(size: Size, seed: u64) -> Self {
        GenerateLevel::new(format!("dungeon-{seed}"), Recipe::dungeon(size, seed))
    }

    /// A Terra Mystica or Catan board made by `algorithm` with its default
    /// parameters and scoring, stopping at a perfect board or after 60 s
    /// (as `evoboard generate GAME --algorithm ALGORITHM --seed SEED`);
    /// [`GenerateLevel::hex_board_with`] takes every setting.
    pub fn hex_board(game: BoardGame, algorithm: Algorithm, seed: u64) -> Self {
        GenerateLevel::hex_board_with(HexBoardRecipe::new(game, algorithm, seed))
    }

    /// A hex board with every setting: parameters, rules, weights, Catan's
    /// optional rules, target, time and generation limits.
    pub fn hex_board_with(recipe: HexBoardRecipe) -> Self {
        GenerateLevel::new(
            format!("{}-{}", recipe.game.name(), recipe.seed),
            Recipe::HexBoard(recipe),
        )
    }

    /// A puzzle with exactly one solution (as `evoboard puzzle generate`).
    pub fn puzzle(width: usize, height: usize, difficulty: Difficulty, seed: u64) -> Self {
        GenerateLevel::new(
            format!("puzzle-{seed}"),
            Recipe::puzzle(width, height, difficulty, seed),
        )
    }

    /// The same request under another level name.
    pub fn named(mut self, name: impl Into<String>) -> Self {
        self.name = name.into();
        self
    }
}

/// What a generator is doing: the core's [`RecipeStage`] (the plugin
/// sets `Done` and `Failed` when the level or the error arrives).
pub type GenerationStage = RecipeStage;

/// Progress of a request, updated every frame while its search runs (a
/// loading line, a progress bar).
#[derive(Component, Clone, Copy, Debug, Default, PartialEq, Reflect)]
#[reflect(Component)]
pub struct GenerationProgress {
    /// What it is doing.
    pub stage: GenerationStage,
    /// The dungeon proposal being made (0-based).
    pub proposal: usize,
    /// Dungeon proposals in all (1 for boards and puzzles).
    pub proposals: usize,
    /// Generations of the current search.
    pub generation: u64,
    /// Best score so far (boards: violations, 0 is perfect; dungeons:
    /// fitness, higher is better); `None` until the search has reported a
    /// generation (so a board that has not started never reads as
    /// perfect).
    pub best: Option<f64>,
    /// Seconds since the search started.
    pub elapsed: f32,
}

impl GenerationProgress {
    /// A rough share done, 0..=1, for a bar: dungeon proposals and their
    /// two GAs; `generations` is the dungeon GA's generation count (boards
    /// and puzzles report 0 until done).
    pub fn fraction(&self, generations: usize) -> f32 {
        let per = (2 * generations.max(1)) as f32;
        let within = match self.stage {
            GenerationStage::Layout => self.generation as f32,
            GenerationStage::Contents => generations as f32 + self.generation as f32,
            GenerationStage::Done => return 1.0,
            _ => 0.0,
        };
        ((self.proposal as f32 + within / per) / self.proposals.max(1) as f32).clamp(0.0, 1.0)
    }
}

/// The finished level of a request, as an asset.
#[derive(Component, Clone, Debug, PartialEq, Reflect)]
#[reflect(Component)]
pub struct GeneratedLevel(pub Handle<LevelAsset>);

/// Why a request made no level (a setting out of range, say): the core's
/// typed error, whose `Display` says what is allowed.
#[derive(Component, Clone, Debug, PartialEq, Reflect)]
#[reflect(Component)]
pub struct GenerationFailed(pub RecipeError);

/// Triggered on a request's entity when its level is ready, and written
/// as a message (read it with `MessageReader<LevelGenerated>` in any
/// system).
#[derive(EntityEvent, Message, Clone, Debug)]
pub struct LevelGenerated {
    /// The request's entity.
    pub entity: Entity,
    /// The finished level.
    pub level: Handle<LevelAsset>,
}

/// Triggered on a request's entity when it made no level, and written as
/// a message (`MessageReader<LevelGenerationFailed>`).
#[derive(EntityEvent, Message, Clone, Debug)]
pub struct LevelGenerationFailed {
    /// The request's entity.
    pub entity: Entity,
    /// What was wrong (its `Display` says what is allowed).
    pub error: RecipeError,
}

/// How the generators are doing: running now, finished, stopped early.
#[derive(Resource, Clone, Copy, Debug, Default, PartialEq, Eq, Reflect)]
#[reflect(Resource)]
pub struct GeneratorStats {
    /// Searches running now.
    pub running: usize,
    /// Levels made (or refused) so far.
    pub finished: u64,
    /// Searches that stopped because their request went away (counted
    /// when the worker actually stops, not when it is asked to).
    pub cancelled: u64,
}

/// Workers count their own stops here.
#[derive(Resource, Default)]
struct CancelCount(Arc<AtomicU64>);

/// What the worker shares with the main thread.
#[derive(Default)]
struct Shared {
    /// Bumped whenever `progress` changes.
    version: AtomicU64,
    progress: Mutex<RecipeProgress>,
}

/// The running search of a request. Dropping it (the entity despawned,
/// the request removed or replaced) drops its [`Job`], which stops the
/// search.
#[derive(Component)]
struct GeneratorTask {
    job: Job<Result<Level, RecipeError>>,
    shared: Arc<Shared>,
    seen: u64,
    started: Instant,
}

pub(super) fn plugin(app: &mut App) {
    let schedule = EvoboardSettings::of(app).schedule;
    super::frame_time::plugin(app);
    app.register_type::<GenerateLevel>()
        .register_type::<GenerationProgress>()
        .register_type::<GeneratedLevel>()
        .register_type::<GenerationFailed>()
        .register_type::<GeneratorStats>()
        .init_resource::<GeneratorStats>()
        .init_resource::<CancelCount>()
        .add_message::<LevelGenerated>()
        .add_message::<LevelGenerationFailed>()
        .add_systems(
            schedule,
            (start_requests, collect_results, count_generators)
                .chain()
                .in_set(EvoboardSet::Generate),
        );
}

/// A request that has neither its level nor its failure yet.
type Waiting = (
    With<GenerateLevel>,
    Without<GeneratedLevel>,
    Without<GenerationFailed>,
);

/// A run condition: every [`GenerateLevel`] request has its level or its
/// failure (none waits or runs). A loading state moves on with
/// `.run_if(requests_done)`.
///
/// ```no_run
/// use bevy::prelude::*;
/// use bevy_evoboard::prelude::*;
///
/// #[derive(States, Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
/// enum Screen { #[default] Loading, Playing }
///
/// fn play(mut next: ResMut<NextState<Screen>>) {
///     next.set(Screen::Playing);
/// }
///
/// App::new()
///     .add_plugins((DefaultPlugins, EvoboardPlugins::default()))
///     .init_state::<Screen>()
///     .add_systems(Startup, |mut c: Commands| {
///         c.spawn(GenerateLevel::dungeon(Size::Medium, 9));
///     })
///     .add_systems(Update, play.run_if(in_state(Screen::Loading).and_then(requests_done)))
///     .run();
/// ```
pub fn requests_done(waiting: Query<(), Waiting>) -> bool {
    waiting.is_empty()
}

fn start_requests(
    mut commands: Commands,
    mut clock: ResMut<JobFrameTime>,
    cancels: Res<CancelCount>,
    requests: Query<(Entity, &GenerateLevel, Has<Name>), Changed<GenerateLevel>>,
    mut dropped: RemovedComponents<GenerateLevel>,
) {
    let t = Instant::now();
    for e in dropped.read() {
        if let Ok(mut ec) = commands.get_entity(e) {
            ec.remove::<GeneratorTask>();
        }
    }
    for (e, request, named) in &requests {
        let shared = Arc::new(Shared::default());
        let worker = Arc::clone(&shared);
        let recipe = request.recipe.clone();
        let name = request.name.clone();
        let cancelled = Arc::clone(&cancels.0);
        let job = Job::spawn_cancellable("level generator", move |cancel| {
            let result = recipe.generate(&name, cancel.flag(), |p| {
                if let Ok(mut slot) = worker.progress.lock() {
                    *slot = p;
                }
                worker.version.fetch_add(1, Ordering::Release);
            });
            if result == Err(RecipeError::Cancelled) {
                cancelled.fetch_add(1, Ordering::Relaxed);
            }
            result
        });
        let mut ec = commands.entity(e);
        ec.remove::<(GeneratedLevel, GenerationFailed)>().insert((
            GeneratorTask {
                job,
                shared,
                seen: 0,
                started: Instant::now(),
            },
            GenerationProgress::default(),
        ));
        if !named {
            ec.insert(Name::new(format!("generating {}", request.name)));
        }
    }
    clock.add(t.elapsed(), false);
}

fn collect_results(
    mut commands: Commands,
    mut clock: ResMut<JobFrameTime>,
    mut stats: ResMut<GeneratorStats>,
    mut levels: ResMut<Assets<LevelAsset>>,
    mut running: Query<(Entity, &mut GeneratorTask, &mut GenerationProgress)>,
    mut made: MessageWriter<LevelGenerated>,
    mut failed: MessageWriter<LevelGenerationFailed>,
) {
    let t = Instant::now();
    let busy = !running.is_empty();
    for (e, mut job, mut progress) in &mut running {
        let version = job.shared.version.load(Ordering::Acquire);
        if version != job.seen {
            job.seen = version;
            if let Ok(p) = job.shared.progress.lock() {
                *progress = GenerationProgress {
                    stage: p.stage,
                    proposal: p.proposal,
                    proposals: p.proposals,
                    generation: p.generation,
                    best: (p.generation > 0).then_some(p.best).or(progress.best),
                    elapsed: job.started.elapsed().as_secs_f32(),
                };
            }
        }
        let Some(result) = job.job.poll() else {
            continue;
        };
        // A panicking recipe is a bug in evoboard: the game gets a
        // failure saying so, never a panic of its own.
        let result = result.unwrap_or_else(|p| Err(RecipeError::Crashed(p.0)));
        stats.finished += 1;
        let mut ec = commands.entity(e);
        ec.remove::<GeneratorTask>();
        progress.elapsed = job.started.elapsed().as_secs_f32();
        match result {
            Ok(level) => {
                progress.stage = GenerationStage::Done;
                let handle = levels.add(LevelAsset(level));
                ec.insert(GeneratedLevel(handle.clone()));
                let done = LevelGenerated {
                    entity: e,
                    level: handle,
                };
                made.write(done.clone());
                commands.trigger(done);
            }
            Err(error) => {
                progress.stage = GenerationStage::Failed;
                ec.insert(GenerationFailed(error.clone()));
                let why = LevelGenerationFailed { entity: e, error };
                failed.write(why.clone());
                commands.trigger(why);
            }
        }
    }
    clock.add(t.elapsed(), busy);
}

fn count_generators(
    mut generators: ResMut<GeneratorStats>,
    cancels: Res<CancelCount>,
    running: Query<(), With<GeneratorTask>>,
) {
    generators.running = running.iter().count();
    generators.cancelled = cancels.0.load(Ordering::Relaxed);
}
