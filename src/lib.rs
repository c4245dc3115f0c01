//! evoboard: evolutionary search for tabletop games.
//!
//! The crate is split by domain. Everything outside [`app`] is engine-free
//! (no Bevy) and builds with `--no-default-features`:
//! - [`search`]: the ask-and-tell interface every algorithm implements;
//! - [`boards`]: Terra Mystica and Catan hex boards, rules and searches;
//! - [`level`]: the versioned RON level format;
//! - [`domino`]: four-ends domino rules, AIs, GA tuner and simulator;
//! - [`cli`]: the command-line front end (`evoboard generate …`).
//!
//! The `app` feature adds the Bevy layer: the desktop app and
//! [`app::EvoboardPlugin`] for other games.

pub mod cli;
pub mod domino;
pub mod rng;
pub mod search;
