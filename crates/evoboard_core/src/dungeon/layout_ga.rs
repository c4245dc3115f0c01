//! Stage 1: the layout GA (where the rooms go, how corridors join them).
//!
//! - Initial population: random valid layouts (rooms that fit, all rooms
//!   connected).
//! - Fitness of a valid layout: [`BASE_FITNESS`] minus
//!   [`CORRIDOR_CELL_COST`] per corridor cell, [`CORRIDOR_COST`] per
//!   corridor, and [`ADJACENT_COST`] per pair of directly touching rooms
//!   beyond one pair per five rooms (never below 1). Invalid layouts: 0.
//! - Selection: roulette wheel. The best layout is carried over unchanged
//!   (elitism of one); the other places are children.
//! - Crossover: the child takes one parent's rooms (corridors stripped) and
//!   gets one random room of the other parent at the same coordinates if
//!   it fits (up to 3 tries, else the crossover is cancelled); at the
//!   maximum room count the new room replaces a random one.
//! - Mutation (40 % per child): remove a room, add a room, remove one and
//!   add one, or only rebuild the corridors.
//! - Every child's corridors are rebuilt (randomised, see
//!   [`super::corridor`]).
//! - The parents of a generation's children and one seed per child are
//!   drawn in turn from the search's generator; each child is then bred
//!   from its own seed (with a corridor builder cached per thread, so a
//!   candidate allocates nothing), in parallel when several proposals
//!   run at once ([`LayoutRules::parallel`]). Same seed, same layouts,
//!   whatever the number of threads.

use super::corridor::{Corridor, CorridorBuilder, CorridorKind};
use super::error::DungeonError;
use super::grid::Grid;
use super::params::DungeonGaSettings;
use super::room::{Room, RoomShape};
use super::selection::{fittest, roulette};
use super::style::DungeonStyle;
use super::validity::rooms_are_valid;
use crate::rng::{Rng, RngExt, seeded};
use crate::search::{Objective, Progress, Search};
use rayon::prelude::*;
use std::cell::RefCell;

/// Fitness of a valid layout before the costs are taken off.
pub const BASE_FITNESS: f64 = 1000.0;
/// Cost of each corridor cell (long walks are dull).
pub const CORRIDOR_CELL_COST: f64 = 1.0;
/// Cost of each corridor of the connecting network.
pub const CORRIDOR_COST: f64 = 10.0;
/// Cost of each pair of touching rooms beyond one pair per five rooms.
pub const ADJACENT_COST: f64 = 50.0;

/// Tries to place a random room when a mutation adds one.
const PLACE_TRIES: usize = 30;
/// Attempts at a random valid layout before giving up.
const LAYOUT_ATTEMPTS: usize = 300;

/// What a layout must satisfy: grid size, room count and room sizes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct LayoutRules {
    /// Grid columns.
    pub width: usize,
    /// Grid rows.
    pub height: usize,
    /// Fewest rooms.
    pub min_rooms: usize,
    /// Most rooms.
    pub max_rooms: usize,
    /// Room sizes.
    pub shape: RoomShape,
    /// How the rock between rooms is carved.
    pub style: DungeonStyle,
    /// Corridor width in cells (1 to 3).
    pub corridor_width: usize,
    /// Whether the layout GA breeds each generation's children in
    /// parallel: when several proposals run at once, so that every core
    /// stays busy to the end of the run. A lone proposal breeds them in
    /// turn on its own thread. The layouts are the same either way (each
    /// child has its own seed).
    pub parallel: bool,
}

/// A dungeon layout: rooms, the grid with walls, doors and corridors.
#[derive(Debug)]
pub struct DungeonLayout {
    /// The rooms (no letters yet; order is arbitrary).
    pub rooms: Vec<Room>,
    /// The painted grid.
    pub grid: Grid,
    /// The dug corridors.
    pub corridors: Vec<Corridor>,
    /// Cells of all corridors, corridor after corridor (grid indices; a
    /// cell may have been turned back to rock to keep corridors narrow).
    pub corridor_cells: Vec<u32>,
    /// Pairs of rooms that touch (share a wall with a door).
    pub adjacent_pairs: u32,
    /// Whether the rooms fit and are all connected.
    pub valid: bool,
    /// Layout fitness (0 when invalid).
    pub fitness: f64,
}

