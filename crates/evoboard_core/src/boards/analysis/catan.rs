//! Catan figures: production pips per resource, pips per settlement
//! intersection, the best three starting intersections, and each hex's
//! share of the score.
//!
//! An *intersection* is a corner of the hex layout where a settlement can
//! stand: every vertex of every land hex (54 on the base island: 24
//! inland, where three hexes meet, and 30 on the coast touching one or
//! two). Its pips are the sum of its hexes' pips (the desert has none);
//! its *diversity* is the number of different resources among them.
//!
//! The best three starting intersections are picked greedily by pips,
//! then diversity, then position (top to bottom, left to right), skipping
//! any that is one of or next to one already picked: the settlement
//! distance rule, so the three could all be built.

use super::catan_table::{TableFigures, official_base, table_contributions, table_figures};
use crate::boards::catan::{CatanCode, CatanLayout, CatanOptions, DesertPlacement, Harbour, pips};
use crate::boards::{HexGrid, HexIndex};
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

/// Pips per resource, named after the terrain that yields it.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct ResourcePips {
    /// Grain.
    pub fields: u32,
    /// Lumber.
    pub forest: u32,
    /// Wool.
    pub pasture: u32,
    /// Brick.
    pub hills: u32,
    /// Ore.
    pub mountains: u32,
}

/// Largest, smallest and spread of a set of pip sums.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct PipRange {
    /// How many intersections.
    pub count: u32,
    /// Most pips.
    pub max: u32,
    /// Fewest pips.
    pub min: u32,
    /// `max − min`.
    pub spread: u32,
}

/// One intersection of a board.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct IntersectionFigures {
    /// Its hexes as `[row, col]` (indices of the JSON `board` arrays).
    pub hexes: Vec<[usize; 2]>,
    /// Sum of their pips.
    pub pips: u32,
    /// Different resources among them.
    pub resources: u32,
}

/// The Catan analysis of a board.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct CatanAnalysis {
    /// Production pips per resource.
    pub pips_per_resource: ResourcePips,
    /// Pips of the whole board (the sum of `pips_per_resource`).
    pub total_pips: u32,
    /// Pips over every intersection, coast included.
    pub intersections: PipRange,
    /// Pips over the inland intersections (three hexes).
    pub inland_intersections: PipRange,
    /// The best three starting intersections (see the module docs).
    pub best_starts: Vec<IntersectionFigures>,
    /// Each hex's share of the score ([`hex_contributions`]), row-major.
    pub hex_contributions: Vec<u32>,
    /// What a table judges the board by, the Imbalance index among them
    /// (its keys sit beside the others in the JSON).
    #[serde(flatten)]
    pub table: Box<TableFigures>,
    /// The same figures of the official beginner island (base game).
    pub official: Box<TableFigures>,
}

/// The intersections of `grid`: each a list of one to three hexes,
/// ordered top to bottom, then left to right; and for each, the
/// intersections one edge away.
pub fn intersections(grid: &HexGrid) -> (Vec<Vec<HexIndex>>, Vec<Vec<usize>>) {
    // Doubled x and y in half-sizes of pointy hexes: centre (2q + r, 3r).
    const CORNERS: [(i32, i32); 6] = [(0, -2), (1, -1), (1, 1), (0, 2), (-1, 1), (-1, -1)];
    let mut at: BTreeMap<(i32, i32), Vec<HexIndex>> = BTreeMap::new();
    let vertex = |i: HexIndex, k: usize| {
        let h = grid.hex(i);
        let (dx, dy) = CORNERS[k];
        (3 * h.y + dy, 2 * h.x + h.y + dx)
    };
    for i in grid.indices() {
        for k in 0..6 {
            at.entry(vertex(i, k)).or_default().push(i);
        }
    }
    let keys: Vec<(i32, i32)> = at.keys().copied().collect();
    let index = |key| keys.binary_search(&key).unwrap_or(0);
    let mut next: Vec<Vec<usize>> = vec![Vec::new(); keys.len()];
    for i in grid.indices() {
        for k in 0..6 {
            let (a, b) = (index(vertex(i, k)), index(vertex(i, (k + 1) % 6)));
            if !next[a].contains(&b) {
                next[a].push(b);
                next[b].push(a);
            }
        }
    }
    (at.into_values().collect(), next)
}

