//! Dungeon maps for tabletop RPGs (`../shared/spec/dungeon.md`).
//!
//! Two genetic algorithms run in sequence for every proposal: the layout
//! GA ([`LayoutSearch`]) places the rooms and digs the corridors, then the
//! contents GA (inside [`Furnishing`]) decides which rooms hold enemies
//! and treasure. In between, the optional extras are added (loops, dead
//! ends) and the entrance and final room are chosen as the two rooms
//! farthest apart on foot; after it, secret doors and traps. The result
//! is a [`Dungeon`]: everything a game needs to draw and use the map,
//! serialisable to RON.
//!
//! Game logic reads a dungeon in cells (`x` = column, `y` = row, row 0 at
//! the top): [`Dungeon::room`] by letter, [`Dungeon::entrance_room`] and
//! [`Dungeon::final_room()`], a room's [`Dungeon::doors`] and
//! [`Dungeon::room_centre`], [`Dungeon::tile`] and [`Dungeon::is_walkable`],
//! and shortest walks with [`Dungeon::path`].
//!
//! ```
//! use evoboard_core::dungeon::{generate, DungeonParams, Size};
//! let params = DungeonParams::for_size(Size::Small);
//! let proposals = generate(&params, 7).unwrap();
//! assert_eq!(proposals.len(), 3);
//! println!("{}", proposals[0].text_map());
//! ```

mod access;
mod contents_ga;
mod corridor;
mod door_runs;
mod edit;
mod error;
mod exits;
mod furnish;
mod grid;
mod layout_ga;
mod metrics;
mod params;
mod render;
pub mod report;
mod room;
mod selection;
pub mod stock;
mod style;
mod validity;

#[cfg(test)]
mod finishable_check;
#[cfg(test)]
mod independent_check;

pub use access::Door;
pub use contents_ga::{CONTENTS_BASE, Contents, EMPTY_COST, GM_BONUS};
pub use corridor::{Corridor, CorridorKind, LABYRINTH_WALK, LOOP_GAIN, TWIST};
pub use door_runs::DoorRun;
pub use edit::{DungeonEdit, Edge, edit_side_range, evolve_rest};
pub use error::DungeonError;
pub use exits::{Exit, cell_name, column_label, side_name};
pub use furnish::{Furnishing, furnish};
pub use grid::{DungeonTile, Grid};
pub use layout_ga::{
    ADJACENT_COST, BASE_FITNESS, CORRIDOR_CELL_COST, CORRIDOR_COST, DungeonLayout, LayoutRules,
    LayoutSearch,
};
pub use metrics::Metrics;
pub use params::{
    CAVE_MIN_SIDE, CELLS_PER_ROOM, DungeonGaSettings, DungeonParams, MAX_CORRIDOR_WIDTH,
    MAX_EXTRAS, MAX_GENERATIONS, MAX_POPULATION, MAX_PROPOSALS, MAX_ROOMS, MAX_SIDE, MAX_TRAPS,
    MIN_POPULATION, MIN_ROOMS, MIN_SIDE, Size,
};
pub use room::{Room, RoomShape};
pub use stock::{
    Adventure, BOSS_CHOICES, ContentsTable, Creature, Dressing, EnemyKind, Lighting, Lock,
    MAX_KEYS, PARTY_LEVELS, PARTY_SIZES, Pacing, PacingChecks, PacingStep, Party, RoomRole, Route,
    SECRET_HINTS, SecretNote, Theme, TrapKind, TrapNote, Treasure, TreasureKind, WanderingMonster,
    cr_xp, keys_are_reachable,
};
pub use style::DungeonStyle;
pub use validity::{is_connected, rooms_are_valid};

use crate::rng::derive_seed;
use crate::search::{Progress, Search};
use rayon::prelude::*;
use serde::{Deserialize, Serialize};

/// A lettered room of a finished dungeon.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "bevy_reflect", derive(bevy_reflect::Reflect))]
pub struct DungeonRoom {
    /// The room's letter on the map (A, B, C … in reading order).
    pub letter: char,
    /// Column of the top-left floor cell.
    pub x: u16,
    /// Row of the top-left floor cell.
    pub y: u16,
    /// Floor width in cells.
    pub w: u16,
    /// Floor height in cells.
    pub h: u16,
    /// Whether enemies wait here.
    pub enemies: bool,
    /// Whether treasure lies here.
    pub treasure: bool,
    /// What the room is for (`"barracks"`, `"shrine"`; empty in levels
    /// saved before stocking).
    #[serde(default)]
    pub purpose: String,
    /// One paragraph for the game master to read out.
    #[serde(default)]
    pub description: String,
    /// How the room is lit.
    #[serde(default)]
    pub lighting: Lighting,
    /// Names of the enemy kinds here (from the contents table).
    #[serde(default)]
    pub enemy_kinds: Vec<String>,
    /// How many of each of `enemy_kinds` (same order; empty in levels
    /// saved before issue 29).
    #[serde(default)]
    pub enemy_counts: Vec<u32>,
    /// Names of the treasure kinds here (from the contents table).
    #[serde(default)]
    pub treasure_kinds: Vec<String>,
    /// Total challenge of the enemies here (0 = safe).
    #[serde(default)]
    pub challenge: u32,
    /// Total value of the treasure here (0 = none).
    #[serde(default)]
    pub reward: u32,
    /// Whether the game master pinned the room (searches leave it alone).
    #[serde(default)]
    pub pinned: bool,
}

