//! Settlers of Catan: the 19-hex island and its tiles, R1..R3 and the
//! optional rules, our search (`best`) and the game as a
//! [`crate::boards::published::BoardProblem`].

mod access;
mod board;
mod problem;
mod rules;
mod search;

pub use board::{
    CatanBoard, CatanCode, CatanHex, CatanTerrain, ROWS, TERRAIN_COUNTS, TERRAINS, TOKENS, corners,
    grid, standard_codes,
};
pub use problem::CatanProblem;
pub use rules::{CatanOptions, CatanViolations, DesertPlacement, broken_hexes, evaluate, pips};
pub use search::BalancedCatan;
