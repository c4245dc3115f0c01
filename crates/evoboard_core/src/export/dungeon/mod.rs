//! Export a dungeon level for the table: a `png` at a chosen number of
//! pixels per cell (70 by default, the virtual-tabletop grid), an `svg`,
//! a Universal VTT file (`vtt`, `.dd2vtt`), a Markdown room key (`key`)
//! and a printed page (`pdf`: map, key and wandering monsters, or the
//! players' handout; [`page`]). Engine-free; everything is drawn from the grid's cells, so
//! irregular cave rooms and corridors two or three cells wide come out as
//! they are.
//!
//! Shared here: the door runs (adjacent door cells form one door), which
//! room a floor cell belongs to, and the pixels-per-cell limits.
//!
//! ```
//! use evoboard_core::dungeon::{generate_proposal, DungeonParams, Size};
//! use evoboard_core::export::dungeon::{door_runs, room_key, svg};
//! let d = generate_proposal(&DungeonParams::for_size(Size::Small), 7, 0).unwrap();
//! let picture = svg(&d, 20).unwrap();
//! assert_eq!(picture.matches(r#"class="room-letter""#).count(), d.rooms.len());
//! assert_eq!(room_key(&d).lines().filter(|l| l.starts_with("# ")).count(), d.rooms.len());
//! assert!(!door_runs(&d).is_empty());
//! ```

pub mod crop;
pub mod key;
pub mod legend;
pub mod look;
#[cfg(feature = "pdf")]
pub mod page;
pub mod paper;
#[cfg(feature = "png")]
pub mod png;
pub mod svg;
pub mod vtt;
pub mod walls;

pub use key::{Exit, ExitText, KeyText, RoomText, exits, key_text, room_key};
pub use look::{Colours, Look, MapView, PrintStyle, players_copy, secret_only_cells};
#[cfg(feature = "pdf")]
pub use page::dungeon_pages;
pub use paper::{MAX_PAGES, PageSetup, Paper, parse_pages};
#[cfg(feature = "png")]
pub use png::{png, png_look};
pub use svg::{svg, svg_look};
pub use vtt::{vtt, vtt_look};

use super::ExportError;
pub use crate::dungeon::DoorRun;
use crate::dungeon::Dungeon;

/// Pixels per cell when none are asked for: the usual virtual-tabletop grid.
pub const DEFAULT_PIXELS_PER_CELL: u32 = 70;
/// Fewest pixels per cell allowed.
pub const MIN_PIXELS_PER_CELL: u32 = 8;
/// Most pixels per cell allowed.
pub const MAX_PIXELS_PER_CELL: u32 = 200;

/// `Ok` when `ppc` is within [`MIN_PIXELS_PER_CELL`] to
/// [`MAX_PIXELS_PER_CELL`], else [`ExportError::PixelsPerCell`].
pub fn check_pixels_per_cell(ppc: u32) -> Result<(), ExportError> {
    if (MIN_PIXELS_PER_CELL..=MAX_PIXELS_PER_CELL).contains(&ppc) {
        Ok(())
    } else {
        Err(ExportError::PixelsPerCell { given: ppc })
    }
}

/// The dungeon's doors ([`Dungeon::door_runs`]: runs of adjacent door
/// cells, in reading order of their first cell), as every export draws
/// and lists them.
pub fn door_runs(d: &Dungeon) -> Vec<DoorRun> {
    d.door_runs()
}

/// For every cell (row-major), the index of the room whose floor it is
/// ([`Dungeon::floor_owners`]).
pub fn floor_owners(d: &Dungeon) -> Vec<Option<usize>> {
    d.floor_owners()
}

/// Indices of the rooms that hold a key (from [`Dungeon::locks`]).
pub fn key_rooms(d: &Dungeon) -> Vec<usize> {
    let mut k: Vec<usize> = d.locks.iter().map(|l| l.key_room).collect();
    k.sort_unstable();
    k.dedup();
    k
}

