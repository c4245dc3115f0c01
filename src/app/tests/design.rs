//! Designing a hex board in the real app, as a person would: a solved
//! board edited into a broken one, three hexes pinned, the counts
//! rebalanced, the rest evolved, the board saved; the saved level keeps
//! the pins and scores 0.

use super::common::temp_dir;
use crate::app::Screen;
use crate::app::shell::ScreenStatus;
use evoboard_core::boards::{self, Algorithm, BoardGame, Scoring};

/// The shown board of the main generator.
fn shown(app: &mut bevy::prelude::App) -> (Vec<u8>, crate::app::hex_boards::BoardRunState) {
    use crate::app::hex_boards::{HexBoardGenerator, MainGenerator, ShownBoard};
    use bevy::prelude::*;
    let mut q = app
        .world_mut()
        .query_filtered::<(&HexBoardGenerator, &ShownBoard), With<MainGenerator>>();
    let (g, map) = q.single(app.world()).unwrap();
    (map.tiles.clone(), g.state)
}

#[test]
fn swaps_pins_undo_and_redo_act_on_the_board_and_pins_hold_through_a_search() {
    use super::common::headless;
    use crate::app::hex_boards::{
        BoardRunState, BoardSettings, DesignCommand, GeneratorCommand, HexDesign, logic_plugin,
    };
    use crate::app::shell::library::LevelLibrary;
    let root = temp_dir("design-logic");
    let mut app = headless(&root);
    app.insert_resource(LevelLibrary::default())
        .add_plugins(logic_plugin);
    app.world_mut().resource_mut::<BoardSettings>().seed = 8;
    app.update();
    app.world_mut().write_message(GeneratorCommand::Reset);
    app.update();
    let (start, _) = shown(&mut app);
    let (a, b) = (0..start.len())
        .flat_map(|a| (a + 1..start.len()).map(move |b| (a, b)))
        .find(|&(a, b)| start[a] != start[b])
        .unwrap();
    let send = |app: &mut bevy::prelude::App, c: DesignCommand| {
        app.world_mut().write_message(c);
        app.update();
    };
    send(&mut app, DesignCommand::Swap(a, b));
    let (swapped, _) = shown(&mut app);
    assert_eq!((swapped[a], swapped[b]), (start[b], start[a]));
    send(&mut app, DesignCommand::Undo);
    assert_eq!(shown(&mut app).0, start);
    send(&mut app, DesignCommand::Redo);
    assert_eq!(shown(&mut app).0, swapped);
    // A pinned hex keeps its tile: a swap with it is refused and said so.
    send(&mut app, DesignCommand::TogglePin(a));
    assert!(app.world().resource::<HexDesign>().is_pinned(a));
    send(&mut app, DesignCommand::Swap(a, b));
    assert_eq!(shown(&mut app).0, swapped);
    assert!(app.world().resource::<ScreenStatus>()[Screen::HexBoards].is_error());
    // Evolve the rest: the search reaches 0 and never moves the pin.
    send(&mut app, DesignCommand::EvolveRest);
    let mut solved = false;
    for _ in 0..20_000 {
        app.update();
        if shown(&mut app).1 == BoardRunState::Solved {
            solved = true;
            break;
        }
        std::thread::yield_now();
    }
    assert!(solved, "the rest was not evolved to a perfect board");
    let (evolved, _) = shown(&mut app);
    assert_eq!(evolved[a], swapped[a], "the pinned hex moved");
    let v = boards::violations(BoardGame::TerraMystica, &evolved, Scoring::default());
    assert!(v.iter().all(|(_, n)| *n == 0), "{v:?}");
    // Undo takes the whole search run back.
    send(&mut app, DesignCommand::Undo);
    assert_eq!(shown(&mut app).0, swapped);
    let edits = app.world().resource::<HexDesign>().edits;
    assert_eq!((edits.swaps, edits.pin_changes, edits.searches), (1, 1, 1));
    std::fs::remove_dir_all(&root).unwrap();
}

