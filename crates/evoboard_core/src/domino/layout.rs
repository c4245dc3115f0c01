//! Where each tile lies when the table is drawn.
//!
//! Units: a tile is 2 long and 1 wide; the spinner's centre is the origin,
//! x grows right and y up. The spinner stands upright; arm 0 grows right
//! and arm 1 left from its long sides, arm 2 up and arm 3 down from its
//! short ends. A double on an arm lies crosswise. Before an arm would leave
//! the bounds (or come close to another tile), it turns a corner, clockwise
//! first (right arm down, bottom arm left, left arm up, top arm right: a
//! pinwheel, so arms do not meet), else the other way; a double at a corner
//! lies in line. Every placement keeps [`ROOM`] free beyond its end for the
//! end marker and a corner.
//!
//! Tiles are laid in the order they were played and each one only looks at
//! the earlier ones, so a tile never moves once it is down.

use super::local_match::Placement;
use super::tiles::Tile;

/// A direction on the table.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Dir {
    /// +x
    Right,
    /// +y
    Up,
    /// −x
    Left,
    /// −y
    Down,
}

impl Dir {
    /// The unit vector.
    pub fn vec(self) -> [f32; 2] {
        match self {
            Dir::Right => [1.0, 0.0],
            Dir::Up => [0.0, 1.0],
            Dir::Left => [-1.0, 0.0],
            Dir::Down => [0.0, -1.0],
        }
    }

    /// A quarter turn clockwise.
    pub fn clockwise(self) -> Dir {
        match self {
            Dir::Right => Dir::Down,
            Dir::Down => Dir::Left,
            Dir::Left => Dir::Up,
            Dir::Up => Dir::Right,
        }
    }

    /// A quarter turn counter-clockwise.
    pub fn counter_clockwise(self) -> Dir {
        self.clockwise().clockwise().clockwise()
    }

    /// Whether the direction is along x.
    pub fn horizontal(self) -> bool {
        matches!(self, Dir::Right | Dir::Left)
    }
}

/// An axis-aligned rectangle (centre and half sizes).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct TableRect {
    /// Centre.
    pub center: [f32; 2],
    /// Half width and half height.
    pub half: [f32; 2],
}

impl TableRect {
    fn new(center: [f32; 2], along: Dir, len: f32, width: f32) -> TableRect {
        let half = if along.horizontal() {
            [len / 2.0, width / 2.0]
        } else {
            [width / 2.0, len / 2.0]
        };
        TableRect { center, half }
    }

    /// Whether the two rectangles are closer than `gap` on both axes
    /// (`gap = 0`: they overlap with a positive area).
    pub fn near(&self, o: &TableRect, gap: f32) -> bool {
        (0..2).all(|k| (self.center[k] - o.center[k]).abs() < self.half[k] + o.half[k] + gap - 1e-4)
    }

    /// Whether the rectangle lies inside `[-half, half]` on both axes.
    pub fn inside(&self, half: [f32; 2]) -> bool {
        (0..2).all(|k| self.center[k].abs() + self.half[k] <= half[k] + 1e-4)
    }
}

/// One tile as drawn.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct TileSpot {
    /// The tile.
    pub tile: Tile,
    /// Where it lies.
    pub rect: TableRect,
    /// The arm (`None` for the spinner).
    pub arm: Option<u8>,
    /// The direction from the inner half (towards the spinner) to the
    /// outer half, along the tile's long side.
    pub long: Dir,
    /// Pips of the inner half.
    pub inner: u8,
    /// Pips of the outer half.
    pub outer: u8,
}

impl TileSpot {
    /// The centres of the inner and the outer half.
    pub fn halves(&self) -> [[f32; 2]; 2] {
        let v = self.long.vec();
        let c = self.rect.center;
        [
            [c[0] - 0.5 * v[0], c[1] - 0.5 * v[1]],
            [c[0] + 0.5 * v[0], c[1] + 0.5 * v[1]],
        ]
    }
}

/// The open end of an arm: where its next tile would go.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct ArmEnd {
    /// The middle of the edge the next tile touches.
    pub point: [f32; 2],
    /// The way the arm grows.
    pub dir: Dir,
    /// Tiles on the arm.
    pub len: usize,
}

impl ArmEnd {
    /// The free unit square just beyond the end (where the end marker is
    /// drawn).
    pub fn marker(&self) -> TableRect {
        let v = self.dir.vec();
        TableRect {
            center: [self.point[0] + 0.5 * v[0], self.point[1] + 0.5 * v[1]],
            half: [0.5, 0.5],
        }
    }
}

/// The whole table as drawn.
#[derive(Clone, Debug, PartialEq)]
pub struct TableLayout {
    /// Tiles in the order they were laid.
    pub tiles: Vec<TileSpot>,
    /// The four arm ends (meaningless before the spinner is down).
    pub ends: [ArmEnd; 4],
    /// False if some tile could not be kept inside the bounds (the caller
    /// then draws smaller, i.e. with larger bounds in tile units).
    pub fits: bool,
}

