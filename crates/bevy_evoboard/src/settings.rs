//! What a game configures in the plugin: the schedule its systems run in
//! ([`EvoboardSet`], configured there once) and the world sizes of a drawn
//! hex and dungeon cell ([`EvoboardSettings`]).

use bevy::ecs::schedule::{InternedScheduleLabel, ScheduleLabel};
use bevy::prelude::*;

/// The default world size of a hex (centre to corner).
pub const DEFAULT_HEX_SIZE: f32 = 32.0;
/// The default world size of a dungeon or puzzle cell (side).
pub const DEFAULT_CELL_SIZE: f32 = 16.0;

/// The plugin's systems, in the order they run in
/// [`EvoboardSettings::schedule`] (`Update` unless the game says
/// otherwise): a game can order its own systems against them (read
/// [`GeneratedLevel`](super::GeneratedLevel) after
/// [`EvoboardSet::Generate`], say).
#[derive(SystemSet, Clone, Copy, Debug, PartialEq, Eq, Hash, Reflect)]
pub enum EvoboardSet {
    /// Start requested generators and collect finished ones.
    Generate,
    /// Turn loaded or generated levels into tilemaps and draw them.
    Draw,
}

/// The plugin's settings, given to [`EvoboardPlugins`](super::EvoboardPlugins)
/// and kept as a resource (every system and a game's own code read the
/// sizes from it; change them only before anything is drawn).
///
/// ```no_run
/// use bevy::prelude::*;
/// use bevy_evoboard::prelude::*;
///
/// App::new().add_plugins((
///     DefaultPlugins,
///     EvoboardPlugins::new(
///         EvoboardSettings::default()
///             .in_schedule(FixedUpdate)
///             .with_hex_size(48.0)
///             .with_cell_size(24.0),
///     ),
/// ));
/// ```
#[derive(Resource, Clone, Debug, PartialEq)]
pub struct EvoboardSettings {
    /// The schedule the plugin's systems run in (its [`EvoboardSet`]s are
    /// configured there). Default `Update`.
    pub schedule: InternedScheduleLabel,
    /// World size of a drawn hex, centre to corner. Default
    /// [`DEFAULT_HEX_SIZE`].
    pub hex_size: f32,
    /// World size of a drawn dungeon cell. Default [`DEFAULT_CELL_SIZE`].
    pub cell_size: f32,
    /// The schedule where the plugin closes its frame-time count
    /// ([`JobFrameTime`](super::JobFrameTime)). Default `Last`.
    pub frame_end: InternedScheduleLabel,
}

impl Default for EvoboardSettings {
    fn default() -> Self {
        EvoboardSettings {
            schedule: Update.intern(),
            hex_size: DEFAULT_HEX_SIZE,
            cell_size: DEFAULT_CELL_SIZE,
            frame_end: Last.intern(),
        }
    }
}

impl EvoboardSettings {
    /// The same settings with the systems in `schedule`.
    pub fn in_schedule(mut self, schedule: impl ScheduleLabel) -> Self {
        self.schedule = schedule.intern();
        self
    }

    /// The same settings with the frame-time count closed in `schedule`
    /// (every one of the plugin's systems then runs in a schedule the game
    /// chose).
    pub fn with_frame_end(mut self, schedule: impl ScheduleLabel) -> Self {
        self.frame_end = schedule.intern();
        self
    }

    /// The same settings with hexes of `size` (centre to corner).
    pub fn with_hex_size(mut self, size: f32) -> Self {
        self.hex_size = size;
        self
    }

    /// The same settings with dungeon cells of `size`.
    pub fn with_cell_size(mut self, size: f32) -> Self {
        self.cell_size = size;
        self
    }

    /// The settings a plugin being built uses: the resource the plugin
    /// group inserted first, or the defaults when a plugin is added alone.
    pub(super) fn of(app: &App) -> EvoboardSettings {
        app.world()
            .get_resource::<EvoboardSettings>()
            .cloned()
            .unwrap_or_default()
    }
}

/// Inserts the [`EvoboardSettings`] and orders the [`EvoboardSet`]s in
/// their schedule (the first plugin of the group).
pub struct EvoboardSettingsPlugin(pub EvoboardSettings);

impl Plugin for EvoboardSettingsPlugin {
    fn build(&self, app: &mut App) {
        app.insert_resource(self.0.clone()).configure_sets(
            self.0.schedule,
            (EvoboardSet::Generate, EvoboardSet::Draw).chain(),
        );
    }
}
