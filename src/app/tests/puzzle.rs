//! The Puzzle screen: headless ECS tests of its logic systems (generation
//! through the plugin, playing through clicks and keys, Check, Hint) and a
//! scripted run under Xvfb.

use super::common::{headless, temp_dir, update_until};
use crate::app::Screen;
use crate::app::puzzle::{self, PuzzleGame, PuzzleInput, PuzzleRequest, PuzzleSettings};
use bevy::prelude::*;
use evoboard_core::puzzle::{Action, CellView, CheckResult, Difficulty, Settings, Square};

fn puzzle_app(root: &std::path::Path, settings: Settings) -> App {
    let mut app = headless(root);
    app.init_state::<Screen>();
    app.init_resource::<ButtonInput<KeyCode>>();
    app.add_plugins(puzzle::logic_plugin);
    app.insert_resource(PuzzleSettings(settings));
    app.world_mut()
        .resource_mut::<NextState<Screen>>()
        .set(Screen::Puzzle);
    app
}

/// Update until the generation (on the async pool) has delivered.
fn wait_for_puzzle(app: &mut App) {
    let done = update_until(app, 100_000, |app| {
        app.world().resource::<PuzzleGame>().play.is_some()
            && !app.world().resource::<puzzle::Generation>().is_running()
    });
    assert!(done, "no puzzle after 100000 frames");
}

fn send(app: &mut App, a: Action) {
    app.world_mut().write_message(PuzzleInput(a));
    app.update();
}

fn press(app: &mut App, key: KeyCode) {
    app.world_mut()
        .resource_mut::<ButtonInput<KeyCode>>()
        .press(key);
    app.update();
    let mut keys = app.world_mut().resource_mut::<ButtonInput<KeyCode>>();
    keys.release(key);
    keys.clear();
}

fn play_of(app: &App) -> &evoboard_core::puzzle::Play {
    app.world().resource::<PuzzleGame>().play.as_ref().unwrap()
}

#[test]
fn generates_like_the_core_and_solves_by_clicks_and_keys() {
    let root = temp_dir("puzzle-play");
    let settings = Settings {
        width: 9,
        height: 8,
        difficulty: Difficulty::Hard,
        level: None,
        seed: 11,
        ..Settings::default()
    };
    let mut app = puzzle_app(&root, settings);
    wait_for_puzzle(&mut app);
    let core = evoboard_core::puzzle::generate(9, 8, Difficulty::Hard, 11).unwrap();
    assert_eq!(
        play_of(&app).puzzle(),
        &core,
        "same puzzle as the core generator"
    );

    let sol = play_of(&app).solution().clone();
    let empty: Vec<(usize, usize)> = (0..8)
        .flat_map(|r| (0..9).map(move |c| (r, c)))
        .filter(|&(r, c)| play_of(&app).view(r, c) == CellView::Empty)
        .collect();
    assert!(empty.len() > 4);
    let half = empty.len() / 2;
    // First half by clicks: X is one click, O two.
    for &(r, c) in &empty[..half] {
        let clicks = if sol.get(r, c) == Square::X { 1 } else { 2 };
        for _ in 0..clicks {
            send(&mut app, Action::Cycle(r, c));
        }
        assert_eq!(play_of(&app).view(r, c), CellView::Mark(sol.get(r, c)));
    }
    // Enter = Check: nothing wrong yet.
    press(&mut app, KeyCode::Enter);
    assert!(matches!(
        play_of(&app).check_result(),
        Some(CheckResult::Incomplete { .. })
    ));
    // The rest by keys: arrows to the cell, then X or O.
    for &(r, c) in &empty[half..] {
        loop {
            let (cr, cc) = play_of(&app).cursor();
            let key = if cr < r {
                KeyCode::ArrowDown
            } else if cr > r {
                KeyCode::ArrowUp
            } else if cc < c {
                KeyCode::ArrowRight
            } else if cc > c {
                KeyCode::ArrowLeft
            } else {
                break;
            };
            press(&mut app, key);
        }
        let key = if sol.get(r, c) == Square::X {
            KeyCode::KeyX
        } else {
            KeyCode::KeyO
        };
        press(&mut app, key);
    }
    let p = play_of(&app);
    assert!(p.is_solved());
    assert_eq!(p.check_result(), Some(&CheckResult::Solved));
    assert_eq!(p.board(), &sol);
    // The timer stopped.
    let t = p.elapsed();
    for _ in 0..3 {
        app.update();
    }
    assert_eq!(play_of(&app).elapsed(), t);
}

