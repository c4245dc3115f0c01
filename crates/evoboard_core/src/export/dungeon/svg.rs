//! The dungeon SVG: rock, floor and corridors with a grid, walls, doors
//! (one leaf per door run), secret doors (dashed), traps (a red cross),
//! locked doors (a gold padlock), key rooms (a gold key), and one lettered
//! disc per room (the entrance's green with an arrow pointing in, the
//! final room's red with a star). The PNG export draws the same cells
//! straight into pixels and the same [`overlay`] on top; the one-page PDF
//! draws the cells with [`cells_vector`] (no patterns) and the overlay
//! without legend, scale bar or labels ([`Parts::MAP_ONLY`]), which the
//! page sets beside the map.

use super::look::{Colours, Look, MapView, PrintStyle, players_copy};
use super::{DoorRun, any_around, check_pixels_per_cell, door_runs, key_rooms, letter_point};
use crate::dungeon::{Dungeon, DungeonTile, column_label};
use crate::export::ExportError;
use std::fmt::Write;

mod marks;
use marks::{door, labels, room_marks, scale_bar};
pub(crate) use marks::{entrance_arrow, final_star};

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

/// Rock, wall, floor, corridor and grid colours of a print style.
pub(crate) fn palette(style: PrintStyle) -> [&'static str; 5] {
    let c = Colours::of(style);
    [c.rock, c.wall, c.floor, c.corridor, c.grid]
}

/// The hatching drawn on rock along walls and corridors (the rock edge).
pub(crate) fn hatch_colour(style: PrintStyle) -> &'static str {
    Colours::of(style).hatch
}

/// Which parts of the overlay a picture draws.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Parts {
    /// Room discs and letters, with the entrance's arrow, the final
    /// room's star, key and (GM) enemy and treasure marks.
    pub rooms: bool,
    /// The legend box.
    pub legend: bool,
    /// The scale bar in the bottom rock ring.
    pub scale_bar: bool,
    /// Column letters and row numbers in the rock ring (GM only).
    pub labels: bool,
    /// The side of a room's marks in cells (1: the disc is 0.9 cells
    /// across); more on a printed page whose cells are small.
    pub mark: f64,
}

impl Parts {
    /// Everything: the png and svg exports.
    pub const ALL: Parts = Parts {
        rooms: true,
        legend: true,
        scale_bar: true,
        labels: true,
        mark: 1.0,
    };
    /// The players' virtual-tabletop image: the cells, doors and nothing
    /// else (no legend, letters or scale bar).
    pub const BARE: Parts = Parts {
        rooms: false,
        legend: false,
        scale_bar: false,
        labels: false,
        mark: 1.0,
    };
    /// A printed page's map: rooms and marks; the page sets the legend,
    /// scale bar and labels round it.
    pub const MAP_ONLY: Parts = Parts {
        rooms: true,
        legend: false,
        scale_bar: false,
        labels: false,
        mark: 1.0,
    };
}

/// Whether rock cell (`x`, `y`) borders something dug (any of its eight
/// neighbours is not rock): the hatched edge of the rock.
pub(crate) fn rock_edge(d: &Dungeon, x: usize, y: usize) -> bool {
    d.grid.get(x, y) == DungeonTile::Rock
        && any_around((d.width(), d.height()), (x, y), |nx, ny| {
            d.grid.get(nx, ny) != DungeonTile::Rock
        })
}

