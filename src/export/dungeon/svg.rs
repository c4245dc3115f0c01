//! The dungeon SVG: rock, floor and corridors with a grid, walls, doors
//! (one leaf per door run), secret doors (dashed), traps (a red cross),
//! locked doors (a gold padlock), key rooms (a gold key), and one lettered
//! disc per room (green: entrance, red: final room). The PNG export draws
//! the same cells straight into pixels and the same [`overlay`] on top.

use super::look::{Look, MapView, PrintStyle, players_copy};
use super::{DoorRun, check_pixels_per_cell, door_runs, key_rooms, letter_point};
use crate::dungeon::{Dungeon, DungeonTile, column_label};
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

/// The ink style: white rock, black walls, white floor, grey grid.
const INK: [&str; 5] = ["#ffffff", "#000000", "#ffffff", "#ffffff", "#9a9a9a"];

/// Rock, wall, floor, corridor and grid colours of a print style.
pub(crate) fn palette(style: PrintStyle) -> [&'static str; 5] {
    match style {
        PrintStyle::Colour => [ROCK, WALL, FLOOR, CORRIDOR, GRID],
        PrintStyle::Ink => INK,
    }
}

/// The hatching drawn on rock along walls and corridors (the rock edge).
pub(crate) fn hatch_colour(style: PrintStyle) -> &'static str {
    match style {
        PrintStyle::Colour => "#4a423b",
        PrintStyle::Ink => "#6a6a6a",
    }
}

/// Whether rock cell (`x`, `y`) borders something dug (any of its eight
/// neighbours is not rock): the hatched edge of the rock.
pub(crate) fn rock_edge(d: &Dungeon, x: usize, y: usize) -> bool {
    d.grid.get(x, y) == DungeonTile::Rock
        && (y.saturating_sub(1)..=(y + 1).min(d.height() - 1)).any(|ny| {
            (x.saturating_sub(1)..=(x + 1).min(d.width() - 1))
                .any(|nx| d.grid.get(nx, ny) != DungeonTile::Rock)
        })
}

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

/// The game master's map as an SVG `cols × ppc` by `rows × ppc` pixels
/// ([`svg_look`] with [`Look::GM`]), or [`ExportError::PixelsPerCell`]
/// when `ppc` is out of range.
pub fn svg(d: &Dungeon, ppc: u32) -> Result<String, ExportError> {
    svg_look(d, ppc, Look::GM)
}

