//! The printed map: cropped, with labels, scale bar and legend.

use super::flow::put;
use super::{Book, INK, MAP_MARGIN, MIN_MARK};
use crate::dungeon::{Dungeon, column_label};
use crate::export::dungeon::crop::{Cropped, crop};
use crate::export::dungeon::legend::{legend_rows, symbols};
use crate::export::dungeon::look::{Colours, MapView};
use crate::export::dungeon::svg::{Parts, cells_vector, overlay_parts};
use std::fmt::Write;

/// A laid-out map: its SVG and the height it takes.
pub(super) struct MapBlock {
    pub(super) svg: String,
    pub(super) height: f64,
}

/// A map cut to its drawn cells, ready to be set at any cell size.
pub(super) struct MapPlan {
    cut: Cropped,
    /// Space for the column letters above the cells (GM).
    top: f64,
    /// Space for the row numbers left of the cells (GM).
    left: f64,
}

impl MapPlan {
    /// Width of the cells and their row numbers at `s` points a cell.
    pub(super) fn width(&self, s: f64) -> f64 {
        self.left + self.cut.dungeon.width() as f64 * s
    }

    /// Height of the labels and cells at `s` points a cell (without the
    /// scale bar and legend under them).
    pub(super) fn cells_height(&self, s: f64) -> f64 {
        self.top + self.cut.dungeon.height() as f64 * s
    }

    /// The largest cell (at most `cap`) whose labels and cells fit `w`
    /// by `h` points with `below` points left under them.
    fn cell_for(&self, (w, h): (f64, f64), below: f64, cap: f64) -> f64 {
        let (cols, rows) = (
            self.cut.dungeon.width() as f64,
            self.cut.dungeon.height() as f64,
        );
        ((w - self.left) / cols)
            .min((h - self.top - below) / rows)
            .min(cap)
    }
}

/// Space between the map and the scale bar under it.
const GAP: f64 = 6.0;

