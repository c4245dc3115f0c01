//! What a game master asks for: the published [`Size`]s, the settings of
//! the two genetic algorithms ([`DungeonGaSettings`]) and the whole
//! request ([`DungeonParams`]) with its limits and checks.

use super::error::DungeonError;
use super::layout_ga::LayoutRules;
use super::room::RoomShape;
use super::stock::{ContentsTable, Party, Theme};
use super::style::DungeonStyle;
use serde::{Deserialize, Serialize};

/// Smallest grid side.
pub const MIN_SIDE: usize = 20;
/// Largest grid side.
pub const MAX_SIDE: usize = 200;
/// Fewest rooms in a dungeon (an entrance and a final room).
pub const MIN_ROOMS: usize = 2;
/// Most rooms (one letter each, A to Z).
pub const MAX_ROOMS: usize = 26;
/// Grid cells needed per room: at most `width × height / 100` rooms.
pub const CELLS_PER_ROOM: usize = 100;
/// Most proposals per run.
pub const MAX_PROPOSALS: usize = 16;
/// Most loops, dead ends or secret doors a user may ask for.
pub const MAX_EXTRAS: usize = 20;
/// Most traps a user may ask for.
pub const MAX_TRAPS: usize = 50;
/// Most generations of each GA.
pub const MAX_GENERATIONS: usize = 1000;
/// Fewest individuals per generation.
pub const MIN_POPULATION: usize = 2;
/// Most individuals per generation.
pub const MAX_POPULATION: usize = 500;
/// Widest corridor (cells).
pub const MAX_CORRIDOR_WIDTH: u8 = 3;
/// Smallest floor side of a cave room's rectangle.
pub const CAVE_MIN_SIDE: usize = 5;

/// The published Mapmaker sizes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "bevy_reflect", derive(bevy_reflect::Reflect))]
pub enum Size {
    /// 50 × 50, 5-10 rooms.
    Small,
    /// 75 × 75, 10-15 rooms.
    Medium,
    /// 100 × 100, 15-20 rooms.
    Large,
}

impl Size {
    /// All sizes, smallest first.
    pub const ALL: [Size; 3] = [Size::Small, Size::Medium, Size::Large];

    /// Grid side in cells.
    pub fn side(self) -> usize {
        match self {
            Size::Small => 50,
            Size::Medium => 75,
            Size::Large => 100,
        }
    }

    /// Room count range.
    pub fn rooms(self) -> (usize, usize) {
        match self {
            Size::Small => (5, 10),
            Size::Medium => (10, 15),
            Size::Large => (15, 20),
        }
    }

    /// Loops dug unless asked otherwise: none on small maps, one on
    /// medium and large ones, so that a party has a choice of way (issue
    /// 40).
    pub fn loops(self) -> usize {
        match self {
            Size::Small => 0,
            Size::Medium | Size::Large => 1,
        }
    }

    /// The name on the command line.
    pub fn name(self) -> &'static str {
        match self {
            Size::Small => "small",
            Size::Medium => "medium",
            Size::Large => "large",
        }
    }
}

impl std::str::FromStr for Size {
    type Err = DungeonError;
    fn from_str(s: &str) -> Result<Size, DungeonError> {
        Size::ALL
            .into_iter()
            .find(|z| z.name() == s)
            .ok_or_else(|| DungeonError::UnknownSize {
                text: s.to_string(),
            })
    }
}

/// Settings of one genetic algorithm.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "bevy_reflect", derive(bevy_reflect::Reflect))]
pub struct DungeonGaSettings {
    /// Generations after the initial population (published: 10).
    pub generations: usize,
    /// Individuals per generation (published: 10).
    pub population: usize,
    /// Chance that a child is mutated (published: 0.4).
    pub mutation_rate: f64,
}

impl Default for DungeonGaSettings {
    /// The published settings: 10 generations of 10, mutation 40 %.
    fn default() -> Self {
        DungeonGaSettings {
            generations: 10,
            population: 10,
            mutation_rate: 0.4,
        }
    }
}

