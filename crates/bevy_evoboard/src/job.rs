//! One-off work off the main thread: a [`Job<T>`] runs a closure on the
//! plugin's job pool (a Bevy `TaskPool` of as many threads as cores, at
//! least four, made on first use and shared by every job: not a thread
//! each, and apart from the game's own async compute pool, which a long
//! search would otherwise hold) and is polled for the result once. It is a plain value; in a game, spawn it
//! as a [`BackgroundJob`](crate::BackgroundJob) and the plugin polls it
//! and triggers [`JobDone`](crate::JobDone) or
//! [`JobFailed`](crate::JobFailed). Dropping a job cancels it: a job that
//! has not started never runs, a running one sees its [`Cancel`] flag,
//! and its result is thrown away.
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

use bevy::tasks::{Task, TaskPool, TaskPoolBuilder};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex, OnceLock};

/// The threads every job shares.
fn pool() -> &'static TaskPool {
    static POOL: OnceLock<TaskPool> = OnceLock::new();
    POOL.get_or_init(|| {
        let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
        TaskPoolBuilder::new()
            .num_threads(cores.max(4))
            .thread_name("evoboard job".into())
            .build()
    })
}

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

/// One piece of work on the plugin's job pool, its result polled once.
/// Dropping it cancels the work.
pub struct Job<T> {
    slot: Slot<T>,
    cancel: Cancel,
    taken: bool,
    /// The pool's task (`None` for a job that was ready at once); dropping
    /// it keeps a queued job from ever starting.
    task: Option<Task<()>>,
    name: String,
}

impl<T: Send + 'static> Job<T> {
    /// Run `work` on the job pool; `name` says what it is in
    /// failures and logs.
    pub fn spawn(name: &str, work: impl FnOnce() -> T + Send + 'static) -> Job<T> {
        Job::spawn_cancellable(name, move |_| work())
    }

    /// Run `work` on the job pool; it may stop early when its
    /// [`Cancel`] flag is set (the result is then thrown away).
    pub fn spawn_cancellable(
        name: &str,
        work: impl FnOnce(&Cancel) -> T + Send + 'static,
    ) -> Job<T> {
        let slot: Slot<T> = Arc::default();
        let cancel = Cancel::default();
        let (out, flag) = (Arc::clone(&slot), cancel.clone());
        let run = move || {
            if flag.is_cancelled() {
                return;
            }
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
        let task = pool().spawn(async move { run() });
        Job {
            slot,
            cancel,
            taken: false,
            task: Some(task),
            name: name.into(),
        }
    }

    /// A job that is already done with `value` (a result known at once,
    /// tests).
    pub fn ready(value: T) -> Job<T> {
        Job {
            slot: Arc::new(Mutex::new(Some(Ok(value)))),
            cancel: Cancel::default(),
            taken: false,
            task: None,
            name: "ready".into(),
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

    /// What the job is (the name it was spawned with).
    pub fn name(&self) -> &str {
        &self.name
    }
}

impl<T> std::fmt::Debug for Job<T> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Job")
            .field("name", &self.name)
            .field("running", &self.is_running())
            .field("taken", &self.taken)
            .finish()
    }
}

impl<T> Drop for Job<T> {
    fn drop(&mut self) {
        self.cancel.set();
        // Dropping the task cancels it if it has not started; a running
        // closure finishes (or sees its flag) and its result is dropped.
        self.task.take();
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
