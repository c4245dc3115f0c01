//! Writing files atomically and never over an existing one by accident:
//! a temporary file beside the target (created exclusively, with an
//! unpredictable name, never through a symlink), synced, then renamed;
//! destinations checked before any work ([`check_destination`]); inputs
//! read with a size cap ([`read_text`]). Engine-free and
//! owned by no domain: the level format, domino records, the CLI, the app's
//! save box and the plugin all save through [`write_atomic`] (and check an
//! output early with [`refuse_existing`]).

use std::fmt;
use std::fs::File;
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
    /// The folder cannot be written to.
    NotWritable {
        /// The file to write.
        path: PathBuf,
        /// Its folder.
        folder: PathBuf,
        /// What the system said.
        reason: String,
    },
    /// The destination is one of the command's input files.
    IsInput(PathBuf),
    /// The destination exists and is not a regular file (a directory, a
    /// FIFO, a device, a socket): refused even with `--force`.
    NotRegular {
        /// The path.
        path: PathBuf,
        /// What it is ("a directory", "a FIFO (named pipe)", …).
        kind: &'static str,
    },
    /// Two outputs of one command are the same file.
    SameOutput(PathBuf),
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
            SaveError::NotWritable {
                path,
                folder,
                reason,
            } => write!(
                f,
                "cannot write {}: folder {} is not writable ({reason})",
                path.display(),
                folder.display()
            ),
            SaveError::IsInput(p) => write!(
                f,
                "{} is this command's input: the output must be another file",
                p.display()
            ),
            SaveError::NotRegular { path, kind } => write!(
                f,
                "{} is {kind}, not a regular file: outputs go to a new path or over a \
                 regular file only (give a file name{})",
                path.display(),
                if *kind == "a directory" {
                    ", for example one inside that folder"
                } else {
                    ""
                }
            ),
            SaveError::SameOutput(p) => write!(
                f,
                "{} is given for two outputs of this command: each output needs a file of its own",
                p.display()
            ),
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

/// The largest file any command reads: 16 MiB. A larger one (or an
/// endless one such as `/dev/zero`) is refused before it is parsed, having
/// read at most this much.
pub const MAX_INPUT_BYTES: u64 = 16 * 1024 * 1024;

/// Read a UTF-8 text file of at most [`MAX_INPUT_BYTES`]; a larger file is
/// an [`std::io::ErrorKind::InvalidData`] error saying the limit.
///
/// ```
/// let here = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("Cargo.toml");
/// assert!(evoboard_core::files::read_text(&here)?.contains("[package]"));
/// # Ok::<(), std::io::Error>(())
/// ```
pub fn read_text(path: &Path) -> std::io::Result<String> {
    use std::io::Read;
    // Before opening: opening a FIFO with no writer would block.
    let kind = std::fs::metadata(path)?.file_type();
    if !kind.is_file() {
        return Err(std::io::Error::new(
            std::io::ErrorKind::InvalidInput,
            format!(
                "it is {}, not a regular file; give a file",
                kind_name(&kind)
            ),
        ));
    }
    let file = std::fs::File::open(path)?;
    let mut buf = Vec::new();
    file.take(MAX_INPUT_BYTES + 1).read_to_end(&mut buf)?;
    if buf.len() as u64 > MAX_INPUT_BYTES {
        return Err(std::io::Error::new(
            std::io::ErrorKind::InvalidData,
            format!(
                "it is over {} MiB, the most a file read here may hold",
                MAX_INPUT_BYTES / (1024 * 1024)
            ),
        ));
    }
    String::from_utf8(buf).map_err(|e| {
        std::io::Error::new(
            std::io::ErrorKind::InvalidData,
            format!(
                "it is not UTF-8 text (byte {})",
                e.utf8_error().valid_up_to()
            ),
        )
    })
}

/// Refuse `path` before any work is done when it exists and `overwrite`
/// is not set: the same [`SaveError::Exists`] that [`write_atomic`] gives.
///
/// ```
/// use evoboard_core::files::{SaveError, refuse_existing};
/// let here = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("Cargo.toml");
/// assert!(matches!(refuse_existing(&here, false), Err(SaveError::Exists(_))));
/// assert!(refuse_existing(&here, true).is_ok());
/// ```
pub fn refuse_existing(path: &Path, overwrite: bool) -> Result<(), SaveError> {
    // A symlink counts as existing even when it points nowhere (and is
    // replaced itself, never what it points to).
    if let Ok(meta) = std::fs::symlink_metadata(path) {
        let kind = meta.file_type();
        if !kind.is_file() && !kind.is_symlink() {
            return Err(SaveError::NotRegular {
                path: path.to_path_buf(),
                kind: kind_name(&kind),
            });
        }
        if !overwrite {
            return Err(SaveError::Exists(path.to_path_buf()));
        }
    } else if path
        .as_os_str()
        .to_string_lossy()
        .ends_with(std::path::MAIN_SEPARATOR)
    {
        return Err(SaveError::NotAFileName(path.to_path_buf()));
    }
    Ok(())
}

