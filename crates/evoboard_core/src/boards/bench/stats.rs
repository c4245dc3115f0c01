//! The figures of a set of runs: mean ± sd, time to best, per-requirement
//! means of the final boards, checkpoints and the mean curve on a common
//! time grid.

use super::{BenchError, LinePoint, SampledRun};
use crate::boards::{self, BoardGame, Scoring};
use crate::stats::{mean, median, sd};

/// Log-spaced points of the time grid every run is sampled on (besides
/// the checkpoints).
pub const GRID_POINTS: usize = 60;

/// The grid's first point in ms (or a tenth of the time limit when that
/// is shorter).
pub const GRID_START_MS: f64 = 1.0;

/// Parse `--checkpoints S1,S2,…`: seconds, each > 0 and at most the time
/// limit; sorted, duplicates dropped.
///
/// ```
/// use evoboard_core::boards::bench::parse_checkpoints;
/// assert_eq!(parse_checkpoints("60, 20,60", 300.0), Ok(vec![20.0, 60.0]));
/// assert!(parse_checkpoints("0", 300.0).is_err());
/// ```
pub fn parse_checkpoints(text: &str, time_limit: f64) -> Result<Vec<f64>, BenchError> {
    let mut out = Vec::new();
    for part in text.split(',').map(str::trim).filter(|p| !p.is_empty()) {
        let s: f64 = part.parse().map_err(|_| BenchError::CheckpointNotANumber {
            text: part.to_string(),
            time_limit,
        })?;
        if !s.is_finite() || s <= 0.0 || s > time_limit {
            return Err(BenchError::CheckpointBeyondRun {
                text: part.to_string(),
                time_limit,
            });
        }
        out.push(s);
    }
    if out.is_empty() {
        return Err(BenchError::NoCheckpoints);
    }
    out.sort_by(f64::total_cmp);
    out.dedup();
    Ok(out)
}

/// The times (ms, ascending) every run is sampled at: [`GRID_POINTS`]
/// log-spaced points from [`GRID_START_MS`] to the time limit, plus the
/// checkpoints.
///
/// ```
/// use evoboard_core::boards::bench::{GRID_POINTS, time_grid};
/// let grid = time_grid(10.0, &[5.0]);
/// assert_eq!((grid[0], grid[grid.len() - 1]), (1.0, 10_000.0));
/// assert!(grid.contains(&5000.0));
/// assert_eq!(grid.len(), GRID_POINTS + 1);
/// ```
pub fn time_grid(time_limit: f64, checkpoints: &[f64]) -> Vec<f64> {
    let end = time_limit * 1000.0;
    let start = GRID_START_MS.min(end / 10.0);
    let n = GRID_POINTS - 1;
    let mut grid: Vec<f64> = (0..=n)
        .map(|i| start * (end / start).powf(i as f64 / n as f64))
        .chain(checkpoints.iter().map(|s| s * 1000.0))
        .collect();
    grid.sort_by(f64::total_cmp);
    grid.dedup();
    grid
}

/// The best score of every run at one checkpoint.
#[derive(Clone, Debug, PartialEq)]
pub struct Checkpoint {
    /// Seconds from the start of each run.
    pub seconds: f64,
    /// One score per run (seed order).
    pub scores: Vec<f64>,
}

