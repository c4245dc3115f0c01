//! The `table` rule set's figures: a river shaped like the official maps'
//! and fair to every home terrain (issue 27), their bounds and penalties.
//!
//! - `river_pieces`: connected pieces of the river (REQ3 under `strict`
//!   and `table` wants one);
//! - `river_on_border`: river hexes on the map's border;
//! - `land_far_from_river`: land hexes 3 or more steps from every river
//!   hex (no river within two steps);
//! - `river_blob_hexes`: river hexes with 3 or more river neighbours;
//! - `river_triangles`: triples of mutually touching river hexes (a corner
//!   where three river hexes meet);
//! - `frontage_spread`: max − min over the seven home terrains of the
//!   terrain's hexes next to a river (`river_frontage` of
//!   [`crate::boards::analysis::tm`]);
//! - `border_spread`: max − min over the seven home terrains of the
//!   terrain's hexes on the border (`edge` there).
//!
//! [`TABLE_BOUNDS`] holds the most each figure may reach under `table`:
//! no worse than the best official map (the issue's table). Every figure
//! but `river_pieces` (REQ3) adds its excess over the bound, times its
//! weight in [`TABLE_WEIGHTS`], to the `table` score.

use super::terrain::{LAND, RIVER};
use crate::boards::{HexGrid, HexIndex};
use serde::{Deserialize, Serialize};

/// The `table` figures of a board (see the module docs).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct TableFigures {
    /// Connected pieces of the river.
    pub river_pieces: u32,
    /// River hexes on the border.
    pub river_on_border: u32,
    /// Land hexes with no river hex within two steps.
    pub land_far_from_river: u32,
    /// River hexes with 3 or more river neighbours.
    pub river_blob_hexes: u32,
    /// Triples of mutually touching river hexes.
    pub river_triangles: u32,
    /// Max − min over home terrains of their hexes next to a river.
    pub frontage_spread: u32,
    /// Max − min over home terrains of their hexes on the border.
    pub border_spread: u32,
}

/// The bounds of `table` (both outlines): one river piece, at most 6
/// river hexes on the border, 5 land hexes far from the river, 7 river
/// hexes with 3+ river neighbours, 4 river triangles, frontage spread 4,
/// border spread 3.
pub const TABLE_BOUNDS: TableFigures = TableFigures {
    river_pieces: 1,
    river_on_border: 6,
    land_far_from_river: 5,
    river_blob_hexes: 7,
    river_triangles: 4,
    frontage_spread: 4,
    border_spread: 3,
};

/// Weights of the six shape and fairness excesses ([`TableFigures::excess`]
/// order) in the `table` score.
pub const TABLE_WEIGHTS: [u32; 6] = [1, 1, 1, 1, 1, 1];

/// Names of the six excesses, as `violations` lists them under `table`.
pub const EXCESS_NAMES: [&str; 6] = [
    "over_river_on_border",
    "over_land_far_from_river",
    "over_river_blob_hexes",
    "over_river_triangles",
    "over_frontage_spread",
    "over_border_spread",
];

impl TableFigures {
    /// How far each figure but `river_pieces` lies above [`TABLE_BOUNDS`]
    /// (0 when within): border, far, blob, triangles, frontage, border
    /// spread.
    pub fn excess(&self) -> [u32; 6] {
        let b = TABLE_BOUNDS;
        [
            self.river_on_border.saturating_sub(b.river_on_border),
            self.land_far_from_river
                .saturating_sub(b.land_far_from_river),
            self.river_blob_hexes.saturating_sub(b.river_blob_hexes),
            self.river_triangles.saturating_sub(b.river_triangles),
            self.frontage_spread.saturating_sub(b.frontage_spread),
            self.border_spread.saturating_sub(b.border_spread),
        ]
    }

    /// Whether every figure is within [`TABLE_BOUNDS`].
    pub fn within_bounds(&self) -> bool {
        self.river_pieces <= TABLE_BOUNDS.river_pieces && self.excess() == [0; 6]
    }
}

/// The weighted sum of `excess` ([`TABLE_WEIGHTS`]).
#[inline]
pub fn penalty(excess: &[u32; 6]) -> u64 {
    excess
        .iter()
        .zip(TABLE_WEIGHTS)
        .map(|(&e, w)| e as u64 * w as u64)
        .sum()
}

/// Max − min of `counts`.
#[inline]
pub(crate) fn spread(counts: &[u32; 7]) -> u32 {
    let (mut hi, mut lo) = (0, u32::MAX);
    for &c in counts {
        hi = hi.max(c);
        lo = lo.min(c);
    }
    hi - lo
}

