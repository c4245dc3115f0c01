//! The charts of `bench --plot`: the core's curve chart (the mean score
//! over time per algorithm with the papers' end points) and the sweep's
//! scatter, given a title, axes and notes, drawn by `src/cli/plot/`.

use super::super::plot::{Axis, Chart};
use super::BenchArgs;
use crate::boards::BoardGame;
use crate::boards::bench::{BenchOutcome, BenchPlan, SweepOutcome};

/// The rules as the title shows them (with the weights when not plain).
fn rules_text(plan: &BenchPlan) -> String {
    let w = plan.scoring.weights.0;
    if plan.game == BoardGame::TerraMystica && w != [1; 4] {
        format!(
            "{} rules, weights {}",
            plan.scoring.rules.name(),
            w.map(|x| x.to_string()).join(",")
        )
    } else if plan.game == BoardGame::TerraMystica {
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
pub(super) fn curves(a: &BenchArgs, outcome: &BenchOutcome) -> Chart {
    let plan = &outcome.plan;
    let data = outcome.curve_chart();
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
        lines: data.lines,
        markers: data.markers,
        marker_legend: "published end point".into(),
        notes,
        ..Chart::default()
    }
}

/// The sweep's scatter: mean score against mean time to best, one dot per
/// set, the best one labelled.
pub(super) fn scatter(outcome: &SweepOutcome) -> Chart {
    let sweep = &outcome.plan;
    let plan = &sweep.bench;
    Chart {
        title: format!(
            "{}, {}: {} sweep, {} sets × {} × {} s",
            plan.game.name(),
            rules_text(plan),
            sweep.algorithm().name(),
            outcome.sets.len(),
            runs_text(plan.runs),
            plan.time_limit
        ),
        x_label: "mean time to the best board (ms)".into(),
        y_label: "mean final score".into(),
        x_axis: Axis::Linear,
        dots: outcome.scatter(),
        dot_legend: "one parameter set".into(),
        notes: vec![
            format!("swept: {}", sweep.swept.join(",")),
            "tag: the set's number".to_string(),
            "red: the best set (lowest mean,".to_string(),
            "ties: shortest mean time to best)".to_string(),
        ],
        ..Chart::default()
    }
}
