//! Settlers of Catan: the 19-hex island, number tokens, R1-R3 and the
//! optional rules a player asks for.

use super::hex::{HexGrid, HexIndex};
use serde::{Deserialize, Serialize};
use std::sync::OnceLock;

/// Row lengths of the standard island.
pub const ROWS: [usize; 5] = [3, 4, 5, 4, 3];

/// The shared layout of the island.
pub fn grid() -> &'static HexGrid {
    static GRID: OnceLock<HexGrid> = OnceLock::new();
    GRID.get_or_init(|| HexGrid::from_rows(&ROWS))
}

/// Corners where three hexes meet (mutually adjacent triples).
pub fn corners() -> &'static [[HexIndex; 3]] {
    static CORNERS: OnceLock<Vec<[HexIndex; 3]>> = OnceLock::new();
    CORNERS.get_or_init(|| {
        let g = grid();
        let mut v = Vec::new();
        for i in g.indices() {
            for &j in g.neighbours(i).iter().filter(|&&j| j > i) {
                for &k in g.neighbours(j).iter().filter(|&&k| k > j) {
                    if g.neighbours(i).contains(&k) {
                        v.push([i, j, k]);
                    }
                }
            }
        }
        v
    })
}

/// A Catan terrain.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[repr(u8)]
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

/// Ways to roll `n` with two dice (0 for 7 / no token).
pub fn pips(n: u8) -> u8 {
    match n {
        2 | 12 => 1,
        3 | 11 => 2,
        4 | 10 => 3,
        5 | 9 => 4,
        6 | 8 => 5,
        _ => 0,
    }
}

/// One hex of the island.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct CatanHex {
    /// Its terrain.
    pub terrain: CatanTerrain,
    /// Its number token (`None` on the desert).
    pub number: Option<u8>,
}

/// Where the desert may lie.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub enum DesertPlacement {
    /// Anywhere (the base rules).
    #[default]
    Anywhere,
    /// On the centre hex.
    Centre,
    /// On the coast (an outer hex).
    Coast,
    /// Inland (not on the coast).
    Inland,
}

/// Optional rules, each switchable (off by default).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct CatanOptions {
    /// No two neighbours hold the same number.
    pub no_equal_neighbours: bool,
    /// No 2 or 12 next to a 2 or 12.
    pub no_2_12_neighbours: bool,
    /// Where the desert goes.
    pub desert: DesertPlacement,
    /// The most pips a settlement corner (three hexes) may touch; 0 = no
    /// bound. (Coast corners touch at most two hexes and are not bounded.)
    pub max_corner_pips: u8,
}

/// Violation counts: R1..R3 and the optional rules.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct CatanViolations {
    /// R1, R2, R3.
    pub r: [u32; 3],
    /// Hexes with a neighbour of the same number (optional rule).
    pub equal_neighbours: u32,
    /// Hexes with 2/12 next to 2/12 (optional rule).
    pub two_twelve: u32,
    /// 1 when the desert is not where the option wants it.
    pub desert: u32,
    /// Corners above the pip bound.
    pub corners: u32,
}

impl CatanViolations {
    /// Total score (0 is perfect).
    pub fn total(&self) -> u32 {
        self.r.iter().sum::<u32>()
            + self.equal_neighbours
            + self.two_twelve
            + self.desert
            + self.corners
    }

    /// `(name, count)` pairs: `r1..r3`, then the optional rules enabled in
    /// `opts`.
    pub fn named_with(&self, opts: &CatanOptions) -> Vec<(&'static str, u32)> {
        let mut v = vec![("r1", self.r[0]), ("r2", self.r[1]), ("r3", self.r[2])];
        if opts.no_equal_neighbours {
            v.push(("equal_neighbours", self.equal_neighbours));
        }
        if opts.no_2_12_neighbours {
            v.push(("two_twelve", self.two_twelve));
        }
        if opts.desert != DesertPlacement::Anywhere {
            v.push(("desert", self.desert));
        }
        if opts.max_corner_pips > 0 {
            v.push(("corners", self.corners));
        }
        v
    }

    /// `(name, count)` pairs of every rule with a non-zero count or R1..R3.
    pub fn named(&self) -> Vec<(&'static str, u32)> {
        let mut v = vec![("r1", self.r[0]), ("r2", self.r[1]), ("r3", self.r[2])];
        for (n, c) in [
            ("equal_neighbours", self.equal_neighbours),
            ("two_twelve", self.two_twelve),
            ("desert", self.desert),
            ("corners", self.corners),
        ] {
            if c > 0 {
                v.push((n, c));
            }
        }
        v
    }
}