/// Every `table` figure of `tiles` on `grid`, computed from scratch.
///
/// ```
/// use evoboard_core::boards::terra_mystica::{TerraMysticaBoard, standard_grid, table_figures};
/// let f = table_figures(standard_grid(), &TerraMysticaBoard::base_map().tiles());
/// assert_eq!(f.river_pieces, 1);
/// ```
pub fn table_figures(grid: &HexGrid, tiles: &[u8]) -> TableFigures {
    let river = |i: HexIndex| tiles[i as usize] == RIVER;
    let mut f = TableFigures {
        river_pieces: super::rules::river_components(grid, tiles, &mut Vec::new(), &mut Vec::new()),
        ..TableFigures::default()
    };
    let (mut frontage, mut edge) = ([0u32; 7], [0u32; 7]);
    for i in grid.indices() {
        let nb = grid.neighbours(i);
        if river(i) {
            f.river_on_border += grid.is_border(i) as u32;
            f.river_blob_hexes += (nb.iter().filter(|&&j| river(j)).count() >= 3) as u32;
            continue;
        }
        let t = tiles[i as usize] as usize;
        frontage[t] += nb.iter().any(|&j| river(j)) as u32;
        edge[t] += grid.is_border(i) as u32;
        let near = nb
            .iter()
            .any(|&j| river(j) || grid.neighbours(j).iter().any(|&k| river(k)));
        f.land_far_from_river += !near as u32;
    }
    f.river_triangles = triangles(grid)
        .iter()
        .filter(|t| t.iter().all(|&i| river(i)))
        .count() as u32;
    f.frontage_spread = spread(&frontage);
    f.border_spread = spread(&edge);
    debug_assert_eq!(LAND.len(), 7);
    f
}

/// Every triple of mutually touching hexes of `grid`, each once (its
/// lowest index first).
pub(crate) fn triangles(grid: &HexGrid) -> Vec<[HexIndex; 3]> {
    let mut out = Vec::new();
    for i in grid.indices() {
        let nb = grid.neighbours(i);
        for &j in nb.iter().filter(|&&j| j > i) {
            for &k in nb.iter().filter(|&&k| k > j) {
                if grid.neighbours(j).contains(&k) {
                    out.push([i, j, k]);
                }
            }
        }
    }
    out
}

/// The hexes behind each `table` excess of `tiles` (for the "why"
/// overlay, the search's candidates and the score's per-hex shares), one
/// mask per hex: bit `k` set when the hex feeds excess `k` of
/// [`TableFigures::excess`] and that excess is above 0. Border rivers,
/// far land, blob rivers and triangle rivers feed their own excess; a
/// spread is fed by the land hexes counted for the terrains at the
/// maximum (frontage: their hexes next to a river; border: their border
/// hexes).
pub fn table_hexes(grid: &HexGrid, tiles: &[u8]) -> Vec<u8> {
    let mut out = Vec::new();
    table_hexes_into(grid, tiles, &table_figures(grid, tiles), &mut out);
    out
}

/// [`table_hexes`] into `out` (resized to the grid), given the board's
/// figures `f`: no allocation once `out` holds a grid's worth.
pub(crate) fn table_hexes_into(grid: &HexGrid, tiles: &[u8], f: &TableFigures, out: &mut Vec<u8>) {
    let ex = f.excess();
    let river = |i: HexIndex| tiles[i as usize] == RIVER;
    let (mut frontage, mut edge) = ([0u32; 7], [0u32; 7]);
    for i in grid.indices().filter(|&i| !river(i)) {
        let t = tiles[i as usize] as usize;
        frontage[t] += grid.neighbours(i).iter().any(|&j| river(j)) as u32;
        edge[t] += grid.is_border(i) as u32;
    }
    let (front_hi, edge_hi) = (
        frontage.iter().copied().fold(0, u32::max),
        edge.iter().copied().fold(0, u32::max),
    );
    out.clear();
    out.resize(grid.len(), 0);
    for i in grid.indices() {
        let nb = grid.neighbours(i);
        let mut m = 0u8;
        if river(i) {
            m |= (ex[0] > 0 && grid.is_border(i)) as u8;
            m |= ((ex[2] > 0 && nb.iter().filter(|&&j| river(j)).count() >= 3) as u8) << 2;
        } else {
            let t = tiles[i as usize] as usize;
            let near = nb
                .iter()
                .any(|&j| river(j) || grid.neighbours(j).iter().any(|&k| river(k)));
            let front = nb.iter().any(|&j| river(j));
            m |= ((ex[1] > 0 && !near) as u8) << 1;
            m |= ((ex[4] > 0 && front && frontage[t] == front_hi) as u8) << 4;
            m |= ((ex[5] > 0 && grid.is_border(i) && edge[t] == edge_hi) as u8) << 5;
        }
        out[i as usize] = m;
    }
    if ex[3] > 0 {
        // Triangles around each river hex (no list: nothing allocated).
        for i in grid.indices().filter(|&i| river(i)) {
            let nb = grid.neighbours(i);
            let in_triangle = nb.iter().any(|&j| {
                river(j)
                    && nb
                        .iter()
                        .any(|&k| river(k) && grid.neighbours(j).contains(&k))
            });
            if in_triangle {
                out[i as usize] |= 1 << 3;
            }
        }
    }
}
