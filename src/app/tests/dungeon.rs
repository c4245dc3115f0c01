//! The dungeon screen: the generator stepped through its systems
//! headless (same dungeons as the CLI core), a dungeon level saved and
//! loaded back through the asset server onto the tilemap, and the real
//! app under Xvfb.

use super::common::*;
use crate::app::dungeon::{
    DungeonCommand, DungeonRun, DungeonRunState as RunState, DungeonSettings, logic_plugin,
    validate,
};
use crate::app::shell::ScreenStatus;
use crate::app::shell::save_box::SaveBox;
use crate::app::{AppArgs, Game, Screen};
use bevy::prelude::*;
use bevy_evoboard::{DungeonMap, LevelAsset, LevelTilemap};
use evoboard_core::dungeon::{self, Dungeon, DungeonParams, Size, is_connected, rooms_are_valid};
use evoboard_core::level::Level;

fn settings() -> DungeonSettings {
    let mut s = DungeonSettings::default();
    s.set_size(Size::Small);
    s.seed = 31;
    s.params.loops = 1;
    s.params.dead_ends = 1;
    s.params.secret_doors = 1;
    s.params.traps = 2;
    s.params.enemies_pct = 25;
    s.params.treasure_pct = 75;
    s.steps_per_second = 0.0;
    s
}

/// What the game master asked for holds, by the core's own checks.
fn assert_valid(d: &Dungeon, p: &DungeonParams) {
    let rects: Vec<_> = d.rooms.iter().map(|r| r.rect()).collect();
    assert!(
        rooms_are_valid(&rects, &p.layout_rules()),
        "rooms overlap or leave the map"
    );
    assert!(is_connected(&d.grid, &rects), "some room cannot be reached");
    assert!((p.min_rooms..=p.max_rooms).contains(&d.rooms.len()));
    let n = d.rooms.len();
    let pct = |k: u8| (n * k as usize * 2 + 100) / 200;
    assert_eq!(
        d.rooms.iter().filter(|r| r.enemies).count(),
        pct(p.enemies_pct)
    );
    assert_eq!(
        d.rooms.iter().filter(|r| r.treasure).count(),
        pct(p.treasure_pct)
    );
    assert_ne!(d.entrance, d.final_room);
    assert!(d.fitness > 0.0);
}

#[test]
fn the_generator_steps_through_its_systems_to_the_cli_dungeons() {
    let root = temp_dir("dungeon-run");
    let mut app = headless_on(&root, Screen::Dungeon);
    app.add_plugins(logic_plugin);
    let s = settings();
    app.insert_resource(s.clone());

    // One Step: every proposal advances by exactly one generation.
    app.world_mut().write_message(DungeonCommand::Step);
    app.update();
    {
        let run = app.world().resource::<DungeonRun>();
        assert_eq!(run.state, RunState::Paused);
        assert_eq!(run.ticks, 1);
        assert_eq!(run.proposals.len(), 3);
        for p in &run.proposals {
            assert_eq!(p.layout_history.len(), 2, "generation 0 and 1");
            assert!(p.layout_history[1][0] >= p.layout_history[0][0]);
        }
    }
    // Start from scratch and run to the end, paced: at most two
    // generation steps per frame, so a person sees every stage.
    app.world_mut()
        .resource_mut::<DungeonSettings>()
        .steps_per_second = 1000.0;
    app.world_mut().write_message(DungeonCommand::Start);
    let mut seen_contents_stage = false;
    let mut frames = 0;
    loop {
        app.update();
        frames += 1;
        let run = app.world().resource::<DungeonRun>();
        seen_contents_stage |= run.stage_label().starts_with("contents GA");
        if run.state == RunState::Done {
            break;
        }
        assert_eq!(run.state, RunState::Running);
        // 1000 steps a second of simulated time: two a frame.
        assert!(frames < 10_000, "the run did not finish in {frames} frames");
    }
    let run = app.world().resource::<DungeonRun>();
    let g = s.params.ga.generations;
    assert_eq!(run.ticks, 2 * g + 2);
    assert!(seen_contents_stage, "the contents GA was never shown");
    assert!(frames > g, "{frames} frames: the run was not paced");
    let cli = dungeon::generate(&s.params, s.seed).unwrap();
    let ours: Vec<Dungeon> = run.dungeons().into_iter().cloned().collect();
    assert_eq!(ours, cli, "the app and the CLI differ for the same seed");
    for (d, p) in ours.iter().zip(&run.proposals) {
        assert_valid(d, &s.params);
        assert_eq!(p.layout_history.len(), g + 1);
        assert_eq!(p.layout_history[g][0], d.fitness);
        assert_eq!(p.contents_history.len(), g + 1);
    }
    assert_eq!(run.best(), Some(dungeon::best_proposal(&cli)));
    assert_eq!(
        run.selected,
        run.best().unwrap(),
        "the best proposal is shown at the end"
    );

    // Reset forgets the run.
    app.world_mut().write_message(DungeonCommand::Reset);
    app.update();
    let run = app.world().resource::<DungeonRun>();
    assert_eq!(run.state, RunState::Idle);
    assert!(run.proposals.is_empty());
    std::fs::remove_dir_all(&root).unwrap();
}

