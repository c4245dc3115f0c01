//! The two Catan islands as layout values: the base island (rows
//! 3-4-5-4-3, 19 hexes) and the 5–6 player extension (rows
//! 3-4-5-6-5-4-3, 30 hexes), each with its grid, settlement corners, tile
//! pools, centre hexes and harbour slots on the frame.
//!
//! ```
//! use evoboard_core::boards::catan::CatanLayout;
//! let base = CatanLayout::base();
//! assert_eq!((base.hexes(), base.tokens().len(), base.harbour_kinds().len()), (19, 18, 9));
//! let big = CatanLayout::five_six();
//! assert_eq!((big.hexes(), big.tokens().len(), big.harbour_kinds().len()), (30, 28, 11));
//! ```

use super::harbours::{HarbourKind, HarbourSlot, frame_slots};
use crate::boards::{BoardError, BoardVariant, HexGrid, HexIndex};
use std::sync::OnceLock;

/// Row lengths of the 5–6 player island.
pub const FIVE_SIX_ROWS: [usize; 7] = [3, 4, 5, 6, 5, 4, 3];

/// Tiles of each terrain on the 5–6 player island (fields, forest,
/// pasture, hills, mountains, desert).
pub const FIVE_SIX_TERRAIN_COUNTS: [usize; 6] = [6, 6, 6, 5, 5, 2];

/// The 28 number tokens of the 5–6 player island: 2 and 12 twice, the
/// others three times.
pub const FIVE_SIX_TOKENS: [u8; 28] = [
    2, 2, 3, 3, 3, 4, 4, 4, 5, 5, 5, 6, 6, 6, 8, 8, 8, 9, 9, 9, 10, 10, 10, 11, 11, 11, 12, 12,
];

/// The base game's harbours: 4 generic 3:1 and one 2:1 per resource.
pub const BASE_HARBOURS: [HarbourKind; 9] = [
    HarbourKind::Generic,
    HarbourKind::Generic,
    HarbourKind::Generic,
    HarbourKind::Generic,
    HarbourKind::Grain,
    HarbourKind::Lumber,
    HarbourKind::Wool,
    HarbourKind::Brick,
    HarbourKind::Ore,
];

/// The 5–6 player extension's harbours: the base nine plus one generic
/// and one wool 2:1 (5 generic, wool twice).
pub const FIVE_SIX_HARBOURS: [HarbourKind; 11] = [
    HarbourKind::Generic,
    HarbourKind::Generic,
    HarbourKind::Generic,
    HarbourKind::Generic,
    HarbourKind::Generic,
    HarbourKind::Grain,
    HarbourKind::Lumber,
    HarbourKind::Wool,
    HarbourKind::Wool,
    HarbourKind::Brick,
    HarbourKind::Ore,
];

/// Gaps (in coastal edges) between consecutive harbour slots, clockwise:
/// base 3-3-4 three times (30 edges), 5–6 alternating 3 and 4 (38 edges).
const BASE_GAPS: [usize; 9] = [3, 3, 4, 3, 3, 4, 3, 3, 4];
const FIVE_SIX_GAPS: [usize; 11] = [3, 4, 3, 4, 3, 4, 3, 4, 3, 3, 4];

/// A Catan island: its shape, tile pools and frame.
#[derive(Debug)]
pub struct CatanLayout {
    rows: &'static [usize],
    grid: HexGrid,
    corners: Vec<[HexIndex; 3]>,
    terrain_counts: [usize; 6],
    tokens: &'static [u8],
    centre: Vec<HexIndex>,
    slots: Vec<HarbourSlot>,
    harbour_kinds: &'static [HarbourKind],
    variant: BoardVariant,
    red_surplus: u32,
    tile_scale: (u32, [u32; 5]),
}

impl CatanLayout {
    fn build(
        rows: &'static [usize],
        terrain_counts: [usize; 6],
        tokens: &'static [u8],
        centre: &[(usize, usize)],
        harbour_kinds: &'static [HarbourKind],
        gaps: &[usize],
        variant: BoardVariant,
    ) -> Self {
        let grid = HexGrid::from_rows(rows);
        let mut corners = Vec::new();
        for i in grid.indices() {
            for &j in grid.neighbours(i).iter().filter(|&&j| j > i) {
                for &k in grid.neighbours(j).iter().filter(|&&k| k > j) {
                    if grid.neighbours(i).contains(&k) {
                        corners.push([i, j, k]);
                    }
                }
            }
        }
        let centre = centre
            .iter()
            .filter_map(|&(r, c)| grid.index(r, c))
            .collect();
        let slots = frame_slots(&grid, gaps);
        let reds = tokens.iter().filter(|&&n| n == 6 || n == 8).count() as u32;
        let c = &terrain_counts[..5];
        let scale = (1..=c.iter().product::<usize>() as u32)
            .find(|m| c.iter().all(|&k| k > 0 && m % k as u32 == 0))
            .unwrap_or(1);
        let mut per = [0u32; 5];
        for (p, &k) in per.iter_mut().zip(c) {
            *p = scale / k.max(1) as u32;
        }
        CatanLayout {
            red_surplus: reds.saturating_sub(5),
            tile_scale: (scale, per),
            rows,
            grid,
            corners,
            terrain_counts,
            tokens,
            centre,
            slots,
            harbour_kinds,
            variant,
        }
    }

