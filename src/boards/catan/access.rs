//! Reading a Catan island in game terms: the hex, terrain and number
//! token at a [`hexx::Hex`], neighbours, and the way between `hexx`
//! coordinates and the rows of the JSON `board` arrays (the coordinates
//! the plugin's hex tilemap lays out).

use super::board::{CatanBoard, CatanHex, CatanTerrain, ROWS, grid};
use hexx::Hex;

impl CatanBoard {
    fn standard_shape(&self) -> bool {
        self.rows.len() == ROWS.len() && self.rows.iter().zip(ROWS).all(|(r, n)| r.len() == n)
    }

    /// The hex at `hex`, `None` off the island.
    ///
    /// ```
    /// use evoboard::boards::catan::{CatanBoard, standard_codes};
    /// let island = CatanBoard::decode(&standard_codes());
    /// let centre = island.hex_at_row_col(2, 2).unwrap();
    /// let tile = island.hex_at(centre).unwrap();
    /// assert_eq!(island.number_at(centre), tile.number);
    /// // Production around the centre: the number tokens of its six neighbours.
    /// let tokens: Vec<u8> = island.neighbours(centre).iter().filter_map(|(_, h)| h.number).collect();
    /// assert!(tokens.len() >= 5);
    /// ```
    pub fn hex_at(&self, hex: Hex) -> Option<&CatanHex> {
        if !self.standard_shape() {
            return None;
        }
        grid().value_at(&self.rows, hex)
    }

    /// The terrain at `hex`.
    pub fn terrain_at(&self, hex: Hex) -> Option<CatanTerrain> {
        self.hex_at(hex).map(|h| h.terrain)
    }

    /// The number token at `hex` (`None` on the desert and off the island).
    pub fn number_at(&self, hex: Hex) -> Option<u8> {
        self.hex_at(hex).and_then(|h| h.number)
    }

    /// The hexes next to `hex` (3 to 6 of them; none off the island).
    pub fn neighbours(&self, hex: Hex) -> Vec<(Hex, CatanHex)> {
        if !self.standard_shape() {
            return Vec::new();
        }
        grid().neighbours_at(&self.rows, hex)
    }

    /// Every hex of the island, row by row.
    pub fn hexes(&self) -> Vec<(Hex, CatanHex)> {
        if !self.standard_shape() {
            return Vec::new();
        }
        grid().hexes_of(&self.rows)
    }

    /// The hex at `row`, position `col` in the row (the JSON `board`
    /// indices, from 0).
    pub fn hex_at_row_col(&self, row: usize, col: usize) -> Option<Hex> {
        grid().index(row, col).map(|i| grid().hex(i))
    }

    /// The row and position in the row of `hex`.
    pub fn row_col(&self, hex: Hex) -> Option<(usize, usize)> {
        grid().index_of(hex).map(|i| grid().row_col(i))
    }
}

#[cfg(test)]
mod tests {
    use super::super::board::standard_codes;
    use super::*;

    #[test]
    fn the_standard_island_has_its_eighteen_tokens_at_their_hexes() {
        let island = CatanBoard::decode(&standard_codes());
        let hexes = island.hexes();
        assert_eq!(hexes.len(), 19);
        let mut tokens: Vec<u8> = hexes
            .iter()
            .filter_map(|(h, _)| island.number_at(*h))
            .collect();
        tokens.sort_unstable();
        assert_eq!(
            tokens,
            vec![2, 3, 3, 4, 4, 5, 5, 6, 6, 8, 8, 9, 9, 10, 10, 11, 11, 12]
        );
        for (hex, tile) in &hexes {
            let (r, c) = island.row_col(*hex).unwrap();
            assert_eq!(island.rows[r][c], *tile);
            assert_eq!(island.hex_at_row_col(r, c), Some(*hex));
            let n = island.neighbours(*hex).len();
            assert!((3..=6).contains(&n), "{n} neighbours");
        }
        assert_eq!(
            island
                .neighbours(island.hex_at_row_col(2, 2).unwrap())
                .len(),
            6
        );
        assert_eq!(island.number_at(Hex::new(9, 9)), None);
    }
}
