//! What `evoboard dungeon --json` prints: [`DungeonReport`] for one
//! dungeon (the keys of `docs/spec/cli.md` and the game master's
//! additions: stocking, pacing, locks, traps, secret doors, style and
//! adventure), inside [`DungeonRunReport`] when proposals were generated
//! and [`DungeonChangeReport`] when a saved dungeon was changed
//! (`--from`). Every JSON key is the field's name.
//!
//! ```
//! use evoboard_core::dungeon::report::DungeonReport;
//! use evoboard_core::dungeon::{DungeonParams, Size, generate};
//! let mut params = DungeonParams::for_size(Size::Small);
//! params.proposals = 1;
//! let d = generate(&params, 9).unwrap().remove(0);
//! let json = serde_json::to_value(DungeonReport::new(&d)).unwrap();
//! assert_eq!(json["rooms"][0]["id"], "A");
//! assert_eq!(json["grid"].as_array().unwrap().len(), 50);
//! ```

mod parts;

pub use parts::{
    AdventureReport, LockReport, PacingReport, PacingStepReport, ProposalReport, RoomReport,
    SecretDoorReport, TrapReport, WanderingReport,
};

use super::{Dungeon, DungeonParams, Metrics, best_proposal};
use serde::Serialize;
use std::path::Path;

/// One dungeon as JSON: size, fitness, rooms, the grid and everything the
/// game master needs.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct DungeonReport {
    /// Grid columns.
    pub width: usize,
    /// Grid rows.
    pub height: usize,
    /// Layout fitness (stage 1).
    pub fitness: f64,
    /// Contents fitness (stage 2).
    pub contents_fitness: f64,
    /// The rooms, lettered in reading order.
    pub rooms: Vec<RoomReport>,
    /// One string of `width` symbols per row (` ` rock, `w` wall, `.`
    /// floor, `c` corridor, `/` door …; see
    /// [`DungeonTile::symbol`](super::DungeonTile::symbol)).
    pub grid: Vec<String>,
    /// The entrance room's letter.
    pub entrance: char,
    /// The final room's letter.
    pub final_room: char,
    /// Quality figures.
    pub metrics: Metrics,
    /// The dungeon's seed ([`DungeonRunReport`] puts the run's `--seed`
    /// here, from which every proposal's seed is derived).
    pub seed: u64,
    /// How danger and reward follow the route.
    pub pacing: PacingReport,
    /// Locked doors and where their keys lie.
    pub locks: Vec<LockReport>,
    /// Secret doors on the map (the same as `metrics.secret_doors`).
    pub secret_doors_placed: usize,
    /// Every trap: where, what it does, how to find and disarm it.
    pub traps: Vec<TrapReport>,
    /// Every secret door and how to find it.
    pub secret_doors: Vec<SecretDoorReport>,
    /// How the rock was carved (`rooms`, `caves`, `labyrinth`).
    pub style: &'static str,
    /// Corridor width in cells.
    pub corridor_width: u8,
    /// Theme, title, hook, party and wandering monsters.
    pub adventure: AdventureReport,
}

impl DungeonReport {
    /// The report of `d`.
    pub fn new(d: &Dungeon) -> DungeonReport {
        DungeonReport {
            width: d.width(),
            height: d.height(),
            fitness: d.fitness,
            contents_fitness: d.contents_fitness,
            rooms: d.rooms.iter().map(RoomReport::from).collect(),
            grid: d.grid.rows(),
            entrance: d.room_letter(d.entrance),
            final_room: d.room_letter(d.final_room),
            metrics: d.metrics.clone(),
            seed: d.seed,
            pacing: PacingReport::new(d),
            locks: d.locks.iter().map(|l| LockReport::new(d, l)).collect(),
            secret_doors_placed: d.metrics.secret_doors,
            traps: d.traps.iter().map(TrapReport::from).collect(),
            secret_doors: d.secret_doors.iter().map(SecretDoorReport::from).collect(),
            style: d.style.name(),
            corridor_width: d.corridor_width,
            adventure: AdventureReport::from(&d.adventure),
        }
    }
}

/// `evoboard dungeon --json` (generating): the chosen proposal in full,
/// which one it is, a line for every proposal and what was asked for.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct DungeonRunReport {
    /// The chosen proposal (its keys at the top level), with the run's
    /// seed as `seed`.
    #[serde(flatten)]
    pub dungeon: DungeonReport,
    /// The chosen proposal, counted from 1.
    pub proposal: usize,
    /// The fittest proposal ([`best_proposal`]), counted from 1.
    pub best_proposal: usize,
    /// Every proposal's fitness, ends and figures, in order.
    pub proposals: Vec<ProposalReport>,
    /// Locked doors asked for (`--keys`; the main path may hold fewer).
    pub keys_asked: usize,
    /// Secret doors asked for (`--secret-doors`; fewer when more would
    /// hide the only way to the final room).
    pub secret_doors_asked: usize,
    /// Wall time of the generation in milliseconds.
    pub elapsed_ms: f64,
}

impl DungeonRunReport {
    /// The report of a run with `seed` and `params` that made `proposals`
    /// (not empty), proposal `chosen` (from 0) chosen.
    ///
    /// # Panics
    /// When `chosen` is not an index of `proposals`.
    pub fn new(
        proposals: &[Dungeon],
        chosen: usize,
        seed: u64,
        params: &DungeonParams,
        elapsed_ms: f64,
    ) -> DungeonRunReport {
        let mut dungeon = DungeonReport::new(&proposals[chosen]);
        dungeon.seed = seed;
        DungeonRunReport {
            dungeon,
            proposal: chosen + 1,
            best_proposal: best_proposal(proposals) + 1,
            proposals: proposals.iter().map(ProposalReport::from).collect(),
            keys_asked: params.keys,
            secret_doors_asked: params.secret_doors,
            elapsed_ms,
        }
    }
}

/// `evoboard dungeon --from FILE --json`: the changed dungeon, the file
/// it came from and what was asked for.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct DungeonChangeReport {
    /// The changed dungeon (its keys at the top level).
    #[serde(flatten)]
    pub dungeon: DungeonReport,
    /// The saved level it was read from, as given.
    pub from: String,
    /// Locked doors asked for (`--keys`, else the level's own number).
    pub keys_asked: usize,
    /// Secret doors asked for (the level's settings).
    pub secret_doors_asked: usize,
    /// Wall time of the change in milliseconds.
    pub elapsed_ms: f64,
}

impl DungeonChangeReport {
    /// The report of `d`, read from `from` and changed with `params`.
    pub fn new(
        d: &Dungeon,
        from: &Path,
        params: &DungeonParams,
        elapsed_ms: f64,
    ) -> DungeonChangeReport {
        DungeonChangeReport {
            dungeon: DungeonReport::new(d),
            from: from.display().to_string(),
            keys_asked: params.keys,
            secret_doors_asked: params.secret_doors,
            elapsed_ms,
        }
    }
}

#[cfg(test)]
mod tests;
