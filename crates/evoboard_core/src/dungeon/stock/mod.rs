//! Stocking a dungeon from a table the game master can edit: what each
//! room is for, how it looks, which enemies and treasure it holds, how
//! danger and reward rise along the route, and optional keys and locks.
//!
//! The shared data model lives here; [`ContentsTable::shipped`] and
//! [`ContentsTable::from_ron`] read tables (`table.rs`), the route and
//! its side branches are found in `route.rs`, `stocking.rs` chooses each
//! room's dressing and kinds, `pacing.rs` orders danger and reward along
//! the route, `keys.rs` places locks and keys, `describe.rs` writes the
//! room descriptions and `ends.rs` re-runs all of it around a game
//! master's choice of entrance and final room.

mod adventure;
mod checks;
mod describe;
mod ends;
mod keys;
mod pacing;
#[cfg(test)]
mod pacing_tests;
mod route;
mod secrets;
mod stocking;
mod table;
#[cfg(test)]
mod tests;
#[cfg(test)]
mod text_tests;
mod theme;

pub use checks::PacingChecks;
pub use keys::{MAX_KEYS, keys_are_reachable};
pub use route::Route;
pub use secrets::SECRET_HINTS;
pub(crate) use secrets::{open_way, place_secret_doors};
pub(crate) use stocking::{Themed, stock};
pub(crate) use theme::stocking_source;
pub use theme::{BOSS_CHOICES, Creature, PARTY_LEVELS, PARTY_SIZES, Party, Theme, Treasure, cr_xp};

use serde::{Deserialize, Serialize};

/// How a room is lit (the virtual-tabletop export turns it into a light).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "bevy_reflect", derive(bevy_reflect::Reflect))]
pub enum Lighting {
    /// No light at all.
    #[default]
    Dark,
    /// A few torches or candles, or a faint glow.
    Dim,
    /// Well lit: braziers, lanterns, daylight through a shaft.
    Bright,
}

impl Lighting {
    /// Lower-case name as in tables and JSON: `dark`, `dim`, `bright`.
    pub fn name(self) -> &'static str {
        match self {
            Lighting::Dark => "dark",
            Lighting::Dim => "dim",
            Lighting::Bright => "bright",
        }
    }
}

/// An enemy kind of a contents table.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "bevy_reflect", derive(bevy_reflect::Reflect))]
pub struct EnemyKind {
    /// Name shown in the room key (`"Goblin"`).
    pub name: String,
    /// Challenge level (1 = a nuisance, higher = deadlier).
    pub challenge: u32,
    /// How many appear together, fewest and most.
    pub group: (u32, u32),
    /// A boss: only ever met in the final room. When no kind is marked,
    /// the kinds with the highest challenge are the bosses.
    #[serde(default)]
    pub boss: bool,
}

/// A treasure kind of a contents table.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "bevy_reflect", derive(bevy_reflect::Reflect))]
pub struct TreasureKind {
    /// Name shown in the room key (`"Silver candlesticks"`).
    pub name: String,
    /// Value band (1 = trinkets, higher = richer).
    pub value: u32,
}

/// A room dressing: a purpose and what such a room looks, sounds and
/// smells like.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "bevy_reflect", derive(bevy_reflect::Reflect))]
pub struct Dressing {
    /// What the room is for (`"barracks"`, `"library"`, `"shrine"`).
    pub purpose: String,
    /// How such a room is usually lit.
    pub lighting: Vec<Lighting>,
    /// Furniture that may stand in it.
    pub furniture: Vec<String>,
    /// Smells and sounds.
    pub senses: Vec<String>,
    /// Where the dressing may go (any room, the entrance, the final
    /// room).
    #[serde(default)]
    pub role: RoomRole,
}

/// Which rooms a dressing suits.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "bevy_reflect", derive(bevy_reflect::Reflect))]
pub enum RoomRole {
    /// Any room but the entrance and the final room (those take it too
    /// when the table has nothing for them).
    #[default]
    Any,
    /// The entrance room.
    Entrance,
    /// The final room (the boss's lair).
    Final,
}

