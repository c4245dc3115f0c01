//! Any [`Search`] run off the main thread: a [`SearchRunner`] moves the
//! search onto its own thread and steps it there, either *paced* (only as
//! many steps as the frame allows with [`SearchRunner::allow`], so an
//! evolution animates generation by generation) or *unpaced* (as fast as
//! it goes). The frame never steps: it only hands out permits and takes
//! in a [`RunReport`] (every step's [`Progress`], the latest snapshot of
//! what to draw, whether the search is solved). The runner is a plain
//! value, so it fits in a component or a resource; dropping it (the
//! entity despawned, the component removed) stops the thread after its
//! current step. [`SearchRunner::into_search`] stops it and gives the
//! search back, to step by hand or to run again later.
//!
//! ```
//! use evoboard_core::boards::{self, Algorithm, BoardGame, Params, Scoring};
//! use bevy_evoboard::{Pace, SearchRunner};
//!
//! let game = BoardGame::TerraMystica;
//! let params = Params::defaults(boards::param_specs(game, Algorithm::Best));
//! let search = boards::make_search(game, Algorithm::Best, &params, Scoring::default(), 5);
//! // Unpaced: it steps on its own thread; the snapshot is the best board.
//! let runner = SearchRunner::start(search, Pace::Unpaced, |s| s.best().0.clone());
//! let mut best = None;
//! while !runner.is_done() {
//!     // A Bevy system would take the report once a frame.
//!     let report = runner.take_report();
//!     best = report.snapshot.or(best);
//!     std::thread::yield_now();
//! }
//! let report = runner.take_report();
//! assert!(report.solved);
//! let search = runner.into_search();
//! assert_eq!(Some(search.best().0.clone()), report.snapshot.or(best));
//! ```
//!
//! Paced, the frame allows a few steps at a time:
//!
//! ```
//! # use evoboard_core::boards::{self, Algorithm, BoardGame, Params, Scoring};
//! # use bevy_evoboard::{Pace, SearchRunner};
//! # let game = BoardGame::TerraMystica;
//! # let params = Params::defaults(boards::param_specs(game, Algorithm::Best));
//! # let search = boards::make_search(game, Algorithm::Best, &params, Scoring::default(), 5);
//! let runner = SearchRunner::start(search, Pace::Paced { backlog: 2 }, |s| s.best().1);
//! runner.allow(2);
//! let mut steps = Vec::new();
//! while steps.len() < 2 {
//!     steps.extend(runner.take_report().steps);
//!     std::thread::yield_now();
//! }
//! assert_eq!(steps[1].generation, 2);
//! assert_eq!(runner.into_search().progress().generation, 2, "no step without a permit");
//! ```

use super::job::JobPanicked;
use evoboard_core::search::{Progress, Search};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Condvar, Mutex};
use std::thread::{JoinHandle, ThreadId};
use std::time::{Duration, Instant};

/// How a [`SearchRunner`] steps.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Pace {
    /// Only the steps the frame allows ([`SearchRunner::allow`]), never
    /// more than `backlog` allowed and not yet taken.
    Paced {
        /// The most steps owed at once (a slow search drops the rest, so
        /// the animation never jumps).
        backlog: u64,
    },
    /// As fast as it goes.
    Unpaced,
}

/// What the runner's thread reported since the last
/// [`SearchRunner::take_report`].
#[derive(Debug)]
pub struct RunReport<V> {
    /// Every step's progress, in order.
    pub steps: Vec<Progress>,
    /// The latest snapshot, when the search changed since the last one
    /// was taken (unpaced runs make one only when the last was taken).
    pub snapshot: Option<V>,
    /// Whether the search is solved (the thread has stopped).
    pub solved: bool,
    /// Time spent inside `step()`.
    pub search_time: Duration,
}

impl<V> Default for RunReport<V> {
    fn default() -> Self {
        RunReport {
            steps: Vec::new(),
            snapshot: None,
            solved: false,
            search_time: Duration::ZERO,
        }
    }
}

/// What the thread and the frame share.
struct Shared<V> {
    stop: AtomicBool,
    /// The thread has stopped by itself (solved).
    done: AtomicBool,
    /// The frame took the last snapshot: make another.
    wanted: AtomicBool,
    permits: Mutex<u64>,
    wake: Condvar,
    report: Mutex<RunReport<V>>,
}

/// A search stepping on its own thread, paced or not, until it is solved,
/// stopped or dropped: a paced run steps only as the frame allows
/// ([`SearchRunner::allow`]), an unpaced one as fast as it goes; the frame
/// reads [`SearchRunner::take_report`], and dropping the runner stops its thread.
pub struct SearchRunner<S: Search + ?Sized + 'static, V: Send + 'static> {
    shared: Arc<Shared<V>>,
    pace: Pace,
    thread: Option<JoinHandle<Box<S>>>,
}

