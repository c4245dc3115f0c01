//! The data of the fair-by-play chart (`--plot`): each board's seat
//! advantage against its opening-pip spread, each group's mean with ± one
//! standard deviation, and the pick. Plain numbers; drawing is the
//! caller's.

use super::summary::pip_spread;
use crate::boards::catan::play::PlayReport;
use crate::stats::mean_sd;

/// One board on the chart.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct ChartPoint {
    /// Its opening-pip spread ([`pip_spread`], the x axis).
    pub pip_spread: f64,
    /// Its seat advantage (the y axis).
    pub seat_advantage: f64,
}

impl ChartPoint {
    /// The point of one play-test.
    pub fn of(r: &PlayReport) -> Self {
        ChartPoint {
            pip_spread: pip_spread(r),
            seat_advantage: r.seat_advantage,
        }
    }
}

/// A group of boards on the chart: its points and its mean.
#[derive(Clone, Debug, PartialEq)]
pub struct ChartGroup {
    /// The legend's words.
    pub label: String,
    /// One point a board.
    pub boards: Vec<ChartPoint>,
    /// The mean of the points.
    pub mean: ChartPoint,
    /// The standard deviation of the seat advantage.
    pub seat_advantage_sd: f64,
}

impl ChartGroup {
    /// The group `label` of `reports` (one a board).
    pub fn new(label: impl Into<String>, reports: &[&PlayReport]) -> Self {
        let boards: Vec<ChartPoint> = reports.iter().map(|r| ChartPoint::of(r)).collect();
        let adv: Vec<f64> = boards.iter().map(|p| p.seat_advantage).collect();
        let pip: Vec<f64> = boards.iter().map(|p| p.pip_spread).collect();
        let (am, asd) = mean_sd(&adv);
        let (pm, _) = mean_sd(&pip);
        ChartGroup {
            label: label.into(),
            boards,
            mean: ChartPoint {
                pip_spread: pm,
                seat_advantage: am,
            },
            seat_advantage_sd: asd,
        }
    }
}

/// The chart: the groups (candidates, random boards, the beginner board)
/// and the pick re-measured on fresh games.
#[derive(Clone, Debug, PartialEq)]
pub struct FairnessChart {
    /// The groups, in legend order.
    pub groups: Vec<ChartGroup>,
    /// The pick (its worst family's fresh games).
    pub pick: ChartPoint,
}
