//! Rebuilding a dungeon around rooms a game master arranged: corridors,
//! extras, entrance and final room, contents, with the rooms' letters and
//! pins kept.

use super::super::corridor::CorridorBuilder;
use super::super::furnish::Furnishing;
use super::super::layout_ga::{DungeonLayout, LayoutRules};
use super::super::metrics;
use super::super::room::{Room, RoomShape};
use super::super::{Dungeon, DungeonError, DungeonParams, DungeonRoom, MAX_ROOMS, MIN_ROOMS};
use crate::rng::{derive_seed, seeded};
use crate::search::Search;

/// Seed stream of the corridor rebuild after an edit (the streams 0-2 of
/// a proposal seed are the layout GA, the extras and the contents GA; 3 is
/// kept for cave carving).
const EDIT_STREAM: u64 = 4;
/// Corridor networks tried (each with new random choices) before an edit
/// is refused as impossible to connect.
const CONNECT_TRIES: usize = 5;

/// A room as the edit sees it: letter, floor, pin.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Slot {
    /// The room's letter.
    pub letter: char,
    /// Its floor rectangle.
    pub rect: Room,
    /// Whether it is pinned.
    pub pinned: bool,
}

impl Slot {
    /// The slot of a finished room.
    pub fn of(r: &DungeonRoom) -> Slot {
        Slot {
            letter: r.letter,
            rect: r.rect(),
            pinned: r.pinned,
        }
    }
}

/// The rules an edited dungeon is scored with: its grid, 2-26 rooms, the
/// rest as `params` says.
pub(super) fn edit_rules(params: &DungeonParams, width: usize, height: usize) -> LayoutRules {
    let mut rules = params.layout_rules();
    (rules.width, rules.height) = (width, height);
    (rules.min_rooms, rules.max_rooms) = (MIN_ROOMS, MAX_ROOMS);
    rules.shape = RoomShape::for_grid(width, height);
    rules
}

/// A `width × height` dungeon with the rooms of `slots` (in letter order):
/// corridors dug anew, then [`furnish_slots`]. `edited` names the room in
/// the error when no corridor network connects them.
pub(super) fn rebuild(
    width: usize,
    height: usize,
    slots: &[Slot],
    ends: (Option<char>, Option<char>),
    params: &DungeonParams,
    seed: u64,
    edited: char,
) -> Result<Dungeon, DungeonError> {
    let rules = edit_rules(params, width, height);
    let mut layout = DungeonLayout::empty(width, height);
    layout.rooms.extend(slots.iter().map(|s| s.rect));
    let mut builder = CorridorBuilder::for_rules(&rules);
    let mut rng = seeded(derive_seed(seed, EDIT_STREAM));
    let connected = (0..CONNECT_TRIES).any(|_| builder.build(&mut layout, &mut rng));
    if !connected || layout.evaluate(&rules) <= 0.0 {
        return Err(DungeonError::CannotConnect { letter: edited });
    }
    Ok(furnish_slots(&layout, slots, ends, params, seed))
}

/// Stage two for `layout`, whose rooms are those of `slots` in the same
/// order: extras, entrance and final room (the rooms lettered `ends` when
/// they exist, else picked anew), the contents GA, then the letters and
/// pins of `slots` put back on the rooms.
pub(super) fn furnish_slots(
    layout: &DungeonLayout,
    slots: &[Slot],
    ends: (Option<char>, Option<char>),
    params: &DungeonParams,
    seed: u64,
) -> Dungeon {
    let at = |c: Option<char>| c.and_then(|c| slots.iter().position(|s| s.letter == c));
    let (e, f) = (at(ends.0), at(ends.1));
    let mut fur = Furnishing::with_ends(params, layout, seed, |dist, rooms, w, h| {
        pick_ends(dist, rooms, w, h, e, f)
    });
    fur.keep_names(slots.iter().map(|s| (s.letter, s.pinned)));
    for _ in 0..params.ga.generations {
        fur.step();
    }
    fur.finish()
}

/// The entrance and final room: both kept when both still exist; one kept
/// and the other the room farthest from it on foot; else the generator's
/// choice (the two rooms farthest apart, the entrance nearer the edge).
pub(super) fn pick_ends(
    dist: &[Vec<u32>],
    rooms: &[Room],
    width: usize,
    height: usize,
    entrance: Option<usize>,
    final_room: Option<usize>,
) -> (usize, usize) {
    let farthest = |from: usize| {
        (0..rooms.len())
            .filter(|&j| j != from && dist[from][j] != u32::MAX)
            .max_by_key(|&j| (dist[from][j], std::cmp::Reverse(j)))
    };
    match (entrance, final_room) {
        (Some(e), Some(f)) if e != f => (e, f),
        (Some(e), _) => farthest(e).map_or_else(
            || metrics::entrance_and_final(dist, rooms, width, height),
            |f| (e, f),
        ),
        (None, Some(f)) => farthest(f).map_or_else(
            || metrics::entrance_and_final(dist, rooms, width, height),
            |e| (e, f),
        ),
        (None, None) => metrics::entrance_and_final(dist, rooms, width, height),
    }
}
