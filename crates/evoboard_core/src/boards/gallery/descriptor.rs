//! Board descriptors: the figures a designer spreads a gallery along
//! ([`Descriptor`]), each with a documented range for binning, and the
//! [`Measurer`] that computes them from a board's tiles without allocating.

use crate::boards::catan::{CatanCode, pips};
use crate::boards::terra_mystica::RIVER;
use crate::boards::{BoardError, BoardGame, HexGrid, HexIndex};
use std::fmt;

/// A figure of a board that a gallery spreads its boards along.
///
/// Every descriptor has a name (as on the command line), the game it reads,
/// a range `[lo, hi]` that its values on perfect boards fall in (a value
/// outside is put in the nearest bin) and a number of bins over that range.
///
/// ```
/// use evoboard_core::boards::BoardGame;
/// use evoboard_core::boards::gallery::Descriptor;
/// let d: Descriptor = "river-branching".parse().unwrap();
/// assert_eq!(d.game(), BoardGame::TerraMystica);
/// assert_eq!(d.name(), "river-branching");
/// assert!(Descriptor::for_game(BoardGame::Catan).contains(&Descriptor::ProductionSpread));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Descriptor {
    /// Terra Mystica: river hexes with 3 river neighbours (the river's
    /// junctions). 0 is one winding river; many is a branching delta.
    /// Whole numbers, range 0–23 (12 bins of 2); 3–21 on 300 boards.
    RiverBranching,
    /// Terra Mystica: the river's length end to end: the most river hexes
    /// on a shortest path along the river between two of its hexes (the
    /// network's diameter, counted in hexes; the longest over components
    /// when the rules allow two). Whole numbers, range 10–33 (12 bins of 2);
    /// 14–30 on 300 boards.
    RiverLength,
    /// Terra Mystica: how clustered each terrain is: the mean hex distance
    /// between two hexes of the same land terrain (over all such pairs).
    /// Low is clustered (each terrain in its own region), high is spread
    /// out over the map (strict REQ1 keeps same terrains apart). Range
    /// 5.6–7 (10 bins); 5.87–6.76 on 300 boards.
    TerrainClustering,
    /// Terra Mystica: land hexes with a river neighbour (river frontage;
    /// 77 land hexes in all). Whole numbers, range 36–65 (10 bins of 3);
    /// 38–61 on 300 boards.
    Coast,
    /// Catan: the spread of production across resources: the most minus the
    /// fewest pips (ways to roll) summed over a resource's hexes. Whole
    /// numbers, range 0–11 (12 bins); 1–11 on 300 boards. (R2 keeps the
    /// 4-tile resources within 1 pip of each other, and the 3-tile ones:
    /// this measures how far brick and ore trail grain, lumber and wool.)
    ProductionSpread,
    /// Catan: where the high numbers lie: mean pips of the inland hexes
    /// (those with six neighbours) minus the mean pips of the coast hexes
    /// (the desert counts as 0). Positive: a rich centre. Range −2.5–2 (10
    /// bins); −2.12–1.27 on 300 boards.
    HighPipsCentre,
    /// Catan: the desert's hex distance from the centre hex. Whole numbers,
    /// range 0–2 (3 bins).
    DesertDistance,
    /// Catan: how far apart the hot numbers sit: the mean hex distance
    /// between the hexes of the four 6 and 8 tokens. Range 2–3.6 (8 bins);
    /// 2.17–3.33 on 300 boards.
    NumberSpread,
    /// Catan: the best settlement spot: the most pips at a corner where
    /// three hexes meet. Whole numbers, range 9–14 (6 bins); 11–13 on 300
    /// boards, so a narrow axis under the base rules.
    BestCorner,
}

impl Descriptor {
    /// Every descriptor, Terra Mystica's first.
    pub const ALL: [Descriptor; 9] = [
        Descriptor::RiverBranching,
        Descriptor::RiverLength,
        Descriptor::TerrainClustering,
        Descriptor::Coast,
        Descriptor::ProductionSpread,
        Descriptor::HighPipsCentre,
        Descriptor::DesertDistance,
        Descriptor::NumberSpread,
        Descriptor::BestCorner,
    ];

