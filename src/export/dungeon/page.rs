//! The printed dungeon (issue 40): SVG pages in points that
//! [`crate::export::pdf::pdf`] binds into a PDF.
//!
//! The game master's page: the title and the hook to read aloud (from
//! [`crate::dungeon::Adventure`]; "Dungeon, seed N" and no hook in older
//! levels), "For N characters of level L" when the level says, the map
//! cropped to the dungeon with column letters and row numbers (the cells
//! the key names), a scale bar and a legend under it, then the room key
//! ([`key_text`], the Markdown key's facts) in three columns: where the
//! party enters and the main path, the traps, the secret doors, one entry
//! per room (its letter in a disc as on the map, what it is, the
//! description, then the GM's facts: enemies and their challenge,
//! treasure and its value, the locked and secret doors with their cells;
//! for a room without a description its size, light and every exit) and
//! the wandering-monster table when there is one.
//!
//! One page (`--pages 1`, the default): the text is set at 8 pt and the
//! map given about half the page; when the key does not fit, the map is
//! made smaller, or set beside the key's first column, and the text
//! smaller, down to 7 pt (the smallest this layout calls readable).
//! When even that does not fit, [`ExportError::KeyDoesNotFit`] says to
//! ask for two pages. Two pages (`--pages 2`): the map as large as the
//! first page allows, the key on the second page (8.5 pt, down to
//! 7.5 pt); a longer key starts under the map on the first page (the map
//! smaller if need be, the text down to 7 pt).
//!
//! The players' handout (`--view players`): title, hook and the players'
//! map ([`players_copy`]: nothing behind a secret door, no traps, locks,
//! keys, monsters, treasure or coordinates) as large as the page allows,
//! with its legend (doors, rooms) and scale bar. Always one page.
//!
//! The font is the embedded DejaVu Sans Bold (the PDF writer draws each
//! glyph's outline), measured here with its own advance widths to break
//! lines. Every colour is a grey except the map's in the colour style.

use super::crop::crop;
use super::key::{KeyText, key_text};
use super::legend::{legend_rows, symbols};
use super::look::{Colours, MapView, PrintStyle, players_copy};
use super::paper::{MAX_PAGES, MIN_TEXT, PageSetup};
use super::svg::{Parts, cells_vector, overlay_parts};
use crate::dungeon::{Dungeon, column_label};
use crate::export::ExportError;
use std::collections::HashMap;
use std::fmt::Write;

/// Page margin in points (about 10.6 mm).
const MARGIN: f64 = 30.0;
/// Space between the key's columns.
const GUTTER: f64 = 12.0;
/// The key's columns.
const COLUMNS: usize = 3;
/// Text ink.
const INK: &str = "#000000";
/// Quieter text: the party line, the footer.
const QUIET: &str = "#444444";
/// The hook's box.
const HOOK_BOX: &str = "#eeeeee";
/// Cells of rock kept round the printed map.
const MAP_MARGIN: usize = 1;
/// The smallest side of a room's disc on paper, in points (letters
/// about 6.5 pt).
const MIN_MARK: f64 = 10.0;

/// The dungeon's title on paper: the adventure's, else "Dungeon, seed N".
///
/// ```
/// use evoboard::dungeon::{generate_proposal, DungeonParams, Size};
/// use evoboard::export::dungeon::page::title;
/// let mut d = generate_proposal(&DungeonParams::for_size(Size::Small), 7, 0).unwrap();
/// d.adventure.title.clear();
/// assert_eq!(title(&d), format!("Dungeon, seed {}", d.seed));
/// d.adventure.title = "The Sunken Vault".into();
/// assert_eq!(title(&d), "The Sunken Vault");
/// ```
pub fn title(d: &Dungeon) -> String {
    let t = d.adventure.title.trim();
    if t.is_empty() {
        format!("Dungeon, seed {}", d.seed)
    } else {
        t.to_string()
    }
}

