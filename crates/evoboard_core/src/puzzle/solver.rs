//! The solver: counts solutions up to a limit and returns one, by
//! depth-first search over bitboards with full propagation at every node
//! ([`Bits::propagate`]). The cell branched on is chosen by a pluggable
//! [`CellOrder`]. [`SolutionTree`] keeps the published tree of valid
//! partial boards with its road/treasure/trail nodes.

use super::bits::{Bits, Rules};
use super::board::{Board, Square};
use crate::rng::{Rng, RngExt};

/// Chooses the next empty cell to branch on, or `None` when the board is
/// full. Called on a propagated, conflict-free partial board; the cell
/// returned must be an empty cell of that board (the search branches on
/// it, and a cell off the board panics). Any
/// `Fn(&Bits) -> Option<(usize, usize)>` is a cell order ([`row_major`],
/// [`most_neighbours`]); [`NearestTo`] is one with state.
pub trait CellOrder {
    /// The next empty cell to branch on.
    fn next(&self, b: &Bits) -> Option<(usize, usize)>;
}

impl<F: Fn(&Bits) -> Option<(usize, usize)>> CellOrder for F {
    fn next(&self, b: &Bits) -> Option<(usize, usize)> {
        self(b)
    }
}

/// Grows a compact block around one focus cell: the empty cell nearest
/// to it (Chebyshev distance, then Manhattan, then row-major). An
/// alternative order for "is this given needed?" checks; measured slower
/// than [`most_neighbours`] there (see `crates/evoboard_core/src/puzzle/README.md`).
#[derive(Clone, Debug)]
pub struct NearestTo {
    cells: Vec<(u8, u8)>,
}

impl NearestTo {
    /// The order for a `width` × `height` board around (r, c).
    pub fn new(width: usize, height: usize, r: usize, c: usize) -> NearestTo {
        let mut cells: Vec<(u8, u8)> = (0..height)
            .flat_map(|y| (0..width).map(move |x| (y as u8, x as u8)))
            .collect();
        cells.sort_by_key(|&(y, x)| {
            let dy = (y as isize - r as isize).unsigned_abs();
            let dx = (x as isize - c as isize).unsigned_abs();
            (dy.max(dx), dy + dx, y, x)
        });
        NearestTo { cells }
    }
}

impl CellOrder for NearestTo {
    fn next(&self, b: &Bits) -> Option<(usize, usize)> {
        self.cells
            .iter()
            .map(|&(y, x)| (y as usize, x as usize))
            .find(|&(y, x)| b.empty_row(y) >> x & 1 != 0)
    }
}

/// Row-major order: the first empty cell. Grows a block of filled cells
/// row by row from the top-left corner; cheap per node, but it leaves long
/// open fronts (counting an empty 20 × 20 board takes ~200 times longer
/// than with [`most_neighbours`], see `crates/evoboard_core/src/puzzle/README.md`).
pub fn row_major(b: &Bits) -> Option<(usize, usize)> {
    b.first_empty()
}

/// The empty cell with the most filled neighbours (ties: row-major):
/// grows a compact block of filled cells where it is already densest.
/// The default order of [`count_solutions`] and [`random_solution`].
pub fn most_neighbours(b: &Bits) -> Option<(usize, usize)> {
    let mut best: Option<((usize, usize), u32)> = None;
    for r in 0..b.height() {
        let mut e = b.empty_row(r);
        while e != 0 {
            let c = e.trailing_zeros() as usize;
            e &= e - 1;
            let n = b.filled_neighbours(r, c);
            if best.is_none_or(|(_, bn)| n > bn) {
                best = Some(((r, c), n));
            }
        }
    }
    best.map(|(p, _)| p)
}

/// What a count returns.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Solved {
    /// Solutions found, capped at the limit.
    pub count: u64,
    /// The first solution found, if any.
    pub solution: Option<Board>,
    /// The second solution found, if the limit allowed one (it differs
    /// from the first).
    pub second: Option<Board>,
    /// Search nodes visited (one propagation each).
    pub nodes: u64,
}

