//! "Make unique": add the fewest givens that leave exactly one solution.
//!
//! What "fewest" guarantees: the answer is the exact minimum whenever
//! the minimum is at most [`EXACT_GIVENS`] + 1 and the exact search
//! finishes within [`EXACT_NODES`] solver searches, none of them
//! needing more than [`CALL_NODES`] nodes, and [`TOTAL_NODES`] in all;
//! otherwise it is a greedy
//! answer with no redundant given ([`Uniqueness::exact`] says which).
//! A draft whose own count needs more than [`CALL_NODES`] nodes, or
//! whose greedy answer needs more than [`TOTAL_NODES`], is refused
//! ([`PuzzleError::TooHard`]) rather than searched for ever. The minimum is over every way to finish: any cells, either
//! symbol, whichever solution ends up the unique one.
//!
//! How:
//! 1. Greedy, for an upper bound g: while two solutions s1 ≠ s2 remain,
//!    add the given, at a cell where they differ (at most
//!    [`GREEDY_CELLS`] cells tried), that leaves the fewest solutions
//!    (counted up to [`GREEDY_CAP`]); then drop every
//!    added given the puzzle stays unique without.
//! 2. Iterative deepening for k = 1, 2, … below g (up to
//!    [`EXACT_GIVENS`]): a depth-first search over sets of k givens.
//!    At a node with two solutions s1 ≠ s2, any finishing set must rule
//!    one of them out, so it contains a given (c, v) with v ≠ s1(c) or
//!    v ≠ s2(c): the branches are the opposite of s1 at every empty
//!    cell, plus s1's symbol where s2 differs. A branch tried once is
//!    excluded from its later siblings' subtrees (they would only find
//!    the same sets again). A given leaving no solution is a dead end.
//!    If no k < g finishes, g is the minimum.

use super::super::bits::Bits;
use super::super::board::{Board, Square};
use super::super::error::PuzzleError;
use super::super::rules::rule_breaks;
use super::super::solver::{count_only, two_bits};
use crate::rng::{Rng, RngExt, seeded};

/// The exact search looks for answers of up to this many givens (one
/// more is proven minimal when no shorter answer exists).
pub const EXACT_GIVENS: usize = 3;
/// Solver searches the exact search may make before it settles for the
/// greedy answer.
pub const EXACT_NODES: u64 = 50_000;
/// Search nodes one solver call of "make unique" may visit: a call that
/// needs more counts as unknown (a greedy candidate skipped, an exact
/// branch left unproven).
pub const CALL_NODES: u64 = 200_000;
/// Search nodes one "make unique" may visit in all: past them it answers
/// with what it has (the greedy answer, unproven) or refuses
/// ([`PuzzleError::TooHard`]) when even the greedy one is not finished.
pub const TOTAL_NODES: u64 = 20_000_000;
/// The greedy step counts the solutions a candidate leaves up to this.
pub const GREEDY_CAP: u64 = 64;
/// The greedy step tries at most this many cells (both symbols each),
/// the first in a seeded shuffle of the cells where two solutions differ.
pub const GREEDY_CELLS: usize = 16;

/// What [`super::PuzzleDraft::make_unique`] added.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Uniqueness {
    /// The givens added (row, column, symbol), in row-major order.
    pub added: Vec<(usize, usize, Square)>,
    /// True when no shorter set of givens makes the puzzle unique
    /// (proven by the exact search).
    pub exact: bool,
    /// Solver searches made.
    pub searches: u64,
}

type Given = (usize, usize, Square);

fn with(bits: &Bits, givens: &[Given]) -> Bits {
    let mut b = *bits;
    for &(r, c, v) in givens {
        b.set(r, c, v);
    }
    b
}

/// Empty cells of `bits` as (row, column).
fn empty_cells(bits: &Bits) -> Vec<(usize, usize)> {
    let mut out = Vec::new();
    for r in 0..bits.height() {
        let mut e = bits.empty_row(r);
        while e != 0 {
            let c = e.trailing_zeros() as usize;
            e &= e - 1;
            out.push((r, c));
        }
    }
    out
}

fn shuffle<T>(v: &mut [T], rng: &mut Rng) {
    for i in (1..v.len()).rev() {
        let j = rng.random_range(0..=i);
        v.swap(i, j);
    }
}

/// Make `board` unique with the fewest givens it can prove (see the
/// module text); an error when it has no solution.
pub(super) fn make_unique(board: &Board, seed: u64) -> Result<Uniqueness, PuzzleError> {
    let bits = Bits::from_board(board);
    let mut budget = TOTAL_NODES;
    let (count, s1, s2) = two_bits(bits, CALL_NODES, &mut budget)
        .ok_or(PuzzleError::TooHard { nodes: CALL_NODES })?;
    let mut searches = 1;
    let (Some(s1), Some(s2)) = (s1, s2) else {
        return if count == 0 {
            Err(PuzzleError::NoSolution {
                rule_breaks: rule_breaks(board).len(),
            })
        } else {
            Ok(Uniqueness {
                added: Vec::new(),
                exact: true,
                searches,
            })
        };
    };
    let mut rng = seeded(seed);
    let greedy = greedy(&bits, s1, s2, &mut rng, &mut searches, &mut budget)?;
    let mut exact = Exact {
        budget,
        rng,
        searches,
        exhausted: false,
        unproven: false,
        path: Vec::new(),
        excluded: Vec::new(),
    };
    for k in 1..greedy.len().min(EXACT_GIVENS + 1) {
        if exact.search(&bits, s1, s2, k) {
            let mut added = exact.path.clone();
            added.sort_by_key(|&(r, c, _)| (r, c));
            return Ok(Uniqueness {
                added,
                exact: !exact.unproven,
                searches: exact.searches,
            });
        }
        if exact.exhausted {
            break;
        }
    }
    let mut added = greedy;
    added.sort_by_key(|&(r, c, _)| (r, c));
    Ok(Uniqueness {
        exact: !exact.exhausted && !exact.unproven && added.len() <= EXACT_GIVENS + 1,
        added,
        searches: exact.searches,
    })
}

