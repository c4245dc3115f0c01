//! One bench run: a [`BoardRun`] with its score over time recorded (for
//! the CSV) and its best score read at fixed times (for checkpoints and
//! the mean curve), without slowing a step down.

use crate::boards::{BoardError, BoardRun};
use std::time::Duration;

/// Grid points of a traced run's score-over-time curve (besides every
/// improvement).
pub const TRACE_POINTS: u32 = 50;

/// How one bench run ended, with its score over time.
#[derive(Clone, Debug, PartialEq)]
pub struct SampledRun {
    /// The best tiles.
    pub tiles: Vec<u8>,
    /// The best score.
    pub score: f64,
    /// Wall time of the run (including building the search, which may
    /// score a first population).
    pub elapsed: Duration,
    /// Wall time when the best was found (same origin).
    pub to_best: Duration,
    /// Evaluations made.
    pub evaluations: u64,
    /// Generations made.
    pub generations: u64,
    /// Score over time `(ms, score)`: the start, every improvement, a fixed
    /// grid of [`TRACE_POINTS`] points and the end (empty unless traced).
    pub trace: Vec<(f64, f64)>,
    /// The best score at each time of the grid given to [`run_sampled`]
    /// (one per grid point, same order; empty otherwise). A point before
    /// the first board was scored takes that first score (the run's score
    /// at time 0); a point at or after the time limit, or after the run
    /// reached its target, takes the final score (the last step may end a
    /// little after the limit).
    pub samples: Vec<f64>,
}

/// Run `run` ([`BoardRun::run`]), recording the score over time when
/// `traced` and the best score at each time of `grid_ms` (milliseconds
/// from the start, ascending) in [`SampledRun::samples`]. Sampling happens
/// between steps (the score at a time is the best known when that time
/// passed), so it never slows a step down.
///
/// ```
/// use evoboard_core::boards::bench::run_sampled;
/// use evoboard_core::boards::{Algorithm, BoardGame, BoardRun};
/// use std::time::Duration;
/// let mut run = BoardRun::new(BoardGame::Catan, Algorithm::Best, 1);
/// run.time_limit = Duration::from_millis(200);
/// let done = run_sampled(&run, true, &[1.0, 200.0])?;
/// assert_eq!(done.samples.len(), 2);
/// assert_eq!(done.samples[1], done.score);
/// assert!(done.trace.len() >= 2);
/// # Ok::<(), evoboard_core::boards::BoardError>(())
/// ```
pub fn run_sampled(
    run: &BoardRun,
    traced: bool,
    grid_ms: &[f64],
) -> Result<SampledRun, BoardError> {
    let mut trace = Vec::new();
    let ms = |t: Duration| t.as_secs_f64() * 1000.0;
    let time_limit = run.time_limit.as_secs_f64();
    let tick = time_limit * 1000.0 / TRACE_POINTS as f64;
    let mut next_tick = tick;
    // Points passed while the search was built take its first score.
    let mut samples = Vec::with_capacity(grid_ms.len());
    let limit_ms = time_limit * 1000.0;
    let mut last = None;
    let done = run.run(|p, at| {
        let Some(before) = last else {
            // The search is built: its first score.
            if traced {
                trace.push((ms(at), p.best));
            }
            last = Some(p.best);
            return true;
        };
        if !traced && samples.len() == grid_ms.len() {
            return true;
        }
        let now = ms(at);
        // Every grid time passed during this step saw the best before
        // it; the time limit itself and later take the final score.
        while samples.len() < grid_ms.len()
            && grid_ms[samples.len()] < now
            && grid_ms[samples.len()] < limit_ms
        {
            samples.push(before);
        }
        last = Some(p.best);
        if !traced {
            return true;
        }
        if p.improved {
            trace.push((now, p.best));
        }
        if now >= next_tick {
            if !p.improved {
                trace.push((now, p.best));
            }
            while next_tick <= now {
                next_tick += tick;
            }
        }
        true
    })?;
    if traced {
        trace.push((ms(done.elapsed), done.score));
    }
    // The run stopped (time limit or target): later points keep its score.
    samples.resize(grid_ms.len(), done.score);
    Ok(SampledRun {
        tiles: done.tiles,
        score: done.score,
        elapsed: done.elapsed,
        to_best: done.to_best,
        evaluations: done.progress.evaluations,
        generations: done.progress.generation,
        trace,
        samples,
    })
}