impl DungeonRoom {
    /// Letter `rooms` A, B, C … in their order, with the contents `flags`
    /// (bit k of `enemies` / `treasure` for room k).
    pub fn lettered(rooms: &[Room], flags: &Contents) -> Vec<DungeonRoom> {
        rooms
            .iter()
            .enumerate()
            .map(|(k, r)| DungeonRoom {
                letter: (b'A' + k as u8) as char,
                x: r.x,
                y: r.y,
                w: r.w,
                h: r.h,
                enemies: flags.enemies & (1 << k) != 0,
                treasure: flags.treasure & (1 << k) != 0,
                ..DungeonRoom::default()
            })
            .collect()
    }

    /// The room's rectangle.
    pub fn rect(&self) -> Room {
        Room {
            x: self.x,
            y: self.y,
            w: self.w,
            h: self.h,
        }
    }

    /// "Has enemies and treasure", "Has enemies", "Has treasure" or "Empty".
    pub fn contents(&self) -> &'static str {
        match (self.enemies, self.treasure) {
            (true, true) => "Has enemies and treasure",
            (true, false) => "Has enemies",
            (false, true) => "Has treasure",
            (false, false) => "Empty",
        }
    }
}

/// A finished dungeon map: the grid, the lettered rooms with their
/// contents, the entrance and final room, and quality figures.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "bevy_reflect", derive(bevy_reflect::Reflect))]
pub struct Dungeon {
    /// The cells, saved as rows of symbols (see [`DungeonTile::symbol`]).
    pub grid: Grid,
    /// The rooms, lettered in reading order (top to bottom, left to right).
    pub rooms: Vec<DungeonRoom>,
    /// Index in `rooms` of the entrance room.
    pub entrance: usize,
    /// Index in `rooms` of the final room (farthest from the entrance).
    pub final_room: usize,
    /// Layout fitness (stage 1).
    pub fitness: f64,
    /// Contents fitness (stage 2).
    pub contents_fitness: f64,
    /// Quality figures.
    pub metrics: Metrics,
    /// The seed this proposal was generated from.
    pub seed: u64,
    /// How danger and reward follow the route (empty in older levels).
    #[serde(default)]
    pub pacing: Pacing,
    /// Locked doors and where their keys lie.
    #[serde(default)]
    pub locks: Vec<Lock>,
    /// How the rock between rooms was carved.
    #[serde(default)]
    pub style: DungeonStyle,
    /// Corridor width in cells (1 in older levels).
    #[serde(default = "one")]
    pub corridor_width: u8,
    /// Every trap: where, what it does, how to find and disarm it.
    #[serde(default)]
    pub traps: Vec<TrapNote>,
    /// Every secret door: where, and how to find it.
    #[serde(default)]
    pub secret_doors: Vec<SecretNote>,
    /// Theme, title, hook, party and wandering monsters (blank in levels
    /// saved before themes).
    #[serde(default)]
    pub adventure: Adventure,
}

fn one() -> u8 {
    1
}

impl Dungeon {
    /// The letter of room `i` on the map, `?` when there is no such room.
    ///
    /// ```
    /// use evoboard_core::dungeon::{DungeonParams, Size, generate};
    /// let mut params = DungeonParams::for_size(Size::Small);
    /// params.proposals = 1;
    /// let d = generate(&params, 9).unwrap().remove(0);
    /// assert_eq!(d.room_letter(0), 'A');
    /// assert_eq!(d.room_letter(99), '?');
    /// ```
    pub fn room_letter(&self, i: usize) -> char {
        self.rooms.get(i).map_or('?', |r| r.letter)
    }

    /// Grid columns.
    pub fn width(&self) -> usize {
        self.grid.width()
    }

    /// Grid rows.
    pub fn height(&self) -> usize {
        self.grid.height()
    }

    /// The room whose floor holds (`x`, `y`), if any (for hovering).
    pub fn room_at(&self, x: usize, y: usize) -> Option<usize> {
        self.rooms.iter().position(|r| r.rect().contains(x, y))
    }
}

/// Generate `params.proposals` dungeons from `seed` (in parallel; the
/// result does not depend on the number of threads).
pub fn generate(params: &DungeonParams, seed: u64) -> Result<Vec<Dungeon>, DungeonError> {
    params.validate()?;
    (0..params.proposals)
        .into_par_iter()
        .map(|i| generate_proposal(params, seed, i))
        .collect()
}

