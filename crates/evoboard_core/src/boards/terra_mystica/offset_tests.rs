//! The offset outline (rows 12-13-12…, 112 hexes) through every search,
//! pins, the registry and exports (levels: `level`'s domain tests).

use crate::boards::terra_mystica::{
    BalancedTm, Rules, TerraMysticaBoard, Weights, evaluate, offset_grid, tiles_for,
};
use crate::boards::{
    self, Algorithm, BoardError, BoardGame, BoardSetup, BoardVariant, HexIndex, Params, Scoring,
    make_search_with, shuffle,
};
use crate::map::LevelMap;
use crate::rng::seeded;
use crate::search::Search;

const TM: BoardGame = BoardGame::TerraMystica;

fn offset() -> BoardSetup {
    BoardSetup {
        variant: BoardVariant::Offset,
        ..BoardSetup::default()
    }
}

fn sorted(v: &[u8]) -> Vec<u8> {
    let mut v = v.to_vec();
    v.sort_unstable();
    v
}

fn best_on(setup: &BoardSetup, seed: u64, rules: Rules) -> BalancedTm {
    let params = Params::defaults(BalancedTm::PARAMS);
    let mut s = BalancedTm::with_setup(seed, rules, Weights::default(), &params, setup).unwrap();
    while !s.is_solved() && s.progress().generation < 5_000 {
        s.step();
    }
    s
}

/// A perfect strict offset board (the level tests use it too).
pub(crate) fn perfect(seed: u64) -> Vec<u8> {
    let s = best_on(&offset(), seed, Rules::Strict);
    assert!(s.is_solved(), "seed {seed}");
    s.best().0.clone()
}

#[test]
fn best_reaches_zero_on_the_offset_outline_and_keeps_its_mix() {
    let g = offset_grid();
    for rules in [Rules::Strict, Rules::Published] {
        for seed in 1..=6 {
            let s = best_on(&offset(), seed, rules);
            assert!(s.is_solved(), "{rules:?} seed {seed}");
            let tiles = s.best().0;
            assert_eq!(tiles.len(), 112);
            assert_eq!(evaluate(g, tiles, rules), [0; 4], "{rules:?} seed {seed}");
            assert_eq!(sorted(tiles), tiles_for(g));
            let board = s.best_board();
            assert_eq!(board.rows[0].len(), 12);
            assert_eq!(board.rows[1].len(), 13);
            assert_eq!(board.violations(rules).unwrap(), [0; 4]);
        }
    }
}

fn small(alg: Algorithm) -> Params {
    let specs = alg.param_specs(TM);
    let pairs: &[&str] = match alg {
        Algorithm::Brkga => &["population=40"],
        Algorithm::Pso => &["particles=10"],
        Algorithm::Aco => &["ants=4"],
        Algorithm::Sahc => &["moves=20"],
        Algorithm::Best => &["moves=200"],
    };
    let pairs: Vec<String> = pairs.iter().map(|s| s.to_string()).collect();
    Params::parse(specs, &pairs, alg).unwrap()
}

/// `pins` hexes of a perfect offset board pinned, the rest shuffled.
fn pinned_offset(seed: u64, pins: usize) -> BoardSetup {
    let board = perfect(seed);
    let mut rng = seeded(seed + 1000);
    let mut all: Vec<HexIndex> = (0..board.len() as HexIndex).collect();
    shuffle(&mut all, &mut rng);
    let mut start = board.clone();
    let free: Vec<usize> = all[pins..].iter().map(|&i| i as usize).collect();
    let mut tiles: Vec<u8> = free.iter().map(|&i| board[i]).collect();
    shuffle(&mut tiles, &mut rng);
    for (&i, t) in free.iter().zip(tiles) {
        start[i] = t;
    }
    BoardSetup::from_board(BoardVariant::Offset, start, all[..pins].to_vec())
}

#[test]
fn every_algorithm_runs_on_the_offset_outline_from_random_and_pinned_starts() {
    let g = offset_grid();
    let scoring = Scoring::default();
    let pinned = pinned_offset(2, 30);
    let start = pinned.start.clone().unwrap();
    for alg in Algorithm::ALL {
        for setup in [offset(), pinned.clone()] {
            let mut s = make_search_with(TM, alg, &small(alg), scoring, 7, &setup).unwrap();
            let first = s.best().1;
            for _ in 0..10 {
                s.step();
            }
            let (board, score) = s.best();
            assert!(score <= first, "{alg}");
            assert_eq!(board.len(), 112, "{alg}");
            assert_eq!(sorted(board), tiles_for(g), "{alg}: the tile multiset");
            // The default rule set, `table`: strict REQ1..REQ4 plus its excesses.
            let want = crate::boards::terra_mystica::score(g, board, scoring.rules, scoring.weights)
                as f64;
            assert_eq!(scoring.rules, Rules::Table);
            assert_eq!(score, want, "{alg}: the score is the offset board's");
            for &p in &setup.pinned {
                assert_eq!(board[p as usize], start[p as usize], "{alg}: pin {p} moved");
            }
        }
    }
}