/// The figures of the runs of one algorithm (or one parameter set).
#[derive(Clone, Debug)]
pub struct Summary {
    /// Final score per run (seed order).
    pub scores: Vec<f64>,
    /// Runs that reached 0.
    pub solved: usize,
    /// Mean final score.
    pub mean: f64,
    /// Sample sd of the final scores.
    pub sd: f64,
    /// Lowest final score.
    pub best: f64,
    /// Median ms to the best board.
    pub median_ms: f64,
    /// Largest ms to the best board.
    pub max_ms: f64,
    /// Mean ms to the best board.
    pub mean_ms: f64,
    /// Evaluations per second (all runs' evaluations over all their time).
    pub evals_per_sec: f64,
    /// Mean unweighted violation count per requirement of the final boards
    /// (names as in `generate --json`'s `violations`).
    pub requirement_means: Vec<(&'static str, f64)>,
    /// The checkpoints asked for.
    pub checkpoints: Vec<Checkpoint>,
    /// Mean ± sd over the runs at each grid point (x in seconds).
    pub curve: Vec<LinePoint>,
}

impl Summary {
    /// Summarise `runs`, sampled on `grid_ms` (the [`time_grid`] holding
    /// `checkpoints`, or empty when neither checkpoints nor a plot were
    /// asked for).
    pub fn of(
        game: BoardGame,
        scoring: Scoring,
        runs: &[SampledRun],
        grid_ms: &[f64],
        checkpoints: &[f64],
    ) -> Summary {
        let scores: Vec<f64> = runs.iter().map(|r| r.score).collect();
        let mut ms: Vec<f64> = runs
            .iter()
            .map(|r| r.to_best.as_secs_f64() * 1000.0)
            .collect();
        let mean_ms = mean(&ms);
        let evals: u64 = runs.iter().map(|r| r.evaluations).sum();
        let secs: f64 = runs.iter().map(|r| r.elapsed.as_secs_f64()).sum();
        let mut requirement_means: Vec<(&'static str, f64)> = Vec::new();
        for r in runs {
            for (i, (name, count)) in boards::violations(game, &r.tiles, scoring)
                .into_iter()
                .enumerate()
            {
                match requirement_means.get_mut(i) {
                    Some(slot) => slot.1 += count as f64,
                    None => requirement_means.push((name, count as f64)),
                }
            }
        }
        for slot in &mut requirement_means {
            slot.1 /= runs.len() as f64;
        }
        let at = |i: usize| -> Vec<f64> { runs.iter().map(|r| r.samples[i]).collect() };
        let checkpoints = checkpoints
            .iter()
            .filter_map(|&s| {
                let i = grid_ms.iter().position(|&g| g == s * 1000.0)?;
                Some(Checkpoint {
                    seconds: s,
                    scores: at(i),
                })
            })
            .collect();
        let curve = grid_ms
            .iter()
            .enumerate()
            .map(|(i, &g)| {
                let v = at(i);
                LinePoint {
                    x: g / 1000.0,
                    y: mean(&v),
                    spread: sd(&v),
                }
            })
            .collect();
        Summary {
            solved: scores.iter().filter(|&&s| s <= 0.0).count(),
            mean: mean(&scores),
            sd: sd(&scores),
            best: scores.iter().copied().fold(f64::INFINITY, f64::min),
            median_ms: median(&mut ms),
            max_ms: ms.iter().copied().fold(0.0, f64::max),
            mean_ms,
            evals_per_sec: evals as f64 / secs.max(1e-9),
            requirement_means,
            checkpoints,
            curve,
            scores,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn checkpoints_within_the_time_limit_only() {
        assert_eq!(
            parse_checkpoints("60, 20,60,300", 300.0),
            Ok(vec![20.0, 60.0, 300.0])
        );
        let err = parse_checkpoints("20,301", 300.0).unwrap_err();
        assert!(err.to_string().contains("at most 300"), "{err}");
        assert!(parse_checkpoints("0", 300.0).is_err());
        assert!(parse_checkpoints("x", 300.0).is_err());
        assert!(parse_checkpoints("", 300.0).is_err());
    }

    #[test]
    fn the_grid_is_log_spaced_and_holds_the_checkpoints() {
        let g = time_grid(10.0, &[1.0, 5.0, 10.0]);
        assert_eq!(g[0], 1.0);
        assert_eq!(*g.last().unwrap(), 10_000.0);
        assert!(g.windows(2).all(|w| w[0] < w[1]));
        for c in [1000.0, 5000.0] {
            assert!(g.contains(&c));
        }
        assert_eq!(g.len(), GRID_POINTS + 2);
        let short = time_grid(0.002, &[]);
        assert_eq!(short[0], 0.2);
    }
}
