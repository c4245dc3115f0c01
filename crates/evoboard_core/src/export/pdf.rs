//! The PDF export: SVG pages read by usvg (the same reader and font
//! database as the PNG export, so text is laid out with the embedded
//! DejaVu Sans Bold face) and written page by page with `pdf-writer`.
//!
//! Every path of the usvg tree becomes a PDF path with its solid fill and
//! stroke (dashes too); text arrives as the glyph outlines usvg flattens it to, so the
//! PDF needs no font of its own and prints the same everywhere. Gradients,
//! patterns, images and filters are not drawn (the puzzle pages use none).
//! Page sizes come from the SVG's `width` and `height`, read as points
//! (1/72 in): an A4 page is 595.28 × 841.89. Content streams are
//! deflated.

use super::ExportError;
use pdf_writer::{Content, Filter, Finish, Name, Pdf, Rect, Ref, TextStr};
use resvg::usvg::{self, tiny_skia_path::PathSegment};

mod glyphs;

/// The points of an A4 page: 210 × 297 mm.
pub const A4: (f32, f32) = (595.28, 841.89);

/// A PDF of `pages` (SVG documents, one per page, sized in points) with
/// `title` in its document information.
pub fn pdf(pages: &[String], title: &str) -> Result<Vec<u8>, ExportError> {
    if pages.is_empty() {
        return Err(ExportError::Render("a PDF needs at least one page".into()));
    }
    let opt = super::png::options();
    let catalog = Ref::new(1);
    let tree_id = Ref::new(2);
    let info = Ref::new(3);
    // Two objects per page: the page and its content stream.
    let page_ref = |i: usize| Ref::new(4 + 2 * i as i32);
    let content_ref = |i: usize| Ref::new(5 + 2 * i as i32);
    // After the pages: the shared resources, then one form per glyph.
    let resources = Ref::new(4 + 2 * pages.len() as i32);
    let mut glyphs = glyphs::Glyphs::new(5 + 2 * pages.len() as i32);
    let mut out = Pdf::new();
    out.catalog(catalog).pages(tree_id);
    out.pages(tree_id)
        .kids((0..pages.len()).map(page_ref))
        .count(pages.len() as i32);
    out.document_info(info)
        .title(TextStr(title))
        .creator(TextStr("evoboard"));
    for (i, svg) in pages.iter().enumerate() {
        let tree =
            usvg::Tree::from_str(svg, &opt).map_err(|e| ExportError::Render(e.to_string()))?;
        let (w, h) = (tree.size().width(), tree.size().height());
        let mut content = Content::new();
        // SVG's y axis points down, PDF's up.
        content.transform([1.0, 0.0, 0.0, -1.0, 0.0, h]);
        let mut ctx = Ctx {
            db: tree.fontdb(),
            glyphs: &mut glyphs,
            st: State::default(),
        };
        draw_group(&mut content, tree.root(), &mut ctx);
        let data = miniz_oxide::deflate::compress_to_vec_zlib(content.finish().as_slice(), 6);
        out.stream(content_ref(i), &data)
            .filter(Filter::FlateDecode);
        let mut page = out.page(page_ref(i));
        page.media_box(Rect::new(0.0, 0.0, w, h))
            .parent(tree_id)
            .contents(content_ref(i));
        page.pair(Name(b"Resources"), resources);
        page.finish();
    }
    glyphs.finish(&mut out, resources);
    Ok(out.finish())
}

/// Draw a group's paths, text outlines and subgroups.
fn draw_group(c: &mut Content, g: &usvg::Group, ctx: &mut Ctx) {
    for node in g.children() {
        match node {
            usvg::Node::Group(g) => draw_group(c, g, ctx),
            usvg::Node::Path(p) => draw_path(c, p, &mut ctx.st),
            usvg::Node::Text(t) => {
                let st = &mut ctx.st;
                let mut fill = |c: &mut Content, ink: (f32, f32, f32)| {
                    if st.fill != Some(ink) {
                        c.set_fill_rgb(ink.0, ink.1, ink.2);
                        st.fill = Some(ink);
                    }
                };
                if !ctx.glyphs.draw(c, t, ctx.db, &mut fill) {
                    draw_group(c, t.flattened(), ctx);
                }
            }
            usvg::Node::Image(_) => {}
        }
    }
}

