//! Generators as ECS data: a generator entity owns an ask-and-tell search
//! ([`HexBoardGenerator`]) and the board it shows ([`ShownBoard`], drawn by
//! the screen's state-scoped [`BoardDrawing`] entity). The
//! search is the plugin's [`SearchRun`]: it owns the pacing (a few steps
//! per second to watch the evolution, or as fast as it goes) and steps on
//! its own thread while it plays; this screen only says play or pause and
//! takes in the figures and the best board it reports, copied into the map
//! when it improves. A paused or ready search is home, where Step steps it
//! by hand.

use crate::app::Screen;
use crate::app::shell::ScreenStatus;
use crate::app::shell::StatusLine;
use crate::boards::catan::CatanBoard;
use crate::boards::{self, Algorithm, BoardGame, BoardSetup, BoardVariant, Params, Scoring};
use crate::level::Level;
use crate::plugin::{HexBoardMap, JobFrameTime, RunReport, SearchRun};
use crate::search::{Progress, Search};
use bevy::prelude::*;
use std::time::{Duration, Instant};

/// A hex-board search and its pacing; its snapshots are the best board's
/// tiles.
type BoardRun = SearchRun<dyn Search<Solution = Vec<u8>>, Vec<u8>>;

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
    /// Steps (generations) per second; 0 = as fast as it goes. Either
    /// way the search steps on its own thread.
    pub steps_per_second: f32,
    /// Highlight hexes that break a requirement.
    pub show_broken: bool,
    /// The board variant (Terra Mystica outline, Catan player count).
    pub variant: BoardVariant,
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
            variant: BoardVariant::Standard,
        }
    }
}

impl BoardSettings {
    /// Switch game or algorithm, keeping the seed; parameters reset to the
    /// new algorithm's defaults.
    pub fn select(&mut self, game: BoardGame, algorithm: Algorithm) {
        if game != self.game {
            self.variant = BoardVariant::Standard;
        }
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
    /// The search, its thread and its pacing.
    run: BoardRun,
    /// The best board the run last reported.
    runner_best: Option<Vec<u8>>,
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
    rate_window: (Instant, u64, u64),
    /// Generations per second over the last second.
    pub gens_per_sec: f64,
    /// Evaluations per second over the last second.
    pub evals_per_sec: f64,
    /// A loaded level's board or a hand-edited one, shown until the
    /// search steps again.
    pub loaded: Option<(String, Vec<u8>)>,
    /// Step as fast as it goes on a background thread whatever the pace
    /// setting ("Evolve the rest" runs this way).
    pub unpaced: bool,
    /// The score of the board shown (the best, or the hand-edited board).
    pub shown_score: f64,
}

impl HexBoardGenerator {
    /// Build a generator from settings (a random start on the settings'
    /// board variant).
    pub fn new(settings: &BoardSettings) -> Result<Self, String> {
        let setup = BoardSetup {
            variant: settings.variant.clone(),
            ..BoardSetup::default()
        };
        Self::with_setup(settings, &setup)
    }

    /// Build a generator that starts from `setup`'s board and never moves
    /// its pinned hexes; the error says why the setup cannot be searched.
    pub fn with_setup(settings: &BoardSettings, setup: &BoardSetup) -> Result<Self, String> {
        let search = boards::make_search_with(
            settings.game,
            settings.algorithm,
            &settings.params,
            settings.scoring,
            settings.seed,
            setup,
        )
        .map_err(|e| e.to_string())?;
        let progress = search.progress();
        let violations = boards::violations(settings.game, search.best().0, settings.scoring);
        Ok(HexBoardGenerator {
            run: SearchRun::new(search, |s| s.best().0.clone()),
            runner_best: None,
            settings: settings.clone(),
            state: BoardRunState::Ready,
            history: vec![[0.0, progress.best, progress.mean]],
            progress,
            search_time: Duration::ZERO,
            violations,
            rate_window: (Instant::now(), 0, 0),
            gens_per_sec: 0.0,
            evals_per_sec: 0.0,
            loaded: None,
            unpaced: false,
            shown_score: progress.best,
        })
    }

    /// Show `tiles` (a hand edit, an undo) instead of the search's best,
    /// stopping a run.
    pub fn show_design(&mut self, tiles: Vec<u8>) {
        self.stop_runner();
        if self.state == BoardRunState::Running {
            self.state = BoardRunState::Paused;
        }
        self.loaded = Some(("design".into(), tiles));
    }

    /// The search, home from its thread (which stops after its current
    /// step); `None` when it crashed.
    fn home(&mut self) -> Option<&mut (dyn Search<Solution = Vec<u8>> + 'static)> {
        self.stop_runner();
        self.run.search_mut()
    }

    /// The best board's tiles.
    pub fn best_tiles(&self) -> Vec<u8> {
        if let Some((_, tiles)) = &self.loaded {
            return tiles.clone();
        }
        self.run
            .with_search(|s| s.best().0.clone())
            .or_else(|| self.runner_best.clone())
            .unwrap_or_default()
    }

    /// The thread the search is stepping on, while it runs (`None` when
    /// paused, solved or not started). The tests check it.
    #[cfg(test)]
    pub fn background_thread(&self) -> Option<std::thread::ThreadId> {
        self.run.thread_id()
    }

    /// Stop the search's thread (after its current step), taking in what
    /// it reported last; the search is home again.
    pub fn stop_runner(&mut self) {
        let last = self.run.rest();
        self.take_report(last);
    }

