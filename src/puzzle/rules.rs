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

/// Every triple of equal consecutive symbols (overlapping runs give one
/// entry per triple: XXXX gives two).
pub fn rule_breaks(b: &Board) -> Vec<RuleBreak> {
    let mut out = Vec::new();
    for r in 0..b.height() {
        for c in 0..b.width() {
            let s = b.get(r, c);
            if !s.is_symbol() {
                continue;
            }
            for d in DIRECTIONS {
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

/// True when the board breaks no rule (empty cells allowed).
pub fn is_valid(b: &Board) -> bool {
    rule_breaks(b).is_empty()
}

/// True when the board is full and breaks no rule.
pub fn is_solved(b: &Board) -> bool {
    b.is_full() && is_valid(b)
}

/// A per-cell flag (row-major) marking the cells of any rule break.
pub fn break_mask(b: &Board) -> Vec<bool> {
    let mut mask = vec![false; b.len()];
    for rb in rule_breaks(b) {
        for (r, c) in rb.cells {
            mask[r * b.width() + c] = true;
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
    fn blocked_breaks_lines() {
        let b = Board::parse("XX#X\nX#..\n#...\nX...").unwrap();
        assert!(is_valid(&b));
        let b = Board::parse("XXXX").unwrap();
        assert_eq!(rule_breaks(&b).len(), 2);
        let m = break_mask(&b);
        assert!(m.iter().all(|&x| x));
    }
}
