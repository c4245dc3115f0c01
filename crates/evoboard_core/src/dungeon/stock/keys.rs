//! Keys and locks: locked doors on the main path, each key in a room the
//! party reaches before that lock, checked by a search that treats locked
//! doors as walls until their key is held. A lock closes the whole run of
//! door cells it sits in (a wide corridor's door), and every search walks
//! the visible way (secret doors are walls).
//!
//! Choice of doors: the plain doors (`/`) on the main walk, at most one
//! per stretch between two main-path rooms (so fewer locks than asked
//! when the walk has fewer stretches), doors
//! whose locking cuts the final room off preferred (a lock that a loop
//! walks around is still valid but weaker), the entrance room's only exit
//! and the
//! doors before the first room after the entrance last. The locks are
//! spread along the walk, the last one nearest
//! the final room. Each key goes to a room reachable with this lock and
//! every later one closed and every earlier one open: first a side room
//! newly reached behind the previous lock, then any side room, then a
//! main-path room other than the entrance, then the entrance.

use super::Lock;
use super::route::{Route, owners};
use super::secrets::{door_group, reachable};
use crate::dungeon::{Dungeon, DungeonTile, Grid, Room};
use crate::rng::{Rng, RngExt};

/// Most keys (and locks) a dungeon may ask for.
pub const MAX_KEYS: usize = 5;

/// Place up to `keys` locks on the main walk of `route`, keys in rooms
/// reached before them. Fewer when the walk has fewer doors.
pub(crate) fn place_locks(
    grid: &Grid,
    rooms: &[Room],
    route: &Route,
    entrance: usize,
    final_room: usize,
    keys: usize,
    rng: &mut Rng,
) -> Vec<Lock> {
    if keys == 0 || route.walk.is_empty() {
        return Vec::new();
    }
    let w = grid.width();
    let owner = owners(grid, rooms);
    let entrance_doors = {
        let r = &rooms[entrance];
        let ring = crate::dungeon::DungeonRoom {
            x: r.x,
            y: r.y,
            w: r.w,
            h: r.h,
            ..Default::default()
        };
        ring.wall_ring()
            .filter(|&(x, y)| x < w && y < grid.height() && grid.get(x, y) == DungeonTile::Door)
            .collect::<Vec<_>>()
    };
    // Door cells on the walk: (walk index, cell, stretch, cuts, only exit).
    let mut stretch = 0;
    let mut last_room = owner[route.walk[0].1 * w + route.walk[0].0];
    let mut doors = Vec::new();
    for (i, &(x, y)) in route.walk.iter().enumerate() {
        let c = y * w + x;
        let o = owner[c];
        if o != u8::MAX && o != last_room {
            last_room = o;
            stretch += 1;
        }
        if grid.get(x, y) == DungeonTile::Door {
            let run = door_group(grid, c);
            let cuts = !reachable(grid, &owner, entrance, &run, rooms.len())[final_room];
            let only_exit = entrance_doors
                .iter()
                .all(|&(dx, dy)| run.contains(&(dy * w + dx)));
            doors.push((i, c, stretch, cuts, only_exit));
        }
    }
    // Preference: one per stretch first, cutting doors first, the only
    // exit of the entrance last; later stretches before earlier ones.
    // Never two locks on one stretch: the party would meet two locked
    // doors on one corridor run (issue 40).
    let mut pool: Vec<(usize, usize, usize, bool, bool)> = Vec::new();
    for d in doors.iter().rev() {
        // The door nearest the next room in each stretch is the one.
        if !pool.iter().any(|p| p.2 == d.2) {
            pool.push(*d);
        }
    }
    // Doors before the first room after the entrance would leave the key
    // nowhere but the entrance: last, with its only exit.
    pool.sort_by_key(|d| (d.4 || d.2 == 0, !d.3));
    let mut chosen: Vec<(usize, usize)> = Vec::new();
    // Spread over the stretches: take every k-th of the preferred ones.
    let take = keys.min(pool.len());
    let preferred = pool.iter().take_while(|d| d.3 && !d.4 && d.2 > 0).count();
    if preferred > take {
        for j in 0..take {
            let d = pool[(j * preferred) / take];
            chosen.push((d.0, d.1));
        }
    } else {
        chosen.extend(pool.iter().take(take).map(|d| (d.0, d.1)));
    }
    chosen.sort_unstable();
    // Keys, in walk order.
    let cells: Vec<usize> = chosen.iter().map(|d| d.1).collect();
    let runs: Vec<Vec<usize>> = cells.iter().map(|&c| door_group(grid, c)).collect();
    let mut locks = Vec::new();
    let mut before = vec![false; rooms.len()];
    let mut used = vec![false; rooms.len()];
    for j in 0..cells.len() {
        let closed: Vec<usize> = runs[j..].iter().flatten().copied().collect();
        let open = reachable(grid, &owner, entrance, &closed, rooms.len());
        let class = |r: usize| -> u8 {
            match (route.on_main[r], before[r]) {
                _ if r == entrance => 4,
                (false, false) => 0,
                (false, true) => 1,
                (true, false) => 2,
                (true, true) => 3,
            }
        };
        let best = (0..rooms.len())
            .filter(|&r| open[r] && r != final_room)
            .map(|r| (class(r) + if used[r] { 5 } else { 0 }, r))
            .min()
            .map(|b| b.0);
        let Some(best) = best else { break };
        let options: Vec<usize> = (0..rooms.len())
            .filter(|&r| {
                open[r] && r != final_room && class(r) + if used[r] { 5 } else { 0 } == best
            })
            .collect();
        let key_room = options[rng.random_range(0..options.len())];
        used[key_room] = true;
        before = open;
        let c = cells[j];
        locks.push(Lock {
            door: ((c % w) as u16, (c / w) as u16),
            key_room,
        });
    }
    locks
}

/// Whether every key of `d.locks` can be fetched and the final room
/// reached by the visible way: a search from the entrance that treats
/// secret doors as walls, and a locked door (its whole run of door cells)
/// as a wall until its key room has been reached, repeated until no new
/// key is picked up.
///
/// ```
/// use evoboard_core::dungeon::{generate_proposal, keys_are_reachable, DungeonParams, Size};
/// let mut params = DungeonParams::for_size(Size::Medium);
/// params.keys = 2;
/// let d = generate_proposal(&params, 4, 0).unwrap();
/// assert!(keys_are_reachable(&d));
/// ```
pub fn keys_are_reachable(d: &Dungeon) -> bool {
    let rooms: Vec<Room> = d.rooms.iter().map(|r| r.rect()).collect();
    if d.entrance >= rooms.len() || d.final_room >= rooms.len() {
        return d.locks.is_empty();
    }
    let owner = owners(&d.grid, &rooms);
    let w = d.width();
    let mut held = vec![false; d.locks.len()];
    loop {
        let walls: Vec<usize> = d
            .locks
            .iter()
            .zip(&held)
            .filter(|(_, h)| !**h)
            .flat_map(|(l, _)| door_group(&d.grid, l.door.1 as usize * w + l.door.0 as usize))
            .collect();
        let open = reachable(&d.grid, &owner, d.entrance, &walls, rooms.len());
        let mut new = false;
        for (l, h) in d.locks.iter().zip(held.iter_mut()) {
            if !*h && open.get(l.key_room).copied().unwrap_or(false) {
                *h = true;
                new = true;
            }
        }
        if !new {
            return held.iter().all(|&h| h) && open[d.final_room];
        }
    }
}
