//! [`DungeonError`]: every setting, text or saved grid the dungeon domain
//! refuses, as a value a caller can match on; its text says what is
//! allowed.

use super::{
    CELLS_PER_ROOM, MAX_CORRIDOR_WIDTH, MAX_GENERATIONS, MAX_POPULATION, MAX_PROPOSALS, MAX_ROOMS,
    MAX_SIDE, MIN_POPULATION, MIN_ROOMS, MIN_SIDE, stock::MAX_KEYS,
};
use std::fmt;

/// Why a dungeon request or a saved grid was refused.
#[derive(Clone, Debug, PartialEq)]
#[cfg_attr(feature = "bevy_reflect", derive(bevy_reflect::Reflect))]
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
    /// A contents table that is not valid RON of the expected shape.
    ContentsSyntax {
        /// Line of the problem (1-based).
        line: usize,
        /// Column of the problem (1-based).
        column: usize,
        /// What the RON reader found wrong.
        message: String,
    },
    /// A contents table with an empty list.
    ContentsEmpty {
        /// `"enemies"`, `"treasures"` or `"dressings"`.
        list: &'static str,
    },
    /// A contents table with two entries of the same name in one list.
    ContentsDuplicate {
        /// `"enemies"`, `"treasures"` or `"dressings"`.
        list: &'static str,
        /// The name given twice.
        name: String,
    },
    /// A party level or size outside its range.
    PartyRange {
        /// The flag (`"--party-level"`, `"--party-size"`).
        name: &'static str,
        /// The value given.
        value: u32,
        /// Lowest allowed.
        lo: u32,
        /// Highest allowed.
        hi: u32,
    },
    /// A theme name that no shipped theme has.
    UnknownTheme {
        /// The name given.
        name: String,
        /// The names allowed, comma-separated.
        allowed: String,
    },
    /// A theme whose list is too short for variety.
    ThemeShort {
        /// The theme.
        theme: String,
        /// The list.
        field: &'static str,
        /// Entries found.
        found: usize,
        /// Entries needed.
        need: usize,
    },
    /// A contents table entry with a value out of range.
    ContentsValue {
        /// `"enemies"`, `"treasures"` or `"dressings"`.
        list: &'static str,
        /// The entry's name (`""` when the name itself is the problem).
        name: String,
        /// The field (`"challenge"`, `"group"`, `"value"`, …).
        field: &'static str,
        /// The value found.
        found: String,
        /// What is allowed.
        allowed: &'static str,
    },
    /// More keys asked for than allowed.
    TooManyKeys {
        /// The value given.
        keys: usize,
    },
    // --- Game-master edits (`edit/`) ---
    /// A room letter that names no room of the dungeon.
    UnknownRoom {
        /// The letter given.
        letter: char,
        /// The letters the dungeon has, e.g. `"A to F"`.
        allowed: String,
    },
    /// The same room asked for as entrance and final room.
    SameEnds {
        /// The letter given for both.
        letter: char,
        /// The letters the dungeon has, e.g. `"A to F"`.
        allowed: String,
    },
    /// An edited room whose walls would leave the map or its rock border.
    RoomOutOfMap {
        /// The room's letter.
        letter: char,
        /// Left floor column asked for.
        x: usize,
        /// Top floor row asked for.
        y: usize,
        /// Allowed left floor columns for its width (inclusive).
        x_range: (usize, usize),
        /// Allowed top floor rows for its height (inclusive).
        y_range: (usize, usize),
    },
    /// An edited room that would overlap or touch another room's floor.
    RoomTooClose {
        /// The edited room's letter.
        letter: char,
        /// The room it would clash with.
        other: char,
    },
    /// An edited room whose floor is too small or too large.
    RoomSideOutOfRange {
        /// The room's letter.
        letter: char,
        /// Floor width asked for.
        w: usize,
        /// Floor height asked for.
        h: usize,
        /// Smallest floor side allowed.
        min: usize,
        /// Largest floor side allowed.
        max: usize,
    },
    /// An edit that would leave too few or too many rooms.
    EditRoomCount {
        /// Rooms after the edit.
        count: usize,
        /// Fewest rooms allowed.
        min: usize,
        /// Most rooms allowed.
        max: usize,
    },
    /// A move, resize or delete of a pinned room.
    RoomPinned {
        /// The room's letter.
        letter: char,
    },
    /// No corridor network could connect every room after an edit.
    CannotConnect {
        /// The edited (or added) room's letter.
        letter: char,
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
            DungeonError::ContentsSyntax {
                line,
                column,
                message,
            } => write!(
                f,
                "contents table, line {line}, column {column} ({line}:{column}): {message}; \
                 expected (enemies: [(name: \"Goblin\", challenge: 2, group: (2, 5)), …], \
                 treasures: [(name: \"Gold coins\", value: 3), …], dressings: [(purpose: \
                 \"library\", lighting: [Dim], furniture: [\"…\"], senses: [\"…\"]), …])"
            ),
            DungeonError::ContentsEmpty { list } => write!(
                f,
                "the contents table has no {list}; allowed: a list of at least one"
            ),
            DungeonError::PartyRange {
                name,
                value,
                lo,
                hi,
            } => {
                write!(f, "{name} {value} is not allowed; allowed: {lo} to {hi}")
            }
            DungeonError::UnknownTheme { name, allowed } => write!(
                f,
                "unknown theme '{name}'; allowed: {allowed} (or none: the seed picks one)"
            ),
            DungeonError::ThemeShort {
                theme,
                field,
                found,
                need,
            } => write!(
                f,
                "theme '{theme}': {field} has {found} entries; allowed: at least {need}"
            ),
            DungeonError::ContentsDuplicate { list, name } => write!(
                f,
                "the contents table names '{name}' twice in {list}; allowed: each name once"
            ),
            DungeonError::ContentsValue {
                list,
                name,
                field,
                found,
                allowed,
            } => write!(
                f,
                "contents table, {list} '{name}': {field} {found} is not allowed; allowed: {allowed}"
            ),
            DungeonError::TooManyKeys { keys } => {
                write!(f, "{keys} keys is too many; allowed: 0 to {MAX_KEYS}")
            }
            DungeonError::UnknownRoom { letter, allowed } => {
                write!(f, "there is no room '{letter}'; allowed: {allowed}")
            }
            DungeonError::SameEnds { letter, allowed } => write!(
                f,
                "room '{letter}' cannot be both the entrance and the final room; allowed: two \
                 different letters of {allowed}"
            ),
            DungeonError::RoomOutOfMap {
                letter,
                x,
                y,
                x_range,
                y_range,
            } => write!(
                f,
                "room {letter} at ({x}, {y}) leaves the map (walls inside, one rock cell \
                 around); allowed: x {} to {}, y {} to {}",
                x_range.0, x_range.1, y_range.0, y_range.1
            ),
            DungeonError::RoomTooClose { letter, other } => write!(
                f,
                "room {letter} would overlap or touch room {other}; allowed: floors at least \
                 one wall cell apart"
            ),
            DungeonError::RoomSideOutOfRange {
                letter,
                w,
                h,
                min,
                max,
            } => write!(
                f,
                "room {letter} of {w}x{h} cells; allowed: floor sides {min} to {max}"
            ),
            DungeonError::EditRoomCount { count, min, max } => write!(
                f,
                "{count} rooms after this edit; allowed: {min} to {max} rooms"
            ),
            DungeonError::RoomPinned { letter } => write!(
                f,
                "room {letter} is pinned; unpin it first to move, resize or delete it"
            ),
            DungeonError::CannotConnect { letter } => write!(
                f,
                "no corridors could connect every room with room {letter} there; allowed: \
                 a place that leaves a way around the other rooms"
            ),
        }
    }
}

impl std::error::Error for DungeonError {}
