//! Which map a dungeon export draws and how: the game master's map (every
//! secret, trap, lock, key, enemy and treasure mark, coordinate labels
//! along the edges so the room key can point at cells) or the players'
//! map (rooms, corridors and ordinary doors only: secret doors are wall,
//! no traps, no locks or keys, no monster or treasure marks, every room
//! disc the same colour), in colour or in black ink for printing.

use crate::dungeon::{Dungeon, DungeonTile};

/// Whose map: the game master's or the players'.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum MapView {
    /// Everything, with coordinate labels (the default for png and svg).
    #[default]
    Gm,
    /// Only what the party can see (the default for vtt).
    Players,
}

impl MapView {
    /// Both views, in the order the CLI lists them.
    pub const ALL: [MapView; 2] = [MapView::Gm, MapView::Players];

    /// `gm` or `players`.
    pub fn name(self) -> &'static str {
        match self {
            MapView::Gm => "gm",
            MapView::Players => "players",
        }
    }

    /// Parse `gm` or `players` (either case); the error names both.
    pub fn parse(s: &str) -> Result<MapView, String> {
        MapView::ALL
            .into_iter()
            .find(|v| v.name().eq_ignore_ascii_case(s.trim()))
            .ok_or_else(|| format!("view '{s}' is not allowed; allowed: gm, players"))
    }
}

/// The colours of a dungeon map.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum PrintStyle {
    /// Parchment and brown (the default).
    #[default]
    Colour,
    /// Black on white for a black-and-white printer: white floor, black
    /// walls, rock hatched in grey, grey grid.
    Ink,
}

impl PrintStyle {
    /// Both styles.
    pub const ALL: [PrintStyle; 2] = [PrintStyle::Colour, PrintStyle::Ink];

    /// `colour` or `ink`.
    pub fn name(self) -> &'static str {
        match self {
            PrintStyle::Colour => "colour",
            PrintStyle::Ink => "ink",
        }
    }

    /// Parse `colour` (or `color`) or `ink`; the error names both.
    pub fn parse(s: &str) -> Result<PrintStyle, String> {
        match s.trim().to_ascii_lowercase().as_str() {
            "colour" | "color" => Ok(PrintStyle::Colour),
            "ink" => Ok(PrintStyle::Ink),
            _ => Err(format!(
                "print style '{s}' is not allowed; allowed: colour, ink"
            )),
        }
    }
}

/// How to draw a dungeon map: whose view, which colours.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Look {
    /// The game master's or the players' map.
    pub view: MapView,
    /// Colour or ink.
    pub style: PrintStyle,
}

impl Look {
    /// The game master's map in colour.
    pub const GM: Look = Look {
        view: MapView::Gm,
        style: PrintStyle::Colour,
    };
    /// The players' map in colour.
    pub const PLAYERS: Look = Look {
        view: MapView::Players,
        style: PrintStyle::Colour,
    };
}

