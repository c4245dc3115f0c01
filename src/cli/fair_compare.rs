//! The chart of `generate catan --fair-by-play K --plot FILE`: the core's
//! [`FairnessChart`] (each board's seat advantage against its opening-pip
//! spread, the groups' means, the pick) drawn with [`super::plot`].

use super::common::CliError;
use super::plot::{Chart, Dot, Marker};
use crate::boards::catan::fairness::FairnessChart;
use std::path::Path;

/// Draw `data` to `path` (`.svg` or `.png`): every board a dot, each
/// group's mean a cross with ± one standard deviation of the advantage,
/// the pick (re-measured) highlighted; `note` (the command) under the
/// legend, a line per flag.
pub fn plot(path: &Path, force: bool, data: &FairnessChart, note: &str) -> Result<(), CliError> {
    let mut chart = Chart {
        title: "Catan: seat advantage by play (value bots)".into(),
        x_label: "opening-pip spread (max − min seat mean)".into(),
        y_label: "seat advantage (max − min win share)".into(),
        y_floor: Some(0.0),
        marker_legend: "mean, ± 1 sd".into(),
        dot_legend: "one board".into(),
        notes: note
            .split(" --")
            .enumerate()
            .map(|(i, n)| {
                if i == 0 {
                    n.to_string()
                } else {
                    format!("--{n}")
                }
            })
            .collect(),
        ..Chart::default()
    };
    for (k, g) in data.groups.iter().enumerate() {
        chart.markers.push(Marker {
            colour: k,
            x: g.mean.pip_spread,
            y: g.mean.seat_advantage,
            spread: g.seat_advantage_sd,
            label: g.label.clone(),
        });
        for p in &g.boards {
            chart.dots.push(Dot {
                x: p.pip_spread,
                y: p.seat_advantage,
                tag: String::new(),
                highlight: None,
            });
        }
    }
    chart.dots.push(Dot {
        x: data.pick.pip_spread,
        y: data.pick.seat_advantage,
        tag: String::new(),
        highlight: Some("fair-by-play pick (fresh games)".into()),
    });
    chart.write(path, force)
}
