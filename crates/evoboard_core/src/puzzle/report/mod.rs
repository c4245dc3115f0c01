//! The `--json` reports of `evoboard puzzle …` as typed data: each report
//! is a plain struct with `#[derive(Serialize)]`, built here from what a
//! run found, so the command line (and anything else) writes the same
//! figures under the same keys.
//!
//! - [`GenerateReport`] (with its [`TrailReport`]): `puzzle generate
//!   --json`, one puzzle from its [`Generated`](super::Generated);
//! - [`SeedsReport`]: `puzzle generate --seeds A..B|--count N --json`, the
//!   summary of many seeds gathered in a [`SeedsTally`];
//! - [`SolveReport`] (with its [`TreeReport`]): `puzzle solve --json`;
//! - [`BookReport`] and its [`BookPuzzleReport`]s: `puzzle book --json`.
//!
//! ```
//! use evoboard_core::puzzle::report::{GenerateAsked, GenerateReport};
//! use evoboard_core::puzzle::{GenOptions, generate_with, Difficulty};
//! let g = generate_with(6, 6, Difficulty::Easy, 3, GenOptions::default()).unwrap();
//! let asked = GenerateAsked { seed: 3, ..GenerateAsked::default() };
//! let report = GenerateReport::new(&g, &asked, 1.5).unwrap();
//! let json = serde_json::to_value(&report).unwrap();
//! assert_eq!(json["width"], 6);
//! assert!(json["trail"].is_null());
//! ```

mod book;
mod generate;
mod seeds;
mod solve;
#[cfg(test)]
mod tests;

pub use book::{BookPuzzleReport, BookReport};
pub use generate::{GenerateAsked, GenerateReport, TrailReport};
pub use seeds::{
    LevelCounts, SeedsAsked, SeedsReport, SeedsTally, Spread, StepMedian, TimeSpread, TrailSummary,
};
pub use solve::{SolveReport, TreeReport};
