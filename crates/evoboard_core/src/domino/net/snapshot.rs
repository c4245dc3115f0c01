//! [`TableSnapshot`]: everything one seat may know, as the host sends it
//! and the domino screen draws it; built by [`LocalMatch::snapshot`].
//!
//! It never holds another seat's unplayed tiles: hands are counts, round
//! summaries give pips left (not tiles), and the log's sentences only name
//! tiles once they are laid (the forced 6-6 opening names the opener's
//! 6-6, which the rules make public).

use super::super::advisor::{PublicRound, Turn};
use super::super::local_match::{
    Actor, LocalMatch, LogEntry, Placement, RoundSummary, SEAT_NAMES, all_legal_moves,
};
use super::super::round::{Event, Opening, RoundEnd, Rule};
use super::super::table::Move;
use super::super::tiles::Tile;
use serde::{Deserialize, Serialize};

/// What the seat may do when it is to move.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum SeatChoice {
    /// Open the round with one of these doubles.
    Open(Vec<Tile>),
    /// Play one of these moves (equivalent arms included).
    Play(Vec<Move>),
    /// Nothing fits: pass.
    MustPass,
}

/// A tile on the table (public), in the order laid.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct PlacedTile {
    /// The tile.
    pub tile: Tile,
    /// The arm (0..4), `None` for the spinner.
    pub arm: Option<u8>,
    /// The half that touches the previous tile of the arm.
    pub inner: u8,
    /// Who laid it.
    pub seat: u8,
}

impl From<Placement> for PlacedTile {
    fn from(p: Placement) -> PlacedTile {
        PlacedTile {
            tile: p.tile,
            arm: p.arm,
            inner: p.inner,
            seat: p.seat,
        }
    }
}

impl From<PlacedTile> for Placement {
    fn from(p: PlacedTile) -> Placement {
        Placement {
            tile: p.tile,
            arm: p.arm,
            inner: p.inner,
            seat: p.seat,
        }
    }
}

/// What a log line is about, for a screen that draws it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum LogEvent {
    /// A tile was laid (`arm` `None` for the spinner).
    Placed {
        /// Who.
        seat: u8,
        /// The tile.
        tile: Tile,
        /// The arm.
        arm: Option<u8>,
    },
    /// A seat passed.
    Passed {
        /// Who.
        seat: u8,
    },
    /// A team scored.
    Scored {
        /// 0 = team A (seats 0, 2), 1 = team B.
        team: usize,
        /// Points.
        points: u32,
        /// The rule (`"TableCount"`, `"Pass"`, `"Galo"`, `"Garagem"`,
        /// `"DoubleOut"`, `"Blocked"` on the wire).
        rule: Rule,
    },
    /// The round ended: `out` the seat that went out, `None` if blocked.
    RoundOver {
        /// Who went out.
        out: Option<u8>,
    },
}

/// One line of the match log.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct LogLine {
    /// The round (1-based).
    pub round: u32,
    /// The seat it is about, if any.
    pub seat: Option<u8>,
    /// The event, `None` for headers.
    pub event: Option<LogEvent>,
    /// The sentence, written as the app's local screen writes it: seat 0
    /// is "You", team A "Us" (use `event` to word it for another seat).
    pub text: String,
}

impl From<&LogEntry> for LogLine {
    fn from(l: &LogEntry) -> LogLine {
        let event = l.event.map(|e| match e {
            Event::Placed { seat, tile, arm } => LogEvent::Placed { seat, tile, arm },
            Event::Passed { seat } => LogEvent::Passed { seat },
            Event::Scored { team, points, rule } => LogEvent::Scored { team, points, rule },
            Event::RoundOver(end) => LogEvent::RoundOver {
                out: match end {
                    RoundEnd::Out { seat } => Some(seat),
                    RoundEnd::Blocked => None,
                },
            },
        });
        LogLine {
            round: l.round,
            seat: l.seat,
            event,
            text: l.text.clone(),
        }
    }
}

/// The public end of a round: pips left per seat, not the tiles.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct PublicSummary {
    /// The round (1-based).
    pub number: u32,
    /// The seat that went out, `None` for a blocked round.
    pub went_out: Option<u8>,
    /// Points of the round (team A, team B).
    pub points: [u32; 2],
    /// Match score after the round.
    pub score: [u32; 2],
    /// Pips left in each hand.
    pub pips_left: [u32; 4],
    /// Tiles left in each hand (a count).
    pub tiles_left: [u8; 4],
    /// Garagem paid.
    pub garagem: u32,
    /// Every scoring line: (rule, team, points).
    pub scoring: Vec<(Rule, usize, u32)>,
    /// Who opens the next round and how (`None` when the match is over).
    pub next_opener: Option<(u8, Opening)>,
}

impl From<&RoundSummary> for PublicSummary {
    fn from(s: &RoundSummary) -> PublicSummary {
        PublicSummary {
            number: s.number,
            went_out: match s.end {
                RoundEnd::Out { seat } => Some(seat),
                RoundEnd::Blocked => None,
            },
            points: s.points,
            score: s.score,
            pips_left: std::array::from_fn(|i| s.hands_left[i].pips()),
            tiles_left: std::array::from_fn(|i| s.hands_left[i].len() as u8),
            garagem: s.garagem,
            scoring: s.scoring.clone(),
            next_opener: s.next_opener,
        }
    }
}

