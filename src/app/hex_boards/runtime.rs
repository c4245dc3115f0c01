//! Generators as ECS data: a generator entity owns an ask-and-tell search
//! ([`HexBoardGenerator`]) and the board it draws ([`HexBoardMap`]); a system
//! advances every running generator within a per-frame time budget and
//! copies the best board into the map when it improves.

use crate::boards::{self, Algorithm, BoardGame, BoardSearch, Params, Scoring};
use crate::level::Level;
use crate::plugin::HexBoardMap;
use crate::search::Progress;
use bevy::prelude::*;
use std::sync::Mutex;
use std::time::{Duration, Instant};

/// Time a frame may spend stepping searches.
pub const FRAME_BUDGET: Duration = Duration::from_millis(8);

/// What the user has chosen in the panels (applied on Reset/Start).
#[derive(Resource, Clone, Debug, PartialEq)]
pub struct BoardSettings {
    /// The game.
    pub game: BoardGame,
    /// The algorithm.
    pub algorithm: Algorithm,
    /// The algorithm's parameters.
    pub params: Params,
    /// Rules, weights and Catan options.
    pub scoring: Scoring,
    /// The seed.
    pub seed: u64,
    /// Steps (generations) per second; 0 = as many as the frame budget allows.
    pub steps_per_second: f32,
    /// Highlight hexes that break a requirement.
    pub show_broken: bool,
}

impl Default for BoardSettings {
    fn default() -> Self {
        let game = BoardGame::TerraMystica;
        let algorithm = Algorithm::default();
        let params = Params::defaults(boards::param_specs(game, algorithm));
        BoardSettings {
            game,
            algorithm,
            params,
            scoring: Scoring::default(),
            seed: 1,
            steps_per_second: 5.0,
            show_broken: true,
        }
    }
}

impl BoardSettings {
    /// Switch game or algorithm, keeping the seed; parameters reset to the
    /// new algorithm's defaults.
    pub fn select(&mut self, game: BoardGame, algorithm: Algorithm) {
        self.game = game;
        self.algorithm = algorithm;
        self.params = Params::defaults(boards::param_specs(game, algorithm));
    }
}

/// Whether a generator runs.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BoardRunState {
    /// Built, not started.
    Ready,
    /// Stepping every frame.
    Running,
    /// Stopped by the user.
    Paused,
    /// Reached a perfect board.
    Solved,
}

/// A generator: the search it owns and its run figures.
#[derive(Component)]
pub struct HexBoardGenerator {
    search: Mutex<BoardSearch>,
    /// The settings it was built with.
    pub settings: BoardSettings,
    /// Running, paused, …
    pub state: BoardRunState,
    /// `(generation, best, mean)` per step, thinned when long.
    pub history: Vec<[f64; 3]>,
    /// The latest progress.
    pub progress: Progress,
    /// Time spent inside `step()`.
    pub search_time: Duration,
    /// Violations of the best board by requirement.
    pub violations: Vec<(&'static str, u32)>,
    credit: f32,
    rate_window: (Instant, u64, u64),
    /// Generations per second over the last second.
    pub gens_per_sec: f64,
    /// Evaluations per second over the last second.
    pub evals_per_sec: f64,
    /// A loaded level's board, shown until the search steps again.
    pub loaded: Option<(String, Vec<u8>)>,
}

impl HexBoardGenerator {
    /// Build a generator from settings.
    pub fn new(settings: &BoardSettings) -> Result<Self, String> {
        let search = boards::make_search(
            settings.game,
            settings.algorithm,
            &settings.params,
            settings.scoring,
            settings.seed,
        );
        let progress = search.progress();
        let violations = boards::violations(settings.game, search.best().0, settings.scoring);
        Ok(HexBoardGenerator {
            search: Mutex::new(search),
            settings: settings.clone(),
            state: BoardRunState::Ready,
            history: vec![[0.0, progress.best, progress.mean]],
            progress,
            search_time: Duration::ZERO,
            violations,
            credit: 0.0,
            rate_window: (Instant::now(), 0, 0),
            gens_per_sec: 0.0,
            evals_per_sec: 0.0,
            loaded: None,
        })
    }

