//! The board: cells, board strings (`#` blocked, `.` empty, `X`, `O`, one
//! row a line) and the size limits.

use super::ruleset::RuleSet;
use std::fmt;

/// Largest width or height any board may have (the bitboards hold a row in
/// a `u32`; 20 keeps generation within the speed targets).
pub const MAX_SIDE: usize = 20;
/// Smallest width or height the generator accepts.
pub const MIN_GEN_SIDE: usize = 4;

/// One square of a board: blocked, empty, or holding an X or an O.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Square {
    /// Not part of the puzzle; breaks every line through it (`#`).
    Blocked,
    /// To be filled by the player (`.`).
    Empty,
    /// Holds an X (`X`).
    X,
    /// Holds an O (`O`).
    O,
}

impl Square {
    /// The character used in board strings.
    pub fn to_char(self) -> char {
        match self {
            Square::Blocked => '#',
            Square::Empty => '.',
            Square::X => 'X',
            Square::O => 'O',
        }
    }

    /// Parse one board character; `None` for anything else.
    pub fn from_char(c: char) -> Option<Square> {
        match c {
            '#' => Some(Square::Blocked),
            '.' => Some(Square::Empty),
            'X' => Some(Square::X),
            'O' => Some(Square::O),
            _ => None,
        }
    }

    /// X for O and O for X; blocked and empty stay as they are.
    pub fn opposite(self) -> Square {
        match self {
            Square::X => Square::O,
            Square::O => Square::X,
            c => c,
        }
    }

    /// True for X and O.
    pub fn is_symbol(self) -> bool {
        matches!(self, Square::X | Square::O)
    }

    /// The next state when a player clicks the cell: X → O → empty → X.
    /// Blocked cells stay blocked.
    pub fn cycled(self) -> Square {
        match self {
            Square::Empty => Square::X,
            Square::X => Square::O,
            Square::O => Square::Empty,
            Square::Blocked => Square::Blocked,
        }
    }
}

/// A rectangular board, row-major, under a [`RuleSet`] (default
/// [`RuleSet::NoThree`]; board strings do not hold it).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Board {
    width: usize,
    height: usize,
    cells: Vec<Square>,
    rules: RuleSet,
}

/// Why a board string or size was refused.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "bevy_reflect", derive(bevy_reflect::Reflect))]
pub enum PuzzleGridError {
    /// The text holds no rows.
    NoRows,
    /// A character that is not `#`, `.`, `X` or `O`.
    BadChar {
        /// 1-based line number.
        line: usize,
        /// 1-based column (character position).
        column: usize,
        /// The offending character.
        found: char,
    },
    /// A row whose length differs from the first row.
    Ragged {
        /// 1-based line number.
        line: usize,
        /// Its length.
        found: usize,
        /// The first row's length.
        expected: usize,
    },
    /// A cell (row, column; 0-based) that is not on the board.
    OffBoard {
        /// The row asked for.
        row: usize,
        /// The column asked for.
        column: usize,
        /// The board's width.
        width: usize,
        /// The board's height.
        height: usize,
    },
    /// A size outside the allowed range.
    Size {
        /// Requested width.
        width: usize,
        /// Requested height.
        height: usize,
        /// Smallest allowed side.
        min: usize,
        /// Largest allowed side.
        max: usize,
    },
    /// A board whose size differs from the puzzle's (e.g. a player's board
    /// given to [`Puzzle::check`](super::Puzzle::check)).
    SizeMismatch {
        /// The board's width.
        width: usize,
        /// The board's height.
        height: usize,
        /// The puzzle's width.
        expected_width: usize,
        /// The puzzle's height.
        expected_height: usize,
    },
}

impl fmt::Display for PuzzleGridError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PuzzleGridError::NoRows => write!(f, "the board has no rows"),
            PuzzleGridError::BadChar {
                line,
                column,
                found,
            } => write!(
                f,
                "line {line}, column {column}: unexpected character {found:?}; \
                 allowed are '#' (blocked), '.' (empty), 'X' and 'O'"
            ),
            PuzzleGridError::Ragged {
                line,
                found,
                expected,
            } => write!(
                f,
                "line {line} has {found} cells but the first row has {expected}; \
                 every row must have the same length"
            ),
            PuzzleGridError::OffBoard {
                row,
                column,
                width,
                height,
            } => write!(
                f,
                "row {row}, column {column} (0-based) is off the {width} × {height} board"
            ),
            PuzzleGridError::Size {
                width,
                height,
                min,
                max,
            } => write!(
                f,
                "board size {width} × {height} is not allowed; width and height \
                 must each be between {min} and {max}"
            ),
            PuzzleGridError::SizeMismatch {
                width,
                height,
                expected_width,
                expected_height,
            } => write!(
                f,
                "the board is {width} × {height} but the puzzle is \
                 {expected_width} × {expected_height}"
            ),
        }
    }
}

impl std::error::Error for PuzzleGridError {}

