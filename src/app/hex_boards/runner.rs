//! The background thread of an unpaced hex-board run: it steps the search
//! until stopped or solved and leaves its figures and best board for the
//! frame to take in.

use crate::boards::BoardSearch;
use crate::search::Progress;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

/// What the background thread of an unpaced run reports to the frame.
#[derive(Default)]
pub(super) struct RunnerReport {
    /// The steps' progress, in order.
    pub(super) steps: Vec<Progress>,
    /// The best board after the last improving step.
    pub(super) best: Option<Vec<u8>>,
    /// Whether the search reached a perfect board.
    pub(super) solved: bool,
    /// Time spent inside `step()`.
    pub(super) search_time: Duration,
}

/// An unpaced run stepping on its own thread until it is stopped or
/// solved. Dropping it stops the thread after its current step.
pub(super) struct Runner {
    stop: Arc<AtomicBool>,
    report: Arc<Mutex<RunnerReport>>,
    thread: Option<std::thread::JoinHandle<()>>,
}

impl Runner {
    pub(super) fn start(search: Arc<Mutex<BoardSearch>>) -> Runner {
        let stop = Arc::new(AtomicBool::new(false));
        let report = Arc::new(Mutex::new(RunnerReport::default()));
        let (flag, out) = (Arc::clone(&stop), Arc::clone(&report));
        let thread = std::thread::Builder::new()
            .name("hex-board search".into())
            .spawn(move || {
                while !flag.load(Ordering::Relaxed) {
                    let t = Instant::now();
                    let Ok(mut s) = search.lock() else { return };
                    let p = s.step();
                    let solved = s.is_solved();
                    let best = p.improved.then(|| s.best().0.clone());
                    drop(s);
                    let Ok(mut r) = out.lock() else { return };
                    r.search_time += t.elapsed();
                    r.steps.push(p);
                    if best.is_some() {
                        r.best = best;
                    }
                    r.solved = solved;
                    if solved {
                        return;
                    }
                }
            })
            .ok();
        Runner {
            stop,
            report,
            thread,
        }
    }

    pub(super) fn is_finished(&self) -> bool {
        self.thread.as_ref().is_none_or(|t| t.is_finished())
    }
}

impl Runner {
    /// Take what the thread reported since the last call (the steps, the
    /// last best board, the search time; `solved` stays).
    pub(super) fn take_report(&self) -> Option<RunnerReport> {
        let mut r = self.report.lock().ok()?;
        Some(RunnerReport {
            steps: std::mem::take(&mut r.steps),
            best: r.best.take(),
            solved: r.solved,
            search_time: std::mem::take(&mut r.search_time),
        })
    }

    /// The thread stepping the search, while it runs.
    pub(super) fn thread_id(&self) -> Option<std::thread::ThreadId> {
        let t = self.thread.as_ref()?;
        (!t.is_finished()).then(|| t.thread().id())
    }
}

impl Drop for Runner {
    fn drop(&mut self) {
        self.stop.store(true, Ordering::Relaxed);
        // Wait for the current step so the search is free again (a step
        // takes microseconds to a few milliseconds).
        if let Some(t) = self.thread.take() {
            let _ = t.join();
        }
    }
}
