//! Galleries: K perfect boards spread along two axes a designer chooses
//! ([`Descriptor`]s such as river branching or Catan's production spread),
//! found by a quality-diversity search (MAP-Elites) over our fast local
//! search (`best`).
//!
//! The archive is a grid of cells over the two axes' ranges; each cell keeps
//! one perfect board (score 0 under the gallery's scoring), the one nearest
//! the cell's centre. Candidates come in batches: each runs `best` to score
//! 0 from a random start or from a copy of an archive board with a few
//! random swaps (a *perturbed elite*). Every candidate's seed is derived
//! from the gallery's seed and the candidate's number, and a batch is
//! decided from the archive as it stood before the batch, so the same seed
//! gives the same gallery whatever the number of threads.
//! [`Gallery::boards`] then picks K boards by farthest-point selection in
//! the axes' normalised space. [`GalleryRequest`] runs a whole gallery
//! from one request (the command line's `--gallery K`), and
//! [`GalleryReport`] is its `--json`.
//!
//! ```
//! use evoboard_core::boards::gallery::{Budget, Descriptor, Gallery};
//! use evoboard_core::boards::{BoardGame, Scoring};
//! let axes = Descriptor::default_axes(BoardGame::Catan);
//! let mut g = Gallery::new(BoardGame::Catan, Scoring::default(), axes, 7).unwrap();
//! let boards = g.run(4, Budget::candidates(64));
//! assert_eq!(boards.len(), 4);
//! assert!(boards.iter().all(|b| b.score == 0));
//! ```

mod archive;
mod descriptor;
mod report;
mod request;

pub use archive::{Archive, GalleryBoard, min_pairwise_distance};
pub use descriptor::{Descriptor, Measurer};
pub use report::{GalleryEntry, GalleryReport};
pub use request::{CANDIDATES_PER_BOARD, GalleryRequest, GalleryRun, MIN_CANDIDATES};

use crate::boards::catan::CatanCode;
use crate::boards::{Algorithm, BoardError, BoardGame, BoardSetup, BoardVariant, Params, Scoring};
use crate::rng::{Rng, RngExt, derive_seed, seeded};
use rayon::prelude::*;
use std::time::{Duration, Instant};

/// How a gallery makes its candidates.
#[derive(Clone, Debug, PartialEq)]
pub struct GalleryConfig {
    /// Candidates per [`Gallery::step`] (run in parallel).
    pub batch: usize,
    /// Chance that a candidate starts from a perturbed archive board rather
    /// than a random one (once the archive holds a board).
    pub from_elite: f64,
    /// Random swaps that perturb an archive board.
    pub swaps: usize,
    /// Steps a candidate's search may take to reach 0; a candidate that
    /// does not is dropped.
    pub max_steps: u64,
    /// Parameters of `best`.
    pub params: Params,
}

impl GalleryConfig {
    /// The defaults for `game`: batches of 16, half the candidates from
    /// perturbed archive boards with 4 swaps (Catan: 3), `best` with its
    /// defaults, at most 200 000 steps (Catan: 20 000) per candidate.
    pub fn for_game(game: BoardGame) -> Self {
        let (swaps, max_steps) = match game {
            BoardGame::TerraMystica => (4, 200_000),
            BoardGame::Catan => (3, 20_000),
        };
        GalleryConfig {
            batch: 16,
            from_elite: 0.5,
            swaps,
            max_steps,
            params: Params::defaults(Algorithm::Best.param_specs(game)),
        }
    }
}

/// When [`Gallery::run`] stops.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Budget {
    /// Candidates to try. When fewer than K cells are filled by then, the
    /// run goes on up to four times as many.
    pub candidates: u64,
    /// Stop after the batch that passes this wall time (at least one batch
    /// runs; a gallery stopped by time depends on the machine's speed);
    /// `None`: no time limit.
    pub time_limit: Option<Duration>,
}

impl Budget {
    /// `n` candidates, no time limit.
    pub fn candidates(n: u64) -> Self {
        Budget {
            candidates: n,
            time_limit: None,
        }
    }
}

