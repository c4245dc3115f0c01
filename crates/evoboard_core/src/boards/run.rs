//! One hex-board run, typed: the game, the search and its parameters, the
//! scoring, the starting board and pins, and when to stop. The command
//! line's `generate` and `bench` and the level format's recipe all run a
//! board through [`BoardRun::run`], so the loop is written once.

use super::{Algorithm, BoardError, BoardGame, BoardSetup, Params, Scoring};
use crate::search::Progress;
use std::time::{Duration, Instant};

/// Everything a hex-board run takes.
///
/// ```
/// use evoboard_core::boards::{Algorithm, BoardGame, BoardRun};
/// use std::time::Duration;
/// let mut run = BoardRun::new(BoardGame::TerraMystica, Algorithm::Best, 7);
/// run.time_limit = Duration::from_secs(5);
/// run.max_generations = Some(10);
/// let mut steps = 0;
/// let done = run.run(|_, _| {
///     steps += 1;
///     true
/// })?;
/// assert!(done.progress.generation <= 10);
/// assert_eq!(done.tiles.len(), 113);
/// # Ok::<(), evoboard_core::boards::BoardError>(())
/// ```
#[derive(Clone, Debug, PartialEq)]
pub struct BoardRun {
    /// Terra Mystica or Catan.
    pub game: BoardGame,
    /// The search (`best`, `brkga`, `pso`, `sahc`, `aco`).
    pub algorithm: Algorithm,
    /// The algorithm's parameters.
    pub params: Params,
    /// Rules, weights and Catan's optional rules.
    pub scoring: Scoring,
    /// The seed.
    pub seed: u64,
    /// The board's outline, a start board and the pinned hexes.
    pub setup: BoardSetup,
    /// Stop once the score is at most this (0: a perfect board).
    pub target: f64,
    /// Stop after this long; building the search counts towards it.
    pub time_limit: Duration,
    /// Stop after this many generations, if set (a limit that does not
    /// depend on the machine's speed).
    pub max_generations: Option<u64>,
}

/// How a [`BoardRun`] ended.
#[derive(Clone, Debug, PartialEq)]
pub struct BoardRunOutcome {
    /// The best tiles.
    pub tiles: Vec<u8>,
    /// Their score.
    pub score: f64,
    /// Wall time of the run, building the search included.
    pub elapsed: Duration,
    /// Wall time when the best was found (same origin).
    pub to_best: Duration,
    /// The last progress report (generations, evaluations).
    pub progress: Progress,
    /// Whether the caller's callback stopped the run.
    pub stopped: bool,
}

impl BoardRun {
    /// `game` with `algorithm` and its default parameters, the default
    /// scoring and setup, target 0, the command line's default time limit
    /// of 60 s and no generation limit.
    pub fn new(game: BoardGame, algorithm: Algorithm, seed: u64) -> BoardRun {
        BoardRun {
            game,
            algorithm,
            params: Params::defaults(super::param_specs(game, algorithm)),
            scoring: Scoring::default(),
            seed,
            setup: BoardSetup::default(),
            target: 0.0,
            time_limit: Duration::from_secs(60),
            max_generations: None,
        }
    }

    /// [`BoardRun::run`] without a progress callback: to the target, the
    /// time limit or the generation limit.
    ///
    /// ```
    /// use evoboard_core::boards::{Algorithm, BoardGame, BoardRun};
    /// let done = BoardRun::new(BoardGame::Catan, Algorithm::Best, 7).run_to_end().unwrap();
    /// assert_eq!(done.score, 0.0);
    /// ```
    pub fn run_to_end(&self) -> Result<BoardRunOutcome, BoardError> {
        self.run(|_, _| true)
    }

    /// Build the search and step it until the target, the time limit, the
    /// generation limit or `on_progress` returning `false`. `on_progress`
    /// gets the progress and the time since the start: once when the
    /// search is built (before any step; `false` there runs no step), then
    /// after every step.
    pub fn run(
        &self,
        mut on_progress: impl FnMut(&Progress, Duration) -> bool,
    ) -> Result<BoardRunOutcome, BoardError> {
        let start = Instant::now();
        let mut search = super::make_search_with(
            self.game,
            self.algorithm,
            &self.params,
            self.scoring,
            self.seed,
            &self.setup,
        )?;
        let mut stopped = !on_progress(&search.progress(), start.elapsed());
        // Building a search may already score a whole population: that time
        // counts towards the limit and the time to the best.
        let built = start.elapsed();
        let mut summary = None;
        if !stopped && self.max_generations != Some(0) {
            summary = Some(crate::search::run_while(
                search.as_mut(),
                self.target,
                self.time_limit.saturating_sub(built),
                |p| {
                    stopped = !on_progress(p, start.elapsed());
                    !stopped && self.max_generations.is_none_or(|g| p.generation < g)
                },
            ));
        }
        let (tiles, score) = search.best();
        let (elapsed, to_best, progress) = match summary {
            Some(s) => (built + s.elapsed, built + s.to_best, s.progress),
            None => (built, built, search.progress()),
        };
        Ok(BoardRunOutcome {
            tiles: tiles.clone(),
            score,
            elapsed,
            to_best,
            progress,
            stopped,
        })
    }
}
