//! Settlers of Catan: the base island (19 hexes) and the 5–6 player
//! island (30 hexes) as [`CatanLayout`]s, their tiles and harbours, R1..R3
//! and the optional rules, our search (`best`) and the game as a
//! [`crate::boards::published::BoardProblem`], with pins.
//!
//! Game logic reads an island by `hexx` coordinates:
//! [`CatanBoard::hex_at`], [`CatanBoard::terrain_at`],
//! [`CatanBoard::number_at`], [`CatanBoard::neighbours`],
//! [`CatanBoard::hexes`], and [`CatanBoard::hex`] / [`CatanBoard::row_col`]
//! between `rows` indices and hexes.
//!
//! Fairness by play: the game engine and its bots ([`play`]), the racing
//! search ([`fair_by_play`]) and the play-tests and reports the commands
//! run ([`fairness`]).

mod access;
mod board;
pub mod fair_by_play;
pub mod fairness;
mod harbours;
mod layout;
mod pins;
pub mod play;
mod players;
mod problem;
mod rules;
mod scorer;
mod search;
#[cfg(test)]
mod setup_tests;
mod table;
#[cfg(test)]
mod table_tests;
pub mod text;

pub use board::{
    CatanBoard, CatanCode, CatanHex, CatanTerrain, ROWS, TERRAIN_COUNTS, TERRAINS, TOKENS, corners,
    grid, standard_codes,
};
pub use harbours::{
    HARBOUR_RULE_PIPS, Harbour, HarbourKind, HarbourSlot, assign_harbours, harbour_breaks,
};
pub use layout::{
    BASE_HARBOURS, CatanLayout, FIVE_SIX_HARBOURS, FIVE_SIX_ROWS, FIVE_SIX_TERRAIN_COUNTS,
    FIVE_SIX_TOKENS,
};
pub use pins::{CatanPinConflict, pin_conflicts};
pub use players::{CatanPlayers, PlayersError, parse_players};
pub use problem::CatanProblem;
pub use rules::{
    CatanOptions, CatanViolations, DesertPlacement, broken_hexes, evaluate, evaluate_on, pips,
};
pub use search::{BalancedCatan, make_search};
pub use table::{TABLE_CORNER_PIPS, TILE_PIPS_SPREAD};