/// The index of the best proposal: highest layout fitness, then contents
/// fitness, first on ties.
pub fn best_proposal(proposals: &[Dungeon]) -> usize {
    let mut best = 0;
    for (i, d) in proposals.iter().enumerate() {
        let b = &proposals[best];
        if (d.fitness, d.contents_fitness) > (b.fitness, b.contents_fitness) {
            best = i;
        }
    }
    best
}

/// The seed of proposal `index` of a run with `seed`.
pub fn proposal_seed(seed: u64, index: usize) -> u64 {
    derive_seed(seed, index as u64)
}

/// A layout search for proposal `index` (for callers that want to watch
/// the evolution generation by generation, then call [`furnish`]).
pub fn layout_search(
    params: &DungeonParams,
    seed: u64,
    index: usize,
) -> Result<LayoutSearch, DungeonError> {
    params.validate()?;
    LayoutSearch::new(
        params.layout_rules(),
        params.ga,
        derive_seed(proposal_seed(seed, index), 0),
    )
}

/// Generate proposal `index` of a run with `seed` on this thread.
pub fn generate_proposal(
    params: &DungeonParams,
    seed: u64,
    index: usize,
) -> Result<Dungeon, DungeonError> {
    generate_proposal_watched(params, seed, index, |_, _| true)
        .map(|d| d.expect("an unstopped proposal always finishes"))
}

/// Which of a proposal's two GAs a step belongs to.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ProposalStage {
    /// Stage one: the layout GA.
    Layout,
    /// Stage two: the contents GA.
    Contents,
}

/// [`generate_proposal`], calling `on_step` after every generation of
/// either GA; `Ok(None)` when `on_step` returned `false` (the caller
/// stopped it). The same seed gives the same dungeon as
/// [`generate_proposal`].
pub fn generate_proposal_watched(
    params: &DungeonParams,
    seed: u64,
    index: usize,
    mut on_step: impl FnMut(ProposalStage, Progress) -> bool,
) -> Result<Option<Dungeon>, DungeonError> {
    let mut search = layout_search(params, seed, index)?;
    for _ in 0..params.ga.generations {
        if !on_step(ProposalStage::Layout, search.step()) {
            return Ok(None);
        }
    }
    let mut f = Furnishing::new(params, search.best().0, proposal_seed(seed, index));
    for _ in 0..params.ga.generations {
        if !on_step(ProposalStage::Contents, f.step()) {
            return Ok(None);
        }
    }
    Ok(Some(f.finish()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn same_seed_same_dungeons() {
        let mut p = DungeonParams::for_size(Size::Medium);
        p.loops = 2;
        p.dead_ends = 2;
        p.secret_doors = 1;
        p.traps = 3;
        let a = generate(&p, 42).unwrap();
        let b = generate(&p, 42).unwrap();
        assert_eq!(a, b);
        let c = generate(&p, 43).unwrap();
        assert_ne!(a, c);
        // Proposals differ from each other.
        assert_ne!(a[0].grid, a[1].grid);
    }

    #[test]
    fn furnishing_step_by_step_is_furnish() {
        let mut p = DungeonParams::for_size(Size::Small);
        (p.loops, p.dead_ends, p.secret_doors, p.traps) = (1, 1, 1, 2);
        let seed = proposal_seed(9, 1);
        let mut search = layout_search(&p, 9, 1).unwrap();
        for _ in 0..p.ga.generations {
            search.step();
        }
        let layout = search.best().0;
        let mut f = Furnishing::new(&p, layout, seed);
        assert_eq!(f.layout().rooms.len(), layout.rooms.len());
        assert_ne!(f.entrance(), f.final_room());
        let mut last = f.progress().best;
        for g in 1..=p.ga.generations {
            let pr = f.step();
            assert_eq!(pr.generation, g as u64);
            assert!(pr.best >= last);
            last = pr.best;
        }
        assert_eq!(f.finish(), generate_proposal(&p, 9, 1).unwrap());
    }

    #[test]
    fn custom_sizes_work() {
        let mut p = DungeonParams::for_size(Size::Small);
        (p.width, p.height, p.min_rooms, p.max_rooms, p.proposals) = (20, 20, 2, 4, 1);
        let d = generate(&p, 3).unwrap();
        assert!((2..=4).contains(&d[0].rooms.len()));
        (p.width, p.height, p.min_rooms, p.max_rooms) = (200, 60, 20, 26);
        let d = generate(&p, 3).unwrap();
        assert!((20..=26).contains(&d[0].rooms.len()));
    }

    #[test]
    fn dungeon_round_trips_through_ron() {
        let mut p = DungeonParams::for_size(Size::Small);
        p.proposals = 1;
        p.secret_doors = 1;
        p.traps = 2;
        let d = generate(&p, 5).unwrap().remove(0);
        let text = ron::ser::to_string_pretty(&d, Default::default()).unwrap();
        assert!(text.contains("letter: 'A'"), "{text}");
        let back: Dungeon = ron::from_str(&text).unwrap();
        assert_eq!(back, d);
    }
}
