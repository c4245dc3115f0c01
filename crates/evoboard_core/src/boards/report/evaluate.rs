//! `evaluate --json`: a board's score and violations, its analysis and
//! its share code.

use super::board::violation_counts;
use crate::boards::analysis::{self, Analysis};
use crate::boards::catan::fairness::PlayTestSummary;
use crate::boards::catan::{self, CatanBoard};
use crate::boards::terra_mystica::{TerraMysticaBoard, score as tm_score};
use crate::boards::{BoardError, BoardGame, Scoring, code, violations};
use serde::Serialize;
use std::collections::BTreeMap;

/// A board's score under a scoring: the total and each rule's count, in
/// the rules' order.
///
/// ```
/// use evoboard_core::boards::report::BoardScore;
/// use evoboard_core::boards::terra_mystica::TerraMysticaBoard;
/// use evoboard_core::boards::Scoring;
/// let s = BoardScore::terra_mystica(&TerraMysticaBoard::base_map(), Scoring::default()).unwrap();
/// assert_eq!(s.violations[0].0, "req1");
/// ```
#[derive(Clone, Debug, PartialEq)]
pub struct BoardScore {
    /// The weighted total (0: every rule met).
    pub score: f64,
    /// Each rule's count, named as the JSON `violations` names them.
    pub violations: Vec<(&'static str, u32)>,
}

impl BoardScore {
    /// A Terra Mystica board's score; an error when its rows are neither
    /// outline ([`TerraMysticaBoard::map_grid`]).
    pub fn terra_mystica(board: &TerraMysticaBoard, scoring: Scoring) -> Result<Self, BoardError> {
        let tiles = board.tiles();
        let grid = board.map_grid()?;
        Ok(BoardScore {
            score: tm_score(&grid, &tiles, scoring.rules, scoring.weights) as f64,
            violations: violations(BoardGame::TerraMystica, &tiles, scoring),
        })
    }

    /// A Catan board's score (the harbour rule reads its own harbours).
    pub fn catan(board: &CatanBoard, scoring: Scoring) -> Self {
        let v = board.violations(&scoring.catan);
        BoardScore {
            score: v.total() as f64,
            violations: v.named_with(&scoring.catan),
        }
    }
}

/// What `evaluate terra-mystica|catan --json` prints.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct EvaluateReport {
    /// The weighted total (0: every rule met).
    pub score: f64,
    /// Each rule's count by name (`req1`..`req4`, `r1`..`r3`, and the
    /// optional rules asked for).
    pub violations: BTreeMap<&'static str, u32>,
    /// The share code (a Catan board's with its harbours); `None` when
    /// the board has none.
    pub code: Option<String>,
    /// The figures designers read ([`analysis`]).
    pub analysis: Analysis,
    /// The play-test (`--play N`, Catan only).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub play: Option<PlayTestSummary>,
}

impl EvaluateReport {
    /// The report of a Terra Mystica board (no play-test); an error when
    /// its rows are neither outline.
    pub fn terra_mystica(board: &TerraMysticaBoard, scoring: Scoring) -> Result<Self, BoardError> {
        let scored = BoardScore::terra_mystica(board, scoring)?;
        let tiles = board.tiles();
        let analysis = Analysis::TerraMystica(analysis::tm::analyse(
            &board.grid()?,
            &tiles,
            scoring.rules,
            scoring.weights,
        ));
        Ok(Self::new(
            scored,
            code::encode(BoardGame::TerraMystica, &tiles).ok(),
            analysis,
        ))
    }

    /// The report of a Catan board, its analysis with its own harbours
    /// (no play-test: set [`Self::play`]).
    pub fn catan(board: &CatanBoard, scoring: Scoring) -> Self {
        let analysis = Analysis::Catan(analysis::catan::analyse_with_harbours(
            board.layout().map_or(catan::grid(), |l| l.grid()),
            &board.encode(),
            &board.harbours,
            &scoring.catan,
        ));
        Self::new(
            BoardScore::catan(board, scoring),
            code::encode_catan(board).ok(),
            analysis,
        )
    }

    fn new(scored: BoardScore, code: Option<String>, analysis: Analysis) -> Self {
        EvaluateReport {
            score: scored.score,
            violations: violation_counts(&scored.violations),
            code,
            analysis,
            play: None,
        }
    }
}