impl Clone for DungeonLayout {
    fn clone(&self) -> Self {
        DungeonLayout {
            rooms: self.rooms.clone(),
            grid: self.grid.clone(),
            corridors: self.corridors.clone(),
            corridor_cells: self.corridor_cells.clone(),
            adjacent_pairs: self.adjacent_pairs,
            valid: self.valid,
            fitness: self.fitness,
        }
    }

    /// Reuses every allocation.
    fn clone_from(&mut self, s: &Self) {
        self.rooms.clone_from(&s.rooms);
        self.grid.clone_from(&s.grid);
        self.corridors.clone_from(&s.corridors);
        self.corridor_cells.clone_from(&s.corridor_cells);
        self.adjacent_pairs = s.adjacent_pairs;
        self.valid = s.valid;
        self.fitness = s.fitness;
    }
}

impl DungeonLayout {
    /// An empty layout on a `width × height` grid.
    pub fn empty(width: usize, height: usize) -> DungeonLayout {
        DungeonLayout {
            rooms: Vec::with_capacity(32),
            grid: Grid::new(width, height),
            corridors: Vec::with_capacity(32),
            corridor_cells: Vec::with_capacity(width * height / 4),
            adjacent_pairs: 0,
            valid: false,
            fitness: 0.0,
        }
    }

    /// Number of cells in connecting corridors.
    pub fn connection_cells(&self) -> usize {
        self.corridors
            .iter()
            .filter(|c| c.kind == CorridorKind::Connection)
            .map(|c| c.len as usize)
            .sum()
    }

    /// Score this layout (sets and returns [`DungeonLayout::fitness`]).
    pub fn evaluate(&mut self, rules: &LayoutRules) -> f64 {
        self.fitness = if self.valid && rooms_are_valid(&self.rooms, rules) {
            let connections = self
                .corridors
                .iter()
                .filter(|c| c.kind == CorridorKind::Connection)
                .count();
            let allowed = (self.rooms.len() / 5) as u32;
            let glued = self.adjacent_pairs.saturating_sub(allowed);
            (BASE_FITNESS
                - CORRIDOR_CELL_COST * self.connection_cells() as f64
                - CORRIDOR_COST * connections as f64
                - ADJACENT_COST * glued as f64)
                .max(1.0)
        } else {
            0.0
        };
        self.fitness
    }
}

/// The layout GA as an ask-and-tell [`Search`]: every [`Search::step`] is
/// one generation.
pub struct LayoutSearch {
    rules: LayoutRules,
    ga: DungeonGaSettings,
    rng: Rng,
    pop: Vec<DungeonLayout>,
    next: Vec<DungeonLayout>,
    best: DungeonLayout,
    progress: Progress,
    /// How many rooms at the front of every layout are fixed (pinned by a
    /// game master): never removed, moved or replaced.
    fixed: usize,
    /// This generation's children: (recipient, donor, seed), one per
    /// place after the elite (reused between generations).
    plan: Vec<(usize, usize, u64)>,
}

impl LayoutSearch {
    /// A search seeded with `seed`, its initial population already built
    /// (fails when no valid layout can be found for these rules).
    pub fn new(rules: LayoutRules, ga: DungeonGaSettings, seed: u64) -> Result<Self, DungeonError> {
        LayoutSearch::with_fixed(rules, ga, seed, &[])
    }