/// `v` to 1/100 (of a point, on the puzzle pages): shorter numbers in the
/// content streams, nothing a printer shows.
fn r2(v: f32) -> f32 {
    (v * 100.0).round() / 100.0
}

/// The red, green and blue of a solid paint (0..=1); `None` for
/// gradients and patterns.
pub(super) fn rgb(paint: &usvg::Paint) -> Option<(f32, f32, f32)> {
    match paint {
        usvg::Paint::Color(c) => Some((
            (f32::from(c.red) / 255.0 * 1000.0).round() / 1000.0,
            (f32::from(c.green) / 255.0 * 1000.0).round() / 1000.0,
            (f32::from(c.blue) / 255.0 * 1000.0).round() / 1000.0,
        )),
        _ => None,
    }
}

/// What drawing a page needs beside the content stream.
struct Ctx<'a> {
    /// The fonts the page's text was laid out with.
    db: &'a usvg::fontdb::Database,
    /// The document's glyph forms.
    glyphs: &'a mut glyphs::Glyphs,
    /// The graphics state last set.
    st: State,
}

/// The graphics state last set in a content stream, so a path only
/// writes what changes (a solution page repeats one ink thousands of
/// times). `None`: not known (PDF defaults apply until set).
#[derive(Clone, Copy, Default, PartialEq)]
struct State {
    fill: Option<(f32, f32, f32)>,
    stroke: Option<(f32, f32, f32)>,
    width: Option<f32>,
    cap: Option<u8>,
    join: Option<u8>,
    miter: Option<f32>,
    /// A dash pattern is set (a dashed stroke sets its own each time).
    dashed: bool,
}

/// One path, in its absolute transform.
fn draw_path(c: &mut Content, p: &usvg::Path, st: &mut State) {
    use pdf_writer::types::{LineCapStyle, LineJoinStyle};
    if !p.is_visible() {
        return;
    }
    let fill = p.fill().and_then(|f| Some((rgb(f.paint())?, f.rule())));
    let stroke = p.stroke().and_then(|s| Some((rgb(s.paint())?, s)));
    if fill.is_none() && stroke.is_none() {
        return;
    }
    let t = p.abs_transform();
    // Only a transformed path needs its own saved state (restored after).
    let saved = (!t.is_identity()).then_some(*st);
    if saved.is_some() {
        c.save_state();
        c.transform([t.sx, t.ky, t.kx, t.sy, t.tx, t.ty]);
    }
    if let Some((ink, _)) = fill
        && st.fill != Some(ink)
    {
        c.set_fill_rgb(ink.0, ink.1, ink.2);
        st.fill = Some(ink);
    }
    if let Some((ink, s)) = &stroke {
        if st.stroke != Some(*ink) {
            c.set_stroke_rgb(ink.0, ink.1, ink.2);
            st.stroke = Some(*ink);
        }
        let width = r2(s.width().get());
        if st.width != Some(width) {
            c.set_line_width(width);
            st.width = Some(width);
        }
        let (cap, cap_code) = match s.linecap() {
            usvg::LineCap::Butt => (LineCapStyle::ButtCap, 0),
            usvg::LineCap::Round => (LineCapStyle::RoundCap, 1),
            usvg::LineCap::Square => (LineCapStyle::ProjectingSquareCap, 2),
        };
        if st.cap != Some(cap_code) {
            c.set_line_cap(cap);
            st.cap = Some(cap_code);
        }
        let (join, join_code) = match s.linejoin() {
            usvg::LineJoin::Round => (LineJoinStyle::RoundJoin, 1),
            usvg::LineJoin::Bevel => (LineJoinStyle::BevelJoin, 2),
            _ => (LineJoinStyle::MiterJoin, 0),
        };
        if st.join != Some(join_code) {
            c.set_line_join(join);
            st.join = Some(join_code);
        }
        let miter = s.miterlimit().get();
        if st.miter != Some(miter) {
            c.set_miter_limit(miter);
            st.miter = Some(miter);
        }
        match s.dasharray() {
            Some(dashes) => {
                c.set_dash_pattern(dashes.iter().map(|&v| r2(v)), r2(s.dashoffset()));
                st.dashed = true;
            }
            None if st.dashed => {
                c.set_dash_pattern([], 0.0);
                st.dashed = false;
            }
            None => {}
        }
    }
    trace(c, p.data());
    let even_odd = matches!(fill, Some((_, usvg::FillRule::EvenOdd)));
    match (fill.is_some(), stroke.is_some()) {
        (true, true) if even_odd => c.fill_even_odd_and_stroke(),
        (true, true) => c.fill_nonzero_and_stroke(),
        (true, false) if even_odd => c.fill_even_odd(),
        (true, false) => c.fill_nonzero(),
        _ => c.stroke(),
    };
    if let Some(before) = saved {
        c.restore_state();
        *st = before;
    }
}

