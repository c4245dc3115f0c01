//! The hex-board screen and the level assets: headless ECS tests and the
//! real window under Xvfb.

use super::common::{headless, temp_dir, update_until};
use crate::app::hex_boards::{
    BoardDrawing, BoardRunState, BoardSettings, GeneratorCommand, HexBoardGenerator, HexDesign,
    MainGenerator, ShownBoard, logic_plugin, save_level,
};
use crate::app::shell::library::LevelLibrary;
use bevy::prelude::*;
use bevy_evoboard::{HexBoardMap, LevelAsset};
use evoboard_core::boards::{self, Algorithm, BoardGame, BoardRun, Params, Scoring};
use evoboard_core::level::Level;

#[test]
fn generate_save_load_through_the_asset_server_gives_the_same_board() {
    let root = temp_dir("roundtrip");
    for game in [BoardGame::TerraMystica, BoardGame::Catan] {
        let params = Params::defaults(boards::param_specs(game, Algorithm::Best));
        let scoring = Scoring::default();
        let run = BoardRun {
            params: params.clone(),
            scoring,
            time_limit: std::time::Duration::from_secs(30),
            ..BoardRun::new(game, Algorithm::Best, 77)
        }
        .run_to_end()
        .unwrap();
        let level = Level::hex_board(
            "rt",
            game,
            &run.tiles,
            Algorithm::Best,
            &params,
            scoring,
            77,
        );
        let file = format!("levels/rt-{}.level.ron", game.name());
        std::fs::write(root.join(&file), level.to_ron()).unwrap();

        let mut app = headless(&root);
        let handle: Handle<LevelAsset> = app.world().resource::<AssetServer>().load(file.clone());
        let mut loaded = None;
        update_until(&mut app, 100_000, |app| {
            loaded = app
                .world()
                .resource::<Assets<LevelAsset>>()
                .get(&handle)
                .map(|l| l.0.clone());
            loaded.is_some()
        });
        let loaded = loaded.unwrap_or_else(|| panic!("{file} did not load"));
        assert_eq!(loaded, level);
        let map = HexBoardMap::from_level(&loaded.map).unwrap();
        assert_eq!(map.tiles, run.tiles);
        assert_eq!(loaded.scores.total, run.score);
        assert_eq!(
            boards::violations(game, &map.tiles, scoring)
                .iter()
                .map(|v| v.1)
                .sum::<u32>(),
            0
        );
    }
    std::fs::remove_dir_all(&root).unwrap();
}

#[test]
fn a_broken_level_fails_to_load_and_says_why() {
    let root = temp_dir("broken");
    std::fs::write(
        root.join("levels/bad.level.ron"),
        "Level(\n version: 1,\n name: 5,\n)",
    )
    .unwrap();
    let mut app = headless(&root);
    let handle: Handle<LevelAsset> = app
        .world()
        .resource::<AssetServer>()
        .load("levels/bad.level.ron");
    let mut error = None;
    update_until(&mut app, 100_000, |app| {
        if let bevy::asset::LoadState::Failed(e) =
            app.world().resource::<AssetServer>().load_state(&handle)
        {
            error = Some(e.to_string());
        }
        error.is_some()
    });
    let e = error.expect("no failure reported");
    assert!(e.contains("line 3"), "{e}");
    std::fs::remove_dir_all(&root).unwrap();
}

#[test]
fn the_generator_runtime_steps_to_a_perfect_board() {
    let root = temp_dir("runtime");
    let mut app = headless(&root);
    app.insert_resource(LevelLibrary::default())
        .add_plugins(logic_plugin);
    app.world_mut().resource_mut::<BoardSettings>().seed = 5;
    app.world_mut()
        .resource_mut::<BoardSettings>()
        .steps_per_second = 0.0;
    app.update();
    app.world_mut().write_message(GeneratorCommand::Reset);
    app.world_mut().write_message(GeneratorCommand::Start);
    for frame in 0.. {
        app.update();
        let mut q = app
            .world_mut()
            .query_filtered::<(&HexBoardGenerator, &ShownBoard), With<MainGenerator>>();
        let (g, map) = q.single(app.world()).unwrap();
        if g.state == BoardRunState::Solved {
            assert_eq!(g.progress.best, 0.0);
            assert!(g.history.len() >= 2, "a history point per generation");
            let v = boards::violations(BoardGame::TerraMystica, &map.tiles, Scoring::default());
            assert!(v.iter().all(|(_, c)| *c == 0), "{v:?}");
            assert!(map.broken.iter().all(|&b| b == 0));
            break;
        }
        // Best solves a board in a few dozen generations; at 8 ms of
        // search a frame that is a few frames, whatever the machine.
        assert!(frame < 2_000, "not solved after {frame} frames");
    }
    std::fs::remove_dir_all(&root).unwrap();
}

