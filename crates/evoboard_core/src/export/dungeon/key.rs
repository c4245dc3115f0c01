//! The room key: Markdown for the game master, one `# ROOM X — purpose`
//! section per room letter, in letter order, with the room's role, size,
//! lighting, description, enemies, treasure and exits.
//!
//! Exits are read from the grid: from each door of the room (a door run
//! next to its floor) a walk spreads through walkable cells that are not
//! a room's floor (corridors, doors, traps, floor outside every room) and
//! stops at the floor of other rooms; those rooms are where that door
//! leads. Fields that older levels leave empty render as the booleans
//! say ("Has enemies", "none").

use super::key_rooms;
pub use crate::dungeon::Exit;
use crate::dungeon::{Dungeon, DungeonTile, cell_name, side_name};
use std::fmt::Write;

/// Every room's exits ([`Dungeon::exits`]), indexed like
/// [`Dungeon::rooms`], doors in reading order.
pub fn exits(d: &Dungeon) -> Vec<Vec<Exit>> {
    d.exits()
}

/// The room key's facts as text, ready to set: the Markdown key
/// ([`room_key`]) and the printed page both set these.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct KeyText {
    /// The dungeon in one sentence: size, rooms, seed, entrance and final
    /// room.
    pub summary: String,
    /// The main path's room letters, entrance first (empty in older
    /// levels).
    pub main_path: Vec<char>,
    /// One note per trap: its heading ("Trap 1 at AZ24") and the rest.
    pub traps: Vec<(String, String)>,
    /// One note per secret door: its heading and the rest.
    pub secret_doors: Vec<(String, String)>,
    /// The rooms, in letter order.
    pub rooms: Vec<RoomText>,
}

/// One room of the key.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct RoomText {
    /// The room's letter.
    pub letter: char,
    /// What the room is for ("room" when the level does not say).
    pub purpose: String,
    /// Entrance, final room, key room (with the doors its key opens).
    pub roles: Vec<String>,
    /// Size in feet and cells, and its top-left floor cell.
    pub size: String,
    /// `dark`, `dim` or `bright`.
    pub lighting: &'static str,
    /// The description to read aloud (empty in older levels).
    pub description: String,
    /// Enemies and their challenge, or "none".
    pub enemies: String,
    /// Treasure and its value, or "none".
    pub treasure: String,
    /// One per door: side, where it leads, what door and where.
    pub exits: Vec<ExitText>,
}

/// One exit of a room in the key.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct ExitText {
    /// `north`, `east`, `south` or `west`.
    pub side: &'static str,
    /// The rooms it leads to ("room B, room C"), or "a dead end".
    pub to: String,
    /// `door`, `locked door`, `secret door` or `locked secret door`.
    pub kind: &'static str,
    /// The door's cell or cells, as the GM's map labels them.
    pub cells: String,
}

impl std::fmt::Display for ExitText {
    /// As the Markdown key lists it: "east, to room B: door at AW24".
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "{}, to {}: {} at {}",
            self.side, self.to, self.kind, self.cells
        )
    }
}

/// The Markdown room key (see the module notes).
///
/// ```
/// use evoboard_core::dungeon::{generate_proposal, DungeonParams, Size};
/// let d = generate_proposal(&DungeonParams::for_size(Size::Small), 2, 0).unwrap();
/// let key = evoboard_core::export::dungeon::room_key(&d);
/// assert!(key.contains("# ROOM A"));
/// assert!(key.contains("**Exits:**"));
/// ```
pub fn room_key(d: &Dungeon) -> String {
    let k = key_text(d);
    let mut out = String::new();
    let _ = writeln!(out, "**Room key** — {}\n", k.summary);
    if !k.main_path.is_empty() {
        let path: Vec<String> = k.main_path.iter().map(char::to_string).collect();
        let _ = writeln!(out, "Main path: {}.\n", path.join(" → "));
    }
    for (title, notes) in [("Traps", &k.traps), ("Secret doors", &k.secret_doors)] {
        if notes.is_empty() {
            continue;
        }
        let _ = writeln!(out, "## {title}\n");
        for (head, rest) in notes {
            let _ = writeln!(out, "- **{head}** {rest}");
        }
        out.push('\n');
    }
    for r in &k.rooms {
        let _ = writeln!(out, "# ROOM {} — {}\n", r.letter, r.purpose);
        if !r.roles.is_empty() {
            let _ = writeln!(out, "- **Role:** {}", r.roles.join("; "));
        }
        let _ = writeln!(out, "- **Size:** {}", r.size);
        let _ = writeln!(out, "- **Lighting:** {}", r.lighting);
        if !r.description.is_empty() {
            let _ = writeln!(out, "- **Description:** {}", r.description);
        }
        let _ = writeln!(out, "- **Enemies:** {}", r.enemies);
        let _ = writeln!(out, "- **Treasure:** {}", r.treasure);
        let _ = writeln!(out, "- **Exits:**");
        if r.exits.is_empty() {
            let _ = writeln!(out, "  - none");
        }
        for e in &r.exits {
            let _ = writeln!(out, "  - {e}");
        }
        out.push('\n');
    }
    out
}

