//! Tests of `brkga`: both crossovers, the shared start and the restarts.

use crate::boards::catan::{CatanBoard, CatanCode, CatanLayout, CatanOptions, CatanProblem};
use crate::boards::published::testing::check_algorithm;
use crate::boards::published::{BoardProblem, random_genes};
use crate::boards::terra_mystica::setup_tests::pinned_setup;
use crate::boards::terra_mystica::{Rules, TmProblem, Weights, standard_tiles};
use crate::boards::{
    Algorithm, BoardGame, BoardSetup, Params, Scoring, make_search, make_search_with,
};
use crate::rng::seeded;
use crate::search::decode::decode_keys;

/// A fingerprint of a run: the best score after every generation and a
/// hash of the final best board.
fn trajectory(
    game: BoardGame,
    rules: Rules,
    pairs: &[&str],
    seed: u64,
    steps: usize,
) -> (Vec<f64>, u64) {
    let pairs: Vec<String> = pairs.iter().map(|s| s.to_string()).collect();
    let p = Params::parse(Algorithm::Brkga.param_specs(game), &pairs, Algorithm::Brkga).unwrap();
    let scoring = Scoring {
        rules,
        weights: Weights::default(),
        catan: CatanOptions::default(),
    };
    let mut s = make_search(game, Algorithm::Brkga, &p, scoring, seed);
    let mut scores = vec![s.progress().best];
    for _ in 0..steps {
        scores.push(s.step().best);
    }
    let hash = s.best().0.iter().fold(1469598103934665603u64, |h, &t| {
        (h ^ t as u64).wrapping_mul(1099511628211)
    });
    (scores, hash)
}

#[test]
fn uniform_crossover_is_unchanged() {
    let tm = trajectory(
        BoardGame::TerraMystica,
        Rules::Published,
        &["population=60", "restart=4"],
        7,
        30,
    );
    let catan = trajectory(BoardGame::Catan, Rules::Strict, &["population=40"], 7, 20);
    // Recorded before `crossover` existed: the default stays bit-identical.
    let tm_scores = [
        48.0, 47.0, 47.0, 47.0, 41.0, 41.0, 41.0, 41.0, 38.0, 37.0, 35.0, 33.0, 26.0, 26.0, 26.0,
        26.0, 21.0, 21.0, 21.0, 18.0, 18.0, 18.0, 17.0, 17.0, 17.0, 17.0, 17.0, 17.0, 17.0, 17.0,
        17.0,
    ];
    assert_eq!(tm, (tm_scores.to_vec(), 15768093722635121616));
    let catan_scores = [
        7.0, 5.0, 4.0, 3.0, 3.0, 3.0, 3.0, 3.0, 2.0, 2.0, 2.0, 2.0, 2.0, 2.0, 2.0, 2.0, 2.0, 2.0,
        2.0, 2.0, 2.0,
    ];
    assert_eq!(catan, (catan_scores.to_vec(), 2282483537417547233));
}

#[test]
fn terra_mystica_improves_and_reports_true_scores() {
    let w = Weights::BRKGA_STUDY;
    check_algorithm(
        Algorithm::Brkga,
        BoardGame::TerraMystica,
        Rules::Published,
        w,
        15,
        &["population=60", "restart=3"],
    );
}

#[test]
fn catan_improves_and_reports_true_scores() {
    check_algorithm(
        Algorithm::Brkga,
        BoardGame::Catan,
        Rules::Strict,
        Weights::default(),
        30,
        &["population=40"],
    );
}

/// Random boards of a problem, built from random genes.
fn random_board<P: BoardProblem>(p: &P, seed: u64) -> Vec<u8> {
    let mut genes = vec![0u8; p.genes()];
    random_genes(p, &mut seeded(seed), &mut genes);
    let mut board = vec![0u8; p.hexes()];
    p.build(&genes, &mut board);
    board
}

fn sorted(v: &[u8]) -> Vec<u8> {
    let mut v = v.to_vec();
    v.sort_unstable();
    v
}

#[test]
fn terra_mystica_rows_implant_keeps_the_tiles() {
    let mut p = TmProblem::new(Rules::Thesis, Weights::THESIS);
    let mut genes = vec![0u8; p.genes()];
    for seed in 0..40 {
        let donor = random_board(&p, seed);
        let mut board = random_board(&p, seed + 100);
        let before = board.clone();
        assert!(p.implant_rows(&donor, &mut board));
        // Rows 0 and 1 (13 + 12 hexes) are the donor's.
        assert_eq!(board[..25], donor[..25]);
        assert_eq!(sorted(&board), sorted(&standard_tiles()));
        // Only hexes whose tile was displaced or in surplus changed.
        let changed = (25..113).filter(|&i| board[i] != before[i]).count();
        let implanted = (0..25).filter(|&i| donor[i] != before[i]).count();
        assert!(changed <= implanted, "seed {seed}");
        // The board's genes build it back.
        assert!(p.genes_of(&board, &mut genes));
        let mut built = vec![0u8; 113];
        p.build(&genes, &mut built);
        assert_eq!(built, board);
    }
}

