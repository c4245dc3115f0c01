//! A small roguelike on evoboard's runtime generators: every floor is a
//! dungeon generated while you watch a loading line (a [`GenerateLevel`]
//! request; the search runs off the main thread), the rooms' enemies and
//! treasure come from the level's data, and the stairs in the final room
//! generate the next floor.
//!
//! Arrow keys or WASD walk one cell; walking into an enemy fights it (it
//! costs a hit point), into treasure picks it up; the stairs (`>`) take
//! you down. Floors grow as you go deeper.
//!
//! `cargo run --example roguelike`. For scripts and CI:
//! - `--screenshot PATH`: walk by itself (treasure first, then the stairs)
//!   to the second floor, save a screenshot there and exit;
//! - `--measure`: after the first floor, run a Terra Mystica `brkga` search
//!   in the background for a few seconds while the game runs, and print one
//!   JSON line comparing frame rate and the plugin's main-thread time per
//!   frame, idle and while generating;
//! - `--seed N`: the first floor's seed (floor k uses N + k - 1).

use bevy::prelude::*;
use bevy::render::view::screenshot::{Screenshot, save_to_disk};
use bevy_evoboard::prelude::*;
use evoboard_core::dungeon::{Dungeon, DungeonParams};
use evoboard_core::level::{HexBoardRecipe, LevelMap};
use std::time::{Duration, Instant};

#[derive(States, Default, Debug, Clone, Copy, PartialEq, Eq, Hash)]
enum Floor {
    /// The next floor is being generated.
    #[default]
    Generating,
    /// Walking the floor.
    Exploring,
    /// Out of hit points.
    Dead,
}

/// The run so far.
#[derive(Resource)]
struct Run {
    seed: u64,
    depth: u32,
    hp: u32,
    gold: u32,
    dungeon: Option<Dungeon>,
    message: String,
}

/// How the example was started.
#[derive(Resource, Default)]
struct Options {
    screenshot: Option<String>,
    measure: bool,
}

/// Where something stands on the floor (column, row).
#[derive(Component, Clone, Copy, PartialEq, Eq, Debug)]
struct Cell(usize, usize);

#[derive(Component)]
struct Player;
#[derive(Component)]
struct Enemy;
#[derive(Component)]
struct Treasure;
#[derive(Component)]
struct Stairs;
#[derive(Component)]
struct Hud;
/// The map entity of the current floor.
#[derive(Component)]
struct FloorMap;

const HIT_POINTS: u32 = 6;
/// The autoplayer gives up (and exits with an error) after this long.
const AUTOPLAY_LIMIT: Duration = Duration::from_secs(180);

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let value = |flag: &str| {
        args.iter()
            .position(|a| a == flag)
            .and_then(|i| args.get(i + 1).cloned())
    };
    let options = Options {
        screenshot: value("--screenshot"),
        measure: args.iter().any(|a| a == "--measure"),
    };
    let seed = value("--seed").and_then(|s| s.parse().ok()).unwrap_or(1);
    App::new()
        .add_plugins(DefaultPlugins.set(WindowPlugin {
            primary_window: Some(Window {
                title: "roguelike: a fresh evoboard dungeon every floor".into(),
                ..default()
            }),
            ..default()
        }))
        .add_plugins(EvoboardPlugins::default())
        .init_state::<Floor>()
        .insert_resource(Run {
            seed,
            depth: 1,
            hp: HIT_POINTS,
            gold: 0,
            dungeon: None,
            message: String::new(),
        })
        .insert_resource(options)
        .add_systems(Startup, setup)
        .add_systems(OnEnter(Floor::Generating), request_floor)
        .add_systems(OnEnter(Floor::Exploring), spawn_floor)
        .add_systems(
            Update,
            (
                loading_line.run_if(in_state(Floor::Generating)),
                (walk, follow).chain().run_if(in_state(Floor::Exploring)),
                hud,
            )
                .after(EvoboardSet::Generate),
        )
        .add_systems(Update, (autoplay_screenshot, measure))
        .run();
}

fn setup(mut commands: Commands) {
    commands.spawn((Name::new("camera"), Camera2d));
    commands.spawn((
        Name::new("hud"),
        Hud,
        Text::new(""),
        TextFont {
            font_size: bevy::text::FontSize::Px(20.0),
            ..default()
        },
        Node {
            position_type: PositionType::Absolute,
            left: Val::Px(12.0),
            top: Val::Px(8.0),
            ..default()
        },
    ));
}

/// The size of floor `depth`: small, then medium, then large.
fn floor_size(depth: u32) -> Size {
    match depth {
        1 => Size::Small,
        2 | 3 => Size::Medium,
        _ => Size::Large,
    }
}

