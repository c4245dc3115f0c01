//! A match played one turn at a time, for a table with people at it (the
//! app's domino screen).
//!
//! [`LocalMatch`] holds everything [`play_match`](super::game::play_match)
//! keeps in its loop: the score, the round in progress, the seeded RNG, and
//! the agent of each seat, or `None` for a person. The app asks
//! [`LocalMatch::next_actor`], lets an AI seat move with
//! [`LocalMatch::ai_step`] and a person with [`LocalMatch::human_play`] /
//! [`LocalMatch::human_open`] / [`LocalMatch::human_pass`]. Randomness is
//! consumed exactly as in `play_match` (the next round is dealt as soon as a
//! round ends, which is the next draw anyway), so a match between AI seats
//! gives the same [`MatchResult`] as `play_match` for the same seed.
//!
//! Every event is written to a log with the seat it concerns and a sentence
//! that says why points were scored.

use super::agents::{Agent, EvalAgent};
use super::error::DominoError;
use super::game::{MAX_ROUNDS, MatchResult, deal, match_winner, opener};
use super::round::{Event, Opening, Round, RoundEnd, Rule, floor5, team_of};
use super::spec::AgentSpec;
use super::table::{Move, Table};
use super::tiles::{Hand, NUMBER_MASK, Tile};
use crate::rng::{Rng, seeded};
use std::sync::Arc;

mod away;
mod narration;
pub use away::{AiTurns, AiTurnsPlayed};
pub use narration::{end_text, opener_text, team_name_of};

/// What a person calls the seats: seat 0 is the person at the bottom of the
/// screen, play goes clockwise (left, top, right).
pub const SEAT_NAMES: [&str; 4] = ["You", "West", "Partner", "East"];

/// The teams: A = seats 0 and 2, B = seats 1 and 3.
pub const TEAM_NAMES: [&str; 2] = ["Us", "Them"];

/// What the arms are called on screen (arm 0 grows right, 1 left, 2 up,
/// 3 down).
pub const ARM_NAMES: [&str; 4] = ["right", "left", "top", "bottom"];

/// Who is to act.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "bevy_reflect", derive(bevy_reflect::Reflect))]
pub enum Actor {
    /// A person's seat is to move.
    Human(u8),
    /// An AI seat is to move.
    Ai(u8),
    /// The round is over; [`LocalMatch::next_round`] starts the next one.
    RoundOver,
    /// The match is over.
    MatchOver,
}

/// What a person may do now.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum HumanChoice {
    /// Open the round with one of these doubles.
    Open(Vec<Tile>),
    /// Play one of these moves (every open arm a tile fits, equivalent arms
    /// included).
    Play(Vec<Move>),
    /// No tile fits: pass.
    MustPass,
}

/// One line of the match log.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LogEntry {
    /// The round (1-based).
    pub round: u32,
    /// The seat it is about: who played or passed, or whose play scored
    /// (`None` for a blocked round's points and round headers).
    pub seat: Option<u8>,
    /// The engine event (`None` for round headers).
    pub event: Option<Event>,
    /// A sentence for people.
    pub text: String,
}

/// The end of a round, for the summary.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RoundSummary {
    /// The round (1-based).
    pub number: u32,
    /// Went out or blocked.
    pub end: RoundEnd,
    /// Points of the round (team A, team B).
    pub points: [u32; 2],
    /// Match score after the round.
    pub score: [u32; 2],
    /// Tiles left in each hand.
    pub hands_left: [Hand; 4],
    /// Garagem paid (0 if none or blocked).
    pub garagem: u32,
    /// Every scoring line of the round, in order (rule, team, points).
    pub scoring: Vec<(Rule, usize, u32)>,
    /// Who opens the next round and with what (`None` when the match is
    /// over).
    pub next_opener: Option<(u8, Opening)>,
}

