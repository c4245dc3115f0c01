//! Four-ends domino ("dominó de 4 pontas"), the Amazonian partnership game:
//! rules, scoring, the published evaluation-function AIs, the GA that tunes
//! them, a fast parallel simulator and a Monte Carlo search player.
//!
//! Engine-free (no Bevy). The rules are in `shared/spec/domino.md`; the
//! choices made where it is silent are in `src/domino/README.md`.
//!
//! - [`tiles`]: [`Tile`], [`Hand`] (28-bit masks);
//! - [`table`]: the [`Table`] with its spinner and four [`Arm`]s;
//! - [`round`]: turns, passes and scoring (P1 table count, P2 passes, P3
//!   galo, P4 garagem, P5 double out, blocked rounds), and the [`View`] a
//!   player gets;
//! - [`game`]: deals and matches to 200;
//! - [`local_match`]: a match played a turn at a time, with people at
//!   some seats (the app), and its log;
//! - [`layout`]: where each tile lies when the table is drawn;
//! - [`seat_ai`]: the AI choices of the app's settings;
//! - [`state`]: the seven state vectors V0..V6;
//! - [`agents`]: the [`Agent`] trait, basic / hand / strategies 1-4 and the
//!   agent-name parser;
//! - [`search_agent`]: determinized Monte Carlo;
//! - [`simulator`]: parallel duels; [`tuner`]: the GA; [`stats`].

pub mod agents;
pub mod game;
pub mod layout;
pub mod local_match;
pub mod round;
pub mod search_agent;
pub mod seat_ai;
pub mod simulator;
pub mod state;
pub mod stats;
pub mod table;
pub mod tiles;
pub mod tuner;

#[cfg(test)]
mod tests;

pub use agents::{Agent, Coefficients, EvalAgent, parse_agent};
pub use game::{MatchResult, play_match};
pub use round::{Event, Round, Rule, View};
pub use table::{Arm, Move, Table};
pub use tiles::{Hand, Tile};
