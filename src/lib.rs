//! evoboard: evolutionary search for tabletop games.
//!
//! The crate is split by domain. Everything outside [`app`] is engine-free
//! (no Bevy) and builds with `--no-default-features`:
//! - [`search`]: the ask-and-tell interface every algorithm implements;
//! - [`boards`]: Terra Mystica and Catan hex boards, rules and searches;
//! - [`domino`]: four-ends domino: rules, AI agents, simulator, GA tuner;
//! - [`dungeon`]: dungeon maps for tabletop RPGs (two GAs);
//! - [`level`]: the versioned RON level format;
//! - [`puzzle`]: X/O logic puzzles (solver, generator, grader);
//! - [`domino`]: four-ends domino rules, AIs, GA tuner and simulator;
//! - [`cli`]: the command-line front end (`evoboard generate …`).
//!
//! The `app` feature adds the Bevy layer: the desktop app and
//! [`app::EvoboardPlugin`] for other games.

pub mod boards;
#[cfg(feature = "cli")]
pub mod cli;
pub mod domino;
pub mod dungeon;
pub mod level;
pub mod puzzle;
pub mod rng;
pub mod search;

#[cfg(feature = "app")]
pub mod app;