struct Dfs<'a> {
    order: &'a dyn CellOrder,
    limit: u64,
    count: u64,
    first: Option<Bits>,
    second: Option<Bits>,
    nodes: u64,
    /// The search stops (aborted) after this many nodes.
    node_limit: u64,
    aborted: bool,
    rng: Option<&'a mut Rng>,
}

impl Dfs<'_> {
    /// `changed`: the rows and the columns changed since the last
    /// fixpoint.
    fn run(&mut self, mut st: Bits, changed: (u32, u32)) {
        if self.nodes >= self.node_limit {
            self.aborted = true;
            return;
        }
        self.nodes += 1;
        let mut forced = 0;
        if st
            .propagate_lines(Rules::ALL, changed.0, changed.1, &mut forced)
            .is_err()
        {
            return;
        }
        let Some((r, c)) = self.order.next(&st) else {
            self.count += 1;
            if self.first.is_none() {
                self.first = Some(st);
            } else if self.second.is_none() {
                self.second = Some(st);
            }
            return;
        };
        let flip = self.rng.as_deref_mut().is_some_and(|g| g.random_bool(0.5));
        let first = if flip { Square::O } else { Square::X };
        for v in [first, first.opposite()] {
            let mut child = st;
            child.set(r, c, v);
            self.run(child, (1 << r, 1 << c));
            if self.count >= self.limit || self.aborted {
                return;
            }
        }
    }
}

/// Count the solutions of `board` up to `limit` (at least 1) with the
/// given cell order, and return the first one found.
pub fn count_with(board: &Board, limit: u64, order: &dyn CellOrder) -> Solved {
    let bits = Bits::from_board(board);
    count_bits(bits, limit, order, None)
}

/// Count the solutions of `board` up to `limit` (order:
/// [`most_neighbours`]).
pub fn count_solutions(board: &Board, limit: u64) -> Solved {
    count_with(board, limit, &most_neighbours)
}

/// Count solutions of a bitboard; with `rng`, each branch tries a random
/// symbol first (so the first solution is a random one).
pub fn count_bits(bits: Bits, limit: u64, order: &dyn CellOrder, rng: Option<&mut Rng>) -> Solved {
    let mut dfs = Dfs {
        order,
        limit: limit.max(1),
        count: 0,
        first: None,
        second: None,
        nodes: 0,
        node_limit: u64::MAX,
        aborted: false,
        rng,
    };
    if bits.is_valid() {
        dfs.run(bits, (u32::MAX, u32::MAX));
    }
    Solved {
        count: dfs.count,
        solution: dfs.first.map(|b| b.to_board()),
        second: dfs.second.map(|b| b.to_board()),
        nodes: dfs.nodes,
    }
}

/// Count solutions of a bitboard up to two without building boards:
/// the count (0, 1 or 2) and the first two solutions found. The editor's
/// searches call this in their inner loops.
/// `None` when the search needed more than `node_limit` nodes or more
/// than `budget` holds; the nodes used are taken from `budget`.
pub(crate) fn two_bits(
    bits: Bits,
    node_limit: u64,
    budget: &mut u64,
) -> Option<(u64, Option<Bits>, Option<Bits>)> {
    budgeted_count(bits, 2, node_limit, budget)
}

/// The budgeted search behind [`two_bits`] and [`count_only`]: count up
/// to `limit`, keeping the first two solutions.
fn budgeted_count(
    bits: Bits,
    limit: u64,
    node_limit: u64,
    budget: &mut u64,
) -> Option<(u64, Option<Bits>, Option<Bits>)> {
    let mut dfs = Dfs {
        order: &most_neighbours,
        limit,
        count: 0,
        first: None,
        second: None,
        nodes: 0,
        node_limit: node_limit.min(*budget),
        aborted: false,
        rng: None,
    };
    if bits.is_valid() {
        dfs.run(bits, (u32::MAX, u32::MAX));
    }
    *budget = budget.saturating_sub(dfs.nodes);
    (!dfs.aborted).then_some((dfs.count, dfs.first, dfs.second))
}

