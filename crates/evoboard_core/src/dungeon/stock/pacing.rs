//! Pacing: danger rises along the main path, side branches hold optional
//! risk and better loot, the final room holds the boss, the entrance is
//! safe.
//!
//! A deterministic assignment after the contents GA (so that the
//! properties are guarantees, not hopes):
//! 1. [`settle_ends`] moves an enemy flag off the entrance and one onto
//!    the final room when the counts allow it (counts kept);
//! 2. [`order_main_path`] reorders whole (enemies, treasure) pairs among
//!    the main path's middle rooms so that rooms without enemies come
//!    first (counts, empty rooms and contents fitness unchanged);
//! 3. [`assign_enemies`] gives main-path enemy rooms kinds of rising tier
//!    with non-decreasing totals, side rooms a tier above the main path at
//!    their depth, the final room a boss (with an escort when a boss alone
//!    would not be the strongest room);
//! 4. [`assign_treasure`] gives main-path treasure rooms one kind of
//!    rising value, side rooms a kind at least as rich as the main path's
//!    at their depth plus a second one (so strictly more), except that a
//!    side room without enemies stays below the final room's value.
//!
//! No enemy kind goes to more than a quarter of the enemy rooms (at least
//! one room each, [`kind_cap`]): picks skip kinds at that cap, and a
//! main-path pick looks ahead so that the rooms after it can still rise
//! under the cap — a guarantee for tables with kinds enough (the shipped
//! one has 17 regular kinds).

use super::ContentsTable;
use super::route::Route;
use crate::dungeon::contents_ga::{Contents, ContentsGoal, low_bits};
use crate::rng::{Rng, RngExt};

/// `count` enemies of kind `kind` (index into the table's enemies).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Encounter {
    /// Index into `ContentsTable::enemies`.
    pub kind: usize,
    /// How many.
    pub count: u32,
}

impl Encounter {
    /// Challenge of the whole group.
    pub fn challenge(&self, table: &ContentsTable) -> u32 {
        table.enemies[self.kind].challenge * self.count
    }
}

/// Move enemies off the entrance (unless every room has enemies) and onto
/// the final room (unless no room has any); counts stay exact and no room
/// is emptied when another choice keeps it.
pub(crate) fn settle_ends(c: &mut Contents, goal: &ContentsGoal) {
    let all = low_bits(goal.rooms);
    let (ent, fin) = (1u32 << goal.entrance, 1u32 << goal.final_room);
    if c.enemies & ent != 0 && c.enemies & all != all {
        let free = all & !c.enemies & !ent;
        let target = if free & fin != 0 {
            fin
        } else if free & !c.treasure != 0 {
            lowest(free & !c.treasure)
        } else {
            lowest(free)
        };
        c.enemies = (c.enemies & !ent) | target;
    }
    if c.enemies & fin == 0 && c.enemies != 0 {
        let from = c.enemies & !fin & !ent;
        let both = from & c.treasure;
        let source = if both != 0 {
            lowest(both)
        } else if from != 0 {
            lowest(from)
        } else {
            lowest(c.enemies)
        };
        c.enemies = (c.enemies & !source) | fin;
    }
}

fn lowest(m: u32) -> u32 {
    m & m.wrapping_neg()
}

/// Reorder the (enemies, treasure) pairs of the main path's middle rooms
/// so that the first fight comes in the first room after the entrance and
/// the other fights are spread evenly along the path, rooms without
/// enemies as rests between them (stable otherwise). When no middle room
/// has enemies, a side room with enemies swaps its whole pair with the
/// first middle room (counts and empty rooms unchanged). Issue 40: a
/// first encounter in one of the first two rooms, no long quiet stretch.
pub(crate) fn order_main_path(c: &mut Contents, route: &Route) {
    let path = &route.main_path;
    if path.len() < 3 {
        return;
    }
    let middle = &path[1..path.len() - 1];
    let bit = |r: usize| 1u32 << r;
    let pair = |c: &Contents, r: usize| (c.enemies & bit(r) != 0, c.treasure & bit(r) != 0);
    let set = |c: &mut Contents, r: usize, (e, t): (bool, bool)| {
        c.enemies = (c.enemies & !bit(r)) | if e { bit(r) } else { 0 };
        c.treasure = (c.treasure & !bit(r)) | if t { bit(r) } else { 0 };
    };
    if middle.iter().all(|&r| c.enemies & bit(r) == 0)
        && let Some(side) = route.side_rooms().find(|&r| c.enemies & bit(r) != 0)
    {
        let (a, b) = (pair(c, side), pair(c, middle[0]));
        set(c, side, b);
        set(c, middle[0], a);
    }
    let pairs: Vec<(bool, bool)> = middle.iter().map(|&r| pair(c, r)).collect();
    let fights: Vec<(bool, bool)> = pairs.iter().copied().filter(|p| p.0).collect();
    let mut rests = pairs.iter().copied().filter(|p| !p.0);
    let (m, f) = (middle.len(), fights.len());
    // Fight i goes to position round(i * (m - 1) / (f - 1)) when there
    // are several (the first at 0, the last at the end), else to 0.
    let mut order = Vec::with_capacity(m);
    let mut next = 0;
    for pos in 0..m {
        let due = next < f && (f == 1 || pos * (f - 1) >= next * (m - 1));
        if due || m - pos == f - next {
            order.push(fights[next]);
            next += 1;
        } else {
            order.push(rests.next().unwrap_or((false, false)));
        }
    }
    for (&r, &p) in middle.iter().zip(&order) {
        set(c, r, p);
    }
}