impl Book<'_> {
    /// `d` (already the players' copy for the players) cropped for the
    /// page, with room for its labels.
    pub(super) fn map_plan(&self, d: &Dungeon) -> MapPlan {
        let cut = crop(d, MAP_MARGIN);
        // Labels: letters above, numbers left, at most 6.5 pt.
        let row_label = (cut.origin.1 + cut.dungeon.height()).to_string();
        let (top, left) = if self.setup.look.view == MapView::Gm {
            (8.0, self.fonts.width(&row_label, 6.0) + 3.0)
        } else {
            (0.0, 0.0)
        };
        MapPlan { cut, top, left }
    }

    /// The legend of `plan` set across `w` points, and the height under
    /// the map it takes with the scale bar.
    pub(super) fn map_under(&self, plan: &MapPlan, w: f64) -> (String, f64) {
        let look = self.setup.look;
        let (legend, legend_h) = legend_rows(
            &symbols(&plan.cut.dungeon, look),
            (0.0, 0.0),
            (w, 7.0),
            look,
            INK,
            &|s, size| self.fonts.width(s, size),
        );
        (legend, GAP + legend_h + 18.0) // the scale bar's line and gaps
    }

    /// The map of `d` (already the players' copy for the players), cropped,
    /// in a box `w` wide and at most `max_h` high at `(x, y)`, cells at
    /// most `cap` points: labels (GM), the map, the scale bar and the
    /// legend under it. `None` when its cells would be under 2.5 points.
    pub(super) fn map(
        &self,
        d: &Dungeon,
        (x, y): (f64, f64),
        (w, max_h): (f64, f64),
        cap: f64,
    ) -> Option<MapBlock> {
        let plan = self.map_plan(d);
        let (_, under) = self.map_under(&plan, w);
        let s = plan.cell_for((w, max_h), under - GAP, cap);
        (s >= 2.5).then(|| self.map_at(&plan, (x, y), w, s))
    }

    /// The map of `plan` at `s` points a cell, centred in a box `w` wide
    /// at `(x, y)`, the scale bar and legend under it from the box's left.
    pub(super) fn map_at(&self, plan: &MapPlan, (x, y): (f64, f64), w: f64, s: f64) -> MapBlock {
        let look = self.setup.look;
        let (legend, under) = self.map_under(plan, w);
        let cd = &plan.cut.dungeon;
        let (mw, mh) = (cd.width() as f64 * s, cd.height() as f64 * s);
        let mx = x + plan.left + (w - plan.width(s)) / 2.0;
        let my = y + plan.top;
        let mut svg = format!(r#"<g class="map" transform="translate({mx:.2} {my:.2})">"#);
        svg.push_str(&cells_vector(cd, s, look.style));
        let parts = Parts {
            mark: (MIN_MARK / s).max(1.0),
            ..Parts::MAP_ONLY
        };
        svg.push_str(&overlay_parts(cd, s, look, parts));
        let _ = write!(
            svg,
            r#"<rect width="{mw:.2}" height="{mh:.2}" fill="none" stroke="{INK}" stroke-width="0.6"/></g>"#
        );
        if look.view == MapView::Gm {
            self.labels(&mut svg, cd, plan.cut.origin, (mx, my), s);
        }
        let below = my + mh + GAP;
        scale_bar(&mut svg, (x, below), s);
        let _ = write!(
            svg,
            r#"<g transform="translate({x:.2} {:.2})">{legend}</g>"#,
            below + 14.0
        );
        MapBlock {
            svg,
            height: plan.cells_height(s) + under,
        }
    }

    /// Column letters above the map and row numbers left of it, as the
    /// room key names cells, every cell or every 2nd, 5th or 10th when
    /// cells are small.
    fn labels(
        &self,
        out: &mut String,
        cd: &Dungeon,
        (ox, oy): (usize, usize),
        (mx, my): (f64, f64),
        s: f64,
    ) {
        let size = (s * 0.7).clamp(4.5, 6.5);
        let wide = self.fonts.width("WW", size) + 1.5;
        let every = [1, 2, 5, 10]
            .into_iter()
            .find(|&k| k as f64 * s >= wide)
            .unwrap_or(10);
        let tall = [1, 2, 5, 10]
            .into_iter()
            .find(|&k| k as f64 * s >= size * 1.1)
            .unwrap_or(10);
        let _ = write!(
            out,
            r#"<g class="coordinates" font-size="{size:.2}" fill="{INK}">"#
        );
        for x in (0..cd.width()).filter(|x| (ox + x) % every == 0) {
            let _ = write!(
                out,
                r#"<text x="{:.2}" y="{:.2}" text-anchor="middle">{}</text>"#,
                mx + (x as f64 + 0.5) * s,
                my - 2.0,
                column_label(ox + x)
            );
        }
        for y in (0..cd.height()).filter(|y| (oy + y + 1) % tall == 0 || tall == 1) {
            let _ = write!(
                out,
                r#"<text x="{:.2}" y="{:.2}" text-anchor="end">{}</text>"#,
                mx - 2.0,
                my + (y as f64 + 0.5) * s + size * 0.36,
                oy + y + 1
            );
        }
        out.push_str("</g>");
    }
}

/// A scale bar at `(x, y)` (its top-left) for cells of `s` points: a
/// bar of 10-ft segments, black and white in turn, 10 to 100 ft long as
/// fits about 150 points, labelled.
fn scale_bar(out: &mut String, (x, y): (f64, f64), s: f64) {
    let c = Colours::INK;
    let cells = [20usize, 10, 4, 2]
        .into_iter()
        .find(|&n| n as f64 * s <= 150.0)
        .unwrap_or(2);
    let _ = write!(out, r#"<g class="scale-bar">"#);
    for i in 0..cells / 2 {
        let fill = if i % 2 == 0 { c.wall } else { c.floor };
        let _ = write!(
            out,
            r#"<rect x="{:.2}" y="{:.2}" width="{:.2}" height="3" fill="{fill}" stroke="{INK}" stroke-width="0.5"/>"#,
            x + (2 * i) as f64 * s,
            y + 2.0,
            2.0 * s
        );
    }
    put(
        out,
        (x + cells as f64 * s + 5.0, y + 6.5),
        7.0,
        "start",
        INK,
        &format!("{} ft (one square = 5 ft)", 5 * cells),
    );
    out.push_str("</g>");
}
