//! The solution tree in use: [`tree_census`] counts the tree's nodes by
//! kind (road, trail, treasure) without storing them, within a node
//! budget; [`shallowest_trail`] finds a trail (a partial board with
//! exactly one solution below) as few branch choices below the root as
//! possible, which the generator's `prefer_trails` option uses to pick
//! the solution of a raw board.

use super::bits::{Bits, Rules};
use super::board::{Board, Square};
use super::solver::{CellOrder, two_bits};
use crate::rng::{Rng, RngExt};
use serde::Serialize;

/// The default node budget of [`tree_census`] in `evoboard puzzle solve`.
pub const TREE_NODES: u64 = 100_000;

/// The solution tree's size per node kind, as [`tree_census`] counts it.
///
/// The nodes are those of [`super::SolutionTree`]: every valid partial
/// board after propagation (branches that run into a contradiction are
/// not nodes).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize)]
pub struct TreeCensus {
    /// Partial boards with no solution or several below them.
    pub road: u64,
    /// Partial boards with exactly one solution below them.
    pub trail: u64,
    /// Solved boards.
    pub treasure: u64,
    /// Nodes whose subtree the budget cut before their kind was known
    /// (at most one solution found below them so far); 0 when complete.
    pub open: u64,
    /// Nodes visited (`road + trail + treasure + open`).
    pub nodes: u64,
    /// True when the whole tree was visited: then `treasure` is the
    /// number of solutions.
    pub complete: bool,
}

impl TreeCensus {
    /// The root's kind is "trail" or the root is a treasure: exactly one
    /// solution (only meaningful when `complete`).
    pub fn unique(&self) -> bool {
        self.complete && self.treasure == 1
    }
}

struct Census<'a> {
    order: &'a dyn CellOrder,
    left: u64,
    c: TreeCensus,
}

impl Census<'_> {
    /// Solutions found below `st` and whether the budget cut its subtree.
    fn visit(&mut self, mut st: Bits, changed: u32) -> (u64, bool) {
        let mut forced = 0;
        if st.propagate_rows(Rules::ALL, changed, &mut forced).is_err() {
            return (0, false);
        }
        if self.left == 0 {
            self.c.complete = false;
            return (0, true);
        }
        self.left -= 1;
        self.c.nodes += 1;
        let Some((r, c)) = self.order.next(&st) else {
            self.c.treasure += 1;
            return (1, false);
        };
        let (mut total, mut cut) = (0, false);
        for v in [Square::X, Square::O] {
            let mut child = st;
            child.set(r, c, v);
            let (n, k) = self.visit(child, 1 << r);
            total += n;
            cut |= k;
        }
        match (cut, total) {
            (false, 1) => self.c.trail += 1,
            (true, 0 | 1) => self.c.open += 1,
            _ => self.c.road += 1,
        }
        (total, cut)
    }
}

/// Count the nodes of `board`'s solution tree by kind, visiting at most
/// `max_nodes` nodes, storing none (the same tree as
/// [`super::SolutionTree::build`] with the same order).
///
/// ```
/// use evoboard_core::puzzle::{Board, Square, most_neighbours, tree_census};
/// let empty = Board::new(6, 6, Square::Empty).unwrap();
/// let t = tree_census(&empty, &most_neighbours, 100_000);
/// assert!(t.complete);
/// assert_eq!(t.treasure, 8); // an empty n × n board, n ≥ 5
/// ```
pub fn tree_census(board: &Board, order: &dyn CellOrder, max_nodes: u64) -> TreeCensus {
    let mut census = Census {
        order,
        left: max_nodes,
        c: TreeCensus {
            complete: true,
            ..TreeCensus::default()
        },
    };
    let bits = Bits::from_board(board);
    if bits.is_valid() {
        census.visit(bits, u32::MAX);
    }
    census.c
}

/// A trail found by [`shallowest_trail`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Trail {
    /// The one solution below the trail.
    pub solution: Board,
    /// The branch choices from the root to the trail (row, column,
    /// symbol); its length is the trail's depth. The raw board plus these
    /// givens has exactly one solution.
    pub path: Vec<(usize, usize, Square)>,
    /// Search nodes used (counting nodes and tree nodes).
    pub nodes: u64,
}

