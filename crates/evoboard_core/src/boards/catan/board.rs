//! The Catan island (base: 19 hexes; 5–6 players: 30), its terrains,
//! number tokens and harbours, and the one-byte code of a hex
//! ([`CatanCode`]) that the searches work on.

use super::harbours::{Harbour, harbour_breaks};
use super::layout::CatanLayout;
use super::rules::{CatanOptions, CatanViolations, evaluate_on};
use crate::boards::{BoardError, HexGrid, HexIndex};
use serde::{Deserialize, Serialize};

/// Row lengths of the standard (base) island.
pub const ROWS: [usize; 5] = [3, 4, 5, 4, 3];

/// The layout of the base island (see [`CatanLayout::grid`] for the 5–6
/// player island).
pub fn grid() -> &'static HexGrid {
    CatanLayout::base().grid()
}

/// Corners of the base island where three hexes meet (mutually adjacent
/// triples; see [`CatanLayout::corners`]).
pub fn corners() -> &'static [[HexIndex; 3]] {
    CatanLayout::base().corners()
}

/// A Catan terrain.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[repr(u8)]
#[cfg_attr(feature = "bevy_reflect", derive(bevy_reflect::Reflect))]
pub enum CatanTerrain {
    /// Grain, 4 tiles.
    Fields = 0,
    /// Lumber, 4 tiles.
    Forest = 1,
    /// Wool, 4 tiles.
    Pasture = 2,
    /// Brick, 3 tiles.
    Hills = 3,
    /// Ore, 3 tiles.
    Mountains = 4,
    /// No resource; holds the robber.
    Desert = 5,
}

/// All terrains, resource order then desert.
pub const TERRAINS: [CatanTerrain; 6] = [
    CatanTerrain::Fields,
    CatanTerrain::Forest,
    CatanTerrain::Pasture,
    CatanTerrain::Hills,
    CatanTerrain::Mountains,
    CatanTerrain::Desert,
];

/// Tiles of each terrain in the standard set (same order as [`TERRAINS`]).
pub const TERRAIN_COUNTS: [usize; 6] = [4, 4, 4, 3, 3, 1];

/// The 18 number tokens.
pub const TOKENS: [u8; 18] = [2, 3, 3, 4, 4, 5, 5, 6, 6, 8, 8, 9, 9, 10, 10, 11, 11, 12];

impl CatanTerrain {
    /// The terrain with index `i` in [`TERRAINS`] order, if there is one.
    pub fn from_index(i: u8) -> Option<CatanTerrain> {
        TERRAINS.get(i as usize).copied()
    }

    /// Name as in the CLI's JSON.
    pub fn name(self) -> &'static str {
        match self {
            CatanTerrain::Fields => "fields",
            CatanTerrain::Forest => "forest",
            CatanTerrain::Pasture => "pasture",
            CatanTerrain::Hills => "hills",
            CatanTerrain::Mountains => "mountains",
            CatanTerrain::Desert => "desert",
        }
    }
}

/// A hex as one byte: `terrain << 4 | token`, with the terrain's index in
/// [`TERRAINS`] order and token 0 for none (the desert). Boards are
/// row-major slices of these bytes; this type reads and writes them.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[repr(transparent)]
pub struct CatanCode(u8);

impl CatanCode {
    /// The terrain index of the desert.
    pub const DESERT: u8 = CatanTerrain::Desert as u8;

    /// The code of a hex: terrain index (0..=5) and token (0 = none, 2..=12).
    #[inline]
    pub const fn new(terrain: u8, token: u8) -> Self {
        CatanCode((terrain << 4) | token)
    }

    /// The code stored in `byte`.
    #[inline]
    pub const fn from_byte(byte: u8) -> Self {
        CatanCode(byte)
    }

    /// The byte of this code.
    #[inline]
    pub const fn byte(self) -> u8 {
        self.0
    }

    /// The terrain index.
    #[inline]
    pub const fn terrain(self) -> u8 {
        self.0 >> 4
    }

