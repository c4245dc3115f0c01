//! `puzzle solve --json`: the solutions counted, one shown, the grade and
//! the solution tree's census.

use crate::puzzle::{Board, Solved, TreeCensus, grade, technique_grade, techniques_used};
use serde::Serialize;

/// What `puzzle solve --json` prints.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct SolveReport {
    /// Solutions found, capped at the limit.
    pub solutions: u64,
    /// The first solution found, one string per row (`None`: no solution).
    pub solution: Option<Vec<String>>,
    /// Width in cells.
    pub width: usize,
    /// Height in cells.
    pub height: usize,
    /// Exactly one solution.
    pub unique: bool,
    /// The published deduction level of a unique puzzle (`None` when not
    /// unique or beyond look-ahead).
    pub level: Option<u8>,
    /// The rule set's name.
    pub rules: &'static str,
    /// The technique grade (1..=4), `None` beyond every technique.
    pub grade: Option<u8>,
    /// The techniques a solver by hand needs, by name.
    pub techniques: Vec<&'static str>,
    /// Search nodes the count visited.
    pub nodes: u64,
    /// Wall time of the count, in milliseconds.
    pub elapsed_ms: f64,
    /// The solution tree's census (`None`, printed as null, with
    /// `--tree-nodes 0`).
    pub tree: Option<TreeReport>,
}

/// The solution tree's census of `puzzle solve`, timed on its own.
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
pub struct TreeReport {
    /// Nodes by kind (`road`, `trail`, `treasure`, `open`, `nodes`,
    /// `complete`, at the top level of this object).
    #[serde(flatten)]
    pub census: TreeCensus,
    /// The node budget.
    pub budget: u64,
    /// Wall time of the census, in milliseconds.
    pub elapsed_ms: f64,
}

impl SolveReport {
    /// The report of `board`'s count `solved` (taking `elapsed_ms`), with
    /// the tree census when one was made; the level, the grade and the
    /// techniques are measured here.
    pub fn new(board: &Board, solved: &Solved, elapsed_ms: f64, tree: Option<TreeReport>) -> Self {
        let unique = solved.count == 1;
        SolveReport {
            solutions: solved.count,
            solution: solved.solution.as_ref().map(Board::to_strings),
            width: board.width(),
            height: board.height(),
            unique,
            level: if unique { grade(board).level } else { None },
            rules: board.rules().name(),
            grade: technique_grade(board),
            techniques: techniques_used(board).iter().map(|t| t.name()).collect(),
            nodes: solved.nodes,
            elapsed_ms,
            tree,
        }
    }
}
