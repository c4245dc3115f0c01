//! The rule: no three equal symbols in consecutive cells of a line —
//! horizontal, vertical or either diagonal. A blocked (or empty) cell
//! breaks a line. [`rule_breaks`] lists every offending triple, for
//! highlighting.

use super::board::{Board, Square};

/// The four line directions as (row step, column step).
pub const DIRECTIONS: [(isize, isize); 4] = [(0, 1), (1, 0), (1, 1), (1, -1)];

/// Human name of a direction from [`DIRECTIONS`].
pub fn direction_name(d: (isize, isize)) -> &'static str {
    match d {
        (0, 1) => "row",
        (1, 0) => "column",
        (1, 1) => "diagonal",
        _ => "anti-diagonal",
    }
}

/// A direction's name with its article ("a row", "an anti-diagonal").
pub fn direction_with_article(d: (isize, isize)) -> &'static str {
    match d {
        (0, 1) => "a row",
        (1, 0) => "a column",
        (1, 1) => "a diagonal",
        _ => "an anti-diagonal",
    }
}

/// Three equal symbols in a line.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RuleBreak {
    /// The symbol repeated (X or O).
    pub symbol: Square,
    /// The three cells as (row, column), 0-based, in line order.
    pub cells: [(usize, usize); 3],
    /// The direction (row step, column step), one of [`DIRECTIONS`].
    pub direction: (isize, isize),
}

/// The cell `k` steps from (r, c) in direction `d`, if on the board.
pub fn step(b: &Board, r: usize, c: usize, d: (isize, isize), k: isize) -> Option<(usize, usize)> {
    let rr = r as isize + d.0 * k;
    let cc = c as isize + d.1 * k;
    if rr < 0 || cc < 0 || rr >= b.height() as isize || cc >= b.width() as isize {
        None
    } else {
        Some((rr as usize, cc as usize))
    }
}

/// The directions that count under the board's rule set: all four for
/// no-three, rows and columns only for Takuzu.
pub fn directions(b: &Board) -> &'static [(isize, isize)] {
    if b.rules().diagonals() {
        &DIRECTIONS
    } else {
        &DIRECTIONS[..2]
    }
}

/// Every triple of equal consecutive symbols (overlapping runs give one
/// entry per triple: XXXX gives two), in the directions of the board's
/// rule set ([`directions`]). Takuzu's whole-line rules are
/// [`line_breaks`].
pub fn rule_breaks(b: &Board) -> Vec<RuleBreak> {
    let mut out = Vec::new();
    for r in 0..b.height() {
        for c in 0..b.width() {
            let s = b.get(r, c);
            if !s.is_symbol() {
                continue;
            }
            for &d in directions(b) {
                if let (Some(p1), Some(p2)) = (step(b, r, c, d, 1), step(b, r, c, d, 2))
                    && b.get(p1.0, p1.1) == s
                    && b.get(p2.0, p2.1) == s
                {
                    out.push(RuleBreak {
                        symbol: s,
                        cells: [(r, c), p1, p2],
                        direction: d,
                    });
                }
            }
        }
    }
    out
}

/// A whole-line rule broken (Takuzu only).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum LineBreak {
    /// A row or column with more than half its open cells of one symbol
    /// (or an odd number of open cells, when `count` is 0).
    Count {
        /// `true` for a row, `false` for a column.
        row: bool,
        /// Its index, 0-based.
        index: usize,
        /// The symbol over its half (X or O; Empty for an odd line).
        symbol: Square,
        /// How many it holds.
        count: usize,
        /// Half the line's open cells.
        half: usize,
    },
    /// Two equal full rows or columns (unique lines).
    Copy {
        /// `true` for rows, `false` for columns.
        row: bool,
        /// The two indices, 0-based, first < second.
        lines: (usize, usize),
    },
}

impl std::fmt::Display for LineBreak {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let kind = |row: bool| if row { "row" } else { "column" };
        match self {
            LineBreak::Count {
                row,
                index,
                symbol: Square::Empty,
                ..
            } => write!(
                f,
                "{} {} has an odd number of open cells, so X and O cannot be equal",
                kind(*row),
                index + 1
            ),
            LineBreak::Count {
                row,
                index,
                symbol,
                count,
                half,
            } => write!(
                f,
                "{} {} has {count} {} but only {half} are allowed (half the line)",
                kind(*row),
                index + 1,
                symbol.to_char()
            ),
            LineBreak::Copy { row, lines } => write!(
                f,
                "{}s {} and {} are equal; no two full lines may be",
                kind(*row),
                lines.0 + 1,
                lines.1 + 1
            ),
        }
    }
}

