//! The dungeon PNG: exactly `cols × ppc` by `rows × ppc` pixels. The
//! cells are written straight into the pixel buffer (a 100 × 100 map at
//! 70 px per cell is 7000 × 7000 pixels; rasterising an SVG that size
//! would be far slower), then the small [`super::svg::overlay`] (doors, traps, locks,
//! keys, lettered room discs) is rendered on top with `resvg` and the
//! embedded DejaVu Sans Bold face.

use super::check_pixels_per_cell;
use super::look::{Look, MapView, players_copy};
use super::svg::{
    Paint, Parts, grid_line, hatch_colour, header, overlay_parts, paint, palette, rock_edge,
};
use crate::dungeon::Dungeon;
use crate::export::ExportError;
use resvg::{tiny_skia, usvg};

/// The PNG bytes of the game master's map at `ppc` pixels per cell (see
/// the module notes); [`ExportError::PixelsPerCell`] when `ppc` is out of
/// range.
pub fn png(d: &Dungeon, ppc: u32) -> Result<Vec<u8>, ExportError> {
    png_look(d, ppc, Look::GM)
}

/// The PNG bytes of the dungeon in the given [`Look`], recording `ppc`
/// pixels per inch (one cell to the inch, as battle maps print).
pub fn png_look(d: &Dungeon, ppc: u32, look: Look) -> Result<Vec<u8>, ExportError> {
    check_pixels_per_cell(ppc)?;
    // A battle map prints one cell to the inch (5-foot squares): the
    // pixels of a cell are the pixels of an inch.
    let bytes = encode(&pixmap_look(d, ppc, look)?)?;
    Ok(crate::export::png::with_dpi(bytes, f64::from(ppc)))
}

/// The game master's map as a pixel buffer (for callers that show it
/// rather than save it).
pub fn pixmap(d: &Dungeon, ppc: u32) -> Result<tiny_skia::Pixmap, ExportError> {
    pixmap_look(d, ppc, Look::GM)
}

/// The picture in the given [`Look`] as a pixel buffer.
pub fn pixmap_look(d: &Dungeon, ppc: u32, look: Look) -> Result<tiny_skia::Pixmap, ExportError> {
    let players;
    let d = if look.view == MapView::Players {
        players = players_copy(d);
        &players
    } else {
        d
    };
    pixmap_parts(d, ppc, look, Parts::ALL)
}

/// The PNG bytes of `d` drawn as given (the players' copy already made
/// for the players' view) with only the given [`Parts`] of the overlay.
pub(crate) fn png_parts(
    d: &Dungeon,
    ppc: u32,
    look: Look,
    parts: Parts,
) -> Result<Vec<u8>, ExportError> {
    encode(&pixmap_parts(d, ppc, look, parts)?)
}

/// [`pixmap_look`] of `d` as given, with only the given [`Parts`].
fn pixmap_parts(
    d: &Dungeon,
    ppc: u32,
    look: Look,
    parts: Parts,
) -> Result<tiny_skia::Pixmap, ExportError> {
    check_pixels_per_cell(ppc)?;
    crate::export::check_pixel_budget(d.width(), d.height(), ppc)?;
    let (cols, rows) = (d.width(), d.height());
    let s = ppc as usize;
    let (w, h) = (cols * s, rows * s);
    let mut pm = tiny_skia::Pixmap::new(w as u32, h as u32)
        .ok_or_else(|| ExportError::Render(format!("no {w}×{h} image")))?;
    let [rock, wall, floor, corridor, grid] = palette(look.style).map(rgba);
    let hatch = rgba(hatch_colour(look.style));
    let t = grid_line(f64::from(ppc)) as usize;
    let period = (s / 4).max(2);
    let data = pm.data_mut();
    let stride = w * 4;
    for y in 0..rows {
        for x in 0..cols {
            let edge = rock_edge(d, x, y);
            let (base, lined) = match paint(d.grid.get(x, y)) {
                Paint::Rock => (rock, false),
                Paint::Wall => (wall, false),
                Paint::Floor => (floor, true),
                Paint::Corridor => (corridor, true),
            };
            for py in 0..s {
                let row = (y * s + py) * stride + x * s * 4;
                let cells = &mut data[row..row + s * 4];
                for (px, pixel) in cells.chunks_exact_mut(4).enumerate() {
                    let line = lined && (py < t || px < t);
                    // Diagonal hatching on the rock edge (global
                    // coordinates, so strokes run on across cells).
                    let hatched = edge && (x * s + px + y * s + py) % period < t;
                    pixel.copy_from_slice(if line {
                        &grid
                    } else if hatched {
                        &hatch
                    } else {
                        &base
                    });
                }
            }
        }
    }
    let svg = format!(
        "{}{}</svg>",
        header(w as f64, h as f64),
        overlay_parts(d, f64::from(ppc), look, parts)
    );
    let tree = usvg::Tree::from_str(&svg, &crate::export::png::options())
        .map_err(|e| ExportError::Render(e.to_string()))?;
    resvg::render(&tree, tiny_skia::Transform::identity(), &mut pm.as_mut());
    Ok(pm)
}

/// PNG bytes of a pixel buffer.
fn encode(pm: &tiny_skia::Pixmap) -> Result<Vec<u8>, ExportError> {
    pm.encode_png()
        .map_err(|e| ExportError::Render(e.to_string()))
}

/// `#rrggbb` as opaque RGBA bytes.
fn rgba(hex: &str) -> [u8; 4] {
    let v = u32::from_str_radix(hex.trim_start_matches('#'), 16).unwrap_or(0);
    [(v >> 16) as u8, (v >> 8) as u8, v as u8, 255]
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::dungeon::{DungeonParams, Size, generate_proposal};

    #[test]
    fn size_is_cells_times_ppc_and_letters_are_drawn() {
        let d = generate_proposal(&DungeonParams::for_size(Size::Small), 3, 0).unwrap();
        let pm = pixmap(&d, 20).unwrap();
        assert_eq!(
            (pm.width() as usize, pm.height() as usize),
            (d.width() * 20, d.height() * 20)
        );
        // The middle of the entrance disc's letter: white text pixels
        // inside the green disc.
        let (cx, cy) = super::super::letter_point(&d, d.entrance);
        let (cx, cy) = ((cx * 20.0) as u32, (cy * 20.0) as u32);
        let white = (cy - 6..cy + 6)
            .flat_map(|y| (cx - 6..cx + 6).map(move |x| (x, y)))
            .filter(|&(x, y)| {
                let p = pm.pixel(x, y).unwrap();
                p.red() > 240 && p.green() > 240 && p.blue() > 240
            })
            .count();
        assert!(white > 5, "letter drawn: {white} white pixels");
        assert!(png(&d, 7).is_err() && png(&d, 201).is_err());
        let bytes = png(&d, 8).unwrap();
        assert_eq!(&bytes[1..4], b"PNG");
    }
}