/// The match result.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SnapshotResult {
    /// 0 = team A (seats 0, 2), 1 = team B.
    pub winner_team: usize,
    /// Final score (team A, team B).
    pub scores: [u32; 2],
    /// Rounds played.
    pub rounds: u32,
}

/// Everything one seat may know and a screen draws.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct TableSnapshot {
    /// The seat this snapshot is for.
    pub seat: u8,
    /// The names at the four seats.
    pub names: [String; 4],
    /// What plays each seat: `person`, `ai:AGENT`, `AGENT standing in for
    /// NAME`, `waiting for a person`.
    pub players: [String; 4],
    /// Whether the match has started (the host waits for its people).
    pub started: bool,
    /// Seats the host waits for: people to join before the start, `Ready`
    /// after a round.
    pub waiting_for: Vec<u8>,
    /// The round (1-based).
    pub round_number: u32,
    /// Match score with this round's points so far (team A, team B).
    pub score: [u32; 2],
    /// Match score before this round.
    pub score_before_round: [u32; 2],
    /// The seat that opens (opened) this round.
    pub opener: u8,
    /// How it opens.
    pub opening: Opening,
    /// This round's turns, in order.
    pub history: Vec<Turn>,
    /// This seat's own tiles.
    pub hand: Vec<Tile>,
    /// How many tiles each seat holds.
    pub hand_counts: [u8; 4],
    /// This round's tiles on the table, in the order laid.
    pub placements: Vec<PlacedTile>,
    /// The seat to move (`None` between rounds and after the match).
    pub to_move: Option<u8>,
    /// What this seat may do, when it is to move.
    pub choice: Option<SeatChoice>,
    /// Whether the round is over (waiting for the next deal).
    pub round_over: bool,
    /// The match log.
    pub log: Vec<LogLine>,
    /// The finished rounds.
    pub summaries: Vec<PublicSummary>,
    /// The result, once the match is over.
    pub result: Option<SnapshotResult>,
    /// A word from the host for this seat alone, sent once (e.g. its turn
    /// time ran out and the stand-in played that turn).
    #[serde(default)]
    pub notice: Option<String>,
}

impl TableSnapshot {
    /// The round as this seat knows it, for
    /// [`choose_turn`](super::super::choose_turn).
    pub fn public_round(&self) -> PublicRound {
        PublicRound {
            seat: self.seat,
            hand: self.hand.clone(),
            opener: self.opener,
            opening: self.opening,
            history: self.history.clone(),
            match_score: self.score_before_round,
        }
    }

    /// Whether this seat must act now.
    pub fn my_turn(&self) -> bool {
        self.to_move == Some(self.seat) && self.choice.is_some()
    }
}

impl LocalMatch {
    /// Everything `seat` (0..4) may know now: its own hand, counts of the
    /// others, the table, this round's turns, the log and the public round
    /// summaries. Names are the local screen's ([`SEAT_NAMES`]), players
    /// the agent names; the host overwrites both.
    pub fn snapshot(&self, seat: u8) -> TableSnapshot {
        let seat = seat.min(3);
        let round = self.round();
        let number = self.round_number();
        let placements: Vec<PlacedTile> = self.placements().iter().map(|&p| p.into()).collect();
        let opener = placements.first().map_or(round.turn, |p| p.seat);
        let history = self
            .log()
            .iter()
            .filter(|l| l.round == number)
            .filter_map(|l| match l.event {
                Some(Event::Placed {
                    tile, arm: None, ..
                }) => Some(Turn::Open(tile)),
                Some(Event::Placed {
                    tile,
                    arm: Some(arm),
                    ..
                }) => Some(Turn::Play(Move { tile, arm })),
                Some(Event::Passed { .. }) => Some(Turn::Pass),
                _ => None,
            })
            .collect();
        let actor = self.next_actor();
        let to_move = match actor {
            Actor::Human(s) | Actor::Ai(s) => Some(s),
            Actor::RoundOver | Actor::MatchOver => None,
        };
        let hand = round.hand(seat);
        let choice = (to_move == Some(seat)).then(|| {
            if round.table.spinner.is_none() {
                SeatChoice::Open(round.opening_doubles())
            } else {
                let moves = all_legal_moves(&round.table, hand);
                if moves.is_empty() {
                    SeatChoice::MustPass
                } else {
                    SeatChoice::Play(moves)
                }
            }
        });
        TableSnapshot {
            seat,
            names: SEAT_NAMES.map(String::from),
            players: std::array::from_fn(|s| self.agent_name(s as u8)),
            started: true,
            waiting_for: Vec::new(),
            round_number: number,
            score: self.score(),
            score_before_round: self.score_before_round(),
            opener,
            opening: round.opening,
            history,
            hand: hand.iter().collect(),
            hand_counts: std::array::from_fn(|s| round.hand(s as u8).len() as u8),
            placements,
            to_move,
            choice,
            round_over: matches!(actor, Actor::RoundOver | Actor::MatchOver),
            log: self.log().iter().map(LogLine::from).collect(),
            summaries: self.summaries().iter().map(PublicSummary::from).collect(),
            result: self.result().map(|r| SnapshotResult {
                winner_team: r.winner,
                scores: r.score,
                rounds: r.rounds,
            }),
            notice: None,
        }
    }
}
