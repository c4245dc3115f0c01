//! The map of any of the games: one enum over the domains' maps (a Terra
//! Mystica board, a Catan island, a dungeon, an X/O puzzle). The level
//! format ([`crate::level`]) saves one and the export ([`crate::export`])
//! draws one; neither owns it, so the export does not import the level
//! format. [`crate::level::LevelMap`] is the same type.

use crate::boards::catan::CatanBoard;
use crate::boards::terra_mystica::TerraMysticaBoard;
use crate::dungeon::Dungeon;
use crate::puzzle::Puzzle;
use serde::{Deserialize, Serialize};

/// A map of one of the games.
// A level holds one map, loaded once: the dungeon variant being larger
// (its GM notes, issue 29) costs nothing worth boxing it for, and boxing
// would change every `LevelMap::Dungeon(d)` pattern in the app.
#[allow(clippy::large_enum_variant)]
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "bevy_reflect", derive(bevy_reflect::Reflect))]
pub enum LevelMap {
    /// A Terra Mystica board.
    TerraMystica(TerraMysticaBoard),
    /// A Catan island.
    Catan(CatanBoard),
    /// A dungeon map with its rooms and their contents.
    Dungeon(Dungeon),
    /// An X/O puzzle with its solution.
    Puzzle(Puzzle),
}

impl LevelMap {
    /// The game's name as on the command line.
    pub fn game(&self) -> &'static str {
        match self {
            LevelMap::TerraMystica(_) => "terra-mystica",
            LevelMap::Catan(_) => "catan",
            LevelMap::Dungeon(_) => "dungeon",
            LevelMap::Puzzle(_) => "puzzle",
        }
    }
}
