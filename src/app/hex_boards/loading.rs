//! Levels onto the board: the settings that reproduce a level's generator,
//! and a level picked in the library put on the board once it has loaded.

use super::runtime::{BoardSettings, HexBoardGenerator, MainGenerator, ShownBoard};
use crate::app::shell::StatusLine;
use crate::boards::{self, Algorithm, BoardGame};
use crate::plugin::HexBoardMap;
use bevy::prelude::*;

/// Settings that reproduce a level's generator (unknown names are skipped).
pub fn settings_from_level(
    level: &crate::level::Level,
    base: &BoardSettings,
) -> Option<BoardSettings> {
    let game = BoardGame::parse(level.map.game()).ok()?;
    let mut s = base.clone();
    let algorithm: Algorithm = level.generator.algorithm.parse().unwrap_or_default();
    s.select(game, algorithm);
    let hexes = match &level.map {
        crate::level::LevelMap::Catan(b) => b.encode().len(),
        crate::level::LevelMap::TerraMystica(b) => b.tiles().len(),
        _ => 0,
    };
    if let Some(v) = boards::variant_of(game, hexes) {
        s.variant = v;
    }
    s.seed = level.generator.seed;
    if let Some(r) = level.generator.rules {
        if s.scoring.weights == crate::boards::terra_mystica::Weights::for_rules(s.scoring.rules) {
            s.scoring.weights = crate::boards::terra_mystica::Weights::for_rules(r);
        }
        s.scoring.rules = r;
    }
    let specs = boards::param_specs(game, algorithm);
    for (k, v) in &level.generator.params {
        let _ = s.params.set(specs, k, &v.to_string(), algorithm);
    }
    Some(s)
}

/// Put a level that finished loading onto the board, or report why not.
pub(super) fn apply_loaded_level(
    assets: Res<AssetServer>,
    levels: Res<Assets<crate::plugin::LevelAsset>>,
    mut library: ResMut<crate::app::shell::library::LevelLibrary>,
    mut settings: ResMut<BoardSettings>,
    mut query: Query<(&mut HexBoardGenerator, &mut ShownBoard), With<MainGenerator>>,
) {
    let Some(handle) = library.pending.clone() else {
        return;
    };
    match assets.load_state(&handle) {
        bevy::asset::LoadState::Loaded => {
            library.pending = None;
            let Some(level) = levels.get(&handle) else {
                return;
            };
            let level = &level.0;
            let (Some(new), Some(map)) = (
                settings_from_level(level, &settings),
                HexBoardMap::from_level(&level.map),
            ) else {
                library.message = StatusLine::error(format!("{} is not a hex board", level.name));
                return;
            };
            let Ok((mut generator, mut shown)) = query.single_mut() else {
                return;
            };
            match HexBoardGenerator::new(&new) {
                Ok(mut g) => {
                    g.loaded = Some((level.name.clone(), map.tiles.clone()));
                    shown.0 = g.board_map();
                    *generator = g;
                    *settings = new;
                    library.message = StatusLine::ok(format!(
                        "loaded {} (score {})",
                        level.name, level.scores.total
                    ));
                }
                Err(e) => library.message = StatusLine::error(e),
            }
        }
        bevy::asset::LoadState::Failed(err) => {
            library.pending = None;
            library.message = StatusLine::error(format!("cannot load the level: {err}"));
        }
        _ => {}
    }
}
