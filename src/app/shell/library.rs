//! The app's level library: the files in `levels/`, a pending load, the
//! save box and the last message.

pub use super::save_box::LEVELS_DIR;
use super::save_box::SaveBox;
use super::status::StatusLine;
use crate::plugin::LevelAsset;
use bevy::prelude::*;
use std::path::{Path, PathBuf};

/// The app's level library: files on disk, a pending load, messages.
#[derive(Resource, Default)]
pub struct LevelLibrary {
    /// `levels/*.level.ron`, sorted.
    pub files: Vec<PathBuf>,
    /// The save box (name, overwrite confirmation, outcome).
    pub save: SaveBox,
    /// A level being loaded through the asset server.
    pub pending: Option<Handle<LevelAsset>>,
    /// The last message (saved, loaded, or an error).
    pub message: StatusLine,
}

impl LevelLibrary {
    /// Re-read the folder.
    pub fn refresh(&mut self) {
        self.files = list_levels(Path::new(LEVELS_DIR));
    }
}

/// `*.level.ron` files in `dir`, sorted (empty when the folder is missing).
pub fn list_levels(dir: &Path) -> Vec<PathBuf> {
    let mut v: Vec<PathBuf> = std::fs::read_dir(dir)
        .map(|rd| {
            rd.filter_map(|e| e.ok().map(|e| e.path()))
                .filter(|p| crate::level::is_level_file(p))
                .collect()
        })
        .unwrap_or_default();
    v.sort();
    v
}

/// The level library for the app.
pub(super) fn plugin(app: &mut App) {
    let mut lib = LevelLibrary::default();
    lib.refresh();
    app.insert_resource(lib);
}
