//! Drawing a [`Chart`] with plotters: the plot area (lines, spread bands,
//! published markers, labelled dots) and the legend panel beside it.

use super::*;

/// The plot area: axes, spread bands, lines, published markers and
/// labelled dots.
impl Chart {
    pub(super) fn draw<X>(
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

    /// The legend panel: one row per line, marker and dot label.
    pub(super) fn legend(
        &self,
        area: &DrawingArea<SVGBackend<'_>, plotters::coord::Shift>,
    ) -> CliResult {
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
