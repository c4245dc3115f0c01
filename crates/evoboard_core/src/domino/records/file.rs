//! The record file on disk: where it lives, reading it, appending to it
//! atomically. The only part of the records that does I/O.

use super::{MatchRecord, RECORD_VERSION, RecordFile};
use crate::files::{SaveError, write_atomic};
use serde::Deserialize;
use std::fmt;
use std::path::{Path, PathBuf};

/// The environment variable that overrides the record file's path.
pub const RECORDS_ENV: &str = "EVOBOARD_RECORDS";

/// The record-file versions this build reads.
pub const SUPPORTED_VERSIONS: &[u32] = &[RECORD_VERSION];

/// Why the record file could not be read or written. A failed
/// [`append`] leaves the file as it was.
#[derive(Debug)]
#[non_exhaustive]
pub enum RecordError {
    /// The file exists but cannot be read.
    Unreadable {
        /// The file.
        path: PathBuf,
        /// What the system said.
        reason: String,
    },
    /// The file is not a record file: RON that does not parse as one.
    Malformed {
        /// The file.
        path: PathBuf,
        /// Line of the problem (1-based).
        line: usize,
        /// Column of the problem (1-based).
        column: usize,
        /// What the parser expected or found.
        reason: String,
    },
    /// A record file of a version this build does not read.
    UnknownVersion {
        /// The file.
        path: PathBuf,
        /// The version it declares.
        found: u32,
    },
    /// The new file could not be written (full disk, permissions…); the
    /// old file is intact.
    Write {
        /// The file.
        path: PathBuf,
        /// What went wrong.
        reason: String,
    },
}

impl fmt::Display for RecordError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            RecordError::Unreadable { path, reason } => {
                write!(
                    f,
                    "cannot read the record file {}: {reason}",
                    path.display()
                )
            }
            RecordError::Malformed {
                path,
                line,
                column,
                reason,
            } => write!(
                f,
                "{}:{line}:{column}: not a domino record file: {reason} (expected \
                 `(version: 1, matches: [...])` as written by evoboard; the file was \
                 left unchanged)",
                path.display()
            ),
            RecordError::UnknownVersion { path, found } => {
                let known: Vec<String> = SUPPORTED_VERSIONS.iter().map(u32::to_string).collect();
                write!(
                    f,
                    "{}: record file version {found} is not read by this build; it reads \
                     version {} (the file was left unchanged)",
                    path.display(),
                    known.join(", ")
                )
            }
            RecordError::Write { path, reason } => write!(
                f,
                "cannot write the record file {}: {reason} (the old file is intact)",
                path.display()
            ),
        }
    }
}

impl std::error::Error for RecordError {}

/// The default record file: `$EVOBOARD_RECORDS` if set and not empty,
/// else `$XDG_DATA_HOME/evoboard/domino-records.ron` (if `XDG_DATA_HOME` is
/// an absolute path), else `$HOME/.local/share/evoboard/domino-records.ron`,
/// else `domino-records.ron` in the working folder.
pub fn records_path() -> PathBuf {
    let var = |k: &str| std::env::var_os(k).filter(|v| !v.is_empty());
    if let Some(p) = var(RECORDS_ENV) {
        return PathBuf::from(p);
    }
    let file = Path::new("evoboard").join("domino-records.ron");
    if let Some(d) = var("XDG_DATA_HOME").map(PathBuf::from)
        && d.is_absolute()
    {
        return d.join(file);
    }
    match var("HOME") {
        Some(h) => PathBuf::from(h).join(".local").join("share").join(file),
        None => PathBuf::from("domino-records.ron"),
    }
}

/// Only the version, read first so a newer file is named as such rather
/// than reported as malformed.
#[derive(Deserialize)]
#[serde(rename = "RecordFile")]
struct VersionProbe {
    version: u32,
}

/// Parse `text` (the contents of `path`) as a record file.
pub(super) fn parse(path: &Path, text: &str) -> Result<RecordFile, RecordError> {
    let malformed = |e: ron::error::SpannedError| RecordError::Malformed {
        path: path.to_path_buf(),
        line: e.span.start.line,
        column: e.span.start.col,
        reason: e.code.to_string(),
    };
    let probe: VersionProbe = ron::from_str(text).map_err(malformed)?;
    if !SUPPORTED_VERSIONS.contains(&probe.version) {
        return Err(RecordError::UnknownVersion {
            path: path.to_path_buf(),
            found: probe.version,
        });
    }
    ron::from_str(text).map_err(malformed)
}

