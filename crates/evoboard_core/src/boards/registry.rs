//! The hex-board games and algorithms by name, for the CLI, the
//! benchmarks and the app: every algorithm is a [`Search`] over row-major
//! tile codes.

use super::catan::{self, BalancedCatan, CatanOptions, CatanProblem};
use super::error::BoardError;
use super::hex::HexGrid;
use super::params::{ParamSpec, Params};
use super::published::{self, Aco, BoardProblem, Brkga, Pso, Sahc};
use super::setup::{BoardSetup, BoardVariant};
use super::terra_mystica::{self, BalancedTm, Rules, TmProblem, Weights};
use crate::search::Search;
use serde::{Deserialize, Serialize};
use std::fmt;
use std::str::FromStr;

/// The two hex-board games.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "bevy_reflect", derive(bevy_reflect::Reflect))]
pub enum BoardGame {
    /// Terra Mystica (113 hexes; 112 on the offset outline).
    TerraMystica,
    /// Settlers of Catan (19 hexes and number tokens).
    Catan,
}

impl BoardGame {
    /// Both games.
    pub const ALL: [BoardGame; 2] = [BoardGame::TerraMystica, BoardGame::Catan];

    /// Name on the command line.
    pub fn name(self) -> &'static str {
        match self {
            BoardGame::TerraMystica => "terra-mystica",
            BoardGame::Catan => "catan",
        }
    }

    /// Parse `terra-mystica` (or `tm`) or `catan`.
    pub fn parse(s: &str) -> Result<Self, BoardError> {
        match s {
            "terra-mystica" | "tm" => Ok(BoardGame::TerraMystica),
            "catan" => Ok(BoardGame::Catan),
            _ => Err(BoardError::UnknownGame {
                name: s.to_string(),
            }),
        }
    }
}

impl FromStr for BoardGame {
    type Err = BoardError;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        Self::parse(s)
    }
}

impl fmt::Display for BoardGame {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// The hex-board searches: ours and the four of the papers.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[cfg_attr(feature = "clap", derive(clap::ValueEnum))]
#[cfg_attr(feature = "bevy_reflect", derive(bevy_reflect::Reflect))]
pub enum Algorithm {
    /// Ours (the default): min-conflicts repair with restarts
    /// ([`BalancedTm`], [`BalancedCatan`]).
    #[default]
    Best,
    /// Biased random-key genetic algorithm ([`Brkga`]).
    Brkga,
    /// Particle swarm with the published repair ([`Pso`]).
    Pso,
    /// Steepest-ascent hill climbing with random restart ([`Sahc`]).
    Sahc,
    /// Ant colony optimisation ([`Aco`]).
    Aco,
}

impl Algorithm {
    /// Every algorithm, the default ([`Algorithm::Best`]) first.
    pub const ALL: [Algorithm; 5] = [
        Algorithm::Best,
        Algorithm::Brkga,
        Algorithm::Pso,
        Algorithm::Sahc,
        Algorithm::Aco,
    ];

    /// Name on the command line and in the JSON output.
    pub fn name(self) -> &'static str {
        match self {
            Algorithm::Best => "best",
            Algorithm::Brkga => "brkga",
            Algorithm::Pso => "pso",
            Algorithm::Sahc => "sahc",
            Algorithm::Aco => "aco",
        }
    }

    /// The parameter specs of this algorithm on `game`.
    pub fn param_specs(self, game: BoardGame) -> &'static [ParamSpec] {
        match (game, self) {
            (BoardGame::TerraMystica, Algorithm::Best) => BalancedTm::PARAMS,
            (BoardGame::Catan, Algorithm::Best) => BalancedCatan::PARAMS,
            (_, Algorithm::Brkga) => published::BRKGA_PARAMS,
            (_, Algorithm::Pso) => published::PSO_PARAMS,
            (_, Algorithm::Sahc) => published::SAHC_PARAMS,
            (_, Algorithm::Aco) => published::ACO_PARAMS,
        }
    }
}

impl FromStr for Algorithm {
    type Err = BoardError;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        Algorithm::ALL
            .into_iter()
            .find(|a| a.name() == s)
            .ok_or_else(|| BoardError::UnknownAlgorithm {
                name: s.to_string(),
            })
    }
}

