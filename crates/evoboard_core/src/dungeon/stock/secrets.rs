//! The visible way through a dungeon: what a party walks without finding
//! a secret door, which rooms it reaches, and the secret doors that may
//! be placed so that it can always finish by that way.
//!
//! A secret door never lies on the only way from the entrance to the
//! final room: [`place_secret_doors`] hides a door only when the final
//! room stays reachable with every secret door as wall, so secrets hide
//! optional rooms, treasure or shortcuts. Locks and keys are placed
//! afterwards on the visible way ([`reachable`]), so no key lies behind a
//! secret either. [`reveal_blocking_secrets`] restores the rule after a
//! game master moves the ends.

use super::route::{neighbours, owners};
use crate::dungeon::{DungeonTile, Grid, Room};
use crate::rng::{Rng, RngExt};

/// How a party finds a secret door: one of these per door, in the room key
/// and the descriptions.
pub const SECRET_HINTS: [&str; 6] = [
    "a faint draught through a crack in the wall (DC 13 Perception); a loose stone opens it",
    "scuff marks on the floor in a quarter circle (DC 12 Investigation); push the wall",
    "a carved face whose eyes are worn smooth (DC 14 Investigation); press both eyes",
    "the wall sounds hollow when knocked (DC 12 Investigation); it swings on a central pivot",
    "a torch sconce that turns (DC 13 Perception); turning it unlatches the door",
    "mortar fresher than the rest (DC 15 Perception); a firm shove slides the panel aside",
];

/// Whether a party walks over a tile without searching: walkable and not
/// a secret door (a trap hurts but does not stop).
#[inline]
pub(crate) fn open_way(t: DungeonTile) -> bool {
    t.is_walkable() && t != DungeonTile::SecretDoor
}

/// The door cells 4-connected to cell `c` that are the same tile as `c`
/// (a wide corridor's door is one run of plain or of secret cells).
pub(crate) fn door_group(grid: &Grid, c: usize) -> Vec<usize> {
    let cells = grid.cells();
    let (w, n) = (grid.width(), cells.len());
    let t = cells[c];
    let mut group = vec![c];
    let mut i = 0;
    while i < group.len() {
        let at = group[i];
        i += 1;
        for j in neighbours(at, w, n).into_iter().flatten() {
            if cells[j] == t && !group.contains(&j) {
                group.push(j);
            }
        }
    }
    group
}

/// Rooms reachable from `entrance` by the visible way when the cells in
/// `walls` are walls too (locked doors).
pub(crate) fn reachable(
    grid: &Grid,
    owner: &[u8],
    entrance: usize,
    walls: &[usize],
    rooms: usize,
) -> Vec<bool> {
    let (w, n) = (grid.width(), grid.width() * grid.height());
    let cells = grid.cells();
    let mut seen = vec![false; n];
    let mut queue = Vec::new();
    for (c, &o) in owner.iter().enumerate() {
        if o as usize == entrance && open_way(cells[c]) {
            seen[c] = true;
            queue.push(c);
        }
    }
    for &c in walls {
        seen[c] = true;
    }
    let mut out = vec![false; rooms];
    let mut head = 0;
    while head < queue.len() {
        let c = queue[head];
        head += 1;
        if owner[c] != u8::MAX {
            out[owner[c] as usize] = true;
        }
        for j in neighbours(c, w, n).into_iter().flatten() {
            if !seen[j] && open_way(cells[j]) {
                seen[j] = true;
                queue.push(j);
            }
        }
    }
    out
}

/// Turn up to `count` doors (whole runs of door cells) into secret doors,
/// each only when the final room stays reachable from the entrance by
/// the visible way. Returns how many were placed (fewer when the layout
/// has too few doors off the only way on).
pub(crate) fn place_secret_doors(
    grid: &mut Grid,
    rooms: &[Room],
    entrance: usize,
    final_room: usize,
    count: usize,
    rng: &mut Rng,
) -> usize {
    if count == 0 || entrance.max(final_room) >= rooms.len() {
        return 0;
    }
    let owner = owners(grid, rooms);
    let mut taken = vec![false; grid.cells().len()];
    let mut groups = Vec::new();
    for c in 0..grid.cells().len() {
        if grid.cells()[c] == DungeonTile::Door && !taken[c] {
            let g = door_group(grid, c);
            for &x in &g {
                taken[x] = true;
            }
            groups.push(g);
        }
    }
    let mut placed = 0;
    while placed < count && !groups.is_empty() {
        let g = groups.swap_remove(rng.random_range(0..groups.len()));
        let cells = grid.cells_mut();
        for &c in &g {
            cells[c] = DungeonTile::SecretDoor;
        }
        if reachable(grid, &owner, entrance, &[], rooms.len())[final_room] {
            placed += 1;
        } else {
            let cells = grid.cells_mut();
            for &c in &g {
                cells[c] = DungeonTile::Door;
            }
        }
    }
    placed
}

/// Turn back into plain doors the secret doors a shortest walk from the
/// entrance to the final room needs, when the final room cannot be
/// reached by the visible way (the ends were moved after the secrets were
/// placed). Returns whether any was revealed.
pub(crate) fn reveal_blocking_secrets(
    grid: &mut Grid,
    rooms: &[Room],
    entrance: usize,
    final_room: usize,
) -> bool {
    let owner = owners(grid, rooms);
    if reachable(grid, &owner, entrance, &[], rooms.len())[final_room] {
        return false;
    }
    let walk =
        super::route::Route::new_over(grid, rooms, entrance, final_room, |t| t.is_walkable()).walk;
    let w = grid.width();
    let mut revealed = false;
    for (x, y) in walk {
        let c = y * w + x;
        if grid.cells()[c] == DungeonTile::SecretDoor {
            for d in door_group(grid, c) {
                grid.cells_mut()[d] = DungeonTile::Door;
            }
            revealed = true;
        }
    }
    revealed
}
