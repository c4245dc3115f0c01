//! The Catan Board Imbalance index, after boardgameanalysis.com's "What is
//! a balanced Catan board?" (six measures of balance, averaged; 0 is a
//! perfectly balanced board). Our reading of its six measures:
//!
//! 1. *resource distribution*: three lines through the island's centre
//!    along the hex axes (0°, 60°, 120°) split the settlement corners in
//!    two (no corner lies on a line); for each line and resource, count
//!    the resource's hexes at the corners on each side; add the squared
//!    differences of the two sides;
//! 2. *resource clustering*: 5 points per pair of touching hexes of the
//!    same resource;
//! 3. *probability distribution*: as 1, with the pips of every hex at the
//!    corners on each side instead of resource counts;
//! 4. *number clustering*: 5 points per pair of touching hexes holding
//!    the same number;
//! 5. *probability per resource*: the squared differences between each
//!    resource's pips per tile and the mean over the five resources, ×10;
//! 6. *harbour strength*: the variance, over the 2:1 harbours, of the pips
//!    their resource holds on the island (harbours that all pay well, or
//!    all poorly, are balanced); only when the board has harbours.
//!
//! The article scales each measure to 0–10 against the boards it
//! generated and averages them; it publishes no constants, so ours scale
//! each measure by its mean over [`REFERENCE_BOARDS`] random legal islands
//! (terrains and tokens shuffled, harbours placed, fixed seed) of the same
//! size, to 5: a random board scores about 5 on every measure and on the
//! index.

use crate::boards::catan::{CatanCode, CatanLayout, CatanOptions, Harbour, assign_harbours, pips};
use crate::boards::{HexGrid, HexIndex, shuffle};
use crate::rng::seeded;
use serde::{Deserialize, Serialize};
use std::sync::OnceLock;

/// Random islands the measures are scaled against.
pub const REFERENCE_BOARDS: usize = 2000;

/// The six measures of the index, raw (unscaled).
#[derive(Clone, Copy, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct ImbalanceParts {
    /// Squared side differences of resource counts over the three lines.
    pub resource_distribution: f64,
    /// 5 per pair of touching same-resource hexes.
    pub resource_clustering: f64,
    /// Squared side differences of pips over the three lines.
    pub probability_distribution: f64,
    /// 5 per pair of touching hexes with the same number.
    pub number_clustering: f64,
    /// 10 × the squared deviations of pips per tile from their mean.
    pub probability_per_resource: f64,
    /// Variance of the 2:1 harbours' resource pips (`None` without
    /// harbours).
    pub harbour_strength: Option<f64>,
}

impl ImbalanceParts {
    fn values(&self) -> [Option<f64>; 6] {
        [
            Some(self.resource_distribution),
            Some(self.resource_clustering),
            Some(self.probability_distribution),
            Some(self.number_clustering),
            Some(self.probability_per_resource),
            self.harbour_strength,
        ]
    }
}

/// A settlement corner: its position (in hex-size units) and its hexes.
type Corner = ((f64, f64), Vec<HexIndex>);

/// Settlement corners of `grid`.
fn corners(grid: &HexGrid) -> Vec<Corner> {
    // Pointy hexes: centre (√3(q + r/2), 1.5 r); corner k at angle 30° + 60°k.
    let s3 = 3f64.sqrt();
    // Keyed by the position rounded to 1/1000, to merge shared corners.
    let mut out: Vec<((i64, i64), Corner)> = Vec::new();
    for i in grid.indices() {
        let h = grid.hex(i);
        let (cx, cy) = (s3 * (h.x as f64 + h.y as f64 / 2.0), 1.5 * h.y as f64);
        for k in 0..6 {
            let a = (30.0 + 60.0 * k as f64).to_radians();
            let (x, y) = (cx + a.cos(), cy + a.sin());
            let key = ((x * 1000.0).round() as i64, (y * 1000.0).round() as i64);
            match out.iter_mut().find(|c| c.0 == key) {
                Some(c) => c.1.1.push(i),
                None => out.push((key, ((x, y), vec![i]))),
            }
        }
    }
    out.into_iter().map(|(_, c)| c).collect()
}

/// The island's centre (mean of the hex centres).
fn centre(grid: &HexGrid) -> (f64, f64) {
    let s3 = 3f64.sqrt();
    let n = grid.len() as f64;
    grid.indices().fold((0.0, 0.0), |(x, y), i| {
        let h = grid.hex(i);
        (
            x + s3 * (h.x as f64 + h.y as f64 / 2.0) / n,
            y + 1.5 * h.y as f64 / n,
        )
    })
}

