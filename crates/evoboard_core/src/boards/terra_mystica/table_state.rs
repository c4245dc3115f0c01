//! Incremental `table` figures for [`super::TmState`]: per-hex terms
//! (border river, blob river, triangles led by the hex, frontage and
//! border hexes per home terrain) are removed and re-added over the hexes
//! a swap touches; the river-within-two-steps counts change only around
//! a moved river hex. No allocation after construction.

use super::table::{TableFigures, spread, triangles};
use super::terrain::RIVER;
use crate::boards::{HexGrid, HexIndex};

/// The `table` counters of a board and the geometry they need.
#[derive(Clone, Debug)]
pub(crate) struct TableCounts {
    /// Hexes within two steps of each hex (itself excluded), flattened.
    ball: Vec<HexIndex>,
    ball_start: Vec<u32>,
    /// The triangles each hex leads (it is their lowest index): the other
    /// two hexes, flattened.
    tri: Vec<[HexIndex; 2]>,
    tri_start: Vec<u32>,
    /// River hexes within two steps of each hex (itself excluded).
    near: Vec<u8>,
    pieces: u32,
    border: u32,
    far: u32,
    blob: u32,
    triangles: u32,
    frontage: [u32; 7],
    edge: [u32; 7],
}

impl TableCounts {
    /// The geometry of `grid` and the counters of `tiles` on it.
    pub(crate) fn new(grid: &HexGrid, tiles: &[u8]) -> Self {
        let n = grid.len();
        let (mut ball, mut ball_start) = (Vec::new(), vec![0u32]);
        let mut mark = vec![false; n];
        for i in grid.indices() {
            let from = ball.len();
            mark[i as usize] = true;
            for &j in grid.neighbours(i) {
                for &k in std::iter::once(&j).chain(grid.neighbours(j)) {
                    if !mark[k as usize] {
                        mark[k as usize] = true;
                        ball.push(k);
                    }
                }
            }
            mark[i as usize] = false;
            for &k in &ball[from..] {
                mark[k as usize] = false;
            }
            ball_start.push(ball.len() as u32);
        }
        let mut by_lead: Vec<Vec<[HexIndex; 2]>> = vec![Vec::new(); n];
        for [i, j, k] in triangles(grid) {
            by_lead[i as usize].push([j, k]);
        }
        let mut tri_start = vec![0u32];
        let mut tri = Vec::new();
        for t in by_lead {
            tri.extend(t);
            tri_start.push(tri.len() as u32);
        }
        let mut c = TableCounts {
            ball,
            ball_start,
            tri,
            tri_start,
            near: vec![0; n],
            pieces: 0,
            border: 0,
            far: 0,
            blob: 0,
            triangles: 0,
            frontage: [0; 7],
            edge: [0; 7],
        };
        c.rescore_all(grid, tiles, 0);
        c
    }

    fn ball(&self, i: HexIndex) -> &[HexIndex] {
        &self.ball[self.ball_start[i as usize] as usize..self.ball_start[i as usize + 1] as usize]
    }

    /// Recount everything; `pieces` is the river's component count.
    pub(crate) fn rescore_all(&mut self, grid: &HexGrid, tiles: &[u8], pieces: u32) {
        self.border = 0;
        self.blob = 0;
        self.triangles = 0;
        self.frontage = [0; 7];
        self.edge = [0; 7];
        for i in grid.indices() {
            self.add(grid, tiles, i);
        }
        for i in grid.indices() {
            let ball = self.ball(i);
            self.near[i as usize] =
                ball.iter().filter(|&&k| tiles[k as usize] == RIVER).count() as u8;
        }
        self.pieces = pieces;
        self.recount_far(tiles);
    }

    fn recount_far(&mut self, tiles: &[u8]) {
        self.far = tiles
            .iter()
            .zip(&self.near)
            .filter(|&(&t, &n)| t != RIVER && n == 0)
            .count() as u32;
    }

    /// Add (`sign` 1) or remove (`sign` u32::MAX, i.e. −1) hex `h`'s terms.
    #[inline]
    fn apply(&mut self, grid: &HexGrid, tiles: &[u8], h: HexIndex, sign: u32) {
        let t = tiles[h as usize];
        let nb = grid.neighbours(h);
        if t == RIVER {
            let mut rn = 0;
            for &j in nb {
                rn += (tiles[j as usize] == RIVER) as u32;
            }
            let lo = self.tri_start[h as usize] as usize;
            let hi = self.tri_start[h as usize + 1] as usize;
            let mut tris = 0u32;
            for &[j, k] in &self.tri[lo..hi] {
                tris += (tiles[j as usize] == RIVER && tiles[k as usize] == RIVER) as u32;
            }
            let on_border = grid.is_border(h) as u32;
            self.border = self.border.wrapping_add(on_border.wrapping_mul(sign));
            self.blob = self
                .blob
                .wrapping_add(((rn >= 3) as u32).wrapping_mul(sign));
            self.triangles = self.triangles.wrapping_add(tris.wrapping_mul(sign));
        } else {
            let front = nb.iter().any(|&j| tiles[j as usize] == RIVER) as u32;
            let t = t as usize;
            self.frontage[t] = self.frontage[t].wrapping_add(front.wrapping_mul(sign));
            let edge = grid.is_border(h) as u32;
            self.edge[t] = self.edge[t].wrapping_add(edge.wrapping_mul(sign));
        }
    }

    /// Add hex `h`'s terms as `tiles` has it.
    #[inline]
    pub(crate) fn add(&mut self, grid: &HexGrid, tiles: &[u8], h: HexIndex) {
        self.apply(grid, tiles, h, 1);
    }

    /// Remove hex `h`'s terms as `tiles` has it (before a change).
    #[inline]
    pub(crate) fn remove(&mut self, grid: &HexGrid, tiles: &[u8], h: HexIndex) {
        self.apply(grid, tiles, h, u32::MAX);
    }

    /// After a swap that moved a river hex from `from` to `to` (`tiles`
    /// already swapped), with the river's new component count.
    pub(crate) fn river_moved(&mut self, tiles: &[u8], from: HexIndex, to: HexIndex, pieces: u32) {
        let (lo, hi) = (
            self.ball_start[from as usize] as usize,
            self.ball_start[from as usize + 1] as usize,
        );
        for k in lo..hi {
            let h = self.ball[k] as usize;
            self.near[h] -= 1;
        }
        let (lo, hi) = (
            self.ball_start[to as usize] as usize,
            self.ball_start[to as usize + 1] as usize,
        );
        for k in lo..hi {
            let h = self.ball[k] as usize;
            self.near[h] += 1;
        }
        self.pieces = pieces;
        self.recount_far(tiles);
    }

    /// The figures as counted.
    pub(crate) fn figures(&self) -> TableFigures {
        TableFigures {
            river_pieces: self.pieces,
            river_on_border: self.border,
            land_far_from_river: self.far,
            river_blob_hexes: self.blob,
            river_triangles: self.triangles,
            frontage_spread: spread(&self.frontage),
            border_spread: spread(&self.edge),
        }
    }
}
