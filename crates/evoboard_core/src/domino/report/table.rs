//! `domino table --json`: the head-to-head table between the strategies'
//! coefficient sets.

use crate::domino::HeadToHeadCell;
use serde::Serialize;

/// What `domino table --json` prints: the settings, one cell per pair and
/// the strategies ranked by mean win rate.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct TableReport {
    /// What was asked: strategies, matches per pair, stage, published,
    /// seed and threads (its keys sit at the top level of the JSON).
    #[serde(flatten)]
    pub settings: TableSettings,
    /// One cell per pair, the earlier strategy as team A.
    pub cells: Vec<TableCellReport>,
    /// The strategies by mean win rate over their pairs, best first
    /// ([`strategy_ranking`]).
    pub ranking: Vec<u8>,
    /// Wall time, in whole milliseconds.
    pub elapsed_ms: u64,
}

/// One pair of the head-to-head table.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct TableCellReport {
    /// The row strategy (team A).
    pub a: u8,
    /// The column strategy (team B).
    pub b: u8,
    /// Team A's agent name.
    pub agent_a: String,
    /// Team B's agent name.
    pub agent_b: String,
    /// Matches played.
    pub matches: u64,
    /// Matches team A won.
    pub wins_a: u64,
    /// Team A's share of wins.
    pub win_rate_a: f64,
    /// χ² of (wins A, wins B) against equal strength (df 1).
    pub chi_square: f64,
    /// Its p-value.
    pub p_value: f64,
}

impl From<&HeadToHeadCell> for TableCellReport {
    fn from(c: &HeadToHeadCell) -> Self {
        TableCellReport {
            a: c.a,
            b: c.b,
            agent_a: c.agent_a.clone(),
            agent_b: c.agent_b.clone(),
            matches: c.matches,
            wins_a: c.wins_a,
            win_rate_a: c.win_rate_a(),
            chi_square: c.chi.statistic,
            p_value: c.chi.p_value,
        }
    }
}

/// The head-to-head table's settings, as `domino table` was asked.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct TableSettings {
    /// The strategies compared, in the order given.
    pub strategies: Vec<u8>,
    /// Matches per pair.
    pub matches: u64,
    /// The coefficient sets' stage (1 or 2).
    pub stage: u8,
    /// True for the published tables (`sK`), false for our GA's presets.
    pub published: bool,
    /// The seed (every pair plays the same deals).
    pub seed: u64,
    /// Worker threads used.
    pub threads: usize,
}

impl TableReport {
    /// The report of `cells` (from [`crate::domino::head_to_head`])
    /// played with `settings`, in `elapsed_ms` milliseconds.
    pub fn new(settings: TableSettings, cells: &[HeadToHeadCell], elapsed_ms: u64) -> Self {
        let ranking = strategy_ranking(&settings.strategies, cells);
        TableReport {
            settings,
            cells: cells.iter().map(TableCellReport::from).collect(),
            ranking,
            elapsed_ms,
        }
    }
}

/// The strategies by their mean win rate over their pairs in `cells`,
/// best first (ties keep the order given).
pub fn strategy_ranking(strategies: &[u8], cells: &[HeadToHeadCell]) -> Vec<u8> {
    let score = |s: u8| -> f64 {
        let rates: Vec<f64> = cells
            .iter()
            .filter_map(|c| {
                if c.a == s {
                    Some(c.win_rate_a())
                } else if c.b == s {
                    Some(1.0 - c.win_rate_a())
                } else {
                    None
                }
            })
            .collect();
        crate::stats::mean(&rates)
    };
    let mut order = strategies.to_vec();
    order.sort_by(|&x, &y| score(y).total_cmp(&score(x)));
    order
}
