//! `puzzle book --json`: the booklet written and its puzzles.

use crate::puzzle::Puzzle;
use serde::Serialize;

/// What `puzzle book --json` prints.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct BookReport {
    /// The PDF written.
    pub out: String,
    /// Its size in bytes.
    pub bytes: usize,
    /// Its pages.
    pub pages: usize,
    /// Pages of puzzles (the instructions page included).
    pub puzzle_pages: usize,
    /// Pages of solutions.
    pub solution_pages: usize,
    /// Wall time, in milliseconds.
    pub elapsed_ms: f64,
    /// Every puzzle, in the book's order.
    pub puzzles: Vec<BookPuzzleReport>,
}

/// One puzzle of the book.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct BookPuzzleReport {
    /// The number printed under it and its solution.
    pub number: usize,
    /// The seed it was generated from.
    pub seed: u64,
    /// Its technique grade.
    pub grade: Option<u8>,
    /// Cells given (`X` or `O`).
    pub givens: usize,
    /// The puzzle, one string per row.
    pub cells: Vec<String>,
}

impl BookPuzzleReport {
    /// Puzzle number `number` of the book, `p`, of grade `grade`; the
    /// givens are counted here.
    ///
    /// ```
    /// use evoboard_core::puzzle::report::BookPuzzleReport;
    /// use evoboard_core::puzzle::{generate, Difficulty};
    /// let p = generate(6, 6, Difficulty::Easy, 2).unwrap();
    /// let r = BookPuzzleReport::new(1, &p, Some(2));
    /// let given = (p.given_share * 36.0).round() as usize;
    /// assert_eq!((r.number, r.seed, r.givens), (1, 2, given));
    /// ```
    pub fn new(number: usize, p: &Puzzle, grade: Option<u8>) -> Self {
        BookPuzzleReport {
            number,
            seed: p.seed,
            grade,
            givens: p
                .cells
                .iter()
                .flat_map(|r| r.chars())
                .filter(|c| matches!(c, 'X' | 'O'))
                .count(),
            cells: p.cells.clone(),
        }
    }
}
