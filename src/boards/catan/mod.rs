//! Settlers of Catan: the 19-hex island and its tiles, R1..R3 and the
//! optional rules, our search (`best`) and the game as a
//! [`crate::boards::published::BoardProblem`].
//!
//! Game logic reads an island by `hexx` coordinates:
//! [`CatanBoard::hex_at`], [`CatanBoard::terrain_at`],
//! [`CatanBoard::number_at`], [`CatanBoard::neighbours`],
//! [`CatanBoard::hexes`], and [`CatanBoard::hex`] / [`CatanBoard::row_col`]
//! between `rows` indices and hexes.

mod access;
mod board;
mod problem;
mod rules;
mod search;
// Forwarding stand-ins for the Catan setup (replaced at merge).
mod setup_stub;

pub use board::{
    CatanBoard, CatanCode, CatanHex, CatanTerrain, ROWS, TERRAIN_COUNTS, TERRAINS, TOKENS, corners,
    grid, standard_codes,
};
pub use problem::CatanProblem;
pub use rules::{CatanOptions, CatanViolations, DesertPlacement, broken_hexes, evaluate, pips};
pub use search::BalancedCatan;
