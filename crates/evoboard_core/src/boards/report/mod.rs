//! The `--json` reports of the hex-board commands as typed data: each
//! report is a plain struct with `#[derive(Serialize)]`, built here from
//! what a run found, so the command line, the app and the plugin can
//! write or show the same figures.
//!
//! - [`BoardReport`]: one generated board (`generate terra-mystica|catan
//!   --json`);
//! - [`EvaluateReport`]: a board's score, analysis and share code
//!   (`evaluate --json`), from its [`BoardScore`];
//! - the pieces every report shares: [`BoardRows`] (the `board` key),
//!   [`HarbourEntry`] (`harbours`) and [`CatanIsland`] (Catan's
//!   `players`, `harbours`, `imbalance_index`).
//!
//! The gallery's report is [`crate::boards::gallery::GalleryReport`];
//! the play-tests' and the fair-by-play search's are in
//! [`crate::boards::catan::fairness`].
//!
//! ```
//! use evoboard_core::boards::report::BoardRows;
//! use evoboard_core::boards::catan::standard_codes;
//! use evoboard_core::boards::BoardGame;
//! let rows = BoardRows::of(BoardGame::Catan, &standard_codes());
//! let json = serde_json::to_value(&rows).unwrap();
//! assert_eq!(json[0].as_array().unwrap().len(), 3);
//! assert!(json[0][0]["terrain"].is_string());
//! ```

mod board;
mod evaluate;
mod generate;
#[cfg(test)]
mod tests;

pub use board::{BoardRows, CatanHexEntry, CatanIsland, HarbourEntry, violation_counts};
pub use evaluate::{BoardScore, EvaluateReport};
pub use generate::BoardReport;
