//! Writing an export off the main thread: the bytes are made and written
//! by a background job of the plugin, atomically and never over an
//! existing file; the outcome line arrives with the job's end
//! ([`super::jobs`]). The hex-board and dungeon export boxes share it.

use super::jobs::{JobSlot, panicked};
use super::status::StatusLine;
use crate::level::write_atomic;
use crate::plugin::JobPanicked;
use std::path::{Path, PathBuf};

/// What an export job gives: the line to show, or why it failed.
pub type ExportOutcome = Result<String, String>;

/// One export at a time and the last outcome.
#[derive(Default)]
pub struct ExportJob {
    /// The last outcome.
    pub message: StatusLine,
    /// The export being written.
    pub job: JobSlot<ExportOutcome>,
}

impl ExportJob {
    /// Whether an export is being written.
    pub fn busy(&self) -> bool {
        self.job.busy()
    }

    /// Make the bytes with `make` (which also returns a size note such as
    /// `"1400×1400 px"`) and write them to `path` on a background thread.
    pub fn start(
        &mut self,
        path: PathBuf,
        make: impl FnOnce() -> Result<(Vec<u8>, String), String> + Send + 'static,
    ) {
        self.message = StatusLine::info(format!("writing {} …", path.display()));
        self.job.start("export", move || {
            let (bytes, note) = make()?;
            write_new(&path, &bytes)?;
            Ok(format!("exported {} ({note})", path.display()))
        });
    }

    /// Take in a finished export (its box's [`super::jobs::ScreenJob`]).
    pub fn finished(&mut self, outcome: Result<ExportOutcome, JobPanicked>) {
        self.message = match outcome {
            Ok(Ok(done)) => StatusLine::ok(done),
            Ok(Err(e)) => StatusLine::error(e),
            Err(why) => StatusLine::error(panicked("export", &why)),
        };
    }
}

/// Write `bytes` to `path` (creating its folder) atomically, refusing to
/// replace a file.
pub fn write_new(path: &Path, bytes: &[u8]) -> Result<(), String> {
    if let Some(dir) = path.parent().filter(|d| !d.as_os_str().is_empty()) {
        std::fs::create_dir_all(dir)
            .map_err(|e| format!("cannot create {}: {e}", dir.display()))?;
    }
    write_atomic(path, bytes, false).map_err(|e| e.to_string())
}

/// One "Export as" button for a format written as `dir/NAME.extension`:
/// enabled when `ok`, with the hover texts both export boxes show.
/// Returns whether it was clicked.
pub fn format_button(
    ui: &mut bevy_egui::egui::Ui,
    ok: bool,
    name: &str,
    extension: &str,
    dir: &Path,
) -> bool {
    ui.add_enabled(ok, bevy_egui::egui::Button::new(name))
        .on_hover_text(format!(
            "write {}/NAME.{extension} (never replacing a file)",
            dir.display()
        ))
        .on_disabled_hover_text("type a name in the box above first")
        .clicked()
}
