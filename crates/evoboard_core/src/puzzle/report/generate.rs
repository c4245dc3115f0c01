//! `puzzle generate --json`: one generated puzzle, its grade and shares.

use crate::puzzle::{Generated, PuzzleError, TRAIL_NODES, technique_grade, techniques_used};
use serde::Serialize;

/// What `puzzle generate` was asked beside size and difficulty (the
/// puzzle carries those).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct GenerateAsked {
    /// The seed.
    pub seed: u64,
    /// `--prefer-trails`: the solution below a shallowest trail.
    pub prefer_trails: bool,
    /// `--symmetric`: givens and blocked cells symmetric under a half turn.
    pub symmetric: bool,
    /// The trail search's node budget (`--trail-nodes`).
    pub trail_nodes: u64,
}

impl Default for GenerateAsked {
    /// Seed 1, no trails, not symmetric, the default trail budget.
    fn default() -> Self {
        GenerateAsked {
            seed: 1,
            prefer_trails: false,
            symmetric: false,
            trail_nodes: TRAIL_NODES,
        }
    }
}

/// What `puzzle generate --json` prints for one puzzle.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct GenerateReport {
    /// Width in cells.
    pub width: usize,
    /// Height in cells.
    pub height: usize,
    /// The puzzle, one string per row (`#` blocked, `.` empty, `X`, `O`).
    pub cells: Vec<String>,
    /// Its unique solution, one string per row.
    pub solution: Vec<String>,
    /// Wall time, in milliseconds.
    pub elapsed_ms: f64,
    /// The seed.
    pub seed: u64,
    /// The published difficulty it was made at (`easy`, `hard`).
    pub difficulty: &'static str,
    /// The published deduction level (1..=3), `None` beyond look-ahead.
    pub level: Option<u8>,
    /// The rule set's name.
    pub rules: &'static str,
    /// The technique grade (1..=4), `None` beyond every technique.
    pub grade: Option<u8>,
    /// The techniques a solver by hand needs, by name.
    pub techniques: Vec<&'static str>,
    /// Share of all cells left empty.
    pub empty_share: f64,
    /// Share of all cells blocked.
    pub blocked_share: f64,
    /// Share of all cells given.
    pub given_share: f64,
    /// Share of all cells empty after stripping, before givens were added
    /// back.
    pub stripped_empty_share: f64,
    /// Whether `--prefer-trails` was asked.
    pub prefer_trails: bool,
    /// Whether `--symmetric` was asked.
    pub symmetric: bool,
    /// The trail search (`None`, printed as null, without
    /// `--prefer-trails`).
    pub trail: Option<TrailReport>,
}

/// The trail search of `puzzle generate --prefer-trails`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct TrailReport {
    /// Whether a trail was found within the budget.
    pub found: bool,
    /// Its depth (branch choices from the root), when found.
    pub depth: Option<usize>,
    /// Search nodes used.
    pub nodes: u64,
    /// The node budget.
    pub budget: u64,
}

impl GenerateReport {
    /// The report of `g`, generated as `asked` in `elapsed_ms`; the grade
    /// and the techniques are measured here. Fails only when the puzzle's
    /// cells are not a board.
    pub fn new(g: &Generated, asked: &GenerateAsked, elapsed_ms: f64) -> Result<Self, PuzzleError> {
        let p = &g.puzzle;
        let board = p.cells_board().map_err(PuzzleError::Cells)?;
        Ok(GenerateReport {
            width: p.width,
            height: p.height,
            cells: p.cells.clone(),
            solution: p.solution.clone(),
            elapsed_ms,
            seed: asked.seed,
            difficulty: p.difficulty.name(),
            level: p.level,
            rules: p.rules.name(),
            grade: technique_grade(&board),
            techniques: techniques_used(&board).iter().map(|t| t.name()).collect(),
            empty_share: p.empty_share,
            blocked_share: p.blocked_share,
            given_share: p.given_share,
            stripped_empty_share: g.stripped_empty_share,
            prefer_trails: asked.prefer_trails,
            symmetric: asked.symmetric,
            trail: asked.prefer_trails.then_some(TrailReport {
                found: g.trail_depth.is_some(),
                depth: g.trail_depth,
                nodes: g.trail_nodes,
                budget: asked.trail_nodes,
            }),
        })
    }
}