/// The raw measures of `codes` on `layout` with `harbours` (empty: no
/// harbour measure).
pub fn imbalance_parts(layout: &CatanLayout, codes: &[u8], harbours: &[Harbour]) -> ImbalanceParts {
    let g = layout.grid();
    let code = |i: HexIndex| CatanCode::from_byte(codes[i as usize]);
    let (cx, cy) = centre(g);
    let mut res_dist = 0.0;
    let mut prob_dist = 0.0;
    static BASE: OnceLock<Vec<Corner>> = OnceLock::new();
    static BIG: OnceLock<Vec<Corner>> = OnceLock::new();
    let cell = if g.len() == CatanLayout::base().hexes() {
        &BASE
    } else {
        &BIG
    };
    let all = cell.get_or_init(|| corners(g));
    for deg in [0.0f64, 60.0, 120.0] {
        let (dx, dy) = (deg.to_radians().cos(), deg.to_radians().sin());
        let mut res = [[0i64; 5]; 2];
        let mut prob = [0i64; 2];
        for ((x, y), hexes) in all {
            let side = dx * (y - cy) - dy * (x - cx);
            if side.abs() < 1e-6 {
                continue;
            }
            let s = (side > 0.0) as usize;
            for &i in hexes {
                let c = code(i);
                if let Some(r) = res[s].get_mut(c.terrain() as usize) {
                    *r += 1;
                }
                prob[s] += pips(c.token()) as i64;
            }
        }
        res_dist += (0..5)
            .map(|r| ((res[0][r] - res[1][r]) as f64).powi(2))
            .sum::<f64>();
        prob_dist += ((prob[0] - prob[1]) as f64).powi(2);
    }
    let (mut same_res, mut same_num) = (0u32, 0u32);
    let mut sums = [0u32; 5];
    for i in g.indices() {
        let c = code(i);
        if let Some(s) = sums.get_mut(c.terrain() as usize) {
            *s += pips(c.token()) as u32;
        }
        for &j in g.neighbours(i).iter().filter(|&&j| j > i) {
            let d = code(j);
            same_res += (c.terrain() < 5 && c.terrain() == d.terrain()) as u32;
            same_num += (c.token() != 0 && c.token() == d.token()) as u32;
        }
    }
    let counts = layout.terrain_counts();
    let per: Vec<f64> = (0..5).map(|r| sums[r] as f64 / counts[r] as f64).collect();
    let mean = per.iter().sum::<f64>() / 5.0;
    let per_resource = 10.0 * per.iter().map(|p| (p - mean).powi(2)).sum::<f64>();
    let strengths: Vec<f64> = harbours
        .iter()
        .filter_map(|h| h.kind.resource())
        .map(|r| sums[r as usize] as f64)
        .collect();
    let harbour_strength = (!strengths.is_empty()).then(|| {
        let m = strengths.iter().sum::<f64>() / strengths.len() as f64;
        strengths.iter().map(|s| (s - m).powi(2)).sum::<f64>() / strengths.len() as f64
    });
    ImbalanceParts {
        resource_distribution: res_dist,
        resource_clustering: 5.0 * same_res as f64,
        probability_distribution: prob_dist,
        number_clustering: 5.0 * same_num as f64,
        probability_per_resource: per_resource,
        harbour_strength,
    }
}

/// The mean of each measure over [`REFERENCE_BOARDS`] random legal
/// islands of `layout` (seed 0; harbours placed as `generate` places them
/// without the harbour rule).
pub fn reference_means(layout: &'static CatanLayout) -> [f64; 6] {
    static BASE: OnceLock<[f64; 6]> = OnceLock::new();
    static BIG: OnceLock<[f64; 6]> = OnceLock::new();
    let cell = if layout.hexes() == CatanLayout::base().hexes() {
        &BASE
    } else {
        &BIG
    };
    *cell.get_or_init(|| {
        let mut rng = seeded(0);
        let mut sum = [0.0; 6];
        for k in 0..REFERENCE_BOARDS {
            let codes = random_island(layout, &mut rng);
            let h = assign_harbours(layout, &codes, &CatanOptions::default(), k as u64);
            for (s, v) in sum
                .iter_mut()
                .zip(imbalance_parts(layout, &codes, &h).values())
            {
                *s += v.unwrap_or(0.0) / REFERENCE_BOARDS as f64;
            }
        }
        sum
    })
}

/// A random legal island of `layout`: terrains shuffled, then the tokens
/// shuffled and dealt to the hexes that are not deserts.
pub fn random_island(layout: &CatanLayout, rng: &mut crate::rng::Rng) -> Vec<u8> {
    let std = layout.standard_codes();
    let mut t: Vec<u8> = std
        .iter()
        .map(|&c| CatanCode::from_byte(c).terrain())
        .collect();
    let mut n: Vec<u8> = layout.tokens().to_vec();
    shuffle(&mut t, rng);
    shuffle(&mut n, rng);
    let mut it = n.into_iter();
    t.iter()
        .map(|&t| {
            let token = if t == CatanCode::DESERT {
                0
            } else {
                it.next().unwrap_or(0)
            };
            CatanCode::new(t, token).byte()
        })
        .collect()
}

/// The Catan Board Imbalance index of `codes` on `layout` with `harbours`
/// (see the module docs): the mean of the measures, each scaled so that
/// random islands average 5. Lower is more balanced.
pub fn imbalance_index(layout: &'static CatanLayout, codes: &[u8], harbours: &[Harbour]) -> f64 {
    let means = reference_means(layout);
    let parts = imbalance_parts(layout, codes, harbours).values();
    let scaled: Vec<f64> = parts
        .iter()
        .zip(means)
        .filter_map(|(v, m)| v.map(|v| if m > 0.0 { 5.0 * v / m } else { 0.0 }))
        .collect();
    scaled.iter().sum::<f64>() / scaled.len() as f64
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lines_split_every_corner_and_random_boards_average_five() {
        for layout in [CatanLayout::base(), CatanLayout::five_six()] {
            let all = corners(layout.grid());
            assert_eq!(all.len(), if layout.hexes() == 19 { 54 } else { 80 });
            let means = reference_means(layout);
            assert!(means.iter().all(|&m| m > 0.0), "{means:?}");
            let mut rng = seeded(99);
            let n = 300;
            let mut total = 0.0;
            for k in 0..n {
                let codes = random_island(layout, &mut rng);
                let h = assign_harbours(layout, &codes, &CatanOptions::default(), k);
                total += imbalance_index(layout, &codes, &h) / n as f64;
            }
            assert!((4.0..6.0).contains(&total), "{total}");
        }
    }
}
