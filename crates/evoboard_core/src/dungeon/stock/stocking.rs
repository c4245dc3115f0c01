//! Stocking a dungeon whose flags the contents GA chose: the route, the
//! pacing of the flags, a dressing and lighting per room, enemy and
//! treasure kinds, locks and keys, the pacing summary and the room
//! descriptions. Deterministic from the dungeon's seed (stream 3).

use super::describe::{ExitText, GroupText, RoomText, plural};
use super::keys::{MAX_KEYS, place_locks};
use super::pacing::{assign_enemies, assign_treasure, order_main_path, settle_ends};
use super::route::Route;
use super::secrets::SECRET_HINTS;
use super::secrets::reveal_blocking_secrets;
use super::theme::{Party, Theme};
use super::{ContentsTable, Pacing, PacingStep, RoomRole};
use super::{SecretNote, TrapNote};
use crate::dungeon::contents_ga::{
    Contents, ContentsGoal, settle_empty_rooms, settle_final_treasure,
};
use crate::dungeon::metrics::door_counts;
use crate::dungeon::{Dungeon, Room};
use crate::dungeon::{DungeonTile, cell_name};
use crate::rng::{Rng, RngExt, derive_seed, seeded};

/// The random stream stocking draws from (streams 0-2 are the layout GA,
/// the extras and the contents GA).
pub(crate) const STOCK_STREAM: u64 = 3;

/// The stream of trap kinds, secret-door hints and sentence shapes
/// (stream 4 digs an edit's corridors).
const NOTES_STREAM: u64 = 5;

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

/// The stream the boss's name, the title, the hook and the wandering
/// monsters draw from.
const ADVENTURE_STREAM: u64 = 6;

/// What a theme adds to stocking: the theme (its boss names, plurals,
/// titles) and the party.
#[derive(Clone, Copy)]
pub(crate) struct Themed<'a> {
    /// The theme, when the rooms are stocked from one.
    pub theme: Option<&'a Theme>,
    /// The party the table was made for.
    pub party: Party,
}

