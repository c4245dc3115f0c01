//! What a hex-board game offers the published algorithms (`brkga`, `pso`,
//! `sahc`, `aco`), so that each algorithm is written once for both games.
//!
//! A game offers three views of the same board (row-major tile codes):
//! - **genes**: one or more *segments*, each a permutation of a fixed tile
//!   multiset (its *pool*), turned into a board by [`BoardProblem::build`]
//!   (the decoders of `brkga` and `pso` produce genes);
//! - **local moves**: a current board with self-inverse swaps of two hexes,
//!   scored incrementally where the rules allow it (`sahc`);
//! - **construction**: a board filled step by step with a heuristic for
//!   every value a step may take (`aco`).

use crate::boards::HexIndex;
use crate::boards::common::{Best, shuffle};
use crate::rng::Rng;
use crate::search::Progress;

/// A run of genes that holds a permutation of `pool`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Segment {
    /// First gene of the segment.
    pub start: usize,
    /// The tile values of the segment (the fixed multiset, sorted).
    pub pool: Vec<u8>,
}

impl Segment {
    /// The genes of this segment in a gene vector.
    pub fn range(&self) -> std::ops::Range<usize> {
        self.start..self.start + self.pool.len()
    }
}

/// A hex-board game as the published algorithms see it. Scores are the
/// (weighted) violations: lower is better, 0 is perfect.
pub trait BoardProblem: Send + 'static {
    /// Game name for messages.
    fn game(&self) -> &'static str;

    // ---- genes ----
    /// The segments of the gene vector, in order, covering it.
    fn segments(&self) -> &[Segment];
    /// Length of the gene vector.
    fn genes(&self) -> usize {
        self.segments().iter().map(|s| s.pool.len()).sum()
    }
    /// Number of hexes (length of a board).
    fn hexes(&self) -> usize;
    /// The board that `genes` describe.
    fn build(&self, genes: &[u8], board: &mut [u8]);
    /// Genes that [`BoardProblem::build`] turns into the problem's start
    /// board (the designer's current board), if it has one; `false` when
    /// it has none (a random start).
    fn start_genes(&self, genes: &mut [u8]) -> bool {
        let _ = genes;
        false
    }
    /// Full score of a board (counts one evaluation; no allocation).
    fn score(&mut self, board: &[u8]) -> u64;
    /// Genes that [`BoardProblem::build`] turns into `board` (a board of
    /// this problem: the pins in place, the tiles of the game); `false`
    /// when the problem cannot tell.
    fn genes_of(&self, board: &[u8], genes: &mut [u8]) -> bool {
        let _ = (board, genes);
        false
    }
    /// The thesis's row crossover: implant `donor`'s first two rows into
    /// `board` (the game says where they land) and restore the tile
    /// multiset with [`implant_and_repair`]; pinned hexes are neither
    /// copied nor overwritten. `false` (and `board` unchanged) when the
    /// game has no row crossover. No allocation.
    fn implant_rows(&mut self, donor: &[u8], board: &mut [u8]) -> bool {
        let _ = (donor, board);
        false
    }

    // ---- local moves ----
    /// Make `board` the current board; returns its score.
    fn load(&mut self, board: &[u8]) -> u64;
    /// The current board.
    fn current(&self) -> &[u8];
    /// The current board's score.
    fn current_score(&self) -> u64;
    /// Neighbours of hex `i`.
    fn neighbours(&self, i: usize) -> &[HexIndex];
    /// Kinds of swap between two hexes (TM: 1, the tiles; Catan: 2,
    /// terrains or number tokens).
    fn swap_kinds(&self) -> usize;
    /// Swap hexes `a` and `b` (kind `kind`) on the current board and return
    /// the new score, or `None` (and change nothing) when the swap changes
    /// nothing or is not allowed. Swapping again undoes it.
    fn swap(&mut self, kind: usize, a: usize, b: usize) -> Option<u64>;

    // ---- construction ----
    /// Steps of a construction.
    fn steps(&self) -> usize;
    /// Values a step may take are `0..values()`.
    fn values(&self) -> usize;
    /// Start a new construction.
    fn begin(&mut self);
    /// Heuristic desirability of each value at `step` (`eta[v] > 0` exactly
    /// for the values still available): `1 / (1 + violations the choice
    /// surely adds)`.
    fn heuristic(&mut self, step: usize, eta: &mut [f64]);
    /// Take value `v` at `step`.
    fn place(&mut self, step: usize, v: u8);
    /// The constructed board and its score.
    fn finish(&mut self, board: &mut [u8]) -> u64;

    /// Evaluations so far (full and incremental).
    fn evaluations(&self) -> u64;

    /// The choices of the construction that builds `board` (one value per
    /// step), if the problem can tell; `false` when it cannot (then a
    /// start board lays no pheromone in `aco`).
    fn construction_of(&self, board: &[u8], choices: &mut [u8]) -> bool {
        let _ = (board, choices);
        false
    }
}

