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

/// The Markdown room key (see the module notes).
///
/// ```
/// use evoboard::dungeon::{generate_proposal, DungeonParams, Size};
/// let d = generate_proposal(&DungeonParams::for_size(Size::Small), 2, 0).unwrap();
/// let key = evoboard::export::dungeon::room_key(&d);
/// assert!(key.contains("# ROOM A"));
/// assert!(key.contains("**Exits:**"));
/// ```
pub fn room_key(d: &Dungeon) -> String {
    let exits = exits(d);
    let keys = key_rooms(d);
    let letter = |k: usize| d.rooms.get(k).map_or('?', |r| r.letter);
    let mut order: Vec<usize> = (0..d.rooms.len()).collect();
    order.sort_by_key(|&k| d.rooms[k].letter);
    let mut out = String::new();
    let _ = writeln!(
        out,
        "**Room key** — dungeon of {} × {} cells (1 cell = 5 ft), {} rooms, seed {}. \
         Entrance: room {}; final room: room {}.\n",
        d.width(),
        d.height(),
        d.rooms.len(),
        d.seed,
        letter(d.entrance),
        letter(d.final_room)
    );
    if !d.pacing.main_path.is_empty() {
        let path: Vec<String> = d
            .pacing
            .main_path
            .iter()
            .map(|s| letter(s.room).to_string())
            .collect();
        let _ = writeln!(out, "Main path: {}.\n", path.join(" → "));
    }
    hidden_sections(d, &mut out);
    for k in order {
        let r = &d.rooms[k];
        let purpose = if r.purpose.is_empty() {
            "room"
        } else {
            &r.purpose
        };
        let _ = writeln!(out, "# ROOM {} — {purpose}\n", r.letter);
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
        if !roles.is_empty() {
            let _ = writeln!(out, "- **Role:** {}", roles.join("; "));
        }
        let floor = (usize::from(r.y)..usize::from(r.y + r.h))
            .flat_map(|y| (usize::from(r.x)..usize::from(r.x + r.w)).map(move |x| (x, y)))
            .filter(|&(x, y)| d.tile(x, y) == Some(DungeonTile::Floor))
            .count();
        let _ = write!(
            out,
            "- **Size:** {} × {} ft ({} × {} cells",
            5 * r.w,
            5 * r.h,
            r.w,
            r.h
        );
        if floor != usize::from(r.w) * usize::from(r.h) {
            let _ = write!(out, ", {floor} cells of floor");
        }
        let _ = writeln!(
            out,
            "); top-left floor cell {}",
            cell_name(usize::from(r.x), usize::from(r.y))
        );
        let _ = writeln!(out, "- **Lighting:** {}", r.lighting.name());
        if !r.description.is_empty() {
            let _ = writeln!(out, "- **Description:** {}", r.description.trim());
        }
        let _ = writeln!(
            out,
            "- **Enemies:** {}",
            listed(
                &r.enemy_groups(),
                r.enemies,
                "Has enemies",
                r.challenge,
                "challenge"
            )
        );
        let _ = writeln!(
            out,
            "- **Treasure:** {}",
            listed(
                &r.treasure_kinds,
                r.treasure,
                "Has treasure",
                r.reward,
                "value"
            )
        );
        let _ = writeln!(out, "- **Exits:**");
        if exits[k].is_empty() {
            let _ = writeln!(out, "  - none");
        }
        for e in &exits[k] {
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
            let _ = writeln!(out, "  - {}, to {to}: {kind} at {cells}", side_name(e.side));
        }
        out.push('\n');
    }
    out
}

/// The traps and secret doors, before the rooms: where each lies (the
/// cell as the GM's map labels it, and the rooms it lies between), what a
/// trap does and how to find and disarm it, how to find a secret door.
fn hidden_sections(d: &Dungeon, out: &mut String) {
    let letter = |k: usize| d.rooms.get(k).map_or('?', |r| r.letter);
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
    if !d.traps.is_empty() {
        let _ = writeln!(out, "## Traps\n");
        for (i, t) in d.traps.iter().enumerate() {
            let (x, y) = (usize::from(t.cell.0), usize::from(t.cell.1));
            let _ = writeln!(
                out,
                "- **Trap {} at {}** ({}{}): {}. Effect: {}. Find: {}. Disarm: {}.",
                i + 1,
                cell_name(x, y),
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
            );
        }
        out.push('\n');
    }
    if !d.secret_doors.is_empty() {
        let exits = d.exits();
        let _ = writeln!(out, "## Secret doors\n");
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
            let _ = writeln!(
                out,
                "- **Secret door {} at {}** (in {}). Find: {}.",
                i + 1,
                cell_name(x, y),
                rooms.join(" and "),
                s.find
            );
        }
        out.push('\n');
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