impl<S: Search + ?Sized + 'static, V: Send + 'static> SearchRunner<S, V> {
    /// Move `search` onto a new thread and run it at `pace`; `snapshot`
    /// makes what the frame draws (a board, a score) on that thread, after
    /// an improving step, and once before the first step.
    pub fn start(
        search: Box<S>,
        pace: Pace,
        snapshot: impl FnMut(&S) -> V + Send + 'static,
    ) -> Self {
        Self::start_with(search, pace, false, snapshot)
    }

    /// [`SearchRunner::start`] with a snapshot after every step, not only
    /// improving ones (a search whose drawing changes every generation).
    pub fn start_every_step(
        search: Box<S>,
        pace: Pace,
        snapshot: impl FnMut(&S) -> V + Send + 'static,
    ) -> Self {
        Self::start_with(search, pace, true, snapshot)
    }

    fn start_with(
        search: Box<S>,
        pace: Pace,
        every_step: bool,
        mut snapshot: impl FnMut(&S) -> V + Send + 'static,
    ) -> Self {
        let mut search = search;
        let shared = Arc::new(Shared {
            stop: AtomicBool::new(false),
            done: AtomicBool::new(false),
            wanted: AtomicBool::new(false),
            permits: Mutex::new(0),
            wake: Condvar::new(),
            report: Mutex::new(RunReport {
                snapshot: Some(snapshot(&*search)),
                solved: search.is_solved(),
                ..RunReport::default()
            }),
        });
        let out = Arc::clone(&shared);
        let paced = matches!(pace, Pace::Paced { .. });
        let thread = std::thread::Builder::new()
            .name(format!("{} search", search.name()))
            .spawn(move || {
                let mut stale = false;
                while !out.stop.load(Ordering::Relaxed) && !search.is_solved() {
                    if paced && !out.take_permit() {
                        break;
                    }
                    let t = Instant::now();
                    let p = search.step();
                    let took = t.elapsed();
                    stale |= p.improved || every_step;
                    let solved = search.is_solved();
                    // The frame asks for a snapshot by taking the last one.
                    let view = (stale && (paced || solved || out.wanted.load(Ordering::Relaxed)))
                        .then(|| snapshot(&*search));
                    let Ok(mut r) = out.report.lock() else { break };
                    r.steps.push(p);
                    r.search_time += took;
                    r.solved = solved;
                    if view.is_some() {
                        r.snapshot = view;
                        stale = false;
                        // Under the lock, so a snapshot taken meanwhile
                        // cannot be missed.
                        out.wanted.store(false, Ordering::Relaxed);
                    }
                }
                if stale {
                    let view = snapshot(&*search);
                    if let Ok(mut r) = out.report.lock() {
                        r.snapshot = Some(view);
                    }
                }
                out.done.store(search.is_solved(), Ordering::Release);
                search
            })
            .expect("cannot start a search thread");
        SearchRunner {
            shared,
            pace,
            thread: Some(thread),
        }
    }

    /// Allow a paced run `steps` more steps (up to its backlog); an
    /// unpaced run ignores it.
    pub fn allow(&self, steps: u64) {
        if let Pace::Paced { backlog } = self.pace
            && steps > 0
            && let Ok(mut p) = self.shared.permits.lock()
        {
            *p = (*p + steps).min(backlog.max(1));
            self.shared.wake.notify_one();
        }
    }

    /// Steps allowed and not yet taken by the thread (paced runs).
    pub fn pending(&self) -> u64 {
        self.shared.permits.lock().map_or(0, |p| *p)
    }

    /// What the thread reported since the last call: the steps, the
    /// search time and the latest snapshot are taken; `solved` stays.
    pub fn take_report(&self) -> RunReport<V> {
        let Ok(mut r) = self.shared.report.lock() else {
            return RunReport::default();
        };
        let report = RunReport {
            steps: std::mem::take(&mut r.steps),
            snapshot: r.snapshot.take(),
            solved: r.solved,
            search_time: std::mem::take(&mut r.search_time),
        };
        if report.snapshot.is_some() {
            self.shared.wanted.store(true, Ordering::Relaxed);
        }
        report
    }

    /// Whether the thread stopped by itself: the search is solved. Take
    /// the last report, then [`SearchRunner::into_search`].
    pub fn is_done(&self) -> bool {
        self.shared.done.load(Ordering::Acquire)
            || self.thread.as_ref().is_some_and(|t| t.is_finished())
    }

    /// The thread stepping the search, while it runs.
    pub fn thread_id(&self) -> Option<ThreadId> {
        let t = self.thread.as_ref()?;
        (!t.is_finished()).then(|| t.thread().id())
    }

