//! What a dungeon level must hold before anything uses it: a grid within
//! the sides generation makes, rooms inside it (as many as generation
//! makes), entrance, final and key rooms that exist, locks and route steps
//! that point at rooms and cells of the map, and a corridor width
//! generation allows. [`Level::validate`](super::Level::validate) runs it
//! on every load, so no command meets a dungeon that could make it index
//! out of bounds or allocate past its budget.

use crate::dungeon::{Dungeon, MAX_CORRIDOR_WIDTH, MAX_KEYS, MAX_ROOMS, MAX_SIDE};

/// `Ok` when `d` is a dungeon the program can use; the error names the
/// field and what is allowed.
///
/// ```
/// use evoboard::dungeon::{DungeonParams, Size, generate};
/// let mut d = generate(&DungeonParams::for_size(Size::Small), 1).unwrap().remove(0);
/// assert!(evoboard::level::check_dungeon(&d).is_ok());
/// d.entrance = 99;
/// let e = evoboard::level::check_dungeon(&d).unwrap_err();
/// assert!(e.contains("entrance 99"), "{e}");
/// ```
pub fn check_dungeon(d: &Dungeon) -> Result<(), String> {
    let (w, h) = (d.width(), d.height());
    if !(1..=MAX_SIDE).contains(&w) || !(1..=MAX_SIDE).contains(&h) {
        return Err(format!(
            "dungeon grid is {w}×{h}; allowed: 1 to {MAX_SIDE} cells a side"
        ));
    }
    let n = d.rooms.len();
    if !(1..=MAX_ROOMS).contains(&n) {
        return Err(format!(
            "dungeon has {n} rooms; allowed: 1 to {MAX_ROOMS} (one letter each)"
        ));
    }
    for (k, r) in d.rooms.iter().enumerate() {
        let (x, y, rw, rh) = (
            usize::from(r.x),
            usize::from(r.y),
            usize::from(r.w),
            usize::from(r.h),
        );
        if rw == 0 || rh == 0 || x + rw > w || y + rh > h {
            return Err(format!(
                "room {k} ({}) at x {x}, y {y}, {rw}×{rh} does not lie inside the {w}×{h} grid \
                 (a room is at least 1×1 and ends by column {w} and row {h})",
                r.letter.escape_debug()
            ));
        }
    }
    let room = |what: &str, i: usize| {
        if i < n {
            Ok(())
        } else {
            Err(format!(
                "{what} {i} is not a room: rooms are numbered 0 to {}",
                n - 1
            ))
        }
    };
    room("entrance", d.entrance)?;
    room("final_room", d.final_room)?;
    if d.locks.len() > MAX_KEYS {
        return Err(format!(
            "dungeon has {} locks; allowed: at most {MAX_KEYS}",
            d.locks.len()
        ));
    }
    for l in &d.locks {
        room("key_room", l.key_room)?;
        let (x, y) = (usize::from(l.door.0), usize::from(l.door.1));
        if x >= w || y >= h {
            return Err(format!(
                "a locked door at ({x}, {y}) lies outside the {w}×{h} grid"
            ));
        }
    }
    for s in d.pacing.main_path.iter().chain(&d.pacing.side_rooms) {
        room("a route step's room", s.room)?;
    }
    if !(1..=MAX_CORRIDOR_WIDTH).contains(&d.corridor_width) {
        return Err(format!(
            "corridor_width {} is not allowed: 1 to {MAX_CORRIDOR_WIDTH}",
            d.corridor_width
        ));
    }
    Ok(())
}
