//! [`Invalid`]: why a value from outside — a level file's board, dungeon
//! or puzzle, its stored generator settings, a name — is refused: the part
//! that broke its rules, as a value a caller can match, and a sentence
//! that names the field and says what is allowed.

use std::fmt;

/// The part of a value that broke its rules.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Part {
    /// A Terra Mystica or Catan board: its shape, tile set or harbours.
    Board,
    /// A dungeon map: grid, rooms, entrance and final room, keys, route,
    /// traps; or a dungeon that does not hold what its request asked for.
    Dungeon,
    /// A puzzle: cells, solution, sizes, grades.
    Puzzle,
    /// The generator settings a level stores (their names and ranges).
    Settings,
    /// A player's name.
    Name,
}

/// A refused value: which [`Part`] and why.
///
/// ```
/// use evoboard_core::invalid::{Invalid, Part};
/// let e = Invalid::new(Part::Name, "a name is 1 to 40 characters");
/// assert_eq!(e.part, Part::Name);
/// assert_eq!(e.to_string(), "a name is 1 to 40 characters");
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Invalid {
    /// The part that broke its rules.
    pub part: Part,
    /// What was wrong and what is allowed, naming the field.
    pub message: String,
}

impl Invalid {
    /// `part` is refused for the reason `message`.
    pub fn new(part: Part, message: impl Into<String>) -> Invalid {
        Invalid {
            part,
            message: message.into(),
        }
    }
}

impl fmt::Display for Invalid {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)
    }
}

impl std::error::Error for Invalid {}
