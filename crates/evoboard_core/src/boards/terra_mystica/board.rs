//! The Terra Mystica board: 113 hexes in rows of 13 and 12, 36 river hexes
//! and 11 of each land terrain (other shapes and mixes are scorable too).

use super::rules::{self, Rules, Violations};
use super::terrain::{LAND, RIVER, Terrain};
use crate::boards::common::shuffle;
use crate::boards::{BoardError, HexGrid};
use crate::rng::Rng;
use serde::{Deserialize, Serialize};
use std::sync::OnceLock;

/// Row lengths of the base-game map: 13, 12, 13, … (9 rows).
pub const ROWS: [usize; 9] = [13, 12, 13, 12, 13, 12, 13, 12, 13];
/// Hexes on the base-game map.
pub const HEXES: usize = 113;
/// River hexes on the base-game map.
pub const RIVERS: usize = 36;
/// Hexes of each land terrain on the base-game map.
pub const PER_TERRAIN: usize = 11;

/// The shared layout of the base-game map.
pub fn standard_grid() -> &'static HexGrid {
    static GRID: OnceLock<HexGrid> = OnceLock::new();
    GRID.get_or_init(|| HexGrid::from_rows(&ROWS))
}

/// The standard tile mix as byte codes: 36 river and 11 of each land.
pub fn standard_tiles() -> Vec<u8> {
    let mut v = vec![RIVER; RIVERS];
    for t in LAND {
        v.extend(std::iter::repeat_n(t as u8, PER_TERRAIN));
    }
    v
}

/// The official base-game map (`shared/data/terra-mystica-base.txt`).
pub const BASE_MAP: &str = include_str!("base_map.txt");

/// A Terra Mystica map: rows of terrains, top row first.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "bevy_reflect", derive(bevy_reflect::Reflect))]
pub struct TerraMysticaBoard {
    /// Rows of terrains, top first; shorter rows sit half a hex right.
    pub rows: Vec<Vec<Terrain>>,
}

impl TerraMysticaBoard {
    /// A board on `grid` from byte codes in row-major order.
    ///
    /// # Panics
    /// When `tiles` does not fit `grid` or holds a code above 7 (see
    /// [`Self::try_from_tiles`]).
    pub fn from_tiles(grid: &HexGrid, tiles: &[u8]) -> Self {
        Self::try_from_tiles(grid, tiles).unwrap_or_else(|e| panic!("{e}"))
    }

    /// A board on `grid` from byte codes in row-major order, or an error
    /// when there is not one code per hex or a code is not a terrain.
    pub fn try_from_tiles(grid: &HexGrid, tiles: &[u8]) -> Result<Self, BoardError> {
        if tiles.len() != grid.len() {
            return Err(BoardError::TileCount {
                expected: grid.len(),
                got: tiles.len(),
            });
        }
        let rows = grid
            .split_rows(tiles)
            .map(|r| {
                r.iter()
                    .map(|&t| Terrain::try_from_code(t).ok_or(BoardError::BadTileCode { code: t }))
                    .collect()
            })
            .collect::<Result<_, _>>()?;
        Ok(TerraMysticaBoard { rows })
    }

    /// A uniformly random arrangement of the standard tile mix.
    pub fn random(rng: &mut Rng) -> Self {
        let mut tiles = standard_tiles();
        shuffle(&mut tiles, rng);
        Self::from_tiles(standard_grid(), &tiles)
    }

    /// The layout of this board (the shared standard one when it has the
    /// base-game shape; any hex shape for coordinates).
    pub fn grid(&self) -> Result<HexGrid, BoardError> {
        let lens: Vec<usize> = self.rows.iter().map(Vec::len).collect();
        if lens == ROWS {
            return Ok(standard_grid().clone());
        }
        HexGrid::try_from_rows(&lens)
    }