/// How far a gallery has come.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct GalleryProgress {
    /// Candidates tried.
    pub candidates: u64,
    /// Candidates that reached a perfect board.
    pub perfect: u64,
    /// Archive cells holding a board.
    pub filled: usize,
    /// Archive cells in all.
    pub cells: usize,
}

/// A quality-diversity search for perfect boards spread along two axes.
/// Ask and tell: [`Gallery::step`] runs one batch of candidates,
/// [`Gallery::boards`] picks K boards from the archive; [`Gallery::run`]
/// does both.
pub struct Gallery {
    game: BoardGame,
    variant: BoardVariant,
    scoring: Scoring,
    axes: [Descriptor; 2],
    seed: u64,
    config: GalleryConfig,
    measurer: Measurer,
    archive: Archive,
    progress: GalleryProgress,
}

impl Gallery {
    /// A gallery of `game` boards, perfect under `scoring`, spread along
    /// `axes` (two different descriptors of `game`).
    pub fn new(
        game: BoardGame,
        scoring: Scoring,
        axes: [Descriptor; 2],
        seed: u64,
    ) -> Result<Self, BoardError> {
        for a in axes {
            if a.game() != game {
                return Err(Descriptor::unknown(a.name(), game));
            }
        }
        if axes[0] == axes[1] {
            return Err(BoardError::GalleryAxes {
                text: format!("{},{}", axes[0], axes[1]),
            });
        }
        let archive = Archive::new(axes);
        let cells = archive.bins()[0] * archive.bins()[1];
        Ok(Gallery {
            game,
            variant: BoardVariant::Standard,
            scoring,
            axes,
            seed,
            config: GalleryConfig::for_game(game),
            measurer: Measurer::for_game(game),
            archive,
            progress: GalleryProgress {
                cells,
                ..GalleryProgress::default()
            },
        })
    }

    /// The same gallery on another board of the game (Terra Mystica's
    /// offset outline, Catan's 5–6 player island); an error when `game`
    /// has no such board.
    ///
    /// ```
    /// use evoboard_core::boards::gallery::{Budget, Descriptor, Gallery};
    /// use evoboard_core::boards::{BoardGame, BoardVariant, Scoring};
    /// let game = BoardGame::Catan;
    /// let mut g = Gallery::new(game, Scoring::default(), Descriptor::default_axes(game), 1)
    ///     .unwrap()
    ///     .with_variant(BoardVariant::FiveSixPlayers)
    ///     .unwrap();
    /// let boards = g.run(2, Budget::candidates(16));
    /// assert!(boards.iter().all(|b| b.tiles.len() == 30 && b.score == 0));
    /// assert!(Gallery::new(game, Scoring::default(), Descriptor::default_axes(game), 1)
    ///     .unwrap()
    ///     .with_variant(BoardVariant::Offset)
    ///     .is_err());
    /// ```
    pub fn with_variant(mut self, variant: BoardVariant) -> Result<Self, BoardError> {
        let grid = crate::boards::variant_grid(self.game, &variant)?;
        self.measurer = Measurer::new(grid);
        self.variant = variant;
        Ok(self)
    }

    /// The same gallery with `config` (batch size, perturbation, limits).
    pub fn with_config(mut self, config: GalleryConfig) -> Self {
        self.config = config;
        self
    }

    /// The game.
    pub fn game(&self) -> BoardGame {
        self.game
    }

    /// The two axes.
    pub fn axes(&self) -> [Descriptor; 2] {
        self.axes
    }

    /// The archive.
    pub fn archive(&self) -> &Archive {
        &self.archive
    }

    /// How far the gallery has come.
    pub fn progress(&self) -> GalleryProgress {
        self.progress
    }

