//! The published generator:
//! 1. each cell is blocked with probability p;
//! 2. solve the raw board and pick one solution (random symbol order);
//! 3. starting from the full solution as givens, remove each given in
//!    turn (random order) when the solution stays unique;
//! 4. add random givens back until the share of empty cells is the
//!    difficulty's target (if stripping left fewer, keep it and report).
//!
//! Step 3 uses the fact that the current givens have exactly one solution
//! S: without a given at c they still do exactly when no solution has the
//! other symbol at c, a single satisfiability search. That search
//! branches on the empty cell with the most filled neighbours, which
//! grows a compact block from the dense givens (the fastest order
//! measured, see `crates/evoboard_core/src/puzzle/README.md`).
//!
//! [`generate_level`] goes beyond: it returns a puzzle a person can solve
//! with the deductions of the requested level and not with a lower one.

use super::bits::Bits;
use super::board::{Board, Square, check_generation_size};
use super::error::PuzzleError;
use super::grade::{Grade, grade};
use super::solver::{most_neighbours, random_solution, satisfiable};
use super::trails::shallowest_trail;
use super::{Difficulty, Puzzle};
use crate::rng::{Rng, RngExt, derive_seed, seeded};

/// The default node budget of the trail search ([`GenOptions::trail_nodes`]).
pub const TRAIL_NODES: u64 = 200_000;

/// Generator settings beyond size, difficulty and seed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct GenOptions {
    /// Pick the solution (step 2) through the raw board's solution tree:
    /// the solution below a shallowest trail ([`shallowest_trail`]), and
    /// strip (step 3) the trail's branch cells last, so at most that many
    /// givens survive stripping. Off: the published random solution.
    pub prefer_trails: bool,
    /// Node budget of the trail search; when it runs out the solution is
    /// picked the published way (random symbol order).
    pub trail_nodes: u64,
}

impl Default for GenOptions {
    fn default() -> GenOptions {
        GenOptions {
            prefer_trails: false,
            trail_nodes: TRAIL_NODES,
        }
    }
}

/// What [`generate_with`] and [`generate_level_with`] return beside the
/// puzzle.
#[derive(Clone, Debug, PartialEq)]
pub struct Generated {
    /// The puzzle.
    pub puzzle: Puzzle,
    /// Share of all cells empty after stripping (step 3), before givens
    /// are added back.
    pub stripped_empty_share: f64,
    /// With `prefer_trails`: the trail's depth (branch choices from the
    /// root), or `None` when the budget ran out and the solution was
    /// picked the published way. Always `None` without the option.
    pub trail_depth: Option<usize>,
    /// Nodes the trail search used (0 without the option).
    pub trail_nodes: u64,
}

/// The stripped puzzle and what is needed to add givens back.
struct Stripped {
    solution: Board,
    /// The minimal puzzle (step 3).
    puzzle: Board,
    /// The removed cells in the order they will be given back.
    removed: Vec<usize>,
    /// The trail's depth when one was used.
    trail_depth: Option<usize>,
    /// Nodes the trail search used.
    trail_nodes: u64,
}