impl fmt::Display for Algorithm {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A boxed hex-board search. Solutions are tile codes in row-major order
/// (Terra Mystica: [`terra_mystica::Terrain`] codes; Catan:
/// [`catan::CatanCode`]s, see [`catan::CatanBoard::encode`]).
pub type BoardSearch = Box<dyn Search<Solution = Vec<u8>>>;

/// How to score a board: the rule set, weights and Catan options. The
/// default is Terra Mystica's default rule set and Catan's `table`
/// ([`CatanOptions::table`]).
#[derive(Clone, Copy, Debug, PartialEq)]
#[cfg_attr(feature = "bevy_reflect", derive(bevy_reflect::Reflect))]
pub struct Scoring {
    /// Terra Mystica rule set.
    pub rules: Rules,
    /// Weights per requirement.
    pub weights: Weights,
    /// Catan's optional rules.
    pub catan: CatanOptions,
}

impl Default for Scoring {
    fn default() -> Self {
        Scoring {
            rules: Rules::default(),
            weights: Weights::default(),
            catan: CatanOptions::table(),
        }
    }
}

impl Scoring {
    /// The rule set's name for `game`: Terra Mystica's [`Rules::name`];
    /// Catan's `table` or `published` ([`CatanOptions::rules_name`]).
    pub fn rules_name(&self, game: BoardGame) -> &'static str {
        match game {
            BoardGame::TerraMystica => self.rules.name(),
            BoardGame::Catan => self.catan.rules_name(),
        }
    }

    /// `rules` with their default weights ([`Weights::for_rules`]: thesis
    /// REQ3 × 100, otherwise all 1) and Catan's defaults.
    ///
    /// ```
    /// use evoboard_core::boards::Scoring;
    /// use evoboard_core::boards::terra_mystica::{Rules, Weights};
    /// assert_eq!(Scoring::with_rules(Rules::Thesis).weights, Weights::THESIS);
    /// ```
    pub fn with_rules(rules: Rules) -> Scoring {
        Scoring {
            rules,
            weights: Weights::for_rules(rules),
            ..Scoring::default()
        }
    }
}

/// The parameter specs of `algorithm` for `game` (the same as
/// [`Algorithm::param_specs`]).
pub fn param_specs(game: BoardGame, algorithm: Algorithm) -> &'static [ParamSpec] {
    algorithm.param_specs(game)
}

/// Build a search on the standard board from a random start. `params` are
/// read through the algorithm's specs; a value they lack takes its default.
pub fn make_search(
    game: BoardGame,
    algorithm: Algorithm,
    params: &Params,
    scoring: Scoring,
    seed: u64,
) -> BoardSearch {
    make_search_with(
        game,
        algorithm,
        params,
        scoring,
        seed,
        &BoardSetup::default(),
    )
    .unwrap_or_else(|e| panic!("the standard setup is valid: {e}"))
}

/// Build a search on `setup`'s board variant, starting from its board and
/// never moving its pinned hexes. Errors when the start board does not fit
/// the variant, its tile counts are off the game's, or the pins make a
/// perfect board impossible (the error names the requirement and hexes).
pub fn make_search_with(
    game: BoardGame,
    algorithm: Algorithm,
    params: &Params,
    scoring: Scoring,
    seed: u64,
    setup: &BoardSetup,
) -> Result<BoardSearch, BoardError> {
    match game {
        BoardGame::TerraMystica => on_problem(
            algorithm,
            params,
            seed,
            || TmProblem::with_setup(scoring.rules, scoring.weights, setup),
            || {
                Ok(Box::new(BalancedTm::with_setup(
                    seed,
                    scoring.rules,
                    scoring.weights,
                    params,
                    setup,
                )?))
            },
        ),
        BoardGame::Catan => on_problem(
            algorithm,
            params,
            seed,
            || CatanProblem::with_setup(scoring.catan, setup),
            || {
                Ok(Box::new(BalancedCatan::with_setup(
                    seed,
                    scoring.catan,
                    params,
                    setup,
                )?))
            },
        ),
    }
}

/// `algorithm` on a game: `best` is the game's own search, the published
/// ones run on the game's [`BoardProblem`].
fn on_problem<P: BoardProblem>(
    algorithm: Algorithm,
    params: &Params,
    seed: u64,
    problem: impl FnOnce() -> Result<P, BoardError>,
    best: impl FnOnce() -> Result<BoardSearch, BoardError>,
) -> Result<BoardSearch, BoardError> {
    Ok(match algorithm {
        Algorithm::Best => best()?,
        Algorithm::Brkga => Box::new(Brkga::new(problem()?, params, seed)),
        Algorithm::Pso => Box::new(Pso::new(problem()?, params, seed)),
        Algorithm::Sahc => Box::new(Sahc::new(problem()?, params, seed)),
        Algorithm::Aco => Box::new(Aco::new(problem()?, params, seed)),
    })
}

/// The (unweighted) violations of a tile vector, as `(name, count)` pairs
/// (`req1..req4` or `r1..r3` plus enabled optional Catan rules; under
/// Terra Mystica's `table` also each `table` figure's excess over its
/// bound, `over_river_on_border` …). Terra Mystica reads the outline
/// from the length (112: offset, else standard).
pub fn violations(game: BoardGame, tiles: &[u8], scoring: Scoring) -> Vec<(&'static str, u32)> {
    match game {
        BoardGame::TerraMystica => {
            let grid = terra_mystica::grid_for_len(tiles.len());
            let v = terra_mystica::evaluate(grid, tiles, scoring.rules);
            let mut out = vec![
                ("req1", v[0]),
                ("req2", v[1]),
                ("req3", v[2]),
                ("req4", v[3]),
            ];
            if scoring.rules == Rules::Table {
                let ex = terra_mystica::table_figures(grid, tiles).excess();
                out.extend(terra_mystica::table::EXCESS_NAMES.into_iter().zip(ex));
            }
            out
        }
        BoardGame::Catan => catan::evaluate(tiles, &scoring.catan).named_with(&scoring.catan),
    }
}

