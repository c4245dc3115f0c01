//! Records of matches played by people: who sat where, the scores, and
//! how each human team fares against each AI kind.
//!
//! Engine-free: a [`MatchRecord`] is built from a finished
//! [`LocalMatch`] ([`MatchRecord::from_local_match`]) or
//! from the pieces a network host has ([`MatchRecord::new`]); a
//! [`RecordFile`] holds them all (versioned RON); [`summarize`] counts wins
//! and losses per pairing with a 95 % Wilson score interval. Reading and
//! writing the file ([`records_path`], [`load`], [`append`]) is in
//! `file.rs`, the only part that touches the disk.

mod date;
mod file;
mod summary;
#[cfg(test)]
mod tests;

pub use crate::stats::{wilson_interval, wilson_interval_z};
pub use date::{iso8601_utc, now_iso8601};
pub use file::{RECORDS_ENV, RecordError, SUPPORTED_VERSIONS, append, check, load, records_path};
pub use summary::{PairingStats, summarize};

use super::game::MatchResult;
use super::local_match::LocalMatch;
use serde::{Deserialize, Serialize};

/// The version of the record file this build writes.
pub const RECORD_VERSION: u32 = 1;

/// Who sat at a seat.
///
/// In RON: `Person(name: "Ana")`, `Ai(agent: "t1")`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum SeatRecord {
    /// A person, by the name they gave (or the seat's default name).
    Person {
        /// The person's name.
        name: String,
    },
    /// An AI, by its agent's command-line name (`t1`, `mc:256:t1`…).
    Ai {
        /// The agent's name.
        agent: String,
    },
}

impl SeatRecord {
    /// Whether a person sat here.
    pub fn is_person(&self) -> bool {
        matches!(self, SeatRecord::Person { .. })
    }

    /// The agent's name, or `"human"` for a person.
    pub fn kind(&self) -> &str {
        match self {
            SeatRecord::Person { .. } => "human",
            SeatRecord::Ai { agent } => agent,
        }
    }
}

/// How the match was played.
///
/// In RON: `Local`, `HotSeat`, `Network`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum MatchMode {
    /// One person on this machine with AI seats.
    Local,
    /// Several people sharing one machine (the hand hidden between turns).
    HotSeat,
    /// Seats over the network (recorded by the host or a client).
    Network,
}

/// One finished match.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct MatchRecord {
    /// When it was recorded: UTC, ISO 8601 (`2026-11-23T22:12:00Z`).
    pub date: String,
    /// Who sat at seats 0..4 (team A = seats 0 and 2, team B = 1 and 3).
    pub seats: [SeatRecord; 4],
    /// How it was played.
    pub mode: MatchMode,
    /// The match's seed.
    pub seed: u64,
    /// Final score (team A, team B).
    pub scores: [u32; 2],
    /// Rounds played.
    pub rounds: u32,
    /// The winning team: 0 = A (seats 0, 2), 1 = B (seats 1, 3).
    pub winner_team: u8,
}

impl MatchRecord {
    /// A record of a match that ended with `result`, dated now.
    pub fn new(
        seats: [SeatRecord; 4],
        result: MatchResult,
        seed: u64,
        mode: MatchMode,
    ) -> MatchRecord {
        MatchRecord {
            date: now_iso8601(),
            seats,
            mode,
            seed,
            scores: result.score,
            rounds: result.rounds,
            winner_team: result.winner as u8,
        }
    }

    /// A record of a finished local match, dated now: persons are named
    /// `names[s]` (pass the seat names, e.g. [`SEAT_NAMES`](super::SEAT_NAMES),
    /// when nobody gave one), AI seats by their agent's name. `None` while
    /// the match is not over.
    pub fn from_local_match(
        m: &LocalMatch,
        mode: MatchMode,
        names: [&str; 4],
    ) -> Option<MatchRecord> {
        let result = m.result()?;
        let seats = std::array::from_fn(|s| {
            if m.is_human(s as u8) {
                SeatRecord::Person {
                    name: names[s].to_string(),
                }
            } else {
                SeatRecord::Ai {
                    agent: m.agent_name(s as u8),
                }
            }
        });
        Some(MatchRecord::new(seats, result, m.seed(), mode))
    }

    /// Whether any seat was a person (only such matches are recorded by
    /// the app; the file accepts any).
    pub fn has_person(&self) -> bool {
        self.seats.iter().any(SeatRecord::is_person)
    }
}

/// The record file: a version and every match, oldest first.
///
/// In RON: `(version: 1, matches: [(date: "…", seats: (…), …), …])`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct RecordFile {
    /// The file format's version ([`RECORD_VERSION`]).
    pub version: u32,
    /// The matches, in the order they were appended.
    pub matches: Vec<MatchRecord>,
}

impl Default for RecordFile {
    fn default() -> RecordFile {
        RecordFile {
            version: RECORD_VERSION,
            matches: Vec::new(),
        }
    }
}

impl RecordFile {
    /// The file as RON text (what [`append`] writes).
    pub fn to_ron(&self) -> String {
        let cfg = ron::ser::PrettyConfig::default();
        // Plain data (strings, numbers, enums): serializing cannot fail.
        ron::ser::to_string_pretty(self, cfg).unwrap_or_default()
    }
}
