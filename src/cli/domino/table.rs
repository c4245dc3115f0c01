//! `evoboard domino table`: the head-to-head table between the
//! strategies' coefficient sets, with a χ² test per pair.

use super::super::common::{CliError, CliResult, print_report, progress_bar};
use super::threads;
use crate::domino::report::{TableReport, TableSettings, strategy_ranking};
use crate::domino::{DominoError, HeadToHeadCell, head_to_head};
use clap::Args;
use std::time::Instant;

/// `evoboard domino table --strategies 1,2,3,4 --matches N …`.
#[derive(Args, Debug)]
pub struct TableArgs {
    /// Strategies to compare (two or more of 1-4); each pair is played
    /// once, the earlier one in the list as team A (the row).
    #[arg(long, value_delimiter = ',', default_value = "1,2,3,4")]
    pub strategies: Vec<u8>,
    /// Matches per pair.
    #[arg(long, value_parser = super::super::bounds::u64_in(1, 10_000_000))]
    pub matches: u64,
    /// Coefficient sets of stage 1 (tK) or 2 (tK@2).
    #[arg(long, default_value_t = 1)]
    pub stage: u8,
    /// The published tables (sK, sK@2) instead of our GA's presets.
    #[arg(long)]
    pub published: bool,
    /// Seed (every pair plays the same deals).
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Worker threads (1..=256; default: all cores).
    #[arg(long, value_parser = super::super::bounds::threads())]
    pub threads: Option<usize>,
    /// Print one JSON object.
    #[arg(long)]
    pub json: bool,
}

pub(super) fn run(a: TableArgs) -> CliResult {
    if !(1..=2).contains(&a.stage) {
        return Err(format!(
            "--stage must be 1 or 2 (the strategies' stage-1 or stage-2 sets), got {}",
            a.stage
        )
        .into());
    }
    if a.matches == 0 {
        return Err("--matches must be at least 1".into());
    }
    let threads = threads(a.threads)?;
    let n = a.strategies.len() as u64;
    let bar = progress_bar(a.matches * n * n.saturating_sub(1) / 2, "table");
    let start = Instant::now();
    let cells = head_to_head(
        &a.strategies,
        a.stage,
        a.published,
        a.matches,
        threads,
        a.seed,
        &|k| bar.inc(k),
    )
    .map_err(|e| match e {
        DominoError::BadTunerSetting { .. } => CliError(format!("--{e}")),
        e => CliError::from(e),
    })?;
    bar.finish_and_clear();
    let elapsed_ms = start.elapsed().as_millis() as u64;
    if a.json {
        let settings = TableSettings {
            strategies: a.strategies.clone(),
            matches: a.matches,
            stage: a.stage,
            published: a.published,
            seed: a.seed,
            threads,
        };
        print_report(&TableReport::new(settings, &cells, elapsed_ms))
    } else {
        print_matrix(&a, &cells, elapsed_ms);
        Ok(())
    }
}

/// A p-value for the matrix; below the smallest double it is "< 1e-300".
fn p_text(p: f64) -> String {
    if p < 1e-300 {
        "p < 1e-300".into()
    } else {
        format!("p {p:.1e}")
    }
}

fn print_matrix(a: &TableArgs, cells: &[HeadToHeadCell], elapsed_ms: u64) {
    let name = |s: u8| {
        cells
            .iter()
            .find_map(|c| {
                if c.a == s {
                    Some(c.agent_a.clone())
                } else if c.b == s {
                    Some(c.agent_b.clone())
                } else {
                    None
                }
            })
            .unwrap_or_default()
    };
    println!(
        "Head to head, stage {} ({} sets): team A's (row's) share of {} matches, seed {}",
        a.stage,
        if a.published { "published" } else { "our GA's" },
        a.matches,
        a.seed
    );
    let width = 24;
    let mut header = format!("{:<8}", "A \\ B");
    for &b in &a.strategies[1..] {
        header += &format!("{:<width$}", name(b));
    }
    println!("{}", header.trim_end());
    for (i, &r) in a.strategies[..a.strategies.len() - 1].iter().enumerate() {
        let mut row = format!("{:<8}", name(r));
        for (j, &b) in a.strategies[1..].iter().enumerate() {
            let text = match cells.iter().find(|c| c.a == r && c.b == b) {
                Some(c) if j >= i => {
                    format!(
                        "{:.2} % ({})",
                        100.0 * c.win_rate_a(),
                        p_text(c.chi.p_value)
                    )
                }
                _ => String::new(),
            };
            row += &format!("{text:<width$}");
        }
        println!("{}", row.trim_end());
    }
    let order: Vec<String> = strategy_ranking(&a.strategies, cells)
        .iter()
        .map(|&s| name(s))
        .collect();
    println!(
        "order by mean win rate: {}; χ² per cell against 50 % (df 1); {:.1} s",
        order.join(" > "),
        elapsed_ms as f64 / 1000.0
    );
}
