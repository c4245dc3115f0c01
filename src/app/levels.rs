//! RON levels as Bevy assets, and the app's level library (save, list,
//! load back).

use crate::level::Level;
use bevy::asset::{AssetLoader, LoadContext, io::Reader};
use bevy::prelude::*;
use std::path::{Path, PathBuf};

/// A saved level loaded through the asset server.
#[derive(Asset, TypePath, Debug, Clone)]
pub struct LevelAsset(pub Level);

/// Loads `*.ron` levels (the versioned format of [`crate::level`]).
#[derive(Default, TypePath)]
pub struct LevelLoader;

/// Why a level asset failed to load.
#[derive(Debug)]
pub struct LevelLoadError(pub String);

impl std::fmt::Display for LevelLoadError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for LevelLoadError {}

impl AssetLoader for LevelLoader {
    type Asset = LevelAsset;
    type Settings = ();
    type Error = LevelLoadError;

    async fn load(
        &self,
        reader: &mut dyn Reader,
        _settings: &(),
        load_context: &mut LoadContext<'_>,
    ) -> Result<LevelAsset, LevelLoadError> {
        let mut bytes = Vec::new();
        reader
            .read_to_end(&mut bytes)
            .await
            .map_err(|e| LevelLoadError(format!("cannot read: {e}")))?;
        let text =
            String::from_utf8(bytes).map_err(|_| LevelLoadError("a level is UTF-8 text".into()))?;
        Level::from_ron(&text)
            .map(LevelAsset)
            .map_err(|e| LevelLoadError(format!("{}: {e}", load_context.path().path().display())))
    }

    fn extensions(&self) -> &[&str] {
        &["ron"]
    }
}

/// Registers the level asset and its loader.
pub fn plugin(app: &mut App) {
    app.init_asset::<LevelAsset>()
        .init_asset_loader::<LevelLoader>();
}

/// The folder the app saves levels to and lists them from.
pub const LEVELS_DIR: &str = "levels";

/// The app's level library: files on disk, a pending load, messages.
#[derive(Resource, Default)]
pub struct LevelLibrary {
    /// `levels/*.ron`, sorted.
    pub files: Vec<PathBuf>,
    /// The save box (name, overwrite confirmation, outcome).
    pub save: super::save_box::SaveBox,
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
pub fn library_plugin(app: &mut App) {
    let mut lib = LevelLibrary::default();
    lib.refresh();
    app.insert_resource(lib);
}
