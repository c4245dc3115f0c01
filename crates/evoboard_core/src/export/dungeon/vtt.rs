//! Universal VTT (`.dd2vtt`, format 0.3, as Dungeondraft writes it and
//! Foundry VTT, Arkenforge and others import): the map's size in cells,
//! the walls, one portal per door, one light per lit room and the picture.
//!
//! Walls (`line_of_sight`): the boundary between walkable cells (floor,
//! corridor, door, secret door, trap) and the rest, traced by
//! [`walls::trace`] into closed polylines (first point repeated last) of
//! long straight segments, in cell units inside `[0, cols] × [0, rows]`.
//! Door cells count as walkable, so a door opening is never crossed by a
//! wall: the walls run along the door cells' sides (the neighbouring
//! wall cells' faces) and the portal closes the gap, from the wall face
//! on one side to the wall face on the other, through the middle of the
//! door cells. The players' file (the default, [`vtt`]) draws
//! [`players_copy`]: nothing behind a secret door (no walls, portals or
//! lights there; the secret door itself is wall), and its picture is the
//! bare map — no legend, room letters or scale bar — cropped to what is
//! drawn plus [`PLAYERS_MARGIN`] cells of rock, every coordinate counted
//! from the crop's top-left corner (`map_origin` stays 0, 0: importers
//! place the walls on the picture). The GM's file ([`vtt_look`] with
//! [`Look::GM`]) is the whole grid with the GM's map and keeps secret
//! doors as portals (the format has no secret flag). Both
//! always write `portals` and `lights` as arrays (empty when there are
//! none: the widely used importer loops over them without a null check).

use super::crop::crop;
use super::look::{Look, MapView, players_copy};
use super::svg::Parts;
use super::{DoorRun, check_pixels_per_cell, door_runs, letter_point, walls};
use crate::dungeon::{Dungeon, Lighting};
use crate::export::ExportError;
use serde_json::{Value, json};

/// The `format` this export writes.
pub const FORMAT: f64 = 0.3;

/// Cells of rock kept round the players' cropped map.
pub const PLAYERS_MARGIN: usize = 2;

/// The players' Universal VTT JSON ([`vtt_look`] with [`Look::PLAYERS`]).
pub fn vtt(d: &Dungeon, ppc: u32) -> Result<String, ExportError> {
    vtt_look(d, ppc, Look::PLAYERS)
}

/// The Universal VTT JSON of the dungeon with its picture at `ppc` pixels
/// per cell, in the given [`Look`]; [`ExportError::NoPng`] in a build
/// without the `png` feature, [`ExportError::PixelsPerCell`] when `ppc`
/// is out of range.
pub fn vtt_look(d: &Dungeon, ppc: u32, look: Look) -> Result<String, ExportError> {
    check_pixels_per_cell(ppc)?;
    let cropped;
    let (d, parts) = if look.view == MapView::Players {
        cropped = crop(&players_copy(d), PLAYERS_MARGIN).dungeon;
        (&cropped, Parts::BARE)
    } else {
        (d, Parts::ALL)
    };
    let image = image(d, ppc, look, parts)?;
    let mut v = data(d, ppc);
    v["image"] = Value::String(image);
    serde_json::to_string(&v).map_err(|e| ExportError::Render(e.to_string()))
}

/// Everything but the `image`: `format`, `resolution`, `line_of_sight`,
/// `objects_line_of_sight` (empty), `portals`, `environment`, `lights`.
pub fn data(d: &Dungeon, ppc: u32) -> Value {
    let point = |x: f64, y: f64| json!({ "x": x, "y": y });
    let walls: Vec<Value> = walls::trace(d.width(), d.height(), |x, y| d.is_walkable(x, y))
        .into_iter()
        .map(|l| {
            l.into_iter()
                .map(|(x, y)| point(f64::from(x), f64::from(y)))
                .collect()
        })
        .collect();
    let portals: Vec<Value> = door_runs(d).iter().map(|r| portal(r, &point)).collect();
    let lights: Vec<Value> = (0..d.rooms.len())
        .filter_map(|k| light(d, k, &point))
        .collect();
    json!({
        "format": FORMAT,
        "resolution": {
            "map_origin": point(0.0, 0.0),
            "map_size": point(d.width() as f64, d.height() as f64),
            "pixels_per_grid": ppc,
        },
        "line_of_sight": walls,
        "objects_line_of_sight": [],
        "portals": portals,
        "environment": { "baked_lighting": false, "ambient_light": "ff000000" },
        "lights": lights,
    })
}