/// A trail of `board`'s solution tree (cell order `order`) at the least
/// depth, chosen uniformly at random among the trails of that depth, or
/// `None` when `max_nodes` search nodes were not enough or there is no
/// solution.
///
/// Breadth first: the nodes of one depth are visited in a random order
/// and each is counted up to two (a trail has exactly one solution below
/// it; a node with none is dropped; a node with two or more is branched
/// on, its valid children forming the next depth). The first trail met
/// wins. Every count's nodes and every child count against `max_nodes`.
pub fn shallowest_trail(
    board: &Board,
    order: &dyn CellOrder,
    max_nodes: u64,
    rng: &mut Rng,
) -> Option<Trail> {
    let mut root = Bits::from_board(board);
    let mut forced = 0;
    if !root.is_valid() || root.propagate(Rules::ALL, &mut forced).is_err() {
        return None;
    }
    let mut budget = max_nodes;
    // Branch choices: (parent choice index or u32::MAX, row, column, symbol).
    let mut choices: Vec<(u32, u8, u8, Square)> = Vec::new();
    let mut layer: Vec<(Bits, u32)> = vec![(root, u32::MAX)];
    while !layer.is_empty() {
        for i in (1..layer.len()).rev() {
            layer.swap(i, rng.random_range(0..=i));
        }
        let mut next = Vec::new();
        for &(st, at) in &layer {
            let (count, first, _) = two_bits(st, budget, &mut budget)?;
            match count {
                0 => {}
                1 => {
                    let mut path = Vec::new();
                    let mut k = at;
                    while let Some(&(parent, r, c, v)) = choices.get(k as usize) {
                        path.push((r as usize, c as usize, v));
                        k = parent;
                    }
                    path.reverse();
                    return Some(Trail {
                        solution: first?.to_board(),
                        path,
                        nodes: max_nodes - budget,
                    });
                }
                _ => {
                    let (r, c) = order.next(&st)?;
                    for v in [Square::X, Square::O] {
                        if budget == 0 {
                            return None;
                        }
                        budget -= 1;
                        let mut child = st;
                        child.set(r, c, v);
                        if child
                            .propagate_rows(Rules::ALL, 1 << r, &mut forced)
                            .is_ok()
                        {
                            choices.push((at, r as u8, c as u8, v));
                            next.push((child, choices.len() as u32 - 1));
                        }
                    }
                }
            }
        }
        layer = next;
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::puzzle::solver::{NodeKind, SolutionTree, count_solutions, most_neighbours};
    use crate::puzzle::{Difficulty, generate, is_solved};
    use crate::rng::seeded;

    fn random_board(w: usize, h: usize, seed: u64) -> Board {
        let mut rng = seeded(seed);
        let mut b = Board::new(w, h, Square::Empty).unwrap();
        for i in 0..b.len() {
            let x: f64 = rng.random();
            b.set_at(
                i,
                match x {
                    x if x < 0.1 => Square::Blocked,
                    x if x < 0.15 => Square::X,
                    x if x < 0.2 => Square::O,
                    _ => Square::Empty,
                },
            );
        }
        b
    }

    #[test]
    fn census_matches_the_stored_tree_and_the_counter() {
        let mut checked = 0;
        for seed in 0..60 {
            let b = random_board(4 + seed as usize % 3, 4 + seed as usize / 3 % 3, seed);
            let t = SolutionTree::build(&b, &most_neighbours, 1_000_000);
            let c = tree_census(&b, &most_neighbours, 1_000_000);
            assert!(t.complete && c.complete);
            let (treasures, trails, roads) = t.census();
            assert_eq!(
                (c.treasure, c.trail, c.road, c.open),
                (treasures as u64, trails as u64, roads as u64, 0),
                "seed {seed}\n{b}"
            );
            assert_eq!(c.nodes as usize, t.nodes.len());
            // Complete: treasures are the solutions.
            assert_eq!(c.treasure, count_solutions(&b, 1_000_000).count);
            assert_eq!(c.unique(), c.treasure == 1);
            checked += usize::from(c.treasure > 1);
        }
        assert!(checked > 5, "too few boards with several solutions");
    }

    #[test]
    fn unique_puzzles_have_a_trail_root() {
        for seed in 0..40 {
            let p = generate(8, 7, Difficulty::Hard, seed).unwrap();
            let b = p.cells_board().unwrap();
            let c = tree_census(&b, &most_neighbours, 1_000_000);
            assert!(c.unique(), "seed {seed}");
            assert_eq!(c.open, 0);
            let t = SolutionTree::build(&b, &most_neighbours, 1_000_000);
            assert!(matches!(
                t.nodes[0].kind,
                NodeKind::Trail | NodeKind::Treasure
            ));
            // Below a trail every node is a trail, a treasure or a dead road.
            assert_eq!(c.treasure, 1);
            assert_eq!(c.road + c.trail + c.treasure, c.nodes);
        }
    }

    #[test]
    fn census_budget_cuts() {
        let b = Board::new(12, 12, Square::Empty).unwrap();
        let full = tree_census(&b, &most_neighbours, u64::MAX);
        assert!(full.complete);
        assert_eq!(full.treasure, 8);
        let cut = tree_census(&b, &most_neighbours, full.nodes / 2);
        assert!(!cut.complete);
        assert_eq!(cut.nodes, full.nodes / 2);
        assert_eq!(cut.road + cut.trail + cut.treasure + cut.open, cut.nodes);
        assert!(cut.treasure < 8);
        // Cut before any solution: the root's kind is unknown.
        let tiny = tree_census(&b, &most_neighbours, 3);
        assert_eq!((tiny.nodes, tiny.treasure, tiny.complete), (3, 0, false));
        assert!(tiny.open >= 1 && !tiny.unique());
    }

    #[test]
    fn shallowest_trail_pins_its_solution() {
        for seed in 0..30 {
            let mut b = random_board(7, 6, seed);
            for i in 0..b.len() {
                if b.at(i).is_symbol() {
                    b.set_at(i, Square::Empty);
                }
            }
            let mut rng = seeded(seed);
            let t = shallowest_trail(&b, &most_neighbours, 1_000_000, &mut rng).unwrap();
            assert!(is_solved(&t.solution));
            let mut pinned = b.clone();
            for &(r, c, v) in &t.path {
                assert_eq!(t.solution.get(r, c), v);
                pinned.set(r, c, v);
            }
            let s = count_solutions(&pinned, 2);
            assert_eq!(s.count, 1, "seed {seed}");
            assert_eq!(s.solution.as_ref(), Some(&t.solution));
            // No trail is shallower: every choice set of fewer branch
            // choices down the tree leaves several solutions. Check the
            // parent of the trail.
            if let Some((_, rest)) = t.path.split_last() {
                let mut parent = b.clone();
                for &(r, c, v) in rest {
                    parent.set(r, c, v);
                }
                assert!(count_solutions(&parent, 2).count >= 2, "seed {seed}");
            }
            // Same seed, same trail.
            let again = shallowest_trail(&b, &most_neighbours, 1_000_000, &mut seeded(seed));
            assert_eq!(again.as_ref(), Some(&t));
            // A budget too small gives up.
            assert!(shallowest_trail(&b, &most_neighbours, 2, &mut seeded(seed)).is_none());
        }
    }
}
