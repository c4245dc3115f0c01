//! Door runs: a wide corridor meets a room through a run of adjacent door
//! cells, which is one door for the game master (and for exports).

use super::Dungeon;
use super::grid::DungeonTile;

/// One door as a game master sees it: `len` adjacent door cells in a wall
/// starting at (`x`, `y`), going right (or down when `vertical`). A run
/// of more cells than the corridor width (two doors side by side) is
/// split into runs of at most that width.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct DoorRun {
    /// Column of the first cell.
    pub x: usize,
    /// Row of the first cell.
    pub y: usize,
    /// Number of door cells (1 to the corridor width).
    pub len: usize,
    /// Whether the cells go down a vertical wall (else right along a
    /// horizontal one).
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
}

impl Dungeon {
    /// Every door of the map as a run of door cells, in reading order of
    /// their first cells; as many as [`super::Metrics::doors`].
    ///
    /// ```
    /// # use evoboard::dungeon::{generate_proposal, DungeonParams, Size};
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
                    vertical,
                    secret: self.grid.get(x, y) == DungeonTile::SecretDoor,
                });
            }
        }
        runs
    }
}