/// A closed portal across a door run.
fn portal(run: &DoorRun, point: &impl Fn(f64, f64) -> Value) -> Value {
    let [a, b] = run.bounds();
    let (cx, cy) = run.centre();
    let rotation = if run.along_x() {
        0.0
    } else {
        std::f64::consts::FRAC_PI_2
    };
    json!({
        "position": point(cx, cy),
        "bounds": [point(a.0, a.1), point(b.0, b.1)],
        "rotation": rotation,
        "closed": true,
        "freestanding": false,
    })
}

/// The light of room `k`: none when dark; dim rooms a faint orange glow
/// reaching half the room's long side plus one cell, bright rooms a
/// warm light reaching half the long side plus three cells.
fn light(d: &Dungeon, k: usize, point: &impl Fn(f64, f64) -> Value) -> Option<Value> {
    let room = &d.rooms[k];
    let half = f64::from(room.w.max(room.h)) / 2.0;
    let (range, intensity, color) = match room.lighting {
        Lighting::Dark => return None,
        Lighting::Dim => (half + 1.0, 0.5, "ffff9f40"),
        Lighting::Bright => (half + 3.0, 1.0, "ffffe0b0"),
    };
    let (x, y) = letter_point(d, k);
    Some(json!({
        "position": point(x, y),
        "range": range,
        "intensity": intensity,
        "color": color,
        "shadows": true,
    }))
}

/// The picture of `d` as drawn, base64.
#[cfg(feature = "png")]
fn image(d: &Dungeon, ppc: u32, look: Look, parts: Parts) -> Result<String, ExportError> {
    use base64::Engine;
    let png = super::png::png_parts(d, ppc, look, parts)?;
    Ok(base64::engine::general_purpose::STANDARD.encode(png))
}

#[cfg(not(feature = "png"))]
fn image(_d: &Dungeon, _ppc: u32, _look: Look, _parts: Parts) -> Result<String, ExportError> {
    Err(ExportError::NoPng)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::dungeon::{DungeonParams, Size, generate_proposal};

    #[test]
    fn portals_touch_walls_and_lights_follow_lighting() {
        let mut p = DungeonParams::for_size(Size::Small);
        p.secret_doors = 1;
        let mut d = generate_proposal(&p, 11, 0).unwrap();
        d.rooms[0].lighting = Lighting::Bright;
        d.rooms[1].lighting = Lighting::Dim;
        for r in &mut d.rooms[2..] {
            r.lighting = Lighting::Dark;
        }
        let v = data(&d, 70);
        assert_eq!(v["lights"].as_array().unwrap().len(), 2);
        portals_close_openings(&d, &v);
        let wide = crate::export::dungeon::tests::wide();
        portals_close_openings(&wide, &data(&wide, 70));
    }

    /// One portal per door run, each from a wall to a wall across an
    /// opening no wall crosses; closed walls.
    fn portals_close_openings(d: &Dungeon, v: &Value) {
        let portals = v["portals"].as_array().unwrap();
        assert_eq!(portals.len(), door_runs(d).len());
        let walls = v["line_of_sight"].as_array().unwrap();
        let segs: Vec<[(f64, f64); 2]> = walls
            .iter()
            .flat_map(|l| {
                let pts: Vec<(f64, f64)> = l
                    .as_array()
                    .unwrap()
                    .iter()
                    .map(|p| (p["x"].as_f64().unwrap(), p["y"].as_f64().unwrap()))
                    .collect();
                assert_eq!(pts.first(), pts.last(), "closed");
                pts.windows(2).map(|w| [w[0], w[1]]).collect::<Vec<_>>()
            })
            .collect();
        let on = |(x, y): (f64, f64)| {
            segs.iter().any(|[a, b]| {
                (a.0 == b.0 && a.0 == x && a.1.min(b.1) <= y && y <= a.1.max(b.1))
                    || (a.1 == b.1 && a.1 == y && a.0.min(b.0) <= x && x <= a.0.max(b.0))
            })
        };
        for p in portals {
            let b = p["bounds"].as_array().unwrap();
            let end = |i: usize| (b[i]["x"].as_f64().unwrap(), b[i]["y"].as_f64().unwrap());
            assert!(on(end(0)) && on(end(1)), "{p}");
            let mid = ((end(0).0 + end(1).0) / 2.0, (end(0).1 + end(1).1) / 2.0);
            assert!(!on(mid), "the opening is open: {p}");
        }
    }
}