/// Count solutions of a bitboard up to `limit` (at least 1), building
/// no board; `None` when the search needed more than `node_limit` nodes
/// or more than `budget` holds (the nodes used are taken from it).
pub(crate) fn count_only(bits: Bits, limit: u64, node_limit: u64, budget: &mut u64) -> Option<u64> {
    budgeted_count(bits, limit.max(1), node_limit, budget).map(|(count, _, _)| count)
}

/// One solution of `board` picked at random (random symbol order at every
/// branch), or `None` when there is none.
pub fn random_solution(board: &Board, rng: &mut Rng) -> Option<Board> {
    count_bits(Bits::from_board(board), 1, &most_neighbours, Some(rng)).solution
}

/// True when the bitboard has at least one solution, searching with the
/// given order.
pub fn satisfiable(bits: Bits, order: &dyn CellOrder) -> bool {
    count_bits(bits, 1, order, None).count > 0
}

/// The kind of a node in the [`SolutionTree`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum NodeKind {
    /// A solved (full) board.
    Treasure,
    /// A partial board with exactly one solution below it.
    Trail,
    /// Any other partial board (several solutions below, or none).
    Road,
}

/// A node of the [`SolutionTree`]: a valid partial board after
/// propagation.
#[derive(Clone, Debug)]
pub struct Node {
    /// The parent node (none for the root).
    pub parent: Option<usize>,
    /// The branch taken from the parent: row, column, symbol.
    pub choice: Option<(usize, usize, Square)>,
    /// Treasure, trail or road.
    pub kind: NodeKind,
    /// Solutions below this node (itself included when a treasure).
    pub solutions: u64,
    /// Children (valid partial boards one branch further).
    pub children: Vec<usize>,
    /// The partial board.
    pub board: Bits,
}

/// The published solution tree: every valid partial board the search
/// visits, classified as treasure (solved), trail (exactly one solution
/// below) or road. When a branch is chosen, trails go first.
#[derive(Clone, Debug)]
pub struct SolutionTree {
    /// The nodes; index 0 is the root (absent when the givens conflict).
    pub nodes: Vec<Node>,
    /// False when the node budget ran out before the tree was complete.
    pub complete: bool,
}

impl SolutionTree {
    /// Build the whole tree of `board` with the given cell order, keeping
    /// at most `max_nodes` nodes.
    pub fn build(board: &Board, order: &dyn CellOrder, max_nodes: usize) -> SolutionTree {
        let mut tree = SolutionTree {
            nodes: Vec::new(),
            complete: true,
        };
        let bits = Bits::from_board(board);
        if bits.is_valid() {
            tree.grow(bits, None, None, order, max_nodes);
        }
        tree
    }

    fn grow(
        &mut self,
        mut st: Bits,
        parent: Option<usize>,
        choice: Option<(usize, usize, Square)>,
        order: &dyn CellOrder,
        max_nodes: usize,
    ) -> Option<usize> {
        let mut forced = 0;
        if st.propagate(Rules::ALL, &mut forced).is_err() {
            return None;
        }
        if self.nodes.len() >= max_nodes {
            self.complete = false;
            return None;
        }
        let id = self.nodes.len();
        self.nodes.push(Node {
            parent,
            choice,
            kind: NodeKind::Road,
            solutions: 0,
            children: Vec::new(),
            board: st,
        });
        let Some((r, c)) = order.next(&st) else {
            self.nodes[id].kind = NodeKind::Treasure;
            self.nodes[id].solutions = 1;
            return Some(id);
        };
        let mut total = 0;
        for v in [Square::X, Square::O] {
            let mut child = st;
            child.set(r, c, v);
            if let Some(k) = self.grow(child, Some(id), Some((r, c, v)), order, max_nodes) {
                total += self.nodes[k].solutions;
                self.nodes[id].children.push(k);
            }
        }
        // Trails first among the children.
        let mut children = std::mem::take(&mut self.nodes[id].children);
        children.sort_by_key(|&k| self.nodes[k].kind != NodeKind::Trail);
        let node = &mut self.nodes[id];
        node.children = children;
        node.solutions = total;
        if total == 1 {
            node.kind = NodeKind::Trail;
        }
        Some(id)
    }

