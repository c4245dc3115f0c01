//! A whole gallery run as one request: the game and its board, the
//! scoring, the axes, `best`'s parameters, K and the budget, so the
//! command line (`generate --gallery K`, `--fair-by-play K`) and the app
//! build galleries the same way.

use super::{Budget, Descriptor, Gallery, GalleryBoard, GalleryConfig};
use crate::boards::{Algorithm, BoardError, BoardGame, BoardVariant, Params, Scoring};
use std::time::{Duration, Instant};

/// Candidates tried per board asked for when [`GalleryRequest::candidates`]
/// is 0.
pub const CANDIDATES_PER_BOARD: u64 = 32;
/// The fewest candidates tried when [`GalleryRequest::candidates`] is 0.
pub const MIN_CANDIDATES: u64 = 256;

/// Everything a gallery run takes.
///
/// ```
/// use evoboard_core::boards::gallery::GalleryRequest;
/// use evoboard_core::boards::BoardGame;
/// let request = GalleryRequest {
///     candidates: 32,
///     ..GalleryRequest::new(BoardGame::Catan, 2, 7)
/// };
/// let run = request.run().unwrap();
/// assert_eq!(run.boards.len(), 2);
/// assert_eq!(run.gallery.progress().candidates, 32);
/// ```
#[derive(Clone, Debug, PartialEq)]
pub struct GalleryRequest {
    /// Terra Mystica or Catan.
    pub game: BoardGame,
    /// The scoring the boards must be perfect under.
    pub scoring: Scoring,
    /// The two axes the boards are spread along.
    pub axes: [Descriptor; 2],
    /// The outline (Terra Mystica) or island (Catan).
    pub variant: BoardVariant,
    /// Parameters of `best`.
    pub params: Params,
    /// The seed.
    pub seed: u64,
    /// K, the boards to pick.
    pub boards: usize,
    /// Candidates to try (0: [`CANDIDATES_PER_BOARD`] per board, at least
    /// [`MIN_CANDIDATES`]); the run goes on up to four times as many while
    /// fewer than K cells are filled.
    pub candidates: u64,
    /// Stop after the batch that passes this wall time (`None`: no limit).
    pub time_limit: Option<Duration>,
}

/// A finished gallery run: the gallery (its archive and progress) and
/// the K boards picked.
pub struct GalleryRun {
    /// The gallery as the run left it.
    pub gallery: Gallery,
    /// The boards picked, spread across the archive.
    pub boards: Vec<GalleryBoard>,
    /// Wall time of the run.
    pub elapsed: Duration,
}

impl GalleryRequest {
    /// `boards` boards of `game` with `seed`: the default scoring, axes,
    /// board and parameters, the default number of candidates, no time
    /// limit.
    pub fn new(game: BoardGame, boards: usize, seed: u64) -> Self {
        GalleryRequest {
            game,
            scoring: Scoring::default(),
            axes: Descriptor::default_axes(game),
            variant: BoardVariant::Standard,
            params: Params::defaults(Algorithm::Best.param_specs(game)),
            seed,
            boards,
            candidates: 0,
            time_limit: None,
        }
    }

    /// The candidates the run tries ([`Self::candidates`], or its default
    /// when 0).
    pub fn budget(&self) -> Budget {
        let candidates = match self.candidates {
            0 => (CANDIDATES_PER_BOARD * self.boards as u64).max(MIN_CANDIDATES),
            n => n,
        };
        Budget {
            candidates,
            time_limit: self.time_limit,
        }
    }

    /// Build the gallery and run it; an error when the axes or the board
    /// are not the game's.
    pub fn run(&self) -> Result<GalleryRun, BoardError> {
        let start = Instant::now();
        let mut gallery = Gallery::new(self.game, self.scoring, self.axes, self.seed)?
            .with_variant(self.variant.clone())?
            .with_config(GalleryConfig {
                params: self.params.clone(),
                ..GalleryConfig::for_game(self.game)
            });
        let boards = gallery.run(self.boards, self.budget());
        Ok(GalleryRun {
            gallery,
            boards,
            elapsed: start.elapsed(),
        })
    }
}