#[test]
fn best_reaches_zero_around_30_offset_pins() {
    for seed in 1..=4 {
        let setup = pinned_offset(seed, 30);
        let start = setup.start.clone().unwrap();
        let s = best_on(&setup, seed, Rules::Strict);
        assert!(s.is_solved(), "seed {seed}");
        for &p in &setup.pinned {
            assert_eq!(s.best().0[p as usize], start[p as usize]);
        }
    }
}

#[test]
fn offset_setups_that_cannot_work_say_why() {
    let make = |setup: &BoardSetup| {
        make_search_with(
            TM,
            Algorithm::Sahc,
            &small(Algorithm::Sahc),
            Scoring::default(),
            1,
            setup,
        )
        .err()
    };
    // A standard-length board on the offset outline.
    let std = crate::boards::terra_mystica::standard_tiles();
    let e = make(&BoardSetup::from_board(BoardVariant::Offset, std, vec![]));
    assert_eq!(
        e,
        Some(BoardError::TileCount {
            expected: 112,
            got: 113
        })
    );
    // The standard mix cut to 112 hexes: one wasteland too many, one river too few.
    let mut cut = crate::boards::terra_mystica::standard_tiles();
    cut.remove(0); // standard_tiles starts with the rivers
    let e = make(&BoardSetup::from_board(BoardVariant::Offset, cut, vec![])).unwrap();
    assert!(
        e.to_string()
            .contains("wasteland 11 on the board, the game has 10"),
        "{e}"
    );
    // Catan's 5-6 player island is no Terra Mystica outline.
    let e = make(&BoardSetup {
        variant: BoardVariant::FiveSixPlayers,
        ..BoardSetup::default()
    })
    .unwrap();
    assert!(e.to_string().contains("allowed: standard, offset"), "{e}");
}

#[test]
fn registry_levels_and_exports_read_offset_boards_by_their_length() {
    let g = offset_grid();
    assert_eq!(
        boards::variant_grid(TM, &BoardVariant::Offset)
            .unwrap()
            .len(),
        112
    );
    assert_eq!(boards::variant_of(TM, 112), Some(BoardVariant::Offset));
    let mut tiles = perfect(4);
    // `perfect` boards are strict-perfect.
    let scoring = Scoring::with_rules(Rules::Strict);
    assert!(
        boards::violations(TM, &tiles, scoring)
            .iter()
            .all(|(_, c)| *c == 0)
    );
    assert!(
        boards::broken_hexes(TM, &tiles, scoring)
            .iter()
            .all(|&f| f == 0)
    );
    // Break it: two neighbouring lakes on row 0.
    let (a, b) = (
        g.index(0, 3).unwrap() as usize,
        g.index(0, 4).unwrap() as usize,
    );
    tiles[a] = 3;
    tiles[b] = 3;
    let v = boards::violations(TM, &tiles, scoring);
    let want = evaluate(g, &tiles, Rules::Strict);
    assert_eq!(v.iter().map(|(_, c)| *c).collect::<Vec<_>>(), want.to_vec());
    assert!(want[0] >= 2);
    let broken = boards::broken_hexes(TM, &tiles, scoring);
    assert_eq!(broken.len(), 112);
    assert!(broken[a] > 0 && broken[b] > 0);
    // Exports: one polygon per hex, the text map and the share code read back.
    let map = LevelMap::TerraMystica(TerraMysticaBoard::from_tiles(g, &tiles));
    let svg = crate::export::svg::svg(&map).unwrap();
    assert_eq!(svg.matches("<polygon").count(), 112);
    assert_eq!(svg.matches("data-terrain=").count(), 112);
    let text = crate::export::export(&map, crate::export::Format::Text)
        .unwrap()
        .bytes;
    let parsed = TerraMysticaBoard::parse_text(std::str::from_utf8(&text).unwrap()).unwrap();
    assert_eq!(LevelMap::TerraMystica(parsed.clone()), map);
    assert_eq!(parsed.violations(Rules::Strict).unwrap(), want);
    let code = crate::export::export(&map, crate::export::Format::Code)
        .unwrap()
        .bytes;
    let code = String::from_utf8(code).unwrap();
    assert!(code.starts_with('O'), "{code}");
    assert_eq!(crate::export::map_of_code(code.trim()).unwrap(), map);
}
