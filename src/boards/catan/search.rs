//! `best` for Catan: min-conflicts over terrain swaps and number swaps with
//! random tie-breaking, a little noise and restarts. The island is small
//! enough that every candidate swap is scored (324 per move, no allocation).

use super::board::{CatanCode, standard_codes, swap_terrains, swap_tokens};
use super::rules::{CatanOptions, evaluate};
use crate::boards::common::{Best, StepMoves, board_search_accessors, shuffle};
use crate::boards::{ParamSpec, Params};
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
    codes: Vec<u8>,
    opts: CatanOptions,
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

fn random_board(codes: &mut [u8], rng: &mut Rng) {
    let std: Vec<CatanCode> = standard_codes()
        .into_iter()
        .map(CatanCode::from_byte)
        .collect();
    let mut terrains: Vec<u8> = std.iter().map(|c| c.terrain()).collect();
    let mut numbers: Vec<u8> = std.iter().map(|c| c.token()).filter(|&n| n != 0).collect();
    shuffle(&mut terrains, rng);
    shuffle(&mut numbers, rng);
    let mut it = numbers.into_iter();
    for (c, t) in codes.iter_mut().zip(terrains) {
        let token = if t == CatanCode::DESERT {
            0
        } else {
            it.next()
                .expect("18 tokens for the 18 hexes that are not the desert")
        };
        *c = CatanCode::new(t, token).byte();
    }
}

impl BalancedCatan {
    /// The parameters of Catan's `best` with their defaults and bounds.
    pub const PARAMS: &'static [ParamSpec] = &[MOVES, NOISE, STALL];

    /// A search with the given options.
    pub fn new(seed: u64, opts: CatanOptions, params: &Params) -> Self {
        let mut rng = seeded(seed);
        let mut codes = vec![0u8; 19];
        random_board(&mut codes, &mut rng);
        let score = evaluate(&codes, &opts).total();
        BalancedCatan {
            best: Best::of(&codes, score as u64),
            progress: Progress::start(1, score as f64),
            codes,
            opts,
            rng,
            moves_per_step: params.get(&MOVES) as u32,
            noise: params.get(&NOISE),
            stall: params.get(&STALL) as u64,
            since_best: 0,
            evaluations: 1,
        }
    }

    fn score(&mut self) -> u32 {
        self.evaluations += 1;
        evaluate(&self.codes, &self.opts).total()
    }

    fn one_move(&mut self) -> u32 {
        let n = self.codes.len();
        if self.rng.random_bool(self.noise) {
            let a = self.rng.random_range(0..n);
            let b = self.rng.random_range(0..n);
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
        for a in 0..n {
            for b in a + 1..n {
                let number_ok = has_token(&self.codes, a) && has_token(&self.codes, b);
                for m in [Move::Terrain(a, b), Move::Number(a, b)] {
                    if matches!(m, Move::Number(..)) && !number_ok {
                        continue;
                    }
                    apply(&mut self.codes, m);
                    let s = self.score();
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
                random_board(&mut self.codes, &mut self.rng);
                self.since_best = 0;
            }
        }
        self.progress = moves.progress(self.progress, self.evaluations, &self.best);
        self.progress
    }

    board_search_accessors!();
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