#[test]
fn the_offset_outline_and_the_five_six_island_are_searched_and_drawn() {
    use super::common::headless;
    use crate::app::hex_boards::{BoardSettings, GeneratorCommand, logic_plugin};
    use crate::app::shell::library::LevelLibrary;
    use evoboard_core::boards::BoardVariant;
    for (game, variant, hexes, first_row) in [
        (BoardGame::TerraMystica, BoardVariant::Offset, 112, 12),
        (BoardGame::Catan, BoardVariant::FiveSixPlayers, 30, 3),
    ] {
        let root = temp_dir("variants");
        let mut app = headless(&root);
        app.insert_resource(LevelLibrary::default())
            .add_plugins(logic_plugin);
        {
            let mut s = app.world_mut().resource_mut::<BoardSettings>();
            s.select(game, Algorithm::Best);
            s.variant = variant.clone();
            s.steps_per_second = 0.0;
        }
        app.update();
        app.world_mut().write_message(GeneratorCommand::Reset);
        app.world_mut().write_message(GeneratorCommand::Start);
        let mut solved = false;
        for _ in 0..20_000 {
            app.update();
            if shown(&mut app).1 == crate::app::hex_boards::BoardRunState::Solved {
                solved = true;
                break;
            }
            std::thread::yield_now();
        }
        assert!(solved, "{variant:?} not solved");
        let mut q = app.world_mut().query::<&bevy_evoboard::HexBoardMap>();
        let map = q.single(app.world()).unwrap();
        assert_eq!(map.tiles.len(), hexes);
        assert_eq!(map.grid.row_len(0), first_row);
        assert_eq!(
            map.harbours.len(),
            if game == BoardGame::Catan { 11 } else { 0 }
        );
        let v = boards::violations(game, &map.tiles, Scoring::default());
        assert!(v.iter().all(|(_, n)| *n == 0), "{variant:?}: {v:?}");
        std::fs::remove_dir_all(&root).unwrap();
    }
}

#[test]
fn play_test_plays_the_shown_catan_board_off_the_frame_and_reports_every_seat() {
    use super::common::headless;
    use crate::app::hex_boards::{BoardSettings, GeneratorCommand, PlayTestView, logic_plugin};
    use crate::app::shell::library::LevelLibrary;
    use evoboard_core::boards::catan::CatanBoard;
    use evoboard_core::boards::catan::play::{Bot, PlayConfig, play_test};
    let root = temp_dir("play-test");
    let mut app = headless(&root);
    app.insert_resource(LevelLibrary::default())
        .add_plugins(logic_plugin);
    {
        let mut s = app.world_mut().resource_mut::<BoardSettings>();
        s.select(BoardGame::Catan, Algorithm::Best);
        s.seed = 5;
        s.steps_per_second = 0.0;
    }
    app.update();
    app.world_mut().write_message(GeneratorCommand::Reset);
    app.update();
    let (tiles, _) = shown(&mut app);
    let harbours = {
        use bevy::prelude::*;
        let mut q = app
            .world_mut()
            .query_filtered::<&crate::app::hex_boards::ShownBoard, With<crate::app::hex_boards::MainGenerator>>();
        q.single(app.world()).unwrap().harbours.clone()
    };
    let settings = app.world().resource::<BoardSettings>().clone();
    {
        let mut view = app.world_mut().resource_mut::<PlayTestView>();
        view.games = 60;
        view.bot = Bot::Random;
        view.start(&tiles, &harbours, &settings);
        assert!(view.busy(), "the games run off the frame");
    }
    let mut frames = 0;
    while app.world().resource::<PlayTestView>().busy() {
        app.update();
        frames += 1;
        assert!(frames < 200_000, "the play-test never finished");
        std::thread::yield_now();
    }
    let view = app.world().resource::<PlayTestView>();
    let (played_on, outcome) = view.report.as_ref().expect(&view.status);
    let crate::app::hex_boards::PlayOutcome::Lineup(report) = outcome else {
        panic!("one family played: {outcome:?}");
    };
    assert_eq!(played_on, &tiles);
    assert_eq!(report.games, 60);
    assert_eq!(report.seat_win_share.len(), 4);
    let wins: u32 = report.seat_win_share.iter().map(|s| s.wins).sum();
    assert_eq!(wins + report.draws, 60);
    // The same games as the core plays on the board a saved level holds:
    // the harbours shown are those.
    let board = CatanBoard::with_placed_harbours(&tiles, &settings.scoring.catan, settings.seed);
    assert_eq!(board.harbours, harbours);
    let core = play_test(
        &board,
        &PlayConfig::uniform(60, Bot::Random, settings.seed, 1),
        &|_| true,
    )
    .unwrap();
    assert_eq!(core.seat_win_share, report.seat_win_share);
    std::fs::remove_dir_all(&root).unwrap();
}
