//! Playing a puzzle: the state behind the app's Puzzle screen, engine-free
//! so that every rule of play is unit-tested without a window.
//!
//! - [`Settings`]: size, difficulty, optional level and seed; generates.
//! - [`Play`]: the player's board over the givens, a cursor, the timer,
//!   the last Check and the last Hint. Every input is an [`Action`].
//! - [`parse_size`]: `WxH` for `--size`, with the allowed range.

use super::Puzzle;
use super::board::{Board, Square};
use super::error::PuzzleError;
use super::rules::{self, RuleBreak};

mod hints;
mod settings;
pub use settings::{Settings, parse_difficulty, parse_size};

/// One input of the player.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Action {
    /// Cycle a cell forwards: empty → X → O → empty (left click).
    Cycle(usize, usize),
    /// Cycle a cell backwards: empty → O → X → empty (right click).
    CycleBack(usize, usize),
    /// Put a symbol (or `Square::Empty`) in a cell.
    Set(usize, usize, Square),
    /// Move the cursor by (rows, columns), staying on the board.
    Move(isize, isize),
    /// Put a symbol (or `Square::Empty`) under the cursor.
    SetAtCursor(Square),
    /// Cycle the cell under the cursor forwards.
    CycleAtCursor,
    /// Check the board against the rules and the solution.
    Check,
    /// Show the next logical step.
    Hint,
    /// Apply the step the last hint showed.
    ApplyHint,
    /// Clear every mark and restart the timer.
    Restart,
}

/// The outcome of Check.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum CheckResult {
    /// Every cell filled, no rule broken: this is the solution.
    Solved,
    /// These marks (row, column) differ from the unique solution; some
    /// may also break a rule.
    Wrong {
        /// The wrong marks.
        cells: Vec<(usize, usize)>,
        /// How many triples break the rule.
        rule_breaks: usize,
    },
    /// No mark is wrong, but cells are still empty.
    Incomplete {
        /// Empty cells left.
        empty: usize,
    },
}

impl CheckResult {
    /// The message for the player.
    pub fn message(&self) -> String {
        match self {
            CheckResult::Solved => "Solved: every cell is right.".into(),
            CheckResult::Wrong { cells, rule_breaks } => {
                let n = cells.len();
                let mut s = format!(
                    "{n} wrong mark{} (outlined in red)",
                    if n == 1 { "" } else { "s" }
                );
                if *rule_breaks > 0 {
                    s.push_str(&format!(
                        "; {rule_breaks} three-in-a-row{}",
                        if *rule_breaks == 1 { "" } else { "s" }
                    ));
                }
                s.push('.');
                s
            }
            CheckResult::Incomplete { empty } => format!(
                "So far so good: no wrong mark, {empty} empty cell{} left.",
                if *empty == 1 { "" } else { "s" }
            ),
        }
    }
}

/// What the last Hint showed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ShownHint {
    /// The explanation.
    pub text: String,
    /// The cell the hint is about, if any.
    pub cell: Option<(usize, usize)>,
    /// What Apply puts there (`Square::Empty` clears a wrong mark).
    pub value: Option<Square>,
    /// The cells that justify it (highlighted).
    pub support: Vec<(usize, usize)>,
    /// The deduction level (1..=4, see [`Deduction::level`](crate::puzzle::Deduction))
    /// when it is a logical step.
    pub level: Option<u8>,
    /// The technique (name and grade) when it is a logical step.
    pub technique: Option<crate::puzzle::Technique>,
}

/// How a cell looks.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CellView {
    /// Not part of the puzzle.
    Blocked,
    /// A given symbol (fixed).
    Given(Square),
    /// The player's symbol.
    Mark(Square),
    /// Still empty.
    Empty,
}

/// A puzzle being played.
#[derive(Clone, Debug)]
pub struct Play {
    puzzle: Puzzle,
    start: Board,
    solution: Board,
    board: Board,
    cursor: (usize, usize),
    elapsed: f64,
    solved: bool,
    check: Option<CheckResult>,
    hint: Option<ShownHint>,
    hints_used: u32,
}