/// A Catan island: 19 hexes in rows of 3, 4, 5, 4, 3.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct CatanBoard {
    /// Rows of hexes, top first.
    pub rows: Vec<Vec<CatanHex>>,
}

/// Encode a hex as one byte: `terrain * 16 + number` (number 0 = none).
#[inline]
pub fn code(terrain: u8, number: u8) -> u8 {
    terrain * 16 + number
}

impl CatanBoard {
    /// Decode row-major hex codes (see [`code`]).
    pub fn decode(codes: &[u8]) -> Self {
        let hexes: Vec<CatanHex> = codes
            .iter()
            .map(|&c| CatanHex {
                terrain: TERRAINS[(c >> 4) as usize],
                number: (c & 15 != 0).then_some(c & 15),
            })
            .collect();
        CatanBoard {
            rows: grid().split_rows(&hexes).map(<[_]>::to_vec).collect(),
        }
    }

    /// Row-major hex codes.
    pub fn encode(&self) -> Vec<u8> {
        self.rows
            .iter()
            .flatten()
            .map(|h| code(h.terrain as u8, h.number.unwrap_or(0)))
            .collect()
    }

    /// Check the shape (rows of 3, 4, 5, 4, 3), the tile counts and that
    /// exactly the desert has no number; the error says what is expected.
    pub fn validate(&self) -> Result<(), String> {
        let lens: Vec<usize> = self.rows.iter().map(Vec::len).collect();
        if lens != ROWS {
            return Err(format!(
                "a Catan board has rows of 3, 4, 5, 4, 3 hexes, not {lens:?}"
            ));
        }
        let mut counts = [0usize; 6];
        let mut tokens: Vec<u8> = Vec::new();
        for h in self.rows.iter().flatten() {
            counts[h.terrain as usize] += 1;
            match (h.terrain, h.number) {
                (CatanTerrain::Desert, None) => {}
                (CatanTerrain::Desert, Some(_)) => return Err("the desert takes no number".into()),
                (_, None) => return Err(format!("a {} hex needs a number", h.terrain.name())),
                (_, Some(n)) => tokens.push(n),
            }
        }
        if counts != TERRAIN_COUNTS {
            return Err(format!(
                "terrain counts {counts:?}; expected fields 4, forest 4, pasture 4, hills 3, mountains 3, desert 1"
            ));
        }
        tokens.sort_unstable();
        if tokens != TOKENS {
            return Err("number tokens must be 2 and 12 once and 3-6, 8-11 twice".into());
        }
        Ok(())
    }

    /// Score the board.
    pub fn violations(&self, opts: &CatanOptions) -> CatanViolations {
        evaluate(&self.encode(), opts)
    }

    /// The CLI's JSON: rows of `{terrain, number}`.
    pub fn to_json(&self) -> serde_json::Value {
        serde_json::Value::Array(
            self.rows
                .iter()
                .map(|r| {
                    r.iter()
                        .map(|h| serde_json::json!({"terrain": h.terrain.name(), "number": h.number}))
                        .collect()
                })
                .collect(),
        )
    }
}

/// Score row-major hex codes (no allocation).
pub fn evaluate(codes: &[u8], opts: &CatanOptions) -> CatanViolations {
    let g = grid();
    let mut v = CatanViolations::default();
    let mut sums = [0u32; 5];
    let hot = |n: u8| n == 6 || n == 8;
    let rare = |n: u8| n == 2 || n == 12;
    for i in g.indices() {
        let c = codes[i as usize];
        let (t, n) = (c >> 4, c & 15);
        if t < 5 {
            sums[t as usize] += pips(n) as u32;
        }
        let (mut same_t, mut hot_nb, mut eq_nb, mut rare_nb) = (false, false, false, false);
        for &j in g.neighbours(i) {
            let d = codes[j as usize];
            let (u, m) = (d >> 4, d & 15);
            same_t |= u == t;
            hot_nb |= hot(m);
            eq_nb |= n != 0 && m == n;
            rare_nb |= rare(m);
        }
        v.r[0] += same_t as u32;
        v.r[2] += (hot(n) && hot_nb) as u32;
        v.equal_neighbours += (opts.no_equal_neighbours && eq_nb) as u32;
        v.two_twelve += (opts.no_2_12_neighbours && rare(n) && rare_nb) as u32;
        if t == CatanTerrain::Desert as u8 {
            let coast = g.neighbours(i).len() < 6;
            v.desert = match opts.desert {
                DesertPlacement::Anywhere => 0,
                DesertPlacement::Centre => (i != g.index(2, 2).unwrap_or(9)) as u32,
                DesertPlacement::Coast => !coast as u32,
                DesertPlacement::Inland => coast as u32,
            };
        }
    }
    let spread = |s: &[u32]| s.iter().max().unwrap() - s.iter().min().unwrap();
    v.r[1] = (spread(&sums[0..3]) > 1) as u32 + (spread(&sums[3..5]) > 1) as u32;
    if opts.max_corner_pips > 0 {
        for k in corners() {
            let p: u32 = k.iter().map(|&i| pips(codes[i as usize] & 15) as u32).sum();
            v.corners += (p > opts.max_corner_pips as u32) as u32;
        }
    }
    v
}

