//! The smallest game that uses evoboard: ask for a dungeon, wait until it
//! is made, read it, exit. `cargo run --example quickstart`.

use bevy::app::{AppExit, ScheduleRunnerPlugin};
use bevy::prelude::*;
use bevy_evoboard::prelude::*;

fn main() -> AppExit {
    App::new()
        .add_plugins((
            MinimalPlugins.set(ScheduleRunnerPlugin::run_loop(
                std::time::Duration::from_millis(16),
            )),
            AssetPlugin::default(),
            EvoboardPlugins::default(),
        ))
        .add_systems(Startup, |mut commands: Commands| {
            // The search runs off the main thread; the seed fixes the dungeon.
            commands.spawn(GenerateLevel::dungeon(Size::Small, 7));
        })
        .add_systems(Update, read_dungeon.run_if(requests_done))
        .run()
}

fn read_dungeon(
    mut made: MessageReader<LevelGenerated>,
    levels: Res<Assets<LevelAsset>>,
    mut exit: MessageWriter<AppExit>,
) {
    for done in made.read() {
        if let Some(LevelAsset(level)) = levels.get(&done.level)
            && let LevelMap::Dungeon(d) = &level.map
        {
            println!(
                "a dungeon of {} rooms, entrance {}",
                d.rooms.len(),
                d.rooms[d.entrance].letter
            );
        }
        exit.write(AppExit::Success);
    }
}
