//! The reference boards `generate catan --fair-by-play K --compare R`
//! play-tests beside the candidates (R uniformly random boards and the
//! official beginner board), and the chart of `--plot`.

use super::catan_play::pip_spread;
use super::common::CliError;
use super::plot::{Chart, Dot, Marker};
use crate::boards::analysis::catan_table::official_beginner;
use crate::boards::catan::play::PlayReport;
use crate::boards::catan::{CatanBoard, CatanLayout};
use crate::boards::shuffle;
use crate::rng::{derive_seed, seeded};
use crate::stats::mean_sd;
use serde_json::{Value, json};
use std::path::Path;

/// Most random boards `--compare` plays.
pub const MAX_COMPARE: usize = 256;

/// A uniformly random island of `layout`: hexes shuffled, then the tokens
/// dealt at random to the hexes that are not deserts.
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

/// The boards `--compare R` plays: R random islands (seeded from `seed`)
/// and, on the base island, the official beginner board.
pub fn boards(
    layout: &CatanLayout,
    r: usize,
    seed: u64,
) -> Result<Vec<(String, Vec<u8>)>, CliError> {
    if r > MAX_COMPARE {
        return Err(CliError(format!(
            "--compare {r} is out of range; allowed: 0..={MAX_COMPARE}"
        )));
    }
    let mut out: Vec<(String, Vec<u8>)> = (0..r)
        .map(|i| {
            (
                "random".to_string(),
                random_board(layout, derive_seed(seed, 1000 + i as u64)),
            )
        })
        .collect();
    if layout.hexes() == 19 {
        out.push(("official".into(), official_beginner().encode()));
    }
    Ok(out)
}

/// The board each reference plays on (harbours placed by `seed`, as for a
/// share code).
pub fn island(codes: &[u8], seed: u64) -> CatanBoard {
    crate::boards::catan::play::placed_harbours(&CatanBoard::decode(codes), seed).0
}

/// The JSON summary of a group of reports: `boards`, the mean and
/// standard deviation of `seat_advantage` and `opening_pip_spread`.
pub fn group_json(reports: &[&PlayReport]) -> Value {
    let adv: Vec<f64> = reports.iter().map(|r| r.seat_advantage).collect();
    let pip: Vec<f64> = reports.iter().map(|r| pip_spread(r)).collect();
    let (am, asd) = mean_sd(&adv);
    let (pm, psd) = mean_sd(&pip);
    json!({
        "boards": reports.len(),
        "seat_advantage_mean": am,
        "seat_advantage_sd": asd,
        "opening_pip_spread_mean": pm,
        "opening_pip_spread_sd": psd,
    })
}

/// A labelled group of reports for the chart.
pub struct Group<'a> {
    /// Legend text.
    pub label: String,
    /// The reports.
    pub reports: Vec<&'a PlayReport>,
}

/// Seat advantage against opening-pip spread: every board a dot, each
/// group's mean a cross with ± one standard deviation of the advantage;
/// the pick (re-measured) highlighted.
pub fn plot(
    path: &Path,
    force: bool,
    groups: &[Group],
    pick: &PlayReport,
    note: String,
) -> Result<(), CliError> {
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
    for (k, g) in groups.iter().enumerate() {
        let adv: Vec<f64> = g.reports.iter().map(|r| r.seat_advantage).collect();
        let pip: Vec<f64> = g.reports.iter().map(|r| pip_spread(r)).collect();
        let (am, asd) = mean_sd(&adv);
        let (pm, _) = mean_sd(&pip);
        chart.markers.push(Marker {
            colour: k,
            x: pm,
            y: am,
            spread: asd,
            label: g.label.clone(),
        });
        for r in &g.reports {
            chart.dots.push(Dot {
                x: pip_spread(r),
                y: r.seat_advantage,
                tag: String::new(),
                highlight: None,
            });
        }
    }
    chart.dots.push(Dot {
        x: pip_spread(pick),
        y: pick.seat_advantage,
        tag: String::new(),
        highlight: Some("fair-by-play pick (fresh games)".into()),
    });
    chart.write(path, force)
}