/// Hexes that break a per-hex rule, one bit per rule (bit 0 = R1 same
/// terrain, bit 2 = R3 hot numbers, bit 4 = equal numbers, bit 5 = 2/12,
/// bit 6 = misplaced desert), for highlighting.
pub fn broken_hexes(codes: &[u8], opts: &CatanOptions) -> Vec<u8> {
    let g = grid();
    let hot = |n: u8| n == 6 || n == 8;
    let rare = |n: u8| n == 2 || n == 12;
    let whole = evaluate(codes, opts);
    g.indices()
        .map(|i| {
            let c = codes[i as usize];
            let (t, n) = (c >> 4, c & 15);
            let mut m = 0u8;
            for &j in g.neighbours(i) {
                let d = codes[j as usize];
                let (u, k) = (d >> 4, d & 15);
                if u == t {
                    m |= 1;
                }
                if hot(n) && hot(k) {
                    m |= 1 << 2;
                }
                if opts.no_equal_neighbours && n != 0 && k == n {
                    m |= 1 << 4;
                }
                if opts.no_2_12_neighbours && rare(n) && rare(k) {
                    m |= 1 << 5;
                }
            }
            if t == CatanTerrain::Desert as u8 && whole.desert > 0 {
                m |= 1 << 6;
            }
            m
        })
        .collect()
}

/// The standard tile set as codes: terrains in [`TERRAINS`] order with
/// the tokens dealt in order (the desert takes none).
pub fn standard_codes() -> Vec<u8> {
    let mut out = Vec::with_capacity(19);
    let mut tokens = TOKENS.iter();
    for (t, &k) in TERRAINS.iter().zip(&TERRAIN_COUNTS) {
        for _ in 0..k {
            let n = if *t == CatanTerrain::Desert {
                0
            } else {
                *tokens.next().unwrap()
            };
            out.push(code(*t as u8, n));
        }
    }
    out
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
    fn rules_on_a_hand_made_board() {
        // Standard order: fields ×4 in row 0 and the start of row 1, etc.
        let codes = standard_codes();
        let v = evaluate(&codes, &CatanOptions::default());
        // Row 0 = 3 fields, row 1 starts with fields then forests: many
        // same-terrain neighbours.
        assert!(v.r[0] >= 15, "{v:?}");
        // Fields hold 2,3,3,4 (9 pips); forest 4,5,5,6 (16); pasture 6,8,8,9 (19).
        assert_eq!(v.r[1], 2);
        // Tokens 6,6,8,8 are adjacent in the standard order.
        assert!(v.r[2] >= 2);
        assert_eq!(v.total(), v.r.iter().sum::<u32>());
    }

    #[test]
    fn r3_counts_each_hot_hex_next_to_another() {
        let g = grid();
        let mut codes = vec![code(0, 3); 19];
        let a = g.index(2, 2).unwrap() as usize;
        let b = g.index(2, 3).unwrap() as usize;
        codes[a] = code(0, 6);
        codes[b] = code(0, 8);
        assert_eq!(evaluate(&codes, &CatanOptions::default()).r[2], 2);
        codes[b] = code(0, 9);
        assert_eq!(evaluate(&codes, &CatanOptions::default()).r[2], 0);
    }

    #[test]
    fn validation_errors() {
        let mut b = CatanBoard::decode(&standard_codes());
        b.rows[0][0].number = None;
        assert!(b.validate().unwrap_err().contains("needs a number"));
        b.rows.pop();
        assert!(b.validate().unwrap_err().contains("3, 4, 5, 4, 3"));
    }
}
