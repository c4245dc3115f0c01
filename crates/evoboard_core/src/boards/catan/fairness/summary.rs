//! The `play` JSON of a play-test as typed data: one lineup's figures
//! ([`PlaySummary`]) or each family's with the robust figure
//! ([`RobustSummary`]).

use crate::boards::catan::play::{Advantage, PlayReport, RobustReport};
use serde::Serialize;

/// Largest minus smallest seat's mean opening pips (the pips of its two
/// setup settlements).
///
/// ```
/// use evoboard_core::boards::catan::fairness::pip_spread;
/// use evoboard_core::boards::catan::play::{Bot, PlayConfig, play_test};
/// use evoboard_core::boards::catan::{CatanBoard, standard_codes};
/// let board = CatanBoard::decode(&standard_codes());
/// let r = play_test(&board, &PlayConfig::uniform(8, Bot::Value, 1, 1), &|_| true).unwrap();
/// let max = r.opening_pips.iter().copied().fold(f64::MIN, f64::max);
/// assert!(pip_spread(&r) >= 0.0 && pip_spread(&r) <= max);
/// ```
pub fn pip_spread(r: &PlayReport) -> f64 {
    let lo = r.opening_pips.iter().copied().fold(f64::MAX, f64::min);
    let hi = r.opening_pips.iter().copied().fold(f64::MIN, f64::max);
    hi - lo
}

/// One lineup's play-test as the `play` JSON writes it: every figure of
/// the [`PlayReport`] (`games`, `draws`, `seats`, `bots`,
/// `seat_win_share`, `seat_advantage`, `seat_advantage_interval`,
/// `opening_pips`, `mean_turns`, `games_per_sec`, `lineup_win_share`,
/// `harbours_placed`) and `opening_pip_spread`.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct PlaySummary {
    /// The play-test's figures.
    #[serde(flatten)]
    pub report: PlayReport,
    /// Largest minus smallest seat's mean opening pips ([`pip_spread`]).
    pub opening_pip_spread: f64,
}

impl PlaySummary {
    /// The summary of `report`.
    pub fn new(report: &PlayReport) -> Self {
        PlaySummary {
            opening_pip_spread: pip_spread(report),
            report: report.clone(),
        }
    }
}

/// One family's play-test in a families play-test: `family` and the keys
/// of [`PlaySummary`].
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct FamilySummary {
    /// The family's name (`value`, `planner`, `search`, `random`).
    pub family: &'static str,
    /// Its play-test, that family at every seat.
    #[serde(flatten)]
    pub play: PlaySummary,
}

/// A families play-test as the `play` JSON writes it (`--bots
/// families…`): each family at every seat of its own games, and the worst
/// family's seat advantage as the robust figure.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct RobustSummary {
    /// Games per family.
    pub games: u32,
    /// Seats at the table.
    pub seats: u8,
    /// Each family's figures, in the order asked.
    pub families: Vec<FamilySummary>,
    /// The worst family's seat advantage with its 95 % interval.
    pub robust_seat_advantage: Advantage,
    /// The family whose seat advantage is the robust one.
    pub worst_family: &'static str,
}

impl RobustSummary {
    /// The summary of `report`.
    pub fn new(report: &RobustReport) -> Self {
        let first = report.families.first().map(|f| &f.play);
        RobustSummary {
            games: first.map_or(0, |p| p.games),
            seats: first.map_or(0, |p| p.seats),
            families: report
                .families
                .iter()
                .map(|f| FamilySummary {
                    family: f.family,
                    play: PlaySummary::new(&f.play),
                })
                .collect(),
            robust_seat_advantage: report.robust_seat_advantage,
            worst_family: report.worst_family,
        }
    }
}

/// The `play` JSON key of `evaluate` and `generate`: one lineup's
/// figures, or each family's with the robust figure.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[serde(untagged)]
pub enum PlayTestSummary {
    /// One lineup (one bot at every seat, or one per seat, rotated).
    Lineup(PlaySummary),
    /// Each family at every seat.
    Families(RobustSummary),
}
