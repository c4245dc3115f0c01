//! Game-master edits of a finished dungeon: move, resize, delete, add and
//! pin rooms ([`DungeonEdit`], [`Dungeon::apply`]), resize handles
//! ([`Dungeon::room_edge_at`], [`Edge`]) and "evolve the rest" around the
//! pinned rooms ([`evolve_rest`]).
//!
//! Letters are stable: a moved or resized room keeps its letter, a deleted
//! room's letter is freed (the other rooms keep theirs, so letters may
//! have gaps), an added room takes the first free letter, and
//! [`Dungeon::rooms`] stays sorted by letter. After every accepted change
//! of the rooms the corridors (and the asked-for extras) are rebuilt and
//! the contents re-run; the entrance and final room stay the same rooms
//! while they exist.
//!
//! ```
//! use evoboard_core::dungeon::{generate_proposal, DungeonEdit, DungeonParams, Size};
//! let params = DungeonParams::for_size(Size::Small);
//! let mut d = generate_proposal(&params, 7, 0).unwrap();
//! d.apply(&DungeonEdit::Pin { room: 'A', pinned: true }, &params).unwrap();
//! // A pinned room cannot be moved.
//! let moved = DungeonEdit::Move { room: 'A', x: 3, y: 3 };
//! assert!(d.apply(&moved, &params).is_err());
//! ```

mod check;
mod evolve;
mod handles;
mod rebuild;
#[cfg(test)]
mod tests;

pub use check::edit_side_range;
pub use evolve::evolve_rest;
pub use handles::Edge;

use super::room::Room;
use super::{Dungeon, DungeonError, DungeonParams};
use check::{check_count, check_place, check_sides, first_free_letter};
use rebuild::{Slot, rebuild};
use serde::{Deserialize, Serialize};
use std::fmt;

/// One change a game master makes to a finished dungeon (serialisable, so
/// an edit history can be saved).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum DungeonEdit {
    /// Move a room so that its top-left floor cell is (`x`, `y`).
    Move {
        /// The room's letter.
        room: char,
        /// New left floor column.
        x: u16,
        /// New top floor row.
        y: u16,
    },
    /// Give a room a new floor rectangle.
    Resize {
        /// The room's letter.
        room: char,
        /// The new floor rectangle.
        rect: Room,
    },
    /// Delete a room (its letter becomes free).
    Delete {
        /// The room's letter.
        room: char,
    },
    /// Add a room; it takes the first free letter.
    Add {
        /// Its floor rectangle.
        rect: Room,
    },
    /// Pin or unpin a room ([`super::DungeonRoom::pinned`]): pinned rooms
    /// cannot be moved, resized or deleted and [`evolve_rest`] keeps them.
    Pin {
        /// The room's letter.
        room: char,
        /// Whether it is pinned afterwards.
        pinned: bool,
    },
}

impl DungeonEdit {
    /// The letter of the room the edit names (`None` for [`DungeonEdit::Add`]).
    pub fn room(&self) -> Option<char> {
        match *self {
            DungeonEdit::Move { room, .. }
            | DungeonEdit::Resize { room, .. }
            | DungeonEdit::Delete { room }
            | DungeonEdit::Pin { room, .. } => Some(room),
            DungeonEdit::Add { .. } => None,
        }
    }
}

/// A short label for undo/redo lists.
///
/// ```
/// use evoboard_core::dungeon::{DungeonEdit, Room};
/// assert_eq!(DungeonEdit::Move { room: 'C', x: 4, y: 9 }.to_string(), "move room C to (4, 9)");
/// let add = DungeonEdit::Add { rect: Room::new(3, 4, 5, 6) };
/// assert_eq!(add.to_string(), "add a 5x6 room at (3, 4)");
/// ```
impl fmt::Display for DungeonEdit {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            DungeonEdit::Move { room, x, y } => write!(f, "move room {room} to ({x}, {y})"),
            DungeonEdit::Resize { room, rect } => write!(
                f,
                "resize room {room} to {}x{} at ({}, {})",
                rect.w, rect.h, rect.x, rect.y
            ),
            DungeonEdit::Delete { room } => write!(f, "delete room {room}"),
            DungeonEdit::Add { rect } => write!(
                f,
                "add a {}x{} room at ({}, {})",
                rect.w, rect.h, rect.x, rect.y
            ),
            DungeonEdit::Pin { room, pinned: true } => write!(f, "pin room {room}"),
            DungeonEdit::Pin {
                room,
                pinned: false,
            } => write!(f, "unpin room {room}"),
        }
    }
}

