//! How varied a book's puzzles look (issue 41): stripes in a solution,
//! solutions shared up to shift, rotation and reflection, and givens
//! spread over the rows and columns.
//!
//! Under the no-three rules (diagonals count) an open board has very few
//! fillings, all of them stripes of period 4 (OOXX / XXOO rows, or
//! doubled XOXO rows); variety has to come from the blocked cells.

use super::board::{Board, Square};

/// The share of cell pairs (r, c), (r + dr, c + dc) that hold the same
/// symbol, over the pairs where both cells hold a symbol and neither is
/// next to a blocked cell (8 neighbours) when `skip_blocked_neighbours`.
/// 1.0 when no pair counts.
pub fn repeat_share(b: &Board, (dr, dc): (usize, usize), skip_blocked_neighbours: bool) -> f64 {
    let (w, h) = (b.width(), b.height());
    let near_blocked = |r: usize, c: usize| {
        (r.saturating_sub(1)..=(r + 1).min(h - 1)).any(|rr| {
            (c.saturating_sub(1)..=(c + 1).min(w - 1)).any(|cc| b.get(rr, cc) == Square::Blocked)
        })
    };
    let (mut same, mut pairs) = (0u32, 0u32);
    for r in 0..h.saturating_sub(dr) {
        for c in 0..w.saturating_sub(dc) {
            let (a, z) = (b.get(r, c), b.get(r + dr, c + dc));
            if !a.is_symbol() || !z.is_symbol() {
                continue;
            }
            if skip_blocked_neighbours && (near_blocked(r, c) || near_blocked(r + dr, c + dc)) {
                continue;
            }
            pairs += 1;
            same += u32::from(a == z);
        }
    }
    if pairs == 0 {
        1.0
    } else {
        f64::from(same) / f64::from(pairs)
    }
}

/// The stripe test: the solution repeats with period 4 across
/// and down everywhere outside the blocked cells' neighbours.
pub fn is_striped(solution: &Board) -> bool {
    repeat_share(solution, (0, 4), true) == 1.0 && repeat_share(solution, (4, 0), true) == 1.0
}

/// The generator's stricter test: at least `share` of all symbol pairs
/// repeat with period 4 across, and as many down (a stripe over most of
/// the board, defects next to blocked cells included).
pub fn mostly_striped(solution: &Board, share: f64) -> bool {
    repeat_share(solution, (0, 4), false) >= share && repeat_share(solution, (4, 0), false) >= share
}

/// The 8 images of `b` under rotation and reflection, as rows of
/// squares.
fn images(b: &Board) -> Vec<Vec<Vec<Square>>> {
    let mut g: Vec<Vec<Square>> = (0..b.height())
        .map(|r| (0..b.width()).map(|c| b.get(r, c)).collect())
        .collect();
    let mut out = Vec::with_capacity(8);
    for _ in 0..4 {
        out.push(
            g.iter()
                .map(|row| row.iter().rev().copied().collect())
                .collect(),
        );
        let (h, w) = (g.len(), g[0].len());
        let rot: Vec<Vec<Square>> = (0..w)
            .map(|c| (0..h).map(|r| g[h - 1 - r][c]).collect())
            .collect();
        out.push(std::mem::replace(&mut g, rot));
    }
    out
}

/// True when `b`, rotated or reflected and shifted by up to 3 cells each
/// way, agrees with `a` on every cell where both hold a symbol, over an
/// overlap of at least half of `a`'s cells: the same solution to a
/// reader (a stripe shifted is the same stripe).
pub fn same_solution(a: &Board, b: &Board) -> bool {
    let (w, h) = (a.width() as isize, a.height() as isize);
    images(b).iter().any(|t| {
        let (th, tw) = (t.len() as isize, t[0].len() as isize);
        (-3..=3isize).any(|dy| {
            (-3..=3isize).any(|dx| {
                let mut both = 0;
                for r in 0..h {
                    for c in 0..w {
                        let (r2, c2) = (r + dy, c + dx);
                        if r2 < 0 || c2 < 0 || r2 >= th || c2 >= tw {
                            continue;
                        }
                        let x = a.get(r as usize, c as usize);
                        let y = t[r2 as usize][c2 as usize];
                        if !x.is_symbol() || !y.is_symbol() {
                            continue;
                        }
                        if x != y {
                            return false;
                        }
                        both += 1;
                    }
                }
                both * 2 >= w * h
            })
        })
    })
}

/// Rows and columns of `cells` with no given (every cell empty or
/// blocked): (rows, columns).
pub fn empty_lines(cells: &Board) -> (Vec<usize>, Vec<usize>) {
    let rows = (0..cells.height())
        .filter(|&r| (0..cells.width()).all(|c| !cells.get(r, c).is_symbol()))
        .collect();
    let cols = (0..cells.width())
        .filter(|&c| (0..cells.height()).all(|r| !cells.get(r, c).is_symbol()))
        .collect();
    (rows, cols)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn stripes_and_shared_solutions() {
        let stripe = Board::parse(
            "OOXXOOXX\nXXOOXXOO\nOOXXOOXX\nXXOOXXOO\nOOXXOOXX\nXXOOXXOO\nOOXXOOXX\nXXOOXXOO",
        )
        .unwrap();
        assert!(is_striped(&stripe));
        assert!(mostly_striped(&stripe, 0.9));
        // The same stripe shifted by one, and turned a quarter.
        let shifted = Board::parse(
            "OXXOOXXO\nXOOXXOOX\nOXXOOXXO\nXOOXXOOX\nOXXOOXXO\nXOOXXOOX\nOXXOOXXO\nXOOXXOOX",
        )
        .unwrap();
        assert!(same_solution(&stripe, &shifted));
        // A defect in the middle shows under every shift.
        let mut other = stripe.clone();
        for (r, c) in [(3, 3), (3, 4), (4, 3), (4, 4)] {
            other.set(r, c, stripe.get(r, c).opposite());
        }
        assert!(!is_striped(&other));
        assert!(!same_solution(&stripe, &other));
        let cells = Board::parse("X...\n....\n#..O\n....").unwrap();
        assert_eq!(empty_lines(&cells), (vec![1, 3], vec![1, 2]));
    }
}
