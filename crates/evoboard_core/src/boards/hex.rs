//! Hex layouts given as rows (the form the CLI's JSON uses), with a
//! precomputed neighbour table and the mapping to [`hexx::Hex`] for drawing.
//!
//! A row-based layout stores each row's length; shorter rows are shifted
//! half a hex to the right per missing hex. Internally every hex gets a
//! *doubled* x coordinate `x2 = 2·col + (widest − len)`: hexes in the same
//! row are neighbours when their `x2` differ by 2, hexes in adjacent rows
//! when they differ by 1. For Terra Mystica (rows of 13 and 12) this is
//! exactly the rule book's neighbour list.

use super::error::BoardError;
use hexx::Hex;

/// Index of a hex in row-major order.
pub type HexIndex = u16;

/// The most hexes a map may have (the largest board the program makes has
/// 113; this leaves room for drawn outlines, and keeps the neighbour search
/// of a hostile file short).
pub const MAX_HEXES: usize = 4096;

/// A row-based hex map shape with neighbour and border tables.
#[derive(Clone, Debug, PartialEq)]
#[cfg_attr(feature = "bevy_reflect", derive(bevy_reflect::Reflect))]
pub struct HexGrid {
    row_lengths: Vec<u8>,
    row_start: Vec<u16>,
    cells: Vec<(u8, u8)>,
    x2: Vec<i16>,
    neighbours: Vec<[HexIndex; 6]>,
    degree: Vec<u8>,
    border: Vec<bool>,
}

impl HexGrid {
    /// A layout from row lengths, top row first. Rows shorter than the
    /// widest are shifted half a hex right per missing hex.
    ///
    /// # Panics
    /// When the rows do not form a hex grid (see [`HexGrid::try_from_rows`]).
    pub fn from_rows(lengths: &[usize]) -> Self {
        Self::try_from_rows(lengths).unwrap_or_else(|e| panic!("{e}"))
    }

    /// A layout from row lengths, or an error when a row is empty or too
    /// long (255 at most) or a row's half-hex shift does not fit a hex grid
    /// (neighbouring rows must differ in length by an odd number, e.g.
    /// 13/12/13 or 3/4/5/4/3).
    pub fn try_from_rows(lengths: &[usize]) -> Result<Self, BoardError> {
        if lengths.is_empty() {
            return Err(BoardError::EmptyMap);
        }
        let mut hexes = 0usize;
        for (r, &len) in lengths.iter().enumerate() {
            hexes = hexes.saturating_add(len);
            if r >= 255 || hexes > MAX_HEXES {
                return Err(BoardError::TooBig { row: r + 1, hexes });
            }
        }
        let widest = lengths.iter().copied().max().unwrap_or(0);
        let mut row_start = Vec::with_capacity(lengths.len());
        let mut cells = Vec::new();
        let mut x2 = Vec::new();
        for (r, &len) in lengths.iter().enumerate() {
            if len == 0 || len > 255 {
                return Err(BoardError::RowLength { row: r + 1, len });
            }
            let offset = (widest - len) as i16;
            if (offset - (widest - lengths[0]) as i16 - r as i16) % 2 != 0 {
                return Err(BoardError::RowShift { row: r + 1, len });
            }
            row_start.push(cells.len() as u16);
            for c in 0..len {
                cells.push((r as u8, c as u8));
                x2.push(2 * c as i16 + offset);
            }
        }
        let n = cells.len();
        let mut neighbours = vec![[0; 6]; n];
        let mut degree = vec![0u8; n];
        for i in 0..n {
            let (ri, _) = cells[i];
            for j in 0..n {
                let (rj, _) = cells[j];
                let dr = (ri as i16 - rj as i16).abs();
                let dx = (x2[i] - x2[j]).abs();
                if (dr == 0 && dx == 2) || (dr == 1 && dx == 1) {
                    neighbours[i][degree[i] as usize] = j as HexIndex;
                    degree[i] += 1;
                }
            }
        }
        let last_row = lengths.len() - 1;
        let border = cells
            .iter()
            .map(|&(r, c)| {
                r == 0 || r as usize == last_row || c == 0 || c as usize == lengths[r as usize] - 1
            })
            .collect();
        Ok(HexGrid {
            row_lengths: lengths.iter().map(|&l| l as u8).collect(),
            row_start,
            cells,
            x2,
            neighbours,
            degree,
            border,
        })
    }

    /// Number of hexes.
    pub fn len(&self) -> usize {
        self.cells.len()
    }

    /// Whether the layout has no hexes.
    pub fn is_empty(&self) -> bool {
        self.cells.is_empty()
    }

    /// Number of rows.
    pub fn rows(&self) -> usize {
        self.row_lengths.len()
    }

    /// Length of row `r`.
    pub fn row_len(&self, r: usize) -> usize {
        self.row_lengths[r] as usize
    }