/// Genes `genes` as ranks: within each segment, the gene at each position
/// gets a distinct rank `0..len` so that ranking positions by `ranks`
/// and handing out the segment's sorted pool in that order gives `genes`
/// back. `brkga` turns ranks into keys, `pso` into positions.
pub fn gene_ranks<P: BoardProblem + ?Sized>(p: &P, genes: &[u8], ranks: &mut [usize]) {
    for s in p.segments() {
        let r = s.range();
        let mut order: Vec<usize> = r.clone().collect();
        // Equal tiles keep position order: ranks are distinct.
        order.sort_by_key(|&i| (genes[i], i));
        for (k, i) in order.into_iter().enumerate() {
            ranks[i] = k;
        }
    }
}

/// Scratch for [`implant_and_repair`], allocated once per problem.
#[derive(Clone, Debug, Default)]
pub struct ImplantScratch {
    implanted: Vec<bool>,
    displaced: Vec<u8>,
}

impl ImplantScratch {
    /// Scratch for boards of up to `hexes` positions.
    pub fn new(hexes: usize) -> Self {
        ImplantScratch {
            implanted: vec![false; hexes],
            displaced: Vec::with_capacity(hexes),
        }
    }
}

/// Write each `(position, value)` of `implant` into `vals` where
/// `eligible[position]`, then restore the multiset that the eligible
/// positions held before: the values the implant displaced (those now
/// missing), in implant order, go one by one to the other eligible
/// positions, in order, whose value is now in surplus. Only eligible
/// positions change; implanted positions keep their new values. The
/// implanted values must come from a board holding the same multiset on
/// its eligible positions (then a surplus value always has a
/// non-implanted copy to give up). No allocation once `scratch` is big
/// enough.
///
/// ```
/// use evoboard_core::boards::published::{ImplantScratch, implant_and_repair};
/// let mut vals = [1, 2, 3, 4, 5];
/// let mut scratch = ImplantScratch::new(5);
/// // Copy 4, 5 into positions 0, 1: the displaced 1, 2 replace the
/// // surplus 4, 5 at positions 3, 4.
/// implant_and_repair(&mut vals, &[true; 5], [(0, 4), (1, 5)], &mut scratch);
/// assert_eq!(vals, [4, 5, 3, 1, 2]);
/// ```
pub fn implant_and_repair(
    vals: &mut [u8],
    eligible: &[bool],
    implant: impl IntoIterator<Item = (usize, u8)>,
    scratch: &mut ImplantScratch,
) {
    // diff[v] = now − before, over the eligible positions.
    let mut diff = [0i32; 256];
    let implanted = &mut scratch.implanted;
    implanted.clear();
    implanted.resize(vals.len(), false);
    let displaced = &mut scratch.displaced;
    displaced.clear();
    for (p, v) in implant {
        if !eligible[p] || implanted[p] {
            continue;
        }
        let old = vals[p];
        displaced.push(old);
        vals[p] = v;
        implanted[p] = true;
        diff[v as usize] += 1;
        diff[old as usize] -= 1;
    }
    // The missing values, in the order the implant displaced them.
    let mut need = [0i32; 256];
    for (n, &d) in need.iter_mut().zip(&diff) {
        *n = (-d).max(0);
    }
    let mut kept = 0;
    for k in 0..displaced.len() {
        let u = displaced[k];
        if need[u as usize] > 0 {
            need[u as usize] -= 1;
            displaced[kept] = u;
            kept += 1;
        }
    }
    let mut next = 0;
    for p in 0..vals.len() {
        if next == kept {
            break;
        }
        let v = vals[p] as usize;
        if eligible[p] && !implanted[p] && diff[v] > 0 {
            diff[v] -= 1;
            vals[p] = displaced[next];
            next += 1;
        }
    }
}

