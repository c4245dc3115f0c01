//! `best` for Catan: min-conflicts over terrain swaps and number swaps with
//! random tie-breaking, a little noise and restarts. The islands are small
//! enough that every candidate swap of two unpinned hexes is scored (324
//! per move on the base island, 870 on the 5–6 player one; no
//! allocation). Pinned hexes never move; restarts shuffle only the
//! unpinned tiles.

use super::board::{CatanCode, swap_terrains, swap_tokens};
use super::layout::CatanLayout;
use super::problem::{CatanProblem, checked_setup};
use super::rules::CatanOptions;
use super::scorer::CatanScorer;
use crate::boards::common::{Best, StepMoves, board_search_accessors, shuffle};
use crate::boards::published::{Aco, Brkga, Pso, Sahc};
use crate::boards::{Algorithm, BoardError, BoardSearch, BoardSetup, ParamSpec, Params};
use crate::rng::{Rng, RngExt, seeded};
use crate::search::{Progress, Search};

const MOVES: ParamSpec = ParamSpec::new(
    "moves",
    1.0,
    1.0,
    100_000.0,
    "swaps made per step (one step = one generation in the plot)",
);
const NOISE: ParamSpec = ParamSpec::new(
    "noise",
    0.1,
    0.0,
    1.0,
    "chance of a random swap instead of the best one",
);
const STALL: ParamSpec = ParamSpec::new(
    "stall",
    200.0,
    5.0,
    1_000_000.0,
    "moves without a new best before a fresh random board",
);

/// A swap: of terrains (the numbers follow when the desert moves) or of
/// number tokens.
#[derive(Clone, Copy, Debug)]
enum Move {
    Terrain(usize, usize),
    Number(usize, usize),
}

/// Our default Catan search.
pub struct BalancedCatan {
    /// Unpinned hexes, row-major.
    free: Vec<usize>,
    /// Scratch for restarts: the unpinned terrains and tokens.
    pool_t: Vec<u8>,
    pool_n: Vec<u8>,
    codes: Vec<u8>,
    scorer: CatanScorer,
    rng: Rng,
    moves_per_step: u32,
    noise: f64,
    stall: u64,
    since_best: u64,
    evaluations: u64,
    best: Best,
    progress: Progress,
}

fn apply(codes: &mut [u8], m: Move) {
    match m {
        Move::Terrain(a, b) => swap_terrains(codes, a, b),
        Move::Number(a, b) => swap_tokens(codes, a, b),
    }
}

/// Whether hex `i` holds a number token (is not the desert).
fn has_token(codes: &[u8], i: usize) -> bool {
    CatanCode::from_byte(codes[i]).token() != 0
}

/// Shuffle the unpinned hexes' terrains (`pool_t`) and tokens (`pool_n`)
/// onto the `free` hexes of `codes`.
fn random_board(
    codes: &mut [u8],
    free: &[usize],
    pool_t: &mut [u8],
    pool_n: &mut [u8],
    rng: &mut Rng,
) {
    shuffle(pool_t, rng);
    shuffle(pool_n, rng);
    let mut it = pool_n.iter();
    for (&i, &t) in free.iter().zip(pool_t.iter()) {
        let token = if t == CatanCode::DESERT {
            0
        } else {
            it.next().copied().unwrap_or(0)
        };
        codes[i] = CatanCode::new(t, token).byte();
    }
}

impl BalancedCatan {
    /// The parameters of Catan's `best` with their defaults and bounds.
    pub const PARAMS: &'static [ParamSpec] = &[MOVES, NOISE, STALL];

    /// A search on the base island with the given options.
    pub fn new(seed: u64, opts: CatanOptions, params: &Params) -> Self {
        Self::with_setup(seed, opts, params, &BoardSetup::default())
            .unwrap_or_else(|e| panic!("the default setup is valid: {e}"))
    }

    /// A search on `setup`'s island (Standard: base, FiveSixPlayers: 5–6
    /// players), starting from its start board (a random board when it
    /// has none) and never moving its pinned hexes. Errors as
    /// [`CatanProblem::with_setup`].
    pub fn with_setup(
        seed: u64,
        opts: CatanOptions,
        params: &Params,
        setup: &BoardSetup,
    ) -> Result<Self, BoardError> {
        let layout = CatanLayout::for_variant(&setup.variant)?;
        let (start, pinned) = checked_setup(layout, &opts, setup)?;
        let mut rng = seeded(seed);
        let has_start = start.is_some();
        let mut codes = start.unwrap_or_else(|| layout.standard_codes());
        let free: Vec<usize> = (0..codes.len()).filter(|&i| !pinned[i]).collect();
        let mut pool_t: Vec<u8> = free
            .iter()
            .map(|&i| CatanCode::from_byte(codes[i]).terrain())
            .collect();
        let mut pool_n: Vec<u8> = free
            .iter()
            .map(|&i| CatanCode::from_byte(codes[i]).token())
            .filter(|&n| n != 0)
            .collect();
        if !has_start {
            random_board(&mut codes, &free, &mut pool_t, &mut pool_n, &mut rng);
        }
        let scorer = CatanScorer::new(layout, opts, &codes);
        let score = scorer.total();
        Ok(BalancedCatan {
            scorer,
            free,
            pool_t,
            pool_n,
            best: Best::of(&codes, score as u64),
            progress: Progress::start(1, score as f64),
            codes,
            rng,
            moves_per_step: params.get(&MOVES) as u32,
            noise: params.get(&NOISE),
            stall: params.get(&STALL) as u64,
            since_best: 0,
            evaluations: 1,
        })
    }