impl Play {
    /// Start playing `puzzle` (its boards must parse and match in size).
    pub fn new(puzzle: Puzzle) -> Result<Play, PuzzleError> {
        let start = puzzle.cells_board().map_err(PuzzleError::Cells)?;
        let solution = puzzle.solution_board().map_err(PuzzleError::Solution)?;
        if (start.width(), start.height()) != (solution.width(), solution.height()) {
            return Err(PuzzleError::SolutionSize {
                width: start.width(),
                height: start.height(),
                solution_width: solution.width(),
                solution_height: solution.height(),
            });
        }
        let cursor = (0..start.len())
            .find(|&i| start.at(i) == Square::Empty)
            .map_or((0, 0), |i| (i / start.width(), i % start.width()));
        let mut play = Play {
            puzzle,
            board: start.clone(),
            start,
            solution,
            cursor,
            elapsed: 0.0,
            solved: false,
            check: None,
            hint: None,
            hints_used: 0,
        };
        play.solved = rules::is_solved(&play.board);
        Ok(play)
    }

    /// The puzzle being played.
    pub fn puzzle(&self) -> &Puzzle {
        &self.puzzle
    }

    /// The player's board (givens and marks).
    pub fn board(&self) -> &Board {
        &self.board
    }

    /// The unique solution.
    pub fn solution(&self) -> &Board {
        &self.solution
    }

    /// Width in cells.
    pub fn width(&self) -> usize {
        self.board.width()
    }

    /// Height in cells.
    pub fn height(&self) -> usize {
        self.board.height()
    }

    /// The cursor (row, column).
    pub fn cursor(&self) -> (usize, usize) {
        self.cursor
    }

    /// True once the board is full and breaks no rule (the timer stops and
    /// the board locks).
    pub fn is_solved(&self) -> bool {
        self.solved
    }

    /// The last Check's outcome (cleared by the next change).
    pub fn check_result(&self) -> Option<&CheckResult> {
        self.check.as_ref()
    }

    /// The last hint (cleared when a cell it names changes).
    pub fn shown_hint(&self) -> Option<&ShownHint> {
        self.hint.as_ref()
    }

    /// Hints asked for so far.
    pub fn hints_used(&self) -> u32 {
        self.hints_used
    }

    /// Seconds played (stops when solved).
    pub fn elapsed(&self) -> f64 {
        self.elapsed
    }

    /// The timer as `mm:ss`.
    pub fn timer_text(&self) -> String {
        let s = self.elapsed.max(0.0) as u64;
        format!("{:02}:{:02}", s / 60, s % 60)
    }

    /// Advance the timer by `seconds` unless solved.
    pub fn tick(&mut self, seconds: f64) {
        if !self.solved && seconds > 0.0 {
            self.elapsed += seconds;
        }
    }

    /// True for blocked cells and givens (the player cannot change them),
    /// and off the board.
    pub fn is_fixed(&self, r: usize, c: usize) -> bool {
        self.start.try_get(r, c) != Some(Square::Empty)
    }

    /// How the cell at (r, c) looks (blocked off the board).
    pub fn view(&self, r: usize, c: usize) -> CellView {
        let (Some(start), Some(now)) = (self.start.try_get(r, c), self.board.try_get(r, c)) else {
            return CellView::Blocked;
        };
        match (start, now) {
            (Square::Blocked, _) => CellView::Blocked,
            (g @ (Square::X | Square::O), _) => CellView::Given(g),
            (_, Square::Empty) => CellView::Empty,
            (_, m) => CellView::Mark(m),
        }
    }

    /// Empty cells the player still has to fill.
    pub fn empty_left(&self) -> usize {
        self.board.count(Square::Empty)
    }

    /// Every three-in-a-row on the board now.
    pub fn rule_breaks(&self) -> Vec<RuleBreak> {
        rules::rule_breaks(&self.board)
    }

    /// Takuzu lines that break a line rule now: a row or column over its
    /// half of one symbol, or a full line equal to another (with unique
    /// lines). Always 0 under the no-three rules.
    pub fn line_breaks(&self) -> usize {
        rules::line_breaks(&self.board).len()
    }

