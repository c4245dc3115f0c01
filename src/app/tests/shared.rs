//! Helpers of the app's tests that need only the library, shared by the
//! binary's unit tests (`src/app/tests`) and the window tests
//! (`tests/app`, which include this file by path).

use evoboard_core::dungeon::{Dungeon, DungeonEdit, DungeonParams};
use evoboard_core::level::{Level, LevelMap};
use evoboard_core::puzzle::{Square, count_solutions};
use std::path::Path;

/// A move of room `letter` the core accepts, as far from where it is as
/// possible (searched with the core's own `apply`).
pub fn valid_move(d: &Dungeon, letter: char, params: &DungeonParams) -> (u16, u16) {
    let r = d.room(letter).unwrap().rect();
    let mut best = None;
    for y in 1..d.height() as u16 {
        for x in 1..d.width() as u16 {
            let far = (x as i32 - r.x as i32).abs() + (y as i32 - r.y as i32).abs();
            if far < 4 || best.is_some_and(|(f, _)| f >= far) {
                continue;
            }
            let edit = DungeonEdit::Move { room: letter, x, y };
            if d.clone().apply(&edit, params).is_ok() {
                best = Some((far, (x, y)));
            }
        }
    }
    best.unwrap_or_else(|| panic!("no place to move room {letter}"))
        .1
}

/// The saved level's puzzle has exactly one solution and holds `givens`.
pub fn check_level(path: &Path, givens: &[(usize, usize, Square)]) {
    let level = Level::load(path).unwrap();
    assert_eq!(
        level.generator.algorithm,
        evoboard_core::puzzle::HAND_ALGORITHM
    );
    let LevelMap::Puzzle(p) = level.map else {
        panic!("not a puzzle level");
    };
    let cells = p.cells_board().unwrap();
    let s = count_solutions(&cells, 2);
    assert_eq!(s.count, 1, "the saved puzzle is not unique:\n{cells}");
    assert_eq!(s.solution.unwrap(), p.solution_board().unwrap());
    for &(r, c, v) in givens {
        assert_eq!(cells.get(r, c), v, "({r}, {c}) lost");
    }
}

pub const GIVENS: [(usize, usize, Square); 4] = [
    (0, 0, Square::X),
    (0, 1, Square::O),
    (2, 2, Square::Blocked),
    (3, 4, Square::X),
];
