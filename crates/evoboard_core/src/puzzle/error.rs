//! [`PuzzleError`]: everything the puzzle domain refuses, as a value a
//! caller can match on; its text says what is allowed.

use super::board::{MAX_SIDE, MIN_GEN_SIDE, PuzzleGridError};
use std::fmt;

/// Why a puzzle request, a setting or a saved puzzle was refused.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "bevy_reflect", derive(bevy_reflect::Reflect))]
pub enum PuzzleError {
    /// A board string or board size that is not allowed (also a
    /// generation size outside 4 × 4 .. 20 × 20).
    Board(PuzzleGridError),
    /// A difficulty name that is not `easy` or `hard` (with
    /// `with_levels`, also not `easy-L` / `hard-L` with L in 1..=3).
    UnknownDifficulty {
        /// The text given.
        text: String,
        /// Whether the `-L` level suffix was accepted.
        with_levels: bool,
    },
    /// A size text that is not `WxH` or one number.
    SizeSyntax {
        /// The text given.
        text: String,
    },
    /// A width or height outside 4..=20.
    SizeOutOfRange {
        /// `"width"` or `"height"`.
        dimension: &'static str,
        /// The value given.
        value: usize,
    },
    /// A deduction level outside 1..=3.
    LevelOutOfRange {
        /// The level given.
        level: u8,
    },
    /// A level text that is not `1`, `2` or `3`.
    UnknownLevel {
        /// The text given.
        text: String,
    },
    /// No puzzle of the level within the attempts.
    LevelNotReached {
        /// The requested level.
        level: u8,
        /// Attempts made.
        attempts: u32,
    },
    /// A saved puzzle whose `cells` do not parse.
    Cells(PuzzleGridError),
    /// A saved puzzle whose `solution` does not parse.
    Solution(PuzzleGridError),
    /// A puzzle (made by hand) that has no solution.
    NoSolution {
        /// Three-in-a-rows among its givens (0: they break no rule, but
        /// the empty cells cannot be filled).
        rule_breaks: usize,
    },
    /// A puzzle (made by hand) with more than one solution, where exactly
    /// one is needed.
    NotUnique,
    /// A count that needed more search nodes than allowed (a draft with
    /// far too many open cells for its givens to be counted quickly).
    TooHard {
        /// The node limit.
        nodes: u64,
    },
    /// A scripted editor step (`--edit`) that does not parse.
    EditStep {
        /// The step given.
        step: String,
    },
    /// A saved puzzle whose solution has another size than its cells.
    SolutionSize {
        /// Width of the cells.
        width: usize,
        /// Height of the cells.
        height: usize,
        /// Width of the solution.
        solution_width: usize,
        /// Height of the solution.
        solution_height: usize,
    },
    /// A rule-set name that is not `no-three` or `takuzu` (or
    /// `--unique-lines` without `takuzu`).
    UnknownRules {
        /// The text given.
        text: String,
    },
    /// A Takuzu board with an odd width or height.
    OddTakuzuSize {
        /// Requested width.
        width: usize,
        /// Requested height.
        height: usize,
    },
    /// A technique grade outside 1..=[`MAX_GRADE`](super::MAX_GRADE).
    GradeOutOfRange {
        /// The grade given.
        grade: u8,
    },
    /// A grade text that is not one of `1`..=[`MAX_GRADE`](super::MAX_GRADE)
    /// (a fraction, `1e308`, `01`, a word, a number out of range).
    UnknownGrade {
        /// The text given.
        text: String,
    },
    /// No puzzle of the grade within the attempts.
    GradeNotReached {
        /// The requested grade.
        grade: u8,
        /// Attempts made.
        attempts: u32,
    },
}

