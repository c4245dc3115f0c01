//! Typed read access for game logic: the hex, terrain and number token at
//! a [`hexx::Hex`], the neighbours of a hex, and the way between `rows`
//! indices and `hexx` coordinates.
//!
//! The coordinates are those of the island's layout ([`grid`] and
//! [`HexGrid::hex`](crate::boards::HexGrid::hex), which the plugin's
//! tilemap lays out with a pointy [`hexx::HexLayout`]): row `r` has
//! `hex.y == r`, row 0 is the top row. Lookups are constant time.
//!
//! A board whose rows are neither 3, 4, 5, 4, 3 nor 3, 4, 5, 6, 5, 4, 3
//! hexes long (see [`CatanBoard::validate`]) has no hexes: every lookup is
//! `None` and [`CatanBoard::hexes`] is empty.

#[cfg(test)]
use super::board::grid;
use super::board::{CatanBoard, CatanHex, CatanTerrain};
use crate::boards::HexGrid;
use hexx::Hex;

impl CatanBoard {
    /// The grid of the island the rows form, if they form one.
    fn island_grid(&self) -> Option<&'static HexGrid> {
        self.layout().map(|l| l.grid())
    }

    /// The hex (terrain and number) at `hex`, or `None` off the island.
    ///
    /// ```
    /// use evoboard_core::boards::catan::{CatanBoard, standard_codes};
    /// let board = CatanBoard::decode(&standard_codes());
    /// let centre = board.hex(2, 2).unwrap();
    /// assert_eq!(board.hex_at(centre), Some(&board.rows[2][2]));
    /// assert_eq!(board.hex_at(hexx::Hex::new(9, 9)), None);
    /// ```
    pub fn hex_at(&self, hex: Hex) -> Option<&CatanHex> {
        let (r, c) = self.row_col(hex)?;
        self.rows.get(r)?.get(c)
    }

    /// The terrain at `hex`, or `None` off the island.
    ///
    /// ```
    /// use evoboard_core::boards::catan::{CatanBoard, CatanTerrain, standard_codes};
    /// let board = CatanBoard::decode(&standard_codes());
    /// let first = board.hex(0, 0).unwrap();
    /// assert_eq!(board.terrain_at(first), Some(CatanTerrain::Fields));
    /// ```
    pub fn terrain_at(&self, hex: Hex) -> Option<CatanTerrain> {
        self.hex_at(hex).map(|h| h.terrain)
    }

    /// The number token at `hex` (2..=12), or `None` on the desert and off
    /// the island.
    ///
    /// ```
    /// use evoboard_core::boards::catan::{CatanBoard, CatanTerrain, standard_codes};
    /// let board = CatanBoard::decode(&standard_codes());
    /// let (desert, _) = board
    ///     .hexes()
    ///     .find(|(_, h)| h.terrain == CatanTerrain::Desert)
    ///     .unwrap();
    /// assert_eq!(board.number_at(desert), None);
    /// let numbers = board.hexes().filter_map(|(h, _)| board.number_at(h)).count();
    /// assert_eq!(numbers, 18);
    /// ```
    pub fn number_at(&self, hex: Hex) -> Option<u8> {
        self.hex_at(hex)?.number
    }

    /// Every hex of the island, row by row from the top (the order of
    /// [`Self::encode`]).
    ///
    /// ```
    /// use evoboard_core::boards::catan::{CatanBoard, CatanTerrain, standard_codes};
    /// let board = CatanBoard::decode(&standard_codes());
    /// assert_eq!(board.hexes().count(), 19);
    /// let hills = board.hexes().filter(|(_, h)| h.terrain == CatanTerrain::Hills).count();
    /// assert_eq!(hills, 3);
    /// ```
    pub fn hexes(&self) -> impl Iterator<Item = (Hex, &CatanHex)> + '_ {
        let g = self.island_grid();
        let rows: &[Vec<CatanHex>] = if g.is_some() { &self.rows[..] } else { &[] };
        rows.iter()
            .flatten()
            .zip(
                g.into_iter()
                    .flat_map(|g| g.indices().map(move |i| g.hex(i))),
            )
            .map(|(h, hex)| (hex, h))
    }

    /// The island's hexes next to `hex` (in `hexx`'s direction order;
    /// fewer than six on the coast, none when `hex` is off the island).
    ///
    /// ```
    /// use evoboard_core::boards::catan::{CatanBoard, standard_codes};
    /// let board = CatanBoard::decode(&standard_codes());
    /// assert_eq!(board.neighbours(board.hex(2, 2).unwrap()).count(), 6);
    /// assert_eq!(board.neighbours(board.hex(0, 0).unwrap()).count(), 3);
    /// ```
    pub fn neighbours(&self, hex: Hex) -> impl Iterator<Item = (Hex, &CatanHex)> + '_ {
        let on_board = self.hex_at(hex).is_some();
        hex.all_neighbors()
            .into_iter()
            .filter(move |_| on_board)
            .filter_map(move |n| Some((n, self.hex_at(n)?)))
    }

    /// The `hexx` coordinates of `rows[row][col]`, or `None` when there is
    /// no such hex.
    ///
    /// ```
    /// use evoboard_core::boards::catan::{CatanBoard, grid, standard_codes};
    /// let board = CatanBoard::decode(&standard_codes());
    /// let i = grid().index(1, 3).unwrap();
    /// assert_eq!(board.hex(1, 3), Some(grid().hex(i)));
    /// assert_eq!(board.hex(0, 3), None); // the top row has 3 hexes
    /// ```
    pub fn hex(&self, row: usize, col: usize) -> Option<Hex> {
        let g = self.island_grid()?;
        let i = g.index(row, col)?;
        Some(g.hex(i))
    }

    /// `(row, col)` in `rows` of the hex at `hex`, or `None` off the island
    /// (the inverse of [`Self::hex`]).
    ///
    /// ```
    /// use evoboard_core::boards::catan::{CatanBoard, standard_codes};
    /// let board = CatanBoard::decode(&standard_codes());
    /// let hex = board.hex(4, 2).unwrap();
    /// assert_eq!(board.row_col(hex), Some((4, 2)));
    /// ```
    pub fn row_col(&self, hex: Hex) -> Option<(usize, usize)> {
        let g = self.island_grid()?;
        let i = g.hex_index(hex)?;
        Some(g.row_col(i))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::boards::catan::{CatanLayout, TOKENS, standard_codes};
    use crate::boards::shuffle;
    use crate::rng::seeded;

    #[test]
    fn numbers_are_the_eighteen_tokens() {
        let mut codes = standard_codes();
        for seed in 0..5 {
            let b = CatanBoard::decode(&codes);
            let mut numbers: Vec<u8> = b.hexes().filter_map(|(h, _)| b.number_at(h)).collect();
            numbers.sort_unstable();
            assert_eq!(numbers, TOKENS);
            let deserts: Vec<Hex> = b
                .hexes()
                .filter(|(_, h)| h.terrain == CatanTerrain::Desert)
                .map(|(h, _)| h)
                .collect();
            assert_eq!(deserts.len(), 1);
            assert_eq!(b.number_at(deserts[0]), None);
            assert_eq!(b.terrain_at(deserts[0]), Some(CatanTerrain::Desert));
            shuffle(&mut codes, &mut seeded(seed));
        }
    }

    #[test]
    fn lookups_agree_with_the_grid() {
        let b = CatanBoard::decode(&standard_codes());
        let g = grid();
        let flat: Vec<&CatanHex> = b.rows.iter().flatten().collect();
        let hexes: Vec<(Hex, &CatanHex)> = b.hexes().collect();
        assert_eq!(hexes.len(), 19);
        for i in g.indices() {
            let (r, c) = g.row_col(i);
            let hex = g.hex(i);
            assert_eq!(hexes[i as usize], (hex, flat[i as usize]));
            assert_eq!(b.hex(r, c), Some(hex));
            assert_eq!(b.row_col(hex), Some((r, c)));
            assert_eq!(b.hex_at(hex), Some(&b.rows[r][c]));
            let mut got: Vec<Hex> = b.neighbours(hex).map(|(h, _)| h).collect();
            let mut want: Vec<Hex> = g.neighbours(i).iter().map(|&j| g.hex(j)).collect();
            got.sort_by_key(|h| (h.y, h.x));
            want.sort_by_key(|h| (h.y, h.x));
            assert_eq!(got, want, "hex ({r}, {c})");
        }
        for y in -3..8 {
            for x in -6..8 {
                let hex = Hex::new(x, y);
                let inside = hexes.iter().any(|&(h, _)| h == hex);
                assert_eq!(b.hex_at(hex).is_some(), inside, "{hex:?}");
                assert_eq!(b.neighbours(hex).next().is_some(), inside, "{hex:?}");
            }
        }
    }

    #[test]
    fn the_five_six_island_reads_too() {
        let l = CatanLayout::five_six();
        let b = CatanBoard::decode(&l.standard_codes());
        assert_eq!(b.rows.len(), 7);
        assert_eq!(b.hexes().count(), 30);
        let g = l.grid();
        for i in g.indices() {
            let (r, c) = g.row_col(i);
            let hex = b.hex(r, c).unwrap();
            assert_eq!(b.row_col(hex), Some((r, c)));
            assert_eq!(b.neighbours(hex).count(), g.neighbours(i).len());
        }
    }

    #[test]
    fn a_board_of_another_shape_has_no_hexes() {
        let mut b = CatanBoard::decode(&standard_codes());
        b.rows.pop();
        assert_eq!(b.hexes().count(), 0);
        assert_eq!(b.hex(0, 0), None);
        assert_eq!(b.hex_at(Hex::ZERO), None);
        assert_eq!(b.neighbours(Hex::ZERO).count(), 0);
    }
}
