//! The pages: the game master's one or two, the players' handout.

use super::flow::{Region, flow, put};
use super::{Book, COLUMNS, GUTTER, HOOK_BOX, INK, MARGIN, QUIET, party_line};
use crate::export::ExportError;
use crate::export::dungeon::key::key_text;
use crate::export::dungeon::look::players_copy;
use crate::export::dungeon::paper::MIN_TEXT;
use crate::export::dungeon::svg::header;
use std::fmt::Write;

impl Book<'_> {
    /// Page width and height.
    pub(super) fn size(&self) -> (f64, f64) {
        self.setup.paper.size()
    }

    /// A page's opening tag and white paper.
    pub(super) fn open(&self) -> String {
        let (w, h) = self.size();
        format!(
            r##"{}<rect width="{w}" height="{h}" fill="#ffffff"/>"##,
            header(w, h)
        )
    }

    /// The footer and closing tag of page `n` of `total`.
    pub(super) fn close(&self, out: &mut String, n: usize, total: usize, what: &str) {
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
    pub(super) fn header(&self, out: &mut String, hook_size: f64) -> f64 {
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

    /// The players' handout: title, hook, the players' map.
    pub(super) fn handout(&self) -> String {
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

    /// The game master's two pages: the map, then the key. The key starts
    /// on the second page when it fits there at 7.5 pt or more; else it
    /// starts under the map on the first (the map made smaller if need be).
    pub(super) fn two_pages(&self) -> Result<Vec<String>, ExportError> {
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
                    set: 0,
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
            let Some(text) = flow(&[&blocks], &regions, 2) else {
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
}
