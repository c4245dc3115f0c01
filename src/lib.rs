//! evoboard: evolutionary search for tabletop games.
//!
//! Three layers, each importing only the ones below it:
//! - the engine-free core (always built; `--no-default-features`):
//!   [`search`] (the ask-and-tell interface every algorithm implements),
//!   [`boards`] (Terra Mystica and Catan hex boards, rules and searches),
//!   [`dungeon`] (dungeon maps for tabletop RPGs, two GAs), [`domino`]
//!   (four-ends domino: rules, AI agents, simulator, GA tuner), [`export`]
//!   (hex boards as PNG, SVG, text and share codes), [`puzzle`]
//!   (X/O logic puzzles: solver, generator, grader), [`level`] (the
//!   versioned RON level format and its builders), [`map`] (the map of any game, which levels save and the export
//!   draws), [`files`] (atomic saving that never overwrites silently) and [`rng`] (seeded random
//!   streams);
//! - [`plugin`] (feature `plugin`): what another Bevy game embeds — level
//!   assets and tilemaps, no window, egui or clap;
//! - the two front ends live in the `evoboard` binary, not in this library:
//!   the headless command line (`evoboard generate …`, feature `cli`) and
//!   the desktop app (feature `app`, the default) on top of the plugin.
//!   They are not API; a program that wants what they do calls the core
//!   and the plugin as they do.

pub mod boards;
pub mod choice;
pub mod domino;
pub mod dungeon;
pub mod export;
pub mod files;
pub mod level;
pub mod map;
pub mod puzzle;
pub mod rng;
pub mod search;
pub mod stats;
pub mod text_safe;

#[cfg(feature = "plugin")]
pub mod plugin;
