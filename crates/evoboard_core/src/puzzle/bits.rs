//! Bitboards for the solver and the grader: one `u32` per row for X, one
//! for O, one for the open (not blocked) cells. Row `r` lives at index
//! `r + PAD` so that the neighbours two rows away never need a bounds
//! check. Propagation applies every "no three in a row" consequence in
//! parallel over a row with shifts and masks.

use super::board::{Board, MAX_SIDE, Square};
use super::ruleset::RuleSet;

mod takuzu;

/// Padding rows above and below the board.
pub(crate) const PAD: usize = 2;
/// Length of the row arrays.
pub(crate) const ROWS: usize = MAX_SIDE + 2 * PAD;

/// Which deductions [`Bits::propagate`] may use (beyond pairs, which it
/// always uses). Counting and unique lines apply only under the Takuzu
/// rule sets; their contradictions (a line with more than its half of a
/// symbol, two equal full lines) are always seen.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Rules {
    /// X.X forces the other symbol in the gap.
    pub gaps: bool,
    /// A line holding its half of one symbol gets the other symbol in its
    /// empty cells (Takuzu).
    pub counting: bool,
    /// A line two cells short of full whose one balanced completion would
    /// copy a full line takes the other (Takuzu with unique lines).
    pub unique: bool,
}

impl Rules {
    /// Only "two equal in a row force the third" (XX. / .XX).
    pub const PAIRS: Rules = Rules {
        gaps: false,
        counting: false,
        unique: false,
    };
    /// Every deduction the rule set allows.
    pub const ALL: Rules = Rules {
        gaps: true,
        counting: true,
        unique: true,
    };
}

/// The cells forbidden for the symbol whose bits are `m` in row index `i`
/// because two other cells of a line triple hold it. `gaps` adds the
/// middle position (X.X).
#[inline(always)]
fn forbid(m: &[u32; ROWS], i: usize, gaps: bool, diagonals: bool) -> u32 {
    let (a2, a1, z, b1, b2) = (m[i - 2], m[i - 1], m[i], m[i + 1], m[i + 2]);
    // Pairs: the cell is the first or last of its triple.
    let mut f = (z >> 1 & z >> 2) | (z << 1 & z << 2) // row
        | (b1 & b2) | (a1 & a2); // column
    if diagonals {
        f |= (b1 >> 1 & b2 >> 2) | (a1 << 1 & a2 << 2) // diagonal
        | (b1 << 1 & b2 << 2) | (a1 >> 1 & a2 >> 2); // anti-diagonal
    }
    if gaps {
        f |= (z << 1 & z >> 1) | (a1 & b1);
        if diagonals {
            f |= (a1 << 1 & b1 >> 1) | (a1 >> 1 & b1 << 1);
        }
    }
    f
}

/// A contradiction found by propagation: the row and column (0-based) of
/// a cell that can hold neither symbol or is the middle of a rule break.
pub(crate) type Conflict = (usize, usize);

/// A (partial) board as bitboards: what a [`crate::puzzle::CellOrder`]
/// reads to choose the next cell.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Bits {
    /// X cells per row index.
    x: [u32; ROWS],
    /// O cells per row index.
    o: [u32; ROWS],
    /// Open (not blocked) cells per row index.
    open: [u32; ROWS],
    /// Width in cells.
    width: usize,
    /// Height in cells.
    height: usize,
    /// The rule set.
    rules: RuleSet,
    /// Takuzu only (zero otherwise): X cells per column (bit r = row r).
    xt: [u32; MAX_SIDE],
    /// Takuzu only: O cells per column.
    ot: [u32; MAX_SIDE],
    /// Takuzu only: open cells per column.
    opent: [u32; MAX_SIDE],
}

