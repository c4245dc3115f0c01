//! The dungeon SVG: rock, floor and corridors with a grid, walls, doors
//! (one leaf per door run), secret doors (dashed), traps (a red cross),
//! locked doors (a gold padlock), key rooms (a gold key), and one lettered
//! disc per room (green: entrance, red: final room). The PNG export draws
//! the same cells straight into pixels and the same [`overlay`] on top.

use super::{DoorRun, check_pixels_per_cell, door_runs, key_rooms, letter_point};
use crate::dungeon::{Dungeon, DungeonTile};
use crate::export::ExportError;
use std::fmt::Write;

/// Solid rock.
pub const ROCK: &str = "#2f2a26";
/// Room walls and secret doors.
pub const WALL: &str = "#6b5b4b";
/// Room floor.
pub const FLOOR: &str = "#efe6d2";
/// Corridors, doors and traps.
pub const CORRIDOR: &str = "#ddd0b2";
/// Grid lines on walkable cells.
pub const GRID: &str = "#b5a68a";

/// How a cell is painted underneath the overlay.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Paint {
    /// Background (rock).
    Rock,
    /// Wall colour, no grid.
    Wall,
    /// Floor colour with the grid.
    Floor,
    /// Corridor colour with the grid.
    Corridor,
}

/// The paint of a tile.
pub(crate) fn paint(t: DungeonTile) -> Paint {
    match t {
        DungeonTile::Rock => Paint::Rock,
        DungeonTile::Wall | DungeonTile::SecretDoor => Paint::Wall,
        DungeonTile::Floor => Paint::Floor,
        DungeonTile::Corridor | DungeonTile::Door | DungeonTile::Trap => Paint::Corridor,
    }
}

/// The dungeon as an SVG `cols × ppc` by `rows × ppc` pixels, or
/// [`ExportError::PixelsPerCell`] when `ppc` is out of range.
pub fn svg(d: &Dungeon, ppc: u32) -> Result<String, ExportError> {
    check_pixels_per_cell(ppc)?;
    let s = f64::from(ppc);
    let (w, h) = (d.width() as f64 * s, d.height() as f64 * s);
    let mut out = header(w, h);
    let _ = write!(
        out,
        r#"<defs>{}{}</defs><rect width="{w}" height="{h}" fill="{ROCK}"/>"#,
        pattern("floor", FLOOR, s),
        pattern("corridor", CORRIDOR, s),
    );
    for y in 0..d.height() {
        let mut x = 0;
        while x < d.width() {
            let p = paint(d.grid.get(x, y));
            let start = x;
            while x < d.width() && paint(d.grid.get(x, y)) == p {
                x += 1;
            }
            let fill = match p {
                Paint::Rock => continue,
                Paint::Wall => WALL,
                Paint::Floor => "url(#floor)",
                Paint::Corridor => "url(#corridor)",
            };
            let _ = write!(
                out,
                r#"<rect x="{}" y="{}" width="{}" height="{s}" fill="{fill}"/>"#,
                start as f64 * s,
                y as f64 * s,
                (x - start) as f64 * s,
            );
        }
    }
    out.push_str(&overlay(d, ppc));
    out.push_str("</svg>\n");
    Ok(out)
}

/// The opening tag of an SVG `w × h` pixels using the embedded font.
pub(crate) fn header(w: f64, h: f64) -> String {
    format!(
        r#"<svg xmlns="http://www.w3.org/2000/svg" width="{w}" height="{h}" viewBox="0 0 {w} {h}" font-family="DejaVu Sans" font-weight="bold">"#
    )
}

/// A pattern of cells `s` wide filled with `fill`, grid lines at the top
/// and left.
fn pattern(id: &str, fill: &str, s: f64) -> String {
    let t = grid_line(s);
    format!(
        r#"<pattern id="{id}" width="{s}" height="{s}" patternUnits="userSpaceOnUse"><rect width="{s}" height="{s}" fill="{fill}"/><rect width="{s}" height="{t}" fill="{GRID}"/><rect width="{t}" height="{s}" fill="{GRID}"/></pattern>"#
    )
}

/// Grid line thickness in pixels for `s` pixels per cell.
pub(crate) fn grid_line(s: f64) -> f64 {
    (s / 35.0).floor().max(1.0)
}

