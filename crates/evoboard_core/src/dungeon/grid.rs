//! The square grid of a dungeon map: one cell = 5 ft (1.5 m).
//!
//! Cells are stored row by row (index `y * width + x`). In files the grid
//! is a list of strings, one per row, top row first, using the symbols of
//! [`DungeonTile::symbol`].

use super::error::DungeonError;
use serde::{Deserialize, Serialize};

/// What one square of the map holds: rock, wall, floor, corridor, door,
/// secret door or trap.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[repr(u8)]
#[cfg_attr(feature = "bevy_reflect", derive(bevy_reflect::Reflect))]
pub enum DungeonTile {
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

impl DungeonTile {
    /// Whether a character can walk on this cell (floor, corridor, doors,
    /// traps).
    #[inline]
    pub fn is_walkable(self) -> bool {
        !matches!(self, DungeonTile::Rock | DungeonTile::Wall)
    }

    /// Whether this is a corridor cell (with or without a trap).
    #[inline]
    pub fn is_corridor(self) -> bool {
        matches!(self, DungeonTile::Corridor | DungeonTile::Trap)
    }

    /// Whether this is a door (plain or secret).
    #[inline]
    pub fn is_door(self) -> bool {
        matches!(self, DungeonTile::Door | DungeonTile::SecretDoor)
    }

    /// The one-character symbol used in files and JSON: ` ` rock, `w` wall,
    /// `.` floor, `c` corridor, `/` door, `s` secret door, `t` trap.
    pub fn symbol(self) -> char {
        match self {
            DungeonTile::Rock => ' ',
            DungeonTile::Wall => 'w',
            DungeonTile::Floor => '.',
            DungeonTile::Corridor => 'c',
            DungeonTile::Door => '/',
            DungeonTile::SecretDoor => 's',
            DungeonTile::Trap => 't',
        }
    }

    /// The cell for a symbol of [`DungeonTile::symbol`].
    pub fn from_symbol(c: char) -> Option<DungeonTile> {
        Some(match c {
            ' ' => DungeonTile::Rock,
            'w' => DungeonTile::Wall,
            '.' => DungeonTile::Floor,
            'c' => DungeonTile::Corridor,
            '/' => DungeonTile::Door,
            's' => DungeonTile::SecretDoor,
            't' => DungeonTile::Trap,
            _ => return None,
        })
    }
}

/// A rectangular grid of [`DungeonTile`]s.
#[derive(Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(into = "Vec<String>", try_from = "Vec<String>")]
#[cfg_attr(feature = "bevy_reflect", derive(bevy_reflect::Reflect))]
pub struct Grid {
    width: usize,
    height: usize,
    cells: Vec<DungeonTile>,
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
            cells: vec![DungeonTile::Rock; width * height],
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
    pub fn get(&self, x: usize, y: usize) -> DungeonTile {
        if x < self.width && y < self.height {
            self.cells[y * self.width + x]
        } else {
            DungeonTile::Rock
        }
    }

    /// Set the cell at (`x`, `y`).
    ///
    /// # Panics
    /// Outside the grid; [`Grid::try_set`] returns false instead.
    #[inline]
    pub fn set(&mut self, x: usize, y: usize, cell: DungeonTile) {
        assert!(
            x < self.width && y < self.height,
            "({x}, {y}) is outside the {}x{} grid",
            self.width,
            self.height
        );
        let i = self.index(x, y);
        self.cells[i] = cell;
    }

    /// Set the cell at (`x`, `y`) if it is on the grid; returns whether it
    /// was.
    #[inline]
    pub fn try_set(&mut self, x: usize, y: usize, cell: DungeonTile) -> bool {
        let inside = x < self.width && y < self.height;
        if inside {
            let i = self.index(x, y);
            self.cells[i] = cell;
        }
        inside
    }

    /// All cells, row by row.
    #[inline]
    pub fn cells(&self) -> &[DungeonTile] {
        &self.cells
    }