/// The room key's facts (see [`KeyText`]).
pub fn key_text(d: &Dungeon) -> KeyText {
    let exits = exits(d);
    let keys = key_rooms(d);
    let letter = |k: usize| d.room_letter(k);
    let mut order: Vec<usize> = (0..d.rooms.len()).collect();
    order.sort_by_key(|&k| d.rooms[k].letter);
    let mut text = KeyText {
        summary: format!(
            "dungeon of {} × {} cells (1 cell = 5 ft), {} rooms, seed {}. \
             Entrance: room {}; final room: room {}.",
            d.width(),
            d.height(),
            d.rooms.len(),
            d.seed,
            letter(d.entrance),
            letter(d.final_room)
        ),
        main_path: d.pacing.main_path.iter().map(|s| letter(s.room)).collect(),
        ..KeyText::default()
    };
    hidden_notes(d, &mut text);
    for k in order {
        let r = &d.rooms[k];
        let purpose = if r.purpose.is_empty() {
            "room"
        } else {
            &r.purpose
        };
        let mut roles = Vec::new();
        if k == d.entrance {
            roles.push("entrance".to_string());
        }
        if k == d.final_room {
            roles.push("final room".to_string());
        }
        if keys.contains(&k) {
            let doors: Vec<String> = d
                .locks
                .iter()
                .filter(|l| l.key_room == k)
                .map(|l| cell_name(usize::from(l.door.0), usize::from(l.door.1)))
                .collect();
            roles.push(format!(
                "key room (key to the locked door at {})",
                doors.join(", ")
            ));
        }
        let floor = (usize::from(r.y)..usize::from(r.y + r.h))
            .flat_map(|y| (usize::from(r.x)..usize::from(r.x + r.w)).map(move |x| (x, y)))
            .filter(|&(x, y)| d.tile(x, y) == Some(DungeonTile::Floor))
            .count();
        let mut size = format!("{} × {} ft ({} × {} cells", 5 * r.w, 5 * r.h, r.w, r.h);
        if floor != usize::from(r.w) * usize::from(r.h) {
            let _ = write!(size, ", {floor} cells of floor");
        }
        let _ = write!(
            size,
            "); top-left floor cell {}",
            cell_name(usize::from(r.x), usize::from(r.y))
        );
        let exit_lines = exits[k]
            .iter()
            .map(|e| {
                let (x0, y0, x1, y1) = e.door.bbox();
                let cells = if (x0, y0) == (x1, y1) {
                    cell_name(x0, y0)
                } else {
                    format!("{}–{}", cell_name(x0, y0), cell_name(x1, y1))
                };
                let kind = match (e.door.secret, e.locked) {
                    (true, true) => "locked secret door",
                    (true, false) => "secret door",
                    (false, true) => "locked door",
                    (false, false) if e.opening => "opening",
                    (false, false) => "door",
                };
                let to = if e.rooms.is_empty() {
                    "a dead end".to_string()
                } else {
                    let names: Vec<String> = e
                        .rooms
                        .iter()
                        .map(|&j| format!("room {}", letter(j)))
                        .collect();
                    names.join(", ")
                };
                ExitText {
                    side: side_name(e.side),
                    to,
                    kind,
                    cells,
                }
            })
            .collect();
        text.rooms.push(RoomText {
            letter: r.letter,
            purpose: purpose.to_string(),
            roles,
            size,
            lighting: r.lighting.name(),
            description: r.description.trim().to_string(),
            enemies: listed(
                &r.enemy_groups(),
                r.enemies,
                "Has enemies",
                r.challenge,
                "challenge",
            ),
            treasure: listed(
                &r.treasure_kinds,
                r.treasure,
                "Has treasure",
                r.reward,
                "value",
            ),
            exits: exit_lines,
        });
    }
    text
}