/// The dungeon as an SVG `cols × ppc` by `rows × ppc` pixels in the
/// given [`Look`] (the players' view draws [`players_copy`]).
pub fn svg_look(d: &Dungeon, ppc: u32, look: Look) -> Result<String, ExportError> {
    check_pixels_per_cell(ppc)?;
    let players;
    let d = if look.view == MapView::Players {
        players = players_copy(d);
        &players
    } else {
        d
    };
    let [rock, wall, floor, corridor, _] = palette(look.style);
    let s = f64::from(ppc);
    let (w, h) = (d.width() as f64 * s, d.height() as f64 * s);
    let mut out = header(w, h);
    let _ = write!(
        out,
        r#"<defs>{}{}{}</defs><rect width="{w}" height="{h}" fill="{rock}"/>"#,
        pattern("floor", floor, s, look.style),
        pattern("corridor", corridor, s, look.style),
        hatch_pattern(s, rock, look.style),
    );
    for y in 0..d.height() {
        let mut x = 0;
        while x < d.width() {
            let p = paint(d.grid.get(x, y));
            let edge = rock_edge(d, x, y);
            let start = x;
            while x < d.width() && paint(d.grid.get(x, y)) == p && rock_edge(d, x, y) == edge {
                x += 1;
            }
            let fill = match p {
                Paint::Rock if edge => "url(#hatch)",
                Paint::Rock => continue,
                Paint::Wall => wall,
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
    out.push_str(&overlay_look(d, ppc, look));
    out.push_str("</svg>\n");
    Ok(out)
}

/// Diagonal hatching one cell wide on `rock`.
fn hatch_pattern(s: f64, rock: &str, style: PrintStyle) -> String {
    let q = s / 4.0;
    format!(
        r#"<pattern id="hatch" width="{q}" height="{q}" patternUnits="userSpaceOnUse"><rect width="{q}" height="{q}" fill="{rock}"/><path d="M0 {q}L{q} 0" stroke="{}" stroke-width="{}"/></pattern>"#,
        hatch_colour(style),
        (s / 40.0).max(1.0)
    )
}

/// The opening tag of an SVG `w × h` pixels using the embedded font.
pub(crate) fn header(w: f64, h: f64) -> String {
    format!(
        r#"<svg xmlns="http://www.w3.org/2000/svg" width="{w}" height="{h}" viewBox="0 0 {w} {h}" font-family="DejaVu Sans" font-weight="bold">"#
    )
}

/// A pattern of cells `s` wide filled with `fill`, grid lines at the top
/// and left.
fn pattern(id: &str, fill: &str, s: f64, style: PrintStyle) -> String {
    let t = grid_line(s);
    let grid = palette(style)[4];
    format!(
        r#"<pattern id="{id}" width="{s}" height="{s}" patternUnits="userSpaceOnUse"><rect width="{s}" height="{s}" fill="{fill}"/><rect width="{s}" height="{t}" fill="{grid}"/><rect width="{t}" height="{s}" fill="{grid}"/></pattern>"#
    )
}

/// Grid line thickness in pixels for `s` pixels per cell.
pub(crate) fn grid_line(s: f64) -> f64 {
    (s / 35.0).floor().max(1.0)
}

/// Everything drawn over the cells of the game master's map in colour
/// ([`overlay_look`] with [`Look::GM`]).
pub fn overlay(d: &Dungeon, ppc: u32) -> String {
    overlay_look(d, ppc, Look::GM)
}

/// Everything drawn over the cells (doors, secret doors, traps, locks,
/// key rooms, lettered room discs; on the GM's map also enemy and
/// treasure marks and the coordinate labels; a scale bar) as SVG
/// elements in pixels. `d` is drawn as given: pass [`players_copy`] for
/// the players' map.
pub fn overlay_look(d: &Dungeon, ppc: u32, look: Look) -> String {
    let s = f64::from(ppc);
    let ink = look.style == PrintStyle::Ink;
    let mut out = String::new();
    for run in door_runs(d) {
        door(&mut out, &run, s, ink);
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
        let (class, fill) = if look.view == MapView::Players {
            ("room-marker", if ink { "#000000" } else { "#4a3b2a" })
        } else if k == d.entrance {
            (
                "room-marker entrance",
                if ink { "#000000" } else { "#2e7d32" },
            )
        } else if k == d.final_room {
            ("room-marker final", if ink { "#000000" } else { "#b71c1c" })
        } else {
            ("room-marker", if ink { "#000000" } else { "#4a3b2a" })
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
        if look.view == MapView::Gm {
            gm_marks(&mut out, d, k, (cx, cy), s, ink);
        }
    }
    if look.view == MapView::Gm {
        labels(&mut out, d, s, ink);
    }
    scale_bar(&mut out, d, s, ink);
    out.push_str(&super::legend::legend(d, s, look));
    out
}

/// The GM's marks beside a room's disc: a red disc with the enemy count
/// below-left, a gold diamond below-right when treasure lies there.
fn gm_marks(out: &mut String, d: &Dungeon, k: usize, (cx, cy): (f64, f64), s: f64, ink: bool) {
    let r = &d.rooms[k];
    let (y, sw) = (cy + 0.7 * s, 0.03 * s);
    if r.enemies {
        let n: u32 = r.enemy_counts.iter().sum();
        let (x, fill) = (cx - 0.35 * s, if ink { "#ffffff" } else { "#c62828" });
        let _ = write!(
            out,
            r##"<g class="enemy-mark"><circle cx="{x}" cy="{y}" r="{}" fill="{fill}" stroke="#000000" stroke-width="{sw}"/><text x="{x}" y="{}" font-size="{}" text-anchor="middle" fill="{}">{}</text></g>"##,
            0.22 * s,
            y + 0.1 * s,
            0.28 * s,
            if ink { "#000000" } else { "#ffffff" },
            if n > 0 { n.to_string() } else { "!".into() },
        );
    }
    if r.treasure {
        let (x, h) = (cx + 0.35 * s, 0.22 * s);
        let _ = write!(
            out,
            r##"<path class="treasure-mark" d="M{x} {}L{} {y}L{x} {}L{} {y}Z" fill="{}" stroke="#000000" stroke-width="{sw}"/>"##,
            y - h,
            x + h,
            y + h,
            x - h,
            if ink { "#ffffff" } else { "#e0b020" },
        );
    }
}

/// Column letters along the top edge and row numbers along the left edge
/// (every cell when a cell is 20 px or more, else every fifth), in the
/// rock ring the generator keeps free.
fn labels(out: &mut String, d: &Dungeon, s: f64, ink: bool) {
    let every = if s >= 20.0 { 1 } else { 5 };
    let fill = if ink { "#000000" } else { "#f5f0e6" };
    let size = (0.42 * s).min(14.0 * s / 20.0);
    let _ = write!(
        out,
        r#"<g class="coordinates" font-size="{size}" fill="{fill}" text-anchor="middle">"#
    );
    for x in (1..d.width()).filter(|x| x % every == 0) {
        let _ = write!(
            out,
            r#"<text x="{}" y="{}">{}</text>"#,
            (x as f64 + 0.5) * s,
            0.7 * s,
            column_label(x)
        );
    }
    for y in (1..d.height()).filter(|y| y % every == 0) {
        let _ = write!(
            out,
            r#"<text x="{}" y="{}">{}</text>"#,
            0.5 * s,
            (y as f64 + 0.65) * s,
            y + 1
        );
    }
    out.push_str("</g>");
}

/// A scale bar of two cells (10 ft, 5 ft a cell) in the bottom rock ring,
/// from the second column: one segment per cell, dark and light in turn,
/// ticks at 0, 5 and 10 ft.
fn scale_bar(out: &mut String, d: &Dungeon, s: f64, ink: bool) {
    let y = (d.height() as f64 - 0.5) * s;
    let (dark, light) = if ink {
        ("#000000", "#ffffff")
    } else {
        ("#f5f0e6", "#3b2410")
    };
    let _ = write!(out, r#"<g class="scale-bar" fill="{dark}">"#);
    for (i, fill) in [dark, light].into_iter().enumerate() {
        let _ = write!(
            out,
            r#"<rect x="{}" y="{}" width="{s}" height="{}" fill="{fill}" stroke="{dark}" stroke-width="{}"/>"#,
            (1 + i) as f64 * s,
            y - 0.08 * s,
            0.16 * s,
            0.03 * s,
        );
    }
    for i in 0..3 {
        let _ = write!(
            out,
            r#"<rect x="{}" y="{}" width="{}" height="{}"/>"#,
            (1 + i) as f64 * s - 0.02 * s,
            y - 0.2 * s,
            0.04 * s,
            0.28 * s,
        );
    }
    let _ = write!(
        out,
        r#"<text x="{}" y="{}" font-size="{}">10 ft (5 ft a cell)</text></g>"#,
        3.2 * s,
        y + 0.15 * s,
        0.42 * s,
    );
}

/// One door leaf across a run: a brown bar through the middle of the
/// wall; dashed and hollow for a secret door.
fn door(out: &mut String, run: &DoorRun, s: f64, ink: bool) {
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
        (
            "door",
            if ink { "#ffffff" } else { "#8b5a2b" },
            String::new(),
        )
    };
    let _ = write!(
        out,
        r##"<rect class="{class}" x="{x}" y="{y}" width="{w}" height="{h}" fill="{fill}" stroke="#3b2410" stroke-width="{}"{dash}/>"##,
        0.05 * s
    );
}
