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

use super::board::{CatanCode, CatanTerrain};
use super::harbours::unavoidable_breaks;
use super::layout::CatanLayout;
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

/// Optional rules, each switchable (off by default).
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
    let mut sums = [0u32; 5];
    for i in g.indices() {
        let c = CatanCode::from_byte(codes[i as usize]);
        let (t, n) = (c.terrain(), c.token());
        if t < 5 {
            sums[t as usize] += pips(n) as u32;
        }
        let (mut same_t, mut hot_nb, mut eq_nb, mut rare_nb) = (false, false, false, false);
        for &j in g.neighbours(i) {
            let d = CatanCode::from_byte(codes[j as usize]);
            let (u, m) = (d.terrain(), d.token());
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
            v.desert += match opts.desert {
                DesertPlacement::Anywhere => 0,
                DesertPlacement::Centre => !layout.is_centre(i) as u32,
                DesertPlacement::Coast => !coast as u32,
                DesertPlacement::Inland => coast as u32,
            };
        }
    }
    let spread = |s: &[u32]| {
        let hi = s.iter().copied().fold(0, u32::max);
        let lo = s.iter().copied().fold(u32::MAX, u32::min);
        hi - lo
    };
    v.r[1] = (spread(&sums[0..3]) > 1) as u32 + (spread(&sums[3..5]) > 1) as u32;
    if opts.max_corner_pips > 0 {
        for k in layout.corners() {
            let p: u32 = k
                .iter()
                .map(|&i| pips(CatanCode::from_byte(codes[i as usize]).token()) as u32)
                .sum();
            v.corners += (p > opts.max_corner_pips as u32) as u32;
        }
    }
    if opts.harbour_rule {
        v.harbour = unavoidable_breaks(layout, codes);
    }
    v
}

/// Hexes that break a per-hex rule, one bit per rule (bit 0 = R1 same
/// terrain, bit 2 = R3 hot numbers, bit 4 = equal numbers, bit 5 = 2/12,
/// bit 6 = misplaced desert), for highlighting, on the island of their
/// length (as [`evaluate`]).
///
/// # Panics
/// When `codes` has fewer than 19 entries.
pub fn broken_hexes(codes: &[u8], opts: &CatanOptions) -> Vec<u8> {
    let layout = layout_of(codes.len());
    let g = layout.grid();
    g.indices()
        .map(|i| {
            let c = CatanCode::from_byte(codes[i as usize]);
            let (t, n) = (c.terrain(), c.token());
            let mut m = 0u8;
            for &j in g.neighbours(i) {
                let d = CatanCode::from_byte(codes[j as usize]);
                let (u, k) = (d.terrain(), d.token());
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
            if t == CatanTerrain::Desert as u8 {
                let coast = g.neighbours(i).len() < 6;
                let bad = match opts.desert {
                    DesertPlacement::Anywhere => false,
                    DesertPlacement::Centre => !layout.is_centre(i),
                    DesertPlacement::Coast => !coast,
                    DesertPlacement::Inland => coast,
                };
                if bad {
                    m |= 1 << 6;
                }
            }
            m
        })
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