impl Bits {
    /// The bitboards of a board.
    pub fn from_board(b: &Board) -> Bits {
        let mut bits = Bits {
            x: [0; ROWS],
            o: [0; ROWS],
            open: [0; ROWS],
            width: b.width(),
            height: b.height(),
            rules: b.rules(),
            xt: [0; MAX_SIDE],
            ot: [0; MAX_SIDE],
            opent: [0; MAX_SIDE],
        };
        for r in 0..b.height() {
            for c in 0..b.width() {
                let bit = 1u32 << c;
                match b.get(r, c) {
                    Square::Blocked => {}
                    Square::Empty => bits.open[r + PAD] |= bit,
                    Square::X => {
                        bits.open[r + PAD] |= bit;
                        bits.x[r + PAD] |= bit;
                    }
                    Square::O => {
                        bits.open[r + PAD] |= bit;
                        bits.o[r + PAD] |= bit;
                    }
                }
            }
        }
        if bits.rules.is_takuzu() {
            for r in 0..b.height() {
                for c in 0..b.width() {
                    let (i, rb) = (r + PAD, 1u32 << r);
                    let bit = 1u32 << c;
                    if bits.open[i] & bit != 0 {
                        bits.opent[c] |= rb;
                    }
                    if bits.x[i] & bit != 0 {
                        bits.xt[c] |= rb;
                    }
                    if bits.o[i] & bit != 0 {
                        bits.ot[c] |= rb;
                    }
                }
            }
        }
        bits
    }

    /// The rule set.
    #[inline]
    pub fn rules(&self) -> RuleSet {
        self.rules
    }

    /// Width in cells.
    #[inline]
    pub fn width(&self) -> usize {
        self.width
    }

    /// Height in cells.
    #[inline]
    pub fn height(&self) -> usize {
        self.height
    }

    /// Back to a board.
    pub fn to_board(&self) -> Board {
        let mut b = Board::new(self.width, self.height, Square::Blocked)
            .expect("bits are only made from a board, whose size is valid")
            .with_rules(self.rules);
        for r in 0..self.height {
            for c in 0..self.width {
                b.set(r, c, self.get(r, c));
            }
        }
        b
    }

    /// The cell at row `r`, column `c` (0-based); blocked off the board.
    #[inline]
    pub fn get(&self, r: usize, c: usize) -> Square {
        if r >= self.height || c >= self.width {
            return Square::Blocked;
        }
        let bit = 1u32 << c;
        let i = r + PAD;
        if self.x[i] & bit != 0 {
            Square::X
        } else if self.o[i] & bit != 0 {
            Square::O
        } else if self.open[i] & bit != 0 {
            Square::Empty
        } else {
            Square::Blocked
        }
    }

    /// Put X or O (or empty) in an open cell (on the board).
    #[inline]
    pub(crate) fn set(&mut self, r: usize, c: usize, cell: Square) {
        let bit = 1u32 << c;
        let i = r + PAD;
        self.x[i] &= !bit;
        self.o[i] &= !bit;
        match cell {
            Square::X => self.x[i] |= bit,
            Square::O => self.o[i] |= bit,
            _ => {}
        }
        if self.rules.is_takuzu() {
            let rb = 1u32 << r;
            self.xt[c] &= !rb;
            self.ot[c] &= !rb;
            match cell {
                Square::X => self.xt[c] |= rb,
                Square::O => self.ot[c] |= rb,
                _ => {}
            }
        }
    }

    /// X cells and O cells of row `r` (0-based) as masks.
    #[inline]
    pub(crate) fn symbol_rows(&self, r: usize) -> (u32, u32) {
        (self.x[r + PAD], self.o[r + PAD])
    }

    /// Empty cells of row `r` (0-based) as a mask (0 off the board).
    #[inline]
    pub fn empty_row(&self, r: usize) -> u32 {
        if r >= self.height {
            return 0;
        }
        let i = r + PAD;
        self.open[i] & !(self.x[i] | self.o[i])
    }

    /// Number of empty cells.
    pub fn empty_count(&self) -> u32 {
        (0..self.height)
            .map(|r| self.empty_row(r).count_ones())
            .sum()
    }