/// Everything the game master asks for.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "bevy_reflect", derive(bevy_reflect::Reflect))]
pub struct DungeonParams {
    /// Grid columns.
    pub width: usize,
    /// Grid rows.
    pub height: usize,
    /// Fewest rooms.
    pub min_rooms: usize,
    /// Most rooms.
    pub max_rooms: usize,
    /// Percentage of rooms with enemies (0-100).
    pub enemies_pct: u8,
    /// Percentage of rooms with treasure (0-100).
    pub treasure_pct: u8,
    /// Dungeons to propose.
    pub proposals: usize,
    /// Extra loops to dig (0 = a tree of corridors, as the original).
    pub loops: usize,
    /// Dead ends to dig.
    pub dead_ends: usize,
    /// Doors to make secret.
    pub secret_doors: usize,
    /// Traps to set in corridors.
    pub traps: usize,
    /// Both GAs use these settings.
    pub ga: DungeonGaSettings,
    /// How the rock between rooms is carved.
    #[serde(default)]
    pub style: DungeonStyle,
    /// Corridor width in cells (1 to 3).
    #[serde(default = "one")]
    pub corridor_width: u8,
    /// Locked doors on the main path, each with its key placed earlier.
    #[serde(default)]
    pub keys: usize,
    /// The table rooms are stocked from (`None`: the theme's, for the
    /// party). A table of its own replaces the theme.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub contents: Option<ContentsTable>,
    /// The party the encounters and treasure are sized for.
    #[serde(default)]
    pub party: Party,
    /// The theme by name (`None`: the proposal's seed picks one of
    /// [`Theme::names`]).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub theme: Option<String>,
}

fn one() -> u8 {
    1
}

impl DungeonParams {
    /// The published settings for a size: 50 % enemies, 50 % treasure,
    /// 3 proposals, the size's default loops ([`Size::loops`]: one on
    /// medium and large), no other extras.
    pub fn for_size(size: Size) -> DungeonParams {
        let (min_rooms, max_rooms) = size.rooms();
        DungeonParams {
            width: size.side(),
            height: size.side(),
            min_rooms,
            max_rooms,
            enemies_pct: 50,
            treasure_pct: 50,
            proposals: 3,
            loops: size.loops(),
            dead_ends: 0,
            secret_doors: 0,
            traps: 0,
            ga: DungeonGaSettings::default(),
            style: DungeonStyle::Rooms,
            corridor_width: 1,
            keys: 0,
            contents: None,
            party: Party::default(),
            theme: None,
        }
    }

    /// Most rooms that fit on a `width × height` grid.
    pub fn room_capacity(width: usize, height: usize) -> usize {
        (width * height / CELLS_PER_ROOM).min(MAX_ROOMS)
    }

    /// Check a chosen proposal, numbered from 1 as people (and `--choose`)
    /// count them.
    pub fn check_choice(&self, choice: usize) -> Result<(), DungeonError> {
        if (1..=self.proposals).contains(&choice) {
            Ok(())
        } else {
            Err(DungeonError::ChoiceOutOfRange {
                choice,
                proposals: self.proposals,
            })
        }
    }

    /// Check every setting (and a contents table, when given); the error
    /// says what is allowed.
    pub fn validate(&self) -> Result<(), DungeonError> {
        for (dimension, value) in [("width", self.width), ("height", self.height)] {
            if !(MIN_SIDE..=MAX_SIDE).contains(&value) {
                return Err(DungeonError::SideOutOfRange { dimension, value });
            }
        }
        let capacity = Self::room_capacity(self.width, self.height);
        if self.min_rooms < MIN_ROOMS || self.min_rooms > self.max_rooms {
            return Err(DungeonError::RoomRange {
                min: self.min_rooms,
                max: self.max_rooms,
            });
        }
        if self.max_rooms > capacity {
            return Err(DungeonError::TooManyRooms {
                capacity,
                width: self.width,
                height: self.height,
                max_rooms: self.max_rooms,
            });
        }
        for (what, value) in [
            ("enemies", self.enemies_pct),
            ("treasure", self.treasure_pct),
        ] {
            if value > 100 {
                return Err(DungeonError::PercentOutOfRange { what, value });
            }
        }
        if !(1..=MAX_PROPOSALS).contains(&self.proposals) {
            return Err(DungeonError::ProposalsOutOfRange {
                proposals: self.proposals,
            });
        }
        for (what, count, max) in [
            ("loops", self.loops, MAX_EXTRAS),
            ("dead ends", self.dead_ends, MAX_EXTRAS),
            ("secret doors", self.secret_doors, MAX_EXTRAS),
            ("traps", self.traps, MAX_TRAPS),
        ] {
            if count > max {
                return Err(DungeonError::TooManyExtras { what, count, max });
            }
        }
        if self.keys > super::stock::MAX_KEYS {
            return Err(DungeonError::TooManyKeys { keys: self.keys });
        }
        if let Some(table) = &self.contents {
            table.check()?;
        }
        self.party.validate()?;
        if let Some(name) = &self.theme {
            Theme::named(name)?;
        }
        if !(1..=MAX_CORRIDOR_WIDTH).contains(&self.corridor_width) {
            return Err(DungeonError::CorridorWidthOutOfRange {
                width: self.corridor_width,
            });
        }
        let ga = &self.ga;
        if !(1..=MAX_GENERATIONS).contains(&ga.generations) {
            return Err(DungeonError::GenerationsOutOfRange {
                generations: ga.generations,
            });
        }
        if !(MIN_POPULATION..=MAX_POPULATION).contains(&ga.population) {
            return Err(DungeonError::PopulationOutOfRange {
                population: ga.population,
            });
        }
        if !(0.0..=1.0).contains(&ga.mutation_rate) {
            return Err(DungeonError::MutationRateOutOfRange {
                rate: ga.mutation_rate,
            });
        }
        Ok(())
    }