/// Space kept between tiles of different lines.
pub const GAP: f32 = 0.2;

fn start_ends() -> [ArmEnd; 4] {
    [
        ArmEnd {
            point: [0.5, 0.0],
            dir: Dir::Right,
            len: 0,
        },
        ArmEnd {
            point: [-0.5, 0.0],
            dir: Dir::Left,
            len: 0,
        },
        ArmEnd {
            point: [0.0, 1.0],
            dir: Dir::Up,
            len: 0,
        },
        ArmEnd {
            point: [0.0, -1.0],
            dir: Dir::Down,
            len: 0,
        },
    ]
}

fn add(p: [f32; 2], v: [f32; 2], k: f32) -> [f32; 2] {
    [p[0] + k * v[0], p[1] + k * v[1]]
}

/// Lay out the tiles of a round (in the order they were played) inside
/// `[-half[0], half[0]] × [-half[1], half[1]]` tile units.
pub fn table_layout(placements: &[Placement], half: [f32; 2]) -> TableLayout {
    let mut tiles: Vec<TileSpot> = Vec::with_capacity(placements.len());
    let mut ends = start_ends();
    // Index in `tiles` of each arm's last tile (the spinner at first).
    let mut last: [Option<usize>; 4] = [None; 4];
    let mut spinner: Option<usize> = None;
    let mut fits = true;
    for p in placements {
        let Some(arm) = p.arm else {
            tiles.push(TileSpot {
                tile: p.tile,
                rect: TableRect::new([0.0, 0.0], Dir::Up, 2.0, 1.0),
                arm: None,
                long: Dir::Up,
                inner: p.inner,
                outer: p.tile.other(p.inner),
            });
            spinner = Some(tiles.len() - 1);
            continue;
        };
        let a = arm as usize;
        let end = ends[a];
        let outer = p.tile.other(p.inner);
        let double = p.tile.is_double();
        let pred = last[a].or(spinner);
        let first = end.len == 0;
        // Candidates: straight on, a corner clockwise, a corner the other way.
        let mut candidates = Vec::with_capacity(3);
        let d = end.dir;
        let v = d.vec();
        if double {
            let c = add(end.point, v, 0.5);
            let rect = TableRect::new(c, d, 1.0, 2.0);
            let long = d.clockwise();
            candidates.push((rect, long, add(end.point, v, 1.0), d));
        } else {
            let c = add(end.point, v, 1.0);
            candidates.push((TableRect::new(c, d, 2.0, 1.0), d, add(end.point, v, 2.0), d));
        }
        for turn in [d.clockwise(), d.counter_clockwise()] {
            let w = turn.vec();
            let near = add(end.point, v, 0.5);
            let c = add(near, w, 0.5);
            candidates.push((
                TableRect::new(c, turn, 2.0, 1.0),
                turn,
                add(near, w, 1.5),
                turn,
            ));
        }
        let ok = |rect: &TableRect, point: [f32; 2], dir: Dir| {
            let room = room(point, dir);
            if !rect.inside(half) || !room.inside(half) {
                return false;
            }
            tiles.iter().enumerate().all(|(i, t)| {
                let strict = Some(i) == pred
                    || (first && t.arm.is_some_and(|b| last_is_first(&tiles, b, i)));
                let gap = if strict { 0.0 } else { GAP };
                !rect.near(&t.rect, gap) && !room.near(&t.rect, gap)
            })
        };
        let chosen = candidates
            .iter()
            .copied()
            .find(|(rect, _, point, dir)| ok(rect, *point, *dir));
        let (rect, long, point, dir) = chosen.unwrap_or_else(|| {
            fits = false;
            candidates[0]
        });
        tiles.push(TileSpot {
            tile: p.tile,
            rect,
            arm: Some(arm),
            long,
            inner: p.inner,
            outer,
        });
        last[a] = Some(tiles.len() - 1);
        ends[a] = ArmEnd {
            point,
            dir,
            len: end.len + 1,
        };
    }
    TableLayout { tiles, ends, fits }
}

/// The space an arm needs beyond its end: the end marker's square, and
/// half a square more so that a corner there still leaves room for a
/// crosswise double on the new line.
pub const ROOM: f32 = 1.5;

fn room(point: [f32; 2], dir: Dir) -> TableRect {
    TableRect::new(add(point, dir.vec(), ROOM / 2.0), dir, ROOM, 1.0)
}

/// Whether tile `i` is the first tile laid on arm `arm`.
fn last_is_first(tiles: &[TileSpot], arm: u8, i: usize) -> bool {
    tiles.iter().position(|t| t.arm == Some(arm)) == Some(i)
}