/// Steps 1–3 of the published procedure (with `opts.prefer_trails`, step
/// 2 picks the solution below a shallowest trail and step 3 visits the
/// trail's branch cells last).
fn strip(width: usize, height: usize, p: f64, opts: GenOptions, rng: &mut Rng) -> Stripped {
    let mut raw = Board::new(width, height, Square::Empty).expect("checked size");
    for i in 0..raw.len() {
        if rng.random_bool(p) {
            raw.set_at(i, Square::Blocked);
        }
    }
    // A board with blocked cells keeps every solution of the open board
    // restricted to it, so a solution always exists.
    let trail = if opts.prefer_trails {
        shallowest_trail(&raw, &most_neighbours, opts.trail_nodes, rng).ok_or(opts.trail_nodes)
    } else {
        Err(0)
    };
    let (solution, path, trail_depth, trail_nodes) = match trail {
        Ok(t) => {
            let path: Vec<usize> = t.path.iter().map(|&(r, c, _)| r * width + c).collect();
            (t.solution, path, Some(t.path.len()), t.nodes)
        }
        Err(used) => {
            let s = random_solution(&raw, rng).expect("every raw board has a solution");
            (s, Vec::new(), None, used)
        }
    };
    let mut order: Vec<usize> = (0..raw.len())
        .filter(|&i| solution.at(i) != Square::Blocked)
        .collect();
    shuffle(&mut order, rng);
    if !path.is_empty() {
        // The trail's cells last: every other given is then removable
        // (the raw board plus the path has exactly one solution).
        order.sort_by_key(|i| path.contains(i));
    }
    let mut bits = Bits::from_board(&solution);
    let mut removed = Vec::new();
    for i in order {
        let (r, c) = (i / width, i % width);
        let v = solution.at(i);
        let mut flipped = bits;
        flipped.set(r, c, v.opposite());
        if !satisfiable(flipped, &most_neighbours) {
            bits.set(r, c, Square::Empty);
            removed.push(i);
        }
    }
    shuffle(&mut removed, rng);
    Stripped {
        puzzle: bits.to_board(),
        solution,
        removed,
        trail_depth,
        trail_nodes,
    }
}

/// Fisher–Yates with the crate RNG.
pub(crate) fn shuffle<T>(v: &mut [T], rng: &mut Rng) {
    for i in (1..v.len()).rev() {
        let j = rng.random_range(0..=i);
        v.swap(i, j);
    }
}

impl Stripped {
    /// The puzzle with the first `k` removed cells given back.
    fn with_givens(&self, k: usize) -> Board {
        let mut b = self.puzzle.clone();
        for &i in &self.removed[..k] {
            b.set_at(i, self.solution.at(i));
        }
        b
    }

    /// Empty cells at the target share (nearest whole cell).
    fn target_empty(&self, empty_share: f64) -> usize {
        (empty_share * self.solution.len() as f64).round() as usize
    }

    /// Share of all cells empty after stripping.
    fn stripped_share(&self) -> f64 {
        self.puzzle.count(Square::Empty) as f64 / self.puzzle.len() as f64
    }

    /// Givens to add back to reach the target empty share (step 4).
    fn target_k(&self, empty_share: f64) -> usize {
        self.removed
            .len()
            .saturating_sub(self.target_empty(empty_share))
    }
}

fn finish(cells: Board, solution: Board, difficulty: Difficulty, g: Grade, seed: u64) -> Puzzle {
    Puzzle::new(cells, solution, difficulty, g.level, seed)
}

/// The published procedure at a difficulty, for a board of `width` ×
/// `height` (4..=20 each), reproducible from `seed`.
pub fn generate(
    width: usize,
    height: usize,
    difficulty: Difficulty,
    seed: u64,
) -> Result<Puzzle, PuzzleError> {
    generate_with(width, height, difficulty, seed, GenOptions::default()).map(|g| g.puzzle)
}

/// [`generate`] with [`GenOptions`], reporting the stripped share and the
/// trail search. With the default options the puzzle is [`generate`]'s.
pub fn generate_with(
    width: usize,
    height: usize,
    difficulty: Difficulty,
    seed: u64,
    opts: GenOptions,
) -> Result<Generated, PuzzleError> {
    check_generation_size(width, height)?;
    let mut rng = seeded(seed);
    let s = strip(width, height, difficulty.blocked_p(), opts, &mut rng);
    let cells = s.with_givens(s.target_k(difficulty.empty_share()));
    let g = grade(&cells);
    let stripped_empty_share = s.stripped_share();
    let (trail_depth, trail_nodes) = (s.trail_depth, s.trail_nodes);
    Ok(Generated {
        puzzle: finish(cells, s.solution, difficulty, g, seed),
        stripped_empty_share,
        trail_depth,
        trail_nodes,
    })
}

/// Narrow `lo < hi` to neighbours (`hi - lo <= 1`) by bisection, where
/// `low_side(k)` holds up to some k and fails after it; returns the final
/// `(lo, hi)`.
fn bisect(mut lo: usize, mut hi: usize, mut low_side: impl FnMut(usize) -> bool) -> (usize, usize) {
    while hi - lo > 1 {
        let mid = (lo + hi) / 2;
        if low_side(mid) {
            lo = mid;
        } else {
            hi = mid;
        }
    }
    (lo, hi)
}

