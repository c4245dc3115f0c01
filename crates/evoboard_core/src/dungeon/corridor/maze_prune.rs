//! No stubs in a labyrinth unless asked: its passages run from door to
//! door, so nothing needs filling back; `--dead-ends N` grows N short
//! twisting branches off the passages (see `maze.rs`).

use super::CorridorBuilder;
use crate::dungeon::layout_ga::DungeonLayout;
use crate::rng::Rng;

impl CorridorBuilder {
    /// A labyrinth's dead ends: `keep` branches off its passages (as
    /// many as fit). Returns how many dead ends there are.
    pub fn prune_labyrinth(
        &mut self,
        layout: &mut DungeonLayout,
        keep: usize,
        rng: &mut Rng,
    ) -> usize {
        self.labyrinth_dead_ends(layout, keep, rng)
    }
}
