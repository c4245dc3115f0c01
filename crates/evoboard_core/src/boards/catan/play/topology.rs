//! The playing surface of one island, built once per board and shared by
//! every game on it: corners (settlement spots), edges (road spots), which
//! hexes touch each corner, the harbours at each corner and the hexes that
//! produce on each dice total, all as fixed arrays of small indices.
//!
//! Geometry: a hex of row `r` whose doubled column is `x2` (as in the
//! harbour frame) has its centre at `(x2, 3r)`; its corners, clockwise from
//! the north-east side's start, sit at `(±1, ±1)` and `(0, ±2)` from it, so
//! every corner has whole coordinates and is found once by them. Corner
//! `k` and `k + 1` bound side `k` of the hex (0 east, 1 south-east, …, 5
//! north-east), the numbering of [`super::super::HarbourSlot::side`].

use crate::boards::BoardError;
use crate::boards::catan::{CatanBoard, CatanCode, CatanLayout, pips};

/// Most hexes of an island (the 5–6 player island).
pub const MAX_HEXES: usize = 30;
/// Most corners of an island (80 on the 5–6 player island, 54 on the base).
pub const MAX_CORNERS: usize = 80;
/// Most edges of an island (109 on the 5–6 player island, 72 on the base).
pub const MAX_EDGES: usize = 109;
/// "None" in the byte-sized index arrays.
pub const NONE: u8 = u8::MAX;

/// Corner offsets from a hex centre, clockwise from the east side's start.
const CORNER_OFFSETS: [(i32, i32); 6] = [(1, -1), (1, 1), (0, 2), (-1, 1), (-1, -1), (0, -2)];

/// The island as the game engine reads it (see the module docs).
#[derive(Clone, Debug)]
pub struct Topology {
    /// Hexes on the island.
    pub hexes: u8,
    /// Corners (settlement spots).
    pub corners: u8,
    /// Edges (road spots).
    pub edges: u8,
    /// Resource of each hex (0 grain … 4 ore, [`super::DESERT`] for none).
    pub hex_resource: [u8; MAX_HEXES],
    /// Number token of each hex (0 on a desert).
    pub hex_token: [u8; MAX_HEXES],
    /// The six corners of each hex, clockwise from the east side's start.
    pub hex_corners: [[u8; 6]; MAX_HEXES],
    /// The six corners of each hex, as a bit set of corners.
    pub hex_corner_mask: [u128; MAX_HEXES],
    /// The hexes touching each corner (1 to 3; [`NONE`] pads).
    pub corner_hexes: [[u8; 3]; MAX_CORNERS],
    /// The corners one edge away from each corner (2 or 3; [`NONE`] pads).
    pub corner_adj: [[u8; 3]; MAX_CORNERS],
    /// The edges at each corner, matching [`Self::corner_adj`].
    pub corner_edges: [[u8; 3]; MAX_CORNERS],
    /// The two corners of each edge.
    pub edge_corners: [[u8; 2]; MAX_EDGES],
    /// The edges at each corner, as a bit set of edges.
    pub corner_edge_mask: [u128; MAX_CORNERS],
    /// The corners one edge away from each corner, as a bit set of corners.
    pub corner_adj_mask: [u128; MAX_CORNERS],
    /// The hexes touching each corner, as a bit set of hexes.
    pub corner_hex_mask: [u32; MAX_CORNERS],
    /// Every corner of the island, as a bit set.
    pub all_corners: u128,
    /// The harbour at each corner: 0 none, 1 generic 3:1, `2 + r` the 2:1
    /// harbour of resource `r`.
    pub corner_harbour: [u8; MAX_CORNERS],
    /// Pips of each resource at each corner (what a settlement there
    /// expects per 36 rolls).
    pub corner_prod: [[u8; 5]; MAX_CORNERS],
    /// Total pips at each corner.
    pub corner_pips: [u8; MAX_CORNERS],
    /// The hexes holding each dice total's token (up to 3; [`NONE`] pads).
    pub dice_hexes: [[u8; 3]; 13],
    /// Where the robber starts: the (first) desert.
    pub robber_start: u8,
    /// Cards of each resource in the game (19 base, 24 with 5–6 players).
    pub resource_cards: u8,
    /// Fewest and most seats this island plays with.
    pub seats: (u8, u8),
    /// Whether the 5–6 player special building phase is played.
    pub special_building: bool,
    /// How much each resource's pips count to the planner on this island
    /// (scarce resources more; see the planner's `scarcity`), found once.
    pub scarcity: [f32; 5],
}

