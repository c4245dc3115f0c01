//! The square grid of a dungeon map: one cell = 5 ft (1.5 m).
//!
//! Cells are stored row by row (index `y * width + x`). In files the grid
//! is a list of strings, one per row, top row first, using the symbols of
//! [`Cell::symbol`].

use serde::{Deserialize, Serialize};

/// What one square of the map holds.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[repr(u8)]
pub enum Cell {
    /// Solid rock: not part of the dungeon (` `).
    #[default]
    Rock,
    /// A room wall (`w`).
    Wall,
    /// Room floor (`.`; the text rendering shows the room letter).
    Floor,
    /// A corridor, one cell wide (`c`).
    Corridor,
    /// A door in a room wall (`/`).
    Door,
    /// A secret door: a door the players must find first (`s`).
    SecretDoor,
    /// A corridor cell with a trap in it (`t`).
    Trap,
}

impl Cell {
    /// Whether a character can walk on this cell (floor, corridor, doors,
    /// traps).
    #[inline]
    pub fn is_walkable(self) -> bool {
        !matches!(self, Cell::Rock | Cell::Wall)
    }

    /// Whether this is a corridor cell (with or without a trap).
    #[inline]
    pub fn is_corridor(self) -> bool {
        matches!(self, Cell::Corridor | Cell::Trap)
    }

    /// Whether this is a door (plain or secret).
    #[inline]
    pub fn is_door(self) -> bool {
        matches!(self, Cell::Door | Cell::SecretDoor)
    }

    /// The one-character symbol used in files and JSON: ` ` rock, `w` wall,
    /// `.` floor, `c` corridor, `/` door, `s` secret door, `t` trap.
    pub fn symbol(self) -> char {
        match self {
            Cell::Rock => ' ',
            Cell::Wall => 'w',
            Cell::Floor => '.',
            Cell::Corridor => 'c',
            Cell::Door => '/',
            Cell::SecretDoor => 's',
            Cell::Trap => 't',
        }
    }

    /// The cell for a symbol of [`Cell::symbol`].
    pub fn from_symbol(c: char) -> Option<Cell> {
        Some(match c {
            ' ' => Cell::Rock,
            'w' => Cell::Wall,
            '.' => Cell::Floor,
            'c' => Cell::Corridor,
            '/' => Cell::Door,
            's' => Cell::SecretDoor,
            't' => Cell::Trap,
            _ => return None,
        })
    }
}

/// A rectangular grid of [`Cell`]s.
#[derive(Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(into = "Vec<String>", try_from = "Vec<String>")]
pub struct Grid {
    width: usize,
    height: usize,
    cells: Vec<Cell>,
}

impl Clone for Grid {
    fn clone(&self) -> Self {
        Grid {
            width: self.width,
            height: self.height,
            cells: self.cells.clone(),
        }
    }

    /// Reuses the allocation (the GA copies grids every generation).
    fn clone_from(&mut self, source: &Self) {
        self.width = source.width;
        self.height = source.height;
        self.cells.clone_from(&source.cells);
    }
}

impl Grid {
    /// A grid of `width × height` rock cells.
    pub fn new(width: usize, height: usize) -> Grid {
        Grid {
            width,
            height,
            cells: vec![Cell::Rock; width * height],
        }
    }

    /// Number of columns.
    #[inline]
    pub fn width(&self) -> usize {
        self.width
    }

    /// Number of rows.
    #[inline]
    pub fn height(&self) -> usize {
        self.height
    }

    /// The index of cell (`x`, `y`) in [`Grid::cells`].
    #[inline]
    pub fn index(&self, x: usize, y: usize) -> usize {
        y * self.width + x
    }

    /// The (`x`, `y`) of a cell index.
    #[inline]
    pub fn coords(&self, i: usize) -> (usize, usize) {
        (i % self.width, i / self.width)
    }

    /// The cell at (`x`, `y`); rock outside the grid.
    #[inline]
    pub fn get(&self, x: usize, y: usize) -> Cell {
        if x < self.width && y < self.height {
            self.cells[y * self.width + x]
        } else {
            Cell::Rock
        }
    }

    /// Set the cell at (`x`, `y`) (panics outside the grid).
    #[inline]
    pub fn set(&mut self, x: usize, y: usize, cell: Cell) {
        let i = self.index(x, y);
        self.cells[i] = cell;
    }

    /// All cells, row by row.
    #[inline]
    pub fn cells(&self) -> &[Cell] {
        &self.cells
    }

    /// All cells, row by row, mutable.
    #[inline]
    pub fn cells_mut(&mut self) -> &mut [Cell] {
        &mut self.cells
    }

    /// Make every cell rock.
    pub fn clear(&mut self) {
        self.cells.fill(Cell::Rock);
    }

    /// The grid as rows of [`Cell::symbol`]s, top row first.
    pub fn rows(&self) -> Vec<String> {
        self.cells
            .chunks(self.width.max(1))
            .map(|row| row.iter().map(|c| c.symbol()).collect())
            .collect()
    }

    /// Parse rows of [`Cell::symbol`]s (all rows the same length).
    pub fn from_rows<S: AsRef<str>>(rows: &[S]) -> Result<Grid, String> {
        let height = rows.len();
        let width = rows.first().map_or(0, |r| r.as_ref().chars().count());
        if width == 0 || height == 0 {
            return Err("a dungeon grid needs at least one row and one column".into());
        }
        let mut cells = Vec::with_capacity(width * height);
        for (y, row) in rows.iter().enumerate() {
            let row = row.as_ref();
            if row.chars().count() != width {
                return Err(format!(
                    "grid row {y} has {} cells, expected {width}",
                    row.chars().count()
                ));
            }
            for (x, ch) in row.chars().enumerate() {
                cells.push(Cell::from_symbol(ch).ok_or_else(|| {
                    format!("grid cell ({x}, {y}) is '{ch}'; allowed: ' ' w . c / s t")
                })?);
            }
        }
        Ok(Grid {
            width,
            height,
            cells,
        })
    }

    /// How many cells are of the given kind.
    pub fn count(&self, cell: Cell) -> usize {
        self.cells.iter().filter(|&&c| c == cell).count()
    }
}

impl From<Grid> for Vec<String> {
    fn from(g: Grid) -> Vec<String> {
        g.rows()
    }
}

impl TryFrom<Vec<String>> for Grid {
    type Error = String;
    fn try_from(rows: Vec<String>) -> Result<Grid, String> {
        Grid::from_rows(&rows)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rows_round_trip() {
        let mut g = Grid::new(4, 3);
        g.set(0, 0, Cell::Wall);
        g.set(1, 1, Cell::Floor);
        g.set(2, 1, Cell::Door);
        g.set(3, 2, Cell::Corridor);
        g.set(0, 2, Cell::SecretDoor);
        g.set(1, 2, Cell::Trap);
        let rows = g.rows();
        assert_eq!(rows, vec!["w   ", " ./ ", "st c"]);
        assert_eq!(Grid::from_rows(&rows).unwrap(), g);
        let ron = ron::to_string(&g).unwrap();
        let back: Grid = ron::from_str(&ron).unwrap();
        assert_eq!(back, g);
    }

    #[test]
    fn bad_rows_are_rejected() {
        assert!(Grid::from_rows(&["ww", "w"]).unwrap_err().contains("row 1"));
        assert!(Grid::from_rows(&["wx"]).unwrap_err().contains("'x'"));
        assert!(Grid::from_rows::<&str>(&[]).is_err());
    }
}