impl fmt::Display for PuzzleError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PuzzleError::Board(e) => write!(f, "{e}"),
            PuzzleError::UnknownDifficulty {
                text,
                with_levels: false,
            } => write!(f, "unknown difficulty '{text}'; allowed are easy and hard"),
            PuzzleError::UnknownDifficulty {
                text,
                with_levels: true,
            } => write!(
                f,
                "unknown difficulty '{text}'; allowed are easy, hard, or \
                 easy-1..3 / hard-1..3 for a deduction level"
            ),
            PuzzleError::SizeSyntax { text } => write!(
                f,
                "size '{text}' is not WIDTHxHEIGHT (e.g. 10x10); each side \
                 {MIN_GEN_SIDE}..={MAX_SIDE}"
            ),
            PuzzleError::SizeOutOfRange { dimension, value } => write!(
                f,
                "{dimension} {value} is outside the allowed range {MIN_GEN_SIDE}..={MAX_SIDE}"
            ),
            PuzzleError::LevelOutOfRange { level } => {
                write!(f, "level {level} is not allowed; levels are 1, 2 and 3")
            }
            PuzzleError::UnknownLevel { text } => {
                write!(f, "level '{text}' is not allowed; levels are 1, 2 and 3")
            }
            PuzzleError::LevelNotReached { level, attempts } => write!(
                f,
                "no level-{level} puzzle found in {attempts} attempts; \
                 try another seed, size or difficulty"
            ),
            PuzzleError::NoSolution { rule_breaks: 0 } => write!(
                f,
                "the puzzle has no solution: its empty cells cannot be filled \
                 without three in a row; remove a given or a blocked cell"
            ),
            PuzzleError::NoSolution { rule_breaks } => write!(
                f,
                "the puzzle has no solution: its givens already make \
                 {rule_breaks} three-in-a-row{}; remove a given",
                if *rule_breaks == 1 { "" } else { "s" }
            ),
            PuzzleError::NotUnique => write!(
                f,
                "the puzzle has several solutions; a puzzle needs exactly \
                 one (add givens, or press Make unique)"
            ),
            PuzzleError::TooHard { nodes } => write!(
                f,
                "counting the solutions took more than {nodes} search nodes; \
                 add givens or blocked cells and try again"
            ),
            PuzzleError::EditStep { step } => write!(
                f,
                "editor step '{step}' is not allowed; steps are x:R,C o:R,C \
                 block:R,C clear:R,C (0-based), unique, save:NAME and play, \
                 separated by ';'"
            ),
            PuzzleError::Cells(e) => write!(f, "puzzle cells: {e}"),
            PuzzleError::Solution(e) => write!(f, "puzzle solution: {e}"),
            PuzzleError::SolutionSize {
                width,
                height,
                solution_width,
                solution_height,
            } => write!(
                f,
                "the puzzle is {width}×{height} but its solution is \
                 {solution_width}×{solution_height}"
            ),
            PuzzleError::UnknownRules { text } => write!(
                f,
                "unknown rules '{text}'; allowed are no-three and takuzu \
                 (takuzu with --unique-lines for no two equal rows or columns)"
            ),
            PuzzleError::OddTakuzuSize { width, height } => write!(
                f,
                "Takuzu needs an even width and height (equal X and O counts \
                 per line); {width}×{height} is not allowed"
            ),
            PuzzleError::GradeOutOfRange { grade } => write!(
                f,
                "grade {grade} is not allowed; grades are 1..={}",
                super::MAX_GRADE
            ),
            PuzzleError::UnknownGrade { text } => write!(
                f,
                "grade '{text}' is not allowed; grades are 1..={} (whole numbers)",
                super::MAX_GRADE
            ),
            PuzzleError::GradeNotReached { grade, attempts } => write!(
                f,
                "no grade-{grade} puzzle found in {attempts} attempts; \
                 try another seed or size"
            ),
        }
    }
}

impl std::error::Error for PuzzleError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            PuzzleError::Board(e) | PuzzleError::Cells(e) | PuzzleError::Solution(e) => Some(e),
            _ => None,
        }
    }
}

impl From<PuzzleGridError> for PuzzleError {
    fn from(e: PuzzleGridError) -> Self {
        PuzzleError::Board(e)
    }
}
