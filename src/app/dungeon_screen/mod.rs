//! The dungeon screen (being built).

use bevy::prelude::*;

/// Registers the dungeon screen.
pub fn plugin(_app: &mut App) {}

/// The embeddable part: square tilemaps drawn from dungeon levels
/// (registered by [`super::EvoboardPlugin`]).
pub fn tilemap_plugin(_app: &mut App) {}
