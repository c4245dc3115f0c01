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

use super::{DoorRun, door_runs, floor_owners, key_rooms, neighbours};
use crate::dungeon::{Dungeon, DungeonTile};
use std::collections::VecDeque;
use std::fmt::Write;

/// One way out of a room: a door and the rooms beyond it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Exit {
    /// The door (one run of door cells).
    pub door: DoorRun,
    /// The wall of the room the door is in: `'N'`, `'E'`, `'S'` or `'W'`.
    pub side: char,
    /// Indices of the rooms this door leads to (sorted, without the room
    /// itself; empty for a dead end).
    pub rooms: Vec<usize>,
    /// Whether the door is locked (in [`Dungeon::locks`]).
    pub locked: bool,
}

/// Every room's exits (indexed like [`Dungeon::rooms`]), doors in reading
/// order.
pub fn exits(d: &Dungeon) -> Vec<Vec<Exit>> {
    let (cols, rows) = (d.width(), d.height());
    let owner = floor_owners(d);
    let runs = door_runs(d);
    let mut out = vec![Vec::new(); d.rooms.len()];
    let mut seen = vec![u32::MAX; cols * rows];
    let mut queue = VecDeque::new();
    for (ri, run) in runs.iter().enumerate() {
        // Rooms whose floor touches the run, and from which side.
        let mut at: Vec<(usize, char)> = Vec::new();
        for (x, y) in run.cells() {
            for (nx, ny) in neighbours(x, y, cols, rows) {
                if let Some(k) = owner[ny * cols + nx] {
                    let side = match (nx.cmp(&x), ny.cmp(&y)) {
                        (_, std::cmp::Ordering::Less) => 'S',
                        (_, std::cmp::Ordering::Greater) => 'N',
                        (std::cmp::Ordering::Less, _) => 'E',
                        _ => 'W',
                    };
                    if !at.iter().any(|a| a.0 == k) {
                        at.push((k, side));
                    }
                }
            }
        }
        if at.is_empty() {
            continue;
        }
        // Everything the run reaches without crossing a room's floor.
        let stamp = ri as u32;
        let mut reached: Vec<usize> = Vec::new();
        queue.clear();
        for (x, y) in run.cells() {
            seen[y * cols + x] = stamp;
            queue.push_back((x, y));
        }
        while let Some((x, y)) = queue.pop_front() {
            for (nx, ny) in neighbours(x, y, cols, rows) {
                let i = ny * cols + nx;
                if seen[i] == stamp || !d.is_walkable(nx, ny) {
                    continue;
                }
                seen[i] = stamp;
                match owner[i] {
                    Some(k) => reached.push(k),
                    None => queue.push_back((nx, ny)),
                }
            }
        }
        reached.sort_unstable();
        reached.dedup();
        let locked = d.locks.iter().any(|l| {
            run.cells()
                .any(|c| c == (usize::from(l.door.0), usize::from(l.door.1)))
        });
        for &(k, side) in &at {
            out[k].push(Exit {
                door: *run,
                side,
                rooms: reached.iter().copied().filter(|&r| r != k).collect(),
                locked,
            });
        }
    }
    out
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
                .map(|l| format!("({}, {})", l.door.0, l.door.1))
                .collect();
            roles.push(format!(
                "key room (key to the door at {})",
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
        let _ = writeln!(out, "); top-left floor cell ({}, {})", r.x, r.y);
        let _ = writeln!(out, "- **Lighting:** {}", r.lighting.name());
        if !r.description.is_empty() {
            let _ = writeln!(out, "- **Description:** {}", r.description.trim());
        }
        let _ = writeln!(
            out,
            "- **Enemies:** {}",
            listed(
                &r.enemy_kinds,
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
                format!("({x0}, {y0})")
            } else {
                format!("({x0}, {y0})–({x1}, {y1})")
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
            let _ = writeln!(out, "  - {} {kind} at {cells} → {to}", e.side);
        }
        out.push('\n');
    }
    out
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