/// The table rooms are stocked from (`crates/evoboard_core/assets/dungeon/contents.ron`).
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "bevy_reflect", derive(bevy_reflect::Reflect))]
pub struct ContentsTable {
    /// Enemy kinds.
    pub enemies: Vec<EnemyKind>,
    /// Treasure kinds.
    pub treasures: Vec<TreasureKind>,
    /// Room dressings.
    pub dressings: Vec<Dressing>,
    /// Trap kinds (empty: the shipped table's are used).
    #[serde(default)]
    pub traps: Vec<TrapKind>,
}

/// A trap kind of a contents table: what the room key says about a trap.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "bevy_reflect", derive(bevy_reflect::Reflect))]
pub struct TrapKind {
    /// Name shown in the room key (`"Pit trap"`).
    pub name: String,
    /// What it does when sprung.
    pub effect: String,
    /// How a careful party notices it.
    pub find: String,
    /// How it is made safe.
    pub disarm: String,
}

/// A trap on the map, as the room key describes it.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "bevy_reflect", derive(bevy_reflect::Reflect))]
pub struct TrapNote {
    /// The trap cell (column, row).
    pub cell: (u16, u16),
    /// The trap kind, from the contents table.
    pub kind: TrapKind,
    /// Whether it lies on the main path's walk (the party will meet it).
    pub on_main_path: bool,
}

/// A secret door on the map, as the room key describes it.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "bevy_reflect", derive(bevy_reflect::Reflect))]
pub struct SecretNote {
    /// The door's first cell (column, row), as in [`crate::dungeon::DoorRun`].
    pub door: (u16, u16),
    /// How a careful party finds it.
    pub find: String,
}

/// One room on the main path from the entrance to the final room.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "bevy_reflect", derive(bevy_reflect::Reflect))]
pub struct PacingStep {
    /// Index in `Dungeon::rooms`.
    pub room: usize,
    /// Total challenge of the room's enemies (0 = safe).
    pub challenge: u32,
    /// Total value of the room's treasure (0 = none).
    pub reward: u32,
    /// Main path: the room's position on it (0 = entrance). Side rooms:
    /// the position of the main-path room their branch leaves from.
    #[serde(default)]
    pub depth: usize,
}

/// How danger and reward follow the route.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "bevy_reflect", derive(bevy_reflect::Reflect))]
pub struct Pacing {
    /// The main path, entrance first, final room last.
    pub main_path: Vec<PacingStep>,
    /// Rooms off the main path (optional risk, better loot).
    pub side_rooms: Vec<PacingStep>,
}

/// What a one-page dungeon prints around the map: the theme, a title, a
/// hook to read out, the party it was built for and a wandering-monster
/// table. Empty (`theme` and `title` blank) in levels saved before themes.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "bevy_reflect", derive(bevy_reflect::Reflect))]
pub struct Adventure {
    /// The theme's name (`"crypt"`), blank in older levels.
    pub theme: String,
    /// The dungeon's title (`"The Crypt of the Weeping Saint"`).
    pub title: String,
    /// One paragraph that tells the players why they are here.
    pub hook: String,
    /// The party's level the encounters were sized for (1-20; 0 in older
    /// levels).
    pub party_level: u8,
    /// How many characters the party has (1-8; 0 in older levels).
    pub party_size: u8,
    /// Wandering monsters: one row per face range of the die
    /// ([`Adventure::wandering_die`]).
    pub wandering: Vec<WanderingMonster>,
}

/// One row of a wandering-monster table.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "bevy_reflect", derive(bevy_reflect::Reflect))]
pub struct WanderingMonster {
    /// The die faces this row covers, lowest and highest (`(2, 3)`).
    pub roll: (u8, u8),
    /// What the party meets (`"1d4 ghouls, hungry"`).
    pub text: String,
}

impl Adventure {
    /// The die the wandering-monster table is rolled on (6 or 8; 0 when
    /// there is no table).
    pub fn wandering_die(&self) -> u8 {
        self.wandering.last().map_or(0, |w| w.roll.1)
    }
}

/// A locked door on the main path and the room that holds its key.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "bevy_reflect", derive(bevy_reflect::Reflect))]
pub struct Lock {
    /// The door cell (column, row).
    pub door: (u16, u16),
    /// Index in `Dungeon::rooms` of the room the key lies in.
    pub key_room: usize,
}