    /// The number token (0 = none).
    #[inline]
    pub const fn token(self) -> u8 {
        self.0 & 15
    }

    /// Whether this hex is the desert.
    #[inline]
    pub const fn is_desert(self) -> bool {
        self.terrain() == Self::DESERT
    }

    /// This hex's token on `other`'s terrain.
    #[inline]
    pub const fn with_terrain_of(self, other: CatanCode) -> Self {
        CatanCode((other.0 & 0xF0) | (self.0 & 15))
    }

    /// This hex's terrain with `other`'s token.
    #[inline]
    pub const fn with_token_of(self, other: CatanCode) -> Self {
        CatanCode((self.0 & 0xF0) | (other.0 & 15))
    }
}

/// Swap the terrains of hexes `a` and `b` of a legal board; when one of
/// them is the desert the whole hexes swap, so the desert never holds a
/// token. Swapping again undoes it.
#[inline]
pub(crate) fn swap_terrains(codes: &mut [u8], a: usize, b: usize) {
    let (ca, cb) = (
        CatanCode::from_byte(codes[a]),
        CatanCode::from_byte(codes[b]),
    );
    if ca.is_desert() || cb.is_desert() {
        codes.swap(a, b);
    } else {
        codes[a] = ca.with_terrain_of(cb).byte();
        codes[b] = cb.with_terrain_of(ca).byte();
    }
}

/// Swap the number tokens of hexes `a` and `b`. Swapping again undoes it.
#[inline]
pub(crate) fn swap_tokens(codes: &mut [u8], a: usize, b: usize) {
    let (ca, cb) = (
        CatanCode::from_byte(codes[a]),
        CatanCode::from_byte(codes[b]),
    );
    codes[a] = ca.with_token_of(cb).byte();
    codes[b] = cb.with_token_of(ca).byte();
}

/// One hex of the island.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "bevy_reflect", derive(bevy_reflect::Reflect))]
pub struct CatanHex {
    /// Its terrain.
    pub terrain: CatanTerrain,
    /// Its number token (`None` on the desert).
    pub number: Option<u8>,
}

/// A Catan island: 19 hexes in rows of 3, 4, 5, 4, 3 (3–4 players) or
/// 30 in rows of 3, 4, 5, 6, 5, 4, 3 (5–6 players), and its harbours.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "bevy_reflect", derive(bevy_reflect::Reflect))]
pub struct CatanBoard {
    /// Rows of hexes, top first.
    pub rows: Vec<Vec<CatanHex>>,
    /// The harbours on the frame (empty: none placed, as in levels saved
    /// before harbours existed).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub harbours: Vec<Harbour>,
}

impl CatanBoard {
    /// Decode row-major [`CatanCode`] bytes.
    ///
    /// # Panics
    /// When there are not 19 or 30 codes or a code's terrain is not one of
    /// [`TERRAINS`] (see [`Self::try_decode`]).
    pub fn decode(codes: &[u8]) -> Self {
        Self::try_decode(codes).unwrap_or_else(|e| panic!("{e}"))
    }

    /// Decode row-major [`CatanCode`] bytes (19: the base island, 30: the
    /// 5–6 player island), or an error when there are neither 19 nor 30
    /// or a code's terrain is not one of [`TERRAINS`] or its number token
    /// is not 2-6 or 8-12 (0: none). (Whether the tiles
    /// are the game's set is [`Self::validate`]'s question.) No harbours.
    pub fn try_decode(codes: &[u8]) -> Result<Self, BoardError> {
        let Some(layout) = CatanLayout::for_hexes(codes.len()) else {
            return Err(BoardError::TileCount {
                expected: grid().len(),
                got: codes.len(),
            });
        };
        let g = layout.grid();
        let hexes: Vec<CatanHex> = codes
            .iter()
            .map(|&b| {
                let c = CatanCode::from_byte(b);
                let terrain = CatanTerrain::from_index(c.terrain())
                    .ok_or(BoardError::BadTileCode { code: b })?;
                let token = c.token();
                if token != 0 && !matches!(token, 2..=6 | 8..=12) {
                    return Err(BoardError::BadToken { token });
                }
                Ok(CatanHex {
                    terrain,
                    number: (c.token() != 0).then_some(c.token()),
                })
            })
            .collect::<Result<_, BoardError>>()?;
        Ok(CatanBoard {
            rows: g.split_rows(&hexes).map(<[_]>::to_vec).collect(),
            harbours: Vec::new(),
        })
    }

