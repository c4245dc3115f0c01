//! `domino host --json` and `domino records --json`: a hosted match and
//! the record file of matches with people.

use crate::domino::net::HostReport;
use crate::domino::records::{PairingStats, RecordFile, summarize};
use serde::Serialize;
use std::path::Path;

/// What `domino host --json` prints: the host's [`HostReport`] (its keys
/// at the top level) and where the match was recorded.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct HostMatchReport {
    /// How the match went.
    #[serde(flatten)]
    pub host: HostReport,
    /// The record file the match was appended to (`None`: not recorded,
    /// as without a person, with `--no-records` or on an error).
    pub recorded: Option<String>,
    /// Why the match could not be recorded, if it could not.
    pub record_error: Option<String>,
}

impl HostMatchReport {
    /// The report of `host`, recorded in `recorded` or not for
    /// `record_error`.
    pub fn new(host: HostReport, recorded: Option<&Path>, record_error: Option<String>) -> Self {
        HostMatchReport {
            host,
            recorded: recorded.map(|p| p.display().to_string()),
            record_error,
        }
    }
}

/// What `domino records --json` prints: the file, its number of matches
/// and the wins and losses per pairing ([`summarize`]).
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct RecordsReport {
    /// The record file read.
    pub file: String,
    /// Matches in it (with or without people).
    pub matches: usize,
    /// Wins and losses of each human team against each opponent kind
    /// (agent names cleaned).
    pub pairings: Vec<PairingStats>,
}

impl RecordsReport {
    /// The report of `file`, read from `path`.
    pub fn new(path: &Path, file: &RecordFile) -> Self {
        RecordsReport {
            file: path.display().to_string(),
            matches: file.matches.len(),
            pairings: summarize(file),
        }
    }
}
