//! The embedded font's advance widths, to break the key's lines.

use crate::export::ExportError;
use std::collections::HashMap;

/// Advance widths of the embedded font, per character, in ems.
pub(super) struct Measure {
    advance: HashMap<char, f64>,
}

impl Measure {
    /// The embedded face's advance widths (from the font database the
    /// SVG reader uses).
    pub(super) fn new() -> Result<Measure, ExportError> {
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
    pub(super) fn width(&self, s: &str, size: f64) -> f64 {
        s.chars()
            .map(|c| self.advance.get(&c).copied().unwrap_or(0.65))
            .sum::<f64>()
            * size
    }

    /// `text` broken into lines no wider than `width` at `size` points,
    /// at spaces (a word wider than a line is cut).
    pub(super) fn wrap(&self, text: &str, width: f64, size: f64) -> Vec<String> {
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
