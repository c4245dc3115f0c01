//! The generator's own validity rules: room count in range, rooms inside
//! the grid, no two rooms overlapping or touching without a wall between
//! them, and one connected dungeon.

use super::grid::Grid;
use super::layout_ga::LayoutRules;
use super::room::Room;

/// Whether the rooms satisfy the rules: count in range, all inside the
/// grid, no overlaps (floors at least one wall cell apart).
pub fn rooms_are_valid(rooms: &[Room], rules: &LayoutRules) -> bool {
    if rooms.len() < rules.min_rooms || rooms.len() > rules.max_rooms {
        return false;
    }
    rooms
        .iter()
        .enumerate()
        .all(|(i, r)| r.fits(&rooms[i + 1..], rules.width, rules.height))
}

/// Whether every room can be reached on foot from the first room
/// (flood fill over walkable cells: floor, corridors, doors, traps). A
/// room is reached when a walkable cell of its rectangle is (a cave's
/// rectangle also holds wall and rock); a room with no walkable cell on
/// the grid is never reached.
pub fn is_connected(grid: &Grid, rooms: &[Room]) -> bool {
    let Some(first) = rooms.first() else {
        return true;
    };
    let (w, h) = (grid.width(), grid.height());
    let cells_of = |r: &Room| {
        let (l, t, rt, b) = (r.left(), r.top(), r.right().min(w), r.bottom().min(h));
        (t..b).flat_map(move |y| (l..rt).map(move |x| y * w + x))
    };
    let Some(start) = cells_of(first).find(|&i| grid.cells()[i].is_walkable()) else {
        return false;
    };
    let mut seen = vec![false; w * h];
    let mut stack = vec![start];
    seen[start] = true;
    while let Some(i) = stack.pop() {
        let (x, y) = grid.coords(i);
        let nbs = [
            (x > 0).then(|| i - 1),
            (x + 1 < w).then_some(i + 1),
            (y > 0).then(|| i - w),
            (y + 1 < h).then_some(i + w),
        ];
        for j in nbs.into_iter().flatten() {
            if !seen[j] && grid.cells()[j].is_walkable() {
                seen[j] = true;
                stack.push(j);
            }
        }
    }
    rooms.iter().all(|r| cells_of(r).any(|i| seen[i]))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::dungeon::grid::DungeonTile;
    use crate::dungeon::room::RoomShape;

    fn rules() -> LayoutRules {
        LayoutRules {
            width: 30,
            height: 30,
            min_rooms: 2,
            max_rooms: 3,
            shape: RoomShape::for_grid(30, 30),
            style: Default::default(),
            corridor_width: 1,
            parallel: false,
        }
    }

    #[test]
    fn room_rules() {
        let a = Room::new(2, 2, 4, 4);
        let b = Room::new(10, 10, 4, 4);
        assert!(rooms_are_valid(&[a, b], &rules()));
        assert!(!rooms_are_valid(&[a], &rules()), "too few");
        assert!(!rooms_are_valid(&[a, b, b], &rules()), "overlap");
        assert!(!rooms_are_valid(&[a, Room::new(27, 2, 3, 3)], &rules()));
    }

    #[test]
    fn connectivity() {
        let mut g = Grid::new(10, 3);
        let a = Room::new(1, 1, 1, 1);
        let b = Room::new(8, 1, 1, 1);
        for x in 1..9 {
            g.set(x, 1, DungeonTile::Corridor);
        }
        g.set(1, 1, DungeonTile::Floor);
        g.set(8, 1, DungeonTile::Floor);
        assert!(is_connected(&g, &[a, b]));
        g.set(5, 1, DungeonTile::Wall);
        assert!(!is_connected(&g, &[a, b]));
        let off = Room::new(10, 1, 1, 1);
        assert!(!is_connected(&g, &[off, a]));
        assert!(!is_connected(&g, &[a, off]));
    }
}
