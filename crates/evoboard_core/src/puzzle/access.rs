//! Typed read access for game logic: the square at a cell of the puzzle
//! and of its solution, and the Check and Hint a game calls with the
//! player's board.
//!
//! Cells are (`row`, `col`), both 0-based, row 0 at the top (the order of
//! the saved strings and of [`Board::get`]).

use super::Puzzle;
use super::board::{Board, PuzzleGridError, Square};
use super::grade::{self, Hint};
use super::play::CheckResult;
use super::rules::rule_breaks;

/// The square at (`row`, `col`) of saved rows, one character per cell.
fn square_at(rows: &[String], row: usize, col: usize) -> Option<Square> {
    Square::from_char(rows.get(row)?.chars().nth(col)?)
}

impl Puzzle {
    /// The square of the puzzle (what the player starts from) at (`row`,
    /// `col`): blocked, empty or a given X / O; `None` off the board. For
    /// many reads parse the whole board once with [`Self::cells_board`].
    ///
    /// ```
    /// use evoboard_core::puzzle::{generate, Difficulty, Square};
    /// let puzzle = generate(6, 6, Difficulty::Easy, 1).unwrap();
    /// let start = puzzle.cells_board().unwrap();
    /// assert_eq!(puzzle.cell(2, 3), Some(start.get(2, 3)));
    /// assert_eq!(puzzle.cell(6, 0), None);
    /// ```
    pub fn cell(&self, row: usize, col: usize) -> Option<Square> {
        square_at(&self.cells, row, col)
    }

    /// The square of the solution at (`row`, `col`): blocked, X or O;
    /// `None` off the board. For many reads parse the whole board once
    /// with [`Self::solution_board`].
    ///
    /// ```
    /// use evoboard_core::puzzle::{generate, Difficulty, Square};
    /// let puzzle = generate(6, 6, Difficulty::Easy, 1).unwrap();
    /// for r in 0..6 {
    ///     for c in 0..6 {
    ///         let given = puzzle.cell(r, c).unwrap();
    ///         let solved = puzzle.solution_at(r, c).unwrap();
    ///         assert!(given == Square::Empty || given == solved);
    ///     }
    /// }
    /// ```
    pub fn solution_at(&self, row: usize, col: usize) -> Option<Square> {
        square_at(&self.solution, row, col)
    }

    /// Check the player's board against the solution, as the Check
    /// button of the app does ([`Play`](super::Play)): [`CheckResult::Solved`]
    /// when it is the solution, [`CheckResult::Wrong`] with the cells that
    /// differ from it (marks, and any changed given or blocked cell) and
    /// the number of three-in-a-rows, else [`CheckResult::Incomplete`]
    /// with the empty cells left. An error when the saved solution does
    /// not parse or `play` has another size.
    ///
    /// ```
    /// use evoboard_core::puzzle::{generate, CheckResult, Difficulty, Square};
    /// let puzzle = generate(6, 6, Difficulty::Easy, 1).unwrap();
    /// let mut board = puzzle.cells_board().unwrap();
    /// let empty = board.count(Square::Empty);
    /// assert_eq!(puzzle.check(&board), Ok(CheckResult::Incomplete { empty }));
    ///
    /// let (r, c) = (0..6 * 6)
    ///     .map(|i| (i / 6, i % 6))
    ///     .find(|&(r, c)| board.get(r, c) == Square::Empty)
    ///     .unwrap();
    /// let wrong = puzzle.solution_at(r, c).unwrap().opposite();
    /// board.set(r, c, wrong);
    /// match puzzle.check(&board).unwrap() {
    ///     CheckResult::Wrong { cells, .. } => assert_eq!(cells, [(r, c)]),
    ///     other => panic!("expected a wrong mark, got {other:?}"),
    /// }
    /// assert_eq!(puzzle.check(&puzzle.solution_board().unwrap()), Ok(CheckResult::Solved));
    /// ```
    pub fn check(&self, play: &Board) -> Result<CheckResult, PuzzleGridError> {
        let solution = self.solution_board()?;
        if (play.width(), play.height()) != (solution.width(), solution.height()) {
            return Err(PuzzleGridError::SizeMismatch {
                width: play.width(),
                height: play.height(),
                expected_width: solution.width(),
                expected_height: solution.height(),
            });
        }
        let mut cells = Vec::new();
        let mut empty = 0;
        for r in 0..play.height() {
            for c in 0..play.width() {
                let (mine, right) = (play.get(r, c), solution.get(r, c));
                if mine == Square::Empty && right.is_symbol() {
                    empty += 1;
                } else if mine != right {
                    cells.push((r, c));
                }
            }
        }
        Ok(if !cells.is_empty() {
            CheckResult::Wrong {
                cells,
                rule_breaks: rule_breaks(play).len(),
            }
        } else if empty > 0 {
            CheckResult::Incomplete { empty }
        } else {
            CheckResult::Solved
        })
    }

