//! `generate … --gallery K --json`: the gallery's boards with their
//! values on the axes, and how the search went.

use super::request::{GalleryRequest, GalleryRun};
use super::{Descriptor, GalleryBoard, min_pairwise_distance};
use crate::boards::Algorithm;
use crate::boards::report::BoardRows;
use serde::Serialize;
use std::collections::BTreeMap;

/// What `generate terra-mystica|catan --gallery K --json` prints.
///
/// ```
/// use evoboard_core::boards::gallery::{GalleryReport, GalleryRequest};
/// use evoboard_core::boards::BoardGame;
/// let request = GalleryRequest { candidates: 32, ..GalleryRequest::new(BoardGame::Catan, 2, 7) };
/// let report = GalleryReport::new(&request, &request.run().unwrap());
/// assert_eq!(report.boards.len(), 2);
/// let json = serde_json::to_value(&report).unwrap();
/// assert!(json["boards"][0]["descriptors"]["production-spread"].is_number());
/// ```
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct GalleryReport {
    /// `terra-mystica` or `catan`.
    pub game: &'static str,
    /// Always `best`: a gallery runs our search.
    pub algorithm: &'static str,
    /// The seed.
    pub seed: u64,
    /// The rule set the boards are perfect under.
    pub rules: &'static str,
    /// The two axes' names.
    pub axes: [&'static str; 2],
    /// Each axis's range `[low, high]`.
    pub ranges: [[f64; 2]; 2],
    /// Each axis's bins in the archive.
    pub bins: [usize; 2],
    /// Archive cells holding a board.
    pub archive_cells: usize,
    /// Archive cells in all.
    pub cells: usize,
    /// Candidates tried.
    pub candidates: u64,
    /// Candidates that reached a perfect board.
    pub perfect: u64,
    /// The least distance between two boards picked, the axes scaled to
    /// their ranges (`None` with fewer than two boards).
    pub min_distance: Option<f64>,
    /// Wall time of the run, in milliseconds.
    pub elapsed_ms: f64,
    /// Wall time per candidate, in milliseconds.
    pub ms_per_candidate: f64,
    /// The boards picked.
    pub boards: Vec<GalleryEntry>,
}

/// One board of a [`GalleryReport`].
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct GalleryEntry {
    /// The board's rows.
    pub board: BoardRows,
    /// Its score (0: perfect).
    pub score: f64,
    /// Its value on each axis, by the axis's name.
    pub descriptors: BTreeMap<&'static str, f64>,
    /// Its archive cell, the bin on each axis.
    pub cell: [usize; 2],
}

impl GalleryEntry {
    /// The entry of `board` on `axes`.
    pub fn new(
        board: &GalleryBoard,
        axes: [Descriptor; 2],
        game: crate::boards::BoardGame,
    ) -> Self {
        GalleryEntry {
            board: BoardRows::of(game, &board.tiles),
            score: board.score as f64,
            descriptors: axes
                .iter()
                .zip(board.descriptors)
                .map(|(d, v)| (d.name(), v))
                .collect(),
            cell: board.cell,
        }
    }
}

impl GalleryReport {
    /// The report of `run`, made from `request`.
    pub fn new(request: &GalleryRequest, run: &GalleryRun) -> Self {
        let game = request.game;
        let axes = run.gallery.axes();
        let p = run.gallery.progress();
        let elapsed_ms = run.elapsed.as_secs_f64() * 1000.0;
        let min_distance = min_pairwise_distance(&run.boards, axes);
        GalleryReport {
            game: game.name(),
            algorithm: Algorithm::Best.name(),
            seed: request.seed,
            rules: request.scoring.rules_name(game),
            axes: axes.map(|d| d.name()),
            ranges: axes.map(|d| [d.range().0, d.range().1]),
            bins: run.gallery.archive().bins(),
            archive_cells: p.filled,
            cells: p.cells,
            candidates: p.candidates,
            perfect: p.perfect,
            min_distance: min_distance.is_finite().then_some(min_distance),
            elapsed_ms,
            ms_per_candidate: elapsed_ms / p.candidates.max(1) as f64,
            boards: run
                .boards
                .iter()
                .map(|b| GalleryEntry::new(b, axes, game))
                .collect(),
        }
    }
}
