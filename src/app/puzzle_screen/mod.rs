//! The puzzle screen (being built).

use bevy::prelude::*;

/// Registers the puzzle screen.
pub fn plugin(_app: &mut App) {}
