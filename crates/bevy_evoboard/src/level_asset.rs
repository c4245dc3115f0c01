//! Saved levels as Bevy assets: [`LevelAsset`] and its loader.

use bevy::asset::{AssetLoader, LoadContext, io::Reader};
use bevy::prelude::*;
use evoboard_core::level::{Level, LevelError};

/// A saved level loaded through the asset server.
#[derive(Asset, TypePath, Debug, Clone)]
pub struct LevelAsset(pub Level);

/// Loads `*.level.ron` levels (the versioned format of [`evoboard_core::level`]).
/// It claims only the `level.ron` extension, so a game's other RON assets
/// (bevy_common_assets, its own configuration) keep their loaders.
#[derive(Default, TypePath)]
pub struct LevelLoader;

/// Why a level asset failed to load.
#[derive(Debug)]
#[non_exhaustive]
pub enum LevelLoadError {
    /// The file could not be read.
    Read(std::io::Error),
    /// The file is not UTF-8 text.
    NotText,
    /// The text is not a level: the core's error, with the asset's path
    /// as its file and the line and column of the problem.
    Level(LevelError),
}

impl std::fmt::Display for LevelLoadError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            LevelLoadError::Read(e) => write!(f, "cannot read: {e}"),
            LevelLoadError::NotText => f.write_str("a level is UTF-8 text"),
            LevelLoadError::Level(e) => write!(f, "{e}"),
        }
    }
}

impl std::error::Error for LevelLoadError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            LevelLoadError::Read(e) => Some(e),
            LevelLoadError::NotText => None,
            LevelLoadError::Level(e) => Some(e),
        }
    }
}

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
            .map_err(LevelLoadError::Read)?;
        let text = String::from_utf8(bytes).map_err(|_| LevelLoadError::NotText)?;
        Level::from_ron(&text).map(LevelAsset).map_err(|mut e| {
            e.file = Some(load_context.path().path().to_path_buf());
            LevelLoadError::Level(e)
        })
    }

    fn extensions(&self) -> &[&str] {
        &[evoboard_core::level::LEVEL_EXTENSION]
    }
}

/// Registers the level asset and its loader.
pub fn plugin(app: &mut App) {
    app.init_asset::<LevelAsset>()
        .init_asset_loader::<LevelLoader>();
}