    /// Score the board as it stands (after a move or a restart).
    fn score(&mut self) -> u32 {
        self.evaluations += 1;
        self.scorer.load(&self.codes);
        self.scorer.total()
    }

    fn one_move(&mut self) -> u32 {
        let n = self.free.len();
        if n < 2 {
            return self.score();
        }
        if self.rng.random_bool(self.noise) {
            let a = self.free[self.rng.random_range(0..n)];
            let b = self.free[self.rng.random_range(0..n)];
            let m = if self.rng.random_bool(0.5)
                || !has_token(&self.codes, a)
                || !has_token(&self.codes, b)
            {
                Move::Terrain(a, b)
            } else {
                Move::Number(a, b)
            };
            apply(&mut self.codes, m);
            return self.score();
        }
        let mut best: Option<(u32, Move)> = None;
        let mut ties = 0;
        for x in 0..n {
            for y in x + 1..n {
                let (a, b) = (self.free[x], self.free[y]);
                let number_ok = has_token(&self.codes, a) && has_token(&self.codes, b);
                for m in [Move::Terrain(a, b), Move::Number(a, b)] {
                    if matches!(m, Move::Number(..)) && !number_ok {
                        continue;
                    }
                    let old = [self.codes[a], self.codes[b]];
                    apply(&mut self.codes, m);
                    self.evaluations += 1;
                    let cap = best.map_or(u32::MAX, |(bs, _)| bs);
                    let s = self.scorer.score_changed(&self.codes, a, b, old, cap);
                    apply(&mut self.codes, m);
                    match best {
                        Some((bs, _)) if s > bs => {}
                        Some((bs, _)) if s == bs => {
                            ties += 1;
                            if self.rng.random_range(0..ties) == 0 {
                                best = Some((s, m));
                            }
                        }
                        _ => {
                            ties = 1;
                            best = Some((s, m));
                        }
                    }
                }
            }
        }
        let (s, m) = best.expect("a board has swaps");
        apply(&mut self.codes, m);
        self.scorer.load(&self.codes);
        s
    }
}

impl Search for BalancedCatan {
    type Solution = Vec<u8>;

    fn name(&self) -> &'static str {
        "best"
    }

    fn step(&mut self) -> Progress {
        let mut moves = StepMoves::default();
        for _ in 0..self.moves_per_step {
            if self.best.score == 0 {
                break;
            }
            let s = self.one_move() as u64;
            moves.record(s);
            self.since_best += 1;
            if self.best.offer(&self.codes, s) {
                self.since_best = 0;
                moves.improved = true;
            } else if self.since_best >= self.stall {
                random_board(
                    &mut self.codes,
                    &self.free,
                    &mut self.pool_t,
                    &mut self.pool_n,
                    &mut self.rng,
                );
                self.scorer.load(&self.codes);
                self.since_best = 0;
            }
        }
        self.progress = moves.progress(self.progress, self.evaluations, &self.best);
        self.progress
    }

    board_search_accessors!();
}

/// `algorithm` on Catan: `best` is [`BalancedCatan`], the published ones
/// run on [`CatanProblem`]; both on `setup`'s island, start and pins.
pub fn make_search(
    algorithm: Algorithm,
    params: &Params,
    opts: CatanOptions,
    seed: u64,
    setup: &BoardSetup,
) -> Result<BoardSearch, BoardError> {
    let problem = || CatanProblem::with_setup(opts, setup);
    Ok(match algorithm {
        Algorithm::Best => Box::new(BalancedCatan::with_setup(seed, opts, params, setup)?),
        Algorithm::Brkga => Box::new(Brkga::new(problem()?, params, seed)),
        Algorithm::Pso => Box::new(Pso::new(problem()?, params, seed)),
        Algorithm::Sahc => Box::new(Sahc::new(problem()?, params, seed)),
        Algorithm::Aco => Box::new(Aco::new(problem()?, params, seed)),
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::boards::catan::CatanBoard;

    #[test]
    fn solves_catan_and_is_deterministic() {
        let p = Params::defaults(BalancedCatan::PARAMS);
        for seed in 1..=5 {
            let mut s = BalancedCatan::new(seed, CatanOptions::default(), &p);
            while !s.is_solved() && s.progress().generation < 2000 {
                s.step();
            }
            assert!(s.is_solved(), "seed {seed}");
            let b = CatanBoard::decode(s.best().0);
            b.validate().unwrap();
            assert_eq!(b.violations(&CatanOptions::default()).total(), 0);
            let mut t = BalancedCatan::new(seed, CatanOptions::default(), &p);
            while !t.is_solved() {
                t.step();
            }
            assert_eq!(t.best().0, s.best().0);
        }
    }
}
