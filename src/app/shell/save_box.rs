//! "Accept and save": a name box and a Save button that write a [`Level`]
//! to `levels/NAME.level.ron` atomically, asking before an existing file is
//! replaced. Every screen that exports levels uses it.

use super::status::StatusLine;
use crate::level::Level;
use crate::level::write_atomic;
use bevy_egui::egui;
use std::path::{Path, PathBuf};

/// The folder the app saves levels to and lists them from.
pub const LEVELS_DIR: &str = "levels";

/// Room the Save button and the spacing before it take in the name's row.
const SAVE_BUTTON_ROOM: f32 = 72.0;

/// A level name is a file stem: letters, digits, `-` and `_`, 1 to 64.
pub fn check_name(name: &str) -> Result<(), String> {
    let ok = !name.is_empty()
        && name.len() <= 64
        && name
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || c == '-' || c == '_');
    if ok {
        Ok(())
    } else {
        Err("a level name uses letters, digits, - and _ (1 to 64 characters)".into())
    }
}

/// The state of one screen's save box.
#[derive(Debug, Default, Clone)]
pub struct SaveBox {
    /// The name typed by the user.
    pub name: String,
    /// A save waiting for the user to confirm overwriting this file.
    pub confirm_overwrite: Option<PathBuf>,
    /// The last outcome.
    pub message: StatusLine,
}

impl SaveBox {
    /// Draw the box. `make(name)` builds the level to save; it is called
    /// only when something is written. Returns the path written, if any.
    pub fn ui(
        &mut self,
        ui: &mut egui::Ui,
        dir: &Path,
        make: impl FnOnce(&str) -> Level,
    ) -> Option<PathBuf> {
        let mut write: Option<(PathBuf, bool)> = None;
        ui.label("Accept and save as a level");
        ui.horizontal(|ui| {
            // The name takes what the Save button leaves of the panel's
            // width: egui's default text width (280) would push the row,
            // and so the panel's content, past a 320-pixel side panel.
            let width = (ui.available_width() - SAVE_BUTTON_ROOM).max(80.0);
            ui.add(egui::TextEdit::singleline(&mut self.name).desired_width(width))
                .on_hover_text("the level's name: letters, digits, - and _");
            if ui.button("💾 Save").clicked() {
                match self.request(dir) {
                    Ok(Some(path)) => write = Some((path, false)),
                    Ok(None) => {}
                    Err(e) => self.message = StatusLine::error(e),
                }
            }
        });
        if let Some(path) = self.confirm_overwrite.clone() {
            ui.colored_label(
                egui::Color32::YELLOW,
                format!("{} already exists. Overwrite it?", path.display()),
            );
            ui.horizontal(|ui| {
                if ui.button("Overwrite").clicked() {
                    write = Some((path.clone(), true));
                    self.confirm_overwrite = None;
                }
                if ui.button("Cancel").clicked() {
                    self.confirm_overwrite = None;
                    self.message = StatusLine::error("not saved");
                }
            });
        }
        let written = write.and_then(|(path, overwrite)| {
            let name = self.name.trim().to_string();
            self.write(&path, &make(&name), overwrite).then_some(path)
        });
        self.message.show(ui);
        written
    }

    /// The user pressed Save: the path to write now, or `None` when the
    /// file exists and the user must confirm first; an error for a bad name.
    pub fn request(&mut self, dir: &Path) -> Result<Option<PathBuf>, String> {
        let name = self.name.trim();
        check_name(name)?;
        let path = dir.join(format!("{name}{}", crate::level::LEVEL_SUFFIX));
        if path.exists() {
            self.confirm_overwrite = Some(path);
            Ok(None)
        } else {
            Ok(Some(path))
        }
    }

    /// Write `level` to `path` (replacing a file only when `overwrite`);
    /// the outcome goes to `message`. Returns whether it was written.
    pub fn write(&mut self, path: &Path, level: &Level, overwrite: bool) -> bool {
        if let Some(dir) = path.parent()
            && let Err(e) = std::fs::create_dir_all(dir)
        {
            self.message = StatusLine::error(format!("cannot create {}: {e}", dir.display()));
            return false;
        }
        let outcome = write_atomic(path, level.to_ron().as_bytes(), overwrite);
        let ok = outcome.is_ok();
        self.message = match outcome {
            Ok(()) => StatusLine::ok(format!("saved {}", path.display())),
            Err(e) => StatusLine::error(e.to_string()),
        };
        ok
    }
}

/// The folder levels are saved to, relative to the working folder.
pub fn levels_dir() -> PathBuf {
    PathBuf::from(LEVELS_DIR)
}