/// Stock `d` from `table`: pace the GA's `flags` along the route (the
/// counts stay exact), then give every room a dressing, lighting, kinds,
/// challenge, reward and description, place up to `keys` locks and fill
/// `d.pacing`, `d.locks` and `d.adventure`.
pub(crate) fn stock(
    d: &mut Dungeon,
    mut flags: Contents,
    goal: &ContentsGoal,
    table: &ContentsTable,
    keys: usize,
    themed: Themed,
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
    // The final room holds treasure whenever the counts allow it, so no
    // unguarded side room can match its reward (issue 29).
    settle_final_treasure(&mut flags, goal);
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
    // Caves have no built doors: a lock's door goes on a mouth.
    let k = usize::from(d.corridor_width.max(1));
    let caves = d.style == crate::dungeon::DungeonStyle::Caves && keys > 0;
    let doorable = caves.then(|| crate::dungeon::corridor::mouths_as_doors(&d.grid, &rects, k));
    let lock_grid = doorable.as_ref().unwrap_or(&d.grid);
    d.locks = place_locks(
        lock_grid,
        &rects,
        &route,
        d.entrance,
        d.final_room,
        keys.min(MAX_KEYS),
        &mut rng,
    );
    if let Some(doors) = &doorable {
        let w = d.width();
        for l in &d.locks {
            let c = usize::from(l.door.1) * w + usize::from(l.door.0);
            for j in super::secrets::door_group(doors, c) {
                d.grid.cells_mut()[j] = DungeonTile::Door;
            }
        }
        (d.metrics.doors, d.metrics.secret_doors) = door_counts(&d.grid, k);
    }
    let bosses = table.bosses();
    let exits = d.exits();
    let runs = d.door_runs();
    let letter = |k: usize| d.room_letter(k);
    let lock_of = |run: &crate::dungeon::DoorRun| {
        d.locks.iter().position(|l| {
            run.cells()
                .any(|c| c == (usize::from(l.door.0), usize::from(l.door.1)))
        })
    };
    // The rooms the party reaches with each lock still closed: the side
    // a lock is met from, where the exit names its key.
    let owner = super::route::owners(&d.grid, &rects);
    let approach: Vec<Vec<bool>> = d
        .locks
        .iter()
        .map(|l| {
            let w = d.width();
            let run = super::secrets::door_group(
                &d.grid,
                usize::from(l.door.1) * w + usize::from(l.door.0),
            );
            super::secrets::reachable(&d.grid, &owner, d.entrance, &run, n)
        })
        .collect();
    // Traps, secret doors and sentence shapes from their own stream, so
    // the dressings and kinds above do not depend on them.
    let mut notes_rng = seeded(derive_seed(d.seed, NOTES_STREAM));
    let trap_kinds = table.trap_kinds();
    let on_walk: std::collections::HashSet<(usize, usize)> = route.walk.iter().copied().collect();
    let mut traps = Vec::new();
    // Trap kinds dealt from a shuffled deck: no kind twice until every
    // kind has been used once.
    let mut trap_deck: Vec<usize> = Vec::new();
    for y in 0..d.height() {
        for x in 0..d.width() {
            if d.grid.get(x, y) == crate::dungeon::DungeonTile::Trap && !trap_kinds.is_empty() {
                if trap_deck.is_empty() {
                    trap_deck = (0..trap_kinds.len()).collect();
                    for i in (1..trap_deck.len()).rev() {
                        let j = notes_rng.random_range(0..=i);
                        trap_deck.swap(i, j);
                    }
                }
                let kind = trap_deck.pop().unwrap_or(0);
                traps.push(TrapNote {
                    cell: (x as u16, y as u16),
                    kind: trap_kinds[kind].clone(),
                    on_main_path: on_walk.contains(&(x, y)),
                });
            }
        }
    }
    let secrets: Vec<SecretNote> = runs
        .iter()
        .filter(|r| r.secret)
        .map(|r| SecretNote {
            door: (r.x as u16, r.y as u16),
            find: SECRET_HINTS[notes_rng.random_range(0..SECRET_HINTS.len())].to_string(),
        })
        .collect();
    let mut adventure_rng = seeded(derive_seed(d.seed, ADVENTURE_STREAM));
    let boss_name: Option<String> = themed
        .theme
        .map(|t| t.boss_names[adventure_rng.random_range(0..t.boss_names.len())].clone());
    let plural_of = |name: &str| -> String {
        themed
            .theme
            .map_or_else(|| plural(name), |t| t.plural(name))
    };
    let mut descriptions = Vec::with_capacity(n);
    for k in 0..n {
        let dr = &table.dressings[dressing[k]];
        let lighting = pick(&dr.lighting, &mut rng);
        let furniture = pick_some(&dr.furniture, 2, &mut rng);
        let sense = pick_some(&dr.senses, 1, &mut rng)
            .first()
            .copied()
            .unwrap_or("");
        let room = &d.rooms[k];
        // One sentence per key held here, naming its door once: the
        // rooms on both sides and the cell.
        let mut notes = Vec::new();
        for l in d.locks.iter().filter(|l| l.key_room == k) {
            let (x, y) = (usize::from(l.door.0), usize::from(l.door.1));
            let mut sides: Vec<char> = exits
                .iter()
                .enumerate()
                .filter(|(_, ex)| ex.iter().any(|e| e.door.cells().any(|c| c == (x, y))))
                .map(|(j, _)| letter(j))
                .collect();
            sides.sort_unstable();
            sides.dedup();
            let side = exits
                .iter()
                .flatten()
                .find(|e| e.door.cells().any(|c| c == (x, y)))
                .map_or("", |e| crate::dungeon::side_name(e.side));
            let door = match sides.as_slice() {
                [a, b, ..] => format!("locked door between rooms {a} and {b}"),
                [a] => format!("locked {side} door of room {a}"),
                [] => "locked door ahead".to_string(),
            };
            notes.push(format!(
                "The key to the {door} (at {}) lies here.",
                cell_name(x, y)
            ));
        }
        let exit_texts = exits[k]
            .iter()
            .map(|e| {
                let lock = lock_of(&e.door);
                // A door two rooms share names its key on the side the
                // party meets it from; a door at a corridor's end in the
                // room whose wall holds it. Never in the key's own room.
                let shared = exits
                    .iter()
                    .filter(|ex| {
                        ex.iter()
                            .any(|o| o.door.x == e.door.x && o.door.y == e.door.y)
                    })
                    .count()
                    > 1;
                let key = lock
                    .filter(|&i| d.locks[i].key_room != k && (approach[i][k] || !shared))
                    .map(|i| letter(d.locks[i].key_room));
                ExitText {
                    side: e.side,
                    to: e.rooms.iter().map(|&j| letter(j)).collect(),
                    secret: e.door.secret,
                    locked: lock.is_some(),
                    key,
                }
            })
            .collect();
        let text = RoomText {
            purpose: &dr.purpose,
            size: (room.w, room.h),
            lighting,
            furniture,
            sense,
            enemies: encounters[k]
                .iter()
                .map(|e| {
                    let name = table.enemies[e.kind].name.as_str();
                    GroupText {
                        name,
                        plural: plural_of(name),
                        count: e.count,
                        boss: k == d.final_room && bosses.contains(&e.kind),
                    }
                })
                .collect(),
            boss_name: boss_name.as_deref().filter(|_| k == d.final_room),
            treasure: loot[k]
                .iter()
                .map(|&t| table.treasures[t].name.as_str())
                .collect(),
            exits: exit_texts,
            role: if k == d.entrance {
                Some("This is the entrance.")
            } else if k == d.final_room {
                Some("This is the final room.")
            } else {
                None
            },
            notes,
            variant: notes_rng.random_range(0..1 << 15),
        };
        descriptions.push((k, text.paragraph(), lighting, dr.purpose.clone()));
    }
    d.traps = traps;
    d.secret_doors = secrets;
    for (k, description, lighting, purpose) in descriptions {
        let room = &mut d.rooms[k];
        room.purpose = purpose;
        room.lighting = lighting;
        room.description = description;
        room.enemy_kinds = encounters[k]
            .iter()
            .map(|e| table.enemies[e.kind].name.clone())
            .collect();
        room.enemy_counts = encounters[k].iter().map(|e| e.count).collect();
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
    let boss_kind = encounters[d.final_room]
        .iter()
        .find(|e| bosses.contains(&e.kind))
        .map(|e| table.enemies[e.kind].name.as_str());
    d.adventure = super::adventure::adventure(
        themed,
        boss_name.as_deref(),
        boss_kind,
        table,
        n,
        &mut adventure_rng,
    );
}