/// Read the record file at `path`. A missing file is an empty record
/// (version 1, no matches); a file that is not a record file is an error
/// naming the line and column; a version this build does not read is an
/// error naming the versions it reads.
pub fn load(path: &Path) -> Result<RecordFile, RecordError> {
    match crate::files::read_text(path) {
        Ok(text) => parse(path, &text),
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => Ok(RecordFile::default()),
        Err(e) => Err(RecordError::Unreadable {
            path: path.to_path_buf(),
            reason: e.to_string(),
        }),
    }
}

/// Check, before a match, that [`append`] can record into `path`: the
/// file is missing or a record file of a version this build reads (not a
/// folder, a device, a level file or a newer record file), and its
/// folder is a folder or can be made. A symbolic link is followed: the
/// record goes into the file it points to and the link stays. Returns
/// the file that will be written.
///
/// ```
/// let dir = std::env::temp_dir();
/// // A folder is not a record file: refused before any match is played.
/// assert!(evoboard_core::domino::records::check(&dir).is_err());
/// let fresh = dir.join(format!("evoboard-doc-{}.ron", std::process::id()));
/// assert_eq!(evoboard_core::domino::records::check(&fresh).unwrap(), fresh);
/// ```
pub fn check(path: &Path) -> Result<PathBuf, RecordError> {
    let write_err = |reason: String| RecordError::Write {
        path: path.to_path_buf(),
        reason,
    };
    let target = follow_links(path).map_err(write_err)?;
    load(&target)?;
    let mut dir = target.parent().map(Path::to_path_buf);
    while let Some(d) = dir.filter(|d| !d.as_os_str().is_empty()) {
        match std::fs::metadata(&d) {
            Ok(m) if m.is_dir() => break,
            Ok(_) => {
                return Err(write_err(format!(
                    "{} is not a folder, so the record file cannot be made there",
                    d.display()
                )));
            }
            Err(_) => dir = d.parent().map(Path::to_path_buf),
        }
    }
    Ok(target)
}

/// The file a path names once symbolic links are followed (the last link
/// may point to a file not made yet, in a folder that exists).
fn follow_links(path: &Path) -> Result<PathBuf, String> {
    let mut p = path.to_path_buf();
    for _ in 0..40 {
        match std::fs::symlink_metadata(&p) {
            Ok(m) if m.file_type().is_symlink() => {
                let to = std::fs::read_link(&p).map_err(|e| e.to_string())?;
                p = match p.parent() {
                    Some(dir) if to.is_relative() => dir.join(to),
                    _ => to,
                };
            }
            _ => return Ok(p),
        }
    }
    Err("it is a chain of over 40 symbolic links; give the record file itself".into())
}

/// Add `record` to the file at `path`: read it ([`load`]), push, write
/// the whole file to a temporary file in the same folder and rename it
/// over the old one (creating the folder if needed). Never loses the
/// existing records: a malformed or unknown-version file is refused and
/// left untouched, and a failed write (full disk) leaves the old file as
/// it was. Returns the number of matches now in the file.
///
/// Two processes appending at the same instant may race (the last rename
/// wins); the app and the host append once per finished match.
pub fn append(path: &Path, record: MatchRecord) -> Result<usize, RecordError> {
    let target = check(path)?;
    let path = target.as_path();
    let mut file = load(path)?;
    file.matches.push(record);
    let write_err = |reason: String| RecordError::Write {
        path: path.to_path_buf(),
        reason,
    };
    if let Some(dir) = path.parent().filter(|d| !d.as_os_str().is_empty()) {
        std::fs::create_dir_all(dir)
            .map_err(|e| write_err(format!("cannot create {}: {e}", dir.display())))?;
    }
    write_atomic(path, file.to_ron().as_bytes(), true).map_err(|e| match e {
        SaveError::Io { source, .. } => write_err(source.to_string()),
        other => write_err(other.to_string()),
    })?;
    Ok(file.matches.len())
}
