//! The `--json` reports of `evoboard domino …` as typed data: each report
//! is a plain struct with `#[derive(Serialize)]`, built here from what a
//! run found, so the command line (and anything else) writes the same
//! figures under the same keys.
//!
//! - [`DuelReport`]: `domino duel --json`, from a [`DuelResult`](super::DuelResult);
//! - [`TableReport`] and its [`TableCellReport`]s: `domino table --json`,
//!   from the [`HeadToHeadCell`](super::HeadToHeadCell)s;
//! - [`TuneReport`] (with [`TuneRunsReport`] under `--runs`): `domino tune
//!   --json`, from the GA's [`RunResult`](super::RunResult)s;
//! - [`RecordsReport`]: `domino records --json`;
//! - [`HostMatchReport`]: `domino host --json`, the host's
//!   [`HostReport`](super::net::HostReport) and where the match was
//!   recorded. `domino join --bot … --json` prints the bot's
//!   [`BotResult`](super::net::BotResult) itself.
//!
//! ```
//! use evoboard_core::domino::report::DuelReport;
//! use evoboard_core::domino::DuelResult;
//! use std::time::Duration;
//! let r = DuelResult { matches: 10, wins_a: 6, wins_b: 4, rounds: 80, elapsed: Duration::from_millis(20) };
//! let report = DuelReport::new(["basic", "hand"], 1, 2, &r, [None, None]);
//! let json = serde_json::to_value(&report).unwrap();
//! assert_eq!(json["win_rate_a"], 0.6);
//! assert_eq!(json["elapsed_ms"], 20);
//! ```

mod duel;
mod host;
mod table;
#[cfg(test)]
mod tests;
mod tune;

pub use duel::DuelReport;
pub use host::{HostMatchReport, RecordsReport};
pub use table::{TableCellReport, TableReport, TableSettings, strategy_ranking};
pub use tune::{HistoryPoint, LevelTestReport, TuneReport, TuneRunReport, TuneRunsReport};
