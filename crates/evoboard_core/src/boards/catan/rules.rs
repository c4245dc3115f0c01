//! Catan's rules: R1 (no two neighbours of the same terrain), R2 (pips
//! balanced across resources), R3 (no 6 or 8 next to a 6 or 8), and the
//! optional rules a player asks for ([`CatanOptions`]), on either island
//! ([`CatanLayout`]).
//!
//! On the 5–6 player island the rules read the same: R2's groups are the
//! 6-tile resources (fields, forest, pasture) and the 5-tile ones (hills,
//! mountains), a group counting 1 when its resources' pip sums differ by
//! more than 1; the desert rule counts each misplaced desert (centre: the
//! four hexes around the island's centre); corners are the 42 inland
//! intersections.

use super::board::CatanCode;
use super::harbours::unavoidable_breaks;
use super::layout::CatanLayout;
use super::table::{
    MARK_DESERT, MARK_DESERTS_TOUCH, MARK_EQUAL, MARK_R1, MARK_R3, MARK_TWO_TWELVE, Tally,
    corner_breaks, hex_marks,
};
use crate::boards::BoardError;
use serde::{Deserialize, Serialize};
use std::str::FromStr;

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

/// A 6 or an 8 (R3).
#[inline]
pub(crate) fn hot(n: u8) -> bool {
    n == 6 || n == 8
}

/// A 2 or a 12 (the optional 2/12 rule).
#[inline]
pub(crate) fn rare(n: u8) -> bool {
    n == 2 || n == 12
}

/// Where the desert may lie.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "bevy_reflect", derive(bevy_reflect::Reflect))]
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

impl DesertPlacement {
    /// Name on the command line.
    pub fn name(self) -> &'static str {
        match self {
            DesertPlacement::Anywhere => "anywhere",
            DesertPlacement::Centre => "centre",
            DesertPlacement::Coast => "coast",
            DesertPlacement::Inland => "inland",
        }
    }
}

impl FromStr for DesertPlacement {
    type Err = BoardError;

    /// `anywhere`, `centre` (or `center`), `coast` or `inland`.
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        match s {
            "anywhere" => Ok(DesertPlacement::Anywhere),
            "centre" | "center" => Ok(DesertPlacement::Centre),
            "coast" => Ok(DesertPlacement::Coast),
            "inland" => Ok(DesertPlacement::Inland),
            _ => Err(BoardError::UnknownDesert {
                name: s.to_string(),
            }),
        }
    }
}

/// Optional rules, each switchable (off by default: R1–R3 alone, the
/// papers' rules; [`CatanOptions::table`] turns every one on).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "bevy_reflect", derive(bevy_reflect::Reflect))]
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
    /// A 2:1 harbour's corners touch no hex of its own resource holding
    /// 5, 6, 8 or 9 (see [`super::HARBOUR_RULE_PIPS`]).
    #[serde(default)]
    pub harbour_rule: bool,
    /// No resource holds the same number twice (`table`).
    #[serde(default)]
    pub no_repeated_numbers: bool,
    /// 6/8 at most once per resource; on an island with more red tokens
    /// than resources, the surplus may double up, one per resource
    /// (`table`; see [`CatanLayout::red_surplus`]).
    #[serde(default)]
    pub spread_red: bool,
    /// Pips per tile of each resource within
    /// [`super::TILE_PIPS_SPREAD`] of each other (`table`).
    #[serde(default)]
    pub even_tile_pips: bool,
    /// The fewest pips an inland corner (three hexes, the desert counting
    /// 0) may touch; 0 = no floor.
    #[serde(default)]
    pub min_corner_pips: u8,
    /// No desert next to a desert (`table`; the 5–6 player island).
    #[serde(default)]
    pub deserts_apart: bool,
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
    /// 2:1 harbours next to their resource's high hexes (optional rule;
    /// for bare land, those no arrangement of the harbours avoids).
    #[serde(default)]
    pub harbour: u32,
    /// Copies of a number on a resource beyond the first.
    #[serde(default)]
    pub repeated_numbers: u32,
    /// Red tokens (6/8) on a resource beyond the one allowed.
    #[serde(default)]
    pub red_per_resource: u32,
    /// Spread of pips per tile beyond 0.5, in quarter pips (rounded up).
    #[serde(default)]
    pub tile_pips: u32,
    /// Inland corners below the pip floor.
    #[serde(default)]
    pub poor_corners: u32,
    /// Deserts next to a desert.
    #[serde(default)]
    pub deserts_touching: u32,
}

