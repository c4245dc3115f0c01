//! Terra Mystica figures per home terrain, as a faction living on that
//! terrain sees the board, and each hex's share of the score.
//!
//! For a home terrain `T` (one of the seven land terrains):
//! - `hexes`: hexes of `T`;
//! - `one_spade`: hexes of `T` with at least one land neighbour one spade
//!   away on the wheel (cheap first expansions);
//! - `river_frontage`: hexes of `T` next to at least one river hex
//!   (shipping reaches them);
//! - `edge`: hexes of `T` on the border of the map;
//! - `largest_group`: the most hexes of `T` in one *cheap area*: hexes of
//!   `T` joined through paths of land hexes each of `T` or one spade from
//!   `T` (an area a faction can spread over with at most one spade per
//!   hex). With REQ1 at 0 no two hexes of `T` touch, so plain same-terrain
//!   groups would all be 1; this is the figure that still tells boards
//!   apart;
//! - `measure` = `one_spade + river_frontage`: the faction's good start
//!   hexes counted twice over (cheap to grow from, reachable by shipping).
//!
//! `unfairness` is the spread (max − min) of `measure` over the seven
//! terrains: 0 when every faction sees the same number of good hexes.
//!
//! Beside them, the `table` figures of the board (river pieces, river on
//! the border, land far from the river, river blobs and triangles,
//! frontage and border spreads: [`TableFigures`]), their bounds under
//! `table`, and the same figures of the official maps the repository
//! holds ([`official_maps`]) for comparison.

use crate::boards::terra_mystica::table::{EXCESS_NAMES, penalty};
use crate::boards::terra_mystica::{
    LAND, RIVER, Rules, TABLE_BOUNDS, TableFigures, TerraMysticaBoard, Terrain, Weights,
    local_terms, spades, standard_grid, table_figures, table_hexes,
};
use crate::boards::{HexGrid, HexIndex};
use serde::{Deserialize, Serialize};

/// The figures of one home terrain (see the module docs for each).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct TerrainFigures {
    /// The home terrain's name (`desert`, …, `wasteland`).
    pub terrain: String,
    /// Hexes of the terrain.
    pub hexes: u32,
    /// Hexes of it with a land neighbour one spade away.
    pub one_spade: u32,
    /// Hexes of it next to a river hex.
    pub river_frontage: u32,
    /// Hexes of it on the border.
    pub edge: u32,
    /// Most hexes of it in one area reachable with at most one spade a hex.
    pub largest_group: u32,
    /// `one_spade + river_frontage`, the figure `unfairness` spreads.
    pub measure: u32,
}

/// The Terra Mystica analysis of a board.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct TmAnalysis {
    /// One entry per land terrain, in wheel order (desert … wasteland).
    pub terrains: Vec<TerrainFigures>,
    /// Spread (max − min) of `measure` across the seven terrains.
    pub unfairness: u32,
    /// Each hex's share of the weighted score ([`hex_contributions`]),
    /// row-major.
    pub hex_contributions: Vec<u32>,
    /// The board's `table` figures (flattened: `river_on_border`,
    /// `land_far_from_river`, … sit beside `terrains` in the JSON).
    #[serde(flatten)]
    pub table: TableFigures,
    /// The most each `table` figure may reach under `table`.
    pub table_bounds: TableFigures,
    /// The official maps' `table` figures, for comparison.
    pub official: Vec<OfficialFigures>,
}

/// The `table` figures of one official map.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct OfficialFigures {
    /// The map's name (`base`).
    pub map: String,
    /// Its figures (flattened in the JSON).
    #[serde(flatten)]
    pub figures: TableFigures,
}

/// The `table` figures of every official map the repository holds: the
/// base game's (`shared/data/terra-mystica-base.txt`, computed from the
/// map each time; Fire & Ice and Fjords are not in the repository).
pub fn official_maps() -> Vec<OfficialFigures> {
    let base = TerraMysticaBoard::base_map().tiles();
    vec![OfficialFigures {
        map: "base".to_string(),
        figures: table_figures(standard_grid(), &base),
    }]
}

/// The figures of every home terrain on `tiles` (row-major terrain codes
/// on `grid`), and each hex's share of the score under `rules` and
/// `weights`.
///
/// # Panics
/// When `tiles` is shorter than `grid`.
pub fn analyse(grid: &HexGrid, tiles: &[u8], rules: Rules, weights: Weights) -> TmAnalysis {
    let terrains: Vec<TerrainFigures> = LAND.iter().map(|&t| figures(grid, tiles, t)).collect();
    let hi = terrains.iter().map(|f| f.measure).max().unwrap_or(0);
    let lo = terrains.iter().map(|f| f.measure).min().unwrap_or(0);
    TmAnalysis {
        terrains,
        unfairness: hi - lo,
        hex_contributions: hex_contributions(grid, tiles, rules, weights),
        table: table_figures(grid, tiles),
        table_bounds: TABLE_BOUNDS,
        official: official_maps(),
    }
}

