//! Typed read access for game logic: the terrain at a [`hexx::Hex`], the
//! neighbours of a hex, and the way between `rows` indices and `hexx`
//! coordinates.
//!
//! The coordinates are those of [`HexGrid::hex`](crate::boards::HexGrid::hex)
//! (the plugin lays its tilemap out from them with a pointy
//! [`hexx::HexLayout`]): row `r` has `hex.y == r`, row 0 is the top row.
//! They are computed from the row lengths on every call, in time linear in
//! the number of rows and without allocating, so no [`HexGrid`] is built.
//!
//! A board whose rows do not form a hex grid (where
//! [`TerraMysticaBoard::grid`] is an error) has no hexes: every lookup is
//! `None` and [`TerraMysticaBoard::hexes`] is empty.
//!
//! [`HexGrid`]: crate::boards::HexGrid

use super::board::TerraMysticaBoard;
use super::terrain::Terrain;
use hexx::Hex;

/// The coordinate arithmetic of a row-based layout (see `boards/hex.rs`):
/// row `r` of length `len` starts at doubled x `widest − len`.
#[derive(Clone, Copy)]
struct Shape<'a> {
    rows: &'a [Vec<Terrain>],
    widest: usize,
    /// Parity of the first row's offset.
    p0: i64,
}

impl<'a> Shape<'a> {
    /// The shape of `rows`, or `None` when `HexGrid::try_from_rows` would
    /// refuse it (no rows, a row empty or longer than 255, a bad shift).
    fn of(rows: &'a [Vec<Terrain>]) -> Option<Shape<'a>> {
        let widest = rows.iter().map(Vec::len).max()?;
        let off0 = widest - rows[0].len();
        let fits = rows.iter().enumerate().all(|(r, row)| {
            (1..=255).contains(&row.len()) && (widest - row.len() + r + off0).is_multiple_of(2)
        });
        fits.then_some(Shape {
            rows,
            widest,
            p0: (off0 & 1) as i64,
        })
    }

    fn hex(self, r: usize, c: usize) -> Option<Hex> {
        let len = self.rows.get(r)?.len();
        if c >= len {
            return None;
        }
        let x2 = (2 * c + self.widest - len) as i64;
        let q = (x2 - r as i64 - self.p0) / 2;
        Some(Hex::new(i32::try_from(q).ok()?, i32::try_from(r).ok()?))
    }

    fn row_col(self, hex: Hex) -> Option<(usize, usize)> {
        let r = usize::try_from(hex.y).ok()?;
        let len = self.rows.get(r)?.len();
        let dx = 2 * i64::from(hex.x) + r as i64 + self.p0 - (self.widest - len) as i64;
        let c = usize::try_from(dx / 2).ok()?;
        (dx % 2 == 0 && c < len).then_some((r, c))
    }

    fn terrain(self, hex: Hex) -> Option<Terrain> {
        let (r, c) = self.row_col(hex)?;
        Some(self.rows[r][c])
    }
}

impl TerraMysticaBoard {
    /// The terrain of the hex at `hex`, or `None` off the board.
    ///
    /// ```
    /// use evoboard_core::boards::terra_mystica::{TerraMysticaBoard, Terrain};
    /// let board = TerraMysticaBoard::base_map();
    /// let hex = board.hex(0, 0).unwrap();
    /// assert_eq!(board.terrain_at(hex), Some(Terrain::Plains));
    /// assert_eq!(board.terrain_at(hexx::Hex::new(0, -1)), None);
    /// ```
    pub fn terrain_at(&self, hex: Hex) -> Option<Terrain> {
        Shape::of(&self.rows)?.terrain(hex)
    }

    /// Every hex with its terrain, row by row from the top (the order of
    /// [`Self::tiles`]).
    ///
    /// ```
    /// use evoboard_core::boards::terra_mystica::{TerraMysticaBoard, Terrain};
    /// let board = TerraMysticaBoard::base_map();
    /// let rivers = board.hexes().filter(|&(_, t)| t == Terrain::River).count();
    /// assert_eq!(rivers, 36);
    /// assert_eq!(board.hexes().count(), 113);
    /// ```
    pub fn hexes(&self) -> impl Iterator<Item = (Hex, Terrain)> + '_ {
        Shape::of(&self.rows).into_iter().flat_map(|s| {
            s.rows.iter().enumerate().flat_map(move |(r, row)| {
                row.iter()
                    .enumerate()
                    .filter_map(move |(c, &t)| Some((s.hex(r, c)?, t)))
            })
        })
    }

