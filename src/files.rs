//! Writing files atomically and never over an existing one by accident:
//! a temporary file beside the target, synced, then renamed. Engine-free and
//! owned by no domain: the level format, domino records, the CLI, the app's
//! save box and the plugin all save through [`write_atomic`] (and check an
//! output early with [`refuse_existing`]).

use std::fmt;
use std::io::Write;
use std::path::{Path, PathBuf};

/// Why a file was not written. Nothing that existed before is touched.
#[derive(Debug)]
pub enum SaveError {
    /// The target exists and replacing it was not asked for.
    Exists(PathBuf),
    /// The target appeared while it was being written.
    AppearedWhileWriting(PathBuf),
    /// The folder to write into does not exist.
    MissingFolder {
        /// The file to write.
        path: PathBuf,
        /// Its folder.
        folder: PathBuf,
    },
    /// The path does not end in a file name.
    NotAFileName(PathBuf),
    /// The operating system refused (full disk, permissions, …).
    Io {
        /// The file to write.
        path: PathBuf,
        /// What the system said.
        source: std::io::Error,
    },
}

impl fmt::Display for SaveError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SaveError::Exists(p) => write!(f, "{} already exists", p.display()),
            SaveError::AppearedWhileWriting(p) => {
                write!(f, "{} appeared while writing", p.display())
            }
            SaveError::MissingFolder { path, folder } => write!(
                f,
                "cannot write {}: folder {} does not exist",
                path.display(),
                folder.display()
            ),
            SaveError::NotAFileName(p) => write!(f, "{} is not a file name", p.display()),
            SaveError::Io { path, source } => {
                write!(f, "cannot write {}: {source}", path.display())
            }
        }
    }
}

impl std::error::Error for SaveError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            SaveError::Io { source, .. } => Some(source),
            _ => None,
        }
    }
}

/// Refuse `path` before any work is done when it exists and `overwrite`
/// is not set: the same [`SaveError::Exists`] that [`write_atomic`] gives.
///
/// ```
/// use evoboard::files::{SaveError, refuse_existing};
/// let here = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("Cargo.toml");
/// assert!(matches!(refuse_existing(&here, false), Err(SaveError::Exists(_))));
/// assert!(refuse_existing(&here, true).is_ok());
/// ```
pub fn refuse_existing(path: &Path, overwrite: bool) -> Result<(), SaveError> {
    if path.exists() && !overwrite {
        return Err(SaveError::Exists(path.to_path_buf()));
    }
    Ok(())
}

/// Write `bytes` to `path` atomically: a temporary file beside it, then a
/// rename. An existing file is kept unless `overwrite` is set. On any
/// failure (full disk, missing folder) the temporary file is removed and
/// nothing that existed before is touched.
///
/// ```
/// let dir = std::env::temp_dir().join(format!("evoboard-doc-{}", std::process::id()));
/// std::fs::create_dir_all(&dir)?;
/// let path = dir.join("note.txt");
/// evoboard::files::write_atomic(&path, b"one", false)?;
/// assert!(evoboard::files::write_atomic(&path, b"two", false).is_err());
/// assert_eq!(std::fs::read(&path)?, b"one");
/// # std::fs::remove_dir_all(&dir)?;
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn write_atomic(path: &Path, bytes: &[u8], overwrite: bool) -> Result<(), SaveError> {
    refuse_existing(path, overwrite)?;
    let dir = match path.parent() {
        Some(p) if !p.as_os_str().is_empty() => p.to_path_buf(),
        _ => PathBuf::from("."),
    };
    if !dir.is_dir() {
        return Err(SaveError::MissingFolder {
            path: path.to_path_buf(),
            folder: dir,
        });
    }
    let file_name = path
        .file_name()
        .ok_or_else(|| SaveError::NotAFileName(path.to_path_buf()))?;
    let tmp = dir.join(format!(
        ".{}.tmp{}",
        file_name.to_string_lossy(),
        std::process::id()
    ));
    let io = |source| SaveError::Io {
        path: path.to_path_buf(),
        source,
    };
    let result = (|| -> std::io::Result<()> {
        let mut f = std::fs::File::create(&tmp)?;
        f.write_all(bytes)?;
        f.sync_all()?;
        Ok(())
    })();
    if let Err(e) = result {
        // Best effort: the temporary file may not even exist.
        let _ = std::fs::remove_file(&tmp);
        return Err(io(e));
    }
    if !overwrite && path.exists() {
        let _ = std::fs::remove_file(&tmp);
        return Err(SaveError::AppearedWhileWriting(path.to_path_buf()));
    }
    std::fs::rename(&tmp, path).map_err(|e| {
        let _ = std::fs::remove_file(&tmp);
        io(e)
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn atomic_write_refuses_to_clobber() {
        let dir = std::env::temp_dir().join(format!("evoboard-save-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let p = dir.join("a.ron");
        let _ = std::fs::remove_file(&p);
        write_atomic(&p, b"one", false).unwrap();
        let err = write_atomic(&p, b"two", false).unwrap_err();
        assert!(matches!(err, SaveError::Exists(ref e) if *e == p), "{err}");
        assert_eq!(std::fs::read(&p).unwrap(), b"one");
        write_atomic(&p, b"two", true).unwrap();
        assert_eq!(std::fs::read(&p).unwrap(), b"two");
        let missing = dir.join("nope").join("b.ron");
        assert!(matches!(
            write_atomic(&missing, b"x", false),
            Err(SaveError::MissingFolder { .. })
        ));
        let leftovers = std::fs::read_dir(&dir).unwrap().count();
        assert_eq!(leftovers, 1, "no temporary file is left behind");
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
