//! Background work as entities: spawn a [`BackgroundJob<T>`] (with
//! whatever else the game wants on the entity, a `Name`, a state-scoped
//! marker) and the plugin polls it in [`EvoboardSet::Generate`]. When the
//! work ends it triggers [`JobFinished<T>`] on the entity, with the output
//! for an observer to take: the work's value, or [`JobPanicked`] when the
//! work panicked (a bug in it, never a panic in the game; that is also
//! written as a [`JobFailed`] message, for a game's log). Either way the
//! entity is then despawned. Despawning it first cancels
//! the work: a job that has not started never runs, a running one sees its
//! [`Cancel`] flag. Register each output type once with
//! [`JobsAppExt::add_job`].
//!
//! ```
//! use bevy::prelude::*;
//! use bevy_evoboard::{BackgroundJob, EvoboardPlugins, JobFinished, JobsAppExt};
//!
//! #[derive(Resource, Default)]
//! struct Total(Option<u64>);
//!
//! let mut app = App::new();
//! app.add_plugins((MinimalPlugins, AssetPlugin::default(), EvoboardPlugins::default()))
//!     .add_job::<u64>()
//!     .init_resource::<Total>();
//! app.world_mut()
//!     .spawn(BackgroundJob::new("sum", || (1..=10u64).sum::<u64>()))
//!     .observe(|mut done: On<JobFinished<u64>>, mut total: ResMut<Total>| {
//!         // `Err` would say how the work panicked.
//!         total.0 = done.take().and_then(Result::ok);
//!     });
//! for _ in 0..10_000 {
//!     app.update();
//!     if app.world().resource::<Total>().0.is_some() {
//!         break;
//!     }
//!     std::thread::sleep(std::time::Duration::from_millis(1));
//! }
//! assert_eq!(app.world().resource::<Total>().0, Some(55));
//! ```

use super::frame_time::JobFrameTime;
use super::job::{Cancel, Job, JobPanicked};
use super::settings::{EvoboardSet, EvoboardSettings};
use bevy::prelude::*;
use std::marker::PhantomData;
use std::time::Instant;

/// Work running off the main thread for the entity it is on: the plugin
/// polls it and, when the work ends, triggers [`JobFinished<T>`] on the
/// entity (the output, or how the work panicked) and despawns it.
/// Despawning it first cancels the work. Register `T` once with
/// [`JobsAppExt::add_job`].
#[derive(Component)]
pub struct BackgroundJob<T: Send + Sync + 'static>(Job<T>);

impl<T: Send + Sync + 'static> BackgroundJob<T> {
    /// Run `work` on the plugin's job pool; `name` says what it is when
    /// it fails.
    pub fn new(name: &str, work: impl FnOnce() -> T + Send + 'static) -> Self {
        BackgroundJob(Job::spawn(name, work))
    }

    /// Run `work`, which may stop early when its [`Cancel`] flag is set
    /// (the entity despawned, the component removed).
    pub fn cancellable(name: &str, work: impl FnOnce(&Cancel) -> T + Send + 'static) -> Self {
        BackgroundJob(Job::spawn_cancellable(name, work))
    }

    /// A job already done with `output` (a result known at once; it is
    /// delivered the same way, on the next frame).
    pub fn ready(output: T) -> Self {
        BackgroundJob(Job::ready(output))
    }

    /// What the job is.
    pub fn name(&self) -> &str {
        self.0.name()
    }
}

/// Triggered on a [`BackgroundJob<T>`]'s entity when its work ended; the
/// first observer to [`JobFinished::take`] the outcome gets it.
#[derive(EntityEvent, Debug)]
pub struct JobFinished<T: Send + Sync + 'static> {
    /// The job's entity (despawned right after).
    pub entity: Entity,
    outcome: Option<Result<T, JobPanicked>>,
}

impl<T: Send + Sync + 'static> JobFinished<T> {
    /// The work's output, or how it panicked; taken (`None` once an
    /// observer took it).
    pub fn take(&mut self) -> Option<Result<T, JobPanicked>> {
        self.outcome.take()
    }

    /// The outcome, while no observer has taken it.
    pub fn outcome(&self) -> Option<&Result<T, JobPanicked>> {
        self.outcome.as_ref()
    }
}

/// Written when a job's work panicked (`MessageReader<JobFailed>`), for a
/// game's log or error screen; the job's own [`JobFinished`] carries the
/// same [`JobPanicked`].
#[derive(Message, Clone, Debug)]
pub struct JobFailed {
    /// The job's entity (despawned by then).
    pub entity: Entity,
    /// What the job was.
    pub job: String,
    /// The panic's message.
    pub error: JobPanicked,
}

/// Registers [`BackgroundJob<T>`] for each output type `T`.
pub trait JobsAppExt {
    /// Poll `BackgroundJob<T>`s in the plugin's schedule (once per `T`;
    /// adding it again does nothing).
    fn add_job<T: Send + Sync + 'static>(&mut self) -> &mut Self;
}