/// The figures of home terrain `home`.
fn figures(grid: &HexGrid, tiles: &[u8], home: Terrain) -> TerrainFigures {
    let h = home as u8;
    let (mut hexes, mut one_spade, mut river_frontage, mut edge) = (0, 0, 0, 0);
    for i in grid.indices().filter(|&i| tiles[i as usize] == h) {
        let nb = grid.neighbours(i);
        hexes += 1;
        one_spade += nb.iter().any(|&j| spades(h, tiles[j as usize]) == Some(1)) as u32;
        river_frontage += nb.iter().any(|&j| tiles[j as usize] == RIVER) as u32;
        edge += grid.is_border(i) as u32;
    }
    TerrainFigures {
        terrain: home.name().to_string(),
        hexes,
        one_spade,
        river_frontage,
        edge,
        largest_group: largest_group(grid, tiles, h),
        measure: one_spade + river_frontage,
    }
}

/// The most hexes of `home` in one area of land hexes at most one spade
/// from `home`.
fn largest_group(grid: &HexGrid, tiles: &[u8], home: u8) -> u32 {
    let cheap = |i: HexIndex| spades(home, tiles[i as usize]).is_some_and(|s| s <= 1);
    let mut seen = vec![false; grid.len()];
    let mut stack: Vec<HexIndex> = Vec::new();
    let mut best = 0;
    for s in grid.indices() {
        if tiles[s as usize] != home || seen[s as usize] {
            continue;
        }
        seen[s as usize] = true;
        stack.push(s);
        let mut count = 0;
        while let Some(i) = stack.pop() {
            count += (tiles[i as usize] == home) as u32;
            for &j in grid.neighbours(i) {
                if !seen[j as usize] && cheap(j) {
                    seen[j as usize] = true;
                    stack.push(j);
                }
            }
        }
        best = best.max(count);
    }
    best
}

/// How much each hex adds to the weighted score, row-major; the values
/// sum to exactly `weights.score(&evaluate(grid, tiles, rules))`.
///
/// A hex's share is its local terms (REQ1, REQ2, REQ4, see
/// [`local_terms`]) times their weights. REQ3 (the river in one piece,
/// or two under `published`) counts the river components beyond the one
/// (two) allowed: those *extra* components are the smallest ones (ties:
/// the one whose first hex comes later in row-major order), and each
/// extra component's weight is split evenly over its hexes, the remainder
/// going one by one to its first hexes in row-major order. Under `thesis`
/// REQ3 counts at most once: its weight is split the same way over the
/// hexes of all the extra pieces together. Under `table` each weighted
/// excess of a `table` figure is split the same way over the hexes behind
/// it ([`table_hexes`]), so the values sum to [`crate::boards::terra_mystica::score`].
///
/// ```
/// use evoboard_core::boards::analysis::tm::hex_contributions;
/// use evoboard_core::boards::terra_mystica::{TerraMysticaBoard, Rules, Weights, evaluate, standard_grid};
/// let tiles = TerraMysticaBoard::base_map().tiles();
/// let w = Weights::default();
/// let c = hex_contributions(standard_grid(), &tiles, Rules::Strict, w);
/// let v = evaluate(standard_grid(), &tiles, Rules::Strict);
/// assert_eq!(c.iter().map(|&x| x as u64).sum::<u64>(), w.score(&v));
/// ```
///
/// # Panics
/// When `tiles` is shorter than `grid`.
pub fn hex_contributions(grid: &HexGrid, tiles: &[u8], rules: Rules, weights: Weights) -> Vec<u32> {
    let w = weights.0;
    let mut out: Vec<u32> = grid
        .indices()
        .map(|i| {
            let t = local_terms(grid, tiles, rules, i);
            t[0] as u32 * w[0] + t[1] as u32 * w[1] + t[3] as u32 * w[3]
        })
        .collect();
    let mut comps = river_pieces(grid, tiles);
    if rules == Rules::Table {
        let ex = table_figures(grid, tiles).excess();
        let behind = table_hexes(grid, tiles);
        for (k, &e) in ex.iter().enumerate() {
            let mut one = [0u32; 6];
            one[k] = e;
            let hexes: Vec<HexIndex> = grid
                .indices()
                .filter(|&i| behind[i as usize] & 1 << k != 0)
                .collect();
            debug_assert!(e == 0 || !hexes.is_empty(), "{}", EXCESS_NAMES[k]);
            spread(&mut out, &hexes, penalty(&one) as u32);
        }
    }
    let allowed = match rules {
        Rules::Strict | Rules::Table => 1,
        Rules::Published | Rules::Thesis | Rules::ThesisPerHex => 2,
    };
    // Largest first; on equal sizes the earlier first hex first.
    comps.sort_by(|a, b| b.len().cmp(&a.len()).then(a[0].cmp(&b[0])));
    if rules.is_thesis() {
        // REQ3 counts once: its weight is split over all the extra pieces'
        // hexes together, in row-major order.
        let mut extra: Vec<HexIndex> = comps.iter().skip(allowed).flatten().copied().collect();
        extra.sort_unstable();
        spread(&mut out, &extra, w[2]);
        return out;
    }
    for comp in comps.iter().skip(allowed) {
        spread(&mut out, comp, w[2]);
    }
    out
}