    /// Solutions below the root (0 when the givens conflict).
    pub fn count(&self) -> u64 {
        self.nodes.first().map_or(0, |n| n.solutions)
    }

    /// Number of nodes of each kind: (treasures, trails, roads).
    pub fn census(&self) -> (usize, usize, usize) {
        let k = |kind| self.nodes.iter().filter(|n| n.kind == kind).count();
        (k(NodeKind::Treasure), k(NodeKind::Trail), k(NodeKind::Road))
    }

    /// Walk down from the root, trails first, to a treasure.
    pub fn first_solution(&self) -> Option<Board> {
        let mut id = 0;
        loop {
            let node = self.nodes.get(id)?;
            if node.kind == NodeKind::Treasure {
                return Some(node.board.to_board());
            }
            id = *node
                .children
                .iter()
                .find(|&&k| self.nodes[k].solutions > 0)?;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::puzzle::rules::is_solved;

    fn empty(w: usize, h: usize) -> Board {
        Board::new(w, h, Square::Empty).unwrap()
    }

    #[test]
    fn empty_board_facts() {
        assert_eq!(count_solutions(&empty(3, 3), 1000).count, 32);
        assert_eq!(count_solutions(&empty(4, 4), 1000).count, 18);
        for n in 5..=8 {
            assert_eq!(count_solutions(&empty(n, n), 1000).count, 8, "n = {n}");
        }
        for n in [12, 20] {
            assert_eq!(count_solutions(&empty(n, n), 1000).count, 8, "n = {n}");
        }
    }

    #[test]
    fn orders_agree() {
        for n in 3..=7 {
            let a = count_with(&empty(n, n), 1000, &row_major);
            let b = count_with(&empty(n, n), 1000, &most_neighbours);
            assert_eq!(a.count, b.count);
            assert!(is_solved(b.solution.as_ref().unwrap()));
            let c = count_with(&empty(n, n), 1000, &NearestTo::new(n, n, n / 2, 1));
            assert_eq!(a.count, c.count);
        }
    }

    #[test]
    fn limit_and_solution() {
        let s = count_solutions(&empty(6, 6), 2);
        assert_eq!(s.count, 2);
        let sol = s.solution.unwrap();
        assert!(is_solved(&sol));
        let none = count_solutions(&Board::parse("XX.\n...\n..X").unwrap(), 2);
        assert!(none.count >= 1);
        let broken = count_solutions(&Board::parse("XXX\n...").unwrap(), 2);
        assert_eq!(broken.count, 0);
        assert!(broken.solution.is_none());
    }

    #[test]
    fn tree_kinds() {
        for n in 3..=6 {
            let t = SolutionTree::build(&empty(n, n), &row_major, 1_000_000);
            assert!(t.complete);
            assert_eq!(t.count(), count_solutions(&empty(n, n), 1000).count);
            let (treasures, _, roads) = t.census();
            assert_eq!(treasures as u64, t.count());
            assert!(roads >= 1);
            assert!(is_solved(&t.first_solution().unwrap()));
        }
        // A unique puzzle: the root is a trail.
        let b = Board::parse("XXO\nOOX\nXX.").unwrap();
        let t = SolutionTree::build(&b, &most_neighbours, 100);
        assert_eq!(t.count(), 1);
        assert_ne!(t.nodes[0].kind, NodeKind::Road);
    }
}
