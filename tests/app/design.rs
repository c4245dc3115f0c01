//! Designing a hex board in the real app, as a person would: a solved
//! board edited into a broken one, three hexes pinned, the counts
//! rebalanced, the rest evolved, the board saved; the saved level keeps
//! the pins and scores 0.

use crate::common::{Display, run_app, temp_dir};
use evoboard_core::boards::terra_mystica::Terrain;
use evoboard_core::boards::{self, Algorithm, BoardGame, BoardRun, Params, Scoring};
use evoboard_core::level::{Level, LevelMap};

/// The score printed after the step whose debug form starts with `step`.
fn score_after(stdout: &str, step: &str) -> f64 {
    let line = stdout
        .lines()
        .find(|l| l.starts_with(&format!("edit: {step}")))
        .unwrap_or_else(|| panic!("no step {step}: {stdout}"));
    line.split("score ")
        .nth(1)
        .and_then(|s| s.split(',').next())
        .and_then(|s| s.trim().parse().ok())
        .unwrap_or_else(|| panic!("no score in {line}"))
}

#[test]
fn a_designer_pins_three_hexes_and_evolves_the_rest_to_a_perfect_board() {
    let display = Display::start();
    let dir = temp_dir("design");
    let saved = dir.join("designed");
    let shot = dir.join("design.png");
    let script = format!(
        "wait; select 0,2; set lake; pin; pin 4,6; pin 8,12; overlay on; rebalance; evolve; save {}",
        saved.display()
    );
    let stdout = run_app(
        &display,
        &[
            "app",
            "--game",
            "terra-mystica",
            "--seed",
            "3",
            "--run",
            "--steps-per-second",
            "0",
            "--edit",
            &script,
            "--screenshot",
            shot.to_str().unwrap(),
            "--frames",
            "10",
        ],
    );
    // The search solved the board; the hand edit broke it (a lake beside
    // the lake at 0,3).
    assert_eq!(score_after(&stdout, "Wait"), 0.0, "{stdout}");
    assert!(score_after(&stdout, "Set(\"lake\")") > 0.0, "{stdout}");
    assert_eq!(score_after(&stdout, "Evolve"), 0.0, "{stdout}");
    assert!(stdout.contains("edit script done: score 0"), "{stdout}");

    // The board the app solved first: the same seed as the command line.
    let params = Params::defaults(boards::param_specs(
        BoardGame::TerraMystica,
        Algorithm::Best,
    ));
    let solved = BoardRun {
        params: params.clone(),
        scoring: Scoring::default(),
        time_limit: std::time::Duration::from_secs(30),
        ..BoardRun::new(BoardGame::TerraMystica, Algorithm::Best, 3)
    }
    .run_to_end()
    .unwrap();
    let level = Level::load(&dir.join("designed.level.ron")).unwrap();
    assert_eq!(level.version, 2);
    let design = level.design.clone().expect("the level keeps the design");
    assert_eq!(design.pinned, vec![(0, 2), (4, 6), (8, 12)]);
    assert_eq!(design.edits.tiles_set, 1);
    assert_eq!(design.edits.pin_changes, 3);
    let LevelMap::TerraMystica(board) = &level.map else {
        panic!("not a Terra Mystica level")
    };
    assert_eq!(board.rows[0][2], Terrain::Lake);
    let grid = board.grid().unwrap();
    for (r, c) in [(4, 6), (8, 12)] {
        let i = grid.index(r, c).unwrap() as usize;
        assert_eq!(
            board.rows[r][c] as u8, solved.tiles[i],
            "pinned hex {r},{c} moved"
        );
    }
    let tiles = board.tiles();
    let v = boards::violations(BoardGame::TerraMystica, &tiles, Scoring::default());
    assert!(v.iter().all(|(_, n)| *n == 0), "{v:?}");
    assert_eq!(level.scores.total, 0.0);
    assert!(shot.exists());
    std::fs::remove_dir_all(&dir).unwrap();
}