impl Topology {
    /// The topology of `board`: a legal Catan island (base or 5–6
    /// players, [`CatanBoard::validate`]). A board without harbours
    /// plays with none (bank 4:1 only); see [`super::placed_harbours`].
    pub fn new(board: &CatanBoard) -> Result<Topology, BoardError> {
        board.validate()?;
        let layout = board.layout().ok_or_else(|| BoardError::CatanShape {
            rows: board.rows.iter().map(Vec::len).collect(),
        })?;
        let mut t = Self::build(layout, &board.encode(), board);
        t.scarcity = super::planner::scarcity(&t);
        Ok(t)
    }

    fn build(layout: &CatanLayout, codes: &[u8], board: &CatanBoard) -> Topology {
        let g = layout.grid();
        let widest = g.row_lengths().max().unwrap_or(0) as i32;
        let mut t = Topology {
            hexes: g.len() as u8,
            corners: 0,
            edges: 0,
            hex_resource: [super::DESERT; MAX_HEXES],
            hex_token: [0; MAX_HEXES],
            hex_corners: [[NONE; 6]; MAX_HEXES],
            hex_corner_mask: [0; MAX_HEXES],
            corner_hexes: [[NONE; 3]; MAX_CORNERS],
            corner_adj: [[NONE; 3]; MAX_CORNERS],
            corner_edges: [[NONE; 3]; MAX_CORNERS],
            edge_corners: [[NONE; 2]; MAX_EDGES],
            corner_edge_mask: [0; MAX_CORNERS],
            corner_adj_mask: [0; MAX_CORNERS],
            corner_hex_mask: [0; MAX_CORNERS],
            all_corners: 0,
            corner_harbour: [0; MAX_CORNERS],
            corner_prod: [[0; 5]; MAX_CORNERS],
            corner_pips: [0; MAX_CORNERS],
            dice_hexes: [[NONE; 3]; 13],
            robber_start: 0,
            resource_cards: if layout.hexes() > 19 { 24 } else { 19 },
            seats: if layout.hexes() > 19 { (5, 6) } else { (3, 4) },
            special_building: layout.hexes() > 19,
            scarcity: [1.0; 5],
        };
        // Corner coordinates, sorted top to bottom, left to right.
        let centre = |i: usize| {
            let (r, c) = g.row_col(i as u16);
            (2 * c as i32 + widest - g.row_len(r) as i32, 3 * r as i32)
        };
        let mut points: Vec<(i32, i32)> = Vec::new();
        for i in 0..g.len() {
            let (x, y) = centre(i);
            for (dx, dy) in CORNER_OFFSETS {
                points.push((y + dy, x + dx));
            }
        }
        points.sort_unstable();
        points.dedup();
        let id = |p: (i32, i32)| {
            points
                .binary_search(&(p.1, p.0))
                .map(|k| k as u8)
                .unwrap_or(NONE)
        };
        t.corners = points.len() as u8;
        t.all_corners = u128::MAX >> (128 - points.len());
        let mut edges: Vec<(u8, u8)> = Vec::new();
        for (i, &byte) in codes.iter().enumerate().take(g.len()) {
            let (x, y) = centre(i);
            let code = CatanCode::from_byte(byte);
            t.hex_resource[i] = code.terrain();
            t.hex_token[i] = code.token();
            for (k, (dx, dy)) in CORNER_OFFSETS.into_iter().enumerate() {
                let c = id((x + dx, y + dy));
                t.hex_corners[i][k] = c;
                push(&mut t.corner_hexes[c as usize], i as u8);
                t.corner_hex_mask[c as usize] |= 1 << i;
                t.hex_corner_mask[i] |= 1 << c;
                if code.terrain() < 5 {
                    t.corner_prod[c as usize][code.terrain() as usize] += pips(code.token());
                    t.corner_pips[c as usize] += pips(code.token());
                }
                let (dx2, dy2) = CORNER_OFFSETS[(k + 1) % 6];
                let d = id((x + dx2, y + dy2));
                edges.push((c.min(d), c.max(d)));
            }
            if code.is_desert() && t.hex_resource[t.robber_start as usize] != super::DESERT {
                t.robber_start = i as u8;
            }
            if code.token() > 0 {
                push(&mut t.dice_hexes[code.token() as usize], i as u8);
            }
        }
        edges.sort_unstable();
        edges.dedup();
        t.edges = edges.len() as u8;
        for (e, &(a, b)) in edges.iter().enumerate() {
            t.edge_corners[e] = [a, b];
            push(&mut t.corner_adj[a as usize], b);
            push(&mut t.corner_edges[a as usize], e as u8);
            push(&mut t.corner_adj[b as usize], a);
            push(&mut t.corner_edges[b as usize], e as u8);
            t.corner_edge_mask[a as usize] |= 1 << e;
            t.corner_edge_mask[b as usize] |= 1 << e;
            t.corner_adj_mask[a as usize] |= 1 << b;
            t.corner_adj_mask[b as usize] |= 1 << a;
        }
        for h in &board.harbours {
            let Some(i) = g.index(h.hex.0, h.hex.1) else {
                continue;
            };
            let kind = h.kind.resource().map_or(1, |r| 2 + r);
            let side = h.side as usize % 6;
            for k in [side, (side + 1) % 6] {
                t.corner_harbour[t.hex_corners[i as usize][k] as usize] = kind;
            }
        }
        t
    }

