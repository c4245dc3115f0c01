//! `sahc`: steepest-ascent hill climbing with random restart, as the
//! hex-board paper used it.
//!
//! Pick a hex, try swapping its tile with each neighbour's (Catan: the
//! terrains and the tokens separately), and make the best strictly
//! improving swap. "When none improves, restart from a random board" is
//! read two ways, chosen by `patience`:
//! - `patience = k ≥ 1`: restart after `k` picked hexes in a row had no
//!   improving swap; `1` (the default) is the paper's wording taken
//!   literally (the picked hex has no improving swap → restart);
//! - `patience = 0`: restart only at a local optimum. Hexes are picked in
//!   a random order that is fixed until the next restart, so `n` picks in
//!   a row without an improvement have tried every neighbour swap.
//!
//! Swaps are scored incrementally (Terra Mystica:
//! [`TmState`](crate::boards::terra_mystica::TmState)).

use super::problem::{BoardProblem, first_progress, next_progress, random_genes};
use crate::boards::common::{Best, board_search_accessors, shuffle};
use crate::boards::{ParamSpec, Params};
use crate::rng::{Rng, seeded};
use crate::search::{Progress, Search};

const MOVES: ParamSpec = ParamSpec::new(
    "moves",
    100.0,
    1.0,
    1_000_000.0,
    "hexes tried per step (one step = one point in the plot)",
);
const PATIENCE: ParamSpec = ParamSpec::new(
    "patience",
    1.0,
    0.0,
    1_000_000.0,
    "hexes in a row without an improving swap before a restart (1 = the paper; 0 = only at a local optimum)",
);

/// The parameters of `sahc`.
pub const PARAMS: &[ParamSpec] = &[MOVES, PATIENCE];

/// Steepest-ascent hill climbing on any [`BoardProblem`].
pub struct Sahc<P: BoardProblem> {
    problem: P,
    rng: Rng,
    moves: u32,
    patience: usize,
    order: Vec<usize>,
    next: usize,
    fails: usize,
    genes: Vec<u8>,
    board: Vec<u8>,
    /// Restarts so far.
    pub restarts: u64,
    best: Best,
    progress: Progress,
}

impl<P: BoardProblem> Sahc<P> {
    /// A climb from the problem's start board, or a random board.
    pub fn new(problem: P, params: &Params, seed: u64) -> Self {
        let n = problem.hexes();
        let genes = vec![0; problem.genes()];
        let mut s = Sahc {
            problem,
            rng: seeded(seed),
            moves: params.get(&MOVES) as u32,
            patience: match params.get(&PATIENCE) as usize {
                0 => n,
                k => k,
            },
            order: (0..n).collect(),
            next: 0,
            fails: 0,
            genes,
            board: vec![0; n],
            restarts: 0,
            best: Best::unscored(n),
            progress: Progress::start(0, 0.0),
        };
        s.restart(true);
        s.progress = first_progress(&s.problem, &s.best, s.best.score as f64);
        s
    }

    /// A fresh climb: from the problem's start board when `first` and it
    /// has one, else from random genes (pinned hexes stay: they are not
    /// genes).
    fn restart(&mut self, first: bool) {
        if !(first && self.problem.start_genes(&mut self.genes)) {
            random_genes(&self.problem, &mut self.rng, &mut self.genes);
        }
        self.problem.build(&self.genes, &mut self.board);
        let score = self.problem.load(&self.board);
        self.best.offer(&self.board, score);
        shuffle(&mut self.order, &mut self.rng);
        self.next = 0;
        self.fails = 0;
    }

    /// Try every swap of one hex with its neighbours; make the best
    /// improving one.
    fn climb_once(&mut self) {
        let a = self.order[self.next];
        self.next = (self.next + 1) % self.order.len();
        let current = self.problem.current_score();
        let mut chosen: Option<(u64, usize, usize)> = None;
        for bi in 0..self.problem.neighbours(a).len() {
            let b = self.problem.neighbours(a)[bi] as usize;
            for kind in 0..self.problem.swap_kinds() {
                if let Some(s) = self.problem.swap(kind, a, b) {
                    self.problem.swap(kind, a, b);
                    if s < chosen.map_or(current, |c| c.0) {
                        chosen = Some((s, kind, b));
                    }
                }
            }
        }
        match chosen {
            Some((_, kind, b)) => {
                let s = self.problem.swap(kind, a, b).expect("the swap was allowed");
                self.fails = 0;
                self.best.offer(self.problem.current(), s);
            }
            None => {
                self.fails += 1;
                if self.fails >= self.patience {
                    self.restarts += 1;
                    self.restart(false);
                }
            }
        }
    }
}

impl<P: BoardProblem> Search for Sahc<P> {
    type Solution = Vec<u8>;

    fn name(&self) -> &'static str {
        "sahc"
    }

    fn step(&mut self) -> Progress {
        let before = self.best.score;
        for _ in 0..self.moves {
            if self.best.score == 0 {
                break;
            }
            self.climb_once();
        }
        let mean = self.problem.current_score() as f64;
        self.progress = next_progress(self.progress, &self.problem, &self.best, mean, before);
        self.progress
    }

    board_search_accessors!();
}

#[cfg(test)]
mod tests {
    use crate::boards::published::testing::check_algorithm;
    use crate::boards::terra_mystica::{Rules, Weights};
    use crate::boards::{Algorithm, BoardGame};

    #[test]
    fn terra_mystica_improves_and_reports_true_scores() {
        for (rules, patience) in [(Rules::Strict, "0"), (Rules::Published, "1")] {
            let patience = format!("patience={patience}");
            check_algorithm(
                Algorithm::Sahc,
                BoardGame::TerraMystica,
                rules,
                Weights::default(),
                300,
                &["moves=5", &patience],
            );
        }
    }

    #[test]
    fn catan_improves_and_reports_true_scores() {
        check_algorithm(
            Algorithm::Sahc,
            BoardGame::Catan,
            Rules::Strict,
            Weights::default(),
            100,
            &["moves=2"],
        );
    }
}