/// The tier (index into a list of `len` kinds, weakest first) the main
/// path reaches at position `pos` of `last`.
fn tier_at(pos: usize, last: usize, len: usize) -> usize {
    (pos * (len - 1)) / last.max(1)
}

/// A random step of -1, 0 or +1 added to `t`, kept within `lo..len`.
fn jitter(t: usize, lo: usize, len: usize, rng: &mut Rng) -> usize {
    let t = (t + rng.random_range(0..3)).saturating_sub(1);
    t.clamp(lo, len - 1)
}

/// The most rooms one enemy kind may fill: a quarter of the `enemy_rooms`,
/// at least one.
pub(crate) fn kind_cap(enemy_rooms: usize) -> usize {
    (enemy_rooms / 4).max(1)
}

/// Whether `rooms` more main-path rooms can follow a room of challenge
/// `need` with non-falling challenge, each kind in at most `cap` rooms
/// (`used` so far). Enough: the kinds whose largest group reaches `need`
/// have `rooms` places left under the cap (taken in the order of their
/// largest group, each room at the least challenge not below the last one,
/// they rise without a fall).
fn can_rise(
    table: &ContentsTable,
    regular: &[usize],
    used: &[usize],
    cap: usize,
    need: u32,
    rooms: usize,
) -> bool {
    let mut room_for = 0;
    for &k in regular {
        let e = &table.enemies[k];
        if e.challenge * e.group.1 >= need {
            room_for += cap.saturating_sub(used[k]);
        }
    }
    room_for >= rooms
}

/// The enemies of every room (empty for rooms without the flag).
pub(crate) fn assign_enemies(
    table: &ContentsTable,
    route: &Route,
    enemies: &[bool],
    final_room: usize,
    rng: &mut Rng,
) -> Vec<Vec<Encounter>> {
    let mut out: Vec<Vec<Encounter>> = vec![Vec::new(); enemies.len()];
    let regular = table.regulars();
    let len = regular.len();
    let last = route.main_path.len() - 1;
    let kind = |t: usize| &table.enemies[regular[t]];
    let random_count = |k: usize, rng: &mut Rng| {
        let (lo, hi) = table.enemies[k].group;
        rng.random_range(lo..=hi)
    };
    // No kind in more than a quarter of the enemy rooms (at least one
    // room each): a pick skips kinds at the cap, and a main-path pick is
    // taken only when the main-path enemy rooms after it can still rise
    // from it with kinds under the cap (`can_rise`), so the cap is a
    // guarantee whenever the table has kinds enough (17 regular kinds
    // cover any dungeon: 17 × ⌊E/4⌋ ≥ E rooms for E ≥ 4).
    let enemy_rooms = enemies.iter().filter(|&&e| e).count();
    let cap = kind_cap(enemy_rooms);
    let mut used = vec![0usize; table.enemies.len()];
    let mut left = route.main_path[..last]
        .iter()
        .filter(|&&r| enemies[r])
        .count();
    // Main path, entrance to the room before the final one.
    let mut prev: Option<(usize, Encounter)> = None;
    let mut main_tier = vec![0usize; last + 1];
    for (pos, &room) in route.main_path.iter().enumerate().take(last) {
        let floor = prev.map_or(0, |p| p.0);
        main_tier[pos] = floor.max(tier_at(pos, last, len));
        if !enemies[room] {
            continue;
        }
        left -= 1;
        let need = prev.map_or(0, |p| p.1.challenge(table));
        let tier = if pos == 0 {
            0
        } else {
            jitter(tier_at(pos, last, len), floor, len, rng)
        };
        let mut pick = None;
        // From the wanted tier up, then (all stronger kinds at the cap)
        // down; each kind with its drawn count, else the fewest that meet
        // `need`.
        for t in (tier..len).chain((0..tier).rev()) {
            let k = regular[t];
            let e = &table.enemies[k];
            if used[k] >= cap {
                continue;
            }
            let least = e.group.0.max(need.div_ceil(e.challenge));
            if least > e.group.1 {
                continue;
            }
            let drawn = if pos == 0 {
                e.group.0
            } else {
                random_count(k, rng)
            };
            used[k] += 1;
            let fits =
                |count: u32| can_rise(table, &regular, &used, cap, e.challenge * count, left);
            let count = if fits(drawn.max(least)) {
                Some(drawn.max(least))
            } else if fits(least) {
                Some(least)
            } else {
                None
            };
            used[k] -= 1;
            if let Some(count) = count {
                pick = Some((t, Encounter { kind: k, count }));
                break;
            }
        }
        // Nothing fits (a table with too few kinds): meet the previous
        // group again.
        let pick = pick.or(prev).unwrap_or((
            tier,
            Encounter {
                kind: regular[tier],
                count: kind(tier).group.0,
            },
        ));
        main_tier[pos] = pick.0;
        used[pick.1.kind] += 1;
        out[room].push(pick.1);
        prev = Some(pick);
    }
    main_tier[last] = main_tier[last.saturating_sub(1)].max(tier_at(last, last, len));
    // Side rooms: a tier above the main path at their depth.
    for room in route.side_rooms() {
        if !enemies[room] {
            continue;
        }
        let t = (main_tier[route.depth[room].min(last)] + 1 + rng.random_range(0..2)).min(len - 1);
        // The first kind under the cap from tier t up, else down.
        let t = (t..len)
            .chain((0..t).rev())
            .find(|&u| used[regular[u]] < cap)
            .unwrap_or(t);
        let k = regular[t];
        used[k] += 1;
        out[room].push(Encounter {
            kind: k,
            count: random_count(k, rng),
        });
    }
    // The final room: a boss, with an escort when needed.
    if enemies[final_room] {
        let bosses = table.bosses();
        let b = bosses[rng.random_range(0..bosses.len())];
        let boss = Encounter {
            kind: b,
            count: random_count(b, rng),
        };
        let strongest_other = out
            .iter()
            .flatten()
            .map(|e| e.challenge(table))
            .max()
            .unwrap_or(0);
        // The steps of the main path's fights (from nothing to the first
        // one, then fight to fight): the boss's step is to be the largest.
        let mut last_fight = 0;
        let mut largest_step = 0;
        for &room in &route.main_path[..last] {
            let c: u32 = out[room].iter().map(|e| e.challenge(table)).sum();
            if c > 0 {
                largest_step = largest_step.max(c.saturating_sub(last_fight));
                last_fight = c;
            }
        }
        let need = (strongest_other + 1).max(last_fight + largest_step);
        let mut total = boss.challenge(table);
        out[final_room].push(boss);
        // Escorts, strongest regular kinds under the cap first, until the
        // boss's room is the strongest and its step the largest.
        let escorts: Vec<usize> = (0..len)
            .rev()
            .map(|t| regular[t])
            .filter(|&k| used[k] < cap)
            .collect();
        let mut escorts = escorts.into_iter();
        while total < need {
            let Some(k) = escorts.next() else { break };
            if bosses.contains(&k) {
                continue;
            }
            let e = &table.enemies[k];
            let count = (need - total)
                .div_ceil(e.challenge)
                .clamp(e.group.0, e.group.1);
            used[k] += 1;
            total += e.challenge * count;
            out[final_room].push(Encounter { kind: k, count });
        }
    }
    out
}

