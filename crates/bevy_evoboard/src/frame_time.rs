//! What the plugin's work costs the main thread, per frame: one
//! [`JobFrameTime`] for every job, generator, domino agent and search run
//! (their systems, and [`SearchRun::tick`](crate::SearchRun::tick), add
//! their time; the plugin closes the frame in
//! [`EvoboardSettings::frame_end`](crate::EvoboardSettings::frame_end)).

use bevy::prelude::*;
use std::time::Duration;

/// Main-thread time the plugin's work took, per frame (what a game pays
/// for searches running in the background).
///
/// ```
/// use bevy_evoboard::JobFrameTime;
/// use std::time::Duration;
///
/// let mut t = JobFrameTime::default();
/// t.add(Duration::from_micros(300), true);
/// t.end_frame();
/// t.end_frame(); // an idle frame
/// assert_eq!((t.frames, t.busy_frames), (2, 1));
/// assert!((t.busy_mean_ms() - 0.3).abs() < 1e-9);
/// ```
#[derive(Resource, Clone, Copy, Debug, Default, PartialEq, Reflect)]
#[reflect(Resource)]
pub struct JobFrameTime {
    /// This frame's time so far (ms).
    pub current_ms: f64,
    /// Whether some work ran or was waited for this frame.
    pub current_busy: bool,
    /// The last finished frame (ms).
    pub last_ms: f64,
    /// The most of any frame (ms).
    pub max_ms: f64,
    /// Sum over all frames (ms).
    pub total_ms: f64,
    /// Frames counted.
    pub frames: u64,
    /// Frames in which some work ran.
    pub busy_frames: u64,
    /// The most of any busy frame (ms).
    pub busy_max_ms: f64,
    /// Sum over the busy frames (ms).
    pub busy_total_ms: f64,
}

impl JobFrameTime {
    /// Add `elapsed` of main-thread time to this frame; `busy` when some
    /// work ran (a job polled, a search run ticked).
    pub fn add(&mut self, elapsed: Duration, busy: bool) {
        self.current_ms += elapsed.as_secs_f64() * 1000.0;
        self.current_busy |= busy;
    }

    /// Close the frame.
    pub fn end_frame(&mut self) {
        let ms = self.current_ms;
        self.last_ms = ms;
        self.max_ms = self.max_ms.max(ms);
        self.total_ms += ms;
        self.frames += 1;
        if self.current_busy {
            self.busy_frames += 1;
            self.busy_total_ms += ms;
            self.busy_max_ms = self.busy_max_ms.max(ms);
        }
        self.current_ms = 0.0;
        self.current_busy = false;
    }

    /// Mean time of the busy frames (ms).
    pub fn busy_mean_ms(&self) -> f64 {
        self.busy_total_ms / self.busy_frames.max(1) as f64
    }
}

/// Close [`JobFrameTime`]'s frame.
fn end_frame(mut time: ResMut<JobFrameTime>) {
    time.end_frame();
}

/// The resource and its frame-end system (the group's first plugins add
/// it; adding it twice does nothing).
pub(crate) fn plugin(app: &mut App) {
    if app.world().contains_resource::<JobFrameTime>() {
        return;
    }
    let frame_end = super::EvoboardSettings::of(app).frame_end;
    app.register_type::<JobFrameTime>()
        .init_resource::<JobFrameTime>()
        .add_systems(frame_end, end_frame);
}