/// The traps and secret doors: where each lies (the cell as the GM's map
/// labels it, and the rooms it lies between), what a trap does and how to
/// find and disarm it, how to find a secret door.
fn hidden_notes(d: &Dungeon, text: &mut KeyText) {
    let letter = |k: usize| d.room_letter(k);
    let between = |x: usize, y: usize| {
        let near: Vec<String> = d
            .rooms_near(x, y)
            .iter()
            .map(|&k| letter(k).to_string())
            .collect();
        match near.len() {
            0 => String::from("in a passage that leads nowhere"),
            1 => format!("in the passage by room {}", near[0]),
            _ => format!("in the passage between rooms {}", near.join(", ")),
        }
    };
    for (i, t) in d.traps.iter().enumerate() {
        let (x, y) = (usize::from(t.cell.0), usize::from(t.cell.1));
        text.traps.push((
            format!("Trap {} at {}", i + 1, cell_name(x, y)),
            format!(
                "({}{}): {}. Effect: {}. Find: {}. Disarm: {}.",
                between(x, y),
                if t.on_main_path {
                    ", on the main path"
                } else {
                    ""
                },
                t.kind.name,
                t.kind.effect,
                t.kind.find,
                t.kind.disarm
            ),
        ));
    }
    if d.secret_doors.is_empty() {
        return;
    }
    let exits = d.exits();
    for (i, s) in d.secret_doors.iter().enumerate() {
        let (x, y) = (usize::from(s.door.0), usize::from(s.door.1));
        let rooms: Vec<String> = exits
            .iter()
            .enumerate()
            .filter(|(_, list)| list.iter().any(|e| (e.door.x, e.door.y) == (x, y)))
            .map(|(k, list)| {
                let side = list
                    .iter()
                    .find(|e| (e.door.x, e.door.y) == (x, y))
                    .map_or('N', |e| e.side);
                format!("the {} wall of room {}", side_name(side), letter(k))
            })
            .collect();
        text.secret_doors.push((
            format!("Secret door {} at {}", i + 1, cell_name(x, y)),
            format!("(in {}). Find: {}.", rooms.join(" and "), s.find),
        ));
    }
}

/// Names from the table, else the boolean in words.
fn listed(kinds: &[String], flag: bool, yes: &str, amount: u32, unit: &str) -> String {
    let mut s = if !kinds.is_empty() {
        kinds.join(", ")
    } else if flag {
        yes.to_string()
    } else {
        "none".to_string()
    };
    if amount > 0 {
        let _ = write!(s, " ({unit} {amount})");
    }
    s
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::dungeon::{DungeonParams, Size, generate_proposal};

    #[test]
    fn every_room_has_a_section_and_touching_doors_lead_both_ways() {
        let mut p = DungeonParams::for_size(Size::Medium);
        (p.loops, p.secret_doors) = (2, 1);
        let d = generate_proposal(&p, 5, 0).unwrap();
        let key = room_key(&d);
        for r in &d.rooms {
            let head = format!("# ROOM {} — ", r.letter);
            assert_eq!(key.matches(&head).count(), 1, "{key}");
            let purpose = if r.purpose.is_empty() {
                "room"
            } else {
                &r.purpose
            };
            assert!(key.contains(&format!("{head}{purpose}\n")), "{key}");
        }
        for r in d.rooms.iter().filter(|r| r.enemies) {
            let named = r.enemy_kinds.first().map_or("Has enemies", String::as_str);
            assert!(key.contains(named), "{key}");
        }
        let ex = exits(&d);
        for (k, list) in ex.iter().enumerate() {
            assert!(!list.is_empty(), "room {k} has a door");
            for e in list {
                for &j in &e.rooms {
                    // What one door reaches, the other side reaches back.
                    assert!(ex[j].iter().any(|b| b.rooms.contains(&k)), "{k} → {j}");
                }
            }
        }
    }
}
