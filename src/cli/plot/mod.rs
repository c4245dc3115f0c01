//! Charts of experiments (`evoboard bench --plot`): lines with a ±spread
//! band, published end points, and labelled scatter points (the core's
//! [`Line`], [`Marker`] and [`Dot`]), drawn with `plotters` as SVG (in
//! `draw`). A PNG is that SVG rendered by resvg with the font embedded in
//! the binary ([`crate::export::png::render`]), so no system font is ever
//! looked up and the image is the same on every machine.
//!
//! The legend sits in a panel right of the plot, so it never covers a
//! curve.

use super::common::{CliError, CliResult, write_atomic};
/// The chart's parts are the core's plain data
/// ([`evoboard_core::boards::bench`](crate::boards::bench)); this module
/// only draws them.
pub use crate::boards::bench::{Dot, Line, Marker};
use plotters::coord::ranged1d::{AsRangedCoord, ValueFormatter};
use plotters::coord::types::RangedCoordf64;
use plotters::prelude::*;
use plotters::style::text_anchor::{HPos, Pos, VPos};
use std::path::Path;

mod draw;

/// Width of the SVG in user units (pixels at 1:1).
pub const WIDTH: u32 = 1100;
/// Height of the SVG.
pub const HEIGHT: u32 = 640;
/// Width of a PNG plot in pixels (the SVG at twice its size).
pub const PNG_WIDTH: u32 = 2 * WIDTH;
/// Height of a PNG plot in pixels.
pub const PNG_HEIGHT: u32 = 2 * HEIGHT;
/// Width of the legend panel right of the plot.
const LEGEND_WIDTH: u32 = 250;
/// The font every text uses (the embedded face of the PNG export).
const FONT: &str = "DejaVu Sans";

/// Line colours (Tableau 10, the yellow darkened); [`Line::colour`] and
/// [`Marker::colour`] index it (modulo its length).
pub const PALETTE: [RGBColor; 10] = [
    RGBColor(78, 121, 167),
    RGBColor(242, 142, 43),
    RGBColor(89, 161, 79),
    RGBColor(225, 87, 89),
    RGBColor(176, 122, 161),
    RGBColor(118, 183, 178),
    RGBColor(156, 117, 95),
    RGBColor(255, 157, 167),
    RGBColor(186, 150, 20),
    RGBColor(110, 110, 110),
];

fn colour(i: usize) -> RGBColor {
    PALETTE[i % PALETTE.len()]
}

/// How the x axis is scaled.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Axis {
    /// Linear.
    #[default]
    Linear,
    /// Logarithmic (every x must be > 0).
    Log,
}

/// A whole chart: lines with bands, markers and dots on one pair of axes.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Chart {
    /// The caption above the plot.
    pub title: String,
    /// The x axis' description.
    pub x_label: String,
    /// The y axis' description.
    pub y_label: String,
    /// How x is scaled.
    pub x_axis: Axis,
    /// The lowest y a band may reach (e.g. 0 for scores that cannot be
    /// negative); `None`: no floor.
    pub y_floor: Option<f64>,
    /// Lines, one legend entry each.
    pub lines: Vec<Line>,
    /// Reference points; one legend entry `marker_legend` for all.
    pub markers: Vec<Marker>,
    /// The legend's text for the markers.
    pub marker_legend: String,
    /// Scatter points; one legend entry `dot_legend` for all.
    pub dots: Vec<Dot>,
    /// The legend's text for the dots.
    pub dot_legend: String,
    /// Lines of small text under the legend (notes, the command).
    pub notes: Vec<String>,
}

/// The file type of a plot, from its extension.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PlotFormat {
    /// `.svg`
    Svg,
    /// `.png`
    Png,
}

impl PlotFormat {
    /// The format `path`'s extension names (`.svg` or `.png`, any case).
    pub fn of(path: &Path) -> Result<PlotFormat, CliError> {
        let ext = path
            .extension()
            .and_then(|e| e.to_str())
            .map(str::to_ascii_lowercase);
        match ext.as_deref() {
            Some("svg") => Ok(PlotFormat::Svg),
            Some("png") => Ok(PlotFormat::Png),
            _ => Err(CliError(format!(
                "--plot {}: the file name must end in .svg or .png",
                path.display()
            ))),
        }
    }
}

fn plot_error(e: impl std::fmt::Display) -> CliError {
    CliError(format!("cannot draw the plot: {e}"))
}

/// Format a number for an axis tick: short, no trailing zeros.
fn tick(v: f64) -> String {
    let a = v.abs();
    if a == 0.0 {
        "0".into()
    } else if !(1e-3..1e5).contains(&a) {
        format!("{v:.0e}")
    } else if a >= 10.0 {
        format!("{v:.0}")
    } else {
        let s = format!("{v:.3}");
        s.trim_end_matches('0').trim_end_matches('.').to_string()
    }
}

