//! The search's incremental score: a swap of two hexes changes only their
//! own marks and their neighbours', the corners they touch, the
//! per-resource tallies and (when a harbour slot touches them) the
//! harbour count, so a candidate swap is scored from those alone, with no
//! allocation. [`CatanScorer::total`] always equals
//! [`super::evaluate_on`]`(..).total()` (tests check it).

use super::board::CatanCode;
use super::harbours::unavoidable_breaks;
use super::layout::CatanLayout;
use super::rules::{CatanOptions, pips};
use super::table::{Tally, corner_breaks, hex_marks};
use crate::boards::HexIndex;

/// A board's score kept in parts, for scoring swaps quickly.
pub(crate) struct CatanScorer {
    layout: &'static CatanLayout,
    opts: CatanOptions,
    mask: u8,
    /// Corners (indices into `layout.corners()`) at each hex.
    hex_corners: Vec<Vec<u16>>,
    /// Whether a harbour slot's corners touch the hex.
    on_slot: Vec<bool>,
    /// Per hex: the counted marks.
    marks: Vec<u8>,
    /// Per corner: its pips.
    corner_pips: Vec<u32>,
    tally: Tally,
    harbour: u32,
    /// Everything but the tally's rules and the harbour: marks and corners.
    local: u32,
    total: u32,
    /// Dedup stamps for the hexes and corners a swap touches.
    stamp: u32,
    hex_seen: Vec<u32>,
    corner_seen: Vec<u32>,
}

impl CatanScorer {
    /// A scorer on `layout` under `opts`, loaded with `codes`.
    pub fn new(layout: &'static CatanLayout, opts: CatanOptions, codes: &[u8]) -> Self {
        let n = layout.hexes();
        let mut hex_corners = vec![Vec::new(); n];
        for (k, c) in layout.corners().iter().enumerate() {
            for &i in c {
                hex_corners[i as usize].push(k as u16);
            }
        }
        let mut on_slot = vec![false; n];
        for s in layout.slots() {
            for i in s.touches() {
                on_slot[i as usize] = true;
            }
        }
        let mut s = CatanScorer {
            layout,
            opts,
            mask: opts.mark_mask(),
            hex_corners,
            on_slot,
            marks: vec![0; n],
            corner_pips: vec![0; layout.corners().len()],
            tally: Tally::default(),
            harbour: 0,
            local: 0,
            total: 0,
            stamp: 0,
            hex_seen: vec![0; n],
            corner_seen: vec![0; layout.corners().len()],
        };
        s.load(codes);
        s
    }

    /// The score of the loaded board.
    #[inline]
    pub fn total(&self) -> u32 {
        self.total
    }

    fn corner_cost(&self, p: u32) -> u32 {
        let (a, b) = corner_breaks(p, &self.opts);
        a + b
    }

    fn global(&self, tally: &Tally, harbour: u32) -> u32 {
        let o = &self.opts;
        let mut g = tally.r2() + harbour;
        if o.no_repeated_numbers {
            g += tally.repeats;
        }
        if o.spread_red {
            g += tally.red_breaks(self.layout);
        }
        if o.even_tile_pips {
            g += tally.tile_pips_breaks(self.layout);
        }
        g
    }

    /// Score `codes` from scratch and keep its parts.
    pub fn load(&mut self, codes: &[u8]) {
        let g = self.layout.grid();
        self.tally = Tally::default();
        self.local = 0;
        for i in g.indices() {
            self.tally.add(CatanCode::from_byte(codes[i as usize]));
            let m = hex_marks(self.layout, codes, i, &self.opts) & self.mask;
            self.marks[i as usize] = m;
            self.local += m.count_ones();
        }
        for (k, c) in self.layout.corners().iter().enumerate() {
            let p = c
                .iter()
                .map(|&i| pips(CatanCode::from_byte(codes[i as usize]).token()) as u32)
                .sum();
            self.corner_pips[k] = p;
            self.local += self.corner_cost(p);
        }
        self.harbour = if self.opts.harbour_rule {
            unavoidable_breaks(self.layout, codes)
        } else {
            0
        };
        self.total = self.local + self.global(&self.tally, self.harbour);
    }

