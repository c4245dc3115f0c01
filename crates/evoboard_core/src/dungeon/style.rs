//! Dungeon styles and corridor widths.

use serde::{Deserialize, Serialize};

/// How the rock between rooms is carved.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "bevy_reflect", derive(bevy_reflect::Reflect))]
pub enum DungeonStyle {
    /// Rectangular rooms joined by corridors (the published generator).
    #[default]
    Rooms,
    /// Irregular cave rooms grown by cellular automata.
    Caves,
    /// Rooms in a maze that fills the rock between them.
    Labyrinth,
}

impl DungeonStyle {
    /// Every style, in menu order.
    pub const ALL: [DungeonStyle; 3] = [
        DungeonStyle::Rooms,
        DungeonStyle::Caves,
        DungeonStyle::Labyrinth,
    ];

    /// Lower-case name: `rooms`, `caves`, `labyrinth`.
    pub fn name(self) -> &'static str {
        match self {
            DungeonStyle::Rooms => "rooms",
            DungeonStyle::Caves => "caves",
            DungeonStyle::Labyrinth => "labyrinth",
        }
    }
}

impl std::str::FromStr for DungeonStyle {
    type Err = String;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        DungeonStyle::ALL
            .into_iter()
            .find(|st| st.name() == s)
            .ok_or_else(|| format!("unknown style '{s}'; allowed: rooms, caves, labyrinth"))
    }
}

#[cfg(test)]
mod tests;