    /// Name on the command line and in the JSON output.
    pub fn name(self) -> &'static str {
        match self {
            Descriptor::RiverBranching => "river-branching",
            Descriptor::RiverLength => "river-length",
            Descriptor::TerrainClustering => "terrain-clustering",
            Descriptor::Coast => "coast",
            Descriptor::ProductionSpread => "production-spread",
            Descriptor::HighPipsCentre => "high-pips-centre",
            Descriptor::DesertDistance => "desert-distance",
            Descriptor::NumberSpread => "number-spread",
            Descriptor::BestCorner => "best-corner",
        }
    }

    /// One line for tooltips and tables.
    pub fn help(self) -> &'static str {
        match self {
            Descriptor::RiverBranching => "river junctions (river hexes with 3 river neighbours)",
            Descriptor::RiverLength => "river hexes end to end (the river's diameter)",
            Descriptor::TerrainClustering => {
                "mean distance between hexes of one terrain (low = clustered)"
            }
            Descriptor::Coast => "land hexes on the river",
            Descriptor::ProductionSpread => "most minus fewest pips of a resource",
            Descriptor::HighPipsCentre => "mean pips inland minus mean pips on the coast",
            Descriptor::DesertDistance => "desert's distance from the centre",
            Descriptor::NumberSpread => "mean distance between the 6s and 8s",
            Descriptor::BestCorner => "most pips at one settlement corner",
        }
    }

    /// The game this descriptor reads.
    pub fn game(self) -> BoardGame {
        match self {
            Descriptor::RiverBranching
            | Descriptor::RiverLength
            | Descriptor::TerrainClustering
            | Descriptor::Coast => BoardGame::TerraMystica,
            _ => BoardGame::Catan,
        }
    }

    /// The descriptors of `game`.
    pub fn for_game(game: BoardGame) -> Vec<Descriptor> {
        Self::ALL.into_iter().filter(|d| d.game() == game).collect()
    }

    /// The default gallery axes of `game`: Terra Mystica
    /// `river-branching, terrain-clustering`; Catan `production-spread,
    /// high-pips-centre`.
    pub fn default_axes(game: BoardGame) -> [Descriptor; 2] {
        match game {
            BoardGame::TerraMystica => [Descriptor::RiverBranching, Descriptor::TerrainClustering],
            BoardGame::Catan => [Descriptor::ProductionSpread, Descriptor::HighPipsCentre],
        }
    }

    /// The documented range `(lo, hi)` of the values on perfect boards
    /// (measured over 300 seeds of `best` under the default rules, with a
    /// margin), and the bins over it.
    fn table(self) -> (f64, f64, usize) {
        match self {
            Descriptor::RiverBranching => (0.0, 23.0, 12),
            Descriptor::RiverLength => (10.0, 33.0, 12),
            Descriptor::TerrainClustering => (5.6, 7.0, 10),
            Descriptor::Coast => (36.0, 65.0, 10),
            Descriptor::ProductionSpread => (0.0, 11.0, 12),
            Descriptor::HighPipsCentre => (-2.5, 2.0, 10),
            Descriptor::DesertDistance => (0.0, 2.0, 3),
            Descriptor::NumberSpread => (2.0, 3.6, 8),
            Descriptor::BestCorner => (9.0, 14.0, 6),
        }
    }

    /// The documented range `(lo, hi)` of the values on perfect boards.
    pub fn range(self) -> (f64, f64) {
        let (lo, hi, _) = self.table();
        (lo, hi)
    }

    /// Whether the values are whole numbers.
    pub fn is_integer(self) -> bool {
        !matches!(
            self,
            Descriptor::TerrainClustering | Descriptor::HighPipsCentre | Descriptor::NumberSpread
        )
    }

    /// Bins over the range (whole numbers: an equal count of values per
    /// bin).
    pub fn bins(self) -> usize {
        self.table().2
    }

    /// The bin of `value` (values outside the range go to the nearest end).
    pub fn bin(self, value: f64) -> usize {
        let (lo, hi) = self.range();
        let bins = self.bins();
        // Whole numbers: bin edges fall half-way between two values.
        let (lo, hi) = if self.is_integer() {
            (lo - 0.5, hi + 0.5)
        } else {
            (lo, hi)
        };
        let b = ((value - lo) / (hi - lo) * bins as f64).floor();
        (b.max(0.0) as usize).min(bins - 1)
    }

    /// The value at the centre of bin `b`.
    pub fn bin_centre(self, b: usize) -> f64 {
        let (lo, hi) = self.range();
        let (lo, hi) = if self.is_integer() {
            (lo - 0.5, hi + 0.5)
        } else {
            (lo, hi)
        };
        lo + (b as f64 + 0.5) * (hi - lo) / self.bins() as f64
    }

    /// `value` scaled to the range: 0 at `lo`, 1 at `hi`.
    pub fn normalise(self, value: f64) -> f64 {
        let (lo, hi) = self.range();
        (value - lo) / (hi - lo)
    }

    /// Parse a name, checking that it reads `game`; the error lists the
    /// names allowed for `game`.
    pub fn parse_for(name: &str, game: BoardGame) -> Result<Descriptor, BoardError> {
        Self::ALL
            .into_iter()
            .find(|d| d.name() == name && d.game() == game)
            .ok_or_else(|| Self::unknown(name, game))
    }

    /// The error for `name`, not a descriptor of `game`: it lists the
    /// names allowed for `game`.
    pub fn unknown(name: &str, game: BoardGame) -> BoardError {
        BoardError::UnknownDescriptor {
            name: name.to_string(),
            game,
            allowed: Self::for_game(game).iter().map(|d| d.name()).collect(),
        }
    }

    /// Parse `A,B` into two different axes of `game`.
    pub fn parse_axes(text: &str, game: BoardGame) -> Result<[Descriptor; 2], BoardError> {
        let names: Vec<&str> = text.split(',').map(str::trim).collect();
        let axes = match names.as_slice() {
            [a, b] => [Self::parse_for(a, game)?, Self::parse_for(b, game)?],
            _ => {
                return Err(BoardError::GalleryAxes {
                    text: text.to_string(),
                });
            }
        };
        if axes[0] == axes[1] {
            return Err(BoardError::GalleryAxes {
                text: text.to_string(),
            });
        }
        Ok(axes)
    }
}