/// Attempts [`generate_level`] makes before giving up.
pub const LEVEL_ATTEMPTS: u32 = 200;
/// Puzzles of the right level [`generate_level`] compares (it keeps the
/// one whose empty share is closest to the difficulty's target).
pub const LEVEL_CANDIDATES: u32 = 4;

/// A puzzle of exactly `level` (1..=3): solvable with that level's
/// deductions and not with a lower level's. Each attempt runs steps 1–3
/// and then adds givens back, starting at the difficulty's target share:
/// more givens while the level is too high, fewer while it is too low
/// (grading never gets harder as givens are added); when the level sits
/// below the target share, further givens are added one by one where
/// they keep the level. Of the first
/// [`LEVEL_CANDIDATES`] attempts that reach the level, the one with the
/// empty share closest to the target wins (a hit on the target ends the
/// search early).
pub fn generate_level(
    width: usize,
    height: usize,
    difficulty: Difficulty,
    level: u8,
    seed: u64,
) -> Result<Puzzle, PuzzleError> {
    generate_level_with(
        width,
        height,
        difficulty,
        level,
        seed,
        GenOptions::default(),
    )
    .map(|g| g.puzzle)
}

/// [`generate_level`] with [`GenOptions`] (every attempt picks its
/// solution with them); the stripped share and trail figures are the
/// winning attempt's.
pub fn generate_level_with(
    width: usize,
    height: usize,
    difficulty: Difficulty,
    level: u8,
    seed: u64,
    opts: GenOptions,
) -> Result<Generated, PuzzleError> {
    check_generation_size(width, height)?;
    if !(1..=3).contains(&level) {
        return Err(PuzzleError::LevelOutOfRange { level });
    }
    // Grade as a number: None (needs guessing) is 4.
    let lvl = |b: &Board| grade(b).level.unwrap_or(4);
    let mut best: Option<(f64, Generated)> = None;
    let mut found = 0;
    for attempt in 0..LEVEL_ATTEMPTS {
        let mut rng = seeded(derive_seed(seed, attempt as u64));
        let s = strip(width, height, difficulty.blocked_p(), opts, &mut rng);
        let n = s.removed.len();
        let k0 = s.target_k(difficulty.empty_share());
        let g0 = lvl(&s.with_givens(k0));
        let k = if g0 == level {
            Some(k0)
        } else if g0 > level {
            // Smallest k > k0 with grade <= level (grade falls as k grows).
            Some(bisect(k0, n, |mid| lvl(&s.with_givens(mid)) > level).1)
        } else {
            // Largest k < k0 with grade >= level.
            if lvl(&s.with_givens(0)) < level {
                None
            } else {
                Some(bisect(0, k0, |mid| lvl(&s.with_givens(mid)) >= level).0)
            }
        };
        if let Some(k) = k {
            let mut cells = s.with_givens(k);
            if k < k0 {
                // Too easy at the target share: give back further cells one
                // by one, keeping only those that leave the level as it is.
                let mut empty = cells.count(Square::Empty);
                let target = s.target_empty(difficulty.empty_share());
                for &i in &s.removed[k..] {
                    if empty <= target {
                        break;
                    }
                    cells.set_at(i, s.solution.at(i));
                    if lvl(&cells) == level {
                        empty -= 1;
                    } else {
                        cells.set_at(i, Square::Empty);
                    }
                }
            }
            let g = grade(&cells);
            if g.level == Some(level) {
                let stripped_empty_share = s.stripped_share();
                let (trail_depth, trail_nodes) = (s.trail_depth, s.trail_nodes);
                let p = finish(cells, s.solution, difficulty, g, seed);
                let miss = (p.empty_share - difficulty.empty_share()).abs();
                if best.as_ref().is_none_or(|(m, _)| miss < *m) {
                    best = Some((
                        miss,
                        Generated {
                            puzzle: p,
                            stripped_empty_share,
                            trail_depth,
                            trail_nodes,
                        },
                    ));
                }
                found += 1;
                if found == LEVEL_CANDIDATES || miss < 0.5 / (width * height) as f64 {
                    break;
                }
            }
        }
    }
    best.map(|(_, p)| p).ok_or(PuzzleError::LevelNotReached {
        level,
        attempts: LEVEL_ATTEMPTS,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::puzzle::board::PuzzleGridError;
    use crate::puzzle::grade::grade_up_to;
    use crate::puzzle::rules::is_solved;

    /// An independent, deliberately simple counter: plain backtracking in
    /// row-major order over a `Vec<Square>`, checking only the triples that
    /// end at the cell just filled. Shares no code with the solver.
    fn brute_count(b: &Board, limit: u32) -> u32 {
        fn ok(g: &[Square], w: usize, r: usize, c: usize) -> bool {
            let s = g[r * w + c];
            // Triples ending at (r, c) coming from earlier cells.
            for (dr, dc) in [(0isize, -1isize), (-1, 0), (-1, -1), (-1, 1)] {
                let r1 = r as isize + dr;
                let c1 = c as isize + dc;
                let r2 = r as isize + 2 * dr;
                let c2 = c as isize + 2 * dc;
                if r2 < 0 || c2 < 0 || c1 < 0 || c2 >= w as isize || c1 >= w as isize {
                    continue;
                }
                if g[r1 as usize * w + c1 as usize] == s && g[r2 as usize * w + c2 as usize] == s {
                    return false;
                }
            }
            true
        }
        fn go(g: &mut [Square], given: &[Square], w: usize, i: usize, n: &mut u32, limit: u32) {
            if *n >= limit {
                return;
            }
            if i == g.len() {
                *n += 1;
                return;
            }
            let (r, c) = (i / w, i % w);
            let options: &[Square] = match given[i] {
                Square::Empty => &[Square::X, Square::O],
                Square::X => &[Square::X],
                Square::O => &[Square::O],
                Square::Blocked => &[Square::Blocked],
            };
            for &v in options {
                g[i] = v;
                if v == Square::Blocked || ok(g, w, r, c) {
                    go(g, given, w, i + 1, n, limit);
                }
            }
            g[i] = given[i];
        }
        let given = b.cells().to_vec();
        let mut g = given.clone();
        let mut n = 0;
        go(&mut g, &given, b.width(), 0, &mut n, limit);
        n
    }

    #[test]
    fn brute_counter_knows_the_facts() {
        for (n, want) in [(3, 32), (4, 18), (5, 8), (6, 8)] {
            let b = Board::new(n, n, Square::Empty).unwrap();
            assert_eq!(brute_count(&b, 1000), want, "n = {n}");
        }
    }

    fn check_many(difficulty: Difficulty) {
        let mut levels = [0u32; 5];
        for seed in 0..1000u64 {
            let w = 4 + (seed % 9) as usize; // 4..=12
            let h = 4 + (seed / 9 % 9) as usize;
            let p = generate(w, h, difficulty, seed).unwrap();
            let cells = p.cells_board().unwrap();
            let sol = p.solution_board().unwrap();
            assert_eq!(brute_count(&cells, 2), 1, "seed {seed}:\n{cells}");
            assert!(is_solved(&sol));
            for i in 0..cells.len() {
                let c = cells.at(i);
                assert!(c == Square::Empty || c == sol.at(i), "seed {seed}");
            }
            levels[p.level.unwrap_or(4) as usize] += 1;
        }
        eprintln!("{difficulty:?} levels 0..=3, none: {levels:?}");
    }

    #[test]
    fn uniqueness_easy_1000() {
        check_many(Difficulty::Easy);
    }

    #[test]
    fn uniqueness_hard_1000() {
        check_many(Difficulty::Hard);
    }

    #[test]
    fn prefer_trails_unique_and_few_givens() {
        let opts = GenOptions {
            prefer_trails: true,
            ..GenOptions::default()
        };
        let (mut with, mut without, mut found) = (0.0, 0.0, 0);
        for seed in 0..300u64 {
            let w = 4 + (seed % 9) as usize; // 4..=12
            let h = 4 + (seed / 9 % 9) as usize;
            let d = [Difficulty::Easy, Difficulty::Hard][seed as usize % 2];
            let g = generate_with(w, h, d, seed, opts).unwrap();
            let cells = g.puzzle.cells_board().unwrap();
            let sol = g.puzzle.solution_board().unwrap();
            assert_eq!(brute_count(&cells, 2), 1, "seed {seed}:\n{cells}");
            assert!(is_solved(&sol));
            let n = cells.len() as f64;
            let blocked = cells.count(Square::Blocked) as f64;
            if let Some(depth) = g.trail_depth {
                // Only the trail's branch cells can survive stripping.
                let givens = n - blocked - g.stripped_empty_share * n;
                assert!(givens.round() as usize <= depth, "seed {seed}");
                found += 1;
            }
            assert!(g.stripped_empty_share + 1e-9 >= g.puzzle.empty_share);
            with += g.stripped_empty_share;
            let plain = generate_with(w, h, d, seed, GenOptions::default()).unwrap();
            assert_eq!(plain.trail_depth, None);
            assert_eq!(plain.puzzle, generate(w, h, d, seed).unwrap());
            without += plain.stripped_empty_share;
            // Same seed, same puzzle.
            assert_eq!(generate_with(w, h, d, seed, opts).unwrap(), g);
        }
        assert!(found > 250, "trail found {found} times of 300");
        assert!(
            with > without,
            "stripped share with {with}, without {without}"
        );
        // A budget of one node always falls back to the published way.
        let tiny = GenOptions {
            prefer_trails: true,
            trail_nodes: 1,
        };
        let g = generate_with(10, 10, Difficulty::Easy, 3, tiny).unwrap();
        assert_eq!(g.trail_depth, None);
        assert_eq!(brute_count(&g.puzzle.cells_board().unwrap(), 2), 1);
        let l = generate_level_with(8, 8, Difficulty::Hard, 2, 5, opts).unwrap();
        assert_eq!(l.puzzle.level, Some(2));
        assert_eq!(brute_count(&l.puzzle.cells_board().unwrap(), 2), 1);
    }

    #[test]
    fn deterministic_per_seed() {
        let a = generate(9, 7, Difficulty::Hard, 42).unwrap();
        let b = generate(9, 7, Difficulty::Hard, 42).unwrap();
        assert_eq!(a, b);
        let c = generate(9, 7, Difficulty::Hard, 43).unwrap();
        assert_ne!(a.cells, c.cells);
        let a = generate_level(8, 8, Difficulty::Hard, 2, 5).unwrap();
        assert_eq!(a, generate_level(8, 8, Difficulty::Hard, 2, 5).unwrap());
    }

    #[test]
    fn shares_near_targets() {
        // Rounded to the nearest cell count: within half a cell.
        let half = 0.5 / 144.0 + 1e-9;
        let p = generate(12, 12, Difficulty::Easy, 3).unwrap();
        assert!(p.empty_share <= 0.40 + half, "{}", p.empty_share);
        let p = generate(12, 12, Difficulty::Hard, 3).unwrap();
        assert!(p.empty_share <= 0.30 + half, "{}", p.empty_share);
        assert!((p.empty_share + p.given_share + p.blocked_share - 1.0).abs() < 1e-9);
    }

    #[test]
    fn sizes_checked() {
        assert!(matches!(
            generate(3, 8, Difficulty::Easy, 1),
            Err(PuzzleError::Board(PuzzleGridError::Size { .. }))
        ));
        assert!(generate(21, 8, Difficulty::Easy, 1).is_err());
        assert!(matches!(
            generate_level(8, 8, Difficulty::Easy, 4, 1),
            Err(PuzzleError::LevelOutOfRange { level: 4 })
        ));
    }

    #[test]
    fn requested_levels() {
        for level in 1..=3u8 {
            for seed in 0..4 {
                let p = generate_level(8, 8, Difficulty::Hard, level, seed).unwrap();
                let cells = p.cells_board().unwrap();
                assert_eq!(p.level, Some(level));
                assert_eq!(grade(&cells).level, Some(level));
                if level > 1 {
                    assert_eq!(grade_up_to(&cells, level - 1).level, None);
                }
                assert_eq!(brute_count(&cells, 2), 1);
            }
        }
    }
}