    /// The board of `codes` with its island's harbours placed by
    /// [`super::assign_harbours`] (kinds shuffled by `seed`; with the
    /// harbour rule on, kept away from their resource's high hexes where
    /// the land allows). Saved levels and the CLI place harbours this way.
    ///
    /// # Panics
    /// As [`Self::decode`].
    pub fn with_placed_harbours(codes: &[u8], opts: &CatanOptions, seed: u64) -> Self {
        let board = Self::decode(codes);
        match board.layout() {
            Some(l) => {
                let h = super::assign_harbours(l, codes, opts, seed);
                board.with_harbours(h)
            }
            None => board,
        }
    }

    /// This board with `harbours`.
    pub fn with_harbours(mut self, harbours: Vec<Harbour>) -> Self {
        self.harbours = harbours;
        self
    }

    /// The island these rows form (base or 5–6 players), if either.
    pub fn layout(&self) -> Option<&'static CatanLayout> {
        let lens: Vec<usize> = self.rows.iter().map(Vec::len).collect();
        CatanLayout::for_rows(&lens)
    }

    /// Row-major [`CatanCode`] bytes.
    pub fn encode(&self) -> Vec<u8> {
        self.rows
            .iter()
            .flatten()
            .map(|h| CatanCode::new(h.terrain as u8, h.number.unwrap_or(0)).byte())
            .collect()
    }

    /// Check the shape (rows of 3, 4, 5, 4, 3 or 3, 4, 5, 6, 5, 4, 3), the
    /// tile counts, that exactly the deserts have no number, and that the
    /// harbours (if any) are the game's on the frame's slots; the error
    /// says what is expected.
    pub fn validate(&self) -> Result<(), BoardError> {
        let lens: Vec<usize> = self.rows.iter().map(Vec::len).collect();
        let Some(layout) = CatanLayout::for_rows(&lens) else {
            return Err(BoardError::CatanShape { rows: lens });
        };
        let mut counts = [0usize; 6];
        let mut tokens: Vec<u8> = Vec::new();
        for h in self.rows.iter().flatten() {
            counts[h.terrain as usize] += 1;
            match (h.terrain, h.number) {
                (CatanTerrain::Desert, None) => {}
                (CatanTerrain::Desert, Some(_)) => return Err(BoardError::DesertWithNumber),
                (terrain, None) => return Err(BoardError::MissingNumber { terrain }),
                (_, Some(n)) => tokens.push(n),
            }
        }
        if counts != layout.terrain_counts() {
            return Err(BoardError::TerrainCounts {
                counts,
                expected: layout.terrain_counts(),
            });
        }
        tokens.sort_unstable();
        if tokens != layout.tokens() {
            return Err(BoardError::TokenSet);
        }
        self.validate_harbours(layout)
    }

    fn validate_harbours(&self, layout: &CatanLayout) -> Result<(), BoardError> {
        if self.harbours.is_empty() {
            return Ok(());
        }
        let g = layout.grid();
        let bad = |problem: String| Err(BoardError::CatanHarbours { problem });
        if self.harbours.len() != layout.slots().len() {
            return bad(format!(
                "{} harbours; this island takes {} (or none)",
                self.harbours.len(),
                layout.slots().len()
            ));
        }
        for h in &self.harbours {
            let i = g.index(h.hex.0, h.hex.1);
            if !layout
                .slots()
                .iter()
                .any(|s| Some(s.hex) == i && s.side == h.side)
            {
                return bad(format!(
                    "no harbour slot at hex ({}, {}) side {}; slots: {}",
                    h.hex.0,
                    h.hex.1,
                    h.side,
                    layout
                        .slots()
                        .iter()
                        .map(|s| {
                            let (r, c) = g.row_col(s.hex);
                            format!("({r}, {c}) side {}", s.side)
                        })
                        .collect::<Vec<_>>()
                        .join(", ")
                ));
            }
        }
        let mut kinds: Vec<_> = self.harbours.iter().map(|h| h.kind).collect();
        kinds.sort_unstable();
        if kinds != layout.harbour_kinds() {
            return bad(format!(
                "harbour kinds {:?}; expected {:?}",
                kinds,
                layout.harbour_kinds()
            ));
        }
        Ok(())
    }

    /// Score the board; with the harbour rule on, its placed harbours are
    /// counted (a board without harbours counts the 2:1 harbours no
    /// arrangement could keep away from their high hexes).
    ///
    /// # Panics
    /// When the board is neither island (check with [`Self::validate`]).
    pub fn violations(&self, opts: &CatanOptions) -> CatanViolations {
        let codes = self.encode();
        let layout = self
            .layout()
            .or_else(|| CatanLayout::for_hexes(codes.len()))
            .unwrap_or_else(CatanLayout::base);
        let mut v = evaluate_on(layout, &codes, opts);
        if opts.harbour_rule && !self.harbours.is_empty() {
            v.harbour = harbour_breaks(layout, &codes, &self.harbours);
        }
        v
    }
}