    /// The first empty cell in row-major order.
    #[inline]
    pub fn first_empty(&self) -> Option<(usize, usize)> {
        (0..self.height).find_map(|r| {
            let e = self.empty_row(r);
            (e != 0).then(|| (r, e.trailing_zeros() as usize))
        })
    }

    /// Apply the forced moves of `rules` until nothing changes. Returns a
    /// conflict (a rule break, or a cell that can hold neither symbol) as
    /// soon as one shows. `forced` counts the cells filled. Every line
    /// is dirty at the start ([`Bits::propagate_lines`]).
    pub(crate) fn propagate(&mut self, rules: Rules, forced: &mut u32) -> Result<(), Conflict> {
        self.propagate_lines(rules, u32::MAX, u32::MAX, forced)
    }

    /// [`Bits::propagate`] when only the rows in the mask `changed` (bit r
    /// for row r) changed since the last fixpoint: only their
    /// neighbourhood is checked first. Under Takuzu every row and column
    /// is deduced again at each local fixpoint, so a conflict is always
    /// reported at the same cell (hints name it).
    pub(crate) fn propagate_rows(
        &mut self,
        rules: Rules,
        changed: u32,
        forced: &mut u32,
    ) -> Result<(), Conflict> {
        self.run(rules, changed, u32::MAX, false, forced)
    }

    /// [`Bits::propagate_rows`] for a board at a fixpoint of `rules`
    /// except the rows in `rows` and the columns in `cols` (bit c for
    /// column c): the Takuzu line rules deduce again only the lines that
    /// changed since they were last deduced. Same fixpoint and the same
    /// `Ok`/`Err` as [`Bits::propagate_rows`] (the deductions are
    /// monotone); a conflict may show at another cell.
    pub(crate) fn propagate_lines(
        &mut self,
        rules: Rules,
        rows: u32,
        cols: u32,
        forced: &mut u32,
    ) -> Result<(), Conflict> {
        self.run(rules, rows, cols, true, forced)
    }

    /// The propagation loop: local rules around the dirty rows, then
    /// (Takuzu) the line rules, over every line or (`dirty_lines`) only
    /// the lines changed since their last deduction.
    fn run(
        &mut self,
        rules: Rules,
        changed: u32,
        cols: u32,
        dirty_lines: bool,
        forced: &mut u32,
    ) -> Result<(), Conflict> {
        let gaps = rules.gaps;
        let diagonals = self.rules.diagonals();
        let takuzu = self.rules.is_takuzu();
        let rows_mask: u32 = (1u32 << self.height) - 1;
        let cols_mask: u32 = (1u32 << self.width) - 1;
        // Bit r set: row r changed and its neighbourhood must be checked.
        let mut dirty = changed & rows_mask;
        // Lines changed since the line rules last saw them.
        let (mut line_rows, mut line_cols) = (dirty, cols & cols_mask);
        loop {
            if dirty == 0 {
                // Local fixpoint: the whole-line rules (Takuzu) may add more.
                if !takuzu {
                    break;
                }
                dirty = if dirty_lines {
                    if line_rows | line_cols == 0 {
                        break;
                    }
                    let (r, c) = (line_rows, line_cols);
                    line_rows = 0;
                    line_cols = 0;
                    self.line_pass_dirty(rules, r, c, (&mut line_rows, &mut line_cols), forced)?
                } else {
                    self.line_pass(rules, forced)?
                };
                if dirty == 0 {
                    break;
                }
            }
            let check = (dirty | dirty << 1 | dirty << 2 | dirty >> 1 | dirty >> 2) & rows_mask;
            dirty = 0;
            let mut rows = check;
            while rows != 0 {
                let r = rows.trailing_zeros() as usize;
                rows &= rows - 1;
                let i = r + PAD;
                let fx = forbid(&self.x, i, gaps, diagonals);
                let fo = forbid(&self.o, i, gaps, diagonals);
                // A symbol with two equal partners in a line: a rule break.
                // (Only the full rule set sees the middle of a triple, but a
                // triple always shows at its first cell as a pair.)
                let broken = (self.x[i] & fx) | (self.o[i] & fo);
                if broken != 0 {
                    return Err((r, broken.trailing_zeros() as usize));
                }
                let empty = self.open[i] & !(self.x[i] | self.o[i]);
                let both = empty & fx & fo;
                if both != 0 {
                    return Err((r, both.trailing_zeros() as usize));
                }
                let set_o = empty & fx;
                let set_x = empty & fo;
                if set_o | set_x != 0 {
                    self.o[i] |= set_o;
                    self.x[i] |= set_x;
                    *forced += (set_o | set_x).count_ones();
                    dirty |= 1 << r;
                    if takuzu {
                        self.mirror(r, set_x, set_o);
                        line_rows |= 1 << r;
                        line_cols |= set_o | set_x;
                    }
                }
            }
        }
        Ok(())
    }