    /// Run one batch of candidates (in parallel) and offer their perfect
    /// boards to the archive, in candidate order.
    pub fn step(&mut self) -> GalleryProgress {
        let first = self.progress.candidates;
        let batch = self.config.batch.max(1) as u64;
        let results: Vec<Option<Vec<u8>>> = (first..first + batch)
            .into_par_iter()
            .map(|i| self.candidate(i))
            .collect();
        self.progress.candidates += batch;
        for tiles in results.into_iter().flatten() {
            let score = score_of(self.game, &tiles, self.scoring);
            if score != 0 {
                continue;
            }
            self.progress.perfect += 1;
            let d = self.measurer.measure_axes(self.axes, &tiles);
            self.archive.offer(&tiles, score, d);
        }
        self.progress.filled = self.archive.filled();
        self.progress
    }

    /// Pick `k` boards spread across the archive (see [`Archive::pick`]).
    pub fn boards(&self, k: usize) -> Vec<GalleryBoard> {
        self.archive.pick(k)
    }

    /// Run batches until `budget` is spent, then pick `k` boards.
    pub fn run(&mut self, k: usize, budget: Budget) -> Vec<GalleryBoard> {
        let start = Instant::now();
        let cap = budget.candidates.saturating_mul(4);
        loop {
            let p = self.progress;
            let spent = p.candidates >= budget.candidates && p.filled >= k;
            if spent || p.candidates >= cap.max(1) {
                break;
            }
            self.step();
            if budget.time_limit.is_some_and(|t| start.elapsed() >= t) {
                break;
            }
        }
        self.boards(k)
    }

    /// Candidate `i`: a search from a random start or a perturbed archive
    /// board, run to 0 or `max_steps`; its board when perfect.
    fn candidate(&self, i: u64) -> Option<Vec<u8>> {
        let mut rng = seeded(derive_seed(self.seed, i));
        let filled = self.archive.filled();
        let mut setup = BoardSetup {
            variant: self.variant.clone(),
            ..BoardSetup::default()
        };
        if filled > 0 && rng.random_bool(self.config.from_elite) {
            let pick = rng.random_range(0..filled);
            if let Some(elite) = self.archive.nth(pick) {
                let mut tiles = elite.tiles.clone();
                perturb(self.game, &mut tiles, self.config.swaps, &mut rng);
                setup.start = Some(tiles);
            }
        }
        let search_seed: u64 = rng.random();
        let make = |setup: &BoardSetup| {
            crate::boards::make_search_with(
                self.game,
                Algorithm::Best,
                &self.config.params,
                self.scoring,
                search_seed,
                setup,
            )
        };
        // A start the search refuses (it cannot, as perturbing keeps the
        // tile mix) falls back to a random one.
        let mut search = make(&setup)
            .or_else(|_| make(&BoardSetup::default()))
            .ok()?;
        let mut steps = 0;
        while !search.is_solved() && steps < self.config.max_steps {
            search.step();
            steps += 1;
        }
        let (tiles, score) = search.best();
        (score == 0.0).then(|| tiles.clone())
    }
}

/// The score of `tiles` under `scoring` ([`crate::boards::score`]).
pub use crate::boards::score as score_of;

/// `swaps` random swaps that keep the tile multiset: Terra Mystica swaps two
/// different tiles; Catan swaps two terrains (the whole hexes when one is
/// the desert, which holds no token) or two number tokens.
pub fn perturb(game: BoardGame, tiles: &mut [u8], swaps: usize, rng: &mut Rng) {
    let n = tiles.len();
    if n < 2 {
        return;
    }
    for _ in 0..swaps {
        let a = rng.random_range(0..n);
        let b = (a + rng.random_range(1..n)) % n;
        match game {
            BoardGame::TerraMystica => tiles.swap(a, b),
            BoardGame::Catan => {
                let (ca, cb) = (
                    CatanCode::from_byte(tiles[a]),
                    CatanCode::from_byte(tiles[b]),
                );
                if ca.is_desert() || cb.is_desert() {
                    tiles.swap(a, b);
                } else if rng.random_bool(0.5) {
                    tiles[a] = ca.with_terrain_of(cb).byte();
                    tiles[b] = cb.with_terrain_of(ca).byte();
                } else {
                    tiles[a] = ca.with_token_of(cb).byte();
                    tiles[b] = cb.with_token_of(ca).byte();
                }
            }
        }
    }
}

#[cfg(test)]
mod tests;
