//! What a bench's charts show, as plain data for any front end to draw:
//! the mean score over time per algorithm with its ± sd band, the papers'
//! end points beside them, and a sweep's scatter of parameter sets. The
//! command line draws them with plotters (`src/cli/plot/`).

use super::{BenchOutcome, SweepOutcome};
use crate::boards::Algorithm;

/// One point of a [`Line`]: `y` with a band `y ± spread` around it.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct LinePoint {
    /// Position on the x axis.
    pub x: f64,
    /// The line's value.
    pub y: f64,
    /// Half the band's height (0: no band).
    pub spread: f64,
}

/// A line with a band, one legend entry.
#[derive(Clone, Debug, PartialEq)]
pub struct Line {
    /// The legend's text.
    pub label: String,
    /// A colour number: the same number is the same colour
    /// ([`algorithm_colour`] gives each algorithm its own).
    pub colour: usize,
    /// Points in ascending x.
    pub points: Vec<LinePoint>,
}

/// A reference point (a published figure): a cross in a line's colour,
/// an optional error bar and a short label beside it.
#[derive(Clone, Debug, PartialEq)]
pub struct Marker {
    /// The colour number of the line it belongs to.
    pub colour: usize,
    /// Position on the x axis.
    pub x: f64,
    /// Position on the y axis.
    pub y: f64,
    /// Half the error bar's height (0: none).
    pub spread: f64,
    /// Text beside the cross.
    pub label: String,
}

/// A scatter point.
#[derive(Clone, Debug, PartialEq)]
pub struct Dot {
    /// Position on the x axis.
    pub x: f64,
    /// Position on the y axis.
    pub y: f64,
    /// A small grey tag beside the dot (may be empty).
    pub tag: String,
    /// Drawn large and red with this text beside it (the best point).
    pub highlight: Option<String>,
}

/// The score-over-time chart of a bench: x in seconds (a log axis suits
/// it), y the best score so far.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct CurveChart {
    /// One line per algorithm: the mean best score over the runs at each
    /// time of the grid, the band ± the sample sd; the label gives the
    /// final mean ± sd.
    pub lines: Vec<Line>,
    /// One marker per published end point matching the bench, in its
    /// algorithm's colour.
    pub markers: Vec<Marker>,
}

/// One colour number per algorithm, the same in every chart (its place
/// in [`Algorithm::ALL`]: best 0, brkga 1, pso 2, sahc 3, aco 4).
///
/// ```
/// use evoboard_core::boards::Algorithm;
/// use evoboard_core::boards::bench::algorithm_colour;
/// assert_eq!(algorithm_colour(Algorithm::Best), 0);
/// assert_eq!(algorithm_colour(Algorithm::Sahc), 3);
/// ```
pub fn algorithm_colour(algorithm: Algorithm) -> usize {
    Algorithm::ALL
        .iter()
        .position(|&a| a == algorithm)
        .unwrap_or(0)
}

impl BenchOutcome {
    /// The score-over-time chart: empty lines unless the plan sampled
    /// the curves ([`BenchPlan::curves`](super::BenchPlan::curves) or
    /// checkpoints).
    pub fn curve_chart(&self) -> CurveChart {
        let lines = self
            .results
            .iter()
            .map(|r| Line {
                label: format!(
                    "{} ({:.1} ± {:.1})",
                    r.algorithm.name(),
                    r.summary.mean,
                    r.summary.sd
                ),
                colour: algorithm_colour(r.algorithm),
                points: r.summary.curve.clone(),
            })
            .collect();
        let markers = self
            .results
            .iter()
            .flat_map(|r| {
                r.published.iter().map(|p| Marker {
                    colour: algorithm_colour(r.algorithm),
                    x: p.seconds,
                    y: p.score,
                    spread: p.sd,
                    label: p.label.to_string(),
                })
            })
            .collect();
        CurveChart { lines, markers }
    }
}

impl SweepOutcome {
    /// The sweep's scatter: mean final score (y) against mean time to the
    /// best board in ms (x), one dot per set tagged with its number
    /// ([`SweepSet::tag`](super::SweepSet::tag)), the best one
    /// highlighted as `best: set N (values): mean`.
    pub fn scatter(&self) -> Vec<Dot> {
        self.sets
            .iter()
            .enumerate()
            .map(|(i, set)| Dot {
                x: set.summary.mean_ms,
                y: set.summary.mean,
                tag: set.tag().to_string(),
                highlight: (i == self.best).then(|| {
                    format!(
                        "best: set {} ({}): {:.1}",
                        set.tag(),
                        self.swept_text(set),
                        set.summary.mean
                    )
                }),
            })
            .collect()
    }
}
