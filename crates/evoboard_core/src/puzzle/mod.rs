//! X/O logic puzzles ("no three in a row"), engine-free.
//!
//! - boards: [`Square`], [`Board`] (board strings, size limits);
//! - the rule: [`rule_breaks`], [`is_valid`], [`is_solved`];
//! - solving: [`count_solutions`] (up to a limit), the [`SolutionTree`]
//!   and its [`tree_census`] and [`shallowest_trail`], pluggable
//!   [`CellOrder`]s over [`Bits`];
//! - generating: [`generate`] (the published procedure),
//!   [`generate_level`] (a requested deduction level) and their
//!   [`GenOptions`] variants (`prefer_trails`);
//! - grading and hints: [`grade`], [`hint`], [`next_deduction`];
//! - making by hand: [`PuzzleDraft`] (givens and blocked cells, live
//!   [`Solutions`], grade, "make unique", saved as a level);
//! - playing: [`Play`] (the state behind the app screen) and its
//!   [`Settings`];
//! - the `--json` reports of `evoboard puzzle …` as `Serialize` types:
//!   [`report`].
//!
//! [`Puzzle`] is the serde type saved in RON files and embedded in levels.
//! A game reads it cell by cell ([`Puzzle::cell`], [`Puzzle::solution_at`];
//! row 0 at the top) and calls [`Puzzle::check`] and [`Puzzle::hint`] with
//! the player's [`Board`].
//! Every refusal is a [`PuzzleError`] (board strings: [`PuzzleGridError`]).

mod access;
mod bits;
mod board;
#[cfg(test)]
mod book_figures;
mod editor;
mod error;
mod generator;
mod grade;
mod graded;
mod play;
pub mod report;
mod rules;
mod ruleset;
mod solver;
mod takuzu_fill;
mod takuzu_hints;
mod technique;
mod trails;
mod trust;
mod variety;

pub use bits::Bits;
pub use board::{
    Board, MAX_SIDE, MIN_GEN_SIDE, PuzzleGridError, Square, check_generation_size, check_size,
};
pub use editor::{
    CALL_NODES, EXACT_GIVENS, EXACT_NODES, EditStep, GREEDY_CAP, GREEDY_CELLS, HAND_ALGORITHM,
    PuzzleDraft, STATUS_NODES, Solutions, TOTAL_NODES, Uniqueness, parse_steps,
};
pub use error::PuzzleError;
pub use generator::{
    GenOptions, Generated, LEVEL_ATTEMPTS, LEVEL_CANDIDATES, TRAIL_NODES, generate, generate_level,
    generate_level_with, generate_with,
};
pub use grade::{
    Deduction, Grade, Hint, LEVEL_NAMES, cell_name, grade, grade_up_to, hint, next_deduction,
};
pub use graded::{
    GRADE_ATTEMPTS, GRADED_BLOCKED_P, GradeOptions, STRIPE_SHARE, STRIPE_SHARE_SMALL,
    generate_grade, generate_grade_with,
};
pub use play::{
    Action, CellView, CheckResult, Play, Settings, ShownHint, parse_difficulty, parse_size,
};
pub use rules::{
    DIRECTIONS, LineBreak, RuleBreak, break_mask, direction_name, direction_with_article,
    directions, is_solved, is_valid, line_breaks, rule_breaks,
};
pub use ruleset::RuleSet;
pub use solver::{
    CellOrder, NearestTo, Node, NodeKind, SolutionTree, Solved, count_solutions, count_with,
    most_neighbours, random_solution, row_major, satisfiable,
};
pub use technique::{MAX_GRADE, Technique, technique_grade, technique_steps, techniques_used};
pub use trails::{TREE_NODES, Trail, TreeCensus, shallowest_trail, tree_census};
pub use variety::{empty_lines, is_striped, mostly_striped, repeat_share, same_solution};

use serde::{Deserialize, Serialize};

/// The published difficulty settings.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
#[cfg_attr(feature = "bevy_reflect", derive(bevy_reflect::Reflect))]
pub enum Difficulty {
    /// 4 % of cells blocked, 40 % of all cells left empty.
    Easy,
    /// 11 % of cells blocked, 30 % of all cells left empty.
    Hard,
}

impl Difficulty {
    /// Probability that a raw cell is blocked.
    pub fn blocked_p(self) -> f64 {
        match self {
            Difficulty::Easy => 0.04,
            Difficulty::Hard => 0.11,
        }
    }

    /// Target share of all cells left empty.
    pub fn empty_share(self) -> f64 {
        match self {
            Difficulty::Easy => 0.40,
            Difficulty::Hard => 0.30,
        }
    }

    /// The lowercase name (`easy`, `hard`).
    pub fn name(self) -> &'static str {
        match self {
            Difficulty::Easy => "easy",
            Difficulty::Hard => "hard",
        }
    }
}

impl std::str::FromStr for Difficulty {
    type Err = PuzzleError;
    fn from_str(s: &str) -> Result<Difficulty, PuzzleError> {
        match s {
            "easy" => Ok(Difficulty::Easy),
            "hard" => Ok(Difficulty::Hard),
            _ => Err(PuzzleError::UnknownDifficulty {
                text: s.to_string(),
                with_levels: false,
            }),
        }
    }
}