    /// Take in what the run reported: progress, history, the best board,
    /// solved. Returns whether the best improved.
    fn take_report(&mut self, report: RunReport<Vec<u8>>) -> bool {
        let RunReport {
            steps,
            snapshot: best,
            solved,
            search_time,
        } = report;
        self.search_time += search_time;
        for p in &steps {
            self.record(*p);
        }
        let improved = best.is_some();
        if best.is_some() {
            self.runner_best = best;
        }
        if solved {
            self.state = BoardRunState::Solved;
        }
        improved
    }

    /// Run one step; returns whether the best improved.
    pub fn step_once(&mut self) -> bool {
        let Some(s) = self.home() else {
            return false;
        };
        let t = Instant::now();
        let (p, solved) = (s.step(), s.is_solved());
        self.loaded = None;
        self.search_time += t.elapsed();
        self.record(p);
        if solved {
            self.state = BoardRunState::Solved;
        }
        p.improved
    }

    /// Add a step's figures to the progress and the history.
    fn record(&mut self, p: Progress) {
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

    /// A map of the board shown, without recording its figures.
    pub fn board_map_view(&self) -> HexBoardMap {
        HexBoardMap::new(self.settings.game, self.best_tiles())
    }

    /// A map of the current best board.
    pub fn board_map(&mut self) -> HexBoardMap {
        let tiles = self.best_tiles();
        let s = &self.settings;
        self.violations = boards::violations(s.game, &tiles, s.scoring);
        self.shown_score = boards::score(s.game, &tiles, s.scoring) as f64;
        let mut map = HexBoardMap::new(s.game, tiles.clone());
        map.broken = boards::broken_hexes(s.game, &tiles, s.scoring);
        map.show_broken = s.show_broken;
        if s.game == BoardGame::Catan {
            map.harbours =
                CatanBoard::with_placed_harbours(&tiles, &s.scoring.catan, s.seed).harbours;
        }
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

/// Marks the app's board generator entity: it lives as long as the app
/// and holds the search and the board shown ([`ShownBoard`]), drawn only
/// while the screen is shown ([`BoardDrawing`]).
#[derive(Component)]
pub struct MainGenerator;

/// The board the screen shows, kept with the search on the generator
/// entity (not a [`HexBoardMap`] component there, so the plugin does not
/// draw it): the screen's drawing copies it while the screen is shown.
#[derive(Component, Clone, Debug, Deref, DerefMut)]
pub struct ShownBoard(pub HexBoardMap);

/// The drawing of the shown board: an entity with the board's
/// [`HexBoardMap`] (the plugin draws its tiles, tokens and marks as
/// children), spawned when the screen is entered and despawned with all
/// it drew when the screen is left (`DespawnOnExit`).
#[derive(Component)]
pub struct BoardDrawing;

/// Registers the generator runtime.
pub(super) fn plugin(app: &mut App) {
    app.init_resource::<BoardSettings>()
        .add_message::<GeneratorCommand>()
        .add_systems(Startup, spawn_generator)
        .add_systems(OnExit(crate::app::Screen::HexBoards), rest_searches);
}

fn spawn_generator(mut commands: Commands, settings: Res<BoardSettings>) {
    match HexBoardGenerator::new(&settings) {
        Ok(mut g) => {
            let map = g.board_map();
            commands.spawn((
                Name::new("board generator"),
                MainGenerator,
                g,
                ShownBoard(map),
            ));
        }
        Err(e) => error!("cannot build the generator: {e}"),
    }
}

pub(super) fn handle_commands(
    mut messages: MessageReader<GeneratorCommand>,
    settings: Res<BoardSettings>,
    mut status: ResMut<ScreenStatus>,
    mut query: Query<(&mut HexBoardGenerator, &mut ShownBoard), With<MainGenerator>>,
) {
    let Ok((mut generator, mut map)) = query.single_mut() else {
        return;
    };
    for cmd in messages.read() {
        match cmd {
            GeneratorCommand::Reset => match HexBoardGenerator::new(&settings) {
                Ok(g) => {
                    *generator = g;
                    map.0 = generator.board_map();
                    status[Screen::HexBoards].clear();
                }
                Err(e) => status[Screen::HexBoards] = StatusLine::error(e),
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
                    map.0 = generator.board_map();
                }
            }
        }
    }
}

/// Advance running generators: the plugin's [`SearchRun`] plays or
/// pauses as the generator's state says, at the settings' pace; the frame
/// takes in its figures and redraws the board when the best improved.
pub fn advance_generators(
    time: Res<Time>,
    settings: Res<BoardSettings>,
    mut frame_time: ResMut<JobFrameTime>,
    mut status: ResMut<ScreenStatus>,
    mut query: Query<(&mut HexBoardGenerator, &mut ShownBoard)>,
) {
    for (mut g, mut map) in &mut query {
        if map.show_broken != settings.show_broken {
            map.show_broken = settings.show_broken;
            g.settings.show_broken = settings.show_broken;
        }
        // "Evolve the rest" runs as fast as it goes whatever the pace.
        let speed = if g.unpaced {
            0.0
        } else {
            settings.steps_per_second
        };
        g.run.set_speed(speed);
        if g.state == BoardRunState::Running {
            g.run.play();
        } else {
            g.run.pause();
        }
        let report = g.run.tick(time.delta(), &mut frame_time);
        let improved = g.take_report(report);
        if let Some(why) = g.run.crashed() {
            status[Screen::HexBoards] = StatusLine::error(format!("the search stopped: {}", why.0));
            g.state = BoardRunState::Paused;
        }
        // A solved or resting search reports its last best as it comes
        // home, so `improved` covers those too.
        if improved {
            map.0 = g.board_map();
        }
        if g.state != BoardRunState::Running {
            continue;
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
    }
}

/// A hidden screen's search rests: stop the search threads.
fn rest_searches(mut query: Query<&mut HexBoardGenerator>) {
    for mut g in &mut query {
        g.stop_runner();
    }
}