    /// All cells, row by row, mutable.
    #[inline]
    pub fn cells_mut(&mut self) -> &mut [DungeonTile] {
        &mut self.cells
    }

    /// Make every cell rock.
    pub fn clear(&mut self) {
        self.cells.fill(DungeonTile::Rock);
    }

    /// The grid as rows of [`DungeonTile::symbol`]s, top row first.
    pub fn rows(&self) -> Vec<String> {
        self.cells
            .chunks(self.width.max(1))
            .map(|row| row.iter().map(|c| c.symbol()).collect())
            .collect()
    }

    /// Parse rows of [`DungeonTile::symbol`]s (all rows the same length).
    pub fn from_rows<S: AsRef<str>>(rows: &[S]) -> Result<Grid, DungeonError> {
        let height = rows.len();
        let width = rows.first().map_or(0, |r| r.as_ref().chars().count());
        if width == 0 || height == 0 {
            return Err(DungeonError::EmptyGrid);
        }
        let mut cells = Vec::with_capacity(width * height);
        for (y, row) in rows.iter().enumerate() {
            let row = row.as_ref();
            if row.chars().count() != width {
                return Err(DungeonError::RaggedGrid {
                    row: y,
                    found: row.chars().count(),
                    expected: width,
                });
            }
            for (x, ch) in row.chars().enumerate() {
                cells.push(
                    DungeonTile::from_symbol(ch).ok_or(DungeonError::UnknownTile {
                        x,
                        y,
                        found: ch,
                    })?,
                );
            }
        }
        Ok(Grid {
            width,
            height,
            cells,
        })
    }

    /// How many cells are of the given kind.
    pub fn count(&self, cell: DungeonTile) -> usize {
        self.cells.iter().filter(|&&c| c == cell).count()
    }
}

impl From<Grid> for Vec<String> {
    fn from(g: Grid) -> Vec<String> {
        g.rows()
    }
}

impl TryFrom<Vec<String>> for Grid {
    type Error = DungeonError;
    fn try_from(rows: Vec<String>) -> Result<Grid, DungeonError> {
        Grid::from_rows(&rows)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rows_round_trip() {
        let mut g = Grid::new(4, 3);
        g.set(0, 0, DungeonTile::Wall);
        g.set(1, 1, DungeonTile::Floor);
        g.set(2, 1, DungeonTile::Door);
        g.set(3, 2, DungeonTile::Corridor);
        g.set(0, 2, DungeonTile::SecretDoor);
        g.set(1, 2, DungeonTile::Trap);
        let rows = g.rows();
        assert_eq!(rows, vec!["w   ", " ./ ", "st c"]);
        assert_eq!(Grid::from_rows(&rows).unwrap(), g);
        let ron = ron::to_string(&g).unwrap();
        let back: Grid = ron::from_str(&ron).unwrap();
        assert_eq!(back, g);
    }

    #[test]
    fn setting_outside_the_grid() {
        let mut g = Grid::new(3, 2);
        assert!(g.try_set(2, 1, DungeonTile::Wall));
        assert_eq!(g.get(2, 1), DungeonTile::Wall);
        assert!(!g.try_set(3, 0, DungeonTile::Wall));
        assert!(!g.try_set(0, 2, DungeonTile::Wall));
        assert_eq!(g.count(DungeonTile::Wall), 1);
    }

    #[test]
    fn bad_rows_are_rejected() {
        let e = Grid::from_rows(&["ww", "w"]).unwrap_err();
        assert_eq!(
            e,
            DungeonError::RaggedGrid {
                row: 1,
                found: 1,
                expected: 2
            }
        );
        assert!(e.to_string().contains("row 1"), "{e}");
        let e = Grid::from_rows(&["wx"]).unwrap_err();
        assert!(matches!(
            e,
            DungeonError::UnknownTile {
                x: 1,
                y: 0,
                found: 'x'
            }
        ));
        assert!(e.to_string().contains("'x'"), "{e}");
        assert_eq!(
            Grid::from_rows::<&str>(&[]).unwrap_err(),
            DungeonError::EmptyGrid
        );
    }
}