impl Dungeon {
    /// Apply one GM edit: check it (inside the map with the border rule,
    /// spacing to other rooms, room count 2..=26, floor sides in
    /// [`edit_side_range`]), rebuild corridors (and the extras of
    /// `params`) around the rooms, re-run the contents; the entrance and
    /// final room stay the same rooms when they still exist (else they are
    /// picked anew). `Err` leaves `self` untouched; an edit that changes
    /// nothing (a move to the same place, a pin that is already set)
    /// changes nothing. The grid size is the dungeon's (`params` gives the
    /// extras, the contents percentages and the GA settings).
    ///
    /// ```
    /// # use evoboard_core::dungeon::{generate_proposal, DungeonEdit, DungeonParams, Room, Size};
    /// let params = DungeonParams::for_size(Size::Small);
    /// let mut d = generate_proposal(&params, 7, 0).unwrap();
    /// let before = d.clone();
    /// // Overlapping room A: refused, nothing changes.
    /// let a = d.rooms[0].rect();
    /// assert!(d.apply(&DungeonEdit::Add { rect: a }, &params).is_err());
    /// assert_eq!(d, before);
    /// ```
    pub fn apply(
        &mut self,
        edit: &DungeonEdit,
        params: &DungeonParams,
    ) -> Result<(), DungeonError> {
        let (w, h) = (self.width(), self.height());
        let mut slots: Vec<Slot> = self.rooms.iter().map(Slot::of).collect();
        let edited = match *edit {
            DungeonEdit::Pin { room, pinned } => {
                let i = self.index_of(room)?;
                self.rooms[i].pinned = pinned;
                return Ok(());
            }
            DungeonEdit::Move { room, x, y } => {
                let i = self.unpinned_index(room)?;
                let rect = Room {
                    x,
                    y,
                    ..slots[i].rect
                };
                check_place(slots[i].letter, &rect, &slots, Some(i), w, h)?;
                slots[i].rect = rect;
                slots[i].letter
            }
            DungeonEdit::Resize { room, rect } => {
                let i = self.unpinned_index(room)?;
                check_sides(slots[i].letter, &rect, w, h)?;
                check_place(slots[i].letter, &rect, &slots, Some(i), w, h)?;
                slots[i].rect = rect;
                slots[i].letter
            }
            DungeonEdit::Delete { room } => {
                let i = self.unpinned_index(room)?;
                check_count(slots.len() - 1)?;
                slots.remove(i).letter
            }
            DungeonEdit::Add { rect } => {
                check_count(slots.len() + 1)?;
                let letter = first_free_letter(&slots);
                check_sides(letter, &rect, w, h)?;
                check_place(letter, &rect, &slots, None, w, h)?;
                let at = slots.partition_point(|s| s.letter < letter);
                slots.insert(
                    at,
                    Slot {
                        letter,
                        rect,
                        pinned: false,
                    },
                );
                letter
            }
        };
        let unchanged = slots.len() == self.rooms.len()
            && slots
                .iter()
                .zip(&self.rooms)
                .all(|(s, r)| s.rect == r.rect());
        if unchanged {
            return Ok(());
        }
        params.validate()?;
        let ends = (
            self.entrance_room().map(|r| r.letter),
            self.final_room().map(|r| r.letter),
        );
        *self = rebuild(w, h, &slots, ends, params, self.seed, edited)?;
        Ok(())
    }

    /// The room under cell (`x`, `y`) and where on it the cell is: on its
    /// floor ([`Edge::Inside`], to move it) or on its wall ring (a side or
    /// a corner, to resize it). Floors win over walls; a wall shared by
    /// two touching rooms belongs to the room earlier in letter order.
    ///
    /// ```
    /// # use evoboard_core::dungeon::{generate_proposal, DungeonParams, Edge, Size};
    /// let d = generate_proposal(&DungeonParams::for_size(Size::Small), 7, 0).unwrap();
    /// let r = &d.rooms[0];
    /// let (x, y) = (r.x as usize, r.y as usize);
    /// assert_eq!(d.room_edge_at(x, y), Some((0, Edge::Inside)));
    /// assert_eq!(d.room_edge_at(x - 1, y - 1), Some((0, Edge::TopLeft)));
    /// ```
    pub fn room_edge_at(&self, x: usize, y: usize) -> Option<(usize, Edge)> {
        if let Some(i) = self.room_at(x, y) {
            return Some((i, Edge::Inside));
        }
        self.rooms
            .iter()
            .enumerate()
            .find_map(|(i, r)| Edge::of_wall(&r.rect(), x, y).map(|e| (i, e)))
    }

    /// The index of the room lettered `letter` (either case), or
    /// [`DungeonError::UnknownRoom`] listing the letters.
    pub(crate) fn index_of(&self, letter: char) -> Result<usize, DungeonError> {
        let up = letter.to_ascii_uppercase();
        self.rooms
            .iter()
            .position(|r| r.letter == up)
            .ok_or_else(|| DungeonError::UnknownRoom {
                letter,
                allowed: self.letter_list(),
            })
    }

    /// The letters as an error lists them: `"A to F"` when they run
    /// without a gap, else `"A, B, D or E"`.
    pub(crate) fn letter_list(&self) -> String {
        let (Some(first), Some(last)) = (self.rooms.first(), self.rooms.last()) else {
            return "no rooms".to_string();
        };
        let contiguous = self
            .rooms
            .windows(2)
            .all(|p| p[1].letter as u32 == p[0].letter as u32 + 1);
        if contiguous && self.rooms.len() > 2 {
            return format!("{} to {}", first.letter, last.letter);
        }
        let mut out = String::new();
        for (i, r) in self.rooms.iter().enumerate() {
            if i > 0 {
                out.push_str(if i + 1 == self.rooms.len() {
                    " or "
                } else {
                    ", "
                });
            }
            out.push(r.letter);
        }
        out
    }

    fn unpinned_index(&self, letter: char) -> Result<usize, DungeonError> {
        let i = self.index_of(letter)?;
        if self.rooms[i].pinned {
            return Err(DungeonError::RoomPinned {
                letter: self.rooms[i].letter,
            });
        }
        Ok(i)
    }
}