    /// The rules the layout GA enforces.
    pub fn layout_rules(&self) -> LayoutRules {
        let mut shape = RoomShape::for_grid(self.width, self.height);
        if self.style == DungeonStyle::Caves {
            // A cave needs some room to be irregular in.
            shape.min_side = CAVE_MIN_SIDE.min(shape.max_side);
        }
        LayoutRules {
            width: self.width,
            height: self.height,
            min_rooms: self.min_rooms,
            max_rooms: self.max_rooms,
            shape,
            style: self.style,
            corridor_width: self.corridor_width as usize,
            parallel: self.proposals > 1,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::dungeon::generate;

    #[test]
    fn bad_inputs_say_what_is_allowed() {
        let ok = DungeonParams::for_size(Size::Small);
        let check = |f: &dyn Fn(&mut DungeonParams), needle: &str| -> DungeonError {
            let mut p = ok.clone();
            f(&mut p);
            let e = p.validate().unwrap_err();
            assert!(e.to_string().contains(needle), "{e}");
            e
        };
        let e = check(&|p| p.width = 10, "allowed: 20 to 200");
        assert_eq!(
            e,
            DungeonError::SideOutOfRange {
                dimension: "width",
                value: 10
            }
        );
        let e = check(&|p| p.height = 500, "allowed: 20 to 200");
        assert!(matches!(
            e,
            DungeonError::SideOutOfRange {
                dimension: "height",
                value: 500
            }
        ));
        let e = check(&|p| (p.min_rooms, p.max_rooms) = (8, 6), "MIN <= MAX");
        assert_eq!(e, DungeonError::RoomRange { min: 8, max: 6 });
        let e = check(&|p| p.min_rooms = 1, "MIN-MAX");
        assert!(matches!(e, DungeonError::RoomRange { min: 1, .. }));
        let e = check(
            &|p| p.max_rooms = 26,
            "at most 25 rooms fit on a 50x50 grid",
        );
        assert!(matches!(
            e,
            DungeonError::TooManyRooms {
                capacity: 25,
                max_rooms: 26,
                ..
            }
        ));
        let e = check(&|p| p.enemies_pct = 101, "0 to 100");
        assert!(matches!(
            e,
            DungeonError::PercentOutOfRange {
                what: "enemies",
                value: 101
            }
        ));
        let e = check(&|p| p.proposals = 0, "1 to 16");
        assert!(matches!(
            e,
            DungeonError::ProposalsOutOfRange { proposals: 0 }
        ));
        let e = check(&|p| p.loops = 99, "0 to 20");
        assert!(matches!(
            e,
            DungeonError::TooManyExtras {
                what: "loops",
                count: 99,
                max: 20
            }
        ));
        let e = check(&|p| p.traps = 99, "0 to 50");
        assert!(matches!(
            e,
            DungeonError::TooManyExtras {
                what: "traps",
                count: 99,
                max: 50
            }
        ));
        let e = check(&|p| p.corridor_width = 4, "allowed: 1 to 3");
        assert_eq!(e, DungeonError::CorridorWidthOutOfRange { width: 4 });
        check(&|p| p.corridor_width = 0, "allowed: 1 to 3");
        let e = check(&|p| p.ga.mutation_rate = 2.0, "0 to 1");
        assert!(matches!(e, DungeonError::MutationRateOutOfRange { .. }));
        assert!(
            generate(
                &{
                    let mut p = ok.clone();
                    p.width = 5;
                    p
                },
                1
            )
            .is_err()
        );
        let e = "huge".parse::<Size>().unwrap_err();
        assert_eq!(
            e,
            DungeonError::UnknownSize {
                text: "huge".into()
            }
        );
        assert_eq!(
            e.to_string(),
            "unknown size 'huge'; allowed: small, medium, large"
        );
    }
}