/// The standard (base island) tile set as codes: terrains in [`TERRAINS`]
/// order with the tokens dealt in order (the desert takes none). See
/// [`CatanLayout::standard_codes`] for either island.
pub fn standard_codes() -> Vec<u8> {
    CatanLayout::base().standard_codes()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn island_shape() {
        assert_eq!(grid().len(), 19);
        assert_eq!(corners().len(), 24);
        let b = CatanBoard::decode(&standard_codes());
        b.validate().unwrap();
        assert_eq!(CatanBoard::decode(&b.encode()), b);
    }

    #[test]
    fn codes_keep_the_bit_layout() {
        let c = CatanCode::new(3, 11);
        assert_eq!(c.byte(), 3 * 16 + 11);
        assert_eq!((c.terrain(), c.token()), (3, 11));
        assert!(CatanCode::new(5, 0).is_desert());
        let d = CatanCode::new(1, 6);
        assert_eq!(c.with_terrain_of(d), CatanCode::new(1, 11));
        assert_eq!(c.with_token_of(d), CatanCode::new(3, 6));
    }

    #[test]
    fn validation_errors() {
        let mut b = CatanBoard::decode(&standard_codes());
        b.rows[0][0].number = None;
        let err = b.validate().unwrap_err();
        assert!(
            matches!(
                err,
                BoardError::MissingNumber {
                    terrain: CatanTerrain::Fields
                }
            ),
            "{err:?}"
        );
        assert!(err.to_string().contains("needs a number"));
        b.rows.pop();
        let err = b.validate().unwrap_err();
        assert!(matches!(&err, BoardError::CatanShape { rows } if rows == &[3, 4, 5, 4]));
        assert!(err.to_string().contains("3, 4, 5, 4, 3"));
        assert!(matches!(
            CatanBoard::try_decode(&[CatanCode::new(6, 2).byte(); 19]),
            Err(BoardError::BadTileCode { code: 98 })
        ));
        // Tokens 13-15 fit the code's four bits but are no token (a share
        // code once decoded to them and panicked, issue 42).
        for token in [1, 7, 13, 15] {
            let mut codes = standard_codes();
            codes[0] = CatanCode::new(CatanCode::from_byte(codes[0]).terrain(), token).byte();
            assert!(matches!(
                CatanBoard::try_decode(&codes),
                Err(BoardError::BadToken { token: t }) if t == token
            ));
        }
        assert!(matches!(
            CatanBoard::try_decode(&standard_codes()[..5]),
            Err(BoardError::TileCount {
                expected: 19,
                got: 5
            })
        ));
    }
}