/// Step 1: greedy givens, then the redundant ones dropped.
fn greedy(
    bits: &Bits,
    mut s1: Bits,
    mut s2: Bits,
    rng: &mut Rng,
    searches: &mut u64,
    budget: &mut u64,
) -> Result<Vec<Given>, PuzzleError> {
    let too_hard = PuzzleError::TooHard { nodes: TOTAL_NODES };
    let mut cur = *bits;
    let mut added: Vec<Given> = Vec::new();
    let mut cells = empty_cells(bits);
    shuffle(&mut cells, rng);
    loop {
        // Either symbol where s1 and s2 differ (one of them stays a
        // solution).
        let mut best: Option<(Given, u64)> = None;
        let mut tried = 0;
        for &(r, c) in &cells {
            let a = s1.get(r, c);
            if cur.get(r, c) != Square::Empty || s2.get(r, c) == a {
                continue;
            }
            if tried == GREEDY_CELLS {
                break;
            }
            tried += 1;
            for v in [a, a.opposite()] {
                let mut child = cur;
                child.set(r, c, v);
                *searches += 1;
                let Some(n) = count_only(child, GREEDY_CAP, CALL_NODES, budget) else {
                    continue;
                };
                if best.is_none_or(|(_, bn)| n < bn) {
                    best = Some(((r, c, v), n));
                }
            }
        }
        // s1 and s2 differ at an empty cell, so there is a candidate;
        // none when every count ran out of nodes.
        let Some(((r, c, v), _)) = best else {
            return Err(too_hard);
        };
        cur.set(r, c, v);
        added.push((r, c, v));
        *searches += 1;
        match two_bits(cur, CALL_NODES, budget) {
            Some((_, Some(a), Some(b))) => {
                s1 = a;
                s2 = b;
            }
            Some(_) => break,
            None => return Err(too_hard),
        }
    }
    // Drop the givens it stays unique without (latest first: the early
    // ones did the most work).
    let mut i = added.len();
    while i > 0 {
        i -= 1;
        let mut rest = added.clone();
        rest.remove(i);
        *searches += 1;
        if two_bits(with(bits, &rest), CALL_NODES, budget).is_some_and(|t| t.0 == 1) {
            added = rest;
        }
    }
    Ok(added)
}

/// Step 2: the depth-limited search.
struct Exact {
    /// Search nodes left.
    budget: u64,
    rng: Rng,
    searches: u64,
    exhausted: bool,
    /// A branch ran out of nodes: its subtree is not known to be empty.
    unproven: bool,
    path: Vec<Given>,
    excluded: Vec<Given>,
}

impl Exact {
    /// Is there a set of `budget` more givens making `cur` (whose two
    /// solutions are s1 ≠ s2) unique? On success `path` holds it.
    fn search(&mut self, cur: &Bits, s1: Bits, s2: Bits, budget: usize) -> bool {
        let mut cands: Vec<Given> = Vec::new();
        let mut rest: Vec<Given> = Vec::new();
        for (r, c) in empty_cells(cur) {
            let a = s1.get(r, c);
            if s2.get(r, c) != a {
                cands.push((r, c, a));
                cands.push((r, c, a.opposite()));
            } else {
                rest.push((r, c, a.opposite()));
            }
        }
        // Where the two differ first: those split the known solutions.
        shuffle(&mut cands, &mut self.rng);
        shuffle(&mut rest, &mut self.rng);
        cands.extend(rest);
        let excluded_at_entry = self.excluded.len();
        let mut found = false;
        for g in cands {
            if self.excluded.contains(&g) {
                continue;
            }
            if self.searches >= EXACT_NODES || self.budget == 0 {
                self.exhausted = true;
                break;
            }
            let mut child = *cur;
            child.set(g.0, g.1, g.2);
            self.searches += 1;
            let Some((n, a, b)) = two_bits(child, CALL_NODES, &mut self.budget) else {
                self.unproven = true;
                self.excluded.push(g);
                continue;
            };
            self.path.push(g);
            if n == 1 {
                found = true;
                break;
            }
            if let (Some(a), Some(b), true) = (a, b, budget > 1)
                && self.search(&child, a, b, budget - 1)
            {
                found = true;
                break;
            }
            self.path.pop();
            if self.exhausted {
                break;
            }
            self.excluded.push(g);
        }
        self.excluded.truncate(excluded_at_entry);
        found
    }
}
