//! Text as shared glyph outlines: each glyph a document uses is drawn once,
//! in font units, as a form XObject (`/G0`, `/G1`, …), and every use is a
//! transform and a `Do`. The outline comes from the font usvg laid the
//! text out with (skrifa, the reader usvg itself uses), so the shapes are
//! the ones the png shows; a page of grid numbers costs a few bytes a
//! digit instead of the digit's whole outline.

use pdf_writer::{Content, Filter, Name, Pdf, Rect, Ref};
use resvg::usvg::{self, fontdb};
use skrifa::MetadataProvider;
use skrifa::outline::{DrawSettings, OutlinePen};
use skrifa::prelude::{LocationRef, Size};
use std::collections::HashMap;

/// Sets the fill colour (red, green, blue in 0..=1) in a content stream.
pub type SetFill<'a> = dyn FnMut(&mut Content, (f32, f32, f32)) + 'a;

/// The glyph forms of one document.
pub struct Glyphs {
    /// Form and name of each (font, glyph) drawn so far; `None`: the
    /// glyph has no outline (a space).
    used: HashMap<(fontdb::ID, u32), Option<(Ref, String)>>,
    /// The forms to write: reference, name, path operators, bounding box.
    forms: Vec<(Ref, String, Vec<u8>, Rect)>,
    /// The next free object number.
    next: i32,
}

impl Glyphs {
    /// No glyphs yet; forms are numbered from `first`.
    pub fn new(first: i32) -> Glyphs {
        Glyphs {
            used: HashMap::new(),
            forms: Vec::new(),
            next: first,
        }
    }

    /// Draw `text` with the shared glyphs and return `true`, or return
    /// `false` (nothing drawn) when it needs more than a solid fill:
    /// strokes, decorations or gradients (the caller draws its outlines).
    pub fn draw(
        &mut self,
        c: &mut Content,
        text: &usvg::Text,
        db: &fontdb::Database,
        fill_rgb: &mut SetFill<'_>,
    ) -> bool {
        let plain = text.layouted().iter().all(|s| {
            s.stroke.is_none()
                && s.underline.is_none()
                && s.overline.is_none()
                && s.line_through.is_none()
                && s.fill
                    .as_ref()
                    .is_some_and(|f| super::rgb(f.paint()).is_some())
        });
        if !plain {
            return false;
        }
        let base = text.abs_transform();
        for span in text.layouted().iter().filter(|s| s.visible) {
            let Some(ink) = span.fill.as_ref().and_then(|f| super::rgb(f.paint())) else {
                continue;
            };
            fill_rgb(c, ink);
            for g in &span.positioned_glyphs {
                let Some((_, name)) = self.form(db, g.font, g.id.0) else {
                    continue;
                };
                let t = base.pre_concat(g.outline_transform());
                c.save_state();
                c.transform([t.sx, t.ky, t.kx, t.sy, t.tx, t.ty]);
                c.x_object(Name(name.as_bytes()));
                c.restore_state();
            }
        }
        true
    }

    /// The form of a glyph, outlined on first use.
    fn form(&mut self, db: &fontdb::Database, font: fontdb::ID, id: u32) -> Option<(Ref, String)> {
        if let Some(known) = self.used.get(&(font, id)) {
            return known.clone();
        }
        let drawn = db
            .with_face_data(font, |data, index| {
                let face = skrifa::FontRef::from_index(data, index).ok()?;
                let outline = face.outline_glyphs().get(skrifa::GlyphId::new(id))?;
                let mut pen = Pen::default();
                let settings = DrawSettings::unhinted(Size::unscaled(), LocationRef::default());
                outline.draw(settings, &mut pen).ok()?;
                (!pen.ops.is_empty()).then_some(pen)
            })
            .flatten();
        let made = drawn.map(|pen| {
            let r = Ref::new(self.next);
            self.next += 1;
            let name = format!("G{}", self.forms.len());
            let mut ops = pen.ops;
            ops.extend_from_slice(b"f\n");
            let bbox = Rect::new(pen.min.0, pen.min.1, pen.max.0, pen.max.1);
            self.forms.push((r, name.clone(), ops, bbox));
            (r, name)
        });
        self.used.insert((font, id), made.clone());
        made
    }

    /// Write the forms and the one resource dictionary every page shares
    /// (at `resources`).
    pub fn finish(self, out: &mut Pdf, resources: Ref) {
        for (r, _, ops, bbox) in &self.forms {
            let data = miniz_oxide::deflate::compress_to_vec_zlib(ops, 6);
            out.form_xobject(*r, &data)
                .bbox(*bbox)
                .filter(Filter::FlateDecode);
        }
        let mut res = out
            .indirect(resources)
            .start::<pdf_writer::writers::Resources>();
        let mut x = res.x_objects();
        for (r, name, ..) in &self.forms {
            x.pair(Name(name.as_bytes()), *r);
        }
    }
}

/// Collects a glyph outline as PDF path operators (font units, to a
/// tenth: 1/20480 em for DejaVu) and its bounds.
struct Pen {
    ops: Vec<u8>,
    min: (f32, f32),
    max: (f32, f32),
    /// The current point (quadratic curves are raised to cubic ones).
    last: (f32, f32),
}

impl Default for Pen {
    fn default() -> Pen {
        Pen {
            ops: Vec::new(),
            min: (f32::MAX, f32::MAX),
            max: (f32::MIN, f32::MIN),
            last: (0.0, 0.0),
        }
    }
}

impl Pen {
    fn put(&mut self, pts: &[f32], op: &str) {
        use std::io::Write;
        let tenth = |v: f32| (v * 10.0).round() / 10.0;
        for p in pts.chunks(2) {
            self.min = (self.min.0.min(p[0]), self.min.1.min(p[1]));
            self.max = (self.max.0.max(p[0]), self.max.1.max(p[1]));
            let _ = write!(self.ops, "{} {} ", tenth(p[0]), tenth(p[1]));
            self.last = (p[0], p[1]);
        }
        self.ops.extend_from_slice(op.as_bytes());
        self.ops.push(b'\n');
    }
}

impl OutlinePen for Pen {
    fn move_to(&mut self, x: f32, y: f32) {
        self.put(&[x, y], "m");
    }
    fn line_to(&mut self, x: f32, y: f32) {
        self.put(&[x, y], "l");
    }
    fn quad_to(&mut self, cx0: f32, cy0: f32, x: f32, y: f32) {
        // PDF has cubic curves only: the same curve as a cubic.
        let (x0, y0) = self.last;
        let c1 = (x0 + 2.0 / 3.0 * (cx0 - x0), y0 + 2.0 / 3.0 * (cy0 - y0));
        let c2 = (x + 2.0 / 3.0 * (cx0 - x), y + 2.0 / 3.0 * (cy0 - y));
        self.put(&[c1.0, c1.1, c2.0, c2.1, x, y], "c");
    }
    fn curve_to(&mut self, cx0: f32, cy0: f32, cx1: f32, cy1: f32, x: f32, y: f32) {
        self.put(&[cx0, cy0, cx1, cy1, x, y], "c");
    }
    fn close(&mut self) {
        self.ops.extend_from_slice(b"h\n");
    }
}
