//! The domino screen (being built).

use bevy::prelude::*;

/// Registers the domino screen.
pub fn plugin(_app: &mut App) {}
