//! What to generate, as one value: a [`Recipe`] for a hex board, a dungeon
//! or a puzzle, and [`Recipe::generate`], which runs it to a [`Level`]
//! step by step, reporting [`RecipeProgress`] and stopping when asked.
//!
//! The plugin's runtime generators run recipes. A recipe drives the same
//! searches as the command line with the same seeds, steps and stopping
//! rules, so the same settings and seed give the same level as `evoboard
//! generate|dungeon|puzzle generate --out` (`tests/cli/recipes.rs` compares
//! them; a hex board that stops at its time limit before its target
//! depends on the machine's speed, there as here).
//!
//! ```
//! use evoboard_core::level::{LevelMap, Recipe};
//! use std::sync::atomic::AtomicBool;
//!
//! let recipe = Recipe::terra_mystica(7);
//! let level = recipe.generate("river-delta", &AtomicBool::new(false), |_| {}).unwrap();
//! assert!(matches!(level.map, LevelMap::TerraMystica(_)));
//! assert_eq!(level.scores.total, 0.0);
//! ```

use super::Level;
use crate::boards::{self, Algorithm, BoardError, BoardGame, BoardRun, Params, Scoring};
use crate::dungeon::{self, DungeonError, DungeonParams, ProposalStage, Size};
use crate::puzzle::{self, Difficulty, PuzzleError, RuleSet};
use std::fmt;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

/// A hex board to generate: every setting `evoboard generate` takes.
#[derive(Clone, Debug, PartialEq)]
#[cfg_attr(feature = "bevy_reflect", derive(bevy_reflect::Reflect))]
pub struct HexBoardRecipe {
    /// Terra Mystica or Catan.
    pub game: BoardGame,
    /// The search (`best`, `brkga`, `pso`, `sahc`, `aco`).
    pub algorithm: Algorithm,
    /// The algorithm's parameters (defaults where not set).
    pub params: Params,
    /// Rules, weights and Catan's optional rules.
    pub scoring: Scoring,
    /// The seed.
    pub seed: u64,
    /// Stop once the score is at most this (0: a perfect board).
    pub target: f64,
    /// Stop after this long (the command line's `--time-limit`).
    pub time_limit: Duration,
    /// Stop after this many generations, if set (a limit that does not
    /// depend on the machine's speed).
    pub max_generations: Option<u64>,
}

impl HexBoardRecipe {
    /// `game` with `algorithm` and its default parameters, the default
    /// scoring ([`Scoring::default`]: Terra Mystica's default rules, Catan
    /// `table`), target 0 and the command line's
    /// default time limit of 60 s.
    pub fn new(game: BoardGame, algorithm: Algorithm, seed: u64) -> HexBoardRecipe {
        HexBoardRecipe {
            game,
            algorithm,
            params: Params::defaults(boards::param_specs(game, algorithm)),
            scoring: Scoring::default(),
            seed,
            target: 0.0,
            time_limit: Duration::from_secs(60),
            max_generations: None,
        }
    }

    /// The run this recipe makes ([`BoardRun`] on the standard board), as
    /// `evoboard generate` runs it.
    pub fn board_run(&self) -> BoardRun {
        BoardRun {
            params: self.params.clone(),
            scoring: self.scoring,
            target: self.target,
            time_limit: self.time_limit,
            max_generations: self.max_generations,
            ..BoardRun::new(self.game, self.algorithm, self.seed)
        }
    }
}

/// A dungeon to generate: the settings of `evoboard dungeon`.
#[derive(Clone, Debug, PartialEq)]
#[cfg_attr(feature = "bevy_reflect", derive(bevy_reflect::Reflect))]
pub struct DungeonRecipe {
    /// Size, rooms, contents, extras and GA settings.
    pub params: DungeonParams,
    /// The seed.
    pub seed: u64,
    /// Which proposal to keep (0-based); `None` keeps the best, as the
    /// command line does without `--choose`.
    pub proposal: Option<usize>,
}

/// A puzzle to generate: the settings of `evoboard puzzle generate`, the
/// same type the app's puzzle panel edits (one path from settings to
/// puzzle).
pub type PuzzleRecipe = puzzle::Settings;

