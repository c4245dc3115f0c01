//! Puzzles by hand: a [`PuzzleDraft`] is a board a person edits (givens
//! X and O, blocked cells), with what the editor shows live: the number
//! of solutions ([`Solutions`]: none, one, several), the deduction level
//! ([`PuzzleDraft::grade`]), and "make unique" ([`PuzzleDraft::make_unique`],
//! the fewest givens that leave exactly one solution, see
//! [`Uniqueness`]).
//! A draft with exactly one solution becomes a [`Puzzle`]
//! ([`PuzzleDraft::to_puzzle`]), which the level format saves like
//! generated ones (`evoboard_core::level::hand_level`).
//!
//! ```
//! use evoboard_core::puzzle::{PuzzleDraft, Solutions, Square};
//! let mut d = PuzzleDraft::new(5, 5).unwrap();
//! assert_eq!(d.solutions().count(), Some(2)); // an empty 5×5 board has 8: "several"
//! d.set(0, 0, Square::X).unwrap();
//! let added = d.make_unique(1).unwrap();
//! assert!(matches!(d.solutions(), Solutions::One(_)));
//! assert!(added.exact);
//! ```

mod script;
#[cfg(test)]
mod tests;
mod unique;

pub use script::{EditStep, parse_steps};
pub use unique::{
    CALL_NODES, EXACT_GIVENS, EXACT_NODES, GREEDY_CAP, GREEDY_CELLS, TOTAL_NODES, Uniqueness,
};

use super::bits::Bits;
use super::board::{Board, Square, check_generation_size};
use super::error::PuzzleError;
use super::grade::{Grade, grade};
use super::rules::rule_breaks;
use super::ruleset::RuleSet;
use super::solver::{count_solutions, two_bits};
use super::technique::technique_grade;
use super::{Difficulty, Puzzle};

/// The generator name a hand-made puzzle level records.
pub const HAND_ALGORITHM: &str = "hand";

/// How many solutions a draft has, counted up to two.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Solutions {
    /// No way to fill the empty cells (or the givens already break the
    /// rule).
    None,
    /// Exactly one: the solution.
    One(Board),
    /// Two or more; two of them (they differ somewhere).
    Several(Board, Board),
    /// Not known: the count needed more than [`STATUS_NODES`] search
    /// nodes.
    Unknown,
}

/// Search nodes the live count ([`PuzzleDraft::solutions`]) may visit
/// before it answers [`Solutions::Unknown`].
pub const STATUS_NODES: u64 = 2_000_000;

impl Solutions {
    /// 0, 1 or 2 (for "two or more"); `None` when unknown.
    pub fn count(&self) -> Option<u8> {
        match self {
            Solutions::None => Some(0),
            Solutions::One(_) => Some(1),
            Solutions::Several(..) => Some(2),
            Solutions::Unknown => None,
        }
    }

    /// The status text: "no solution", "exactly one solution",
    /// "several solutions".
    pub fn describe(&self) -> &'static str {
        match self {
            Solutions::None => "no solution",
            Solutions::One(_) => "exactly one solution",
            Solutions::Several(..) => "several solutions",
            Solutions::Unknown => "too many open cells to count quickly",
        }
    }
}

/// Two solutions of `board` (or fewer), from one search that stops at
/// two (or after [`STATUS_NODES`] nodes).
pub(crate) fn two_solutions(board: &Board) -> Solutions {
    match two_bits(
        Bits::from_board(board),
        STATUS_NODES,
        &mut STATUS_NODES.clone(),
    ) {
        Some((_, Some(a), Some(b))) => Solutions::Several(a.to_board(), b.to_board()),
        Some((_, Some(a), None)) => Solutions::One(a.to_board()),
        Some(_) => Solutions::None,
        None => Solutions::Unknown,
    }
}

/// A puzzle being made by hand.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PuzzleDraft {
    board: Board,
}

impl PuzzleDraft {
    /// An empty draft of `width` × `height` (4..=20 each, as generated
    /// puzzles).
    pub fn new(width: usize, height: usize) -> Result<PuzzleDraft, PuzzleError> {
        check_generation_size(width, height)?;
        Ok(PuzzleDraft {
            board: Board::new(width, height, Square::Empty)?,
        })
    }

    /// A draft from a board (4..=20 a side); its X and O are the givens.
    pub fn from_board(board: Board) -> Result<PuzzleDraft, PuzzleError> {
        check_generation_size(board.width(), board.height())?;
        Ok(PuzzleDraft { board })
    }

    /// A draft from a saved puzzle's cells (to edit a generated one).
    pub fn from_puzzle(p: &Puzzle) -> Result<PuzzleDraft, PuzzleError> {
        PuzzleDraft::from_board(p.cells_board().map_err(PuzzleError::Cells)?)
    }

    /// The rule set the draft is checked under.
    pub fn rules(&self) -> RuleSet {
        self.board.rules()
    }

