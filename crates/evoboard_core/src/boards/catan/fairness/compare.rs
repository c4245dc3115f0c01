//! The boards the fair-by-play search measures its pick against: the
//! rulebook's beginner board and uniformly random islands, and the
//! summaries of a group of boards' figures.

use super::summary::pip_spread;
use crate::boards::analysis::catan_table::official_beginner;
use crate::boards::catan::play::{PlayReport, RobustReport, placed_harbours};
use crate::boards::catan::{CatanBoard, CatanLayout};
use crate::boards::shuffle;
use crate::rng::{derive_seed, seeded};
use crate::stats::mean_sd;
use serde::Serialize;

/// Most random boards the search plays beside its candidates.
pub const MAX_COMPARE: usize = 256;

/// The seed of the beginner island's harbours (the same island for every
/// seed: the frame's harbour positions are not in the reference data).
pub const BEGINNER_HARBOURS: u64 = 1;

/// A uniformly random island of `layout`: hexes shuffled, then the tokens
/// dealt at random to the hexes that are not deserts.
///
/// ```
/// use evoboard_core::boards::catan::CatanLayout;
/// use evoboard_core::boards::catan::fairness::random_board;
/// let layout = CatanLayout::base();
/// let split = |codes: Vec<u8>| {
///     let mut terrains: Vec<u8> = codes.iter().map(|c| c >> 4).collect();
///     let mut tokens: Vec<u8> = codes.iter().map(|c| c & 15).collect();
///     terrains.sort();
///     tokens.sort();
///     (terrains, tokens)
/// };
/// // The same terrains and tokens as the game's, dealt anew.
/// assert_eq!(split(random_board(layout, 1)), split(layout.standard_codes()));
/// assert_ne!(random_board(layout, 1), random_board(layout, 2));
/// ```
pub fn random_board(layout: &CatanLayout, seed: u64) -> Vec<u8> {
    let mut rng = seeded(seed);
    let mut codes = layout.standard_codes();
    shuffle(&mut codes, &mut rng);
    let mut tokens: Vec<u8> = codes.iter().map(|c| c & 15).filter(|&t| t > 0).collect();
    shuffle(&mut tokens, &mut rng);
    let mut next = tokens.into_iter();
    for c in codes.iter_mut().filter(|c| **c & 15 > 0) {
        *c = (*c & 0xF0) | next.next().unwrap_or(0);
    }
    codes
}

/// `count` random islands of `layout` (board `i` seeded by
/// `derive_seed(seed, 1000 + i)`), with harbours placed by `seed` as for
/// a share code; `None` when `count` is over [`MAX_COMPARE`].
pub fn random_islands(layout: &CatanLayout, count: usize, seed: u64) -> Option<Vec<CatanBoard>> {
    (count <= MAX_COMPARE).then(|| {
        (0..count)
            .map(|i| {
                let codes = random_board(layout, derive_seed(seed, 1000 + i as u64));
                placed_harbours(&CatanBoard::decode(&codes), seed).0
            })
            .collect()
    })
}

/// The rulebook's beginner island with harbours placed by
/// [`BEGINNER_HARBOURS`].
pub fn beginner_island() -> CatanBoard {
    placed_harbours(
        &CatanBoard::decode(&official_beginner().encode()),
        BEGINNER_HARBOURS,
    )
    .0
}

/// A group of boards' figures: how many, and the mean and standard
/// deviation of their seat advantage and opening-pip spread.
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
pub struct GroupSummary {
    /// Boards in the group.
    pub boards: usize,
    /// Mean seat advantage.
    pub seat_advantage_mean: f64,
    /// Its standard deviation.
    pub seat_advantage_sd: f64,
    /// Mean opening-pip spread ([`pip_spread`]).
    pub opening_pip_spread_mean: f64,
    /// Its standard deviation.
    pub opening_pip_spread_sd: f64,
}

impl GroupSummary {
    /// The summary of `reports` (one a board).
    pub fn of(reports: &[&PlayReport]) -> Self {
        let adv: Vec<f64> = reports.iter().map(|r| r.seat_advantage).collect();
        let pip: Vec<f64> = reports.iter().map(|r| pip_spread(r)).collect();
        let (am, asd) = mean_sd(&adv);
        let (pm, psd) = mean_sd(&pip);
        GroupSummary {
            boards: reports.len(),
            seat_advantage_mean: am,
            seat_advantage_sd: asd,
            opening_pip_spread_mean: pm,
            opening_pip_spread_sd: psd,
        }
    }
}

/// One family's seat advantage over a group of boards.
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
pub struct FamilySpread {
    /// The family.
    pub family: &'static str,
    /// Its mean seat advantage over the boards.
    pub seat_advantage_mean: f64,
    /// Its standard deviation.
    pub seat_advantage_sd: f64,
}

/// Each family's mean seat advantage over `boards` and its standard
/// deviation, in the families' order (empty without boards).
pub fn family_spreads(boards: &[RobustReport]) -> Vec<FamilySpread> {
    let Some(first) = boards.first() else {
        return Vec::new();
    };
    (0..first.families.len())
        .map(|k| {
            let adv: Vec<f64> = boards
                .iter()
                .map(|r| r.families[k].seat_advantage.value)
                .collect();
            let (m, sd) = mean_sd(&adv);
            FamilySpread {
                family: first.families[k].family,
                seat_advantage_mean: m,
                seat_advantage_sd: sd,
            }
        })
        .collect()
}