#[test]
fn bad_settings_give_an_error_not_a_run() {
    let root = temp_dir("dungeon-bad");
    let mut app = headless_on(&root, Screen::Dungeon);
    app.add_plugins(logic_plugin);
    let mut s = settings();
    s.params.max_rooms = 26;
    app.insert_resource(s);
    app.world_mut().write_message(DungeonCommand::Start);
    app.update();
    let run = app.world().resource::<DungeonRun>();
    assert_eq!(run.state, RunState::Idle);
    let status = &app.world().resource::<ScreenStatus>()[Screen::Dungeon];
    assert!(status.is_error());
    let e = status.text().unwrap();
    assert!(e.contains("at most 25 rooms fit on a 50x50 grid"), "{e}");
    std::fs::remove_dir_all(&root).unwrap();
}

#[test]
fn a_saved_dungeon_loads_through_the_asset_server_onto_the_tilemap() {
    let root = temp_dir("dungeon-level");
    let mut p = DungeonParams::for_size(Size::Medium);
    p.proposals = 1;
    p.secret_doors = 2;
    p.traps = 3;
    let d = dungeon::generate(&p, 12).unwrap().remove(0);
    let mut save = SaveBox {
        name: "crypt".into(),
        ..SaveBox::default()
    };
    let path = save.request(&root.join("levels")).unwrap().unwrap();
    let level = Level::dungeon("crypt", &d, &p);
    assert!(save.write(&path, &level, false), "{:?}", save.message);

    let mut app = headless(&root);
    let handle: Handle<LevelAsset> = app
        .world()
        .resource::<AssetServer>()
        .load("levels/crypt.level.ron");
    let e = app.world_mut().spawn(LevelTilemap(handle)).id();
    assert!(
        update_until(&mut app, 100_000, |app| app
            .world()
            .get::<DungeonMap>(e)
            .is_some()),
        "the level did not load"
    );
    let map = app.world().get::<DungeonMap>(e).unwrap().clone();
    assert_eq!(map.grid, d.grid, "same grid after the round trip");
    assert_eq!(map.rooms, d.rooms);
    assert_eq!(
        (map.entrance, map.final_room),
        (Some(d.entrance), Some(d.final_room))
    );
    let text = std::fs::read_to_string(&path).unwrap();
    let back = evoboard_core::level::Level::from_ron(&text).unwrap();
    assert_eq!(back, level);
    assert_eq!(back.name, "crypt");
    std::fs::remove_dir_all(&root).unwrap();
}

#[test]
fn scripted_flags_are_checked() {
    let args = |size: &str| AppArgs {
        game: Some(Game::Dungeon),
        size: Some(size.into()),
        ..AppArgs::default()
    };
    assert_eq!(validate(&args("medium")), Ok(()));
    assert_eq!(
        validate(&args("huge")).unwrap_err(),
        "unknown dungeon --size 'huge'; allowed: small, medium, large"
    );
}
