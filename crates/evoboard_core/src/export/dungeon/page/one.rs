//! The game master's single page: the map at the top right, as wide as
//! its cells need, the key's columns beside it from the top and under
//! it; the largest map and text that fit.
//!
//! For each text size (8, 7.5 and 7 pt) the map's cell is tried from
//! [`CELLS`]'s largest down until the key fits: the map takes the width
//! its cells and row numbers need (at least a column's), the room left of
//! it is cut into columns about [`COLUMN`] wide (none when under
//! [`MIN_COLUMN`]: the map then has the page's width) and the room under
//! it likewise. Of those fits the page takes the largest text whose map
//! is not much smaller than another's ([`TIERS`]).

use super::flow::{Block, Region, flow};
use super::map::MapPlan;
use super::{Book, GUTTER, MARGIN};
use crate::export::ExportError;
use crate::export::dungeon::key::{KeyText, key_text};
use crate::export::dungeon::paper::MIN_TEXT;
use std::collections::HashMap;
use std::fmt::Write;

/// A key column's width to aim at (three across A4 or Letter).
const COLUMN: f64 = 165.0;
/// The narrowest key column.
const MIN_COLUMN: f64 = 110.0;
/// Map cells tried, in points, largest first (18 pt caps a small
/// dungeon's map; under 3 pt the cells are too small to count).
const CELLS: [f64; 19] = [
    18.0, 16.0, 14.0, 12.0, 11.0, 10.0, 9.0, 8.0, 7.5, 7.0, 6.5, 6.0, 5.5, 5.0, 4.5, 4.0, 3.5,
    3.25, 3.0,
];
/// The text sizes tried, largest first.
const SIZES: [f64; 3] = [8.0, 7.5, MIN_TEXT];
/// Map cells the page would rather keep than larger text: the first
/// tier some text size's map reaches picks the largest such size.
const TIERS: [f64; 6] = [9.0, 7.0, 5.5, 4.5, 3.5, 0.0];

/// The columns across `width` points: about [`COLUMN`] wide, none under
/// [`MIN_COLUMN`]; their count and width.
fn columns(width: f64) -> (usize, f64) {
    let mut n = (((width + GUTTER) / (COLUMN + GUTTER)).round() as usize).max(1);
    while n > 1 && (width - GUTTER * (n - 1) as f64) / (n as f64) < MIN_COLUMN {
        n -= 1;
    }
    (n, (width - GUTTER * (n - 1) as f64) / n as f64)
}

/// A page that fits: the cell, the map's SVG and the key's.
struct Fit {
    cell: f64,
    map: String,
    key: String,
}

impl Book<'_> {
    /// The game master's single page (see the module notes).
    pub(super) fn one_page(&self) -> Result<Vec<String>, ExportError> {
        let key = key_text(self.d);
        let plan = self.map_plan(self.d);
        let mut wrapped = HashMap::new();
        let mut fits = Vec::new();
        for size in SIZES {
            let mut head = self.open();
            let top = self.header(&mut head, size + 0.5);
            let fit = CELLS
                .iter()
                .find_map(|&s| self.fit_one(&plan, (&key, &mut wrapped), (size, top), s));
            fits.push((head, fit));
        }
        let best = TIERS.iter().find_map(|&tier| {
            fits.iter()
                .position(|(_, f)| f.as_ref().is_some_and(|f| f.cell >= tier))
        });
        let Some((head, Some(fit))) = best.map(|i| fits.swap_remove(i)) else {
            return Err(ExportError::KeyDoesNotFit { pages: 1 });
        };
        let mut page = head;
        page.push_str(&fit.map);
        let _ = write!(page, r#"<g class="key">{}</g>"#, fit.key);
        self.close(&mut page, 1, 1, "game master's key");
        Ok(vec![page])
    }

    /// The map at `s` points a cell and the key at `size` points under a
    /// header ending at `top`, if they fit. `wrapped` keeps the key's
    /// blocks by text size and column width.
    fn fit_one(
        &self,
        plan: &MapPlan,
        (key, wrapped): (&KeyText, &mut HashMap<(u64, u64), Vec<Block>>),
        (size, top): (f64, f64),
        s: f64,
    ) -> Option<Fit> {
        let (w, h) = self.size();
        let full = w - 2.0 * MARGIN;
        let bottom = h - MARGIN - 16.0;
        if plan.width(s) > full {
            return None;
        }
        // The map's box at the right: its own width (a column's at least),
        // or the page's when what is left beside it is too narrow.
        let mut right = plan.width(s).max(MIN_COLUMN);
        if full - right - GUTTER < MIN_COLUMN {
            right = full;
        }
        let left = full - right - GUTTER;
        let (_, under) = self.map_under(plan, right);
        let map_h = plan.cells_height(s) + under;
        if top + map_h > bottom {
            return None;
        }
        let mut widths = Vec::new();
        let mut regions = Vec::new();
        if right < full {
            let (n, cw) = columns(left);
            widths.push(cw);
            regions.extend((0..n).map(|c| Region {
                page: 0,
                x: MARGIN + c as f64 * (cw + GUTTER),
                y: top,
                w: cw,
                h: bottom - top,
                set: 0,
            }));
        }
        let below = top + map_h + 6.0;
        if bottom - below > 30.0 {
            let (n, cw) = columns(right);
            let set = widths.len();
            widths.push(cw);
            regions.extend((0..n).map(|c| Region {
                page: 0,
                x: MARGIN + full - right + c as f64 * (cw + GUTTER),
                y: below,
                w: cw,
                h: bottom - below,
                set,
            }));
        }
        if regions.is_empty() {
            return None;
        }
        for &cw in &widths {
            wrapped
                .entry((size.to_bits(), cw.to_bits()))
                .or_insert_with(|| self.key_blocks(key, cw, size));
        }
        let sets: Vec<&[Block]> = widths
            .iter()
            .map(|cw| wrapped[&(size.to_bits(), cw.to_bits())].as_slice())
            .collect();
        let text = flow(&sets, &regions, 1)?;
        let map = self.map_at(plan, (MARGIN + full - right, top), right, s);
        Some(Fit {
            cell: s,
            map: map.svg,
            key: text.into_iter().next().unwrap_or_default(),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn columns_are_about_a_third_of_the_page_and_never_too_narrow() {
        assert_eq!(columns(535.28).0, 3);
        assert_eq!(columns(552.0).0, 3);
        let (n, w) = columns(300.0);
        assert_eq!(n, 2);
        assert!(w >= MIN_COLUMN);
        assert_eq!(columns(200.0).0, 1);
        assert_eq!(columns(90.0), (1, 90.0));
    }
}
