//! Playing a puzzle: the state behind the app's Puzzle screen, engine-free
//! so that every rule of play is unit-tested without a window.
//!
//! - [`Settings`]: size, difficulty, optional level and seed; generates.
//! - [`Play`]: the player's board over the givens, a cursor, the timer,
//!   the last Check and the last Hint. Every input is an [`Action`].
//! - [`parse_size`]: `WxH` for `--size`, with the allowed range.

use super::board::{Board, Cell, MAX_SIDE, MIN_GEN_SIDE};
use super::generator::{GenError, generate, generate_level};
use super::grade::{self, Hint, LEVEL_NAMES, at};
use super::rules::{self, RuleBreak, direction_with_article};
use super::{Difficulty, Puzzle};
use crate::level::{Generator, Level, LevelMap, Scores};

/// Parse a board size `WxH` (also `W×H`, or one number for a square),
/// each side 4..=20.
pub fn parse_size(text: &str) -> Result<(usize, usize), String> {
    let t = text.trim();
    let parts: Vec<&str> = t.split(['x', 'X', '×']).collect();
    let nums: Vec<Result<usize, _>> = parts.iter().map(|p| p.trim().parse::<usize>()).collect();
    let (w, h) = match nums.as_slice() {
        [Ok(n)] => (*n, *n),
        [Ok(w), Ok(h)] => (*w, *h),
        _ => {
            return Err(format!(
                "size '{text}' is not WIDTHxHEIGHT (e.g. 10x10); each side \
                 {MIN_GEN_SIDE}..={MAX_SIDE}"
            ));
        }
    };
    check_side("width", w)?;
    check_side("height", h)?;
    Ok((w, h))
}

/// Parse a difficulty for `--difficulty`: `easy` or `hard` (the
/// published procedure), or `easy-L` / `hard-L` for a puzzle of exactly
/// deduction level L (1..=3).
pub fn parse_difficulty(text: &str) -> Result<(Difficulty, Option<u8>), String> {
    let allowed = "allowed are easy, hard, or easy-1..3 / hard-1..3 for a deduction level";
    let (d, l) = match text.trim().split_once('-') {
        None => (text.trim(), None),
        Some((d, l)) => (d, Some(l)),
    };
    let difficulty: Difficulty = d
        .parse()
        .map_err(|_| format!("unknown difficulty '{text}'; {allowed}"))?;
    let level = match l {
        None => None,
        Some(l) => match l.parse::<u8>() {
            Ok(n @ 1..=3) => Some(n),
            _ => return Err(format!("unknown difficulty '{text}'; {allowed}")),
        },
    };
    Ok((difficulty, level))
}

fn check_side(what: &str, n: usize) -> Result<(), String> {
    if (MIN_GEN_SIDE..=MAX_SIDE).contains(&n) {
        Ok(())
    } else {
        Err(format!(
            "{what} {n} is outside the allowed range {MIN_GEN_SIDE}..={MAX_SIDE}"
        ))
    }
}

/// What to generate.
#[derive(Clone, Debug, PartialEq)]
pub struct Settings {
    /// Width in cells (4..=20).
    pub width: usize,
    /// Height in cells (4..=20).
    pub height: usize,
    /// Published difficulty (share of blocked and empty cells).
    pub difficulty: Difficulty,
    /// A required deduction level 1..=3, or `None` for whatever the
    /// published procedure gives.
    pub level: Option<u8>,
    /// The seed.
    pub seed: u64,
}

impl Default for Settings {
    fn default() -> Settings {
        Settings {
            width: 10,
            height: 10,
            difficulty: Difficulty::Hard,
            level: None,
            seed: 1,
        }
    }
}

impl Settings {
    /// Check the values; the error says what is allowed.
    pub fn check(&self) -> Result<(), String> {
        check_side("width", self.width)?;
        check_side("height", self.height)?;
        match self.level {
            Some(l) if !(1..=3).contains(&l) => {
                Err(format!("level {l} is outside the allowed range 1..=3"))
            }
            _ => Ok(()),
        }
    }