    /// Stop the thread after its current step and give the search back
    /// (whatever it reported and was not taken is dropped: take the report
    /// first). Panics if the search panicked.
    pub fn into_search(mut self) -> Box<S> {
        self.signal_stop();
        let thread = self.thread.take().expect("a runner has its thread");
        match thread.join() {
            Ok(search) => search,
            Err(panic) => std::panic::resume_unwind(panic),
        }
    }

    /// Stop the thread after its current step; give back the search (or
    /// why it panicked) and everything the thread reported that was not
    /// taken, with no step lost between the two.
    pub fn finish(mut self) -> (Result<Box<S>, JobPanicked>, RunReport<V>) {
        self.signal_stop();
        let thread = self.thread.take().expect("a runner has its thread");
        let search = thread.join().map_err(|panic| {
            let text = panic
                .downcast_ref::<&str>()
                .map(|s| s.to_string())
                .or_else(|| panic.downcast_ref::<String>().cloned());
            JobPanicked(text.unwrap_or_default())
        });
        (search, self.take_report())
    }

    fn signal_stop(&self) {
        self.shared.stop.store(true, Ordering::Relaxed);
        let _lock = self.shared.permits.lock();
        self.shared.wake.notify_all();
    }
}

impl<V> Shared<V> {
    /// Wait for a permit; false when told to stop.
    fn take_permit(&self) -> bool {
        let Ok(mut p) = self.permits.lock() else {
            return false;
        };
        while *p == 0 {
            if self.stop.load(Ordering::Relaxed) {
                return false;
            }
            p = match self.wake.wait(p) {
                Ok(p) => p,
                Err(_) => return false,
            };
        }
        if self.stop.load(Ordering::Relaxed) {
            return false;
        }
        *p -= 1;
        true
    }
}

impl<S: Search + ?Sized + 'static, V: Send + 'static> Drop for SearchRunner<S, V> {
    fn drop(&mut self) {
        // The thread ends after its current step; nobody waits for it.
        self.signal_stop();
    }
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;
    use evoboard_core::search::Progress;

    /// Counts up; solved at `goal` (the searches of the plugin's tests).
    pub(crate) struct Count {
        pub(crate) n: u64,
        pub(crate) goal: u64,
        pub(crate) p: Progress,
    }

    impl Search for Count {
        type Solution = u64;
        fn name(&self) -> &'static str {
            "count"
        }
        fn step(&mut self) -> Progress {
            self.n += 1;
            self.p = self.p.next(self.n, self.n as f64, self.n as f64, true);
            self.p
        }
        fn best(&self) -> (&u64, f64) {
            (&self.n, self.n as f64)
        }
        fn progress(&self) -> Progress {
            self.p
        }
        fn is_solved(&self) -> bool {
            self.n >= self.goal
        }
    }

    pub(crate) fn count(goal: u64) -> Count {
        Count {
            n: 0,
            goal,
            p: Progress::start(0, 0.0),
        }
    }

    #[test]
    fn an_unpaced_run_reports_every_step_and_stops_solved() {
        let runner = SearchRunner::start(Box::new(count(500)), Pace::Unpaced, |c: &Count| c.n);
        let mut steps = Vec::new();
        while !runner.is_done() {
            steps.extend(runner.take_report().steps);
            std::thread::yield_now();
        }
        let last = runner.take_report();
        steps.extend(last.steps);
        assert!(last.solved);
        assert_eq!(steps.len(), 500);
        assert!(
            steps
                .iter()
                .enumerate()
                .all(|(i, p)| p.generation == i as u64 + 1)
        );
        assert_eq!(runner.into_search().n, 500);
    }

    #[test]
    fn a_paced_run_takes_only_its_permits_and_caps_the_backlog() {
        let runner =
            SearchRunner::start(Box::new(count(u64::MAX)), Pace::Paced { backlog: 3 }, |c| {
                c.n
            });
        assert_eq!(runner.take_report().snapshot, Some(0), "a first snapshot");
        runner.allow(10);
        let mut seen = 0;
        while seen < 3 {
            let r = runner.take_report();
            seen += r.steps.len();
            if let Some(n) = r.snapshot {
                assert!(n <= 3);
            }
            std::thread::yield_now();
        }
        std::thread::sleep(Duration::from_millis(20));
        assert!(
            runner.take_report().steps.is_empty(),
            "three permits, three steps"
        );
        assert_eq!(runner.pending(), 0);
        assert_eq!(runner.into_search().n, 3);
    }

    #[test]
    fn dropping_a_runner_stops_its_thread() {
        let runner = SearchRunner::start(Box::new(count(u64::MAX)), Pace::Unpaced, |_| ());
        let shared = Arc::clone(&runner.shared);
        let probe = Arc::downgrade(&shared);
        drop(shared);
        drop(runner);
        for _ in 0..5000 {
            if probe.upgrade().is_none() {
                return;
            }
            std::thread::sleep(Duration::from_millis(1));
        }
        panic!("the thread still runs");
    }
}