    /// The layout of a map the program scores, draws and saves: the
    /// standard outline ([`ROWS`]) or the offset one
    /// ([`OFFSET_ROWS`](super::OFFSET_ROWS)). Any other shape is an error
    /// naming the first row that differs. Text maps and levels are checked
    /// with it when read.
    ///
    /// ```
    /// use evoboard_core::boards::terra_mystica::TerraMysticaBoard;
    /// let text = TerraMysticaBoard::base_map().to_text();
    /// let mut rows: Vec<&str> = text.lines().collect();
    /// let short = rows[2].rsplit_once(' ').unwrap().0.rsplit_once(' ').unwrap().0.to_string();
    /// rows[2] = &short;
    /// let e = TerraMysticaBoard::parse_text(&rows.join("\n")).unwrap_err();
    /// assert!(e.to_string().starts_with("row 3 has 11 hexes"), "{e}");
    /// ```
    pub fn map_grid(&self) -> Result<HexGrid, BoardError> {
        let lens: Vec<usize> = self.rows.iter().map(Vec::len).collect();
        if lens == ROWS {
            return Ok(standard_grid().clone());
        }
        if lens == super::OFFSET_ROWS {
            return Ok(super::offset_grid().clone());
        }
        // A hex-grid error first (an empty, huge or unshifted row), then
        // the outline.
        HexGrid::try_from_rows(&lens)?;
        let expected = if lens.first() == Some(&12) {
            super::OFFSET_ROWS
        } else {
            ROWS
        };
        let row = (0..lens.len().max(expected.len()))
            .find(|&r| lens.get(r) != expected.get(r))
            .unwrap_or(0);
        Err(BoardError::TerraMysticaRow {
            row: row + 1,
            len: lens.get(row).copied().unwrap_or(0),
            rows: lens.len(),
        })
    }

    /// The byte codes in row-major order.
    pub fn tiles(&self) -> Vec<u8> {
        self.rows.iter().flatten().map(|&t| t as u8).collect()
    }

    /// REQ1..REQ4 under `rules`.
    pub fn violations(&self, rules: Rules) -> Result<Violations, BoardError> {
        let grid = self.grid()?;
        Ok(rules::evaluate(&grid, &self.tiles(), rules))
    }

    /// Parse a plain-text map: one row a line, words separated by spaces,
    /// each a terrain name or colour (`yellow brown black blue green gray
    /// red`, `x` for river). Errors name the line and the word.
    pub fn parse_text(text: &str) -> Result<Self, BoardError> {
        let mut rows = Vec::new();
        for (n, line) in text.lines().enumerate() {
            if line.trim().is_empty() || line.trim_start().starts_with('#') {
                continue;
            }
            let row = line
                .split_whitespace()
                .map(|w| {
                    Terrain::parse(w).ok_or_else(|| BoardError::UnknownTerrain {
                        line: n + 1,
                        word: w.to_string(),
                    })
                })
                .collect::<Result<Vec<_>, _>>()?;
            rows.push(row);
        }
        let board = TerraMysticaBoard { rows };
        board.map_grid()?;
        Ok(board)
    }

    /// The plain-text form (colour words), which [`Self::parse_text`] reads.
    pub fn to_text(&self) -> String {
        self.rows
            .iter()
            .map(|r| r.iter().map(|t| t.colour()).collect::<Vec<_>>().join(" ") + "\n")
            .collect()
    }

