//! A search a screen or a game animates: a [`SearchRun`] owns the search
//! and the pacing every animated run needs, ticked once a frame like a
//! Bevy `Timer`. Playing, the search steps on its own thread (a
//! [`SearchRunner`]): at `steps_per_second` (a tenth of a second of steps
//! may be owed, at least two, the rest is dropped so the animation never
//! jumps) or, at 0, as fast as it goes. Paused, or when its screen is away
//! ([`SearchRun::rest`]), the thread stops after its current step and the
//! search is home again, to step by hand or read. A solved search comes
//! home by itself. What the thread did arrives as a [`RunReport`] from
//! [`SearchRun::tick`], and the main-thread time of the tick is added to
//! [`JobFrameTime`]. A search that panics on its thread ends the run with
//! [`SearchRun::crashed`] set (a bug to show, never a panic in the game).
//!
//! ```
//! use bevy_evoboard::{JobFrameTime, SearchRun};
//! use evoboard_core::boards::{self, Algorithm, BoardGame, Params, Scoring};
//! use std::time::Duration;
//!
//! let game = BoardGame::TerraMystica;
//! let params = Params::defaults(boards::param_specs(game, Algorithm::Best));
//! let search = boards::make_search(game, Algorithm::Best, &params, Scoring::default(), 5);
//! let mut run = SearchRun::new(search, |s| s.best().1);
//! let mut frame = JobFrameTime::default();
//! run.set_speed(0.0); // as fast as it goes
//! run.play();
//! let mut best = None;
//! while run.is_playing() {
//!     // A Bevy system ticks once a frame with `time.delta()`.
//!     let report = run.tick(Duration::from_millis(16), &mut frame);
//!     best = report.snapshot.or(best);
//!     std::thread::yield_now();
//! }
//! // Solved and home; its last best was reported as it came home.
//! let search = run.search_mut().expect("home");
//! assert!(search.is_solved());
//! assert_eq!(best, Some(search.best().1));
//! ```

use super::frame_time::JobFrameTime;
use super::job::JobPanicked;
use super::runner::{Pace, RunReport, SearchRunner};
use evoboard_core::search::Search;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

/// What a run draws, made from the search on its thread.
type Snapshot<S, V> = Arc<dyn Fn(&S) -> V + Send + Sync>;

/// A search with its pacing, ticked once a frame like a `Timer`
/// ([`SearchRun::tick`]): playing, it steps on its own thread at
/// [`SearchRun::set_speed`] steps a second (at most a tenth of a second's
/// steps owed, at least two) or as fast as it goes at 0; paused or resting
/// ([`SearchRun::rest`], its screen away), the search is home
/// ([`SearchRun::search_mut`]); a solved search comes home by itself.
pub struct SearchRun<S: Search + ?Sized + 'static, V: Send + 'static> {
    /// The search while no thread has it.
    home: Option<Mutex<Box<S>>>,
    /// The search's thread and its pace, while it plays.
    runner: Option<(SearchRunner<S, V>, Pace)>,
    snapshot: Snapshot<S, V>,
    every_step: bool,
    /// The most steps owed at once, when set (else a tenth of a second's).
    backlog: Option<u64>,
    playing: bool,
    steps_per_second: f32,
    /// Steps owed by the pacing.
    owed: f32,
    /// Why the search is gone: it panicked on its thread.
    crashed: Option<JobPanicked>,
}

impl<S: Search + ?Sized + 'static, V: Send + 'static> SearchRun<S, V> {
    /// A paused run of `search`; `snapshot` makes what is drawn (after an
    /// improving step, and when the search comes home). It plays at 5
    /// steps a second until [`SearchRun::set_speed`].
    pub fn new(search: Box<S>, snapshot: impl Fn(&S) -> V + Send + Sync + 'static) -> Self {
        SearchRun {
            home: Some(Mutex::new(search)),
            runner: None,
            snapshot: Arc::new(snapshot),
            every_step: false,
            backlog: None,
            playing: false,
            steps_per_second: 5.0,
            owed: 0.0,
            crashed: None,
        }
    }

    /// The same run with a snapshot after every step (a search whose
    /// drawing changes every generation), not only improving ones.
    pub fn every_step(mut self) -> Self {
        self.every_step = true;
        self
    }

    /// The same run owing at most `steps` steps at once, whatever the
    /// speed (a run whose every stage should be seen: two).
    pub fn with_backlog(mut self, steps: u64) -> Self {
        self.backlog = Some(steps.max(1));
        self
    }

