//! Growing a valid river network: connected, every river hex with 1 to 3
//! river neighbours, and every land hex keeping land neighbours.

use super::terrain::RIVER;
use crate::boards::{HexGrid, HexIndex};
use crate::rng::{Rng, RngExt};

/// Mark `count` hexes of `tiles` as river, grown as a branching tree from a
/// random source so that the network is connected and every river hex has
/// 1..=3 river neighbours, and so that every land hex keeps at least one
/// land neighbour (two where it has three or more neighbours). Other hexes
/// are set to `land`. Retries with new sources until it succeeds (returns
/// `false` only after `tries` failures).
pub fn grow_river(
    grid: &HexGrid,
    count: usize,
    land: u8,
    tiles: &mut [u8],
    rng: &mut Rng,
    tries: usize,
) -> bool {
    grow_river_around(grid, count, land, tiles, rng, tries, &[], &[])
}

/// [`grow_river`] around pinned hexes (`pinned`: one flag per hex, or
/// empty for none): pinned hexes whose `fixed` tile is river stay river
/// and count towards `count`, pinned land hexes stay land (set to `land`
/// like the rest); the network grows from the pinned rivers (or a random
/// unpinned source when none is pinned) through unpinned hexes only.
/// Pinned rivers that the growth does not join stay separate pieces.
#[allow(clippy::too_many_arguments)]
pub fn grow_river_around(
    grid: &HexGrid,
    count: usize,
    land: u8,
    tiles: &mut [u8],
    rng: &mut Rng,
    tries: usize,
    pinned: &[bool],
    fixed: &[u8],
) -> bool {
    let n = grid.len();
    let is_pinned = |i: usize| pinned.get(i).copied().unwrap_or(false);
    let mut river_nb = vec![0u8; n];
    let mut candidates: Vec<HexIndex> = Vec::with_capacity(n);
    for _ in 0..tries {
        tiles.fill(land);
        river_nb.fill(0);
        let mut placed = 0;
        for i in grid.indices() {
            if is_pinned(i as usize) && fixed.get(i as usize) == Some(&RIVER) {
                add(grid, tiles, &mut river_nb, i);
                placed += 1;
            }
        }
        if placed >= count {
            return placed == count;
        }
        if placed == 0 {
            if (0..n).all(is_pinned) {
                return false;
            }
            let mut start = rng.random_range(0..n);
            while is_pinned(start) {
                start = rng.random_range(0..n);
            }
            add(grid, tiles, &mut river_nb, start as HexIndex);
            placed = 1;
        }
        while placed < count {
            candidates.clear();
            let mut prefer_leaf = rng.random_bool(0.85);
            loop {
                for c in grid.indices() {
                    if tiles[c as usize] != RIVER
                        && !is_pinned(c as usize)
                        && river_nb[c as usize] >= 1
                        && can_add(grid, tiles, &river_nb, c, prefer_leaf)
                    {
                        candidates.push(c);
                    }
                }
                if !candidates.is_empty() || !prefer_leaf {
                    break;
                }
                prefer_leaf = false;
            }
            if candidates.is_empty() {
                break;
            }
            let c = candidates[rng.random_range(0..candidates.len())];
            add(grid, tiles, &mut river_nb, c);
            placed += 1;
        }
        if placed == count {
            return true;
        }
    }
    false
}

fn add(grid: &HexGrid, tiles: &mut [u8], river_nb: &mut [u8], c: HexIndex) {
    tiles[c as usize] = RIVER;
    for &j in grid.neighbours(c) {
        river_nb[j as usize] += 1;
    }
}

/// Whether `c` may turn to river: it would have 1..=3 river neighbours
/// (exactly 1 when `leaf_only`), no river neighbour would exceed 3, and no
/// land hex around it would lose too many land neighbours.
fn can_add(grid: &HexGrid, tiles: &[u8], river_nb: &[u8], c: HexIndex, leaf_only: bool) -> bool {
    let rn = river_nb[c as usize];
    if rn > 3 || (leaf_only && rn != 1) {
        return false;
    }
    for &j in grid.neighbours(c) {
        let deg = grid.neighbours(j).len() as u8;
        if tiles[j as usize] == RIVER {
            if river_nb[j as usize] >= 3 {
                return false;
            }
        } else {
            let land_after = deg - river_nb[j as usize] - 1;
            let need = if deg >= 3 { 2 } else { 1 };
            if land_after < need {
                return false;
            }
        }
    }
    // `c` itself becomes river; it needs no land neighbours.
    true
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::boards::terra_mystica::{Rules, evaluate, standard_grid};
    use crate::rng::seeded;

    #[test]
    fn grown_rivers_are_valid_under_strict_rules() {
        let g = standard_grid();
        let mut tiles = vec![0u8; g.len()];
        for seed in 0..50 {
            assert!(grow_river(g, 36, 0, &mut tiles, &mut seeded(seed), 100));
            assert_eq!(tiles.iter().filter(|&&t| t == RIVER).count(), 36);
            let v = evaluate(g, &tiles, Rules::Strict);
            assert_eq!(v[1], 0, "REQ2, seed {seed}");
            assert_eq!(v[2], 0, "REQ3, seed {seed}");
        }
    }
}
