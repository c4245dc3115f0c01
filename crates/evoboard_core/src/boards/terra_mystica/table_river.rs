//! Rivers for the `table` rule set: grown as [`grow_river_around`] grows
//! them (valid under strict REQ2/REQ3), kept only when their shape meets
//! the `table` bounds (border, far land, blobs, triangles); otherwise the
//! best of a bounded number of tries.

use super::river::grow_river_around;
use super::table::table_figures;
use super::terrain::RIVER;
use crate::boards::HexGrid;
use crate::rng::Rng;

/// Rivers grown before settling for the best one seen.
const TRIES: usize = 400;

/// The river-shape excess of `tiles` (land codes do not matter): the
/// sum of the border, far-land, blob and triangle excesses, plus extra
/// river pieces.
pub(crate) fn river_excess(grid: &HexGrid, tiles: &[u8]) -> u32 {
    let f = table_figures(grid, tiles);
    let e = f.excess();
    e[0] + e[1] + e[2] + e[3] + f.river_pieces.saturating_sub(1)
}

/// Grow `rivers` river hexes into `tiles` (land set to 0) around the
/// pinned hexes (`fixed` their tiles), retrying until the river's shape
/// meets the `table` bounds, at most [`TRIES`] times (then the best one
/// grown). `false` when no river grows at all.
pub(crate) fn grow_table_river(
    grid: &HexGrid,
    rivers: usize,
    tiles: &mut [u8],
    rng: &mut Rng,
    pinned: &[bool],
    fixed: &[u8],
) -> bool {
    let mut best: Option<(u32, Vec<u8>)> = None;
    for _ in 0..TRIES {
        if !grow_river_around(grid, rivers, 0, tiles, rng, 1000, pinned, fixed) {
            break;
        }
        let e = river_excess(grid, tiles);
        if e == 0 {
            return true;
        }
        if best.as_ref().is_none_or(|(b, _)| e < *b) {
            best = Some((e, tiles.to_vec()));
        }
    }
    match best {
        Some((_, t)) => {
            tiles.copy_from_slice(&t);
            debug_assert!(tiles.contains(&RIVER) || rivers == 0);
            true
        }
        None => false,
    }
}
