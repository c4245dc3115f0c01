//! A hosted match as a line of the record file (`domino::records`).

use super::host::HostReport;
use crate::domino::MatchResult;
use crate::domino::records::{MatchMode, MatchRecord, SeatRecord};

impl HostReport {
    /// The record of this match for the record file, dated now: `None` if
    /// the match did not finish or no person ever sat at it.
    ///
    /// A human seat is a [`SeatRecord::Person`] named after everyone who
    /// sat there, in order (`"Ana"`, or `"Ana, Ana"` after a rejoin); a
    /// human seat nobody took counts as the stand-in AI that played it.
    ///
    /// ```
    /// use evoboard_core::domino::net::{HostReport, SeatReport};
    /// let seat = |seat: u8, spec: &str, people: &[&str]| SeatReport {
    ///     seat,
    ///     spec: spec.into(),
    ///     people: people.iter().map(|p| p.to_string()).collect(),
    /// };
    /// let report = HostReport {
    ///     winner_team: Some(0),
    ///     scores: [205, 120],
    ///     rounds: 4,
    ///     seats: vec![seat(0, "human", &["Ana"]), seat(1, "ai:t1", &[]),
    ///                 seat(2, "human", &["Bia"]), seat(3, "ai:t1", &[])],
    ///     stand_ins: vec![],
    ///     refused: vec![],
    ///     refused_count: 0,
    ///     dropped: vec![],
    ///     dropped_count: 0,
    ///     turn_timeouts: [0; 4],
    ///     ended: "the match is over".into(),
    ///     messages_sent: 0,
    ///     bytes_sent: 0,
    ///     max_message_bytes: 0,
    /// };
    /// let r = report.record(7, "t1").expect("a finished match with people");
    /// assert_eq!(r.seats[0].kind(), "human");
    /// assert_eq!(r.seats[1].kind(), "t1");
    /// assert_eq!((r.scores, r.winner_team, r.seed), ([205, 120], 0, 7));
    /// ```
    pub fn record(&self, seed: u64, stand_in: &str) -> Option<MatchRecord> {
        let winner = self.winner_team?;
        let mut seats: [SeatRecord; 4] = std::array::from_fn(|_| SeatRecord::Ai {
            agent: stand_in.to_string(),
        });
        for s in &self.seats {
            let Some(slot) = seats.get_mut(s.seat as usize) else {
                continue;
            };
            *slot = match s.spec.strip_prefix("ai:") {
                Some(agent) => SeatRecord::Ai {
                    agent: agent.to_string(),
                },
                None if s.people.is_empty() => SeatRecord::Ai {
                    agent: stand_in.to_string(),
                },
                None => SeatRecord::Person {
                    name: s.people.join(", "),
                },
            };
        }
        if !seats.iter().any(SeatRecord::is_person) {
            return None;
        }
        let result = MatchResult {
            winner,
            score: self.scores,
            rounds: self.rounds,
        };
        Some(MatchRecord::new(seats, result, seed, MatchMode::Network))
    }
}