    /// The edge between corners `a` and `b`, if they are adjacent.
    pub fn edge_between(&self, a: u8, b: u8) -> Option<u8> {
        let k = self.corner_adj[a as usize].iter().position(|&c| c == b)?;
        Some(self.corner_edges[a as usize][k])
    }

    /// The corner of edge `e` that is not `c`.
    #[inline]
    pub fn other_end(&self, e: u8, c: u8) -> u8 {
        let [a, b] = self.edge_corners[e as usize];
        if a == c { b } else { a }
    }
}

/// Put `v` in the first free ([`NONE`]) slot of `slots`.
fn push<const N: usize>(slots: &mut [u8; N], v: u8) {
    if let Some(s) = slots.iter_mut().find(|s| **s == NONE) {
        *s = v;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::boards::catan::{CatanLayout, assign_harbours};

    fn topo(layout: &CatanLayout) -> Topology {
        let codes = layout.standard_codes();
        let board = CatanBoard::decode(&codes).with_harbours(assign_harbours(
            layout,
            &codes,
            &Default::default(),
            1,
        ));
        Topology::new(&board).unwrap()
    }

    #[test]
    fn counts_of_both_islands() {
        let t = topo(CatanLayout::base());
        assert_eq!((t.hexes, t.corners, t.edges), (19, 54, 72));
        // 9 harbours, two corners each.
        assert_eq!(t.corner_harbour.iter().filter(|&&h| h > 0).count(), 18);
        let f = topo(CatanLayout::five_six());
        assert_eq!((f.hexes, f.corners, f.edges), (30, 80, 109));
        assert_eq!(f.corner_harbour.iter().filter(|&&h| h > 0).count(), 22);
        for t in [&t, &f] {
            // Every edge has two corners; corner degrees sum to twice the edges.
            let degree: usize = (0..t.corners as usize)
                .map(|c| t.corner_adj[c].iter().filter(|&&a| a != NONE).count())
                .sum();
            assert_eq!(degree, 2 * t.edges as usize);
            // Each hex has six distinct corners and all pips are counted thrice.
            let pips_total: u32 = t.corner_pips.iter().map(|&p| p as u32).sum();
            let hex_pips: u32 = (0..t.hexes as usize)
                .map(|h| pips(t.hex_token[h]) as u32)
                .sum();
            assert_eq!(pips_total, 6 * hex_pips);
        }
        assert_eq!(
            t.hex_resource[t.robber_start as usize],
            crate::boards::catan::play::DESERT
        );
    }
}