fn request_floor(mut commands: Commands, run: Res<Run>) {
    let seed = run.seed + u64::from(run.depth) - 1;
    commands
        .spawn((
            GenerateLevel::dungeon(floor_size(run.depth), seed)
                .named(format!("floor {}", run.depth)),
            DespawnOnExit(Floor::Generating),
        ))
        .observe(floor_ready)
        .observe(floor_failed);
}

/// The floor's request was refused: the core's typed error says why.
fn floor_failed(failed: On<LevelGenerationFailed>, mut exit: MessageWriter<AppExit>) {
    error!("cannot generate the floor: {}", failed.error);
    exit.write(AppExit::error());
}

/// The level is ready: keep its dungeon and go exploring.
fn floor_ready(
    done: On<LevelGenerated>,
    levels: Res<Assets<LevelAsset>>,
    mut run: ResMut<Run>,
    mut next: ResMut<NextState<Floor>>,
) {
    if let Some(LevelAsset(level)) = levels.get(&done.level)
        && let LevelMap::Dungeon(d) = &level.map
    {
        run.dungeon = Some(d.clone());
        next.set(Floor::Exploring);
    }
}

fn loading_line(
    run: Res<Run>,
    progress: Query<&GenerationProgress>,
    mut hud: Query<&mut Text, With<Hud>>,
) {
    let Ok(p) = progress.single() else { return };
    let Ok(mut text) = hud.single_mut() else {
        return;
    };
    let generations = DungeonParams::for_size(floor_size(run.depth))
        .ga
        .generations;
    let what = match p.stage {
        GenerationStage::Layout => "digging rooms",
        GenerationStage::Contents => "stocking rooms",
        _ => "starting",
    };
    text.0 = format!(
        "Generating floor {}: {what}, proposal {} of {}, {:.0} %",
        run.depth,
        p.proposal + 1,
        p.proposals.max(1),
        p.fraction(generations) * 100.0
    );
}

fn spawn_floor(
    mut commands: Commands,
    mut run: ResMut<Run>,
    mut meshes: ResMut<Assets<Mesh>>,
    mut materials: ResMut<Assets<ColorMaterial>>,
    settings: Res<EvoboardSettings>,
) {
    let Some(d) = run.dungeon.clone() else { return };
    let cell = settings.cell_size;
    // The game draws its own enemies and treasure: the map shows rooms only.
    let map = DungeonMap {
        show_contents: false,
        ..DungeonMap::from_dungeon(&d)
    };
    let scoped = DespawnOnExit(Floor::Exploring);
    let mut token = |colour: Color, shape: Mesh| {
        (
            Mesh2d(meshes.add(shape)),
            MeshMaterial2d(materials.add(colour)),
        )
    };
    let r = cell * 0.45;
    let player = token(Color::srgb(0.2, 0.5, 1.0), Circle::new(r).into());
    let enemy = token(
        Color::srgb(0.85, 0.1, 0.1),
        Triangle2d::new(Vec2::new(0.0, r), Vec2::new(-r, -r), Vec2::new(r, -r)).into(),
    );
    let gold = token(
        Color::srgb(0.96, 0.8, 0.12),
        Rhombus::new(r * 1.6, r * 1.6).into(),
    );
    let stairs = token(
        Color::srgb(0.1, 0.1, 0.1),
        Rectangle::new(r * 2.0, r * 2.0).into(),
    );
    let at =
        |c: Cell, z: f32| Transform::from_translation(map.cell_centre(c.0, c.1, cell).extend(z));
    commands
        .spawn((
            Name::new(format!("floor {}", run.depth)),
            FloorMap,
            map.clone(),
            Transform::default(),
            scoped.clone(),
        ))
        .with_children(|floor| {
            for room in &d.rooms {
                if room.enemies {
                    let (x, y) = d.room_centre(room);
                    let c = Cell(x, y);
                    floor.spawn((
                        Name::new(format!("enemy in {}", room.letter)),
                        Enemy,
                        c,
                        at(c, 2.0),
                        enemy.clone(),
                    ));
                }
                if room.treasure {
                    let c = Cell(usize::from(room.x), usize::from(room.y));
                    floor.spawn((
                        Name::new(format!("treasure in {}", room.letter)),
                        Treasure,
                        c,
                        at(c, 2.0),
                        gold.clone(),
                    ));
                }
            }
            let last = &d.rooms[d.final_room];
            let c = Cell(
                usize::from(last.x + last.w - 1),
                usize::from(last.y + last.h - 1),
            );
            floor.spawn((Name::new("stairs down"), Stairs, c, at(c, 1.5), stairs));
            let first = &d.rooms[d.entrance];
            let c = Cell(usize::from(first.x), usize::from(first.y + first.h - 1));
            floor.spawn((Name::new("player"), Player, c, at(c, 3.0), player));
        });
    run.message = format!(
        "Floor {}: {} rooms. The stairs are in room {}.",
        run.depth,
        d.rooms.len(),
        d.rooms[d.final_room].letter
    );
}

