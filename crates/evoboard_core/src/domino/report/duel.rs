//! `domino duel --json`: many matches between two AI teams.

use crate::domino::DuelResult;
use crate::stats::{chi_square_uniform, t_test_rate};
use serde::Serialize;

/// What `domino duel --json` prints: the teams, the wins and the tests of
/// team A's win rate.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct DuelReport {
    /// Team A's agent name (seats 0 and 2).
    pub team_a: String,
    /// Team B's agent name (seats 1 and 3).
    pub team_b: String,
    /// The duel's seed.
    pub seed: u64,
    /// Worker threads used.
    pub threads: usize,
    /// Matches played.
    pub matches: u64,
    /// Matches won by team A.
    pub wins_a: u64,
    /// Matches won by team B.
    pub wins_b: u64,
    /// Team A's share of wins.
    pub win_rate_a: f64,
    /// Wall time, in whole milliseconds.
    pub elapsed_ms: u64,
    /// Matches per second of wall time.
    pub matches_per_sec: f64,
    /// Rounds played in all.
    pub rounds: u64,
    /// χ² of (wins A, wins B) against equal strength (df 1).
    pub chi_square: f64,
    /// The χ² test's p-value.
    pub p_value: f64,
    /// t of team A's win rate against 50 %.
    pub t_vs_50: f64,
    /// Its two-sided p-value.
    pub p_vs_50: f64,
    /// t of team A's win rate against 66 %.
    pub t_vs_66: f64,
    /// Its two-sided p-value.
    pub p_vs_66: f64,
    /// Team A's mean thinking time per move with a choice, in milliseconds
    /// (`None` for agents that do not time themselves).
    pub think_ms_per_move_a: Option<f64>,
    /// The same for team B.
    pub think_ms_per_move_b: Option<f64>,
}

impl DuelReport {
    /// The report of duel `r` between `teams` (A, B: agent names) played
    /// with `seed` on `threads` threads; `think_ms` is each team's
    /// thinking time per move, when its agent measures it. The χ² and
    /// t-tests are computed here.
    pub fn new(
        teams: [&str; 2],
        seed: u64,
        threads: usize,
        r: &DuelResult,
        think_ms: [Option<f64>; 2],
    ) -> Self {
        let chi = chi_square_uniform(&[r.wins_a, r.wins_b]);
        let t50 = t_test_rate(r.wins_a, r.matches, 0.50);
        let t66 = t_test_rate(r.wins_a, r.matches, 0.66);
        DuelReport {
            team_a: teams[0].to_string(),
            team_b: teams[1].to_string(),
            seed,
            threads,
            matches: r.matches,
            wins_a: r.wins_a,
            wins_b: r.wins_b,
            win_rate_a: r.win_rate_a(),
            elapsed_ms: (r.elapsed.as_secs_f64() * 1000.0).round() as u64,
            matches_per_sec: r.matches_per_sec(),
            rounds: r.rounds,
            chi_square: chi.statistic,
            p_value: chi.p_value,
            t_vs_50: t50.statistic,
            p_vs_50: t50.p_value,
            t_vs_66: t66.statistic,
            p_vs_66: t66.p_value,
            think_ms_per_move_a: think_ms[0],
            think_ms_per_move_b: think_ms[1],
        }
    }
}
