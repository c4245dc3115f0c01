//! Records of matches with people: a finished match with a person seat is
//! appended to the record file ([`crate::domino::records`]) by a
//! background job, then the file is read back and summarized there too,
//! so a frame never waits for the disk. Errors are kept in
//! [`DominoRecords::message`] and shown in the Records window and the
//! match result; nothing fails silently.

use super::DominoGame;
use crate::app::shell::StatusLine;
use crate::app::shell::jobs::{JobSlot, ScreenJob, panicked};
use crate::domino::records::{self, MatchMode, MatchRecord, PairingStats};
use crate::plugin::JobPanicked;
use bevy::prelude::*;
use std::path::PathBuf;

/// What a records job gives: what it found in the file, or why not.
pub type RecordsOutcome = Result<Loaded, String>;

/// What a background job found in the record file.
#[derive(Clone, Debug)]
pub struct Loaded {
    /// Whether the job appended a record.
    appended: bool,
    /// Matches in the file.
    matches: usize,
    /// Wins and losses per pairing.
    stats: Vec<PairingStats>,
}

/// The record file and what the Records window shows.
#[derive(Resource, Debug)]
pub struct DominoRecords {
    /// The file (`--records FILE`, else [`records::records_path`]).
    pub path: PathBuf,
    /// Wins and losses per pairing, as [`records::summarize`] gives them
    /// for the file (`None` until it was read).
    pub stats: Option<Vec<PairingStats>>,
    /// Matches in the file at the last read.
    pub matches: usize,
    /// Records this app appended.
    pub appended: usize,
    /// The last outcome; errors say what went wrong.
    pub message: StatusLine,
    /// Whether the Records window is open.
    pub open: bool,
    /// Read the file again (when the window opens).
    pub refresh: bool,
    queue: Vec<MatchRecord>,
    job: JobSlot<RecordsOutcome>,
}

impl Default for DominoRecords {
    fn default() -> Self {
        DominoRecords::at(records::records_path())
    }
}

impl DominoRecords {
    /// Records kept in `path`.
    pub fn at(path: PathBuf) -> DominoRecords {
        DominoRecords {
            path,
            stats: None,
            matches: 0,
            appended: 0,
            message: StatusLine::default(),
            open: false,
            refresh: false,
            queue: Vec::new(),
            job: JobSlot::default(),
        }
    }

    /// Whether a record is being written or the file read.
    pub fn busy(&self) -> bool {
        self.job.busy() || !self.queue.is_empty()
    }

    /// Queue a record to append (written on a background thread).
    pub fn push(&mut self, record: MatchRecord) {
        self.queue.push(record);
    }

    /// Open the window and read the file again.
    pub fn show(&mut self) {
        self.open = true;
        self.refresh = true;
    }

    fn start(&mut self, record: Option<MatchRecord>) {
        let path = self.path.clone();
        self.job.start("domino records", move || {
            let appended = record.is_some();
            if let Some(r) = record {
                records::append(&path, r).map_err(|e| e.to_string())?;
            }
            let file = records::load(&path)
                .map_err(|e| evoboard_core::text_safe::clean(&e.to_string()))?;
            Ok(Loaded {
                appended,
                matches: file.matches.len(),
                stats: records::summarize(&file),
            })
        });
    }

    /// Start the next job when none runs: a queued record, else a read the
    /// window asked for (every frame).
    pub fn next(&mut self) {
        if !self.job.busy() {
            if !self.queue.is_empty() {
                let r = self.queue.remove(0);
                self.refresh = false;
                self.start(Some(r));
            } else if self.refresh {
                self.refresh = false;
                self.start(None);
            }
        }
    }
}

impl ScreenJob<RecordsOutcome> for DominoRecords {
    fn slot(&mut self) -> &mut JobSlot<RecordsOutcome> {
        &mut self.job
    }
    fn finished(&mut self, outcome: Result<RecordsOutcome, JobPanicked>) {
        match outcome {
            Ok(Ok(l)) => {
                if l.appended {
                    self.appended += 1;
                    self.message = StatusLine::ok(format!(
                        "match recorded in {} ({} in the file)",
                        self.path.display(),
                        l.matches
                    ));
                }
                self.matches = l.matches;
                self.stats = Some(l.stats);
            }
            Ok(Err(e)) => {
                self.message = StatusLine::error(format!("records: {e}"));
            }
            Err(why) => {
                self.message = StatusLine::error(panicked("records job", &why));
            }
        }
    }
}

/// A finished match with a person seat is recorded once (hot-seat when two
/// or more people shared the machine).
pub fn record_finished(game: Option<ResMut<DominoGame>>, mut recs: ResMut<DominoRecords>) {
    if let Some(mut g) = game
        && !g.recorded
        && g.has_human()
        && g.game.result().is_some()
    {
        g.recorded = true;
        let mode = if g.is_hotseat() {
            MatchMode::HotSeat
        } else {
            MatchMode::Local
        };
        let names: [String; 4] = std::array::from_fn(|s| g.seat_name(s as u8));
        let refs: [&str; 4] = std::array::from_fn(|s| names[s].as_str());
        if let Some(r) = MatchRecord::from_local_match(&g.game, mode, refs) {
            recs.queue.push(r);
        }
    }
    recs.next();
}