/// Check a size against `min..=MAX_SIDE` on both sides.
pub fn check_size(width: usize, height: usize, min: usize) -> Result<(), PuzzleGridError> {
    let ok = |s: usize| (min..=MAX_SIDE).contains(&s);
    if ok(width) && ok(height) {
        Ok(())
    } else {
        Err(PuzzleGridError::Size {
            width,
            height,
            min,
            max: MAX_SIDE,
        })
    }
}

/// Check a size for generation (4 × 4 up to 20 × 20).
pub fn check_generation_size(width: usize, height: usize) -> Result<(), PuzzleGridError> {
    check_size(width, height, MIN_GEN_SIDE)
}

impl Board {
    /// A board of `width` × `height` cells, all `fill` (1..=20 each side).
    pub fn new(width: usize, height: usize, fill: Square) -> Result<Board, PuzzleGridError> {
        check_size(width, height, 1)?;
        Ok(Board {
            width,
            height,
            cells: vec![fill; width * height],
            rules: RuleSet::NoThree,
        })
    }

    /// Build a board from rows of cells (all rows the same length).
    pub fn from_rows(rows: &[Vec<Square>]) -> Result<Board, PuzzleGridError> {
        let height = rows.len();
        if height == 0 {
            return Err(PuzzleGridError::NoRows);
        }
        let width = rows[0].len();
        for (i, r) in rows.iter().enumerate() {
            if r.len() != width {
                return Err(PuzzleGridError::Ragged {
                    line: i + 1,
                    found: r.len(),
                    expected: width,
                });
            }
        }
        check_size(width, height, 1)?;
        Ok(Board {
            width,
            height,
            cells: rows.concat(),
            rules: RuleSet::NoThree,
        })
    }

    /// Parse a board string: one row a line, `#` `.` `X` `O`. Trailing
    /// spaces and `\r` are ignored, as are blank lines before and after the
    /// board. Errors name the line and the bad character.
    pub fn parse(text: &str) -> Result<Board, PuzzleGridError> {
        let lines: Vec<(usize, &str)> = text
            .lines()
            .enumerate()
            .map(|(i, l)| (i + 1, l.trim_end()))
            .collect();
        let first = lines.iter().position(|(_, l)| !l.is_empty());
        let last = lines.iter().rposition(|(_, l)| !l.is_empty());
        let (Some(first), Some(last)) = (first, last) else {
            return Err(PuzzleGridError::NoRows);
        };
        let mut rows = Vec::new();
        let mut width = None;
        for &(line, l) in &lines[first..=last] {
            let mut row = Vec::new();
            for (j, ch) in l.chars().enumerate() {
                let cell = Square::from_char(ch).ok_or(PuzzleGridError::BadChar {
                    line,
                    column: j + 1,
                    found: ch,
                })?;
                row.push(cell);
            }
            match width {
                None => width = Some(row.len()),
                Some(w) if w != row.len() => {
                    return Err(PuzzleGridError::Ragged {
                        line,
                        found: row.len(),
                        expected: w,
                    });
                }
                _ => {}
            }
            rows.push(row);
        }
        Board::from_rows(&rows)
    }

    /// Parse a board given as one string per row (the JSON/RON form).
    pub fn from_strings<S: AsRef<str>>(rows: &[S]) -> Result<Board, PuzzleGridError> {
        let text: Vec<&str> = rows.iter().map(|r| r.as_ref()).collect();
        if text.is_empty() {
            return Err(PuzzleGridError::NoRows);
        }
        Board::parse(&text.join("\n"))
    }

    /// The rule set the board is played under.
    pub fn rules(&self) -> RuleSet {
        self.rules
    }

    /// The same board under another rule set.
    pub fn with_rules(mut self, rules: RuleSet) -> Board {
        self.rules = rules;
        self
    }

    /// Change the rule set.
    pub fn set_rules(&mut self, rules: RuleSet) {
        self.rules = rules;
    }

    /// Width in cells.
    pub fn width(&self) -> usize {
        self.width
    }

    /// Height in cells.
    pub fn height(&self) -> usize {
        self.height
    }

    /// Number of cells (width × height).
    pub fn len(&self) -> usize {
        self.cells.len()
    }

    /// Always false: a board has at least one cell.
    pub fn is_empty(&self) -> bool {
        self.cells.is_empty()
    }

    /// The cell at row `r`, column `c` (0-based).
    ///
    /// # Panics
    /// Off the board; [`Board::try_get`] returns `None` instead.
    pub fn get(&self, r: usize, c: usize) -> Square {
        self.cells[r * self.width + c]
    }

    /// The cell at row `r`, column `c` (0-based), `None` off the board.
    pub fn try_get(&self, r: usize, c: usize) -> Option<Square> {
        (r < self.height && c < self.width).then(|| self.cells[r * self.width + c])
    }

    /// Set the cell at row `r`, column `c` (0-based).
    ///
    /// # Panics
    /// Off the board; [`Board::try_set`] returns an error instead.
    pub fn set(&mut self, r: usize, c: usize, cell: Square) {
        self.cells[r * self.width + c] = cell;
    }

