//! The level format with each domain's maps: what a level keeps of a hand
//! edit, an offset outline or a puzzle (the domains' own tests do not import
//! `level`, which sits above them).

use super::*;
use crate::boards::terra_mystica::offset_tests::perfect;
use crate::boards::terra_mystica::{
    BalancedTm, OFFSET_ROWS, Rules, Weights, evaluate, offset_grid,
};
use crate::boards::{Algorithm, BoardGame, Params, Scoring};
use crate::dungeon::{DungeonEdit, DungeonParams, Room, Size, generate_proposal};
use crate::puzzle::{Difficulty, HAND_ALGORITHM, PuzzleDraft, Settings};

#[test]
fn offset_boards_keep_their_outline_and_score_as_levels() {
    let g = offset_grid();
    let mut tiles = perfect(4);
    // Break it: two neighbouring lakes on row 0.
    let (a, b) = (
        g.index(0, 3).unwrap() as usize,
        g.index(0, 4).unwrap() as usize,
    );
    tiles[a] = 3;
    tiles[b] = 3;
    let want = evaluate(g, &tiles, Rules::Strict);
    let scoring = Scoring::default();
    // A level keeps the outline, and its score is the offset board's.
    let params = Params::defaults(BalancedTm::PARAMS);
    let level = Level::hex_board(
        "o",
        BoardGame::TerraMystica,
        &tiles,
        Algorithm::Best,
        &params,
        scoring,
        1,
    );
    let LevelMap::TerraMystica(board) = &level.map else {
        panic!("a Terra Mystica level")
    };
    let lens: Vec<usize> = board.rows.iter().map(Vec::len).collect();
    assert_eq!(lens, OFFSET_ROWS);
    // The default rule set, `table`: strict REQ1..REQ4 plus its excesses.
    assert_eq!(scoring.rules, Rules::Table);
    let table_excess = crate::boards::terra_mystica::table_figures(g, &tiles).excess();
    let penalty = crate::boards::terra_mystica::table::penalty(&table_excess);
    assert_eq!(
        level.scores.total,
        (Weights::default().score(&want) + penalty) as f64
    );
    let back = Level::from_ron(&level.to_ron()).unwrap();
    assert_eq!(back.map, level.map);
}

#[test]
fn hand_made_puzzles_save_as_puzzle_levels() {
    let g = crate::puzzle::generate(7, 6, Difficulty::Easy, 5).unwrap();
    let d = PuzzleDraft::from_puzzle(&g).unwrap();
    let p = d.to_puzzle(9).unwrap();
    let level = hand_level("by-hand", &p);
    assert_eq!(level.generator.algorithm, HAND_ALGORITHM);
    assert_eq!(level.generator.seed, 9);
    let LevelMap::Puzzle(q) = &level.map else {
        panic!("not a puzzle level");
    };
    assert_eq!(q.cells_board().unwrap(), *d.board());
    assert_eq!(q.level, d.grade().level);
    assert!(
        level
            .generator
            .params
            .iter()
            .any(|(k, _)| k == "blocked_share")
    );
    let back = Level::from_ron(&level.to_ron()).unwrap();
    assert_eq!(back, level);
}

#[test]
fn takuzu_levels_keep_their_rules_and_grade() {
    use crate::puzzle::{RuleSet, technique_grade};
    let s = Settings {
        width: 8,
        height: 8,
        difficulty: Difficulty::Easy,
        rules: RuleSet::TakuzuUnique,
        grade: Some(2),
        seed: 4,
        ..Settings::default()
    };
    let p = s.generate().unwrap();
    let level = Level::puzzle("tk-8", &p);
    assert_eq!(level.generator.algorithm, "graded-takuzu-unique");
    let back = Level::from_ron(&level.to_ron()).unwrap();
    let LevelMap::Puzzle(q) = back.map else {
        panic!("not a puzzle")
    };
    assert_eq!(q, p);
    assert_eq!(q.rules, RuleSet::TakuzuUnique);
    assert_eq!(technique_grade(&q.cells_board().unwrap()), Some(2));
    // The recipe of the same settings makes the same puzzle.
    let again = crate::level::Recipe::graded_puzzle(8, 8, RuleSet::TakuzuUnique, 2, 4)
        .generate("tk-8", &std::sync::atomic::AtomicBool::new(false), |_| {})
        .unwrap();
    assert_eq!(again.map, LevelMap::Puzzle(p));
}

#[test]
fn puzzle_levels_round_trip() {
    let s = Settings {
        width: 8,
        height: 7,
        difficulty: Difficulty::Hard,
        level: None,
        seed: 8,
        ..Settings::default()
    };
    let p = s.generate().unwrap();
    let level = Level::puzzle("xo-8", &p);
    let back = Level::from_ron(&level.to_ron()).unwrap();
    assert_eq!(back.name, "xo-8");
    assert_eq!(back.generator.seed, 8);
    match back.map {
        LevelMap::Puzzle(q) => assert_eq!(q, p),
        other => panic!("{other:?}"),
    }
}

#[test]
fn edits_survive_save_and_load() {
    let params = DungeonParams::for_size(Size::Small);
    let mut d = generate_proposal(&params, 7, 0).unwrap();
    d.apply(&DungeonEdit::Delete { room: 'B' }, &params)
        .unwrap();
    d.apply(
        &DungeonEdit::Pin {
            room: 'C',
            pinned: true,
        },
        &params,
    )
    .unwrap();
    let level = Level::dungeon("edited", &d, &params);
    let back = Level::from_ron(&level.to_ron()).unwrap();
    let LevelMap::Dungeon(mut loaded) = back.map else {
        panic!("not a dungeon level");
    };
    assert_eq!(loaded, d);
    assert!(loaded.room('B').is_none() && loaded.room('C').unwrap().pinned);
    // Re-applying an edit that changes nothing keeps it equal.
    let c = loaded.room('C').unwrap().clone();
    loaded
        .apply(
            &DungeonEdit::Pin {
                room: 'C',
                pinned: true,
            },
            &params,
        )
        .unwrap();
    let a = loaded.rooms[0].clone();
    loaded
        .apply(
            &DungeonEdit::Move {
                room: 'A',
                x: a.x,
                y: a.y,
            },
            &params,
        )
        .unwrap();
    assert_eq!(loaded, d);
    assert!(c.pinned);
    // Edits themselves round-trip (an edit history can be saved).
    let edit = DungeonEdit::Resize {
        room: 'C',
        rect: Room::new(3, 4, 5, 6),
    };
    let text = ron::to_string(&edit).unwrap();
    assert_eq!(ron::from_str::<DungeonEdit>(&text).unwrap(), edit);
}