    /// Steps per second while playing; 0 (or less) is as fast as it goes.
    pub fn set_speed(&mut self, steps_per_second: f32) {
        self.steps_per_second = steps_per_second;
    }

    /// Play from the next tick (a solved search stays home).
    pub fn play(&mut self) {
        self.playing = true;
    }

    /// Stop playing: the next tick brings the search home.
    pub fn pause(&mut self) {
        self.playing = false;
    }

    /// Why the run ended without its search: the search panicked on its
    /// thread (a bug in it). The run then never plays again.
    pub fn crashed(&self) -> Option<&JobPanicked> {
        self.crashed.as_ref()
    }

    /// Whether it plays (false once the search is solved).
    pub fn is_playing(&self) -> bool {
        self.playing
    }

    /// The thread stepping the search, while it plays.
    pub fn thread_id(&self) -> Option<std::thread::ThreadId> {
        self.runner.as_ref()?.0.thread_id()
    }

    /// The search, when it is home (paused, resting or solved); `None`
    /// while its thread has it.
    pub fn search_mut(&mut self) -> Option<&mut S> {
        Some(&mut **self.home.as_mut()?.get_mut().ok()?)
    }

    /// Read the search when it is home.
    pub fn with_search<R>(&self, read: impl FnOnce(&S) -> R) -> Option<R> {
        let home = self.home.as_ref()?.lock().ok()?;
        Some(read(&home))
    }

    /// The pace for the speed: a tenth of a second of steps may be owed,
    /// at least two (or the run's own backlog).
    fn pace(&self) -> Pace {
        if self.steps_per_second > 0.0 {
            let tenth = (self.steps_per_second * 0.1).ceil().max(2.0) as u64;
            Pace::Paced {
                backlog: self.backlog.unwrap_or(tenth),
            }
        } else {
            Pace::Unpaced
        }
    }

    /// Advance one frame of `delta`: start, re-pace or rest the thread as
    /// the run's state says, hand out the steps the pace allows, and
    /// return what the thread did since the last tick.
    pub fn tick(&mut self, delta: Duration, frame: &mut JobFrameTime) -> RunReport<V> {
        let t = Instant::now();
        let busy = self.playing || self.runner.is_some();
        let report = self.advance(delta);
        frame.add(t.elapsed(), busy);
        report
    }

    fn advance(&mut self, delta: Duration) -> RunReport<V> {
        if self.crashed.is_some() {
            self.playing = false;
        }
        if !self.playing {
            return self.rest();
        }
        let pace = self.pace();
        let mut report = RunReport::default();
        if self.runner.as_ref().is_some_and(|(_, p)| *p != pace) {
            report = self.rest();
        }
        if self.runner.is_none() {
            let Some(home) = self.home.take() else {
                return report;
            };
            let search = home.into_inner().unwrap_or_else(|e| e.into_inner());
            if search.is_solved() {
                self.home = Some(Mutex::new(search));
                self.playing = false;
                return report;
            }
            let make = Arc::clone(&self.snapshot);
            let runner = if self.every_step {
                SearchRunner::start_every_step(search, pace, move |s: &S| make(s))
            } else {
                SearchRunner::start(search, pace, move |s: &S| make(s))
            };
            self.runner = Some((runner, pace));
            self.owed = 0.0;
        }
        let Some((runner, _)) = &self.runner else {
            return report;
        };
        if let Pace::Paced { backlog } = pace {
            self.owed =
                (self.owed + delta.as_secs_f32() * self.steps_per_second).min(backlog as f32);
            let steps = self.owed.floor();
            if steps >= 1.0 {
                runner.allow(steps as u64);
                self.owed -= steps;
            }
        }
        merge(&mut report, runner.take_report());
        if report.solved || runner.is_done() {
            self.playing = false;
            let last = self.rest();
            merge(&mut report, last);
        }
        report
    }

    /// Bring the search home (its thread stops after its current step):
    /// what it did since the last tick, with a snapshot of the search as
    /// it came home. Nothing when it was home already. Call it when the
    /// screen showing the run goes away; [`SearchRun::play`] again resumes.
    pub fn rest(&mut self) -> RunReport<V> {
        let Some((runner, _)) = self.runner.take() else {
            return RunReport::default();
        };
        let (search, mut report) = runner.finish();
        match search {
            Ok(search) => {
                report.snapshot = Some((self.snapshot)(&*search));
                report.solved = search.is_solved();
                self.home = Some(Mutex::new(search));
            }
            Err(panic) => {
                self.playing = false;
                self.crashed = Some(panic);
            }
        }
        report
    }
}

