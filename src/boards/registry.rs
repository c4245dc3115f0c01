//! The hex-board algorithms by name, for the CLI, the benchmarks and the
//! app: every one is a [`Search`] over row-major tile codes.

use super::catan::{self, CatanOptions};
use super::catan_problem::CatanProblem;
use super::params::{ParamSpec, Params};
use super::problem::BoardProblem;
use super::tm_problem::TmProblem;
use super::tm_rules::{Rules, Weights};
use super::{aco, balanced, brkga, catan_search, pso, sahc};
use crate::search::Search;
use serde::{Deserialize, Serialize};

/// The two hex-board games.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum BoardGame {
    /// Terra Mystica (113 hexes).
    TerraMystica,
    /// Settlers of Catan (19 hexes and number tokens).
    Catan,
}

impl BoardGame {
    /// Name on the command line.
    pub fn name(self) -> &'static str {
        match self {
            BoardGame::TerraMystica => "terra-mystica",
            BoardGame::Catan => "catan",
        }
    }

    /// Parse `terra-mystica` or `catan`.
    pub fn parse(s: &str) -> Result<Self, String> {
        match s {
            "terra-mystica" | "tm" => Ok(BoardGame::TerraMystica),
            "catan" => Ok(BoardGame::Catan),
            _ => Err(format!("unknown game '{s}'; allowed: terra-mystica, catan")),
        }
    }
}

/// A boxed hex-board search. Solutions are tile codes in row-major order
/// (Terra Mystica: [`super::terrain::Terrain`] codes; Catan: see
/// [`catan::CatanBoard::encode`]).
pub type BoardSearch = Box<dyn Search<Solution = Vec<u8>>>;

/// Algorithm names, default first.
pub const ALGORITHMS: &[&str] = &["best", "brkga", "pso", "sahc", "aco"];

/// How to score a board: the rule set, weights and Catan options.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Scoring {
    /// Terra Mystica rule set.
    pub rules: Rules,
    /// Weights per requirement.
    pub weights: Weights,
    /// Catan's optional rules.
    pub catan: CatanOptions,
}

/// The parameter specs of `algorithm` for `game`.
pub fn param_specs(game: BoardGame, algorithm: &str) -> Result<&'static [ParamSpec], String> {
    match (game, algorithm) {
        (BoardGame::TerraMystica, "best") => Ok(balanced::PARAMS),
        (BoardGame::Catan, "best") => Ok(catan_search::PARAMS),
        (_, "brkga") => Ok(brkga::PARAMS),
        (_, "pso") => Ok(pso::PARAMS),
        (_, "sahc") => Ok(sahc::PARAMS),
        (_, "aco") => Ok(aco::PARAMS),
        _ => Err(unknown(algorithm)),
    }
}

fn unknown(algorithm: &str) -> String {
    format!(
        "unknown algorithm '{algorithm}'; allowed: {}",
        ALGORITHMS.join(", ")
    )
}

/// Build a search.
pub fn make_search(
    game: BoardGame,
    algorithm: &str,
    params: &Params,
    scoring: Scoring,
    seed: u64,
) -> Result<BoardSearch, String> {
    match (game, algorithm) {
        (BoardGame::TerraMystica, "best") => Ok(Box::new(balanced::BalancedTm::new(
            seed,
            scoring.rules,
            scoring.weights,
            params,
        ))),
        (BoardGame::Catan, "best") => Ok(Box::new(catan_search::BalancedCatan::new(
            seed,
            scoring.catan,
            params,
        ))),
        (BoardGame::TerraMystica, _) => published(
            TmProblem::new(scoring.rules, scoring.weights),
            algorithm,
            params,
            seed,
        ),
        (BoardGame::Catan, _) => {
            published(CatanProblem::new(scoring.catan), algorithm, params, seed)
        }
    }
}

/// One of the published algorithms on `problem`.
fn published<P: BoardProblem>(
    problem: P,
    algorithm: &str,
    params: &Params,
    seed: u64,
) -> Result<BoardSearch, String> {
    Ok(match algorithm {
        "brkga" => Box::new(brkga::Brkga::new(problem, params, seed)),
        "pso" => Box::new(pso::Pso::new(problem, params, seed)),
        "sahc" => Box::new(sahc::Sahc::new(problem, params, seed)),
        "aco" => Box::new(aco::Aco::new(problem, params, seed)),
        _ => return Err(unknown(algorithm)),
    })
}

/// The (unweighted) violations of a tile vector, as `(name, count)` pairs
/// (`req1..req4` or `r1..r3` plus enabled optional Catan rules).
pub fn violations(game: BoardGame, tiles: &[u8], scoring: Scoring) -> Vec<(&'static str, u32)> {
    match game {
        BoardGame::TerraMystica => {
            let v = super::tm_rules::evaluate(
                super::terra_mystica::standard_grid(),
                tiles,
                scoring.rules,
            );
            vec![
                ("req1", v[0]),
                ("req2", v[1]),
                ("req3", v[2]),
                ("req4", v[3]),
            ]
        }
        BoardGame::Catan => catan::CatanBoard::decode(tiles)
            .violations(&scoring.catan)
            .named_with(&scoring.catan),
    }
}

/// Per-hex flags of broken requirements (non-zero = highlight the hex).
pub fn broken_hexes(game: BoardGame, tiles: &[u8], scoring: Scoring) -> Vec<u8> {
    match game {
        BoardGame::TerraMystica => super::tm_rules::broken_hexes(
            super::terra_mystica::standard_grid(),
            tiles,
            scoring.rules,
        ),
        BoardGame::Catan => catan::broken_hexes(tiles, &scoring.catan),
    }
}

/// The layout of a game's board.
pub fn grid(game: BoardGame) -> &'static super::hex::HexGrid {
    match game {
        BoardGame::TerraMystica => super::terra_mystica::standard_grid(),
        BoardGame::Catan => catan::grid(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_algorithm_runs_on_both_games_with_its_defaults() {
        assert_eq!(ALGORITHMS[0], "best");
        for game in [BoardGame::TerraMystica, BoardGame::Catan] {
            for &alg in ALGORITHMS {
                let specs = param_specs(game, alg).unwrap();
                for s in specs {
                    assert!(s.min <= s.default && s.default <= s.max, "{alg} {}", s.name);
                    assert!(!s.help.is_empty());
                }
                let mut p = Params::defaults(specs);
                // Keep the test quick: small populations.
                for (name, v) in [("population", "20"), ("particles", "5"), ("ants", "2")] {
                    if specs.iter().any(|s| s.name == name) {
                        p.set(specs, name, v, alg).unwrap();
                    }
                }
                let mut s = make_search(game, alg, &p, Scoring::default(), 1).unwrap();
                assert_eq!(s.name(), alg);
                s.step();
                assert!(s.best().1.is_finite());
            }
        }
        assert!(
            make_search(
                BoardGame::Catan,
                "nope",
                &Params::defaults(&[]),
                Scoring::default(),
                1
            )
            .is_err()
        );
    }
}
