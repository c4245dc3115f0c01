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

/// Room `k`'s disc and letter at `s` units per cell, its marks `m` units
/// across: the entrance's arrow and the final room's star left of the
/// disc, a key right of it, and on the GM's map the enemy and treasure
/// marks below it.
fn room_marks(out: &mut String, d: &Dungeon, k: usize, (s, m): (f64, f64), look: Look, key: bool) {
    let c = Colours::of(look.style);
    let room = &d.rooms[k];
    let (cx, cy) = letter_point(d, k);
    let (cx, cy) = (cx * s, cy * s);
    let gm = look.view == MapView::Gm;
    let (class, fill) = if !gm {
        ("room-marker", c.disc)
    } else if k == d.entrance {
        ("room-marker entrance", c.entrance)
    } else if k == d.final_room {
        ("room-marker final", c.final_room)
    } else {
        ("room-marker", c.disc)
    };
    let _ = write!(
        out,
        r#"<circle class="{class}" cx="{cx}" cy="{cy}" r="{}" fill="{fill}" stroke="{}" stroke-width="{}"/><text class="room-letter" data-room="{l}" x="{cx}" y="{}" font-size="{}" text-anchor="middle" fill="{}">{l}</text>"#,
        0.45 * m,
        c.ring,
        0.06 * m,
        cy + 0.24 * m,
        0.65 * m,
        c.letter,
        l = room.letter,
    );
    if gm && k == d.entrance {
        entrance_arrow(out, (cx - 0.72 * m, cy), m, c);
    }
    if gm && k == d.final_room {
        let y = if k == d.entrance { cy - 0.8 * m } else { cy };
        final_star(out, (cx - 0.8 * m, y), m, c);
    }
    if key {
        // A key just right of the disc.
        let (kx, ky) = (cx + 0.55 * m, cy - 0.1 * m);
        let _ = write!(
            out,
            r#"<g class="key-room" fill="{}" stroke="{}" stroke-width="{sw}"><circle cx="{kx}" cy="{ky}" r="{}"/><rect x="{}" y="{}" width="{}" height="{}"/></g>"#,
            c.gold,
            c.outline,
            0.12 * m,
            kx + 0.1 * m,
            ky - 0.04 * m,
            0.3 * m,
            0.08 * m,
            sw = 0.03 * m,
        );
    }
    if gm {
        gm_marks(out, d, k, (cx, cy), m, c);
    }
}

/// The entrance's mark: a triangle `m` units tall centred on `(x, y)`,
/// pointing right (into the room's disc).
pub(crate) fn entrance_arrow(out: &mut String, (x, y): (f64, f64), m: f64, c: Colours) {
    let (w, h) = (0.42 * m, 0.3 * m);
    let _ = write!(
        out,
        r#"<path class="entrance-mark" d="M{} {}L{} {}L{} {y}Z" fill="{}" stroke="{}" stroke-width="{}" stroke-linejoin="round"/>"#,
        x - w / 2.0,
        y - h,
        x - w / 2.0,
        y + h,
        x + w / 2.0,
        c.entrance,
        c.ring,
        0.05 * m,
    );
}

/// The final room's mark: a five-pointed star `0.64 m` across centred on
/// `(x, y)`.
pub(crate) fn final_star(out: &mut String, (x, y): (f64, f64), m: f64, c: Colours) {
    let mut d = String::new();
    for i in 0..10 {
        let r = if i % 2 == 0 { 0.34 * m } else { 0.14 * m };
        let a = std::f64::consts::PI * (i as f64 / 5.0 - 0.5);
        let _ = write!(
            d,
            "{}{:.2} {:.2}",
            if i == 0 { 'M' } else { 'L' },
            x + r * a.cos(),
            y + r * a.sin()
        );
    }
    let _ = write!(
        out,
        r#"<path class="final-mark" d="{d}Z" fill="{}" stroke="{}" stroke-width="{}" stroke-linejoin="round"/>"#,
        c.final_room,
        c.ring,
        0.05 * m,
    );
}

/// The GM's marks beside a room's disc: a red disc with the enemy count
/// below-left, a gold diamond below-right when treasure lies there.
fn gm_marks(out: &mut String, d: &Dungeon, k: usize, (cx, cy): (f64, f64), s: f64, c: Colours) {
    let r = &d.rooms[k];
    let (y, sw) = (cy + 0.7 * s, 0.03 * s);
    if r.enemies {
        let n: u32 = r.enemy_counts.iter().sum();
        let x = cx - 0.35 * s;
        let _ = write!(
            out,
            r#"<g class="enemy-mark"><circle cx="{x}" cy="{y}" r="{}" fill="{}" stroke="{}" stroke-width="{sw}"/><text x="{x}" y="{}" font-size="{}" text-anchor="middle" fill="{}">{}</text></g>"#,
            0.22 * s,
            c.enemy.0,
            c.mark_outline,
            y + 0.1 * s,
            0.28 * s,
            c.enemy.1,
            if n > 0 { n.to_string() } else { "!".into() },
        );
    }
    if r.treasure {
        let (x, h) = (cx + 0.35 * s, 0.22 * s);
        let _ = write!(
            out,
            r#"<path class="treasure-mark" d="M{x} {}L{} {y}L{x} {}L{} {y}Z" fill="{}" stroke="{}" stroke-width="{sw}"/>"#,
            y - h,
            x + h,
            y + h,
            x - h,
            c.treasure,
            c.mark_outline,
        );
    }
}

/// Column letters along the top edge and row numbers along the left edge
/// (every cell when a cell is 20 px or more, else every fifth), in the
/// rock ring the generator keeps free.
fn labels(out: &mut String, d: &Dungeon, s: f64, c: Colours) {
    let every = if s >= 20.0 { 1 } else { 5 };
    let fill = c.label;
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
fn scale_bar(out: &mut String, d: &Dungeon, s: f64, c: Colours) {
    let y = (d.height() as f64 - 0.5) * s;
    let (dark, light) = c.scale;
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
fn door(out: &mut String, run: &DoorRun, s: f64, c: Colours) {
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
        ("door", c.door, String::new())
    };
    let _ = write!(
        out,
        r#"<rect class="{class}" x="{x}" y="{y}" width="{w}" height="{h}" fill="{fill}" stroke="{}" stroke-width="{}"{dash}/>"#,
        c.outline,
        0.05 * s
    );
}
