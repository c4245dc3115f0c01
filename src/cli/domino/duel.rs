//! `evoboard domino duel`: many matches between two AI teams.

use super::super::bounds;
use super::super::common::{CliResult, print_report, progress_bar};
use super::{team, threads};
use crate::domino::report::DuelReport;
use crate::domino::{Agent, AgentSpec, duel};
use clap::Args;

/// `evoboard domino duel --team-a AGENT --team-b AGENT --matches N …`.
#[derive(Args, Debug)]
pub struct DuelArgs {
    /// Team A (seats 0 and 2): basic, hand, s1..s4, s1@2..s4@2, t1..t4,
    /// t1@2..t4@2, t1@3, t1full, coef:a1,..,a7, file:PATH, mc, mc:N, mc:Nms, mc:N:POLICY.
    #[arg(long)]
    pub team_a: AgentSpec,
    /// Team B (seats 1 and 3), same names as team A.
    #[arg(long)]
    pub team_b: AgentSpec,
    /// Matches to play (1..=10000000).
    #[arg(long, value_parser = bounds::u64_in(1, 10_000_000))]
    pub matches: u64,
    /// Worker threads (1..=256; default: all cores).
    #[arg(long, value_parser = bounds::threads())]
    pub threads: Option<usize>,
    /// Seed.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Print one JSON object.
    #[arg(long)]
    pub json: bool,
}

pub(super) fn run(a: DuelArgs) -> CliResult {
    let team_a = team("--team-a", &a.team_a)?;
    let team_b = team("--team-b", &a.team_b)?;
    if a.matches == 0 {
        return Err("--matches must be at least 1".into());
    }
    let threads = threads(a.threads)?;
    let bar = progress_bar(a.matches, "duel");
    let r = duel(
        team_a.as_ref(),
        team_b.as_ref(),
        a.matches,
        threads,
        a.seed,
        &|n| bar.inc(n),
    )?;
    bar.finish_and_clear();
    let think = |a: &dyn Agent| {
        a.think_stats()
            .map(|(n, t)| t.as_secs_f64() * 1000.0 / n.max(1) as f64)
    };
    let (think_a, think_b) = (think(team_a.as_ref()), think(team_b.as_ref()));
    let report = DuelReport::new(
        [&team_a.name(), &team_b.name()],
        a.seed,
        threads,
        &r,
        [think_a, think_b],
    );
    if a.json {
        print_report(&report)
    } else {
        println!(
            "{} vs {}: {} of {} matches won by team A ({:.2} %), {} by team B; \
             χ² = {:.2} (p = {:.3e}); {:.1} s, {:.0} matches/s on {threads} threads",
            report.team_a,
            report.team_b,
            r.wins_a,
            r.matches,
            100.0 * r.win_rate_a(),
            r.wins_b,
            report.chi_square,
            report.p_value,
            r.elapsed.as_secs_f64(),
            r.matches_per_sec()
        );
        for (team, t) in [("A", think_a), ("B", think_b)] {
            if let Some(ms) = t {
                println!("team {team} thought {ms:.2} ms per move (moves with a choice)");
            }
        }
        Ok(())
    }
}
