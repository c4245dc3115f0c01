//! Charts of experiments (`evoboard bench --plot`): lines with a ±spread
//! band, published end points, and labelled scatter points (the core's
//! [`Line`], [`Marker`] and [`Dot`]), drawn with `plotters` as SVG. A PNG is that SVG rendered by resvg with the font
//! embedded in the binary ([`crate::export::png::render`]), so no system
//! font is ever looked up and the image is the same on every machine.
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

    fn draw<X>(
        &self,
        area: &DrawingArea<SVGBackend<'_>, plotters::coord::Shift>,
        x: X,
        y: std::ops::Range<f64>,
    ) -> CliResult
    where
        X: AsRangedCoord<Value = f64>,
        X::CoordDescType: ValueFormatter<f64>,
    {
        let mut chart = ChartBuilder::on(area)
            .caption(&self.title, (FONT, 20))
            .margin(14)
            .x_label_area_size(54)
            .y_label_area_size(64)
            .build_cartesian_2d(x, y)
            .map_err(plot_error)?;
        let fmt = |v: &f64| tick(*v);
        chart
            .configure_mesh()
            .x_desc(self.x_label.as_str())
            .y_desc(self.y_label.as_str())
            .x_label_formatter(&fmt)
            .y_label_formatter(&fmt)
            .label_style((FONT, 15))
            .axis_desc_style((FONT, 17))
            .light_line_style(RGBColor(238, 238, 238))
            .bold_line_style(RGBColor(205, 205, 205))
            .draw()
            .map_err(plot_error)?;
        // Bands first, lines over them.
        for line in &self.lines {
            let c = colour(line.colour);
            if line.points.iter().any(|p| p.spread > 0.0) {
                let band: Vec<(f64, f64)> = line
                    .points
                    .iter()
                    .map(|p| (p.x, p.y + p.spread))
                    .chain(line.points.iter().rev().map(|p| {
                        let low = p.y - p.spread;
                        (p.x, self.y_floor.map_or(low, |f| low.max(f)))
                    }))
                    .collect();
                chart
                    .draw_series(std::iter::once(Polygon::new(band, c.mix(0.16).filled())))
                    .map_err(plot_error)?;
            }
        }
        for line in &self.lines {
            let c = colour(line.colour);
            let pts: Vec<(f64, f64)> = line.points.iter().map(|p| (p.x, p.y)).collect();
            chart
                .draw_series(std::iter::once(PathElement::new(pts, c.stroke_width(3))))
                .map_err(plot_error)?;
        }
        self.draw_markers(&mut chart)?;
        self.draw_dots(&mut chart)?;
        Ok(())
    }

    fn draw_markers<X>(
        &self,
        chart: &mut ChartContext<'_, SVGBackend<'_>, Cartesian2d<X, RangedCoordf64>>,
    ) -> CliResult
    where
        X: Ranged<ValueType = f64>,
    {
        let ys: Vec<i32> = self
            .markers
            .iter()
            .map(|m| chart.backend_coord(&(m.x, m.y)).1)
            .collect();
        let label_ys = spread_labels(&ys, 17);
        for ((m, &y), &ly) in self.markers.iter().zip(&ys).zip(&label_ys) {
            let c = colour(m.colour);
            if m.spread > 0.0 {
                let bar = vec![(m.x, m.y - m.spread), (m.x, m.y + m.spread)];
                chart
                    .draw_series(std::iter::once(PathElement::new(bar, c.stroke_width(2))))
                    .map_err(plot_error)?;
            }
            let style = TextStyle::from((FONT, 14).into_font()).color(&c);
            let mark = EmptyElement::at((m.x, m.y))
                + Cross::new((0, 0), 7, c.stroke_width(3))
                + Text::new(m.label.clone(), (11, ly - y - 7), style);
            chart
                .draw_series(std::iter::once(mark))
                .map_err(plot_error)?;
        }
        Ok(())
    }

    fn draw_dots<X>(
        &self,
        chart: &mut ChartContext<'_, SVGBackend<'_>, Cartesian2d<X, RangedCoordf64>>,
    ) -> CliResult
    where
        X: Ranged<ValueType = f64>,
    {
        let grey = RGBColor(120, 120, 120);
        let blue = colour(0);
        let red = colour(3);
        for d in &self.dots {
            let tag = TextStyle::from((FONT, 11).into_font()).color(&grey);
            let dot = EmptyElement::at((d.x, d.y))
                + Circle::new((0, 0), 5, blue.mix(0.8).filled())
                + Text::new(d.tag.clone(), (6, -14), tag);
            chart
                .draw_series(std::iter::once(dot))
                .map_err(plot_error)?;
        }
        let (xs, _) = chart.plotting_area().get_pixel_range();
        let middle = (xs.start + xs.end) / 2;
        for d in &self.dots {
            if let Some(text) = &d.highlight {
                // Right of the dot in the left half, left of it in the
                // right half, so the label stays inside the plot.
                let right_half = chart.backend_coord(&(d.x, d.y)).0 > middle;
                let (dx, h) = if right_half {
                    (-12, HPos::Right)
                } else {
                    (12, HPos::Left)
                };
                let style = TextStyle::from((FONT, 15).into_font())
                    .color(&red)
                    .pos(Pos::new(h, VPos::Top));
                let dot = EmptyElement::at((d.x, d.y))
                    + Circle::new((0, 0), 9, red.stroke_width(3))
                    + Text::new(text.clone(), (dx, 4), style);
                chart
                    .draw_series(std::iter::once(dot))
                    .map_err(plot_error)?;
            }
        }
        Ok(())
    }

    fn legend(&self, area: &DrawingArea<SVGBackend<'_>, plotters::coord::Shift>) -> CliResult {
        let text = |s: &str, x: i32, y: i32, size: u32| {
            Text::new(
                s.to_string(),
                (x, y),
                TextStyle::from((FONT, size).into_font()).color(&BLACK),
            )
        };
        let mut y = 70;
        for line in &self.lines {
            let c = colour(line.colour);
            area.draw(&Rectangle::new(
                [(8, y - 8), (44, y + 8)],
                c.mix(0.16).filled(),
            ))
            .map_err(plot_error)?;
            area.draw(&PathElement::new(vec![(8, y), (44, y)], c.stroke_width(3)))
                .map_err(plot_error)?;
            area.draw(&text(&line.label, 52, y - 9, 16))
                .map_err(plot_error)?;
            y += 28;
        }
        if !self.markers.is_empty() {
            let c = RGBColor(60, 60, 60);
            area.draw(&Cross::new((26, y), 7, c.stroke_width(3)))
                .map_err(plot_error)?;
            area.draw(&text(&self.marker_legend, 52, y - 9, 14))
                .map_err(plot_error)?;
            y += 28;
        }
        if !self.dots.is_empty() {
            area.draw(&Circle::new((26, y), 5, colour(0).filled()))
                .map_err(plot_error)?;
            area.draw(&text(&self.dot_legend, 52, y - 9, 14))
                .map_err(plot_error)?;
            y += 28;
        }
        y += 10;
        for note in &self.notes {
            area.draw(&Text::new(
                note.clone(),
                (8, y),
                TextStyle::from((FONT, 12).into_font()).color(&RGBColor(90, 90, 90)),
            ))
            .map_err(plot_error)?;
            y += 17;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::boards::bench::LinePoint;

    #[test]
    fn a_chart_draws_its_curves_and_legend() {
        let chart = Chart {
            title: "demo".into(),
            x_label: "time (s)".into(),
            y_label: "score".into(),
            x_axis: Axis::Log,
            lines: vec![Line {
                label: "brkga".into(),
                colour: 1,
                points: vec![
                    LinePoint {
                        x: 0.01,
                        y: 40.0,
                        spread: 5.0,
                    },
                    LinePoint {
                        x: 1.0,
                        y: 10.0,
                        spread: 2.0,
                    },
                ],
            }],
            ..Chart::default()
        };
        let svg = chart.svg().unwrap();
        assert!(svg.contains("<svg "));
        assert!(svg.lines().any(|l| l.trim() == "brkga"));
    }

    #[test]
    fn labels_are_pushed_apart_in_order() {
        assert_eq!(
            spread_labels(&[100, 105, 300, 90], 17),
            vec![107, 124, 300, 90]
        );
    }

    #[test]
    fn ticks_are_short() {
        assert_eq!(tick(0.001), "0.001");
        assert_eq!(tick(0.5), "0.5");
        assert_eq!(tick(300.0), "300");
        assert_eq!(tick(0.0), "0");
    }

    #[test]
    fn formats_come_from_the_extension() {
        assert_eq!(PlotFormat::of(Path::new("a.SVG")), Ok(PlotFormat::Svg));
        assert_eq!(PlotFormat::of(Path::new("a.png")), Ok(PlotFormat::Png));
        let err = PlotFormat::of(Path::new("a.jpg")).unwrap_err();
        assert!(err.0.contains(".svg or .png"), "{err}");
    }
}