    /// The score of `codes` after hexes `a` and `b` changed from `old`
    /// (the loaded board's codes there) to what `codes` holds now; the
    /// loaded parts stay as they were. Once the score is sure to exceed
    /// `cap`, some number above `cap` comes back instead (the caller
    /// skips such a swap anyway), so a hopeless swap costs little.
    pub fn score_changed(
        &mut self,
        codes: &[u8],
        a: usize,
        b: usize,
        old: [u8; 2],
        cap: u32,
    ) -> u32 {
        let (na, nb) = (codes[a], codes[b]);
        if old == [na, nb] {
            return self.total;
        }
        self.stamp = self.stamp.wrapping_add(1);
        if self.stamp == 0 {
            self.hex_seen.fill(0);
            self.corner_seen.fill(0);
            self.stamp = 1;
        }
        let st = self.stamp;
        let g = self.layout.grid();
        // The tallies' rules, the corners, then a floor with the marks of
        // the touched hexes taken away.
        let mut tally = self.tally;
        tally.remove(CatanCode::from_byte(old[0]));
        tally.remove(CatanCode::from_byte(old[1]));
        tally.add(CatanCode::from_byte(na));
        tally.add(CatanCode::from_byte(nb));
        let mut score = self.local + self.global(&tally, 0);
        if self.opts.max_corner_pips > 0 || self.opts.min_corner_pips > 0 {
            for h in [a, b] {
                for &k in &self.hex_corners[h] {
                    let ku = k as usize;
                    if self.corner_seen[ku] == st {
                        continue;
                    }
                    self.corner_seen[ku] = st;
                    let p: u32 = self.layout.corners()[ku]
                        .iter()
                        .map(|&i| pips(CatanCode::from_byte(codes[i as usize]).token()) as u32)
                        .sum();
                    score = score + self.corner_cost(p) - self.corner_cost(self.corner_pips[ku]);
                }
            }
        }
        let mut touched = [0 as HexIndex; 14];
        let mut n = 0;
        for h in [a, b] {
            let around =
                std::iter::once(h as HexIndex).chain(g.neighbours(h as HexIndex).iter().copied());
            for i in around {
                if self.hex_seen[i as usize] != st {
                    self.hex_seen[i as usize] = st;
                    score -= self.marks[i as usize].count_ones();
                    touched[n] = i;
                    n += 1;
                }
            }
        }
        if score > cap {
            return score;
        }
        for &i in &touched[..n] {
            score += (hex_marks(self.layout, codes, i, &self.opts) & self.mask).count_ones();
        }
        if score > cap || !self.opts.harbour_rule {
            return score;
        }
        let harbour = if (self.on_slot[a] || self.on_slot[b])
            && (high(old[0]) != high(na) || high(old[1]) != high(nb))
        {
            unavoidable_breaks(self.layout, codes)
        } else {
            self.harbour
        };
        score + harbour
    }
}

/// What the harbour rule reads of a hex: its resource when it holds a
/// high number, else nothing.
#[inline]
fn high(code: u8) -> u8 {
    let c = CatanCode::from_byte(code);
    if c.terrain() < 5 && pips(c.token()) >= super::HARBOUR_RULE_PIPS {
        c.terrain()
    } else {
        u8::MAX
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::boards::catan::board::{swap_terrains, swap_tokens};
    use crate::boards::catan::evaluate_on;
    use crate::boards::shuffle;
    use crate::rng::{RngExt, seeded};

    #[test]
    fn incremental_scores_equal_full_scores() {
        let mut rng = seeded(27);
        let all = [
            CatanOptions::default(),
            CatanOptions::table(),
            CatanOptions {
                desert: super::super::DesertPlacement::Centre,
                max_corner_pips: 10,
                ..CatanOptions::table()
            },
        ];
        for layout in [CatanLayout::base(), CatanLayout::five_six()] {
            for opts in all {
                let n = layout.hexes();
                for _ in 0..20 {
                    let mut codes = layout.standard_codes();
                    // A legal island: shuffle terrains, then deal tokens.
                    let mut t: Vec<u8> = codes.iter().map(|&c| c >> 4).collect();
                    let mut k: Vec<u8> =
                        codes.iter().map(|&c| c & 15).filter(|&x| x != 0).collect();
                    shuffle(&mut t, &mut rng);
                    shuffle(&mut k, &mut rng);
                    let mut it = k.into_iter();
                    for (c, &t) in codes.iter_mut().zip(&t) {
                        let tok = if t == 5 { 0 } else { it.next().unwrap() };
                        *c = CatanCode::new(t, tok).byte();
                    }
                    let mut s = CatanScorer::new(layout, opts, &codes);
                    assert_eq!(s.total(), evaluate_on(layout, &codes, &opts).total());
                    for _ in 0..60 {
                        let a = rng.random_range(0..n);
                        let b = rng.random_range(0..n);
                        let old = [codes[a], codes[b]];
                        let terrain = rng.random_bool(0.5);
                        let desert = CatanCode::from_byte(codes[a]).is_desert()
                            || CatanCode::from_byte(codes[b]).is_desert();
                        if terrain || desert {
                            swap_terrains(&mut codes, a, b);
                        } else {
                            swap_tokens(&mut codes, a, b);
                        }
                        let full = evaluate_on(layout, &codes, &opts).total();
                        assert_eq!(
                            s.score_changed(&codes, a, b, old, u32::MAX),
                            full,
                            "{opts:?}"
                        );
                        // Under a cap, the exact score or one above it.
                        if full > 0 {
                            let cap = full - 1;
                            assert!(s.score_changed(&codes, a, b, old, cap) > cap);
                        }
                        let capped = s.score_changed(&codes, a, b, old, full);
                        assert_eq!(capped, full);
                        if rng.random_bool(0.5) {
                            s.load(&codes);
                        } else {
                            codes[a] = old[0];
                            codes[b] = old[1];
                        }
                    }
                }
            }
        }
    }
}
