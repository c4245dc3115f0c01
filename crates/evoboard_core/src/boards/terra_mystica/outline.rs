//! Terra Mystica's two outlines and the tile mix scaled to an outline.
//!
//! - *standard*: the base map, rows of 13-12-13… (9 rows, 113 hexes);
//! - *offset*: rows of 12-13-12… (9 rows, 112 hexes), the outline of the
//!   Fire & Ice side-1 and Loon Lakes maps. Its 12-hex rows (row 0 among
//!   them) sit half a hex right of its 13-hex rows.
//!
//! The tile mix of any outline ([`tiles_for`]): the river takes the base
//! map's share, 36/113 of the hexes rounded to the nearest whole hex
//! (halves up); the land hexes left are spread as evenly as the seven land
//! terrains allow: each gets the same count, and the remainder goes one
//! extra hex each to the terrains in wheel order from desert (desert,
//! plains, swamp, lake, forest, mountain, wasteland). On the base map that
//! is the game's 36 river and 11 of each land terrain; on the offset
//! outline 36 river, 11 of desert … mountain and 10 wasteland.
//!
//! ```
//! use evoboard_core::boards::terra_mystica::{offset_grid, tiles_for, OFFSET_ROWS};
//! let g = offset_grid();
//! assert_eq!(g.len(), 112);
//! assert_eq!(g.row_lengths().collect::<Vec<_>>(), OFFSET_ROWS);
//! let t = tiles_for(g);
//! assert_eq!(t.iter().filter(|&&x| x == 7).count(), 36);
//! assert_eq!(t.iter().filter(|&&x| x == 6).count(), 10); // wasteland
//! ```

use super::board::{HEXES, RIVERS, standard_grid};
use super::terrain::{LAND, RIVER};
use crate::boards::{BoardError, BoardVariant, HexGrid};
use std::sync::OnceLock;

/// Row lengths of the offset outline: 12, 13, 12, … (9 rows).
pub const OFFSET_ROWS: [usize; 9] = [12, 13, 12, 13, 12, 13, 12, 13, 12];

/// Hexes on the offset outline.
pub const OFFSET_HEXES: usize = 112;

/// The shared layout of the offset outline (rows 12-13-12…).
pub fn offset_grid() -> &'static HexGrid {
    static GRID: OnceLock<HexGrid> = OnceLock::new();
    GRID.get_or_init(|| HexGrid::from_rows(&OFFSET_ROWS))
}

/// River hexes on an outline of `hexes` hexes: the base map's share
/// (36 of 113), rounded to the nearest whole hex, halves up.
pub fn rivers_for(hexes: usize) -> usize {
    (2 * hexes * RIVERS + HEXES) / (2 * HEXES)
}

/// How many hexes of each terrain code (0..=6 land in wheel order, 7
/// river) an outline of `hexes` hexes holds: see the module docs.
pub fn counts_for(hexes: usize) -> [usize; 8] {
    let rivers = rivers_for(hexes);
    let land = hexes - rivers;
    let (each, extra) = (land / LAND.len(), land % LAND.len());
    let mut counts = [0; 8];
    for (k, t) in LAND.iter().enumerate() {
        counts[*t as usize] = each + usize::from(k < extra);
    }
    counts[RIVER as usize] = rivers;
    counts
}

/// The tile mix of `grid` as byte codes, sorted (land in wheel order, then
/// river): the river share of the base map and the land as even as the
/// seven terrains allow, the remainder to the terrains in wheel order
/// from desert. On [`standard_grid`] it is
/// [`super::standard_tiles`] (sorted).
pub fn tiles_for(grid: &HexGrid) -> Vec<u8> {
    let counts = counts_for(grid.len());
    let mut v = Vec::with_capacity(grid.len());
    for (code, &n) in counts.iter().enumerate() {
        v.extend(std::iter::repeat_n(code as u8, n));
    }
    v
}

/// The layout of a Terra Mystica outline, or an error naming the allowed
/// ones (standard, offset).
pub fn outline_grid(variant: &BoardVariant) -> Result<&'static HexGrid, BoardError> {
    match variant {
        BoardVariant::Standard => Ok(standard_grid()),
        BoardVariant::Offset => Ok(offset_grid()),
        v => Err(BoardError::UnsupportedVariant {
            game: "terra-mystica",
            variant: v.to_string(),
            allowed: "standard, offset",
        }),
    }
}

/// The outline whose boards have `hexes` hexes (113: standard, 112:
/// offset), if any.
pub fn outline_of(hexes: usize) -> Option<BoardVariant> {
    match hexes {
        HEXES => Some(BoardVariant::Standard),
        OFFSET_HEXES => Some(BoardVariant::Offset),
        _ => None,
    }
}

/// The layout of a board of `hexes` tiles: the offset outline for 112,
/// else the standard one (whose scorers then report the wrong length).
pub fn grid_for_len(hexes: usize) -> &'static HexGrid {
    if hexes == OFFSET_HEXES {
        offset_grid()
    } else {
        standard_grid()
    }
}