/// One level to generate.
#[derive(Clone, Debug, PartialEq)]
#[cfg_attr(feature = "bevy_reflect", derive(bevy_reflect::Reflect))]
pub enum Recipe {
    /// A Terra Mystica or Catan board.
    HexBoard(HexBoardRecipe),
    /// A dungeon map with its contents.
    Dungeon(DungeonRecipe),
    /// An X/O puzzle with exactly one solution.
    Puzzle(PuzzleRecipe),
}

/// What a recipe is doing, from waiting to done or failed (a running
/// recipe reports the stages between).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
#[cfg_attr(feature = "bevy_reflect", derive(bevy_reflect::Reflect))]
pub enum RecipeStage {
    /// Not started yet.
    #[default]
    Waiting,
    /// A hex-board search.
    Board,
    /// A dungeon's layout GA.
    Layout,
    /// A dungeon's contents GA.
    Contents,
    /// A puzzle (one step: generated and proven unique).
    Puzzle,
    /// Finished: the level is made (a front end shows it).
    Done,
    /// Refused or failed: the front end has the [`RecipeError`].
    Failed,
}

/// Progress of a running recipe.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct RecipeProgress {
    /// What it is doing.
    pub stage: RecipeStage,
    /// The dungeon proposal being made (0-based; 0 for other recipes).
    pub proposal: usize,
    /// Dungeon proposals in all (1 for other recipes).
    pub proposals: usize,
    /// Generations of the current search so far.
    pub generation: u64,
    /// Best score of the current search so far (hex boards: violations,
    /// lower is better; dungeons: fitness, higher is better).
    pub best: f64,
}

/// Why a recipe made no level.
#[derive(Clone, Debug, PartialEq)]
#[cfg_attr(feature = "bevy_reflect", derive(bevy_reflect::Reflect))]
pub enum RecipeError {
    /// Stopped by its caller.
    Cancelled,
    /// A hex board setting was refused.
    Board(BoardError),
    /// A dungeon setting was refused.
    Dungeon(DungeonError),
    /// A puzzle setting was refused.
    Puzzle(PuzzleError),
    /// The generator stopped on a bug (a panic on its worker thread),
    /// with the panic's message: a game gets a failure, never a crash.
    Crashed(String),
}

impl fmt::Display for RecipeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            RecipeError::Cancelled => f.write_str("the generation was cancelled"),
            RecipeError::Board(e) => write!(f, "{e}"),
            RecipeError::Dungeon(e) => write!(f, "{e}"),
            RecipeError::Puzzle(e) => write!(f, "{e}"),
            RecipeError::Crashed(m) => write!(
                f,
                "the generator stopped on a bug in evoboard ({m}); please report it with the \
                 recipe and seed"
            ),
        }
    }
}

impl std::error::Error for RecipeError {}

impl From<BoardError> for RecipeError {
    fn from(e: BoardError) -> Self {
        RecipeError::Board(e)
    }
}

impl From<DungeonError> for RecipeError {
    fn from(e: DungeonError) -> Self {
        RecipeError::Dungeon(e)
    }
}

impl From<PuzzleError> for RecipeError {
    fn from(e: PuzzleError) -> Self {
        RecipeError::Puzzle(e)
    }
}

impl Recipe {
    /// A Terra Mystica board with our search (`best`), `table` rules (the
    /// default).
    pub fn terra_mystica(seed: u64) -> Recipe {
        Recipe::HexBoard(HexBoardRecipe::new(
            BoardGame::TerraMystica,
            Algorithm::Best,
            seed,
        ))
    }

    /// A Catan island with our search (`best`).
    pub fn catan(seed: u64) -> Recipe {
        Recipe::HexBoard(HexBoardRecipe::new(BoardGame::Catan, Algorithm::Best, seed))
    }

    /// A dungeon of a preset size, the best of its proposals.
    pub fn dungeon(size: Size, seed: u64) -> Recipe {
        Recipe::Dungeon(DungeonRecipe {
            params: DungeonParams::for_size(size),
            seed,
            proposal: None,
        })
    }

