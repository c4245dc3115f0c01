//! Terra Mystica: the 113-hex base map and the 112-hex offset outline
//! ([`offset_grid`], tile mix [`tiles_for`]), the requirements REQ1..REQ4 under the
//! `strict`, `published` and `thesis` rule sets, the default `table` rule set
//! (strict plus the river shape and fairness bounds of [`table`]),
//! incremental scoring, river growing,
//! our search (`best`) and the game as a [`crate::boards::published::BoardProblem`].
//!
//! Game logic reads a board by `hexx` coordinates:
//! [`TerraMysticaBoard::terrain_at`], [`TerraMysticaBoard::neighbours`],
//! [`TerraMysticaBoard::hexes`], and [`TerraMysticaBoard::hex`] /
//! [`TerraMysticaBoard::row_col`] between `rows` indices and hexes.

mod access;
mod board;
#[cfg(test)]
pub(crate) mod offset_tests;
mod outline;
mod pins;
mod problem;
mod river;
mod rules;
mod search;
#[cfg(test)]
pub(crate) mod setup_tests;
mod state;
pub mod table;
mod table_river;
mod table_state;
#[cfg(test)]
mod table_tests;
mod terrain;

pub use board::{
    BASE_MAP, HEXES, PER_TERRAIN, RIVERS, ROWS, TerraMysticaBoard, standard_grid, standard_tiles,
};
pub use outline::{
    OFFSET_HEXES, OFFSET_ROWS, counts_for, grid_for_len, offset_grid, outline_grid, outline_name,
    outline_of, outline_of_rows, rivers_for, tiles_for,
};
pub use pins::{PinConflict, pin_conflicts};
pub use problem::TmProblem;
pub use river::{grow_river, grow_river_around};
pub use rules::{
    Rules, Violations, Weights, broken_hexes, evaluate, local_terms, req3, river_components, score,
};
pub use search::BalancedTm;
pub use state::TmState;
pub use table::{TABLE_BOUNDS, TableFigures, table_figures, table_hexes};
pub use terrain::{ALL, LAND, RIVER, Terrain, spades};