    /// A hint for the player's board ([`grade::hint`](super::hint)): a
    /// three-in-a-row to fix first, else the next logical step with its
    /// reason, [`Hint::Solved`] on a full board breaking no rule, or
    /// [`Hint::Stuck`]. It reasons from the marks on `play`, so
    /// [`Self::check`] first when wrong marks are possible.
    ///
    /// ```
    /// use evoboard_core::puzzle::{generate, Difficulty, Hint};
    /// let puzzle = generate(6, 6, Difficulty::Easy, 1).unwrap();
    /// let board = puzzle.cells_board().unwrap();
    /// if let Hint::Deduction(step) = puzzle.hint(&board) {
    ///     assert_eq!(puzzle.solution_at(step.row, step.col), Some(step.value));
    /// }
    /// assert_eq!(puzzle.hint(&puzzle.solution_board().unwrap()), Hint::Solved);
    /// ```
    pub fn hint(&self, play: &Board) -> Hint {
        grade::hint(play)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::puzzle::{Action, Difficulty, Play, generate, generate_level};

    #[test]
    fn cells_agree_with_the_parsed_boards() {
        for seed in 0..4 {
            let p = generate(7, 5, Difficulty::Hard, seed).unwrap();
            let (start, sol) = (p.cells_board().unwrap(), p.solution_board().unwrap());
            for r in 0..6 {
                for c in 0..8 {
                    assert_eq!(p.cell(r, c), start.try_get(r, c), "({r}, {c})");
                    assert_eq!(p.solution_at(r, c), sol.try_get(r, c), "({r}, {c})");
                }
            }
        }
    }

    #[test]
    fn check_lists_wrong_cells_and_agrees_with_play() {
        let p = generate(6, 6, Difficulty::Easy, 3).unwrap();
        let sol = p.solution_board().unwrap();
        let mut play = Play::new(p.clone()).unwrap();
        assert_eq!(p.check(play.board()), Ok(play.evaluate()));
        // Fill the solution in, one cell at a time, with a wrong mark first.
        let empties: Vec<(usize, usize)> = (0..sol.len())
            .map(|i| (i / 6, i % 6))
            .filter(|&(r, c)| play.board().get(r, c) == Square::Empty)
            .collect();
        let (r0, c0) = empties[0];
        play.apply(Action::Set(r0, c0, sol.get(r0, c0).opposite()));
        let got = p.check(play.board()).unwrap();
        assert!(matches!(&got, CheckResult::Wrong { cells, .. } if cells == &[(r0, c0)]));
        assert_eq!(got, play.evaluate());
        for &(r, c) in &empties {
            play.apply(Action::Set(r, c, sol.get(r, c)));
            assert_eq!(p.check(play.board()), Ok(play.evaluate()), "({r}, {c})");
        }
        assert_eq!(p.check(play.board()), Ok(CheckResult::Solved));
    }

    #[test]
    fn changed_givens_and_blocks_are_mistakes() {
        let p = generate(6, 6, Difficulty::Hard, 5).unwrap();
        let sol = p.solution_board().unwrap();
        let symbol = (0..sol.len()).find(|&i| sol.at(i).is_symbol()).unwrap();
        let mut b = sol.clone();
        b.set_at(symbol, Square::Blocked);
        let cell = (symbol / 6, symbol % 6);
        assert!(matches!(p.check(&b), Ok(CheckResult::Wrong { cells, .. }) if cells == [cell]));
        if let Some(blocked) = (0..sol.len()).find(|&i| sol.at(i) == Square::Blocked) {
            let mut b = sol.clone();
            b.set_at(blocked, Square::Empty);
            let cell = (blocked / 6, blocked % 6);
            assert!(matches!(p.check(&b), Ok(CheckResult::Wrong { cells, .. }) if cells == [cell]));
        }
    }

    #[test]
    fn check_refuses_other_sizes_and_broken_solutions() {
        let mut p = generate(6, 6, Difficulty::Easy, 3).unwrap();
        let other = Board::new(5, 6, Square::Empty).unwrap();
        let e = p.check(&other).unwrap_err();
        assert_eq!(
            e,
            PuzzleGridError::SizeMismatch {
                width: 5,
                height: 6,
                expected_width: 6,
                expected_height: 6
            }
        );
        assert!(e.to_string().contains("5 × 6"), "{e}");
        p.solution[0].push('?');
        assert!(matches!(
            p.check(&other),
            Err(PuzzleGridError::BadChar { found: '?', .. })
        ));
    }

    #[test]
    fn hints_lead_to_the_solution() {
        let p = generate_level(6, 6, Difficulty::Easy, 3, 8).unwrap();
        assert_eq!(p.level, Some(3));
        let mut b = p.cells_board().unwrap();
        for _ in 0..b.len() {
            match p.hint(&b) {
                Hint::Deduction(d) => {
                    assert_eq!(p.solution_at(d.row, d.col), Some(d.value));
                    b.set(d.row, d.col, d.value);
                }
                Hint::Solved => break,
                other => panic!("{other:?} on a level {:?} puzzle", p.level),
            }
        }
        assert_eq!(p.check(&b), Ok(CheckResult::Solved));
    }
}
