//! Stocking a dungeon whose flags the contents GA chose: the route, the
//! pacing of the flags, a dressing and lighting per room, enemy and
//! treasure kinds, locks and keys, the pacing summary and the room
//! descriptions. Deterministic from the dungeon's seed (stream 3).

use super::describe::RoomText;
use super::keys::{MAX_KEYS, place_locks};
use super::pacing::{assign_enemies, assign_treasure, order_main_path, settle_ends};
use super::route::Route;
use super::secrets::reveal_blocking_secrets;
use super::{ContentsTable, Pacing, PacingStep, RoomRole};
use crate::dungeon::contents_ga::{Contents, ContentsGoal, settle_empty_rooms};
use crate::dungeon::metrics::door_counts;
use crate::dungeon::{Dungeon, Room};
use crate::rng::{Rng, RngExt, derive_seed, seeded};

/// The random stream stocking draws from (streams 0-2 are the layout GA,
/// the extras and the contents GA).
pub(crate) const STOCK_STREAM: u64 = 3;

/// A random element of `items` (which is never empty).
fn pick<T: Copy>(items: &[T], rng: &mut Rng) -> T {
    items[rng.random_range(0..items.len())]
}

/// `k` distinct random elements of `items` (all when there are fewer).
fn pick_some<'a>(items: &'a [String], k: usize, rng: &mut Rng) -> Vec<&'a str> {
    let mut idx: Vec<usize> = (0..items.len()).collect();
    let k = k.min(idx.len());
    for i in 0..k {
        let j = rng.random_range(i..idx.len());
        idx.swap(i, j);
    }
    idx[..k].iter().map(|&i| items[i].as_str()).collect()
}

