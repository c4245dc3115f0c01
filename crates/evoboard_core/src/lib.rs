//! evoboard's engine-free core: evolutionary search for tabletop games,
//! with no Bevy, usable by servers and tools.
//!
//! - [`search`]: the ask-and-tell interface every algorithm implements;
//! - [`boards`]: Terra Mystica and Catan hex boards, rules and searches;
//! - [`dungeon`]: dungeon maps for tabletop RPGs (a layout GA and a
//!   contents GA);
//! - [`domino`]: four-ends domino (rules, AI agents, simulator, GA tuner,
//!   the network table);
//! - [`puzzle`]: X/O logic puzzles (solver, generator, grader);
//! - [`level`]: the versioned RON level format and its builders; [`map`]:
//!   the map of any game, which levels save and the exports draw;
//! - [`export`]: PNG (feature `png`), SVG, PDF (feature `pdf`), text,
//!   share codes, Universal VTT and room keys;
//! - [`invalid`] (why a value from outside is refused, typed), [`files`] (atomic saving that never overwrites silently), [`rng`]
//!   (seeded random streams), [`stats`] (intervals the domains share),
//!   [`text_safe`] (text from outside, made safe to show) and [`choice`]
//!   (words a person may type for a setting).
//!
//! The Bevy plugin is the crate `bevy_evoboard`, on top of this one; the
//! command line and the desktop app are the `evoboard` binary. With the
//! feature `bevy_reflect` the core types derive `Reflect` (as `hexx`
//! does), so the plugin's components reflect whole.

pub mod boards;
pub mod choice;
pub mod domino;
pub mod dungeon;
pub mod export;
pub mod files;
pub mod invalid;
pub mod level;
pub mod map;
pub mod puzzle;
pub mod rng;
pub mod search;
pub mod stats;
pub mod text_safe;
