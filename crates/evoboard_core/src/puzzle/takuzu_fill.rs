//! A random full Takuzu board, row by row: every balanced row without
//! three in a row is listed once (as an X mask), shuffled, and rows are
//! stacked while the columns stay within their half and free of triples
//! (and, with unique lines, rows and then columns differ). Much faster
//! than the cell-by-cell search on empty boards from 14 × 14 up, where
//! the column counts fail only late.

use super::board::{Board, Square};
use super::generator::shuffle;
use super::ruleset::RuleSet;
use crate::rng::{Rng, RngExt};

/// X masks of the balanced rows of `w` cells without three in a row, in
/// increasing order: built from the highest cell down, O before X, so
/// only valid prefixes are visited (the 2^w masks are never listed).
fn rows(w: usize) -> Vec<u32> {
    fn extend(w: usize, c: usize, m: u32, xs: usize, os: usize, out: &mut Vec<u32>) {
        if xs * 2 > w || os * 2 > w {
            return;
        }
        if c == 0 {
            out.push(m);
            return;
        }
        let c = c - 1;
        // The two cells above c (c + 1, c + 2) when both exist.
        let two = c + 2 < w;
        for x in [false, true] {
            if two {
                let (a, b) = (m >> (c + 1) & 1 == 1, m >> (c + 2) & 1 == 1);
                if a == x && b == x {
                    continue;
                }
            }
            let (m, xs, os) = if x {
                (m | 1 << c, xs + 1, os)
            } else {
                (m, xs, os + 1)
            };
            extend(w, c, m, xs, os, out);
        }
    }
    let mut out = Vec::new();
    extend(w, w, 0, 0, 0, &mut out);
    out
}

/// Columns where the next row may not put X (`.0`) or O (`.1`), given
/// the X count of each column over the `r` rows picked: the column would
/// go over its half, or what it still needs of a symbol would not fit in
/// the rows left without three in a row (at most k - k / 3 of one symbol
/// in k cells).
fn col_limits(cx: &[usize], w: usize, h: usize, r: usize) -> (u32, u32) {
    let k = h - r - 1;
    let most = k - k / 3;
    let ok = |xs: usize, os: usize| {
        xs * 2 <= h && os * 2 <= h && h / 2 - xs <= most && h / 2 - os <= most
    };
    let (mut no_x, mut no_o) = (0u32, 0u32);
    for (c, &n) in cx.iter().enumerate().take(w) {
        if !ok(n + 1, r - n) {
            no_x |= 1 << c;
        }
        if !ok(n, r + 1 - n) {
            no_o |= 1 << c;
        }
    }
    (no_x, no_o)
}

/// Depth-first over rows; `budget` counts rows tried; `cx` holds the X
/// count of each column over the rows picked. Row r tries the candidates
/// from `starts[r]` on (wrapping round): one shuffled list, a different
/// random starting point on each row, so the rows below do not simply
/// repeat the first row that fits (with one order for every row, boards
/// came out as one row and its complement stacked; issue 41).
fn stack(
    cands: &[u32],
    starts: &[usize; 32],
    (w, h): (usize, usize),
    unique: bool,
    picked: &mut Vec<u32>,
    cx: &mut [usize; 32],
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
    let (no_x, no_o) = col_limits(cx, w, h, r);
    let (tail, head) = cands.split_at(starts[r] % cands.len().max(1));
    for &x in head.iter().chain(tail) {
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
        if x & no_x != 0 || o & no_o != 0 {
            continue;
        }
        picked.push(x);
        for (c, n) in cx.iter_mut().enumerate().take(w) {
            *n += (x >> c & 1) as usize;
        }
        if stack(cands, starts, (w, h), unique, picked, cx, budget) {
            return true;
        }
        picked.pop();
        for (c, n) in cx.iter_mut().enumerate().take(w) {
            *n -= (x >> c & 1) as usize;
        }
    }
    false
}

/// A random full board under a Takuzu rule set (even sides), or `None`
/// when the row search runs out of its budget 50 times.
pub(crate) fn random_takuzu(w: usize, h: usize, rules: RuleSet, rng: &mut Rng) -> Option<Board> {
    random_takuzu_with(w, h, rules, rng, h, (50, 20_000))
}

/// [`random_takuzu`] with random starting points on the first `varied`
/// rows only (the others start at the list's head).
fn random_takuzu_with(
    w: usize,
    h: usize,
    rules: RuleSet,
    rng: &mut Rng,
    varied: usize,
    (tries, rows_per_try): (u32, u32),
) -> Option<Board> {
    let mut cands = rows(w);
    for _ in 0..tries {
        shuffle(&mut cands, rng);
        let mut starts = [0usize; 32];
        for s in starts.iter_mut().take(varied.min(h)) {
            *s = rng.random_range(0..cands.len().max(1));
        }
        let mut picked = Vec::with_capacity(h);
        let mut budget = rows_per_try;
        let mut cx = [0usize; 32];
        if stack(
            &cands,
            &starts,
            (w, h),
            rules.unique_lines(),
            &mut picked,
            &mut cx,
            &mut budget,
        ) {
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
    fn rows_listed_in_order() {
        for w in [2, 4, 6, 10, 14] {
            let three = |m: u32| m & m >> 1 & m >> 2 != 0;
            let full = (1u32 << w) - 1;
            let brute: Vec<u32> = (0..1u32 << w)
                .filter(|&m| m.count_ones() as usize * 2 == w && !three(m) && !three(!m & full))
                .collect();
            assert_eq!(rows(w), brute, "width {w}");
        }
    }

    /// Time and variety of the full boards (a measurement).
    #[test]
    #[ignore]
    fn fill_timing() {
        for side in [14, 20] {
            // Tried too on 20 × 20 with all rows varied: (500, 2 000)
            // 22 ms a board, (2 000, 500) 86 ms, (10 000, 100) 389 ms.
            for (varied, budget) in [(0, (50, 20_000)), (side, (50, 20_000))] {
                let t = std::time::Instant::now();
                let mut repeats = 0;
                for seed in 0..100 {
                    let Some(b) = random_takuzu_with(
                        side,
                        side,
                        RuleSet::Takuzu,
                        &mut seeded(seed),
                        varied,
                        budget,
                    ) else {
                        println!("{side} {varied} {budget:?}: seed {seed} none");
                        continue;
                    };
                    let row = |r: usize| (0..side).map(|c| b.get(r, c)).collect::<Vec<_>>();
                    let first = row(0);
                    let flip: Vec<Square> = first.iter().map(|s| s.opposite()).collect();
                    repeats += (1..side)
                        .filter(|&r| row(r) == first || row(r) == flip)
                        .count();
                }
                println!(
                    "{side}x{side} varied rows {varied} {budget:?}: {:.3} ms per board, rows equal to row 1 or its complement {:.1} %",
                    t.elapsed().as_secs_f64() * 10.0,
                    repeats as f64 / (100.0 * (side - 1) as f64) * 100.0
                );
            }
        }
    }

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