/// What stands on the floor, besides the player.
type Things<'w, 's> = Query<
    'w,
    's,
    (
        Entity,
        &'static Cell,
        Has<Enemy>,
        Has<Treasure>,
        Has<Stairs>,
    ),
    Without<Player>,
>;

/// The floor as the walking system sees it.
#[derive(bevy::ecs::system::SystemParam)]
struct FloorView<'w, 's> {
    maps: Query<'w, 's, &'static DungeonMap, With<FloorMap>>,
    player: Query<'w, 's, (&'static mut Cell, &'static mut Transform), With<Player>>,
    things: Things<'w, 's>,
    settings: Res<'w, EvoboardSettings>,
}

/// One step from the keyboard (or from the autoplayer).
fn walk(
    keys: Res<ButtonInput<KeyCode>>,
    options: Res<Options>,
    mut run: ResMut<Run>,
    mut commands: Commands,
    mut next: ResMut<NextState<Floor>>,
    mut view: FloorView,
    mut tick: Local<u32>,
) {
    let FloorView {
        maps,
        player,
        things,
        settings,
    } = &mut view;
    let (Ok(map), Ok((mut cell, mut transform))) = (maps.single(), player.single_mut()) else {
        return;
    };
    let step = if options.screenshot.is_some() {
        *tick += 1;
        if !(*tick).is_multiple_of(3) {
            return;
        }
        auto_step(&run, &cell, things)
    } else {
        keyboard_step(&keys)
    };
    let Some((dx, dy)) = step else { return };
    let (x, y) = (cell.0 as i64 + dx, cell.1 as i64 + dy);
    if x < 0 || y < 0 || !map.grid.get(x as usize, y as usize).is_walkable() {
        return;
    }
    let to = Cell(x as usize, y as usize);
    for (e, c, enemy, treasure, stairs) in things.iter() {
        if *c != to {
            continue;
        }
        if enemy {
            run.hp = run.hp.saturating_sub(1);
            run.message = "You fight off an enemy (-1 hit point).".into();
            commands.entity(e).despawn();
            if run.hp == 0 {
                next.set(Floor::Dead);
            }
            return;
        }
        if treasure {
            run.gold += 10 * run.depth;
            run.message = "You pick up some treasure.".into();
            commands.entity(e).despawn();
        }
        if stairs {
            run.depth += 1;
            run.hp = (run.hp + 1).min(HIT_POINTS);
            next.set(Floor::Generating);
        }
    }
    *cell = to;
    transform.translation = map.cell_centre(to.0, to.1, settings.cell_size).extend(3.0);
}

fn keyboard_step(keys: &ButtonInput<KeyCode>) -> Option<(i64, i64)> {
    let pressed = |a: KeyCode, b: KeyCode| keys.just_pressed(a) || keys.just_pressed(b);
    if pressed(KeyCode::ArrowUp, KeyCode::KeyW) {
        Some((0, -1))
    } else if pressed(KeyCode::ArrowDown, KeyCode::KeyS) {
        Some((0, 1))
    } else if pressed(KeyCode::ArrowLeft, KeyCode::KeyA) {
        Some((-1, 0))
    } else if pressed(KeyCode::ArrowRight, KeyCode::KeyD) {
        Some((1, 0))
    } else {
        None
    }
}

/// The autoplayer: the next cell on a shortest walk to the nearest
/// treasure, else to the stairs (through enemies, which it fights).
fn auto_step(run: &Run, from: &Cell, things: &Things) -> Option<(i64, i64)> {
    let d = run.dungeon.as_ref()?;
    let goal = things
        .iter()
        .find(|t| t.3)
        .map(|t| *t.1)
        .or_else(|| things.iter().find(|t| t.4).map(|t| *t.1))?;
    let path = d.path((from.0, from.1), (goal.0, goal.1))?;
    let next = path.get(1)?;
    Some((next.0 as i64 - from.0 as i64, next.1 as i64 - from.1 as i64))
}

/// Keep the floor in view: fit the map, centred on it.
fn follow(
    maps: Query<&ViewExtent, With<FloorMap>>,
    window: Query<&Window>,
    mut camera: Query<&mut Projection, With<Camera2d>>,
) {
    let (Ok(extent), Ok(window), Ok(mut projection)) =
        (maps.single(), window.single(), camera.single_mut())
    else {
        return;
    };
    if let Projection::Orthographic(o) = projection.as_mut() {
        let fit =
            (extent.0.x * 2.0 / window.width()).max(extent.0.y * 2.0 / (window.height() - 40.0));
        o.scale = fit * 1.05;
    }
}