/// Nudge labels (pixel y, ascending) apart so that consecutive ones are at
/// least `gap` pixels apart; returns each label's new pixel y.
fn spread_labels(ys: &[i32], gap: i32) -> Vec<i32> {
    let mut order: Vec<usize> = (0..ys.len()).collect();
    order.sort_by_key(|&i| ys[i]);
    let mut out = ys.to_vec();
    let mut prev: Option<i32> = None;
    for i in order {
        let y = prev.map_or(ys[i], |p| ys[i].max(p + gap));
        out[i] = y;
        prev = Some(y);
    }
    out
}

impl Chart {
    /// The x range covering every line, marker and dot (log: from the
    /// smallest positive x; a little room right of the last marker for
    /// its label).
    fn x_range(&self) -> (f64, f64) {
        let xs = self
            .lines
            .iter()
            .flat_map(|l| l.points.iter().map(|p| p.x))
            .chain(self.markers.iter().map(|m| m.x))
            .chain(self.dots.iter().map(|d| d.x))
            .filter(|x| x.is_finite() && (self.x_axis == Axis::Linear || *x > 0.0));
        let (lo, hi) = xs.fold((f64::INFINITY, f64::NEG_INFINITY), |(lo, hi), x| {
            (lo.min(x), hi.max(x))
        });
        let (lo, hi) = if lo.is_finite() {
            (lo, hi)
        } else {
            (1.0, 10.0)
        };
        match self.x_axis {
            Axis::Log => {
                let (lo, hi) = (lo / 1.15, (hi * 1.15).max(lo * 10.0));
                // Room for the markers' labels right of the last one: about
                // a sixth of the plot's width.
                let room = if self.markers.is_empty() {
                    1.0
                } else {
                    (hi / lo).powf(0.22)
                };
                (lo, hi * room)
            }
            Axis::Linear => {
                let pad = ((hi - lo) * 0.06).max(hi.abs() * 0.05).max(1e-9);
                let lo = if lo >= 0.0 { 0.0 } else { lo - pad };
                (lo, hi + pad * 2.0)
            }
        }
    }

    /// The y range: from 0 (or the lowest value) to the highest band,
    /// marker or dot, with a margin.
    fn y_range(&self) -> (f64, f64) {
        let ys = self
            .lines
            .iter()
            .flat_map(|l| {
                l.points
                    .iter()
                    .flat_map(|p| [p.y - p.spread, p.y + p.spread])
            })
            .chain(
                self.markers
                    .iter()
                    .flat_map(|m| [m.y - m.spread, m.y + m.spread]),
            )
            .chain(self.dots.iter().map(|d| d.y))
            .filter(|y| y.is_finite());
        let (lo, hi) = ys.fold((0.0f64, f64::NEG_INFINITY), |(lo, hi), y| {
            (lo.min(y), hi.max(y))
        });
        let lo = self.y_floor.map_or(lo, |f| lo.max(f));
        let hi = if hi.is_finite() && hi > lo {
            hi
        } else {
            lo + 1.0
        };
        (lo, hi + (hi - lo) * 0.08)
    }

    /// The chart as an SVG document ([`WIDTH`] × [`HEIGHT`]).
    pub fn svg(&self) -> Result<String, CliError> {
        let mut svg = String::new();
        {
            let root = SVGBackend::with_string(&mut svg, (WIDTH, HEIGHT)).into_drawing_area();
            root.fill(&WHITE).map_err(plot_error)?;
            let (main, side) = root.split_horizontally(WIDTH - LEGEND_WIDTH);
            let (x0, x1) = self.x_range();
            let (y0, y1) = self.y_range();
            match self.x_axis {
                Axis::Log => self.draw(&main, (x0..x1).log_scale(), y0..y1)?,
                Axis::Linear => self.draw(&main, x0..x1, y0..y1)?,
            }
            self.legend(&side)?;
            root.present().map_err(plot_error)?;
        }
        Ok(svg)
    }

    /// Write the chart to `path` as SVG or PNG (by its extension),
    /// atomically; an existing file is kept unless `force`.
    pub fn write(&self, path: &Path, force: bool) -> CliResult {
        let format = PlotFormat::of(path)?;
        let svg = self.svg()?;
        let bytes = match format {
            PlotFormat::Svg => svg.into_bytes(),
            PlotFormat::Png => {
                let (png, ..) = crate::export::png::render(&svg, PNG_WIDTH.max(PNG_HEIGHT))
                    .map_err(plot_error)?;
                png
            }
        };
        write_atomic(path, &bytes, force)
    }
}

#[cfg(test)]
mod tests;