/// Random genes: every segment a shuffled copy of its pool.
pub fn random_genes<P: BoardProblem + ?Sized>(p: &P, rng: &mut Rng, genes: &mut [u8]) {
    for s in p.segments() {
        let g = &mut genes[s.range()];
        g.copy_from_slice(&s.pool);
        shuffle(g, rng);
    }
}

/// The first report of a published search, built with its first board(s)
/// scored: generation 0, the best so far, the `mean` of what it scored.
pub(super) fn first_progress<P: BoardProblem>(problem: &P, best: &Best, mean: f64) -> Progress {
    Progress {
        mean,
        ..Progress::start(problem.evaluations(), best.score as f64)
    }
}

/// The report after one step of a published search whose best score was
/// `before` when the step began.
pub(super) fn next_progress<P: BoardProblem>(
    last: Progress,
    problem: &P,
    best: &Best,
    mean: f64,
    before: u64,
) -> Progress {
    last.next(
        problem.evaluations(),
        best.score as f64,
        mean,
        best.score < before,
    )
}

#[cfg(test)]
pub(crate) mod testing {
    //! Checks shared by the algorithms' tests.
    use crate::boards::catan::{self, CatanOptions};
    use crate::boards::terra_mystica::{self, Rules, Weights, standard_grid, standard_tiles};
    use crate::boards::{Algorithm, BoardGame, BoardSearch, Params, Scoring, make_search};

    /// The full recomputed score of a board.
    pub fn recompute(game: BoardGame, rules: Rules, w: Weights, board: &[u8]) -> f64 {
        match game {
            BoardGame::TerraMystica => {
                terra_mystica::score(standard_grid(), board, rules, w) as f64
            }
            BoardGame::Catan => catan::evaluate(board, &CatanOptions::default()).total() as f64,
        }
    }

    /// Whether `board` holds the game's tile multiset.
    pub fn keeps_tiles(game: BoardGame, board: &[u8]) {
        match game {
            BoardGame::TerraMystica => {
                let mut a = board.to_vec();
                a.sort_unstable();
                let mut b = standard_tiles();
                b.sort_unstable();
                assert_eq!(a, b);
            }
            BoardGame::Catan => catan::CatanBoard::decode(board).validate().unwrap(),
        }
    }

    /// Step `make(seed)` `steps` times: the reported best is the recomputed
    /// score of the reported board, the board keeps its tiles, the last
    /// best beats the first, and the same seed gives the same result.
    pub fn check(
        game: BoardGame,
        rules: Rules,
        w: Weights,
        steps: usize,
        make: impl Fn(u64) -> BoardSearch,
    ) {
        let mut s = make(7);
        let first = s.progress().best;
        let (b0, s0) = s.best();
        assert_eq!(recompute(game, rules, w, b0), s0);
        for _ in 0..steps {
            let p = s.step();
            let (board, score) = s.best();
            assert_eq!(p.best, score);
            assert_eq!(recompute(game, rules, w, board), score, "{}", s.name());
            keeps_tiles(game, board);
            if s.is_solved() {
                break;
            }
        }
        let last = s.progress().best;
        assert!(last < first, "{}: {first} → {last}", s.name());
        let mut t = make(7);
        while t.progress().generation < s.progress().generation {
            t.step();
        }
        assert_eq!(t.best().0, s.best().0);
        assert_eq!(t.progress(), s.progress());
    }

    /// [`check`] on `algorithm` with the parameters `pairs` (`NAME=VALUE`),
    /// built as the CLI builds it, under `rules` and `w` (Catan: its
    /// default options).
    pub fn check_algorithm(
        algorithm: Algorithm,
        game: BoardGame,
        rules: Rules,
        w: Weights,
        steps: usize,
        pairs: &[&str],
    ) {
        let pairs: Vec<String> = pairs.iter().map(|s| s.to_string()).collect();
        let p = Params::parse(algorithm.param_specs(game), &pairs, algorithm).unwrap();
        let scoring = Scoring {
            rules,
            weights: w,
            catan: CatanOptions::default(),
        };
        check(game, rules, w, steps, |seed| {
            make_search(game, algorithm, &p, scoring, seed)
        });
    }
}