#[test]
fn an_unpaced_search_steps_on_its_own_thread_and_rests_when_paused() {
    let root = temp_dir("runner");
    let mut app = headless(&root);
    app.insert_resource(LevelLibrary::default())
        .add_plugins(logic_plugin);
    {
        let mut s = app.world_mut().resource_mut::<BoardSettings>();
        s.select(BoardGame::TerraMystica, Algorithm::Brkga);
        s.steps_per_second = 0.0;
    }
    app.update();
    app.world_mut().write_message(GeneratorCommand::Reset);
    app.world_mut().write_message(GeneratorCommand::Start);
    app.update();
    let search_thread = |app: &mut App| {
        let mut q = app
            .world_mut()
            .query_filtered::<&HexBoardGenerator, With<MainGenerator>>();
        q.single(app.world()).unwrap().background_thread()
    };
    let frame_thread = std::thread::current().id();
    assert!(
        search_thread(&mut app).is_some_and(|t| t != frame_thread),
        "the search steps on its own thread"
    );
    let generation = |app: &mut App| {
        let mut q = app
            .world_mut()
            .query_filtered::<&HexBoardGenerator, With<MainGenerator>>();
        q.single(app.world()).unwrap().progress.generation
    };
    assert!(update_until(&mut app, 100_000, |app| generation(app) >= 3));
    app.world_mut().write_message(GeneratorCommand::Pause);
    app.update();
    assert_eq!(
        search_thread(&mut app),
        None,
        "a paused search's thread ends"
    );
    let paused_at = generation(&mut app);
    for _ in 0..5 {
        app.update();
    }
    assert_eq!(generation(&mut app), paused_at, "paused means paused");
    // Started again, it goes on from where it was.
    app.world_mut().write_message(GeneratorCommand::Start);
    assert!(update_until(&mut app, 100_000, |app| generation(app) > paused_at));
    std::fs::remove_dir_all(&root).unwrap();
}

#[test]
fn the_level_browser_puts_a_saved_level_on_the_board() {
    let root = temp_dir("browser");
    let game = BoardGame::Catan;
    let params = Params::defaults(boards::param_specs(game, Algorithm::Best));
    let run = BoardRun {
        params: params.clone(),
        scoring: Scoring::default(),
        time_limit: std::time::Duration::from_secs(30),
        ..BoardRun::new(game, Algorithm::Best, 31)
    }
    .run_to_end()
    .unwrap();
    let level = Level::hex_board(
        "mine",
        game,
        &run.tiles,
        Algorithm::Best,
        &params,
        Scoring::default(),
        31,
    );
    std::fs::write(root.join("levels/mine.level.ron"), level.to_ron()).unwrap();
    let mut app = headless(&root);
    app.insert_resource(LevelLibrary::default())
        .add_plugins(logic_plugin);
    app.update();
    let handle: Handle<LevelAsset> = app
        .world()
        .resource::<AssetServer>()
        .load("levels/mine.level.ron");
    app.world_mut().resource_mut::<LevelLibrary>().pending = Some(handle);
    assert!(
        update_until(&mut app, 100_000, |app| app
            .world()
            .resource::<LevelLibrary>()
            .pending
            .is_none()),
        "not loaded"
    );
    let msg = app.world().resource::<LevelLibrary>().message.clone();
    assert!(
        msg.is_ok() && msg.text().unwrap().contains("loaded mine"),
        "{msg:?}"
    );
    assert_eq!(
        app.world().resource::<BoardSettings>().game,
        BoardGame::Catan
    );
    assert_eq!(app.world().resource::<BoardSettings>().seed, 31);
    let mut q = app
        .world_mut()
        .query_filtered::<(&HexBoardGenerator, &ShownBoard), With<MainGenerator>>();
    let (g, map) = q.single(app.world()).unwrap();
    assert_eq!(map.tiles, run.tiles);
    assert_eq!(g.best_tiles(), run.tiles);
    assert!(g.violations.iter().all(|(_, c)| *c == 0));
    std::fs::remove_dir_all(&root).unwrap();
}

#[test]
fn saving_from_the_app_never_clobbers_without_confirmation() {
    let root = temp_dir("save");
    let settings = BoardSettings::default();
    let mut g = HexBoardGenerator::new(&settings).unwrap();
    while g.state != BoardRunState::Solved {
        g.step_once();
    }
    let mut lib = LevelLibrary::default();
    let path = root.join("levels").join("accepted.level.ron");
    save_level(&mut g, &HexDesign::default(), &mut lib, path.clone(), false);
    assert!(lib.save.message.is_ok(), "{:?}", lib.save.message);
    let first = std::fs::read_to_string(&path).unwrap();
    let level = evoboard_core::level::Level::from_ron(&first).unwrap();
    assert_eq!(level.name, "accepted");
    assert_eq!(
        HexBoardMap::from_level(&level.map).unwrap().tiles,
        g.best_tiles()
    );
    // Same name again without the user's confirmation: refused, file kept.
    std::fs::write(&path, "keep me").unwrap();
    save_level(&mut g, &HexDesign::default(), &mut lib, path.clone(), false);
    let msg = lib.save.message.clone();
    assert!(
        msg.is_error() && msg.text().unwrap().contains("already exists"),
        "{msg}"
    );
    assert_eq!(std::fs::read_to_string(&path).unwrap(), "keep me");
    // Confirmed overwrite replaces it.
    save_level(&mut g, &HexDesign::default(), &mut lib, path.clone(), true);
    assert_eq!(std::fs::read_to_string(&path).unwrap(), first);
    std::fs::remove_dir_all(&root).unwrap();
}