    /// The hexes next to `hex` that are on the board, with their terrains
    /// (in `hexx`'s direction order; fewer than six on the border, none
    /// when `hex` is off the board).
    ///
    /// ```
    /// use evoboard_core::boards::terra_mystica::TerraMysticaBoard;
    /// let board = TerraMysticaBoard::base_map();
    /// let corner = board.hex(0, 0).unwrap();
    /// assert_eq!(board.neighbours(corner).count(), 2); // row 1 is shifted right
    /// let middle = board.hex(4, 6).unwrap();
    /// assert_eq!(board.neighbours(middle).count(), 6);
    /// assert!(board.neighbours(middle).all(|(h, _)| h.unsigned_distance_to(middle) == 1));
    /// ```
    pub fn neighbours(&self, hex: Hex) -> impl Iterator<Item = (Hex, Terrain)> + '_ {
        let shape = Shape::of(&self.rows).filter(|s| s.row_col(hex).is_some());
        shape.into_iter().flat_map(move |s| {
            hex.all_neighbors()
                .into_iter()
                .filter_map(move |n| Some((n, s.terrain(n)?)))
        })
    }

    /// The `hexx` coordinates of `rows[row][col]`, or `None` when there is
    /// no such hex.
    ///
    /// ```
    /// use evoboard_core::boards::terra_mystica::{TerraMysticaBoard, standard_grid};
    /// let board = TerraMysticaBoard::base_map();
    /// let grid = standard_grid();
    /// let i = grid.index(3, 5).unwrap();
    /// assert_eq!(board.hex(3, 5), Some(grid.hex(i)));
    /// assert_eq!(board.hex(1, 12), None); // row 1 has 12 hexes
    /// ```
    pub fn hex(&self, row: usize, col: usize) -> Option<Hex> {
        Shape::of(&self.rows)?.hex(row, col)
    }

    /// `(row, col)` in `rows` of the hex at `hex`, or `None` off the board
    /// (the inverse of [`Self::hex`]).
    ///
    /// ```
    /// use evoboard_core::boards::terra_mystica::TerraMysticaBoard;
    /// let board = TerraMysticaBoard::base_map();
    /// let hex = board.hex(8, 12).unwrap();
    /// assert_eq!(board.row_col(hex), Some((8, 12)));
    /// assert_eq!(board.row_col(hex + hexx::Hex::new(1, 0)), None);
    /// ```
    pub fn row_col(&self, hex: Hex) -> Option<(usize, usize)> {
        Shape::of(&self.rows)?.row_col(hex)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::boards::HexGrid;
    use crate::boards::terra_mystica::LAND;

    fn board(lengths: &[usize]) -> TerraMysticaBoard {
        TerraMysticaBoard {
            rows: lengths
                .iter()
                .enumerate()
                .map(|(r, &n)| (0..n).map(|c| LAND[(r + 2 * c) % 7]).collect())
                .collect(),
        }
    }

    const SHAPES: [&[usize]; 7] = [
        &[13, 12, 13, 12, 13, 12, 13, 12, 13],
        &[12, 13, 12],
        &[3, 4, 5, 4, 3],
        &[5, 4, 3, 4, 5],
        &[2, 3, 4, 5],
        &[4, 1, 2, 7],
        &[1],
    ];

    #[test]
    fn coordinates_and_neighbours_agree_with_the_hex_grid() {
        let mut shapes: Vec<TerraMysticaBoard> = SHAPES.iter().map(|s| board(s)).collect();
        shapes.push(TerraMysticaBoard::base_map());
        for b in &shapes {
            let g = b.grid().unwrap();
            let tiles = b.tiles();
            let hexes: Vec<(Hex, Terrain)> = b.hexes().collect();
            assert_eq!(hexes.len(), g.len());
            for i in g.indices() {
                let (r, c) = g.row_col(i);
                let hex = g.hex(i);
                assert_eq!(b.hex(r, c), Some(hex));
                assert_eq!(b.row_col(hex), Some((r, c)));
                assert_eq!(g.hex_index(hex), Some(i));
                assert_eq!(hexes[i as usize], (hex, b.rows[r][c]));
                assert_eq!(b.terrain_at(hex).map(|t| t as u8), Some(tiles[i as usize]));
                let mut got: Vec<Hex> = b.neighbours(hex).map(|(h, _)| h).collect();
                let mut want: Vec<Hex> = g.neighbours(i).iter().map(|&j| g.hex(j)).collect();
                got.sort_by_key(|h| (h.y, h.x));
                want.sort_by_key(|h| (h.y, h.x));
                assert_eq!(
                    got,
                    want,
                    "{:?} hex ({r}, {c})",
                    g.row_lengths().collect::<Vec<_>>()
                );
                for (h, t) in b.neighbours(hex) {
                    assert_eq!(b.terrain_at(h), Some(t));
                }
            }
        }
    }

    #[test]
    fn off_the_board_is_none() {
        let b = TerraMysticaBoard::base_map();
        let g = b.grid().unwrap();
        let on: Vec<Hex> = g.indices().map(|i| g.hex(i)).collect();
        for y in -3..12 {
            for x in -10..20 {
                let hex = Hex::new(x, y);
                let inside = on.contains(&hex);
                assert_eq!(b.terrain_at(hex).is_some(), inside, "{hex:?}");
                assert_eq!(b.row_col(hex).is_some(), inside, "{hex:?}");
                assert_eq!(g.hex_index(hex).is_some(), inside, "{hex:?}");
                assert_eq!(b.neighbours(hex).next().is_some(), inside, "{hex:?}");
            }
        }
        assert_eq!(b.hex(9, 0), None);
        assert_eq!(b.hex(0, 13), None);
    }

    #[test]
    fn shapes_that_are_no_hex_grid_have_no_hexes() {
        for lens in [&[][..], &[3, 3], &[3, 0, 3], &[2, 4]] {
            let b = board(lens);
            assert!(HexGrid::try_from_rows(lens).is_err());
            assert!(b.grid().is_err());
            assert_eq!(b.hexes().count(), 0);
            assert_eq!(b.hex(0, 0), None);
            assert_eq!(b.terrain_at(Hex::ZERO), None);
            assert_eq!(b.neighbours(Hex::ZERO).count(), 0);
        }
        for lens in SHAPES {
            assert!(Shape::of(&board(lens).rows).is_some(), "{lens:?}");
        }
    }
}