/// Everything drawn over the cells (doors, secret doors, traps, locks,
/// key rooms, lettered room discs) as SVG elements in pixels.
pub fn overlay(d: &Dungeon, ppc: u32) -> String {
    let s = f64::from(ppc);
    let mut out = String::new();
    for run in door_runs(d) {
        door(&mut out, &run, s);
    }
    for y in 0..d.height() {
        for x in 0..d.width() {
            if d.grid.get(x, y) == DungeonTile::Trap {
                let (a, b) = (0.25 * s, 0.75 * s);
                let (px, py) = (x as f64 * s, y as f64 * s);
                let _ = write!(
                    out,
                    r##"<path class="trap" d="M{} {}L{} {}M{} {}L{} {}" stroke="#c62828" stroke-width="{}" stroke-linecap="round"/>"##,
                    px + a,
                    py + a,
                    px + b,
                    py + b,
                    px + b,
                    py + a,
                    px + a,
                    py + b,
                    0.1 * s
                );
            }
        }
    }
    for lock in &d.locks {
        let (x, y) = (f64::from(lock.door.0) * s, f64::from(lock.door.1) * s);
        let _ = write!(
            out,
            r##"<g class="lock"><path d="M{} {}v{}a{r} {r} 0 0 1 {} 0v{}" fill="none" stroke="#3b2410" stroke-width="{}"/><rect x="{}" y="{}" width="{}" height="{}" rx="{}" fill="#e0b020" stroke="#3b2410" stroke-width="{}"/></g>"##,
            x + 0.35 * s,
            y + 0.5 * s,
            -0.15 * s,
            0.3 * s,
            0.15 * s,
            0.06 * s,
            x + 0.25 * s,
            y + 0.45 * s,
            0.5 * s,
            0.35 * s,
            0.05 * s,
            0.04 * s,
            r = 0.15 * s,
        );
    }
    let keys = key_rooms(d);
    for (k, room) in d.rooms.iter().enumerate() {
        let (cx, cy) = letter_point(d, k);
        let (cx, cy) = (cx * s, cy * s);
        let (class, fill) = if k == d.entrance {
            ("room-marker entrance", "#2e7d32")
        } else if k == d.final_room {
            ("room-marker final", "#b71c1c")
        } else {
            ("room-marker", "#4a3b2a")
        };
        let _ = write!(
            out,
            r##"<circle class="{class}" cx="{cx}" cy="{cy}" r="{}" fill="{fill}" stroke="#f5f0e6" stroke-width="{}"/><text class="room-letter" data-room="{l}" x="{cx}" y="{}" font-size="{}" text-anchor="middle" fill="#ffffff">{l}</text>"##,
            0.45 * s,
            0.06 * s,
            cy + 0.24 * s,
            0.65 * s,
            l = room.letter,
        );
        if keys.contains(&k) {
            // A gold key just right of the disc.
            let (kx, ky) = (cx + 0.55 * s, cy - 0.1 * s);
            let _ = write!(
                out,
                r##"<g class="key-room" fill="#e0b020" stroke="#3b2410" stroke-width="{sw}"><circle cx="{kx}" cy="{ky}" r="{}"/><rect x="{}" y="{}" width="{}" height="{}"/></g>"##,
                0.12 * s,
                kx + 0.1 * s,
                ky - 0.04 * s,
                0.3 * s,
                0.08 * s,
                sw = 0.03 * s,
            );
        }
    }
    out
}

/// One door leaf across a run: a brown bar through the middle of the
/// wall; dashed and hollow for a secret door.
fn door(out: &mut String, run: &DoorRun, s: f64) {
    let (x0, y0, x1, y1) = run.bbox();
    let (x0, y0, x1, y1) = (
        x0 as f64 * s,
        y0 as f64 * s,
        (x1 + 1) as f64 * s,
        (y1 + 1) as f64 * s,
    );
    let t = 0.3 * s;
    let (x, y, w, h) = if run.along_x() {
        (x0 + 0.08 * s, (y0 + y1 - t) / 2.0, x1 - x0 - 0.16 * s, t)
    } else {
        ((x0 + x1 - t) / 2.0, y0 + 0.08 * s, t, y1 - y0 - 0.16 * s)
    };
    let (class, fill, dash) = if run.secret {
        (
            "secret-door",
            "none",
            format!(r#" stroke-dasharray="{} {}""#, 0.12 * s, 0.08 * s),
        )
    } else {
        ("door", "#8b5a2b", String::new())
    };
    let _ = write!(
        out,
        r##"<rect class="{class}" x="{x}" y="{y}" width="{w}" height="{h}" fill="{fill}" stroke="#3b2410" stroke-width="{}"{dash}/>"##,
        0.05 * s
    );
}
