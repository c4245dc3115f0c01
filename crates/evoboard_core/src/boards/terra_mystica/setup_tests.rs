//! Start boards and pins on Terra Mystica, for every algorithm.

use crate::boards::published::BoardProblem;
use crate::boards::terra_mystica::{
    BalancedTm, Rules, TmProblem, Weights, standard_grid, standard_tiles,
};
use crate::boards::{
    Algorithm, BoardError, BoardGame, BoardSetup, BoardVariant, HexIndex, Params, Scoring,
    make_search_with, shuffle,
};
use crate::rng::{RngExt, seeded};
use crate::search::Search;

/// A perfect strict board from a seeded `best` run.
pub(crate) fn perfect(seed: u64) -> Vec<u8> {
    let mut s = BalancedTm::new(
        seed,
        Rules::Strict,
        Weights::default(),
        &Params::defaults(BalancedTm::PARAMS),
    );
    while !s.is_solved() {
        s.step();
    }
    s.best().0.clone()
}

/// `pins` hexes of a perfect board pinned, the rest shuffled.
pub(crate) fn pinned_setup(seed: u64, pins: usize) -> BoardSetup {
    let board = perfect(seed);
    let mut rng = seeded(seed + 1000);
    let mut all: Vec<HexIndex> = (0..board.len() as HexIndex).collect();
    shuffle(&mut all, &mut rng);
    let pinned: Vec<HexIndex> = all[..pins].to_vec();
    let mut start = board.clone();
    let free: Vec<usize> = all[pins..].iter().map(|&i| i as usize).collect();
    let mut tiles: Vec<u8> = free.iter().map(|&i| board[i]).collect();
    shuffle(&mut tiles, &mut rng);
    for (&i, t) in free.iter().zip(tiles) {
        start[i] = t;
    }
    BoardSetup::from_board(BoardVariant::Standard, start, pinned)
}