/// A tile on the table, in the order it was laid.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Placement {
    /// The tile.
    pub tile: Tile,
    /// The arm, `None` for the spinner.
    pub arm: Option<u8>,
    /// The half that touches the previous tile of the arm (the spinner's
    /// number for the spinner).
    pub inner: u8,
    /// Who laid it.
    pub seat: u8,
}

/// A match to 200 played a turn at a time.
pub struct LocalMatch {
    agents: [Option<Arc<dyn Agent>>; 4],
    fallback: EvalAgent,
    rng: Rng,
    seed: u64,
    score: [u32; 2],
    round: Round,
    next: Option<Round>,
    round_number: u32,
    placements: Vec<Placement>,
    passers: Vec<u8>,
    log: Vec<LogEntry>,
    summaries: Vec<RoundSummary>,
    result: Option<MatchResult>,
}

impl std::fmt::Debug for LocalMatch {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("LocalMatch")
            .field("seed", &self.seed)
            .field("score", &self.score)
            .field("round", &self.round_number)
            .field("result", &self.result)
            .finish()
    }
}

/// Every legal move of `hand` on `table`, equivalent arms included (a
/// person may choose where the tile goes).
pub fn all_legal_moves(table: &Table, hand: Hand) -> Vec<Move> {
    let mut out = Vec::new();
    if table.spinner.is_none() {
        return out;
    }
    for arm in 0..4u8 {
        if table.open_arms() & (1 << arm) == 0 {
            continue;
        }
        let end = table.arm_end(arm as usize);
        for tile in Hand(hand.0 & NUMBER_MASK[end as usize]).iter() {
            out.push(Move { tile, arm });
        }
    }
    out
}

/// The terms of the table count, as a person adds them up: each arm end
/// that holds a tile (a crosswise double counts both halves), plus the
/// spinner's two halves while arm 1 or 2 is empty.
pub fn count_terms(table: &Table) -> Vec<u32> {
    let Some(s) = table.spinner else {
        return Vec::new();
    };
    let mut terms: Vec<u32> = (0..4)
        .filter(|&i| table.arms[i].len > 0)
        .map(|i| table.end_value(i))
        .collect();
    if !table.cross_open() {
        terms.push(2 * s as u32);
    }
    terms
}

impl LocalMatch {
    /// A new match with seed `seed`; `agents[s]` plays seat `s`, `None` is a
    /// person. The first round is dealt at once.
    pub fn new(agents: [Option<Box<dyn Agent>>; 4], seed: u64) -> LocalMatch {
        let mut rng = seeded(seed);
        let hands = deal(&mut rng);
        let (seat, opening) = opener(&hands, None);
        let round = Round::new(hands, seat, opening, [0, 0]);
        let mut m = LocalMatch {
            agents: agents.map(|a| a.map(Arc::from)),
            fallback: EvalAgent::basic(),
            rng,
            seed,
            score: [0, 0],
            round,
            next: None,
            round_number: 1,
            placements: Vec::new(),
            passers: Vec::new(),
            log: Vec::new(),
            summaries: Vec::new(),
            result: None,
        };
        m.log_round_start(None);
        m
    }

    /// A new match with the agents `specs[s]` at seat `s`, `None` a
    /// person; errors if an agent cannot be built (a coefficient file).
    pub fn from_specs(
        specs: &[Option<AgentSpec>; 4],
        seed: u64,
    ) -> Result<LocalMatch, DominoError> {
        let mut agents: [Option<Box<dyn Agent>>; 4] = [None, None, None, None];
        for (a, spec) in agents.iter_mut().zip(specs) {
            if let Some(spec) = spec {
                *a = Some(spec.build()?);
            }
        }
        Ok(LocalMatch::new(agents, seed))
    }

    /// The seed the match was started with.
    pub fn seed(&self) -> u64 {
        self.seed
    }

    /// Whether seat `s` is played by a person.
    pub fn is_human(&self, s: u8) -> bool {
        self.agents[s as usize].is_none()
    }