fn hud(run: Res<Run>, state: Res<State<Floor>>, mut text: Query<&mut Text, With<Hud>>) {
    let Ok(mut text) = text.single_mut() else {
        return;
    };
    match state.get() {
        Floor::Generating => {}
        Floor::Exploring => {
            text.0 = format!(
                "Floor {}  |  HP {}/{HIT_POINTS}  |  gold {}  |  {}",
                run.depth, run.hp, run.gold, run.message
            )
        }
        Floor::Dead => {
            text.0 = format!(
                "You fell on floor {} with {} gold. Close the window to leave.",
                run.depth, run.gold
            )
        }
    }
}

/// With `--screenshot`: once floor 2 is drawn, save the window and exit.
fn autoplay_screenshot(
    mut commands: Commands,
    options: Res<Options>,
    run: Res<Run>,
    state: Res<State<Floor>>,
    mut frames_on_floor_2: Local<u32>,
    mut started: Local<Option<Instant>>,
    mut exit: MessageWriter<AppExit>,
) {
    let Some(path) = &options.screenshot else {
        return;
    };
    if started.get_or_insert_with(Instant::now).elapsed() > AUTOPLAY_LIMIT
        || *state.get() == Floor::Dead
    {
        error!("the autoplayer did not reach floor 2 ({:?})", state.get());
        exit.write(AppExit::error());
        return;
    }
    if run.depth < 2 || *state.get() != Floor::Exploring {
        return;
    }
    *frames_on_floor_2 += 1;
    if *frames_on_floor_2 == 30 {
        info!("floor 2 reached; saving {path}");
        commands
            .spawn(Screenshot::primary_window())
            .observe(save_to_disk(path.clone()));
    }
    if *frames_on_floor_2 == 60 {
        exit.write(AppExit::Success);
    }
}

/// With `--measure`: frames and the plugin's main-thread time per frame
/// while idle, then while a `brkga` Terra Mystica board generates in the
/// background.
#[derive(Default)]
struct Measure {
    generating: bool,
    since: Option<Instant>,
    frames: u32,
    /// The plugin's main-thread time of every frame of this phase (ms).
    plugin_ms: Vec<f64>,
    idle: Option<serde_json::Value>,
}

const MEASURE_PHASE: Duration = Duration::from_secs(10);

/// fps, and the plugin's time per frame: max, 99th percentile and mean.
fn figures(frames: u32, seconds: f64, plugin_ms: &mut [f64]) -> serde_json::Value {
    plugin_ms.sort_by(f64::total_cmp);
    let n = plugin_ms.len().max(1);
    let round = |v: f64| (v * 1000.0).round() / 1000.0;
    serde_json::json!({
        "fps": (f64::from(frames) / seconds * 10.0).round() / 10.0,
        "frames": frames,
        "plugin_ms_max": round(plugin_ms.last().copied().unwrap_or(0.0)),
        "plugin_ms_p99": round(plugin_ms[(n * 99 / 100).min(plugin_ms.len().saturating_sub(1))]),
        "plugin_ms_mean": round(plugin_ms.iter().sum::<f64>() / n as f64),
    })
}

fn measure(
    mut commands: Commands,
    options: Res<Options>,
    state: Res<State<Floor>>,
    times: Res<JobFrameTime>,
    mut m: Local<Measure>,
    mut exit: MessageWriter<AppExit>,
) {
    if !options.measure || *state.get() != Floor::Exploring {
        return;
    }
    let now = Instant::now();
    let Some(since) = m.since else {
        // The first frame of the floor: start counting from the next one.
        m.since = Some(now);
        return;
    };
    m.frames += 1;
    m.plugin_ms.push(times.last_ms);
    if now - since < MEASURE_PHASE {
        return;
    }
    let seconds = (now - since).as_secs_f64();
    let frames = m.frames;
    let phase = figures(frames, seconds, &mut m.plugin_ms);
    if !m.generating {
        let mut r = HexBoardRecipe::new(BoardGame::TerraMystica, Algorithm::Brkga, 1);
        r.target = -1.0; // never reached: it runs for its whole time limit
        r.time_limit = MEASURE_PHASE + Duration::from_secs(2);
        commands.spawn((
            Name::new("background brkga board"),
            GenerateLevel::new("bench", Recipe::HexBoard(r)),
        ));
        *m = Measure {
            generating: true,
            since: Some(Instant::now()),
            idle: Some(phase),
            ..default()
        };
        return;
    }
    println!(
        "{}",
        serde_json::json!({"idle": m.idle.take(), "generating": phase})
    );
    exit.write(AppExit::Success);
}
