//! Digging helpers of the corridor builder: walking back along the
//! distance field's parent links, keeping corridors one cell wide, and
//! the cells around a room's walls.

use super::{Corridor, CorridorKind, NONE};
use crate::dungeon::grid::DungeonTile;
use crate::dungeon::room::Room;

/// How many of the four neighbours of interior cell `i` are corridor.
#[inline]
pub(super) fn corridor_neighbours(grid: &[DungeonTile], i: usize, w: usize) -> usize {
    [i - 1, i + 1, i - w, i + w]
        .into_iter()
        .filter(|&n| grid[n].is_corridor())
        .count()
}

/// Keep corridors one cell wide: where four corridor cells form a 2×2
/// block (a new corridor cutting the inside corner of an old bend), turn
/// back to rock a block cell whose only walkable neighbours are in the
/// block (the other three stay connected). Returns false if a block has
/// no such cell.
pub(super) fn narrow_corridors(grid: &mut [DungeonTile], cells: &[u32], w: usize) -> bool {
    let walk = |g: &[DungeonTile], i: usize| g[i].is_walkable();
    for &c in cells {
        let c = c as usize;
        // The blocks `c` belongs to: top-left corners c, c-1, c-w, c-w-1.
        for tl in [c, c - 1, c - w, c - w - 1] {
            let block = [tl, tl + 1, tl + w, tl + w + 1];
            if !block.iter().all(|&b| grid[b].is_corridor()) {
                continue;
            }
            let removable = block.into_iter().find(|&b| {
                [b - 1, b + 1, b - w, b + w]
                    .into_iter()
                    .all(|n| block.contains(&n) || !walk(grid, n))
                    && grid[b] == DungeonTile::Corridor
            });
            match removable {
                Some(b) => grid[b] = DungeonTile::Rock,
                None => return false,
            }
        }
    }
    true
}

/// Call `f(wall, outside)` for every side wall cell of `r` (corners
/// excluded) with the cell just outside it.
#[inline]
pub(super) fn for_each_exit(r: &Room, w: usize, mut f: impl FnMut(usize, usize)) {
    let (l, t, rt, b) = (r.left(), r.top(), r.right(), r.bottom());
    for x in l..rt {
        f((t - 1) * w + x, (t - 2) * w + x);
        f(b * w + x, (b + 1) * w + x);
    }
    for y in t..b {
        f(y * w + l - 1, y * w + l - 2);
        f(y * w + rt, y * w + rt + 1);
    }
}

/// Dig from `last` back along `parent` links ([`dig_back`]) and record
/// the new cells as one corridor of `kind`; returns its first index in
/// `cells`.
pub(super) fn dig_corridor(
    grid: &mut [DungeonTile],
    parent: &[u32],
    last: usize,
    kind: CorridorKind,
    cells: &mut Vec<u32>,
    corridors: &mut Vec<Corridor>,
) -> u32 {
    let start = cells.len() as u32;
    dig_back(grid, parent, last, cells);
    corridors.push(Corridor {
        kind,
        start,
        len: cells.len() as u32 - start,
    });
    start
}

/// Dig from `last` back along `parent` links: rock becomes corridor, the
/// walk stops at an existing corridor or turns the starting wall into a
/// door.
pub(super) fn dig_back(grid: &mut [DungeonTile], parent: &[u32], last: usize, out: &mut Vec<u32>) {
    let mut cur = last;
    loop {
        match grid[cur] {
            DungeonTile::Rock => {
                grid[cur] = DungeonTile::Corridor;
                out.push(cur as u32);
                let p = parent[cur];
                if p == NONE {
                    break;
                }
                cur = p as usize;
            }
            DungeonTile::Wall => {
                grid[cur] = DungeonTile::Door;
                break;
            }
            _ => break,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::dungeon::Grid;

    #[test]
    fn inside_corners_are_cut_back() {
        // An old bend (c) and a new corridor (n) filling its inside corner.
        let rows = ["      ", " ccc  ", " cn   ", " cn   ", "      "];
        let mut g = Grid::from_rows(&rows.map(|r| r.replace('n', "c"))).unwrap();
        let w = g.width();
        let cells: Vec<u32> = (0..g.cells().len() as u32)
            .filter(|&i| g.cells()[i as usize].is_corridor())
            .collect();
        assert!(narrow_corridors(g.cells_mut(), &cells, w));
        assert_eq!(g.get(1, 1), DungeonTile::Rock, "{:?}", g.rows());
        // A block whose every cell leads on elsewhere cannot be narrowed.
        let rows = ["      ", "  c   ", "  ccc ", " ccc  ", "   c  ", "      "];
        let mut g = Grid::from_rows(&rows).unwrap();
        let cells: Vec<u32> = (0..g.cells().len() as u32)
            .filter(|&i| g.cells()[i as usize].is_corridor())
            .collect();
        assert!(!narrow_corridors(g.cells_mut(), &cells, w));
    }
}