    /// The name of the agent at seat `s` (`"human"` for a person).
    pub fn agent_name(&self, s: u8) -> String {
        self.agents[s as usize]
            .as_ref()
            .map_or_else(|| "human".to_string(), |a| a.name())
    }

    /// Put `agent` at seat `s` (0..4; `None`: a person), e.g. an AI
    /// standing in for a person who left the table; the match goes on from
    /// where it is. A seat outside 0..4 is ignored.
    pub fn set_agent(&mut self, s: u8, agent: Option<Box<dyn Agent>>) {
        if let Some(a) = self.agents.get_mut(s as usize) {
            *a = agent.map(Arc::from);
        }
    }

    /// The round in progress, or the one just finished.
    pub fn round(&self) -> &Round {
        &self.round
    }

    /// The round number (1-based).
    pub fn round_number(&self) -> u32 {
        self.round_number
    }

    /// Match score before the current round's points.
    pub fn score_before_round(&self) -> [u32; 2] {
        let s = self.score();
        [s[0] - self.round.points[0], s[1] - self.round.points[1]]
    }

    /// Match score including the current round's points so far.
    pub fn score(&self) -> [u32; 2] {
        if self.round.is_over() {
            // Already added when the round closed.
            self.score
        } else {
            [
                self.score[0] + self.round.points[0],
                self.score[1] + self.round.points[1],
            ]
        }
    }

    /// The tiles of the current round in the order they were laid.
    pub fn placements(&self) -> &[Placement] {
        &self.placements
    }

    /// The log of the whole match.
    pub fn log(&self) -> &[LogEntry] {
        &self.log
    }

    /// The summaries of the finished rounds.
    pub fn summaries(&self) -> &[RoundSummary] {
        &self.summaries
    }

    /// The result, once the match is over.
    pub fn result(&self) -> Option<MatchResult> {
        self.result
    }

    /// Who acts next.
    pub fn next_actor(&self) -> Actor {
        if self.result.is_some() {
            Actor::MatchOver
        } else if self.round.is_over() {
            Actor::RoundOver
        } else if self.is_human(self.round.turn) {
            Actor::Human(self.round.turn)
        } else {
            Actor::Ai(self.round.turn)
        }
    }

    /// The choices of the person to move; `None` when no person is to move.
    pub fn human_choice(&self) -> Option<HumanChoice> {
        let Actor::Human(seat) = self.next_actor() else {
            return None;
        };
        let hand = self.round.hand(seat);
        if self.round.table.spinner.is_none() {
            return Some(HumanChoice::Open(self.round.opening_doubles()));
        }
        let moves = all_legal_moves(&self.round.table, hand);
        Some(if moves.is_empty() {
            HumanChoice::MustPass
        } else {
            HumanChoice::Play(moves)
        })
    }

    /// The moves of the person to move (empty when it must pass, opens, or
    /// it is not a person's turn).
    pub fn human_moves(&self) -> Vec<Move> {
        match self.human_choice() {
            Some(HumanChoice::Play(m)) => m,
            _ => Vec::new(),
        }
    }

    /// The distinct places the person to move can put `tile`: one move per
    /// arm, arms in the same situation (same end, both crosswise doubles or
    /// not, both empty or not) merged, as in the engine's move list. Empty
    /// if the tile does not fit or it is not a person's turn.
    pub fn choices_for(&self, tile: Tile) -> Vec<Move> {
        let table = &self.round.table;
        let mut seen: Vec<(u8, bool, bool)> = Vec::new();
        let mut out = Vec::new();
        for m in self.human_moves().into_iter().filter(|m| m.tile == tile) {
            let a = table.arms[m.arm as usize];
            let key = (a.end, a.double_end, a.len == 0);
            if !seen.contains(&key) {
                seen.push(key);
                out.push(m);
            }
        }
        out
    }