/// The path's segments as PDF path operators (quadratic curves raised to
/// cubic ones), to 1/100 of a unit.
fn trace(c: &mut Content, path: &usvg::tiny_skia_path::Path) {
    let mut last = (0.0f32, 0.0f32);
    for seg in path.segments() {
        match seg {
            PathSegment::MoveTo(p) => {
                c.move_to(r2(p.x), r2(p.y));
                last = (p.x, p.y);
            }
            PathSegment::LineTo(p) => {
                c.line_to(r2(p.x), r2(p.y));
                last = (p.x, p.y);
            }
            PathSegment::QuadTo(q, p) => {
                let c1 = (
                    last.0 + 2.0 / 3.0 * (q.x - last.0),
                    last.1 + 2.0 / 3.0 * (q.y - last.1),
                );
                let c2 = (p.x + 2.0 / 3.0 * (q.x - p.x), p.y + 2.0 / 3.0 * (q.y - p.y));
                c.cubic_to(r2(c1.0), r2(c1.1), r2(c2.0), r2(c2.1), r2(p.x), r2(p.y));
                last = (p.x, p.y);
            }
            PathSegment::CubicTo(p1, p2, p) => {
                c.cubic_to(r2(p1.x), r2(p1.y), r2(p2.x), r2(p2.y), r2(p.x), r2(p.y));
                last = (p.x, p.y);
            }
            PathSegment::Close => {
                c.close_path();
            }
        }
    }
}

/// How many pages a PDF written by [`pdf`] has: its `/Type /Page`
/// objects (for tests and the CLI's report).
pub fn page_count(bytes: &[u8]) -> usize {
    let hay = String::from_utf8_lossy(bytes);
    hay.matches("/Type /Page").count() - hay.matches("/Type /Pages").count()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn page(body: &str) -> String {
        format!(
            r##"<svg xmlns="http://www.w3.org/2000/svg" width="200" height="100" font-family="DejaVu Sans" font-weight="bold"><rect width="200" height="100" fill="#ffffff"/>{body}</svg>"##
        )
    }

    #[test]
    fn pages_sizes_and_text_outlines() {
        let blank = pdf(&[page("")], "t").unwrap();
        assert!(blank.starts_with(b"%PDF-"));
        assert_eq!(page_count(&blank), 1);
        let text = page(r#"<text x="5" y="50" font-size="30">Grade 2</text>"#);
        let two = pdf(&[text.clone(), page("")], "t").unwrap();
        assert_eq!(page_count(&two), 2);
        assert!(String::from_utf8_lossy(&two).contains("/MediaBox [0 0 200 100]"));
        // The text's glyph outlines make the page's stream larger: the
        // embedded font was found.
        let one_text = pdf(&[text], "t").unwrap();
        assert!(
            one_text.len() > blank.len() + 200,
            "{} vs {}",
            one_text.len(),
            blank.len()
        );
        // One shared form per distinct glyph with an outline: G r a d e 2
        // (the space has none), however often they are used.
        let forms = |b: &[u8]| String::from_utf8_lossy(b).matches("/Subtype /Form").count();
        assert_eq!(forms(&one_text), 6);
        let twice = page(r#"<text x="5" y="50" font-size="30">Grade 2 Grade 2</text>"#);
        assert_eq!(forms(&pdf(&[twice], "t").unwrap()), 6);
        assert!(pdf(&[], "t").is_err());
    }
}
