//! Wins and losses per pairing (a human team against an AI kind), with a
//! 95 % Wilson score interval on the win rate.

use super::{RecordFile, SeatRecord};
use crate::stats::wilson_interval;
use serde::Serialize;
use std::collections::BTreeMap;

/// How one human team fared against one opponent kind.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct PairingStats {
    /// The seats of the human team that people sat at (`[0]`, `[0, 2]`,
    /// `[1, 3]`…).
    pub human_seats: Vec<u8>,
    /// The human team's AI partner (its agent name) when only one of its
    /// seats was a person, else `None`.
    pub partner: Option<String>,
    /// The other team: the agent name when both its seats ran the same
    /// agent, else both kinds joined with `+` in seat order, a person
    /// counting as `human`.
    pub opponent: String,
    /// Matches played.
    pub matches: u32,
    /// Matches the human team won.
    pub wins: u32,
    /// Matches the human team lost.
    pub losses: u32,
    /// `wins / matches`.
    pub win_rate: f64,
    /// The 95 % Wilson score interval of the win rate, `[low, high]`.
    pub ci95: [f64; 2],
}

/// Wins and losses of each human team against each opponent kind, sorted
/// by human seats, partner and opponent.
///
/// A match counts for the team with a person on it. When both teams had
/// people, it counts once, for team A (seats 0 and 2), against team B
/// described with `human` for its persons (`human`, `human+t1`…). Matches
/// without a person are skipped. Agent names come from the file: they are
/// made safe to show ([`crate::text_safe::clean`]).
pub fn summarize(file: &RecordFile) -> Vec<PairingStats> {
    type Key = (Vec<u8>, Option<String>, String);
    let mut table: BTreeMap<Key, (u32, u32)> = BTreeMap::new();
    for m in &file.matches {
        let team_has_person = |t: usize| m.seats[t].is_person() || m.seats[t + 2].is_person();
        let team = if team_has_person(0) {
            0
        } else if team_has_person(1) {
            1
        } else {
            continue;
        };
        let seats = [team, team + 2];
        let human_seats: Vec<u8> = seats
            .iter()
            .filter(|&&s| m.seats[s].is_person())
            .map(|&s| s as u8)
            .collect();
        let partner = seats.iter().find_map(|&s| match &m.seats[s] {
            SeatRecord::Ai { agent } => Some(crate::text_safe::clean(agent)),
            SeatRecord::Person { .. } => None,
        });
        let (a, b) = (
            crate::text_safe::clean(m.seats[1 - team].kind()),
            crate::text_safe::clean(m.seats[3 - team].kind()),
        );
        let opponent = if a == b {
            a.to_string()
        } else {
            format!("{a}+{b}")
        };
        let e = table.entry((human_seats, partner, opponent)).or_default();
        e.0 += 1;
        e.1 += u32::from(m.winner_team as usize == team);
    }
    table
        .into_iter()
        .map(
            |((human_seats, partner, opponent), (matches, wins))| PairingStats {
                human_seats,
                partner,
                opponent,
                matches,
                wins,
                losses: matches - wins,
                win_rate: wins as f64 / matches as f64,
                ci95: wilson_interval(wins, matches),
            },
        )
        .collect()
}
