//! The figures a Catan table judges a board by (issue 27), computed
//! straight from the hexes (not from the rules' counts), with the same
//! figures of the official beginner island beside them
//! ([`official_base`]).

use super::catan_index::{ImbalanceParts, imbalance_index, imbalance_parts};
use crate::boards::catan::{
    CatanBoard, CatanCode, CatanLayout, CatanOptions, Harbour, harbour_breaks, pips,
};
use crate::boards::{HexGrid, HexIndex};
use serde::{Deserialize, Serialize};
use std::sync::OnceLock;

/// Pips per tile of each resource.
#[derive(Clone, Copy, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct PipsPerTile {
    /// Grain.
    pub fields: f64,
    /// Lumber.
    pub forest: f64,
    /// Wool.
    pub pasture: f64,
    /// Brick.
    pub hills: f64,
    /// Ore.
    pub mountains: f64,
    /// Largest minus smallest of the five.
    pub spread: f64,
}

/// What a table looks at on a Catan board.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct TableFigures {
    /// Pairs of touching hexes with the same number.
    pub equal_numbers_touching: u32,
    /// Pairs of touching hexes holding 2 or 12 both.
    pub two_twelve_touching: u32,
    /// Pairs of touching hexes holding 6 or 8 both.
    pub red_touching: u32,
    /// Pairs of touching hexes of the same resource.
    pub same_resource_touching: u32,
    /// Resources holding some number twice.
    pub resources_with_repeated_number: u32,
    /// Resources holding two or more red numbers (6/8).
    pub resources_with_two_red: u32,
    /// Pips per tile of each resource and their spread.
    pub pips_per_tile: PipsPerTile,
    /// Fewest pips at an inland corner (three hexes, the desert 0).
    pub inland_corner_pips_min: u32,
    /// Most pips at an inland corner.
    pub inland_corner_pips_max: u32,
    /// Pips on hills and mountains together (brick and ore).
    pub brick_ore_pips: u32,
    /// Pairs of touching deserts.
    pub deserts_touching: u32,
    /// 2:1 harbours whose corners touch a hex of their own resource
    /// holding 5, 6, 8 or 9 (`None`: the board has no harbours).
    pub harbours_next_to_own_resource: Option<u32>,
    /// The Catan Board Imbalance index (see [`super::catan_index`]).
    pub imbalance_index: f64,
    /// Its six raw measures.
    pub imbalance: ImbalanceParts,
}

/// The table figures of `codes` on `layout` with `harbours` (empty: none
/// placed).
///
/// # Panics
/// When `codes` is shorter than the island.
pub fn table_figures(
    layout: &'static CatanLayout,
    codes: &[u8],
    harbours: &[Harbour],
) -> TableFigures {
    let g = layout.grid();
    let code = |i: u16| CatanCode::from_byte(codes[i as usize]);
    let mut f = TableFigures::default();
    let mut sums = [0u32; 5];
    let mut held = [[0u8; 13]; 5];
    let mut reds = [0u8; 5];
    for i in g.indices() {
        let c = code(i);
        let (t, n) = (c.terrain() as usize, c.token());
        if t < 5 && n != 0 {
            sums[t] += pips(n) as u32;
            held[t][n as usize] += 1;
            reds[t] += (n == 6 || n == 8) as u8;
        }
        for &j in g.neighbours(i).iter().filter(|&&j| j > i) {
            let d = code(j);
            let m = d.token();
            f.equal_numbers_touching += (n != 0 && n == m) as u32;
            f.two_twelve_touching += ([2, 12].contains(&n) && [2, 12].contains(&m)) as u32;
            f.red_touching += ([6, 8].contains(&n) && [6, 8].contains(&m)) as u32;
            f.same_resource_touching += (t < 5 && t == d.terrain() as usize) as u32;
            f.deserts_touching += (c.is_desert() && d.is_desert()) as u32;
        }
    }
    f.resources_with_repeated_number =
        held.iter().filter(|h| h.iter().any(|&k| k > 1)).count() as u32;
    f.resources_with_two_red = reds.iter().filter(|&&r| r >= 2).count() as u32;
    let counts = layout.terrain_counts();
    let per: Vec<f64> = (0..5).map(|r| sums[r] as f64 / counts[r] as f64).collect();
    let hi = per.iter().copied().fold(f64::MIN, f64::max);
    let lo = per.iter().copied().fold(f64::MAX, f64::min);
    f.pips_per_tile = PipsPerTile {
        fields: per[0],
        forest: per[1],
        pasture: per[2],
        hills: per[3],
        mountains: per[4],
        spread: hi - lo,
    };
    let corner: Vec<u32> = layout
        .corners()
        .iter()
        .map(|k| k.iter().map(|&i| pips(code(i).token()) as u32).sum())
        .collect();
    f.inland_corner_pips_min = corner.iter().copied().min().unwrap_or(0);
    f.inland_corner_pips_max = corner.iter().copied().max().unwrap_or(0);
    f.brick_ore_pips = sums[3] + sums[4];
    f.harbours_next_to_own_resource =
        (!harbours.is_empty()).then(|| harbour_breaks(layout, codes, harbours));
    f.imbalance_index = imbalance_index(layout, codes, harbours);
    f.imbalance = imbalance_parts(layout, codes, harbours);
    f
}