impl std::str::FromStr for Descriptor {
    type Err = BoardError;

    /// Any game's descriptor by name.
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        Self::ALL
            .into_iter()
            .find(|d| d.name() == s)
            .ok_or_else(|| BoardError::UnknownDescriptor {
                name: s.to_string(),
                game: BoardGame::TerraMystica,
                allowed: Self::ALL.iter().map(|d| d.name()).collect(),
            })
    }
}

impl fmt::Display for Descriptor {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// Computes descriptors of boards on one layout: the hex distances, the
/// centre, the inland hexes and the three-hex corners are worked out once,
/// and the scratch buffers are reused, so [`Measurer::measure`] allocates
/// nothing.
#[derive(Clone, Debug)]
pub struct Measurer {
    grid: HexGrid,
    /// Hex distances, row-major `n × n`.
    dist: Vec<u8>,
    /// The hex with the smallest largest distance to any other.
    centre: HexIndex,
    /// Corners where three hexes meet.
    corners: Vec<[HexIndex; 3]>,
    queue: Vec<HexIndex>,
    seen: Vec<u16>,
    marks: Vec<u16>,
    epoch: u16,
    hot: Vec<HexIndex>,
}

impl Measurer {
    /// A measurer for boards on `grid`.
    pub fn new(grid: &HexGrid) -> Self {
        let n = grid.len();
        let mut dist = vec![u8::MAX; n * n];
        let mut queue = Vec::with_capacity(n);
        for s in grid.indices() {
            let row = &mut dist[s as usize * n..(s as usize + 1) * n];
            row[s as usize] = 0;
            queue.clear();
            queue.push(s);
            let mut head = 0;
            while let Some(&i) = queue.get(head) {
                head += 1;
                for &j in grid.neighbours(i) {
                    if row[j as usize] == u8::MAX {
                        row[j as usize] = row[i as usize].saturating_add(1);
                        queue.push(j);
                    }
                }
            }
        }
        let centre = grid
            .indices()
            .min_by_key(|&i| {
                dist[i as usize * n..(i as usize + 1) * n]
                    .iter()
                    .copied()
                    .max()
            })
            .unwrap_or(0);
        let mut corners = Vec::new();
        for i in grid.indices() {
            for &j in grid.neighbours(i).iter().filter(|&&j| j > i) {
                for &k in grid.neighbours(j).iter().filter(|&&k| k > j) {
                    if grid.neighbours(i).contains(&k) {
                        corners.push([i, j, k]);
                    }
                }
            }
        }
        Measurer {
            grid: grid.clone(),
            dist,
            centre,
            corners,
            queue,
            seen: vec![0; n],
            marks: vec![0; n],
            epoch: 0,
            hot: Vec::with_capacity(n),
        }
    }