/// A generated puzzle, as saved in RON and embedded in levels. Boards are
/// stored as one string per row (`#` blocked, `.` empty, `X`, `O`).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "bevy_reflect", derive(bevy_reflect::Reflect))]
pub struct Puzzle {
    /// Width in cells.
    pub width: usize,
    /// Height in cells.
    pub height: usize,
    /// The puzzle: blocked cells, givens and empty cells.
    pub cells: Vec<String>,
    /// Its unique solution.
    pub solution: Vec<String>,
    /// The difficulty it was generated at.
    pub difficulty: Difficulty,
    /// The deduction level a person needs (1..=3), `None` when look-ahead
    /// is not enough.
    #[serde(default)]
    pub level: Option<u8>,
    /// Share of all cells left empty.
    #[serde(default)]
    pub empty_share: f64,
    /// Share of all cells blocked.
    #[serde(default)]
    pub blocked_share: f64,
    /// Share of all cells given.
    #[serde(default)]
    pub given_share: f64,
    /// The seed it was generated from.
    #[serde(default)]
    pub seed: u64,
    /// The rule set (absent in older files and for the no-three rules).
    #[serde(default, skip_serializing_if = "RuleSet::is_no_three")]
    pub rules: RuleSet,
    /// The technique grade ([`technique_grade`]; 1..=[`MAX_GRADE`]), when
    /// it was computed (generation with a grade or a rule set, or
    /// [`Puzzle::with_grade`]); absent in older files.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub grade: Option<u8>,
}

impl Puzzle {
    /// Build the saved form from boards; the shares are computed here.
    pub fn new(
        cells: Board,
        solution: Board,
        difficulty: Difficulty,
        level: Option<u8>,
        seed: u64,
    ) -> Puzzle {
        let n = cells.len() as f64;
        let empty = cells.count(Square::Empty) as f64;
        let blocked = cells.count(Square::Blocked) as f64;
        Puzzle {
            width: cells.width(),
            height: cells.height(),
            cells: cells.to_strings(),
            solution: solution.to_strings(),
            difficulty,
            level,
            empty_share: empty / n,
            blocked_share: blocked / n,
            given_share: (n - empty - blocked) / n,
            seed,
            rules: cells.rules(),
            grade: None,
        }
    }

    /// The same puzzle with its technique grade computed and stored.
    pub fn with_grade(mut self) -> Puzzle {
        self.grade = self.cells_board().ok().and_then(|b| technique_grade(&b));
        self
    }

    /// The puzzle board (parsed from `cells`).
    pub fn cells_board(&self) -> Result<Board, PuzzleGridError> {
        Board::from_strings(&self.cells).map(|b| b.with_rules(self.rules))
    }

    /// The solution board (parsed from `solution`).
    pub fn solution_board(&self) -> Result<Board, PuzzleGridError> {
        Board::from_strings(&self.solution).map(|b| b.with_rules(self.rules))
    }

    /// The filled cells of `play` (same size) that differ from the
    /// solution, as (row, column), for a Check button; an error when the
    /// saved solution does not parse.
    pub fn mistakes(&self, play: &Board) -> Result<Vec<(usize, usize)>, PuzzleGridError> {
        Ok(mistakes(&self.solution_board()?, play))
    }

    /// The puzzle as RON (pretty).
    pub fn to_ron(&self) -> Result<String, ron::Error> {
        let mut text = ron::ser::to_string_pretty(self, ron::ser::PrettyConfig::default())?;
        text.push('\n');
        Ok(text)
    }

    /// Read a puzzle from RON.
    pub fn from_ron(text: &str) -> Result<Puzzle, ron::error::SpannedError> {
        ron::from_str(text)
    }
}

/// The filled cells of `play` that differ from `solution` (the overlap of
/// the two sizes), as (row, column).
fn mistakes(solution: &Board, play: &Board) -> Vec<(usize, usize)> {
    let mut out = Vec::new();
    for r in 0..solution.height().min(play.height()) {
        for c in 0..solution.width().min(play.width()) {
            let p = play.get(r, c);
            if p.is_symbol() && p != solution.get(r, c) {
                out.push((r, c));
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ron_round_trip() {
        let p = generate(6, 5, Difficulty::Easy, 9).unwrap();
        let text = p.to_ron().unwrap();
        assert!(text.contains("cells"), "{text}");
        assert_eq!(Puzzle::from_ron(&text).unwrap(), p);
        let sol = p.solution_board().unwrap();
        assert!(p.mistakes(&sol).unwrap().is_empty());
        let mut wrong = sol.clone();
        let i = (0..wrong.len()).find(|&i| wrong.at(i).is_symbol()).unwrap();
        wrong.set_at(i, wrong.at(i).opposite());
        assert_eq!(p.mistakes(&wrong).unwrap().len(), 1);
        assert_eq!("hard".parse::<Difficulty>(), Ok(Difficulty::Hard));
        let e = "medium".parse::<Difficulty>().unwrap_err();
        assert!(
            matches!(e, PuzzleError::UnknownDifficulty { ref text, with_levels: false } if text == "medium")
        );
        assert!(e.to_string().contains("easy"), "{e}");
    }
}
