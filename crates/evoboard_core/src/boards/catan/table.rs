//! The pieces of Catan's rules that both the full score
//! ([`super::evaluate_on`]) and the search's incremental score
//! ([`super::scorer`]) read: the per-hex marks (the rules a hex breaks
//! with its neighbours), the per-resource tallies (pips, red numbers,
//! numbers held twice) and the corner bounds, plus the `table` rule set
//! ([`CatanOptions::table`]).
//!
//! The `table` rules besides R1–R3 and the older optional rules:
//! - *repeated numbers*: a resource holds no number twice; the count is,
//!   per resource and number, the copies beyond the first;
//! - *red per resource*: a resource holds at most one 6 or 8; when the
//!   island has more red tokens than resources (5–6 players: 6 on 5), the
//!   surplus may double up, one per resource; the count is the red tokens
//!   beyond one per resource, less that surplus;
//! - *tile pips*: pips per tile of each resource (its pips over its tile
//!   count) within 0.5 of each other; the count is the spread's excess
//!   over 0.5 in quarter pips, rounded up;
//! - *poor corners*: inland corners (three hexes) below the pip floor;
//! - *deserts touching*: deserts with a desert neighbour.

use super::board::CatanCode;
use super::layout::CatanLayout;
use super::rules::{CatanOptions, DesertPlacement, hot, pips, rare};
use crate::boards::HexIndex;

/// Bit of a hex's marks: R1, a neighbour of the same terrain.
pub(crate) const MARK_R1: u8 = 1;
/// R3: a 6/8 next to a 6/8.
pub(crate) const MARK_R3: u8 = 1 << 2;
/// A neighbour with the same number (optional rule).
pub(crate) const MARK_EQUAL: u8 = 1 << 4;
/// A 2/12 next to a 2/12 (optional rule).
pub(crate) const MARK_TWO_TWELVE: u8 = 1 << 5;
/// A desert where `--desert` does not want it.
pub(crate) const MARK_DESERT: u8 = 1 << 6;
/// A desert next to a desert (`table`).
pub(crate) const MARK_DESERTS_TOUCH: u8 = 1 << 7;

/// Pips per tile of two resources may differ by this much under `table`.
pub const TILE_PIPS_SPREAD: f64 = 0.5;

/// `table`'s bounds on an inland corner's pips: at least 4, at most 12.
pub const TABLE_CORNER_PIPS: (u8, u8) = (4, 12);

impl CatanOptions {
    /// The `table` rule set: every rule players use to call a board
    /// balanced. R1–R3, no equal numbers touching, no 2/12 touching, the
    /// harbour rule, every inland corner within [`TABLE_CORNER_PIPS`], no
    /// number twice on a resource, 6/8 at most once per resource, pips per
    /// tile within [`TILE_PIPS_SPREAD`], deserts apart; the desert may lie
    /// anywhere.
    pub const fn table() -> Self {
        CatanOptions {
            no_equal_neighbours: true,
            no_2_12_neighbours: true,
            desert: DesertPlacement::Anywhere,
            max_corner_pips: TABLE_CORNER_PIPS.1,
            harbour_rule: true,
            no_repeated_numbers: true,
            spread_red: true,
            even_tile_pips: true,
            min_corner_pips: TABLE_CORNER_PIPS.0,
            deserts_apart: true,
        }
    }

    /// `"table"` when these are [`Self::table`], else `"published"` (R1–R3
    /// and whichever optional rules are on).
    pub fn rules_name(&self) -> &'static str {
        if *self == Self::table() {
            "table"
        } else {
            "published"
        }
    }

    /// Whether this bit of [`hex_marks`] counts in the score.
    #[inline]
    pub(crate) fn counts(&self, mark: u8) -> bool {
        match mark {
            MARK_EQUAL => self.no_equal_neighbours,
            MARK_TWO_TWELVE => self.no_2_12_neighbours,
            MARK_DESERTS_TOUCH => self.deserts_apart,
            _ => true,
        }
    }

    /// The bits of [`hex_marks`] that count in the score.
    #[inline]
    pub(crate) fn mark_mask(&self) -> u8 {
        let mut m = MARK_R1 | MARK_R3 | MARK_DESERT;
        for b in [MARK_EQUAL, MARK_TWO_TWELVE, MARK_DESERTS_TOUCH] {
            if self.counts(b) {
                m |= b;
            }
        }
        m
    }
}