impl CatanViolations {
    /// Total score (0 is perfect).
    pub fn total(&self) -> u32 {
        self.r.iter().sum::<u32>()
            + self.equal_neighbours
            + self.two_twelve
            + self.desert
            + self.corners
            + self.harbour
            + self.repeated_numbers
            + self.red_per_resource
            + self.tile_pips
            + self.poor_corners
            + self.deserts_touching
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
        if opts.harbour_rule {
            v.push(("harbour", self.harbour));
        }
        for (on, name, n) in [
            (
                opts.no_repeated_numbers,
                "repeated_numbers",
                self.repeated_numbers,
            ),
            (opts.spread_red, "red_per_resource", self.red_per_resource),
            (opts.even_tile_pips, "tile_pips", self.tile_pips),
            (opts.min_corner_pips > 0, "poor_corners", self.poor_corners),
            (
                opts.deserts_apart,
                "deserts_touching",
                self.deserts_touching,
            ),
        ] {
            if on {
                v.push((name, n));
            }
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
            ("harbour", self.harbour),
            ("repeated_numbers", self.repeated_numbers),
            ("red_per_resource", self.red_per_resource),
            ("tile_pips", self.tile_pips),
            ("poor_corners", self.poor_corners),
            ("deserts_touching", self.deserts_touching),
        ] {
            if c > 0 {
                v.push((n, c));
            }
        }
        v
    }
}

/// The island of a board of `hexes` hexes: the 5–6 player island for 30,
/// the base island otherwise.
#[inline]
pub(crate) fn layout_of(hexes: usize) -> &'static CatanLayout {
    CatanLayout::for_hexes(hexes).unwrap_or_else(CatanLayout::base)
}

/// Score row-major [`CatanCode`] bytes (no allocation) on the island of
/// their length (30: the 5–6 player island, else the base island).
///
/// # Panics
/// When `codes` has fewer than 19 entries.
pub fn evaluate(codes: &[u8], opts: &CatanOptions) -> CatanViolations {
    evaluate_on(layout_of(codes.len()), codes, opts)
}

/// Score row-major [`CatanCode`] bytes on `layout` (no allocation). With
/// the harbour rule on, `harbour` counts the 2:1 harbours that no
/// arrangement on the frame keeps away from their high hexes.
///
/// # Panics
/// When `codes` has fewer entries than the layout has hexes.
pub fn evaluate_on(layout: &CatanLayout, codes: &[u8], opts: &CatanOptions) -> CatanViolations {
    let g = layout.grid();
    let mut v = CatanViolations::default();
    let mut tally = Tally::default();
    for i in g.indices() {
        tally.add(CatanCode::from_byte(codes[i as usize]));
        let m = hex_marks(layout, codes, i, opts);
        v.r[0] += (m & MARK_R1 != 0) as u32;
        v.r[2] += (m & MARK_R3 != 0) as u32;
        v.equal_neighbours += (opts.no_equal_neighbours && m & MARK_EQUAL != 0) as u32;
        v.two_twelve += (opts.no_2_12_neighbours && m & MARK_TWO_TWELVE != 0) as u32;
        v.desert += (m & MARK_DESERT != 0) as u32;
        v.deserts_touching += (opts.deserts_apart && m & MARK_DESERTS_TOUCH != 0) as u32;
    }
    v.r[1] = tally.r2();
    if opts.max_corner_pips > 0 || opts.min_corner_pips > 0 {
        for k in layout.corners() {
            let p: u32 = k
                .iter()
                .map(|&i| pips(CatanCode::from_byte(codes[i as usize]).token()) as u32)
                .sum();
            let (above, below) = corner_breaks(p, opts);
            v.corners += above;
            v.poor_corners += below;
        }
    }
    if opts.harbour_rule {
        v.harbour = unavoidable_breaks(layout, codes);
    }
    if opts.no_repeated_numbers {
        v.repeated_numbers = tally.repeats;
    }
    if opts.spread_red {
        v.red_per_resource = tally.red_breaks(layout);
    }
    if opts.even_tile_pips {
        v.tile_pips = tally.tile_pips_breaks(layout);
    }
    v
}

/// Hexes that break a per-hex rule, one bit per rule (bit 0 = R1 same
/// terrain, bit 2 = R3 hot numbers, bit 4 = equal numbers, bit 5 = 2/12,
/// bit 6 = misplaced desert, bit 7 = deserts touching), for highlighting, on the island of their
/// length (as [`evaluate`]).
///
/// # Panics
/// When `codes` has fewer than 19 entries.
pub fn broken_hexes(codes: &[u8], opts: &CatanOptions) -> Vec<u8> {
    let layout = layout_of(codes.len());
    let mask = opts.mark_mask();
    layout
        .grid()
        .indices()
        .map(|i| hex_marks(layout, codes, i, opts) & mask)
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::boards::catan::{grid, standard_codes};

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
        let code = |t, n| CatanCode::new(t, n).byte();
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
    fn desert_placements_parse() {
        assert_eq!("center".parse(), Ok(DesertPlacement::Centre));
        for d in [
            DesertPlacement::Anywhere,
            DesertPlacement::Centre,
            DesertPlacement::Coast,
            DesertPlacement::Inland,
        ] {
            assert_eq!(d.name().parse(), Ok(d));
        }
        let err = "north".parse::<DesertPlacement>().unwrap_err();
        assert_eq!(
            err.to_string(),
            "unknown desert placement 'north'; allowed: anywhere, centre, coast, inland"
        );
    }
}
