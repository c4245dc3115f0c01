//! Which map a dungeon export draws and how: the game master's map (every
//! secret, trap, lock, key, enemy and treasure mark, coordinate labels
//! along the edges so the room key can point at cells) or the players'
//! map (only what the party reaches from the entrance without finding a
//! secret door — rooms, corridors and ordinary doors; the secret doors
//! are wall and what lies behind them rock — no traps, no locks or keys,
//! no monster or treasure marks, every room disc the same colour), in
//! colour or in black ink for printing ([`Colours`]: every colour a map
//! draws with, greys only in ink).

use super::any_around;
use crate::choice::NotAllowed;
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
    pub fn parse(s: &str) -> Result<MapView, NotAllowed> {
        MapView::ALL
            .into_iter()
            .find(|v| v.name().eq_ignore_ascii_case(s.trim()))
            .ok_or_else(|| NotAllowed::new("view", s, "gm, players"))
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
    pub fn parse(s: &str) -> Result<PrintStyle, NotAllowed> {
        match s.trim().to_ascii_lowercase().as_str() {
            "colour" | "color" => Ok(PrintStyle::Colour),
            "ink" => Ok(PrintStyle::Ink),
            _ => Err(NotAllowed::new("print style", s, "colour, ink")),
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

/// For every cell (row-major), whether the party reaches it from the
/// entrance room without finding a secret door: the walkable cells
/// 4-connected to the entrance's floor over floor, corridor, doors and
/// traps. A dungeon whose entrance is no room (or has no floor) counts
/// every walkable cell as reached: nothing is hidden that cannot be told
/// apart.
///
/// ```
/// use evoboard_core::dungeon::{generate_proposal, DungeonParams, Size};
/// use evoboard_core::export::dungeon::look::reached_cells;
/// let d = generate_proposal(&DungeonParams::for_size(Size::Small), 3, 0).unwrap();
/// let reached = reached_cells(&d);
/// let (x, y) = d.room_centre(&d.rooms[d.final_room]);
/// assert!(reached[y * d.width() + x]);
/// ```
pub fn reached_cells(d: &Dungeon) -> Vec<bool> {
    let (w, h) = (d.width(), d.height());
    let cells = d.grid.cells();
    let mut seen = vec![false; w * h];
    let mut queue = Vec::new();
    if let Some(room) = d.entrance_room() {
        let r = room.rect();
        for y in r.top()..r.bottom().min(h) {
            for x in r.left()..r.right().min(w) {
                if cells[y * w + x] == DungeonTile::Floor {
                    seen[y * w + x] = true;
                    queue.push(y * w + x);
                }
            }
        }
    }
    if queue.is_empty() {
        return cells.iter().map(|t| t.is_walkable()).collect();
    }
    while let Some(c) = queue.pop() {
        let (x, y) = (c % w, c / w);
        let steps = [
            (x > 0).then(|| c - 1),
            (x + 1 < w).then_some(c + 1),
            (y > 0).then(|| c - w),
            (y + 1 < h).then_some(c + w),
        ];
        for n in steps.into_iter().flatten() {
            if !seen[n] && crate::dungeon::stock::open_way(cells[n]) {
                seen[n] = true;
                queue.push(n);
            }
        }
    }
    seen
}

/// For every cell (row-major), whether it lies behind a secret door: a
/// walkable cell (floor, corridor, door, trap, the secret door itself)
/// the party does not reach without finding one ([`reached_cells`]).
/// The players' map draws none of them.
pub fn secret_only_cells(d: &Dungeon) -> Vec<bool> {
    reached_cells(d)
        .into_iter()
        .zip(d.grid.cells())
        .map(|(reached, t)| !reached && t.is_walkable())
        .collect()
}

/// The dungeon as the party sees it: nothing they reach only through a
/// secret door (rooms, corridors, doors: rock, or wall where it borders
/// what they do reach, so the secret door itself is plain wall), traps
/// drawn as plain corridor, no locks, no trap or secret notes, no enemies
/// or treasure in the rooms. The rooms behind secret doors are gone
/// (`entrance` and `final_room` point at the same rooms as before; the
/// pacing, which names rooms by index, is cleared); the others keep
/// their letters, shapes and lighting.
///
/// ```
/// use evoboard_core::dungeon::{generate_proposal, DungeonParams, DungeonTile, Size};
/// use evoboard_core::export::dungeon::players_copy;
/// let mut params = DungeonParams::for_size(Size::Small);
/// (params.secret_doors, params.traps, params.keys) = (1, 2, 1);
/// let d = generate_proposal(&params, 3, 0).unwrap();
/// let p = players_copy(&d);
/// assert!(p.grid.cells().iter().all(|&t| t != DungeonTile::SecretDoor && t != DungeonTile::Trap));
/// assert!(p.locks.is_empty() && p.rooms.iter().all(|r| !r.enemies && r.enemy_kinds.is_empty()));
/// ```
pub fn players_copy(d: &Dungeon) -> Dungeon {
    let mut p = d.clone();
    let (w, h) = (d.width(), d.height());
    let reached = reached_cells(d);
    // A cell next to (8 ways) a reached cell is seen from it.
    let seen = |c: usize| any_around((w, h), (c % w, c / w), |x, y| reached[y * w + x]);
    for (c, t) in p.grid.cells_mut().iter_mut().enumerate() {
        *t = match *t {
            _ if reached[c] => match *t {
                DungeonTile::Trap => DungeonTile::Corridor,
                other => other,
            },
            DungeonTile::Rock => DungeonTile::Rock,
            _ if seen(c) => DungeonTile::Wall,
            _ => DungeonTile::Rock,
        };
    }
    let kept: Vec<bool> = d
        .rooms
        .iter()
        .map(|r| {
            let r = r.rect();
            (r.top()..r.bottom().min(h))
                .any(|y| (r.left()..r.right().min(w)).any(|x| reached[y * w + x]))
        })
        .collect();
    let new_index = |k: usize| kept.iter().take(k).filter(|&&b| b).count();
    if kept.get(d.entrance) == Some(&true) {
        p.entrance = new_index(d.entrance);
    }
    if kept.get(d.final_room) == Some(&true) {
        p.final_room = new_index(d.final_room);
    }
    let mut k = 0;
    p.rooms.retain(|_| {
        k += 1;
        kept[k - 1]
    });
    p.pacing = Default::default();
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

/// Every colour a dungeon map draws with, for one [`PrintStyle`]: in ink
/// all of them are greys (red, green and blue equal).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Colours {
    /// Solid rock.
    pub rock: &'static str,
    /// Room walls.
    pub wall: &'static str,
    /// Room floor.
    pub floor: &'static str,
    /// Corridors, doors and traps.
    pub corridor: &'static str,
    /// Grid lines on walkable cells.
    pub grid: &'static str,
    /// The hatching on rock along what is dug.
    pub hatch: &'static str,
    /// Outlines of doors, locks and keys.
    pub outline: &'static str,
    /// A door leaf.
    pub door: &'static str,
    /// A trap's cross.
    pub trap: &'static str,
    /// A padlock's body and a key.
    pub gold: &'static str,
    /// A room's letter disc.
    pub disc: &'static str,
    /// The entrance's disc and arrow.
    pub entrance: &'static str,
    /// The final room's disc and star.
    pub final_room: &'static str,
    /// The ring round a disc and a mark.
    pub ring: &'static str,
    /// A room's letter.
    pub letter: &'static str,
    /// The enemies' disc and its number.
    pub enemy: (&'static str, &'static str),
    /// The treasure diamond.
    pub treasure: &'static str,
    /// Outlines of the enemy and treasure marks.
    pub mark_outline: &'static str,
    /// Coordinate labels (on rock).
    pub label: &'static str,
    /// The legend's paper and ink.
    pub legend: (&'static str, &'static str),
    /// The scale bar's two colours (on rock).
    pub scale: (&'static str, &'static str),
}

impl Colours {
    /// Parchment, brown, red, green and gold.
    pub const COLOUR: Colours = Colours {
        rock: "#2f2a26",
        wall: "#6b5b4b",
        floor: "#efe6d2",
        corridor: "#ddd0b2",
        grid: "#b5a68a",
        hatch: "#4a423b",
        outline: "#3b2410",
        door: "#8b5a2b",
        trap: "#c62828",
        gold: "#e0b020",
        disc: "#4a3b2a",
        entrance: "#2e7d32",
        final_room: "#b71c1c",
        ring: "#f5f0e6",
        letter: "#ffffff",
        enemy: ("#c62828", "#ffffff"),
        treasure: "#e0b020",
        mark_outline: "#000000",
        label: "#f5f0e6",
        legend: ("#f5f0e6", "#3b2410"),
        scale: ("#f5f0e6", "#3b2410"),
    };
    /// Black on white, greys between: white rock (hatched grey), black
    /// walls, white floor, grey grid; every mark black or white.
    pub const INK: Colours = Colours {
        rock: "#ffffff",
        wall: "#000000",
        floor: "#ffffff",
        corridor: "#ffffff",
        grid: "#9a9a9a",
        hatch: "#6a6a6a",
        outline: "#000000",
        door: "#ffffff",
        trap: "#000000",
        gold: "#ffffff",
        disc: "#000000",
        entrance: "#000000",
        final_room: "#000000",
        ring: "#ffffff",
        letter: "#ffffff",
        enemy: ("#ffffff", "#000000"),
        treasure: "#ffffff",
        mark_outline: "#000000",
        label: "#000000",
        legend: ("#ffffff", "#000000"),
        scale: ("#000000", "#ffffff"),
    };

    /// The colours of a print style.
    pub fn of(style: PrintStyle) -> Colours {
        match style {
            PrintStyle::Colour => Colours::COLOUR,
            PrintStyle::Ink => Colours::INK,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::dungeon::{DungeonParams, Size, generate_proposal};
    use crate::export::dungeon::svg_look;

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
    #[cfg(feature = "png")]
    fn the_players_vtt_has_secret_doors_as_walls() {
        use crate::export::dungeon::{door_runs, vtt};
        let d = stocked();
        let hidden = secret_only_cells(&d);
        let seen = |r: &crate::dungeon::DoorRun| {
            !r.secret && r.cells().all(|(x, y)| !hidden[y * d.width() + x])
        };
        let plain = door_runs(&d).iter().filter(|r| seen(r)).count();
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

    /// A dungeon with a room reached only through a secret door.
    fn with_secret_room() -> (Dungeon, Vec<usize>) {
        let mut p = DungeonParams::for_size(Size::Medium);
        (p.proposals, p.keys, p.secret_doors, p.traps) = (1, 2, 3, 2);
        for seed in 1..40 {
            let d = generate_proposal(&p, seed, 0).unwrap();
            let hidden = secret_only_cells(&d);
            let rooms: Vec<usize> = (0..d.rooms.len())
                .filter(|&k| {
                    let (x, y) = d.room_centre(&d.rooms[k]);
                    hidden[y * d.width() + x]
                })
                .collect();
            if !rooms.is_empty() {
                return (d, rooms);
            }
        }
        panic!("no dungeon with a secret room");
    }

    #[test]
    fn what_lies_behind_a_secret_door_is_not_on_the_players_map() {
        let (d, rooms) = with_secret_room();
        let hidden = secret_only_cells(&d);
        let p = players_copy(&d);
        let w = d.width();
        for (c, &t) in p.grid.cells().iter().enumerate() {
            if hidden[c] {
                assert!(
                    matches!(t, DungeonTile::Rock | DungeonTile::Wall),
                    "cell {c}: {t:?}"
                );
            }
        }
        // A secret door the party can stand beside is wall; one deeper in
        // (behind another) is rock.
        let reached = reached_cells(&d);
        for s in &d.secret_doors {
            let (x, y) = (usize::from(s.door.0), usize::from(s.door.1));
            let beside = (y - 1..=y + 1).any(|yy| (x - 1..=x + 1).any(|xx| reached[yy * w + xx]));
            let want = if beside {
                DungeonTile::Wall
            } else {
                DungeonTile::Rock
            };
            assert_eq!(p.grid.cells()[y * w + x], want, "secret door at ({x}, {y})");
        }
        // The hidden rooms are gone, the others keep their letters, and
        // the entrance and final room are the same rooms.
        let letters: Vec<char> = p.rooms.iter().map(|r| r.letter).collect();
        for &k in &rooms {
            assert!(!letters.contains(&d.rooms[k].letter));
        }
        assert_eq!(p.rooms.len(), d.rooms.len() - rooms.len());
        assert_eq!(p.rooms[p.entrance].letter, d.rooms[d.entrance].letter);
        assert_eq!(p.rooms[p.final_room].letter, d.rooms[d.final_room].letter);
        // Every reached cell is drawn as it is (traps as corridor).
        for (c, &r) in reached.iter().enumerate() {
            if r && d.grid.cells()[c] != DungeonTile::Trap {
                assert_eq!(p.grid.cells()[c], d.grid.cells()[c]);
            }
        }
        let svg = svg_look(&d, 10, Look::PLAYERS).unwrap();
        for &k in &rooms {
            assert!(!svg.contains(&format!(r#"data-room="{}""#, d.rooms[k].letter)));
        }
    }

    #[test]
    fn views_and_styles_parse_and_bad_ones_say_what_is_allowed() {
        assert_eq!(MapView::parse("Players"), Ok(MapView::Players));
        assert_eq!(MapView::parse("gm"), Ok(MapView::Gm));
        assert!(
            MapView::parse("dm")
                .unwrap_err()
                .to_string()
                .contains("allowed: gm, players")
        );
        assert_eq!(PrintStyle::parse("ink"), Ok(PrintStyle::Ink));
        assert_eq!(PrintStyle::parse("color"), Ok(PrintStyle::Colour));
        assert!(
            PrintStyle::parse("sepia")
                .unwrap_err()
                .to_string()
                .contains("allowed: colour, ink")
        );
    }
}
