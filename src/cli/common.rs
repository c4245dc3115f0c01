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

/// Refuse an output path before any work is done: it exists and `force`
/// (`--force`) is not set (the error [`write_atomic`] gives), its folder
/// is missing or not writable ([`crate::files::check_destination`]).
pub fn refuse_existing(path: &Path, force: bool) -> CliResult {
    check_out(path, force, &[])
}

/// [`refuse_existing`], and refused too when the output is one of the
/// command's `inputs`.
pub fn check_out(path: &Path, force: bool, inputs: &[&Path]) -> CliResult {
    crate::files::check_destination(path, force, inputs).map_err(|e| match e {
        SaveError::Exists(_) => exists_error(&e),
        e => CliError(e.to_string()),
    })
}

/// Where a level asked for with `--out` goes
/// ([`crate::level::level_path`]: `NAME.level.ron`), refused early when
/// it exists and `force` is not set.
pub fn level_out(out: Option<&Path>, force: bool) -> Result<Option<PathBuf>, CliError> {
    let Some(out) = out else {
        return Ok(None);
    };
    refuse_folder(out)?;
    let path = crate::level::level_path(out);
    refuse_existing(&path, force)?;
    Ok(Some(path))
}

/// [`level_out`] for a command that reads `input`: the level must go to
/// another file.
pub fn level_out_from(
    out: Option<&Path>,
    force: bool,
    input: &Path,
) -> Result<Option<PathBuf>, CliError> {
    let Some(out) = out else {
        return Ok(None);
    };
    refuse_folder(out)?;
    let path = crate::level::level_path(out);
    check_out(&path, force, &[input])?;
    Ok(Some(path))
}

/// Refuse an `--out` that names a folder (an existing directory, or a
/// path ending in `/`): a level needs a file name.
fn refuse_folder(out: &Path) -> CliResult {
    let slash = out
        .as_os_str()
        .to_string_lossy()
        .ends_with(std::path::MAIN_SEPARATOR);
    if slash || out.is_dir() {
        return Err(CliError(format!(
            "--out {} is a folder: give a file name, for example {}",
            out.display(),
            out.join("NAME").display()
        )));
    }
    Ok(())
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

pub use super::bounds::parse_time_limit;

/// Print exactly one JSON object on stdout: a report the core serializes.
pub fn print_report<T: serde::Serialize + ?Sized>(value: &T) -> CliResult {
    let text = serde_json::to_string(value).map_err(|e| CliError(format!("JSON: {e}")))?;
    let mut out = std::io::stdout().lock();
    writeln!(out, "{text}").map_err(|e| CliError(format!("cannot write to stdout: {e}")))
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
        assert!(parse_time_limit("1e20").unwrap_err().contains("86400"));
        assert_eq!(parse_time_limit("86400"), Ok(86400.0));
    }
}