fn small(alg: Algorithm) -> Params {
    let specs = alg.param_specs(BoardGame::TerraMystica);
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

fn sorted(v: &[u8]) -> Vec<u8> {
    let mut v = v.to_vec();
    v.sort_unstable();
    v
}

#[test]
fn every_algorithm_keeps_pins_and_tiles_and_repeats_with_its_seed() {
    let setup = pinned_setup(3, 30);
    let start = setup.start.clone().unwrap();
    let scoring = Scoring::default();
    for alg in Algorithm::ALL {
        let run = |seed| {
            let mut s = make_search_with(
                BoardGame::TerraMystica,
                alg,
                &small(alg),
                scoring,
                seed,
                &setup,
            )
            .unwrap();
            let first = s.best().1;
            for _ in 0..15 {
                s.step();
            }
            assert!(s.best().1 <= first, "{alg}");
            (s.best().0.clone(), s.best().1, s.progress())
        };
        let (board, score, progress) = run(5);
        for &p in &setup.pinned {
            assert_eq!(
                board[p as usize], start[p as usize],
                "{alg}: pinned hex {p} moved"
            );
        }
        assert_eq!(sorted(&board), sorted(&standard_tiles()), "{alg}");
        assert_eq!(
            crate::boards::terra_mystica::score(
                standard_grid(),
                &board,
                scoring.rules,
                scoring.weights
            ) as f64,
            score,
            "{alg}"
        );
        let again = run(5);
        assert_eq!(
            (board, score, progress),
            again,
            "{alg}: same seed, same run"
        );
    }
}

#[test]
fn best_reaches_zero_around_30_pins_and_starts_from_the_start_board() {
    for seed in 1..=4 {
        let setup = pinned_setup(seed, 30);
        let start = setup.start.clone().unwrap();
        let mut s = BalancedTm::with_setup(
            seed,
            Rules::Strict,
            Weights::default(),
            &Params::defaults(BalancedTm::PARAMS),
            &setup,
        )
        .unwrap();
        assert_eq!(s.best().0, &start, "the first best is the start board");
        while !s.is_solved() && s.progress().generation < 20_000 {
            s.step();
        }
        assert!(s.is_solved(), "seed {seed}");
        for &p in &setup.pinned {
            assert_eq!(s.best().0[p as usize], start[p as usize]);
        }
    }
}

#[test]
fn start_genes_build_back_to_the_start_board_and_swaps_refuse_pins() {
    let setup = pinned_setup(2, 30);
    let start = setup.start.clone().unwrap();
    let mut p = TmProblem::with_setup(Rules::Strict, Weights::default(), &setup).unwrap();
    assert_eq!(p.genes(), 113 - 30);
    let mut genes = vec![0; p.genes()];
    assert!(p.start_genes(&mut genes));
    let mut board = vec![0; 113];
    p.build(&genes, &mut board);
    assert_eq!(board, start);
    p.load(&start);
    let pin = setup.pinned[0] as usize;
    let other = (0..113).find(|&i| start[i] != start[pin]).unwrap();
    assert_eq!(p.swap(0, pin, other), None);
    // No setup: no start genes, the whole board is the genes.
    let q = TmProblem::new(Rules::Strict, Weights::default());
    assert!(!q.start_genes(&mut [0; 113]));
    assert_eq!(q.genes(), 113);
}

#[test]
fn setups_that_cannot_work_say_why() {
    let scoring = Scoring::default();
    let make = |setup: &BoardSetup| {
        make_search_with(
            BoardGame::TerraMystica,
            Algorithm::Best,
            &small(Algorithm::Best),
            scoring,
            1,
            setup,
        )
        .err()
    };
    let no_start = BoardSetup {
        pinned: vec![3],
        ..BoardSetup::default()
    };
    assert_eq!(make(&no_start), Some(BoardError::PinsWithoutStart));
    let mut tiles = standard_tiles();
    tiles[0] = 3;
    let err = make(&BoardSetup::from_board(
        BoardVariant::Standard,
        tiles,
        vec![],
    ))
    .unwrap();
    let text = err.to_string();
    assert!(
        text.contains("lake 12 on the board, the game has 11 (1 too many)"),
        "{text}"
    );
    assert!(
        text.contains("river 35") && text.contains("--rebalance"),
        "{text}"
    );
    let err = make(&BoardSetup::from_board(
        BoardVariant::Standard,
        standard_tiles(),
        vec![200],
    ));
    assert_eq!(
        err,
        Some(BoardError::PinOutOfRange {
            index: 200,
            hexes: 113
        })
    );
    let short = make(&BoardSetup::from_board(
        BoardVariant::Standard,
        vec![0; 5],
        vec![],
    ));
    assert!(matches!(
        short,
        Some(BoardError::TileCount {
            expected: 113,
            got: 5
        })
    ));
    // Two neighbouring pinned lakes.
    let grid = standard_grid();
    let mut board = perfect(1);
    let (a, b) = (
        grid.index(4, 4).unwrap() as usize,
        grid.index(4, 5).unwrap() as usize,
    );
    let lake = 3;
    let mut rng = seeded(9);
    for h in [a, b] {
        if board[h] != lake {
            // Trade tiles with some lake elsewhere to keep the counts.
            let others: Vec<usize> = (0..113)
                .filter(|&i| board[i] == lake && i != a && i != b)
                .collect();
            let j = others[rng.random_range(0..others.len())];
            board.swap(h, j);
        }
    }
    let err = make(&BoardSetup::from_board(
        BoardVariant::Standard,
        board,
        vec![a as HexIndex, b as HexIndex],
    ))
    .unwrap();
    let text = err.to_string();
    assert!(
        text.contains("REQ1") && text.contains("(4, 4), (4, 5)"),
        "{text}"
    );
    let err = make(&BoardSetup {
        variant: BoardVariant::FiveSixPlayers,
        ..BoardSetup::default()
    })
    .unwrap();
    assert!(err.to_string().contains("allowed: standard"), "{err}");
}

#[test]
#[ignore = "a timing probe: cargo test --release -- --ignored --nocapture pinned_timings"]
fn pinned_timings() {
    let mut times = Vec::new();
    for seed in 1..=20 {
        let setup = pinned_setup(seed, 30);
        let t = std::time::Instant::now();
        let mut s = BalancedTm::with_setup(
            seed,
            Rules::Strict,
            Weights::default(),
            &Params::defaults(BalancedTm::PARAMS),
            &setup,
        )
        .unwrap();
        while !s.is_solved() {
            s.step();
        }
        let ms = t.elapsed().as_secs_f64() * 1000.0;
        println!("seed {seed}: {ms:.2} ms, {} moves", s.progress().generation);
        times.push(ms);
    }
    times.sort_by(f64::total_cmp);
    println!("median {:.2} ms", (times[9] + times[10]) / 2.0);
}
