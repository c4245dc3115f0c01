//! "Evolve the rest": the layout GA again, around the pinned rooms.

use super::super::layout_ga::LayoutSearch;
use super::super::room::{Room, RoomShape};
use super::super::{Dungeon, DungeonError, DungeonParams, MAX_ROOMS, MIN_ROOMS};
use super::rebuild::{Slot, furnish_slots};
use crate::rng::derive_seed;
use crate::search::Search;

/// "Evolve the rest": re-run the layout GA keeping every pinned room
/// exactly where it is (pinned rooms are in every individual and never
/// removed, moved or replaced by crossover or mutation), then corridors
/// and contents; deterministic for (dungeon, params, seed).
///
/// The grid is the dungeon's; the room range is `params`' (raised to the
/// number of pinned rooms when more are pinned). Pinned rooms keep their
/// letters; the new rooms take the free letters in reading order. The
/// entrance and final room stay the same rooms when they are pinned, else
/// they are picked anew. The result's `seed` is `seed`.
///
/// ```
/// # use evoboard_core::dungeon::{evolve_rest, generate_proposal, DungeonEdit, DungeonParams, Size};
/// let params = DungeonParams::for_size(Size::Small);
/// let mut d = generate_proposal(&params, 7, 0).unwrap();
/// d.apply(&DungeonEdit::Pin { room: 'B', pinned: true }, &params).unwrap();
/// let e = evolve_rest(&d, &params, 1).unwrap();
/// assert_eq!(e.room('B').map(|r| r.rect()), d.room('B').map(|r| r.rect()));
/// ```
pub fn evolve_rest(
    d: &Dungeon,
    params: &DungeonParams,
    seed: u64,
) -> Result<Dungeon, DungeonError> {
    params.validate()?;
    let (w, h) = (d.width(), d.height());
    let pinned: Vec<Slot> = d.rooms.iter().filter(|r| r.pinned).map(Slot::of).collect();
    let fixed: Vec<Room> = pinned.iter().map(|s| s.rect).collect();
    let max_rooms = params
        .max_rooms
        .max(fixed.len())
        .clamp(MIN_ROOMS, MAX_ROOMS);
    let min_rooms = params
        .min_rooms
        .max(fixed.len())
        .clamp(MIN_ROOMS, max_rooms);
    // From `params` (style, corridor width …), on the dungeon's grid.
    let mut rules = params.layout_rules();
    (rules.width, rules.height) = (w, h);
    (rules.min_rooms, rules.max_rooms) = (min_rooms, max_rooms);
    rules.shape = RoomShape::for_grid(w, h);
    let mut search = LayoutSearch::with_fixed(rules, params.ga, derive_seed(seed, 0), &fixed)?;
    for _ in 0..params.ga.generations {
        search.step();
    }
    let mut layout = search.best().0.clone();
    // Letters: pinned rooms keep theirs; the rest take the free letters in
    // reading order.
    let mut free = ('A'..='Z').filter(|c| pinned.iter().all(|s| s.letter != *c));
    let mut others: Vec<Room> = layout.rooms[fixed.len()..].to_vec();
    others.sort_by_key(|r| (r.y, r.x));
    let mut slots = pinned.clone();
    for rect in others {
        let letter = free.next().ok_or(DungeonError::EditRoomCount {
            count: layout.rooms.len(),
            min: MIN_ROOMS,
            max: MAX_ROOMS,
        })?;
        slots.push(Slot {
            letter,
            rect,
            pinned: false,
        });
    }
    slots.sort_by_key(|s| s.letter);
    layout.rooms.clear();
    layout.rooms.extend(slots.iter().map(|s| s.rect));
    let kept = |i: usize| d.rooms.get(i).filter(|r| r.pinned).map(|r| r.letter);
    let ends = (kept(d.entrance), kept(d.final_room));
    Ok(furnish_slots(&layout, &slots, ends, params, seed))
}