    /// Row lengths, top first.
    pub fn row_lengths(&self) -> impl Iterator<Item = usize> + '_ {
        self.row_lengths.iter().map(|&l| l as usize)
    }

    /// The index of `(row, col)`, if it exists.
    pub fn index(&self, row: usize, col: usize) -> Option<HexIndex> {
        (row < self.rows() && col < self.row_len(row)).then(|| self.row_start[row] + col as u16)
    }

    /// `(row, col)` of hex `i`.
    pub fn row_col(&self, i: HexIndex) -> (usize, usize) {
        let (r, c) = self.cells[i as usize];
        (r as usize, c as usize)
    }

    /// Neighbours of hex `i`.
    #[inline]
    pub fn neighbours(&self, i: HexIndex) -> &[HexIndex] {
        &self.neighbours[i as usize][..self.degree[i as usize] as usize]
    }

    /// Whether `i` is on the border (first or last row, first or last hex
    /// of its row).
    #[inline]
    pub fn is_border(&self, i: HexIndex) -> bool {
        self.border[i as usize]
    }

    /// Axial coordinates for drawing with `hexx` (pointy hexes, row 0 at
    /// `r = 0`; renderers flip y so that row 0 is at the top).
    pub fn hex(&self, i: HexIndex) -> Hex {
        let (r, _) = self.cells[i as usize];
        let p0 = self.x2[0] & 1;
        Hex::new(((self.x2[i as usize] - r as i16 - p0) / 2) as i32, r as i32)
    }

    /// The index of the hex at axial coordinates `hex` (the inverse of
    /// [`HexGrid::hex`]), or `None` off the layout. Constant time.
    ///
    /// ```
    /// use evoboard_core::boards::HexGrid;
    /// let g = HexGrid::from_rows(&[3, 4, 5, 4, 3]);
    /// for i in g.indices() {
    ///     assert_eq!(g.hex_index(g.hex(i)), Some(i));
    /// }
    /// assert_eq!(g.hex_index(hexx::Hex::new(0, -1)), None);
    /// ```
    pub fn hex_index(&self, hex: Hex) -> Option<HexIndex> {
        let r = usize::try_from(hex.y).ok().filter(|&r| r < self.rows())?;
        let start = self.row_start[r] as usize;
        let p0 = i64::from(self.x2[0] & 1);
        // Doubled x of the wanted hex, relative to the row's first hex.
        let dx = 2 * i64::from(hex.x) + r as i64 + p0 - i64::from(self.x2[start]);
        let c = usize::try_from(dx / 2)
            .ok()
            .filter(|_| dx >= 0 && dx % 2 == 0)?;
        self.index(r, c)
    }

    /// Iterate all hex indices.
    pub fn indices(&self) -> impl Iterator<Item = HexIndex> + use<> {
        0..self.cells.len() as HexIndex
    }

    /// Split a row-major slice into rows.
    pub fn split_rows<'a, T>(&'a self, values: &'a [T]) -> impl Iterator<Item = &'a [T]> + 'a {
        self.row_lengths
            .iter()
            .zip(&self.row_start)
            .map(move |(&len, &s)| {
                let s = s as usize;
                &values[s..s + len as usize]
            })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn terra_mystica_neighbours_follow_the_rule_book() {
        let lens: Vec<usize> = (0..9).map(|r| if r % 2 == 0 { 13 } else { 12 }).collect();
        let g = HexGrid::from_rows(&lens);
        assert_eq!(g.len(), 113);
        for i in g.indices() {
            let (r, c) = g.row_col(i);
            let (r, c) = (r as i64, c as i64);
            let mut expect: Vec<(i64, i64)> = vec![(r, c - 1), (r, c + 1)];
            if r % 2 == 0 {
                expect.extend([(r - 1, c - 1), (r - 1, c), (r + 1, c - 1), (r + 1, c)]);
            } else {
                expect.extend([(r - 1, c), (r - 1, c + 1), (r + 1, c), (r + 1, c + 1)]);
            }
            let mut expect: Vec<HexIndex> = expect
                .into_iter()
                .filter(|&(rr, cc)| rr >= 0 && cc >= 0)
                .filter_map(|(rr, cc)| g.index(rr as usize, cc as usize))
                .collect();
            expect.sort();
            let mut got = g.neighbours(i).to_vec();
            got.sort();
            assert_eq!(got, expect, "hex {r},{c}");
        }
    }

    #[test]
    fn hexx_coordinates_agree_with_neighbours() {
        let g = HexGrid::from_rows(&[3, 4, 5, 4, 3]);
        for i in g.indices() {
            for &j in g.neighbours(i) {
                assert_eq!(g.hex(i).unsigned_distance_to(g.hex(j)), 1);
            }
            assert!(g.degree[i as usize] >= 3);
        }
        assert_eq!(g.neighbours(g.index(2, 2).unwrap()).len(), 6);
    }

    #[test]
    fn bad_shapes_are_errors() {
        assert_eq!(HexGrid::try_from_rows(&[]), Err(BoardError::EmptyMap));
        assert_eq!(
            HexGrid::try_from_rows(&[3, 0]),
            Err(BoardError::RowLength { row: 2, len: 0 })
        );
        assert_eq!(
            HexGrid::try_from_rows(&[3, 3]),
            Err(BoardError::RowShift { row: 2, len: 3 })
        );
    }
}
