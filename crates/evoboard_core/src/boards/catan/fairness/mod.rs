//! Fairness by play, end to end: what `evaluate catan --play N`,
//! `generate catan --play N` and `generate catan --fair-by-play K` run
//! and report, with no I/O, so the command line, the app and the plugin
//! share it.
//!
//! - [`PlayTest`]: one lineup's play-test or each family's
//!   ([`crate::boards::catan::play`]), and its `play` JSON
//!   ([`PlayTestSummary`]: [`PlaySummary`] or [`RobustSummary`]);
//! - [`FairByPlayRequest::run`]: K perfect boards of a gallery raced by
//!   play ([`crate::boards::catan::fair_by_play::race`]) beside the
//!   rulebook's beginner board and uniformly random boards
//!   ([`random_islands`], [`beginner_island`]) → [`FairByPlay`], whose
//!   `--json` is [`FairByPlayReport`] and whose chart data is
//!   [`FairnessChart`];
//! - the figures of a group of boards: [`GroupSummary`],
//!   [`FamilySpread`], [`pip_spread`].
//!
//! ```
//! use evoboard_core::boards::catan::fairness::{PlayTest, PlayTestSummary};
//! use evoboard_core::boards::catan::play::{Bot, PlayConfig};
//! use evoboard_core::boards::catan::{CatanBoard, standard_codes};
//! let board = CatanBoard::decode(&standard_codes());
//! let cfg = PlayConfig::uniform(12, Bot::Value, 1, 1);
//! let summary = PlayTest::run(&board, &cfg, None, &|_| true).unwrap().summary();
//! let json = serde_json::to_value(&summary).unwrap();
//! assert_eq!(json["games"], 12);
//! assert!(json["opening_pip_spread"].is_number());
//! assert!(matches!(summary, PlayTestSummary::Lineup(_)));
//! ```

mod chart;
mod compare;
mod play_test;
mod report;
mod search;
mod summary;
#[cfg(test)]
mod tests;

pub use chart::{ChartGroup, ChartPoint, FairnessChart};
pub use compare::{
    BEGINNER_HARBOURS, FamilySpread, GroupSummary, MAX_COMPARE, beginner_island, family_spreads,
    random_board, random_islands,
};
pub use play_test::PlayTest;
pub use report::{CandidateReport, CompareSummary, FairByPlayReport, SearchBotSummary};
pub use search::{
    DEFAULT_GAMES, FairByPlay, FairByPlayRequest, FairnessError, MAX_CANDIDATES, verdict,
};
pub use summary::{FamilySummary, PlaySummary, PlayTestSummary, RobustSummary, pip_spread};