    /// Generate the puzzle these settings describe (the same puzzle as
    /// `evoboard puzzle generate` with the same values).
    pub fn generate(&self) -> Result<Puzzle, GenError> {
        match self.level {
            None => generate(self.width, self.height, self.difficulty, self.seed),
            Some(l) => generate_level(self.width, self.height, self.difficulty, l, self.seed),
        }
    }

    /// One line for people: "10×10 hard, level 2, seed 7".
    pub fn describe(&self) -> String {
        let level = self.level.map_or(String::new(), |l| format!(", level {l}"));
        format!(
            "{}×{} {}{level}, seed {}",
            self.width,
            self.height,
            self.difficulty.name(),
            self.seed
        )
    }
}

/// The puzzle as a level (`LevelMap::Puzzle`) named `name`, with the
/// generator's settings as parameters. Its score is 0: a generated puzzle
/// breaks no rule and has exactly one solution.
pub fn to_level(puzzle: &Puzzle, name: &str) -> Level {
    let mut params = vec![
        ("width".to_string(), puzzle.width as f64),
        ("height".to_string(), puzzle.height as f64),
        ("blocked_p".to_string(), puzzle.difficulty.blocked_p()),
        ("empty_share".to_string(), puzzle.empty_share),
    ];
    if let Some(l) = puzzle.level {
        params.push(("level".to_string(), f64::from(l)));
    }
    Level::new(
        name,
        LevelMap::Puzzle(puzzle.clone()),
        Generator {
            algorithm: format!("published-{}", puzzle.difficulty.name()),
            seed: puzzle.seed,
            rules: None,
            params,
        },
        Scores::default(),
    )
}

/// One input of the player.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Action {
    /// Cycle a cell forwards: empty → X → O → empty (left click).
    Cycle(usize, usize),
    /// Cycle a cell backwards: empty → O → X → empty (right click).
    CycleBack(usize, usize),
    /// Put a symbol (or `Cell::Empty`) in a cell.
    Set(usize, usize, Cell),
    /// Move the cursor by (rows, columns), staying on the board.
    Move(isize, isize),
    /// Put a symbol (or `Cell::Empty`) under the cursor.
    SetAtCursor(Cell),
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
    /// What Apply puts there (`Cell::Empty` clears a wrong mark).
    pub value: Option<Cell>,
    /// The cells that justify it (highlighted).
    pub support: Vec<(usize, usize)>,
    /// The deduction level (1..=3) when it is a logical step.
    pub level: Option<u8>,
}