#[test]
fn wrong_marks_are_flagged_and_hints_are_correct() {
    let root = temp_dir("puzzle-hint");
    let settings = Settings {
        width: 10,
        height: 10,
        difficulty: Difficulty::Easy,
        level: Some(2),
        seed: 4,
        ..Settings::default()
    };
    let mut app = puzzle_app(&root, settings);
    wait_for_puzzle(&mut app);
    assert_eq!(play_of(&app).puzzle().level, Some(2));
    let sol = play_of(&app).solution().clone();

    // A hint is a correct deduction: its cell is empty, its value is the
    // solution's, it names the cells it rests on.
    send(&mut app, Action::Hint);
    let h = play_of(&app).shown_hint().unwrap().clone();
    let (r, c) = h.cell.unwrap();
    assert_eq!(play_of(&app).view(r, c), CellView::Empty);
    assert_eq!(h.value, Some(sol.get(r, c)));
    assert!(h.level.is_some() && !h.support.is_empty(), "{h:?}");
    for &(sr, sc) in &h.support {
        assert!(play_of(&app).board().get(sr, sc).is_symbol());
    }
    press(&mut app, KeyCode::KeyA);
    assert_eq!(play_of(&app).view(r, c), CellView::Mark(sol.get(r, c)));

    // A wrong mark is flagged by Check.
    let (wr, wc) = (0..10)
        .flat_map(|r| (0..10).map(move |c| (r, c)))
        .find(|&(r, c)| play_of(&app).view(r, c) == CellView::Empty)
        .unwrap();
    send(&mut app, Action::Set(wr, wc, sol.get(wr, wc).opposite()));
    send(&mut app, Action::Check);
    match play_of(&app).check_result() {
        Some(CheckResult::Wrong { cells, .. }) => assert_eq!(cells, &vec![(wr, wc)]),
        other => panic!("expected a wrong mark, got {other:?}"),
    }
    // The next hint points at it.
    press(&mut app, KeyCode::KeyH);
    let h = play_of(&app).shown_hint().unwrap();
    assert_eq!(h.cell, Some((wr, wc)), "{}", h.text);
    assert_eq!(h.value, Some(Square::Empty));

    // Generate again with another seed through the command.
    app.world_mut().resource_mut::<PuzzleSettings>().0.seed = 5;
    app.world_mut().write_message(PuzzleRequest::Generate);
    app.update();
    wait_for_puzzle(&mut app);
    assert_eq!(play_of(&app).puzzle().seed, 5);
}

#[test]
fn flags_are_validated() {
    use crate::app::AppArgs;
    let mut a = AppArgs {
        size: Some("10x10".into()),
        difficulty: Some("hard".into()),
        ..AppArgs::default()
    };
    assert!(puzzle::validate(&a).is_ok());
    a.size = Some("3x10".into());
    let e = puzzle::validate(&a).unwrap_err();
    assert!(e.contains("--size") && e.contains("4..=20"), "{e}");
    a.size = Some("21".into());
    assert!(puzzle::validate(&a).unwrap_err().contains("4..=20"));
    a.size = None;
    a.difficulty = Some("medium".into());
    let e = puzzle::validate(&a).unwrap_err();
    assert!(e.contains("easy") && e.contains("hard"), "{e}");
}

#[test]
fn a_takuzu_puzzle_of_grade_3_is_generated_and_its_hints_name_their_technique() {
    use crate::app::AppArgs;
    let root = temp_dir("puzzle-takuzu");
    let args = AppArgs {
        size: Some("10x10".into()),
        puzzle_rules: Some("takuzu".into()),
        grade: Some(3),
        seed: Some(4),
        ..AppArgs::default()
    };
    puzzle::validate(&args).unwrap();
    let settings = puzzle::settings_from_args(&args, &Settings::default());
    assert_eq!(settings.rules, evoboard_core::puzzle::RuleSet::Takuzu);
    let mut app = puzzle_app(&root, settings);
    wait_for_puzzle(&mut app);
    let p = play_of(&app).puzzle().clone();
    assert_eq!(p, settings.generate().unwrap(), "same puzzle as the core");
    assert_eq!(p.rules, evoboard_core::puzzle::RuleSet::Takuzu);
    assert_eq!(
        evoboard_core::puzzle::technique_grade(&p.cells_board().unwrap()),
        Some(3)
    );
    // Every hint of the walk names a technique of grade at most 3, and
    // the walk needs grade 3 somewhere.
    let mut hardest = 0;
    for _ in 0..200 {
        if play_of(&app).is_solved() {
            break;
        }
        send(&mut app, Action::Hint);
        let t = play_of(&app)
            .shown_hint()
            .and_then(|h| h.technique)
            .expect("a logical step names its technique");
        hardest = hardest.max(t.grade());
        send(&mut app, Action::ApplyHint);
    }
    assert!(play_of(&app).is_solved());
    assert_eq!(hardest, 3);
    // Flags the puzzle cannot take are refused with what is allowed.
    let odd = AppArgs {
        size: Some("9x9".into()),
        puzzle_rules: Some("takuzu".into()),
        ..AppArgs::default()
    };
    let e = puzzle::validate(&odd).unwrap_err();
    assert!(e.contains("even"), "{e}");
    let bad = AppArgs {
        puzzle_rules: Some("sudoku".into()),
        ..AppArgs::default()
    };
    assert!(puzzle::validate(&bad).unwrap_err().contains("sudoku"));
}