#[test]
fn catan_rows_implant_keeps_terrains_and_numbers() {
    for layout in [CatanLayout::base(), CatanLayout::five_six()] {
        let setup = BoardSetup {
            variant: layout.variant(),
            ..BoardSetup::default()
        };
        let mut p = CatanProblem::with_setup(CatanOptions::default(), &setup).unwrap();
        let n = layout.hexes();
        let at = n - 7;
        let mut genes = vec![0u8; p.genes()];
        for seed in 0..60 {
            let donor = random_board(&p, seed);
            let mut board = random_board(&p, seed + 100);
            assert!(p.implant_rows(&donor, &mut board));
            let b = CatanBoard::decode(&board);
            b.validate().unwrap();
            let d = |i: usize| CatanCode::from_byte(donor[i]);
            let c = |i: usize| CatanCode::from_byte(board[i]);
            for j in 0..7 {
                // Terrains land on the last two rows; numbers where both
                // hexes hold one.
                assert_eq!(c(at + j).terrain(), d(j).terrain(), "seed {seed}");
                if !d(j).is_desert() {
                    assert_eq!(c(at + j).token(), d(j).token(), "seed {seed}");
                }
            }
            assert!(p.genes_of(&board, &mut genes));
            let mut built = vec![0u8; n];
            p.build(&genes, &mut built);
            assert_eq!(built, board);
        }
    }
}

#[test]
fn rows_crossover_improves_and_repeats() {
    check_algorithm(
        Algorithm::Brkga,
        BoardGame::TerraMystica,
        Rules::Thesis,
        Weights::THESIS,
        60,
        &["population=100", "crossover=rows"],
    );
    check_algorithm(
        Algorithm::Brkga,
        BoardGame::TerraMystica,
        Rules::Thesis,
        Weights::BRKGA_STUDY,
        15,
        &[
            "population=60",
            "crossover=rows",
            "restart=2",
            "start=shared",
        ],
    );
    check_algorithm(
        Algorithm::Brkga,
        BoardGame::Catan,
        Rules::Strict,
        Weights::default(),
        30,
        &["population=40", "crossover=rows", "restart=3"],
    );
}

#[test]
fn rows_children_decode_to_their_implanted_boards() {
    // After one generation, every crossover child decodes to a board with
    // the tile mix, and the run's best is a true score (checked by
    // `check_algorithm`); here: the keys of a child are a permutation of
    // its member's keys.
    let p = TmProblem::new(Rules::Thesis, Weights::THESIS);
    let member: Vec<f32> = (0..113).map(|i| ((i * 37) % 113) as f32 / 113.0).collect();
    let genes = random_board(&p, 5);
    let mut sorted_keys = vec![0.0; 113];
    let mut out = vec![0.0; 113];
    super::rows::encode(&p, &member, &genes, &mut sorted_keys, &mut out);
    let mut a = member.clone();
    let mut b = out.clone();
    a.sort_by(f32::total_cmp);
    b.sort_by(f32::total_cmp);
    assert_eq!(a, b);
    let mut order = vec![0u16; 113];
    let mut decoded = vec![0u8; 113];
    decode_keys(&out, &mut order, &p.segments()[0].pool, &mut decoded);
    assert_eq!(decoded, genes);
}

#[test]
fn shared_start_gives_every_seed_the_same_first_score() {
    let specs = Algorithm::Brkga.param_specs(BoardGame::TerraMystica);
    let scoring = Scoring {
        rules: Rules::Thesis,
        weights: Weights::THESIS,
        catan: CatanOptions::default(),
    };
    let start = |pairs: &[&str], seed| {
        let pairs: Vec<String> = pairs.iter().map(|s| s.to_string()).collect();
        let p = Params::parse(specs, &pairs, Algorithm::Brkga).unwrap();
        make_search(BoardGame::TerraMystica, Algorithm::Brkga, &p, scoring, seed)
    };
    let shared = ["population=50", "crossover=rows", "start=shared"];
    let firsts: Vec<(Vec<u8>, f64)> = (1..=4)
        .map(|seed| {
            let s = start(&shared, seed);
            (s.best().0.clone(), s.progress().best)
        })
        .collect();
    assert!(firsts.windows(2).all(|w| w[0] == w[1]));
    // Later choices follow the run's seed.
    let mut a = start(&shared, 1);
    let mut b = start(&shared, 2);
    for _ in 0..10 {
        a.step();
        b.step();
    }
    assert_ne!(a.best().0, b.best().0);
    // Without it, seeds start apart.
    let random = ["population=50", "crossover=rows"];
    assert_ne!(start(&random, 1).best().0, start(&random, 2).best().0);
}

#[test]
fn rows_crossover_keeps_pins() {
    let setup = pinned_setup(3, 20);
    let specs = Algorithm::Brkga.param_specs(BoardGame::TerraMystica);
    let pairs: Vec<String> = ["population=40", "crossover=rows", "restart=2"]
        .iter()
        .map(|s| s.to_string())
        .collect();
    let p = Params::parse(specs, &pairs, Algorithm::Brkga).unwrap();
    let scoring = Scoring {
        rules: Rules::Thesis,
        weights: Weights::THESIS,
        catan: CatanOptions::default(),
    };
    let start = setup.start.clone().unwrap();
    // Some pins lie in rows 0-1, where the implant lands.
    assert!(setup.pinned.iter().any(|&h| h < 25));
    let mut s = make_search_with(
        BoardGame::TerraMystica,
        Algorithm::Brkga,
        &p,
        scoring,
        9,
        &setup,
    )
    .unwrap();
    let first = s.progress().best;
    for _ in 0..20 {
        s.step();
        let board = s.best().0;
        for &h in &setup.pinned {
            assert_eq!(board[h as usize], start[h as usize]);
        }
        assert_eq!(sorted(board), sorted(&standard_tiles()));
    }
    assert!(s.progress().best < first);
    // The implant itself never writes a pinned hex.
    let mut prob = TmProblem::with_setup(Rules::Thesis, Weights::THESIS, &setup).unwrap();
    for seed in 0..20 {
        let donor = random_board(&prob, seed);
        let mut board = random_board(&prob, seed + 50);
        prob.implant_rows(&donor, &mut board);
        for &h in &setup.pinned {
            assert_eq!(board[h as usize], start[h as usize]);
        }
        assert_eq!(sorted(&board), sorted(&standard_tiles()));
    }
}