/// "For 4 characters of level 3" (or "For characters of level 3" when
/// the size is not known); `None` when the level gives no party level.
pub fn party_line(d: &Dungeon) -> Option<String> {
    let a = &d.adventure;
    (a.party_level > 0).then(|| match a.party_size {
        0 => format!("For characters of level {}", a.party_level),
        1 => format!("For 1 character of level {}", a.party_level),
        n => format!("For {n} characters of level {}", a.party_level),
    })
}

/// The pages of the printed dungeon (see the module notes): one or two
/// SVG documents the size of the paper, in points.
pub fn dungeon_pages(d: &Dungeon, setup: PageSetup) -> Result<Vec<String>, ExportError> {
    if !(1..=MAX_PAGES).contains(&setup.pages)
        || (setup.look.view == MapView::Players && setup.pages != 1)
    {
        return Err(ExportError::Pages {
            given: setup.pages,
            players: setup.look.view == MapView::Players,
        });
    }
    let fonts = Measure::new()?;
    let book = Book {
        d,
        setup,
        fonts: &fonts,
        title: title(d),
    };
    match (setup.look.view, setup.pages) {
        (MapView::Players, _) => Ok(vec![book.handout()]),
        (MapView::Gm, 1) => book.one_page(),
        (MapView::Gm, _) => book.two_pages(),
    }
}

/// Advance widths of the embedded font, per character, in ems.
struct Measure {
    advance: HashMap<char, f64>,
}

impl Measure {
    /// The embedded face's advance widths (from the font database the
    /// SVG reader uses).
    fn new() -> Result<Measure, ExportError> {
        use skrifa::MetadataProvider;
        use skrifa::prelude::{LocationRef, Size};
        let opt = crate::export::png::options();
        let face = opt
            .fontdb
            .faces()
            .next()
            .ok_or_else(|| ExportError::Render("no font".into()))?;
        let advance = opt
            .fontdb
            .with_face_data(face.id, |data, index| {
                let font = skrifa::FontRef::from_index(data, index).ok()?;
                let metrics = font.glyph_metrics(Size::new(1.0), LocationRef::default());
                Some(
                    font.charmap()
                        .mappings()
                        .filter_map(|(c, g)| {
                            Some((char::from_u32(c)?, f64::from(metrics.advance_width(g)?)))
                        })
                        .collect::<HashMap<char, f64>>(),
                )
            })
            .flatten()
            .ok_or_else(|| ExportError::Render("the embedded font does not read".into()))?;
        Ok(Measure { advance })
    }

    /// The width of `s` at `size` points.
    fn width(&self, s: &str, size: f64) -> f64 {
        s.chars()
            .map(|c| self.advance.get(&c).copied().unwrap_or(0.65))
            .sum::<f64>()
            * size
    }

    /// `text` broken into lines no wider than `width` at `size` points,
    /// at spaces (a word wider than a line is cut).
    fn wrap(&self, text: &str, width: f64, size: f64) -> Vec<String> {
        let mut lines = Vec::new();
        let mut line = String::new();
        for word in text.split_whitespace() {
            let tried = if line.is_empty() {
                word.to_string()
            } else {
                format!("{line} {word}")
            };
            if self.width(&tried, size) <= width {
                line = tried;
                continue;
            }
            if !line.is_empty() {
                lines.push(std::mem::take(&mut line));
            }
            let mut rest = word.to_string();
            while self.width(&rest, size) > width && rest.chars().count() > 1 {
                let mut cut = String::new();
                for c in rest.chars() {
                    if self.width(&format!("{cut}{c}"), size) > width && !cut.is_empty() {
                        break;
                    }
                    cut.push(c);
                }
                rest = rest[cut.len()..].to_string();
                lines.push(cut);
            }
            line = rest;
        }
        if !line.is_empty() {
            lines.push(line);
        }
        lines
    }
}

