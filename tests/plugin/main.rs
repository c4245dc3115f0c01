//! The embeddable plugin as a game uses it: `MinimalPlugins`,
//! `AssetPlugin` and `EvoboardPlugins`, no renderer. Levels load from
//! `*.level.ron`; runtime generators make the same levels as the engine-free
//! recipes (and so as the command line), report progress, fail with the
//! core's typed error, stop when their entity goes; the domino AI answers a game's
//! own table.
#![allow(clippy::unwrap_used)]

use bevy::prelude::*;
use bevy_evoboard::{
    AskDominoAi, DominoAdvice, DominoAdviceFailed, DominoAiFailed, EvoboardPlugins, GenerateLevel,
    GeneratedLevel, GenerationFailed, GenerationProgress, GenerationStage, GeneratorStats,
    JobFinished, LevelAsset, LevelGenerated, LevelGenerationFailed, requests_done,
};
use evoboard_core::boards::{Algorithm, BoardGame};
use evoboard_core::domino::{AgentSpec, Opening, PublicRound, Tile, Turn};
use evoboard_core::dungeon::Size;
use evoboard_core::level::{HexBoardRecipe, Level, LevelMap, Recipe, RecipeError};
use evoboard_core::puzzle::Difficulty;
use std::path::{Path, PathBuf};
use std::sync::atomic::AtomicBool;
use std::time::{Duration, Instant};

#[cfg(feature = "ecs_tilemap")]
mod ecs_tilemap;
mod hex_draw;

