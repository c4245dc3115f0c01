//! `evoboard domino records`: wins and losses of people against each AI
//! kind, from the record file the app and the network host append to.

use super::super::common::{CliError, CliResult, print_report};
use crate::domino::records::{load, records_path};
use crate::domino::report::RecordsReport;
use clap::Args;
use evoboard_core::text_safe::clean;
use std::path::PathBuf;

/// `evoboard domino records [--file PATH] [--json]`.
#[derive(Args, Debug)]
pub struct RecordsArgs {
    /// The record file (default: $EVOBOARD_RECORDS, else
    /// $XDG_DATA_HOME/evoboard/domino-records.ron, else
    /// ~/.local/share/evoboard/domino-records.ron). A missing file has no
    /// matches.
    #[arg(long)]
    pub file: Option<PathBuf>,
    /// Print one JSON object.
    #[arg(long)]
    pub json: bool,
}

pub(super) fn run(a: RecordsArgs) -> CliResult {
    let path = a.file.unwrap_or_else(records_path);
    let file = load(&path).map_err(|e| CliError(clean(&e.to_string())))?;
    // Agent names come from the file: `summarize` (in the report) cleans them before they
    // reach a terminal (or the JSON another program shows).
    let report = RecordsReport::new(&path, &file);
    if a.json {
        return print_report(&report);
    }
    let pairings = report.pairings;
    println!(
        "{}: {} matches recorded",
        clean(&path.display().to_string()),
        file.matches.len()
    );
    if pairings.is_empty() {
        println!("no match with a person yet");
        return Ok(());
    }
    println!(
        "{:<12} {:<14} {:<14} {:>7} {:>5} {:>6} {:>8}  95 % interval (Wilson)",
        "people at", "partner", "opponent", "matches", "wins", "losses", "win rate"
    );
    for p in &pairings {
        let seats: Vec<String> = p.human_seats.iter().map(u8::to_string).collect();
        let seats = format!(
            "seat{} {}",
            if seats.len() > 1 { "s" } else { "" },
            seats.join(", ")
        );
        println!(
            "{:<12} {:<14} {:<14} {:>7} {:>5} {:>6} {:>7.1} %  {:.1} – {:.1} %",
            seats,
            p.partner.as_deref().unwrap_or("(a person)"),
            p.opponent,
            p.matches,
            p.wins,
            p.losses,
            100.0 * p.win_rate,
            100.0 * p.ci95[0],
            100.0 * p.ci95[1]
        );
    }
    Ok(())
}
