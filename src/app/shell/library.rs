//! The app's level library: the files in `levels/`, a pending load, the
//! save box and the last message.

use super::save_box::SaveBox;
use crate::plugin::LevelAsset;
use bevy::prelude::*;
use std::path::{Path, PathBuf};

/// The folder the app saves levels to and lists them from.
pub const LEVELS_DIR: &str = "levels";

/// The app's level library: files on disk, a pending load, messages.
#[derive(Resource, Default)]
pub struct LevelLibrary {
    /// `levels/*.ron`, sorted.
    pub files: Vec<PathBuf>,
    /// The save box (name, overwrite confirmation, outcome).
    pub save: SaveBox,
    /// A level being loaded through the asset server.
    pub pending: Option<Handle<LevelAsset>>,
    /// The last message (saved, loaded, or an error).
    pub message: Option<(bool, String)>,
}

impl LevelLibrary {
    /// Re-read the folder.
    pub fn refresh(&mut self) {
        self.files = list_levels(Path::new(LEVELS_DIR));
    }
}

/// `*.ron` files in `dir`, sorted (empty when the folder is missing).
pub fn list_levels(dir: &Path) -> Vec<PathBuf> {
    let mut v: Vec<PathBuf> = std::fs::read_dir(dir)
        .map(|rd| {
            rd.filter_map(|e| e.ok().map(|e| e.path()))
                .filter(|p| p.extension().is_some_and(|e| e == "ron"))
                .collect()
        })
        .unwrap_or_default();
    v.sort();
    v
}

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

/// The level library for the app.
pub(super) fn plugin(app: &mut App) {
    let mut lib = LevelLibrary::default();
    lib.refresh();
    app.insert_resource(lib);
}
