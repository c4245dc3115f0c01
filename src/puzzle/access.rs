//! A generated [`Puzzle`] as a game uses it: its cells, the board a player
//! starts from, and [`Puzzle::check`] / [`Puzzle::hint`] on the player's
//! board (the same Check and Hint as the app's puzzle screen).

use super::board::{Board, PuzzleGridError, Square};
use super::grade::{self, Hint};
use super::play::CheckResult;
use super::{Puzzle, mistakes, rules};

impl Puzzle {
    /// The given cell at `row`, `col` (blocked, a given X or O, or empty),
    /// `None` off the board.
    ///
    /// ```
    /// use evoboard::puzzle::{generate, CheckResult, Difficulty, Hint, Square};
    /// let puzzle = generate(6, 6, Difficulty::Easy, 3).unwrap();
    /// let mut play = puzzle.start_board().unwrap();
    /// assert!(matches!(puzzle.check(&play).unwrap(), CheckResult::Incomplete { .. }));
    /// // Ask for a hint, as a game's "?" button would.
    /// assert!(matches!(puzzle.hint(&play).unwrap(), Hint::Deduction(_) | Hint::Stuck));
    /// // Fill in the solution: solved.
    /// for r in 0..puzzle.height {
    ///     for c in 0..puzzle.width {
    ///         play.set(r, c, puzzle.solution_at(r, c).unwrap());
    ///     }
    /// }
    /// assert_eq!(puzzle.check(&play).unwrap(), CheckResult::Solved);
    /// ```
    pub fn cell(&self, row: usize, col: usize) -> Option<Square> {
        Square::from_char(self.cells.get(row)?.chars().nth(col)?)
    }

    /// The solution's square at `row`, `col`.
    pub fn solution_at(&self, row: usize, col: usize) -> Option<Square> {
        Square::from_char(self.solution.get(row)?.chars().nth(col)?)
    }

    /// The board a player starts from (the givens and blocked cells).
    pub fn start_board(&self) -> Result<Board, PuzzleGridError> {
        self.cells_board()
    }

    /// Check a player's board: solved, the wrong marks (with the number of
    /// three-in-a-rows), or how many cells are still empty.
    pub fn check(&self, play: &Board) -> Result<CheckResult, PuzzleGridError> {
        let solution = self.solution_board()?;
        self.same_size(play)?;
        Ok(check_board(&solution, play))
    }

    /// The next step for a player's board: a rule it breaks, the next
    /// logical deduction, solved, or stuck.
    pub fn hint(&self, play: &Board) -> Result<Hint, PuzzleGridError> {
        self.same_size(play)?;
        Ok(grade::hint(play))
    }

    fn same_size(&self, play: &Board) -> Result<(), PuzzleGridError> {
        if (play.width(), play.height()) == (self.width, self.height) {
            Ok(())
        } else {
            Err(PuzzleGridError::SizeMismatch {
                expected_width: self.width,
                expected_height: self.height,
                width: play.width(),
                height: play.height(),
            })
        }
    }
}

/// Check `play` against `solution` (the app's Check button and
/// [`Puzzle::check`]).
pub(crate) fn check_board(solution: &Board, play: &Board) -> CheckResult {
    let cells = mistakes(solution, play);
    if !cells.is_empty() {
        return CheckResult::Wrong {
            cells,
            rule_breaks: rules::rule_breaks(play).len(),
        };
    }
    match play.count(Square::Empty) {
        0 => CheckResult::Solved,
        empty => CheckResult::Incomplete { empty },
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::puzzle::{Difficulty, generate};

    #[test]
    fn check_names_a_wrong_mark_and_refuses_another_size() {
        let p = generate(8, 8, Difficulty::Hard, 5).unwrap();
        let mut play = p.start_board().unwrap();
        let (r, c) = (0..8)
            .flat_map(|r| (0..8).map(move |c| (r, c)))
            .find(|&(r, c)| p.cell(r, c) == Some(Square::Empty))
            .unwrap();
        play.set(r, c, p.solution_at(r, c).unwrap().opposite());
        match p.check(&play).unwrap() {
            CheckResult::Wrong { cells, .. } => assert_eq!(cells, vec![(r, c)]),
            other => panic!("{other:?}"),
        }
        assert!(matches!(
            p.hint(&play).unwrap(),
            Hint::RuleBreak(_) | Hint::Deduction(_) | Hint::Stuck
        ));
        let small = Board::new(5, 5, Square::Empty).unwrap();
        let err = p.check(&small).unwrap_err().to_string();
        assert!(err.contains("8 × 8"), "{err}");
        assert_eq!(p.cell(8, 0), None);
    }
}