/// The base game's beginner island (the rulebook's suggested first
/// set-up), from `crates/evoboard_core/src/boards/catan/data/official-beginner.txt`, without
/// harbours.
pub fn official_beginner() -> &'static CatanBoard {
    static BOARD: OnceLock<CatanBoard> = OnceLock::new();
    BOARD.get_or_init(|| {
        crate::boards::catan::text::parse_catan_text(include_str!(
            "../catan/data/official-beginner.txt"
        ))
        .unwrap_or_else(|e| panic!("the official beginner island parses: {e}"))
    })
}

/// The table figures of [`official_beginner`] (no harbours, so no
/// harbour figure, and its index averages five measures).
pub fn official_base() -> &'static TableFigures {
    static FIGURES: OnceLock<TableFigures> = OnceLock::new();
    FIGURES.get_or_init(|| table_figures(CatanLayout::base(), &official_beginner().encode(), &[]))
}

/// The `table` rules' shares ([`super::catan::hex_contributions`]): a desert next to a
/// desert adds 1; each copy of a number on a resource beyond the first
/// adds 1 to that copy (row-major, the later ones); the red tokens beyond
/// the allowed ones go to the last red hexes of the resources holding
/// more than one; the tile-pips count goes to the hex with the most pips
/// of the resource with the most pips per tile.
pub(crate) fn table_contributions(
    grid: &HexGrid,
    codes: &[u8],
    opts: &CatanOptions,
    out: &mut [u32],
) {
    let layout = CatanLayout::for_hexes(grid.len()).unwrap_or_else(CatanLayout::base);
    let code = |i: HexIndex| CatanCode::from_byte(codes[i as usize]);
    let mut held = [[0u8; 13]; 5];
    let mut reds: [Vec<HexIndex>; 5] = Default::default();
    let mut top: [Option<(u8, HexIndex)>; 5] = [None; 5];
    for i in grid.indices() {
        let c = code(i);
        let (t, n) = (c.terrain() as usize, c.token());
        if opts.deserts_apart
            && c.is_desert()
            && grid.neighbours(i).iter().any(|&j| code(j).is_desert())
        {
            out[i as usize] += 1;
        }
        if t >= 5 || n == 0 {
            continue;
        }
        if held[t][n as usize] > 0 && opts.no_repeated_numbers {
            out[i as usize] += 1;
        }
        held[t][n as usize] += 1;
        if n == 6 || n == 8 {
            reds[t].push(i);
        }
        if top[t].is_none_or(|(p, _)| pips(n) > p) {
            top[t] = Some((pips(n), i));
        }
    }
    let v = crate::boards::catan::evaluate_on(layout, codes, opts);
    if opts.spread_red {
        let extra = reds
            .iter()
            .filter(|r| r.len() > 1)
            .flat_map(|r| r[1..].iter().copied());
        for &i in extra
            .collect::<Vec<_>>()
            .iter()
            .rev()
            .take(v.red_per_resource as usize)
        {
            out[i as usize] += 1;
        }
    }
    if opts.even_tile_pips && v.tile_pips > 0 {
        let (_, per) = layout.tile_scale();
        let mut sums = [0u32; 5];
        for i in grid.indices() {
            let c = code(i);
            if let Some(s) = sums.get_mut(c.terrain() as usize) {
                *s += pips(c.token()) as u32;
            }
        }
        let richest = (0..5)
            .max_by_key(|&r| (sums[r] * per[r], 5 - r))
            .unwrap_or(0);
        if let Some((_, i)) = top[richest] {
            out[i as usize] += v.tile_pips;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_beginner_island_by_hand() {
        let f = official_base();
        // No 6/8 touch on the rulebook's island.
        assert_eq!(f.red_touching, 0);
        // Pips: fields 12,9,4,6 → 1+4+3+5 = 13; forest 9,11,3,8 → 4+2+2+5
        // = 13; pasture 2,4,5,11 → 1+3+4+2 = 10; hills 6,10,5 → 5+3+4 =
        // 12; mountains 10,8,3 → 3+5+2 = 10.
        let p = f.pips_per_tile;
        assert_eq!(
            [p.fields, p.forest, p.pasture, p.hills, p.mountains],
            [13.0 / 4.0, 13.0 / 4.0, 10.0 / 4.0, 4.0, 10.0 / 3.0]
        );
        assert_eq!(f.brick_ore_pips, 22);
        assert_eq!(f.harbours_next_to_own_resource, None);
        assert!(f.imbalance_index > 0.0);
    }
}
