//! A random full Takuzu board, row by row: every balanced row without
//! three in a row is listed once (as an X mask), shuffled, and rows are
//! stacked while the columns stay within their half and free of triples
//! (and, with unique lines, rows and then columns differ). Much faster
//! than the cell-by-cell search on empty boards from 14 × 14 up, where
//! the column counts fail only late.

use super::board::{Board, Square};
use super::generator::shuffle;
use super::ruleset::RuleSet;
use crate::rng::Rng;

/// X masks of the balanced rows of `w` cells without three in a row.
fn rows(w: usize) -> Vec<u32> {
    let three = |m: u32| m & m >> 1 & m >> 2 != 0;
    let full = (1u32 << w) - 1;
    (0..1u32 << w)
        .filter(|&m| m.count_ones() as usize * 2 == w && !three(m) && !three(!m & full))
        .collect()
}

/// Depth-first over rows; `budget` counts rows tried.
fn stack(
    cands: &[u32],
    w: usize,
    h: usize,
    unique: bool,
    picked: &mut Vec<u32>,
    budget: &mut u32,
) -> bool {
    let r = picked.len();
    if r == h {
        if !unique {
            return true;
        }
        let col = |c: usize| {
            picked
                .iter()
                .enumerate()
                .fold(0u32, |m, (r, &x)| m | (x >> c & 1) << r)
        };
        return (0..w).all(|a| (a + 1..w).all(|b| col(a) != col(b)));
    }
    let full = (1u32 << w) - 1;
    for &x in cands {
        if *budget == 0 {
            return false;
        }
        *budget -= 1;
        if unique && picked.contains(&x) {
            continue;
        }
        let o = !x & full;
        if r >= 2 {
            let (a, b) = (picked[r - 2], picked[r - 1]);
            if x & a & b != 0 || o & !a & !b & full != 0 {
                continue;
            }
        }
        // Column counts within half after this row, and what each column
        // still needs of a symbol fits in the rows left without three in
        // a row (at most k - k / 3 of one symbol in k cells).
        let k = h - r - 1;
        let most = k - k / 3;
        let ok = (0..w).all(|c| {
            let xs = picked.iter().filter(|&&p| p >> c & 1 == 1).count() + (x >> c & 1) as usize;
            let os = r + 1 - xs;
            xs * 2 <= h && os * 2 <= h && h / 2 - xs <= most && h / 2 - os <= most
        });
        if !ok {
            continue;
        }
        picked.push(x);
        if stack(cands, w, h, unique, picked, budget) {
            return true;
        }
        picked.pop();
    }
    false
}

/// A random full board under a Takuzu rule set (even sides), or `None`
/// when the row search runs out of its budget 50 times.
pub(crate) fn random_takuzu(w: usize, h: usize, rules: RuleSet, rng: &mut Rng) -> Option<Board> {
    let mut cands = rows(w);
    for _ in 0..50 {
        shuffle(&mut cands, rng);
        let mut picked = Vec::with_capacity(h);
        let mut budget = 20_000;
        if stack(&cands, w, h, rules.unique_lines(), &mut picked, &mut budget) {
            let mut b = Board::new(w, h, Square::Empty).ok()?.with_rules(rules);
            for (r, x) in picked.iter().enumerate() {
                for c in 0..w {
                    b.set(
                        r,
                        c,
                        if x >> c & 1 == 1 {
                            Square::X
                        } else {
                            Square::O
                        },
                    );
                }
            }
            return Some(b);
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::puzzle::is_solved;
    use crate::rng::seeded;

    #[test]
    fn full_boards_are_solved() {
        for (s, rules) in [
            (6, RuleSet::Takuzu),
            (14, RuleSet::TakuzuUnique),
            (20, RuleSet::Takuzu),
        ] {
            let b = random_takuzu(s, s, rules, &mut seeded(3)).unwrap();
            assert!(b.is_full() && is_solved(&b), "{b}");
            assert_eq!(b.rules(), rules);
        }
    }
}
