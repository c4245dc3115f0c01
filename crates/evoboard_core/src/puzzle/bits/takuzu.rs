//! The whole-line rules of Takuzu on bitboards: counting (every row and
//! column holds as many X as O) and unique lines (no two equal full rows
//! or columns). Columns are read from the transposed copies the bitboards
//! keep under the Takuzu rule sets; nothing here allocates.

use super::{Bits, Conflict, MAX_SIDE, PAD, Rules};

/// One line seen as masks: X cells, O cells, open cells.
#[derive(Clone, Copy)]
struct Line {
    x: u32,
    o: u32,
    open: u32,
}

impl Line {
    fn empty(self) -> u32 {
        self.open & !(self.x | self.o)
    }
}

/// What counting and unique lines say about one line: a conflict (the
/// position of a cell in the line), or the cells to set to X and to O.
fn deduce(
    line: Line,
    others: &[Line; MAX_SIDE],
    n: usize,
    me: usize,
    rules: Rules,
    unique: bool,
) -> Result<(u32, u32), u32> {
    let total = line.open.count_ones();
    let first = line.open.trailing_zeros();
    if total % 2 == 1 {
        return Err(first);
    }
    let half = total / 2;
    let (nx, no) = (line.x.count_ones(), line.o.count_ones());
    if nx > half {
        return Err(line.x.trailing_zeros());
    }
    if no > half {
        return Err(line.o.trailing_zeros());
    }
    let empty = line.empty();
    if empty == 0 {
        if unique {
            for (k, other) in others.iter().enumerate().take(n) {
                if k != me && other.empty() == 0 && other.x == line.x && other.open == line.open {
                    return Err(first);
                }
            }
        }
        return Ok((0, 0));
    }
    if rules.counting {
        if nx == half {
            return Ok((0, empty));
        }
        if no == half {
            return Ok((empty, 0));
        }
    }
    if unique && rules.unique && empty.count_ones() == 2 && nx + 1 == half {
        // Two balanced completions: X at a and O at b, or the reverse.
        let a = empty & empty.wrapping_neg();
        let b = empty & !a;
        for (xa, ob) in [(a, b), (b, a)] {
            let x = line.x | xa;
            let copies = others.iter().enumerate().take(n).any(|(k, other)| {
                k != me && other.empty() == 0 && other.x == x && other.open == line.open
            });
            if copies {
                // The other completion: X where this one put O.
                return Ok((ob, xa));
            }
        }
    }
    Ok((0, 0))
}

impl Bits {
    /// Set row `r`'s cells `set_x` to X and `set_o` to O (bits are
    /// columns; none of them set yet), the transposed copy too, and count
    /// them into `forced`.
    #[inline]
    fn set_in_row(&mut self, r: usize, set_x: u32, set_o: u32, forced: &mut u32) {
        self.x[r + PAD] |= set_x;
        self.o[r + PAD] |= set_o;
        *forced += (set_x | set_o).count_ones();
        self.mirror(r, set_x, set_o);
    }

    /// Set column `c`'s cells `set_x` to X and `set_o` to O (bits are
    /// rows; none of them set yet), the transposed copy too, and count
    /// them into `forced`.
    #[inline]
    fn set_in_column(&mut self, c: usize, set_x: u32, set_o: u32, forced: &mut u32) {
        let bit = 1u32 << c;
        for (mut m, x) in [(set_x, true), (set_o, false)] {
            while m != 0 {
                let r = m.trailing_zeros() as usize;
                m &= m - 1;
                if x {
                    self.x[r + PAD] |= bit;
                } else {
                    self.o[r + PAD] |= bit;
                }
            }
        }
        self.xt[c] |= set_x;
        self.ot[c] |= set_o;
        *forced += (set_x | set_o).count_ones();
    }

    /// Keep the transposed copies in step after row `r` got `set_x` and
    /// `set_o`.
    #[inline]
    pub(super) fn mirror(&mut self, r: usize, set_x: u32, set_o: u32) {
        let rb = 1u32 << r;
        let mut m = set_x;
        while m != 0 {
            self.xt[m.trailing_zeros() as usize] |= rb;
            m &= m - 1;
        }
        let mut m = set_o;
        while m != 0 {
            self.ot[m.trailing_zeros() as usize] |= rb;
            m &= m - 1;
        }
    }

    /// The rows and the columns as [`Line`]s.
    fn lines(&self) -> ([Line; MAX_SIDE], [Line; MAX_SIDE]) {
        let zero = Line {
            x: 0,
            o: 0,
            open: 0,
        };
        let mut rows = [zero; MAX_SIDE];
        let mut cols = [zero; MAX_SIDE];
        for (r, row) in rows.iter_mut().enumerate().take(self.height) {
            let i = r + PAD;
            *row = Line {
                x: self.x[i],
                o: self.o[i],
                open: self.open[i],
            };
        }
        for (c, col) in cols.iter_mut().enumerate().take(self.width) {
            *col = Line {
                x: self.xt[c],
                o: self.ot[c],
                open: self.opent[c],
            };
        }
        (rows, cols)
    }

