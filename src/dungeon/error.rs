//! [`DungeonError`]: every setting, text or saved grid the dungeon domain
//! refuses, as a value a caller can match on; its text says what is
//! allowed.

use super::{
    CELLS_PER_ROOM, MAX_CORRIDOR_WIDTH, MAX_GENERATIONS, MAX_POPULATION, MAX_PROPOSALS, MAX_ROOMS,
    MAX_SIDE, MIN_POPULATION, MIN_ROOMS, MIN_SIDE,
};
use std::fmt;

/// Why a dungeon request or a saved grid was refused.
#[derive(Clone, Debug, PartialEq)]
pub enum DungeonError {
    /// A size name other than small, medium or large.
    UnknownSize {
        /// The text given.
        text: String,
    },
    /// A room count text that is not `MIN-MAX` or one number within
    /// 2..=26.
    RoomRangeSyntax {
        /// The text given.
        text: String,
    },
    /// A grid width or height outside 20..=200.
    SideOutOfRange {
        /// `"width"` or `"height"`.
        dimension: &'static str,
        /// The value given.
        value: usize,
    },
    /// A room range that is not `MIN <= MAX` with `MIN >= 2`.
    RoomRange {
        /// Fewest rooms asked for.
        min: usize,
        /// Most rooms asked for.
        max: usize,
    },
    /// More rooms than fit on the grid.
    TooManyRooms {
        /// Most rooms that fit.
        capacity: usize,
        /// Grid columns.
        width: usize,
        /// Grid rows.
        height: usize,
        /// Most rooms asked for.
        max_rooms: usize,
    },
    /// A percentage over 100.
    PercentOutOfRange {
        /// `"enemies"` or `"treasure"`.
        what: &'static str,
        /// The value given.
        value: u8,
    },
    /// A proposal count outside 1..=16.
    ProposalsOutOfRange {
        /// The value given.
        proposals: usize,
    },
    /// A chosen proposal (1-based) past the number of proposals.
    ChoiceOutOfRange {
        /// The proposal chosen, 1-based.
        choice: usize,
        /// How many proposals there are.
        proposals: usize,
    },
    /// More loops, dead ends, secret doors or traps than allowed.
    TooManyExtras {
        /// `"loops"`, `"dead ends"`, `"secret doors"` or `"traps"`.
        what: &'static str,
        /// The value given.
        count: usize,
        /// The most allowed.
        max: usize,
    },
    /// A generation count outside 1..=1000.
    GenerationsOutOfRange {
        /// The value given.
        generations: usize,
    },
    /// A corridor width outside 1..=3.
    CorridorWidthOutOfRange {
        /// The value given.
        width: u8,
    },
    /// A population outside 2..=500.
    PopulationOutOfRange {
        /// The value given.
        population: usize,
    },
    /// A mutation rate outside 0..=1.
    MutationRateOutOfRange {
        /// The value given.
        rate: f64,
    },
    /// No valid layout found for these rules.
    NoValidLayout {
        /// Fewest rooms asked for.
        min_rooms: usize,
        /// Grid columns.
        width: usize,
        /// Grid rows.
        height: usize,
    },
    /// A saved grid with no rows or no columns.
    EmptyGrid,
    /// A saved grid row whose length differs from the first row's.
    RaggedGrid {
        /// The row (0-based).
        row: usize,
        /// Its length.
        found: usize,
        /// The first row's length.
        expected: usize,
    },
    /// A saved grid cell whose symbol is not a tile's.
    UnknownTile {
        /// Column (0-based).
        x: usize,
        /// Row (0-based).
        y: usize,
        /// The symbol found.
        found: char,
    },
}

impl fmt::Display for DungeonError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            DungeonError::UnknownSize { text } => {
                write!(f, "unknown size '{text}'; allowed: small, medium, large")
            }
            DungeonError::RoomRangeSyntax { text } => write!(
                f,
                "rooms must be MIN-MAX like 5-10 (or one number), with \
                 {MIN_ROOMS} <= MIN <= MAX <= {MAX_ROOMS}; got '{text}'"
            ),
            DungeonError::SideOutOfRange { dimension, value } => write!(
                f,
                "{dimension} {value} is out of range; allowed: {MIN_SIDE} to {MAX_SIDE} cells"
            ),
            DungeonError::RoomRange { min, max } => write!(
                f,
                "rooms {min}-{max} is not a range; allowed: MIN-MAX with {MIN_ROOMS} <= MIN <= MAX"
            ),
            DungeonError::TooManyRooms {
                capacity,
                width,
                height,
                max_rooms,
            } => write!(
                f,
                "at most {capacity} rooms fit on a {width}x{height} grid (one room per \
                 {CELLS_PER_ROOM} cells, never more than {MAX_ROOMS}, one letter each); \
                 got {max_rooms}"
            ),
            DungeonError::PercentOutOfRange { what, value } => {
                write!(f, "{what} {value} % is out of range; allowed: 0 to 100")
            }
            DungeonError::ProposalsOutOfRange { proposals } => write!(
                f,
                "{proposals} proposals is out of range; allowed: 1 to {MAX_PROPOSALS}"
            ),
            DungeonError::ChoiceOutOfRange { choice, proposals } => write!(
                f,
                "proposal {choice} does not exist; allowed: 1 to {proposals} (the number of proposals)"
            ),
            DungeonError::TooManyExtras { what, count, max } => {
                write!(f, "{count} {what} is too many; allowed: 0 to {max}")
            }
            DungeonError::GenerationsOutOfRange { generations } => write!(
                f,
                "{generations} generations; allowed: 1 to {MAX_GENERATIONS}"
            ),
            DungeonError::CorridorWidthOutOfRange { width } => write!(
                f,
                "corridor width {width} is out of range; allowed: 1 to {MAX_CORRIDOR_WIDTH} cells"
            ),
            DungeonError::PopulationOutOfRange { population } => write!(
                f,
                "population {population}; allowed: {MIN_POPULATION} to {MAX_POPULATION}"
            ),
            DungeonError::MutationRateOutOfRange { rate } => {
                write!(f, "mutation rate {rate}; allowed: 0 to 1")
            }
            DungeonError::NoValidLayout {
                min_rooms,
                width,
                height,
            } => write!(
                f,
                "could not fit {min_rooms} connected rooms on a {width}x{height} grid; ask for \
                 fewer rooms or a larger grid"
            ),
            DungeonError::EmptyGrid => {
                write!(f, "a dungeon grid needs at least one row and one column")
            }
            DungeonError::RaggedGrid {
                row,
                found,
                expected,
            } => write!(f, "grid row {row} has {found} cells, expected {expected}"),
            DungeonError::UnknownTile { x, y, found } => write!(
                f,
                "grid cell ({x}, {y}) is '{found}'; allowed: ' ' w . c / s t"
            ),
        }
    }
}

impl std::error::Error for DungeonError {}
