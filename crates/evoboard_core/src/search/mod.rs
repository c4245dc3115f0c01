//! The one search interface shared by every algorithm and every game.
//!
//! A search is an *ask-and-tell stepper*: [`Search::step`] advances one
//! generation (or iteration) and [`Search::best`] reports the best solution
//! found so far. The CLI, the benchmarks and the app runtime all drive a
//! `Box<dyn Search<Solution = …>>` the same way, so an algorithm never needs
//! special cases in any of them. A search owns its seeded RNG: the same seed
//! and the same number of steps give the same result.

pub mod decode;

/// Whether a search drives its score down (violations) or up (fitness).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Objective {
    /// Lower is better; 0 is a perfect solution (hex-board violations).
    Minimize,
    /// Higher is better (a GA fitness).
    Maximize,
}

/// What one step reports.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Progress {
    /// Generations/iterations completed so far.
    pub generation: u64,
    /// Candidate evaluations so far (full or incremental).
    pub evaluations: u64,
    /// Score of the best solution so far.
    pub best: f64,
    /// Mean score of the current population/iteration (equals `best` for
    /// single-point searches), for the app's plot.
    pub mean: f64,
    /// Whether this step improved the best solution.
    pub improved: bool,
}

impl Progress {
    /// The report before the first step: generation 0, `best` and `mean`
    /// both `score`.
    pub fn start(evaluations: u64, score: f64) -> Progress {
        Progress {
            generation: 0,
            evaluations,
            best: score,
            mean: score,
            improved: true,
        }
    }

    /// The report of the next generation: one more generation, with the
    /// given figures.
    pub fn next(&self, evaluations: u64, best: f64, mean: f64, improved: bool) -> Progress {
        Progress {
            generation: self.generation + 1,
            evaluations,
            best,
            mean,
            improved,
        }
    }
}

/// An ask-and-tell search over solutions of type `Solution`.
pub trait Search: Send {
    /// The solution type (a board, a dungeon, a coefficient vector).
    type Solution;

    /// Short algorithm name as on the command line (`best`, `brkga`, …).
    fn name(&self) -> &'static str;

    /// Whether the score is minimised or maximised.
    fn objective(&self) -> Objective {
        Objective::Minimize
    }

    /// Advance one generation/iteration.
    fn step(&mut self) -> Progress;

    /// The best solution so far and its score.
    fn best(&self) -> (&Self::Solution, f64);

    /// The latest progress figures (without stepping).
    fn progress(&self) -> Progress;

    /// Whether the best score can no longer improve (a perfect solution).
    fn is_solved(&self) -> bool {
        false
    }
}

/// Run a search until it is solved, reaches `target` (for minimisation: a
/// score `<= target`), or `time_limit` passes. Returns the elapsed time of
/// the last improvement.
pub fn run_until<S: Search + ?Sized>(
    search: &mut S,
    target: f64,
    time_limit: std::time::Duration,
    mut on_step: impl FnMut(&Progress),
) -> RunSummary {
    run_while(search, target, time_limit, |p| {
        on_step(p);
        true
    })
}

/// [`run_until`] that also stops as soon as `on_step` returns `false`
/// after a step (a caller's cancel flag, a generation limit).
pub fn run_while<S: Search + ?Sized>(
    search: &mut S,
    target: f64,
    time_limit: std::time::Duration,
    mut on_step: impl FnMut(&Progress) -> bool,
) -> RunSummary {
    let start = std::time::Instant::now();
    let mut to_best = start.elapsed();
    let reached = |p: &Progress, obj: Objective| match obj {
        Objective::Minimize => p.best <= target,
        Objective::Maximize => p.best >= target,
    };
    let obj = search.objective();
    let mut p = search.progress();
    let mut go_on = true;
    while go_on && !(search.is_solved() || reached(&p, obj)) && start.elapsed() < time_limit {
        p = search.step();
        if p.improved {
            to_best = start.elapsed();
        }
        go_on = on_step(&p);
    }
    RunSummary {
        elapsed: start.elapsed(),
        to_best,
        progress: p,
    }
}

/// The outcome of [`run_until`] and [`run_while`].
#[derive(Clone, Copy, Debug)]
pub struct RunSummary {
    /// Wall time of the whole run.
    pub elapsed: std::time::Duration,
    /// Wall time when the best solution was found.
    pub to_best: std::time::Duration,
    /// The last progress report.
    pub progress: Progress,
}
