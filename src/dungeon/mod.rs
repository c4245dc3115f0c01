//! Dungeon maps for tabletop RPGs (`../shared/spec/dungeon.md`).
//!
//! Two genetic algorithms run in sequence for every proposal:
//! [`layout_ga`] places the rooms and digs the corridors, then
//! [`contents_ga`] decides which rooms hold enemies and treasure. In
//! between, the optional extras are added (loops, dead ends) and the
//! entrance and final room are chosen as the two rooms farthest apart on
//! foot; after it, secret doors and traps. The result is a [`Dungeon`]:
//! everything a game needs to draw and use the map, serialisable to RON.
//!
//! ```
//! use evoboard::dungeon::{generate, DungeonParams, Size};
//! let params = DungeonParams::for_size(Size::Small);
//! let proposals = generate(&params, 7).unwrap();
//! assert_eq!(proposals.len(), 3);
//! println!("{}", proposals[0].text_map());
//! ```

#![warn(missing_docs)]

pub mod contents_ga;
pub mod corridor;
mod furnish;
pub mod grid;
pub mod layout_ga;
pub mod metrics;
pub mod render;
pub mod room;
pub mod validity;

#[cfg(test)]
mod independent_check;

use crate::rng::{derive_seed, seeded};
use crate::search::Search;
use contents_ga::{ContentsGoal, ContentsSearch, settle_empty_rooms};
use corridor::CorridorBuilder;
pub use grid::{Cell, Grid};
use layout_ga::{Layout, LayoutRules, LayoutSearch};
pub use metrics::Metrics;
use rayon::prelude::*;
pub use room::{Room, RoomShape};
use serde::{Deserialize, Serialize};
use std::fmt;

pub use furnish::{Furnishing, furnish};

/// Smallest grid side.
pub const MIN_SIDE: usize = 20;
/// Largest grid side.
pub const MAX_SIDE: usize = 200;
/// Fewest rooms in a dungeon (an entrance and a final room).
pub const MIN_ROOMS: usize = 2;
/// Most rooms (one letter each, A to Z).
pub const MAX_ROOMS: usize = 26;
/// Grid cells needed per room: at most `width × height / 100` rooms.
pub const CELLS_PER_ROOM: usize = 100;
/// Most proposals per run.
pub const MAX_PROPOSALS: usize = 16;
/// Most loops, dead ends or secret doors a user may ask for.
pub const MAX_EXTRAS: usize = 20;
/// Most traps a user may ask for.
pub const MAX_TRAPS: usize = 50;

/// A generation error, with what is allowed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DungeonError(pub String);

impl fmt::Display for DungeonError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for DungeonError {}

/// The published Mapmaker sizes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Size {
    /// 50 × 50, 5-10 rooms.
    Small,
    /// 75 × 75, 10-15 rooms.
    Medium,
    /// 100 × 100, 15-20 rooms.
    Large,
}

impl Size {
    /// All sizes, smallest first.
    pub const ALL: [Size; 3] = [Size::Small, Size::Medium, Size::Large];

    /// Grid side in cells.
    pub fn side(self) -> usize {
        match self {
            Size::Small => 50,
            Size::Medium => 75,
            Size::Large => 100,
        }
    }

    /// Room count range.
    pub fn rooms(self) -> (usize, usize) {
        match self {
            Size::Small => (5, 10),
            Size::Medium => (10, 15),
            Size::Large => (15, 20),
        }
    }

    /// The name on the command line.
    pub fn name(self) -> &'static str {
        match self {
            Size::Small => "small",
            Size::Medium => "medium",
            Size::Large => "large",
        }
    }
}

impl std::str::FromStr for Size {
    type Err = DungeonError;
    fn from_str(s: &str) -> Result<Size, DungeonError> {
        Size::ALL
            .into_iter()
            .find(|z| z.name() == s)
            .ok_or_else(|| {
                DungeonError(format!("unknown size '{s}'; allowed: small, medium, large"))
            })
    }
}

/// Settings of one genetic algorithm.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct GaSettings {
    /// Generations after the initial population (published: 10).
    pub generations: usize,
    /// Individuals per generation (published: 10).
    pub population: usize,
    /// Chance that a child is mutated (published: 0.4).
    pub mutation_rate: f64,
}

impl Default for GaSettings {
    /// The published settings: 10 generations of 10, mutation 40 %.
    fn default() -> Self {
        GaSettings {
            generations: 10,
            population: 10,
            mutation_rate: 0.4,
        }
    }
}

/// Everything the game master asks for.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct DungeonParams {
    /// Grid columns.
    pub width: usize,
    /// Grid rows.
    pub height: usize,
    /// Fewest rooms.
    pub min_rooms: usize,
    /// Most rooms.
    pub max_rooms: usize,
    /// Percentage of rooms with enemies (0-100).
    pub enemies_pct: u8,
    /// Percentage of rooms with treasure (0-100).
    pub treasure_pct: u8,
    /// Dungeons to propose.
    pub proposals: usize,
    /// Extra loops to dig (0 = a tree of corridors, as the original).
    pub loops: usize,
    /// Dead ends to dig.
    pub dead_ends: usize,
    /// Doors to make secret.
    pub secret_doors: usize,
    /// Traps to set in corridors.
    pub traps: usize,
    /// Both GAs use these settings.
    pub ga: GaSettings,
}