    /// The best board's tiles.
    pub fn best_tiles(&self) -> Vec<u8> {
        if let Some((_, tiles)) = &self.loaded {
            return tiles.clone();
        }
        self.search.lock().expect("search lock").best().0.clone()
    }

    /// Run one step; returns whether the best improved.
    pub fn step_once(&mut self) -> bool {
        self.loaded = None;
        let t = Instant::now();
        let (p, solved) = {
            let mut s = self.search.lock().expect("search lock");
            let p = s.step();
            (p, s.is_solved())
        };
        self.search_time += t.elapsed();
        self.progress = p;
        self.history.push([p.generation as f64, p.best, p.mean]);
        if self.history.len() > 4000 {
            // Keep the plot light: drop every other point.
            let mut k = 0;
            self.history.retain(|_| {
                k += 1;
                k % 2 == 1
            });
        }
        if solved {
            self.state = BoardRunState::Solved;
        }
        p.improved
    }

    /// The best board as a level named `name`: what "Save" writes, the
    /// same as `evoboard generate --out` for the same settings and seed.
    pub fn level(&self, name: &str) -> Level {
        let s = &self.settings;
        Level::hex_board(
            name,
            s.game,
            &self.best_tiles(),
            s.algorithm,
            &s.params,
            s.scoring,
            s.seed,
        )
    }