    /// True when the local rules (pairs and gaps of row `r`'s
    /// neighbourhood) or counting on row `r` or column `c` fill the empty
    /// cell (r, c) of this board directly. A quick sufficient test for
    /// "propagation fills (r, c)" (every deduction is monotone).
    pub(crate) fn forced_at(&self, r: usize, c: usize, rules: Rules) -> bool {
        let i = r + PAD;
        let bit = 1u32 << c;
        let d = self.rules.diagonals();
        let g = rules.gaps;
        if (forbid(&self.x, i, g, d) | forbid(&self.o, i, g, d)) & bit != 0 {
            return true;
        }
        rules.counting && self.rules.is_takuzu() && self.counting_fills(r, c)
    }

    /// True when the board (including givens) breaks no rule.
    pub fn is_valid(&self) -> bool {
        let d = self.rules.diagonals();
        (0..self.height).all(|r| {
            let i = r + PAD;
            (self.x[i] & forbid(&self.x, i, false, d)) | (self.o[i] & forbid(&self.o, i, false, d))
                == 0
        }) && (!self.rules.is_takuzu() || self.lines_valid())
    }

    /// Number of filled open neighbours (8-neighbourhood) of (r, c); 0
    /// off the board.
    #[inline]
    pub fn filled_neighbours(&self, r: usize, c: usize) -> u32 {
        if r >= self.height || c >= self.width {
            return 0;
        }
        let i = r + PAD;
        let window = if c == 0 { 0b11u32 } else { 0b111u32 << (c - 1) };
        let f = |k: usize| (self.x[k] | self.o[k]) & window;
        f(i - 1).count_ones() + (f(i) & !(1 << c)).count_ones() + f(i + 1).count_ones()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn forced_moves() {
        let b = Board::parse("XX.\n...\nX.X").unwrap();
        let mut bits = Bits::from_board(&b);
        let mut n = 0;
        bits.propagate(Rules::PAIRS, &mut n).unwrap();
        assert_eq!(bits.get(0, 2), Square::O);
        assert_eq!(bits.get(2, 1), Square::Empty);
        let mut bits = Bits::from_board(&b);
        bits.propagate(Rules::ALL, &mut n).unwrap();
        assert_eq!(bits.get(2, 1), Square::O);
        assert_eq!(bits.to_board().get(0, 0), Square::X);
    }

    #[test]
    fn conflicts() {
        let b = Board::parse("XXX").unwrap();
        assert!(!Bits::from_board(&b).is_valid());
        let mut n = 0;
        assert!(
            Bits::from_board(&b)
                .propagate(Rules::PAIRS, &mut n)
                .is_err()
        );
        let b = Board::parse("X.X\nO.O").unwrap();
        assert!(Bits::from_board(&b).propagate(Rules::ALL, &mut n).is_ok());
        let b = Board::parse("XX.OO").unwrap();
        assert_eq!(
            Bits::from_board(&b).propagate(Rules::ALL, &mut n),
            Err((0, 2))
        );
    }
}