/// Stock `d` from `table`: pace the GA's `flags` along the route (the
/// counts stay exact), then give every room a dressing, lighting, kinds,
/// challenge, reward and description, place up to `keys` locks and fill
/// `d.pacing` and `d.locks`.
pub(crate) fn stock(
    d: &mut Dungeon,
    mut flags: Contents,
    goal: &ContentsGoal,
    table: &ContentsTable,
    keys: usize,
) {
    let n = d.rooms.len();
    if n < 2 || d.entrance >= n || d.final_room >= n || d.entrance == d.final_room {
        return;
    }
    let rects: Vec<Room> = d.rooms.iter().map(|r| r.rect()).collect();
    if reveal_blocking_secrets(&mut d.grid, &rects, d.entrance, d.final_room) {
        let k = usize::from(d.corridor_width.max(1));
        (d.metrics.doors, d.metrics.secret_doors) = door_counts(&d.grid, k);
    }
    let route = Route::new(&d.grid, &rects, d.entrance, d.final_room);
    settle_ends(&mut flags, goal);
    settle_empty_rooms(&mut flags, goal);
    order_main_path(&mut flags, &route);
    for (k, r) in d.rooms.iter_mut().enumerate() {
        r.enemies = flags.enemies & (1 << k) != 0;
        r.treasure = flags.treasure & (1 << k) != 0;
    }
    d.contents_fitness = goal.fitness(&flags);
    let m = &mut d.metrics;
    m.enemy_rooms = d.rooms.iter().filter(|r| r.enemies).count();
    m.treasure_rooms = d.rooms.iter().filter(|r| r.treasure).count();
    m.empty_rooms = d.rooms.iter().filter(|r| !r.enemies && !r.treasure).count();
    m.empty_share = m.empty_rooms as f64 / n as f64;

    let mut rng = seeded(derive_seed(d.seed, STOCK_STREAM));
    // Dressings: the entrance's and final room's own, the others dealt
    // from a shuffled deck (every purpose once before any repeats).
    let entrance_deck = table.dressings_for(RoomRole::Entrance);
    let final_deck = table.dressings_for(RoomRole::Final);
    let others = table.dressings_for(RoomRole::Any);
    let mut deck: Vec<usize> = Vec::new();
    let mut dressing = vec![0usize; n];
    for (k, slot) in dressing.iter_mut().enumerate() {
        *slot = if k == d.entrance {
            pick(&entrance_deck, &mut rng)
        } else if k == d.final_room {
            pick(&final_deck, &mut rng)
        } else {
            if deck.is_empty() {
                deck = others.clone();
                for i in (1..deck.len()).rev() {
                    let j = rng.random_range(0..=i);
                    deck.swap(i, j);
                }
            }
            deck.pop().unwrap_or(others[0])
        };
    }
    let enemies: Vec<bool> = d.rooms.iter().map(|r| r.enemies).collect();
    let treasure: Vec<bool> = d.rooms.iter().map(|r| r.treasure).collect();
    let encounters = assign_enemies(table, &route, &enemies, d.final_room, &mut rng);
    let loot = assign_treasure(table, &route, &treasure, &mut rng);
    d.locks = place_locks(
        &d.grid,
        &rects,
        &route,
        d.entrance,
        d.final_room,
        keys.min(MAX_KEYS),
        &mut rng,
    );
    let bosses = table.bosses();
    for k in 0..n {
        let dr = &table.dressings[dressing[k]];
        let lighting = pick(&dr.lighting, &mut rng);
        let furniture = pick_some(&dr.furniture, 2, &mut rng);
        let sense = pick_some(&dr.senses, 1, &mut rng)
            .first()
            .copied()
            .unwrap_or("");
        let room = &d.rooms[k];
        let doors = d.doors(room);
        let secret = doors.iter().filter(|x| x.secret).count();
        let mut notes = Vec::new();
        for l in &d.locks {
            let (x, y) = (usize::from(l.door.0), usize::from(l.door.1));
            let key = d.rooms.get(l.key_room).map_or('?', |r| r.letter);
            if doors.iter().any(|dd| (dd.x, dd.y) == (x, y)) {
                notes.push(format!(
                    "The door at ({x}, {y}) is locked; its key lies in room {key}."
                ));
            }
            if l.key_room == k {
                notes.push(format!(
                    "The key to the locked door at ({x}, {y}) lies here."
                ));
            }
        }
        let text = RoomText {
            purpose: &dr.purpose,
            size: (room.w, room.h),
            lighting,
            furniture,
            sense,
            enemies: encounters[k]
                .iter()
                .map(|e| {
                    (
                        table.enemies[e.kind].name.as_str(),
                        e.count,
                        k == d.final_room && bosses.contains(&e.kind),
                    )
                })
                .collect(),
            treasure: loot[k]
                .iter()
                .map(|&t| table.treasures[t].name.as_str())
                .collect(),
            exits: (doors.len(), secret),
            role: if k == d.entrance {
                Some("This is the entrance.")
            } else if k == d.final_room {
                Some("This is the final room.")
            } else {
                None
            },
            notes,
        };
        let description = text.paragraph();
        let room = &mut d.rooms[k];
        room.purpose = dr.purpose.clone();
        room.lighting = lighting;
        room.description = description;
        room.enemy_kinds = encounters[k]
            .iter()
            .map(|e| table.enemies[e.kind].name.clone())
            .collect();
        room.treasure_kinds = loot[k]
            .iter()
            .map(|&t| table.treasures[t].name.clone())
            .collect();
        room.challenge = encounters[k].iter().map(|e| e.challenge(table)).sum();
        room.reward = loot[k].iter().map(|&t| table.treasures[t].value).sum();
    }
    let step = |r: usize| PacingStep {
        room: r,
        challenge: d.rooms[r].challenge,
        reward: d.rooms[r].reward,
        depth: route.depth[r],
    };
    d.pacing = Pacing {
        main_path: route.main_path.iter().map(|&r| step(r)).collect(),
        side_rooms: route.side_rooms().map(step).collect(),
    };
}
