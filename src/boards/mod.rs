//! Balanced hex boards: Terra Mystica and Settlers of Catan, their rules,
//! and the searches that balance them.

pub mod aco;
pub mod balanced;
pub mod brkga;
pub mod catan;
pub mod catan_problem;
pub mod catan_search;
pub mod hex;
pub mod params;
pub mod problem;
pub mod pso;
pub mod registry;
pub mod river;
pub mod sahc;
pub mod terra_mystica;
pub mod terrain;
pub mod tm_problem;
pub mod tm_rules;
pub mod tm_state;