/// Add `later` to `report`: steps and time add up, the later snapshot
/// wins, solved stays.
fn merge<V>(report: &mut RunReport<V>, later: RunReport<V>) {
    report.steps.extend(later.steps);
    report.search_time += later.search_time;
    report.solved |= later.solved;
    if later.snapshot.is_some() {
        report.snapshot = later.snapshot;
    }
}

impl<S: Search + ?Sized + 'static, V: Send + 'static> std::fmt::Debug for SearchRun<S, V> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("SearchRun")
            .field("playing", &self.playing)
            .field("steps_per_second", &self.steps_per_second)
            .field("away", &self.runner.is_some())
            .finish()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::runner::tests::Count;
    use evoboard_core::search::Progress;

    fn count(goal: u64) -> Box<Count> {
        Box::new(crate::runner::tests::count(goal))
    }

    #[test]
    fn a_paced_run_steps_as_the_seconds_allow() {
        let mut run = SearchRun::new(count(u64::MAX), |c: &Count| c.n);
        run.set_speed(10.0);
        run.play();
        let mut frame = JobFrameTime::default();
        let mut steps = 0;
        // One second of frames at 10 steps a second: ten steps, no more.
        for _ in 0..10 {
            steps += run.tick(Duration::from_millis(100), &mut frame).steps.len();
            std::thread::sleep(Duration::from_millis(5));
        }
        run.pause();
        steps += run.tick(Duration::ZERO, &mut frame).steps.len();
        let n = run.search_mut().expect("paused: home").n;
        assert_eq!(n as usize, steps, "every step reported");
        assert!((8..=10).contains(&n), "{n} steps for one second at 10/s");
        assert!(frame.current_busy);
    }

    #[test]
    fn a_long_frame_owes_at_most_the_backlog() {
        let mut run = SearchRun::new(count(u64::MAX), |c: &Count| c.n);
        run.set_speed(5.0);
        run.play();
        let mut frame = JobFrameTime::default();
        run.tick(Duration::from_secs(10), &mut frame);
        std::thread::sleep(Duration::from_millis(50));
        let report = run.rest();
        assert_eq!(report.snapshot, Some(2), "ten seconds late, two steps");
    }

    #[test]
    fn resting_brings_the_search_home_and_play_resumes() {
        let mut run = SearchRun::new(count(300), |c: &Count| c.n);
        run.set_speed(0.0);
        run.play();
        let mut frame = JobFrameTime::default();
        run.tick(Duration::ZERO, &mut frame);
        assert!(run.thread_id().is_some() || !run.is_playing());
        run.rest();
        assert!(run.search_mut().is_some(), "home after rest");
        while run.is_playing() {
            run.tick(Duration::ZERO, &mut frame);
            std::thread::yield_now();
        }
        assert_eq!(run.search_mut().map(|c| c.n), Some(300));
        assert!(run.thread_id().is_none());
    }

    /// Panics at its third step.
    struct Fragile(Count);

    impl Search for Fragile {
        type Solution = u64;
        fn name(&self) -> &'static str {
            "fragile"
        }
        fn step(&mut self) -> Progress {
            assert!(self.0.n < 2, "the third step breaks");
            self.0.step()
        }
        fn best(&self) -> (&u64, f64) {
            self.0.best()
        }
        fn progress(&self) -> Progress {
            self.0.progress()
        }
        fn is_solved(&self) -> bool {
            false
        }
    }

    #[test]
    fn a_panicking_search_ends_the_run_without_a_panic_here() {
        let mut run = SearchRun::new(
            Box::new(Fragile(crate::runner::tests::count(u64::MAX))),
            |f: &Fragile| f.0.n,
        );
        run.set_speed(0.0);
        run.play();
        let mut frame = JobFrameTime::default();
        for _ in 0..5000 {
            run.tick(Duration::ZERO, &mut frame);
            if !run.is_playing() {
                break;
            }
            std::thread::sleep(Duration::from_millis(1));
        }
        assert!(!run.is_playing());
        let why = run.crashed().expect("the panic is kept");
        assert!(why.0.contains("the third step breaks"), "{why:?}");
        assert!(run.search_mut().is_none());
    }
}
