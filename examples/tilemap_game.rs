//! The guide's game (`docs/plugin.md`): what a Bevy game written against
//! the plugin's documentation alone does, drawn with bevy_ecs_tilemap
//! (the `ecs_tilemap` feature):
//!
//! - a dungeon generated at runtime, drawn as a square tilemap with its own
//!   cell size ([`EcsTileLayout`]), and a player standing in the entrance
//!   room (checked on the map's own tiles with [`cell_tile_pos`]);
//! - a Catan board generated at runtime, a hex tilemap of its own size;
//! - a saved Terra Mystica level loaded from `levels/`;
//! - one move of a domino AI for the game's own table ([`AskDominoAi`]);
//! - failures handled as a game would: an impossible puzzle request (the
//!   typed `RecipeError`) and a level file that is not there (Bevy's
//!   asset-failure message), both shown on screen;
//! - a loading state that moves on with the run condition
//!   [`requests_done`].
//!
//! `cargo run --example tilemap_game` (`-- --screenshot PATH` saves a
//! screenshot once everything has arrived and exits; it exits with an
//! error if something did not arrive in two minutes, or if the player does
//! not stand on floor).

use bevy::asset::AssetLoadFailedEvent;
use bevy::prelude::*;
use bevy::render::view::screenshot::{Screenshot, save_to_disk};
use bevy_ecs_tilemap::prelude::*;
use bevy_evoboard::ecs_tilemap::{TileKind, tile_index};
use bevy_evoboard::prelude::*;
use evoboard_core::dungeon::DungeonTile;
use std::time::Duration;

/// World units of a dungeon cell on this game's map (not the settings').
const CELL: f32 = 11.0;
/// World units of a Catan hex, centre to corner.
const HEX: f32 = 26.0;
/// Where the maps stand.
const DUNGEON_AT: Vec3 = Vec3::new(-330.0, -60.0, 0.0);
const CATAN_AT: Vec3 = Vec3::new(250.0, 150.0, 0.0);
const TERRA_AT: Vec3 = Vec3::new(250.0, -210.0, 0.0);

#[derive(States, Default, Debug, Clone, Copy, PartialEq, Eq, Hash)]
enum GameState {
    #[default]
    Loading,
    Playing,
}

/// What the game asked for and what came back.
#[derive(Resource, Default)]
struct Game {
    dungeon: Option<Handle<LevelAsset>>,
    catan: Option<Handle<LevelAsset>>,
    terra: Handle<LevelAsset>,
    /// The saved level is loaded, or failed to.
    terra_settled: bool,
    /// The saved level is loaded.
    terra_loaded: bool,
    /// Lines shown on screen (and printed).
    lines: Vec<String>,
    /// The domino AI answered.
    advised: bool,
    screenshot: Option<String>,
}

impl Game {
    fn say(&mut self, line: String) {
        info!("{line}");
        println!("{line}");
        self.lines.push(line);
    }
}

/// The dungeon's request, the Catan board's.
#[derive(Component)]
struct DungeonRequest;
#[derive(Component)]
struct CatanRequest;
/// The dungeon's tilemap.
#[derive(Component)]
struct DungeonTiles;
/// The player.
#[derive(Component)]
struct Player(usize, usize);
/// The text on screen.
#[derive(Component)]
struct Hud;

fn main() -> AppExit {
    let screenshot = std::env::args().skip_while(|a| a != "--screenshot").nth(1);
    App::new()
        .add_plugins(
            DefaultPlugins
                .set(WindowPlugin {
                    primary_window: Some(Window {
                        title: "tilemap_game: evoboard levels on bevy_ecs_tilemap".into(),
                        resolution: bevy::window::WindowResolution::new(1280, 800),
                        ..default()
                    }),
                    ..default()
                })
                // Bevy reads assets from `assets/` next to the executable
                // (or the crate, under `cargo run`) by default; this game's
                // levels are in `levels/` under the working folder.
                .set(AssetPlugin {
                    file_path: std::env::current_dir()
                        .map_or_else(|_| ".".into(), |d| d.to_string_lossy().into_owned()),
                    ..default()
                }),
        )
        .add_plugins((TilemapPlugin, EvoboardPlugins::default()))
        .init_state::<GameState>()
        .insert_resource(Game {
            screenshot,
            ..default()
        })
        .add_systems(Startup, ask)
        .add_systems(
            Update,
            (
                load_failures,
                saved_level_loaded,
                start_playing.run_if(in_state(GameState::Loading).and_then(requests_done)),
                player_on_floor.run_if(in_state(GameState::Playing)),
                (hud, screenshot_when_ready).chain(),
            ),
        )
        .add_systems(OnEnter(GameState::Playing), spawn_maps)
        .add_observer(generated)
        .add_observer(refused)
        .run()
}

