//! The four algorithms of the hex-board papers, each written once for both
//! games over [`BoardProblem`]: `brkga`, `pso`, `sahc` and `aco`.

mod aco;
mod brkga;
mod problem;
mod pso;
mod sahc;

pub use aco::{Aco, PARAMS as ACO_PARAMS};
pub use brkga::{Brkga, PARAMS as BRKGA_PARAMS};
pub use problem::{
    BoardProblem, ImplantScratch, Segment, gene_ranks, implant_and_repair, random_genes,
};
pub use pso::{GRID as PSO_GRID, PARAMS as PSO_PARAMS, Pso, published_set};
pub use sahc::{PARAMS as SAHC_PARAMS, Sahc};

#[cfg(test)]
pub(crate) use problem::testing;
