//! The PNG export: the SVG export rendered with `resvg` at
//! [`LONG_SIDE`] pixels on the long side (A4 at 300 dpi), text drawn with
//! the DejaVu Sans Bold face embedded in the binary
//! (`crates/evoboard_core/assets/fonts/DejaVuSans-Bold.ttf`, licence beside it), so the image
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
    let (bytes, w, h) = render(&svg::svg(map)?, LONG_SIDE)?;
    Ok((with_dpi(bytes, DPI), w, h))
}

/// The resolution an A4 export records: [`LONG_SIDE`] pixels over A4's
/// 11.69 in.
pub const DPI: f64 = 300.0;

/// `png` (bytes as an encoder wrote them, IHDR first) with a `pHYs` chunk
/// saying it is `dpi` pixels per inch, so a printer or an image editor
/// knows its size on paper. Bytes that are not such a PNG come back
/// unchanged.
///
/// ```
/// let plain = resvg::tiny_skia::Pixmap::new(2, 2).unwrap().encode_png().unwrap();
/// let marked = evoboard_core::export::png::with_dpi(plain.clone(), 300.0);
/// assert_eq!(marked.len(), plain.len() + 21);
/// assert_eq!(&marked[37..41], b"pHYs");
/// // 300 dpi = 11,811 pixels a metre, across and down, unit metre.
/// assert_eq!(&marked[41..50], &[0, 0, 0x2e, 0x23, 0, 0, 0x2e, 0x23, 1]);
/// ```
pub fn with_dpi(png: Vec<u8>, dpi: f64) -> Vec<u8> {
    // Signature (8), then IHDR: length (4), type (4), 13 bytes, CRC (4).
    const AFTER_IHDR: usize = 8 + 4 + 4 + 13 + 4;
    if png.len() < AFTER_IHDR || &png[12..16] != b"IHDR" || !dpi.is_finite() || dpi <= 0.0 {
        return png;
    }
    let per_metre = (dpi / 0.0254).round().min(f64::from(u32::MAX)) as u32;
    let mut chunk = Vec::with_capacity(21);
    chunk.extend_from_slice(&9u32.to_be_bytes());
    chunk.extend_from_slice(b"pHYs");
    chunk.extend_from_slice(&per_metre.to_be_bytes());
    chunk.extend_from_slice(&per_metre.to_be_bytes());
    chunk.push(1);
    let crc = crc32(&chunk[4..]);
    chunk.extend_from_slice(&crc.to_be_bytes());
    let mut out = Vec::with_capacity(png.len() + chunk.len());
    out.extend_from_slice(&png[..AFTER_IHDR]);
    out.extend_from_slice(&chunk);
    out.extend_from_slice(&png[AFTER_IHDR..]);
    out
}

/// The CRC-32 of PNG chunks (ISO 3309, polynomial 0xEDB88320).
fn crc32(bytes: &[u8]) -> u32 {
    let mut c = 0xFFFF_FFFFu32;
    for &b in bytes {
        c ^= u32::from(b);
        for _ in 0..8 {
            c = if c & 1 == 1 {
                0xEDB8_8320 ^ (c >> 1)
            } else {
                c >> 1
            };
        }
    }
    !c
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