/// Ask for everything at startup.
fn ask(mut commands: Commands, assets: Res<AssetServer>, mut game: ResMut<Game>) {
    commands.spawn(Camera2d);
    commands.spawn((
        Hud,
        Text::new("generating…"),
        TextFont {
            font_size: bevy::text::FontSize::Px(14.0),
            ..default()
        },
        Node {
            position_type: PositionType::Absolute,
            left: Val::Px(12.0),
            top: Val::Px(8.0),
            ..default()
        },
    ));
    commands.spawn((DungeonRequest, GenerateLevel::dungeon(Size::Small, 21)));
    commands.spawn((
        CatanRequest,
        GenerateLevel::hex_board(BoardGame::Catan, Algorithm::Best, 21),
    ));
    // A player asked for a 2 × 50 puzzle: refused, with the typed error.
    commands.spawn(GenerateLevel::puzzle(2, 50, Difficulty::Easy, 1));
    game.terra = assets.load("levels/demo-terra-mystica.level.ron");
    // A level file that is not there fails through Bevy's asset messages.
    let _: Handle<LevelAsset> = assets.load("levels/no-such-floor.level.ron");

    // One turn of a domino AI for the game's own table: seat 0 opened
    // with 6-6, seat 1 (this AI) is to play.
    let t = |a, b| Tile::try_new(a, b).expect("a domino tile");
    let round = PublicRound {
        seat: 1,
        hand: vec![
            t(6, 5),
            t(1, 1),
            t(2, 3),
            t(0, 4),
            t(5, 5),
            t(3, 3),
            t(1, 4),
        ],
        opener: 0,
        opening: Opening::Forced(t(6, 6)),
        history: vec![Turn::Open(t(6, 6))],
        match_score: [0, 0],
    };
    let agent: AgentSpec = "s1".parse().expect("a known agent");
    commands.spawn(AskDominoAi::new(agent, round, 7)).observe(
        |advice: On<DominoAdvised>, mut game: ResMut<Game>| {
            let line = match advice.turn {
                Turn::Play(m) => format!("domino AI (s1): lays {} on arm {}", m.tile, m.arm),
                other => format!("domino AI (s1): {other:?}"),
            };
            game.say(line);
            game.advised = true;
        },
    );
}

/// A generated level: keep its handle.
fn generated(
    done: On<LevelGenerated>,
    kinds: Query<(Has<DungeonRequest>, Has<CatanRequest>)>,
    levels: Res<Assets<LevelAsset>>,
    mut game: ResMut<Game>,
) {
    let Ok((dungeon, catan)) = kinds.get(done.entity) else {
        return;
    };
    let score = levels.get(&done.level).map_or(0.0, |l| l.0.scores.total);
    if dungeon {
        game.dungeon = Some(done.level.clone());
        game.say(format!("dungeon generated (seed 21), score {score}"));
    } else if catan {
        game.catan = Some(done.level.clone());
        game.say(format!("Catan board generated (seed 21), score {score}"));
    }
}

/// A refused request: say why, and go on.
fn refused(failed: On<LevelGenerationFailed>, mut game: ResMut<Game>) {
    game.say(format!("refused request: {}", failed.error));
}

/// A level file that did not load: say why, and go on.
fn load_failures(
    mut failed: MessageReader<AssetLoadFailedEvent<LevelAsset>>,
    mut game: ResMut<Game>,
) {
    for f in failed.read() {
        let terra = f.id == game.terra.id();
        game.terra_settled |= terra;
        game.say(format!("level {} did not load: {}", f.path, f.error));
    }
}

/// The saved level arrived.
fn saved_level_loaded(mut game: ResMut<Game>, levels: Res<Assets<LevelAsset>>) {
    if game.terra_settled {
        return;
    }
    if let Some(l) = levels.get(&game.terra) {
        let line = format!(
            "loaded {} ({}), score {}",
            l.0.name,
            l.0.map.game(),
            l.0.scores.total
        );
        game.terra_settled = true;
        game.terra_loaded = true;
        game.say(line);
    }
}