    /// A measurer for `game`'s standard board.
    pub fn for_game(game: BoardGame) -> Self {
        Self::new(crate::boards::grid(game))
    }

    /// The hex distance between `a` and `b`.
    #[inline]
    pub fn distance(&self, a: HexIndex, b: HexIndex) -> u8 {
        self.dist[a as usize * self.grid.len() + b as usize]
    }

    /// The centre hex.
    pub fn centre(&self) -> HexIndex {
        self.centre
    }

    /// `d` of `tiles` (row-major tile codes of this measurer's layout and
    /// of `d`'s game).
    ///
    /// # Panics
    /// When `tiles` is shorter than the layout.
    pub fn measure(&mut self, d: Descriptor, tiles: &[u8]) -> f64 {
        match d {
            Descriptor::RiverBranching => self.river_branching(tiles),
            Descriptor::RiverLength => self.river_length(tiles),
            Descriptor::TerrainClustering => self.terrain_clustering(tiles),
            Descriptor::Coast => self.coast(tiles),
            Descriptor::ProductionSpread => self.production_spread(tiles),
            Descriptor::HighPipsCentre => self.high_pips_centre(tiles),
            Descriptor::DesertDistance => self.desert_distance(tiles),
            Descriptor::NumberSpread => self.number_spread(tiles),
            Descriptor::BestCorner => self.best_corner(tiles),
        }
    }

    /// Both axes of `tiles`.
    pub fn measure_axes(&mut self, axes: [Descriptor; 2], tiles: &[u8]) -> [f64; 2] {
        [self.measure(axes[0], tiles), self.measure(axes[1], tiles)]
    }

    fn river_neighbours(&self, tiles: &[u8], i: HexIndex) -> usize {
        self.grid
            .neighbours(i)
            .iter()
            .filter(|&&j| tiles[j as usize] == RIVER)
            .count()
    }

    fn river_branching(&self, tiles: &[u8]) -> f64 {
        self.grid
            .indices()
            .filter(|&i| tiles[i as usize] == RIVER && self.river_neighbours(tiles, i) >= 3)
            .count() as f64
    }

    fn coast(&self, tiles: &[u8]) -> f64 {
        self.grid
            .indices()
            .filter(|&i| tiles[i as usize] != RIVER && self.river_neighbours(tiles, i) > 0)
            .count() as f64
    }

    /// A fresh mark for `seen` (clearing it only when the counter wraps).
    fn next_epoch(&mut self) -> u16 {
        if self.epoch == u16::MAX {
            self.seen.fill(0);
            self.epoch = 0;
        }
        self.epoch += 1;
        self.epoch
    }

