//! Reading a Terra Mystica board in game terms: the terrain at a
//! [`hexx::Hex`], its neighbours, and the way between `hexx` coordinates
//! and the rows of the JSON `board` arrays. The coordinates are the ones
//! the plugin's hex tilemap lays out (pointy hexes; `HexBoardMap::hex_position`
//! gives the world position of one).

use super::board::{ROWS, TerraMysticaBoard, standard_grid};
use super::terrain::Terrain;
use crate::boards::hex::HexGrid;
use hexx::Hex;
use std::borrow::Cow;

impl TerraMysticaBoard {
    /// The layout, borrowed for the standard shape (no allocation).
    fn layout(&self) -> Option<Cow<'static, HexGrid>> {
        let standard =
            self.rows.len() == ROWS.len() && self.rows.iter().zip(ROWS).all(|(r, n)| r.len() == n);
        if standard {
            Some(Cow::Borrowed(standard_grid()))
        } else {
            self.grid().ok().map(Cow::Owned)
        }
    }

    /// The terrain at `hex`, `None` off the board.
    ///
    /// ```
    /// use evoboard::boards::terra_mystica::{TerraMysticaBoard, Terrain};
    /// let board = TerraMysticaBoard::base_map();
    /// let corner = board.hex_at(0, 0).unwrap();
    /// assert_eq!(board.terrain_at(corner), Some(board.rows[0][0]));
    /// // Walk the neighbours of a hex as a game would.
    /// let rivers = board.neighbours(corner).iter().filter(|(_, t)| *t == Terrain::River).count();
    /// assert!(rivers <= 3);
    /// ```
    pub fn terrain_at(&self, hex: Hex) -> Option<Terrain> {
        self.layout()?.value_at(&self.rows, hex).copied()
    }

    /// The hexes next to `hex` with their terrains (2 to 6 of them; none
    /// off the board).
    pub fn neighbours(&self, hex: Hex) -> Vec<(Hex, Terrain)> {
        self.layout()
            .map(|g| g.neighbours_at(&self.rows, hex))
            .unwrap_or_default()
    }

    /// Every hex with its terrain, row by row.
    pub fn hexes(&self) -> Vec<(Hex, Terrain)> {
        self.layout()
            .map(|g| g.hexes_of(&self.rows))
            .unwrap_or_default()
    }

    /// The hex at `row`, position `col` in the row (the JSON `board`
    /// indices, from 0), if it exists.
    pub fn hex_at(&self, row: usize, col: usize) -> Option<Hex> {
        let g = self.layout()?;
        g.index(row, col).map(|i| g.hex(i))
    }

    /// The row and position in the row of `hex`, if it is on the board.
    pub fn row_col(&self, hex: Hex) -> Option<(usize, usize)> {
        let g = self.layout()?;
        g.index_of(hex).map(|i| g.row_col(i))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hexx_neighbours_are_the_rule_books() {
        let board = TerraMysticaBoard::base_map();
        let g = standard_grid();
        assert_eq!(board.hexes().len(), 113);
        for i in g.indices() {
            let hex = g.hex(i);
            let (r, c) = g.row_col(i);
            assert_eq!(board.hex_at(r, c), Some(hex));
            assert_eq!(board.row_col(hex), Some((r, c)));
            assert_eq!(board.terrain_at(hex), Some(board.rows[r][c]));
            let mut got: Vec<Hex> = board.neighbours(hex).iter().map(|n| n.0).collect();
            let mut want: Vec<Hex> = g.neighbours(i).iter().map(|&j| g.hex(j)).collect();
            got.sort_by_key(|h| (h.x, h.y));
            want.sort_by_key(|h| (h.x, h.y));
            assert_eq!(got, want);
        }
        assert_eq!(board.terrain_at(Hex::new(100, 100)), None);
        assert!(board.neighbours(Hex::new(100, 100)).is_empty());
        assert_eq!(board.hex_at(0, 13), None);
    }
}