    /// Set the cell at row `r`, column `c` (0-based); an error off the
    /// board.
    pub fn try_set(&mut self, r: usize, c: usize, cell: Square) -> Result<(), PuzzleGridError> {
        if r < self.height && c < self.width {
            self.cells[r * self.width + c] = cell;
            Ok(())
        } else {
            Err(PuzzleGridError::OffBoard {
                row: r,
                column: c,
                width: self.width,
                height: self.height,
            })
        }
    }

    /// The cell at a row-major index.
    ///
    /// # Panics
    /// When `i >= self.len()`; `self.cells().get(i)` does not.
    pub fn at(&self, i: usize) -> Square {
        self.cells[i]
    }

    /// Set the cell at a row-major index.
    ///
    /// # Panics
    /// When `i >= self.len()`; [`Board::try_set`] does not.
    pub fn set_at(&mut self, i: usize, cell: Square) {
        self.cells[i] = cell;
    }

    /// The cells, row-major.
    pub fn cells(&self) -> &[Square] {
        &self.cells
    }

    /// Number of cells equal to `cell`.
    pub fn count(&self, cell: Square) -> usize {
        self.cells.iter().filter(|&&c| c == cell).count()
    }

    /// True when no cell is empty.
    pub fn is_full(&self) -> bool {
        !self.cells.contains(&Square::Empty)
    }

    /// One string per row (the JSON/RON form).
    pub fn to_strings(&self) -> Vec<String> {
        self.cells
            .chunks(self.width)
            .map(|row| row.iter().map(|c| c.to_char()).collect())
            .collect()
    }
}

impl fmt::Display for Board {
    /// The board string: one row a line, no trailing newline.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.to_strings().join("\n"))
    }
}

impl std::str::FromStr for Board {
    type Err = PuzzleGridError;
    fn from_str(s: &str) -> Result<Board, PuzzleGridError> {
        Board::parse(s)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn round_trip() {
        let text = "#.XO\nXX.O\n....";
        let b = Board::parse(text).unwrap();
        assert_eq!((b.width(), b.height()), (4, 3));
        assert_eq!(b.get(0, 0), Square::Blocked);
        assert_eq!(b.get(1, 1), Square::X);
        assert_eq!(b.to_string(), text);
        assert_eq!(Board::from_strings(&b.to_strings()).unwrap(), b);
        // Blank lines around and CRLF are fine.
        assert_eq!(Board::parse("\n#.XO\r\nXX.O\n....\n\n").unwrap(), b);
    }

    #[test]
    fn parse_errors_name_line_and_char() {
        let e = Board::parse("..X\n.a.\n...").unwrap_err();
        assert_eq!(
            e,
            PuzzleGridError::BadChar {
                line: 2,
                column: 2,
                found: 'a'
            }
        );
        assert!(e.to_string().contains("line 2"), "{e}");
        assert!(e.to_string().contains("'a'"), "{e}");
        let e = Board::parse("...\n..\n...").unwrap_err();
        assert!(matches!(e, PuzzleGridError::Ragged { line: 2, .. }), "{e}");
        assert!(e.to_string().contains("line 2"), "{e}");
        assert_eq!(Board::parse("\n\n").unwrap_err(), PuzzleGridError::NoRows);
        // A blank line inside the board is a ragged row.
        assert!(matches!(
            Board::parse("...\n\n...").unwrap_err(),
            PuzzleGridError::Ragged { line: 2, .. }
        ));
        let wide = ".".repeat(21);
        let e = Board::parse(&wide).unwrap_err();
        assert!(e.to_string().contains("between 1 and 20"), "{e}");
    }

    #[test]
    fn generation_sizes() {
        assert!(check_generation_size(4, 4).is_ok());
        assert!(check_generation_size(20, 20).is_ok());
        assert!(check_generation_size(4, 20).is_ok());
        let e = check_generation_size(3, 10).unwrap_err();
        assert!(e.to_string().contains("between 4 and 20"), "{e}");
        assert!(check_generation_size(10, 21).is_err());
    }

    #[test]
    fn off_board_access() {
        let mut b = Board::parse("X.\n.O").unwrap();
        assert_eq!(b.try_get(1, 1), Some(Square::O));
        assert_eq!(b.try_get(0, 2), None);
        assert_eq!(b.try_get(2, 0), None);
        assert!(b.try_set(1, 0, Square::X).is_ok());
        assert_eq!(b.get(1, 0), Square::X);
        assert!(matches!(
            b.try_set(0, 5, Square::X),
            Err(PuzzleGridError::OffBoard { column: 5, .. })
        ));
    }

    #[test]
    fn cycling() {
        assert_eq!(Square::Empty.cycled(), Square::X);
        assert_eq!(Square::X.cycled(), Square::O);
        assert_eq!(Square::O.cycled(), Square::Empty);
        assert_eq!(Square::Blocked.cycled(), Square::Blocked);
    }
}