/// Takuzu's whole-line breaks: lines over their half of a symbol (or
/// odd), and with unique lines, equal full rows or columns. Empty for
/// the no-three rules.
pub fn line_breaks(b: &Board) -> Vec<LineBreak> {
    let mut out = Vec::new();
    if !b.rules().is_takuzu() {
        return out;
    }
    for row in [true, false] {
        let (n, len) = if row {
            (b.height(), b.width())
        } else {
            (b.width(), b.height())
        };
        let cell = |k: usize, j: usize| if row { b.get(k, j) } else { b.get(j, k) };
        let line = |k: usize| (0..len).map(|j| cell(k, j)).collect::<Vec<_>>();
        for k in 0..n {
            let l = line(k);
            let open = l.iter().filter(|s| **s != Square::Blocked).count();
            if open % 2 == 1 {
                out.push(LineBreak::Count {
                    row,
                    index: k,
                    symbol: Square::Empty,
                    count: open,
                    half: open / 2,
                });
                continue;
            }
            for s in [Square::X, Square::O] {
                let count = l.iter().filter(|&&q| q == s).count();
                if count > open / 2 {
                    out.push(LineBreak::Count {
                        row,
                        index: k,
                        symbol: s,
                        count,
                        half: open / 2,
                    });
                }
            }
        }
        if b.rules().unique_lines() {
            for k in 0..n {
                for m in k + 1..n {
                    let (a, c) = (line(k), line(m));
                    if !a.contains(&Square::Empty) && a == c {
                        out.push(LineBreak::Copy { row, lines: (k, m) });
                    }
                }
            }
        }
    }
    out
}

/// True when the board breaks no rule (empty cells allowed).
pub fn is_valid(b: &Board) -> bool {
    rule_breaks(b).is_empty() && line_breaks(b).is_empty()
}

/// True when the board is full and breaks no rule.
pub fn is_solved(b: &Board) -> bool {
    b.is_full() && is_valid(b)
}

/// A per-cell flag (row-major) marking the cells of any rule break (and
/// under Takuzu, the symbols of a line over its half and the cells of
/// equal lines).
pub fn break_mask(b: &Board) -> Vec<bool> {
    let mut mask = vec![false; b.len()];
    for rb in rule_breaks(b) {
        for (r, c) in rb.cells {
            mask[r * b.width() + c] = true;
        }
    }
    let w = b.width();
    for lb in line_breaks(b) {
        let (row, ks, symbol) = match lb {
            LineBreak::Count {
                row, index, symbol, ..
            } => (row, [index, index], symbol),
            LineBreak::Copy { row, lines } => (row, [lines.0, lines.1], Square::Empty),
        };
        let len = if row { b.width() } else { b.height() };
        for k in ks {
            for j in 0..len {
                let (r, c) = if row { (k, j) } else { (j, k) };
                if symbol == Square::Empty || b.get(r, c) == symbol {
                    mask[r * w + c] = true;
                }
            }
        }
    }
    mask
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn finds_all_directions() {
        let b = Board::parse("XXX.\n....\n....").unwrap();
        let rb = rule_breaks(&b);
        assert_eq!(rb.len(), 1);
        assert_eq!(rb[0].cells, [(0, 0), (0, 1), (0, 2)]);
        let b = Board::parse("O..\nO..\nO..").unwrap();
        assert_eq!(rule_breaks(&b)[0].direction, (1, 0));
        let b = Board::parse("X..\n.X.\n..X").unwrap();
        assert_eq!(rule_breaks(&b)[0].direction, (1, 1));
        let b = Board::parse("..O\n.O.\nO..").unwrap();
        let rb = rule_breaks(&b);
        assert_eq!(rb[0].direction, (1, -1));
        assert_eq!(rb[0].cells, [(0, 2), (1, 1), (2, 0)]);
        assert!(is_valid(&Board::parse("XXOXX\nOOXOO").unwrap()));
    }

    #[test]
    fn takuzu_breaks() {
        use crate::puzzle::RuleSet;
        let b = Board::parse("X...\n.X..\n..X.\n....").unwrap();
        assert_eq!(rule_breaks(&b).len(), 1);
        let b = b.with_rules(RuleSet::Takuzu);
        assert!(rule_breaks(&b).is_empty());
        let b = Board::parse("XXOX\nOOXO\nXOXO\nOXOX")
            .unwrap()
            .with_rules(RuleSet::Takuzu);
        let lb = line_breaks(&b);
        assert_eq!(lb.len(), 2, "{lb:?}");
        assert!(lb[0].to_string().contains("row 1 has 3 X"), "{}", lb[0]);
        let b = Board::parse("XOXO\nOXOX\nXOXO\nOXOX")
            .unwrap()
            .with_rules(RuleSet::TakuzuUnique);
        assert_eq!(line_breaks(&b).len(), 4);
        assert!(!is_valid(&b));
        assert!(is_valid(&b.with_rules(RuleSet::Takuzu)));
    }

    #[test]
    fn blocked_breaks_lines() {
        let b = Board::parse("XX#X\nX#..\n#...\nX...").unwrap();
        assert!(is_valid(&b));
        let b = Board::parse("XXXX").unwrap();
        assert_eq!(rule_breaks(&b).len(), 2);
        let m = break_mask(&b);
        assert!(m.iter().all(|&x| x));
    }
}
