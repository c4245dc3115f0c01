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
    let n = grid.len();
    let mut river_nb = vec![0u8; n];
    let mut candidates: Vec<HexIndex> = Vec::with_capacity(n);
    for _ in 0..tries {
        tiles.fill(land);
        river_nb.fill(0);
        if count == 0 {
            return true;
        }
        let start = rng.random_range(0..n) as HexIndex;
        add(grid, tiles, &mut river_nb, start);
        let mut placed = 1;
        while placed < count {
            candidates.clear();
            let mut prefer_leaf = rng.random_bool(0.85);
            loop {
                for c in grid.indices() {
                    if tiles[c as usize] != RIVER
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
