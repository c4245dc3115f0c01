//! Stage two of a dungeon, for a chosen layout: extras (loops, dead ends),
//! entrance and final room, the contents GA one generation at a time
//! ([`Furnishing`], a [`Search`]), secret doors and traps, quality figures.

use super::contents_ga::{Contents, ContentsGoal, ContentsSearch, settle_empty_rooms};
use super::corridor::{self, CorridorBuilder};
use super::layout_ga::DungeonLayout;
use super::metrics;
use super::room::Room;
use super::stock;
use super::style::DungeonStyle;
use super::{Dungeon, DungeonParams, DungeonRoom, DungeonTile};
use crate::rng::{Rng, derive_seed, seeded};
use crate::search::{Objective, Progress, Search};

/// Stage two for a chosen layout: extras (loops, dead ends), entrance and
/// final room, the contents GA, secret doors and traps, quality figures.
pub fn furnish(params: &DungeonParams, layout: &DungeonLayout, seed: u64) -> Dungeon {
    let mut f = Furnishing::new(params, layout, seed);
    for _ in 0..params.ga.generations {
        f.step();
    }
    f.finish()
}

/// Stage two one generation at a time (what [`furnish`] does in one call),
/// for callers that animate the contents GA. [`Furnishing::new`] adds the
/// loops and dead ends and picks the entrance and final room; every
/// [`Search::step`] is one generation of the contents GA;
/// [`Furnishing::finish`] settles the empty rooms, adds secret doors and
/// traps and measures the map. The same seed gives the same dungeon as
/// [`furnish`] after `params.ga.generations` steps.
pub struct Furnishing {
    layout: DungeonLayout,
    rng: Rng,
    dist: Vec<Vec<u32>>,
    entrance: usize,
    final_room: usize,
    /// Letters and pins to give the rooms (empty: A, B, C … unpinned).
    names: Vec<(char, bool)>,
    goal: ContentsGoal,
    contents: ContentsSearch,
    secret_doors: usize,
    traps: usize,
    keys: usize,
    /// The settings (their table, theme and party stock the rooms).
    params: DungeonParams,
    seed: u64,
    style: DungeonStyle,
    corridor_width: usize,
}

impl Furnishing {
    /// Start stage two for `layout` (proposal seed `seed`).
    pub fn new(params: &DungeonParams, layout: &DungeonLayout, seed: u64) -> Furnishing {
        let mut layout = layout.clone();
        layout.rooms.sort_by_key(|r| (r.y, r.x));
        Furnishing::start(params, layout, seed, |dist, rooms, w, h| {
            metrics::entrance_and_final(dist, rooms, w, h)
        })
    }

    /// Stage two for rooms a game master arranged: the rooms keep their
    /// order (so the caller can keep its letters), and `ends` picks the
    /// entrance and final room from the walking distances between rooms
    /// (after loops and dead ends), the rooms and the grid size.
    pub fn with_ends(
        params: &DungeonParams,
        layout: &DungeonLayout,
        seed: u64,
        ends: impl FnOnce(&[Vec<u32>], &[Room], usize, usize) -> (usize, usize),
    ) -> Furnishing {
        Furnishing::start(params, layout.clone(), seed, ends)
    }

    fn start(
        params: &DungeonParams,
        mut layout: DungeonLayout,
        seed: u64,
        ends: impl FnOnce(&[Vec<u32>], &[Room], usize, usize) -> (usize, usize),
    ) -> Furnishing {
        let (w, h) = (layout.grid.width(), layout.grid.height());
        let mut rng = seeded(derive_seed(seed, 1));
        let mut builder = CorridorBuilder::for_rules(&params.layout_rules());
        add_extras(&mut builder, &mut layout, params, &mut rng);
        if params.style == DungeonStyle::Caves {
            builder.carve_caves(&mut layout, &mut seeded(derive_seed(seed, 3)));
        }
        let dist = metrics::room_distances(&layout.grid, &layout.rooms);
        let (entrance, final_room) = ends(&dist, &layout.rooms, w, h);
        let goal = ContentsGoal::new(
            layout.rooms.len(),
            params.enemies_pct,
            params.treasure_pct,
            entrance,
            final_room,
        );
        let contents = ContentsSearch::new(goal, params.ga, derive_seed(seed, 2));
        Furnishing {
            layout,
            rng,
            dist,
            entrance,
            final_room,
            names: Vec::new(),
            goal,
            contents,
            secret_doors: params.secret_doors,
            traps: params.traps,
            keys: params.keys,
            params: params.clone(),
            seed,
            style: params.style,
            corridor_width: builder.corridor_width(),
        }
    }