    /// A `width` × `height` puzzle of `difficulty`.
    pub fn puzzle(width: usize, height: usize, difficulty: Difficulty, seed: u64) -> Recipe {
        Recipe::Puzzle(PuzzleRecipe {
            width,
            height,
            difficulty,
            level: None,
            rules: RuleSet::NoThree,
            grade: None,
            seed,
        })
    }

    /// A `width` × `height` puzzle under `rules` that needs exactly the
    /// techniques of `grade` (as `puzzle generate --rules R --grade G`).
    ///
    /// ```
    /// use evoboard_core::level::{LevelMap, Recipe};
    /// use evoboard_core::puzzle::{RuleSet, technique_grade};
    /// let stop = std::sync::atomic::AtomicBool::new(false);
    /// let recipe = Recipe::graded_puzzle(8, 8, RuleSet::Takuzu, 2, 5);
    /// let level = recipe.generate("t", &stop, |_| {}).unwrap();
    /// let LevelMap::Puzzle(p) = &level.map else { unreachable!() };
    /// assert_eq!(p.rules, RuleSet::Takuzu);
    /// assert_eq!(technique_grade(&p.cells_board().unwrap()), Some(2));
    /// ```
    pub fn graded_puzzle(
        width: usize,
        height: usize,
        rules: RuleSet,
        grade: u8,
        seed: u64,
    ) -> Recipe {
        Recipe::Puzzle(PuzzleRecipe {
            width,
            height,
            difficulty: Difficulty::Easy,
            level: None,
            rules,
            grade: Some(grade),
            seed,
        })
    }

    /// Check the settings without generating anything.
    pub fn validate(&self) -> Result<(), RecipeError> {
        match self {
            Recipe::HexBoard(_) => Ok(()),
            Recipe::Dungeon(d) => {
                d.params.validate()?;
                if let Some(p) = d.proposal {
                    d.params.check_choice(p + 1)?;
                }
                Ok(())
            }
            Recipe::Puzzle(p) => {
                puzzle::check_generation_size(p.width, p.height).map_err(PuzzleError::from)?;
                p.rules.check_generation_size(p.width, p.height)?;
                if let Some(grade) = p.grade.filter(|g| !(1..=puzzle::MAX_GRADE).contains(g)) {
                    return Err(PuzzleError::GradeOutOfRange { grade }.into());
                }
                match p.level {
                    Some(l) if !(1..=3).contains(&l) => {
                        Err(RecipeError::Puzzle(PuzzleError::LevelOutOfRange {
                            level: l,
                        }))
                    }
                    _ => Ok(()),
                }
            }
        }
    }

    /// Run the recipe to a level named `name`, calling `progress` after
    /// every generation; returns [`RecipeError::Cancelled`] soon after
    /// `cancel` is set (between two generations).
    pub fn generate(
        &self,
        name: &str,
        cancel: &AtomicBool,
        mut progress: impl FnMut(RecipeProgress),
    ) -> Result<Level, RecipeError> {
        self.validate()?;
        let stop = || cancel.load(Ordering::Relaxed);
        match self {
            Recipe::HexBoard(r) => hex_board(r, name, &stop, &mut progress),
            Recipe::Dungeon(r) => dungeon_level(r, name, &stop, &mut progress),
            Recipe::Puzzle(r) => {
                progress(RecipeProgress {
                    stage: RecipeStage::Puzzle,
                    proposals: 1,
                    ..RecipeProgress::default()
                });
                let p = r.generate()?;
                if stop() {
                    return Err(RecipeError::Cancelled);
                }
                Ok(Level::puzzle(name, &p))
            }
        }
    }
}

fn hex_board(
    r: &HexBoardRecipe,
    name: &str,
    stop: &dyn Fn() -> bool,
    progress: &mut dyn FnMut(RecipeProgress),
) -> Result<Level, RecipeError> {
    let done = r.board_run().run(|p, _| {
        progress(RecipeProgress {
            stage: RecipeStage::Board,
            proposal: 0,
            proposals: 1,
            generation: p.generation,
            best: p.best,
        });
        !stop()
    })?;
    if done.stopped {
        return Err(RecipeError::Cancelled);
    }
    Ok(Level::hex_board(
        name,
        r.game,
        &done.tiles,
        r.algorithm,
        &r.params,
        r.scoring,
        r.seed,
    ))
}