    /// A search whose layouts all hold the `fixed` rooms exactly where
    /// they are (the first rooms of every layout, in this order): the
    /// initial layouts are built around them and crossover and mutation
    /// never remove, move or replace them. With no fixed rooms this is
    /// [`LayoutSearch::new`] (same seed, same search).
    pub fn with_fixed(
        rules: LayoutRules,
        ga: DungeonGaSettings,
        seed: u64,
        fixed: &[Room],
    ) -> Result<Self, DungeonError> {
        let mut rng = seeded(seed);
        let size = ga.population.max(2);
        // Each layout from its own seed, built in parallel.
        let seeds: Vec<u64> = (0..size).map(|_| rng.random::<u64>()).collect();
        let one = |s: u64| {
            let mut l = DungeonLayout::empty(rules.width, rules.height);
            with_builder(&rules, |b| {
                random_valid_layout(&mut l, &rules, b, &mut seeded(s), fixed)
            })?;
            Ok(l)
        };
        let pop = if rules.parallel {
            seeds.into_par_iter().map(one).collect()
        } else {
            seeds
                .into_iter()
                .map(one)
                .collect::<Result<Vec<_>, DungeonError>>()
        }?;
        let next = pop.clone();
        let (bi, mean) = stats(&pop);
        let best = pop[bi].clone();
        let progress = Progress {
            generation: 0,
            evaluations: size as u64,
            best: best.fitness,
            mean,
            improved: true,
        };
        Ok(LayoutSearch {
            rules,
            ga,
            rng,
            pop,
            next,
            best,
            progress,
            fixed: fixed.len(),
            plan: Vec::with_capacity(size),
        })
    }

    /// The current population.
    pub fn population(&self) -> &[DungeonLayout] {
        &self.pop
    }

    fn roulette(&mut self, total: f64) -> usize {
        roulette(&mut self.rng, self.pop.iter().map(|l| l.fitness), total)
    }
}

/// Make `child` a child: `recipient`'s rooms plus a room of `donor`,
/// maybe mutated, corridors rebuilt, scored; all its randomness from
/// `seed` (so children can be bred in parallel, in any order).
#[allow(clippy::too_many_arguments)]
fn breed(
    child: &mut DungeonLayout,
    recipient: &DungeonLayout,
    donor: &DungeonLayout,
    rules: &LayoutRules,
    ga: &DungeonGaSettings,
    k: usize,
    seed: u64,
) {
    let rng = &mut seeded(seed);
    child.rooms.clone_from(&recipient.rooms);
    let donor_rooms = &donor.rooms;
    for _ in 0..3 {
        if k >= donor_rooms.len() {
            break;
        }
        let room = donor_rooms[rng.random_range(k..donor_rooms.len())];
        if room.fits(&child.rooms, rules.width, rules.height) {
            if child.rooms.len() >= rules.max_rooms {
                if k >= child.rooms.len() {
                    break;
                }
                // Past the fixed rooms; `swap_remove` keeps them first.
                let i = rng.random_range(k..child.rooms.len());
                child.rooms.swap_remove(i);
            }
            child.rooms.push(room);
            break;
        }
    }
    if rng.random_bool(ga.mutation_rate) {
        mutate(&mut child.rooms, rules, rng, k);
    }
    with_builder(rules, |b| b.build(child, rng));
    child.evaluate(rules);
}

thread_local! {
    /// Corridor builders of this thread, reused between candidates (a
    /// builder's scratch memory is as large as the grid).
    static BUILDERS: RefCell<Vec<CorridorBuilder>> = const { RefCell::new(Vec::new()) };
}

/// Run `f` with a corridor builder for `rules` from this thread's cache
/// (a new one the first time): building a candidate allocates nothing.
fn with_builder<R>(rules: &LayoutRules, f: impl FnOnce(&mut CorridorBuilder) -> R) -> R {
    let cached = BUILDERS.with(|c| {
        let mut v = c.borrow_mut();
        let i = v.iter().position(|b| b.suits(rules))?;
        Some(v.swap_remove(i))
    });
    let mut b = cached.unwrap_or_else(|| CorridorBuilder::for_rules(rules));
    let out = f(&mut b);
    BUILDERS.with(|c| {
        let mut v = c.borrow_mut();
        if v.len() >= 4 {
            v.remove(0);
        }
        v.push(b);
    });
    out
}