#[test]
fn leaving_the_screen_despawns_the_drawing_and_coming_back_redraws_it() {
    let root = temp_dir("scoped");
    let mut app = headless(&root);
    app.init_asset::<Mesh>()
        .init_asset::<ColorMaterial>()
        .insert_resource(LevelLibrary::default())
        .add_plugins(logic_plugin);
    // What the board's drawing entities hold: the plugin's tiles, tokens
    // and marks are their children.
    let drawn = |app: &mut App| {
        let mut q = app
            .world_mut()
            .query_filtered::<Option<&Children>, With<BoardDrawing>>();
        q.iter(app.world())
            .map(|c| c.map_or(0, |c| c.len()))
            .sum::<usize>()
    };
    let generators = |app: &mut App| {
        let mut q = app.world_mut().query_filtered::<(), With<MainGenerator>>();
        q.iter(app.world()).count()
    };
    for _ in 0..3 {
        app.update();
    }
    let shown = drawn(&mut app);
    assert!(shown > 0, "the board is drawn on its screen");
    let board = app.world().resource::<BoardSettings>().seed;

    app.world_mut()
        .resource_mut::<NextState<crate::app::Screen>>()
        .set(crate::app::Screen::Puzzle);
    app.update();
    app.update();
    assert_eq!(drawn(&mut app), 0, "nothing of the board is left drawn");
    let mut q = app.world_mut().query_filtered::<(), With<BoardDrawing>>();
    assert_eq!(
        q.iter(app.world()).count(),
        0,
        "the drawing's entity is gone"
    );
    assert_eq!(
        generators(&mut app),
        1,
        "the generator (run and board) stays"
    );

    app.world_mut()
        .resource_mut::<NextState<crate::app::Screen>>()
        .set(crate::app::Screen::HexBoards);
    app.update();
    app.update();
    assert_eq!(drawn(&mut app), shown, "the same board is drawn again");
    assert_eq!(app.world().resource::<BoardSettings>().seed, board);
    std::fs::remove_dir_all(&root).unwrap();
}

#[test]
fn the_camera_fits_a_catan_island_to_the_free_area() {
    use crate::app::shell::camera::{BoardCamera, PanelInsets, fit_camera};
    use bevy::window::{PrimaryWindow, WindowResolution};
    use bevy_evoboard::{EvoboardSettings, catan_map};
    use evoboard_core::boards::catan::{CatanBoard, CatanOptions, standard_codes};
    // The hex screen at 1280 x 800: its panels' default widths, the top bar.
    let (insets, w, h) = (
        PanelInsets {
            left: 270.0,
            right: 320.0,
            top: 26.0,
            bottom: 0.0,
        },
        1280.0,
        800.0,
    );
    let mut app = App::new();
    app.add_plugins(MinimalPlugins)
        .insert_resource(EvoboardSettings::default())
        .insert_resource(insets)
        .add_systems(Update, fit_camera);
    app.world_mut().spawn((
        Window {
            resolution: WindowResolution::new(w as u32, h as u32),
            ..default()
        },
        PrimaryWindow,
    ));
    let map = catan_map(&CatanBoard::with_placed_harbours(
        &standard_codes(),
        &CatanOptions::default(),
        1,
    ));
    let drawn = map.drawn_rect(EvoboardSettings::default().hex_size);
    app.world_mut().spawn((map, InheritedVisibility::VISIBLE));
    let camera = app
        .world_mut()
        .spawn((
            BoardCamera {
                zoom: 1.0,
                pan: Vec2::ZERO,
            },
            Camera::default(),
            Projection::Orthographic(OrthographicProjection::default_2d()),
            Transform::default(),
        ))
        .id();
    app.update();
    let Some(Projection::Orthographic(o)) = app.world().get::<Projection>(camera) else {
        panic!("an orthographic board camera")
    };
    // The island (narrower than 400 world units) takes 95 % of the free
    // area's limiting dimension: no floor under its extent, no margin for
    // harbours on a side that has none; the view is centred on it.
    let (vw, vh) = (w - insets.left - insets.right, h - insets.top);
    let size = drawn.size() / o.scale;
    let fill = (size.x / vw).max(size.y / vh);
    assert!(drawn.width() < 400.0, "a small island: {drawn:?}");
    assert!((fill - 0.95).abs() < 0.005, "the island fills {fill}");
    let centre = app.world().get::<Transform>(camera).unwrap().translation;
    assert!(
        centre.truncate().distance(drawn.center()) < 1e-3,
        "{centre}"
    );
}
