//! Plumbing shared by every sub-command: errors, JSON output, atomic
//! writes that never clobber, progress bars.

use crate::files::SaveError;
use std::fmt;
use std::io::{IsTerminal, Write};
use std::path::{Path, PathBuf};

/// A command-line error: printed on stderr, exit code 2.
#[derive(Debug, Clone, PartialEq)]
pub struct CliError(pub String);

impl fmt::Display for CliError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for CliError {}

impl From<String> for CliError {
    fn from(s: String) -> Self {
        CliError(s)
    }
}

impl From<crate::domino::DominoError> for CliError {
    fn from(e: crate::domino::DominoError) -> Self {
        CliError(e.to_string())
    }
}

impl From<crate::boards::BoardError> for CliError {
    fn from(e: crate::boards::BoardError) -> Self {
        CliError(e.to_string())
    }
}

impl From<&str> for CliError {
    fn from(s: &str) -> Self {
        CliError(s.to_string())
    }
}

/// Result of a sub-command.
pub type CliResult = Result<(), CliError>;

/// Print exactly one JSON object on stdout.
pub fn print_json(value: &serde_json::Value) -> CliResult {
    let text = serde_json::to_string(value).map_err(|e| CliError(format!("JSON: {e}")))?;
    let mut out = std::io::stdout().lock();
    writeln!(out, "{text}").map_err(|e| CliError(format!("cannot write to stdout: {e}")))
}

/// Refuse an output path that exists unless `force` (`--force`), before
/// any work is done; the error is the one [`write_atomic`] gives.
pub fn refuse_existing(path: &Path, force: bool) -> CliResult {
    crate::files::refuse_existing(path, force).map_err(|e| exists_error(&e))
}

/// Where a level asked for with `--out` goes
/// ([`crate::level::level_path`]: `NAME.level.ron`), refused early when
/// it exists and `force` is not set.
pub fn level_out(out: Option<&Path>, force: bool) -> Result<Option<PathBuf>, CliError> {
    let Some(out) = out else {
        return Ok(None);
    };
    let path = crate::level::level_path(out);
    refuse_existing(&path, force)?;
    Ok(Some(path))
}

fn exists_error(e: &SaveError) -> CliError {
    CliError(format!(
        "{e}; pass --force to overwrite it or choose another name"
    ))
}

/// Write `bytes` to `path` atomically ([`crate::files::write_atomic`]);
/// an existing file is kept unless `force` (`--force`) is set, and the
/// error says so.
pub fn write_atomic(path: &Path, bytes: &[u8], force: bool) -> Result<(), CliError> {
    crate::files::write_atomic(path, bytes, force).map_err(|e| match e {
        SaveError::Exists(_) => exists_error(&e),
        SaveError::AppearedWhileWriting(_) => {
            CliError(format!("{e}; pass --force to overwrite it"))
        }
        e => CliError(e.to_string()),
    })
}

/// A progress bar on stderr when stderr is a terminal; hidden otherwise.
pub fn progress_bar(len: u64, message: &str) -> indicatif::ProgressBar {
    if !std::io::stderr().is_terminal() {
        return indicatif::ProgressBar::hidden();
    }
    let bar = indicatif::ProgressBar::new(len);
    bar.set_style(
        indicatif::ProgressStyle::with_template(
            "{msg} [{elapsed_precise}] {wide_bar} {pos}/{len} (eta {eta})",
        )
        .expect("valid template"),
    );
    bar.set_message(message.to_string());
    bar
}

/// Parse a time limit in seconds: finite and > 0.
pub fn parse_time_limit(s: &str) -> Result<f64, String> {
    let v: f64 = s
        .parse()
        .map_err(|_| format!("'{s}' is not a number of seconds"))?;
    if !v.is_finite() || v <= 0.0 {
        return Err(format!(
            "time limit must be a positive number of seconds, got {s}"
        ));
    }
    Ok(v)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn atomic_write_refuses_to_clobber() {
        let dir = std::env::temp_dir().join(format!("evoboard-aw-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let p = dir.join("a.ron");
        let _ = std::fs::remove_file(&p);
        write_atomic(&p, b"one", false).unwrap();
        let err = write_atomic(&p, b"two", false).unwrap_err();
        assert!(err.0.contains("--force"), "{err}");
        assert_eq!(std::fs::read(&p).unwrap(), b"one");
        write_atomic(&p, b"two", true).unwrap();
        assert_eq!(std::fs::read(&p).unwrap(), b"two");
        let missing = dir.join("nope").join("b.ron");
        assert!(write_atomic(&missing, b"x", false).is_err());
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn time_limits() {
        assert_eq!(parse_time_limit("1.5"), Ok(1.5));
        assert!(parse_time_limit("-1").is_err());
        assert!(parse_time_limit("0").is_err());
        assert!(parse_time_limit("abc").is_err());
    }
}