fn temp_dir(name: &str) -> PathBuf {
    let d = std::env::temp_dir().join(format!("evoboard-plugin-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&d);
    std::fs::create_dir_all(d.join("levels")).unwrap();
    d
}

/// A game without a renderer, reading assets under `root`.
fn game(root: &Path) -> App {
    let mut app = App::new();
    app.add_plugins((
        MinimalPlugins,
        AssetPlugin {
            file_path: root.to_string_lossy().into_owned(),
            ..default()
        },
        EvoboardPlugins::default(),
    ));
    app
}

/// Update until `done` holds or `limit` of wall time passes (the searches
/// run on other threads).
fn run_until(app: &mut App, limit: Duration, mut done: impl FnMut(&mut App) -> bool) -> bool {
    let start = Instant::now();
    while start.elapsed() < limit {
        app.update();
        if done(app) {
            return true;
        }
        std::thread::sleep(Duration::from_millis(2));
    }
    false
}

/// The level a request made, once made.
fn generated(app: &mut App, e: Entity) -> Option<Level> {
    let handle = app.world().get::<GeneratedLevel>(e)?.0.clone();
    app.world()
        .resource::<Assets<LevelAsset>>()
        .get(&handle)
        .map(|l| l.0.clone())
}

fn expected(request: &GenerateLevel) -> Level {
    request
        .recipe
        .generate(&request.name, &AtomicBool::new(false), |_| {})
        .unwrap()
}

#[test]
fn a_game_generates_a_dungeon_a_board_and_a_puzzle_the_same_as_the_recipes() {
    let root = temp_dir("gen");
    let mut app = game(&root);
    let requests = [
        GenerateLevel::dungeon(Size::Medium, 4),
        GenerateLevel::hex_board(BoardGame::TerraMystica, Algorithm::Best, 4),
        GenerateLevel::hex_board(BoardGame::Catan, Algorithm::Best, 4),
        GenerateLevel::puzzle(10, 10, Difficulty::Hard, 4),
    ];
    let told = std::sync::Arc::new(std::sync::Mutex::new(Vec::new()));
    let entities: Vec<Entity> = requests
        .iter()
        .map(|r| {
            let told = told.clone();
            app.world_mut()
                .spawn(r.clone())
                .observe(move |done: On<LevelGenerated>| {
                    told.lock().unwrap().push(done.entity);
                })
                .id()
        })
        .collect();
    assert!(run_until(&mut app, Duration::from_secs(120), |app| {
        entities.iter().all(|&e| generated(app, e).is_some())
    }));
    for (e, r) in entities.iter().zip(&requests) {
        assert_eq!(generated(&mut app, *e).unwrap(), expected(r), "{}", r.name);
        let p = app.world().get::<GenerationProgress>(*e).unwrap();
        assert_eq!(p.stage, GenerationStage::Done);
        assert!(app.world().get::<Name>(*e).is_some(), "requests are named");
    }
    let mut told = told.lock().unwrap().clone();
    told.sort();
    let mut want = entities.clone();
    want.sort();
    assert_eq!(told, want, "one LevelGenerated per request");
    assert_eq!(app.world().resource::<GeneratorStats>().finished, 4);
    std::fs::remove_dir_all(&root).unwrap();
}

#[test]
fn progress_shows_while_a_search_runs_and_despawning_stops_it() {
    let root = temp_dir("cancel");
    let mut app = game(&root);
    let mut r = HexBoardRecipe::new(BoardGame::TerraMystica, Algorithm::Brkga, 1);
    r.time_limit = Duration::from_secs(600);
    r.target = -1.0; // unreachable: only a cancel stops it
    let e = app.world_mut().spawn(GenerateLevel::hex_board_with(r)).id();
    assert!(run_until(&mut app, Duration::from_secs(30), |app| {
        app.world()
            .get::<GenerationProgress>(e)
            .is_some_and(|p| p.stage == GenerationStage::Board && p.generation >= 3)
    }));
    assert_eq!(app.world().resource::<GeneratorStats>().running, 1);
    app.world_mut().despawn(e);
    assert!(
        run_until(&mut app, Duration::from_secs(30), |app| {
            app.world().resource::<GeneratorStats>().cancelled == 1
        }),
        "the worker stops once its entity is gone"
    );
    assert_eq!(app.world().resource::<GeneratorStats>().running, 0);
    std::fs::remove_dir_all(&root).unwrap();
}

#[test]
fn a_changed_request_starts_again_and_a_removed_one_stops() {
    let root = temp_dir("change");
    let mut app = game(&root);
    let mut slow = HexBoardRecipe::new(BoardGame::TerraMystica, Algorithm::Brkga, 1);
    slow.time_limit = Duration::from_secs(600);
    slow.target = -1.0;
    let e = app
        .world_mut()
        .spawn(GenerateLevel::hex_board_with(slow.clone()))
        .id();
    assert!(run_until(&mut app, Duration::from_secs(30), |app| {
        app.world()
            .get::<GenerationProgress>(e)
            .is_some_and(|p| p.generation >= 2)
    }));
    // Replace the request by a quick one: the slow search stops, the new
    // one makes its level.
    let quick = GenerateLevel::hex_board(BoardGame::Catan, Algorithm::Best, 9);
    app.world_mut().entity_mut(e).insert(quick.clone());
    assert!(run_until(&mut app, Duration::from_secs(60), |app| {
        generated(app, e).is_some() && app.world().resource::<GeneratorStats>().cancelled == 1
    }));
    assert_eq!(generated(&mut app, e).unwrap(), expected(&quick));
    // Removing a running request stops its search too.
    app.world_mut()
        .entity_mut(e)
        .insert(GenerateLevel::hex_board_with(slow));
    assert!(run_until(&mut app, Duration::from_secs(30), |app| {
        app.world()
            .get::<GenerationProgress>(e)
            .is_some_and(|p| p.generation >= 2)
    }));
    app.world_mut().entity_mut(e).remove::<GenerateLevel>();
    assert!(run_until(&mut app, Duration::from_secs(30), |app| {
        app.world().resource::<GeneratorStats>().cancelled == 2
    }));
    assert!(
        app.world().get::<GeneratedLevel>(e).is_none(),
        "a new request clears the old level"
    );
    std::fs::remove_dir_all(&root).unwrap();
}

#[test]
fn a_refused_request_says_why() {
    let root = temp_dir("fail");
    let mut app = game(&root);
    let told = std::sync::Arc::new(std::sync::Mutex::new(None));
    let seen = told.clone();
    let e = app
        .world_mut()
        .spawn(GenerateLevel::puzzle(2, 50, Difficulty::Easy, 1))
        .observe(move |failed: On<LevelGenerationFailed>| {
            *seen.lock().unwrap() = Some(failed.error.clone());
        })
        .id();
    assert!(run_until(&mut app, Duration::from_secs(30), |app| {
        app.world().get::<GenerationFailed>(e).is_some()
    }));
    let error = &app.world().get::<GenerationFailed>(e).unwrap().0;
    assert!(
        matches!(error, RecipeError::Puzzle(_)),
        "the core's typed error: {error:?}"
    );
    let msg = error.to_string();
    assert!(msg.contains("allowed") || msg.contains("at least"), "{msg}");
    assert_eq!(
        told.lock().unwrap().as_ref(),
        Some(error),
        "the trigger carries it"
    );
    assert_eq!(
        app.world().get::<GenerationProgress>(e).unwrap().stage,
        GenerationStage::Failed
    );
    std::fs::remove_dir_all(&root).unwrap();
}

/// What the message-reading systems of [`messages_and_a_run_condition_follow_the_requests`] saw.
#[derive(Resource, Default)]
struct Seen {
    made: Vec<Entity>,
    failed: Vec<Entity>,
    done_frames: u32,
}

#[test]
fn messages_and_a_run_condition_follow_the_requests() {
    let root = temp_dir("messages");
    let mut app = game(&root);
    app.init_resource::<Seen>().add_systems(
        Update,
        (
            |mut r: MessageReader<LevelGenerated>, mut s: ResMut<Seen>| {
                s.made.extend(r.read().map(|m| m.entity));
            },
            |mut r: MessageReader<LevelGenerationFailed>, mut s: ResMut<Seen>| {
                s.failed.extend(r.read().map(|m| m.entity));
            },
            (|mut s: ResMut<Seen>| s.done_frames += 1).run_if(requests_done),
        )
            .after(bevy_evoboard::EvoboardSet::Generate),
    );
    let good = app
        .world_mut()
        .spawn(GenerateLevel::dungeon(Size::Small, 5))
        .id();
    let bad = app
        .world_mut()
        .spawn(GenerateLevel::puzzle(2, 50, Difficulty::Easy, 1))
        .id();
    app.update();
    assert_eq!(
        app.world().resource::<Seen>().done_frames,
        0,
        "a request waits"
    );
    assert!(run_until(&mut app, Duration::from_secs(60), |app| {
        app.world().resource::<Seen>().done_frames > 0
    }));
    let seen = app.world().resource::<Seen>();
    assert_eq!(seen.made, vec![good], "one message for the level made");
    assert_eq!(seen.failed, vec![bad], "one message for the refusal");
    assert!(app.world().get::<GeneratedLevel>(good).is_some());
    std::fs::remove_dir_all(&root).unwrap();
}

#[test]
fn level_ron_files_load_and_plain_ron_is_left_to_other_loaders() {
    let root = temp_dir("load");
    let level = Recipe::catan(2)
        .generate("isle", &AtomicBool::new(false), |_| {})
        .unwrap();
    std::fs::write(root.join("levels/isle.level.ron"), level.to_ron()).unwrap();
    std::fs::write(root.join("levels/config.ron"), level.to_ron()).unwrap();
    let mut app = game(&root);
    let server = app.world().resource::<AssetServer>().clone();
    let good: Handle<LevelAsset> = server.load("levels/isle.level.ron");
    let plain = server.load_builder().load_untyped("levels/config.ron");
    assert!(run_until(&mut app, Duration::from_secs(30), |app| {
        app.world().resource::<Assets<LevelAsset>>().contains(&good)
            && server.load_state(&plain).is_failed()
    }));
    if let bevy::asset::LoadState::Failed(e) = server.load_state(&plain) {
        assert!(e.to_string().contains("loader"), "{e}");
    }
    let loaded = &app
        .world()
        .resource::<Assets<LevelAsset>>()
        .get(&good)
        .unwrap()
        .0;
    assert_eq!(loaded, &level);
    assert!(matches!(loaded.map, LevelMap::Catan(_)));
    std::fs::remove_dir_all(&root).unwrap();
}

#[test]
fn the_domino_ai_answers_a_games_own_table() {
    let root = temp_dir("domino");
    let mut app = game(&root);
    let t = |a, b| Tile::try_new(a, b).unwrap();
    // Seat 0 opens with 6-6; seat 1 is to play.
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
    let e = app
        .world_mut()
        .spawn(AskDominoAi::new("basic".parse().unwrap(), round.clone(), 3))
        .id();
    assert!(run_until(&mut app, Duration::from_secs(30), |app| {
        app.world().get::<DominoAdvice>(e).is_some()
    }));
    let turn = app.world().get::<DominoAdvice>(e).unwrap().0;
    assert_eq!(
        turn,
        evoboard_core::domino::choose_turn_named("basic", &round, 3).unwrap()
    );
    assert!(
        matches!(turn, Turn::Play(m) if m.tile == t(6, 5)),
        "{turn:?}"
    );

    // An agent that cannot be built fails like a refused level: a
    // component and a trigger with the domino core's typed error.
    let told = std::sync::Arc::new(std::sync::Mutex::new(None));
    let seen = told.clone();
    let missing = root.join("no-such-coefficients.json");
    let agent: AgentSpec = format!("file:{}", missing.display()).parse().unwrap();
    let e = app
        .world_mut()
        .spawn(AskDominoAi::new(agent, round, 3))
        .observe(move |failed: On<DominoAiFailed>| {
            *seen.lock().unwrap() = Some(failed.error.clone());
        })
        .id();
    assert!(run_until(&mut app, Duration::from_secs(30), |app| {
        app.world().get::<DominoAdviceFailed>(e).is_some()
    }));
    let error = &app.world().get::<DominoAdviceFailed>(e).unwrap().0;
    assert!(app.world().get::<DominoAdvice>(e).is_none());
    assert_eq!(
        told.lock().unwrap().as_ref(),
        Some(error),
        "the trigger carries it"
    );
    std::fs::remove_dir_all(&root).unwrap();
}

#[test]
fn public_types_are_registered_for_inspectors() {
    let mut app = game(&temp_dir("reflect"));
    app.update();
    let registry = app.world().resource::<AppTypeRegistry>().read();
    for name in [
        "GenerateLevel",
        "GenerationProgress",
        "GeneratedLevel",
        "GeneratorStats",
        "JobFrameTime",
        "HexBoardMap",
        "HexOverlay",
        "HexSelection",
        "DungeonMap",
        "LevelTilemap",
        "AskDominoAi",
        "DominoAdvice",
        "ViewExtent",
    ] {
        assert!(
            registry.get_with_short_type_path(name).is_some(),
            "{name} is registered"
        );
    }
}

#[test]
fn a_games_own_match_plays_its_ai_seats_through_the_plugin_as_steps_do() {
    use bevy_evoboard::play_ai_seats;
    use evoboard_core::domino::{Actor, AiTurnsPlayed, LocalMatch};
    use std::sync::{Arc, Mutex};

    let root = temp_dir("domino-seats");
    let mut app = game(&root);
    let specs: [Option<AgentSpec>; 4] =
        ["basic", "s1", "basic", "s2"].map(|a| Some(a.parse().unwrap()));
    for seed in [5, 11] {
        let mut steps = LocalMatch::from_specs(&specs, seed).unwrap();
        let shared = Arc::new(Mutex::new(LocalMatch::from_specs(&specs, seed).unwrap()));
        let mut jobs = 0;
        loop {
            match steps.next_actor() {
                Actor::Ai(_) => steps.ai_step().unwrap(),
                Actor::RoundOver => steps.next_round().unwrap(),
                _ => break,
            }
        }
        loop {
            let actor = shared.lock().unwrap().next_actor();
            match actor {
                Actor::Ai(_) => {
                    let turns = shared.lock().unwrap().ai_turns(3).unwrap();
                    let table = shared.clone();
                    let e = app
                        .world_mut()
                        .spawn(play_ai_seats(turns))
                        .observe(move |mut done: On<JobFinished<AiTurnsPlayed>>| {
                            let played = done.take().unwrap().expect("no panic");
                            assert!(table.lock().unwrap().apply_ai_turns(played) >= 1);
                        })
                        .id();
                    assert!(run_until(&mut app, Duration::from_secs(30), |app| {
                        app.world().get_entity(e).is_err()
                    }));
                    jobs += 1;
                }
                Actor::RoundOver => shared.lock().unwrap().next_round().unwrap(),
                _ => break,
            }
            assert!(jobs < 5_000);
        }
        let away = shared.lock().unwrap();
        assert!(jobs > 1, "several jobs");
        assert_eq!(steps.result(), away.result(), "seed {seed}");
        assert_eq!(steps.log().len(), away.log().len(), "seed {seed}");
    }
    std::fs::remove_dir_all(&root).unwrap();
}