/// The treasure of every room (indices into the table's treasures; empty
/// for rooms without the flag).
pub(crate) fn assign_treasure(
    table: &ContentsTable,
    route: &Route,
    treasure: &[bool],
    rng: &mut Rng,
) -> Vec<Vec<usize>> {
    let mut out: Vec<Vec<usize>> = vec![Vec::new(); treasure.len()];
    let by_value = table.treasures_by_value();
    let len = by_value.len();
    let last = route.main_path.len() - 1;
    let mut tier = vec![0usize; last + 1];
    let mut floor = 0;
    for (pos, &room) in route.main_path.iter().enumerate() {
        let base = tier_at(pos, last, len);
        tier[pos] = floor.max(base);
        if !treasure[room] {
            continue;
        }
        let t = if pos == last {
            len - 1
        } else {
            jitter(base, floor, len, rng)
        };
        tier[pos] = t;
        floor = t;
        out[room].push(by_value[t]);
        if pos == last && len > 1 {
            // The final room's reward is the best (issue 40): the two
            // richest kinds, more than any other room holds.
            out[room].push(by_value[len - 2]);
        }
    }
    for room in route.side_rooms() {
        if !treasure[room] {
            continue;
        }
        let t = (tier[route.depth[room].min(last)] + rng.random_range(0..2)).min(len - 1);
        out[room].push(by_value[t]);
        if len > 1 {
            // A second kind, never the first one again.
            let mut s = rng.random_range(0..len - 1);
            if s >= t {
                s += 1;
            }
            out[room].push(by_value[s]);
        } else {
            out[room].push(by_value[t]);
        }
    }
    // No room holds as much as the final room (issue 40: the final
    // room's reward is the best; an unguarded one would make the boss
    // pointless): its kinds drop to the cheapest ones until its value is
    // below the final room's, or to one kind.
    let value = |ks: &[usize]| -> u32 { ks.iter().map(|&k| table.treasures[k].value).sum() };
    let final_room = route.main_path.last().copied();
    let final_value = final_room.map_or(0, |f| value(&out[f]));
    for (room, kinds) in out.iter_mut().enumerate() {
        if Some(room) == final_room || kinds.is_empty() || final_value == 0 {
            continue;
        }
        if value(kinds) >= final_value {
            kinds.truncate(1);
        }
        let mut t = by_value.iter().position(|&k| k == kinds[0]).unwrap_or(0);
        while value(kinds) >= final_value && t > 0 {
            t -= 1;
            kinds[0] = by_value[t];
        }
    }
    out
}