/// Refuse two outputs of one command that are the same file (by any
/// spelling of its path, or the same new path).
///
/// ```
/// use evoboard_core::files::{SaveError, refuse_same_outputs};
/// use std::path::Path;
/// let twice = [Path::new("s.svg"), Path::new("./s.svg")];
/// assert!(matches!(refuse_same_outputs(&twice), Err(SaveError::SameOutput(_))));
/// assert!(refuse_same_outputs(&[Path::new("s.csv"), Path::new("s.svg")]).is_ok());
/// ```
pub fn refuse_same_outputs(paths: &[&Path]) -> Result<(), SaveError> {
    let key = |p: &Path| -> PathBuf {
        let dir = std::fs::canonicalize(folder_of(p)).unwrap_or_else(|_| folder_of(p));
        dir.join(p.file_name().unwrap_or_default())
    };
    for (i, a) in paths.iter().enumerate() {
        for b in &paths[..i] {
            if key(a) == key(b) {
                return Err(SaveError::SameOutput(a.to_path_buf()));
            }
        }
    }
    Ok(())
}

/// What a file type is, in words ("a directory", "a FIFO (named pipe)").
fn kind_name(kind: &std::fs::FileType) -> &'static str {
    #[cfg(unix)]
    {
        use std::os::unix::fs::FileTypeExt;
        if kind.is_fifo() {
            return "a FIFO (named pipe)";
        }
        if kind.is_socket() {
            return "a socket";
        }
        if kind.is_char_device() || kind.is_block_device() {
            return "a device";
        }
    }
    if kind.is_dir() {
        "a directory"
    } else if kind.is_file() {
        "a regular file"
    } else if kind.is_symlink() {
        "a symbolic link"
    } else {
        "not a regular file"
    }
}

/// The folder `path` would be written into (`.` for a bare name).
fn folder_of(path: &Path) -> PathBuf {
    match path.parent() {
        Some(p) if !p.as_os_str().is_empty() => p.to_path_buf(),
        _ => PathBuf::from("."),
    }
}

/// A temporary name beside `path` nobody can guess: `.NAME.<64 random
/// bits>.tmp`.
fn temp_name(dir: &Path, file_name: &std::ffi::OsStr) -> PathBuf {
    dir.join(format!(
        ".{}.{:016x}.tmp",
        file_name.to_string_lossy(),
        rand::random::<u64>()
    ))
}

/// Create a new temporary file beside `path` exclusively (`O_CREAT |
/// O_EXCL`: an existing name, a planted symlink included, is never opened),
/// trying fresh random names a few times.
fn create_temp(dir: &Path, file_name: &std::ffi::OsStr) -> std::io::Result<(PathBuf, File)> {
    let mut last = None;
    for _ in 0..8 {
        let tmp = temp_name(dir, file_name);
        match std::fs::OpenOptions::new()
            .write(true)
            .create_new(true)
            .open(&tmp)
        {
            Ok(f) => return Ok((tmp, f)),
            Err(e) if e.kind() == std::io::ErrorKind::AlreadyExists => last = Some(e),
            Err(e) => return Err(e),
        }
    }
    Err(last.unwrap_or_else(|| std::io::Error::other("no temporary name was free")))
}

