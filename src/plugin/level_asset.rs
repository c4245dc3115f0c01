//! Saved levels as Bevy assets: [`LevelAsset`] and its loader.

use crate::level::Level;
use bevy::asset::{AssetLoader, LoadContext, io::Reader};
use bevy::prelude::*;

/// A saved level loaded through the asset server.
#[derive(Asset, TypePath, Debug, Clone)]
pub struct LevelAsset(pub Level);

/// Loads `*.level.ron` levels (the versioned format of [`crate::level`]).
/// It claims only the `level.ron` extension, so a game's other RON assets
/// (bevy_common_assets, its own configuration) keep their loaders.
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
        &[crate::level::LEVEL_EXTENSION]
    }
}

/// Registers the level asset and its loader.
pub fn plugin(app: &mut App) {
    app.init_asset::<LevelAsset>()
        .init_asset_loader::<LevelLoader>();
}