/// The figures of `codes` (row-major [`CatanCode`] bytes on `grid`) and
/// each hex's share of the score under `opts`.
///
/// # Panics
/// When `codes` is shorter than `grid`.
pub fn analyse(grid: &HexGrid, codes: &[u8], opts: &CatanOptions) -> CatanAnalysis {
    analyse_with_harbours(grid, codes, &[], opts)
}

/// [`analyse`] with the board's `harbours` (empty: none placed), which
/// the harbour figure and the Imbalance index's harbour measure read.
///
/// # Panics
/// When `codes` is shorter than `grid`.
pub fn analyse_with_harbours(
    grid: &HexGrid,
    codes: &[u8],
    harbours: &[Harbour],
    opts: &CatanOptions,
) -> CatanAnalysis {
    let layout = CatanLayout::for_hexes(grid.len()).unwrap_or_else(CatanLayout::base);
    let code = |i: HexIndex| CatanCode::from_byte(codes[i as usize]);
    let mut per = [0u32; 5];
    for i in grid.indices() {
        let c = code(i);
        if let Some(p) = per.get_mut(c.terrain() as usize) {
            *p += pips(c.token()) as u32;
        }
    }
    let (corners, next) = intersections(grid);
    let figures: Vec<IntersectionFigures> = corners
        .iter()
        .map(|hexes| {
            let mut kinds = [false; 5];
            let mut sum = 0;
            for &i in hexes {
                let p = pips(code(i).token()) as u32;
                sum += p;
                if p > 0
                    && let Some(k) = kinds.get_mut(code(i).terrain() as usize)
                {
                    *k = true;
                }
            }
            IntersectionFigures {
                hexes: hexes
                    .iter()
                    .map(|&i| {
                        let (r, c) = grid.row_col(i);
                        [r, c]
                    })
                    .collect(),
                pips: sum,
                resources: kinds.iter().filter(|&&k| k).count() as u32,
            }
        })
        .collect();
    let range = |it: &mut dyn Iterator<Item = u32>| {
        let mut r = PipRange {
            min: u32::MAX,
            ..PipRange::default()
        };
        for p in it {
            r.count += 1;
            r.max = r.max.max(p);
            r.min = r.min.min(p);
        }
        if r.count == 0 {
            r.min = 0;
        }
        r.spread = r.max - r.min;
        r
    };
    let mut order: Vec<usize> = (0..figures.len()).collect();
    order.sort_by(|&a, &b| {
        let (x, y) = (&figures[a], &figures[b]);
        (y.pips, y.resources)
            .cmp(&(x.pips, x.resources))
            .then(a.cmp(&b))
    });
    let mut picked: Vec<usize> = Vec::new();
    for k in order {
        if picked.len() == 3 {
            break;
        }
        if picked.iter().all(|&p| p != k && !next[p].contains(&k)) {
            picked.push(k);
        }
    }
    CatanAnalysis {
        pips_per_resource: ResourcePips {
            fields: per[0],
            forest: per[1],
            pasture: per[2],
            hills: per[3],
            mountains: per[4],
        },
        total_pips: per.iter().sum(),
        intersections: range(&mut figures.iter().map(|f| f.pips)),
        inland_intersections: range(
            &mut figures
                .iter()
                .filter(|f| f.hexes.len() == 3)
                .map(|f| f.pips),
        ),
        best_starts: picked.iter().map(|&k| figures[k].clone()).collect(),
        hex_contributions: hex_contributions(grid, codes, opts),
        table: Box::new(table_figures(layout, codes, harbours)),
        official: Box::new(official_base().clone()),
    }
}