/// How a cell looks.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CellView {
    /// Not part of the puzzle.
    Blocked,
    /// A given symbol (fixed).
    Given(Cell),
    /// The player's symbol.
    Mark(Cell),
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
    pub fn new(puzzle: Puzzle) -> Result<Play, String> {
        let start = puzzle
            .cells_board()
            .map_err(|e| format!("puzzle cells: {e}"))?;
        let solution = puzzle
            .solution_board()
            .map_err(|e| format!("puzzle solution: {e}"))?;
        if (start.width(), start.height()) != (solution.width(), solution.height()) {
            return Err(format!(
                "the puzzle is {}×{} but its solution is {}×{}",
                start.width(),
                start.height(),
                solution.width(),
                solution.height()
            ));
        }
        let cursor = (0..start.len())
            .find(|&i| start.at(i) == Cell::Empty)
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

    /// True for blocked cells and givens (the player cannot change them).
    pub fn is_fixed(&self, r: usize, c: usize) -> bool {
        self.start.get(r, c) != Cell::Empty
    }

    /// How the cell at (r, c) looks.
    pub fn view(&self, r: usize, c: usize) -> CellView {
        match (self.start.get(r, c), self.board.get(r, c)) {
            (Cell::Blocked, _) => CellView::Blocked,
            (g @ (Cell::X | Cell::O), _) => CellView::Given(g),
            (_, Cell::Empty) => CellView::Empty,
            (_, m) => CellView::Mark(m),
        }
    }

    /// Empty cells the player still has to fill.
    pub fn empty_left(&self) -> usize {
        self.board.count(Cell::Empty)
    }

    /// Every three-in-a-row on the board now.
    pub fn rule_breaks(&self) -> Vec<RuleBreak> {
        rules::rule_breaks(&self.board)
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
                let next = self.board_get(r, c).map(Cell::cycled);
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

    fn board_get(&self, r: usize, c: usize) -> Option<Cell> {
        (r < self.height() && c < self.width()).then(|| self.board.get(r, c))
    }

    fn cursor_to(&mut self, r: usize, c: usize) {
        if r < self.height() && c < self.width() {
            self.cursor = (r, c);
        }
    }

    /// Put `v` (X, O or empty) at (r, c); refused (false) off the board, on
    /// fixed cells, for blocked, once solved, or when nothing changes.
    pub fn set(&mut self, r: usize, c: usize, v: Cell) -> bool {
        if self.solved || v == Cell::Blocked || self.board_get(r, c).is_none_or(|old| old == v) {
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
        let cells = self.puzzle.mistakes(&self.board);
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

    /// The next hint: a rule break first, then a wrong mark (to clear),
    /// then the next logical deduction from the human-style solver.
    pub fn next_hint(&self) -> ShownHint {
        if let Some(rb) = self.rule_breaks().into_iter().next() {
            let [a, b, c] = rb.cells;
            // The wrong mark among the three, to clear.
            let wrong = rb.cells.into_iter().find(|&(r, c)| {
                !self.is_fixed(r, c) && self.board.get(r, c) != self.solution.get(r, c)
            });
            return ShownHint {
                text: format!(
                    "Three {} in a row on {} ({}, {} and {}): change one of them first{}.",
                    rb.symbol.to_char(),
                    direction_with_article(rb.direction),
                    at(a.0, a.1),
                    at(b.0, b.1),
                    at(c.0, c.1),
                    wrong.map_or(String::new(), |(r, c)| format!(
                        " — {} is the wrong one",
                        at(r, c)
                    ))
                ),
                cell: wrong,
                value: wrong.map(|_| Cell::Empty),
                support: rb.cells.to_vec(),
                level: None,
            };
        }
        if let Some(&(r, c)) = self.puzzle.mistakes(&self.board).first() {
            return ShownHint {
                text: format!(
                    "The {} at {} does not fit the solution: clear it first \
                     (hints reason from your marks).",
                    self.board.get(r, c).to_char(),
                    at(r, c)
                ),
                cell: Some((r, c)),
                value: Some(Cell::Empty),
                support: Vec::new(),
                level: None,
            };
        }
        match grade::hint(&self.board) {
            Hint::Deduction(d) => ShownHint {
                text: format!(
                    "Level {} ({}): {}",
                    d.level, LEVEL_NAMES[d.level as usize], d.reason
                ),
                cell: Some((d.row, d.col)),
                value: Some(d.value),
                support: d.support,
                level: Some(d.level),
            },
            Hint::Solved | Hint::RuleBreak(_) => ShownHint {
                text: "Solved: nothing left to deduce.".into(),
                cell: None,
                value: None,
                support: Vec::new(),
                level: None,
            },
            Hint::Stuck => {
                // No step of levels 1–3: reveal one cell of the solution.
                let i = (0..self.board.len()).find(|&i| self.board.at(i) == Cell::Empty);
                let cell = i.map(|i| (i / self.width(), i % self.width()));
                let value = cell.map(|(r, c)| self.solution.get(r, c));
                ShownHint {
                    text: match (cell, value) {
                        (Some((r, c)), Some(v)) => format!(
                            "No step of levels 1–3 applies here; the solution has {} at {}.",
                            v.to_char(),
                            at(r, c)
                        ),
                        _ => "No step applies.".into(),
                    },
                    cell,
                    value,
                    support: Vec::new(),
                    level: None,
                }
            }
        }
    }

    /// Apply the shown hint's step; false when there is none.
    pub fn apply_hint(&mut self) -> bool {
        let Some(h) = self.hint.clone() else {
            return false;
        };
        match (h.cell, h.value) {
            (Some((r, c)), Some(v)) => {
                self.cursor_to(r, c);
                self.set(r, c, v)
            }
            _ => false,
        }
    }

    /// A slip for demonstrations: an empty cell and the symbol that makes
    /// three in a row there, away from the shown hint's cells.
    pub fn find_slip(&self) -> Option<(usize, usize, Cell)> {
        let hint_cells: Vec<(usize, usize)> = self
            .hint
            .iter()
            .flat_map(|h| h.cell.into_iter().chain(h.support.iter().copied()))
            .collect();
        let mut b = self.board.clone();
        for r in 0..self.height() {
            for c in 0..self.width() {
                if b.get(r, c) != Cell::Empty || hint_cells.contains(&(r, c)) {
                    continue;
                }
                for v in [Cell::X, Cell::O] {
                    b.set(r, c, v);
                    let breaks = rules::rule_breaks(&b);
                    b.set(r, c, Cell::Empty);
                    if !breaks.is_empty()
                        && breaks
                            .iter()
                            .all(|rb| rb.cells.iter().all(|p| !hint_cells.contains(p)))
                    {
                        return Some((r, c, v));
                    }
                }
            }
        }
        None
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
mod tests {
    use super::*;

    fn play(seed: u64) -> Play {
        let s = Settings {
            width: 8,
            height: 7,
            difficulty: Difficulty::Hard,
            level: None,
            seed,
        };
        Play::new(s.generate().unwrap()).unwrap()
    }

    fn empty_cells(p: &Play) -> Vec<(usize, usize)> {
        let mut out = Vec::new();
        for r in 0..p.height() {
            for c in 0..p.width() {
                if p.view(r, c) == CellView::Empty {
                    out.push((r, c));
                }
            }
        }
        out
    }

    #[test]
    fn sizes_parse_with_clear_errors() {
        assert_eq!(parse_size("10x12"), Ok((10, 12)));
        assert_eq!(parse_size("20×4"), Ok((20, 4)));
        assert_eq!(parse_size("7"), Ok((7, 7)));
        let e = parse_size("3x10").unwrap_err();
        assert!(e.contains("width 3") && e.contains("4..=20"), "{e}");
        let e = parse_size("10x21").unwrap_err();
        assert!(e.contains("height 21") && e.contains("4..=20"), "{e}");
        let e = parse_size("ten").unwrap_err();
        assert!(e.contains("WIDTHxHEIGHT"), "{e}");
        assert!(parse_size("10x10x10").is_err());
    }

    #[test]
    fn difficulties_parse() {
        assert_eq!(parse_difficulty("hard"), Ok((Difficulty::Hard, None)));
        assert_eq!(parse_difficulty("easy-3"), Ok((Difficulty::Easy, Some(3))));
        for bad in ["medium", "hard-4", "hard-", "easy-x", ""] {
            let e = parse_difficulty(bad).unwrap_err();
            assert!(e.contains("easy, hard") && e.contains("1..3"), "{e}");
        }
    }

    #[test]
    fn settings_generate_like_the_core() {
        let s = Settings {
            seed: 5,
            ..Settings::default()
        };
        assert_eq!(
            s.generate().unwrap(),
            generate(10, 10, Difficulty::Hard, 5).unwrap()
        );
        let s = Settings {
            width: 6,
            height: 6,
            difficulty: Difficulty::Easy,
            level: Some(2),
            seed: 3,
        };
        let p = s.generate().unwrap();
        assert_eq!(p.level, Some(2));
        assert_eq!(p, generate_level(6, 6, Difficulty::Easy, 2, 3).unwrap());
        assert_eq!(s.describe(), "6×6 easy, level 2, seed 3");
        let bad = Settings {
            width: 21,
            ..Settings::default()
        };
        assert!(bad.check().unwrap_err().contains("4..=20"));
        let bad = Settings {
            level: Some(4),
            ..Settings::default()
        };
        assert!(bad.check().unwrap_err().contains("1..=3"));
    }

    #[test]
    fn cycling_and_fixed_cells() {
        let mut p = play(1);
        let (r, c) = empty_cells(&p)[0];
        assert_eq!(p.cursor(), (r, c), "cursor starts on the first empty cell");
        assert!(p.apply(Action::Cycle(r, c)));
        assert_eq!(p.view(r, c), CellView::Mark(Cell::X));
        p.apply(Action::Cycle(r, c));
        assert_eq!(p.view(r, c), CellView::Mark(Cell::O));
        p.apply(Action::Cycle(r, c));
        assert_eq!(p.view(r, c), CellView::Empty);
        p.apply(Action::CycleBack(r, c));
        assert_eq!(p.view(r, c), CellView::Mark(Cell::O));
        p.apply(Action::CycleBack(r, c));
        assert_eq!(p.view(r, c), CellView::Mark(Cell::X));
        p.apply(Action::CycleBack(r, c));
        assert_eq!(p.view(r, c), CellView::Empty);
        // Givens and blocked cells never change.
        for rr in 0..p.height() {
            for cc in 0..p.width() {
                if p.is_fixed(rr, cc) {
                    let before = p.view(rr, cc);
                    assert!(!p.apply(Action::Cycle(rr, cc)));
                    assert!(!p.apply(Action::Set(rr, cc, Cell::Empty)));
                    assert_eq!(p.view(rr, cc), before);
                    assert!(matches!(before, CellView::Blocked | CellView::Given(_)));
                }
            }
        }
        assert!(!p.apply(Action::Set(99, 0, Cell::X)));
    }

    #[test]
    fn cursor_moves_and_sets() {
        let mut p = play(2);
        p.apply(Action::Set(0, 0, Cell::Empty)); // moves the cursor there
        assert_eq!(p.cursor(), (0, 0));
        assert!(!p.apply(Action::Move(-1, 0)), "stays on the board");
        p.apply(Action::Move(2, 3));
        assert_eq!(p.cursor(), (2, 3));
        p.apply(Action::Move(100, 100));
        assert_eq!(p.cursor(), (p.height() - 1, p.width() - 1));
        let (r, c) = empty_cells(&p)[1];
        p.apply(Action::Set(r, c, Cell::Empty));
        p.apply(Action::SetAtCursor(Cell::O));
        assert_eq!(p.view(r, c), CellView::Mark(Cell::O));
        p.apply(Action::CycleAtCursor);
        assert_eq!(p.view(r, c), CellView::Empty);
    }

    #[test]
    fn playing_the_solution_solves_and_stops_the_timer() {
        let mut p = play(3);
        p.tick(1.5);
        assert_eq!(
            p.evaluate(),
            CheckResult::Incomplete {
                empty: p.empty_left()
            }
        );
        let cells = empty_cells(&p);
        let sol = p.solution().clone();
        for (i, &(r, c)) in cells.iter().enumerate() {
            assert!(!p.is_solved());
            p.apply(Action::Set(r, c, sol.get(r, c)));
            p.tick(1.0);
            assert!(
                p.break_mask().iter().all(|&b| !b),
                "the solution breaks no rule"
            );
            if i + 1 < cells.len() {
                p.apply(Action::Check);
                assert!(matches!(
                    p.check_result(),
                    Some(CheckResult::Incomplete { .. })
                ));
            }
        }
        assert!(p.is_solved());
        assert_eq!(p.check_result(), Some(&CheckResult::Solved));
        let t = p.elapsed();
        p.tick(10.0);
        assert_eq!(p.elapsed(), t, "the timer stops when solved");
        assert!(p.status().starts_with("Solved in 00:"), "{}", p.status());
        // Solved boards are locked.
        let (r, c) = cells[0];
        assert!(!p.apply(Action::Cycle(r, c)));
        // Restart clears the marks and the timer.
        p.apply(Action::Restart);
        assert!(!p.is_solved());
        assert_eq!(p.elapsed(), 0.0);
        assert_eq!(p.view(r, c), CellView::Empty);
    }

    #[test]
    fn wrong_marks_and_rule_breaks() {
        let mut p = play(4);
        let (r, c) = empty_cells(&p)[0];
        let wrong = p.solution().get(r, c).opposite();
        p.apply(Action::Set(r, c, wrong));
        p.apply(Action::Check);
        match p.check_result() {
            Some(CheckResult::Wrong { cells, .. }) => assert_eq!(cells, &vec![(r, c)]),
            other => panic!("{other:?}"),
        }
        assert!(p.check_result().unwrap().message().contains("1 wrong mark"));
        // A change clears the stale check.
        p.apply(Action::Set(r, c, Cell::Empty));
        assert_eq!(p.check_result(), None);
        // Three in a row: find an empty cell whose wrong symbol makes one.
        let mut found = false;
        for (r, c) in empty_cells(&p) {
            let v = p.solution().get(r, c).opposite();
            p.apply(Action::Set(r, c, v));
            if !p.rule_breaks().is_empty() {
                let mask = p.break_mask();
                assert!(mask[r * p.width() + c], "the new mark is highlighted");
                let h = p.next_hint();
                assert!(h.text.starts_with("Three"), "{}", h.text);
                assert_eq!(h.cell, Some((r, c)));
                assert_eq!(h.support.len(), 3);
                p.apply(Action::Hint);
                assert!(p.apply(Action::ApplyHint));
                assert_eq!(p.view(r, c), CellView::Empty);
                found = true;
                break;
            }
            p.apply(Action::Set(r, c, Cell::Empty));
        }
        assert!(found, "some wrong mark makes three in a row");
    }

    #[test]
    fn hints_are_correct_deductions_and_finish_the_puzzle() {
        for seed in 1..=5 {
            let mut p = play(seed);
            let mut steps = 0;
            while !p.is_solved() {
                p.apply(Action::Hint);
                let h = p.shown_hint().unwrap().clone();
                let (r, c) = h.cell.expect("a hint names a cell");
                assert_eq!(p.view(r, c), CellView::Empty);
                assert_eq!(h.value, Some(p.solution().get(r, c)), "{}", h.text);
                if h.level.is_some() {
                    assert!(!h.support.is_empty());
                    assert!(h.text.starts_with("Level"), "{}", h.text);
                }
                assert!(p.apply(Action::ApplyHint));
                steps += 1;
            }
            assert_eq!(p.board(), p.solution());
            assert_eq!(p.hints_used(), steps);
        }
    }

    #[test]
    fn a_wrong_mark_hint_says_clear_it() {
        let mut p = play(6);
        // A wrong mark that does not make three in a row.
        for (r, c) in empty_cells(&p) {
            p.apply(Action::Set(r, c, p.solution().get(r, c).opposite()));
            if p.rule_breaks().is_empty() {
                let h = p.next_hint();
                assert_eq!((h.cell, h.value), (Some((r, c)), Some(Cell::Empty)));
                assert!(h.text.contains("does not fit"), "{}", h.text);
                return;
            }
            p.apply(Action::Set(r, c, Cell::Empty));
        }
        panic!("no quiet wrong mark found");
    }

    #[test]
    fn levels_round_trip() {
        let p = play(8);
        let level = to_level(p.puzzle(), "xo-8");
        let back = Level::from_ron(&level.to_ron()).unwrap();
        assert_eq!(back.name, "xo-8");
        assert_eq!(back.generator.seed, 8);
        match back.map {
            LevelMap::Puzzle(q) => assert_eq!(&q, p.puzzle()),
            other => panic!("{other:?}"),
        }
    }

    #[test]
    fn hints_stay_until_their_cells_change_and_slips_break_a_rule() {
        let mut p = play(9);
        p.apply(Action::Hint);
        let h = p.shown_hint().unwrap().clone();
        let (r, c, v) = p.find_slip().expect("a slip exists on a fresh board");
        assert_ne!(h.cell, Some((r, c)));
        p.apply(Action::Set(r, c, v));
        assert!(!p.rule_breaks().is_empty());
        assert_eq!(
            p.shown_hint(),
            Some(&h),
            "a change elsewhere keeps the hint"
        );
        let (hr, hc) = h.cell.unwrap();
        p.apply(Action::Set(hr, hc, h.value.unwrap().opposite()));
        assert_eq!(p.shown_hint(), None, "changing the hint's cell clears it");
    }

    #[test]
    fn timer_text() {
        let mut p = play(7);
        p.tick(125.9);
        assert_eq!(p.timer_text(), "02:05");
        p.tick(-5.0);
        assert_eq!(p.timer_text(), "02:05");
    }
}