    /// Run one turn of the seat to move with `act` and log its events.
    fn logged_turn(&mut self, act: impl FnOnce(&mut LocalMatch, &mut dyn FnMut(Event))) {
        let seat = self.round.turn;
        let before = self.round.last_placer;
        let mut events = Vec::new();
        act(self, &mut |e| events.push(e));
        self.record(seat, before, events);
    }

    /// An AI seat takes its turn (opens, plays or passes). Errors when it
    /// is not an AI seat's turn.
    pub fn ai_step(&mut self) -> Result<(), DominoError> {
        let actor = self.next_actor();
        if !matches!(actor, Actor::Ai(_)) {
            return Err(DominoError::NotAiTurn { actor });
        }
        self.logged_turn(|m, sink| {
            let fallback: &dyn Agent = &m.fallback;
            let agents: [&dyn Agent; 4] =
                std::array::from_fn(|s| m.agents[s].as_deref().unwrap_or(fallback));
            m.round.step(&agents, &mut m.rng, &mut |e| sink(e));
        });
        Ok(())
    }

    /// The person to move opens with `tile`.
    pub fn human_open(&mut self, tile: Tile) -> Result<(), DominoError> {
        match self.human_choice() {
            Some(HumanChoice::Open(d)) if d.contains(&tile) => {}
            Some(HumanChoice::Open(allowed)) => {
                return Err(DominoError::CannotOpenWith { tile, allowed });
            }
            _ => return Err(DominoError::NotOpeningTurn),
        }
        self.logged_turn(|m, sink| m.round.open_with(tile, &mut |e| sink(e)));
        Ok(())
    }

    /// The person to move plays `m`.
    pub fn human_play(&mut self, m: Move) -> Result<(), DominoError> {
        if !self.human_moves().contains(&m) {
            return Err(DominoError::IllegalMove {
                tile: m.tile,
                arm: m.arm,
            });
        }
        self.logged_turn(|lm, sink| lm.round.play(m, &mut |e| sink(e)));
        Ok(())
    }

    /// The person to move passes (only when no tile fits).
    pub fn human_pass(&mut self) -> Result<(), DominoError> {
        if self.human_choice() != Some(HumanChoice::MustPass) {
            return Err(DominoError::CannotPass);
        }
        self.logged_turn(|m, sink| m.round.pass(&mut |e| sink(e)));
        Ok(())
    }

    /// Start the round dealt when the last one ended. Errors unless a
    /// round is over and the match is not.
    pub fn next_round(&mut self) -> Result<(), DominoError> {
        if self.next_actor() != Actor::RoundOver {
            return Err(DominoError::RoundNotOver);
        }
        let next = self.next.take().expect("dealt when the round ended");
        let previous = self.round.end;
        self.round = next;
        self.round_number += 1;
        self.placements.clear();
        self.passers.clear();
        self.log_round_start(previous);
        Ok(())
    }

    /// Play AI turns and start rounds until a person must act or the match
    /// is over.
    pub fn run_ai(&mut self) {
        loop {
            match self.next_actor() {
                Actor::Ai(_) => self.ai_step().expect("AI turn"),
                Actor::RoundOver => self.next_round().expect("round over"),
                Actor::Human(_) | Actor::MatchOver => return,
            }
        }
    }
}

impl LocalMatch {
    /// What the Monte Carlo search (`determinizations` samples, the default
    /// playout policy `t1`) would play in `seat`'s turn and why: expected
    /// points per option ([`Hint`](super::Hint)). Uses only what `seat`
    /// sees; the match is not changed. Same position and seed: same hint.
    /// Errors when it is not `seat`'s turn or the round is over.
    pub fn hint(
        &self,
        seat: u8,
        determinizations: u32,
        seed: u64,
    ) -> Result<super::hint::Hint, DominoError> {
        let agent =
            super::search_agent::MonteCarloAgent::with_default_policy(determinizations, None);
        super::hint::hint_round(&self.round, seat, &agent, seed)
    }
}