    /// Check the draft under another rule set (the cells stay).
    pub fn set_rules(&mut self, rules: RuleSet) {
        self.board.set_rules(rules);
    }

    /// The technique grade ([`technique_grade`]): `Some(0..=3)`, `None`
    /// when grade 3 cannot finish it.
    pub fn technique_grade(&self) -> Option<u8> {
        technique_grade(&self.board)
    }

    /// The board: blocked cells, givens and empty cells.
    pub fn board(&self) -> &Board {
        &self.board
    }

    /// Width in cells.
    pub fn width(&self) -> usize {
        self.board.width()
    }

    /// Height in cells.
    pub fn height(&self) -> usize {
        self.board.height()
    }

    /// The cell at (row, column), `None` off the board.
    pub fn get(&self, r: usize, c: usize) -> Option<Square> {
        self.board.try_get(r, c)
    }

    /// Set a cell: a given (`X`, `O`), `Blocked` or `Empty`; an error off
    /// the board.
    pub fn set(&mut self, r: usize, c: usize, cell: Square) -> Result<(), PuzzleError> {
        Ok(self.board.try_set(r, c, cell)?)
    }

    /// Cycle a cell empty → X → O → blocked → empty and return its new
    /// state; an error off the board.
    pub fn cycle(&mut self, r: usize, c: usize) -> Result<Square, PuzzleError> {
        let next = match self.get(r, c) {
            Some(Square::Empty) => Square::X,
            Some(Square::X) => Square::O,
            Some(Square::O) => Square::Blocked,
            _ => Square::Empty,
        };
        self.set(r, c, next)?;
        Ok(next)
    }

    /// Change the size, keeping the cells that fit (new cells empty).
    pub fn resize(&mut self, width: usize, height: usize) -> Result<(), PuzzleError> {
        let mut b = PuzzleDraft::new(width, height)?
            .board
            .with_rules(self.rules());
        for r in 0..height.min(self.height()) {
            for c in 0..width.min(self.width()) {
                b.set(r, c, self.board.get(r, c));
            }
        }
        self.board = b;
        Ok(())
    }

    /// Number of givens (X and O).
    pub fn givens(&self) -> usize {
        self.board.count(Square::X) + self.board.count(Square::O)
    }

    /// Count solutions up to `limit` (the solver's [`count_solutions`],
    /// without a node limit).
    pub fn count(&self, limit: u64) -> u64 {
        count_solutions(&self.board, limit).count
    }

    /// None, one or several solutions (one search stopping at two).
    pub fn solutions(&self) -> Solutions {
        two_solutions(&self.board)
    }

    /// The deduction level a person needs ([`grade`]): `Some(0..=3)`, or
    /// `None` when deductions of levels 1–3 cannot finish it (several
    /// solutions, none, or look-ahead is not enough).
    pub fn grade(&self) -> Grade {
        grade(&self.board)
    }

    /// Add the fewest givens that leave exactly one solution: the exact
    /// minimum when it is small (at most 4 givens within the search's node
    /// budget), otherwise a greedy answer with no redundant given
    /// ([`Uniqueness::exact`] says which), reproducible from
    /// `seed` (ties between equally short answers). The givens already
    /// placed stay. An error when the draft has no solution.
    pub fn make_unique(&mut self, seed: u64) -> Result<Uniqueness, PuzzleError> {
        let u = unique::make_unique(&self.board, seed)?;
        for &(r, c, v) in &u.added {
            self.board.set(r, c, v);
        }
        Ok(u)
    }

    /// The draft as a puzzle, when it has exactly one solution. Its
    /// difficulty is the published one whose blocked share is nearer
    /// (`hard` from 7.5 % blocked cells); `seed` is recorded (the seed
    /// "make unique" used, or 0).
    pub fn to_puzzle(&self, seed: u64) -> Result<Puzzle, PuzzleError> {
        let solution = match self.solutions() {
            Solutions::One(s) => s,
            Solutions::None => return Err(self.no_solution()),
            Solutions::Several(..) => return Err(PuzzleError::NotUnique),
            Solutions::Unknown => {
                return Err(PuzzleError::TooHard {
                    nodes: STATUS_NODES,
                });
            }
        };
        let blocked = self.board.count(Square::Blocked) as f64 / self.board.len() as f64;
        let midway = (Difficulty::Easy.blocked_p() + Difficulty::Hard.blocked_p()) / 2.0;
        let difficulty = if blocked >= midway {
            Difficulty::Hard
        } else {
            Difficulty::Easy
        };
        let level = self.grade().level;
        let mut p = Puzzle::new(self.board.clone(), solution, difficulty, level, seed);
        p.grade = self.technique_grade();
        Ok(p)
    }

    /// The error for a draft without solutions.
    pub(crate) fn no_solution(&self) -> PuzzleError {
        PuzzleError::NoSolution {
            rule_breaks: rule_breaks(&self.board).len(),
        }
    }
}
