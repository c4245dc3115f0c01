//! Balanced hex boards: Terra Mystica and Settlers of Catan, their rules,
//! and the searches that balance them.
//!
//! - [`terra_mystica`]: the board, its two rule sets, incremental scoring,
//!   river growing and our search (`best`);
//! - [`catan`]: the island, its rules and optional rules, and our search;
//! - [`published`]: the four algorithms of the papers (`brkga`, `pso`,
//!   `sahc`, `aco`), written once over [`published::BoardProblem`];
//! - [`bench`](mod@bench): benchmarks of those searches over many seeds (the plan,
//!   its parallel run, mean ± sd, checkpoints, parameter sweeps, the
//!   papers' end points, the report `bench --json` prints and the chart
//!   data of its plots);
//! - here: the hex grid, parameters, errors, and the registry that names
//!   games ([`BoardGame`]) and algorithms ([`Algorithm`]) and builds any
//!   search ([`make_search`]).

pub mod analysis;
pub mod bench;
pub mod catan;
pub mod code;
mod common;
mod counts;
mod error;
pub mod gallery;
mod hex;
mod params;
pub mod published;
mod registry;
pub mod report;
mod rule_names;
mod run;
mod setup;
pub mod terra_mystica;

pub use common::shuffle;
pub use counts::{CountDifference, count_differences, rebalance};
pub use error::BoardError;
pub use hex::{HexGrid, HexIndex, MAX_HEXES};
pub use params::{ParamSpec, ParamValue, Params};
pub use registry::{
    Algorithm, BoardGame, BoardSearch, Scoring, broken_hexes, grid, make_search, make_search_with,
    param_specs, score, variant_grid, variant_of, violations,
};
pub use rule_names::{rule_phrase, violation_lines};
pub use run::{BoardRun, BoardRunOutcome};
pub use setup::{BoardSetup, BoardVariant};
