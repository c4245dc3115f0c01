//! The key's lines and how they flow down the columns of the page.

use super::INK;
use std::fmt::Write;

/// One line of the key's flow.
#[derive(Clone, Debug, PartialEq)]
pub(super) enum Line {
    /// Words `indent` points in from the column's left edge.
    Text {
        text: String,
        indent: f64,
        size: f64,
    },
    /// The first line of a room's entry: its letter in a disc, then words.
    Room {
        letter: char,
        text: String,
        size: f64,
    },
    /// A section's heading, ruled under.
    Heading { text: String, size: f64 },
    /// A table row's first line: the roll, then words from `indent`.
    Row {
        roll: String,
        text: String,
        indent: f64,
        size: f64,
    },
    /// Blank space, dropped at the top of a column.
    Gap(f64),
}

impl Line {
    /// Height in points.
    fn height(&self) -> f64 {
        match self {
            Line::Text { size, .. } | Line::Row { size, .. } => size * 1.22,
            Line::Room { size, .. } => size * 1.45,
            Line::Heading { size, .. } => size * 1.7,
            Line::Gap(h) => *h,
        }
    }

    /// Draw the line with its top-left corner at `(x, y)`, `w` wide.
    fn draw(&self, out: &mut String, (x, y): (f64, f64), w: f64) {
        match self {
            Line::Text { text, indent, size } => {
                put(
                    out,
                    (x + indent, y + size * 0.93),
                    *size,
                    "start",
                    INK,
                    text,
                );
            }
            Line::Row {
                roll,
                text,
                indent,
                size,
            } => {
                put(out, (x, y + size * 0.93), *size, "start", INK, roll);
                put(
                    out,
                    (x + indent, y + size * 0.93),
                    *size,
                    "start",
                    INK,
                    text,
                );
            }
            Line::Room { letter, text, size } => {
                let r = size * 0.62;
                let cy = y + size * 0.72;
                let _ = write!(
                    out,
                    r#"<circle class="key-letter" cx="{:.2}" cy="{cy:.2}" r="{r:.2}" fill="{INK}"/>"#,
                    x + r
                );
                put(
                    out,
                    (x + r, cy + size * 0.3),
                    size * 0.85,
                    "middle",
                    "#ffffff",
                    &letter.to_string(),
                );
                put(
                    out,
                    (x + 2.0 * r + size * 0.4, cy + size * 0.36),
                    *size,
                    "start",
                    INK,
                    text,
                );
            }
            Line::Heading { text, size } => {
                put(out, (x, y + size * 1.15), *size, "start", INK, text);
                let _ = write!(
                    out,
                    r#"<path d="M{x:.2} {:.2}H{:.2}" stroke="{INK}" stroke-width="0.6"/>"#,
                    y + size * 1.45,
                    x + w
                );
            }
            Line::Gap(_) => {}
        }
    }
}

/// A run of lines set together: the first `keep` lines never end a
/// column (a heading stays with what it heads).
#[derive(Clone, Debug)]
pub(super) struct Block {
    pub(super) lines: Vec<Line>,
    pub(super) keep: usize,
}

/// A column of the flow: page, left, top, width, height, and which of
/// the key's settings (wrapped to which width) it takes.
#[derive(Clone, Copy, Debug)]
pub(super) struct Region {
    pub(super) page: usize,
    pub(super) x: f64,
    pub(super) y: f64,
    pub(super) w: f64,
    pub(super) h: f64,
    /// Index into the settings passed to [`flow`].
    pub(super) set: usize,
}

/// Set the blocks into `regions` in order, each region taking its lines
/// from `sets[region.set]` (the same blocks wrapped to its width); the
/// drawn lines per page, or `None` when they do not fit. A block that
/// would break from a column into one of another width starts whole in
/// the next column instead (its lines are wrapped for one width).
// `b` picks the same block from whichever setting a column takes.
#[allow(clippy::needless_range_loop)]
pub(super) fn flow(sets: &[&[Block]], regions: &[Region], pages: usize) -> Option<Vec<String>> {
    let mut out = vec![String::new(); pages];
    let mut r = 0;
    let mut used = 0.0;
    for b in 0..sets.first().map_or(0, |s| s.len()) {
        let set = regions.get(r)?.set;
        let whole: f64 = sets[set][b].lines.iter().map(Line::height).sum();
        let next_differs = regions.get(r + 1).is_some_and(|n| n.set != set);
        if used > 0.0 && next_differs && used + whole > regions[r].h + 0.01 {
            r += 1;
            used = 0.0;
        }
        let set = regions.get(r)?.set;
        let block = &sets[set][b];
        let head: f64 = block.lines.iter().take(block.keep).map(Line::height).sum();
        let mut i = 0;
        while i < block.lines.len() {
            let line = &block.lines[i];
            let region = regions.get(r)?;
            if region.set != set {
                return None; // a block taller than a column, into another width
            }
            if used == 0.0 && matches!(line, Line::Gap(_)) {
                i += 1;
                continue;
            }
            let need = if i == 0 {
                head.max(line.height())
            } else {
                line.height()
            };
            if used + need > region.h + 0.01 {
                if used == 0.0 {
                    return None; // taller than a whole column
                }
                r += 1;
                used = 0.0;
                continue;
            }
            line.draw(&mut out[region.page], (region.x, region.y + used), region.w);
            used += line.height();
            i += 1;
        }
    }
    Some(out)
}

/// Text at `(x, y)` (the baseline).
pub(super) fn put(
    out: &mut String,
    (x, y): (f64, f64),
    size: f64,
    anchor: &str,
    fill: &str,
    s: &str,
) {
    crate::export::puzzle::text(out, x, y, size, anchor, fill, s);
}
