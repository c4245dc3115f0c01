//! The charts of `bench --plot`: the mean score over time per algorithm
//! with the papers' end points, and the sweep's scatter.

use super::super::plot::{Axis, Chart, Dot, Line, Marker};
use super::published::PublishedPoint;
use super::stats::Summary;
use super::{BenchArgs, Plan};
use crate::boards::Algorithm;

/// One colour per algorithm, the same in every plot.
fn colour(alg: Algorithm) -> usize {
    Algorithm::ALL.iter().position(|&a| a == alg).unwrap_or(0)
}

/// The rules as the title shows them (with the weights when not plain).
fn rules_text(plan: &Plan) -> String {
    let w = plan.scoring.weights.0;
    if plan.game == crate::boards::BoardGame::TerraMystica && w != [1; 4] {
        format!(
            "{} rules, weights {}",
            plan.scoring.rules.name(),
            w.map(|x| x.to_string()).join(",")
        )
    } else if plan.game == crate::boards::BoardGame::TerraMystica {
        format!("{} rules", plan.scoring.rules.name())
    } else if plan.scoring.catan == crate::boards::catan::CatanOptions::table() {
        "table rules".to_string()
    } else {
        "R1-R3".to_string()
    }
}

/// `1 run`, `30 runs`.
fn runs_text(runs: u64) -> String {
    if runs == 1 {
        "1 run".into()
    } else {
        format!("{runs} runs")
    }
}

/// The score-over-time chart: one line (mean) and band (± sd) per
/// algorithm on a log time axis, a cross per matching published figure.
pub(super) fn curves(
    a: &BenchArgs,
    plan: &Plan,
    summaries: &[(Algorithm, Summary, Vec<PublishedPoint>)],
) -> Chart {
    let lines = summaries
        .iter()
        .map(|(alg, s, _)| Line {
            label: format!("{} ({:.1} ± {:.1})", alg.name(), s.mean, s.sd),
            colour: colour(*alg),
            points: s.curve.clone(),
        })
        .collect();
    let markers = summaries
        .iter()
        .flat_map(|(alg, _, paper)| {
            paper.iter().map(|p| Marker {
                colour: colour(*alg),
                x: p.seconds,
                y: p.score,
                spread: p.sd,
                label: p.label.to_string(),
            })
        })
        .collect();
    let mut notes = vec![
        "line: mean best score over the runs".to_string(),
        "band: ± 1 sd; legend: final mean ± sd".to_string(),
    ];
    // One parameter a line, so that long sets stay inside the picture.
    notes.extend(a.params.iter().map(|p| format!("--param {p}")));
    Chart {
        title: format!(
            "{}, {}: {} × {} s each",
            plan.game.name(),
            rules_text(plan),
            runs_text(plan.runs),
            plan.time_limit
        ),
        x_label: "time since the start of a run (s, log scale)".into(),
        y_label: "best score so far".into(),
        x_axis: Axis::Log,
        y_floor: Some(0.0),
        lines,
        markers,
        marker_legend: "published end point".into(),
        notes,
        ..Chart::default()
    }
}

/// One point of the sweep's scatter.
pub(super) struct SweepPoint {
    /// The tag beside the dot (the set's number).
    pub tag: String,
    /// Mean ms to the best board.
    pub mean_ms: f64,
    /// Mean final score.
    pub mean: f64,
}

/// The sweep's scatter: mean score against mean time to best, one dot per
/// set, the best one labelled.
pub(super) fn scatter(
    plan: &Plan,
    algorithm: Algorithm,
    points: &[SweepPoint],
    best: usize,
    best_label: String,
    swept: &str,
) -> Chart {
    let dots = points
        .iter()
        .enumerate()
        .map(|(i, p)| Dot {
            x: p.mean_ms,
            y: p.mean,
            tag: p.tag.clone(),
            highlight: (i == best).then(|| best_label.clone()),
        })
        .collect();
    Chart {
        title: format!(
            "{}, {}: {} sweep, {} sets × {} × {} s",
            plan.game.name(),
            rules_text(plan),
            algorithm.name(),
            points.len(),
            runs_text(plan.runs),
            plan.time_limit
        ),
        x_label: "mean time to the best board (ms)".into(),
        y_label: "mean final score".into(),
        x_axis: Axis::Linear,
        dots,
        dot_legend: "one parameter set".into(),
        notes: vec![
            format!("swept: {swept}"),
            "tag: the set's number".to_string(),
            "red: the best set (lowest mean,".to_string(),
            "ties: shortest mean time to best)".to_string(),
        ],
        ..Chart::default()
    }
}