    /// Counting and unique lines over every row and column, once. Returns
    /// the rows changed (bit r), or the first conflict.
    pub(super) fn line_pass(&mut self, rules: Rules, forced: &mut u32) -> Result<u32, Conflict> {
        let unique = self.rules.unique_lines();
        let (rows, cols) = self.lines();
        let mut changed = 0u32;
        for r in 0..self.height {
            let (sx, so) = deduce(rows[r], &rows, self.height, r, rules, unique)
                .map_err(|c| (r, c as usize))?;
            if sx | so != 0 {
                self.set_in_row(r, sx, so, forced);
                changed |= 1 << r;
            }
        }
        // Columns read before the row deductions above: a cell set twice
        // is set to the same symbol or shows as a conflict on the next pass.
        for c in 0..self.width {
            let (sx, so) = deduce(cols[c], &cols, self.width, c, rules, unique)
                .map_err(|r| (r as usize, c))?;
            let (sx, so) = (
                sx & !(self.ot[c] | self.xt[c]),
                so & !(self.ot[c] | self.xt[c]),
            );
            if sx | so != 0 {
                self.set_in_column(c, sx, so, forced);
                changed |= sx | so;
            }
        }
        Ok(changed)
    }

    /// Row `r` of the live board as a [`Line`].
    #[inline]
    fn row_line(&self, r: usize) -> Line {
        let i = r + PAD;
        Line {
            x: self.x[i],
            o: self.o[i],
            open: self.open[i],
        }
    }

    /// Column `c` of the live board as a [`Line`].
    #[inline]
    fn col_line(&self, c: usize) -> Line {
        Line {
            x: self.xt[c],
            o: self.ot[c],
            open: self.opent[c],
        }
    }

    /// [`Bits::line_pass`] over the rows in `rows` and the columns in
    /// `cols` only (the other lines are at a fixpoint). Every line that
    /// gets a cell is added to `touched` (rows, columns) for the next
    /// pass. With unique lines, a line that became full may decide any
    /// other line of its kind, so then every line of that kind is deduced.
    pub(super) fn line_pass_dirty(
        &mut self,
        rules: Rules,
        mut rows: u32,
        mut cols: u32,
        touched: (&mut u32, &mut u32),
        forced: &mut u32,
    ) -> Result<u32, Conflict> {
        const NONE: [Line; MAX_SIDE] = [Line {
            x: 0,
            o: 0,
            open: 0,
        }; MAX_SIDE];
        let unique = self.rules.unique_lines();
        let (row_lines, col_lines) = if unique {
            let full = |m: u32, f: &dyn Fn(usize) -> Line| {
                let mut m = m;
                while m != 0 {
                    let k = m.trailing_zeros() as usize;
                    m &= m - 1;
                    if f(k).empty() == 0 {
                        return true;
                    }
                }
                false
            };
            if full(rows, &|r| self.row_line(r)) {
                rows = (1u32 << self.height) - 1;
            }
            if full(cols, &|c| self.col_line(c)) {
                cols = (1u32 << self.width) - 1;
            }
            self.lines()
        } else {
            (NONE, NONE)
        };
        let (touched_rows, touched_cols) = touched;
        let mut changed = 0u32;
        while rows != 0 {
            let r = rows.trailing_zeros() as usize;
            rows &= rows - 1;
            let line = self.row_line(r);
            let (sx, so) = deduce(line, &row_lines, self.height, r, rules, unique)
                .map_err(|c| (r, c as usize))?;
            if sx | so != 0 {
                self.set_in_row(r, sx, so, forced);
                changed |= 1 << r;
                *touched_rows |= 1 << r;
                *touched_cols |= sx | so;
            }
        }
        while cols != 0 {
            let c = cols.trailing_zeros() as usize;
            cols &= cols - 1;
            let line = self.col_line(c);
            let (sx, so) = deduce(line, &col_lines, self.width, c, rules, unique)
                .map_err(|r| (r as usize, c))?;
            if sx | so != 0 {
                self.set_in_column(c, sx, so, forced);
                changed |= sx | so;
                *touched_rows |= sx | so;
                *touched_cols |= 1 << c;
            }
        }
        Ok(changed)
    }

    /// True when counting on row `r` or column `c` fills the empty cell
    /// (r, c): the line already holds its half of one symbol.
    pub(super) fn counting_fills(&self, r: usize, c: usize) -> bool {
        [self.row_line(r), self.col_line(c)].into_iter().any(|l| {
            let half = l.open.count_ones() / 2;
            l.x.count_ones() == half || l.o.count_ones() == half
        })
    }