    /// A map of the current best board.
    pub fn board_map(&mut self) -> HexBoardMap {
        let tiles = self.best_tiles();
        let s = &self.settings;
        self.violations = boards::violations(s.game, &tiles, s.scoring);
        let mut map = HexBoardMap::new(s.game, tiles.clone());
        map.broken = boards::broken_hexes(s.game, &tiles, s.scoring);
        map.show_broken = s.show_broken;
        map
    }
}

/// Commands from the panels and scripted runs.
#[derive(Message, Clone, Copy, Debug, PartialEq, Eq)]
pub enum GeneratorCommand {
    /// Start or resume.
    Start,
    /// Pause.
    Pause,
    /// One step.
    Step,
    /// Rebuild from the current settings.
    Reset,
}

/// Marks the app's board generator entity.
#[derive(Component)]
pub struct MainGenerator;

/// An error to show in the panels.
#[derive(Resource, Default)]
pub struct RuntimeError(pub Option<String>);

/// Registers the generator runtime.
pub(super) fn plugin(app: &mut App) {
    app.init_resource::<BoardSettings>()
        .init_resource::<RuntimeError>()
        .add_message::<GeneratorCommand>()
        .add_systems(Startup, spawn_generator)
        .add_systems(
            Update,
            (handle_commands, apply_loaded_level, advance_generators)
                .chain()
                .run_if(in_state(crate::app::Screen::HexBoards)),
        );
}

fn spawn_generator(mut commands: Commands, settings: Res<BoardSettings>) {
    match HexBoardGenerator::new(&settings) {
        Ok(mut g) => {
            let map = g.board_map();
            commands.spawn((
                MainGenerator,
                g,
                map,
                Transform::default(),
                Visibility::default(),
            ));
        }
        Err(e) => error!("cannot build the generator: {e}"),
    }
}

fn handle_commands(
    mut messages: MessageReader<GeneratorCommand>,
    settings: Res<BoardSettings>,
    mut error: ResMut<RuntimeError>,
    mut query: Query<(&mut HexBoardGenerator, &mut HexBoardMap), With<MainGenerator>>,
) {
    let Ok((mut generator, mut map)) = query.single_mut() else {
        return;
    };
    for cmd in messages.read() {
        match cmd {
            GeneratorCommand::Reset => match HexBoardGenerator::new(&settings) {
                Ok(g) => {
                    *generator = g;
                    *map = generator.board_map();
                    error.0 = None;
                }
                Err(e) => error.0 = Some(e),
            },
            GeneratorCommand::Start => {
                if generator.state != BoardRunState::Solved {
                    generator.state = BoardRunState::Running;
                }
            }
            GeneratorCommand::Pause => {
                if generator.state == BoardRunState::Running {
                    generator.state = BoardRunState::Paused;
                }
            }
            GeneratorCommand::Step => {
                if generator.state != BoardRunState::Solved {
                    generator.step_once();
                    if generator.state == BoardRunState::Running {
                        generator.state = BoardRunState::Paused;
                    }
                    *map = generator.board_map();
                }
            }
        }
    }
}

/// Step running generators within [`FRAME_BUDGET`], paced to the chosen
/// steps per second, and redraw the board when the best improved.
pub fn advance_generators(
    time: Res<Time>,
    settings: Res<BoardSettings>,
    mut query: Query<(&mut HexBoardGenerator, &mut HexBoardMap)>,
) {
    for (mut g, mut map) in &mut query {
        if map.show_broken != settings.show_broken {
            map.show_broken = settings.show_broken;
            g.settings.show_broken = settings.show_broken;
        }
        if g.state != BoardRunState::Running {
            continue;
        }
        let start = Instant::now();
        let mut allowed = if settings.steps_per_second > 0.0 {
            g.credit += time.delta_secs() * settings.steps_per_second;
            let n = g.credit.floor();
            g.credit -= n;
            n as u64
        } else {
            u64::MAX
        };
        let mut improved = false;
        while allowed > 0 && start.elapsed() < FRAME_BUDGET && g.state == BoardRunState::Running {
            improved |= g.step_once();
            allowed -= 1;
        }
        let (t0, gen0, ev0) = g.rate_window;
        let dt = t0.elapsed().as_secs_f64();
        if dt >= 1.0 {
            g.gens_per_sec = (g.progress.generation - gen0) as f64 / dt;
            g.evals_per_sec = (g.progress.evaluations - ev0) as f64 / dt;
            g.rate_window = (
                Instant::now(),
                g.progress.generation,
                g.progress.evaluations,
            );
        }
        if improved || g.state == BoardRunState::Solved {
            *map = g.board_map();
        }
    }
}

/// Settings that reproduce a level's generator (unknown names are skipped).
pub fn settings_from_level(
    level: &crate::level::Level,
    base: &BoardSettings,
) -> Option<BoardSettings> {
    let game = BoardGame::parse(level.map.game()).ok()?;
    let mut s = base.clone();
    let algorithm: Algorithm = level.generator.algorithm.parse().unwrap_or_default();
    s.select(game, algorithm);
    s.seed = level.generator.seed;
    if let Some(r) = level.generator.rules {
        s.scoring.rules = r;
    }
    let specs = boards::param_specs(game, algorithm);
    for (k, v) in &level.generator.params {
        let _ = s.params.set(specs, k, &v.to_string(), algorithm);
    }
    Some(s)
}

/// Put a level that finished loading onto the board, or report why not.
fn apply_loaded_level(
    assets: Res<AssetServer>,
    levels: Res<Assets<crate::plugin::LevelAsset>>,
    mut library: ResMut<crate::app::shell::library::LevelLibrary>,
    mut settings: ResMut<BoardSettings>,
    mut query: Query<(&mut HexBoardGenerator, &mut HexBoardMap), With<MainGenerator>>,
) {
    let Some(handle) = library.pending.clone() else {
        return;
    };
    match assets.load_state(&handle) {
        bevy::asset::LoadState::Loaded => {
            library.pending = None;
            let Some(level) = levels.get(&handle) else {
                return;
            };
            let level = &level.0;
            let (Some(new), Some(map)) = (
                settings_from_level(level, &settings),
                HexBoardMap::from_level(&level.map),
            ) else {
                library.message = Some((false, format!("{} is not a hex board", level.name)));
                return;
            };
            let Ok((mut generator, mut shown)) = query.single_mut() else {
                return;
            };
            match HexBoardGenerator::new(&new) {
                Ok(mut g) => {
                    g.loaded = Some((level.name.clone(), map.tiles.clone()));
                    *shown = g.board_map();
                    *generator = g;
                    *settings = new;
                    library.message = Some((
                        true,
                        format!("loaded {} (score {})", level.name, level.scores.total),
                    ));
                }
                Err(e) => library.message = Some((false, e)),
            }
        }
        bevy::asset::LoadState::Failed(err) => {
            library.pending = None;
            library.message = Some((false, format!("cannot load the level: {err}")));
        }
        _ => {}
    }
}