    /// The river's diameter: a breadth-first search along the river from
    /// every river hex.
    fn river_length(&mut self, tiles: &[u8]) -> f64 {
        let mut longest = 0u16;
        for s in self.grid.indices() {
            if tiles[s as usize] != RIVER {
                continue;
            }
            let epoch = self.next_epoch();
            self.queue.clear();
            self.queue.push(s);
            self.seen[s as usize] = epoch;
            self.marks[s as usize] = 1;
            let mut head = 0;
            while let Some(&i) = self.queue.get(head) {
                head += 1;
                let d = self.marks[i as usize];
                longest = longest.max(d);
                for &j in self.grid.neighbours(i) {
                    if tiles[j as usize] == RIVER && self.seen[j as usize] != epoch {
                        self.seen[j as usize] = epoch;
                        self.marks[j as usize] = d + 1;
                        self.queue.push(j);
                    }
                }
            }
        }
        f64::from(longest)
    }

    fn terrain_clustering(&self, tiles: &[u8]) -> f64 {
        let n = self.grid.len();
        let (mut sum, mut pairs) = (0u64, 0u64);
        for a in 0..n {
            let t = tiles[a];
            if t == RIVER {
                continue;
            }
            let row = &self.dist[a * n..(a + 1) * n];
            for b in a + 1..n {
                if tiles[b] == t {
                    sum += u64::from(row[b]);
                    pairs += 1;
                }
            }
        }
        if pairs == 0 {
            0.0
        } else {
            sum as f64 / pairs as f64
        }
    }

    fn production_spread(&self, tiles: &[u8]) -> f64 {
        let mut sums = [0u32; 5];
        for &b in &tiles[..self.grid.len()] {
            let c = CatanCode::from_byte(b);
            if let Some(s) = sums.get_mut(c.terrain() as usize) {
                *s += u32::from(pips(c.token()));
            }
        }
        let hi = sums.iter().copied().max().unwrap_or(0);
        let lo = sums.iter().copied().min().unwrap_or(0);
        f64::from(hi - lo)
    }

    fn high_pips_centre(&self, tiles: &[u8]) -> f64 {
        let (mut inland, mut n_in, mut coast, mut n_co) = (0u32, 0u32, 0u32, 0u32);
        for i in self.grid.indices() {
            let p = u32::from(pips(CatanCode::from_byte(tiles[i as usize]).token()));
            if self.grid.neighbours(i).len() == 6 {
                inland += p;
                n_in += 1;
            } else {
                coast += p;
                n_co += 1;
            }
        }
        let mean = |s: u32, k: u32| {
            if k == 0 {
                0.0
            } else {
                f64::from(s) / f64::from(k)
            }
        };
        mean(inland, n_in) - mean(coast, n_co)
    }

    fn desert_distance(&self, tiles: &[u8]) -> f64 {
        self.grid
            .indices()
            .filter(|&i| CatanCode::from_byte(tiles[i as usize]).is_desert())
            .map(|i| f64::from(self.distance(i, self.centre)))
            .fold(0.0, f64::max)
    }

    fn number_spread(&mut self, tiles: &[u8]) -> f64 {
        self.hot.clear();
        for i in self.grid.indices() {
            let n = CatanCode::from_byte(tiles[i as usize]).token();
            if n == 6 || n == 8 {
                self.hot.push(i);
            }
        }
        let (mut sum, mut pairs) = (0u32, 0u32);
        for (k, &a) in self.hot.iter().enumerate() {
            for &b in &self.hot[k + 1..] {
                sum += u32::from(self.distance(a, b));
                pairs += 1;
            }
        }
        if pairs == 0 {
            0.0
        } else {
            f64::from(sum) / f64::from(pairs)
        }
    }

    fn best_corner(&self, tiles: &[u8]) -> f64 {
        self.corners
            .iter()
            .map(|k| {
                k.iter()
                    .map(|&i| u32::from(pips(CatanCode::from_byte(tiles[i as usize]).token())))
                    .sum::<u32>()
            })
            .max()
            .map_or(0.0, f64::from)
    }
}