/// Add `weight` to the hexes of `hexes` split evenly, the remainder one by
/// one to the first ones.
fn spread(out: &mut [u32], hexes: &[HexIndex], weight: u32) {
    let n = hexes.len() as u32;
    if n == 0 {
        return;
    }
    let (share, rest) = (weight / n, weight % n);
    for (k, &i) in hexes.iter().enumerate() {
        out[i as usize] += share + ((k as u32) < rest) as u32;
    }
}

/// The river's connected pieces, each a row-major sorted list of hexes.
fn river_pieces(grid: &HexGrid, tiles: &[u8]) -> Vec<Vec<HexIndex>> {
    let mut seen = vec![false; grid.len()];
    let mut pieces = Vec::new();
    for s in grid.indices() {
        if tiles[s as usize] != RIVER || seen[s as usize] {
            continue;
        }
        seen[s as usize] = true;
        let mut stack = vec![s];
        let mut piece = Vec::new();
        while let Some(i) = stack.pop() {
            piece.push(i);
            for &j in grid.neighbours(i) {
                if tiles[j as usize] == RIVER && !seen[j as usize] {
                    seen[j as usize] = true;
                    stack.push(j);
                }
            }
        }
        piece.sort_unstable();
        pieces.push(piece);
    }
    pieces
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::boards::shuffle;
    use crate::boards::terra_mystica::{
        TerraMysticaBoard, evaluate, standard_grid, standard_tiles,
    };
    use crate::rng::seeded;

    #[test]
    fn base_map_figures_by_hand() {
        let g = standard_grid();
        let b = TerraMysticaBoard::base_map();
        let a = analyse(g, &b.tiles(), Rules::Strict, Weights::default());
        assert_eq!(a.terrains.len(), 7);
        for f in &a.terrains {
            assert_eq!(f.hexes, 11, "{f:?}");
            assert!(f.one_spade <= 11 && f.river_frontage <= 11 && f.edge <= 11);
            assert_eq!(f.measure, f.one_spade + f.river_frontage);
            assert!(f.largest_group >= 1 && f.largest_group <= 11);
        }
        // Lake (blue) by hand on base_map.txt, (row, col) from 0: hexes
        // (0,3) (0,10) (3,1) (3,6) (4,3) (4,12) (6,11) (7,1) (7,6) (8,3)
        // (8,10). On the border: rows 0 and 8, and (4,12) = 5. Not by the
        // river: (4,12) and (6,11) = 9 by it. No swamp or forest
        // neighbour: (8,3) only = 10 with one.
        let lake = &a.terrains[Terrain::Lake as usize];
        assert_eq!(lake.terrain, "lake");
        assert_eq!(
            (
                lake.hexes,
                lake.one_spade,
                lake.river_frontage,
                lake.edge,
                lake.measure
            ),
            (11, 10, 9, 5, 19)
        );
        let expect = hand_count(&b, Terrain::Lake);
        assert_eq!(expect, (11, 9, 5));
        for t in LAND {
            let f = &a.terrains[t as usize];
            assert_eq!(
                hand_count(&b, t),
                (f.hexes, f.river_frontage, f.edge),
                "{t:?}"
            );
        }
        let hi = a.terrains.iter().map(|f| f.measure).max().unwrap();
        let lo = a.terrains.iter().map(|f| f.measure).min().unwrap();
        assert_eq!(a.unfairness, hi - lo);
    }

    /// Count a terrain's hexes, river frontage and edge hexes through the
    /// board's `hexx` access (another path than the grid's tables).
    fn hand_count(b: &TerraMysticaBoard, t: Terrain) -> (u32, u32, u32) {
        let (mut n, mut front, mut edge) = (0, 0, 0);
        for (hex, terrain) in b.hexes().filter(|&(_, x)| x == t) {
            let _ = terrain;
            n += 1;
            front += b.neighbours(hex).any(|(_, x)| x == Terrain::River) as u32;
            let (r, c) = b.row_col(hex).unwrap();
            edge += (r == 0 || r == 8 || c == 0 || c == b.rows[r].len() - 1) as u32;
        }
        (n, front, edge)
    }

    #[test]
    fn a_small_board_by_hand() {
        // Rows 3-2-3: desert plains desert / river lake / desert river swamp
        // (row 1 sits half a hex right).
        let g = HexGrid::from_rows(&[3, 2, 3]);
        let d = Terrain::Desert as u8;
        let tiles = [d, 1, d, RIVER, 3, d, RIVER, 2];
        let a = analyse(&g, &tiles, Rules::Strict, Weights::default());
        let desert = &a.terrains[0];
        assert_eq!(desert.hexes, 3);
        // (0,0) touches plains (1 spade) and the river; (0,2) touches
        // plains and lake; (2,0) touches only river.
        assert_eq!(desert.one_spade, 2);
        assert_eq!(desert.river_frontage, 2);
        assert_eq!(desert.edge, 3);
        // (0,0) and (0,2) join through plains (1 spade); (2,0) is cut off
        // by the river and the lake (3 spades).
        assert_eq!(desert.largest_group, 2);
        assert_eq!(desert.measure, 4);
        let lake = &a.terrains[Terrain::Lake as usize];
        assert_eq!((lake.hexes, lake.one_spade, lake.edge), (1, 1, 1));
    }

    #[test]
    fn contributions_sum_to_the_weighted_score() {
        let g = standard_grid();
        let mut rng = seeded(3);
        for rules in Rules::ALL {
            for w in [
                Weights::default(),
                Weights::BRKGA_STUDY,
                Weights([2, 3, 5, 7]),
            ] {
                for _ in 0..30 {
                    let mut tiles = standard_tiles();
                    shuffle(&mut tiles, &mut rng);
                    let c = hex_contributions(g, &tiles, rules, w);
                    assert_eq!(c.len(), 113);
                    let v = evaluate(g, &tiles, rules);
                    let sum = c.iter().map(|&x| x as u64).sum::<u64>();
                    assert_eq!(
                        sum,
                        crate::boards::terra_mystica::score(g, &tiles, rules, w)
                    );
                    if rules != Rules::Table {
                        assert_eq!(sum, w.score(&v));
                    } else {
                        let ex = table_figures(g, &tiles).excess();
                        assert_eq!(sum, w.score(&v) + penalty(&ex));
                    }
                    // A hex that breaks no local rule and sits in no extra
                    // river piece adds nothing.
                    assert!(c.contains(&0));
                }
            }
        }
        let base = TerraMysticaBoard::base_map().tiles();
        let c = hex_contributions(g, &base, Rules::Strict, Weights::default());
        // Base map, strict: [0, 3, 0, 14] and one river piece.
        assert_eq!(c.iter().sum::<u32>(), 17);
        assert!(c.iter().all(|&x| x <= 2));
    }

    #[test]
    fn extra_river_pieces_carry_req3() {
        // Two river pieces on a 3-2-3 board: (0,0) alone and (2,1)-(2,2).
        let g = HexGrid::from_rows(&[3, 2, 3]);
        let tiles = [RIVER, 0, 1, 2, 3, 4, RIVER, RIVER];
        let w = Weights([0, 0, 10, 0]);
        let c = hex_contributions(&g, &tiles, Rules::Strict, w);
        assert_eq!(c, vec![10, 0, 0, 0, 0, 0, 0, 0]);
        let w = Weights([0, 0, 3, 0]);
        let tiles = [RIVER, RIVER, 1, 2, 3, RIVER, 5, 6];
        // Pieces: {0,1} and {5}: {5} is the extra one.
        let c = hex_contributions(&g, &tiles, Rules::Strict, w);
        assert_eq!(c[5], 3);
        assert_eq!(c.iter().sum::<u32>(), 3);
        assert_eq!(hex_contributions(&g, &tiles, Rules::Published, w)[5], 0);
    }
}