    /// The official base-game map.
    pub fn base_map() -> Self {
        Self::parse_text(BASE_MAP).expect("the shipped base map parses")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn board_from(grid: &HexGrid, f: impl Fn(usize, usize) -> Terrain) -> Vec<u8> {
        grid.indices()
            .map(|i| {
                let (r, c) = grid.row_col(i);
                f(r, c) as u8
            })
            .collect()
    }

    #[test]
    fn base_map_reproduces_the_published_figures() {
        let b = TerraMysticaBoard::base_map();
        assert_eq!(b.tiles().len(), HEXES);
        let mut counts = [0usize; 8];
        for t in b.tiles() {
            counts[t as usize] += 1;
        }
        assert_eq!(counts, [11, 11, 11, 11, 11, 11, 11, 36]);
        assert_eq!(b.violations(Rules::Published).unwrap(), [0, 3, 0, 6]);
        assert_eq!(b.violations(Rules::Strict).unwrap(), [0, 3, 0, 14]);
        // The thesis's reading: the same three river hexes with more than
        // 3 river neighbours, REQ4 as published; one river: score 9.
        let v = b.violations(Rules::Thesis).unwrap();
        assert_eq!(v, [0, 3, 0, 6]);
        assert_eq!(rules::Weights::for_rules(Rules::Thesis).score(&v), 9);
        // The per-hex reading counts REQ4 on every land hex, as strict
        // does: the 8 hexes with fewer than 3 land neighbours join in.
        let v = b.violations(Rules::ThesisPerHex).unwrap();
        assert_eq!(v, [0, 3, 0, 14]);
        assert_eq!(rules::Weights::for_rules(Rules::ThesisPerHex).score(&v), 17);
    }

    #[test]
    fn thesis_per_hex_differs_from_thesis_only_in_req4() {
        let g = standard_grid();
        let b = TerraMysticaBoard::base_map();
        let t = &b.tiles();
        let mut differs = 0;
        for i in g.indices() {
            let (a, h) = (
                rules::local_terms(g, t, Rules::Thesis, i),
                rules::local_terms(g, t, Rules::ThesisPerHex, i),
            );
            assert_eq!(a[..3], h[..3]);
            // Per hex counts a superset of the thesis's REQ4 hexes.
            assert!(h[3] >= a[3]);
            differs += (h[3] != a[3]) as u32;
        }
        assert_eq!(differs, 8);
        assert_eq!(Rules::parse("thesis-per-hex").unwrap(), Rules::ThesisPerHex);
        assert!(
            Rules::parse("per-hex")
                .unwrap_err()
                .to_string()
                .contains("thesis-per-hex")
        );
    }

    #[test]
    fn thesis_rules_count_crowded_rivers_and_one_broken_river() {
        let g = standard_grid();
        let idx = |r, c| g.index(r, c).unwrap() as usize;
        let mut t = board_from(g, |_, c| LAND[c % 7]);
        // An isolated river hex and a land hex ringed by river break
        // nothing under thesis REQ2; published counts both.
        t[idx(4, 6)] = RIVER;
        let thesis = rules::evaluate(g, &t, Rules::Thesis);
        assert_eq!(thesis[1], 0);
        assert_eq!(rules::evaluate(g, &t, Rules::Published)[1], 1);
        let mut ring = board_from(g, |_, c| LAND[c % 7]);
        for &j in g.neighbours(idx(4, 6) as u16) {
            ring[j as usize] = RIVER;
        }
        assert_eq!(
            rules::local_terms(g, &ring, Rules::Published, idx(4, 6) as u16)[1],
            1
        );
        assert_eq!(
            rules::local_terms(g, &ring, Rules::Thesis, idx(4, 6) as u16)[1],
            0
        );
        // One or two pieces: 0 (as published); three or four: REQ3 stays 1.
        assert_eq!(thesis[2], 0);
        for (pieces, (r, c), req3) in [(2, (0, 0), 0), (3, (8, 12), 1), (4, (0, 12), 1)] {
            t[idx(r, c)] = RIVER;
            assert_eq!(rules::evaluate(g, &t, Rules::Strict)[2] + 1, pieces);
            assert_eq!(rules::evaluate(g, &t, Rules::Thesis)[2], req3);
        }
        assert_eq!(rules::evaluate(g, &t, Rules::Published)[2], 2);
        // A river hex with 4 river neighbours counts; one with 3 does not.
        let mut u = board_from(g, |_, c| LAND[c % 7]);
        for (r, c) in [(4, 6), (4, 5), (4, 7), (3, 5)] {
            u[idx(r, c)] = RIVER;
        }
        let at = |u: &[u8]| rules::local_terms(g, u, Rules::Thesis, idx(4, 6) as u16)[1];
        assert_eq!(at(&u), 0);
        u[idx(3, 6)] = RIVER;
        assert_eq!(at(&u), 1);
        // REQ1 and REQ4 as published.
        for i in g.indices() {
            let (a, b) = (
                rules::local_terms(g, &u, Rules::Thesis, i),
                rules::local_terms(g, &u, Rules::Published, i),
            );
            assert_eq!((a[0], a[3]), (b[0], b[3]));
        }
    }

    #[test]
    fn text_round_trip_and_errors() {
        let b = TerraMysticaBoard::base_map();
        assert_eq!(TerraMysticaBoard::parse_text(&b.to_text()).unwrap(), b);
        let err = TerraMysticaBoard::parse_text("yellow brown\npurple x x").unwrap_err();
        assert!(
            matches!(&err, BoardError::UnknownTerrain { line: 2, word } if word == "purple"),
            "{err:?}"
        );
        let text = err.to_string();
        assert!(text.contains("line 2") && text.contains("purple"), "{text}");
        let err = TerraMysticaBoard::parse_text("x x x\nx x x").unwrap_err();
        assert!(
            matches!(err, BoardError::RowShift { row: 2, len: 3 }),
            "{err:?}"
        );
        assert!(err.to_string().contains("row 2"), "{err}");
        assert!(matches!(
            TerraMysticaBoard::try_from_tiles(standard_grid(), &[8; HEXES]),
            Err(BoardError::BadTileCode { code: 8 })
        ));
        assert!(matches!(
            TerraMysticaBoard::try_from_tiles(standard_grid(), &[0; 3]),
            Err(BoardError::TileCount {
                expected: HEXES,
                got: 3
            })
        ));
    }

    #[test]
    fn req1_counts_same_terrain_neighbours() {
        let g = HexGrid::from_rows(&[3, 2, 3]);
        // Row 0: desert desert lake / row 1: plains swamp / row 2: plains lake desert.
        let rows: [&[Terrain]; 3] = [
            &[Terrain::Desert, Terrain::Desert, Terrain::Lake],
            &[Terrain::Plains, Terrain::Swamp],
            &[Terrain::Forest, Terrain::Lake, Terrain::Desert],
        ];
        let t = board_from(&g, |r, c| rows[r][c]);
        let strict = rules::evaluate(&g, &t, Rules::Strict);
        let published = rules::evaluate(&g, &t, Rules::Published);
        // The two deserts of row 0 are neighbours: 2 hexes (strict) / 2 pair-ends.
        assert_eq!(strict[0], 2);
        assert_eq!(published[0], 2);
    }

    #[test]
    fn req2_and_req3_on_rivers() {
        let g = standard_grid();
        // All land (alternating wheel-neighbour stripes) plus a few rivers.
        let mut t = board_from(g, |_, c| LAND[c % 7]);
        let idx = |r, c| g.index(r, c).unwrap() as usize;
        // An isolated river hex in the middle: REQ2 (0 river neighbours).
        t[idx(4, 6)] = RIVER;
        let v = rules::evaluate(g, &t, Rules::Strict);
        assert_eq!(v[1], 1);
        assert_eq!(v[2], 0, "one component");
        // A second component: strict REQ3 = 1, published REQ3 = 0.
        t[idx(0, 0)] = RIVER;
        t[idx(0, 1)] = RIVER;
        assert_eq!(rules::evaluate(g, &t, Rules::Strict)[2], 1);
        assert_eq!(rules::evaluate(g, &t, Rules::Published)[2], 0);
        // A third: published counts it.
        t[idx(8, 12)] = RIVER;
        assert_eq!(rules::evaluate(g, &t, Rules::Strict)[2], 2);
        assert_eq!(rules::evaluate(g, &t, Rules::Published)[2], 1);
        // A river hex with 4 river neighbours breaks REQ2 in both sets.
        let mut u = board_from(g, |_, c| LAND[c % 7]);
        for (r, c) in [(4, 6), (4, 5), (4, 7), (3, 5), (3, 6)] {
            u[idx(r, c)] = RIVER;
        }
        assert_eq!(
            rules::local_terms(g, &u, Rules::Strict, idx(4, 6) as u16)[1],
            1
        );
        assert_eq!(
            rules::local_terms(g, &u, Rules::Published, idx(4, 6) as u16)[1],
            1
        );
    }

    #[test]
    fn req4_needs_a_one_spade_neighbour() {
        let g = HexGrid::from_rows(&[3, 2, 3]);
        // Centre row hexes surrounded by terrains 3 spades away.
        let rows: [&[Terrain]; 3] = [
            &[Terrain::Desert, Terrain::Lake, Terrain::Desert],
            &[Terrain::Forest, Terrain::Desert],
            &[Terrain::Lake, Terrain::Forest, Terrain::Lake],
        ];
        let t = board_from(&g, |r, c| rows[r][c]);
        let terms = |r, c, rules| rules::local_terms(&g, &t, rules, g.index(r, c).unwrap());
        // (1,1) desert: neighbours lake, desert, forest, forest, lake, desert → no 1-spade.
        assert_eq!(terms(1, 1, Rules::Strict)[3], 1);
        assert_eq!(terms(1, 1, Rules::Published)[3], 1);
        // (0,0) desert has 2 land neighbours: strict counts it, published not (< 3).
        assert_eq!(terms(0, 0, Rules::Strict)[3], 1);
        assert_eq!(terms(0, 0, Rules::Published)[3], 0);
    }

    #[test]
    fn weighted_score() {
        let w = rules::Weights::BRKGA_STUDY;
        assert_eq!(w.score(&[1, 2, 3, 4]), 100 + 2 + 30000 + 4);
    }
}