/// One line of the key's flow.
#[derive(Clone, Debug, PartialEq)]
enum Line {
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
struct Block {
    lines: Vec<Line>,
    keep: usize,
}

/// A column of the flow: page, left, top, width, height.
#[derive(Clone, Copy, Debug)]
struct Region {
    page: usize,
    x: f64,
    y: f64,
    w: f64,
    h: f64,
}

/// Set `blocks` into `regions` in order; the drawn lines per page, or
/// `None` when they do not fit.
fn flow(blocks: &[Block], regions: &[Region], pages: usize) -> Option<Vec<String>> {
    let mut out = vec![String::new(); pages];
    let mut r = 0;
    let mut used = 0.0;
    for block in blocks {
        let head: f64 = block.lines.iter().take(block.keep).map(Line::height).sum();
        let mut i = 0;
        while i < block.lines.len() {
            let line = &block.lines[i];
            let region = regions.get(r)?;
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
fn put(out: &mut String, (x, y): (f64, f64), size: f64, anchor: &str, fill: &str, s: &str) {
    crate::export::puzzle::text(out, x, y, size, anchor, fill, s);
}

/// A laid-out map: its SVG and the height it takes.
struct MapBlock {
    svg: String,
    height: f64,
    /// Points per cell.
    cell: f64,
}

/// What the pages are made from.
struct Book<'a> {
    d: &'a Dungeon,
    setup: PageSetup,
    fonts: &'a Measure,
    title: String,
}

impl Book<'_> {
    /// Page width and height.
    fn size(&self) -> (f64, f64) {
        self.setup.paper.size()
    }

    /// A page's opening tag and white paper.
    fn open(&self) -> String {
        let (w, h) = self.size();
        format!(
            r##"<svg xmlns="http://www.w3.org/2000/svg" width="{w}" height="{h}" viewBox="0 0 {w} {h}" font-family="DejaVu Sans" font-weight="bold"><rect width="{w}" height="{h}" fill="#ffffff"/>"##
        )
    }

    /// The footer and closing tag of page `n` of `total`.
    fn close(&self, out: &mut String, n: usize, total: usize, what: &str) {
        let (w, h) = self.size();
        let text = if total > 1 {
            format!("{} · {what} · page {n} of {total}", self.title)
        } else {
            format!("{} · {what}", self.title)
        };
        put(
            out,
            (w / 2.0, h - MARGIN + 12.0),
            7.0,
            "middle",
            QUIET,
            &text,
        );
        out.push_str("</svg>\n");
    }

    /// The title, party line and hook across the top; returns where the
    /// body starts. `hook_size`: the hook's text size.
    fn header(&self, out: &mut String, hook_size: f64) -> f64 {
        let (w, _) = self.size();
        let cw = w - 2.0 * MARGIN;
        let mut y = MARGIN;
        let _ = write!(out, r#"<g class="title">"#);
        for line in self.fonts.wrap(&self.title, cw, 18.0).iter().take(2) {
            put(out, (MARGIN, y + 16.0), 18.0, "start", INK, line);
            y += 21.0;
        }
        out.push_str("</g>");
        if let Some(party) = party_line(self.d) {
            put(out, (MARGIN, y + 9.0), 9.0, "start", QUIET, &party);
            y += 13.0;
        }
        let hook = self.d.adventure.hook.trim();
        if !hook.is_empty() {
            let pad = 5.0;
            let lines = self.fonts.wrap(hook, cw - 2.0 * pad, hook_size);
            let lh = hook_size * 1.25;
            let box_h = lines.len() as f64 * lh + 2.0 * pad;
            y += 3.0;
            let _ = write!(
                out,
                r#"<g class="hook"><rect x="{MARGIN}" y="{y:.2}" width="{cw:.2}" height="{box_h:.2}" fill="{HOOK_BOX}"/>"#
            );
            for (i, line) in lines.iter().enumerate() {
                let base = y + pad + i as f64 * lh + hook_size * 0.95;
                put(out, (MARGIN + pad, base), hook_size, "start", INK, line);
            }
            out.push_str("</g>");
            y += box_h;
        }
        y + 8.0
    }

    /// The map of `d` (already the players' copy for the players), cropped,
    /// in a box `w` wide and at most `max_h` high at `(x, y)`, cells at
    /// most `cap` points: labels (GM), the map, the scale bar and the
    /// legend under it. `None` when its cells would be under 2.5 points.
    fn map(
        &self,
        d: &Dungeon,
        (x, y): (f64, f64),
        (w, max_h): (f64, f64),
        cap: f64,
    ) -> Option<MapBlock> {
        let look = self.setup.look;
        let gm = look.view == MapView::Gm;
        let cut = crop(d, MAP_MARGIN);
        let (ox, oy) = cut.origin;
        let cd = &cut.dungeon;
        let (cols, rows) = (cd.width() as f64, cd.height() as f64);
        let legend_size = 7.0;
        let (legend, legend_h) = legend_rows(
            &symbols(cd, look),
            (0.0, 0.0),
            (w, legend_size),
            look,
            INK,
            &|s, size| self.fonts.width(s, size),
        );
        let under = legend_h + 18.0; // the scale bar's line and gaps
        // Labels: letters above, numbers left, at most 6.5 pt.
        let row_label = (oy + cd.height()).to_string();
        let (top, left) = if gm {
            (8.0, self.fonts.width(&row_label, 6.0) + 3.0)
        } else {
            (0.0, 0.0)
        };
        let s = ((w - left) / cols)
            .min((max_h - top - under) / rows)
            .min(cap);
        if s < 2.5 {
            return None;
        }
        let (mw, mh) = (cols * s, rows * s);
        let mx = x + left + (w - left - mw) / 2.0;
        let my = y + top;
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
        if gm {
            self.labels(&mut svg, cd, (ox, oy), (mx, my), s);
        }
        let below = my + mh + 6.0;
        scale_bar(&mut svg, (x, below), s, look.style);
        let _ = write!(
            svg,
            r#"<g transform="translate({x:.2} {:.2})">{legend}</g>"#,
            below + 14.0
        );
        Some(MapBlock {
            svg,
            height: top + mh + 6.0 + under,
            cell: s,
        })
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

    /// The players' handout: title, hook, the players' map.
    fn handout(&self) -> String {
        let (w, h) = self.size();
        let mut out = self.open();
        let top = self.header(&mut out, 10.0);
        let players = players_copy(self.d);
        let body = (w - 2.0 * MARGIN, h - MARGIN - 16.0 - top);
        if let Some(map) = self.map(&players, (MARGIN, top), body, 36.0) {
            out.push_str(&map.svg);
        }
        self.close(&mut out, 1, 1, "players' handout");
        out
    }

    /// The game master's single page (see the module notes).
    fn one_page(&self) -> Result<Vec<String>, ExportError> {
        let (w, h) = self.size();
        let key = key_text(self.d);
        let cw = (w - 2.0 * MARGIN - GUTTER * (COLUMNS - 1) as f64) / COLUMNS as f64;
        let bottom = h - MARGIN - 16.0;
        for size in [8.0, 7.5, MIN_TEXT] {
            let mut head = self.open();
            let top = self.header(&mut head, size + 0.5);
            let blocks = self.key_blocks(&key, cw, size);
            let body_h = bottom - top;
            // Full width under the title, or two columns' width at the
            // right with the key's first column beside it; ever smaller.
            for (span, share) in [
                (3, 0.55),
                (2, 0.62),
                (3, 0.45),
                (2, 0.52),
                (3, 0.36),
                (2, 0.42),
                (2, 0.34),
            ] {
                let mw = cw * span as f64 + GUTTER * (span - 1) as f64;
                let mx = w - MARGIN - mw;
                let Some(map) = self.map(self.d, (mx, top), (mw, body_h * share), 18.0) else {
                    continue;
                };
                if map.cell < 3.0 {
                    continue;
                }
                let under = top + map.height + 6.0;
                let regions: Vec<Region> = (0..COLUMNS)
                    .map(|c| {
                        let y = if span == 3 || c > 0 { under } else { top };
                        Region {
                            page: 0,
                            x: MARGIN + c as f64 * (cw + GUTTER),
                            y,
                            w: cw,
                            h: bottom - y,
                        }
                    })
                    .collect();
                if let Some(text) = flow(&blocks, &regions, 1) {
                    let mut page = head.clone();
                    page.push_str(&map.svg);
                    let _ = write!(page, r#"<g class="key">{}</g>"#, text[0]);
                    self.close(&mut page, 1, 1, "game master's key");
                    return Ok(vec![page]);
                }
            }
        }
        Err(ExportError::KeyDoesNotFit { pages: 1 })
    }

    /// The game master's two pages: the map, then the key. The key starts
    /// on the second page when it fits there at 7.5 pt or more; else it
    /// starts under the map on the first (the map made smaller if need be).
    fn two_pages(&self) -> Result<Vec<String>, ExportError> {
        let (w, h) = self.size();
        let key = key_text(self.d);
        let cw = (w - 2.0 * MARGIN - GUTTER * (COLUMNS - 1) as f64) / COLUMNS as f64;
        let bottom = h - MARGIN - 16.0;
        let mut first = self.open();
        let top = self.header(&mut first, 9.0);
        let body_h = bottom - top;
        let columns = |page: usize, y: f64| -> Vec<Region> {
            (0..COLUMNS)
                .map(|c| Region {
                    page,
                    x: MARGIN + c as f64 * (cw + GUTTER),
                    y,
                    w: cw,
                    h: bottom - y,
                })
                .filter(|r| r.h > 30.0)
                .collect()
        };
        let second_top = MARGIN + 22.0;
        let plain = [8.5, 8.0, 7.5].map(|size| (size, None));
        let shared = [8.0, 7.5, MIN_TEXT]
            .into_iter()
            .flat_map(|size| [1.0, 0.75, 0.6, 0.5].map(|share| (size, Some(share))));
        for (size, share) in plain.into_iter().chain(shared) {
            let map_h = body_h * share.unwrap_or(1.0);
            let Some(map) = self.map(self.d, (MARGIN, top), (w - 2.0 * MARGIN, map_h), 24.0) else {
                continue;
            };
            let mut regions = Vec::new();
            if share.is_some() {
                regions.extend(columns(0, top + map.height + 6.0));
            }
            regions.extend(columns(1, second_top));
            let blocks = self.key_blocks(&key, cw, size);
            let Some(text) = flow(&blocks, &regions, 2) else {
                continue;
            };
            let mut page1 = first.clone();
            page1.push_str(&map.svg);
            if !text[0].is_empty() {
                let _ = write!(page1, r#"<g class="key">{}</g>"#, text[0]);
            }
            self.close(&mut page1, 1, 2, "game master's key");
            let mut page2 = self.open();
            put(
                &mut page2,
                (MARGIN, MARGIN + 12.0),
                13.0,
                "start",
                INK,
                &self.title,
            );
            let _ = write!(page2, r#"<g class="key">{}</g>"#, text[1]);
            self.close(&mut page2, 2, 2, "game master's key");
            return Ok(vec![page1, page2]);
        }
        Err(ExportError::KeyDoesNotFit { pages: 2 })
    }

    /// The key as blocks of lines `cw` points wide at `size` points.
    fn key_blocks(&self, key: &KeyText, cw: f64, size: f64) -> Vec<Block> {
        let f = self.fonts;
        let d = self.d;
        let text = |s: &str, indent: f64| -> Vec<Line> {
            f.wrap(s, cw - indent, size)
                .into_iter()
                .map(|text| Line::Text { text, indent, size })
                .collect()
        };
        let heading = |s: &str| Line::Heading {
            text: s.to_string(),
            size: size * 1.15,
        };
        let mut blocks = Vec::new();
        let letter = |k: usize| d.rooms.get(k).map_or('?', |r| r.letter);
        let mut intro = format!(
            "Entrance: room {}. Final room: room {}.",
            letter(d.entrance),
            letter(d.final_room)
        );
        if !key.main_path.is_empty() {
            let path: Vec<String> = key.main_path.iter().map(char::to_string).collect();
            let _ = write!(intro, " Main path: {}.", path.join(" → "));
        }
        intro.push_str(" One square is 5 ft.");
        blocks.push(Block {
            lines: text(&intro, 0.0),
            keep: 1,
        });
        let hang = size * 0.8;
        for (title, notes) in [("Traps", &key.traps), ("Secret doors", &key.secret_doors)] {
            for (i, (head, rest)) in notes.iter().enumerate() {
                let mut lines = Vec::new();
                if i == 0 {
                    lines.extend([Line::Gap(size * 0.4), heading(title)]);
                }
                let mut body = text(&format!("{head} {rest}"), 0.0);
                // Hanging indent: the note's later lines set in.
                if body.len() > 1 {
                    let rest: String = body[1..]
                        .iter()
                        .filter_map(|l| match l {
                            Line::Text { text, .. } => Some(text.as_str()),
                            _ => None,
                        })
                        .collect::<Vec<_>>()
                        .join(" ");
                    body.truncate(1);
                    body.extend(text(&rest, hang));
                }
                let keep = lines.len() + 1;
                lines.extend(body);
                lines.push(Line::Gap(size * 0.25));
                blocks.push(Block { lines, keep });
            }
        }
        for (i, r) in key.rooms.iter().enumerate() {
            let mut lines = Vec::new();
            if i == 0 {
                lines.extend([Line::Gap(size * 0.4), heading("Rooms")]);
            }
            let mut head = r.purpose.clone();
            if let Some(first) = head.get_mut(0..1) {
                first.make_ascii_uppercase();
            }
            for role in &r.roles {
                let _ = write!(head, " · {role}");
            }
            let disc = size * 1.24 + size * 0.4;
            let mut heads = f.wrap(&head, cw - disc, size).into_iter();
            lines.push(Line::Room {
                letter: r.letter,
                text: heads.next().unwrap_or_default(),
                size,
            });
            for more in heads {
                lines.push(Line::Text {
                    text: more,
                    indent: disc,
                    size,
                });
            }
            let keep = lines.len() + 1;
            if !r.description.is_empty() {
                lines.extend(text(&r.description, 0.0));
            }
            // The description gives the size and light; the rest are the
            // GM's facts in short.
            let mut facts = String::new();
            if r.description.is_empty() {
                let area = r.size.split(" (").next().unwrap_or(&r.size);
                let _ = write!(facts, "{area}, {}. ", r.lighting);
            }
            if r.enemies != "none" {
                let _ = write!(facts, "Enemies: {}. ", r.enemies);
            }
            if r.treasure != "none" {
                let _ = write!(facts, "Treasure: {}. ", r.treasure);
            }
            // The description names every way out and the map shows the
            // doors: with a description only the locked and secret doors
            // are listed, with their cells.
            let told = !r.description.is_empty();
            let exits: Vec<String> = r
                .exits
                .iter()
                .filter(|e| !told || e.kind != "door")
                .map(|e| {
                    let to = e.to.replace("room ", "");
                    match e.kind {
                        "door" => format!("{} to {to} ({})", e.side, e.cells),
                        kind if told => {
                            let kind = kind.trim_end_matches(" door");
                            format!("{} to {to} ({}, {kind})", e.side, e.cells)
                        }
                        kind => format!("{} to {to} ({kind} {})", e.side, e.cells),
                    }
                })
                .collect();
            match (exits.is_empty(), told) {
                (true, false) => facts.push_str("No exits."),
                (true, true) => {}
                (false, false) => {
                    let _ = write!(facts, "Exits: {}.", exits.join("; "));
                }
                (false, true) => {
                    let _ = write!(facts, "Locked and secret doors: {}.", exits.join("; "));
                }
            }
            let facts = facts.trim_end();
            if !facts.is_empty() {
                lines.extend(text(facts, 0.0));
            }
            lines.push(Line::Gap(size * 0.5));
            blocks.push(Block { lines, keep });
        }
        let a = &d.adventure;
        if !a.wandering.is_empty() {
            let die = a.wandering_die();
            let rolls: Vec<String> = a
                .wandering
                .iter()
                .map(|w| {
                    if w.roll.0 == w.roll.1 {
                        w.roll.0.to_string()
                    } else {
                        format!("{}–{}", w.roll.0, w.roll.1)
                    }
                })
                .collect();
            let col = rolls.iter().map(|r| f.width(r, size)).fold(0.0, f64::max) + size * 0.8;
            for (i, (w, roll)) in a.wandering.iter().zip(&rolls).enumerate() {
                let mut lines = Vec::new();
                if i == 0 {
                    lines.extend([
                        Line::Gap(size * 0.4),
                        heading(&format!("Wandering monsters (d{die})")),
                    ]);
                }
                let keep = lines.len() + 1;
                let mut row = text(&w.text, col);
                if let Some(Line::Text { text, .. }) = row.first() {
                    // The roll in the first line's margin.
                    row[0] = Line::Row {
                        roll: roll.clone(),
                        text: text.clone(),
                        indent: col,
                        size,
                    };
                }
                lines.extend(row);
                lines.push(Line::Gap(size * 0.2));
                blocks.push(Block { lines, keep });
            }
        }
        blocks
    }
}

/// A scale bar at `(x, y)` (its top-left) for cells of `s` points: a
/// bar of 10-ft segments, black and white in turn, 10 to 100 ft long as
/// fits about 150 points, labelled.
fn scale_bar(out: &mut String, (x, y): (f64, f64), s: f64, style: PrintStyle) {
    let _ = style;
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::dungeon::{DungeonParams, Size, WanderingMonster, generate_proposal};
    use crate::export::dungeon::Look;

    /// A medium dungeon with secrets, traps, keys and a filled-in
    /// adventure.
    fn told(size: Size, seed: u64) -> Dungeon {
        let mut p = DungeonParams::for_size(size);
        (p.proposals, p.keys, p.secret_doors, p.traps) = (1, 2, 2, 2);
        let mut d = generate_proposal(&p, seed, 0).unwrap();
        d.adventure.title = "The Crypt of the Weeping Saint".into();
        d.adventure.hook = "The abbot's bell rang at midnight, though the tower has been empty for a hundred years. Someone must go down and see.".into();
        (d.adventure.party_level, d.adventure.party_size) = (3, 4);
        d.adventure.wandering = (1..=6)
            .map(|i| WanderingMonster {
                roll: (i, i),
                text: format!("{i} lost wanderers"),
            })
            .collect();
        d
    }

    #[test]
    fn the_gm_page_has_title_hook_map_key_and_table() {
        let d = told(Size::Small, 3);
        let pages = dungeon_pages(&d, PageSetup::default()).unwrap();
        assert_eq!(pages.len(), 1);
        let p = &pages[0];
        assert!(p.contains(r#"width="595.28" height="841.89""#));
        for want in [
            "The Crypt of the Weeping Saint",
            "For 4 characters of level 3",
            "Wandering monsters (d6)",
            "6 lost wanderers",
            ">Rooms<",
            r#"class="coordinates""#,
            r#"class="scale-bar""#,
            r#"class="legend""#,
        ] {
            assert!(p.contains(want), "{want}");
        }
        for r in &d.rooms {
            assert_eq!(
                p.matches(&format!(r#"data-room="{}""#, r.letter)).count(),
                1,
                "{} on the map",
                r.letter
            );
        }
        // One disc per room in the key, each fact once.
        assert_eq!(p.matches(r#"class="key-letter""#).count(), d.rooms.len());
        let key = key_text(&d);
        let fought = key.rooms.iter().filter(|r| r.enemies != "none").count();
        assert!(fought > 0);
        assert_eq!(p.matches("Enemies:").count(), fought);
        // The map draws no patterns (the PDF writer fills solid colours).
        assert!(!p.contains("url(#"));
    }

    #[test]
    fn older_levels_get_a_plain_title_and_no_table() {
        let mut d = told(Size::Small, 3);
        d.adventure = Default::default();
        let p = &dungeon_pages(&d, PageSetup::default()).unwrap()[0];
        assert!(p.contains(&format!("Dungeon, seed {}", d.seed)));
        assert!(!p.contains("Wandering") && !p.contains("characters of level"));
        assert!(!p.contains(r#"class="hook""#));
    }

    #[test]
    fn two_pages_put_the_key_on_the_second_and_letter_paper_is_letter_sized() {
        let d = told(Size::Medium, 11);
        let setup = PageSetup {
            pages: 2,
            paper: super::super::Paper::Letter,
            ..PageSetup::default()
        };
        let pages = dungeon_pages(&d, setup).unwrap();
        assert_eq!(pages.len(), 2);
        for p in &pages {
            assert!(p.contains(r#"width="612" height="792""#));
        }
        assert!(pages[0].contains(r#"class="map""#));
        assert!(pages[1].contains(r#"class="key""#) && pages[1].contains("Wandering monsters"));
        assert!(pages[1].contains("page 2 of 2"));
    }

    #[test]
    fn a_long_key_starts_under_the_map_on_the_first_of_two_pages() {
        let mut d = told(Size::Large, 5);
        for r in &mut d.rooms {
            r.description = "Dust lies thick on the floor and on every shelf. ".repeat(8);
        }
        let two = PageSetup {
            pages: 2,
            ..PageSetup::default()
        };
        let pages = dungeon_pages(&d, two).unwrap();
        assert!(pages[0].contains(r#"class="key""#) && pages[1].contains(r#"class="key""#));
        assert_eq!(
            pages[0].matches(r#"class="key-letter""#).count()
                + pages[1].matches(r#"class="key-letter""#).count(),
            d.rooms.len()
        );
    }

    #[test]
    fn a_key_too_long_for_one_page_says_to_ask_for_two() {
        let mut d = told(Size::Small, 3);
        for r in &mut d.rooms {
            r.description = "A very long description that goes on and on. ".repeat(40);
        }
        let e = dungeon_pages(&d, PageSetup::default()).unwrap_err();
        assert!(e.to_string().contains("--pages 2"), "{e}");
    }

    #[test]
    fn the_handout_keeps_the_secrets() {
        let d = told(Size::Medium, 11);
        let setup = PageSetup {
            look: Look::PLAYERS,
            ..PageSetup::default()
        };
        let pages = dungeon_pages(&d, setup).unwrap();
        assert_eq!(pages.len(), 1);
        let p = &pages[0];
        assert!(p.contains("The Crypt of the Weeping Saint") && p.contains("abbot's bell"));
        for hidden in [
            "Wandering",
            r#"class="key""#,
            "secret-door",
            "coordinates",
            r#"class="trap""#,
        ] {
            assert!(!p.contains(hidden), "{hidden}");
        }
        let shown = players_copy(&d);
        assert_eq!(
            p.matches(r#"class="room-letter""#).count(),
            shown.rooms.len()
        );
        let two = PageSetup { pages: 2, ..setup };
        assert!(
            dungeon_pages(&d, two)
                .unwrap_err()
                .to_string()
                .contains("one page")
        );
    }
}
