//! Tests of `brkga`: both crossovers, the shared start and the restarts.

use crate::boards::catan::CatanOptions;
use crate::boards::published::testing::check_algorithm;
use crate::boards::terra_mystica::{Rules, Weights};
use crate::boards::{Algorithm, BoardGame, Params, Scoring, make_search};

/// A fingerprint of a run: the best score after every generation and a
/// hash of the final best board.
fn trajectory(game: BoardGame, rules: Rules, pairs: &[&str], seed: u64, steps: usize) -> (Vec<f64>, u64) {
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
    let hash = s
        .best()
        .0
        .iter()
        .fold(1469598103934665603u64, |h, &t| (h ^ t as u64).wrapping_mul(1099511628211));
    (scores, hash)
}

#[test]
fn uniform_crossover_is_unchanged() {
    let tm = trajectory(BoardGame::TerraMystica, Rules::Published, &["population=60", "restart=4"], 7, 30);
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
