//! One builder per kind of level: the CLI, the app and the plugin build
//! the levels they save here, so the same board, dungeon or puzzle is
//! saved the same way whoever saves it.

use super::{BoardDesign, Level, LevelMap, LevelOrigin, Scores};
use crate::boards::catan::CatanBoard;
use crate::boards::terra_mystica::{TerraMysticaBoard, grid_for_len};
use crate::boards::{self, Algorithm, BoardGame, Params, Scoring};
use crate::dungeon::{Dungeon, DungeonParams};
use crate::puzzle::{HAND_ALGORITHM, Puzzle};

/// The player count a Catan board of `hexes` hexes is for.
fn players_of(hexes: usize) -> &'static str {
    match boards::variant_of(BoardGame::Catan, hexes) {
        Some(boards::BoardVariant::FiveSixPlayers) => "5-6",
        _ => "3-4",
    }
}

/// The generator name a dungeon level records.
pub const DUNGEON_ALGORITHM: &str = "layout-ga+contents-ga";

impl Level {
    /// The level of a generated hex board: the board, the algorithm, its
    /// parameters, the rules and seed that made it, and its scores.
    ///
    /// `tiles` are the search's tile codes (row-major, as
    /// [`boards::make_search`] reports them; a Terra Mystica board of 112
    /// tiles is on the offset outline).
    pub fn hex_board(
        name: &str,
        game: BoardGame,
        tiles: &[u8],
        algorithm: Algorithm,
        params: &Params,
        scoring: Scoring,
        seed: u64,
    ) -> Level {
        let violations = boards::violations(game, tiles, scoring);
        let map = match game {
            BoardGame::TerraMystica => LevelMap::TerraMystica(TerraMysticaBoard::from_tiles(
                grid_for_len(tiles.len()),
                tiles,
            )),
            BoardGame::Catan => LevelMap::Catan(CatanBoard::with_placed_harbours(
                tiles,
                &scoring.catan,
                seed,
            )),
        };
        let total = boards::score(game, tiles, scoring) as f64;
        Level::new(
            name,
            map,
            LevelOrigin {
                algorithm: algorithm.name().to_string(),
                seed,
                rules: (game == BoardGame::TerraMystica).then_some(scoring.rules),
                params: params.iter().map(|(k, v)| (k.to_string(), v)).collect(),
            },
            Scores {
                total,
                violations: violations
                    .iter()
                    .map(|(k, c)| (k.to_string(), *c))
                    .collect(),
            },
        )
        .with_design(BoardDesign {
            players: (game == BoardGame::Catan).then(|| players_of(tiles.len()).to_string()),
            ..BoardDesign::default()
        })
    }

    /// The level of dungeon `d` made with `params`: the settings go into
    /// the generator's parameters so the dungeon can be made again.
    pub fn dungeon(name: &str, d: &Dungeon, params: &DungeonParams) -> Level {
        let figures = [
            ("width", params.width as f64),
            ("height", params.height as f64),
            ("min_rooms", params.min_rooms as f64),
            ("max_rooms", params.max_rooms as f64),
            ("enemies_pct", params.enemies_pct as f64),
            ("treasure_pct", params.treasure_pct as f64),
            ("loops", params.loops as f64),
            ("dead_ends", params.dead_ends as f64),
            ("secret_doors", params.secret_doors as f64),
            ("traps", params.traps as f64),
            ("generations", params.ga.generations as f64),
            ("population", params.ga.population as f64),
            ("mutation", params.ga.mutation_rate),
        ];
        Level::new(
            name,
            LevelMap::Dungeon(d.clone()),
            LevelOrigin {
                algorithm: DUNGEON_ALGORITHM.into(),
                seed: d.seed,
                rules: None,
                params: figures.iter().map(|(k, v)| (k.to_string(), *v)).collect(),
            },
            Scores {
                total: d.fitness,
                violations: Vec::new(),
            },
        )
    }

    /// The level of `puzzle`, with the generator's settings as parameters.
    /// Its score is 0: a generated puzzle breaks no rule and has exactly one
    /// solution.
    pub fn puzzle(name: &str, puzzle: &Puzzle) -> Level {
        let mut params = vec![
            ("width".to_string(), puzzle.width as f64),
            ("height".to_string(), puzzle.height as f64),
            ("blocked_p".to_string(), puzzle.difficulty.blocked_p()),
            ("empty_share".to_string(), puzzle.empty_share),
        ];
        if let Some(l) = puzzle.level {
            params.push(("level".to_string(), f64::from(l)));
        }
        if let Some(g) = puzzle.grade {
            params.push(("grade".to_string(), f64::from(g)));
        }
        // Graded or Takuzu puzzles come from the technique generator.
        let algorithm = if puzzle.rules.is_takuzu() || puzzle.grade.is_some() {
            format!("graded-{}", puzzle.rules.name())
        } else {
            format!("published-{}", puzzle.difficulty.name())
        };
        Level::new(
            name,
            LevelMap::Puzzle(puzzle.clone()),
            LevelOrigin {
                algorithm,
                seed: puzzle.seed,
                rules: None,
                params,
            },
            Scores::default(),
        )
    }
}

/// The level of a hand-made puzzle (from
/// [`crate::puzzle::PuzzleDraft::to_puzzle`]): the same as a generated
/// puzzle's ([`Level::puzzle`]) except that the generator is
/// [`HAND_ALGORITHM`] and the parameter `blocked_p` is replaced by the
/// measured `blocked_share`.
pub fn hand_level(name: &str, p: &Puzzle) -> Level {
    let mut level = Level::puzzle(name, p);
    level.generator.algorithm = HAND_ALGORITHM.to_string();
    for (k, v) in &mut level.generator.params {
        if k == "blocked_p" {
            *k = "blocked_share".to_string();
            *v = p.blocked_share;
        }
    }
    level
}