fn dungeon_level(
    r: &DungeonRecipe,
    name: &str,
    stop: &dyn Fn() -> bool,
    progress: &mut dyn FnMut(RecipeProgress),
) -> Result<Level, RecipeError> {
    let params = &r.params;
    let indices: Vec<usize> = match r.proposal {
        Some(p) => vec![p],
        None => (0..params.proposals).collect(),
    };
    let mut made = Vec::with_capacity(indices.len());
    for &i in &indices {
        let watched = dungeon::generate_proposal_watched(params, r.seed, i, |stage, p| {
            progress(RecipeProgress {
                stage: match stage {
                    ProposalStage::Layout => RecipeStage::Layout,
                    ProposalStage::Contents => RecipeStage::Contents,
                },
                proposal: i,
                proposals: params.proposals,
                generation: p.generation,
                best: p.best,
            });
            !stop()
        })?;
        made.push(watched.ok_or(RecipeError::Cancelled)?);
    }
    let chosen = if r.proposal.is_some() {
        0
    } else {
        dungeon::best_proposal(&made)
    };
    Ok(Level::dungeon(name, &made[chosen], params))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_dungeon_recipe_is_the_command_lines_dungeon() {
        let mut p = DungeonParams::for_size(Size::Small);
        p.loops = 1;
        let recipe = Recipe::Dungeon(DungeonRecipe {
            params: p.clone(),
            seed: 5,
            proposal: None,
        });
        let mut steps = 0;
        let level = recipe
            .generate("d", &AtomicBool::new(false), |_| steps += 1)
            .unwrap();
        let all = dungeon::generate(&p, 5).unwrap();
        let best = &all[dungeon::best_proposal(&all)];
        assert_eq!(level, Level::dungeon("d", best, &p));
        assert_eq!(steps, 2 * p.ga.generations * p.proposals);
    }

    #[test]
    fn a_board_recipe_is_the_command_lines_board() {
        for game in [BoardGame::TerraMystica, BoardGame::Catan] {
            let r = HexBoardRecipe::new(game, Algorithm::Best, 11);
            let level = Recipe::HexBoard(r.clone())
                .generate("b", &AtomicBool::new(false), |_| {})
                .unwrap();
            let mut s = boards::make_search(game, Algorithm::Best, &r.params, r.scoring, 11);
            while !s.is_solved() && s.progress().best > 0.0 {
                s.step();
            }
            let want =
                Level::hex_board("b", game, s.best().0, r.algorithm, &r.params, r.scoring, 11);
            assert_eq!(level, want);
        }
    }

    #[test]
    fn generation_limits_and_cancelling_stop_a_run() {
        let mut r = HexBoardRecipe::new(BoardGame::TerraMystica, Algorithm::Brkga, 3);
        r.max_generations = Some(4);
        let mut last = RecipeProgress::default();
        Recipe::HexBoard(r.clone())
            .generate("b", &AtomicBool::new(false), |p| last = p)
            .unwrap();
        assert_eq!(last.generation, 4);
        let cancelled = Recipe::HexBoard(r).generate("b", &AtomicBool::new(true), |_| {});
        assert_eq!(cancelled, Err(RecipeError::Cancelled));
        let bad = Recipe::puzzle(2, 2, Difficulty::Easy, 1).generate(
            "p",
            &AtomicBool::new(false),
            |_| {},
        );
        assert!(matches!(bad, Err(RecipeError::Puzzle(_))), "{bad:?}");
    }

    #[test]
    fn a_puzzle_recipe_is_the_command_lines_puzzle() {
        let level = Recipe::puzzle(8, 8, Difficulty::Hard, 4)
            .generate("p", &AtomicBool::new(false), |_| {})
            .unwrap();
        let p = puzzle::generate(8, 8, Difficulty::Hard, 4).unwrap();
        assert_eq!(level, Level::puzzle("p", &p));
    }
}