/// The dungeon as the party sees it: secret doors turned to wall, traps
/// to plain corridor, no locks, no trap or secret notes, no enemies or
/// treasure in the rooms (letters, shapes and lighting stay).
///
/// ```
/// use evoboard::dungeon::{generate_proposal, DungeonParams, DungeonTile, Size};
/// use evoboard::export::dungeon::players_copy;
/// let mut params = DungeonParams::for_size(Size::Small);
/// (params.secret_doors, params.traps, params.keys) = (1, 2, 1);
/// let d = generate_proposal(&params, 3, 0).unwrap();
/// let p = players_copy(&d);
/// assert!(p.grid.cells().iter().all(|&t| t != DungeonTile::SecretDoor && t != DungeonTile::Trap));
/// assert!(p.locks.is_empty() && p.rooms.iter().all(|r| !r.enemies && r.enemy_kinds.is_empty()));
/// ```
pub fn players_copy(d: &Dungeon) -> Dungeon {
    let mut p = d.clone();
    for t in p.grid.cells_mut() {
        *t = match *t {
            DungeonTile::SecretDoor => DungeonTile::Wall,
            DungeonTile::Trap => DungeonTile::Corridor,
            other => other,
        };
    }
    p.locks.clear();
    p.traps.clear();
    p.secret_doors.clear();
    for r in &mut p.rooms {
        (r.enemies, r.treasure) = (false, false);
        r.enemy_kinds.clear();
        r.enemy_counts.clear();
        r.treasure_kinds.clear();
        (r.challenge, r.reward) = (0, 0);
        r.description.clear();
    }
    p
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::dungeon::{DungeonParams, Size, generate_proposal};
    use crate::export::dungeon::{door_runs, svg_look, vtt};

    fn stocked() -> Dungeon {
        let mut p = DungeonParams::for_size(Size::Medium);
        (p.proposals, p.loops, p.keys, p.secret_doors, p.traps) = (1, 3, 2, 2, 3);
        generate_proposal(&p, 7, 0).unwrap()
    }

    #[test]
    fn the_players_map_shows_nothing_the_party_has_not_found() {
        let d = stocked();
        assert!(d.metrics.secret_doors > 0 && d.metrics.traps > 0 && !d.locks.is_empty());
        let gm = svg_look(&d, 20, Look::GM).unwrap();
        let pl = svg_look(&d, 20, Look::PLAYERS).unwrap();
        for mark in [
            "secret-door",
            r#"class="trap""#,
            r#"class="lock""#,
            r#"class="key-room""#,
            "enemy-mark",
            "treasure-mark",
            r#"class="coordinates""#,
            "room-marker entrance",
            "room-marker final",
        ] {
            assert!(gm.contains(mark), "GM map lacks {mark}");
            assert!(!pl.contains(mark), "players' map shows {mark}");
        }
        for s in [&gm, &pl] {
            assert!(s.contains("scale-bar") && s.contains("10 ft"));
            assert_eq!(s.matches(r#"class="room-letter""#).count(), d.rooms.len());
        }
        let ink = svg_look(
            &d,
            20,
            Look {
                view: MapView::Gm,
                style: PrintStyle::Ink,
            },
        )
        .unwrap();
        assert!(!ink.contains(super::super::svg::ROCK) && ink.contains("#000000"));
    }

    #[test]
    fn the_players_vtt_has_secret_doors_as_walls() {
        let d = stocked();
        let plain = door_runs(&d).iter().filter(|r| !r.secret).count();
        let players: serde_json::Value = serde_json::from_str(&vtt(&d, 10).unwrap()).unwrap();
        assert_eq!(players["portals"].as_array().unwrap().len(), plain);
        let gm: serde_json::Value =
            serde_json::from_str(&crate::export::dungeon::vtt_look(&d, 10, Look::GM).unwrap())
                .unwrap();
        assert_eq!(gm["portals"].as_array().unwrap().len(), door_runs(&d).len());
        for v in [&players, &gm] {
            assert!(v["lights"].is_array() && v["portals"].is_array());
            assert_eq!(
                v["resolution"]["map_origin"],
                serde_json::json!({"x": 0.0, "y": 0.0})
            );
        }
        // The players' walls close the secret doors: the outlines differ.
        assert_ne!(players["line_of_sight"], gm["line_of_sight"]);
        // A map without lit rooms or doors still writes arrays.
        let mut dark = players_copy(&d);
        for r in &mut dark.rooms {
            r.lighting = crate::dungeon::Lighting::Dark;
        }
        let v = crate::export::dungeon::vtt::data(&dark, 10);
        assert_eq!(v["lights"], serde_json::json!([]));
    }

    #[test]
    fn views_and_styles_parse_and_bad_ones_say_what_is_allowed() {
        assert_eq!(MapView::parse("Players"), Ok(MapView::Players));
        assert_eq!(MapView::parse("gm"), Ok(MapView::Gm));
        assert!(
            MapView::parse("dm")
                .unwrap_err()
                .contains("allowed: gm, players")
        );
        assert_eq!(PrintStyle::parse("ink"), Ok(PrintStyle::Ink));
        assert_eq!(PrintStyle::parse("color"), Ok(PrintStyle::Colour));
        assert!(
            PrintStyle::parse("sepia")
                .unwrap_err()
                .contains("allowed: colour, ink")
        );
    }
}
