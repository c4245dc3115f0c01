//! The checks of a GM edit: floor sides, place on the map, spacing to the
//! other rooms, room count, and the first free letter.

use super::super::room::{Room, RoomShape};
use super::super::{DungeonError, MAX_ROOMS, MIN_ROOMS};
use super::rebuild::Slot;

/// Smallest and largest floor side a game master may give a room on a
/// `width × height` map: from the generator's smallest side (3) to twice
/// its largest (a GM may want a great hall), never more than fits inside
/// the map's border.
///
/// ```
/// use evoboard_core::dungeon::edit_side_range;
/// assert_eq!(edit_side_range(50, 50), (3, 14));
/// assert_eq!(edit_side_range(20, 20), (3, 8));
/// ```
pub fn edit_side_range(width: usize, height: usize) -> (usize, usize) {
    let shape = RoomShape::for_grid(width, height);
    let fits = width.min(height).saturating_sub(4);
    (shape.min_side, (2 * shape.max_side).min(fits))
}

/// Refuse a floor with a side outside [`edit_side_range`].
pub(super) fn check_sides(
    letter: char,
    rect: &Room,
    width: usize,
    height: usize,
) -> Result<(), DungeonError> {
    let (min, max) = edit_side_range(width, height);
    let (w, h) = (rect.w as usize, rect.h as usize);
    if w < min || h < min || w > max || h > max {
        return Err(DungeonError::RoomSideOutOfRange {
            letter,
            w,
            h,
            min,
            max,
        });
    }
    Ok(())
}

/// Refuse a room whose walls leave the map (floors at least 2 cells from
/// every edge) or that clashes with a room of `slots` other than `skip`.
pub(super) fn check_place(
    letter: char,
    rect: &Room,
    slots: &[Slot],
    skip: Option<usize>,
    width: usize,
    height: usize,
) -> Result<(), DungeonError> {
    let (x, y, w, h) = (
        rect.x as usize,
        rect.y as usize,
        rect.w as usize,
        rect.h as usize,
    );
    let x_max = width.saturating_sub(2 + w);
    let y_max = height.saturating_sub(2 + h);
    if x < 2 || y < 2 || x > x_max || y > y_max {
        return Err(DungeonError::RoomOutOfMap {
            letter,
            x,
            y,
            x_range: (2, x_max),
            y_range: (2, y_max),
        });
    }
    for (i, s) in slots.iter().enumerate() {
        if Some(i) != skip && rect.conflicts(&s.rect) {
            return Err(DungeonError::RoomTooClose {
                letter,
                other: s.letter,
            });
        }
    }
    Ok(())
}

/// Refuse a room count outside 2..=26.
pub(super) fn check_count(count: usize) -> Result<(), DungeonError> {
    if !(MIN_ROOMS..=MAX_ROOMS).contains(&count) {
        return Err(DungeonError::EditRoomCount {
            count,
            min: MIN_ROOMS,
            max: MAX_ROOMS,
        });
    }
    Ok(())
}

/// The first letter A-Z no slot uses (call only below 26 rooms).
pub(super) fn first_free_letter(slots: &[Slot]) -> char {
    ('A'..='Z')
        .find(|c| slots.iter().all(|s| s.letter != *c))
        .unwrap_or('Z')
}
