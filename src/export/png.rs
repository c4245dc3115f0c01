//! The PNG export: the SVG export rendered with `resvg` at
//! [`LONG_SIDE`] pixels on the long side (A4 at 300 dpi), text drawn with
//! the DejaVu Sans Bold face embedded in the binary
//! (`assets/fonts/DejaVuSans-Bold.ttf`, licence beside it), so the image
//! is the same on every machine and no system font is looked up.

use super::{ExportError, svg};
use crate::map::LevelMap;
use resvg::{tiny_skia, usvg};

/// Pixels on the long side: 11.69 in of A4 at 300 dpi.
pub const LONG_SIDE: u32 = 3508;

/// The embedded font.
static FONT: &[u8] = include_bytes!("../../assets/fonts/DejaVuSans-Bold.ttf");

/// The PNG bytes of a level's map and the image's width and height.
pub fn png(map: &LevelMap) -> Result<(Vec<u8>, u32, u32), ExportError> {
    render(&svg::svg(map)?, LONG_SIDE)
}

/// Render `svg` with its long side at `long_side` pixels.
pub fn render(svg: &str, long_side: u32) -> Result<(Vec<u8>, u32, u32), ExportError> {
    let opt = options();
    let tree = usvg::Tree::from_str(svg, &opt).map_err(|e| ExportError::Render(e.to_string()))?;
    let size = tree.size();
    let scale = long_side as f32 / size.width().max(size.height());
    let (w, h) = (
        (size.width() * scale).round() as u32,
        (size.height() * scale).round() as u32,
    );
    let mut pixmap = tiny_skia::Pixmap::new(w, h)
        .ok_or_else(|| ExportError::Render(format!("no {w}×{h} image")))?;
    resvg::render(
        &tree,
        tiny_skia::Transform::from_scale(scale, scale),
        &mut pixmap.as_mut(),
    );
    let bytes = pixmap
        .encode_png()
        .map_err(|e| ExportError::Render(e.to_string()))?;
    Ok((bytes, w, h))
}

/// SVG reading options with the embedded font as the only face.
pub(crate) fn options() -> usvg::Options<'static> {
    let mut opt = usvg::Options {
        font_family: "DejaVu Sans".to_string(),
        ..usvg::Options::default()
    };
    opt.fontdb_mut().load_font_data(FONT.to_vec());
    opt
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn text_is_drawn_with_the_embedded_font() {
        // The same picture with and without a letter differs: the font
        // was found (a missing font would draw nothing).
        let base = r##"<svg xmlns="http://www.w3.org/2000/svg" width="40" height="20" font-family="DejaVu Sans" font-weight="bold"><rect width="40" height="20" fill="#ffffff"/>"##;
        let (blank, ..) = render(&format!("{base}</svg>"), 200).unwrap();
        let (text, w, h) = render(
            &format!(r#"{base}<text x="5" y="16" font-size="16">Ab</text></svg>"#),
            200,
        )
        .unwrap();
        assert_eq!((w, h), (200, 100));
        assert_ne!(blank, text);
    }
}
