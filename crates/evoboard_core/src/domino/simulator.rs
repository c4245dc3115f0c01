//! The match simulator: many matches in parallel with rayon.
//!
//! Match `i` of a run with seed `s` is played with its own generator seeded
//! from `derive_seed(s, i)`, so a run gives the same result for a seed
//! whatever the thread count or scheduling.

use super::agents::{Agent, FastEval};
use super::error::DominoError;
use super::game::play_match_with;
use crate::rng::{derive_seed, seeded};
use rayon::prelude::*;
use std::time::{Duration, Instant};

/// Matches per parallel work item.
const CHUNK: u64 = 256;

/// The outcome of a duel between two teams.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct DuelResult {
    /// Matches played.
    pub matches: u64,
    /// Matches won by team A (seats 0 and 2).
    pub wins_a: u64,
    /// Matches won by team B (seats 1 and 3).
    pub wins_b: u64,
    /// Rounds played in all.
    pub rounds: u64,
    /// Wall time.
    pub elapsed: Duration,
}

impl DuelResult {
    /// Team A's share of wins.
    pub fn win_rate_a(&self) -> f64 {
        if self.matches == 0 {
            0.0
        } else {
            self.wins_a as f64 / self.matches as f64
        }
    }

    /// Matches per second of wall time.
    pub fn matches_per_sec(&self) -> f64 {
        self.matches as f64 / self.elapsed.as_secs_f64().max(1e-9)
    }
}

/// Play matches `first..first + count` of a run with `seed` on this thread;
/// returns (wins of team A, rounds).
pub fn play_range(a: &dyn Agent, b: &dyn Agent, seed: u64, first: u64, count: u64) -> (u64, u64) {
    let agents: [&dyn Agent; 4] = [a, b, a, b];
    let fast = FastEval::seats(&agents);
    let mut wins = 0;
    let mut rounds = 0;
    for i in first..first + count {
        let mut rng = seeded(derive_seed(seed, i));
        let r = play_match_with(&agents, fast.as_ref(), &mut rng, &mut |_| {});
        wins += (r.winner == 0) as u64;
        rounds += r.rounds as u64;
    }
    (wins, rounds)
}

/// Play `matches` matches of team A (`a`, seats 0 and 2) against team B
/// (`b`, seats 1 and 3) on `threads` threads (0 = all cores).
/// `on_progress` is called with the number of matches finished in each
/// work item.
pub fn duel(
    a: &dyn Agent,
    b: &dyn Agent,
    matches: u64,
    threads: usize,
    seed: u64,
    on_progress: &(dyn Fn(u64) + Sync),
) -> Result<DuelResult, DominoError> {
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(threads)
        .build()
        .map_err(|e| DominoError::ThreadPool {
            threads,
            reason: e.to_string(),
        })?;
    let start = Instant::now();
    let chunks = matches.div_ceil(CHUNK);
    let (wins_a, rounds) = pool.install(|| {
        (0..chunks)
            .into_par_iter()
            .map(|c| {
                let first = c * CHUNK;
                let count = CHUNK.min(matches - first);
                let r = play_range(a, b, seed, first, count);
                on_progress(count);
                r
            })
            .reduce(|| (0, 0), |x, y| (x.0 + y.0, x.1 + y.1))
    });
    Ok(DuelResult {
        matches,
        wins_a,
        wins_b: matches - wins_a,
        rounds,
        elapsed: start.elapsed(),
    })
}
