//! `generate terra-mystica|catan --json`: one generated board.

use super::board::{BoardRows, CatanIsland, violation_counts};
use crate::boards::catan::CatanBoard;
use crate::boards::catan::fairness::PlayTestSummary;
use crate::boards::terra_mystica::outline_name;
use crate::boards::{BoardGame, BoardRun, BoardRunOutcome, code, violations};
use serde::Serialize;
use std::collections::BTreeMap;

/// What `generate terra-mystica|catan --json` prints for one board.
///
/// ```
/// use evoboard_core::boards::report::BoardReport;
/// use evoboard_core::boards::{Algorithm, BoardGame, BoardRun};
/// let run = BoardRun::new(BoardGame::TerraMystica, Algorithm::Best, 3);
/// let done = run.run_to_end().unwrap();
/// let report = BoardReport::new(&run, &done, None);
/// assert_eq!((report.game, report.outline), ("terra-mystica", Some("standard")));
/// assert_eq!(report.score, 0.0);
/// ```
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct BoardReport {
    /// `terra-mystica` or `catan`.
    pub game: &'static str,
    /// The search that made it (`best`, `brkga`, …).
    pub algorithm: &'static str,
    /// The run's seed.
    pub seed: u64,
    /// The rule set it was scored under.
    pub rules: &'static str,
    /// Its score (0: every rule met).
    pub score: f64,
    /// Each rule's count by name.
    pub violations: BTreeMap<&'static str, u32>,
    /// Wall time of the run, in milliseconds.
    pub elapsed_ms: f64,
    /// Wall time until the best board was found, in milliseconds.
    pub ms_to_best: f64,
    /// Boards scored.
    pub evaluations: u64,
    /// Generations (steps) of the search.
    pub generations: u64,
    /// The board's rows.
    pub board: BoardRows,
    /// Its share code (Catan: with its harbours).
    pub code: Option<String>,
    /// The pinned hexes, `[R, C]`.
    pub pinned: Vec<[usize; 2]>,
    /// Terra Mystica's outline, `standard` or `offset` (absent for Catan).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub outline: Option<&'static str>,
    /// Catan's island keys (absent for Terra Mystica).
    #[serde(flatten)]
    pub island: Option<CatanIsland>,
    /// The play-test of `--play N` (Catan only).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub play: Option<PlayTestSummary>,
}

impl BoardReport {
    /// The report of `run`'s outcome `done`; `island` is the Catan board
    /// with its harbours placed (its code then carries them), `None` for
    /// Terra Mystica. No play-test: set [`Self::play`].
    pub fn new(run: &BoardRun, done: &BoardRunOutcome, island: Option<&CatanBoard>) -> Self {
        let game = run.game;
        let ms = |t: std::time::Duration| t.as_secs_f64() * 1000.0;
        BoardReport {
            game: game.name(),
            algorithm: run.algorithm.name(),
            seed: run.seed,
            rules: run.scoring.rules_name(game),
            score: done.score,
            violations: violation_counts(&violations(game, &done.tiles, run.scoring)),
            elapsed_ms: ms(done.elapsed),
            ms_to_best: ms(done.to_best),
            evaluations: done.progress.evaluations,
            generations: done.progress.generation,
            board: BoardRows::of(game, &done.tiles),
            code: match island {
                Some(b) => code::encode_catan(b).ok(),
                None => code::encode(game, &done.tiles).ok(),
            },
            pinned: run.setup.pinned_cells(game),
            outline: (game == BoardGame::TerraMystica)
                .then(|| outline_name(&run.setup.variant).unwrap_or("standard")),
            island: island.map(CatanIsland::of),
            play: None,
        }
    }
}
