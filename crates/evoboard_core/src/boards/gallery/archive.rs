//! The MAP-Elites archive: a grid of cells over two descriptors, each cell
//! holding at most one perfect board, and the farthest-point pick of K
//! boards spread across it.

use super::descriptor::Descriptor;

/// A board of a gallery: perfect under the gallery's scoring.
#[derive(Clone, Debug, PartialEq)]
pub struct GalleryBoard {
    /// Row-major tile codes (as the game's searches use them).
    pub tiles: Vec<u8>,
    /// Its score under the gallery's scoring (0: the archive keeps perfect
    /// boards only).
    pub score: u64,
    /// Its values on the gallery's two axes.
    pub descriptors: [f64; 2],
    /// Its archive cell: the bin on each axis.
    pub cell: [usize; 2],
}

/// Cells over two descriptors; each keeps the board nearest its centre
/// (the first one on a tie).
#[derive(Clone, Debug)]
pub struct Archive {
    axes: [Descriptor; 2],
    bins: [usize; 2],
    cells: Vec<Option<GalleryBoard>>,
    filled: usize,
}

impl Archive {
    /// An empty archive over `axes`, with each axis's own bins.
    pub fn new(axes: [Descriptor; 2]) -> Self {
        let bins = [axes[0].bins(), axes[1].bins()];
        Archive {
            axes,
            bins,
            cells: vec![None; bins[0] * bins[1]],
            filled: 0,
        }
    }

    /// Bins per axis.
    pub fn bins(&self) -> [usize; 2] {
        self.bins
    }

    /// Cells holding a board.
    pub fn filled(&self) -> usize {
        self.filled
    }

    /// The cell of descriptor values `d`.
    pub fn cell_of(&self, d: [f64; 2]) -> [usize; 2] {
        [self.axes[0].bin(d[0]), self.axes[1].bin(d[1])]
    }

    /// The squared normalised distance of `d` from its cell's centre.
    fn off_centre(&self, d: [f64; 2], cell: [usize; 2]) -> f64 {
        (0..2)
            .map(|k| {
                let a = self.axes[k];
                let x = a.normalise(d[k]) - a.normalise(a.bin_centre(cell[k]));
                x * x
            })
            .sum()
    }

    /// Offer a perfect board with descriptor values `d`; returns whether it
    /// took a cell (an empty one, or one whose board is farther from the
    /// cell's centre).
    pub fn offer(&mut self, tiles: &[u8], score: u64, d: [f64; 2]) -> bool {
        let cell = self.cell_of(d);
        let off = self.off_centre(d, cell);
        let idx = cell[0] * self.bins[1] + cell[1];
        let take = match &self.cells[idx] {
            None => true,
            Some(old) => off < self.off_centre(old.descriptors, cell),
        };
        if take {
            if self.cells[idx].is_none() {
                self.filled += 1;
            }
            self.cells[idx] = Some(GalleryBoard {
                tiles: tiles.to_vec(),
                score,
                descriptors: d,
                cell,
            });
        }
        take
    }

    /// The boards in cell order (axis 0's bin, then axis 1's).
    pub fn boards(&self) -> impl Iterator<Item = &GalleryBoard> {
        self.cells.iter().flatten()
    }

    /// The `i`-th filled cell's board (in cell order).
    pub fn nth(&self, i: usize) -> Option<&GalleryBoard> {
        self.boards().nth(i)
    }

    /// The board in `cell`, if any.
    pub fn get(&self, cell: [usize; 2]) -> Option<&GalleryBoard> {
        if cell[0] >= self.bins[0] || cell[1] >= self.bins[1] {
            return None;
        }
        self.cells[cell[0] * self.bins[1] + cell[1]].as_ref()
    }

    /// A board's position in normalised descriptor space.
    fn point(&self, b: &GalleryBoard) -> [f64; 2] {
        [
            self.axes[0].normalise(b.descriptors[0]),
            self.axes[1].normalise(b.descriptors[1]),
        ]
    }

    /// Pick `k` boards spread across the archive (all of them when it holds
    /// `k` or fewer): farthest-point selection in normalised descriptor
    /// space, starting from the board farthest from the boards' mean, each
    /// next one the farthest from those picked (the first in cell order on
    /// a tie). Returned sorted by the first axis, then the second.
    pub fn pick(&self, k: usize) -> Vec<GalleryBoard> {
        let all: Vec<&GalleryBoard> = self.boards().collect();
        let pts: Vec<[f64; 2]> = all.iter().map(|b| self.point(b)).collect();
        let mut chosen: Vec<usize> = Vec::with_capacity(k.min(all.len()));
        if all.len() <= k {
            chosen.extend(0..all.len());
        } else if k > 0 {
            let n = pts.len() as f64;
            let mean = [
                pts.iter().map(|p| p[0]).sum::<f64>() / n,
                pts.iter().map(|p| p[1]).sum::<f64>() / n,
            ];
            let first = argmax(pts.iter().map(|p| dist2(*p, mean)));
            chosen.push(first);
            let mut nearest: Vec<f64> = pts.iter().map(|p| dist2(*p, pts[first])).collect();
            while chosen.len() < k {
                let next = argmax(nearest.iter().copied());
                chosen.push(next);
                for (d, p) in nearest.iter_mut().zip(&pts) {
                    *d = d.min(dist2(*p, pts[next]));
                }
            }
        }
        let mut out: Vec<GalleryBoard> = chosen.into_iter().map(|i| all[i].clone()).collect();
        out.sort_by(|a, b| {
            a.descriptors[0]
                .total_cmp(&b.descriptors[0])
                .then(a.descriptors[1].total_cmp(&b.descriptors[1]))
        });
        out
    }
}

fn dist2(a: [f64; 2], b: [f64; 2]) -> f64 {
    (a[0] - b[0]).powi(2) + (a[1] - b[1]).powi(2)
}

/// Index of the first largest value.
fn argmax(values: impl Iterator<Item = f64>) -> usize {
    let mut best = (0, f64::NEG_INFINITY);
    for (i, v) in values.enumerate() {
        if v > best.1 {
            best = (i, v);
        }
    }
    best.0
}

/// The smallest distance between two of `boards` in normalised descriptor
/// space over `axes` (infinite for fewer than two boards).
pub fn min_pairwise_distance(boards: &[GalleryBoard], axes: [Descriptor; 2]) -> f64 {
    let pt = |b: &GalleryBoard| {
        [
            axes[0].normalise(b.descriptors[0]),
            axes[1].normalise(b.descriptors[1]),
        ]
    };
    let mut best = f64::INFINITY;
    for (i, a) in boards.iter().enumerate() {
        for b in &boards[i + 1..] {
            best = best.min(dist2(pt(a), pt(b)).sqrt());
        }
    }
    best
}