    /// The base island (3–4 players): rows 3-4-5-4-3, 19 hexes, fields,
    /// forest and pasture ×4, hills and mountains ×3, 1 desert, 18
    /// tokens, 9 harbours.
    pub fn base() -> &'static CatanLayout {
        static L: OnceLock<CatanLayout> = OnceLock::new();
        L.get_or_init(|| {
            CatanLayout::build(
                &super::board::ROWS,
                super::board::TERRAIN_COUNTS,
                &super::board::TOKENS,
                &[(2, 2)],
                &BASE_HARBOURS,
                &BASE_GAPS,
                BoardVariant::Standard,
            )
        })
    }

    /// The 5–6 player extension: rows 3-4-5-6-5-4-3, 30 hexes, fields,
    /// forest and pasture ×6, hills and mountains ×5, 2 deserts, 28
    /// tokens, 11 harbours.
    pub fn five_six() -> &'static CatanLayout {
        static L: OnceLock<CatanLayout> = OnceLock::new();
        L.get_or_init(|| {
            CatanLayout::build(
                &FIVE_SIX_ROWS,
                FIVE_SIX_TERRAIN_COUNTS,
                &FIVE_SIX_TOKENS,
                // The island's centre is the edge between (3,2) and (3,3);
                // these four hexes touch it or both of them.
                &[(2, 2), (3, 2), (3, 3), (4, 2)],
                &FIVE_SIX_HARBOURS,
                &FIVE_SIX_GAPS,
                BoardVariant::FiveSixPlayers,
            )
        })
    }

    /// The layout of a board variant: `Standard` is the base island,
    /// `FiveSixPlayers` the extension; `Offset` (a Terra Mystica outline)
    /// is an error.
    pub fn for_variant(variant: &BoardVariant) -> Result<&'static CatanLayout, BoardError> {
        match variant {
            BoardVariant::Standard => Ok(Self::base()),
            BoardVariant::FiveSixPlayers => Ok(Self::five_six()),
            other => Err(BoardError::CatanVariant {
                variant: other.clone(),
            }),
        }
    }

    /// The layout with `hexes` hexes (19 or 30), if there is one.
    pub fn for_hexes(hexes: usize) -> Option<&'static CatanLayout> {
        [Self::base(), Self::five_six()]
            .into_iter()
            .find(|l| l.hexes() == hexes)
    }

    /// The layout with these row lengths, if there is one.
    pub fn for_rows(lens: &[usize]) -> Option<&'static CatanLayout> {
        [Self::base(), Self::five_six()]
            .into_iter()
            .find(|l| l.rows == lens)
    }

    /// Row lengths, top first.
    pub fn rows(&self) -> &'static [usize] {
        self.rows
    }

    /// The hex grid.
    pub fn grid(&self) -> &HexGrid {
        &self.grid
    }

    /// Number of hexes.
    pub fn hexes(&self) -> usize {
        self.grid.len()
    }

    /// Settlement corners where three hexes meet (mutually adjacent
    /// triples).
    pub fn corners(&self) -> &[[HexIndex; 3]] {
        &self.corners
    }

    /// Tiles per terrain, in [`super::TERRAINS`] order.
    pub fn terrain_counts(&self) -> [usize; 6] {
        self.terrain_counts
    }

    /// The number tokens, sorted.
    pub fn tokens(&self) -> &'static [u8] {
        self.tokens
    }

    /// Number of deserts.
    pub fn deserts(&self) -> usize {
        self.terrain_counts[5]
    }

    /// Red tokens (6 and 8) beyond one per resource: 0 on the base
    /// island (4 red tokens), 1 on the 5–6 player island (6 on 5
    /// resources), so `table` lets one resource hold two.
    #[inline]
    pub fn red_surplus(&self) -> u32 {
        self.red_surplus
    }

    /// A common denominator of the resources' tile counts and, per
    /// resource, the factor that turns its pip sum into pips per tile in
    /// units of 1/denominator (base: 12 and 3, 3, 3, 4, 4; 5–6: 30 and
    /// 5, 5, 5, 6, 6).
    #[inline]
    pub fn tile_scale(&self) -> (u32, [u32; 5]) {
        self.tile_scale
    }

    /// Whether hex `i` is a centre hex (where `--desert centre` puts the
    /// deserts): base (2,2); 5–6 (2,2), (3,2), (3,3), (4,2).
    pub fn is_centre(&self, i: HexIndex) -> bool {
        self.centre.contains(&i)
    }

    /// The centre hexes.
    pub fn centre(&self) -> &[HexIndex] {
        &self.centre
    }

    /// The harbour slots on the frame, clockwise from the west.
    pub fn slots(&self) -> &[HarbourSlot] {
        &self.slots
    }

    /// The harbours of this island's game (sorted: generic first, then one
    /// or two 2:1 per resource).
    pub fn harbour_kinds(&self) -> &'static [HarbourKind] {
        self.harbour_kinds
    }

    /// The board variant this layout is.
    pub fn variant(&self) -> BoardVariant {
        self.variant.clone()
    }

    /// `3-4` or `5-6` (the CLI's `--players`).
    pub fn players(&self) -> &'static str {
        if self.variant == BoardVariant::FiveSixPlayers {
            "5-6"
        } else {
            "3-4"
        }
    }

    /// The tile set as codes: terrains in [`super::TERRAINS`] order with
    /// the tokens dealt in order (deserts take none).
    pub fn standard_codes(&self) -> Vec<u8> {
        use super::board::{CatanCode, TERRAINS};
        let mut out = Vec::with_capacity(self.hexes());
        let mut tokens = self.tokens.iter();
        for (t, &k) in TERRAINS.iter().zip(&self.terrain_counts) {
            for _ in 0..k {
                let n = if *t == super::CatanTerrain::Desert {
                    0
                } else {
                    tokens.next().copied().unwrap_or(0)
                };
                out.push(CatanCode::new(*t as u8, n).byte());
            }
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn degrees(l: &CatanLayout) -> [usize; 7] {
        let mut d = [0; 7];
        for i in l.grid().indices() {
            d[l.grid().neighbours(i).len()] += 1;
        }
        d
    }

    #[test]
    fn shapes_and_neighbour_counts() {
        let b = CatanLayout::base();
        assert_eq!(b.hexes(), 19);
        assert_eq!(b.corners().len(), 24);
        // 6 corner hexes with 3 neighbours, 6 coast hexes with 4, 7 inland.
        assert_eq!(degrees(b), [0, 0, 0, 6, 6, 0, 7]);
        let f = CatanLayout::five_six();
        assert_eq!(f.hexes(), 30);
        assert_eq!(f.grid().rows(), 7);
        assert_eq!(f.grid().row_lengths().collect::<Vec<_>>(), FIVE_SIX_ROWS);
        // Coast: 6 corners (3 neighbours) and 10 sides (4); 14 inland.
        assert_eq!(degrees(f), [0, 0, 0, 6, 10, 0, 14]);
        // Inner corners: every triangle of mutually adjacent hexes,
        // internal edges − hexes + 1 = 71 − 30 + 1.
        assert_eq!(f.corners().len(), 42);
        assert_eq!(f.centre().len(), 4);
    }

    #[test]
    fn tile_counts() {
        let f = CatanLayout::five_six();
        assert_eq!(f.terrain_counts().iter().sum::<usize>(), 30);
        assert_eq!(f.deserts(), 2);
        assert_eq!(f.tokens().len(), 28);
        assert_eq!(f.tokens().iter().filter(|&&t| t == 2).count(), 2);
        assert_eq!(f.tokens().iter().filter(|&&t| t == 6).count(), 3);
        assert!(f.tokens().windows(2).all(|w| w[0] <= w[1]));
        let codes = f.standard_codes();
        assert_eq!(codes.len(), 30);
        assert_eq!(codes.iter().filter(|&&c| c & 15 == 0).count(), 2);
        assert_eq!(
            CatanLayout::for_variant(&BoardVariant::FiveSixPlayers)
                .unwrap()
                .hexes(),
            30
        );
        assert!(CatanLayout::for_variant(&BoardVariant::Offset).is_err());
        assert_eq!(CatanLayout::for_hexes(19).unwrap().hexes(), 19);
        assert!(CatanLayout::for_hexes(20).is_none());
    }
}