/// Every request has its level or its failure, and the saved level is in.
fn start_playing(game: Res<Game>, mut next: ResMut<NextState<GameState>>) {
    if game.terra_settled {
        next.set(GameState::Playing);
    }
}

/// The three maps as tilemaps, and the player at the entrance.
fn spawn_maps(mut commands: Commands, mut game: ResMut<Game>, levels: Res<Assets<LevelAsset>>) {
    let Some(dungeon) = game.dungeon.clone() else {
        game.say("no dungeon: the game cannot start".into());
        return;
    };
    commands.spawn((
        DungeonTiles,
        LevelEcsTilemap(dungeon.clone()),
        EcsTileLayout::default().with_size(CELL),
        Transform::from_translation(DUNGEON_AT),
    ));
    if let Some(catan) = game.catan.clone() {
        commands.spawn((
            LevelEcsTilemap(catan),
            EcsTileLayout::default().with_size(HEX),
            Transform::from_translation(CATAN_AT),
        ));
    }
    commands.spawn((
        LevelEcsTilemap(game.terra.clone()),
        EcsTileLayout::default().with_size(HEX * 0.7),
        Transform::from_translation(TERRA_AT),
    ));
    // The player: the entrance room's middle cell, where the plugin's own
    // map puts it.
    let level = &levels.get(&dungeon).expect("the generated dungeon").0;
    let map = DungeonMap::from_level(&level.map).expect("a dungeon level");
    let room = &map.rooms[map.entrance.expect("an entrance")];
    let (x, y) = (
        (room.x + room.w / 2) as usize,
        (room.y + room.h / 2) as usize,
    );
    let at = DUNGEON_AT.truncate() + map.cell_centre(x, y, CELL);
    commands.spawn((
        Player(x, y),
        Sprite::from_color(Color::srgb(0.2, 0.5, 1.0), Vec2::splat(CELL * 0.8)),
        Transform::from_translation(at.extend(10.0)),
    ));
    game.say(format!("player in room {} (the entrance)", room.letter));
}

/// The player stands on a floor tile of the tilemap (once it is filled).
fn player_on_floor(
    player: Query<&Player>,
    maps: Query<(&TileStorage, &TilemapSize), With<DungeonTiles>>,
    tiles: Query<&TileTextureIndex>,
    mut game: ResMut<Game>,
    mut checked: Local<bool>,
) {
    let (Ok(p), Ok((storage, size))) = (player.single(), maps.single()) else {
        return;
    };
    if *checked {
        return;
    }
    *checked = true;
    let pos = cell_tile_pos(size.y as usize, p.0, p.1);
    let index = storage
        .get(&pos)
        .and_then(|t| tiles.get(t).ok())
        .map(|i| i.0);
    let floor = tile_index(TileKind::Dungeon(DungeonTile::Floor));
    if index == Some(floor) {
        game.say(format!("the player's tile {},{} is floor", pos.x, pos.y));
    } else {
        eprintln!("the player's tile {pos:?} is {index:?}, not floor ({floor})");
        std::process::exit(1);
    }
}

fn hud(game: Res<Game>, mut text: Query<&mut Text, With<Hud>>) {
    if game.is_changed()
        && let Ok(mut t) = text.single_mut()
    {
        // Bevy's default font has no "×".
        t.0 = game.lines.join("\n").replace('×', "x");
    }
}

/// With `--screenshot`: save one once the game is playing and the domino
/// AI answered, then exit; fail after two minutes.
fn screenshot_when_ready(
    mut commands: Commands,
    game: Res<Game>,
    state: Res<State<GameState>>,
    time: Res<Time<Real>>,
    mut frames: Local<u32>,
    mut exit: MessageWriter<AppExit>,
) {
    let Some(path) = &game.screenshot else {
        return;
    };
    if time.elapsed() > Duration::from_secs(120) {
        eprintln!("not ready after two minutes: {:?}", game.lines);
        exit.write(AppExit::error());
        return;
    }
    if *state.get() != GameState::Playing || !game.advised {
        return;
    }
    if !game.terra_loaded || game.dungeon.is_none() || game.catan.is_none() {
        eprintln!("a level is missing: {:?}", game.lines);
        exit.write(AppExit::error());
        return;
    }
    *frames += 1;
    if *frames == 30 {
        commands
            .spawn(Screenshot::primary_window())
            .observe(save_to_disk(path.clone()));
    }
    if *frames == 60 {
        exit.write(AppExit::Success);
    }
}