/// Check a destination before any work: refused when it exists (unless
/// `overwrite`), when its folder is missing or cannot be written to, or
/// when it is one of `inputs` (the same file by any path).
///
/// ```
/// use evoboard_core::files::{SaveError, check_destination};
/// let here = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("Cargo.toml");
/// let same = here.parent().unwrap().join(".").join("Cargo.toml");
/// assert!(matches!(check_destination(&same, true, &[&here]), Err(SaveError::IsInput(_))));
/// assert!(matches!(
///     check_destination(std::path::Path::new("/no/such/folder/x.png"), false, &[]),
///     Err(SaveError::MissingFolder { .. })
/// ));
/// ```
pub fn check_destination(path: &Path, overwrite: bool, inputs: &[&Path]) -> Result<(), SaveError> {
    refuse_existing(path, overwrite)?;
    if path.file_name().is_none() {
        return Err(SaveError::NotAFileName(path.to_path_buf()));
    }
    let dir = folder_of(path);
    if !dir.is_dir() {
        return Err(SaveError::MissingFolder {
            path: path.to_path_buf(),
            folder: dir,
        });
    }
    if let Ok(target) = std::fs::canonicalize(path) {
        for input in inputs {
            if std::fs::canonicalize(input).is_ok_and(|i| i == target) {
                return Err(SaveError::IsInput(path.to_path_buf()));
            }
        }
    }
    // Writable: create (exclusively) and remove a probe file.
    let name = path.file_name().unwrap_or_default();
    match create_temp(&dir, name) {
        Ok((probe, f)) => {
            drop(f);
            let _ = std::fs::remove_file(probe);
            Ok(())
        }
        Err(e) => Err(SaveError::NotWritable {
            path: path.to_path_buf(),
            folder: dir,
            reason: e.to_string(),
        }),
    }
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
/// evoboard_core::files::write_atomic(&path, b"one", false)?;
/// assert!(evoboard_core::files::write_atomic(&path, b"two", false).is_err());
/// assert_eq!(std::fs::read(&path)?, b"one");
/// # std::fs::remove_dir_all(&dir)?;
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn write_atomic(path: &Path, bytes: &[u8], overwrite: bool) -> Result<(), SaveError> {
    refuse_existing(path, overwrite)?;
    let dir = folder_of(path);
    if !dir.is_dir() {
        return Err(SaveError::MissingFolder {
            path: path.to_path_buf(),
            folder: dir,
        });
    }
    let file_name = path
        .file_name()
        .ok_or_else(|| SaveError::NotAFileName(path.to_path_buf()))?;
    let io = |source| SaveError::Io {
        path: path.to_path_buf(),
        source,
    };
    let (tmp, mut f) = create_temp(&dir, file_name).map_err(io)?;
    let result = f.write_all(bytes).and_then(|()| f.sync_all());
    drop(f);
    if let Err(e) = result {
        let _ = std::fs::remove_file(&tmp);
        return Err(io(e));
    }
    if !overwrite {
        // A hard link never replaces an existing name: the file appears
        // whole or not at all. Where links are not supported, check and
        // rename.
        match std::fs::hard_link(&tmp, path) {
            Ok(()) => {
                let _ = std::fs::remove_file(&tmp);
                return Ok(());
            }
            Err(e) if e.kind() == std::io::ErrorKind::AlreadyExists => {
                let _ = std::fs::remove_file(&tmp);
                return Err(SaveError::AppearedWhileWriting(path.to_path_buf()));
            }
            Err(_) => {}
        }
        if std::fs::symlink_metadata(path).is_ok() {
            let _ = std::fs::remove_file(&tmp);
            return Err(SaveError::AppearedWhileWriting(path.to_path_buf()));
        }
    }
    // `rename` replaces a symlink at `path` itself, never what it points to.
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

    #[cfg(unix)]
    #[test]
    fn writes_never_follow_a_symlink_and_temp_names_are_unpredictable() {
        let dir = std::env::temp_dir().join(format!("evoboard-link-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        let victim = dir.join("victim.txt");
        std::fs::write(&victim, b"keep me").unwrap();
        // A planted symlink at the target: without overwrite it counts as
        // existing (even dangling); with overwrite the link itself is
        // replaced, never the file it points to.
        let out = dir.join("out.ron");
        std::os::unix::fs::symlink(&victim, &out).unwrap();
        assert!(matches!(
            write_atomic(&out, b"new", false),
            Err(SaveError::Exists(_))
        ));
        write_atomic(&out, b"new", true).unwrap();
        assert_eq!(std::fs::read(&victim).unwrap(), b"keep me");
        assert_eq!(std::fs::read(&out).unwrap(), b"new");
        assert!(
            !std::fs::symlink_metadata(&out)
                .unwrap()
                .file_type()
                .is_symlink()
        );
        let dangling = dir.join("dangling.ron");
        std::os::unix::fs::symlink(dir.join("nowhere"), &dangling).unwrap();
        assert!(matches!(
            write_atomic(&dangling, b"x", false),
            Err(SaveError::Exists(_))
        ));
        assert!(!dir.join("nowhere").exists());
        // Temporary names differ each time and are not the old `.NAME.tmpPID`.
        let name = std::ffi::OsStr::new("a.ron");
        let (a, b) = (temp_name(&dir, name), temp_name(&dir, name));
        assert_ne!(a, b);
        assert!(
            !a.to_string_lossy()
                .ends_with(&format!("tmp{}", std::process::id()))
        );
        // The output may not be the input, by any path.
        let other = dir.join(".").join("victim.txt");
        assert!(matches!(
            check_destination(&other, true, &[&victim]),
            Err(SaveError::IsInput(_))
        ));
        // Only the files made here remain: no temporary file is left.
        let names: Vec<String> = std::fs::read_dir(&dir)
            .unwrap()
            .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
            .collect();
        assert_eq!(names.len(), 3, "{names:?}");
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn inputs_over_the_cap_are_refused_before_parsing() {
        #[cfg(unix)]
        {
            // An endless device is refused from its type, before reading.
            let e = read_text(Path::new("/dev/zero")).unwrap_err();
            assert!(
                e.to_string().contains("a device, not a regular file"),
                "{e}"
            );
        }
        let dir = std::env::temp_dir().join(format!("evoboard-cap-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        // A regular file one byte over the cap (sparse: no disk used).
        let big = dir.join("big.txt");
        File::create(&big)
            .unwrap()
            .set_len(MAX_INPUT_BYTES + 1)
            .unwrap();
        let e = read_text(&big).unwrap_err();
        assert!(e.to_string().contains("16 MiB"), "{e}");
        std::fs::remove_file(&big).unwrap();
        let p = dir.join("bad.txt");
        std::fs::write(&p, [b'a', 0xff, b'b']).unwrap();
        assert!(read_text(&p).unwrap_err().to_string().contains("not UTF-8"));
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