/// The score of `tiles` under `scoring`: Terra Mystica's weighted
/// REQ1..REQ4 on the outline of that size (under `table` plus the
/// weighted `table` excesses, [`terra_mystica::score`]), Catan's count of
/// broken rules.
/// What searches minimise, levels record and the app shows.
pub fn score(game: BoardGame, tiles: &[u8], scoring: Scoring) -> u64 {
    match game {
        BoardGame::TerraMystica => {
            let grid = terra_mystica::grid_for_len(tiles.len());
            terra_mystica::score(grid, tiles, scoring.rules, scoring.weights)
        }
        BoardGame::Catan => u64::from(catan::evaluate(tiles, &scoring.catan).total()),
    }
}

/// Per-hex flags of broken requirements (non-zero = highlight the hex);
/// the Terra Mystica outline follows from the length as in [`violations`].
pub fn broken_hexes(game: BoardGame, tiles: &[u8], scoring: Scoring) -> Vec<u8> {
    match game {
        BoardGame::TerraMystica => {
            let grid = terra_mystica::grid_for_len(tiles.len());
            terra_mystica::broken_hexes(grid, tiles, scoring.rules)
        }
        BoardGame::Catan => catan::broken_hexes(tiles, &scoring.catan),
    }
}

/// The layout of a board variant of `game` (Catan's 5–6 player island,
/// Terra Mystica's outlines).
pub fn variant_grid(
    game: BoardGame,
    variant: &BoardVariant,
) -> Result<&'static HexGrid, BoardError> {
    match (game, variant) {
        (BoardGame::TerraMystica, v) => terra_mystica::outline_grid(v),
        (BoardGame::Catan, v) => Ok(catan::CatanLayout::for_variant(v)?.grid()),
    }
}

/// The variant of `game` whose boards have `hexes` hexes (Terra Mystica:
/// 113 standard or 112 offset; Catan: 19 or 30), if any.
///
/// ```
/// use evoboard_core::boards::{BoardGame, BoardVariant, variant_of};
/// assert_eq!(variant_of(BoardGame::Catan, 30), Some(BoardVariant::FiveSixPlayers));
/// assert_eq!(variant_of(BoardGame::TerraMystica, 113), Some(BoardVariant::Standard));
/// assert_eq!(variant_of(BoardGame::TerraMystica, 112), Some(BoardVariant::Offset));
/// assert_eq!(variant_of(BoardGame::Catan, 20), None);
/// ```
pub fn variant_of(game: BoardGame, hexes: usize) -> Option<BoardVariant> {
    match game {
        BoardGame::TerraMystica => terra_mystica::outline_of(hexes),
        BoardGame::Catan => catan::CatanLayout::for_hexes(hexes).map(|l| l.variant().clone()),
    }
}

/// The layout of a game's board.
pub fn grid(game: BoardGame) -> &'static HexGrid {
    match game {
        BoardGame::TerraMystica => terra_mystica::standard_grid(),
        BoardGame::Catan => catan::grid(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_algorithm_runs_on_both_games_with_its_defaults() {
        assert_eq!(Algorithm::ALL[0], Algorithm::Best);
        assert_eq!(Algorithm::default(), Algorithm::Best);
        for game in BoardGame::ALL {
            for alg in Algorithm::ALL {
                let specs = param_specs(game, alg);
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
                let mut s = make_search(game, alg, &p, Scoring::default(), 1);
                assert_eq!(s.name(), alg.name());
                s.step();
                assert!(s.best().1.is_finite());
            }
        }
        let err = "nope".parse::<Algorithm>().unwrap_err();
        assert!(matches!(&err, BoardError::UnknownAlgorithm { name } if name == "nope"));
        assert_eq!(
            err.to_string(),
            "unknown algorithm 'nope'; allowed: best, brkga, pso, sahc, aco"
        );
    }

    #[test]
    fn names_round_trip() {
        for alg in Algorithm::ALL {
            assert_eq!(alg.name().parse::<Algorithm>(), Ok(alg));
            assert_eq!(alg.to_string(), alg.name());
        }
        for game in BoardGame::ALL {
            assert_eq!(game.name().parse::<BoardGame>(), Ok(game));
        }
        assert_eq!(BoardGame::parse("tm"), Ok(BoardGame::TerraMystica));
        assert!(matches!(
            BoardGame::parse("chess"),
            Err(BoardError::UnknownGame { .. })
        ));
    }
}