    /// Per cell (row-major): part of a three-in-a-row now.
    pub fn break_mask(&self) -> Vec<bool> {
        rules::break_mask(&self.board)
    }

    /// Apply one input; true when the board, cursor or messages changed.
    pub fn apply(&mut self, action: Action) -> bool {
        match action {
            Action::Cycle(r, c) => {
                self.cursor_to(r, c);
                let next = self.board_get(r, c).map(Square::cycled);
                next.is_some_and(|v| self.set(r, c, v))
            }
            Action::CycleBack(r, c) => {
                self.cursor_to(r, c);
                let next = self.board_get(r, c).map(|v| v.cycled().cycled());
                next.is_some_and(|v| self.set(r, c, v))
            }
            Action::Set(r, c, v) => {
                self.cursor_to(r, c);
                self.set(r, c, v)
            }
            Action::Move(dr, dc) => {
                let r = (self.cursor.0 as isize + dr).clamp(0, self.height() as isize - 1);
                let c = (self.cursor.1 as isize + dc).clamp(0, self.width() as isize - 1);
                let old = self.cursor;
                self.cursor = (r as usize, c as usize);
                old != self.cursor
            }
            Action::SetAtCursor(v) => self.set(self.cursor.0, self.cursor.1, v),
            Action::CycleAtCursor => {
                let (r, c) = self.cursor;
                self.apply(Action::Cycle(r, c))
            }
            Action::Check => {
                self.check = Some(self.evaluate());
                true
            }
            Action::Hint => {
                self.hint = Some(self.next_hint());
                self.hints_used += 1;
                true
            }
            Action::ApplyHint => self.apply_hint(),
            Action::Restart => {
                self.board = self.start.clone();
                self.solved = rules::is_solved(&self.board);
                self.elapsed = 0.0;
                self.check = None;
                self.hint = None;
                self.hints_used = 0;
                true
            }
        }
    }

    fn board_get(&self, r: usize, c: usize) -> Option<Square> {
        (r < self.height() && c < self.width()).then(|| self.board.get(r, c))
    }

    fn cursor_to(&mut self, r: usize, c: usize) {
        if r < self.height() && c < self.width() {
            self.cursor = (r, c);
        }
    }

    /// Put `v` (X, O or empty) at (r, c); refused (false) off the board, on
    /// fixed cells, for blocked, once solved, or when nothing changes.
    pub fn set(&mut self, r: usize, c: usize, v: Square) -> bool {
        if self.solved || v == Square::Blocked || self.board_get(r, c).is_none_or(|old| old == v) {
            return false;
        }
        if self.is_fixed(r, c) {
            return false;
        }
        self.board.set(r, c, v);
        self.check = None;
        // A hint stays until a cell it rests on changes (adding marks
        // elsewhere never makes a deduction wrong).
        if self
            .hint
            .as_ref()
            .is_some_and(|h| h.cell == Some((r, c)) || h.support.contains(&(r, c)))
        {
            self.hint = None;
        }
        if rules::is_solved(&self.board) {
            self.solved = true;
            self.check = Some(CheckResult::Solved);
        }
        true
    }

    /// Check: solved, the wrong marks, or how many cells are left.
    pub fn evaluate(&self) -> CheckResult {
        let cells = super::mistakes(&self.solution, &self.board);
        if !cells.is_empty() {
            return CheckResult::Wrong {
                cells,
                rule_breaks: self.rule_breaks().len(),
            };
        }
        match self.empty_left() {
            0 => CheckResult::Solved,
            empty => CheckResult::Incomplete { empty },
        }
    }

    /// The status line: "Solved in 01:23 with 2 hints" or the empty count.
    pub fn status(&self) -> String {
        if self.solved {
            format!(
                "Solved in {} with {} hint{}.",
                self.timer_text(),
                self.hints_used,
                if self.hints_used == 1 { "" } else { "s" }
            )
        } else {
            format!("{} empty cells left.", self.empty_left())
        }
    }
}

#[cfg(test)]
mod tests;