    /// Give the rooms, in layout order, these letters and pins (a game
    /// master's edit keeps its letters); [`Furnishing::finish`] sets them
    /// before anything reads the letters.
    pub fn keep_names(&mut self, names: impl IntoIterator<Item = (char, bool)>) {
        self.names = names.into_iter().collect();
    }

    /// The layout with its loops and dead ends, rooms in letter order.
    pub fn layout(&self) -> &DungeonLayout {
        &self.layout
    }

    /// Index of the entrance room.
    pub fn entrance(&self) -> usize {
        self.entrance
    }

    /// Index of the final room.
    pub fn final_room(&self) -> usize {
        self.final_room
    }

    /// Finish: settle empty rooms, add secret doors and traps, measure,
    /// then stock the rooms from the contents table (kinds, pacing along
    /// the route, keys; see [`stock`](super::stock)).
    pub fn finish(mut self) -> Dungeon {
        let mut flags = *self.contents.best().0;
        settle_empty_rooms(&mut flags, &self.goal);
        let contents_fitness = self.goal.fitness(&flags);
        let mut layout = self.layout;
        if self.style == DungeonStyle::Caves {
            // Caves have no built doors: a secret door goes on a mouth.
            let k = self.corridor_width.max(1);
            let mut doors = corridor::mouths_as_doors(&layout.grid, &layout.rooms, k);
            stock::place_secret_doors(
                &mut doors,
                &layout.rooms,
                self.entrance,
                self.final_room,
                self.secret_doors,
                &mut self.rng,
            );
            for (c, &t) in doors.cells().iter().enumerate() {
                if t == DungeonTile::SecretDoor {
                    layout.grid.cells_mut()[c] = t;
                }
            }
        } else {
            stock::place_secret_doors(
                &mut layout.grid,
                &layout.rooms,
                self.entrance,
                self.final_room,
                self.secret_doors,
                &mut self.rng,
            );
        }
        corridor::add_traps(&mut layout, self.traps, &mut self.rng);
        let mut rooms = DungeonRoom::lettered(&layout.rooms, &flags);
        for (r, &(letter, pinned)) in rooms.iter_mut().zip(&self.names) {
            (r.letter, r.pinned) = (letter, pinned);
        }
        let pairs: Vec<(bool, bool)> = rooms.iter().map(|r| (r.enemies, r.treasure)).collect();
        let metrics = metrics::measure(
            &layout.grid,
            &layout.rooms,
            &pairs,
            &self.dist,
            layout.corridors.len(),
            layout.adjacent_pairs as usize,
            self.corridor_width,
        );
        let mut d = Dungeon {
            grid: layout.grid,
            rooms,
            entrance: self.entrance,
            final_room: self.final_room,
            fitness: layout.fitness,
            contents_fitness,
            metrics,
            seed: self.seed,
            pacing: Default::default(),
            locks: Vec::new(),
            style: self.style,
            corridor_width: self.corridor_width as u8,
            traps: Vec::new(),
            secret_doors: Vec::new(),
            adventure: Default::default(),
        };
        let (table, themed) = stock::stocking_source(&self.params, self.seed);
        stock::stock(&mut d, flags, &self.goal, &table, self.keys, themed);
        d
    }
}

/// Loops and dead ends as asked for, in the builder's style and width: a
/// labyrinth is braided (`loops` dead ends of the maze opened), then its
/// other dead-end branches are filled back to rock but for `dead_ends` of
/// them, so passages end at doors unless dead ends are asked for;
/// corridors are dug as wide as the others.
fn add_extras(
    builder: &mut CorridorBuilder,
    layout: &mut DungeonLayout,
    params: &DungeonParams,
    rng: &mut Rng,
) {
    if builder.style() == DungeonStyle::Labyrinth {
        builder.braid(layout, params.loops, rng);
        builder.prune_labyrinth(layout, params.dead_ends, rng);
    } else if builder.corridor_width() == 1 {
        builder.add_loops(layout, params.loops, rng);
        builder.add_dead_ends(layout, params.dead_ends, rng);
    } else {
        builder.add_wide_loops(layout, params.loops, rng);
        builder.add_wide_dead_ends(layout, params.dead_ends, rng);
    }
}

impl Search for Furnishing {
    type Solution = Contents;

    fn name(&self) -> &'static str {
        self.contents.name()
    }

    fn objective(&self) -> Objective {
        self.contents.objective()
    }

    fn step(&mut self) -> Progress {
        self.contents.step()
    }

    fn best(&self) -> (&Contents, f64) {
        self.contents.best()
    }

    fn progress(&self) -> Progress {
        self.contents.progress()
    }
}