impl DungeonParams {
    /// The published settings for a size: 50 % enemies, 50 % treasure,
    /// 3 proposals, no extras.
    pub fn for_size(size: Size) -> DungeonParams {
        let (min_rooms, max_rooms) = size.rooms();
        DungeonParams {
            width: size.side(),
            height: size.side(),
            min_rooms,
            max_rooms,
            enemies_pct: 50,
            treasure_pct: 50,
            proposals: 3,
            loops: 0,
            dead_ends: 0,
            secret_doors: 0,
            traps: 0,
            ga: GaSettings::default(),
        }
    }

    /// Most rooms that fit on a `width × height` grid.
    pub fn room_capacity(width: usize, height: usize) -> usize {
        (width * height / CELLS_PER_ROOM).min(MAX_ROOMS)
    }

    /// Check every setting; the error says what is allowed.
    pub fn validate(&self) -> Result<(), DungeonError> {
        let err = |s: String| Err(DungeonError(s));
        for (name, v) in [("width", self.width), ("height", self.height)] {
            if !(MIN_SIDE..=MAX_SIDE).contains(&v) {
                return err(format!(
                    "{name} {v} is out of range; allowed: {MIN_SIDE} to {MAX_SIDE} cells"
                ));
            }
        }
        let cap = Self::room_capacity(self.width, self.height);
        if self.min_rooms < MIN_ROOMS || self.min_rooms > self.max_rooms {
            return err(format!(
                "rooms {}-{} is not a range; allowed: MIN-MAX with {MIN_ROOMS} <= MIN <= MAX",
                self.min_rooms, self.max_rooms
            ));
        }
        if self.max_rooms > cap {
            return err(format!(
                "at most {cap} rooms fit on a {}x{} grid (one room per {CELLS_PER_ROOM} cells, \
                 never more than {MAX_ROOMS}, one letter each); got {}",
                self.width, self.height, self.max_rooms
            ));
        }
        for (name, v) in [
            ("enemies", self.enemies_pct),
            ("treasure", self.treasure_pct),
        ] {
            if v > 100 {
                return err(format!("{name} {v} % is out of range; allowed: 0 to 100"));
            }
        }
        if !(1..=MAX_PROPOSALS).contains(&self.proposals) {
            return err(format!(
                "{} proposals is out of range; allowed: 1 to {MAX_PROPOSALS}",
                self.proposals
            ));
        }
        for (name, v, max) in [
            ("loops", self.loops, MAX_EXTRAS),
            ("dead ends", self.dead_ends, MAX_EXTRAS),
            ("secret doors", self.secret_doors, MAX_EXTRAS),
            ("traps", self.traps, MAX_TRAPS),
        ] {
            if v > max {
                return err(format!("{v} {name} is too many; allowed: 0 to {max}"));
            }
        }
        let ga = &self.ga;
        if !(1..=1000).contains(&ga.generations) {
            return err(format!(
                "{} generations; allowed: 1 to 1000",
                ga.generations
            ));
        }
        if !(2..=500).contains(&ga.population) {
            return err(format!("population {}; allowed: 2 to 500", ga.population));
        }
        if !(0.0..=1.0).contains(&ga.mutation_rate) {
            return err(format!(
                "mutation rate {}; allowed: 0 to 1",
                ga.mutation_rate
            ));
        }
        Ok(())
    }

    /// The rules the layout GA enforces.
    pub fn layout_rules(&self) -> LayoutRules {
        LayoutRules {
            width: self.width,
            height: self.height,
            min_rooms: self.min_rooms,
            max_rooms: self.max_rooms,
            shape: RoomShape::for_grid(self.width, self.height),
        }
    }
}

/// A lettered room of a finished dungeon.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
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
}

impl DungeonRoom {
    /// Letter `rooms` A, B, C … in their order, with the contents `flags`
    /// (bit k of `enemies` / `treasure` for room k).
    pub fn lettered(rooms: &[Room], flags: &contents_ga::Contents) -> Vec<DungeonRoom> {
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
pub struct Dungeon {
    /// The cells, saved as rows of symbols (see [`Cell::symbol`]).
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
}

impl Dungeon {
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
    let mut search = layout_search(params, seed, index)?;
    for _ in 0..params.ga.generations {
        search.step();
    }
    Ok(furnish(params, search.best().0, proposal_seed(seed, index)))
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
    fn bad_inputs_say_what_is_allowed() {
        let ok = DungeonParams::for_size(Size::Small);
        let check = |f: &dyn Fn(&mut DungeonParams), needle: &str| {
            let mut p = ok.clone();
            f(&mut p);
            let e = p.validate().unwrap_err().0;
            assert!(e.contains(needle), "{e}");
        };
        check(&|p| p.width = 10, "allowed: 20 to 200");
        check(&|p| p.height = 500, "allowed: 20 to 200");
        check(&|p| (p.min_rooms, p.max_rooms) = (8, 6), "MIN <= MAX");
        check(&|p| p.min_rooms = 1, "MIN-MAX");
        check(
            &|p| p.max_rooms = 26,
            "at most 25 rooms fit on a 50x50 grid",
        );
        check(&|p| p.enemies_pct = 101, "0 to 100");
        check(&|p| p.proposals = 0, "1 to 16");
        check(&|p| p.loops = 99, "0 to 20");
        check(&|p| p.traps = 99, "0 to 50");
        check(&|p| p.ga.mutation_rate = 2.0, "0 to 1");
        assert!(
            generate(
                &{
                    let mut p = ok.clone();
                    p.width = 5;
                    p
                },
                1
            )
            .is_err()
        );
        assert_eq!(
            "huge".parse::<Size>().unwrap_err().0,
            "unknown size 'huge'; allowed: small, medium, large"
        );
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