/// The outline's name on the command line and in JSON: `standard` or
/// `offset` (`None` for variants Terra Mystica does not have).
pub fn outline_name(variant: &BoardVariant) -> Option<&'static str> {
    match variant {
        BoardVariant::Standard => Some("standard"),
        BoardVariant::Offset => Some("offset"),
        _ => None,
    }
}

/// The outline of `rows` (row lengths, top first), when it is one of the
/// two.
pub fn outline_of_rows(rows: &[usize]) -> Option<BoardVariant> {
    if rows == super::board::ROWS {
        Some(BoardVariant::Standard)
    } else if rows == OFFSET_ROWS {
        Some(BoardVariant::Offset)
    } else {
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::boards::HexIndex;
    use crate::boards::terra_mystica::standard_tiles;

    #[test]
    fn offset_grid_has_the_shape_and_the_rule_book_neighbours() {
        let g = offset_grid();
        assert_eq!(g.len(), OFFSET_HEXES);
        assert_eq!(g.rows(), 9);
        assert_eq!(g.row_len(0), 12);
        assert_eq!(g.row_len(1), 13);
        assert_eq!(g.row_len(8), 12);
        // The rule book's neighbours, generalised: in a 12-row (even r),
        // hex c touches c and c+1 of the 13-rows above and below; in a
        // 13-row (odd r), hex c touches c-1 and c of the 12-rows.
        for i in g.indices() {
            let (r, c) = g.row_col(i);
            let mut want: Vec<HexIndex> = Vec::new();
            let mut push = |r: isize, c: isize| {
                if r >= 0
                    && c >= 0
                    && let Some(j) = g.index(r as usize, c as usize)
                {
                    want.push(j);
                }
            };
            let (r, c) = (r as isize, c as isize);
            push(r, c - 1);
            push(r, c + 1);
            let cols = if r % 2 == 0 { [c, c + 1] } else { [c - 1, c] };
            for dr in [-1, 1] {
                for cc in cols {
                    push(r + dr, cc);
                }
            }
            want.sort_unstable();
            let mut got = g.neighbours(i).to_vec();
            got.sort_unstable();
            assert_eq!(got, want, "hex ({r}, {c})");
        }
        // Corners: (0,0) of a 12-row has its right neighbour and two below.
        let n = |r, c| g.neighbours(g.index(r, c).unwrap()).len();
        assert_eq!(n(0, 0), 3);
        assert_eq!(n(1, 0), 3); // a 13-row's end: 2 vertical + 1 in the row
        assert_eq!(n(4, 5), 6);
        // Six neighbours: 11 inner hexes of each 13-row, 10 of each inner 12-row.
        assert_eq!(
            g.indices().filter(|&i| g.neighbours(i).len() == 6).count(),
            4 * 11 + 3 * 10
        );
    }

    #[test]
    fn tile_mix_follows_the_rule() {
        let mut std_sorted = standard_tiles();
        std_sorted.sort_unstable();
        assert_eq!(tiles_for(standard_grid()), std_sorted);
        assert_eq!(counts_for(113), [11, 11, 11, 11, 11, 11, 11, 36]);
        assert_eq!(counts_for(112), [11, 11, 11, 11, 11, 11, 10, 36]);
        assert_eq!(tiles_for(offset_grid()).len(), 112);
        // 36·n/113 rounded: 100 → 31.86 → 32; 50 → 15.93 → 16; 3 → 0.96 → 1.
        assert_eq!(rivers_for(100), 32);
        assert_eq!(counts_for(100), [10, 10, 10, 10, 10, 9, 9, 32]);
        assert_eq!(rivers_for(3), 1);
        assert_eq!(counts_for(9), [1, 1, 1, 1, 1, 1, 0, 3]);
        for n in 1..300 {
            let c = counts_for(n);
            assert_eq!(c.iter().sum::<usize>(), n);
            let land = &c[..7];
            assert!(land.windows(2).all(|w| w[0] >= w[1] && w[0] - w[1] <= 1));
        }
    }

    #[test]
    fn outlines_by_variant_length_and_rows() {
        assert_eq!(outline_grid(&BoardVariant::Offset).unwrap().len(), 112);
        assert_eq!(outline_grid(&BoardVariant::Standard).unwrap().len(), 113);
        let e = outline_grid(&BoardVariant::FiveSixPlayers).unwrap_err();
        assert!(e.to_string().contains("allowed: standard, offset"), "{e}");
        assert_eq!(outline_of(112), Some(BoardVariant::Offset));
        assert_eq!(outline_of(113), Some(BoardVariant::Standard));
        assert_eq!(outline_of(111), None);
        assert_eq!(grid_for_len(112).row_len(0), 12);
        assert_eq!(grid_for_len(113).row_len(0), 13);
        assert_eq!(outline_of_rows(&OFFSET_ROWS), Some(BoardVariant::Offset));
        assert_eq!(outline_of_rows(&[3, 2]), None);
        assert_eq!(outline_name(&BoardVariant::Offset), Some("offset"));
    }
}