    /// No line over its half of a symbol, no odd line, and (unique lines)
    /// no two equal full lines.
    pub(super) fn lines_valid(&self) -> bool {
        let mut copy = *self;
        let mut n = 0;
        copy.line_pass(Rules::PAIRS, &mut n).is_ok()
    }
}

#[cfg(test)]
mod tests {
    use crate::puzzle::bits::{Bits, Rules};
    use crate::puzzle::{Board, RuleSet, Square};

    fn bits(text: &str, rules: RuleSet) -> Bits {
        Bits::from_board(&Board::parse(text).unwrap().with_rules(rules))
    }

    #[test]
    fn counting_fills_lines() {
        let mut b = bits("XOX...\n......", RuleSet::Takuzu);
        let mut n = 0;
        b.propagate(Rules::PAIRS, &mut n).unwrap();
        assert_eq!(b.get(0, 3), Square::Empty, "pairs only");
        b.propagate(Rules::ALL, &mut n).unwrap();
        // Row 0 needs one more X at most: X O X . . . -> gap rules give
        // nothing, counting gives nothing yet (1 X short of 3).
        let mut b = bits("XOXX..\n......", RuleSet::Takuzu);
        b.propagate(Rules::ALL, &mut n).unwrap();
        assert_eq!(b.get(0, 4), Square::O);
        assert_eq!(b.get(0, 5), Square::O);
        assert!(!bits("XOXXOX\nXOXXOX", RuleSet::Takuzu).is_valid());
        // Diagonals do not count under Takuzu.
        assert!(bits("XO..\nOX..\n..X.\n....", RuleSet::Takuzu).is_valid());
        assert!(!bits("X...\n.X..\n..X.\n....", RuleSet::NoThree).is_valid());
        assert!(bits("X...\n.X..\n..X.\n....", RuleSet::Takuzu).is_valid());
    }

    /// Dirty-line propagation reaches the same board and the same
    /// yes/no as deducing every line, from scratch and after one cell.
    #[test]
    fn dirty_lines_reach_the_same_fixpoint() {
        use crate::puzzle::takuzu_fill::random_takuzu;
        use crate::rng::{RngExt, seeded};
        let mut conflicts = 0;
        for (seed, rules) in (0..40u64).zip([RuleSet::Takuzu, RuleSet::TakuzuUnique].repeat(20)) {
            let mut rng = seeded(seed);
            let side = [6, 10, 14][seed as usize % 3];
            let full = random_takuzu(side, side, rules, &mut rng).unwrap();
            let mut st = Bits::from_board(&full);
            for _ in 0..side * side * 3 / 4 {
                let (r, c) = (rng.random_range(0..side), rng.random_range(0..side));
                st.set(r, c, Square::Empty);
            }
            let (mut a, mut b) = (st, st);
            let (mut na, mut nb) = (0, 0);
            let ra = a.propagate_rows(Rules::ALL, u32::MAX, &mut na);
            let rb = b.propagate_lines(Rules::ALL, u32::MAX, u32::MAX, &mut nb);
            // Part of a solution: never a contradiction.
            assert!(ra.is_ok() && rb.is_ok(), "seed {seed}");
            assert_eq!((a, na), (b, nb), "seed {seed}");
            // From that fixpoint, either symbol in each empty cell.
            for r in 0..side {
                for c in 0..side {
                    if a.get(r, c) != Square::Empty {
                        continue;
                    }
                    for v in [Square::X, Square::O] {
                        let (mut x, mut y) = (a, a);
                        x.set(r, c, v);
                        y.set(r, c, v);
                        let rx = x.propagate_rows(Rules::ALL, 1 << r, &mut na);
                        let ry = y.propagate_lines(Rules::ALL, 1 << r, 1 << c, &mut nb);
                        assert_eq!(rx.is_ok(), ry.is_ok(), "seed {seed} ({r}, {c})");
                        if rx.is_ok() {
                            assert_eq!(x, y, "seed {seed} ({r}, {c})");
                        } else {
                            conflicts += 1;
                        }
                    }
                }
            }
        }
        assert!(conflicts > 0, "some look-aheads must contradict");
    }

    #[test]
    fn unique_lines() {
        let full = "XOXO\nOXOX\nXOXO\nOXOX";
        assert!(bits(full, RuleSet::Takuzu).is_valid());
        assert!(!bits(full, RuleSet::TakuzuUnique).is_valid());
        // Row 1 has two empties; X at column 2 would copy row 0.
        let mut b = bits("XOXO\nXO..\n....\n....", RuleSet::TakuzuUnique);
        let mut n = 0;
        b.propagate(Rules::ALL, &mut n).unwrap();
        assert_eq!(b.get(1, 2), Square::O);
        assert_eq!(b.get(1, 3), Square::X);
    }
}