/// The rules hex `i` breaks with its neighbours, one bit per rule
/// (`MARK_*`), whether or not `opts` counts them (the desert placement
/// only when `opts.desert` asks for one).
#[inline]
pub(crate) fn hex_marks(
    layout: &CatanLayout,
    codes: &[u8],
    i: HexIndex,
    opts: &CatanOptions,
) -> u8 {
    let g = layout.grid();
    let c = CatanCode::from_byte(codes[i as usize]);
    let (t, n) = (c.terrain(), c.token());
    let (mut same_t, mut hot_nb, mut eq_nb, mut rare_nb) = (false, false, false, false);
    let nbs = g.neighbours(i);
    for &j in nbs {
        let d = CatanCode::from_byte(codes[j as usize]);
        let (u, m) = (d.terrain(), d.token());
        same_t |= u == t;
        hot_nb |= hot(m);
        eq_nb |= n != 0 && m == n;
        rare_nb |= rare(m);
    }
    let mut marks = same_t as u8 * MARK_R1;
    marks |= (hot(n) && hot_nb) as u8 * MARK_R3;
    marks |= eq_nb as u8 * MARK_EQUAL;
    marks |= (rare(n) && rare_nb) as u8 * MARK_TWO_TWELVE;
    if t == CatanCode::DESERT {
        let coast = nbs.len() < 6;
        let bad = match opts.desert {
            DesertPlacement::Anywhere => false,
            DesertPlacement::Centre => !layout.is_centre(i),
            DesertPlacement::Coast => !coast,
            DesertPlacement::Inland => coast,
        };
        marks |= bad as u8 * MARK_DESERT;
        marks |= same_t as u8 * MARK_DESERTS_TOUCH;
    }
    marks
}

/// A corner's count: 1 above the bound, 1 below the floor (either 0 =
/// none), as `(above, below)`.
#[inline]
pub(crate) fn corner_breaks(p: u32, opts: &CatanOptions) -> (u32, u32) {
    (
        (opts.max_corner_pips > 0 && p > opts.max_corner_pips as u32) as u32,
        (p < opts.min_corner_pips as u32) as u32,
    )
}

/// Per-resource tallies of a board: pips, red numbers and numbers held
/// more than once, kept up to date as hexes come and go.
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct Tally {
    /// Pips per resource.
    pub sums: [u32; 5],
    /// 6s and 8s per resource.
    reds: [u8; 5],
    /// Hexes per resource and number.
    held: [[u8; 13]; 5],
    /// Copies beyond the first, over every resource and number.
    pub repeats: u32,
    /// Red tokens beyond one per resource.
    red_extra: u32,
}

impl Tally {
    /// Count hex code `c` in.
    #[inline]
    pub fn add(&mut self, c: CatanCode) {
        let (t, n) = (c.terrain() as usize, c.token());
        if t >= 5 || n == 0 {
            return;
        }
        self.sums[t] += pips(n) as u32;
        let h = &mut self.held[t][n as usize];
        self.repeats += (*h > 0) as u32;
        *h += 1;
        if hot(n) {
            self.red_extra += (self.reds[t] > 0) as u32;
            self.reds[t] += 1;
        }
    }

    /// Count hex code `c` (counted in before) out.
    #[inline]
    pub fn remove(&mut self, c: CatanCode) {
        let (t, n) = (c.terrain() as usize, c.token());
        if t >= 5 || n == 0 {
            return;
        }
        self.sums[t] -= pips(n) as u32;
        let h = &mut self.held[t][n as usize];
        *h -= 1;
        self.repeats -= (*h > 0) as u32;
        if hot(n) {
            self.reds[t] -= 1;
            self.red_extra -= (self.reds[t] > 0) as u32;
        }
    }

    /// R2: 1 per resource group (the larger resources, the smaller ones)
    /// whose pip sums differ by more than 1.
    #[inline]
    pub fn r2(&self) -> u32 {
        let spread = |s: &[u32]| {
            let hi = s.iter().copied().fold(0, u32::max);
            let lo = s.iter().copied().fold(u32::MAX, u32::min);
            hi - lo
        };
        (spread(&self.sums[0..3]) > 1) as u32 + (spread(&self.sums[3..5]) > 1) as u32
    }

    /// The red-per-resource count on `layout`.
    #[inline]
    pub fn red_breaks(&self, layout: &CatanLayout) -> u32 {
        self.red_extra.saturating_sub(layout.red_surplus())
    }

    /// The tile-pips count on `layout`: the spread of pips per tile
    /// beyond [`TILE_PIPS_SPREAD`], in quarter pips, rounded up.
    #[inline]
    pub fn tile_pips_breaks(&self, layout: &CatanLayout) -> u32 {
        let (scale, per) = layout.tile_scale();
        let (mut hi, mut lo) = (0u32, u32::MAX);
        for (s, m) in self.sums.iter().zip(per) {
            let x = s * m;
            hi = hi.max(x);
            lo = lo.min(x);
        }
        // Spread in 1/scale pips per tile; the bound 0.5 is scale / 2.
        let over = (hi - lo).saturating_sub(scale / 2);
        (4 * over).div_ceil(scale)
    }
}
