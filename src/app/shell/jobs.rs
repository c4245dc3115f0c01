//! How a screen runs background work: through the plugin's job layer.
//! A screen's resource keeps a [`JobSlot<T>`] per kind of work and says
//! what to do with the outcome ([`ScreenJob<T>`]); `start` only puts the
//! work in the slot, the shell spawns it as the plugin's [`BackgroundJob`]
//! (cancelling the one it replaces), and the plugin's [`JobFinished`]
//! event hands the outcome back to the resource, a worker's panic
//! included. No screen polls a job.
//!
//! ```ignore
//! impl ScreenJob<Hint> for DominoHint {
//!     fn slot(&mut self) -> &mut JobSlot<Hint> { &mut self.job }
//!     fn finished(&mut self, outcome: Result<Hint, JobPanicked>) {
//!         self.result = outcome.ok();
//!     }
//! }
//! // in the screen's plugin:
//! shell::jobs::add::<DominoHint, Hint>(app);
//! ```

use crate::plugin::{BackgroundJob, Cancel, JobFinished, JobPanicked, JobsAppExt};
use bevy::ecs::component::Mutable;
use bevy::prelude::*;

/// One kind of background work of a screen: at most one runs; starting
/// another cancels it.
pub struct JobSlot<T: Send + Sync + 'static> {
    pending: Option<BackgroundJob<T>>,
    running: Option<Entity>,
    cancel: bool,
}

impl<T: Send + Sync + 'static> Default for JobSlot<T> {
    fn default() -> Self {
        JobSlot {
            pending: None,
            running: None,
            cancel: false,
        }
    }
}

impl<T: Send + Sync + 'static> JobSlot<T> {
    /// Run `work` off the main thread (the one before is cancelled).
    pub fn start(&mut self, name: &str, work: impl FnOnce() -> T + Send + 'static) {
        self.pending = Some(BackgroundJob::new(name, work));
    }

    /// Run a job the plugin made (e.g. `plugin::play_ai_seats`).
    pub fn start_job(&mut self, job: BackgroundJob<T>) {
        self.pending = Some(job);
    }

    /// Run `work`, which may stop early when its flag says it was
    /// cancelled (replaced, or the screen's state reset).
    pub fn start_cancellable(
        &mut self,
        name: &str,
        work: impl FnOnce(&Cancel) -> T + Send + 'static,
    ) {
        self.pending = Some(BackgroundJob::cancellable(name, work));
    }

    /// Whether work was started and has not finished.
    pub fn busy(&self) -> bool {
        self.pending.is_some() || self.running.is_some()
    }

    /// Give up on the work (its outcome is never delivered).
    pub fn cancel(&mut self) {
        self.pending = None;
        self.cancel |= self.running.is_some();
    }
}

impl<T: Send + Sync + 'static> std::fmt::Debug for JobSlot<T> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(if self.busy() { "busy" } else { "idle" })
    }
}

/// A screen resource that owns a [`JobSlot<T>`] and takes its outcomes.
pub trait ScreenJob<T: Send + Sync + 'static>: Resource<Mutability = Mutable> {
    /// The slot.
    fn slot(&mut self) -> &mut JobSlot<T>;
    /// The work's outcome: its output, or how it panicked.
    fn finished(&mut self, outcome: Result<T, JobPanicked>);
}

/// The sentence a status line shows for a job whose work panicked.
pub fn panicked(what: &str, why: &JobPanicked) -> String {
    format!("the {what} stopped unexpectedly ({})", why.0)
}

/// Run `R`'s `T` jobs through the plugin (once per pair).
pub fn add<R: ScreenJob<T>, T: Send + Sync + 'static>(app: &mut App) {
    app.add_job::<T>().add_systems(
        Update,
        spawn_pending::<R, T>.before(crate::plugin::EvoboardSet::Generate),
    );
}

/// Spawn what was started, despawn (cancel) what it replaces.
fn spawn_pending<R: ScreenJob<T>, T: Send + Sync + 'static>(
    mut commands: Commands,
    resource: Option<ResMut<R>>,
) {
    let Some(mut r) = resource else { return };
    // Look without marking the resource changed.
    let slot = <R as ScreenJob<T>>::slot(r.bypass_change_detection());
    let replaced = slot.pending.is_some() || slot.cancel;
    if !replaced {
        return;
    }
    if let Some(old) = slot.running.take() {
        commands.entity(old).try_despawn();
    }
    slot.cancel = false;
    if let Some(job) = slot.pending.take() {
        let name = Name::new(format!("job: {}", job.name()));
        let e = commands.spawn((name, job)).observe(deliver::<R, T>).id();
        slot.running = Some(e);
    }
}

/// Hand a finished job's outcome to its resource (unless it was replaced).
fn deliver<R: ScreenJob<T>, T: Send + Sync + 'static>(
    mut done: On<JobFinished<T>>,
    resource: Option<ResMut<R>>,
) {
    let Some(mut r) = resource else { return };
    let entity = done.entity;
    let slot = <R as ScreenJob<T>>::slot(&mut *r);
    if slot.running != Some(entity) {
        return;
    }
    slot.running = None;
    if let Some(outcome) = done.take() {
        <R as ScreenJob<T>>::finished(&mut *r, outcome);
    }
}