/// Whether `p(x, y)` holds for a cell of the 3 × 3 block round
/// `(x, y)` (the cell and its eight neighbours) in a `w × h` grid.
pub(crate) fn any_around(
    (w, h): (usize, usize),
    (x, y): (usize, usize),
    p: impl Fn(usize, usize) -> bool,
) -> bool {
    (y.saturating_sub(1)..=(y + 1).min(h - 1))
        .any(|ny| (x.saturating_sub(1)..=(x + 1).min(w - 1)).any(|nx| p(nx, ny)))
}

/// A room's letter cell centre in cell units (the middle of
/// [`Dungeon::room_centre`]'s cell).
pub(crate) fn letter_point(d: &Dungeon, room: usize) -> (f64, f64) {
    let (x, y) = d.room_centre(&d.rooms[room]);
    (x as f64 + 0.5, y as f64 + 0.5)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::dungeon::{DungeonRoom, Grid, Lighting, Lock};

    /// Two rooms joined by a corridor two cells wide: door runs of two.
    pub(crate) fn wide() -> Dungeon {
        let rows = [
            "              ",
            " wwwww        ",
            " w...w        ",
            " w...w        ",
            " w...w        ",
            " ww//w        ",
            "   cc         ",
            "   ccccccc    ",
            "   ccccccc    ",
            "       w//ww  ",
            "       w...w  ",
            "       w...w  ",
            "       wwwww  ",
            "              ",
        ];
        let room = |letter, x, y, w, h| DungeonRoom {
            letter,
            x,
            y,
            w,
            h,
            lighting: Lighting::Bright,
            ..DungeonRoom::default()
        };
        Dungeon {
            grid: Grid::from_rows(&rows).unwrap(),
            rooms: vec![room('A', 2, 2, 3, 3), room('B', 8, 10, 3, 2)],
            entrance: 0,
            final_room: 1,
            fitness: 0.0,
            contents_fitness: 0.0,
            metrics: Default::default(),
            seed: 0,
            pacing: Default::default(),
            locks: vec![Lock {
                door: (3, 5),
                key_room: 1,
            }],
            style: Default::default(),
            corridor_width: 2,
            traps: Vec::new(),
            secret_doors: Vec::new(),
            adventure: Default::default(),
        }
    }

    #[test]
    fn wide_doors_are_one_run_each() {
        let d = wide();
        let runs = door_runs(&d);
        assert_eq!(runs.len(), 2);
        assert_eq!(runs[0].cells().collect::<Vec<_>>(), vec![(3, 5), (4, 5)]);
        assert!(runs[0].along_x());
        assert_eq!(runs[0].bounds(), [(3.0, 5.5), (5.0, 5.5)]);
        assert_eq!(runs[1].cells().collect::<Vec<_>>(), vec![(8, 9), (9, 9)]);
        assert!(runs[1].along_x());
        let ex = exits(&d);
        assert_eq!(ex[0].len(), 1);
        assert_eq!((ex[0][0].side, ex[0][0].locked), ('S', true));
        assert_eq!(ex[0][0].rooms, vec![1]);
        assert_eq!(ex[1][0].rooms, vec![0]);
        let key = room_key(&d);
        assert!(
            key.contains("- south, to room B: locked door at D6–E6"),
            "{key}"
        );
        assert!(
            key.contains("key room (key to the locked door at D6)"),
            "{key}"
        );
        let v = vtt::data(&d, 30);
        assert_eq!(v["portals"].as_array().unwrap().len(), 2);
        assert_eq!(v["lights"].as_array().unwrap().len(), 2);
        let s = svg(&d, 30).unwrap();
        assert_eq!(s.matches(r#"class="lock""#).count(), 1);
        assert_eq!(s.matches(r#"class="key-room""#).count(), 1);
        assert!(svg(&d, 7).is_err());
    }
}
