//! Door runs: a wide corridor meets a room through a run of adjacent door
//! cells, which is one door for the game master (and for exports, which
//! draw and list these runs).

use super::Dungeon;
use super::grid::DungeonTile;

/// One door as a game master sees it: `len` adjacent door cells in a wall
/// starting at (`x`, `y`), going right (or down when `vertical`). A run
/// of more cells than the corridor width (two doors side by side) is
/// split into runs of at most that width. A single cell is `vertical`
/// when its opening runs down (a door in an east or west wall).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct DoorRun {
    /// Column of the first cell.
    pub x: usize,
    /// Row of the first cell.
    pub y: usize,
    /// Number of door cells (1 to the corridor width).
    pub len: usize,
    /// Whether the cells go down a vertical wall (else right along a
    /// horizontal one): the opening runs along y.
    pub vertical: bool,
    /// Whether the door is secret.
    pub secret: bool,
}

impl DoorRun {
    /// The cells of the run, first to last.
    pub fn cells(&self) -> impl Iterator<Item = (usize, usize)> + use<> {
        let (x, y, v) = (self.x, self.y, self.vertical);
        (0..self.len).map(move |i| if v { (x, y + i) } else { (x + i, y) })
    }

    /// Whether the opening runs along x (a door in a north or south wall:
    /// one walks through it north–south).
    pub fn along_x(&self) -> bool {
        !self.vertical
    }

    /// Smallest and largest column and row: `(x0, y0, x1, y1)`, inclusive.
    pub fn bbox(&self) -> (usize, usize, usize, usize) {
        let end = self.len.max(1) - 1;
        if self.vertical {
            (self.x, self.y, self.x, self.y + end)
        } else {
            (self.x, self.y, self.x + end, self.y)
        }
    }

    /// The two ends of the line across the opening, in cell units: through
    /// the middle of the door cells, from the wall on one side to the wall
    /// on the other.
    pub fn bounds(&self) -> [(f64, f64); 2] {
        let (x0, y0, x1, y1) = self.bbox();
        let (x0, y0, x1, y1) = (x0 as f64, y0 as f64, x1 as f64 + 1.0, y1 as f64 + 1.0);
        if self.along_x() {
            let y = (y0 + y1) / 2.0;
            [(x0, y), (x1, y)]
        } else {
            let x = (x0 + x1) / 2.0;
            [(x, y0), (x, y1)]
        }
    }

    /// The middle of the opening, in cell units.
    pub fn centre(&self) -> (f64, f64) {
        let [a, b] = self.bounds();
        ((a.0 + b.0) / 2.0, (a.1 + b.1) / 2.0)
    }
}

impl Dungeon {
    /// Every door of the map as a run of door cells, in reading order of
    /// their first cells; as many as [`super::Metrics::doors`].
    ///
    /// ```
    /// # use evoboard_core::dungeon::{generate_proposal, DungeonParams, Size};
    /// let mut params = DungeonParams::for_size(Size::Small);
    /// params.corridor_width = 2;
    /// let dungeon = generate_proposal(&params, 3, 0).unwrap();
    /// let runs = dungeon.door_runs();
    /// assert_eq!(runs.len(), dungeon.metrics.doors);
    /// assert!(runs.iter().all(|r| (1..=2).contains(&r.len)));
    /// ```
    pub fn door_runs(&self) -> Vec<DoorRun> {
        let (w, h) = (self.width(), self.height());
        let k = usize::from(self.corridor_width.max(1));
        let door = |x: usize, y: usize| x < w && y < h && self.grid.get(x, y).is_door();
        let mut taken = vec![false; w * h];
        let mut runs = Vec::new();
        for y in 0..h {
            for x in 0..w {
                if taken[y * w + x] || !door(x, y) {
                    continue;
                }
                // Door cells of a run lie along the wall: right, or down.
                let vertical = !door(x + 1, y) && door(x, y + 1);
                let mut len = 0;
                while len < k {
                    let (cx, cy) = if vertical { (x, y + len) } else { (x + len, y) };
                    if !door(cx, cy) || taken[cy * w + cx] {
                        break;
                    }
                    taken[cy * w + cx] = true;
                    len += 1;
                }
                runs.push(DoorRun {
                    x,
                    y,
                    len,
                    vertical: if len == 1 {
                        !self.single_door_along_x(x, y)
                    } else {
                        vertical
                    },
                    secret: self.grid.get(x, y) == DungeonTile::SecretDoor,
                });
            }
        }
        runs
    }

    /// Whether a lone door cell's opening runs along x: its left and right
    /// are not walkable, or its top or bottom is.
    fn single_door_along_x(&self, x: usize, y: usize) -> bool {
        let walk = |x: Option<usize>, y: Option<usize>| match (x, y) {
            (Some(x), Some(y)) => self.is_walkable(x, y),
            _ => false,
        };
        let sides_closed = !walk(x.checked_sub(1), Some(y)) && !walk(Some(x + 1), Some(y));
        let ends_closed = !walk(Some(x), y.checked_sub(1)) && !walk(Some(x), Some(y + 1));
        sides_closed || !ends_closed
    }
}