/// The runs of equal `key(i)` along `0..n`: first index, one past the
/// last, key.
fn runs<K: PartialEq>(n: usize, key: impl Fn(usize) -> K) -> Vec<(usize, usize, K)> {
    let mut out = Vec::new();
    let mut i = 0;
    while i < n {
        let k = key(i);
        let start = i;
        while i < n && key(i) == k {
            i += 1;
        }
        out.push((start, i, k));
    }
    out
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
        let cells = runs(d.width(), |x| (paint(d.grid.get(x, y)), rock_edge(d, x, y)));
        for (start, x, (p, edge)) in cells {
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

/// The cells of `d` at `s` units per cell as plain SVG shapes (solid
/// fills and strokes, no patterns, for the PDF writer): the rock as one
/// rectangle, wall, floor and corridor runs, the grid as one path of
/// lines, the hatched rock edge as one path of diagonal strokes.
pub fn cells_vector(d: &Dungeon, s: f64, style: PrintStyle) -> String {
    let c = Colours::of(style);
    let (cols, rows) = (d.width(), d.height());
    let mut out = format!(
        r#"<rect width="{}" height="{}" fill="{}"/>"#,
        cols as f64 * s,
        rows as f64 * s,
        c.rock
    );
    let lined =
        |x: usize, y: usize| matches!(paint(d.grid.get(x, y)), Paint::Floor | Paint::Corridor);
    let mut hatch = String::new();
    let q = s / 4.0;
    for y in 0..rows {
        for (start, x, p) in runs(cols, |x| paint(d.grid.get(x, y))) {
            let fill = match p {
                Paint::Rock => continue,
                Paint::Wall => c.wall,
                Paint::Floor => c.floor,
                Paint::Corridor => c.corridor,
            };
            let _ = write!(
                out,
                r#"<rect x="{:.2}" y="{:.2}" width="{:.2}" height="{:.2}" fill="{fill}"/>"#,
                start as f64 * s,
                y as f64 * s,
                (x - start) as f64 * s,
                s
            );
        }
        for x in 0..cols {
            if !rock_edge(d, x, y) {
                continue;
            }
            let (px, py) = (x as f64 * s, y as f64 * s);
            // Lines x + y = const every quarter cell, clipped to the cell.
            for k in 1..8 {
                let t = k as f64 * q;
                let (a, b) = if t <= s {
                    ((px, py + t), (px + t, py))
                } else {
                    ((px + t - s, py + s), (px + s, py + t - s))
                };
                let _ = write!(hatch, "M{:.2} {:.2}L{:.2} {:.2}", a.0, a.1, b.0, b.1);
            }
        }
    }
    if !hatch.is_empty() {
        let _ = write!(
            out,
            r#"<path class="hatch" d="{hatch}" stroke="{}" stroke-width="{:.2}" fill="none"/>"#,
            c.hatch,
            (s / 40.0).max(0.25)
        );
    }
    // Grid lines on every cell side with a floor or corridor cell beside.
    let mut grid = String::new();
    for y in 0..=rows {
        let on = |x: usize| (y < rows && lined(x, y)) || (y > 0 && lined(x, y - 1));
        for (start, x, _) in runs(cols, on).into_iter().filter(|r| r.2) {
            let _ = write!(
                grid,
                "M{:.2} {:.2}H{:.2}",
                start as f64 * s,
                y as f64 * s,
                x as f64 * s
            );
        }
    }
    for x in 0..=cols {
        let on = |y: usize| (x < cols && lined(x, y)) || (x > 0 && lined(x - 1, y));
        for (start, y, _) in runs(rows, on).into_iter().filter(|r| r.2) {
            let _ = write!(
                grid,
                "M{:.2} {:.2}V{:.2}",
                x as f64 * s,
                start as f64 * s,
                y as f64 * s
            );
        }
    }
    if !grid.is_empty() {
        let _ = write!(
            out,
            r#"<path class="grid" d="{grid}" stroke="{}" stroke-width="{:.2}" fill="none"/>"#,
            c.grid,
            (s / 30.0).max(0.2)
        );
    }
    out
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
/// treasure marks and the coordinate labels; a scale bar and the legend)
/// as SVG elements in pixels. `d` is drawn as given: pass
/// [`players_copy`] for the players' map.
pub fn overlay_look(d: &Dungeon, ppc: u32, look: Look) -> String {
    overlay_parts(d, f64::from(ppc), look, Parts::ALL)
}

/// The overlay with only the given [`Parts`], at `s` units per cell.
pub fn overlay_parts(d: &Dungeon, s: f64, look: Look, parts: Parts) -> String {
    let c = Colours::of(look.style);
    let mut out = String::new();
    for run in door_runs(d) {
        door(&mut out, &run, s, c);
    }
    for y in 0..d.height() {
        for x in 0..d.width() {
            if d.grid.get(x, y) == DungeonTile::Trap {
                let (a, b) = (0.25 * s, 0.75 * s);
                let (px, py) = (x as f64 * s, y as f64 * s);
                let _ = write!(
                    out,
                    r##"<path class="trap" d="M{} {}L{} {}M{} {}L{} {}" stroke="{}" stroke-width="{}" stroke-linecap="round"/>"##,
                    px + a,
                    py + a,
                    px + b,
                    py + b,
                    px + b,
                    py + a,
                    px + a,
                    py + b,
                    c.trap,
                    0.1 * s
                );
            }
        }
    }
    for lock in &d.locks {
        let (x, y) = (f64::from(lock.door.0) * s, f64::from(lock.door.1) * s);
        let _ = write!(
            out,
            r##"<g class="lock"><path d="M{} {}v{}a{r} {r} 0 0 1 {} 0v{}" fill="none" stroke="{o}" stroke-width="{}"/><rect x="{}" y="{}" width="{}" height="{}" rx="{}" fill="{}" stroke="{o}" stroke-width="{}"/></g>"##,
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
            c.gold,
            0.04 * s,
            r = 0.15 * s,
            o = c.outline,
        );
    }
    if parts.rooms {
        let m = s * parts.mark;
        let keys = key_rooms(d);
        for k in 0..d.rooms.len() {
            room_marks(&mut out, d, k, (s, m), look, keys.contains(&k));
        }
    }
    if parts.labels && look.view == MapView::Gm {
        labels(&mut out, d, s, c);
    }
    if parts.scale_bar {
        scale_bar(&mut out, d, s, c);
    }
    if parts.legend {
        out.push_str(&super::legend::legend(d, s, look));
    }
    out
}