/// How much each hex adds to the score, row-major; on the base island the
/// values sum to exactly `catan::evaluate(codes, opts).total()` less the
/// harbour count (a property of the frame, not of a hex).
///
/// A hex adds 1 for each per-hex rule it breaks (R1 a same-terrain
/// neighbour, R3 a 6/8 next to a 6/8, and the enabled optional rules:
/// equal numbers, 2/12 next to 2/12, a misplaced desert). The board-wide
/// rules go to one hex each: an R2 unit (a resource group whose pips
/// spread by more than 1) to the hex with the most pips of the group's
/// richest resource; a corner above the pip bound to its hex with the
/// most pips (ties: the first in row-major order), a corner below the
/// floor to its hex with the fewest; the `table` rules as
/// `catan_table::table_contributions` says. The desert's `centre`
/// is the middle hex of the middle row.
///
/// # Panics
/// When `codes` is shorter than `grid`.
pub fn hex_contributions(grid: &HexGrid, codes: &[u8], opts: &CatanOptions) -> Vec<u32> {
    let code = |i: HexIndex| CatanCode::from_byte(codes[i as usize]);
    let hot = |n: u8| n == 6 || n == 8;
    let rare = |n: u8| n == 2 || n == 12;
    let centre = grid.index(grid.rows() / 2, grid.row_len(grid.rows() / 2) / 2);
    let mut out = vec![0u32; grid.len()];
    let mut sums = [0u32; 5];
    // The hex with the most pips of each resource.
    let mut top: [Option<(u32, HexIndex)>; 5] = [None; 5];
    for i in grid.indices() {
        let c = code(i);
        let (t, n) = (c.terrain(), c.token());
        let p = pips(n) as u32;
        if let Some(s) = sums.get_mut(t as usize) {
            *s += p;
            let best = &mut top[t as usize];
            if best.is_none_or(|(q, _)| p > q) {
                *best = Some((p, i));
            }
        }
        let (mut same_t, mut hot_nb, mut eq_nb, mut rare_nb) = (false, false, false, false);
        for &j in grid.neighbours(i) {
            let d = code(j);
            let (u, m) = (d.terrain(), d.token());
            same_t |= u == t;
            hot_nb |= hot(m);
            eq_nb |= n != 0 && m == n;
            rare_nb |= rare(m);
        }
        let mut add = same_t as u32 + (hot(n) && hot_nb) as u32;
        add += (opts.no_equal_neighbours && eq_nb) as u32;
        add += (opts.no_2_12_neighbours && rare(n) && rare_nb) as u32;
        if c.is_desert() {
            let coast = grid.neighbours(i).len() < 6;
            add += match opts.desert {
                DesertPlacement::Anywhere => false,
                DesertPlacement::Centre => Some(i) != centre,
                DesertPlacement::Coast => !coast,
                DesertPlacement::Inland => coast,
            } as u32;
        }
        out[i as usize] += add;
    }
    for group in [0..3, 3..5] {
        let s = &sums[group.clone()];
        let (hi, lo) = (
            s.iter().copied().max().unwrap_or(0),
            s.iter().copied().min().unwrap_or(0),
        );
        if hi - lo > 1 {
            let richest = group
                .clone()
                .find(|&k| sums[k] == hi)
                .unwrap_or(group.start);
            if let Some((_, i)) = top[richest] {
                out[i as usize] += 1;
            }
        }
    }
    if opts.max_corner_pips > 0 || opts.min_corner_pips > 0 {
        for hexes in intersections(grid).0.iter().filter(|h| h.len() == 3) {
            let p: u32 = hexes.iter().map(|&i| pips(code(i).token()) as u32).sum();
            let (mut most, mut fewest) = (hexes[0], hexes[0]);
            for &i in hexes {
                if pips(code(i).token()) > pips(code(most).token()) {
                    most = i;
                }
                if pips(code(i).token()) < pips(code(fewest).token()) {
                    fewest = i;
                }
            }
            if opts.max_corner_pips > 0 && p > opts.max_corner_pips as u32 {
                out[most as usize] += 1;
            }
            if p < opts.min_corner_pips as u32 {
                out[fewest as usize] += 1;
            }
        }
    }
    table_contributions(grid, codes, opts, &mut out);
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::boards::catan::{CatanBoard, corners, evaluate, grid, standard_codes};
    use crate::boards::shuffle;
    use crate::rng::seeded;

    #[test]
    fn the_base_island_has_54_intersections() {
        let (all, next) = intersections(grid());
        assert_eq!(all.len(), 54);
        assert_eq!(all.iter().filter(|h| h.len() == 3).count(), corners().len());
        assert_eq!(all.iter().filter(|h| h.len() == 3).count(), 24);
        assert_eq!(all.iter().filter(|h| h.len() == 2).count(), 12);
        assert_eq!(all.iter().filter(|h| h.len() == 1).count(), 18);
        // 72 edges on the island, each seen from both ends.
        assert_eq!(next.iter().map(Vec::len).sum::<usize>(), 2 * 72);
        assert!(next.iter().all(|n| (2..=3).contains(&n.len())));
    }

    #[test]
    fn pips_add_up() {
        let mut rng = seeded(11);
        for _ in 0..50 {
            let mut codes = standard_codes();
            shuffle(&mut codes, &mut rng);
            let a = analyse(grid(), &codes, &CatanOptions::default());
            let p = a.pips_per_resource;
            assert_eq!(
                p.fields + p.forest + p.pasture + p.hills + p.mountains,
                a.total_pips
            );
            // 2·(1+2+3+4+5) + ... : the 18 tokens hold 58 pips.
            assert_eq!(a.total_pips, 58);
            assert_eq!(a.intersections.count, 54);
            assert_eq!(a.inland_intersections.count, 24);
            assert!(a.intersections.max >= a.inland_intersections.max);
            assert_eq!(
                a.intersections.spread,
                a.intersections.max - a.intersections.min
            );
            // Every hex touches 6 intersections: pips counted 6 times.
            let (all, _) = intersections(grid());
            let sum: u32 = all
                .iter()
                .flatten()
                .map(|&i| pips(CatanCode::from_byte(codes[i as usize]).token()) as u32)
                .sum();
            assert_eq!(sum, 6 * 58);
            assert_eq!(a.best_starts.len(), 3);
            assert!(a.best_starts[0].pips >= a.best_starts[1].pips);
            assert_eq!(a.best_starts[0].pips, a.intersections.max);
        }
    }

    #[test]
    fn demo_like_board_by_hand() {
        // Standard order: fields 2,3,3,4 (8 pips), forest 4,5,5,6 (16),
        // pasture 6,8,8,9 (19), hills 9,10,10 (10), mountains 11,11,12 (5).
        let a = analyse(grid(), &standard_codes(), &CatanOptions::default());
        let p = a.pips_per_resource;
        assert_eq!(
            [p.fields, p.forest, p.pasture, p.hills, p.mountains],
            [8, 16, 19, 10, 5]
        );
        // Pips by row: 1 2 2 / 3 3 4 4 / 5 5 5 5 4 / 4 3 3 2 / 2 1 0. Two
        // corners hold 14: forest 6 (2,0), pasture 6 (2,1), hills 9 (3,0),
        // three resources; and forest 5 (1,2), pasture 8 (2,2), pasture 8
        // (2,3), two resources. Diversity puts the first one first; the
        // next ones not next to either hold 13.
        let best = &a.best_starts[0];
        assert_eq!(best.hexes, vec![[2, 0], [2, 1], [3, 0]]);
        assert_eq!((best.pips, best.resources), (14, 3));
        let second = &a.best_starts[1];
        assert_eq!(second.hexes, vec![[1, 2], [2, 2], [2, 3]]);
        assert_eq!((second.pips, second.resources), (14, 2));
        assert_eq!(a.best_starts[2].pips, 13);
        assert_eq!(a.inland_intersections.max, 14);
        // The desert's coast corner alone: 0 pips.
        assert_eq!(a.intersections.min, 0);
    }

    #[test]
    fn contributions_sum_to_the_score() {
        let mut rng = seeded(5);
        let all_on = CatanOptions {
            no_equal_neighbours: true,
            no_2_12_neighbours: true,
            desert: DesertPlacement::Centre,
            max_corner_pips: 10,
            // The harbour rule is a property of the frame, not of a hex:
            // its count is not spread over hexes.
            harbour_rule: false,
            ..CatanOptions::default()
        };
        let table = CatanOptions {
            harbour_rule: false,
            ..CatanOptions::table()
        };
        for opts in [CatanOptions::default(), all_on, table] {
            for desert in [
                DesertPlacement::Centre,
                DesertPlacement::Coast,
                DesertPlacement::Inland,
            ] {
                let opts = CatanOptions { desert, ..opts };
                for _ in 0..100 {
                    let mut codes = standard_codes();
                    shuffle(&mut codes, &mut rng);
                    let c = hex_contributions(grid(), &codes, &opts);
                    let v = evaluate(&codes, &opts);
                    assert_eq!(c.iter().sum::<u32>(), v.total(), "{v:?}");
                    let b = CatanBoard::decode(&codes);
                    assert_eq!(b.violations(&opts), v);
                }
            }
        }
    }
}