/// Mutate a room list: remove a room, add one, swap one for a new one, or
/// leave the rooms (the corridors are rebuilt in every case). The first
/// `fixed` rooms stay (`swap_remove` past them keeps them first).
fn mutate(rooms: &mut Vec<Room>, rules: &LayoutRules, rng: &mut Rng, fixed: usize) {
    match rng.random_range(0..4) {
        0 if rooms.len() > rules.min_rooms && rooms.len() > fixed => {
            let i = rng.random_range(fixed..rooms.len());
            rooms.swap_remove(i);
        }
        1 => {
            if rooms.len() < rules.max_rooms
                && let Some(r) =
                    rules
                        .shape
                        .place(rng, rooms, rules.width, rules.height, PLACE_TRIES)
            {
                rooms.push(r);
            }
        }
        2 if rooms.len() > fixed => {
            let i = rng.random_range(fixed..rooms.len());
            let old = rooms.swap_remove(i);
            match rules
                .shape
                .place(rng, rooms, rules.width, rules.height, PLACE_TRIES)
            {
                Some(r) => rooms.push(r),
                None => rooms.push(old),
            }
        }
        _ => {}
    }
}

/// Fill `l` with a random valid layout that starts with the `fixed` rooms.
fn random_valid_layout(
    l: &mut DungeonLayout,
    rules: &LayoutRules,
    builder: &mut CorridorBuilder,
    rng: &mut Rng,
    fixed: &[Room],
) -> Result<(), DungeonError> {
    let lowest = rules.min_rooms.max(fixed.len()).min(rules.max_rooms);
    for _ in 0..LAYOUT_ATTEMPTS {
        let target = rng.random_range(lowest..=rules.max_rooms);
        l.rooms.clear();
        l.rooms.extend_from_slice(fixed);
        for _ in fixed.len()..target {
            match rules
                .shape
                .place(rng, &l.rooms, rules.width, rules.height, PLACE_TRIES)
            {
                Some(r) => l.rooms.push(r),
                None => break,
            }
        }
        if l.rooms.len() < rules.min_rooms {
            continue;
        }
        builder.build(l, rng);
        if l.evaluate(rules) > 0.0 {
            return Ok(());
        }
    }
    Err(DungeonError::NoValidLayout {
        min_rooms: rules.min_rooms,
        width: rules.width,
        height: rules.height,
    })
}

/// Index of the fittest layout (first on ties) and the mean fitness.
fn stats(pop: &[DungeonLayout]) -> (usize, f64) {
    fittest(pop.iter().map(|l| l.fitness))
}

impl Search for LayoutSearch {
    type Solution = DungeonLayout;

    fn name(&self) -> &'static str {
        "layout-ga"
    }

    fn objective(&self) -> Objective {
        Objective::Maximize
    }

    fn step(&mut self) -> Progress {
        let n = self.pop.len();
        let (bi, _) = stats(&self.pop);
        let total: f64 = self.pop.iter().map(|l| l.fitness).sum();
        self.next[0].clone_from(&self.pop[bi]);
        // Parents and seeds in order from the search's generator, then
        // the children in parallel (each from its own seed).
        let mut plan = std::mem::take(&mut self.plan);
        plan.clear();
        while plan.len() + 1 < n {
            let a = self.roulette(total);
            let b = self.roulette(total);
            plan.push((b, a, self.rng.random::<u64>()));
            if plan.len() + 1 < n {
                plan.push((a, b, self.rng.random::<u64>()));
            }
        }
        let (pop, rules, ga, k) = (&self.pop, &self.rules, &self.ga, self.fixed);
        let child = |(child, &(r, d, seed)): (&mut DungeonLayout, &(usize, usize, u64))| {
            breed(child, &pop[r], &pop[d], rules, ga, k, seed)
        };
        if rules.parallel {
            self.next[1..].par_iter_mut().zip(&plan).for_each(child);
        } else {
            self.next[1..].iter_mut().zip(&plan).for_each(child);
        }
        self.plan = plan;
        std::mem::swap(&mut self.pop, &mut self.next);
        let (bi, mean) = stats(&self.pop);
        let improved = self.pop[bi].fitness > self.best.fitness;
        if improved {
            self.best.clone_from(&self.pop[bi]);
        }
        self.progress = Progress {
            generation: self.progress.generation + 1,
            evaluations: self.progress.evaluations + (n as u64 - 1),
            best: self.best.fitness,
            mean,
            improved,
        };
        self.progress
    }

    fn best(&self) -> (&DungeonLayout, f64) {
        (&self.best, self.best.fitness)
    }

    fn progress(&self) -> Progress {
        self.progress
    }
}