/// Marks an output type whose jobs are polled.
#[derive(Resource)]
struct JobType<T>(PhantomData<fn() -> T>);

impl JobsAppExt for App {
    fn add_job<T: Send + Sync + 'static>(&mut self) -> &mut Self {
        if self.world().contains_resource::<JobType<T>>() {
            return self;
        }
        let schedule = EvoboardSettings::of(self).schedule;
        super::frame_time::plugin(self);
        self.insert_resource(JobType::<T>(PhantomData))
            .add_message::<JobFailed>()
            .add_systems(schedule, finish_jobs::<T>.in_set(EvoboardSet::Generate))
    }
}

/// Trigger what finished jobs left, then despawn their entities.
fn finish_jobs<T: Send + Sync + 'static>(
    mut commands: Commands,
    mut clock: ResMut<JobFrameTime>,
    mut jobs: Query<(Entity, &mut BackgroundJob<T>)>,
    mut failed: MessageWriter<JobFailed>,
) {
    let t = Instant::now();
    let mut busy = false;
    for (entity, mut job) in &mut jobs {
        busy = true;
        let Some(result) = job.0.poll() else {
            continue;
        };
        if let Err(error) = &result {
            warn!("{}: {error}", job.name());
            failed.write(JobFailed {
                entity,
                job: job.name().to_string(),
                error: error.clone(),
            });
        }
        commands.trigger(JobFinished {
            entity,
            outcome: Some(result),
        });
        commands.entity(entity).despawn();
    }
    clock.add(t.elapsed(), busy);
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::EvoboardPlugins;

    #[derive(Resource, Default)]
    struct Seen(Vec<String>);

    fn app() -> App {
        let mut app = App::new();
        app.add_plugins((
            MinimalPlugins,
            AssetPlugin::default(),
            EvoboardPlugins::default(),
        ))
        .add_job::<u32>()
        .init_resource::<Seen>();
        app
    }

    fn run_until(app: &mut App, n: usize) {
        for _ in 0..20_000 {
            app.update();
            if app.world().resource::<Seen>().0.len() >= n {
                return;
            }
            std::thread::sleep(std::time::Duration::from_millis(1));
        }
        panic!("the jobs did not finish");
    }

    #[test]
    fn a_done_job_triggers_and_goes() {
        let mut app = app();
        let e = app
            .world_mut()
            .spawn(BackgroundJob::new("six", || 6u32))
            .observe(|mut d: On<JobFinished<u32>>, mut seen: ResMut<Seen>| {
                seen.0.push(format!("done {:?}", d.take()));
            })
            .id();
        run_until(&mut app, 1);
        assert_eq!(app.world().resource::<Seen>().0, ["done Some(Ok(6))"]);
        assert!(app.world().get_entity(e).is_err(), "the job's entity goes");
    }

    #[test]
    fn a_panic_is_a_failure_event_not_a_panic() {
        let mut app = app();
        app.world_mut()
            .spawn(BackgroundJob::<u32>::new("boom", || panic!("kaput")))
            .observe(|mut f: On<JobFinished<u32>>, mut seen: ResMut<Seen>| {
                if let Some(Err(why)) = f.take() {
                    seen.0.push(format!("failed: {}", why.0));
                }
            });
        run_until(&mut app, 1);
        assert_eq!(app.world().resource::<Seen>().0, ["failed: kaput"]);
        let messages = app.world().resource::<Messages<JobFailed>>();
        let mut reader = messages.get_cursor();
        let failed: Vec<&JobFailed> = reader.read(messages).collect();
        assert_eq!(failed.len(), 1);
        assert_eq!(
            (failed[0].job.as_str(), failed[0].error.0.as_str()),
            ("boom", "kaput")
        );
    }

    #[test]
    fn despawning_the_entity_cancels_the_work() {
        let mut app = app();
        let (tx, rx) = std::sync::mpsc::channel();
        let stopped = std::sync::Arc::new(std::sync::atomic::AtomicBool::new(false));
        let out = std::sync::Arc::clone(&stopped);
        let e = app
            .world_mut()
            .spawn(BackgroundJob::cancellable("wait", move |cancel| {
                tx.send(()).unwrap();
                while !cancel.is_cancelled() {
                    std::thread::yield_now();
                }
                out.store(true, std::sync::atomic::Ordering::Relaxed);
                1u32
            }))
            .observe(|_: On<JobFinished<u32>>, mut seen: ResMut<Seen>| {
                seen.0.push("done".into());
            })
            .id();
        rx.recv().unwrap();
        app.world_mut().despawn(e);
        for _ in 0..5000 {
            app.update();
            if stopped.load(std::sync::atomic::Ordering::Relaxed) {
                break;
            }
            std::thread::sleep(std::time::Duration::from_millis(1));
        }
        assert!(stopped.load(std::sync::atomic::Ordering::Relaxed));
        app.update();
        assert!(app.world().resource::<Seen>().0.is_empty(), "no result");
    }
}
