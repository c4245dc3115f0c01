//! One-off work off the main thread: a [`Job<T>`] runs a closure on its
//! own thread and the frame polls it for the result once. It is a plain
//! value, so it fits in a component, a resource or a screen's state;
//! dropping it cancels the job (the closure sees it through its
//! [`Cancel`] flag, and its result is thrown away).
//!
//! ```
//! use bevy_evoboard::Job;
//!
//! let mut job = Job::spawn("sum", || (1..=10u64).sum::<u64>());
//! let total = loop {
//!     // A Bevy system would poll once a frame instead of spinning.
//!     if let Some(result) = job.poll() {
//!         break result.expect("the job did not panic");
//!     }
//!     std::thread::yield_now();
//! };
//! assert_eq!(total, 55);
//! assert!(job.poll().is_none(), "a result is taken once");
//! ```
//!
//! In Bevy, keep it in a component and poll it from a system:
//!
//! ```
//! use bevy::prelude::*;
//! use bevy_evoboard::Job;
//!
//! #[derive(Component)]
//! struct Counting(Job<usize>);
//!
//! fn collect(mut commands: Commands, mut jobs: Query<(Entity, &mut Counting)>) {
//!     for (entity, mut counting) in &mut jobs {
//!         if let Some(Ok(n)) = counting.0.poll() {
//!             info!("counted {n}");
//!             commands.entity(entity).remove::<Counting>();
//!         }
//!     }
//! }
//! # let _ = collect;
//! ```

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};

/// The flag a cancellable job's closure checks: set when the [`Job`] is
/// dropped or [`Job::cancel`] is called.
#[derive(Clone, Debug, Default)]
pub struct Cancel(Arc<AtomicBool>);

impl Cancel {
    /// Whether the job's owner gave up on it.
    pub fn is_cancelled(&self) -> bool {
        self.0.load(Ordering::Relaxed)
    }

    /// The flag itself, for core functions that take `&AtomicBool`
    /// (`level::Recipe::generate`, say).
    pub fn flag(&self) -> &AtomicBool {
        &self.0
    }

    fn set(&self) {
        self.0.store(true, Ordering::Relaxed);
    }
}

/// A job's closure panicked; the message is the panic's, when it was text.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct JobPanicked(pub String);

impl std::fmt::Display for JobPanicked {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "the background job panicked: {}", self.0)
    }
}

impl std::error::Error for JobPanicked {}

/// What a job leaves for its owner.
type Slot<T> = Arc<Mutex<Option<Result<T, JobPanicked>>>>;

/// One piece of work on its own thread, its result polled once. Dropping
/// it cancels the work.
pub struct Job<T> {
    slot: Slot<T>,
    cancel: Cancel,
    taken: bool,
}

impl<T: Send + 'static> Job<T> {
    /// Run `work` on a new thread named `name`.
    pub fn spawn(name: &str, work: impl FnOnce() -> T + Send + 'static) -> Job<T> {
        Job::spawn_cancellable(name, move |_| work())
    }

    /// Run `work` on a new thread named `name`; it may stop early when
    /// its [`Cancel`] flag is set (the result is then thrown away).
    pub fn spawn_cancellable(
        name: &str,
        work: impl FnOnce(&Cancel) -> T + Send + 'static,
    ) -> Job<T> {
        let slot: Slot<T> = Arc::default();
        let cancel = Cancel::default();
        let (out, flag) = (Arc::clone(&slot), cancel.clone());
        let run = move || {
            let result = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| work(&flag)))
                .map_err(|e| {
                    let text = e
                        .downcast_ref::<&str>()
                        .map(|s| s.to_string())
                        .or_else(|| e.downcast_ref::<String>().cloned());
                    JobPanicked(text.unwrap_or_default())
                });
            if let Ok(mut s) = out.lock() {
                *s = Some(result);
            }
        };
        if let Err(e) = std::thread::Builder::new().name(name.into()).spawn(run) {
            *slot.lock().expect("a fresh lock") =
                Some(Err(JobPanicked(format!("cannot start a thread: {e}"))));
        }
        Job {
            slot,
            cancel,
            taken: false,
        }
    }

    /// A job that is already done with `value` (a result known at once,
    /// tests).
    pub fn ready(value: T) -> Job<T> {
        Job {
            slot: Arc::new(Mutex::new(Some(Ok(value)))),
            cancel: Cancel::default(),
            taken: false,
        }
    }
}

impl<T> Job<T> {
    /// The result, the first time it is asked for once the work is done;
    /// `None` while it runs and after the result was taken.
    pub fn poll(&mut self) -> Option<Result<T, JobPanicked>> {
        if self.taken {
            return None;
        }
        let result = self.slot.try_lock().ok()?.take();
        self.taken = result.is_some();
        result
    }

    /// Whether the work still runs (its result not yet ready).
    pub fn is_running(&self) -> bool {
        !self.taken && self.slot.lock().is_ok_and(|s| s.is_none())
    }

    /// Ask the work to stop (a cancellable closure sees its flag).
    pub fn cancel(&self) {
        self.cancel.set();
    }
}

impl<T> std::fmt::Debug for Job<T> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Job")
            .field("running", &self.is_running())
            .field("taken", &self.taken)
            .finish()
    }
}

impl<T> Drop for Job<T> {
    fn drop(&mut self) {
        self.cancel.set();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn wait<T: Send + 'static>(job: &mut Job<T>) -> Result<T, JobPanicked> {
        loop {
            if let Some(r) = job.poll() {
                return r;
            }
            std::thread::sleep(std::time::Duration::from_millis(1));
        }
    }

    #[test]
    fn a_job_gives_its_result_once() {
        let mut job = Job::spawn("test", || 6 * 7);
        assert_eq!(wait(&mut job), Ok(42));
        assert!(job.poll().is_none());
        assert!(!job.is_running());
    }

    #[test]
    fn a_panic_is_a_result() {
        let mut job: Job<u8> = Job::spawn("test", || panic!("boom"));
        assert_eq!(wait(&mut job), Err(JobPanicked("boom".into())));
    }

    #[test]
    fn dropping_a_job_cancels_it() {
        let seen = Arc::new(AtomicBool::new(false));
        let (tx, rx) = std::sync::mpsc::channel();
        let out = Arc::clone(&seen);
        let job = Job::spawn_cancellable("test", move |cancel| {
            tx.send(()).unwrap();
            while !cancel.is_cancelled() {
                std::thread::yield_now();
            }
            out.store(true, Ordering::Relaxed);
        });
        rx.recv().unwrap();
        drop(job);
        for _ in 0..5000 {
            if seen.load(Ordering::Relaxed) {
                return;
            }
            std::thread::sleep(std::time::Duration::from_millis(1));
        }
        panic!("the job did not see its cancel flag");
    }
}
